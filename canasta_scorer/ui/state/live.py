"""Following changes made on other devices: what a tab reads again when the store
announces one (`canasta_scorer.store.Change`).

Only what the tab shows is read again: the open match (one store read) while one of
the match's screens is shown, the list of matches while it is shown (its first page:
a player reading further pages keeps them). The hand being
entered is never touched (see `OpenMatch.follow`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_scorer.i18n import _
from canasta_scorer.store import Change, ChangeKind

from .history import HISTORY_PAGE
from .navigation import Screen

if TYPE_CHECKING:
    from . import AppModel

__all__ = ["MATCH_SCREENS", "follow", "said_elsewhere"]

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
        ChangeKind.HAND_ADDED: f"Another device saved {hand}.",
        ChangeKind.HAND_EDITED: f"Another device changed {hand}.",
        ChangeKind.HAND_DELETED: f"Another device deleted {hand}.",
        ChangeKind.UNDONE: "Another device undid a change.",
        ChangeKind.REDONE: "Another device redid a change.",
    }.get(change.kind)


def follow(model: AppModel, change: Change) -> None:
    """Show a change announced by the store, if this tab shows what it changed.

    Args:
        model: the tab's state.
        change: the change (``match_id`` ``None``: any match may have changed).
    """
    nav, match = model.nav, model.match
    current = match.current
    if (
        current is not None
        and nav.screen in MATCH_SCREENS
        and change.match_id in (None, current.id)
        and match.follow(None if change.match_id is None else change.version)
        and nav.screen is Screen.HAND_ENTRY
    ):
        said = said_elsewhere(change)
        if said:
            nav.say(said)
    if nav.screen is Screen.HOME:
        model.history.refresh_recent()
    elif nav.screen is Screen.MATCHES and len(model.history.recent) <= HISTORY_PAGE:
        model.history.load()  # not while more pages are open: the list would jump back
