"""Which screen is shown, what the app last said, and the moves between screens.

`Navigation` is the only writer of the screen, the hand whose breakdown is shown,
the message, and where the rule checker returns to. Moves that open another
area's data (a match, the history) ask that area to load it, then show its screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from canasta_scorer import i18n
from canasta_scorer.i18n import _, ngettext

from .history import filter_query, names_filter
from .work import Steps, Work

if TYPE_CHECKING:
    from canasta_scorer.store import MatchState

    from .checker import Checker
    from .history import History
    from .importing import ImportFile
    from .match import OpenMatch
    from .setup import NewMatch

__all__ = ["Navigation", "Screen"]


def _not_started() -> str:
    """What a refused Start match says when what it marks is out of view (a function:
    worded again when the tab's language changes)."""
    return _("Not started: fix what is marked.")


#: The addresses (paths) of a match's screens that open them: its table view, a hand's
#: breakdown (hands counted from 1), its hand being entered, its scoreboard, its rule
#: checker and its export; and of the screens of no match: the rule checker, the past
#: matches, the statistics over them and the import of a file.
_TABLE_ADDRESS = re.compile(r"/table/(\d{1,9})/?")
_DETAIL_ADDRESS = re.compile(r"/match/(\d{1,9})/hand/(\d{1,9})/?")
_ENTRY_ADDRESS = re.compile(r"/match/(\d{1,9})/hand/?")
_MATCH_ADDRESS = re.compile(r"/match/(\d{1,9})/?")
_MATCH_CHECKER_ADDRESS = re.compile(r"/match/(\d{1,9})/checker/?")
_MATCH_EXPORT_ADDRESS = re.compile(r"/match/(\d{1,9})/export/?")
_CHECKER_ADDRESS = re.compile(r"/checker/?")
_MATCHES_ADDRESS = re.compile(r"/matches/?")
_STATS_ADDRESS = re.compile(r"/stats/?")
_IMPORT_ADDRESS = re.compile(r"/import/?")


def _match_named(path: str) -> int | None:
    """The match a path of one of its screens names (``/match/3/hand`` → 3), if any."""
    for pattern in (
        _TABLE_ADDRESS,
        _DETAIL_ADDRESS,
        _ENTRY_ADDRESS,
        _MATCH_ADDRESS,
        _MATCH_CHECKER_ADDRESS,
        _MATCH_EXPORT_ADDRESS,
    ):
        if found := pattern.fullmatch(path):
            return int(found.group(1))
    return None


class Screen(StrEnum):
    """The app's screens."""

    HOME = "home"
    NEW_MATCH = "new_match"
    SCOREBOARD = "scoreboard"
    TABLE = "table"
    HAND_ENTRY = "hand_entry"
    HAND_DETAIL = "hand_detail"
    MATCHES = "matches"
    CHECKER = "checker"
    STATS = "stats"
    EXPORT = "export"
    IMPORT = "import"


#: The screens of no match with an address of their own (see `Navigation.address`:
#: the new-match form, the past matches, the statistics, the import),
#: and the screen of each address (a slash after it too).
_OWN_ADDRESS = {
    Screen.NEW_MATCH: "/new",
    Screen.MATCHES: "/matches",
    Screen.STATS: "/stats",
    Screen.IMPORT: "/import",
}
_OWN_SCREEN = {address: screen for screen, address in _OWN_ADDRESS.items()}


@dataclass(eq=False)
class Navigation:
    """The screen shown and the app's last message (the only writer of both).

    Attributes:
        screen: the screen shown.
        detail: the hand whose breakdown is shown (0-based), if any.
        message: the last thing to tell the player (a saved hand, a conflict …).
        deleted: the match deleted last, while its message offers Undo.
        rematched: the match a rematch was started from, while its message offers
            Undo (which deletes the new match, still without a hand, and opens it).
        checker_from: the screen the rule checker was opened from (Back returns there).
        match_from: the screen the open match was opened from (Back returns there:
            home, or the past matches as they were listed).
        listed: the match last opened from the past matches (their list shows it
            again in view on the way back).
        gone: the matches this tab knows are not there (deleted here, or named by an
            address and found missing): their addresses, met again by the browser's
            Back or Forward, show home quietly (`passed`), said once only.
        passed: the address of a gone match last shown as home without a word (or
            of the form a match was started from, `started`), shown as home without
            putting the address right (`canasta_scorer.ui.address_bar`:
            Flet can only push an address, so a push would make the browser's Back
            come to it again; left as it is, each Back goes past one of them).
        started: the match last started from the new-match form, until the player
            opens the form again: the form's address (``/new``) reached again by the
            browser's Back shows home, never the form that would start it twice (the
            address left as it is, `passed`, so Forward comes to the scoreboard).
        working: True while an action of this tab waits for the store (the tab
            says "Working…"; see `canasta_scorer.ui.state.work`).
        language: the language this tab speaks (a code of `i18n.LANGUAGES`): the
            device's, or the one chosen in the settings.
        language_chosen: whether the player chose it (then the device's locale no
            longer changes it).
    """

    screen: Screen = Screen.HOME
    detail: int | None = None
    message: str | None = None
    #: the message says something went wrong or was refused (shown as an error)
    problem: bool = False
    deleted: int | None = None
    rematched: int | None = None
    #: the message offers Undo of the open match's last change (a hand deleted)
    undoable: bool = False
    checker_from: Screen = Screen.HOME
    match_from: Screen = Screen.HOME
    listed: int | None = None
    started: int | None = None
    gone: frozenset[int] = frozenset()
    passed: str | None = None
    working: bool = False
    language: str = i18n.DEFAULT
    language_chosen: bool = False
    _areas: dict[str, object] = field(default_factory=dict, repr=False)
    _work: Work = field(default_factory=Work, repr=False)
    #: how the message is worded again in another language (see `say`)
    _words: Callable[[], str] | None = field(default=None, repr=False)

    def attach(
        self,
        match: OpenMatch,
        setup: NewMatch,
        history: History,
        checker: Checker,
        importer: ImportFile | None = None,
    ) -> None:
        """Give the moves the areas they open (done once, when the app is built)."""
        self._areas = {"match": match, "setup": setup, "history": history, "checker": checker}
        setup.on_fixed = self._start_fixed
        if importer is not None:
            self._areas["importer"] = importer

    @property
    def _match(self) -> OpenMatch:
        return self._areas["match"]  # type: ignore[return-value]

    @property
    def _setup(self) -> NewMatch:
        return self._areas["setup"]  # type: ignore[return-value]

    @property
    def _history(self) -> History:
        return self._areas["history"]  # type: ignore[return-value]

    @property
    def _checker(self) -> Checker:
        return self._areas["checker"]  # type: ignore[return-value]

    @property
    def _importer(self) -> ImportFile:
        return self._areas["importer"]  # type: ignore[return-value]

    # --- saying and showing ------------------------------------------------------

    def show(self, screen: Screen, detail: int | None = None) -> None:
        """Go to a screen. A message belongs to the screen it was said on: it goes
        when the player moves to another (an action that navigates says its message
        after this). Leaving hand entry keeps the hand being entered at once (one
        with nothing entered in it is not kept: see `HandEntry.leave`)."""
        if screen is not self.screen:
            if self.screen is Screen.HAND_ENTRY and "match" in self._areas:
                self._match.entry.leave()
            self.message = None
            self._words = None
            self.deleted = None
            self.rematched = None
            self.undoable = False
        self.detail = detail
        self.screen = screen

    def say(
        self,
        message: str | Callable[[], str] | None,
        *,
        undo_delete: int | None = None,
        undo_rematch: int | None = None,
        problem: bool = False,
        undoable: bool = False,
    ) -> None:
        """Tell the player something (shown until the next message or screen);
        ``undo_delete`` is a deleted match the message offers to bring back;
        ``undo_rematch`` the match a rematch was started from, which the message
        offers to go back to (the new match deleted);
        ``undoable``: the message offers Undo of the open match's last change;
        ``problem``: something went wrong or was refused (shown as an error).

        ``message`` given as a function is worded by it, and worded again when the
        tab's language changes while it is shown (`follow_device`, `choose_language`):
        a tab opened at an address is told what it opens before the device's language
        is known."""
        if callable(message):
            self._words = message
            self.message = message()
        else:
            self._words = None
            self.message = message
        self.deleted = undo_delete
        self.rematched = undo_rematch
        self.undoable = undoable
        self.problem = problem

    @property
    def offers_undo(self) -> bool:
        """Whether the message offers Undo (see `undo_said`)."""
        return self.deleted is not None or self.rematched is not None or self.undoable

    def undo_said(self) -> None:
        """Undo what the message offers to undo: the match deleted last, the rematch
        started last, or the open match's last change."""
        if self.deleted is not None:
            self.restore_deleted()
        elif self.rematched is not None:
            self._match.undo_rematch(self.rematched)
        elif self.undoable:
            self._match.undo()

    def follow_device(self, preferred: list[str | None]) -> None:
        """Speak the device's language (its locales, most wanted first), unless the
        player chose one; English when none is spoken here."""
        if not self.language_chosen:
            self._speak(i18n.best_language(preferred))

    def choose_language(self, code: str) -> None:
        """The player chose the language of this tab (kept on the device by the app).

        Raises:
            KeyError: a language the product does not speak.
        """
        if code not in i18n.LANGUAGES:
            raise KeyError(code)
        self._speak(code)
        self.language_chosen = True

    def _speak(self, code: str) -> None:
        """Speak ``code``: the message shown, if it can be, worded again in it."""
        if code == self.language:
            return
        self.language = code
        if self._words is not None:
            with i18n.use(code):
                self.message = self._words()

    # --- moves -------------------------------------------------------------------

    def go_home(self) -> None:
        """Back to the home screen (the draft stays kept)."""
        self._history.refresh_recent()
        self.show(Screen.HOME)

    def show_matches(self) -> None:
        """The list of past matches, newest first, with the filters kept."""
        self._history.load()
        self.show(Screen.MATCHES)

    def show_stats(self) -> None:
        """Player and partnership statistics over the matches of the history filters."""
        self._history.compute_stats()
        self.show(Screen.STATS)

    def page_loaded(self, address: str | None = None) -> None:
        """The tab's page was loaded again (a reload, an address typed in its bar) at
        ``address``: the browser's history of this page is new, so ``/new`` is a fresh
        form, not the form a match was started from (see `open_own`). Flet may have
        opened the address before saying the page connected: home shown for ``/new``,
        as Back to it is, then becomes the form."""
        self.started = None
        path = (address or "/").partition("?")[0].rstrip("/")
        if (
            _OWN_SCREEN.get(path) is Screen.NEW_MATCH
            and self.screen is Screen.HOME
            and self.passed == address
        ):
            self.open_address(address)

    def new_match(self, variant: str = "classic") -> None:
        """Open the new-match form for a variant (a fresh one: the match started from
        it last is no longer the form's, see `open_own`)."""
        self.started = None
        self._setup.start(variant)
        self.show(Screen.NEW_MATCH)

    def create_match(self) -> bool | None:
        """Start the match on the new-match form (see `NewMatch.create`).

        Returns:
            True if the match was started (its scoreboard is shown); None while it is
            being started off the event loop (see `Work.run`).
        """
        return self._work.run(self._creating())

    def _creating(self) -> Steps[bool]:
        created = yield from self._setup.creating()
        if created is None:
            if any(where for where, _said in self._setup.issues):  # at fields out of view
                self.say(_not_started, problem=True)
            return False
        state, first_dealer = created
        self._match.open(state, first_dealer=first_dealer)
        self.started = state.id
        self.match_from = Screen.HOME
        self.show(Screen.SCOREBOARD)
        return True

    def _start_fixed(self) -> None:
        """The new-match form refused has nothing left to fix: its "Not started"
        message goes (another message stays)."""
        if self.screen is Screen.NEW_MATCH and self._words is _not_started:
            self.say(None)

    def open_match(self, match_id: int, *, by_address: bool = False) -> None:
        """Show a match's scoreboard; Back returns to the screen it was opened from
        (the past matches, or home). A match that is not there is said on home;
        ``by_address``: it was named by an address (``/match/ID``) rather than tapped.
        A message about the match shown before goes with it, the screen the same or
        not (another match's scoreboard opened by its address)."""
        before = self._match.current
        if self._match.load(match_id):
            from_list = self.screen is Screen.MATCHES
            self.match_from = Screen.MATCHES if from_list else Screen.HOME
            self.listed = match_id if from_list else None
            if before is not None and before.id != match_id:
                self.say(None)
            self.show(Screen.SCOREBOARD)
        else:
            self.gone = self.gone | {match_id}
            self.go_home()
            self.say(
                lambda: (
                    _(
                        "There is no match {match_id} here: check the address (it may "
                        "also have been deleted)."
                    )
                    if by_address
                    else _(
                        "Match {match_id} is not there any more: it may have been deleted on "
                        "another device."
                    )
                ).format(match_id=match_id),
                problem=by_address,
            )

    def show_table(self) -> None:
        """The table view of the open match: the scoreboard in big type, read-only."""
        if self._match.current is not None:
            self.show(Screen.TABLE)

    def open_table(self, match_id: int) -> None:
        """Open a match straight in the table view (a tablet given its address)."""
        self.open_match(match_id, by_address=True)
        if self.screen is Screen.SCOREBOARD:
            self.show(Screen.TABLE)

    def address(self) -> str:
        """The address (path) of what the tab shows, the one that opens it again:
        ``/table/ID`` the table view of match ID, ``/match/ID/hand/N`` the breakdown
        of its hand N (counted from 1, as players count), ``/match/ID/hand`` its hand
        being entered, ``/match/ID/checker`` the rule checker under its rules (opened
        from its scoreboard), ``/match/ID/export`` its export, ``/match/ID`` its
        scoreboard; ``/checker`` the rule checker opened from home, ``/new`` the
        new-match form, ``/matches`` the past matches, ``/stats`` the statistics over
        them, each with the filters chosen as its query string
        (``/matches?player=Ann%20Lee&status=finished``, see `filter_query`),
        ``/import`` the import of a file; ``/`` home."""
        if self.screen in (Screen.MATCHES, Screen.STATS) and "history" in self._areas:
            # the filters chosen, as a query string (``/matches?player=Ann&days=30``)
            return _OWN_ADDRESS[self.screen] + filter_query(self._history.filter)
        if self.screen in _OWN_ADDRESS:
            return _OWN_ADDRESS[self.screen]
        current = self._match.current if "match" in self._areas else None
        if self.screen is Screen.CHECKER:
            if self.checker_from is Screen.SCOREBOARD and current is not None:
                return f"/match/{current.id}/checker"
            return "/checker"
        if current is None:
            return "/"
        if self.screen is Screen.TABLE:
            return f"/table/{current.id}"
        if self.screen is Screen.HAND_ENTRY:
            return f"/match/{current.id}/hand"
        if self.screen is Screen.HAND_DETAIL and self.detail is not None:
            return f"/match/{current.id}/hand/{self.detail + 1}"
        if self.screen is Screen.SCOREBOARD:
            return f"/match/{current.id}"
        if self.screen is Screen.EXPORT:
            return f"/match/{current.id}/export"
        return "/"

    def open_address(self, address: str | None) -> None:
        """Show what an address opens (see `address`): a tab opened at it, or moved
        to it by the browser's Back or Forward, each as the app's own move would:
        the open match's ``/match/ID`` is its Back to the scoreboard (from the
        table view, hand entry or a hand's breakdown); its ``/table/ID`` from the
        scoreboard is the Table view button; ``/match/ID/hand/N`` opens that hand's
        breakdown (see `open_hand`); ``/checker`` and ``/match/ID/checker`` the rule
        checker (see `open_checker`); ``/match/ID/export`` the match's export (see
        `open_export`); ``/matches``, ``/stats`` and ``/import`` the past matches, the
        statistics and the import, ``/new`` the new-match form (see `open_own`);
        another match's address opens that match; ``/`` is home, from any screen (the
        past matches have their own address, which the browser comes to first on the
        way back from a match opened from them). An address
        the tab shows already changes nothing; any other that opens nothing here
        (``/match/3/hand/abc``, ``/nothing``) is said on home, never another screen
        kept.

        The query string of ``/matches`` and ``/stats`` names their filters (see
        `address`), read back as `History.filter_from` reads them: a value that is
        not one of the app's is no filter (the address is then put right, as it names
        another screen than the one shown); none means no filter. Any other address's
        query string is ignored.

        Args:
            address: a path with its query string, if any, as Flet gives it.
        """
        path, _sep, query = (address or "/").partition("?")
        path = path or "/"
        self.passed = None
        named = _match_named(path)
        if named is not None and named in self.gone and not self._match.exists(named):
            # a match known gone here (deleted, or said missing once already): home,
            # nothing said again, the address left as it is (see `passed`)
            self.go_home()
            self.passed = address
            return
        own = _OWN_SCREEN.get(path.rstrip("/"))
        if own in (Screen.MATCHES, Screen.STATS) and "history" in self._areas:
            chosen = self._history.filter_from(query)
            if self.screen is own and chosen == self._history.filter:
                return
            self._history.use_filter(chosen)
            self.open_own(own)
            return
        if path == self.address():
            return
        current = self._match.current
        shown = current.id if current is not None else None
        if found := _TABLE_ADDRESS.fullmatch(path):
            match_id = int(found.group(1))
            if match_id == shown and self.screen is Screen.SCOREBOARD:
                self.show_table()
            else:
                self.open_table(match_id)
        elif found := _DETAIL_ADDRESS.fullmatch(path):
            self.open_hand(int(found.group(1)), int(found.group(2)))
        elif found := _ENTRY_ADDRESS.fullmatch(path):
            self.open_entry(int(found.group(1)))
        elif found := _MATCH_ADDRESS.fullmatch(path):
            match_id = int(found.group(1))
            if match_id == shown:
                self.back_to_scoreboard()
            else:
                self.open_match(match_id, by_address=True)
        elif found := _MATCH_CHECKER_ADDRESS.fullmatch(path):
            self.open_checker(int(found.group(1)))
        elif found := _MATCH_EXPORT_ADDRESS.fullmatch(path):
            self.open_export(int(found.group(1)))
        elif _CHECKER_ADDRESS.fullmatch(path):
            self.open_checker()
        elif (own := _OWN_SCREEN.get(path.rstrip("/"))) is not None:
            self.open_own(own)
            if own is Screen.NEW_MATCH and self.screen is Screen.HOME:
                # the form of a match started already: home, the address left as it
                # is (see `passed`), so that Forward still comes to the scoreboard
                self.passed = address
        elif path == "/":
            self.go_home()
        else:  # none of the app's addresses
            self.go_home()
            written = path[:80] + ("…" if len(path) > 80 else "")
            self.say(
                lambda: _(
                    "The address {address} opens nothing in this app: check it (a match "
                    "and a hand are named by their numbers, as /match/3/hand/2)."
                ).format(address=i18n.quote(written)),
                problem=True,
            )

    def names_shown(self, address: str) -> bool:
        """True when ``address`` opens what the tab shows already (`address`, or the
        same filters written another way, as the browser may give them back)."""
        path, _sep, query = address.partition("?")
        own = _OWN_SCREEN.get(path.rstrip("/"))
        if own in (Screen.MATCHES, Screen.STATS) and "history" in self._areas:
            return self.screen is own and names_filter(query, self._history.filter)
        return address == self.address()

    def _shown_by_address(self, match_id: int) -> MatchState | None:
        """Match ``match_id``, opened as its address opens it unless it is open
        already; ``None`` when it could not be opened (said on home, see
        `open_match`)."""
        current = self._match.current
        if current is None or current.id != match_id:
            self.open_match(match_id, by_address=True)
            current = self._match.current
        return current if current is not None and current.id == match_id else None

    def open_hand(self, match_id: int, number: int) -> None:
        """Open the breakdown of hand ``number`` (counted from 1) of a match, as its
        address ``/match/ID/hand/N`` names it (a reload, another device, the
        browser's Forward). A match that is not there is said on home (see
        `open_match`); a hand it does not have is said on its scoreboard. The match
        open already is read again: the hand may have been deleted elsewhere since."""
        opened = self._match.current
        if opened is not None and opened.id == match_id and not self._match.reload():
            return
        current = self._shown_by_address(match_id)
        if current is None:
            return
        hands = len(current.record.hands)
        if 1 <= number <= hands:
            self.show_hand(number - 1)
            return
        if self.screen is not Screen.SCOREBOARD:
            self.back_to_scoreboard()
        self.say(
            lambda: ngettext(
                "There is no hand {number} in this match: it has {count} hand. Check the "
                "address (the hand may also have been deleted).",
                "There is no hand {number} in this match: it has {count} hands. Check the "
                "address (the hand may also have been deleted).",
                hands,
            ).format(number=i18n.number(number), count=i18n.number(hands)),
            problem=True,
        )

    def open_entry(self, match_id: int) -> None:
        """Open a match straight in hand entry, as its address ``/match/ID/hand``
        names it (a reload, the server restarted, the browser's Back or Forward): the
        hand kept for it, else its next hand, as Enter hand N opens it (so the
        address names the screen shown). Where no hand can be entered (the match is
        over, the store can only be read) its scoreboard, with why said."""
        self.open_match(match_id, by_address=True)
        match = self._match
        draft = match.entry.draft
        if self.screen is not Screen.SCOREBOARD:
            return
        if draft is None or draft.number is None:
            match.begin_hand()
        else:
            match.resume_edit()

    def leave_match(self) -> None:
        """Back from a match to where it was opened: the past matches, with their
        filters and as many matches listed as before (read again, the totals may
        have changed), or home."""
        if self.match_from is Screen.MATCHES:
            self._history.load(at_least=len(self._history.recent))
            self.show(Screen.MATCHES)
        else:
            self.go_home()

    def show_hand(self, number: int) -> None:
        """Show one hand's full breakdown."""
        self.show(Screen.HAND_DETAIL, detail=number)

    def back_to_scoreboard(self) -> None:
        """Back to the scoreboard (a draft being entered stays kept), with the match
        read again: another device may have saved a hand meanwhile."""
        self.show(Screen.SCOREBOARD)
        self._match.reload()

    def show_checker(self) -> None:
        """The rule checker; opened from a match, under that match's rules."""
        current = self._match.current
        from_match = self.screen is Screen.SCOREBOARD and current is not None
        if from_match and current is not None:
            self._checker.open_for(current.record, current.score.running_totals)
        else:
            self._checker.open_for(None)
        self.checker_from = Screen.SCOREBOARD if from_match else Screen.HOME
        self.show(Screen.CHECKER)

    def open_checker(self, match_id: int | None = None) -> None:
        """The rule checker as its address opens it (a reload, the browser's Back or
        Forward, the address opened on another device): ``/checker`` (``match_id``
        None) as from home, with the rules chosen on it; ``/match/ID/checker`` as from
        match ID's scoreboard, under that match's rules (a match that is not there is
        said on home, see `open_match`), as its button opens it there."""
        if match_id is None:
            self._checker.open_for(None)
            self.checker_from = Screen.HOME
            self.show(Screen.CHECKER)
            return
        if self._shown_by_address(match_id) is None:
            return
        if self.screen is not Screen.SCOREBOARD:
            self.back_to_scoreboard()
        if self.screen is Screen.SCOREBOARD:
            self.show_checker()

    def open_export(self, match_id: int) -> None:
        """The export of a match as its address ``/match/ID/export`` opens it (a
        reload, the browser's Back or Forward, another device): as its button opens
        it on the match's scoreboard (a match that is not there is said on home, see
        `open_match`)."""
        if self._shown_by_address(match_id) is not None:
            self.show_export()

    def open_own(self, screen: Screen) -> None:
        """The past matches, the statistics, the import or the new-match form as their
        addresses open them (``/matches``, ``/stats``, ``/import``, ``/new``: a
        reload, the browser's Back or Forward, another device), each as the app's own
        move there does (the new-match form a fresh one, of the classic game): the past
        matches from the import are its Back (the file chosen is forgotten), from a
        match opened from them its Back (listed as they were); the past matches and
        the statistics under this tab's filters (those their address names, see
        `open_address`). The form a match
        was started from (the browser's Back from its scoreboard) is not shown again,
        empty or filled, so that the match is not started twice: home is, which says
        so (opened by its address, the address is left as it is, as a gone match's:
        see `passed` and `canasta_scorer.ui.address_bar`)."""
        if screen is Screen.NEW_MATCH and self.started is not None:
            self.go_home()
            self.say(
                lambda: _("That match was started already: tap New match to start another one.")
            )
        elif screen is Screen.NEW_MATCH:
            self.new_match()
        elif screen is Screen.STATS:
            self.show_stats()
        elif screen is Screen.IMPORT:
            self.show_import()
        elif self.screen is Screen.IMPORT:
            self.leave_import()
        elif self.screen is Screen.SCOREBOARD and self.match_from is Screen.MATCHES:
            self.leave_match()
        else:
            self.show_matches()

    def leave_checker(self) -> None:
        """Back from the rule checker to where it was opened: the match, or home."""
        if self.checker_from is Screen.SCOREBOARD and self._match.current is not None:
            self.back_to_scoreboard()
        else:
            self.go_home()

    def show_export(self) -> None:
        """The export screen of the open match."""
        if self._match.current is not None:
            self.show(Screen.EXPORT)

    def show_import(self) -> None:
        """The import screen (from the past matches), with no file chosen yet."""
        self._importer.clear()
        self.show(Screen.IMPORT)

    def leave_import(self) -> None:
        """Back from the import screen to the past matches; the file chosen is
        forgotten, nothing saved."""
        self._importer.clear()
        self.show_matches()

    def read_import(self, name: str, data: bytes) -> None:
        """Show what the file chosen on the import screen holds (nothing saved): read
        and checked off the event loop in the browser version (`ImportFile.reading`)."""
        self._work.run(self._importer.reading(name, data))

    def import_file(self) -> None:
        """Import the file read on the import screen (all of it or nothing), then show
        the past matches with what was imported said."""
        self._work.run(self._importing())

    def _importing(self) -> Steps[None]:
        result = yield from self._importer.importing()
        if result is None:
            return
        self.show_matches()
        created, there = len(result.created), len(result.already_there)
        said = []
        if created:
            said.append(
                ngettext("Imported {count} match.", "Imported {count} matches.", created).format(
                    count=i18n.number(created)
                )
            )
        if there:
            said.append(
                ngettext(
                    "{count} match was already here, so it was not imported again.",
                    "{count} matches were already here, so they were not imported again.",
                    there,
                ).format(count=i18n.number(there))
            )
        self.say(" ".join(said) or _("The file holds no match: nothing was imported."))

    def delete_match(self) -> None:
        """Delete the open match; the message offers to bring it back."""
        self._work.run(self._deleting())

    def _deleting(self) -> Steps[None]:
        deleted = yield from self._match.deleting()
        if deleted is None:
            return
        self.gone = self.gone | {deleted}
        self.go_home()
        self.say(_("Match deleted."), undo_delete=deleted)

    def restore_deleted(self) -> None:
        """Bring back the match deleted last."""
        self._work.run(self._restoring())

    def _restoring(self) -> Steps[None]:
        if self.deleted is None:
            return
        yield from self._match.restoring(self.deleted)
        self.gone = self.gone - {self.deleted}
        self.show(Screen.SCOREBOARD)
        self.say(_("Match brought back."))

    def refresh(self) -> None:
        """Reload what the screen shows from the store: the page was reloaded or the
        tab reconnected, and another device may have changed it meanwhile. The hand
        being entered is kept; if its match changed, the scoreboard is shown with
        what changed."""
        if self.screen is Screen.HOME:
            self._history.refresh_recent()
        elif self.screen is Screen.MATCHES:
            self._history.load()
        elif self.screen is Screen.STATS:
            self._history.compute_stats()
        elif self.screen is Screen.IMPORT:
            pass
        elif self.screen is Screen.NEW_MATCH:
            self._setup.refresh_players()
        elif self.screen is Screen.CHECKER and self.checker_from is not Screen.SCOREBOARD:
            pass
        elif self._match.current is not None:
            self._match.refresh()
