"""Scoreboard: the score sheet, whose deal, the chart, the actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import _, ngettext
from canasta_scorer.rules import TIE_RULE, MatchRecord, MatchScore, RuleSet, Severity
from canasta_scorer.ui.state import Navigation, OpenMatch
from canasta_scorer.ui.words import change_words, house_rule_title

from .chart import RunningChart
from .common import TOUCH, findings_list, icon_button, memo_screen, points, use_escape, widget
from .score_sheet import ScoreSheet


def scoreboard(
    state: OpenMatch, act: BoardActions, pending: bool, editing: int | None
) -> ft.Control:
    """The open match: its score sheet (tap a hand for its breakdown), the next
    hand, the chart below, the actions. ``pending``: a new hand is being entered
    (its button goes on with it); ``editing``: the hand (0-based) whose edit is kept
    (offered also when the match is finished and not opened for edits: going on
    with it opens it, see `OpenMatch.resume_edit`).

    Called by the app as it draws (which it does whenever the match or the move
    changes), it hands `Board` values only: the board stays mounted, hidden, while
    a hand is entered, and is drawn again only when one of them changed (never on
    a tap in hand entry)."""
    match = state.current
    assert match is not None
    rules = state.rules
    assert rules is not None
    finished = match.score.finished
    return Board(
        match.record,
        match.score,
        rules,
        state.next_dealer() if not finished else None,
        pending,
        editing,
        state.unlocked,
        act,
        state.store.read_only,
        key="screen-scoreboard",
    )


class BoardActions:
    """The scoreboard's buttons' actions, made once per tab (``ft.use_memo``): the
    memoized board is handed the same object on every render, and does not follow
    the areas' changes itself, as it would if it were given them."""

    def __init__(self, state: OpenMatch, nav: Navigation) -> None:
        self.show_hand = nav.show_hand
        self.show_checker = nav.show_checker
        self.show_export = nav.show_export
        self.delete_match = nav.delete_match
        self.rematch = state.rematch
        self.begin_hand = state.begin_hand
        self.resume_edit = state.resume_edit
        self.unlock_finished = state.unlock_finished


@memo_screen
def Board(
    record: MatchRecord,
    score: MatchScore,
    rules: RuleSet,
    dealer: str | None,
    pending: bool,
    editing: int | None,
    unlocked: bool,
    act: BoardActions,
    read_only: bool = False,
) -> ft.Control:
    """The scoreboard's body: ``dealer`` who deals next, ``pending`` when a new hand
    is being entered (its button goes on with it), ``editing`` the hand (0-based)
    whose edit is kept, ``unlocked`` a finished match opened for edits;
    ``read_only``: the store can only be read, so nothing offers a change.

    Delete match asks first (a view-only flag: the question goes when the screen is
    drawn afresh); only its Delete deletes."""
    asking, set_asking = ft.use_state(False)
    controls: list[ft.Control] = [
        ScoreSheet(record, score, act.show_hand, key="score-sheet"),
        ft.Text(
            (
                _("Target {points} · {title} · house rules: {rules}")
                if rules.house_rules
                else _("Target {points} · {title}")
            ).format(
                points=points(rules.target),
                title=_(rules.variant.title),
                rules=i18n.spoken_list(
                    sorted(house_rule_title(rule) for rule in rules.house_rules)
                ),
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
        if not read_only:  # a rematch is a new match: nothing can be kept
            controls.append(
                ft.FilledButton(
                    content=_("Rematch"), icon=ft.Icons.REPLAY, height=56, on_click=act.rematch
                )
            )
    else:
        if score.tied_at_top:
            top = max(score.running_totals)
            tied = [
                side.name
                for side, total in zip(record.sides, score.running_totals, strict=False)
                if total == top
            ]
            text = _(
                "{names} are tied at the top with {points}: the match is not finished, "
                "another hand is played (see {rule})."
            ).format(names=i18n.spoken_list(tied), points=points(top), rule=i18n.cite(TIE_RULE))
            controls.append(
                ft.Semantics(
                    identifier="tied",
                    label=text,
                    content=ft.Text(text, size=16, weight=ft.FontWeight.BOLD),
                )
            )
        if dealer:
            controls.append(ft.Text(_("{dealer} deals next").format(dealer=dealer), size=16))
        label = (_("Go on with hand {number}") if pending else _("Enter hand {number}")).format(
            number=len(record.hands) + 1
        )
        controls.append(
            ft.Text(
                _("This match can be looked at but not changed: its folder cannot be written."),
                color=ft.Colors.ERROR,
                key="read-only",
            )
            if read_only
            else ft.FilledButton(
                content=label,
                icon=ft.Icons.EDIT_NOTE,
                height=56,
                key="enter-hand",
                on_click=act.begin_hand,
            )
        )
    if editing is not None and not read_only:
        controls.append(
            ft.OutlinedButton(
                content=_("Go on editing hand {value}").format(value=editing + 1),
                icon=ft.Icons.EDIT,
                height=48,
                on_click=act.resume_edit,
            )
        )
    errors = [f for f in score.violations if f.severity is Severity.ERROR]
    if errors:
        controls.append(findings_list(errors))
    if record.hands:
        controls.append(RunningChart(record, score, rules.target, key="running-chart"))
    actions: list[ft.Control] = [
        ft.OutlinedButton(
            content=_("Rule checker"), icon=ft.Icons.GAVEL, height=48, on_click=act.show_checker
        ),
        ft.OutlinedButton(
            content=_("Export"),
            icon=ft.Icons.IOS_SHARE,
            height=48,
            on_click=act.show_export,
        ),
    ]
    if not read_only and not asking:
        actions.append(
            ft.OutlinedButton(
                content=_("Delete match"),
                icon=ft.Icons.DELETE_OUTLINE,
                height=48,
                key="delete-match",
                on_click=lambda: set_asking(True),
            )
        )
    if score.finished and not unlocked and not read_only:
        actions.append(
            ft.OutlinedButton(
                content=_("Edit this finished match"),
                icon=ft.Icons.LOCK_OPEN,
                height=48,
                on_click=act.unlock_finished,
            )
        )
    controls.append(ft.Row(actions, wrap=True))
    if asking and not read_only:

        def delete() -> None:
            set_asking(False)
            act.delete_match()

        controls.append(
            DeleteQuestion(
                len(record.hands), delete, lambda: set_asking(False), key="delete-question"
            )
        )
    return ft.Column(controls, spacing=12)


def _delete_question(
    hands: int, delete: Callable[[], None], keep: Callable[[], None]
) -> ft.Control:
    """The question Delete match asks: ``hands`` the match's hands (they go with it),
    ``delete`` and ``keep`` its two answers. A screen reader says it when it comes (a
    live region); Keep, the answer that loses nothing, takes the keyboard's focus when
    the question comes (the Delete match button that had it is gone), and Esc keeps the
    match too; each button is at least `TOUCH` high.
    """
    keep_button = ft.use_ref(cast(ft.OutlinedButton | None, None))
    use_escape(keep, keep_button)
    keep_control = keep_button.current = ft.OutlinedButton(
        content=_("Keep the match"),
        height=TOUCH,
        key="delete-match-keep",
        autofocus=True,
        on_click=keep,
    )
    text = (
        ngettext(
            "Delete this match? Its {count} hand goes with it.",
            "Delete this match? Its {count} hands go with it.",
            hands,
        ).format(count=i18n.number(hands))
        if hands
        else _("Delete this match? It has no hands yet.")
    )
    return ft.Semantics(
        identifier="delete-match-question",
        label=text,
        live_region=True,
        content=ft.Container(
            content=ft.Column(
                [
                    # read out once, as the live region's label
                    ft.Semantics(
                        content=ft.Text(text, weight=ft.FontWeight.BOLD), exclude_semantics=True
                    ),
                    ft.Row(
                        [
                            ft.FilledButton(
                                content=_("Delete"),
                                icon=ft.Icons.DELETE_FOREVER,
                                height=TOUCH,
                                key="delete-match-yes",
                                style=ft.ButtonStyle(
                                    bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR
                                ),
                                on_click=delete,
                            ),
                            keep_control,
                        ],
                        wrap=True,
                    ),
                ],
                spacing=12,
            ),
            bgcolor=ft.Colors.ERROR_CONTAINER,
            padding=16,
            border_radius=12,
        ),
        key="delete-match-question",
    )


#: The question as a component of its own: it is asked afresh each time it comes.
DeleteQuestion = widget(_delete_question)


def scoreboard_actions(state: OpenMatch) -> list[ft.Control]:
    """Undo and redo in the app bar, labelled with what they would do (none for a store
    that can only be read: nothing there offers a change)."""
    match = state.current
    if match is None or state.store.read_only:
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
