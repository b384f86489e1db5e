"""The table view: the scoreboard in big type for a device the whole table looks at.

Read-only: each side's total and initial meld minimum, who deals next and the last
hand, live (another device's save shows within a second). The screen is kept on
where the platform allows (`canasta_scorer.ui.awake`: asked again each time the page
is shown again while the table view is). Sized so that two sides, the dealer and the
last hand fit a phone's screen (390×844) without scrolling, in every language.
"""

from __future__ import annotations

import flet as ft

from canasta_scorer.i18n import _
from canasta_scorer.ui.state import Navigation, OpenMatch

from .common import points, screen, signed, use_escape

#: The type sizes of a side's name, total and minimum, for two sides, and for three
#: (still on one phone screen, one above the other).
_SIZES = {2: (28, 76, 22), 3: (24, 56, 18)}


def _big(text: str, size: int, identifier: str, label: str | None = None) -> ft.Control:
    return ft.Semantics(
        identifier=identifier,
        label=label or text,
        content=ft.Text(text, size=size, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
    )


@screen
def TableScreen(state: OpenMatch, nav: Navigation) -> ft.Control:
    """Each side's total and initial meld minimum, who deals next, the last hand; Esc
    goes back to the scoreboard, as Back does."""
    use_escape(nav.back_to_scoreboard)
    match = state.current
    assert match is not None
    record, score = match.record, match.score
    sides: list[ft.Control] = []
    name_size, total_size, minimum_size = _SIZES[min(3, max(2, len(record.sides)))]
    for index, side in enumerate(record.sides):
        total = score.running_totals[index]
        parts: list[ft.Control] = [
            # read once, in the total's label ("Ann total 870"), not again on its own
            ft.Text(side.name, size=name_size, text_align=ft.TextAlign.CENTER, semantics_label=""),
            _big(
                points(total),
                total_size,
                f"table-total-{index}",
                _("{name} total {points}").format(name=side.name, points=points(total)),
            ),
        ]
        if not score.finished:
            minimum = score.initial_meld_minimums[index]
            parts.append(
                _big(
                    _("Initial meld minimum {minimum}").format(minimum=minimum),
                    minimum_size,
                    f"table-minimum-{index}",
                    _("{name} initial meld minimum {minimum}").format(
                        name=side.name, minimum=minimum
                    ),
                )
            )
        sides.append(
            ft.Container(
                ft.Container(
                    ft.Column(parts, horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4),
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                    border_radius=16,
                    padding=ft.Padding.symmetric(horizontal=16, vertical=12),
                ),
                col={"xs": 12, "md": 12 // max(1, min(3, len(record.sides)))},
            )
        )
    controls: list[ft.Control] = [ft.ResponsiveRow(sides, spacing=12, run_spacing=12)]
    if score.finished:
        text = (
            _("{winner} wins by {points}").format(
                winner=score.winner, points=points(score.margin or 0)
            )
            if score.winner
            else _("The match is a draw")
        )
        controls.append(_big(text, 40, "table-winner"))
    else:
        dealer = state.next_dealer()
        if dealer:
            controls.append(
                _big(_("{dealer} deals next").format(dealer=dealer), 32, "table-dealer")
            )
    if record.hands:
        number = len(record.hands) - 1
        lines = [
            (side.name, signed(total))
            for side, total in zip(record.sides, score.hands[number].totals, strict=True)
        ]
        # a no-break space keeps a side's points with its name's last word
        each = [f"{name}\u00a0{shown}" for name, shown in lines]
        last = "   ".join(f"{name} {shown}" for name, shown in lines)
        controls.append(
            ft.Semantics(
                identifier="table-last-hand",
                label=_("Hand {value}: {last}").format(value=number + 1, last=last),
                content=ft.Column(
                    [
                        ft.Text(
                            _("Hand {value}").format(value=number + 1),
                            size=22,
                            text_align=ft.TextAlign.CENTER,
                        ),
                        # a line per side: a long name wraps, its points stay whole
                        *(ft.Text(one, size=28, text_align=ft.TextAlign.CENTER) for one in each),
                    ],
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    spacing=2,
                ),
            )
        )
    else:
        controls.append(ft.Text(_("No hand yet"), size=22, text_align=ft.TextAlign.CENTER))
    return ft.Column(controls, spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
