"""A tab that went away (its connection ended) keeps its state but not its screen:
Flet keeps the session for a reconnect, and the few hundred controls of a long
match's scoreboard are let go meanwhile; the reconnect builds the screen again."""

from __future__ import annotations

import gc
import warnings
import weakref
from collections.abc import Callable

import pytest

from canasta_scorer.store import Store
from canasta_scorer.ui.app import AccessGate
from tests.ui.hands import enter_small
from tests.ui.harness import AppHarness
from tests.ui.test_screens import seeded_phone

OpenApp = Callable[..., AppHarness]


def test_a_tab_away_lets_its_screen_go_and_a_reconnect_shows_it_again(
    open_app: OpenApp, store: Store
) -> None:
    phone = seeded_phone(store, enter_small, enter_small)  # 120 / 90
    app = open_app()
    app.click("resume")
    assert "North-South total 120" in app.labels()
    shown = len(app.session.index)
    assert shown > 100  # the scoreboard: app bar, totals, hands, chart
    total = next(
        c for c in app.controls() if "North-South total 120" in str(getattr(c, "label", ""))
    )
    held = weakref.ref(total)
    assert held() is not None
    del total

    app.disconnect()  # the connection ends; Flet keeps the session
    gc.collect()
    assert held() is None  # the screen's controls are freed ...
    assert len(app.session.index) < 10  # ... and gone from Flet's index
    assert "North-South total 120" not in app.labels()

    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()  # 180 / 135, while the tab was away
    app.reconnect()  # the page reloaded: the same session, the screen built again
    labels = app.labels()
    assert "North-South total 180" in labels and "East-West total 135" in labels
    fresh = open_app()  # the same screen as a new tab builds it
    fresh.click("resume")
    assert len(app.session.index) == len(fresh.session.index) > shown
    app.click("Enter hand 4")  # and it answers taps
    assert app.button("Save hand")


def test_a_tab_entering_a_hand_comes_back_to_it(open_app: OpenApp, store: Store) -> None:
    seeded_phone(store, enter_small)
    app = open_app()
    app.click("resume")
    app.click("Enter hand 2")
    app.click("Add a meld of Ks")
    app.disconnect()
    app.reconnect()
    assert app.button("Save hand")
    assert "natural cards in the meld of Ks: 3" in app.labels()


def test_a_tab_that_gave_the_access_code_is_not_asked_again_on_a_reconnect(
    open_app: OpenApp, store: Store
) -> None:
    seeded_phone(store, enter_small)
    app = open_app(AccessGate("2468"))
    app.type("Access code", "2468")
    app.click("Unlock")
    app.click("resume")
    app.disconnect()
    app.reconnect()
    assert "North-South total 60" in app.labels()
    assert "Access code" not in app.labels()

    locked = open_app(AccessGate("2468"))  # one that never gave it is still asked
    locked.disconnect()
    locked.reconnect()
    with pytest.raises(AssertionError):
        locked.button("resume")
    locked.type("Access code", "2468")
    locked.click("Unlock")
    assert locked.button("resume")


def test_a_tab_closed_with_a_change_still_to_show_closes_cleanly(
    open_app: OpenApp, store: Store
) -> None:
    """The harness's tab closes as the server's would: a change made elsewhere,
    handed to the tab's loop just before it closed, is run or cancelled, never left
    a coroutine that was not awaited."""
    seeded_phone(store, enter_small)
    app = open_app()
    app.click("resume")
    match_id = store.matches(limit=1)[0].id
    store.save_draft(match_id, "{}", writer="another-device", stamp="s1")  # heard here
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app.close()
        gc.collect()
    assert [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)] == []


def test_a_reconnect_in_hand_entry_keeps_the_side_being_entered(
    open_app: OpenApp, store: Store
) -> None:
    seeded_phone(store, enter_small)
    app = open_app()
    app.click("resume")
    app.click("Enter hand 2")
    app.click("side-1")  # East-West
    app.click("Add a meld of Qs")
    assert app.button("More red threes of East-West")
    app.disconnect()  # its screen let go (`release_screen`) ...
    app.reconnect()  # ... and drawn again from the tab's state
    assert app.button("More red threes of East-West")  # East-West's panel, not the first
    assert "natural cards in the meld of Qs: 3" in app.labels()
    with pytest.raises(AssertionError):
        app.button("More red threes of North-South")
    chosen = [c for c in app.controls() if getattr(c, "identifier", None) == "side-tab-1"]
    assert chosen and chosen[0].selected
    app.click("Discard")  # thrown away: the next entry starts on the first side
    app.click("Discard it")
    app.click("Enter hand 2")
    assert app.button("More red threes of North-South")
    app.click("side-1")  # and the choice still answers
    assert app.button("More red threes of East-West")
