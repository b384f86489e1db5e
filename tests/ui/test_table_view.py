"""The table view's address and its screen kept on, in-process: a client answers what
the app asks of it (`AppHarness` with ``client``), so the addresses pushed and the
wake lock asked for are seen as the client would receive them.

The same in a real browser: tests/e2e/test_table_view_in_browser.py.
"""

from __future__ import annotations

import gc
from collections.abc import Callable

import flet as ft
import pytest
from flet.controls.context import _context_page

from canasta_scorer.store import Store
from canasta_scorer.ui.state import OpenMatch, Screen, build_model
from tests.ui.hands import enter_small, three_alone
from tests.ui.harness import AppHarness
from tests.ui.test_screens import seeded_phone, start_match

OpenApp = Callable[..., AppHarness]


def addresses(app: AppHarness) -> list[str]:
    """Every address the app pushed to the browser so far, in order."""
    return [args["route"] for args in app.calls("push_route")]


def title(app: AppHarness) -> str:
    """The screen shown, by its title."""
    return next(t for t in app.texts() if t in ("Table view", "Scoreboard", "Canasta scorer"))


def asked_awake(app: AppHarness) -> int:
    """How many times the app asked the device to keep the screen on."""
    return len(app.calls("enable"))


def test_the_table_view_is_at_its_own_address_and_back_at_the_match_s(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app(client=True)
    start_match(app)
    match_id = store.matches()[0].id
    assert addresses(app) == ["/new", f"/match/{match_id}"]  # the form, then the match
    app.click("Table view")
    assert addresses(app)[-1] == f"/table/{match_id}"
    assert app.has_text("North-South total 0")
    app.click("Back")
    assert addresses(app)[-1] == f"/match/{match_id}"
    assert app.button("Enter hand 1")
    app.click("Table view")
    # the browser's Back: the match's address, its scoreboard (not read again)
    app.route(f"/match/{match_id}")
    assert title(app) == "Scoreboard"
    assert addresses(app)[-1] == f"/table/{match_id}"  # nothing pushed for it
    app.route(f"/table/{match_id}")  # and Forward
    assert title(app) == "Table view"
    app.route("/")  # Back to the start: the match is left as its Back leaves it
    assert title(app) == "Canasta scorer"


def test_an_address_told_back_late_does_not_reopen_the_screen_left(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app(client=True)
    start_match(app)
    app.hold_routes = True  # the browser is slow to tell of the pushes
    app.click("Table view")
    app.click("Back")
    match_id = store.matches()[0].id
    assert app.connection.routes == [f"/table/{match_id}", f"/match/{match_id}"]
    app.deliver_routes()
    assert title(app) == "Scoreboard"
    app.hold_routes = False
    app.route(f"/table/{match_id}")  # the player's own move is still followed
    assert title(app) == "Table view"


def test_a_tab_opened_at_the_table_view_s_address_pushes_none(
    open_app: OpenApp, store: Store
) -> None:
    phone = seeded_phone(store)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    tablet = open_app(client=True)
    tablet.route(f"/table/{match_id}")
    assert title(tablet) == "Table view"
    assert addresses(tablet) == []  # opened at its address: nothing to push


def test_the_table_view_asks_again_to_keep_the_screen_on_when_shown_again(
    open_app: OpenApp,
) -> None:
    app = open_app(client=True)
    assert asked_awake(app) == 1  # every tab, as it opens
    start_match(app)
    app.lifecycle("hide")
    app.lifecycle("show")
    app.lifecycle("resume")
    assert asked_awake(app) == 1  # the scoreboard does not ask again
    app.click("Table view")
    assert asked_awake(app) == 2  # the table view, as it is opened
    app.lifecycle("hide")
    assert asked_awake(app) == 2
    app.lifecycle("show")
    assert asked_awake(app) == 3  # shown again
    app.lifecycle("inactive")
    app.lifecycle("resume")
    assert asked_awake(app) == 4  # back in front (a blur lost nothing, asking is cheap)
    app.reconnect()
    assert asked_awake(app) == 5  # a reload or a reconnect
    app.click("Back")
    app.lifecycle("hide")
    app.lifecycle("show")
    app.reconnect()
    assert asked_awake(app) == 5  # left: no more asking
    assert {control for control, name, _ in app.connection.calls if name == "enable"} == {
        "Wakelock"
    }


def test_without_a_client_the_screen_is_not_asked_for(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Table view")
    app.lifecycle("show")
    assert app.connection.calls == []


def test_each_screen_of_a_match_has_the_address_that_opens_it(store: Store) -> None:
    phone = seeded_phone(store, enter_small)
    nav, match = phone.nav, phone.match
    assert match.current is not None
    match_id = match.current.id
    assert nav.address() == f"/match/{match_id}"
    nav.show_table()
    assert nav.address() == f"/table/{match_id}"
    nav.open_address(f"/match/{match_id}")  # the browser's Back
    assert nav.screen is Screen.SCOREBOARD
    nav.show_hand(0)
    assert nav.address() == f"/match/{match_id}/hand/1"  # hands counted from 1
    nav.open_address(f"/match/{match_id}")
    assert nav.screen is Screen.SCOREBOARD
    nav.open_address(f"/match/{match_id}/hand/1")  # the browser's Forward
    assert nav.screen is Screen.HAND_DETAIL and nav.detail == 0
    nav.open_address(f"/match/{match_id}")
    assert nav.screen is Screen.SCOREBOARD
    match.begin_hand()
    assert nav.address() == f"/match/{match_id}/hand"
    phone.entry.add_meld(0, "K")
    nav.open_address(f"/match/{match_id}")  # Back from hand entry: the hand is kept
    assert nav.screen is Screen.SCOREBOARD
    assert phone.entry.draft is not None and phone.entry.draft.number is None
    nav.open_address(f"/table/{match_id}?from=qr")  # Forward, a query string ignored
    assert nav.screen is Screen.TABLE
    nav.open_address("/")
    assert nav.screen is Screen.HOME and nav.address() == "/"
    nav.open_address("/match/999")
    assert nav.screen is Screen.HOME
    assert nav.message == (
        "There is no match 999 here: check the address (it may also have been deleted)."
    )
    assert nav.problem
    nav.open_address("/nowhere")  # no screen's: nothing changes
    assert nav.screen is Screen.HOME


def test_a_hand_s_breakdown_opens_from_its_address_in_a_new_tab(store: Store) -> None:
    phone = seeded_phone(store, enter_small, enter_small)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    phone.nav.show_hand(1)
    assert phone.nav.address() == f"/match/{match_id}/hand/2"
    tab = build_model(store)  # another device, or the server restarted
    tab.nav.open_address(f"/match/{match_id}/hand/2/")
    assert tab.nav.screen is Screen.HAND_DETAIL and tab.nav.detail == 1
    assert tab.nav.address() == f"/match/{match_id}/hand/2"
    assert tab.nav.message is None


@pytest.mark.parametrize("number", [0, 3, 999])
def test_an_address_of_a_hand_the_match_does_not_have_says_so(store: Store, number: int) -> None:
    phone = seeded_phone(store, enter_small, enter_small)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    tab = build_model(store)
    tab.nav.open_address(f"/match/{match_id}/hand/{number}")
    assert tab.nav.screen is Screen.SCOREBOARD
    assert tab.nav.message == (
        f"There is no hand {number} in this match: it has 2 hands. Check the address "
        "(the hand may also have been deleted)."
    )
    assert tab.nav.problem
    phone.nav.open_address(f"/match/{match_id}/hand/7")  # the match shown already
    assert phone.nav.screen is Screen.SCOREBOARD and phone.nav.problem
    tab.nav.open_address("/match/999/hand/1")
    assert tab.nav.screen is Screen.HOME
    assert tab.nav.message == (
        "There is no match 999 here: check the address (it may also have been deleted)."
    )


def test_a_breakdown_shown_of_a_hand_gone_says_so_without_failing(
    open_app: OpenApp, store: Store
) -> None:
    """The breakdown drawn again once its match has lost the hand (deleted here or on
    another device) before the tab moved on: it says so, with the way back."""
    phone = seeded_phone(store, enter_small, enter_small)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    tab = open_app()
    tab.route(f"/match/{match_id}/hand/2")
    assert tab.has_text("Hand 2")
    shown = next(
        o
        for o in gc.get_objects()
        if isinstance(o, OpenMatch) and o.nav.screen is Screen.HAND_DETAIL and o.nav.detail == 1
    )
    phone.match.delete_hand(1)

    async def read_again() -> None:  # the match read again, the screen not moved yet
        _context_page.set(tab.session.page)
        shown.current = store.match(match_id)

    tab._run(read_again())
    assert not tab.has_text("This screen could not be shown")
    assert tab.has_text(
        "Hand 2 is not in this match any more: it may have been deleted, here or on another device."
    )
    tab.click("Back to the scoreboard")
    assert shown.nav.screen is Screen.SCOREBOARD


def test_a_side_of_one_player_named_by_the_player_is_named_once(
    open_app: OpenApp, store: Store
) -> None:
    match_id = three_alone(store)
    app = open_app()
    app.route(f"/match/{match_id}")
    assert app.has_text("Ann total 0")
    header = [c for c in app.controls() if isinstance(c, ft.Text) and c.value in ("Ann", "Bo")]
    assert [c.value for c in header] == ["Ann", "Bo"]  # not "Ann", "Ann" (name, players)
    app.route(f"/table/{match_id}")
    assert app.has_text("Ann total 0")
    # read once: the total's label names the side; the name above it is not read again
    read = [
        c.value
        for c in app.controls()
        if isinstance(c, ft.Text) and c.value == "Ann" and c.semantics_label != ""
    ]
    assert read == []
    assert "Ann total 0" in app.labels()


@pytest.mark.parametrize(
    "tail", ["/hand/-1", "/hand/abc", "/hand/99999999999999999999", "x", "/hand/1/more"]
)
def test_an_address_of_the_app_s_kind_that_names_nothing_says_so(store: Store, tail: str) -> None:
    phone = seeded_phone(store, enter_small)
    assert phone.match.current is not None
    address = f"/match/{phone.match.current.id}{tail}"
    tab = build_model(store)
    tab.nav.open_address(address)
    assert tab.nav.screen is Screen.HOME
    assert tab.nav.message == (
        f"The address “{address}” opens nothing in this app: check it (a match and a hand "
        "are named by their numbers, as /match/3/hand/2)."
    )
    assert tab.nav.problem
