"""Hand entry: per side its melds, red threes, how the hand ended and the cards left,
with the live score and every finding next to what it is about."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from canasta_scorer.rules import (
    CanastaKind,
    Finding,
    HouseRule,
    MatchRecord,
    MeldRank,
    Severity,
    SideScore,
    WentOut,
)
from canasta_scorer.ui.drafts import MISSING_TOTAL, NOTHING_ENTERED, SideDraft
from canasta_scorer.ui.state import AppState

from .common import (
    findings_list,
    heading,
    icon_button,
    named,
    plural,
    points,
    problem_list,
    signed,
    stepper,
    switch,
)

RANK_BUTTONS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
CLASSES = (
    ("jokers", "Jokers", "jokers (50)"),
    ("aces_and_twos", "A and 2", "aces and 2s (20)"),
    ("king_to_eight", "K to 8", "cards K to 8 (10)"),
    ("seven_to_four", "7 to 4, 3", "cards 7 to 4 and black threes (5)"),
)


def _rank_name(rank: MeldRank) -> str:
    if rank is MeldRank.BLACK_THREE:
        return "black threes"
    if rank is MeldRank.WILD:
        return "wild cards"
    return f"{rank.value}s"


def working(score: SideScore) -> ft.Control:
    """Every line of a side's score, like a paper sheet."""
    lines = [
        ("Cards melded", score.meld_points),
        ("Canasta bonuses", score.canasta_bonus),
        ("Red threes", score.red_three_bonus),
        ("Going out", score.going_out_bonus),
        ("Cards left in hand", score.hand_points),
        ("House-rule penalties", score.penalties),
    ]
    rows: list[ft.Control] = [
        ft.Row([ft.Text(label, expand=True), ft.Text(signed(value))])
        for label, value in lines
        if value or label in ("Cards melded", "Cards left in hand")
    ]
    if score.natural_canastas or score.mixed_canastas:
        rows.insert(
            1,
            ft.Text(
                f"{score.natural_canastas} natural, "
                f"{plural(score.mixed_canastas, 'mixed canasta')}",
                size=12,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
        )
    rows.append(ft.Divider(height=1))
    rows.append(
        ft.Row(
            [
                ft.Text("Hand total", weight=ft.FontWeight.BOLD, expand=True),
                ft.Semantics(
                    identifier=f"hand-total-{score.name}",
                    label=f"{score.name} hand total {points(score.total)}",
                    content=ft.Text(points(score.total), size=28, weight=ft.FontWeight.BOLD),
                ),
            ]
        )
    )
    return ft.Column(rows, spacing=4)


def _meld_card(state: AppState, side: int, index: int) -> ft.Control:
    draft = state.draft
    assert draft is not None
    meld_draft = draft.sides[side].melds[index]
    meld = meld_draft.meld()
    rules = state.rules
    assert rules is not None
    kind = meld.canasta_kind(rules)
    name = _rank_name(meld_draft.rank)
    where = f"sides[{side}].melds[{index}]"
    found = state.preview.about(where) if state.preview else ()
    broken = any(f.severity is Severity.ERROR for f in found)
    label = (
        {
            CanastaKind.NATURAL: "natural canasta",
            CanastaKind.MIXED: "mixed canasta",
            CanastaKind.WILD: "wild canasta",
        }.get(kind, "")
        if kind and not broken  # an illegal meld is no canasta
        else ""
    )
    rows: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(f"Meld of {name}", weight=ft.FontWeight.BOLD, expand=True),
                ft.Text(
                    f"{points(meld.points)} points" + (f" · {label}" if label else ""),
                    weight=ft.FontWeight.BOLD if label else None,
                ),
                icon_button(
                    ft.Icons.DELETE_OUTLINE,
                    f"Remove the meld of {name}",
                    width=48,
                    height=48,
                    on_click=lambda: state.remove_meld(side, index),
                ),
            ]
        ),
    ]
    if meld_draft.rank is not MeldRank.WILD:
        rows.append(
            stepper(
                name.capitalize()
                if meld_draft.rank is MeldRank.BLACK_THREE
                else f"{meld_draft.rank.value}s",
                meld_draft.naturals,
                lambda v: state.set_meld(side, index, naturals=v),
                what=f"{name} in the meld of {name}",
            )
        )
    if meld_draft.rank is not MeldRank.BLACK_THREE or meld_draft.twos or meld_draft.jokers:
        rows.append(
            stepper(
                "2s",
                meld_draft.twos,
                lambda v: state.set_meld(side, index, twos=v),
                what=f"2s in the meld of {name}",
            )
        )
        rows.append(
            stepper(
                "Jokers",
                meld_draft.jokers,
                lambda v: state.set_meld(side, index, jokers=v),
                what=f"jokers in the meld of {name}",
            )
        )
    if found:
        rows.append(findings_list(found))
    # Not one merged semantics node: each count and finding is read (and found) alone.
    return ft.Card(
        content=ft.Container(ft.Column(rows, spacing=2), padding=12), semantic_container=False
    )


def _side_entry(state: AppState, index: int) -> list[ft.Control]:
    draft = state.draft
    match = state.match
    assert draft is not None and match is not None
    side_setup = match.record.sides[index]
    side: SideDraft = draft.sides[index]
    rules = state.rules
    assert rules is not None
    ranks = [*RANK_BUTTONS, "3"]
    if rules.has(HouseRule.WILD_CARD_MELDS):
        ranks.append("wild")
    controls: list[ft.Control] = [
        heading("Melds"),
        ft.Text(
            "Tap a rank to add its meld, then count its cards.",
            color=ft.Colors.ON_SURFACE_VARIANT,
            size=12,
        ),
        ft.Row(
            [
                ft.OutlinedButton(
                    content={"3": "Black 3s", "wild": "Wild"}.get(rank, rank),
                    tooltip=f"Add a meld of {_rank_name(MeldRank(rank))}",
                    height=48,
                    style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),
                    on_click=lambda _, r=rank: state.add_meld(index, r),
                )
                for rank in ranks
            ],
            wrap=True,
            spacing=6,
        ),
    ]
    controls += [_meld_card(state, index, i) for i in range(len(side.melds))]
    controls.append(heading("Red threes"))
    controls.append(
        stepper(
            "Laid out",
            side.red_threes,
            lambda v: state.set_red_threes(index, v),
            what=f"red threes of {side_setup.name}",
        )
    )
    controls.append(heading("How the hand ended"))
    controls.append(
        ft.SegmentedButton(
            segments=[
                ft.Segment(value=WentOut.NO.value, label="Not out"),
                ft.Segment(value=WentOut.OUT.value, label="Went out"),
                ft.Segment(value=WentOut.CONCEALED.value, label="Concealed"),
            ],
            selected=[side.went_out.value],
            on_change=lambda e: state.set_went_out(index, e.control.selected[0], side.went_out_by),
        )
    )
    if side.went_out is not WentOut.NO and len(side_setup.players) > 1:
        controls.append(
            named(
                ft.Dropdown(
                    label="Who went out",
                    value=side.went_out_by,
                    options=[ft.DropdownOption(key=p, text=p) for p in side_setup.players],
                    on_select=lambda e: state.set_went_out(index, side.went_out, e.control.value),
                )
            )
        )
    controls.append(heading("Cards left in hand"))
    names = side_setup.players or (side_setup.name,)
    for seat, left in enumerate(side.left):
        who = names[seat] if seat < len(names) else side_setup.name
        controls.append(
            ft.Row(
                [
                    ft.Text(who, weight=ft.FontWeight.BOLD, expand=True),
                    ft.Switch(
                        label="Type cards",
                        value=left.by_cards,
                        on_change=lambda e, s=seat: state.set_left(
                            index, s, by_cards=bool(e.control.value)
                        ),
                    ),
                ]
            )
        )
        if left.by_cards:
            problems = [
                m
                for w, m in (state.preview.problems if state.preview else ())
                if w == f"sides[{index}].left_in_hand[{seat}]"
            ]
            controls.append(
                ft.TextField(
                    expand=True,
                    label=f"Cards left in {who}'s hand",
                    hint_text="e.g. 4 5 5 Q K A A (JK joker, 3 black three)",
                    value=left.cards,
                    error=problems[0] if problems else None,
                    on_change=lambda e, s=seat: state.set_left(index, s, cards=e.control.value),
                )
            )
        else:
            for key, label, what in CLASSES:
                controls.append(
                    stepper(
                        label,
                        getattr(left, key),
                        _left_setter(state, index, seat, key),
                        what=f"{what} in {who}'s hand",
                    )
                )
    side_findings: tuple[Finding, ...] = ()
    if state.preview:
        side_findings = tuple(
            f
            for f in state.preview.about(f"sides[{index}]")
            if not f.where.startswith(f"sides[{index}].melds[")
        )
    if side_findings:
        controls.append(findings_list(side_findings))
    if state.preview and state.preview.score is not None:
        controls.append(heading(f"{side_setup.name}: score for this hand"))
        controls.append(working(state.preview.score.sides[index]))
    return controls


def _left_setter(state: AppState, side: int, seat: int, key: str) -> Callable[[int], None]:
    def change(value: int) -> None:
        state.set_left(side, seat, **{key: value})

    return change


def hand_entry_screen(state: AppState) -> list[ft.Control]:
    """The hand being entered: a side at a time (or quick totals), then Save."""
    draft = state.draft
    match = state.match
    assert draft is not None and match is not None
    record = match.record
    side = min(state.entry_side, len(record.sides) - 1)
    title = (
        f"Hand {len(record.hands) + 1}"
        if draft.number is None
        else f"Editing hand {draft.number + 1}"
    )
    minimums = ", ".join(
        f"{s.name} {m}" for s, m in zip(record.sides, state.hand_minimums(), strict=False)
    )
    controls: list[ft.Control] = [
        ft.Text(f"{title} · initial meld minimums: {minimums}", color=ft.Colors.ON_SURFACE_VARIANT),
        switch(
            "Quick totals",
            draft.quick,
            lambda on: state.set_quick(on),
            "Type each side's total from a paper count instead of entering the cards.",
        ),
    ]
    if draft.quick:
        controls += _quick_entry(state, record)
    else:
        controls.append(
            ft.SegmentedButton(
                segments=[
                    ft.Segment(value=str(i), label=s.name) for i, s in enumerate(record.sides)
                ],
                selected=[str(side)],
                on_change=lambda e: state.select_side(int(e.control.selected[0])),
                key="side-picker",
            )
        )
        controls += _side_entry(state, side)
    controls += _hand_info(state)
    return controls


def _quick_entry(state: AppState, record: MatchRecord) -> list[ft.Control]:
    draft = state.draft
    assert draft is not None
    # A total not typed yet is not an error: Save just waits for it.
    problems = {
        where: message
        for where, message in (state.preview.problems if state.preview else ())
        if message != MISSING_TOTAL
    }
    controls: list[ft.Control] = []
    for i, side_setup in enumerate(record.sides):
        key = f"sides[{i}].total"
        errors = [
            f.message
            for f in (state.preview.about(key) if state.preview else ())
            if f.severity is Severity.ERROR
        ]
        controls.append(
            ft.TextField(
                expand=True,
                label=f"{side_setup.name} hand total",
                value=draft.totals[i] if i < len(draft.totals) else "",
                keyboard_type=ft.KeyboardType.NUMBER,
                error=problems.get(key) or (errors[0] if errors else None),
                on_change=lambda e, i=i: state.set_quick_total(i, e.control.value),
            )
        )
    controls.append(
        ft.Text("Typed totals are not checked against cards.", color=ft.Colors.ON_SURFACE_VARIANT)
    )
    return controls


def _hand_info(state: AppState) -> list[ft.Control]:
    draft = state.draft
    match = state.match
    assert draft is not None and match is not None
    record = match.record
    rules = state.rules
    assert rules is not None
    controls: list[ft.Control] = [heading("This hand")]
    players = [p for s in record.sides for p in s.players]
    if players:
        controls.append(
            named(
                ft.Dropdown(
                    label="Dealer",
                    value=draft.dealer,
                    options=[ft.DropdownOption(key=p, text=p) for p in players],
                    on_select=lambda e: state.set_hand_info(dealer=e.control.value),
                )
            )
        )
    if rules.variant.lone_hand:
        controls.append(
            named(
                ft.Dropdown(
                    label="Lone hand (took the pile first)",
                    value=draft.lone_hand,
                    options=[ft.DropdownOption(key=s.name, text=s.name) for s in record.sides],
                    on_select=lambda e: state.set_hand_info(lone_hand=e.control.value),
                )
            )
        )
    if rules.variant.sits_out:
        big = [p for s in record.sides if len(s.players) == 3 for p in s.players]
        controls.append(
            named(
                ft.Dropdown(
                    label="Sitting out this hand",
                    value=draft.sitting_out,
                    options=[ft.DropdownOption(key=p, text=p) for p in big],
                    on_select=lambda e: state.set_hand_info(sitting_out=e.control.value),
                )
            )
        )
    controls.append(
        ft.TextField(
            expand=True,
            label="Note",
            value=draft.note,
            multiline=True,
            on_change=lambda e: state.set_hand_info(note=e.control.value),
        )
    )
    preview = state.preview
    if preview is not None:
        shown = [
            (where, message)
            for where, message in state.hand_problems()
            if message not in (MISSING_TOTAL, NOTHING_ENTERED)
        ]
        if shown:
            controls.append(problem_list(shown))
        waiting = [
            message
            for _, message in preview.problems
            if message in (MISSING_TOTAL, NOTHING_ENTERED)
        ]
        if NOTHING_ENTERED in waiting:
            controls.append(ft.Text(NOTHING_ENTERED + ".", color=ft.Colors.ON_SURFACE_VARIANT))
        elif waiting:
            controls.append(
                ft.Text("Type every side's hand total to save.", color=ft.Colors.ON_SURFACE_VARIANT)
            )
        if preview.score is not None:
            summary = "   ".join(f"{s.name} {signed(s.total)}" for s in preview.score.sides)
            controls.append(ft.Text(summary, size=20, weight=ft.FontWeight.BOLD))
        hand_level = [f for f in preview.findings if not f.where.startswith("sides[")]
        if hand_level:
            controls.append(findings_list(hand_level))
        if preview.errors:
            controls.append(
                ft.Semantics(
                    identifier="blocked",
                    label="Save is blocked",
                    content=ft.Text(
                        f"{plural(len(preview.errors), 'rule')} broken: fix "
                        f"{'it' if len(preview.errors) == 1 else 'them'} "
                        "to save (all sides are checked).",
                        color=ft.Colors.ERROR,
                    ),
                )
            )
        if preview.later:
            controls.append(
                ft.Text("This change breaks rules in later hands:", color=ft.Colors.ERROR)
            )
            controls.append(findings_list(preview.later))
    controls.append(
        ft.Row(
            [
                ft.FilledButton(
                    content="Save hand",
                    icon=ft.Icons.SAVE,
                    height=56,
                    disabled=preview is None or not preview.can_save,
                    on_click=state.save_hand,
                    key="save-hand",
                    expand=True,
                ),
                ft.TextButton(content="Discard", height=56, on_click=state.discard_draft),
            ]
        )
    )
    return controls
