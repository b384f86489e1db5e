"""The past matches, the statistics, the import and a match's export have addresses of
their own (``/matches``, ``/stats``, ``/import``, ``/match/ID/export``), so a reload,
the browser's Back and Forward, or the address opened on another device show the same
screen, not home (in-process, a client answering what the app asks of it)."""

from __future__ import annotations

from collections.abc import Callable

from canasta_scorer.store import Store
from canasta_scorer.ui.state import Screen, build_model
from tests.ui.hands import enter_small
from tests.ui.harness import AppHarness
from tests.ui.test_screens import seeded_phone, start_match
from tests.ui.test_table_view import addresses

OpenApp = Callable[..., AppHarness]

TITLES = ("Canasta scorer", "Past matches", "Player statistics", "Import a file", "Export")


def title(app: AppHarness) -> str:
    """The screen shown, by its title."""
    return next(t for t in app.texts() if t in (*TITLES, "Scoreboard"))


def test_past_matches_and_statistics_are_at_their_addresses_back_and_forward(
    open_app: OpenApp, store: Store
) -> None:
    seeded_phone(store, enter_small)  # one match with a hand: the statistics count it
    app = open_app(client=True)
    app.click("Past matches")
    assert title(app) == "Past matches"
    assert addresses(app) == ["/matches"]
    app.click("Player statistics")
    assert title(app) == "Player statistics"
    assert addresses(app) == ["/matches", "/stats"]
    assert "North" in app.texts() and "Over every match in the store." in app.texts()
    app.route("/matches")  # the browser's Back
    assert title(app) == "Past matches"
    app.route("/")  # and Back again
    assert title(app) == "Canasta scorer"
    app.route("/matches")  # Forward
    assert title(app) == "Past matches"
    app.route("/stats")  # and Forward again
    assert title(app) == "Player statistics"
    assert addresses(app) == ["/matches", "/stats"]  # nothing pushed for any of them
    app.click("Back")  # the app's own Back from the statistics: the past matches
    assert title(app) == "Past matches" and addresses(app)[-1] == "/matches"
    app.click("Back")
    assert title(app) == "Canasta scorer" and addresses(app)[-1] == "/"


def test_a_reload_or_another_device_opens_them_from_their_addresses(store: Store) -> None:
    phone = seeded_phone(store, enter_small)
    phone.nav.show_matches()
    assert phone.nav.address() == "/matches"
    phone.nav.show_stats()
    assert phone.nav.address() == "/stats"
    phone.nav.show_import()
    assert phone.nav.address() == "/import"

    tab = build_model(store)  # another device, a reload, or the server restarted
    tab.nav.open_address("/matches/")
    assert tab.nav.screen is Screen.MATCHES and tab.nav.address() == "/matches"
    assert [m.id for m in tab.history.recent] == [m.id for m in store.matches()]
    assert len(tab.history.recent) == 1
    stats = build_model(store)
    stats.nav.open_address("/stats")
    assert stats.nav.screen is Screen.STATS and stats.history.stats is not None
    assert sorted(p.name for p in stats.history.stats.players) == ["East", "North", "South", "West"]
    importing = build_model(store)
    importing.nav.open_address("/import")
    assert importing.nav.screen is Screen.IMPORT and importing.nav.address() == "/import"
    importing.nav.open_address("/matches")  # the browser's Back: the import's Back
    assert importing.nav.screen is Screen.MATCHES
    importing.nav.open_address("/")
    assert importing.nav.screen is Screen.HOME and importing.nav.address() == "/"


def test_the_import_is_at_its_address_and_back_lists_the_matches(open_app: OpenApp) -> None:
    app = open_app(client=True)
    app.click("Past matches")
    app.click("Import")
    assert title(app) == "Import a file"
    assert addresses(app) == ["/matches", "/import"]
    app.route("/matches")  # the browser's Back
    assert title(app) == "Past matches"
    app.route("/import")  # Forward
    assert title(app) == "Import a file"
    app.click("Back")
    assert title(app) == "Past matches" and addresses(app)[-1] == "/matches"


def test_a_match_opened_from_the_list_goes_back_to_it_by_its_address(
    open_app: OpenApp, store: Store
) -> None:
    phone = seeded_phone(store, enter_small)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    app = open_app(client=True)
    app.click("Past matches")
    app.route(f"/match/{match_id}")  # as tapping the match in the list
    assert title(app) == "Scoreboard"
    app.route("/matches")  # the browser's Back: the list again, as the app's Back
    assert title(app) == "Past matches"
    app.route(f"/match/{match_id}")  # Forward
    app.click("Back")
    assert title(app) == "Past matches" and addresses(app)[-1] == "/matches"


def test_a_match_s_export_is_at_its_address(open_app: OpenApp, store: Store) -> None:
    app = open_app(client=True)
    start_match(app)
    match_id = store.matches()[0].id
    app.click("Export")
    assert title(app) == "Export"
    assert addresses(app)[-1] == f"/match/{match_id}/export"
    assert any('"North"' in text for text in app.texts())  # the match file shown
    app.route(f"/match/{match_id}")  # the browser's Back: the scoreboard
    assert title(app) == "Scoreboard"
    app.route(f"/match/{match_id}/export")  # Forward: its export again
    assert title(app) == "Export"
    assert addresses(app)[-1] == f"/match/{match_id}/export"  # nothing pushed for them
    app.click("Back")
    assert title(app) == "Scoreboard" and addresses(app)[-1] == f"/match/{match_id}"


def test_a_new_tab_opens_a_match_s_export_from_its_address(store: Store) -> None:
    phone = seeded_phone(store, enter_small)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    phone.nav.show_export()
    assert phone.nav.address() == f"/match/{match_id}/export"
    tab = build_model(store)  # another device, a reload
    tab.nav.open_address(f"/match/{match_id}/export/")
    assert tab.nav.screen is Screen.EXPORT and tab.nav.address() == f"/match/{match_id}/export"
    assert tab.match.current is not None and tab.match.current.id == match_id
    assert tab.match.export_text("json") == phone.match.export_text("json")
    assert len(tab.match.current.record.hands) == 1
    tab.nav.back_to_scoreboard()
    assert tab.nav.screen is Screen.SCOREBOARD and tab.nav.address() == f"/match/{match_id}"


def test_the_export_of_a_match_not_there_is_said_on_home(store: Store) -> None:
    tab = build_model(store)
    tab.nav.open_address("/match/999/export")
    assert tab.nav.screen is Screen.HOME and tab.nav.address() == "/"
    assert tab.nav.message == (
        "There is no match 999 here: check the address (it may also have been deleted)."
    )
    assert tab.nav.problem


def test_the_export_opened_from_hand_entry_s_address_keeps_the_hand(store: Store) -> None:
    phone = seeded_phone(store)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    phone.match.begin_hand()
    phone.entry.add_meld(0, "K")
    phone.nav.open_address(f"/match/{match_id}/export")  # typed, or Forward
    assert phone.nav.screen is Screen.EXPORT
    assert store.kept_draft(match_id) is not None  # the hand kept on leaving entry
    phone.nav.back_to_scoreboard()
    assert phone.entry.draft is not None and phone.entry.draft.number is None


def test_another_match_opened_by_its_address_leaves_the_last_one_s_message(
    store: Store,
) -> None:
    """A hand saved on match A ("Hand 1 saved."), then match B's address typed in
    the same tab: B's scoreboard says nothing of A's hand; A's own address again (the
    same match) keeps what is said."""
    first = seeded_phone(store, enter_small)
    second = seeded_phone(store)
    assert first.match.current is not None and second.match.current is not None
    a, b = first.match.current.id, second.match.current.id
    model = build_model(store)
    model.nav.open_address(f"/match/{a}")
    model.match.begin_hand()
    enter_small(model)
    assert model.match.save_hand(), model.nav.message
    assert model.nav.message is not None and model.nav.message.startswith("Hand 2 saved.")
    model.nav.open_address(f"/match/{a}")  # the address it shows: nothing changes
    assert model.nav.message is not None and model.nav.message.startswith("Hand 2 saved.")
    model.nav.open_address(f"/match/{b}")
    assert model.nav.screen is Screen.SCOREBOARD
    assert model.match.current is not None and model.match.current.id == b
    assert model.nav.message is None
