"""Scoreboard: the score sheet, whose deal, the chart, the actions."""

from __future__ import annotations

import flet as ft

from canasta_scorer.i18n import _
from canasta_scorer.rules import Severity
from canasta_scorer.ui.state import HandEntry, Navigation, OpenMatch
from canasta_scorer.ui.words import change_words, house_rule_title

from .chart import running_chart
from .common import findings_list, icon_button, points, screen
from .score_sheet import ScoreSheet


@screen
def ScoreboardScreen(state: OpenMatch, entry: HandEntry, nav: Navigation) -> ft.Control:
    """The open match: its score sheet (tap a hand for its breakdown), the next
    hand, the chart below, the actions."""
    match = state.current
    assert match is not None
    record, score = match.record, match.score
    rules = state.rules
    assert rules is not None
    controls: list[ft.Control] = [
        ScoreSheet(record, score, nav.show_hand, key="score-sheet"),
        ft.Text(
            _("Target {points} · {title}").format(
                points=points(rules.target), title=_(rules.variant.title)
            )
            + (
                _(" · house rules: ")
                + ", ".join(sorted(house_rule_title(rule) for rule in rules.house_rules))
                if rules.house_rules
                else ""
            ),
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
    ]
    if score.finished:
        text = (
            _("{winner} wins by {points}").format(
                winner=score.winner, points=points(score.margin or 0)
            )
            if score.winner
            else _("The match is a draw")
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
                content=_("Rematch"), icon=ft.Icons.REPLAY, height=56, on_click=state.rematch
            )
        )
    else:
        dealer = state.next_dealer()
        if dealer:
            controls.append(ft.Text(_("{dealer} deals next").format(dealer=dealer), size=16))
        label = (
            _("Go on with hand {number}")
            if entry.draft is not None and entry.draft.number is None
            else _("Enter hand {number}")
        ).format(number=len(record.hands) + 1)
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
                content=_("Go on editing hand {value}").format(value=(entry.draft.number or 0) + 1),
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
            content=_("Rule checker"), icon=ft.Icons.GAVEL, height=48, on_click=nav.show_checker
        ),
        ft.OutlinedButton(
            content=_("Export"),
            icon=ft.Icons.IOS_SHARE,
            height=48,
            on_click=nav.show_export,
        ),
        ft.OutlinedButton(
            content=_("Delete match"),
            icon=ft.Icons.DELETE_OUTLINE,
            height=48,
            on_click=nav.delete_match,
        ),
    ]
    if score.finished and not state.unlocked:
        actions.append(
            ft.OutlinedButton(
                content=_("Edit this finished match"),
                icon=ft.Icons.LOCK_OPEN,
                height=48,
                on_click=state.unlock_finished,
            )
        )
    controls.append(ft.Row(actions, wrap=True))
    return ft.Column(controls, spacing=12)


def scoreboard_actions(state: OpenMatch) -> list[ft.Control]:
    """Undo and redo in the app bar, labelled with what they would do."""
    match = state.current
    if match is None:
        return []
    return [
        icon_button(
            ft.Icons.UNDO,
            _("Undo {undo}").format(undo=change_words(match.undo)) if match.undo else _("Undo"),
            disabled=match.undo is None,
            on_click=state.undo,
            width=48,
            height=48,
        ),
        icon_button(
            ft.Icons.REDO,
            _("Redo {redo}").format(redo=change_words(match.redo)) if match.redo else _("Redo"),
            disabled=match.redo is None,
            on_click=state.redo,
            width=48,
            height=48,
        ),
    ]
