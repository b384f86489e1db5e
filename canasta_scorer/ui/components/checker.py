"""The rule checker: settle a dispute at the table with the rule shown."""

from __future__ import annotations

import flet as ft

from canasta_scorer.rules import VARIANT_INFO, Card
from canasta_scorer.ui.checker_form import QUESTIONS
from canasta_scorer.ui.state import Checker
from canasta_scorer.ui.words import house_rule_title

from .common import TOUCH, heading, named, rule_row, screen, switch

PAD = (
    Card.JOKER,
    Card.TWO,
    Card.ACE,
    Card.KING,
    Card.QUEEN,
    Card.JACK,
    Card.TEN,
    Card.NINE,
    Card.EIGHT,
    Card.SEVEN,
    Card.SIX,
    Card.FIVE,
    Card.FOUR,
    Card.BLACK_THREE,
)
MELDS_HINT = "cards, melds apart with ; e.g. K K K; Q Q 2"


def _field(
    state: Checker, key: str, label: str, hint: str = "", *, number: bool = False
) -> ft.Control:
    form = state.form
    problems = [m for where, m in state.problems if where == key]
    return ft.TextField(
        expand=True,
        label=label,
        hint_text=hint or None,
        value=str(getattr(form, key)),
        error=problems[0] if problems else None,
        keyboard_type=ft.KeyboardType.NUMBER if number else ft.KeyboardType.TEXT,
        on_change=lambda e: state.set(**{key: e.control.value}),
    )


def _switch(state: Checker, key: str, label: str, explain: str = "") -> ft.Control:
    return switch(
        label,
        bool(getattr(state.form, key)),
        lambda on: state.set(**{key: on}),
        explain,
    )


def _card_pad(state: Checker) -> list[ft.Control]:
    form = state.form
    return [
        ft.Semantics(
            identifier="checker-cards",
            label=f"Cards: {form.card_text() or 'none yet'}",
            content=ft.Text(
                form.card_text() or "Tap the cards of the meld", size=24, weight=ft.FontWeight.BOLD
            ),
        ),
        ft.Row(
            [
                ft.OutlinedButton(
                    content="Joker"
                    if card is Card.JOKER
                    else "Black 3"
                    if card is Card.BLACK_THREE
                    else card.value,
                    tooltip=f"Add {card.label}",
                    height=TOUCH,
                    width=None if card in (Card.JOKER, Card.BLACK_THREE) else TOUCH,
                    style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=4)),
                    on_click=lambda _, c=card: state.card(c),
                )
                for card in PAD
            ],
            wrap=True,
            spacing=6,
        ),
        ft.Row(
            [
                ft.TextButton(
                    content="Take back the last card",
                    icon=ft.Icons.BACKSPACE,
                    height=TOUCH,
                    on_click=lambda: state.card(None),
                ),
                ft.TextButton(
                    content="Clear",
                    icon=ft.Icons.CLEAR,
                    height=TOUCH,
                    on_click=lambda: state.set(cards=()),
                ),
            ],
            wrap=True,
        ),
        _switch(state, "going_out", "Laid while going out", "On the turn the player goes out."),
    ]


@screen
def CheckerScreen(state: Checker) -> ft.Control:
    """The question picker, its inputs and the verdict."""
    form = state.form
    controls: list[ft.Control] = [
        named(
            ft.Dropdown(
                label="Question",
                value=form.question,
                options=[ft.DropdownOption(key=key, text=text) for key, text in QUESTIONS.items()],
                on_select=lambda e: state.set(question=e.control.value),
                key="checker-question",
            )
        ),
        named(
            ft.Dropdown(
                label="Variant",
                value=form.variant,
                options=[
                    ft.DropdownOption(key=v.id.value, text=v.title) for v in VARIANT_INFO.values()
                ],
                on_select=lambda e: state.set(variant=e.control.value),
            )
        ),
    ]
    if form.house_rules:
        controls.append(
            ft.Text(
                "House rules: " + ", ".join(sorted(house_rule_title(r) for r in form.house_rules)),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    if form.question == "meld":
        controls += _card_pad(state)
    elif form.question == "pile":
        controls += [
            _field(state, "top", "Top card of the pile", "e.g. K"),
            _field(state, "hand", "Your hand", "e.g. K K Q 2 5"),
            _field(state, "pile_size", "Cards in the pile (the top one included)", number=True),
            _switch(state, "wild_in_pile", "Wild card in the pile", "A 2 or joker lies in it."),
            _switch(state, "red_three_upcard", "Red three upcard", "The upcard was a red three."),
            _switch(
                state,
                "black_three_in_pile",
                "Black three discarded",
                "A black three was discarded since the pile was last taken.",
            ),
            _switch(state, "side_melded", "My side has melded", "Earlier in this hand."),
            _field(state, "score", "My side's score", number=True),
            _field(state, "side_melds", "My side's melds on the table", MELDS_HINT),
        ]
    elif form.question == "go-out":
        controls += [
            _field(state, "table", "My side's melds already on the table", MELDS_HINT),
            _field(state, "this_turn", "Melds I lay this turn", MELDS_HINT),
            _field(state, "discard", "My discard (empty: I meld every card)", "e.g. 5"),
            _switch(state, "side_melded", "My side had melded", "Before this turn."),
            _switch(state, "player_melded", "I had melded", "Before this turn."),
            _switch(state, "took_pile", "I took the pile", "This turn, instead of drawing."),
            _field(state, "score", "My side's score", number=True),
        ]
    else:
        controls += [
            _field(state, "first_melds", "The melds laid (the top discard included)", MELDS_HINT),
            _field(state, "top", "Top discard taken (if the pile was taken)", "e.g. K"),
            _field(state, "buried", "Other pile cards melded the same turn", "e.g. K Q"),
            _field(state, "score", "My side's score", number=True),
        ]
    verdict = state.verdict
    if verdict is not None:
        controls.append(heading("Answer"))
        controls.append(
            ft.Semantics(
                identifier="verdict",
                label=verdict.answer,
                content=ft.Container(
                    content=ft.Text(verdict.answer, size=20, weight=ft.FontWeight.BOLD),
                    bgcolor=ft.Colors.PRIMARY_CONTAINER
                    if verdict.allowed
                    else ft.Colors.ERROR_CONTAINER,
                    padding=12,
                    border_radius=8,
                ),
            )
        )
        if verdict.show:
            controls.append(ft.Text(f"Show from your hand: {verdict.show}"))
        for reason in verdict.reasons:
            controls.append(
                rule_row(
                    ft.Icons.CHECK_CIRCLE if reason.ok else ft.Icons.CANCEL,
                    ft.Colors.PRIMARY if reason.ok else ft.Colors.ERROR,
                    reason.message,
                    reason.rule,
                )
            )
    return ft.Column(controls, spacing=12)
