"""New match: variant, house rules, target, sides and players, first dealer."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from canasta_scorer.rules import VARIANT_INFO, Variant
from canasta_scorer.ui.state import Navigation, NewMatch
from canasta_scorer.ui.words import (
    house_rule_choices,
    house_rule_title,
    variant_choices,
    variant_summary,
)

from .common import TOUCH, heading, named, problem_list, screen, switch


def _toggler(state: NewMatch, rule: str) -> Callable[[bool], None]:
    def toggle(on: bool) -> None:
        state.toggle_house_rule(rule, on)

    return toggle


@screen
def NewMatchScreen(state: NewMatch, nav: Navigation) -> ft.Control:
    """The new-match form."""
    setup = state.form
    info = VARIANT_INFO[Variant(setup.variant)]
    controls: list[ft.Control] = [
        named(
            ft.Dropdown(
                label="Variant",
                value=setup.variant,
                options=[
                    ft.DropdownOption(key=key, text=title) for key, title, _ in variant_choices()
                ],
                on_select=lambda e: state.set_variant(e.control.value),
                expand=True,
                key="variant",
            )
        ),
        ft.Text(variant_summary(setup.variant), color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    for index, side in enumerate(setup.sides):
        controls.append(heading(f"Side {index + 1}"))
        controls.append(
            ft.TextField(
                expand=True,
                label=f"Side {index + 1} name",
                value=side.name,
                on_change=lambda e, i=index: state.set_side(i, name=e.control.value),
            )
        )
        for seat, player in enumerate(side.players):
            controls.append(
                ft.TextField(
                    expand=True,
                    label=f"{side.name or f'Side {index + 1}'} player {seat + 1}",
                    value=player,
                    on_change=lambda e, i=index, s=seat: state.set_side(
                        i, player=(s, e.control.value)
                    ),
                )
            )
        if state.known_players and side.players:
            empty = next((s for s, p in enumerate(side.players) if not p.strip()), None)
            if empty is not None:
                controls.append(
                    ft.Row(
                        [
                            # a 48 px button for a remembered player (Material's chips
                            # are 32 px, too small a target at the table)
                            ft.OutlinedButton(
                                content=name,
                                icon=ft.Icons.PERSON_ADD_ALT,
                                height=TOUCH,
                                tooltip=f"{name} as {side.name or 'this side'}'s next player",
                                on_click=lambda _, i=index, s=empty, n=name: state.set_side(
                                    i, player=(s, n)
                                ),
                            )
                            for name in state.known_players[:12]
                        ],
                        wrap=True,
                    )
                )
        controls.append(
            ft.TextField(
                expand=True,
                label=f"{side.name or f'Side {index + 1}'} start score (resume a paper match)",
                value=side.start_score,
                keyboard_type=ft.KeyboardType.NUMBER,
                on_change=lambda e, i=index: state.set_side(i, start_score=e.control.value),
            )
        )
    players = [p for side in setup.sides for p in side.players if p.strip()]
    if players:
        controls.append(
            named(
                ft.Dropdown(
                    label="First dealer",
                    value=setup.first_dealer,
                    options=[ft.DropdownOption(key=p, text=p) for p in players],
                    on_select=lambda e: state.set_first_dealer(e.control.value),
                )
            )
        )
    controls.append(
        ft.TextField(
            expand=True,
            label=f"Target (default {info.target:,})",
            value=setup.target,
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e: state.set_target(e.control.value),
        )
    )
    controls.append(heading("House rules"))
    for rule, ref, description in house_rule_choices():
        controls.append(
            switch(
                house_rule_title(rule),
                rule in setup.house_rules,
                _toggler(state, rule),
                description,
                f"{rule} ({ref})",
            )
        )
    if state.problems:
        controls.append(problem_list(state.problems))
    controls.append(
        ft.FilledButton(
            content="Start match",
            icon=ft.Icons.PLAY_ARROW,
            height=56,
            key="start-match",
            on_click=nav.create_match,
        )
    )
    return ft.Column(controls, spacing=12)
