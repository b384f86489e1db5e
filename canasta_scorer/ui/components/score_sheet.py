"""The hands of a match as a paper score sheet: a column per side, a row per hand
(oldest first), each cell the hand's score with the running total under it, and the
initial meld minimum for the next hand at the foot of each column.

A long match shows its newest hands (`NEWEST_ROWS`); the earlier ones are built only
when asked for ("Earlier hands"), so that opening a match of hundreds of hands costs
no more than opening one of twenty."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import _
from canasta_scorer.rules import MatchRecord, MatchScore

from .common import TOUCH, players_besides, points, signed, widget

#: Height of a hand's row (two lines of figures, at least a touch target).
ROW_HEIGHT = 56
#: Rows shown before the sheet scrolls inside itself (the newest stay in view).
ROWS_SHOWN = 8
#: Width of the hand-number column.
NUMBER_WIDTH = 36
#: The newest hands' rows built when a match is opened: as many as the sheet shows
#: (the rows further up are out of view until scrolled to, so they wait for a tap).
NEWEST_ROWS = ROWS_SHOWN
#: How many more rows each tap on "Earlier hands" builds.
EARLIER_ROWS = 50


def _size(sides: int) -> int:
    """Figure size for a number of columns, so that a phone never wraps them."""
    return 16 if sides <= 2 else 14 if sides == 3 else 12


def _row(
    cells: Sequence[ft.Control],
    number: str,
    *,
    bgcolor: str | None = None,
    height: int | None = None,
    said: str | None = None,
) -> list[ft.Control]:
    """A number cell then one cell per side, each side's as wide as the others
    (``said``: what the number cell reads out instead of the number)."""
    return [
        ft.Container(
            ft.Text(number, size=12, color=ft.Colors.ON_SURFACE_VARIANT, semantics_label=said),
            width=NUMBER_WIDTH,
            alignment=ft.Alignment.CENTER,
        ),
        *(
            ft.Container(
                cell,
                expand=True,
                alignment=ft.Alignment.CENTER_RIGHT,
                padding=ft.Padding.only(right=12),
                bgcolor=bgcolor,
                height=height,
            )
            for cell in cells
        ),
    ]


def _figures(
    hand: int | None, running: int, size: int, label: str, *, silent: bool = False
) -> ft.Control:
    """A cell: the hand score, the running total under it (bold, like a paper sheet);
    ``silent``: not read out (its row says it)."""
    quiet = "" if silent else None
    lines: list[ft.Control] = []
    if hand is not None:
        lines.append(
            ft.Text(
                signed(hand),
                size=size - 2,
                color=ft.Colors.ON_SURFACE_VARIANT,
                no_wrap=True,
                semantics_label=quiet,
            )
        )
    lines.append(
        ft.Text(
            points(running),
            size=size,
            weight=ft.FontWeight.BOLD,
            no_wrap=True,
            semantics_label=quiet,
        )
    )
    column = ft.Column(
        lines,
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.END,
        alignment=ft.MainAxisAlignment.CENTER,
    )
    return ft.Semantics(label=label, content=column) if label else column


@widget
def HandRow(
    number: int,
    names: tuple[str, ...],
    totals: tuple[int, ...],
    running: tuple[int, ...],
    size: int,
    on_hand: Callable[[int], None],
) -> ft.Control:
    """One hand's row (0-based ``number``): each side's hand score and running total,
    in points; a tap opens the hand. Drawn again only when its figures change, so a
    Save adds one row and leaves the others as they are."""
    said = "; ".join(
        _("{name} {points}, total {total}").format(
            name=name, points=signed(total), total=points(after)
        )
        for name, total, after in zip(names, totals, running, strict=True)
    )
    return ft.Container(
        # one node per row, the button's, read once: the hand number's text says the
        # whole row, the figures say nothing more
        ft.TextButton(
            content=ft.Row(
                _row(
                    [
                        _figures(total, after, size, "", silent=True)
                        for total, after in zip(totals, running, strict=True)
                    ],
                    str(number + 1),
                    said=_("Hand {value}: {said}").format(value=number + 1, said=said),
                ),
                spacing=0,
            ),
            style=ft.ButtonStyle(
                padding=ft.Padding.all(0),
                shape=ft.RoundedRectangleBorder(radius=0),
                color=ft.Colors.ON_SURFACE,
            ),
            height=ROW_HEIGHT,
            on_click=lambda _: on_hand(number),
            key=f"hand-{number}",
        ),
        border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
    )


@widget
def ScoreSheet(
    record: MatchRecord, score: MatchScore, on_hand: Callable[[int], None]
) -> ft.Control:
    """The score sheet of a match, its newest `NEWEST_ROWS` hands built and the earlier
    ones `EARLIER_ROWS` more at each tap on "Earlier hands" (a view-only count); a
    memoized component (drawn again only when the match or its score changes).

    Args:
        record: the match (its sides' names, players and start scores).
        score: the engine's score of it (hand totals, running totals, minimums).
        on_hand: called with a hand's number (0-based) when its row is tapped.
    """
    shown, set_shown = ft.use_state(NEWEST_ROWS)
    return score_sheet(
        record, score, on_hand, shown=shown, more=lambda: set_shown(shown + EARLIER_ROWS)
    )


def score_sheet(
    record: MatchRecord,
    score: MatchScore,
    on_hand: Callable[[int], None],
    *,
    shown: int | None = None,
    more: Callable[[], None] | None = None,
) -> ft.Control:
    """The score sheet of a match.

    Args:
        record: the match (its sides' names, players and start scores).
        score: the engine's score of it (hand totals, running totals, minimums).
        on_hand: called with a hand's number (0-based) when its row is tapped.
        shown: how many of the newest hands get a row (None: every hand).
        more: what "Earlier hands" does, shown above the rows when some are left out.
    """
    sides = record.sides
    size = _size(len(sides))
    header = ft.Row(
        _row(
            [
                ft.Semantics(
                    identifier=f"total-{index}",
                    # read once: its label, then the players' names (the side's
                    # name and total, already in the label, are not read again)
                    label=_("{name} total {points}").format(
                        name=side.name, points=points(score.running_totals[index])
                    ),
                    content=ft.Column(
                        [
                            # two lines: names alike at the start ("Smith family
                            # north", "Smith family south") still differ when cut
                            ft.Text(
                                side.name,
                                weight=ft.FontWeight.BOLD,
                                max_lines=2,
                                text_align=ft.TextAlign.END,
                                overflow=ft.TextOverflow.ELLIPSIS,
                                size=size - 1,
                                semantics_label="",
                            ),
                            *(
                                [
                                    ft.Text(
                                        i18n.spoken_list(players_besides(side.name, side.players)),
                                        size=11,
                                        max_lines=1,
                                        overflow=ft.TextOverflow.ELLIPSIS,
                                        color=ft.Colors.ON_SURFACE_VARIANT,
                                    )
                                ]
                                if players_besides(side.name, side.players)
                                else []
                            ),
                            ft.Text(
                                points(score.running_totals[index]),
                                size=size + 10,
                                weight=ft.FontWeight.BOLD,
                                semantics_label="",
                            ),
                        ],
                        spacing=0,
                        horizontal_alignment=ft.CrossAxisAlignment.END,
                    ),
                )
                for index, side in enumerate(sides)
            ],
            "",
        ),
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.END,
    )
    rows: list[ft.Control] = []
    if any(side.start_score for side in sides):
        rows.append(
            ft.Row(
                _row(
                    [
                        _figures(
                            None,
                            side.start_score,
                            size,
                            _("{name} start {start_score}").format(
                                name=side.name, start_score=i18n.number(side.start_score)
                            ),
                        )
                        for side in sides
                    ],
                    _("Start"),
                ),
                spacing=0,
                height=ROW_HEIGHT,
            )
        )
    names = tuple(side.name for side in sides)
    first = 0 if shown is None else max(0, len(score.hands) - shown)
    if first:
        rows.append(
            ft.Container(
                ft.TextButton(
                    content=_("Earlier hands ({count})").format(count=i18n.number(first)),
                    icon=ft.Icons.EXPAND_LESS,
                    height=ROW_HEIGHT,
                    on_click=more,
                    key="earlier-hands",
                ),
                alignment=ft.Alignment.CENTER,
            )
        )
    for number, totals in enumerate(score.hands[first:], start=first):
        rows.append(
            HandRow(
                number, names, totals.totals, totals.running, size, on_hand, key=f"hand-{number}"
            )
        )
    body: ft.Control
    if len(rows) > ROWS_SHOWN:
        # a long match: only the rows in view are built, the newest shown first
        body = ft.ListView(
            rows,
            height=ROWS_SHOWN * ROW_HEIGHT,
            item_extent=ROW_HEIGHT,
            auto_scroll=True,
            key="score-sheet-rows",
        )
    else:
        body = ft.Column(rows, spacing=0, key="score-sheet-rows")
    foot: list[ft.Control] = []
    if not score.finished:  # no next hand: no minimum to meet
        foot.append(Minimums(names, tuple(score.initial_meld_minimums), size, key="minimums"))
    return ft.Semantics(
        identifier="score-sheet",
        container=True,
        content=ft.Container(
            ft.Column(
                [
                    header,
                    ft.Divider(height=8, thickness=2),
                    body,
                    *([ft.Divider(height=1, thickness=2)] if foot else []),
                    *foot,
                ],
                spacing=0,
            ),
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            border_radius=12,
            padding=ft.Padding.symmetric(vertical=8),
        ),
    )


@widget
def Minimums(names: tuple[str, ...], minimums: tuple[int, ...], size: int) -> ft.Control:
    """The foot of the score sheet: each side's initial meld minimum for the next hand
    (rules §1.7), as a memoized widget: drawn again only when a minimum changes, not
    on every Save."""
    return ft.Row(
        _row(
            [
                ft.Semantics(
                    identifier=f"minimum-{index}",
                    label=_("{name} initial meld minimum {minimum}").format(
                        name=name, minimum=minimum
                    ),
                    exclude_semantics=True,  # read once, by its label
                    content=ft.Container(
                        ft.Text(
                            _("Minimum {minimum}").format(minimum=minimum),
                            size=size - 2,
                            weight=ft.FontWeight.BOLD,
                        ),
                        bgcolor=ft.Colors.SECONDARY_CONTAINER,
                        border_radius=12,
                        padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                    ),
                )
                for index, (name, minimum) in enumerate(zip(names, minimums, strict=True))
            ],
            "",
        ),
        spacing=0,
        height=TOUCH,
    )
