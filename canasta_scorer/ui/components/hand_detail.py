"""One hand's full breakdown, with edit and delete."""

from __future__ import annotations

import flet as ft

from canasta_scorer.rules import format_cards
from canasta_scorer.ui.drafts import COUNTED_BY_POINTS
from canasta_scorer.ui.state import Navigation, OpenMatch

from .common import findings_list, heading, points, screen
from .hand_entry import working


@screen
def HandDetailScreen(state: OpenMatch, number: int, nav: Navigation) -> ft.Control:
    """Hand ``number`` (0-based) of the open match, side by side."""
    match = state.current
    assert match is not None and number is not None
    record = match.record
    hand = record.hands[number]
    result = match.score.hand_scores[number]
    controls: list[ft.Control] = []
    if hand.dealer:
        controls.append(ft.Text(f"Dealt by {hand.dealer}"))
    note, counted = hand.note or "", hand.counted_by_points
    if note:
        controls.append(ft.Text(note, italic=True, selectable=True))
    if counted:
        # The cards of these hands were counted by points at the table: the cards
        # shown for them are stand-ins of the same points, not the cards held.
        controls.append(
            ft.Semantics(
                identifier="counted-by-points",
                label=COUNTED_BY_POINTS + ", ".join(counted),
                content=ft.Text(
                    f"{COUNTED_BY_POINTS.capitalize()}{', '.join(counted)} (the cards shown "
                    "for them are stand-ins of the same points)",
                    italic=True,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            )
        )
    by_points = {name.strip().casefold() for name in counted}
    for index, (side, play) in enumerate(zip(record.sides, hand.sides, strict=False)):
        controls.append(heading(side.name))
        for meld in play.melds:
            controls.append(ft.Text(f"{meld}   ({points(meld.points)})"))
        if play.red_threes:
            controls.append(ft.Text(f"Red threes: {play.red_threes}"))
        if play.went_out.value != "no":
            who = f" ({play.went_out_by})" if play.went_out_by else ""
            controls.append(
                ft.Text(
                    ("Went out concealed" if play.went_out.value == "concealed" else "Went out")
                    + who
                )
            )
        left = play.left_in_hand
        if isinstance(left, dict):
            for player, cards in left.items():
                how = " (counted by points)" if player.strip().casefold() in by_points else ""
                controls.append(
                    ft.Text(f"{player}'s hand{how}: {format_cards(cards) or '(empty)'}")
                )
        elif left:
            how = " (counted by points)" if side.name.strip().casefold() in by_points else ""
            controls.append(ft.Text(f"Left in hand{how}: {format_cards(left)}"))
        controls.append(working(result.sides[index]))
    if result.violations:
        controls.append(findings_list(result.violations))
    if match.score.finished and not state.unlocked:
        controls.append(
            ft.Text(
                "This match is finished, so its hands are read-only.",
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
        controls.append(
            ft.OutlinedButton(
                content="Edit this finished match",
                icon=ft.Icons.LOCK_OPEN,
                height=48,
                on_click=state.unlock_finished,
            )
        )
        return ft.Column(controls, spacing=12)
    controls.append(
        ft.Row(
            [
                ft.FilledTonalButton(
                    content="Edit this hand",
                    icon=ft.Icons.EDIT,
                    height=56,
                    key="edit-hand",
                    on_click=lambda: state.edit_hand(number),
                ),
                ft.OutlinedButton(
                    content="Delete",
                    icon=ft.Icons.DELETE_OUTLINE,
                    height=56,
                    on_click=lambda: state.delete_hand(number),
                ),
            ],
            wrap=True,
        )
    )
    return ft.Column(controls, spacing=12)
