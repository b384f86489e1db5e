"""Following changes made on other devices: what a tab reads again when the store
announces one (`canasta_scorer.store.Change`).

Only what the tab shows is read again: the open match (one store read) while one of
the match's screens is shown, the list of matches while it is shown (its first page:
a player reading further pages keeps them). The hand being
entered is never touched by another device's save (see `OpenMatch.follow`); another
device's entry of the same hand is read and either taken, when it only adds to this
one, or offered beside it (`HandEntry.heard`), and both players are told.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_scorer.i18n import _
from canasta_scorer.store import Change, ChangeKind

from .history import HISTORY_PAGE
from .navigation import Screen

if TYPE_CHECKING:
    from . import AppModel

__all__ = ["MATCH_SCREENS", "follow", "follow_draft", "said_elsewhere"]

#: The screens that show the open match.
MATCH_SCREENS = frozenset(
    {Screen.SCOREBOARD, Screen.TABLE, Screen.HAND_ENTRY, Screen.HAND_DETAIL, Screen.EXPORT}
)


def said_elsewhere(change: Change) -> str | None:
    """What to tell a player entering a hand when another device changed the match."""
    hand = (
        _("hand {value}").format(value=change.hand + 1) if change.hand is not None else _("a hand")
    )
    return {
        ChangeKind.HAND_ADDED: _("Another device saved {hand}.").format(hand=hand),
        ChangeKind.HAND_EDITED: _("Another device changed {hand}.").format(hand=hand),
        ChangeKind.HAND_DELETED: _("Another device deleted {hand}.").format(hand=hand),
        ChangeKind.UNDONE: _("Another device undid a change."),
        ChangeKind.REDONE: _("Another device redid a change."),
    }.get(change.kind)


def follow(model: AppModel, change: Change) -> None:
    """Show a change announced by the store, if this tab shows what it changed.

    Args:
        model: the tab's state.
        change: the change (``match_id`` ``None``: any match may have changed).
    """
    if change.kind is ChangeKind.DRAFT_KEPT:
        follow_draft(model, change)
        return
    nav, match = model.nav, model.match
    current = match.current
    before = nav.message
    followed = (
        current is not None
        and nav.screen in MATCH_SCREENS
        and change.match_id in (None, current.id)
        and match.follow(None if change.match_id is None else change.version)
    )
    if followed and nav.screen is Screen.SCOREBOARD and before and nav.message is before:
        # what this tab said of its own last change ("Redone: adding hand 2.", its
        # Undo) is out of date: what the other device did is said instead
        nav.say(said_elsewhere(change))
    if followed and nav.screen is Screen.HAND_ENTRY:
        said = said_elsewhere(change)
        draft = model.entry.draft
        if change.kind is ChangeKind.HAND_ADDED and draft is not None and draft.number is None:
            # the entry here now stands for the hand after the one saved there
            said = _(
                "Another device saved hand {saved}. Your entry is kept as hand {number}: "
                "save it only if it is a different hand."
            ).format(saved=(change.hand or 0) + 1, number=model.entry.hand_number())
        if said:
            nav.say(said)
    if nav.screen is Screen.HOME:
        model.history.refresh_recent()
    elif nav.screen is Screen.MATCHES and len(model.history.recent) <= HISTORY_PAGE:
        model.history.load()  # not while more pages are open: the list would jump back


def follow_draft(model: AppModel, change: Change) -> None:
    """Another device kept its entry of a hand (`ChangeKind.DRAFT_KEPT`): if this tab
    is entering a hand of that match, read that entry (one store read) and take it or
    offer it (`HandEntry.heard`); on the hand entry screen the player is told.

    Args:
        model: the tab's state.
        change: the announcement (its ``writer`` names the device).
    """
    entry, current = model.entry, model.match.current
    if (
        current is None
        or change.match_id != current.id
        or entry.draft is None
        or change.writer == entry.writer
    ):
        return
    kept = model.match.store.kept_draft(current.id, change.writer)
    if kept is None or kept.stamp != change.stamp:
        return  # thrown away or kept again since: its own announcement follows
    heard = entry.heard(kept)
    if heard is None or model.nav.screen is not Screen.HAND_ENTRY:
        return
    number = entry.hand_number()
    if heard == "taken":
        model.nav.say(
            _("Another device is entering hand {number} too; its entry is shown.").format(
                number=number
            )
        )
    elif heard == "asked":
        model.nav.say(_("Another device is entering hand {number} too.").format(number=number))
