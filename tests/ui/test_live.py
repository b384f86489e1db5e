"""Live screens: a change saved on another device shows in every tab that has the
match (or the match list) open, without a reload; a hand being entered is never
touched, and its Save still meets the change ("changed elsewhere", nothing lost).
The table view shows the open match in big type and follows it too.

The state tests hand the store's announcements to `follow` themselves; the app tests
run the real wiring (the store's subscription, Flet's pub/sub, each tab's page).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from canasta_scorer.rules import load_match
from canasta_scorer.store import Change, Store
from canasta_scorer.ui.drafts import HandDraft
from canasta_scorer.ui.state import HISTORY_PAGE, AppModel, Screen, build_model, follow
from tests.ui.hands import enter_sixes_and_kings, enter_small, start_classic
from tests.ui.harness import AppHarness
from tests.ui.test_screens import seeded_phone, start_match

OpenApp = Callable[..., AppHarness]


def announced(store: Store) -> list[Change]:
    """The changes the store announces from now on."""
    changes: list[Change] = []
    store.changes.subscribe(changes.append)
    return changes


def deliver(tab: AppModel, changes: list[Change]) -> None:
    """What the app does in a tab for each announced change."""
    while changes:
        follow(tab, changes.pop(0))


def phone_and_tab(store: Store, *hands: Callable[[AppModel], None]) -> tuple[AppModel, AppModel]:
    """A phone that started a classic match and saved ``hands`` (`seeded_phone`), and a
    tab with that match open."""
    phone = seeded_phone(store, *hands)
    assert phone.match.current is not None
    tab = build_model(store)
    tab.nav.open_match(phone.match.current.id)
    return phone, tab


@pytest.fixture
def reads(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every read of one match or of the match list, by what was read."""
    seen: list[str] = []
    match, matches = store.match, store.matches

    def read_match(match_id: int) -> object:
        seen.append(f"match {match_id}")
        return match(match_id)

    def read_list(**kwargs: object) -> object:
        seen.append("list")
        return matches(**kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "match", read_match)
    monkeypatch.setattr(store, "matches", read_list)
    return seen


# --- the state: what a tab reads again and shows -------------------------------------


def test_a_scoreboard_shows_a_hand_saved_elsewhere(store: Store) -> None:
    phone, tab = phone_and_tab(store)
    changes = announced(store)
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()
    deliver(tab, changes)
    assert tab.match.current is not None
    assert tab.match.current.score.running_totals == (60, 45)
    assert tab.nav.screen is Screen.SCOREBOARD and tab.nav.message is None


def test_an_entry_stays_untouched_and_its_save_meets_the_change(store: Store) -> None:
    phone = seeded_phone(store)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    tab = build_model(store)
    tab.nav.open_match(match_id)
    tab.match.begin_hand()
    enter_sixes_and_kings(tab)
    typed, touched = tab.entry.draft, tab.entry.touched
    changes = announced(store)
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()  # this also clears the draft the store keeps
    deliver(tab, changes)

    # Still entering, the same hand, told in a word; the totals above it are the new ones.
    assert tab.nav.screen is Screen.HAND_ENTRY
    assert tab.entry.draft == typed and tab.entry.touched == touched
    assert tab.nav.message == (
        "Another device saved hand 1. Your entry is kept as hand 2: save it only if it "
        "is a different hand."
    )
    assert tab.match.current is not None and tab.match.current.score.running_totals == (60, 45)
    kept = store.draft(match_id)  # kept again in the store: a reload loses nothing
    assert kept is not None and HandDraft.load(kept) == typed

    # Save is refused as before: it may be the very hand the other device saved.
    assert not tab.match.save_hand()
    assert tab.nav.message is not None
    assert tab.nav.message.startswith("Another device changed this match while you were")
    assert tab.entry.draft == typed
    assert len(store.match(match_id).record.hands) == 1
    # Going on with it deliberately saves it as hand 2.
    tab.match.begin_hand()
    assert tab.match.save_hand()
    assert tab.match.current.score.running_totals == (110, 90)


def test_an_edit_in_progress_is_rescored_against_the_change(store: Store) -> None:
    phone, tab = phone_and_tab(store, enter_small, enter_small)
    tab.match.edit_hand(1)
    changes = announced(store)
    phone.match.delete_hand(1)
    deliver(tab, changes)
    assert tab.nav.screen is Screen.HAND_ENTRY
    assert tab.nav.message == "Another device deleted hand 2."
    assert tab.entry.preview is not None and not tab.entry.preview.can_save
    assert tab.entry.preview.problems == (("", "Hand 2 is no longer in this match."),)


MARKED_GONE = (
    "Hand 2 was changed or deleted on another device after this edit began: saving it "
    "would replace what was saved there. Discard this edit, then edit the hand again if "
    "it still needs it."
)


def test_an_edit_never_replaces_the_hand_that_took_its_number(store: Store) -> None:
    phone = seeded_phone(store, enter_small, enter_sixes_and_kings, enter_small)
    assert phone.match.current is not None
    third = phone.match.current.record.hands[2]
    tab = build_model(store)
    tab.nav.open_match(phone.match.current.id)
    tab.match.edit_hand(1)
    tab.entry.set_left(0, 0, king_to_eight=2)
    changes = announced(store)
    phone.match.delete_hand(1)  # the hand being edited there: hand 3 is hand 2 now
    deliver(tab, changes)
    assert tab.entry.preview is not None and not tab.entry.preview.can_save
    assert tab.entry.preview.problems == (("", MARKED_GONE),)
    tab.match.resume_edit()  # going on with it deliberately does not change that
    assert not tab.match.save_hand()
    assert store.match(phone.match.current.id).record.hands[1] == third
    # an entry kept (a reload) carries what it was an edit of
    kept = store.kept_draft(phone.match.current.id, tab.entry.writer)
    assert kept is not None
    again = build_model(store)
    again.nav.open_match(phone.match.current.id)
    again.entry.start(HandDraft.load(kept.text), keep=False)
    assert again.entry.preview is not None
    assert again.entry.preview.problems == (("", MARKED_GONE),)


def test_an_edit_does_not_replace_the_same_hand_edited_on_another_device(store: Store) -> None:
    phone, tab = phone_and_tab(store, enter_small, enter_sixes_and_kings)
    tab.match.edit_hand(1)
    tab.entry.set_left(0, 0, king_to_eight=2)
    changes = announced(store)
    phone.match.edit_hand(1)
    phone.entry.set_left(1, 0, king_to_eight=3)
    assert phone.match.save_hand(), phone.nav.message
    deliver(tab, changes)
    assert tab.entry.preview is not None
    assert tab.entry.preview.problems == (("", MARKED_GONE),)
    assert not tab.match.save_hand()
    saved = store.match(phone.match.current.id)
    assert saved.score.hands[1].totals == (50, 25)  # E-W: 30 left where 10 was


def test_a_hand_shown_that_was_deleted_elsewhere_gives_way_to_the_scoreboard(
    store: Store,
) -> None:
    phone, tab = phone_and_tab(store, enter_small, enter_small)
    tab.nav.show_hand(1)
    changes = announced(store)
    phone.match.delete_hand(1)
    deliver(tab, changes)
    assert tab.nav.screen is Screen.SCOREBOARD
    assert tab.nav.message == (
        "Hand 2 is not in this match any more: it may have been deleted, here or on another device."
    )
    assert tab.match.current is not None and len(tab.match.current.record.hands) == 1


def test_a_hand_shown_follows_its_hand_when_one_before_it_is_deleted_elsewhere(
    store: Store,
) -> None:
    phone = seeded_phone(store, enter_small, enter_sixes_and_kings, enter_small)
    assert phone.match.current is not None
    sixes = phone.match.current.record.hands[1]
    tab = build_model(store)
    tab.nav.open_match(phone.match.current.id)
    tab.nav.show_hand(1)
    changes = announced(store)
    phone.match.delete_hand(0)
    deliver(tab, changes)
    assert tab.match.current is not None
    assert (tab.nav.screen, tab.nav.detail) == (Screen.HAND_DETAIL, 0)
    assert tab.match.current.record.hands[0] == sixes
    assert tab.nav.message == "Another device changed the hands before this one: it is now hand 1."
    assert tab.nav.address() == f"/match/{tab.match.current.id}/hand/1"
    phone.match.undo()  # hand 1 brought back: the hand shown is hand 2 again
    deliver(tab, changes)
    assert (tab.nav.screen, tab.nav.detail) == (Screen.HAND_DETAIL, 1)
    assert tab.nav.message == "Another device changed the hands before this one: it is now hand 2."


def test_a_hand_shown_stays_when_a_later_one_is_deleted_or_it_is_edited_elsewhere(
    store: Store,
) -> None:
    phone, tab = phone_and_tab(store, enter_small, enter_sixes_and_kings, enter_small)
    tab.nav.show_hand(1)
    changes = announced(store)
    phone.match.delete_hand(2)
    deliver(tab, changes)
    assert (tab.nav.screen, tab.nav.detail, tab.nav.message) == (Screen.HAND_DETAIL, 1, None)
    phone.match.edit_hand(1)
    phone.entry.set_left(0, 0, king_to_eight=2)  # North: 20 left where 10 was
    assert phone.match.save_hand(), phone.nav.message
    deliver(tab, changes)
    assert (tab.nav.screen, tab.nav.detail, tab.nav.message) == (Screen.HAND_DETAIL, 1, None)
    assert tab.match.current is not None
    assert tab.match.current.score.hands[1].totals[0] == 40


def test_a_match_deleted_elsewhere_goes_home_and_undone_and_redone_follow(
    store: Store,
) -> None:
    phone, tab = phone_and_tab(store, enter_small)
    changes = announced(store)
    phone.match.undo()
    deliver(tab, changes)
    assert tab.match.current is not None and tab.match.current.score.running_totals == (0, 0)
    phone.match.redo()
    deliver(tab, changes)
    assert tab.match.current.score.running_totals == (60, 45)
    phone.nav.delete_match()
    deliver(tab, changes)
    assert tab.nav.screen is Screen.HOME and tab.match.current is None
    assert tab.nav.message == "This match was deleted on another device."


def test_a_tab_s_word_on_its_own_change_gives_way_to_what_another_device_did(
    store: Store,
) -> None:
    """Tab A redid adding hand 2 ("Redone: …", with its Undo); then phone B undid it:
    A's scoreboard says what B did, and no longer offers to undo A's change."""
    phone, tab = phone_and_tab(store, enter_small, enter_small)
    changes = announced(store)
    tab.match.undo()
    tab.match.redo()
    assert tab.nav.message == "Redone: adding hand 2"
    assert tab.match.current is not None and len(tab.match.current.record.hands) == 2
    deliver(phone, list(changes))
    deliver(tab, changes)
    phone.match.undo()
    deliver(tab, changes)
    assert tab.match.current is not None and len(tab.match.current.record.hands) == 1
    assert tab.nav.message == "Another device undid a change."
    assert not tab.nav.undoable
    phone.match.redo()
    deliver(tab, changes)
    assert tab.nav.message == "Another device redid a change."


def test_only_the_changed_match_is_read_and_only_where_it_is_shown(
    store: Store, reads: list[str]
) -> None:
    phone = seeded_phone(store)
    other = seeded_phone(store)
    assert phone.match.current is not None and other.match.current is not None
    first, second = phone.match.current.id, other.match.current.id
    watching, at_home, elsewhere = build_model(store), build_model(store), build_model(store)
    watching.nav.open_match(first)
    elsewhere.nav.open_match(first)
    elsewhere.nav.go_home()
    elsewhere.nav.show_checker()  # the rule checker shows no match
    changes = announced(store)
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()
    other.match.begin_hand()
    enter_small(other)
    assert other.match.save_hand()
    saved = list(changes)
    reads.clear()
    for tab in (watching, at_home, elsewhere, phone):
        deliver(tab, list(saved))
    # the watching tab reads its match once (the other match's save is not read there),
    # home reads the list twice, the rule checker nothing, the saving phone nothing
    assert reads == [f"match {first}", "list", "list"]
    assert second != first


def test_the_saving_tab_reads_nothing_again(store: Store, reads: list[str]) -> None:
    phone = seeded_phone(store)
    changes = announced(store)
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()
    reads.clear()
    deliver(phone, changes)
    assert reads == []
    assert phone.nav.message == "Hand 1 saved."


def test_a_lost_connection_to_other_servers_reads_the_open_match_again(
    store: Store, reads: list[str]
) -> None:
    phone = seeded_phone(store, enter_small)
    assert phone.match.current is not None
    reads.clear()
    follow(phone, Change(match_id=None, kind="resync"))  # type: ignore[arg-type]
    assert reads == [f"match {phone.match.current.id}"]


def test_the_home_list_shows_a_match_started_elsewhere(store: Store) -> None:
    tab = build_model(store)
    assert tab.history.recent == ()
    changes = announced(store)
    start_classic(build_model(store))
    deliver(tab, changes)
    assert [m.sides for m in tab.history.recent] == [("North-South", "East-West")]


def test_the_table_view_opens_by_its_address_and_back_leads_to_the_scoreboard(
    store: Store,
) -> None:
    phone = seeded_phone(store, enter_small)
    assert phone.match.current is not None
    tablet = build_model(store)
    tablet.nav.open_table(phone.match.current.id)
    assert tablet.nav.screen is Screen.TABLE
    tablet.nav.back_to_scoreboard()
    assert tablet.nav.screen is Screen.SCOREBOARD
    tablet.nav.open_table(999)
    assert tablet.nav.screen is Screen.HOME
    assert tablet.nav.message is not None and "There is no match 999 here" in tablet.nav.message


# --- the app: Flet's pub/sub between tabs, the table view ----------------------------


def test_a_tab_shows_a_hand_saved_in_another_tab_without_a_reload(open_app: OpenApp) -> None:
    saver, watcher = open_app(), open_app()
    start_match(saver)
    watcher.wait(0.05)
    watcher.click("resume")  # the new match is listed at home
    assert watcher.button("Enter hand 1")
    saver.click("Enter hand 1")
    saver.switch("Quick totals", True)
    saver.type("North-South hand total", "120")
    saver.type("East-West hand total", "-35")
    saver.click("Save hand")
    assert saver.has_text("Hand 1 saved.")
    watcher.wait(0.05)
    assert watcher.has_text("North-South total 120")
    assert watcher.has_text("East-West total −35")
    assert watcher.button("Enter hand 2")
    assert not watcher.has_text("Hand 1 saved.")  # the saver's message, not the watcher's


def test_a_tab_entering_a_hand_keeps_its_draft_when_another_saves(
    open_app: OpenApp, store: Store
) -> None:
    tab = open_app()
    start_match(tab)
    tab.click("Enter hand 1")
    tab.click("Add a meld of Qs")
    tab.click("5 natural cards in the meld of Qs")
    assert "natural cards in the meld of Qs: 5" in tab.labels()
    phone = build_model(store)
    phone.nav.open_match(store.matches()[0].id)
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()
    tab.wait(0.05)
    assert tab.has_text("Another device saved hand 1.")
    assert "natural cards in the meld of Qs: 5" in tab.labels()  # the draft, untouched
    assert tab.button("Save hand")
    tab.enter_east_west()
    tab.click("Save hand")
    assert tab.has_text("Another device changed this match while you were entering")
    tab.click("Go on with hand 2")
    assert "natural cards in the meld of Qs: 5" in tab.labels()


def test_the_table_view_is_one_tap_from_the_scoreboard_and_follows_saves(
    open_app: OpenApp, store: Store
) -> None:
    tab = open_app()
    start_match(tab, first_dealer="West")
    tab.click("Table view")
    assert tab.has_text("North-South total 0")
    assert tab.has_text("North-South initial meld minimum 50")
    assert tab.has_text("West deals next")
    assert tab.has_text("No hand yet")
    assert not any(
        name in tab.texts() for name in ("Enter hand 1", "Delete match", "Save hand")
    )  # read-only
    phone = build_model(store)
    phone.nav.open_match(store.matches()[0].id)
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()
    tab.wait(0.05)
    assert tab.has_text("North-South total 60")
    assert tab.has_text("Hand 1: North-South +60   East-West +45")
    assert tab.has_text("North deals next")  # the deal passes to the left of West
    tab.click("Back")
    assert tab.button("Go on with hand 2")  # the first dealer's blank hand, still kept


def test_the_table_view_opens_straight_from_its_address(open_app: OpenApp, store: Store) -> None:
    phone = seeded_phone(store, enter_small)
    assert phone.match.current is not None
    tablet = open_app()
    tablet.route(f"/table/{phone.match.current.id}")
    assert tablet.has_text("North-South total 60")
    assert tablet.has_text("Hand 1: North-South +60   East-West +45")


def test_a_tab_that_is_away_reads_the_change_when_it_comes_back(
    open_app: OpenApp, store: Store
) -> None:
    tab = open_app()
    start_match(tab)
    tab.session.connection.loop.run_until_complete(tab.session.disconnect(3600))
    phone = build_model(store)
    phone.nav.open_match(store.matches()[0].id)
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()
    tab.wait(0.05)  # nothing is sent to a tab that is away, and nothing fails
    tab.session.attach_connection(tab.connection)
    tab.reconnect()
    assert tab.has_text("North-South total 60")


def test_the_table_view_of_a_finished_match_names_the_winner(
    open_app: OpenApp, store: Store
) -> None:
    sides = [
        {"name": "North-South", "players": ["North", "South"], "start_score": 960},
        {"name": "East-West", "players": ["East", "West"], "start_score": 900},
    ]
    hands = [{"sides": [{"total": 60}, {"total": 45}]}]
    match = {"variant": "classic", "target": 1000, "sides": sides, "hands": hands}
    state = store.create_match(load_match(json.dumps(match)))
    assert state.score.finished
    tablet = open_app()
    tablet.route(f"/table/{state.id}")
    assert tablet.has_text("North-South wins by 75")  # 1,020 to 945
    assert not tablet.has_text("initial meld minimum")  # no next hand
    assert not tablet.has_text("deals next")


def test_past_matches_follow_while_their_first_page_is_shown(store: Store) -> None:
    tab = build_model(store)
    tab.nav.show_matches()
    assert tab.history.recent == ()
    changes = announced(store)
    start_classic(build_model(store))
    deliver(tab, changes)
    assert len(tab.history.recent) == 1
    # a player reading further pages keeps them (the list does not jump back)
    tab.history.recent = tab.history.recent * (HISTORY_PAGE + 1)
    start_classic(build_model(store))
    deliver(tab, changes)
    assert len(tab.history.recent) == HISTORY_PAGE + 1
