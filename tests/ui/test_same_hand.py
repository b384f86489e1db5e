"""Two devices entering the same hand: neither overwrites the other. An entry that
only adds to what a device shows is taken there; two different entries are kept
apart and both players are asked to take the other's or keep their own.

Two tabs on one store; the store's announcements are handed to `follow` as the app
does (the app's own wiring is tested in tests/ui/test_live.py and tests/e2e).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import pytest

from canasta_scorer.store import Change, Store
from canasta_scorer.ui.drafts import HandDraft
from canasta_scorer.ui.state import AppModel, Screen, build_model, follow
from tests.ui.hands import enter_small, start_classic
from tests.ui.harness import AppHarness
from tests.ui.test_screens import seeded_phone, start_match

OpenApp = Callable[..., AppHarness]


def tabs(store: Store) -> tuple[AppModel, AppModel, list[Change]]:
    """Tab A entering the first hand of a new match, tab B open on it, and the list
    of changes the store announces from then on."""
    a = seeded_phone(store)
    assert a.match.current is not None
    a.match.begin_hand()
    changes: list[Change] = []
    store.changes.subscribe(changes.append)
    return a, build_model(store), changes


def two_tabs(store: Store) -> tuple[AppModel, AppModel, list[Change]]:
    """Tab A with a new classic match started (no hand begun, nothing kept), tab B on
    the same store with nothing open, and the list of changes announced from then on."""
    a = build_model(store)
    start_classic(a)
    changes: list[Change] = []
    store.changes.subscribe(changes.append)
    return a, build_model(store), changes


def deliver(changes: list[Change], *tabs: AppModel) -> None:
    """Every change announced so far, to every tab (what each tab then writes is
    announced and delivered too)."""
    while changes:
        change = changes.pop(0)
        for tab in tabs:
            follow(tab, change)


def open_entry(tab: AppModel, match_id: int) -> None:
    tab.nav.open_match(match_id)
    tab.match.begin_hand()
    assert tab.nav.screen is Screen.HAND_ENTRY


def ranks(tab: AppModel, side: int = 0) -> list[str]:
    assert tab.entry.draft is not None
    return [meld.rank.value for meld in tab.entry.draft.sides[side].melds]


def test_an_entry_that_adds_to_this_one_is_taken_and_said(store: Store) -> None:
    a, b, changes = tabs(store)
    a.entry.add_meld(0, "K")
    a.entry.flush()  # the draft is written a moment after the tap
    assert a.match.current is not None
    open_entry(b, a.match.current.id)
    assert ranks(b) == ["K"]  # B reads A's entry
    deliver(changes, a, b)
    b.entry.add_meld(0, "Q")
    b.entry.flush()
    deliver(changes, a, b)
    assert ranks(a) == ["K", "Q"]
    assert a.entry.rival is None and b.entry.rival is None
    assert a.nav.message == "Another device is entering hand 1 too; its entry is shown."
    a.entry.add_meld(0, "J")
    a.entry.flush()
    deliver(changes, a, b)
    assert ranks(a) == ranks(b) == ["K", "Q", "J"]
    third = build_model(store)
    open_entry(third, a.match.current.id)
    assert ranks(third) == ["K", "Q", "J"]


def test_a_match_opened_with_another_devices_entry_says_whose_entry_is_shown(
    store: Store,
) -> None:
    a, b, _changes = tabs(store)
    a.entry.add_meld(0, "K")
    a.entry.flush()
    assert a.match.current is not None
    b.nav.open_match(a.match.current.id)  # Home's Resume opens the match like this
    b.match.begin_hand()
    assert ranks(b) == ["K"]
    assert b.nav.message == "Another device is entering hand 1 too; its entry is shown."
    b.entry.add_meld(0, "Q")  # B's own now: going back and on again says nothing
    b.nav.back_to_scoreboard()
    b.match.begin_hand()
    assert ranks(b) == ["K", "Q"] and b.nav.message is None
    # A's own entry, opened again on A, is not called another device's
    a.nav.back_to_scoreboard()
    a.match.begin_hand()
    assert a.nav.message is None


def test_two_different_entries_are_both_kept_and_both_players_asked(store: Store) -> None:
    a, b, changes = tabs(store)
    a.entry.add_meld(0, "K")
    a.entry.flush()
    assert a.match.current is not None
    open_entry(b, a.match.current.id)
    deliver(changes, a, b)
    b.entry.add_meld(0, "Q")  # B taps Q …
    a.entry.add_meld(0, "J")  # … and A taps J before B's Q reaches A
    b.entry.flush()
    deliver(changes, a, b)
    assert ranks(a) == ["K", "J"] and ranks(b) == ["K", "Q"]  # nothing overwritten
    assert a.entry.rival is not None and b.entry.rival is not None
    assert [m.rank.value for m in a.entry.rival.draft.sides[0].melds] == ["K", "Q"]
    assert [m.rank.value for m in b.entry.rival.draft.sides[0].melds] == ["K", "J"]
    assert a.nav.message == b.nav.message == "Another device is entering hand 1 too."
    # both entries are kept in the store, each device's in its own row
    kept_a = store.kept_draft(a.match.current.id, a.entry.writer)
    kept_b = store.kept_draft(a.match.current.id, b.entry.writer)
    assert kept_a is not None and kept_b is not None
    assert HandDraft.load(kept_a.text) == a.entry.draft
    assert HandDraft.load(kept_b.text) == b.entry.draft
    # A takes B's entry: both agree, nobody is asked any more
    a.entry.take_rival()
    a.entry.flush()
    deliver(changes, a, b)
    assert ranks(a) == ranks(b) == ["K", "Q"]
    assert a.entry.rival is None and b.entry.rival is None


def test_keep_mine_keeps_both_and_the_later_save_is_refused(store: Store) -> None:
    a, b, changes = tabs(store)
    assert a.match.current is not None
    match_id = a.match.current.id
    open_entry(b, match_id)
    enter_small(a)
    b.entry.set_red_threes(1, 2)
    a.entry.flush()
    b.entry.flush()
    deliver(changes, a, b)
    assert a.entry.rival is not None and b.entry.rival is not None
    a.entry.keep_mine()
    b.entry.keep_mine()
    a.entry.set_left(0, 0, king_to_eight=3)  # more typing is not offered again
    a.entry.set_left(0, 0, king_to_eight=2)
    a.entry.flush()
    deliver(changes, a, b)
    assert a.entry.rival is None and b.entry.rival is None
    assert ranks(a) == ["K", "A"] and ranks(b) == []
    assert a.match.save_hand(), a.nav.message
    deliver(changes, a, b)
    assert b.entry.draft is not None and b.entry.draft.sides[1].red_threes == 2
    enter_small(b)
    assert b.match.save_hand() is False  # "changed elsewhere": B's entry stays
    assert b.nav.message is not None and b.nav.message.startswith("Another device changed")
    assert b.entry.draft is not None and b.entry.draft.sides[1].red_threes == 2
    assert b.match.current is not None and len(b.match.current.record.hands) == 1


def test_an_edit_of_another_hand_is_not_the_same_entry(store: Store) -> None:
    phone = seeded_phone(store, enter_small)
    assert phone.match.current is not None
    match_id = phone.match.current.id
    a, b = build_model(store), build_model(store)
    changes: list[Change] = []
    store.changes.subscribe(changes.append)
    open_entry(a, match_id)  # hand 2
    b.nav.open_match(match_id)
    b.match.edit_hand(0)  # hand 1
    a.entry.add_meld(0, "K")
    b.entry.set_red_threes(1, 1)
    a.entry.flush()
    b.entry.flush()
    deliver(changes, a, b)
    assert a.entry.rival is None and b.entry.rival is None
    assert a.nav.message is None and b.nav.message is None
    assert ranks(a) == ["K"] and ranks(b) == ["K", "A"]


# --- the app: two tabs, the real wiring (the store's subscription, pub/sub, timers) ---


def test_two_tabs_entering_one_hand_are_both_asked_and_one_takes_the_other(
    open_app: OpenApp,
) -> None:
    a, b = open_app(draft_delay=0.05), open_app(draft_delay=0.05)
    start_match(a)
    a.click("Enter hand 1")
    a.click("Add a meld of Ks")
    a.wait(0.2)  # A's draft is kept a moment after the tap
    b.wait(0.05)
    b.click("resume")
    b.click("Go on with hand 1")
    assert "3 natural cards in the meld of Ks" in b.labels()  # B reads A's entry
    b.click("Add a meld of Qs")
    a.click("Add a meld of Js")  # before B's Q reaches A
    b.wait(0.2)
    a.wait(0.2)
    b.wait(0.05)
    for tab in (a, b):
        assert tab.has_text("Another device is entering hand 1 too.")
        assert tab.button("Take its entry") and tab.button("Keep mine")
    assert a.has_text("Its entry: North-South: Ks and Qs · East-West: nothing yet")
    assert b.has_text("Its entry: North-South: Ks and Js · East-West: nothing yet")
    assert (
        "3 natural cards in the meld of Js" in a.labels()
        and "3 natural cards in the meld of Qs" in b.labels()
    )
    for tab in (a, b):  # the box takes the screen's width, not only its words'
        (box,) = [c for c in tab.controls() if getattr(c, "identifier", None) == "same-hand"]
        assert isinstance(box.content, ft.Row) and len(box.content.controls) == 1
        assert box.content.controls[0].expand is True
    a.click("Take its entry")
    a.wait(0.2)
    b.wait(0.05)
    for tab in (a, b):
        assert not tab.has_text("Its entry:")  # nobody is asked any more
        with pytest.raises(AssertionError):
            tab.button("Take its entry")
        assert "3 natural cards in the meld of Qs" in tab.labels()
        assert "3 natural cards in the meld of Js" not in tab.labels()


def quick_totals(tab: AppModel) -> tuple[str, ...]:
    assert tab.entry.draft is not None
    return tab.entry.draft.totals


def test_quick_totals_typed_on_one_phone_are_never_erased_by_the_other_s_older_copy(
    store: Store,
) -> None:
    """Phone A types quick totals while phone B shows the same hand; B's copy, made
    before A's second total reached it (a text field's change sent again by B's
    browser), must not empty A's field: A is asked, and keeps what it typed."""
    a = seeded_phone(store, enter_small)
    assert a.match.current is not None
    a.match.begin_hand()
    changes: list[Change] = []
    store.changes.subscribe(changes.append)
    b = build_model(store)
    a.entry.set_quick(True)
    a.entry.set_quick_total(0, "300")
    a.entry.flush()
    deliver(changes, a, b)
    open_entry(b, a.match.current.id)
    assert quick_totals(b) == ("300", "")
    writes = b.entry.writes
    b.entry.set_quick_total(0, "300")  # B's field sends the text it was given
    b.entry.flush()
    assert b.entry.writes == writes  # nothing changed: nothing kept, nothing announced
    a.entry.set_quick_total(1, "200")
    a.entry.flush()
    deliver(changes, a, b)
    assert quick_totals(b) == ("300", "200")  # B shows A's entry
    b.entry.set_quick_total(1, "")  # B's field sends the text it showed before …
    b.entry.flush()
    deliver(changes, a, b)
    assert quick_totals(a) == ("300", "200")  # … which does not empty A's field
    assert a.entry.rival is not None and quick_totals(b) == ("300", "")
    a.entry.keep_mine()
    a.entry.set_quick_total(0, "350")
    a.entry.flush()
    deliver(changes, a, b)
    assert quick_totals(a) == ("350", "200")
    assert a.match.save_hand(), a.nav.message
    assert a.match.current is not None
    assert a.match.current.score.hands[-1].totals == (350, 200)


def test_an_entry_that_changes_a_typed_total_is_still_taken(store: Store) -> None:
    """What the other phone types over a total (300 → 350) is taken: only an emptied
    field is offered instead."""
    a, b, changes = tabs(store)
    a.entry.set_quick(True)
    a.entry.set_quick_total(0, "300")
    a.entry.flush()
    assert a.match.current is not None
    open_entry(b, a.match.current.id)
    deliver(changes, a, b)
    b.entry.set_quick_total(0, "350")
    b.entry.set_quick_total(1, "200")
    b.entry.flush()
    deliver(changes, a, b)
    assert quick_totals(a) == ("350", "200") and a.entry.rival is None


def cards_typed(tab: AppModel, side: int = 1, player: int = 0) -> str:
    assert tab.entry.draft is not None
    return tab.entry.draft.sides[side].left[player].cards


def test_a_phone_only_watching_follows_a_typed_field_cleared_and_typed_again(
    store: Store,
) -> None:
    """Phone B only shows phone A's entry (nothing typed on B): A clearing what it
    typed, to type it again, is followed on B (nothing typed on B is emptied), both
    for cards typed and for a quick total, and nobody is asked."""
    a, b, changes = tabs(store)
    assert a.match.current is not None
    eights(a)  # something else entered too: an entry emptied of all is not offered
    a.entry.set_left(1, 0, by_cards=True, cards="9 9 6")
    a.entry.flush()
    open_entry(b, a.match.current.id)
    deliver(changes, a, b)
    assert cards_typed(b) == "9 9 6"
    for typed in ("9 9", "9", "", "9 9 6 4 JK"):  # A's Backspaces, kept as it types
        a.entry.set_left(1, 0, by_cards=True, cards=typed)
        a.entry.flush()
        deliver(changes, a, b)
        assert cards_typed(b) == typed
        assert a.entry.rival is None and b.entry.rival is None
    assert b.entry.preview is not None and a.entry.preview is not None
    assert b.entry.preview.score == a.entry.preview.score


def test_a_phone_only_watching_follows_a_quick_total_cleared_and_typed_again(
    store: Store,
) -> None:
    a, b, changes = tabs(store)
    assert a.match.current is not None
    a.entry.set_quick(True)
    a.entry.set_quick_total(1, "200")
    a.entry.set_quick_total(0, "300")
    a.entry.flush()
    open_entry(b, a.match.current.id)
    deliver(changes, a, b)
    for typed in ("30", "3", "", "3", "30", "305"):  # a total corrected on A
        a.entry.set_quick_total(0, typed)
        a.entry.flush()
        deliver(changes, a, b)
        assert quick_totals(b) == (typed, "200")
        assert a.entry.rival is None and b.entry.rival is None


def test_what_the_watching_phone_typed_itself_is_still_never_emptied(store: Store) -> None:
    """Once B types into a field of its own, A's entry emptying that field is offered
    to B, not taken; a field B still shows as A typed it follows A."""
    a, b, changes = tabs(store)
    assert a.match.current is not None
    eights(a)  # something else entered too: an entry emptied of all is not offered
    a.entry.set_left(1, 0, by_cards=True, cards="9 9 6")
    a.entry.set_left(1, 1, by_cards=True, cards="K K")
    a.entry.flush()
    open_entry(b, a.match.current.id)
    deliver(changes, a, b)
    b.entry.set_left(1, 1, by_cards=True, cards="K K Q")  # typed on B
    b.entry.flush()
    deliver(changes, a, b)
    assert cards_typed(a, player=1) == "K K Q"  # A takes B's addition
    a.entry.set_left(1, 0, by_cards=True, cards="")  # A clears its own field: followed
    a.entry.flush()
    deliver(changes, a, b)
    assert cards_typed(b) == "" and b.entry.rival is None
    a.entry.set_left(1, 1, by_cards=True, cards="")  # … but not B's typing
    a.entry.flush()
    deliver(changes, a, b)
    assert cards_typed(b, player=1) == "K K Q"
    assert b.entry.rival is not None


# --- opening a hand another device is entering; additions after a take; a saved hand ---


def eights(tab: AppModel) -> None:
    """A meld of 8s with 7 naturals on North-South."""
    tab.entry.set_meld(0, tab.entry.add_meld(0, "8"), naturals=7)


def naturals(tab: AppModel, side: int = 0) -> list[int]:
    assert tab.entry.draft is not None
    return [meld.naturals for meld in tab.entry.draft.sides[side].melds]


def test_entering_a_hand_another_device_is_entering_shows_its_entry(store: Store) -> None:
    """Phone B has the scoreboard open before phone A begins: B's "Enter hand 1" shows
    A's entry, said so, and nobody is asked (B has nothing of its own in it)."""
    a, b, changes = two_tabs(store)  # nothing is kept before hand 1 begins
    assert a.match.current is not None
    match_id = a.match.current.id
    b.nav.open_match(match_id)  # before A began: nothing kept yet
    a.match.begin_hand()
    eights(a)
    a.entry.flush()
    deliver(changes, a, b)
    assert b.entry.draft is None
    b.match.begin_hand()
    assert b.nav.screen is Screen.HAND_ENTRY
    assert ranks(b) == ["8"] and naturals(b) == [7]
    assert b.nav.message == "Another device is entering hand 1 too; its entry is shown."
    deliver(changes, a, b)
    assert a.entry.rival is None and b.entry.rival is None
    assert ranks(a) == ["8"] and a.nav.message is None
    b.entry.add_meld(0, "K")  # and what B adds goes to A
    b.entry.flush()
    deliver(changes, a, b)
    assert ranks(a) == ["8", "K"] and a.entry.rival is None and b.entry.rival is None


def test_a_device_with_nothing_of_its_own_in_the_hand_takes_what_another_enters(
    store: Store,
) -> None:
    """B began hand 1 first and touched nothing; A then begins it and adds 8s: B shows
    them, and neither is asked about B's empty entry."""
    a, b, changes = two_tabs(store)
    assert a.match.current is not None
    match_id = a.match.current.id
    open_entry(b, match_id)  # B's empty entry is kept
    a.match.begin_hand()
    deliver(changes, a, b)
    eights(a)
    a.entry.flush()
    deliver(changes, a, b)
    assert ranks(b) == ["8"] and naturals(b) == [7]
    assert b.nav.message == "Another device is entering hand 1 too; its entry is shown."
    assert a.entry.rival is None and b.entry.rival is None and a.nav.message is None


def asked_both(store: Store) -> tuple[AppModel, AppModel, list[Change]]:
    """A shows Ks and Js, B Ks and Qs: both are asked."""
    a, b, changes = tabs(store)
    a.entry.add_meld(0, "K")
    a.entry.flush()
    assert a.match.current is not None
    open_entry(b, a.match.current.id)
    deliver(changes, a, b)
    b.entry.add_meld(0, "Q")
    a.entry.add_meld(0, "J")
    b.entry.flush()
    a.entry.flush()
    deliver(changes, a, b)
    assert a.entry.rival is not None and b.entry.rival is not None
    return a, b, changes


@pytest.mark.parametrize("a_heard_first", [True, False])
def test_what_is_added_after_one_took_the_other_s_entry_is_taken_there(
    store: Store, a_heard_first: bool
) -> None:
    """B takes A's entry; A then adds a meld (before or after B's choice reaches A):
    B shows it, and nobody is asked again."""
    a, b, changes = asked_both(store)
    b.entry.take_rival()
    assert ranks(b) == ["K", "J"]
    if a_heard_first:
        deliver(changes, a, b)
        assert a.entry.rival is None  # B shows A's entry: A is not asked any more
    a.entry.add_meld(0, "8")  # A taps 8 …
    deliver(changes, a, b)  # … (B's choice reaches A only now, in the other case)
    a.entry.flush()
    deliver(changes, a, b)
    assert ranks(a) == ranks(b) == ["K", "J", "8"]
    assert a.entry.rival is None and b.entry.rival is None
    assert b.nav.message == "Another device is entering hand 1 too; its entry is shown."
    b.entry.add_meld(0, "A")  # and the other way round
    b.entry.flush()
    deliver(changes, a, b)
    assert ranks(a) == ranks(b) == ["K", "J", "8", "A"]
    assert a.entry.rival is None and b.entry.rival is None


def test_a_hand_saved_elsewhere_is_not_offered_as_the_next_hand_s_entry(store: Store) -> None:
    """A saves hand 1 while B, asked, still has its own entry: B keeps its entry, now
    for hand 2 and said so, and A's saved entry is no longer offered to it."""
    a, b, changes = asked_both(store)
    enter_small(a)
    assert a.match.save_hand(), a.nav.message
    deliver(changes, a, b)
    assert b.nav.screen is Screen.HAND_ENTRY
    assert ranks(b) == ["K", "Q"]  # B's own entry, untouched …
    assert b.entry.hand_number() == 2  # … now the next hand's
    assert b.entry.rival is None  # the hand saved is nobody's entry
    assert b.nav.message == (
        "Another device saved hand 1. Your entry is kept as hand 2: save it only if it "
        "is a different hand."
    )
    assert b.match.save_hand() is False  # still refused: "changed elsewhere"
    assert b.match.current is not None and len(b.match.current.record.hands) == 1


def test_an_entry_overtaken_by_a_save_is_no_other_device_s_next_hand(store: Store) -> None:
    """Both asked, both keep their own; B leaves hand entry (its entry kept) and A
    saves hand 1 another way. B's entry was begun for hand 1: it is not shown to A,
    nor to a tab opened later, as an entry of hand 2, nor offered as "Go on with hand
    2" there, and A's Discard leaves a fresh hand 2. On B it stays B's, and once B's
    player changes it, it is hand 2's entry for everyone."""
    a, b, changes = asked_both(store)
    a.entry.keep_mine()
    b.entry.keep_mine()
    b.nav.back_to_scoreboard()
    b.entry.flush()
    assert a.match.current is not None
    match_id = a.match.current.id
    enter_small(a)
    assert a.match.save_hand(), a.nav.message
    deliver(changes, a, b)  # B follows: its entry is kept again, begun before the save
    kept = [HandDraft.load(k.text) for k in store.kept_drafts(match_id)]
    assert [[m.rank.value for m in d.sides[0].melds] for d in kept if d] == [["K", "Q"]]
    a.match.begin_hand()
    deliver(changes, a, b)
    assert a.entry.draft is not None and a.entry.draft.is_fresh(a.match.next_dealer())
    assert a.nav.message is None
    later = build_model(store)
    later.nav.open_match(match_id)
    assert not later.match.new_hand_kept()  # no "Go on with hand 2"
    later.match.begin_hand()
    assert ranks(later) == [] and later.nav.message is None  # not B's hand 1
    a.entry.add_meld(0, "7")
    a.match.discard_draft()
    a.match.reload()
    assert not a.match.new_hand_kept()
    # on B, its own entry goes on; changed there, it is the entry of hand 2
    assert ranks(b) == ["K", "Q"] and b.match.new_hand_kept()
    b.match.begin_hand()
    b.entry.add_meld(0, "A")
    b.entry.flush()
    deliver(changes, a, b, later)
    assert ranks(later) == ["K", "Q", "A"]
    assert later.nav.message == "Another device is entering hand 2 too; its entry is shown."


def test_the_hand_entered_here_saved_elsewhere_is_not_kept_again(store: Store) -> None:
    """B shows A's entry, A saves it: B's entry was that hand, so it is not kept as hand
    2 (nothing of B's is lost), and A's "Enter hand 2" starts a fresh hand."""
    a, b, changes = tabs(store)
    enter_small(a)
    a.entry.flush()
    assert a.match.current is not None
    match_id = a.match.current.id
    open_entry(b, match_id)
    deliver(changes, a, b)
    assert b.entry.draft == a.entry.draft
    assert a.match.save_hand(), a.nav.message
    deliver(changes, a, b)
    assert b.entry.draft is None and b.entry.rival is None
    assert b.nav.screen is Screen.SCOREBOARD
    assert b.nav.message == "Another device saved hand 1 as it is entered here."
    assert store.kept_drafts(match_id) == []
    a.match.begin_hand()
    deliver(changes, a, b)
    assert a.entry.draft is not None and a.entry.draft.is_fresh(a.match.next_dealer())
    assert a.entry.rival is None and a.nav.message is None  # nobody else is entering it


def test_the_hand_entered_here_saved_while_away_is_not_kept_again(store: Store) -> None:
    """As above, with B away when A saves (nothing delivered): B's reconnect reads the
    match, and B's entry, the very hand saved, is not kept as hand 2."""
    a, b, changes = tabs(store)
    enter_small(a)
    a.entry.flush()
    assert a.match.current is not None
    match_id = a.match.current.id
    open_entry(b, match_id)
    deliver(changes, a, b)
    assert a.match.save_hand(), a.nav.message
    b.nav.refresh()  # B's page comes back
    assert b.entry.draft is None and b.nav.screen is Screen.SCOREBOARD
    assert b.nav.message == "Another device saved hand 1 as it is entered here."
    assert store.kept_drafts(match_id) == []


def test_a_device_that_chose_quick_totals_is_asked_not_switched(store: Store) -> None:
    """B began hand 1 with quick totals and typed nothing yet; A's melds are offered to
    B, not shown in place of B's quick totals; A is not asked about B's empty entry."""
    a, b, changes = two_tabs(store)
    assert a.match.current is not None
    open_entry(b, a.match.current.id)
    b.entry.set_quick(True)
    b.entry.flush()
    a.match.begin_hand()
    deliver(changes, a, b)
    eights(a)
    a.entry.flush()
    deliver(changes, a, b)
    assert b.entry.draft is not None and b.entry.draft.quick and ranks(b) == []
    assert b.entry.rival is not None and b.nav.message == "Another device is entering hand 1 too."
    assert a.entry.rival is None and ranks(a) == ["8"]


def test_quick_totals_turned_on_elsewhere_do_not_replace_the_melds_entered_here(
    store: Store,
) -> None:
    """B shows A's melds and turns quick totals on: A, who entered the melds, is asked
    (its melds kept until it chooses), not switched to B's totals."""
    a, b, changes = two_tabs(store)
    assert a.match.current is not None
    match_id = a.match.current.id
    b.nav.open_match(match_id)
    a.match.begin_hand()
    eights(a)
    a.entry.flush()
    deliver(changes, a, b)
    b.match.begin_hand()
    assert ranks(b) == ["8"]
    b.entry.set_quick(True)
    b.entry.set_quick_total(0, "100")
    b.entry.set_quick_total(1, "50")
    b.entry.flush()
    deliver(changes, a, b)
    assert a.entry.draft is not None and not a.entry.draft.quick and ranks(a) == ["8"]
    assert a.entry.rival is not None and a.entry.rival.draft.quick
    assert a.nav.message == "Another device is entering hand 1 too."


def test_an_entry_kept_before_the_server_started_again_is_said_so(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tab is a new device to a server started again: the entry it kept before (Ks
    and Qs) is shown to it, said to be the one kept before the restart, not another
    device's; an entry kept since by a device at work is another device's."""
    from datetime import UTC, datetime

    from canasta_scorer.ui.state import match as match_module

    a, _b, _changes = tabs(store)
    assert a.match.current is not None
    match_id = a.match.current.id
    a.entry.add_meld(0, "K")
    a.entry.add_meld(0, "Q")
    a.entry.flush()
    monkeypatch.setattr(match_module, "STARTED", datetime.now(UTC))  # the server again
    again = build_model(store)
    open_entry(again, match_id)
    assert ranks(again) == ["K", "Q"]
    assert again.nav.message == "The entry of hand 1 kept before the app was restarted is shown."
    a.entry.add_meld(0, "A")  # changed since the server started: a device at work
    a.entry.flush()
    other = build_model(store)
    open_entry(other, match_id)
    assert ranks(other) == ["K", "Q", "A"]
    assert other.nav.message == "Another device is entering hand 1 too; its entry is shown."
