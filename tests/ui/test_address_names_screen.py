"""The address always names the screen shown: the new-match form has its own
(``/new``); an address the app does not know is said on home (never another screen
kept under it); an address the browser moves back or forward to whose screen cannot
be shown (hand entry of a match that is over, a deleted hand) is put right at once;
and the browser's Back steps back one screen at a time (in-process, a client
answering what the app asks of it)."""

from __future__ import annotations

from collections.abc import Callable

from canasta_scorer.store import Store
from canasta_scorer.ui.state import Screen, build_model
from tests.ui.hands import enter_small
from tests.ui.harness import AppHarness
from tests.ui.test_screens import seeded_phone, start_match
from tests.ui.test_table_view import addresses
from tests.ui.test_tester3_fixes import _finished_six

OpenApp = Callable[..., AppHarness]

TITLES = (
    "Canasta scorer",
    "New match",
    "Scoreboard",
    "Enter a hand",
    "Past matches",
    "Player statistics",
    "Rule checker",
)


def title(app: AppHarness) -> str:
    """The screen shown, by its title."""
    return next(t for t in app.texts() if t in TITLES)


def test_the_new_match_form_is_at_its_address(open_app: OpenApp, store: Store) -> None:
    app = open_app(client=True)
    app.click("New match")
    assert title(app) == "New match" and addresses(app) == ["/new"]
    app.type("North-South player 1", "Ann")
    app.route("/new")  # the address it has already (a reload): the form as it was
    assert app.field("North-South player 1").value == "Ann"
    app.route("/")  # the browser's Back: home, as the form's Back
    assert title(app) == "Canasta scorer"
    app.route("/new")  # Forward: the form again (a fresh one)
    assert title(app) == "New match"
    assert addresses(app) == ["/new"]  # nothing pushed for any of them
    app.click("Back")  # the app's own Back goes where the browser's went
    assert title(app) == "Canasta scorer" and addresses(app)[-1] == "/"

    tab = build_model(store)  # another device, or a tab of a new session
    tab.nav.open_address("/new/")
    assert tab.nav.screen is Screen.NEW_MATCH and tab.nav.address() == "/new"
    assert tab.setup.form.variant == "classic"


def test_an_address_the_app_does_not_know_is_said_on_home(open_app: OpenApp) -> None:
    app = open_app(client=True)
    app.click("Rule checker")
    assert title(app) == "Rule checker" and addresses(app) == ["/checker"]
    app.route("/nothing-here")  # typed: not the checker kept under it
    assert title(app) == "Canasta scorer"
    assert app.has_text(
        "The address “/nothing-here” opens nothing in this app: check it (a match and a "
        "hand are named by their numbers, as /match/3/hand/2)."
    )
    assert addresses(app) == ["/checker", "/"]  # the address put right at once
    app.route("/another")  # from home too: the address is home's again
    assert title(app) == "Canasta scorer" and addresses(app) == ["/checker", "/", "/"]


def test_browser_back_steps_back_one_screen_at_a_time(open_app: OpenApp, store: Store) -> None:
    app = open_app(client=True)
    start_match(app)
    match_id = store.matches()[0].id
    app.click("Enter hand 1")
    assert title(app) == "Enter a hand"
    app.click("Back")  # the scoreboard
    app.click("Back")  # home
    app.click("Past matches")
    app.click("Player statistics")
    pushed = [
        "/new",
        f"/match/{match_id}",
        f"/match/{match_id}/hand",
        f"/match/{match_id}",
        "/",
        "/matches",
        "/stats",
    ]
    assert addresses(app) == pushed
    # the browser's Back, one entry of its history at a time: each a screen of its own
    for address, shown in (
        ("/matches", "Past matches"),
        ("/", "Canasta scorer"),
        (f"/match/{match_id}", "Scoreboard"),
        (f"/match/{match_id}/hand", "Enter a hand"),
        (f"/match/{match_id}", "Scoreboard"),
        # the form the match was started from: home, not the form again (the address
        # left as it is, so that Forward would come back to the scoreboard)
        ("/new", "Canasta scorer"),
        ("/", "Canasta scorer"),
    ):
        app.route(address)
        assert title(app) == shown, address
    assert addresses(app) == pushed  # every other address named its screen


def test_back_to_hand_entry_of_a_saved_hand_opens_the_next_hand(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app(client=True)
    start_match(app)
    match_id = store.matches()[0].id
    app.click("Enter hand 1")
    app.switch("Quick totals", True)
    app.type("North-South hand total", "120")
    app.type("East-West hand total", "45")
    app.click("Save hand")
    assert title(app) == "Scoreboard" and app.has_text("Hand 1 saved.")
    assert store.kept_draft(match_id) is None
    entry, board = f"/match/{match_id}/hand", f"/match/{match_id}"
    assert addresses(app) == ["/new", board, entry, board]
    app.route(entry)  # the browser's Back, over hand 1's entry: hand 2's, not the board
    assert title(app) == "Enter a hand" and app.has_text("Hand 2 · initial meld minimums")
    assert addresses(app) == ["/new", board, entry, board]  # it names the screen shown
    app.route(board)  # Forward: the scoreboard, as Enter hand 2 then Back leaves it
    assert title(app) == "Scoreboard" and app.button("Enter hand 2")


def test_hand_entry_of_a_match_over_is_put_right_to_its_scoreboard(
    open_app: OpenApp, store: Store
) -> None:
    match_id = _finished_six(store)
    app = open_app(client=True)
    board = f"/match/{match_id}"
    app.route(board)  # its scoreboard, after the last hand was saved
    assert title(app) == "Scoreboard" and addresses(app) == []
    app.route(f"{board}/hand")  # the browser's Back, over the entry of its last hand
    assert title(app) == "Scoreboard"
    assert app.has_text("The match is over: start a rematch for another.")
    assert addresses(app) == [board]  # the address put right: it names the scoreboard
    app.route(f"{board}/hand")  # Back from that address: to the entry's again
    assert title(app) == "Scoreboard"
    # not pushed again, so the next Back goes on past it (Flet can only push)
    assert addresses(app) == [board]
    app.route("/")
    assert title(app) == "Canasta scorer"


def test_a_deleted_hand_s_breakdown_is_put_right_to_the_scoreboard(
    open_app: OpenApp, store: Store
) -> None:
    phone = seeded_phone(store, enter_small)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    app = open_app(client=True)
    app.route(f"/match/{match_id}")
    app.route(f"/match/{match_id}/hand/2")  # Forward to a hand since deleted
    assert title(app) == "Scoreboard"
    assert app.has_text("There is no hand 2 in this match: it has 1 hand.")
    assert addresses(app) == [f"/match/{match_id}"]


def test_home_s_address_is_home_from_a_match_opened_from_the_list(
    open_app: OpenApp, store: Store
) -> None:
    seeded_phone(store, enter_small)
    match_id = store.matches()[0].id
    app = open_app(client=True)
    app.click("Past matches")
    app.route(f"/match/{match_id}")  # as tapping it in the list
    assert title(app) == "Scoreboard"
    app.route("/")  # two steps back at once (the browser's Back held down): home
    assert title(app) == "Canasta scorer"
    assert addresses(app) == ["/matches"]  # nothing put right: "/" names home


def test_forward_to_a_hand_deleted_since_reads_the_match_again(store: Store) -> None:
    phone = seeded_phone(store, enter_small, enter_small)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    phone.nav.show_hand(1)
    phone.nav.open_address(f"/match/{match_id}")  # the browser's Back
    # hand 2 deleted on another process's store (no live word of it reaches this tab)
    store.delete_hand(match_id, 1, store.match(match_id).version)
    phone.nav.open_address(f"/match/{match_id}/hand/2")  # and Forward
    assert phone.nav.screen is Screen.SCOREBOARD
    assert phone.nav.address() == f"/match/{match_id}"
    assert phone.nav.message is not None
    assert phone.nav.message.startswith("There is no hand 2 in this match: it has 1 hand.")
