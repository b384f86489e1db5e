"""The open match and the hand being entered in it: their only writers.

`OpenMatch` holds the match as the store last gave it and every action on its
hands (save, edit, delete, undo, redo, rematch). `HandEntry` holds the hand being
entered and its live preview; a tap changes it in memory and re-scores only that
hand (the rules engine's hand functions), never the whole match; the match is
re-scored by the store on Save. The draft is written to the store debounced: at
most once a second while it changes (`DRAFT_DELAY`), and at once on leaving the
screen, on Save and when the tab disconnects (`HandEntry.flush`).
"""

from __future__ import annotations

import contextlib
import re
import time
import uuid
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from canasta_scorer import i18n
from canasta_scorer.i18n import _, ngettext
from canasta_scorer.rules import (
    CanastaError,
    Card,
    Code,
    Finding,
    HandScore,
    MatchHand,
    MeldRank,
    RecordError,
    RuleSet,
    Severity,
    SideScore,
    WentOut,
    check_hand,
    hand_record,
    has_errors,
    initial_meld_minimum,
    match_rules,
    next_dealer,
    parse_cards,
    score_match,
    score_sides,
    scoring_groups,
)
from canasta_scorer.store import (
    ConflictError,
    KeptDraft,
    LaterHandsError,
    MatchState,
    NotFoundError,
    RuleViolationError,
    Store,
    StoreError,
)

from ..drafts import (
    MISSING_TOTAL,
    NOTHING_ENTERED,
    HandDraft,
    LeftDraft,
    MeldDraft,
    SideDraft,
    hand_mark,
)
from ..words import change_words, store_problem
from .navigation import Navigation, Screen
from .work import Steps, Work

#: When this server started (UTC): an entry kept before it and not changed since was
#: kept before the app was restarted.
STARTED = datetime.now(UTC)

__all__ = ["DRAFT_DELAY", "HandEntry", "OpenMatch", "Preview", "Rival", "Scheduler"]

#: Seconds a changed draft may wait before it is written to the store.
DRAFT_DELAY = 1.0

#: Runs a function after a delay in seconds, off the tap's path (the app gives
#: Flet's task runner; without one, drafts are written on `HandEntry.flush` only).
Scheduler = Callable[[float, Callable[[], None]], object]


@dataclass(frozen=True)
class Preview:
    """The live result of the hand being entered.

    Attributes:
        score: each side's score for the hand with its working, in points (``None``
            if the draft cannot be read yet; see ``problems``).
        findings: the rule engine's findings for this hand, paths relative to the
            hand (``sides[0].melds[1]`` …).
        problems: fields that cannot be read (e.g. a mistyped card), path → message;
            a new hand with nothing entered has ``("", NOTHING_ENTERED)``.
        later: errors the change makes in later hands (when editing an earlier hand).
        unknown: sides whose hand total cannot be worked out (a field of theirs cannot
            be read): ``score`` then holds the other sides' totals, and theirs are not
            to be shown (see `side_score`).
    """

    score: HandScore | None
    findings: tuple[Finding, ...] = ()
    problems: tuple[tuple[str, str], ...] = ()
    later: tuple[Finding, ...] = ()
    unknown: frozenset[int] = frozenset()

    def side_score(self, index: int) -> SideScore | None:
        """A side's score for the hand, or ``None`` when it cannot be worked out yet."""
        score = self.score
        if score is None or index in self.unknown or index >= len(score.sides):
            return None
        return score.sides[index]

    @property
    def errors(self) -> tuple[Finding, ...]:
        """The findings that block saving: the errors, and a side with nothing entered
        (`Code.HAND_SIDE_BLANK`, a warning for a file, rules §1.13: hand entry saves no
        hand with a side left blank)."""
        return tuple(f for f in self.findings if _blocks(f))

    def problem_count(self, quiet: Collection[int] = ()) -> int:
        """How many problems keep the hand from being saved, each counted once: the
        errors, and the fields that cannot be read (not a total or a hand still to be
        entered, nor a side of ``quiet``, "not entered yet", that has nothing in it:
        see `waiting_sides`)."""
        waiting = (MISSING_TOTAL, NOTHING_ENTERED)
        blank = set(self.waiting_sides(quiet))
        errors = [
            f for f in self.errors if not (f.code is Code.HAND_SIDE_BLANK and f.where in blank)
        ]
        return len(errors) + sum(1 for _where, m in self.problems if m not in waiting)

    def waiting_sides(self, quiet: Collection[int]) -> tuple[str, ...]:
        """The paths (``sides[1]``) of the sides of ``quiet`` (indexes of sides "not
        entered yet") that the rules engine finds blank (`Code.HAND_SIDE_BLANK`, rules
        §1.9): still to be entered while the hand is being entered; once Save is
        tried no side is quiet, and each is a problem like any other."""
        paths = {f"sides[{index}]" for index in quiet}
        return tuple(
            f.where for f in self.errors if f.code is Code.HAND_SIDE_BLANK and f.where in paths
        )

    @property
    def can_save(self) -> bool:
        """True when nothing blocks saving."""
        return self.score is not None and not self.errors and not self.problems

    def later_by_hand(self) -> tuple[tuple[int, tuple[Finding, ...]], ...]:
        """The errors in later hands (`later`) hand by hand, in order: each hand's
        number counted from 1, and its findings."""
        hands: dict[int, list[Finding]] = {}
        for finding in self.later:
            found = re.match(r"hands\[(\d+)\]", finding.where)
            number = int(found.group(1)) + 1 if found else 0
            hands.setdefault(number, []).append(finding)
        return tuple((number, tuple(hands[number])) for number in sorted(hands))

    def about(self, where: str) -> tuple[Finding, ...]:
        """Findings at ``where`` or below it (e.g. ``sides[0]``)."""
        return tuple(
            f
            for f in self.findings
            if f.where == where
            or f.where.startswith(where + ".")
            or f.where.startswith(where + "[")
        )

    def across(self) -> tuple[Finding, ...]:
        """Findings about several sides at once (``sides``: e.g. more of a card in
        every side's melds and hands together than the deck holds); each side shows
        them, as they are about its cards too."""
        return tuple(f for f in self.findings if f.where == "sides")

    def side_problems(self, side: int) -> int:
        """How many errors and unreadable fields are about one side (an error about
        several sides counts on each of them)."""
        where = f"sides[{side}]"
        errors = [f for f in self.about(where) + self.across() if _blocks(f)]
        unread = [
            p for p, _ in self.problems if p == where or p.startswith((where + ".", where + "["))
        ]
        return len(errors) + len(unread)

    def side_warnings(self, side: int) -> int:
        """How many warnings are about one side (a warning about several sides counts
        on each): findings that do not keep the hand from being saved, but that the
        players should look at again ("has no cards left but did not go out"). A
        total typed from a paper count is not one (its finding only says that it was
        not checked card by card, as the field itself shows)."""
        where = f"sides[{side}]"
        return sum(
            1
            for f in self.about(where) + self.across()
            if not _blocks(f) and f.code is not Code.QUICK_NOT_CARD_CHECKED
        )


#: The side a field's path is in: ``sides[1].left_in_hand[0]`` → 1.
_SIDE_AT = re.compile(r"sides\[(\d+)\]")


def _blocks(finding: Finding) -> bool:
    """True when ``finding`` keeps hand entry from saving: an error, or a side with
    nothing entered (a warning for a file: see `Preview.errors`)."""
    return finding.severity is Severity.ERROR or finding.code is Code.HAND_SIDE_BLANK


def _new_stamp() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class Rival:
    """Another device entering the same hand, whose entry differs from this one's.

    Attributes:
        writer: that device (tab).
        stamp: the version of its entry shown here.
        draft: its entry.
        base: the version its entry was made from.
    """

    writer: str
    stamp: str
    draft: HandDraft
    base: str = ""


@dataclass(eq=False)
class HandEntry:
    """The hand being entered (a new hand or an edit) and its live preview.

    Attributes:
        draft: the hand as entered so far (``None`` when no hand is being entered).
        preview: its live score and findings.
        touched: the sides edited since the entry was opened (an untouched side is
            "not entered yet", not wrong).
        tried: True once Save was tried (then every side's problems are shown).
        side: the side being entered (its index; the screen shows that side's
            panel). Part of the view, not of the draft: kept while the tab is away,
            so a reconnect shows the same side; another hand starts on the first.
        since: the match's version when the entry was started: Save names it, so a
            match changed on another device meanwhile refuses the save (even when
            this screen already shows that change).
        writer: this device (tab), naming its own kept draft in the store.
        rival: another device entering the same hand differently since this one last
            read its entry (``None``: none): the player takes its entry
            (`take_rival`) or keeps this one (`keep_mine`); nothing is lost before.
    """

    store: Store
    draft: HandDraft | None = None
    preview: Preview | None = None
    touched: frozenset[int] = frozenset()
    tried: bool = False
    side: int = 0
    since: int | None = None
    writer: str = field(default_factory=_new_stamp)
    rival: Rival | None = None
    _schedule: Scheduler | None = None
    _delay: float = DRAFT_DELAY
    _work: Work = field(default_factory=Work, repr=False)
    _match: OpenMatch | None = field(default=None, repr=False)
    _dirty: bool = False
    _pending: bool = False
    _writes: int = 0
    #: The version of the entry shown: written here last, or read from another device.
    _shown: str = ""
    #: The versions this hand's entry went through here (kept here, or taken from
    #: another device as they were): a device showing one of them took it from here.
    _seen: frozenset[str] = frozenset()
    #: Devices whose different entry the player chose not to take.
    _apart: frozenset[str] = frozenset()
    #: The entry shown is another device's as it was read, changed nothing here since.
    _theirs: bool = False
    #: When the entry shown was kept, if it was read from the store.
    _seen_at: datetime | None = None
    #: The text typed here into the entry's fields (by field, see `_typed`), as long
    #: as the field holds it: another device changing a field makes it theirs.
    _typed_here: dict[int, str] = field(default_factory=dict, repr=False)
    #: How far the side's body is scrolled (its index, logical pixels), as the browser
    #: last told it: private, so a scroll notifies no screen (it draws nothing).
    _scrolled: tuple[int, float] = (0, 0.0)

    def attach(self, match: OpenMatch) -> None:
        """The open match this entry belongs to (done once, when the app is built)."""
        self._match = match

    def choose_side(self, index: int) -> None:
        """Show the panel of side ``index`` (counted from 0): a choice of the view,
        kept while the tab is away (not part of the draft)."""
        self.side = max(0, index)

    def scrolled(self, side: int, pixels: float) -> None:
        """The browser told how far the body of side ``side`` is scrolled (logical
        pixels from its top; told at most four times a second while it scrolls, and
        when a scroll ends): a screen built again on a reconnect scrolls back there
        (`scroll_offset`). Part of the view, like `side`; nothing is drawn."""
        self._scrolled = (side, max(0.0, float(pixels)))

    def scroll_offset(self, side: int) -> float:
        """How far the body of side ``side`` was last scrolled (logical pixels; 0 for
        another side than the one last scrolled, or another hand)."""
        scrolled_side, pixels = self._scrolled
        return pixels if scrolled_side == side else 0.0

    @property
    def shows_theirs(self) -> bool:
        """The entry shown is another device's kept entry, as read from the store
        (opening the match, or that device's additions taken), nothing changed here."""
        return self._theirs

    @property
    def kept_before_restart(self) -> bool:
        """True when the entry shown is one kept, and not changed since, before this
        server started (`STARTED`): perhaps this very tab's, which a server started
        again cannot tell from another device's."""
        return self._theirs and self._seen_at is not None and self._seen_at < STARTED

    @property
    def writes(self) -> int:
        """How many times the draft was written to the store (for tests and benchmarks)."""
        return self._writes

    @property
    def _state(self) -> MatchState | None:
        return self._match.current if self._match is not None else None

    # --- keeping the draft ----------------------------------------------------------

    def start(
        self, draft: HandDraft | None, *, keep: bool = True, seen: KeptDraft | None = None
    ) -> None:
        """Begin entering ``draft`` (``None``: nothing being entered); ``keep`` writes
        it to the store at once; ``seen``: the kept draft it was read from."""
        if draft is None or (self.draft is not None and draft.number != self.draft.number):
            self.rival, self._apart = None, frozenset()
        if draft is None or self.draft is None or draft.number != self.draft.number:
            self.side = 0  # another hand starts on the first side, at its top
            self._scrolled = (0, 0.0)
            self._seen = frozenset()
        if seen is not None:
            self._shown = seen.stamp
            self._seen = self._seen | {seen.stamp}
            self._theirs = seen.writer != self.writer
            self._seen_at = seen.kept_at
        elif draft is not self.draft:
            self._theirs = False
            self._seen_at = None
        if draft is None or self.draft is None or draft.number != self.draft.number:
            self._typed_here = {}
        self._took(draft)
        self.draft = draft
        self.touched = frozenset()
        self.tried = False
        self._dirty = False
        state = self._state
        self.since = state.version if state is not None and draft is not None else None
        if keep and draft is not None:
            self._write()
        self._preview()

    def renumber(self, number: int) -> None:
        """The hand being edited moved to ``number`` (0-based; hands before it were
        deleted or brought back): the edit is of that hand now, and kept so."""
        if self.draft is None or self.draft.number is None:
            return
        self.draft = self.draft.model_copy(update={"number": number})
        self._write()
        self._preview()

    def take_kept(self, kept: KeptDraft, draft: HandDraft) -> None:
        """Begin entering another device's entry (``draft``, read as ``kept``): shown
        here as it is, and kept here at once under its own version, so that a tab
        opened later reads it and that device sees this one shows its entry."""
        self.start(draft, keep=False, seen=kept)
        self._write(stamp=kept.stamp, base=kept.base)

    def flush(self) -> None:
        """Write the draft to the store now if it changed since it was last written."""
        self._pending = False
        if self._dirty:
            self._write()

    def leave(self) -> None:
        """Hand entry is left: the entry is kept at once (`flush`), unless nothing was
        entered in it (a new hand untouched, as fresh as it was opened: see `blank`),
        which is not kept at all, its kept copy forgotten, so that no other device is
        told of an entry with nothing in it. The first hand's entry carrying the first
        dealer chosen on the new-match form stays kept: who deals first is recorded
        with the hands only. In memory it stays, so Enter hand N goes on with its mode
        (quick totals or not)."""
        state, draft = self._state, self.draft
        if (
            state is None
            or draft is None
            or not self.blank()
            or (not state.record.hands and draft.dealer is not None)
        ):
            self.flush()
            return
        self._pending = False
        self._dirty = False
        self._shown = ""
        self._seen = frozenset()
        match_id, store, writer = state.id, self.store, self.writer
        self._work.later(lambda: store.clear_draft(match_id, writer))

    def set_aside(self) -> bool:
        """Save is on its way (it forgets the kept draft in its own transaction): the
        draft is not written meanwhile.

        Returns:
            True if it had changes not written yet (`keep_again` writes them when the
            save is refused).
        """
        unwritten, self._dirty = self._dirty, False
        return unwritten

    def keep_again(self, unwritten: bool) -> None:
        """The save was refused: the draft is kept as it is now (see `set_aside`)."""
        self._dirty = self._dirty or unwritten
        self.flush()

    def _write(self, stamp: str | None = None, base: str | None = None) -> None:
        """Keep the draft in the store (after every store call asked for before), as
        a new version made from the one shown, or as ``stamp`` made from ``base``:
        another device's version taken as it is, so that it keeps its name."""
        state = self._state
        self._dirty = False
        if state is not None and self.draft is not None:
            # the draft as it is now, kept after every store call asked for before
            match_id, text, store = state.id, self.draft.dump(), self.store
            writer = self.writer
            base = self._shown if base is None else base
            stamp = self._shown = stamp or _new_stamp()
            self._seen = self._seen | {stamp}
            # held by the store until written, so that an app stopping before the
            # database takes it (another program's lock) keeps it in a file; the
            # write does not wait for that lock (a Save queued behind it would wait
            # twice): the store worker writes it again once the lock is released
            store.hold_draft(
                match_id, text, writer=writer, stamp=stamp, base=base, about=self.about()
            )
            self._work.later(
                lambda: store.save_draft(
                    match_id, text, writer=writer, stamp=stamp, base=base, wait=False
                )
            )
            self._writes += 1

    def hold(self) -> None:
        """Save is on its way with changes not kept yet (`set_aside`): the store holds
        the entry as it is until the save is made (`Store.hold_draft`), so that an
        app stopping before the database takes the save keeps it in a file."""
        state = self._state
        if state is not None and self.draft is not None:
            self.store.hold_draft(
                state.id,
                self.draft.dump(),
                writer=self.writer,
                stamp=_new_stamp(),
                base=self._shown,
                about=self.about(),
            )

    def about(self) -> str:
        """The entry in a few words for the server's log (English, as the log is):
        which hand, and each side's total as entered so far (``"hand 3 (Us 60,
        Them 45)"``)."""
        state, preview = self._state, self.preview
        words = " ".join(("hand", str(self.hand_number())))  # the log's words: English
        if state is not None and preview is not None and preview.score is not None:
            totals = ", ".join(f"{side.name} {side.total}" for side in preview.score.sides)
            words += f" ({totals})"
        return words

    def heard(self, kept: KeptDraft) -> str | None:
        """Another device kept its entry of this match (``kept``, read from the store).

        Of the same hand: if this device has nothing of its own in it (a new hand with
        nothing entered nor touched here, entered the same way, with quick totals or
        not), or the other entry only adds to what this
        device shows (it was made from this device's last version, and nothing typed
        here is waiting to be kept or emptied by it), it is taken and shown. An entry
        with nothing in it is not offered, nor one that is a version this device went
        through (that device took it from here: what was added here since reaches it
        with this device's next keep). Otherwise both entries are kept apart and the
        player is asked (`rival`); the first time, this device's entry is kept at
        once, so the other device hears it and asks its player too.

        Returns:
            ``"taken"``, ``"asked"``, or ``None`` (another hand, the same entry, an
            entry taken from here or with nothing in it, or a device whose entry the
            player chose not to take).
        """
        draft = self.draft
        theirs = HandDraft.load(kept.text)
        if draft is None or theirs is None or kept.writer == self.writer:
            return None
        if theirs.number != draft.number:
            return None
        state = self._state
        if state is not None and theirs.overtaken(state.record):
            return None  # begun before the match's last change: perhaps a hand saved
        if theirs == draft or kept.stamp in self._seen:
            if theirs == draft:
                self._shown = kept.stamp
                self._seen = self._seen | {kept.stamp}
            if self.rival is not None and self.rival.writer == kept.writer:
                self.rival = None  # the two devices agree again
            self._apart = self._apart - {kept.writer}
            return None
        if self._blank(theirs):
            return None  # nothing in it to take or to offer
        # nothing of this device's in it, entered the same way (quick totals or not:
        # a way chosen here is not switched under the player's fingers)
        mine = self._blank(draft) and not self.touched and draft.quick == theirs.quick
        if kept.writer in self._apart and not mine:
            return None
        if mine or (
            self.rival is None
            and kept.base == self._shown
            and not self._dirty
            and not _erases_text(draft, theirs, self._typed_here)
            # quick totals turned on or off there would hide what is entered here
            and draft.quick == theirs.quick
        ):
            if mine:
                self._seen = frozenset()  # nothing here went into that entry
            self._shown = kept.stamp
            self._seen = self._seen | {kept.stamp}
            self.draft = theirs
            self._theirs = True
            self._took(theirs)
            self.rival = None
            self._dirty = False
            self._preview()
            return "taken"
        first = self.rival is None
        self.rival = Rival(writer=kept.writer, stamp=kept.stamp, draft=theirs, base=kept.base)
        if first or self._dirty:
            self._dirty = True
            self.flush()
        return "asked"

    def _blank(self, draft: HandDraft) -> bool:
        """True when ``draft`` is a new hand with nothing entered in it (see
        `HandDraft.is_fresh`; the dealer compared is the one this match deals next)."""
        dealer = self._match.next_dealer() if self._match is not None else None
        return draft.number is None and draft.is_fresh(dealer)

    def blank(self) -> bool:
        """True when this device has nothing of its own in the hand being entered:
        none, or a new hand with nothing entered nor touched here."""
        draft = self.draft
        return draft is None or (self._blank(draft) and not self.touched)

    def hand_number(self) -> int:
        """The number of the hand being entered, counted from 1 (0: none)."""
        state, draft = self._state, self.draft
        if state is None or draft is None:
            return 0
        return (draft.number if draft.number is not None else len(state.record.hands)) + 1

    def take_rival(self) -> None:
        """Take the other device's entry in place of this one's (the player chose it);
        it is kept here as made from theirs, so that device sees both agree."""
        rival = self.rival
        if rival is None:
            return
        self.rival = None
        self._apart = self._apart - {rival.writer}
        self._changed(rival.draft, typed=False)
        # kept at once under its own name: the other device sees that this one shows
        # its version, and what it adds next is taken here
        self._seen = frozenset()
        self._write(stamp=rival.stamp, base=rival.base)

    def keep_mine(self) -> None:
        """Keep this device's entry (the player chose it): the other device's entry is
        not offered again; it keeps its own until one of them is saved (the later
        Save is refused: "changed elsewhere")."""
        rival = self.rival
        if rival is None:
            return
        self.rival = None
        self._apart = self._apart | {rival.writer}

    def follow(self) -> None:
        """The match changed on another device: the hand being entered is re-scored
        against it and kept again (that device's save cleared the kept copy); what was
        entered, the sides touched and `since` stay as they are. Another device's entry
        offered here (`rival`) that is no longer kept as it was (saved there) is no
        longer offered."""
        if self.draft is None:
            return
        state, rival = self._state, self.rival
        if state is not None:
            # a save forgets every device's kept entry: the entry offered here, saved
            # on its device (or kept again since: its announcement follows), is not
            # offered any more, least of all as an entry of the next hand
            if rival is not None:
                kept = self.store.kept_draft(state.id, rival.writer)
                if kept is None or kept.stamp != rival.stamp:
                    self.rival = None
            self._apart = frozenset(
                writer
                for writer in self._apart
                if self.store.kept_draft(state.id, writer) is not None
            )
        self._dirty = True
        self.flush()
        self._preview()

    def forget(self) -> None:
        """Stop entering: nothing is kept in memory (the store's copy is not touched)."""
        self.draft = None
        self.preview = None
        self.touched = frozenset()
        self.tried = False
        self.since = None
        self.rival = None
        self._apart = frozenset()
        self._seen = frozenset()
        self._dirty = False
        self.side = 0
        self._scrolled = (0, 0.0)

    def _took(self, draft: HandDraft | None) -> None:
        """The entry became ``draft`` from elsewhere: a field it changes is no longer
        typed here."""
        now = _typed(draft) if draft is not None else ()
        self._typed_here = {
            at: text for at, text in self._typed_here.items() if at < len(now) and now[at] == text
        }

    def _changed(self, draft: HandDraft, side: int | None = None, *, typed: bool = True) -> None:
        """The entry became ``draft`` here (``typed``: by the player's hand; False: an
        entry taken from elsewhere) in ``side``'s panel, if one."""
        if side is not None and side not in self.touched:
            self.touched = self.touched | {side}
        if draft == self.draft:
            # nothing changed (a text field's change event carrying the text the entry
            # has already, e.g. sent again by the browser after the field was updated
            # from another device's entry): nothing to keep, nothing announced
            return
        state = self._state
        if typed and state is not None and draft.overtaken(state.record):
            # changed here after the match changed: the player's entry of its next hand
            draft = draft.model_copy(update={"begun": len(state.record.hands)})
        if not typed:
            self._took(draft)
        else:
            before = _typed(self.draft) if self.draft is not None else ()
            after = _typed(draft)
            for at, text in enumerate(after):
                if len(before) == len(after) and before[at] == text:
                    continue
                if text:
                    self._typed_here[at] = text
                else:
                    self._typed_here.pop(at, None)
        self.draft = draft
        self._theirs = False
        self._dirty = True
        if self._schedule is not None and not self._pending:
            self._pending = True
            self._schedule(self._delay, self.flush)
        self._preview()
        if self._match is not None and self.preview is not None and self.preview.can_save:
            self._match.unblock()  # nothing is marked any more

    def _side(self, index: int) -> SideDraft:
        assert self.draft is not None
        return self.draft.sides[index]

    def _replace_side(self, index: int, side: SideDraft) -> None:
        assert self.draft is not None
        sides = list(self.draft.sides)
        sides[index] = side
        self._changed(self.draft.model_copy(update={"sides": tuple(sides)}), index)

    # --- what the screen shows ------------------------------------------------------

    @property
    def rules(self) -> RuleSet | None:
        """The open match's rules."""
        return self._match.rules if self._match is not None else None

    def hand_minimums(self) -> tuple[int, ...]:
        """Each side's initial meld minimum (points) for the hand being entered (for
        an edit, from the totals before that hand)."""
        state = self._state
        if state is None:
            return ()
        number = self.draft.number if self.draft is not None else None
        if number is None or number > len(state.record.hands):
            return state.score.initial_meld_minimums
        rules = match_rules(state.record)
        before = (
            state.score.hands[number - 1].running
            if number
            else tuple(side.start_score for side in state.record.sides)
        )
        return tuple(initial_meld_minimum(total, rules) for total in before)

    def meld_index(self, side: int, rank: MeldRank) -> int | None:
        """The side's meld of this rank in the draft, if there is one."""
        for index, meld in enumerate(self._side(side).melds):
            if meld.rank is rank:
                return index
        return None

    # --- taps -----------------------------------------------------------------------

    def add_meld(self, side: int, rank: MeldRank | str, naturals: int | None = None) -> int:
        """Add a meld of a rank to a side (three naturals to start, or ``naturals``;
        three 2s for a wild meld).

        Returns:
            The meld's index. If the side already has a meld of that rank, that one
            (a side has one meld per rank: tapping the rank again opens it).
        """
        rank = MeldRank(rank)
        existing = self.meld_index(side, rank)
        if existing is not None:
            return existing
        current = self._side(side)
        wild = rank is MeldRank.WILD
        start = MeldDraft(
            rank=rank,
            naturals=0 if wild else (3 if naturals is None else max(0, min(200, naturals))),
            twos=3 if wild else 0,
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
        """Change the counts of a meld (each kept between 0 and 200)."""
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
        """How the hand ended for a side, and who went out; going out clears it from
        the other sides (one side at most goes out)."""
        assert self.draft is not None
        how = WentOut(how)
        state = self._state
        sides = []
        for index, current in enumerate(self.draft.sides):
            if index == side:
                players = state.record.sides[index].players if state else ()
                who = player if how is not WentOut.NO else None
                if how is not WentOut.NO and who is None and len(players) == 1:
                    who = players[0]
                update: dict[str, object] = {"went_out": how, "went_out_by": who}
                if who is not None and who in players and len(players) > 1:
                    # who went out holds nothing: their cards-left row goes
                    seat = players.index(who)
                    lefts = list(current.left)
                    if seat < len(lefts):
                        lefts[seat] = LeftDraft()
                        update["left"] = tuple(lefts)
                current = current.model_copy(update=update)
            elif how is not WentOut.NO and current.went_out is not WentOut.NO:
                current = current.model_copy(update={"went_out": WentOut.NO, "went_out_by": None})
            sides.append(current)
        self._changed(self.draft.model_copy(update={"sides": tuple(sides)}), side)

    def set_left(self, side: int, player: int, **values: int | str | bool) -> None:
        """Cards left in one player's hand: counts by point class (``jokers``,
        ``aces_and_twos``, ``king_to_eight``, ``seven_to_four``), or ``cards`` typed
        with ``by_cards=True``.

        Raises:
            ValueError: a field that is not one of those.
        """
        current = self._side(side)
        lefts = list(current.left)
        clean: dict[str, int | str | bool] = {}
        for key, value in values.items():
            if key not in LeftDraft.model_fields:
                raise ValueError(_("unknown field {key}").format(key=key))
            clean[key] = (
                max(0, value) if isinstance(value, int) and not isinstance(value, bool) else value
            )
        switch = clean.pop("by_cards", None)
        rules = self.rules
        if isinstance(switch, bool) and switch != lefts[player].by_cards and rules is not None:
            used = self._cards_used(side, player)
            lefts[player] = lefts[player].switched(switch, used, rules.deck)
        elif switch is not None:
            clean["by_cards"] = switch
        lefts[player] = lefts[player].model_copy(update=clean)
        self._replace_side(side, current.model_copy(update={"left": tuple(lefts)}))

    def _cards_used(self, side: int, player: int) -> Counter[Card]:
        """The cards of every meld and of every other hand typed as cards (those that
        can be read), in the hand being entered: what stand-in cards must leave."""
        assert self.draft is not None
        used: Counter[Card] = Counter()
        for i, each in enumerate(self.draft.sides):
            for meld in each.melds:
                with contextlib.suppress(CanastaError):
                    used.update(meld.meld().cards)
            for j, left in enumerate(each.left):
                if left.by_cards and (i, j) != (side, player):
                    with contextlib.suppress(CanastaError):
                        used.update(parse_cards(left.cards))
        return used

    def set_quick(self, on: bool) -> None:
        """Quick mode: type each side's hand total from a paper count instead of cards."""
        assert self.draft is not None
        totals = self.draft.totals or tuple("" for _ in self.draft.sides)
        self._changed(self.draft.model_copy(update={"quick": on, "totals": totals}))

    def set_quick_total(self, side: int, text: str) -> None:
        """A side's hand total in quick mode (checked: a whole number, a multiple of 5)."""
        assert self.draft is not None
        totals = list(self.draft.totals or tuple("" for _ in self.draft.sides))
        totals[side] = text
        self._changed(self.draft.model_copy(update={"totals": tuple(totals)}), side)

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
        self._changed(self.draft.model_copy(update=update))

    def quiet(self, side: int) -> bool:
        """True while a side of a new hand is "not entered yet": nothing in it, not
        edited, and Save not tried (its problems are not shown as errors yet)."""
        draft = self.draft
        if draft is None or draft.number is not None or draft.quick or self.tried:
            return False
        return side not in self.touched and draft.sides[side].is_empty()

    def pending(self) -> bool:
        """True while a new hand is being entered and Save was not tried: a side's
        melds may still grow, so a count short of the initial meld minimum is said as
        how far it has come, not as an error (it still keeps the hand from being saved)."""
        draft = self.draft
        return draft is not None and draft.number is None and not draft.quick and not self.tried

    def try_save(self) -> None:
        """Save was tried: from now on every side's problems are shown."""
        self.tried = True

    # --- the live preview -----------------------------------------------------------

    def _preview(self) -> None:
        state = self._state
        draft = self.draft
        if state is None or draft is None:
            self.preview = None
            return
        record = state.record
        rules = match_rules(record)
        try:
            hand: MatchHand = draft.to_hand(record, rules)
        except RecordError as error:
            problems = tuple((p.where, i18n.problem_text(p)) for p in error.problems)
            score, unknown = self._partial_score(draft, problems)
            self.preview = Preview(
                score=score,
                problems=problems,
                findings=self._quick_rest(draft, problems),
                unknown=unknown,
            )
            return
        empty: tuple[tuple[str, str], ...] = ()
        if draft.number is None and draft.is_empty():
            empty = (("", NOTHING_ENTERED),)  # nothing to check on a blank form either
        if draft.number is None:
            # A new hand: only this hand is checked and scored, from the totals now.
            as_file = hand_record(record, hand, state.score.running_totals)
            found = tuple(check_hand(as_file, rules, whole_file=False))
            score = HandScore(
                valid=not has_errors(list(found)),
                sides=score_sides(as_file, rules),
                violations=found,
            )
            self.preview = Preview(
                score=score, findings=() if empty else found, problems=empty, later=()
            )
            return
        # An edit of an earlier hand moves every total after it: the match is re-scored.
        number = draft.number
        if number >= len(record.hands):  # deleted on another device meanwhile
            self.preview = Preview(
                score=None,
                problems=(
                    ("", _("Hand {value} is no longer in this match.").format(value=number + 1)),
                ),
            )
            return
        if draft.of is not None and hand_mark(record.hands[number]) != draft.of:
            # the hand this edit began from was changed there, or deleted and another
            # took its number: its Save would replace what that device saved
            self.preview = Preview(
                score=None,
                problems=(
                    (
                        "",
                        _(
                            "Hand {value} was changed or deleted on another device after "
                            "this edit began: saving it would replace what was saved there. "
                            "Discard this edit, then edit the hand again if it still needs it."
                        ).format(value=number + 1),
                    ),
                ),
            )
            return
        hands = list(record.hands)
        hands[number] = hand
        whole = score_match(record.model_copy(update={"hands": tuple(hands)}))
        prefix = f"hands[{number}]"
        mine = tuple(
            f.model_copy(update={"where": f.where.removeprefix(prefix).lstrip(".")})
            for f in whole.violations
            if f.where == prefix or f.where.startswith(prefix + ".")
        )
        later = tuple(
            f
            for f in whole.violations
            if f.severity is Severity.ERROR
            and f.where.startswith("hands[")
            and not (f.where == prefix or f.where.startswith(prefix + "."))
        )
        self.preview = Preview(score=whole.hand_scores[number], findings=mine, later=later)

    def _partial_score(
        self, draft: HandDraft, problems: tuple[tuple[str, str], ...]
    ) -> tuple[HandScore | None, frozenset[int]]:
        """A new hand's scores of the sides whose fields can all be read, while another
        side's cannot (its typed cards or total): that side's total is unknown, the
        others' are worked out as they are (a side's score is its own cards; in
        cutthroat the partners' are one, so both are unknown then)."""
        state = self._state
        if state is None or draft.number is not None:
            return None, frozenset()
        unread = {where for where, _message in problems}
        sides = {int(found.group(1)) for w in unread if (found := _SIDE_AT.match(w))}
        if not sides or any(not _SIDE_AT.match(w) for w in unread):
            return None, frozenset()  # a problem of the whole hand: no total is known
        if draft.quick:
            totals = tuple(
                "0" if f"sides[{i}].total" in unread else text
                for i, text in enumerate(draft.totals)
            )
            stand_in = draft.model_copy(update={"totals": totals})
        else:
            stand_in = draft.model_copy(
                update={
                    "sides": tuple(
                        side.model_copy(
                            update={
                                "left": tuple(
                                    left.model_copy(update={"cards": ""})
                                    if f"sides[{i}].left_in_hand[{j}]" in unread
                                    else left
                                    for j, left in enumerate(side.left)
                                )
                            }
                        )
                        for i, side in enumerate(draft.sides)
                    )
                }
            )
        record = state.record
        rules = match_rules(record)
        try:
            hand = stand_in.to_hand(record, rules)
        except RecordError:
            return None, frozenset()
        as_file = hand_record(record, hand, state.score.running_totals)
        groups = scoring_groups(as_file, rules)
        unknown = {i for group in groups if sides & set(group) for i in group}
        return (
            HandScore(valid=False, sides=score_sides(as_file, rules), violations=()),
            frozenset(unknown),
        )

    def _quick_rest(
        self, draft: HandDraft, problems: tuple[tuple[str, str], ...]
    ) -> tuple[Finding, ...]:
        """For quick totals with some total unreadable (or not typed yet): what the
        rules find in the totals that can be read (a total not a multiple of 5 …), so
        that every problem shows at once. The unreadable totals stand as 0 for the
        check, and nothing is said about them beyond why they cannot be read."""
        state = self._state
        if state is None or not draft.quick or draft.number is not None:
            return ()
        unread = {where for where, _message in problems}
        totals = tuple(
            "0" if f"sides[{i}].total" in unread else text for i, text in enumerate(draft.totals)
        )
        record = state.record
        rules = match_rules(record)
        try:
            stand_in = draft.model_copy(update={"totals": totals}).to_hand(record, rules)
        except RecordError:
            return ()
        as_file = hand_record(record, stand_in, state.score.running_totals)
        return tuple(
            f
            for f in check_hand(as_file, rules, whole_file=False)
            if not any(f.where == w or f.where.startswith(w + ".") for w in unread)
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
        state = self._state
        if state is None or not where:
            return ""
        record = state.record
        found = re.fullmatch(r"sides\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\]|\.([^.\[]+))?.*", where)
        if found is None:
            return {
                "note": _("Note"),
                "dealer": _("Dealer"),
                "lone_hand": _("Lone hand"),
                "sitting_out": _("Sitting out"),
                "sides": _("Sides"),
            }.get(where.split(".")[0].split("[")[0], _("This hand"))
        index = int(found.group(1))
        if index >= len(record.sides):
            return _("This hand")
        side = record.sides[index]
        part, seat, key = found.group(2), found.group(3), found.group(4)
        if part == "left_in_hand":
            who = side.name
            if seat is not None and int(seat) < len(side.players):
                who = side.players[int(seat)]
            elif key:
                who = key
            return _("{who}'s cards left in hand").format(who=who)
        if part == "melds" and seat is not None:
            melds = self.draft.sides[index].melds if self.draft is not None else ()
            number = int(seat)
            if number < len(melds):
                return _("{name} meld of {rank_name}").format(
                    name=side.name, rank_name=rank_name(melds[number].rank)
                )
            return _("{name} meld {value}").format(name=side.name, value=number + 1)
        words = {
            "total": _("hand total"),
            "red_threes": _("red threes"),
            "went_out": _("going out"),
            "went_out_by": _("who went out"),
            "melds": _("melds"),
        }
        return f"{side.name} {words.get(part or '', '')}".strip()


def _typed(draft: HandDraft) -> tuple[str, ...]:
    """The text typed into an entry, field by field in a fixed order: each side's
    quick total, then each player's cards typed, then the note."""
    texts = [text.strip() for text in draft.totals]
    texts += [left.cards.strip() for side in draft.sides for left in side.left]
    return (*texts, draft.note.strip())


def _erases_text(mine: HandDraft, theirs: HandDraft, typed_here: Mapping[int, str]) -> bool:
    """True when taking ``theirs`` in place of ``mine`` would empty a field in which
    text is typed here (a quick total, cards typed, the note; ``typed_here``: by
    field, see `_typed`): another device's entry made before that text reached it.
    It is then offered, not taken, so that nothing typed is lost. A field holding
    text typed on the other device is followed when that device empties it (its
    player cleared it to type it again)."""
    before, after = _typed(mine), _typed(theirs)
    here = [text if typed_here.get(at) == text else "" for at, text in enumerate(before)]
    if len(before) != len(after):
        return any(here)
    return any(old and not new for old, new in zip(here, after, strict=True))


def moved_hand(old: Sequence[MatchHand], new: Sequence[MatchHand], index: int) -> int | None:
    """Where hand ``index`` (0-based) of the hands ``old`` is among the hands ``new``
    after one change (a hand deleted, edited or brought back, here or elsewhere).

    One run of hands deleted or brought back with the hands after it as they were
    moves a hand after the run by its length; a hand in a deleted run is gone
    (``None``); any other change leaves every hand where it stands (``None`` past the
    last). Shapes: two sequences of hands and an index; no error is raised.

    >>> moved_hand(["a", "b", "c"], ["b", "c"], 2), moved_hand(["a", "b"], ["b"], 0)
    (1, None)
    >>> moved_hand(["b", "c"], ["a", "b", "c"], 1), moved_hand(["a", "b"], ["a", "x"], 1)
    (2, 1)
    """
    moved = len(new) - len(old)
    start = next(
        (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
        min(len(old), len(new)),
    )
    # One run of hands deleted (moved < 0) or brought back (moved > 0) at ``start``,
    # the hands after it as they were: a hand after the run moved with them.
    spliced = moved != 0 and new[start + max(moved, 0) :] == old[start - min(moved, 0) :]
    if index < start or not spliced:
        return index if index < len(new) else None
    if index >= start - min(moved, 0):
        return index + moved
    return None


def rank_name(rank: MeldRank) -> str:
    """A meld's rank in words: "black threes", "wild cards", "Js"."""
    return i18n.rank_name(rank.value)


@dataclass(eq=False)
class OpenMatch:
    """The open match and every action on its hands.

    Attributes:
        current: the match as the store last gave it (``None``: no match open).
        unlocked: True when the hands of a finished match may be edited.
        entry: the hand being entered in it.
    """

    store: Store
    nav: Navigation
    entry: HandEntry
    current: MatchState | None = None
    unlocked: bool = False
    _seconds: Callable[[], float] = field(default=time.perf_counter, repr=False)
    _work: Work = field(default_factory=Work, repr=False)
    #: "Not saved: fix what is marked first." as said last (``None``: not said)
    _blocked: str | None = field(default=None, repr=False)

    @property
    def rules(self) -> RuleSet | None:
        """The open match's rules."""
        return match_rules(self.current.record) if self.current else None

    # --- opening and reading --------------------------------------------------------

    def open(self, state: MatchState, *, first_dealer: str | None = None) -> None:
        """Open a match (its kept draft, if any, comes with it); ``first_dealer``
        starts a kept draft for the first hand dealt by that player."""
        self.current = state
        self.unlocked = False
        self.entry.choose_side(0)  # another match's entry starts on its first side
        kept, draft = self._kept_entry(state)
        self.entry.start(draft, keep=False, seen=kept)
        if first_dealer:
            self.entry.start(HandDraft.blank(state.record, first_dealer))

    def load(self, match_id: int) -> bool:
        """Open a match by id.

        Returns:
            False if it is not there (deleted), and nothing changes.
        """
        try:
            self.open(self.store.match(match_id))
        except NotFoundError:
            return False
        return True

    def exists(self, match_id: int) -> bool:
        """True when match ``match_id`` is in the store (not deleted; one store read)."""
        try:
            self.store.match(match_id)
        except NotFoundError:
            return False
        return True

    def restore(self, match_id: int) -> None:
        """Bring back a deleted match and open it."""
        self._work.run(self.restoring(match_id))

    def restoring(self, match_id: int) -> Steps[None]:
        """`restore` as steps (see `canasta_scorer.ui.state.work`)."""
        store = self.store
        self.open((yield lambda: store.restore_match(match_id)))

    def reload(self) -> bool:
        """Read the open match again (one store read); if it was deleted elsewhere, go
        home and say so.

        Returns:
            True if the match is still there.
        """
        if self.current is None:
            return False
        try:
            self.current = self.store.match(self.current.id)
        except NotFoundError:
            self.current = None
            self.entry.forget()
            self.nav.go_home()
            self.nav.say(_("This match was deleted on another device."))
            return False
        if self.entry.draft is None:
            kept, draft = self._kept_entry(self.current)
            self.entry.start(draft, keep=False, seen=kept)
        return True

    def _kept_entry(self, state: MatchState) -> tuple[KeptDraft | None, HandDraft | None]:
        """The entry kept last for ``state``'s match by any device, as kept and read
        (one store read), leaving out an entry of a new hand overtaken by a change of
        the match (`HandDraft.overtaken`): it may be the hand saved since."""
        for kept in self.store.kept_drafts(state.id):
            draft = HandDraft.load(kept.text)
            if draft is not None and not draft.overtaken(state.record):
                return kept, draft
        return None, None

    def refresh(self) -> None:
        """After a reconnect: read the match again; if it changed, the screen follows
        (a hand shown that is gone, an entry overtaken by another device's save)."""
        if self.current is None:
            return
        self.entry.flush()
        previous = self.current
        before = previous.version
        if not self.reload():
            return
        assert self.current is not None
        if self.current.version == before:
            return
        if self._saved_elsewhere(previous):
            self._forget_saved()
            return
        nav = self.nav
        self._follow_shown_hand(previous)
        if nav.screen is Screen.HAND_ENTRY and self.entry.draft is not None:
            nav.show(Screen.SCOREBOARD)
            nav.say(self._changed_while_entering())
        if self.entry.draft is not None:
            self.entry.start(self.entry.draft)  # another device's save cleared the kept one

    def follow(self, version: int | None) -> bool:
        """Another device changed the open match (to ``version``; ``None``: it may
        have): read it again and show it. The hand being entered stays as it is, on
        its screen (its Save still meets the change: "changed elsewhere"); a hand
        shown that is gone gives way to the scoreboard; a match deleted goes home.

        Returns:
            True if the match was read again (False: this screen had it already).
        """
        current = self.current
        if current is None or (version is not None and version <= current.version):
            return False  # this tab's own change, or one it has read already
        with contextlib.suppress(StoreError):  # deleted meanwhile: said below
            self.entry.flush()
        if not self.reload():
            return True
        assert self.current is not None
        self._follow_shown_hand(current)
        self._follow_edit(current, let_go=False)
        if self._saved_elsewhere(current):
            self._forget_saved()
            return True
        self.entry.follow()
        return True

    def _follow_shown_hand(self, before: MatchState) -> None:
        """The match was read again after a change made elsewhere (``before``: as it
        was shown). A breakdown on screen follows its hand: the same hand under its
        new number when hands before it were deleted or brought back (said), the
        same number when the hand itself was edited; a hand gone (deleted or undone
        on another device) gives way to the scoreboard, which says so."""
        nav, current = self.nav, self.current
        if nav.screen is not Screen.HAND_DETAIL or current is None or nav.detail is None:
            return
        shown = nav.detail
        now = moved_hand(before.record.hands, current.record.hands, shown)
        if now == shown:
            return  # nothing before it changed, or edited where it stands
        if now is not None:
            nav.show(Screen.HAND_DETAIL, detail=now)
            nav.say(
                _(
                    "Another device changed the hands before this one: it is now hand {number}."
                ).format(number=now + 1)
            )
            return
        nav.show(Screen.SCOREBOARD)
        nav.say(
            _(
                "Hand {value} is not in this match any more: it may have been deleted, "
                "here or on another device."
            ).format(value=shown + 1)
        )

    def _follow_edit(self, before: MatchState, *, let_go: bool = True) -> int | None:
        """The hands changed (``before``: the match as it was; a hand deleted, undone
        or redone, here or on another device): an edit of an earlier hand kept here
        follows its hand, so that "Go on editing hand N" names it and its Save
        replaces it, never the hand that took its place (`moved_hand`). An edit whose
        hand is gone is let go (its kept copy too), after a change made here; after
        one made on another device (``let_go`` False) it stays as it is, on its
        screen, where its Save meets the change.

        Returns:
            The hand (0-based, as it was) of an edit let go, for the caller to say;
            else ``None``.
        """
        draft, current = self.entry.draft, self.current
        if draft is None or draft.number is None or current is None:
            return None
        now = moved_hand(before.record.hands, current.record.hands, draft.number)
        if now == draft.number:
            return None
        if now is not None:
            self.entry.renumber(now)
            return None
        if not let_go:
            return None
        match_id, store, writer = current.id, self.store, self.entry.writer
        self._work.later(lambda: store.clear_draft(match_id, writer))
        self.entry.forget()
        return draft.number

    def _forget_saved(self) -> None:
        """The very hand being entered here was saved on another device (see
        `_saved_elsewhere`): nothing of this device's is lost, so its entry is
        forgotten, not kept again as the next hand's; on hand entry the scoreboard
        shows the hand, and says so."""
        assert self.current is not None
        match_id, store, writer = self.current.id, self.store, self.entry.writer
        self._work.later(lambda: store.clear_draft(match_id, writer))
        self.entry.forget()
        if self.nav.screen is Screen.HAND_ENTRY:
            self.nav.show(Screen.SCOREBOARD)
            self.nav.say(
                _("Another device saved hand {number} as it is entered here.").format(
                    number=len(self.current.record.hands)
                )
            )

    def _saved_elsewhere(self, before: MatchState) -> bool:
        """True when the new hand being entered here is the hand another device has
        just added to the match (``before``: the match as shown before it)."""
        draft, now = self.entry.draft, self.current
        if draft is None or draft.number is not None or now is None:
            return False
        if len(now.record.hands) != len(before.record.hands) + 1:
            return False
        try:
            hand = draft.to_hand(before.record, match_rules(before.record))
        except RecordError:
            return False
        return hand == now.record.hands[-1]

    def _changed_while_entering(self) -> str:
        assert self.current is not None and self.entry.draft is not None
        if self.entry.draft.number is None:
            return _(
                "Another device changed this match while you were entering this hand; "
                "nothing of yours was saved. Its hands are shown now. Your entry is "
                "kept: open it with 'Go on with hand {value}' and save it only if it "
                "is a different hand."
            ).format(value=len(self.current.record.hands) + 1)
        number = self.entry.draft.number + 1
        return _(
            "Another device changed this match while you were editing hand "
            "{number}; nothing of yours was saved. Its hands are shown now. Your "
            "change is kept: open it with 'Go on editing hand {number2}' and save "
            "it only if it is still needed."
        ).format(number=number, number2=number)

    def _changed_elsewhere(self, what: str) -> None:
        """After a refused change (the match changed on another device): reload it and
        say so plainly."""
        self.nav.say(
            _(
                "Another device changed this match meanwhile, so {what}. Its hands are shown now."
            ).format(what=what)
        )
        self.reload()

    def minimums(self) -> tuple[int, ...]:
        """Each side's initial meld minimum (points) for the next hand."""
        return self.current.score.initial_meld_minimums if self.current else ()

    def next_dealer(self) -> str | None:
        """Who deals next (from the recorded dealers)."""
        if self.current is None:
            return None
        draft = self.entry.draft
        first = draft.dealer if draft and not self.current.record.hands else None
        return next_dealer(self.current.record, first)

    def new_hand_kept(self) -> bool:
        """True when a new hand's entry is kept with something entered in it (the
        scoreboard's "Go on with hand N"); an entry equal to a fresh hand (opened and
        left, quick totals switched off and on, only the first dealer chosen) is the
        next hand to enter, though `begin_hand` goes on with it, its mode kept."""
        draft = self.entry.draft
        return draft is not None and draft.number is None and not draft.is_fresh(self.next_dealer())

    def last_hand_quick(self) -> bool:
        """True when the match's last hand was entered as quick totals (the next one
        starts so: quick mode is remembered for the match)."""
        if self.current is None or not self.current.record.hands:
            return False
        return any(play.quick for play in self.current.record.hands[-1].sides)

    def export_text(self, kind: str) -> str:
        """The open match as a match file (``json``), a CSV score sheet (``csv``), or
        nothing (``image``: the screen draws the sheet)."""
        if self.current is None or kind == "image":
            return ""
        if kind == "csv":
            return self.store.export_csv(self.current.id)
        return self.store.export_match(self.current.id)

    def export_file_name(self, kind: str) -> str:
        """The file name to save an export under, e.g. ``canasta-match-3.json``."""
        number = self.current.id if self.current is not None else 0
        suffix = {"csv": "csv", "image": "png"}.get(kind, "json")
        return f"canasta-match-{number}.{suffix}"

    # --- actions on the hands ---------------------------------------------------------

    def _finished_locked(self) -> bool:
        if self.current is not None and self.current.score.finished and not self.unlocked:
            self.nav.say(_("This match is finished: choose to edit it first."))
            return True
        return False

    def _read_only(self) -> bool:
        """True, with the scoreboard shown, when the store can only be read: no hand
        is entered nor edited (the scoreboard says why: its folder cannot be
        written), whatever address, button or link asked for it."""
        if not self.store.read_only:
            return False
        self.nav.show(Screen.SCOREBOARD)
        return True

    def unlock_finished(self) -> None:
        """Allow editing the hands of a finished match (they are read-only by default)."""
        self.unlocked = True

    def begin_hand(self) -> None:
        """Enter the next hand (or go on with the one kept); in a store that can only
        be read, the scoreboard instead."""
        if self.current is None or self._read_only():
            return
        if self.current.score.finished:
            self.nav.say(_("The match is over: start a rematch for another."))
            return
        entry = self.entry
        draft = entry.draft
        editing = draft is not None and draft.number is not None
        theirs = self._entered_elsewhere() if editing or entry.blank() else None
        if theirs is not None:
            # another device is entering this hand and nothing of this one's is in it
            # yet: its entry is shown, as its additions would be (`HandEntry.heard`)
            entry.take_kept(*theirs)
        elif draft is None or draft.number is not None:
            fresh = HandDraft.blank(self.current.record, self.next_dealer())
            if self.last_hand_quick():
                fresh = fresh.model_copy(
                    update={"quick": True, "totals": tuple("" for _ in fresh.sides)}
                )
            entry.start(fresh)
        else:
            entry.start(draft, keep=False)
        self.nav.show(Screen.HAND_ENTRY)
        # (another device's entry with nothing in it, e.g. a hand opened there in quick
        # totals, is not called its entry: nothing of it is shown)
        shown = theirs is not None or (entry.shows_theirs and not editing and not entry.blank())
        if shown and entry.kept_before_restart:
            # perhaps this very device's (a tab is a new device to a server started again)
            self.nav.say(
                _("The entry of hand {number} kept before the app was restarted is shown.").format(
                    number=entry.hand_number()
                )
            )
        elif shown:
            self.nav.say(
                _("Another device is entering hand {number} too; its entry is shown.").format(
                    number=entry.hand_number()
                )
            )

    def _entered_elsewhere(self) -> tuple[KeptDraft, HandDraft] | None:
        """The entry of the next hand another device kept last, with something in it
        and entered the way this device's new hand is, if it has one (quick totals or
        not), as kept and read (one store read); ``None`` if there is none."""
        if self.current is None:
            return None
        dealer, mine = self.next_dealer(), self.entry.draft
        for kept in self.store.kept_drafts(self.current.id):
            theirs = HandDraft.load(kept.text)
            if (
                kept.writer != self.entry.writer
                and theirs is not None
                and theirs.number is None
                and not theirs.overtaken(self.current.record)
                and not theirs.is_fresh(dealer)
                and (mine is None or mine.number is not None or mine.quick == theirs.quick)
            ):
                return kept, theirs
        return None

    def resume_edit(self) -> None:
        """Go on with the edit of an earlier hand that was kept (after Back, after
        another device changed the match, after a Save refused, in a tab opened
        again). A finished match's kept edit opens it for edits (`unlock_finished`):
        its edit was begun on it opened so, and is kept to be offered again, not
        refused as "choose to edit it first" with nothing said of it."""
        draft = self.entry.draft
        if self.current is None or draft is None or draft.number is None:
            return
        if self._read_only():
            return
        if self.current.score.finished:
            self.unlocked = True
        self.entry.start(draft, keep=False)
        self.nav.show(Screen.HAND_ENTRY)

    def edit_hand(self, number: int) -> None:
        """Edit an earlier hand (in a finished match only after `unlock_finished`)."""
        if self.current is None or self._read_only() or self._finished_locked():
            return
        self.entry.start(HandDraft.from_hand(self.current.record, number))
        self.nav.show(Screen.HAND_ENTRY)

    def discard_draft(self) -> HandDraft | None:
        """Throw away the hand being entered (before the first hand, who deals first is
        kept: it is only recorded with the hands).

        Returns:
            The draft thrown away, for Undo (`restore_draft`).
        """
        thrown = self.entry.draft
        first = None
        if thrown is not None and self.current is not None and not self.current.record.hands:
            first = thrown.dealer
        if self.current is not None:
            match_id, store, writer = self.current.id, self.store, self.entry.writer
            self._work.later(lambda: store.clear_draft(match_id, writer))
        self.entry.forget()
        self.nav.show(Screen.SCOREBOARD)
        if first and self.current is not None:
            self.entry.start(HandDraft.blank(self.current.record, first))
        return thrown

    def restore_draft(self, draft: HandDraft) -> None:
        """Undo a discard: the hand thrown away is entered again."""
        if self.current is None or self._read_only():
            return
        self.entry.start(draft)
        self.nav.show(Screen.HAND_ENTRY)

    def _not_saved(self, preview: Preview | None) -> str:
        """Why Save was refused, in one short message: fix what is marked, and where
        the first of it is (it may be scrolled away, or on another side), with how many
        places more."""
        said = _("Not saved: fix what is marked first.")
        if preview is None:
            return said
        places: list[str] = []
        wheres = [f.where for f in preview.errors] + [w for w, _m in preview.problems]
        for where in wheres:
            place = self.entry.hand_field(where) or _("This hand")
            if place not in places:
                places.append(place)
        if not places:
            return said
        if len(places) == 1:
            return _("Not saved: fix what is marked first, at {place}.").format(place=places[0])
        more = len(places) - 1
        return ngettext(
            "Not saved: fix what is marked first, at {place} and {n} more place.",
            "Not saved: fix what is marked first, at {place} and {n} more places.",
            more,
        ).format(place=places[0], n=more)

    def unblock(self) -> None:
        """The hand being entered has nothing marked any more: "Not saved: fix what
        is marked first." goes (another message said since stays)."""
        if self._blocked is not None and self.nav.message is self._blocked:
            self.nav.say(None)
        self._blocked = None

    def save_hand(self) -> bool | None:
        """Save the hand being entered; blocked while it breaks a rule.

        On a conflict (changed on another device) or a refusal, the draft is kept
        and the reason is shown.

        Returns:
            True if saved (the scoreboard is shown); None while the save goes on off
            the event loop (see `Work.run`).
        """
        return self._work.run(self.saving())

    def saving(self) -> Steps[bool]:
        """`save_hand` as steps (see `canasta_scorer.ui.state.work`)."""
        entry = self.entry
        draft = entry.draft
        if self.current is None or draft is None:
            return False
        entry.try_save()
        preview = entry.preview
        if preview is None or not preview.can_save:
            entry.flush()
            self._blocked = self._not_saved(preview)
            self.nav.say(self._blocked, problem=True)
            return False
        record = self.current.record
        hand = draft.to_hand(record, match_rules(record))
        version = entry.since if entry.since is not None else self.current.version
        store, match_id, number = self.store, self.current.id, draft.number
        # one transaction: the hand saved and the kept draft forgotten together
        unwritten = entry.set_aside()
        if unwritten:
            entry.hold()
        try:
            if number is None:
                state = yield lambda: store.add_hand(match_id, hand, version, clear_draft=True)
                said = _("Hand {count} saved.").format(count=len(state.record.hands))
            else:
                state = yield lambda: store.edit_hand(
                    match_id, number, hand, version, clear_draft=True
                )
                said = _("Hand {value} changed; the totals after it follow.").format(
                    value=number + 1
                )
        except ConflictError:
            # Show what the other device saved; keep the entry, which may be the very
            # hand it saved (never carried over silently as the next hand).
            if self.reload():
                self.nav.show(Screen.SCOREBOARD)
                self.nav.say(self._changed_while_entering())
                entry.start(draft)  # the other device's save cleared the kept draft
            return False
        except LaterHandsError as error:
            # what the change would break, hand by hand, each hand named
            entry.keep_again(unwritten)
            self.nav.say(
                _("Not saved: this change breaks rules in later hands: {problems}").format(
                    problems="; ".join(
                        _("hand {number}: {finding}").format(
                            number=later.number + 1, finding=i18n.finding_text(f)
                        )
                        for later in error.check.later
                        for f in later.findings
                    )
                ),
                problem=True,
            )
            return False
        except RuleViolationError as error:
            entry.keep_again(unwritten)
            self.nav.say(
                _("Not saved: {problems}").format(
                    problems="; ".join(i18n.finding_text(f) for f in error.findings)
                ),
                problem=True,
            )
            return False
        except StoreError as error:
            entry.keep_again(unwritten)
            self.nav.say(
                _("Not saved: {store_problem}").format(store_problem=store_problem(error)),
                problem=True,
            )
            return False
        self.current = state
        entry.forget()
        self.nav.show(Screen.SCOREBOARD)
        if state.score.finished:
            winner = state.score.winner
            said += (
                _(" {winner} wins by {margin}!").format(
                    winner=winner, margin=i18n.number(state.score.margin or 0)
                )
                if winner
                else _(" The match is a draw.")
            )
        self.nav.say(said)
        return True

    def undo(self) -> None:
        """Undo the last change to the match's hands."""
        self._history(forward=False)

    def redo(self) -> None:
        """Redo the change undone last."""
        self._history(forward=True)

    def _history(self, *, forward: bool) -> None:
        self._work.run(self._travelling(forward=forward))

    def _travelling(self, *, forward: bool) -> Steps[None]:
        if self.current is None:
            return
        travel = self.store.redo if forward else self.store.undo
        before = self.current
        match_id, version = self.current.id, self.current.version
        try:
            state = yield lambda: travel(match_id, version)
        except ConflictError:
            self._changed_elsewhere(_("nothing was redone") if forward else _("nothing was undone"))
            return
        except StoreError as error:
            self.nav.say(store_problem(error), problem=True)
            return
        self.current = state
        let_go = self._follow_edit(before)
        change = change_words((state.undo if forward else state.redo) or _("change"))
        if let_go is None:
            said = _("Redone: {change}") if forward else _("Undone: {change}")
        else:
            said = (
                _(
                    "Redone: {change}. Hand {number} is not in this match any more, so the "
                    "unsaved change being made to it here was let go."
                )
                if forward
                else _(
                    "Undone: {change}. Hand {number} is not in this match any more, so the "
                    "unsaved change being made to it here was let go."
                )
            )
        self.nav.say(said.format(change=change, number=(let_go or 0) + 1))

    def delete_hand(self, number: int) -> None:
        """Delete a hand of the open match (undo brings it back); in a finished match
        only after `unlock_finished`."""
        self._work.run(self._deleting_hand(number))

    def _deleting_hand(self, number: int) -> Steps[None]:
        if self.current is None or self._finished_locked():
            return
        store, match_id, version = self.store, self.current.id, self.current.version
        before = self.current
        try:
            self.current = yield lambda: store.delete_hand(match_id, number, version)
        except ConflictError:
            self.nav.show(Screen.SCOREBOARD)  # the hand shown may be gone or moved
            self._changed_elsewhere(_("hand {value} was not deleted").format(value=number + 1))
            return
        let_go = self._follow_edit(before)
        self.nav.show(Screen.SCOREBOARD)
        self.nav.say(
            (
                _("Hand {value} deleted, with the unsaved change being made to it here.")
                if let_go is not None
                else _("Hand {value} deleted.")
            ).format(value=number + 1),
            undoable=True,
        )

    def rematch(self) -> None:
        """A new match with the same sides and rules; the deal goes on round the
        table (the player after the last hand's dealer deals first)."""
        self._work.run(self._rematching())

    def _rematching(self) -> Steps[None]:
        if self.current is None:
            return
        dealer = next_dealer(self.current.record)
        store, match_id = self.store, self.current.id
        self.open((yield lambda: store.rematch(match_id)), first_dealer=dealer)
        self.nav.show(Screen.SCOREBOARD)
        self.nav.say(
            _("New match with the same sides; {dealer} deals first.").format(dealer=dealer)
            if dealer
            else _("New match with the same sides."),
            undo_rematch=match_id,
        )

    def undo_rematch(self, from_id: int) -> None:
        """Undo a rematch tapped by mistake: delete the new match (the open one) while
        it has no hand, and open the match it was started from again."""
        self._work.run(self._undoing_rematch(from_id))

    def _undoing_rematch(self, from_id: int) -> Steps[None]:
        new = self.current
        if new is None or new.id == from_id:
            return
        if new.record.hands:  # a hand saved meanwhile (here or on another device)
            self.nav.say(
                _(
                    "The new match has a hand now, so the rematch was not undone: delete "
                    "the match if it is not wanted."
                ),
                problem=True,
            )
            return
        store, new_id, version = self.store, new.id, new.version
        try:
            yield lambda: store.delete_match(new_id, version)
        except NotFoundError:
            pass  # deleted on another device already: nothing more to delete
        except ConflictError:
            self._changed_elsewhere(_("the rematch was not undone"))
            return
        except StoreError as error:  # read-only, busy, full …: said, the match stays
            self.nav.say(store_problem(error), problem=True)
            return
        self.current = None
        self.entry.forget()
        if not self.load(from_id):  # deleted on another device meanwhile
            self.nav.go_home()
            self.nav.say(
                _(
                    "Rematch undone: the new match was deleted. The match it was started "
                    "from is not there any more: it may have been deleted on another device."
                )
            )
            return
        self.nav.show(Screen.SCOREBOARD)
        self.nav.say(_("Rematch undone: the new match was deleted."))

    def delete(self) -> int | None:
        """Delete the open match (the store keeps it for Undo).

        Returns:
            Its id, or ``None`` if it was not deleted (changed elsewhere: said so) or
            is being deleted off the event loop (see `Work.run`).
        """
        return self._work.run(self.deleting())

    def deleting(self) -> Steps[int | None]:
        """`delete` as steps (see `canasta_scorer.ui.state.work`)."""
        if self.current is None:
            return None
        store, match_id, version = self.store, self.current.id, self.current.version
        try:
            yield lambda: store.delete_match(match_id, version)
        except ConflictError:
            self._changed_elsewhere(_("the match was not deleted"))
            return None
        except StoreError as error:  # read-only, busy, full …: said, the match stays
            self.nav.say(store_problem(error), problem=True)
            return None
        self.current = None
        self.entry.forget()
        return match_id
