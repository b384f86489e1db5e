"""Player and partnership statistics: tables and a chart."""

from __future__ import annotations

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import _
from canasta_scorer.ui.state import History

from .common import heading, screen


def _table(columns: list[tuple[str, str]], rows: list[list[str]], key: str) -> ft.Control:
    """A table narrow enough for a phone (few, short columns, each explained by its
    tooltip); still scrolled sideways where long names make it wider."""
    return ft.Row(
        [
            ft.DataTable(
                columns=[
                    ft.DataColumn(label=ft.Text(name), numeric=i > 0, tooltip=tip or None)
                    for i, (name, tip) in enumerate(columns)
                ],
                rows=[ft.DataRow(cells=[ft.DataCell(ft.Text(v)) for v in row]) for row in rows],
                column_spacing=14,
                horizontal_margin=8,
                key=key,
            )
        ],
        scroll=ft.ScrollMode.AUTO,
    )


def _played(played: int, in_progress: int) -> str:
    """Finished matches, and those in progress apart: "3 (2 in progress)"."""
    return (
        _("{played} ({in_progress} in progress)").format(played=played, in_progress=in_progress)
        if in_progress
        else str(played)
    )


@screen
def StatsScreen(state: History) -> ft.Control:
    """Every player's record and every partnership's, from the matches in the store."""
    import flet_charts as fch  # type: ignore[import-untyped]  # only when a chart is drawn

    stats = state.stats
    if stats is None or not stats.players:
        return ft.Text(_("No matches with named players yet."))
    filters = state.filter_words()
    controls: list[ft.Control] = [
        ft.Text(
            _("Over the matches of the past-matches filters: {filters}.").format(filters=filters)
            if filters
            else _("Over every match in the store."),
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        heading(_("Players")),
    ]
    controls.append(
        _table(
            [
                (_("Player"), ""),
                (_("Played"), _("Finished matches played; matches in progress counted apart")),
                (_("Won"), _("Matches won")),
                (_("Win rate"), _("Matches won of those finished")),
            ],
            [
                [p.name, _played(p.played, p.in_progress), str(p.won), i18n.percent(p.win_rate)]
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
                (_("Avg"), _("Average points of the player's side per hand")),
                (_("Best"), _("Best hand of the player's side")),
                (_("Can."), _("Canastas per hand")),
                (_("Out"), _("Hands the player went out")),
            ],
            [
                [
                    p.name,
                    f"{p.average_hand:,.0f}",
                    i18n.number(p.best_hand) if p.best_hand is not None else "–",
                    f"{p.canastas_per_hand:.2f}",
                    str(p.went_out),
                ]
                for p in stats.players
            ],
            "hand-stats",
        )
    )
    controls.append(
        ft.Text(
            _(
                "Avg and Best: points of the player's side in a hand; Can.: canastas per hand "
                "entered as cards"
            )
            + (
                _(" (hands typed as totals left out: ")
                + ", ".join(f"{p.name} {p.quick_hands}" for p in stats.players if p.quick_hands)
                + ")"
                if any(p.quick_hands for p in stats.players)
                else ""
            )
            + _("; Out: hands the player went out."),
            size=12,
            color=ft.Colors.ON_SURFACE_VARIANT,
        )
    )
    top = stats.players[:8]
    controls.append(heading(_("Win rates (%)")))
    controls.append(
        ft.Semantics(
            identifier="win-rate-chart",
            label=_("Win rates: ") + ", ".join(f"{p.name} {i18n.percent(p.win_rate)}" for p in top),
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
                        fch.ChartAxisLabel(value=i, label=ft.Text(p.name[:8], size=11))
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
                [(_("Partners"), ""), (_("Played"), ""), (_("Won"), ""), (_("Win rate"), "")],
                [
                    [
                        " & ".join(p.players),
                        _played(p.played, p.in_progress),
                        str(p.won),
                        i18n.percent(p.win_rate),
                    ]
                    for p in stats.partnerships
                ],
                "partnership-stats",
            )
        )
    return ft.Column(controls, spacing=12)
