"""Scoreboard: totals, initial meld minimums, progress, the hands, whose deal."""

from __future__ import annotations

import flet as ft

from canasta_scorer.rules import Severity
from canasta_scorer.ui.state import HandEntry, Navigation, OpenMatch
from canasta_scorer.ui.words import house_rule_title

from .chart import running_chart
from .common import findings_list, icon_button, points, screen, signed


@screen
def ScoreboardScreen(state: OpenMatch, entry: HandEntry, nav: Navigation) -> ft.Control:
    """The open match: a card per side, the hands, the actions."""
    match = state.current
    assert match is not None
    record, score = match.record, match.score
    rules = state.rules
    assert rules is not None
    cards: list[ft.Control] = []
    for index, side in enumerate(record.sides):
        total = score.running_totals[index]
        minimum = score.initial_meld_minimums[index]
        progress = max(0.0, min(1.0, total / rules.target)) if rules.target else 0.0
        cards.append(
            ft.Card(
                semantic_container=False,  # the total and the minimum are read alone
                content=ft.Container(
                    padding=16,
                    content=ft.Column(
                        [
                            ft.Text(side.name, theme_style=ft.TextThemeStyle.TITLE_LARGE),
                            ft.Text(", ".join(side.players), color=ft.Colors.ON_SURFACE_VARIANT)
                            if side.players
                            else ft.Container(),
                            ft.Semantics(
                                identifier=f"total-{index}",
                                label=f"{side.name} total {points(total)}",
                                content=ft.Text(points(total), size=40, weight=ft.FontWeight.BOLD),
                            ),
                            ft.ProgressBar(
                                value=progress,
                                height=8,
                                semantics_label=f"{side.name} progress to {points(rules.target)}",
                            ),
                            *(
                                []
                                if score.finished  # no next hand: no minimum to meet
                                else [
                                    ft.Semantics(
                                        identifier=f"minimum-{index}",
                                        label=f"{side.name} initial meld minimum {minimum}",
                                        content=ft.Container(
                                            content=ft.Text(
                                                f"Initial meld minimum {minimum}",
                                                weight=ft.FontWeight.BOLD,
                                            ),
                                            bgcolor=ft.Colors.SECONDARY_CONTAINER,
                                            border_radius=16,
                                            padding=ft.Padding.symmetric(horizontal=12, vertical=6),
                                        ),
                                    )
                                ]
                            ),
                        ],
                        spacing=8,
                    ),
                ),
                expand=True,
            )
        )
    controls: list[ft.Control] = [
        ft.ResponsiveRow(
            [ft.Container(card, col={"xs": 12, "md": 12 // max(1, len(cards))}) for card in cards]
        ),
        ft.Text(
            f"Target {points(rules.target)} · {rules.variant.title}"
            + (
                " · house rules: "
                + ", ".join(sorted(house_rule_title(rule) for rule in rules.house_rules))
                if rules.house_rules
                else ""
            ),
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
    ]
    if score.finished:
        text = (
            f"{score.winner} wins by {points(score.margin or 0)}"
            if score.winner
            else "The match is a draw"
        )
        controls.append(
            ft.Semantics(
                identifier="winner",
                label=text,
                content=ft.Container(
                    content=ft.Row(
                        [
                            ft.Icon(ft.Icons.EMOJI_EVENTS, size=32),
                            ft.Text(text, size=24, weight=ft.FontWeight.BOLD, expand=True),
                        ]
                    ),
                    bgcolor=ft.Colors.TERTIARY_CONTAINER,
                    padding=16,
                    border_radius=12,
                ),
            )
        )
        controls.append(
            ft.FilledButton(
                content="Rematch", icon=ft.Icons.REPLAY, height=56, on_click=state.rematch
            )
        )
    else:
        dealer = state.next_dealer()
        if dealer:
            controls.append(ft.Text(f"{dealer} deals next", size=16))
        label = (
            "Go on with hand "
            if entry.draft is not None and entry.draft.number is None
            else "Enter hand "
        ) + str(len(record.hands) + 1)
        controls.append(
            ft.FilledButton(
                content=label,
                icon=ft.Icons.EDIT_NOTE,
                height=56,
                key="enter-hand",
                on_click=state.begin_hand,
            )
        )
    editing = entry.draft is not None and entry.draft.number is not None
    if editing and entry.draft is not None and (not score.finished or state.unlocked):
        controls.append(
            ft.OutlinedButton(
                content=f"Go on editing hand {(entry.draft.number or 0) + 1}",
                icon=ft.Icons.EDIT,
                height=48,
                on_click=state.resume_edit,
            )
        )
    errors = [f for f in score.violations if f.severity is Severity.ERROR]
    if errors:
        controls.append(findings_list(errors))
    if record.hands:
        controls.append(running_chart(record, score, rules.target))
    actions: list[ft.Control] = [
        ft.OutlinedButton(
            content="Rule checker", icon=ft.Icons.GAVEL, height=48, on_click=nav.show_checker
        ),
        ft.OutlinedButton(
            content="Export",
            icon=ft.Icons.IOS_SHARE,
            height=48,
            on_click=nav.show_export,
        ),
        ft.OutlinedButton(
            content="Delete match",
            icon=ft.Icons.DELETE_OUTLINE,
            height=48,
            on_click=nav.delete_match,
        ),
    ]
    if score.finished and not state.unlocked:
        actions.append(
            ft.OutlinedButton(
                content="Edit this finished match",
                icon=ft.Icons.LOCK_OPEN,
                height=48,
                on_click=state.unlock_finished,
            )
        )
    controls.append(ft.Row(actions, wrap=True))
    if record.hands:
        controls.append(ft.Text("Hands", theme_style=ft.TextThemeStyle.TITLE_MEDIUM))
        for number in reversed(range(len(record.hands))):
            totals = score.hands[number]
            note = record.hands[number].note or ""
            text = "   ".join(
                f"{side.name} {signed(total)}, total {points(running)}"
                for side, total, running in zip(
                    record.sides, totals.totals, totals.running, strict=True
                )
            )
            controls.append(
                ft.ListTile(
                    title=ft.Text(f"Hand {number + 1}"),
                    subtitle=ft.Text(text + (f"\n{note}" if note else "")),
                    trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                    on_click=lambda _, n=number: nav.show_hand(n),
                    min_height=56,
                    key=f"hand-{number}",
                )
            )
    return ft.Column(controls, spacing=12)


def scoreboard_actions(state: OpenMatch) -> list[ft.Control]:
    """Undo and redo in the app bar, labelled with what they would do."""
    match = state.current
    if match is None:
        return []
    return [
        icon_button(
            ft.Icons.UNDO,
            f"Undo {match.undo}" if match.undo else "Undo",
            disabled=match.undo is None,
            on_click=state.undo,
            width=48,
            height=48,
        ),
        icon_button(
            ft.Icons.REDO,
            f"Redo {match.redo}" if match.redo else "Redo",
            disabled=match.redo is None,
            on_click=state.redo,
            width=48,
            height=48,
        ),
    ]
