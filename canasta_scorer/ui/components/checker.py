"""The rule checker: settle a dispute at the table with taps only, the answer in plain
words and the rule behind it a tap away."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import _
from canasta_scorer.rules import VARIANT_INFO, Card, Variant
from canasta_scorer.ui.checker_form import QUESTIONS, Slot
from canasta_scorer.ui.state import Checker
from canasta_scorer.ui.words import house_rule_choices, house_rule_title

from .common import (
    CENTRED,
    ERROR_LINES,
    TOUCH,
    field_label,
    heading,
    named,
    points,
    rule_row,
    screen,
    switch,
)
from .new_match import _fold, house_rules_line

#: The answer bar's height while its reasons ("Why?") are open, in px: at 844 px high
#: the fields keep more than half the screen.
ANSWER_HEIGHT = 260

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


def _number_field(state: Checker, key: str, label: str) -> ft.Control:
    form = state.form
    problems = [m for where, m in state.problems if where == key]
    return ft.TextField(
        expand=True,
        label=field_label(label, str(getattr(form, key))),
        value=str(getattr(form, key)),
        error=problems[0] if problems else None,
        error_max_lines=ERROR_LINES,
        keyboard_type=ft.KeyboardType.NUMBER,
        on_change=lambda e: state.set(**{key: e.control.value}),
        key=f"field-{key}",  # the same field while the answer above it changes
    )


def _switch(state: Checker, key: str, label: str, explain: str = "") -> ft.Control:
    return switch(
        label,
        bool(getattr(state.form, key)),
        lambda on: state.set(**{key: on}),
        explain,
    )


def _slot(state: Checker, slot: Slot, chosen: bool) -> ft.Control:
    """One place the card pad fills: tap it to fill it; what it holds below its name."""
    shown = state.form.shown(slot)
    problems = [m for where, m in state.problems if where == slot.field]
    lines: list[ft.Control] = [
        ft.Text(_(slot.label), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(
            shown or _(slot.empty),
            size=20 if shown else 14,
            weight=ft.FontWeight.BOLD if shown else None,
            italic=not shown,
        ),
    ]
    if problems:
        lines.append(ft.Text(problems[0], color=ft.Colors.ERROR, size=12))
    return ft.Row([_slot_button(state, slot, chosen, lines)])


def _slot_button(state: Checker, slot: Slot, chosen: bool, lines: list[ft.Control]) -> ft.Control:
    shown = state.form.shown(slot)
    return ft.TextButton(
        expand=True,  # as wide as the screen: each slot a row of its own
        content=ft.Semantics(
            identifier=f"slot-{slot.field}",
            label=_("{slot}: {cards}").format(slot=_(slot.label), cards=shown or _(slot.empty)),
            selected=chosen,
            exclude_semantics=True,
            content=ft.Container(
                ft.Column(lines, spacing=2),
                padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                border=ft.Border.all(
                    2 if chosen else 1,
                    ft.Colors.PRIMARY if chosen else ft.Colors.OUTLINE_VARIANT,
                ),
                border_radius=8,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else None,
                expand=True,
            ),
        ),
        style=ft.ButtonStyle(
            padding=ft.Padding.all(0),
            shape=ft.RoundedRectangleBorder(radius=8),
            color=ft.Colors.ON_SURFACE,
            alignment=ft.Alignment.CENTER_LEFT,
        ),
        on_click=lambda: state.point_pad(slot.field),
        key=f"slot-{slot.field}",
    )


def _card_pad(state: Checker) -> list[ft.Control]:
    """The card pad for the slot chosen, with "Next meld" where melds are laid."""
    slot = state.form.slot()
    actions: list[ft.Control] = []
    if slot.kind == "melds":
        actions.append(
            ft.FilledTonalButton(
                content=_("Next meld"),
                icon=ft.Icons.ADD,
                height=TOUCH,
                on_click=state.next_meld,
                key="next-meld",
            )
        )
    actions += [
        ft.TextButton(
            content=_("Take back the last card"),
            icon=ft.Icons.BACKSPACE,
            height=TOUCH,
            on_click=lambda: state.card(None),
        ),
        ft.TextButton(content=_("Clear"), icon=ft.Icons.CLEAR, height=TOUCH, on_click=state.clear),
    ]
    return [
        ft.Semantics(
            identifier="checker-cards",
            label=_("Cards: {value}").format(value=state.form.shown(slot) or _("none yet")),
            content=ft.Text(_("Card pad: {slot}").format(slot=_(slot.label)), size=12),
        ),
        ft.Row(
            [
                ft.OutlinedButton(
                    content=_("Joker")
                    if card is Card.JOKER
                    else _("Black 3")
                    if card is Card.BLACK_THREE
                    else card.value,
                    tooltip=_("Add {label}").format(label=i18n.card_name(card.value)),
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
        ft.Row(actions, wrap=True),
    ]


def _situation(state: Checker) -> list[ft.Control]:
    """The question's switches and numbers (its cards are on the card pad)."""
    form = state.form
    if form.question == "meld":
        return [
            _switch(
                state, "going_out", _("Laid while going out"), _("On the turn the player goes out.")
            )
        ]
    if form.question == "pile":
        return [
            _number_field(state, "pile_size", _("Cards in the pile (the top one included)")),
            _switch(
                state, "wild_in_pile", _("Wild card in the pile"), _("A 2 or joker lies in it.")
            ),
            _switch(
                state, "red_three_upcard", _("Red three upcard"), _("The upcard was a red three.")
            ),
            _switch(
                state,
                "black_three_in_pile",
                _("Black three discarded"),
                _("A black three was discarded since the pile was last taken."),
            ),
            _switch(state, "side_melded", _("My side has melded"), _("Earlier in this hand.")),
        ]
    if form.question == "go-out":
        return [
            _switch(state, "side_melded", _("My side had melded"), _("Before this turn.")),
            _switch(state, "player_melded", _("I had melded"), _("Before this turn.")),
            _switch(state, "took_pile", _("I took the pile"), _("This turn, instead of drawing.")),
        ]
    return []


def _score(state: Checker) -> list[ft.Control]:
    """The side's score (filled in from the match) and its initial meld minimum."""
    controls: list[ft.Control] = []
    if state.sides:
        controls.append(
            named(
                ft.Dropdown(
                    label=_("Asking for"),
                    value=str(state.side),
                    options=[
                        ft.DropdownOption(key=str(i), text=f"{name} ({points(total)})")
                        for i, (name, total) in enumerate(state.sides)
                    ],
                    on_select=lambda e: state.choose_side(int(e.control.value)),
                    key="checker-side",
                )
            )
        )
    controls.append(_number_field(state, "score", _("My side's score")))
    known = state.minimum()
    if known is not None:
        score, minimum = known
        controls.append(
            ft.Semantics(  # read by its words alone, once
                identifier="checker-minimum",
                content=ft.Text(
                    _("Initial meld minimum at {points} points: {minimum}").format(
                        points=points(score), minimum=minimum
                    ),
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            )
        )
    return controls


def _house_rule_toggler(state: Checker, rule: str) -> Callable[[bool], None]:
    def toggle(on: bool) -> None:
        state.toggle_house_rule(rule, on)

    return toggle


def rules_followed(state: Checker) -> str:
    """The rules an answer follows, in one line: the variant and its house rules, said
    to be the match's when they are those of the match the checker was opened from.

    The variant's name stands as a label's value ("Rules: Two players"), never inside
    a sentence, where some languages would need another case or article for it."""
    form = state.form
    info = VARIANT_INFO.get(Variant(form.variant))
    variant = _(info.title) if info else form.variant
    chosen = i18n.spoken_list(sorted(house_rule_title(r) for r in form.house_rules))
    rules = form.rules()
    if rules.top_tier_set is not None and rules.top_tier_from is not None:
        # the match's own score of the minimum of 150 (rules §3 O13), beside the variant
        variant = _("{variant}, minimum 150 from {value}").format(
            variant=variant, value=i18n.number(rules.top_tier_from)
        )
    if state.match_s_rules:
        if chosen:
            return _("This match's rules: {variant} · house rules: {rules}").format(
                variant=variant, rules=chosen
            )
        return _("This match's rules: {variant} · no house rules").format(variant=variant)
    if chosen:
        return _("Rules: {variant} · house rules: {rules}").format(variant=variant, rules=chosen)
    return _("Rules: {variant} · no house rules").format(variant=variant)


def _answer(state: Checker, why: bool, set_why: Callable[[bool], None]) -> list[ft.Control]:
    """The verdict in plain words with the rules it follows, the reasons and their
    rules behind "Why?"; or why there is no answer (a field that cannot be read)."""
    verdict = state.verdict
    if verdict is None:
        if not state.problems:
            return []
        return [
            ft.Semantics(
                identifier="verdict",
                content=ft.Text(
                    _("No answer until this is put right: {problem}").format(
                        problem=state.problems[0][1]
                    ),
                    color=ft.Colors.ERROR,
                ),
            )
        ]
    controls: list[ft.Control] = [
        ft.Semantics(  # read by its words alone, once
            identifier="verdict",
            content=ft.Container(
                content=ft.Text(i18n.answer_text(verdict), size=18, weight=ft.FontWeight.BOLD),
                bgcolor=ft.Colors.PRIMARY_CONTAINER
                if verdict.allowed
                else ft.Colors.ERROR_CONTAINER,
                padding=12,
                border_radius=8,
            ),
        )
    ]
    controls.append(
        ft.Text(rules_followed(state), color=ft.Colors.ON_SURFACE_VARIANT, key="checker-rules")
    )
    said: list[ft.Control] = []
    if verdict.show:
        said.append(
            ft.Text(
                _("Show from your hand: {show}").format(show=verdict.show),
                expand=True,
            )
        )
    else:
        said.append(ft.Container(expand=True))
    said.append(
        ft.TextButton(
            content=_("Hide why") if why else _("Why?"),
            icon=ft.Icons.EXPAND_LESS if why else ft.Icons.HELP_OUTLINE,
            height=TOUCH,
            on_click=lambda: set_why(not why),
            key="why",
        )
    )
    controls.append(ft.Row(said, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if why:
        for reason in verdict.reasons:
            controls.append(
                rule_row(
                    ft.Icons.CHECK_CIRCLE if reason.ok else ft.Icons.CANCEL,
                    ft.Colors.PRIMARY if reason.ok else ft.Colors.ERROR,
                    i18n.reason_text(reason),
                    i18n.cite(reason.rule),
                )
            )
    return controls


@screen
def CheckerScreen(state: Checker) -> ft.Control:
    """The question, its cards on a card pad, the situation, the verdict."""
    # "Why?" stays open for the question it was opened on; a new question starts closed
    why_for, set_why_for = ft.use_state("")
    rules_open, set_rules_open = ft.use_state(False)
    form = state.form
    why = why_for == form.question

    def set_why(on: bool) -> None:
        set_why_for(form.question if on else "")

    controls: list[ft.Control] = [
        named(
            ft.Dropdown(
                label=_("Question"),
                value=form.question,
                options=[
                    ft.DropdownOption(key=key, text=_(text)) for key, text in QUESTIONS.items()
                ],
                on_select=lambda e: state.set(question=e.control.value),
                key="checker-question",
            )
        ),
        named(
            ft.Dropdown(
                label=_("Variant"),
                value=form.variant,
                options=[
                    ft.DropdownOption(key=v.id.value, text=_(v.title))
                    for v in VARIANT_INFO.values()
                ],
                on_select=lambda e: state.set(variant=e.control.value),
            )
        ),
    ]
    if state.match_rules is None:
        # opened from home: the house rules to ask under, folded in one line
        taken = sorted(house_rule_title(r) for r in form.house_rules)
        controls.append(
            _fold(
                house_rules_line(len(taken)),
                i18n.spoken_list(taken),
                rules_open,
                lambda: set_rules_open(not rules_open),
                "checker-house-rules",
            )
        )
        if rules_open:
            controls += [
                switch(
                    house_rule_title(rule),
                    rule in form.house_rules,
                    _house_rule_toggler(state, rule),
                    description,
                )
                for rule, _ref, description in house_rule_choices()
            ]
    chosen = form.slot().field
    slots = form.slots()
    if len(slots) > 1:
        controls.append(heading(_("Cards")))
    controls += [_slot(state, slot, slot.field == chosen) for slot in slots]
    controls += _card_pad(state)
    controls += _situation(state)
    if form.question != "meld":
        controls += _score(state)
    # The fields scroll; the answer stays in a bar under them, in view whichever
    # field is being changed (its reasons, behind "Why?", scroll within the bar).
    answer = _answer(state, why, set_why)
    parts: list[ft.Control] = [
        ft.Container(
            # a column, not a list view: every field is built (and read out) at once;
            # narrower and centred on a wide screen, as the new-match form
            ft.Column(
                [
                    ft.ResponsiveRow(
                        [
                            ft.Column(
                                [ft.Container(height=0), *controls, ft.Container(height=0)],
                                spacing=12,
                                col=CENTRED,
                            )
                        ],
                        alignment=ft.MainAxisAlignment.CENTER,
                    )
                ],
                scroll=ft.ScrollMode.AUTO,
                key="checker-body",
            ),
            expand=True,
            padding=ft.Padding.symmetric(horizontal=12),
        )
    ]
    if answer:
        parts.append(
            ft.Container(
                ft.Column(
                    [
                        ft.ResponsiveRow(
                            [ft.Column(answer, spacing=8, col=CENTRED)],
                            alignment=ft.MainAxisAlignment.CENTER,
                        )
                    ],
                    scroll=ft.ScrollMode.AUTO,
                    tight=True,
                ),
                bgcolor=ft.Colors.SURFACE_CONTAINER,
                padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                # the reasons may be long: the bar takes at most this, the fields the rest
                height=ANSWER_HEIGHT if why else None,
                key="answer",
            )
        )
    return ft.Column(parts, expand=True, spacing=0)
