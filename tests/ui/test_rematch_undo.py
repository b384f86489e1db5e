"""Rematch offers Undo, as Delete match does: a mistaken tap is taken back by deleting
the new match (while it has no hand) and showing the match it was started from."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft

from canasta_scorer.rules import load_match
from canasta_scorer.store import Store
from canasta_scorer.ui.state import AppModel, Screen, build_model
from tests.ui.hands import enter_small
from tests.ui.harness import AppHarness
from tests.ui.test_table_view import addresses

OpenApp = Callable[..., AppHarness]

SAMPLES = Path(__file__).parent.parent.parent / "assets" / "samples"
#: What the scoreboard says of the sample evening match (East-West won).
WON = "East-West wins by 615"
REMATCHED = "New match with the same sides; Eric deals first."
UNDONE = "Rematch undone: the new match was deleted."


def finished_match(store: Store) -> int:
    """The sample evening match (finished, East-West won), saved in ``store``."""
    record = load_match((SAMPLES / "evening-match.json").read_text(encoding="utf-8"))
    return store.create_match(record).id


def message_undo(app: AppHarness) -> Any:
    """The message's Undo button (the scoreboard's own Undo is an icon button)."""
    found = [
        c
        for c in app.controls()
        if isinstance(c, ft.TextButton) and c.content == "Undo" and not c.disabled
    ]
    assert len(found) == 1, app.texts()
    return found[0]


def rematched(store: Store) -> tuple[AppModel, int, int]:
    """A tab that opened the finished match and tapped Rematch: the tab, the finished
    match's id and the new match's."""
    finished = finished_match(store)
    tab = build_model(store)
    tab.nav.open_address(f"/match/{finished}")
    tab.match.rematch()
    assert tab.match.current is not None and tab.match.current.id != finished
    return tab, finished, tab.match.current.id


def test_undo_after_rematch_deletes_the_new_match_and_shows_the_old(
    open_app: OpenApp, store: Store
) -> None:
    finished = finished_match(store)
    app = open_app(client=True)
    app.route(f"/match/{finished}")
    assert WON in app.texts()
    app.click("Rematch")
    assert REMATCHED in app.labels()
    fresh = store.matches()[0].id
    assert fresh != finished and addresses(app)[-1] == f"/match/{fresh}"
    assert app.button("Enter hand 1")
    app.press(message_undo(app))
    assert UNDONE in app.labels()
    assert WON in app.texts()  # the match it came from, on its scoreboard
    assert [m.id for m in store.matches()] == [finished]  # the new match is gone
    assert addresses(app)[-1] == f"/match/{finished}"
    assert not [
        c for c in app.controls() if isinstance(c, ft.TextButton) and c.content == "Undo"
    ]  # nothing more to undo in the message


def test_the_undo_goes_once_the_rematch_is_left(store: Store) -> None:
    tab, finished, fresh = rematched(store)
    assert tab.nav.message == REMATCHED and tab.nav.rematched is not None
    assert tab.nav.offers_undo
    tab.match.begin_hand()  # hand entry: the message and its Undo go
    assert tab.nav.screen is Screen.HAND_ENTRY
    assert tab.nav.rematched is None and not tab.nav.offers_undo
    tab.nav.back_to_scoreboard()
    tab.nav.undo_said()  # (an old tap) undoes nothing
    assert sorted(m.id for m in store.matches()) == [finished, fresh]  # both kept
    assert tab.match.current is not None and tab.match.current.id == fresh
    tab.nav.say(None)  # Dismiss ends the offer too
    assert not tab.nav.offers_undo


def test_a_dismissed_rematch_message_offers_no_undo(store: Store) -> None:
    tab, _finished, _fresh = rematched(store)
    tab.nav.say(None)
    assert tab.nav.rematched is None and not tab.nav.offers_undo


def test_a_new_match_with_a_hand_is_not_undone(store: Store) -> None:
    tab, finished, fresh = rematched(store)
    other = build_model(store)  # another device plays the new match's first hand
    other.nav.open_address(f"/match/{fresh}")
    other.match.begin_hand()
    enter_small(other)
    assert other.match.save_hand(), other.nav.message
    tab.nav.undo_said()
    assert tab.nav.message == (
        "Another device changed this match meanwhile, so the rematch was not undone. "
        "Its hands are shown now."
    )
    assert tab.match.current is not None and tab.match.current.id == fresh
    assert len(tab.match.current.record.hands) == 1
    assert sorted(m.id for m in store.matches()) == [finished, fresh]
    tab.nav.say(  # the message offering Undo again, now the tab knows of the hand
        "New match with the same sides.", undo_rematch=finished
    )
    tab.nav.undo_said()
    assert tab.nav.problem and tab.nav.message == (
        "The new match has a hand now, so the rematch was not undone: delete the match "
        "if it is not wanted."
    )
    assert sorted(m.id for m in store.matches()) == [finished, fresh]


def test_undo_when_the_old_match_was_deleted_elsewhere_goes_home(store: Store) -> None:
    tab, finished, fresh = rematched(store)
    store.delete_match(finished, store.match(finished).version)
    tab.nav.undo_said()
    assert tab.nav.screen is Screen.HOME and tab.match.current is None
    assert tab.nav.message == (
        "Rematch undone: the new match was deleted. The match it was started from is not "
        "there any more: it may have been deleted on another device."
    )
    assert fresh not in [m.id for m in store.matches()]
