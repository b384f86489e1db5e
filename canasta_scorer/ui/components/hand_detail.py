"""One hand's full breakdown, with edit and delete."""

from __future__ import annotations

from collections import Counter

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import Nn_, _, ngettext
from canasta_scorer.rules import (
    CanastaKind,
    Card,
    Code,
    HandPlay,
    SideScore,
    cards_points,
    format_cards,
)
from canasta_scorer.ui.state import Navigation, OpenMatch

from .common import findings_list, heading, points, screen, signed

#: The kinds of canasta in players' words, counted ("2 natural canastas").
CANASTA_WORDS = {
    CanastaKind.NATURAL: Nn_("{n} natural canasta", "{n} natural canastas"),
    CanastaKind.MIXED: Nn_("{n} mixed canasta", "{n} mixed canastas"),
    CanastaKind.WILD: Nn_("{n} wild canasta", "{n} wild canastas"),
}


def canastas(kind: CanastaKind, count: int) -> str:
    """A count of canastas of one kind in words: "1 natural canasta"."""
    singular, plural_form = CANASTA_WORDS[kind]
    return ngettext(singular, plural_form, count).format(n=points(count))


def by_points(cards: tuple[Card, ...]) -> str:
    """Cards counted by point class at the table, as the counts that were given:
    ``2 × 20, 2 × 10, 3 × 5`` (highest first), never as cards."""
    counts = Counter(cards_points((card,)) for card in cards)
    return ", ".join(f"{counts[value]} × {value}" for value in sorted(counts, reverse=True))


def _line(label: str, value: int, *, key: str | None = None) -> ft.Control:
    return ft.Row([ft.Text(label, expand=True), ft.Text(signed(value))], key=key)


def breakdown(score: SideScore, *, quick: bool) -> ft.Control:
    """A side's score for a hand line by line, as the rule books write it: the
    cards melded, each kind of canasta apart, red threes, going out, the cards left
    and any penalty, then the total. A quick entry shows its typed total only."""
    rows: list[ft.Control] = []
    if quick:
        rows.append(_line(_("Total typed from the paper count"), score.total))
    else:
        rows.append(_line(_("Cards melded"), score.meld_points))
        for kind, count, bonus in score.canasta_bonuses:
            rows.append(_line(canastas(kind, count), bonus))
        for label, value in (
            (
                # counted minus for a side that has not melded (rules §1.6): said so
                _("Red threes (counted against the side)")
                if score.red_three_bonus < 0
                else _("Red threes"),
                score.red_three_bonus,
            ),
            (_("Going out"), score.going_out_bonus),
            (_("Cards left in hand"), score.hand_points),
            (_("House-rule penalties"), score.penalties),
        ):
            if value or label == _("Cards left in hand"):
                rows.append(_line(label, value))
    rows.append(ft.Divider(height=1))
    rows.append(
        ft.Row(
            [
                ft.Text(_("Hand total"), weight=ft.FontWeight.BOLD, expand=True),
                ft.Semantics(
                    identifier=f"hand-total-{score.name}",
                    label=_("{name} hand total {points}").format(
                        name=score.name, points=points(score.total)
                    ),
                    exclude_semantics=True,  # read once, by its label
                    content=ft.Text(points(score.total), size=28, weight=ft.FontWeight.BOLD),
                ),
            ]
        )
    )
    return ft.Column(rows, spacing=4)


def _hand_gone(number: int, nav: Navigation) -> ft.Control:
    """What the breakdown of a hand that is no longer there shows."""
    said = _(
        "Hand {value} is not in this match any more: it may have been deleted, here or "
        "on another device."
    ).format(value=number + 1)
    return ft.Column(
        [
            ft.Semantics(identifier="hand-gone", label=said, content=ft.Text(said)),
            ft.FilledButton(
                content=_("Back to the scoreboard"),
                icon=ft.Icons.ARROW_BACK,
                height=48,
                on_click=nav.back_to_scoreboard,
            ),
        ],
        spacing=12,
    )


@screen
def HandDetailScreen(state: OpenMatch, number: int, nav: Navigation) -> ft.Control:
    """Hand ``number`` (0-based) of the open match, side by side; a hand the match no
    longer has (deleted here or on another device while it was shown) is said, with
    the way back to the scoreboard."""
    match = state.current
    assert match is not None and number is not None
    record = match.record
    if not 0 <= number < min(len(record.hands), len(match.score.hand_scores)):
        return _hand_gone(number, nav)
    hand = record.hands[number]
    result = match.score.hand_scores[number]
    controls: list[ft.Control] = []
    if hand.dealer:
        controls.append(ft.Text(_("Dealt by {dealer}").format(dealer=hand.dealer)))
    note, counted = hand.note or "", hand.counted_by_points
    if note:
        controls.append(ft.Text(note, italic=True, selectable=True))
    if counted:
        # The cards of these hands were counted by points at the table: they are
        # shown as the counts given, not as cards.
        said = _("Cards left counted by points: {players}").format(
            players=i18n.spoken_list(counted)
        )
        controls.append(
            ft.Semantics(
                identifier="counted-by-points",
                label=said,
                content=ft.Text(
                    said,
                    italic=True,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            )
        )
    counted_by = {name.strip().casefold() for name in counted}
    for index, (side, play) in enumerate(zip(record.sides, hand.sides, strict=False)):
        controls.append(heading(side.name))
        if play.quick:
            # typed from a paper count: no cards, only who went out and the total
            if play.went_out.value != "no":
                controls.append(_going_out(play))
            controls.append(breakdown(result.sides[index], quick=True))
            continue
        for meld in play.melds:
            controls.append(ft.Text(f"{meld}   ({points(meld.points)})"))
        if play.red_threes:
            controls.append(
                ft.Text(_("Red threes: {red_threes}").format(red_threes=play.red_threes))
            )
        if play.went_out.value != "no":
            controls.append(_going_out(play))
        left = play.left_in_hand
        held = left.items() if isinstance(left, dict) else ([(side.name, left)] if left else [])
        for player, cards in held:
            whose = (
                _("{player}'s hand").format(player=player)
                if isinstance(left, dict)
                else _("Left in hand")
            )
            if player.strip().casefold() in counted_by:
                controls.append(
                    ft.Text(
                        _("{whose} (counted by points): {by_points}").format(
                            whose=whose, by_points=by_points(cards)
                        )
                    )
                )
            else:
                shown = format_cards(cards) or _("nothing")
                controls.append(ft.Text(_("{whose}: {cards}").format(whose=whose, cards=shown)))
        controls.append(breakdown(result.sides[index], quick=False))
    # a typed total says itself that it was not card-checked: no warning sign for it
    findings = [f for f in result.violations if f.code is not Code.QUICK_NOT_CARD_CHECKED]
    if findings:
        controls.append(findings_list(findings))
    if state.store.read_only:  # a SQLite file in a folder that cannot be written
        controls.append(
            ft.Text(
                _("This match can be looked at but not changed: its folder cannot be written."),
                color=ft.Colors.ERROR,
                key="read-only",
            )
        )
        return ft.Column(controls, spacing=12)
    if match.score.finished and not state.unlocked:
        controls.append(
            ft.Text(
                _("This match is finished, so its hands are read-only."),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
        controls.append(
            ft.OutlinedButton(
                content=_("Edit this finished match"),
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
                    content=_("Edit this hand"),
                    icon=ft.Icons.EDIT,
                    height=56,
                    key="edit-hand",
                    on_click=lambda: state.edit_hand(number),
                ),
                ft.OutlinedButton(
                    content=_("Delete"),
                    icon=ft.Icons.DELETE_OUTLINE,
                    height=56,
                    on_click=lambda: state.delete_hand(number),
                ),
            ],
            wrap=True,
        )
    )
    return ft.Column(controls, spacing=12)


def _going_out(play: HandPlay) -> ft.Control:
    """How a side that went out did: "Went out (Ann)", "Went out concealed (Ann)"."""
    who = f" ({play.went_out_by})" if play.went_out_by else ""
    said = _("Went out concealed") if play.went_out.value == "concealed" else _("Went out")
    return ft.Text(said + who)
