"""The app's state and its only writer.

`AppState` holds what the screens show and every action a player can take. It
imports no Flet, so all of the app's logic is tested at the Python level; the
Flet components render it and call its methods. Every number and verdict comes
from `canasta_scorer.rules` (through the drafts and the store); every byte is
kept by `canasta_scorer.store`.

Attributes are replaced, never mutated in place, so an observer (Flet's
``@observable``) sees every change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from canasta_scorer.rules import (
    HOUSE_RULE_INFO,
    VARIANT_INFO,
    Card,
    Finding,
    HandScore,
    MatchHand,
    MatchRecord,
    MatchScore,
    MatchStatus,
    MeldRank,
    RecordError,
    RuleSet,
    Severity,
    Statistics,
    Variant,
    Verdict,
    WentOut,
    initial_meld_minimum,
    match_rules,
    next_dealer,
    score_match,
)
from canasta_scorer.store import (
    ConflictError,
    MatchState,
    MatchSummary,
    NotFoundError,
    RuleViolationError,
    Store,
    StoreError,
)

from .checker_form import CheckerForm
from .drafts import (
    NOTHING_ENTERED,
    HandDraft,
    LeftDraft,
    MatchSetup,
    MeldDraft,
    SetupSide,
    SideDraft,
)

__all__ = [
    "AppState",
    "HistoryFilter",
    "Preview",
    "Screen",
    "house_rule_title",
    "variant_summary",
]

#: Past matches shown per page.
HISTORY_PAGE = 30


class HistoryFilter(BaseModel):
    """The filters of the past-matches screen."""

    model_config = ConfigDict(frozen=True)

    player: str | None = None
    variant: str | None = None
    status: MatchStatus | None = None
    days: int | None = None


class Screen(StrEnum):
    """The app's screens."""

    HOME = "home"
    NEW_MATCH = "new_match"
    SCOREBOARD = "scoreboard"
    HAND_ENTRY = "hand_entry"
    HAND_DETAIL = "hand_detail"
    MATCHES = "matches"
    CHECKER = "checker"
    STATS = "stats"
    EXPORT = "export"


@dataclass(frozen=True)
class Preview:
    """The live result of the hand being entered.

    Attributes:
        score: each side's score for the hand with its working (``None`` if the
            draft cannot be read yet; see ``problems``).
        findings: the rule engine's findings for this hand, paths relative to the
            hand (``sides[0].melds[1]`` …).
        problems: fields that cannot be read (e.g. a mistyped card), path → message;
            a new hand with nothing entered has ``("", NOTHING_ENTERED)``.
        later: errors the change makes in later hands (when editing an earlier hand).
    """

    score: HandScore | None
    findings: tuple[Finding, ...] = ()
    problems: tuple[tuple[str, str], ...] = ()
    later: tuple[Finding, ...] = ()

    @property
    def errors(self) -> tuple[Finding, ...]:
        """The findings that block saving."""
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)

    @property
    def can_save(self) -> bool:
        """True when nothing blocks saving."""
        return self.score is not None and not self.errors and not self.problems

    def about(self, where: str) -> tuple[Finding, ...]:
        """Findings at ``where`` or below it (e.g. ``sides[0]``)."""
        return tuple(
            f
            for f in self.findings
            if f.where == where
            or f.where.startswith(where + ".")
            or f.where.startswith(where + "[")
        )


def _default_sides(variant: Variant) -> tuple[SetupSide, ...]:
    sizes = VARIANT_INFO[variant].side_sizes
    names: tuple[str, ...]
    if sizes == (2, 2):
        names = ("North-South", "East-West")
    elif sizes == (3, 3):
        names = ("Team A", "Team B")
    elif sizes == (2, 2, 2):
        names = ("Team A", "Team B", "Team C")
    elif sizes == (3, 2):
        names = ("Three", "Two")
    else:
        names = tuple(f"Player {n + 1}" for n in range(len(sizes)))
    return tuple(
        SetupSide(name=name, players=("",) * size if size > 1 else ())
        for name, size in zip(names, sizes, strict=True)
    )


@dataclass
class AppState:
    """Everything the screens show, and every action (the only writer).

    Attributes:
        store: where matches are kept.
        screen: the screen shown.
        match: the open match (``None`` on the home screen).
        draft: the hand being entered, kept in the store as it is typed.
        preview: the live score and findings of the draft.
        setup: the new-match form.
        setup_problems: why the new-match form cannot start a match, path → message.
        detail: the hand whose breakdown is shown.
        message: the last thing to tell the player (a saved hand, a conflict …).
        recent: the match list on the home and matches screens.
        known_players: remembered players, to pick from.
        checker_from: the screen the rule checker was opened from (Back returns there).
        deleted: the match deleted last, while its message offers Undo.
    """

    store: Store
    screen: Screen = Screen.HOME
    match: MatchState | None = None
    draft: HandDraft | None = None
    preview: Preview | None = None
    setup: MatchSetup = field(default_factory=MatchSetup)
    setup_problems: tuple[tuple[str, str], ...] = ()
    detail: int | None = None
    message: str | None = None
    recent: tuple[MatchSummary, ...] = ()
    known_players: tuple[str, ...] = ()
    entry_side: int = 0
    checker: CheckerForm = field(default_factory=CheckerForm)
    checker_verdict: Verdict | None = None
    checker_problems: tuple[tuple[str, str], ...] = ()
    history_filter: HistoryFilter = field(default_factory=lambda: HistoryFilter())
    history_more: bool = False
    stats: Statistics | None = None
    export_text: str = ""
    export_kind: str = ""
    deleted: int | None = None
    unlocked: bool = False
    checker_from: Screen = Screen.HOME

    # --- navigation ------------------------------------------------------------

    def _show(self, screen: Screen) -> None:
        """Go to a screen. A message belongs to the screen it was said on: it goes
        when the player moves to another (an action that navigates says its message
        after this)."""
        if screen is not self.screen:
            self.message = None
            self.deleted = None
        self.screen = screen

    def go_home(self) -> None:
        """Back to the home screen (the draft stays kept)."""
        self.refresh_recent()
        self._show(Screen.HOME)

    def refresh(self) -> None:
        """Reload what the screen shows from the store: the page was reloaded or the
        tab reconnected, and another device may have changed it meanwhile. The hand
        being entered is kept; if its match changed, the scoreboard is shown with
        what changed (see `save_hand`)."""
        if self.screen is Screen.HOME:
            self.refresh_recent()
        elif self.screen is Screen.MATCHES:
            self._load_history()
            self.known_players = tuple(self.store.players())
        elif self.screen is Screen.STATS:
            self.show_stats()
        elif self.screen is Screen.NEW_MATCH:
            self.known_players = tuple(self.store.players())
        elif self.screen is Screen.CHECKER and self.checker_from is not Screen.SCOREBOARD:
            pass
        elif self.match is not None:
            self._refresh_match()

    def _refresh_match(self) -> None:
        assert self.match is not None
        before = self.match.version
        if not self._reload_match():
            return
        assert self.match is not None
        if self.match.version == before:
            return
        hands = len(self.match.record.hands)
        if self.screen is Screen.HAND_DETAIL and (self.detail is None or self.detail >= hands):
            self._show(Screen.SCOREBOARD)  # the hand shown is gone
        elif self.screen is Screen.HAND_ENTRY and self.draft is not None:
            self._show(Screen.SCOREBOARD)
            self.say(self._changed_while_entering())
        elif self.screen is Screen.EXPORT:
            self.export(self.export_kind)
        if self.draft is not None:
            self._keep_draft()  # another device's save clears the kept draft
            self._preview()

    def _reload_match(self) -> bool:
        """Read the open match again (one store read); if it was deleted elsewhere, go
        home and say so.

        Returns:
            True if the match is still there.
        """
        if self.match is None:
            return False
        try:
            self.match = self.store.match(self.match.id)
        except NotFoundError:
            self.match = None
            self.draft = None
            self.preview = None
            self.go_home()
            self.say("This match was deleted on another device.")
            return False
        if self.draft is None:
            kept = self.store.draft(self.match.id)
            self.draft = HandDraft.load(kept) if kept else None
        return True

    def _changed_while_entering(self) -> str:
        assert self.match is not None and self.draft is not None
        if self.draft.number is None:
            return (
                "Another device changed this match while you were entering this hand; "
                "nothing of yours was saved. Its hands are shown now. Your entry is kept: "
                f"open it with 'Go on with hand {len(self.match.record.hands) + 1}' and "
                "save it only if it is a different hand."
            )
        number = self.draft.number + 1
        return (
            f"Another device changed this match while you were editing hand {number}; "
            "nothing of yours was saved. Its hands are shown now. Your change is kept: "
            f"open it with 'Go on editing hand {number}' and save it only if it is "
            "still needed."
        )

    def _changed_elsewhere(self, what: str) -> None:
        """After a refused change (the match changed on another device): reload it and
        say so plainly."""
        self.say(
            f"Another device changed this match meanwhile, so {what}. Its hands are shown now."
        )
        self._reload_match()

    def refresh_recent(self) -> None:
        """Reload the match list and the remembered players."""
        self.recent = tuple(self.store.matches(limit=50))
        self.known_players = tuple(self.store.players())

    def in_progress(self) -> MatchSummary | None:
        """The newest unfinished match, to resume."""
        return next((m for m in self.recent if m.status == "in_progress"), None)

    def show_matches(self) -> None:
        """The list of past matches, newest first, with the filters kept."""
        self._load_history()
        self.known_players = tuple(self.store.players())
        self._show(Screen.MATCHES)

    def _load_history(self, *, more: bool = False) -> None:
        f = self.history_filter
        since = datetime.now(UTC) - timedelta(days=f.days) if f.days else None
        before = self.recent[-1].id if more and self.recent else None
        page = tuple(
            self.store.matches(
                limit=HISTORY_PAGE + 1,
                before=before,
                status=f.status,
                variant=f.variant,
                player=f.player,
                since=since,
            )
        )
        self.history_more = len(page) > HISTORY_PAGE
        page = page[:HISTORY_PAGE]
        self.recent = (self.recent + page) if more else page

    def filter_history(self, **changes: object) -> None:
        """Change the history filters (player, variant, status, days) and reload."""
        self.history_filter = self.history_filter.model_copy(update=changes)
        self._load_history()

    def load_more_history(self) -> None:
        """The next page of past matches."""
        self._load_history(more=True)

    def show_stats(self) -> None:
        """Player and partnership statistics over the matches of the history filters."""
        f = self.history_filter
        since = datetime.now(UTC) - timedelta(days=f.days) if f.days else None
        self.stats = self.store.statistics(
            status=f.status, variant=f.variant, player=f.player, since=since
        )
        self._show(Screen.STATS)

    # --- the rule checker ----------------------------------------------------------

    def show_checker(self) -> None:
        """The rule checker; opened from a match, under that match's rules."""
        from_match = self.screen is Screen.SCOREBOARD and self.match is not None
        if from_match:
            assert self.match is not None
            record = self.match.record
            self.checker = self.checker.model_copy(
                update={
                    "variant": record.variant.value,
                    "house_rules": frozenset(rule.value for rule in record.house_rules),
                }
            )
        elif self.checker_from is Screen.SCOREBOARD:  # a match's rules do not stay on
            self.checker = self.checker.model_copy(update={"house_rules": frozenset()})
        self.checker_from = Screen.SCOREBOARD if from_match else Screen.HOME
        self._check()
        self._show(Screen.CHECKER)

    def leave_checker(self) -> None:
        """Back from the rule checker to where it was opened: the match, or home."""
        if self.checker_from is Screen.SCOREBOARD and self.match is not None:
            self.back_to_scoreboard()
        else:
            self.go_home()

    def set_checker(self, **changes: object) -> None:
        """Change the checker's question or inputs; the verdict follows. A new question
        starts from a clean form (the variant and house rules are kept)."""
        question = changes.get("question")
        if question is not None and question != self.checker.question:
            self.checker = CheckerForm(
                variant=self.checker.variant, house_rules=self.checker.house_rules
            )
        self.checker = self.checker.model_copy(update=changes)
        self._check()

    def history_filter_words(self) -> str:
        """The history filters in words, e.g. "player Petra, finished", or ""."""
        f = self.history_filter
        parts = [f"player {f.player}"] if f.player else []
        if f.variant:
            parts.append(f.variant)
        if f.status:
            parts.append("finished" if f.status == "finished" else "unfinished")
        if f.days:
            parts.append(f"last {f.days} days")
        return ", ".join(parts)

    def checker_card(self, card: Card | None) -> None:
        """Add a card from the card pad (``None`` takes the last one back)."""
        cards = self.checker.cards
        self.set_checker(cards=cards[:-1] if card is None else (*cards, card))

    def _check(self) -> None:
        self.checker_verdict, self.checker_problems = self.checker.verdict()

    # --- review: export, delete, finished matches -----------------------------------

    def export(self, kind: str) -> None:
        """Show the open match as a match file (``json``), a CSV score sheet (``csv``) or
        a score sheet to save as an image (``image``)."""
        if self.match is None:
            return
        self.export_kind = kind
        if kind == "csv":
            self.export_text = self.store.export_csv(self.match.id)
        elif kind == "image":
            self.export_text = ""
        else:
            self.export_text = self.store.export_match(self.match.id)
        self._show(Screen.EXPORT)

    def export_file_name(self) -> str:
        """The file name to save the export under, e.g. ``canasta-match-3.json``."""
        number = self.match.id if self.match is not None else 0
        suffix = {"csv": "csv", "image": "png"}.get(self.export_kind, "json")
        return f"canasta-match-{number}.{suffix}"

    def delete_match(self) -> None:
        """Delete the open match; the message offers to bring it back."""
        if self.match is None:
            return
        try:
            self.store.delete_match(self.match.id, self.match.version)
        except ConflictError:
            self._changed_elsewhere("the match was not deleted")
            return
        deleted = self.match.id
        self.match = None
        self.draft = None
        self.preview = None
        self.go_home()
        self.say("Match deleted.")
        self.deleted = deleted  # the message offers Undo

    def restore_deleted(self) -> None:
        """Bring back the match deleted last."""
        if self.deleted is None:
            return
        self._open(self.store.restore_match(self.deleted))
        self.deleted = None
        self.say("Match brought back.")

    def unlock_finished(self) -> None:
        """Allow editing the hands of a finished match (they are read-only by default)."""
        self.unlocked = True

    def say(self, message: str | None) -> None:
        """Tell the player something (shown until the next message or screen)."""
        self.message = message
        self.deleted = None

    # --- new match -------------------------------------------------------------

    def new_match(self, variant: Variant | str = Variant.CLASSIC) -> None:
        """Open the new-match form for a variant."""
        variant = Variant(variant)
        self.known_players = tuple(self.store.players())
        self.setup = MatchSetup(variant=variant.value, sides=_default_sides(variant))
        self.setup_problems = ()
        self._show(Screen.NEW_MATCH)

    def set_variant(self, variant: str) -> None:
        """Change the variant; sides are reshaped for it, names kept where they fit
        (a side name left as the old variant's default takes the new default)."""
        old = self.setup.sides
        was = _default_sides(Variant(self.setup.variant))
        fresh = _default_sides(Variant(variant))
        sides = []
        for i, side in enumerate(fresh):
            if i < len(old):
                players = tuple((old[i].players + ("",) * len(side.players))[: len(side.players)])
                untouched = i < len(was) and old[i].name == was[i].name
                name = side.name if untouched else old[i].name
                sides.append(old[i].model_copy(update={"players": players, "name": name}))
            else:
                sides.append(side)
        self.setup = self.setup.model_copy(
            update={"variant": variant, "sides": tuple(sides), "first_dealer": None}
        )
        self.setup_problems = ()

    def toggle_house_rule(self, rule: str, on: bool) -> None:
        """Turn a house rule on or off."""
        rules = set(self.setup.house_rules)
        if on:
            rules.add(rule)
        else:
            rules.discard(rule)
        self.setup = self.setup.model_copy(update={"house_rules": frozenset(rules)})

    def set_target(self, text: str) -> None:
        """Set a custom target (empty: the variant's)."""
        self.setup = self.setup.model_copy(update={"target": text})

    def set_side(
        self,
        index: int,
        *,
        name: str | None = None,
        player: tuple[int, str] | None = None,
        start_score: str | None = None,
    ) -> None:
        """Change a side's name, one of its players, or its start score."""
        sides = list(self.setup.sides)
        side = sides[index]
        if name is not None:
            side = side.model_copy(update={"name": name})
        if player is not None:
            seat, value = player
            players = list(side.players)
            players[seat] = value
            side = side.model_copy(update={"players": tuple(players)})
        if start_score is not None:
            side = side.model_copy(update={"start_score": start_score})
        sides[index] = side
        self.setup = self.setup.model_copy(update={"sides": tuple(sides)})

    def set_first_dealer(self, player: str | None) -> None:
        """Who deals the first hand."""
        self.setup = self.setup.model_copy(update={"first_dealer": player or None})

    def _setup_label(self, where: str) -> str:
        """A field of the new-match form in the words on the screen, for a JSON path."""
        match = re.fullmatch(r"sides\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\])?", where)
        if match is None:
            return {
                "target": "Target",
                "variant": "Variant",
                "house_rules": "House rules",
                "sides": "Sides",
            }.get(where, where)
        index = int(match.group(1))
        sides = self.setup.sides
        name = (sides[index].name.strip() if index < len(sides) else "") or f"Side {index + 1}"
        field_name = {"start_score": "start score", "name": "name", "players": "players"}.get(
            match.group(2) or "", match.group(2) or ""
        )
        if match.group(3) is not None and match.group(2) == "players":
            return f"{name} player {int(match.group(3)) + 1}"
        return f"{name} {field_name}".strip()

    def create_match(self) -> bool:
        """Start the match on the form; on a problem, keep the form and say why.

        Returns:
            True if the match was started (the scoreboard is shown).
        """
        try:
            record = self.setup.to_record()
        except RecordError as error:
            self.setup_problems = tuple(
                (self._setup_label(p.where), p.message) for p in error.problems
            )
            return False
        score = score_match(record)
        problems = [f for f in score.violations if f.severity is Severity.ERROR]
        if problems:
            self.setup_problems = tuple((self._setup_label(f.where), f.message) for f in problems)
            return False
        try:
            state = self.store.create_match(record)
        except (RuleViolationError, StoreError) as error:
            self.setup_problems = (("", str(error)),)
            return False
        self.setup_problems = ()
        self._open(state)
        if self.setup.first_dealer:
            self.draft = HandDraft.blank(record, self.setup.first_dealer)
            self.store.save_draft(state.id, self.draft.dump())
        return True

    # --- a match ----------------------------------------------------------------

    def _open(self, state: MatchState) -> None:
        self.match = state
        self.unlocked = False
        self.detail = None
        kept = self.store.draft(state.id)
        self.draft = HandDraft.load(kept) if kept else None
        self.preview = None
        self._show(Screen.SCOREBOARD)

    def open_match(self, match_id: int) -> None:
        """Show a match's scoreboard."""
        try:
            self._open(self.store.match(match_id))
        except NotFoundError:
            self.go_home()
            self.say(
                f"Match {match_id} is not there any more: it may have been deleted "
                "on another device."
            )

    def reload(self) -> None:
        """Reload the open match from the store (after a conflict)."""
        self._reload_match()

    @property
    def rules(self) -> RuleSet | None:
        """The open match's rules."""
        return match_rules(self.match.record) if self.match else None

    def minimums(self) -> tuple[int, ...]:
        """Each side's initial meld minimum for the next hand."""
        return self.match.score.initial_meld_minimums if self.match else ()

    def next_dealer(self) -> str | None:
        """Who deals next (from the recorded dealers)."""
        if self.match is None:
            return None
        first = self.draft.dealer if self.draft and not self.match.record.hands else None
        return next_dealer(self.match.record, first)

    def show_hand(self, number: int) -> None:
        """Show one hand's full breakdown."""
        self.detail = number
        self._show(Screen.HAND_DETAIL)

    def back_to_scoreboard(self) -> None:
        """Back to the scoreboard (a draft being entered stays kept), with the match
        read again: another device may have saved a hand meanwhile."""
        self._show(Screen.SCOREBOARD)
        self._reload_match()

    def undo(self) -> None:
        """Undo the last change to the match's hands."""
        self._history(forward=False)

    def redo(self) -> None:
        """Redo the change undone last."""
        self._history(forward=True)

    def _history(self, *, forward: bool) -> None:
        if self.match is None:
            return
        try:
            state = (self.store.redo if forward else self.store.undo)(
                self.match.id, self.match.version
            )
        except ConflictError:
            self._changed_elsewhere("nothing was " + ("redone" if forward else "undone"))
            return
        except StoreError as error:
            self.say(str(error))
            return
        self.match = state
        self.say(
            ("Redone: " if forward else "Undone: ")
            + ((state.undo if forward else state.redo) or "change")
        )

    def delete_hand(self, number: int) -> None:
        """Delete a hand of the open match (undo brings it back); in a finished match
        only after `unlock_finished`."""
        if self.match is None:
            return
        if self.match.score.finished and not self.unlocked:
            self.say("This match is finished: choose to edit it first.")
            return
        try:
            self.match = self.store.delete_hand(self.match.id, number, self.match.version)
        except ConflictError:
            self._show(Screen.SCOREBOARD)  # the hand shown may be gone or moved
            self._changed_elsewhere(f"hand {number + 1} was not deleted")
            return
        self._show(Screen.SCOREBOARD)
        self.say(f"Hand {number + 1} deleted (undo brings it back).")

    def rematch(self) -> None:
        """A new match with the same sides and rules."""
        if self.match is None:
            return
        self._open(self.store.rematch(self.match.id))
        self.say("New match with the same sides.")

    # --- hand entry -------------------------------------------------------------

    def begin_hand(self) -> None:
        """Enter the next hand (or go on with the one kept)."""
        if self.match is None:
            return
        if self.match.score.finished:
            self.say("The match is over: start a rematch for another.")
            return
        if self.draft is None or self.draft.number is not None:
            self.draft = HandDraft.blank(self.match.record, self.next_dealer())
            self.entry_side = 0
            self._keep_draft()
        self._preview()
        self._show(Screen.HAND_ENTRY)

    def resume_edit(self) -> None:
        """Go on with the edit of an earlier hand that was kept (after Back, or after
        another device changed the match)."""
        if self.match is None or self.draft is None or self.draft.number is None:
            return
        if self.match.score.finished and not self.unlocked:
            self.say("This match is finished: choose to edit it first.")
            return
        self._preview()
        self._show(Screen.HAND_ENTRY)

    def edit_hand(self, number: int) -> None:
        """Edit an earlier hand (in a finished match only after `unlock_finished`)."""
        if self.match is None:
            return
        if self.match.score.finished and not self.unlocked:
            self.say("This match is finished: choose to edit it first.")
            return
        self.draft = HandDraft.from_hand(self.match.record, number)
        self.entry_side = 0
        self._keep_draft()
        self._preview()
        self._show(Screen.HAND_ENTRY)

    def discard_draft(self) -> None:
        """Throw away the hand being entered (before the first hand, who deals first is
        kept: it is only recorded with the hands)."""
        first = None
        if self.draft is not None and self.match is not None and not self.match.record.hands:
            first = self.draft.dealer
        if self.match is not None:
            self.store.clear_draft(self.match.id)
        self.draft = None
        self.preview = None
        self._show(Screen.SCOREBOARD)
        if first and self.match is not None:
            self.draft = HandDraft.blank(self.match.record, first)
            self._keep_draft()

    def _keep_draft(self) -> None:
        if self.match is not None and self.draft is not None:
            self.store.save_draft(self.match.id, self.draft.dump())

    def _set_draft(self, draft: HandDraft) -> None:
        self.draft = draft
        self._keep_draft()
        self._preview()

    def _side(self, index: int) -> SideDraft:
        assert self.draft is not None
        return self.draft.sides[index]

    def _replace_side(self, index: int, side: SideDraft) -> None:
        assert self.draft is not None
        sides = list(self.draft.sides)
        sides[index] = side
        self._set_draft(self.draft.model_copy(update={"sides": tuple(sides)}))

    def select_side(self, index: int) -> None:
        """Show another side on the hand-entry screen."""
        self.entry_side = index

    def hand_minimums(self) -> tuple[int, ...]:
        """Each side's initial meld minimum for the hand being entered (for an edit,
        from the totals before that hand)."""
        if self.match is None:
            return ()
        number = self.draft.number if self.draft is not None else None
        if number is None or number > len(self.match.record.hands):
            return self.match.score.initial_meld_minimums
        rules = match_rules(self.match.record)
        before = (
            self.match.score.hands[number - 1].running
            if number
            else tuple(side.start_score for side in self.match.record.sides)
        )
        return tuple(initial_meld_minimum(total, rules) for total in before)

    def meld_index(self, side: int, rank: MeldRank) -> int | None:
        """The side's meld of this rank in the draft, if there is one."""
        for index, meld in enumerate(self._side(side).melds):
            if meld.rank is rank:
                return index
        return None

    def add_meld(self, side: int, rank: MeldRank | str) -> int:
        """Add a meld of a rank to a side (three naturals to start; none for wild).

        Returns:
            The meld's index. If the side already has a meld of that rank, that one
            (a side has one meld per rank: tapping the rank again opens it).
        """
        rank = MeldRank(rank)
        existing = self.meld_index(side, rank)
        if existing is not None:
            self.say("A side has one meld per rank: add the cards to the meld it has.")
            return existing
        current = self._side(side)
        start = MeldDraft(
            rank=rank,
            naturals=0 if rank is MeldRank.WILD else 3,
            twos=3 if rank is MeldRank.WILD else 0,
        )
        self._replace_side(side, current.model_copy(update={"melds": (*current.melds, start)}))
        return len(current.melds)

    def set_meld(
        self,
        side: int,
        index: int,
        *,
        naturals: int | None = None,
        twos: int | None = None,
        jokers: int | None = None,
    ) -> None:
        """Change the counts of a meld (never below 0)."""
        current = self._side(side)
        meld = current.melds[index]
        update = {
            key: max(0, min(200, value))
            for key, value in (("naturals", naturals), ("twos", twos), ("jokers", jokers))
            if value is not None
        }
        melds = list(current.melds)
        melds[index] = meld.model_copy(update=update)
        self._replace_side(side, current.model_copy(update={"melds": tuple(melds)}))

    def remove_meld(self, side: int, index: int) -> None:
        """Take a meld off a side."""
        current = self._side(side)
        melds = current.melds[:index] + current.melds[index + 1 :]
        self._replace_side(side, current.model_copy(update={"melds": melds}))

    def set_red_threes(self, side: int, count: int) -> None:
        """Red threes a side laid out."""
        current = self._side(side)
        self._replace_side(side, current.model_copy(update={"red_threes": max(0, count)}))

    def set_went_out(self, side: int, how: WentOut | str, player: str | None = None) -> None:
        """How the hand ended for a side; going out clears it from the other sides
        (one side at most goes out)."""
        assert self.draft is not None
        how = WentOut(how)
        sides = []
        for index, current in enumerate(self.draft.sides):
            if index == side:
                players = self.match.record.sides[index].players if self.match else ()
                who = player if how is not WentOut.NO else None
                if how is not WentOut.NO and who is None and len(players) == 1:
                    who = players[0]
                current = current.model_copy(update={"went_out": how, "went_out_by": who})
            elif how is not WentOut.NO and current.went_out is not WentOut.NO:
                current = current.model_copy(update={"went_out": WentOut.NO, "went_out_by": None})
            sides.append(current)
        self._set_draft(self.draft.model_copy(update={"sides": tuple(sides)}))

    def set_left(self, side: int, player: int, **values: int | str | bool) -> None:
        """Cards left in one player's hand: counts by point class (``jokers``,
        ``aces_and_twos``, ``king_to_eight``, ``seven_to_four``), or ``cards`` typed
        with ``by_cards=True``."""
        current = self._side(side)
        lefts = list(current.left)
        clean: dict[str, int | str | bool] = {}
        for key, value in values.items():
            if key not in LeftDraft.model_fields:
                raise ValueError(f"unknown field {key}")
            clean[key] = (
                max(0, value) if isinstance(value, int) and not isinstance(value, bool) else value
            )
        lefts[player] = lefts[player].model_copy(update=clean)
        self._replace_side(side, current.model_copy(update={"left": tuple(lefts)}))

    def set_quick(self, on: bool) -> None:
        """Quick mode: type each side's hand total from a paper count instead of cards."""
        assert self.draft is not None
        totals = self.draft.totals or tuple("" for _ in self.draft.sides)
        self._set_draft(self.draft.model_copy(update={"quick": on, "totals": totals}))

    def set_quick_total(self, side: int, text: str) -> None:
        """A side's hand total in quick mode (checked: a whole number, a multiple of 5)."""
        assert self.draft is not None
        totals = list(self.draft.totals or tuple("" for _ in self.draft.sides))
        totals[side] = text
        self._set_draft(self.draft.model_copy(update={"totals": tuple(totals)}))

    def set_hand_info(
        self,
        *,
        dealer: str | None = None,
        note: str | None = None,
        lone_hand: str | None = None,
        sitting_out: str | None = None,
    ) -> None:
        """The hand's dealer, note, lone hand (cutthroat) or player sitting out (five)."""
        assert self.draft is not None
        update: dict[str, str | None] = {}
        if dealer is not None:
            update["dealer"] = dealer or None
        if note is not None:
            update["note"] = note
        if lone_hand is not None:
            update["lone_hand"] = lone_hand or None
        if sitting_out is not None:
            update["sitting_out"] = sitting_out or None
        self._set_draft(self.draft.model_copy(update=update))

    def _candidate(self) -> tuple[MatchRecord, int] | tuple[None, tuple[tuple[str, str], ...]]:
        assert self.match is not None and self.draft is not None
        record = self.match.record
        rules = match_rules(record)
        try:
            hand: MatchHand = self.draft.to_hand(record, rules)
        except RecordError as error:
            return None, tuple((p.where, p.message) for p in error.problems)
        hands = list(record.hands)
        number = self.draft.number
        if number is None:
            number = len(hands)
            hands.append(hand)
        elif number >= len(hands):  # deleted on another device meanwhile
            return None, (("", f"Hand {number + 1} is no longer in this match."),)
        else:
            hands[number] = hand
        return record.model_copy(update={"hands": tuple(hands)}), number

    def _preview(self) -> None:
        if self.match is None or self.draft is None:
            self.preview = None
            return
        candidate, info = self._candidate()
        if candidate is None:
            assert isinstance(info, tuple)
            self.preview = Preview(score=None, problems=info)
            return
        empty: tuple[tuple[str, str], ...] = ()
        if self.draft.number is None and self.draft.is_empty():
            empty = (("", NOTHING_ENTERED),)  # nothing to check on a blank form either
        assert isinstance(info, int)
        number = info
        score: MatchScore = score_match(candidate)
        prefix = f"hands[{number}]"
        mine = tuple(
            f.model_copy(update={"where": f.where.removeprefix(prefix).lstrip(".")})
            for f in score.violations
            if f.where == prefix or f.where.startswith(prefix + ".")
        )
        later = tuple(
            f
            for f in score.violations
            if f.severity is Severity.ERROR
            and f.where.startswith("hands[")
            and not (f.where == prefix or f.where.startswith(prefix + "."))
        )
        self.preview = Preview(
            score=score.hand_scores[number],
            findings=() if empty else mine,
            problems=empty,
            later=later,
        )

    def hand_problems(self) -> tuple[tuple[str, str], ...]:
        """What keeps the hand being entered from being read, each with its field in
        the words on the screen (e.g. "South's cards left in hand")."""
        if self.preview is None:
            return ()
        return tuple((self.hand_field(where), message) for where, message in self.preview.problems)

    def hand_field(self, where: str) -> str:
        """A field of the hand being entered in the words on the screen, for the path
        of a problem or finding (``sides[0].total`` → "North-South hand total")."""
        if self.match is None or not where:
            return ""
        record = self.match.record
        found = re.fullmatch(r"sides\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\]|\.([^.\[]+))?.*", where)
        if found is None:
            return {
                "note": "Note",
                "dealer": "Dealer",
                "lone_hand": "Lone hand",
                "sitting_out": "Sitting out",
                "sides": "Sides",
            }.get(where.split(".")[0].split("[")[0], "This hand")
        index = int(found.group(1))
        if index >= len(record.sides):
            return "This hand"
        side = record.sides[index]
        part, seat, key = found.group(2), found.group(3), found.group(4)
        if part == "left_in_hand":
            who = side.name
            if seat is not None and int(seat) < len(side.players):
                who = side.players[int(seat)]
            elif key:
                who = key
            return f"{who}'s cards left in hand"
        if part == "melds" and seat is not None:
            melds = self.draft.sides[index].melds if self.draft is not None else ()
            number = int(seat)
            if number < len(melds):
                rank = melds[number].rank
                what = (
                    "black threes"
                    if rank is MeldRank.BLACK_THREE
                    else "wild cards"
                    if rank is MeldRank.WILD
                    else f"{rank.value}s"
                )
                return f"{side.name} meld of {what}"
            return f"{side.name} meld {number + 1}"
        words = {
            "total": "hand total",
            "red_threes": "red threes",
            "went_out": "going out",
            "went_out_by": "who went out",
            "melds": "melds",
        }
        return f"{side.name} {words.get(part or '', '')}".strip()

    def save_hand(self) -> bool:
        """Save the hand being entered; blocked while it breaks a rule.

        On a conflict (changed on another device) or a refusal, the draft is kept
        and the reason is shown.

        Returns:
            True if saved (the scoreboard is shown).
        """
        if self.match is None or self.draft is None:
            return False
        self._preview()
        if self.preview is None or not self.preview.can_save:
            self.say("Not saved: fix what is marked first.")
            return False
        record = self.match.record
        hand = self.draft.to_hand(record, match_rules(record))
        try:
            if self.draft.number is None:
                state = self.store.add_hand(self.match.id, hand, self.match.version)
                said = f"Hand {len(state.record.hands)} saved."
            else:
                state = self.store.edit_hand(
                    self.match.id, self.draft.number, hand, self.match.version
                )
                said = f"Hand {self.draft.number + 1} changed; the totals after it follow."
        except ConflictError:
            # Show what the other device saved; keep the entry, which may be the very
            # hand it saved (never carried over silently as the next hand).
            if self._reload_match():
                self._show(Screen.SCOREBOARD)
                self.say(self._changed_while_entering())
                self._keep_draft()  # the other device's save cleared the kept draft
                self._preview()
            return False
        except RuleViolationError as error:
            self.say("Not saved: " + "; ".join(f.message for f in error.findings))
            return False
        except StoreError as error:
            self.say(f"Not saved: {error}")
            return False
        self.store.clear_draft(state.id)
        self.match = state
        self.draft = None
        self.preview = None
        self._show(Screen.SCOREBOARD)
        if state.score.finished:
            winner = state.score.winner
            said += (
                f" {winner} wins by {state.score.margin:,}!" if winner else " The match is a draw."
            )
        self.say(said)
        return True


def variant_choices() -> list[tuple[str, str, str]]:
    """Every variant: id, title, one-line description."""
    return [(info.id.value, info.title, info.description) for info in VARIANT_INFO.values()]


def house_rule_choices() -> list[tuple[str, str, str]]:
    """Every house rule: id, its reference in rules §3 (H1, O4 …), short explanation."""
    return [(info.id.value, info.ref, info.description) for info in HOUSE_RULE_INFO.values()]


#: Each house rule in a few words of the game (a switch label fits a phone).
HOUSE_RULE_TITLES: dict[str, str] = {info.id.value: info.title for info in HOUSE_RULE_INFO.values()}


def house_rule_title(rule: str) -> str:
    """A house rule in a few words ("Black three freezes the pile"); an unknown id is
    named by its id in words."""
    return HOUSE_RULE_TITLES.get(rule, rule.replace("-", " ").capitalize())


def variant_summary(variant: Variant | str) -> str:
    """A variant in one line, its target named as such ("…; target 5,000")."""
    info = VARIANT_INFO[Variant(variant)]
    text = info.description
    fixed = re.sub(r"; ([\d,]+)(\s*\([^)]*\))?$", r"; target \1\2", text)
    if fixed == text and "target" not in text:
        fixed = f"{text}; target {info.target:,}"
    return fixed
