"""Player and partnership statistics: tables and a chart."""

from __future__ import annotations

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import _
from canasta_scorer.ui.state import History

from .common import heading, screen

#: A numeric column's width (logical px): its numbers always shown in full.
NUMBER_WIDTH = 60


def _win_rate(played: int, rate: float) -> str:
    """A win rate as shown (``"50%"``), or that there is none yet: with no finished
    match, won / played is no rate at all (0% would say every match was lost)."""
    return i18n.percent(rate) if played else _("none yet")


def _table(columns: list[tuple[str, str]], rows: list[list[str]], key: str) -> ft.Control:
    """A table that fits a phone (390 px): the name column takes the room the number
    columns leave and shortens a long name with "…" (the full name on a tap, or
    hovered), so every number stays on screen; headings are players' words, on two
    lines where they need it.

    Args:
        columns: (heading, explanation) per column; the first is the names'.
        rows: the cells of each row, as shown (first the name).
        key: the table's key.
    """

    def cells(values: list[ft.Control]) -> ft.Row:
        return ft.Row(values, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def number(text: str, bold: bool = False, tip: str = "", said: str | None = None) -> ft.Text:
        return ft.Text(
            text,
            width=NUMBER_WIDTH,
            text_align=ft.TextAlign.RIGHT,
            weight=ft.FontWeight.BOLD if bold else None,
            size=12 if bold else None,
            tooltip=tip or None,
            semantics_label=said,
        )

    def cell(where: str, content: ft.Text) -> ft.Control:
        # each cell read (and found) alone, once: its text says it in full
        # ("Average hand: 1,630"), and the node around it only names it
        return ft.Semantics(identifier=where, content=content, expand=content.expand)

    (first, _unit), *numbers = columns
    header = cells(
        [
            ft.Text(first, expand=True, weight=ft.FontWeight.BOLD, size=12),
            *(number(name, True, tip) for name, tip in numbers),
        ]
    )
    body: list[ft.Control] = [header, ft.Divider(height=1)]
    for row, (name, *values) in enumerate(rows):
        body.append(
            ft.Container(
                cells(
                    [
                        cell(
                            f"{key}-{row}-0",
                            ft.Text(
                                name,
                                expand=True,
                                max_lines=1,
                                overflow=ft.TextOverflow.ELLIPSIS,
                                tooltip=ft.Tooltip(
                                    message=name,
                                    exclude_from_semantics=True,  # the name is read once
                                    # Flet's modes are plain strings, not its declared type
                                    trigger_mode=ft.TooltipTriggerMode.TAP,  # type: ignore[arg-type]
                                ),
                            ),
                        ),
                        *(
                            cell(
                                f"{key}-{row}-{column}",
                                number(
                                    value,
                                    said=_("{heading}: {value}").format(
                                        heading=heading.replace(chr(10), " "), value=value
                                    ),
                                ),
                            )
                            for column, ((heading, _unit), value) in enumerate(
                                zip(numbers, values, strict=True), start=1
                            )
                        ),
                    ]
                ),
                padding=ft.Padding.symmetric(vertical=10),
            )
        )
    return ft.Column(body, spacing=0, key=key)


@screen
def StatsScreen(state: History) -> ft.Control:
    """Every player's record and every partnership's, from the matches in the store."""
    from .chart import charts

    fch = charts()  # only when a chart is drawn

    stats = state.stats
    filters = state.filter_words()
    if stats is None or not stats.players:
        # a match counts from its first hand saved (rules: match_tallies)
        if filters:  # none under the filters: said, so that they are not taken for none
            return ft.Text(
                _(
                    "No statistics over the matches of the past-matches filters: {filters}. "
                    "A match counts once a hand of it is saved; change the filters on Past "
                    "matches."
                ).format(filters=filters)
            )
        return ft.Text(
            _("No statistics yet: a match with named players counts once a hand of it is saved.")
        )
    controls: list[ft.Control] = [
        ft.Text(
            _("Over the matches of the past-matches filters: {filters}.").format(filters=filters)
            if filters
            else _("Over every match in the store."),
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        ft.Text(
            _("A match counts once a hand of it is saved."), color=ft.Colors.ON_SURFACE_VARIANT
        ),
        heading(_("Players")),
    ]
    # matches in progress get their own column only when there are some
    going_on = any(p.in_progress for p in stats.players)
    pairs_going_on = any(p.in_progress for p in stats.partnerships)
    controls.append(
        _table(
            [
                (_("Player"), ""),
                (_("Played"), _("Finished matches played")),
                *([(_("In\nprogress"), _("Matches not finished yet"))] if going_on else []),
                (_("Won"), _("Matches won")),
                (_("Win rate"), _("Matches won of those finished")),
            ],
            [
                [
                    p.name,
                    str(p.played),
                    *([str(p.in_progress)] if going_on else []),
                    str(p.won),
                    _win_rate(p.played, p.win_rate),
                ]
                for p in stats.players
            ],
            "player-stats",
        )
    )
    controls.append(heading(_("Hands")))
    controls.append(
        _table(
            [
                (_("Player"), ""),
                (_("Average\nhand"), _("Average points of the player's side per hand")),
                (_("Best\nhand"), _("Best hand of the player's side")),
                (_("Canastas\nper hand"), _("Canastas per hand")),
                (_("Went\nout"), _("Hands the player went out")),
            ],
            [
                [
                    p.name,
                    i18n.number(p.average_hand, places=0),
                    i18n.number(p.best_hand) if p.best_hand is not None else "–",
                    # of the hands entered as cards: none, when every one was a total
                    i18n.number(p.canastas_per_hand, places=2) if p.card_hands else _("none yet"),
                    str(p.went_out),
                ]
                for p in stats.players
            ],
            "hand-stats",
        )
    )
    quick = [f"{p.name} {i18n.number(p.quick_hands)}" for p in stats.players if p.quick_hands]
    controls.append(
        ft.Text(
            _(
                "Average and best hand: points of the player's side in a hand; canastas per "
                "hand: of the hands entered as cards (hands typed as totals left out: "
                "{players}); went out: hands the player went out."
            ).format(players=i18n.spoken_list(quick))
            if quick
            else _(
                "Average and best hand: points of the player's side in a hand; canastas per "
                "hand: of the hands entered as cards; went out: hands the player went out."
            ),
            size=12,
            color=ft.Colors.ON_SURFACE_VARIANT,
        )
    )
    # only players with a finished match have a win rate (0% would say they lost)
    top = [p for p in stats.players if p.played][:8]
    controls.append(heading(_("Win rates (%)")))
    controls.append(
        ft.Text(_("No match is finished yet: win rates show once one is."))
        if not top
        else ft.Semantics(
            identifier="win-rate-chart",
            label=_("Win rates: {rates}").format(
                rates=i18n.spoken_list([f"{p.name} {i18n.percent(p.win_rate)}" for p in top])
            ),
            content=fch.BarChart(
                groups=[
                    fch.BarChartGroup(
                        x=i,
                        rods=[
                            fch.BarChartRod(
                                from_y=0,
                                to_y=round(p.win_rate * 100),
                                width=18,
                                color=ft.Colors.PRIMARY,
                            )
                        ],
                    )
                    for i, p in enumerate(top)
                ],
                bottom_axis=fch.ChartAxis(
                    labels=[
                        fch.ChartAxisLabel(
                            value=i, label=ft.Text(axis_name(p.name, len(top)), size=11)
                        )
                        for i, p in enumerate(top)
                    ],
                    label_size=28,
                ),
                left_axis=fch.ChartAxis(label_size=36, label_spacing=25),
                max_y=100,
                height=200,
            ),
        )
    )
    if stats.partnerships:
        controls.append(heading(_("Partnerships")))
        controls.append(
            _table(
                [
                    (_("Partners"), ""),
                    (_("Played"), _("Finished matches played")),
                    *(
                        [(_("In\nprogress"), _("Matches not finished yet"))]
                        if pairs_going_on
                        else []
                    ),
                    (_("Won"), _("Matches won")),
                    (_("Win rate"), _("Matches won of those finished")),
                ],
                [
                    [
                        " & ".join(p.players),
                        str(p.played),
                        *([str(p.in_progress)] if pairs_going_on else []),
                        str(p.won),
                        _win_rate(p.played, p.win_rate),
                    ]
                    for p in stats.partnerships
                ],
                "partnership-stats",
            )
        )
    return ft.Column(controls, spacing=12)


#: Characters of names under a chart's bars that fit a phone's width (390 px) together.
AXIS_CHARACTERS = 44


def axis_name(name: str, bars: int) -> str:
    """A player's name under one of ``bars`` bars, cut to its share of a phone's width
    ("Maximil…" beside seven others ran into the next name); the chart's label for
    screen readers says every name whole.

    >>> axis_name("Maximilian", 8), axis_name("Maximilian", 2), axis_name("Ann", 8)
    ('Maxi…', 'Maximilian', 'Ann')
    """
    room = max(3, min(12, AXIS_CHARACTERS // max(1, bars)))
    return name if len(name) <= room else name[: room - 1].rstrip() + "…"
