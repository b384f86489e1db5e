"""The rule checker has addresses of its own: ``/checker`` opened from home and
``/match/ID/checker`` under a match's rules, so a reload, the browser's Back and
Forward, or the address opened on another device show it again (in-process, a client
answering what the app asks of it)."""

from __future__ import annotations

from collections.abc import Callable

from canasta_scorer.store import Store
from canasta_scorer.ui.state import Screen, build_model
from tests.ui.hands import enter_small
from tests.ui.harness import AppHarness
from tests.ui.test_screens import seeded_phone, start_match
from tests.ui.test_table_view import addresses

OpenApp = Callable[..., AppHarness]


def title(app: AppHarness) -> str:
    """The screen shown, by its title."""
    return next(t for t in app.texts() if t in ("Rule checker", "Scoreboard", "Canasta scorer"))


def test_the_checker_from_home_is_at_its_address_and_back_goes_home(open_app: OpenApp) -> None:
    app = open_app(client=True)
    assert title(app) == "Canasta scorer"
    app.click("Rule checker")
    assert title(app) == "Rule checker"
    assert addresses(app) == ["/checker"]
    app.route("/")  # the browser's Back
    assert title(app) == "Canasta scorer"
    app.route("/checker")  # and Forward
    assert title(app) == "Rule checker"
    assert addresses(app) == ["/checker"]  # nothing pushed for either
    app.click("Back")
    assert title(app) == "Canasta scorer" and addresses(app)[-1] == "/"


def test_the_checker_of_a_match_is_at_the_match_s_address(open_app: OpenApp, store: Store) -> None:
    app = open_app(client=True)
    start_match(app)
    match_id = store.matches()[0].id
    app.click("Rule checker")
    assert title(app) == "Rule checker"
    assert addresses(app)[-1] == f"/match/{match_id}/checker"
    app.route(f"/match/{match_id}")  # the browser's Back: the scoreboard
    assert title(app) == "Scoreboard"
    app.route(f"/match/{match_id}/checker")  # Forward: the match's checker again
    assert title(app) == "Rule checker"
    assert addresses(app)[-1] == f"/match/{match_id}/checker"  # nothing pushed for them
    app.click("Back")
    assert title(app) == "Scoreboard"
    assert addresses(app)[-1] == f"/match/{match_id}"


def test_a_new_tab_opens_the_checker_from_its_address(store: Store) -> None:
    phone = seeded_phone(store, enter_small)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    phone.nav.show_checker()
    assert phone.nav.address() == f"/match/{match_id}/checker"
    tab = build_model(store)  # another device, a reload, or the server restarted
    tab.nav.open_address(f"/match/{match_id}/checker/")
    assert tab.nav.screen is Screen.CHECKER and tab.nav.checker_from is Screen.SCOREBOARD
    assert tab.nav.address() == f"/match/{match_id}/checker"
    assert tab.checker.sides == phone.checker.sides  # the match's sides and totals
    assert [name for name, _ in tab.checker.sides] == ["North-South", "East-West"]
    tab.nav.leave_checker()
    assert tab.nav.screen is Screen.SCOREBOARD
    home = build_model(store)
    home.nav.open_address("/checker")
    assert home.nav.screen is Screen.CHECKER and home.nav.checker_from is Screen.HOME
    assert home.checker.match_rules is None and home.checker.sides == ()
    assert home.nav.address() == "/checker"
    home.nav.open_address("/")
    assert home.nav.screen is Screen.HOME and home.nav.address() == "/"


def test_the_checker_of_a_match_not_there_is_said_on_home(store: Store) -> None:
    tab = build_model(store)
    tab.nav.open_address("/match/999/checker")
    assert tab.nav.screen is Screen.HOME
    assert tab.nav.message == (
        "There is no match 999 here: check the address (it may also have been deleted)."
    )
    assert tab.nav.problem


def test_the_checker_opened_from_hand_entry_s_address_keeps_the_hand(store: Store) -> None:
    phone = seeded_phone(store)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    phone.match.begin_hand()
    phone.entry.add_meld(0, "K")
    phone.nav.open_address(f"/match/{match_id}/checker")  # typed, or Forward
    assert phone.nav.screen is Screen.CHECKER and phone.nav.checker_from is Screen.SCOREBOARD
    phone.nav.leave_checker()
    assert phone.nav.screen is Screen.SCOREBOARD
    assert phone.entry.draft is not None and phone.entry.draft.number is None  # still kept
