"""What the browser's Back and an entry left empty must not do: the new-match form a
match was started from is not offered again by Back (home is shown, and the address
put right), and a hand entry opened and left with nothing entered is not kept in the
store, nor told to other devices (in-process, a client answering)."""

from __future__ import annotations

from collections.abc import Callable

from canasta_scorer.store import Store
from tests.ui.harness import AppHarness
from tests.ui.test_screens import start_match
from tests.ui.test_table_view import addresses

OpenApp = Callable[..., AppHarness]

STARTED = "That match was started already: tap New match to start another one."


def test_back_to_the_form_a_match_was_started_from_shows_home(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app(client=True)
    start_match(app)
    match_id = store.matches()[0].id
    assert addresses(app) == ["/new", f"/match/{match_id}"]
    app.route("/new")  # the browser's Back from the new match's scoreboard
    assert "Start match" not in app.texts() and app.button("New match")
    assert app.has_text(STARTED)
    # the address left as it is (nothing pushed), so that Forward still comes to the
    # scoreboard: a push would have dropped it from the browser's history
    assert addresses(app) == ["/new", f"/match/{match_id}"]
    assert len(store.matches()) == 1
    app.route(f"/match/{match_id}")  # Forward
    assert app.button("Enter hand 1") and addresses(app) == ["/new", f"/match/{match_id}"]
    app.route("/new")  # Back again: home still, nothing started twice
    assert "Start match" not in app.texts() and len(store.matches()) == 1
    app.click("New match")  # the player's own New match: a fresh form
    assert app.button("Start match")  # (the browser shows /new already: not pushed)
    app.route("/")
    app.route("/new")  # Forward to the form not used yet: the form
    assert app.button("Start match")


def test_hand_entry_left_with_nothing_entered_keeps_no_entry(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app(client=True)
    start_match(app)
    match_id = store.matches()[0].id
    app.click("Enter hand 1")
    app.click("Back")
    assert store.kept_draft(match_id) is None and store.kept_drafts(match_id) == []
    app.route(f"/match/{match_id}/hand")  # its address, then Back
    app.route(f"/match/{match_id}")
    assert store.kept_drafts(match_id) == []
    app.click("Enter hand 1")
    app.switch("Quick totals", True)  # how the hand is entered, not an entry
    app.click("Back")
    assert store.kept_drafts(match_id) == []
    app.click("Enter hand 1")  # still in quick totals here
    assert app.field("North-South hand total").value == ""

    other = open_app(client=True)  # another device: told of no entry
    other.route(f"/match/{match_id}")
    other.click("Enter hand 1")
    assert not other.has_text("Another device is entering hand 1")


def test_hand_entry_left_with_something_entered_keeps_it(open_app: OpenApp, store: Store) -> None:
    app = open_app(client=True)
    start_match(app)
    match_id = store.matches()[0].id
    app.click("Enter hand 1")
    app.click("K")
    app.click("Back")
    assert store.kept_draft(match_id) is not None
    assert app.button("Go on with hand 1")


NO_MATCH = "There is no match {id} here: check the address (it may also have been deleted)."


def test_back_over_a_deleted_match_goes_past_its_addresses_saying_nothing_twice(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app(client=True)
    start_match(app)
    match_id = store.matches()[0].id
    board = f"/match/{match_id}"
    app.click("Enter hand 1")
    app.click("Back")
    app.click("delete-match")
    app.click("delete-match-yes")
    assert app.has_text("Match deleted.")
    pushed = addresses(app)
    assert pushed == ["/new", board, f"{board}/hand", board, "/"]
    for address in (board, f"{board}/hand", board):  # the browser's Back over them
        app.route(address)
        assert app.button("New match") and app.has_text("Match deleted.")  # home, Undo kept
        assert not app.has_text(NO_MATCH.format(id=match_id))
    # none put right: a push would bring the next Back to the same address again
    assert addresses(app) == pushed
    app.click("Undo")  # brought back at the address the browser shows: nothing pushed
    assert app.button("Enter hand 1") and addresses(app) == pushed


def test_a_match_not_there_is_said_once_however_many_of_its_addresses_back_meets(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app(client=True)
    app.route("/match/77/hand")  # another device deleted it, say
    assert app.has_text(NO_MATCH.format(id=77))
    assert addresses(app) == ["/"]  # put right the first time, as any address
    app.route("/match/77")  # the next Back: home, nothing said again, not pushed
    assert app.texts().count(NO_MATCH.format(id=77)) <= 1  # (the first, still on home)
    assert app.button("New match") and addresses(app) == ["/"]
    app.click("Past matches")  # and the app goes on as usual from there
    assert addresses(app) == ["/", "/matches"]


def test_new_typed_in_the_address_bar_after_a_match_was_started_is_a_fresh_form(
    open_app: OpenApp, store: Store
) -> None:
    """A page loaded again (the address typed, or a reload) starts a new history: /new
    is then the form, empty, as README says (only Back to it shows home)."""
    app = open_app(client=True)
    start_match(app)
    app.reconnect()  # the page loaded again in the same tab: Flet's reconnect
    app.route("/new")  # with the address typed
    assert app.button("Start match") and "New match" in app.texts()
    assert not app.has_text(STARTED)
    assert len(store.matches()) == 1  # nothing started twice


def test_new_typed_after_a_match_was_started_is_the_form_if_flet_opens_it_first(
    open_app: OpenApp, store: Store
) -> None:
    """In the browser Flet gives the new address (``/new`` typed) before it says the
    page connected: home, said as for Back, then becomes the fresh form."""
    app = open_app(client=True)
    start_match(app)
    app.route("/new")  # the address of the page loaded again, before the connect event
    assert app.has_text(STARTED)
    app.reconnect()  # the page's address is /new
    assert app.button("Start match") and not app.has_text(STARTED)
    assert len(store.matches()) == 1
