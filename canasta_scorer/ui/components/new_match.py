"""New match: variant, players, who deals first, house rules in one folded line with
presets, target; Start match always on screen at the bottom."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import cast

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import N_, _, ngettext
from canasta_scorer.rules import MAX_NAME, VARIANT_INFO, Finding, HouseRule, Variant
from canasta_scorer.ui.state import Navigation, NewMatch, named_key
from canasta_scorer.ui.words import (
    house_rule_choices,
    house_rule_title,
    variant_choices,
    variant_summary,
)

from .common import (
    CENTRED,
    ERROR_LINES,
    TOUCH,
    Typed,
    field_label,
    heading,
    icon_button,
    named,
    problem_list,
    rule_row,
    screen,
    switch,
    use_typed,
)


def _toggler(state: NewMatch, rule: str) -> Callable[[bool], None]:
    def toggle(on: bool) -> None:
        state.toggle_house_rule(rule, on)

    return toggle


def house_rules_line(count: int) -> str:
    """The folded house rules in a few words: "House rules: none", "2 house rules"."""
    return (
        _("House rules: none")
        if not count
        else ngettext("{n} house rule", "{n} house rules", count).format(n=count)
    )


#: The rules engine's warnings of a house rule that does nothing (rules §3), in the
#: form's words: each rule by its title on the switches ({rule}; {other}: the house
#: rule or variant it depends on).
NO_EFFECT = {
    "house_rule.no_effect:cutthroat": (
        N_("“{rule}” does nothing here: it only counts in a three-player cutthroat game."),
        HouseRule.CUTTHROAT_TWO_CANASTAS,
        None,
    ),
    "house_rule.no_effect:wild_meld_penalty": (
        N_("“{rule}” does nothing without “{other}”."),
        HouseRule.WILD_MELD_PENALTY,
        HouseRule.WILD_CARD_MELDS,
    ),
    "house_rule.no_effect:cap_400": (
        N_("“{rule}” does nothing with “{other}”: red threes cost nothing then."),
        HouseRule.RED_THREE_PENALTY_CAP_400,
        HouseRule.NO_RED_THREE_PENALTY,
    ),
}


def house_rule_warning(finding: Finding) -> str:
    """A house rule that does nothing (a warning of `rules_findings`, rules §3) in
    plain words, naming the house rules by their titles ("“Cutthroat: 2 canastas to
    go out” does nothing here: it only counts in a three-player cutthroat game."); a
    warning without its own words here is said as the rules engine words it."""
    words = finding.words
    known = NO_EFFECT.get(words.key) if words is not None else None
    if known is None:
        return i18n.finding_text(finding)
    message, rule, other = known
    return _(message).format(
        rule=house_rule_title(rule), other=house_rule_title(other) if other is not None else ""
    )


def _fold(
    text: str, detail: str, is_open: bool, on_click: Callable[[], None], key: str
) -> ft.Control:
    """One line that opens (and closes) what it folds."""
    return ft.ListTile(
        title=ft.Text(text, weight=ft.FontWeight.BOLD),
        subtitle=ft.Text(detail, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)
        if detail
        else None,
        trailing=ft.Icon(ft.Icons.EXPAND_LESS if is_open else ft.Icons.EXPAND_MORE),
        on_click=on_click,
        min_height=TOUCH,
        content_padding=ft.Padding.symmetric(horizontal=0),
        key=key,
    )


def _presets(state: NewMatch) -> ft.Control:
    """The house-rule presets, one tap each (the chosen one marked by a tick and its
    colour: one kind of 48 px button whether chosen or not)."""
    chosen = state.preset()
    return ft.Row(
        [
            ft.OutlinedButton(
                content=name,
                icon=ft.Icons.CHECK if key == chosen else None,
                height=TOUCH,
                style=ft.ButtonStyle(
                    bgcolor=ft.Colors.SECONDARY_CONTAINER if key == chosen else None
                ),
                on_click=lambda _, k=key: state.apply_preset(k),
                key=f"preset-{key}",
            )
            for key, name, _ in state.presets()
        ],
        wrap=True,
        spacing=8,
    )


@ft.component
def NamedSets(state: NewMatch) -> ft.Control:
    """The family's named house-rule sets, kept from the same place they are picked:
    the house rules on the form kept under a name, and each set renamed or deleted.
    What is typed and which set is being renamed are this view's own."""
    name = use_typed()
    renaming, set_renaming = ft.use_state(cast(str | None, None))
    new_name = use_typed()

    def keep() -> None:
        if state.save_named(name.now()):
            name.set("")

    def typed(field: Typed, text: str) -> None:
        field.set(text)
        state.typing_set_name()

    def start_renaming(old: str) -> None:
        set_renaming(old)
        new_name.set(old)

    def rename(old: str) -> None:
        if state.rename_named(old, new_name.now()):
            set_renaming(None)

    controls: list[ft.Control] = [heading(_("Our house-rule sets"))]
    for entry in state.named:
        key = named_key(entry.name)
        if renaming == entry.name:
            controls.append(
                ft.Row(
                    [
                        ft.TextField(
                            label=field_label(
                                _("New name for {name}").format(name=entry.name), new_name.shown
                            ),
                            value=new_name.shown,
                            expand=True,
                            # what is typed is checked as it is typed, as a player's name
                            error=state.set_name_problem(new_name.shown) or state.named_problem,
                            error_max_lines=ERROR_LINES,
                            on_change=lambda e: typed(new_name, e.control.value),
                            on_submit=lambda _, n=entry.name: rename(n),
                        ),
                        ft.FilledTonalButton(
                            content=_("Rename"),
                            height=TOUCH,
                            on_click=lambda _, n=entry.name: rename(n),
                            key=f"rename-{key}",
                        ),
                    ]
                )
            )
            continue
        count = len(entry.house_rules)
        controls.append(
            ft.Row(
                [
                    ft.Column(
                        [
                            ft.Text(entry.name, weight=ft.FontWeight.BOLD),
                            ft.Text(
                                i18n.spoken_list(
                                    sorted(house_rule_title(r) for r in entry.house_rules)
                                )
                                or house_rules_line(count),
                                size=12,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                        ],
                        spacing=0,
                        expand=True,
                    ),
                    icon_button(
                        ft.Icons.EDIT_OUTLINED,
                        _("Rename {name}").format(name=entry.name),
                        width=TOUCH,
                        height=TOUCH,
                        on_click=lambda _, n=entry.name: start_renaming(n),
                    ),
                    icon_button(
                        ft.Icons.DELETE_OUTLINE,
                        _("Delete {name}").format(name=entry.name),
                        width=TOUCH,
                        height=TOUCH,
                        on_click=lambda _, n=entry.name: state.delete_named(n),
                    ),
                ]
            )
        )
    controls.append(
        ft.Row(
            [
                ft.TextField(
                    label=field_label(_("Keep these house rules as"), name.shown),
                    hint_text=_("a name, e.g. Grandma's rules"),
                    value=name.shown,
                    expand=True,
                    error=state.set_name_problem(name.shown)
                    or (state.named_problem if renaming is None else None),
                    error_max_lines=ERROR_LINES,
                    on_change=lambda e: typed(name, e.control.value),
                    on_submit=lambda _: keep(),
                ),
                ft.FilledTonalButton(
                    content=_("Keep"), height=TOUCH, on_click=lambda _: keep(), key="keep-rules"
                ),
            ]
        )
    )
    return ft.Column(controls, spacing=8, key="named-sets")


def _house_rules(state: NewMatch) -> list[ft.Control]:
    """Each house rule: its plain title on the switch, one line of what it changes."""
    chosen = state.form.house_rules
    return [
        switch(house_rule_title(rule), rule in chosen, _toggler(state, rule), description)
        for rule, _, description in house_rule_choices()
    ]


def _name_field(
    label: str,
    value: str,
    twice: bool,
    on_change: Callable[[str], None],
    problem: str | None = None,
    hint: str | None = None,
    on_blur: Callable[[], None] | None = None,
) -> ft.Control:
    return ft.TextField(
        expand=True,
        label=field_label(label, value),
        value=value,
        hint_text=hint,
        max_length=MAX_NAME,
        error=_("This name is given twice in this match") if twice else problem,
        error_max_lines=ERROR_LINES,
        on_change=lambda e: on_change(e.control.value),
        on_blur=(lambda _: on_blur()) if on_blur is not None else None,
    )


def _fields(state: NewMatch) -> set[str]:
    """The places of the form a problem is shown at, by JSON path."""
    fields = {"target", "top_tier_from", "sides"}
    for index, side in enumerate(state.form.sides):
        fields |= {f"sides[{index}].start_score", f"sides[{index}].name"}
        fields |= {f"sides[{index}].players[{seat}]" for seat in range(len(side.players))}
        if side.players:
            fields.add(f"sides[{index}].players")
    return fields


def _name_setter(state: NewMatch, side: int, seat: int | None = None) -> Callable[[str], None]:
    """Sets a seat's player (``seat`` None: a side of one player, its name)."""

    def set_name(name: str) -> None:
        if seat is None:
            state.set_side(side, name=name)
        else:
            state.set_side(side, player=(seat, name))

    return set_name


def _sides(state: NewMatch) -> list[ft.Control]:
    setup = state.form
    offered = state.offered_players()[:12]
    chips_shown = False
    controls: list[ft.Control] = []
    for index, side in enumerate(setup.sides):
        alone = not side.players  # a side of one player is named by that player
        seat_name = _("Player {value}").format(value=index + 1)
        if alone:
            controls.append(
                _name_field(
                    seat_name,
                    side.name,
                    state.twice(index),
                    _name_setter(state, index),
                    state.name_problem(index) or state.field_problem(f"sides[{index}].name"),
                    # blank, the player is called so (`MatchSetup.side_name`)
                    hint=_("Left blank: {name}").format(name=seat_name),
                    on_blur=partial(state.leave, f"sides[{index}].name"),
                )
            )
        else:
            controls.append(heading(side.name or _("Side {value}").format(value=index + 1)))
            controls.append(
                ft.TextField(
                    expand=True,
                    label=field_label(_("Side {value} name").format(value=index + 1), side.name),
                    value=side.name,
                    max_length=MAX_NAME,
                    error=state.name_problem(index) or state.field_problem(f"sides[{index}].name"),
                    error_max_lines=ERROR_LINES,
                    on_change=lambda e, i=index: state.set_side(i, name=e.control.value),
                    on_blur=lambda _, i=index: state.leave(f"sides[{i}].name"),
                )
            )
            for seat, player in enumerate(side.players):
                controls.append(
                    _name_field(
                        _("{value} player {value2}").format(
                            value=side.name or _("Side {value}").format(value=index + 1),
                            value2=seat + 1,
                        ),
                        player,
                        state.twice(index, seat),
                        _name_setter(state, index, seat),
                        state.name_problem(index, seat)
                        or state.field_problem(f"sides[{index}].players[{seat}]"),
                        on_blur=partial(state.leave, f"sides[{index}].players[{seat}]"),
                    )
                )
            # what the rules say of the side's players (named twice …), under them
            players_problem = state.field_problem(f"sides[{index}].players")
            if players_problem:
                controls.append(ft.Text(players_problem, color=ft.Colors.ERROR))
        # remembered players fill the first empty seat (a side of one player: its
        # name, while it is still the default one), offered under the first side
        # with a seat left
        empty = next((s for s, p in enumerate(side.players) if not p.strip()), None)
        fills = empty is not None or (alone and not side.name.strip())
        if offered and fills and not chips_shown:
            chips_shown = True  # once, under the first side with a seat to fill
            fill = _name_setter(state, index, empty)
            controls.append(
                ft.Row(
                    [
                        # a 48 px button for a remembered player (Material's chips
                        # are 32 px, too small a target at the table)
                        ft.OutlinedButton(
                            content=name,
                            icon=ft.Icons.PERSON_ADD_ALT,
                            height=TOUCH,
                            tooltip=_("{name} as {value}").format(name=name, value=seat_name)
                            if alone
                            else _("{name} as {value}'s next player").format(
                                name=name, value=side.name or _("this side")
                            ),
                            on_click=lambda _, n=name, f=fill: f(n),
                            key=f"player-{index}-{name}",
                        )
                        for name in offered
                    ],
                    wrap=True,
                    spacing=6,
                )
            )
    return controls


@screen
def NewMatchScreen(state: NewMatch, nav: Navigation) -> ft.Control:
    """The new-match form over a bar holding Start match (never scrolled away)."""
    rules_open, set_rules_open = ft.use_state(False)
    more_open, set_more_open = ft.use_state(False)
    setup = state.form
    info = VARIANT_INFO[Variant(setup.variant)]
    controls: list[ft.Control] = [
        named(
            ft.Dropdown(
                label=_("Variant"),
                value=setup.variant,
                options=[
                    ft.DropdownOption(key=key, text=title) for key, title, _ in variant_choices()
                ],
                on_select=lambda e: state.set_variant(e.control.value),
                expand=True,
                key="variant",
            )
        ),
        ft.Text(
            variant_summary(setup.variant, state.top_tier()),
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        *_sides(state),
    ]
    seats = state.field_problem("sides")  # the players the variant needs, under them
    if seats:
        controls.append(ft.Text(seats, color=ft.Colors.ERROR))
    dealers = state.dealers()
    controls.append(  # greyed, saying why, until there are players to choose from
        named(
            ft.Dropdown(
                label=_("First dealer"),
                value=setup.first_dealer if setup.first_dealer in dealers else None,
                options=[ft.DropdownOption(key=p, text=p) for p in dealers],
                on_select=lambda e: state.set_first_dealer(e.control.value),
                disabled=not dealers,
                key="first-dealer",
            )
        )
    )
    if not dealers:  # why it is greyed, read out too (a disabled field's hint is not)
        controls.append(
            ft.Text(
                _("Type the players' names to choose who deals first."),
                size=12,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    chosen = sorted(house_rule_title(rule) for rule in setup.house_rules)
    controls.append(
        _fold(
            house_rules_line(len(chosen)),
            i18n.spoken_list(chosen),
            rules_open,
            lambda: set_rules_open(not rules_open),
            "house-rules",
        )
    )
    warnings = state.house_rule_warnings()  # seen folded too, before Start match
    if warnings:
        controls.append(
            ft.Semantics(
                identifier="house-rule-warnings",
                container=True,
                content=ft.Column(
                    [
                        rule_row(
                            ft.Icons.WARNING_AMBER,
                            ft.Colors.AMBER_800,
                            house_rule_warning(finding),
                            i18n.cite(finding.rule),
                        )
                        for finding in warnings
                    ],
                    spacing=8,
                ),
            )
        )
    controls.append(_presets(state))
    if rules_open:
        controls += _house_rules(state)
        controls.append(NamedSets(state))
    starts = [side.start_score.strip() for side in setup.sides]
    more = (
        # a target refused is not summed up as if it were the match's
        _("Target {value} · to fix")
        if state.field_problem("target")
        else _("Target {value} · start scores given")
        if any(starts)
        else _("Target {value}")
    ).format(value=_typed_number(setup.target) or i18n.number(info.target))
    top_tier = info.top_tier_from is not None
    if state.top_tier() is not None:
        more = _("{fold} · minimum 150 from {value}").format(
            fold=more, value=i18n.number(state.top_tier() or 0)
        )
    # open, whatever was chosen, while one of its fields has a problem to show
    more_shown = more_open or any(
        state.field_problem(where)
        for where in (
            "target",
            "top_tier_from",
            *(f"sides[{i}].start_score" for i in range(len(setup.sides))),
        )
    )
    controls.append(
        _fold(more, "", more_shown, lambda: set_more_open(not more_shown), "target-and-start")
    )
    if more_shown:
        controls.append(
            ft.TextField(
                expand=True,
                label=field_label(
                    _("Target (default {target})").format(target=i18n.number(info.target)),
                    setup.target,
                ),
                value=setup.target,
                keyboard_type=ft.KeyboardType.NUMBER,
                error=state.field_problem("target"),
                error_max_lines=ERROR_LINES,
                on_change=lambda e: state.set_target(e.control.value),
                on_blur=lambda _: state.leave("target"),
            )
        )
        if top_tier:  # the six-player game's minimum of 150 (rules §2.5, §3 O13)
            controls.append(
                ft.TextField(
                    expand=True,
                    label=field_label(
                        _("Minimum 150 from (default {value})").format(
                            value=i18n.number(info.top_tier_from or 0)
                        ),
                        setup.top_tier_from,
                    ),
                    value=setup.top_tier_from,
                    keyboard_type=ft.KeyboardType.NUMBER,
                    error=state.field_problem("top_tier_from"),
                    error_max_lines=ERROR_LINES,
                    on_change=lambda e: state.set_top_tier(e.control.value),
                    on_blur=lambda _: state.leave("top_tier_from"),
                    key="top-tier-from",
                )
            )
        for index, side in enumerate(setup.sides):
            controls.append(
                ft.TextField(
                    expand=True,
                    label=field_label(
                        _("{value} start score (resume a paper match)").format(
                            value=setup.side_name(index)
                            or _("Side {value}").format(value=index + 1)
                        ),
                        side.start_score,
                    ),
                    value=side.start_score,
                    keyboard_type=ft.KeyboardType.NUMBER,
                    error=state.field_problem(f"sides[{index}].start_score"),
                    error_max_lines=ERROR_LINES,
                    on_change=lambda e, i=index: state.set_side(i, start_score=e.control.value),
                    on_blur=lambda _, i=index: state.leave(f"sides[{i}].start_score"),
                )
            )
    others = state.other_problems(_fields(state))  # not about one field: all of them here
    if others:
        controls.append(problem_list(others))
    centred = CENTRED
    form = ft.Column(
        [
            ft.ResponsiveRow(
                [
                    ft.Container(
                        ft.Column(controls, spacing=12),
                        col=centred,
                        padding=ft.Padding.only(left=16, right=16, top=8, bottom=16),
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            )
        ],
        expand=True,
        scroll=ft.ScrollMode.AUTO,
    )
    bar = ft.Container(
        ft.ResponsiveRow(
            [
                ft.Container(
                    ft.FilledButton(
                        content=_("Start match"),
                        icon=ft.Icons.PLAY_ARROW,
                        height=56,
                        expand=True,
                        key="start-match",
                        on_click=nav.create_match,
                    ),
                    col=centred,
                )
            ],
            alignment=ft.MainAxisAlignment.CENTER,
        ),
        padding=ft.Padding.symmetric(horizontal=16, vertical=8),
        bgcolor=ft.Colors.SURFACE_CONTAINER,
    )
    return ft.Column([form, bar], expand=True, spacing=0)


def _typed_number(text: str) -> str:
    """A typed whole number in the language's form ("20.000" in German); anything else
    as it was typed (its field says what is wrong with it)."""
    text = text.strip()
    return i18n.number(int(text)) if text.isascii() and text.isdigit() else text
