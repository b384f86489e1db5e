"""`AppModel`, the app's only writer, driven directly over a real SQLite store: the
new-match form, hand entry with its live preview, saving, drafts kept across a
restart, edits, undo/redo, the end of a match, two phones on one store; then the
access code and the run settings.

Every expected number is worked out by hand in the comments (rules §5.1 for S1).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path

import pytest

from canasta_scorer import i18n
from canasta_scorer.rules import (
    Card,
    Code,
    Finding,
    HouseRule,
    MeldRank,
    WentOut,
    format_cards,
    parse_cards,
)
from canasta_scorer.store import Store
from canasta_scorer.ui import app as app_module
from canasta_scorer.ui import run as run_module
from canasta_scorer.ui.app import AccessGate, Settings, load_settings
from canasta_scorer.ui.drafts import NOTHING_ENTERED, HandDraft
from canasta_scorer.ui.state import AppModel, Screen, build_model
from canasta_scorer.ui.words import HOUSE_RULE_TITLES, house_rule_title, variant_summary
from tests.ui.hands import enter_s1, enter_sixes_and_kings, enter_small, start_classic


def codes(findings: Iterable[Finding]) -> list[str]:
    """The codes of some findings, in order."""
    return [f.code.value for f in findings]


@pytest.fixture
def state(store: Store) -> AppModel:
    fresh = build_model(store)
    fresh.history.refresh_recent()
    return fresh


# --- the new-match form ---------------------------------------------------------------


def test_new_match_form_starts_classic_with_two_pairs(state: AppModel) -> None:
    state.nav.new_match()
    assert state.nav.screen is Screen.NEW_MATCH
    assert state.setup.form.variant == "classic"
    assert [(s.name, s.players) for s in state.setup.form.sides] == [
        ("North-South", ("", "")),
        ("East-West", ("", "")),
    ]


def test_variant_change_reshapes_sides_keeping_what_was_typed(state: AppModel) -> None:
    state.nav.new_match()
    state.setup.set_side(0, player=(0, "Ann"))
    state.setup.set_side(1, name="Us")
    state.setup.set_first_dealer("Ann")

    state.setup.set_variant("five-player")  # sides of 3 and 2
    assert [(s.name, s.players) for s in state.setup.form.sides] == [
        ("Three", ("Ann", "", "")),
        ("Us", ("", "")),
    ]
    assert state.setup.form.first_dealer is None  # the seating changed

    state.setup.set_variant("three-player")  # three sides of one player, named by the side
    assert [(s.name, s.players) for s in state.setup.form.sides] == [
        ("", ()),  # left blank: "Player 1" (its field's hint)
        ("Us", ()),
        ("", ()),
    ]
    assert [state.setup.form.side_name(i) for i in range(3)] == ["Player 1", "Us", "Player 3"]

    state.setup.set_variant("two-player")
    assert [s.name for s in state.setup.form.sides] == ["", "Us"]


def test_house_rules_toggle_and_a_custom_target(state: AppModel) -> None:
    state.nav.new_match()
    state.setup.toggle_house_rule(HouseRule.WILD_CARD_MELDS.value, True)
    state.setup.toggle_house_rule(HouseRule.DRAW_ON_TIE.value, True)
    state.setup.toggle_house_rule(HouseRule.DRAW_ON_TIE.value, False)
    assert state.setup.form.house_rules == frozenset({"wild-card-melds"})
    state.setup.set_target("2,500")
    assert state.nav.create_match(), state.setup.problems
    rules = state.match.rules
    assert rules is not None
    assert rules.target == 2500
    assert rules.has(HouseRule.WILD_CARD_MELDS)
    assert not rules.has(HouseRule.DRAW_ON_TIE)
    assert state.nav.screen is Screen.SCOREBOARD


def test_bad_start_scores_are_explained_and_no_match_is_made(state: AppModel, store: Store) -> None:
    state.nav.new_match()
    state.setup.set_side(0, start_score="abc")
    state.setup.set_side(1, start_score="12")
    assert not state.nav.create_match()
    # What cannot be read and what the rules find in the rest, at once.
    assert state.setup.problems == (
        ("North-South start score", "“abc” is not a whole number"),
        (
            "East-West start score",
            "start score 12 is not a multiple of 5: every card and bonus is worth a "
            "multiple of 5, so every score is one too",
        ),
    )
    assert state.nav.screen is Screen.NEW_MATCH

    state.setup.set_side(0, start_score="1,500")
    assert not state.nav.create_match()
    assert state.setup.problems == (
        (
            "East-West start score",
            "start score 12 is not a multiple of 5: every card and bonus is worth a "
            "multiple of 5, so every score is one too",
        ),
    )
    assert store.matches() == []

    state.setup.set_target("abc")
    assert not state.nav.create_match()
    assert state.setup.problems[0] == ("Target", "“abc” is not a whole number")
    assert state.setup.problems[1][0] == "East-West start score"  # still there too
    assert state.setup.field_problem("target") == "“abc” is not a whole number"

    state.setup.set_target("")
    state.setup.set_side(1, start_score="10")
    assert state.nav.create_match()
    assert state.setup.problems == ()
    assert state.match.current is not None
    assert [s.start_score for s in state.match.current.record.sides] == [1500, 10]
    assert state.match.minimums() == (90, 50)  # 1,500 → 90; 10 → 50 (rules §1.7)
    assert len(store.matches()) == 1


# --- S1's worked hand, saved ----------------------------------------------------------


def test_s1_hand_previews_1630_and_575_and_saves(state: AppModel, store: Store) -> None:
    start_classic(state, first_dealer="West")
    state.match.begin_hand()
    assert state.nav.screen is Screen.HAND_ENTRY
    assert state.entry.draft is not None and state.entry.draft.dealer == "West"
    enter_s1(state)

    preview = state.entry.preview
    assert preview is not None and preview.score is not None
    ns, ew = preview.score.sides
    # N-S: melds 15+50+80+30+130 = 305; South's hand 75; canastas 2×300 + 500;
    # red threes 200; going out 100 → 1,630.
    assert (ns.meld_points, ns.hand_points, ns.canasta_bonus) == (305, -75, 1100)
    assert (ns.red_three_bonus, ns.going_out_bonus, ns.total) == (200, 100, 1630)
    # E-W: melds 30+95+70+100 = 295; hands 60 + 60; mixed canasta 300; red three 100.
    assert (ew.meld_points, ew.hand_points, ew.canasta_bonus) == (295, -120, 300)
    assert (ew.red_three_bonus, ew.going_out_bonus, ew.total) == (100, 0, 575)
    assert preview.errors == ()
    assert preview.problems == ()
    assert preview.can_save

    assert state.match.save_hand()
    assert state.nav.message == "Hand 1 saved."
    assert state.nav.screen is Screen.SCOREBOARD
    match = state.match.current
    assert match is not None
    assert state.entry.draft is None and store.draft(match.id) is None
    assert match.score.running_totals == (1630, 575)
    assert state.match.minimums() == (90, 50)  # 1,630 is in 1,500-2,995; 575 below 1,500

    hand = match.record.hands[0]
    assert hand.dealer == "West"
    assert hand.sides[0].went_out is WentOut.OUT and hand.sides[0].went_out_by == "North"
    # South's hand was counted by class (three 5s, two 10s, two 20s); the cards the app
    # chose are worth the same 75.
    south = hand.sides[0].left_in_hand
    assert isinstance(south, dict)
    assert sorted(c.points for c in south["South"]) == [5, 5, 5, 10, 10, 20, 20]
    assert south["North"] == ()


def test_next_dealer_turns_clockwise_from_the_first(state: AppModel) -> None:
    start_classic(state, first_dealer="West")
    # Seating N, E, S, W: after West comes North, then East, South, West again.
    dealt = []
    for _ in range(5):
        state.match.begin_hand()
        assert state.entry.draft is not None
        dealt.append(state.entry.draft.dealer)
        enter_small(state)
        assert state.match.save_hand(), state.nav.message
    assert dealt == ["West", "North", "East", "South", "West"]
    assert state.match.next_dealer() == "North"
    assert state.match.current is not None
    assert state.match.current.score.running_totals == (5 * 60, 5 * 45)


def test_illegal_meld_blocks_saving_and_keeps_the_draft(state: AppModel, store: Store) -> None:
    start_classic(state)
    state.match.begin_hand()
    enter_small(state)
    kings = state.entry.add_meld(0, "K")  # the side has one already: the same meld
    state.entry.set_meld(0, kings, twos=4)  # K K K 2 2 2 2: four wild cards
    preview = state.entry.preview
    assert preview is not None
    assert codes(preview.errors) == [Code.MELD_TOO_MANY_WILDS.value]
    assert preview.errors[0].where == "sides[0].melds[0]"
    assert preview.about("sides[0].melds[0]") == preview.errors
    assert not preview.can_save

    draft = state.entry.draft
    assert not state.match.save_hand()
    # where the first thing marked is (it may be scrolled away)
    assert state.nav.message == "Not saved: fix what is marked first, at North-South meld of Ks."
    assert state.nav.screen is Screen.HAND_ENTRY
    assert state.entry.draft == draft
    assert state.match.current is not None and state.match.current.record.hands == ()
    kept = store.draft(state.match.current.id)
    assert kept is not None and HandDraft.load(kept) == draft


def test_draft_is_kept_across_a_restart_and_discard_forgets_it(
    state: AppModel, store: Store
) -> None:
    start_classic(state, first_dealer="North")
    state.match.begin_hand()
    enter_s1(state)
    state.entry.set_hand_info(note="Played at Ann's")
    state.entry.set_left(0, 0, jokers=1)  # typed, then back to 0: the last value is kept
    state.entry.set_left(0, 0, jokers=0)
    typed = state.entry.draft
    assert typed is not None
    state.nav.go_home()
    assert state.nav.screen is Screen.HOME

    # The app is reloaded: a new state on the same store.
    again = build_model(store)
    again.history.refresh_recent()
    resume = again.history.in_progress()
    assert (
        resume is not None
        and state.match.current is not None
        and resume.id == state.match.current.id
    )
    again.nav.open_match(resume.id)
    assert again.entry.draft == typed
    again.match.begin_hand()  # "Go on with hand 1": the kept draft, not a blank one
    assert again.entry.draft == typed
    assert again.entry.preview is not None and again.entry.preview.score is not None
    assert [s.total for s in again.entry.preview.score.sides] == [1630, 575]

    again.match.discard_draft()
    # What was typed is gone; who deals first, chosen with the match, is not (it is
    # recorded only with the hands).
    assert again.match.current is not None
    blank = HandDraft.blank(again.match.current.record, "North")
    assert again.entry.draft == blank
    third = build_model(store)
    third.nav.open_match(resume.id)
    assert third.entry.draft == blank
    assert third.match.next_dealer() == "North"


def test_discard_without_a_first_dealer_forgets_everything(state: AppModel, store: Store) -> None:
    start_classic(state)
    state.match.begin_hand()
    enter_small(state)
    assert state.match.current is not None and store.draft(state.match.current.id) is not None
    state.match.discard_draft()
    assert state.entry.draft is None and store.draft(state.match.current.id) is None
    assert state.nav.screen is Screen.SCOREBOARD
    state.match.begin_hand()
    assert state.entry.draft == HandDraft.blank(state.match.current.record)


def test_editing_an_earlier_hand_moves_later_totals_and_shows_later_errors(
    state: AppModel,
) -> None:
    start_classic(state)
    state.match.begin_hand()
    enter_small(state)  # 60 / 45
    assert state.match.save_hand()
    state.match.begin_hand()
    enter_sixes_and_kings(state)  # 50 / 45, N-S melding 65 (enough below 1,500)
    assert state.match.save_hand()
    assert state.match.current is not None
    assert [h.running for h in state.match.current.score.hands] == [(60, 45), (110, 90)]

    state.match.edit_hand(0)
    draft = state.entry.draft
    assert draft is not None and draft.number == 0
    assert [(m.rank, m.naturals) for m in draft.sides[0].melds] == [
        (MeldRank.KING, 3),
        (MeldRank.ACE, 3),
    ]
    assert state.entry.hand_minimums() == (50, 50)  # before hand 1: 0 and 0
    # Hand 1 becomes K×7 and A×7 (two natural canastas) with four red threes:
    # 70 + 140 + 1,000 + 800 − 30 in hand = 1,980.
    state.entry.set_meld(0, 0, naturals=7)
    state.entry.set_meld(0, 1, naturals=7)
    state.entry.set_red_threes(0, 4)
    preview = state.entry.preview
    assert preview is not None and preview.score is not None
    assert [s.total for s in preview.score.sides] == [1980, 45]
    assert preview.can_save
    # Hand 2's 65 is now below the 90 needed from 1,980.
    assert codes(preview.later) == [Code.MELD_BELOW_MINIMUM.value]
    assert preview.later[0].where.startswith("hands[1].")

    # The store refuses an edit that makes a later hand break a rule (the match's
    # own export must always import): nothing is saved, and the player is told why.
    assert not state.match.save_hand()
    assert state.nav.message is not None and state.nav.message.startswith("Not saved: ")
    assert "90" in state.nav.message
    match = state.match.current
    assert [h.running for h in match.score.hands] == [(60, 45), (110, 90)]
    assert len(state.match.store.match(match.id).record.hands) == 2


def test_delete_undo_redo_follow_the_totals(state: AppModel) -> None:
    start_classic(state)
    for enter in (enter_small, enter_sixes_and_kings):
        state.match.begin_hand()
        enter(state)
        assert state.match.save_hand()
    match = state.match.current
    assert match is not None
    assert match.score.running_totals == (110, 90)
    assert (match.undo, match.redo) == ("Add hand 2", None)

    state.nav.show_hand(0)
    assert state.nav.screen is Screen.HAND_DETAIL and state.nav.detail == 0
    state.match.delete_hand(0)
    assert state.nav.message == "Hand 1 deleted."
    assert state.nav.undoable
    assert state.nav.screen is Screen.SCOREBOARD
    assert state.match.current.score.running_totals == (50, 45)  # only the 6s-and-kings hand
    assert (state.match.current.undo, state.match.current.redo) == ("Delete hand 1", None)

    state.match.undo()
    assert state.nav.message == "Undone: deleting hand 1"
    assert state.match.current.score.running_totals == (110, 90)
    assert (state.match.current.undo, state.match.current.redo) == ("Add hand 2", "Delete hand 1")

    state.match.redo()
    assert state.nav.message == "Redone: deleting hand 1"
    assert state.match.current.score.running_totals == (50, 45)

    for _ in range(3):  # delete, add 2, add 1
        state.match.undo()
    assert state.match.current.record.hands == ()
    assert state.match.current.undo is None
    state.match.undo()
    assert state.nav.message == f"nothing to undo in match {state.match.current.id}"
    assert state.match.current.record.hands == ()


def test_a_finished_match_names_the_winner_and_offers_a_rematch(
    state: AppModel, store: Store
) -> None:
    start_classic(state, target="1,000")
    state.match.begin_hand()
    enter_s1(state)
    assert state.match.save_hand()
    match = state.match.current
    assert match is not None
    assert match.status == "finished"
    assert (match.score.winner, match.score.margin) == ("North-South", 1055)  # 1,630 − 575
    assert state.nav.message == "Hand 1 saved. North-South wins by 1,055!"

    state.match.begin_hand()
    assert state.nav.message == "The match is over: start a rematch for another."
    assert state.nav.screen is Screen.SCOREBOARD and state.entry.draft is None

    state.match.rematch()
    again = state.match.current
    assert again is not None and again.id != match.id
    assert state.nav.message == "New match with the same sides."
    assert [(s.name, s.players, s.start_score) for s in again.record.sides] == [
        ("North-South", ("North", "South"), 0),
        ("East-West", ("East", "West"), 0),
    ]
    assert again.record.hands == () and again.status == "in_progress"
    assert state.match.rules is not None and state.match.rules.target == 1000
    state.nav.go_home()
    assert [m.status for m in state.history.recent] == ["in_progress", "finished"]


def test_two_phones_on_one_match_conflict_without_losing_the_entry(store: Store) -> None:
    phone_a, phone_b = build_model(store), build_model(store)
    start_classic(phone_a)
    assert phone_a.match.current is not None
    match_id = phone_a.match.current.id
    phone_b.nav.open_match(match_id)

    phone_b.match.begin_hand()
    enter_sixes_and_kings(phone_b)
    typed = phone_b.entry.draft
    phone_a.match.begin_hand()
    enter_small(phone_a)
    assert phone_a.match.save_hand()

    assert not phone_b.match.save_hand()
    # Phone B is shown what phone A saved, and told plainly (no version numbers) that
    # its entry may be that very hand: nothing is carried over silently.
    assert phone_b.nav.message == (
        "Another device changed this match while you were entering this hand; nothing "
        "of yours was saved. Its hands are shown now. Your entry is kept: open it with "
        "'Go on with hand 2' and save it only if it is a different hand."
    )
    assert phone_b.nav.screen is Screen.SCOREBOARD
    assert phone_b.match.current is not None and phone_b.match.current.score.running_totals == (
        60,
        45,
    )
    assert phone_b.entry.draft == typed
    kept = store.draft(match_id)  # kept in the store too: a reload would not lose it
    assert kept is not None and HandDraft.load(kept) == typed
    assert len(store.match(match_id).record.hands) == 1  # nothing of B's was saved

    # Only going on with it deliberately makes it hand 2, checked against hand 1's totals.
    phone_b.match.begin_hand()
    assert phone_b.nav.screen is Screen.HAND_ENTRY and phone_b.entry.draft == typed
    assert phone_b.nav.message is None
    assert phone_b.entry.preview is not None and phone_b.entry.preview.can_save
    assert phone_b.match.save_hand()
    assert phone_b.nav.message == "Hand 2 saved."
    assert phone_b.match.current.score.running_totals == (110, 90)  # 60 + 50, 45 + 45

    # Phone A still shows version 1: its undo is refused and it reloads.
    phone_a.match.undo()
    assert phone_a.nav.message == (
        "Another device changed this match meanwhile, so nothing was undone. "
        "Its hands are shown now."
    )
    assert phone_a.match.current is not None and phone_a.match.current.score.running_totals == (
        110,
        90,
    )
    phone_a.match.undo()
    assert phone_a.nav.message == "Undone: adding hand 2"


def test_edit_of_a_hand_deleted_on_another_phone_is_refused_not_crashed(store: Store) -> None:
    phone_a, phone_b = build_model(store), build_model(store)
    start_classic(phone_a)
    for enter in (enter_small, enter_sixes_and_kings):
        phone_a.match.begin_hand()
        enter(phone_a)
        assert phone_a.match.save_hand()
    assert phone_a.match.current is not None
    phone_b.nav.open_match(phone_a.match.current.id)
    phone_b.match.edit_hand(1)
    phone_b.entry.set_red_threes(0, 1)

    phone_a.match.delete_hand(1)
    phone_a.match.delete_hand(0)
    assert not phone_b.match.save_hand()
    assert phone_b.nav.message is not None
    assert phone_b.nav.message.startswith(
        "Another device changed this match while you were editing hand 2; nothing of "
        "yours was saved."
    )
    assert phone_b.nav.screen is Screen.SCOREBOARD
    assert phone_b.entry.preview is not None and not phone_b.entry.preview.can_save
    assert phone_b.entry.preview.problems == (("", "Hand 2 is no longer in this match."),)
    assert phone_b.entry.draft is not None  # the entry is still there to read
    phone_b.match.resume_edit()
    assert phone_b.nav.screen is Screen.HAND_ENTRY
    assert phone_b.entry.hand_minimums() == (50, 50)  # the hand entry screen still renders
    phone_b.match.discard_draft()
    assert phone_b.entry.draft is None and store.draft(phone_a.match.current.id) is None


def test_delete_on_a_stale_phone_goes_back_to_the_scoreboard(store: Store) -> None:
    phone_a, phone_b = build_model(store), build_model(store)
    start_classic(phone_a)
    phone_a.match.begin_hand()
    enter_small(phone_a)
    assert phone_a.match.save_hand()
    assert phone_a.match.current is not None
    phone_b.nav.open_match(phone_a.match.current.id)
    phone_b.nav.show_hand(0)
    phone_a.match.delete_hand(0)

    phone_b.match.delete_hand(0)
    assert phone_b.nav.message == (
        "Another device changed this match meanwhile, so hand 1 was not deleted. "
        "Its hands are shown now."
    )
    # Hand 1 is gone: its breakdown cannot be shown any more.
    assert phone_b.nav.screen is Screen.SCOREBOARD
    assert phone_b.match.current is not None and phone_b.match.current.record.hands == ()


# --- hand entry details ------------------------------------------------------------------


def test_cards_counted_by_class_never_exceed_the_deck(state: AppModel) -> None:
    start_classic(state)
    state.match.begin_hand()
    aces = state.entry.add_meld(0, "A")
    state.entry.set_meld(0, aces, naturals=8)  # every ace of the two decks
    state.entry.set_left(0, 1, aces_and_twos=8)
    state.entry.set_left(1, 0, seven_to_four=1)
    state.entry.set_left(1, 1, seven_to_four=1)
    preview = state.entry.preview
    assert preview is not None and preview.score is not None
    assert preview.errors == ()
    ns = preview.score.sides[0]
    # A×8 = 160 + natural canasta 500; eight 20-point cards in South's hand = −160.
    assert (ns.meld_points, ns.canasta_bonus, ns.hand_points, ns.total) == (160, 500, -160, 500)
    assert state.match.save_hand()
    assert state.match.current is not None
    left = state.match.current.record.hands[0].sides[0].left_in_hand
    assert isinstance(left, dict)
    assert format_cards(left["South"]) == "2 2 2 2 2 2 2 2"  # no aces are left: 2s


def test_an_impossible_count_by_class_is_a_card_supply_error(state: AppModel) -> None:
    start_classic(state)
    state.match.begin_hand()
    state.entry.set_meld(0, state.entry.add_meld(0, "A"), naturals=8)
    # Nine cards "A and 2" with all 8 aces melded: only eight 2s exist.
    state.entry.set_left(0, 1, aces_and_twos=9)
    preview = state.entry.preview
    assert preview is not None and preview.score is not None
    assert preview.score.sides[0].hand_points == -180
    assert Code.SUPPLY_TOO_MANY.value in codes(preview.errors)
    assert not preview.can_save


def test_typed_cards_that_cannot_be_read_name_the_field(state: AppModel) -> None:
    start_classic(state)
    state.match.begin_hand()
    state.entry.add_meld(0, MeldRank.KING, naturals=4)
    state.entry.set_left(1, 1, by_cards=True, cards="4 4 X")
    preview = state.entry.preview
    assert preview is not None and not preview.can_save
    assert [where for where, _ in preview.problems] == ["sides[1].left_in_hand[1]"]
    # East-West's total is unknown until its cards are read; North-South's is worked out
    assert preview.side_score(1) is None and preview.unknown == {1}
    north_south = preview.side_score(0)
    assert north_south is not None and north_south.meld_points == 40
    state.entry.set_left(1, 1, cards="4 4 JK")
    assert state.entry.preview is not None and state.entry.preview.problems == ()
    assert state.entry.preview.score is not None
    assert state.entry.preview.score.sides[1].hand_points == -60  # 5 + 5 + 50


def test_a_side_has_one_meld_per_rank(state: AppModel) -> None:
    start_classic(state)
    state.match.begin_hand()
    first = state.entry.add_meld(0, "K")
    state.entry.set_meld(0, first, naturals=5)
    assert state.entry.add_meld(0, "K") == first  # tapping the rank again: that meld
    assert state.entry.draft is not None
    assert [(m.rank, m.naturals) for m in state.entry.draft.sides[0].melds] == [(MeldRank.KING, 5)]
    assert state.entry.add_meld(1, "K") == 0  # the other side has its own
    assert state.entry.meld_index(0, MeldRank.KING) == 0
    assert state.entry.meld_index(0, MeldRank.QUEEN) is None
    state.entry.remove_meld(0, first)
    assert state.entry.draft.sides[0].melds == ()


def test_going_out_on_one_side_clears_it_on_the_other(state: AppModel) -> None:
    start_classic(state)
    state.match.begin_hand()
    state.entry.set_went_out(0, "out", "North")
    state.entry.set_went_out(1, WentOut.CONCEALED, "East")
    assert state.entry.draft is not None
    sides = state.entry.draft.sides
    assert (sides[0].went_out, sides[0].went_out_by) == (WentOut.NO, None)
    assert (sides[1].went_out, sides[1].went_out_by) == (WentOut.CONCEALED, "East")
    state.entry.set_went_out(1, "no", "East")
    assert (state.entry.draft.sides[1].went_out, state.entry.draft.sides[1].went_out_by) == (
        WentOut.NO,
        None,
    )


def test_going_out_alone_names_the_only_player(state: AppModel) -> None:
    state.nav.new_match("two-player")
    state.setup.set_side(0, name="Ann")
    state.setup.set_side(1, name="Bob")
    assert state.nav.create_match(), state.setup.problems
    state.match.begin_hand()
    state.entry.set_went_out(1, "out")
    assert state.entry.draft is not None
    # A one-player side has no player list: the side itself went out.
    assert state.entry.draft.sides[1].went_out is WentOut.OUT


def test_five_player_hand_records_who_sat_out(state: AppModel) -> None:
    state.nav.new_match("five-player")
    for seat, name in enumerate(("Ann", "Bea", "Cy")):
        state.setup.set_side(0, player=(seat, name))
    for seat, name in enumerate(("Dan", "Eve")):
        state.setup.set_side(1, player=(seat, name))
    assert state.nav.create_match(), state.setup.problems
    state.match.begin_hand()
    state.entry.add_meld(0, "K")
    state.entry.add_meld(0, "A")
    state.entry.set_left(0, 0, king_to_eight=1)
    state.entry.set_left(0, 1, king_to_eight=1)
    state.entry.add_meld(1, "Q")
    state.entry.add_meld(1, "10")
    state.entry.set_left(1, 0, seven_to_four=1)
    state.entry.set_left(1, 1, seven_to_four=1)
    assert state.entry.preview is not None
    assert Code.SITTING_OUT_MISSING.value in codes(state.entry.preview.findings)

    state.entry.set_hand_info(sitting_out="Cy", dealer="Dan")
    assert state.entry.preview is not None and state.entry.preview.score is not None
    assert state.entry.preview.findings == ()
    assert [s.total for s in state.entry.preview.score.sides] == [70, 50]  # 90 − 20; 60 − 10
    state.entry.set_left(0, 2, king_to_eight=1)  # Cy sat out: no cards
    assert state.entry.preview is not None
    assert codes(state.entry.preview.errors) == [Code.SITTING_OUT_PLAYED.value]
    state.entry.set_left(0, 2, king_to_eight=0)

    assert state.match.save_hand(), state.nav.message
    assert state.match.current is not None
    hand = state.match.current.record.hands[0]
    assert (hand.sitting_out, hand.dealer) == ("Cy", "Dan")


def test_cutthroat_hand_records_the_lone_hand(state: AppModel) -> None:
    state.nav.new_match("three-player-cutthroat")
    for side, name in enumerate(("Ann", "Bob", "Cy")):
        state.setup.set_side(side, name=name)
    assert state.nav.create_match(), state.setup.problems
    state.match.begin_hand()
    state.entry.add_meld(0, "K")
    state.entry.add_meld(0, "A")
    state.entry.set_left(0, 0, king_to_eight=1)
    state.entry.add_meld(1, "Q")
    state.entry.set_left(1, 0, seven_to_four=1)
    state.entry.add_meld(2, "10")
    state.entry.add_meld(2, "J")
    state.entry.set_left(2, 0, seven_to_four=1)
    assert state.entry.preview is not None
    assert Code.LONE_HAND_MISSING.value in codes(state.entry.preview.findings)

    state.entry.set_hand_info(lone_hand="Ann")
    preview = state.entry.preview
    assert preview is not None and preview.score is not None
    assert preview.findings == ()
    # Ann alone: 90 − 10 = 80. Bob and Cy score together: 30 + 60 − 5 − 5 = 80 each.
    assert [s.total for s in preview.score.sides] == [80, 80, 80]
    assert state.match.save_hand(), state.nav.message
    assert state.match.current is not None
    assert state.match.current.record.hands[0].lone_hand == "Ann"
    assert state.match.current.score.running_totals == (80, 80, 80)


def test_quick_totals_keep_who_sat_out(state: AppModel) -> None:
    state.nav.new_match("five-player")
    for seat, name in enumerate(("Ann", "Bea", "Cy")):
        state.setup.set_side(0, player=(seat, name))
    for seat, name in enumerate(("Dan", "Eve")):
        state.setup.set_side(1, player=(seat, name))
    assert state.nav.create_match(), state.setup.problems
    state.match.begin_hand()
    state.entry.set_quick(True)
    state.entry.set_quick_total(0, "1,230")
    state.entry.set_quick_total(1, "-85")
    state.entry.set_hand_info(sitting_out="Bea")
    assert state.entry.preview is not None and state.entry.preview.can_save, state.entry.preview
    assert state.match.save_hand(), state.nav.message
    assert state.match.current is not None
    assert state.match.current.score.running_totals == (1230, -85)
    assert state.match.current.record.hands[0].sitting_out == "Bea"
    state.match.edit_hand(0)
    assert state.entry.draft is not None
    assert (state.entry.draft.quick, state.entry.draft.totals) == (True, ("1230", "-85"))
    assert state.entry.draft.sitting_out == "Bea"


@pytest.mark.parametrize(
    ("code", "typed", "refused"),
    [("de", "1.630", "1,630"), ("es", "1.630", "1,630"), ("en", "1,630", "1.630")],
)
def test_a_quick_total_is_read_as_the_language_writes_it(
    state: AppModel, code: str, typed: str, refused: str
) -> None:
    """A total typed with the language's thousands separator is read (German 1.630),
    and one with the other separator is not a whole number there."""
    start_classic(state)
    state.match.begin_hand()
    state.entry.set_quick(True)
    with i18n.use(code):
        state.entry.set_quick_total(0, refused)
        state.entry.set_quick_total(1, "-85")
        preview = state.entry.preview
        assert preview is not None and not preview.can_save
        state.entry.set_quick_total(0, typed)
        preview = state.entry.preview
        assert preview is not None and preview.can_save, preview
        assert state.match.save_hand(), state.nav.message
    assert state.match.current is not None
    assert state.match.current.score.running_totals == (1630, -85)


# --- navigation -------------------------------------------------------------------------


def test_opening_a_match_that_is_not_there_says_so(state: AppModel) -> None:
    state.nav.open_match(999)
    assert state.nav.message == (
        "Match 999 is not there any more: it may have been deleted on another device."
    )
    assert state.nav.screen is Screen.HOME


def test_past_matches_and_remembered_players(state: AppModel) -> None:
    start_classic(state)
    state.nav.show_matches()
    assert state.nav.screen is Screen.MATCHES
    assert [m.sides for m in state.history.recent] == [("North-South", "East-West")]
    state.nav.new_match()
    assert set(state.history.known_players) == {"North", "South", "East", "West"}


def test_the_player_filter_leaves_out_players_whose_matches_were_deleted(
    state: AppModel,
) -> None:
    start_classic(state)
    state.nav.delete_match()  # the only match of North, South, East and West
    state.nav.show_matches()
    assert state.history.known_players == ()
    state.nav.new_match()  # still remembered, to pick for a new match
    assert set(state.setup.known_players) == {"North", "South", "East", "West"}


# --- the access code ----------------------------------------------------------------------


def test_access_gate_accepts_the_code_and_refuses_others() -> None:
    gate = AccessGate("493817")
    assert gate.needed
    assert gate.check("493817", now=0.0) == (True, "")
    assert gate.check(" 493817 ", now=0.0) == (True, "")  # spaces around it are typing
    assert gate.check("493818", now=0.0) == (False, "That is not the access code.")
    assert gate.check("", now=0.0)[0] is False


def test_access_gate_waits_after_too_many_wrong_codes_from_one_client() -> None:
    gate = AccessGate("2468", tries=3, window=60.0)
    for moment in (0.0, 1.0):
        assert gate.check("1111", now=moment, client="10.0.0.5")[0] is False
    # the third wrong code within the minute: that client waits a minute
    assert gate.check("1111", now=2.0, client="10.0.0.5") == (
        False,
        "Too many wrong codes: this device may try again 60 s after this message.",
    )
    assert gate.check("2468", now=10.0, client="10.0.0.5") == (
        False,
        "Too many wrong codes: this device may try again 52 s after this message.",
    )
    # another client is not held back, before or after
    assert gate.check("2468", now=10.0, client="10.0.0.6") == (True, "")
    assert gate.check("2468", now=62.5, client="10.0.0.5") == (True, "")


def test_access_gate_doubles_the_wait_each_lockout_and_forgets_after_the_right_code() -> None:
    gate = AccessGate("2468", tries=2, window=60.0, longest=200.0)
    waits = []
    now = 0.0
    for _ in range(4):
        gate.check("1", now=now, client="a")
        accepted, message = gate.check("1", now=now, client="a")
        assert not accepted
        wait = int(message.split(" again ")[1].split(" s ")[0])
        waits.append(wait)
        now += wait
    assert waits == [60, 120, 200, 200]  # doubled, at most `longest`
    assert gate.check("2468", now=now, client="a") == (True, "")
    gate.check("1", now=now, client="a")
    assert (
        gate.check("1", now=now, client="a")[1]
        == "Too many wrong codes: this device may try again 60 s after this message."
    )


def test_access_gate_keeps_a_bounded_table_of_clients() -> None:
    gate = AccessGate("2468", clients=100, flood=10_000)
    for number in range(1000):
        gate.check("1", now=float(number), client=f"10.0.{number // 256}.{number % 256}")
    assert len(gate._clients) <= 100
    # the newest ones are remembered
    assert "10.0.3.231" in gate._clients


FLOODED = (
    "Too many wrong codes from other devices: a device that has not given the code here "
    "before may try again {} s after this message."
)


def test_many_addresses_guessing_reach_the_code_at_most_flood_times_a_minute() -> None:
    gate = AccessGate("246813", flood=20)
    assert gate.check("246813", now=0.0, client="192.168.1.20") == (True, "")  # a player
    compared = 0
    for round_ in range(5):  # each of 200 addresses tries 5 codes within the minute
        for number in range(200):
            answer = gate.check("000000", now=1.0 + round_, client=f"10.0.0.{number}")
            assert not answer[0]
            compared += answer[1] != FLOODED.format(60 - round_)  # the first at 1.0
    assert compared == 20  # not 1,000
    # a new address, even with the right code, waits until the first wrong code is a
    # minute old; the player who gave the code before is not held back
    assert gate.check("246813", now=30.0, client="10.0.1.1") == (False, FLOODED.format(31))
    assert gate.check("246813", now=30.0, client="192.168.1.20") == (True, "")
    assert gate.check("246813", now=61.5, client="10.0.1.1") == (True, "")


def test_a_flood_ends_a_minute_after_its_wrong_codes_and_counts_none_it_held_back() -> None:
    gate = AccessGate("246813", flood=3)
    for number in range(3):
        assert gate.check("1", now=float(number), client=f"10.0.0.{number}") == (
            False,
            "That is not the access code.",
        )
    assert gate.check("1", now=10.0, client="10.0.0.9") == (False, FLOODED.format(50))
    # held back codes do not count: one more is compared once the first is old
    assert gate.check("1", now=60.5, client="10.0.0.9") == (False, "That is not the access code.")
    assert gate.check("1", now=60.5, client="10.0.0.8")[1] == FLOODED.format(1)


def test_a_full_table_of_clients_still_locked_out_forgets_none_of_them() -> None:
    gate = AccessGate("246813", tries=1, clients=3, flood=1000)
    for number in range(3):
        assert (
            "Too many wrong codes: this device"
            in gate.check("1", now=float(number), client=f"10.0.0.{number}")[1]
        )
    # a fourth address finds no room: it waits until the first lockout ends, and the
    # clients locked out stay locked out (none was forgotten to make room)
    assert gate.check("246813", now=10.0, client="10.0.0.3") == (False, FLOODED.format(50))
    assert not gate.check("246813", now=10.0, client="10.0.0.0")[0]
    assert sorted(gate._clients) == ["10.0.0.0", "10.0.0.1", "10.0.0.2"]
    # the first lockout ended: that client is forgotten for the new one
    assert gate.check("246813", now=61.0, client="10.0.0.3") == (True, "")
    assert not gate.check("246813", now=61.0, client="10.0.0.2")[0]


def test_a_tab_s_gate_counts_its_client_and_remembers_it_unlocked() -> None:
    gate = AccessGate("2468", tries=1)
    tab = gate.for_client("192.168.1.20")
    assert tab.needed and not tab.unlocked
    assert tab.check("1")[0] is False
    assert gate.for_client("192.168.1.21").check("2468") == (True, "")
    assert tab.check("2468")[0] is False  # still waiting
    other = gate.for_client("192.168.1.22")
    assert other.check("2468") == (True, "")
    assert other.unlocked


def test_only_so_many_tabs_may_wait_for_the_code() -> None:
    """Three tabs of one address may wait, and five in all; beyond them only a device
    that gave the code here before may open one; a tab that gives the code or closes
    leaves its place."""
    gate = AccessGate("2468", waiting=3, waiting_most=5)
    ann = [gate.for_client("10.0.0.1") for _ in range(3)]
    assert [tab.refused for tab in ann] == [None] * 3
    fourth = gate.for_client("10.0.0.1")
    assert fourth.refused is not None and fourth.refused.startswith(
        "Too many tabs of this device are waiting for the access code"
    )
    assert gate.tabs_waiting("10.0.0.1") == 3
    fourth.let_go()  # never counted: nothing to let go
    assert gate.tabs_waiting("10.0.0.1") == 3
    assert ann[0].check("2468") == (True, "")  # Ann's device is known here now
    assert gate.tabs_waiting("10.0.0.1") == 2
    ann[0].let_go()  # its tab closes later: let go once only
    assert gate.tabs_waiting("10.0.0.1") == 2
    bo = [gate.for_client("10.0.0.2") for _ in range(3)]
    assert [tab.refused for tab in bo] == [None, None, None]
    assert gate.tabs_waiting() == 5
    new = gate.for_client("10.0.0.3")
    assert (
        new.refused
        == "Too many devices are waiting for the access code: try again in a few minutes."
    )
    known = gate.for_client("10.0.0.1")  # gave the code before: let in, under its own limit
    assert known.refused is None and gate.tabs_waiting() == 6
    bo[0].let_go()
    known.let_go()
    assert gate.for_client("10.0.0.3").refused is None
    assert gate.tabs_waiting() == 5


def test_access_gate_without_a_code_lets_everyone_in() -> None:
    gate = AccessGate(None)
    assert not gate.needed
    assert gate.check("anything") == (True, "")


# --- run settings --------------------------------------------------------------------------


@pytest.fixture
def no_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No flet.toml anywhere load_settings looks (not even the repository's)."""
    monkeypatch.delenv("CANASTA_SCORER_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(run_module, "ROOT", tmp_path / "nowhere")
    return tmp_path


def test_settings_default_without_a_file(no_config: Path) -> None:
    assert load_settings() == Settings()
    assert Settings() == Settings(
        width=420,
        height=860,
        min_width=360,
        min_height=640,
        host="127.0.0.1",
        port=8550,
        seed_color="#1B5E20",
        mode="system",
    )


def test_the_repository_flet_toml_says_the_defaults() -> None:
    assert load_settings(Path(app_module.__file__).parents[2] / "flet.toml") == Settings()


def test_settings_read_from_a_file(no_config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = no_config / "club.toml"
    config.write_text(
        '[window]\nwidth = 600\n[web]\nhost = "0.0.0.0"\nport = 9000\n[theme]\nmode = "dark"\n',
        encoding="utf-8",
    )
    expected = Settings(width=600, host="0.0.0.0", port=9000, mode="dark")
    assert load_settings(config) == expected
    monkeypatch.setenv("CANASTA_SCORER_CONFIG", str(config))
    assert load_settings() == expected
    (no_config / "flet.toml").write_text("[window]\nheight = 700\n", encoding="utf-8")
    monkeypatch.delenv("CANASTA_SCORER_CONFIG")
    assert load_settings() == Settings(height=700)  # ./flet.toml


def test_a_settings_file_named_but_not_there_is_said(
    no_config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = no_config / "gone.toml"
    with pytest.raises(ValueError, match=f"^{missing}: there is no settings file there$"):
        load_settings(missing)
    monkeypatch.setenv("CANASTA_SCORER_CONFIG", str(missing))
    with pytest.raises(ValueError, match=f"^{missing}: there is no settings file there$"):
        load_settings()


PORT = "a whole number from 1 to 65535"
SIZE = "a whole number from 1 to 100000"
ALL = (
    "its settings are [window] width, height, min_width, min_height; [web] host, port; "
    "[theme] seed_color, mode"
)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('[web]\nport = "8550"\n', f'the setting [web] port is “"8550"”; it must be {PORT}'),
        ("[web]\nport = 99999\n", f"the setting [web] port is “99999”; it must be {PORT}"),
        (
            "[web]\nport = 99999999999999999999999\n",
            f"the setting [web] port is “99999999999999999999999”; it must be {PORT}",
        ),
        ("[web]\nport = -1\n", f"the setting [web] port is “-1”; it must be {PORT}"),
        ("[web]\nport = 0\n", f"the setting [web] port is “0”; it must be {PORT}"),
        ("[web]\nport = 8550.0\n", f"the setting [web] port is “8550.0”; it must be {PORT}"),
        (
            "[web]\nhost = 0\n",
            "the setting [web] host is “0”; it must be text in quotation marks, such as “0.0.0.0”",
        ),
        ("[window]\nwidth = 420.5\n", f"the setting [window] width is “420.5”; it must be {SIZE}"),
        ("[window]\nwidth = true\n", f"the setting [window] width is “true”; it must be {SIZE}"),
        ("[window]\nwidth = -5\n", f"the setting [window] width is “-5”; it must be {SIZE}"),
        ("[window]\nheight = 0\n", f"the setting [window] height is “0”; it must be {SIZE}"),
        (
            "[window]\nmin_width = 100001\n",
            f"the setting [window] min_width is “100001”; it must be {SIZE}",
        ),
        (
            "[window]\nmin_height = 0\n",
            f"the setting [window] min_height is “0”; it must be {SIZE}",
        ),
        (
            "[theme]\nseed_color = 1\n",
            "the setting [theme] seed_color is “1”; it must be a colour in quotation marks, "
            "such as “#1B5E20”",
        ),
        (
            '[theme]\nmode = "blue"\n',
            'the setting [theme] mode is “"blue"”; it must be “light”, “dark” or “system”, '
            "in quotation marks",
        ),
        (
            '[theme]\nmode = ["dark"]\n',
            'the setting [theme] mode is “["dark"]”; it must be “light”, “dark” or “system”, '
            "in quotation marks",
        ),
        (
            "[web]\nport = { number = 8550, open = true }\n",
            f"the setting [web] port is “{{ number = 8550, open = true }}”; it must be {PORT}",
        ),
        (
            "[web.port]\n",
            f"the setting [web] port is “{{}}”; it must be {PORT}",
        ),
        (
            "[web]\nhost = 2026-12-03\n",
            "the setting [web] host is “2026-12-03”; it must be text in quotation marks, "
            "such as “0.0.0.0”",
        ),
        ("window = 3\n", "window must be a table of settings ([window]), not a value"),
        ("[web]\nprot = 9000\n", f"[web] prot is not a setting of the app; {ALL}"),
        ("[server]\nport = 9000\n", f"[server] is not a setting of the app; {ALL}"),
        ("port = 9000\n", f"port is not a setting of the app; {ALL}"),
        (
            '[theme]\nmode = "dark"\ncolour = "#000000"\n',
            f"[theme] colour is not a setting of the app; {ALL}",
        ),
        ("[window\n", "the settings file cannot be read as TOML at line 1, column 8"),
    ],
)
def test_a_setting_that_cannot_be_used_is_said_in_plain_words(
    no_config: Path, text: str, said: str
) -> None:
    config = no_config / "club.toml"
    config.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as refused:
        load_settings(config)
    assert str(refused.value) == f"{config}: {said}"
    assert "got" not in str(refused.value) and "should" not in str(refused.value)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "de",
            "die Einstellung [web] port ist „-1“; sie muss eine ganze Zahl von 1 bis 65535 sein",
        ),
        ("es", "el ajuste [web] port es «-1»; debe ser un número entero de 1 a 65535"),
        ("it", "l'impostazione [web] port è «-1»; deve essere un numero intero da 1 a 65535"),
        ("pt_BR", "a configuração [web] port é “-1”; deve ser um número inteiro de 1 a 65535"),
    ],
)
def test_a_setting_that_cannot_be_used_is_said_in_every_language(
    no_config: Path, lang: str, said: str
) -> None:
    from canasta_scorer import i18n

    config = no_config / "club.toml"
    config.write_text("[web]\nport = -1\n", encoding="utf-8")
    with i18n.use(lang), pytest.raises(ValueError) as refused:
        load_settings(config)
    assert str(refused.value) == f"{config}: {said}"


# --- the tester's findings: navigation, refresh, conflicts, honest records -------------


def test_the_rule_checker_goes_back_where_it_was_opened(state: AppModel) -> None:
    start_classic(state)
    state.setup.toggle_house_rule("black-three-freezes", True)  # no effect: the match has started
    assert state.match.current is not None
    state.nav.go_home()  # the match stays open behind the home screen

    state.nav.show_checker()
    assert state.nav.checker_from is Screen.HOME
    state.nav.leave_checker()
    assert state.nav.screen is Screen.HOME  # not the last match's scoreboard

    state.nav.open_match(state.match.current.id)
    state.nav.show_checker()
    assert state.nav.checker_from is Screen.SCOREBOARD
    assert state.checker.form.variant == "classic"
    state.nav.leave_checker()
    assert state.nav.screen is Screen.SCOREBOARD


def test_the_checker_opened_from_home_does_not_keep_a_matchs_house_rules(
    state: AppModel,
) -> None:
    state.nav.new_match()
    state.setup.toggle_house_rule("black-three-freezes", True)
    assert state.nav.create_match()
    state.nav.show_checker()
    assert state.checker.form.house_rules == frozenset({"black-three-freezes"})
    state.nav.leave_checker()
    state.nav.go_home()
    state.nav.show_checker()
    assert state.checker.form.house_rules == frozenset()


def test_refresh_reloads_the_open_match_after_another_device_saved(store: Store) -> None:
    tab, phone = build_model(store), build_model(store)
    start_classic(phone)
    assert phone.match.current is not None
    tab.nav.open_match(phone.match.current.id)
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()
    assert tab.match.current is not None and tab.match.current.score.running_totals == (
        0,
        0,
    )  # stale

    tab.nav.refresh()  # the page was reloaded: the same state, reconnected
    assert tab.match.current is not None and tab.match.current.score.running_totals == (60, 45)
    assert tab.nav.screen is Screen.SCOREBOARD and tab.nav.message is None


def test_refresh_reloads_the_match_list_at_home(store: Store) -> None:
    tab, phone = build_model(store), build_model(store)
    tab.history.refresh_recent()
    assert tab.history.recent == ()
    start_classic(phone)
    tab.nav.refresh()
    assert [m.sides for m in tab.history.recent] == [("North-South", "East-West")]
    assert tab.history.in_progress() is not None and tab.nav.screen is Screen.HOME


def test_refresh_during_an_entry_shows_what_changed_and_keeps_the_entry(store: Store) -> None:
    tab, phone = build_model(store), build_model(store)
    start_classic(phone)
    assert phone.match.current is not None
    tab.nav.open_match(phone.match.current.id)
    tab.match.begin_hand()
    enter_sixes_and_kings(tab)
    typed = tab.entry.draft
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()  # this also clears the kept draft in the store

    tab.nav.refresh()
    assert tab.nav.screen is Screen.SCOREBOARD
    assert tab.match.current is not None and tab.match.current.score.running_totals == (60, 45)
    assert tab.entry.draft == typed
    assert tab.nav.message is not None and "'Go on with hand 2'" in tab.nav.message
    kept = store.draft(phone.match.current.id)
    assert kept is not None and HandDraft.load(kept) == typed


def test_refresh_of_a_match_deleted_elsewhere_goes_home(store: Store) -> None:
    tab, phone = build_model(store), build_model(store)
    start_classic(phone)
    assert phone.match.current is not None
    tab.nav.open_match(phone.match.current.id)
    phone.nav.delete_match()
    tab.nav.refresh()
    assert tab.nav.screen is Screen.HOME and tab.match.current is None
    assert tab.nav.message == "This match was deleted on another device."
    assert tab.history.recent == ()


def test_refresh_of_a_hand_detail_whose_hand_is_gone_shows_the_scoreboard(
    store: Store,
) -> None:
    tab, phone = build_model(store), build_model(store)
    start_classic(phone)
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()
    assert phone.match.current is not None
    tab.nav.open_match(phone.match.current.id)
    tab.nav.show_hand(0)
    phone.match.undo()
    tab.nav.refresh()
    assert tab.nav.screen is Screen.SCOREBOARD
    assert tab.match.current is not None and tab.match.current.record.hands == ()


def test_back_to_the_scoreboard_reads_the_match_again(store: Store) -> None:
    tab, phone = build_model(store), build_model(store)
    start_classic(phone)
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()
    assert phone.match.current is not None
    tab.nav.open_match(phone.match.current.id)
    tab.nav.show_hand(0)
    phone.match.begin_hand()
    enter_sixes_and_kings(phone)
    assert phone.match.save_hand()

    tab.nav.back_to_scoreboard()
    assert tab.match.current is not None and tab.match.current.score.running_totals == (110, 90)
    assert len(tab.match.current.record.hands) == 2


def test_cards_counted_by_points_are_named_in_their_field_once(state: AppModel) -> None:
    start_classic(state, first_dealer="West")
    state.match.begin_hand()
    enter_s1(state)  # South's 75 counted by points; East's and West's cards typed
    state.entry.set_hand_info(note="Played at Ann's")
    assert state.match.save_hand()
    assert state.match.current is not None
    hand = state.match.current.record.hands[0]
    assert (hand.note, hand.counted_by_points) == ("Played at Ann's", ("South",))
    left = hand.sides[0].left_in_hand
    assert isinstance(left, dict)
    # Stand-in cards of the same points are kept: 3 × 5 + 2 × 10 + 2 × 20 = 75.
    assert format_cards(left["South"]) == "A A 8 8 5 5 5"

    # Editing shows the counts as they were entered and the note as typed ...
    state.match.edit_hand(0)
    assert state.entry.draft is not None
    assert state.entry.draft.note == "Played at Ann's"
    south = state.entry.draft.sides[0].left[1]
    assert not south.by_cards
    assert (south.seven_to_four, south.king_to_eight, south.aces_and_twos) == (3, 2, 2)
    assert state.entry.draft.sides[1].left[0].by_cards  # East's typed cards stay typed
    # ... and saving again names South once.
    assert state.match.save_hand()
    hand = state.match.current.record.hands[0]
    assert (hand.note, hand.counted_by_points) == ("Played at Ann's", ("South",))
    assert state.match.current.score.running_totals == (1630, 575)

    # Typed as the real cards, South is no longer counted by points.
    state.match.edit_hand(0)
    state.entry.set_left(0, 1, by_cards=True, cards="4 5 5 Q K A A")
    assert state.match.save_hand()
    hand = state.match.current.record.hands[0]
    assert (hand.note, hand.counted_by_points) == ("Played at Ann's", ())
    assert state.match.current.score.running_totals == (1630, 575)


def test_every_player_counted_by_points_is_named(state: AppModel) -> None:
    start_classic(state)
    state.match.begin_hand()
    enter_small(state)  # every hand counted by points
    assert state.match.save_hand()
    assert state.match.current is not None
    hand = state.match.current.record.hands[0]
    assert (hand.note, hand.counted_by_points) == (None, ("North", "South", "East", "West"))


def test_an_empty_new_hand_cannot_be_saved(state: AppModel, store: Store) -> None:
    start_classic(state)
    state.match.begin_hand()
    preview = state.entry.preview
    assert preview is not None and preview.score is not None
    assert preview.problems == (("", NOTHING_ENTERED),)
    assert preview.findings == ()  # a blank form is not warned about
    assert not preview.can_save
    assert not state.match.save_hand()
    assert state.match.current is not None and state.match.current.record.hands == ()

    state.entry.set_red_threes(1, 1)  # anything entered makes it a hand
    assert state.entry.preview is not None and state.entry.preview.problems == ()
    state.entry.set_red_threes(1, 0)
    state.entry.set_left(0, 0, by_cards=True, cards="")
    assert state.entry.preview is not None and state.entry.preview.problems == (
        ("", NOTHING_ENTERED),
    )
    state.entry.set_left(0, 0, cards="K")
    assert state.entry.preview is not None and state.entry.preview.problems == ()

    state.match.discard_draft()
    state.match.begin_hand()
    state.entry.set_quick(True)  # quick totals: the totals decide
    state.entry.set_quick_total(0, "0")
    state.entry.set_quick_total(1, "0")
    assert state.entry.preview is not None and state.entry.preview.can_save


def test_hand_problems_name_the_fields_in_words(state: AppModel) -> None:
    start_classic(state)
    state.match.begin_hand()
    state.entry.set_left(1, 1, by_cards=True, cards="4 4 X")
    assert state.entry.hand_problems() == (
        (
            "West's cards left in hand",
            "“X” is not a card: write JK, 2, A, K, Q, J, 10 (or T), 9, 8, 7, 6, 5, 4, "
            "or 3 for a black three",
        ),
    )
    state.entry.set_left(1, 1, cards="4 4")
    state.entry.set_quick(True)
    state.entry.set_quick_total(1, "12a")
    assert state.entry.hand_problems() == (
        ("North-South hand total", "type the hand total"),
        ("East-West hand total", "“12a” is not a whole number"),
    )
    assert state.entry.hand_field("sides[0].melds[0]") == "North-South meld 1"
    assert state.entry.hand_field("sides[1].red_threes") == "East-West red threes"
    assert state.entry.hand_field("sides[0].left_in_hand.South") == "South's cards left in hand"
    assert state.entry.hand_field("note") == "Note"


def test_a_message_goes_when_the_player_moves_on(state: AppModel) -> None:
    start_classic(state)
    state.match.begin_hand()
    enter_small(state)
    assert state.match.save_hand()
    assert state.nav.message == "Hand 1 saved." and state.nav.screen is Screen.SCOREBOARD
    state.nav.go_home()
    assert state.nav.message is None
    for show in (state.nav.show_matches, state.nav.new_match, state.nav.show_checker):
        state.nav.say("Something")
        show()
        assert state.nav.message is None, show

    # A message said by the action that moves (with its Undo) stays.
    assert state.match.current is not None
    state.nav.open_match(state.match.current.id)
    state.nav.delete_match()
    assert state.nav.screen is Screen.HOME
    assert state.nav.message == "Match deleted." and state.nav.deleted is not None
    state.nav.show_matches()
    assert state.nav.message is None and state.nav.deleted is None  # no Undo left behind


def test_undo_of_a_deleted_match_is_offered_only_with_its_message(state: AppModel) -> None:
    start_classic(state)
    state.nav.delete_match()
    assert state.nav.deleted is not None
    state.nav.say("Something else")
    assert state.nav.deleted is None  # the Undo button went with "Match deleted."


def test_variant_summary_and_house_rule_titles_are_in_words() -> None:
    assert variant_summary("classic") == (
        "4 players, 2 partnerships of 2; 108 cards; 1 canasta to go out; target 5,000"
    )
    assert variant_summary("six-player").endswith("target 10,000 (150 minimum from 7,500)")
    for rule in HouseRule:
        title = house_rule_title(rule.value)
        assert title == HOUSE_RULE_TITLES[rule.value], rule  # every rule has words
        assert len(title) <= 32 and "-" not in title, title  # fits a phone's switch
    assert house_rule_title("black-three-freezes") == "Black three freezes the pile"


def pad(state: AppModel, slot: str, *melds: str) -> None:
    """Tap cards into a slot of the checker on its card pad, "Next meld" between melds."""
    state.checker.point_pad(slot)
    for number, meld in enumerate(melds):
        if number:
            state.checker.next_meld()
        for card in parse_cards(meld):
            state.checker.card(card)


def test_a_new_checker_question_starts_from_a_clean_form(state: AppModel) -> None:
    state.nav.show_checker()
    state.checker.set(question="pile")
    assert state.checker.form.pad == "top"  # the pad starts on the question's first slot
    pad(state, "top", "K")
    pad(state, "hand", "K K Q Q 2")
    state.checker.set(side_melded=False, score="1500", pile_size="3")
    assert state.checker.verdict is not None and not state.checker.verdict.allowed
    state.checker.set(question="first-meld")
    form = state.checker.form
    assert (form.top, form.hand, form.side_melded, form.score) == (None, (), True, "1500")
    pad(state, "first_melds", "6 6 6", "A A A 2")
    state.checker.set(score="1600")
    assert state.checker.form.first_melds == (
        (Card.SIX,) * 3,
        (Card.ACE, Card.ACE, Card.ACE, Card.TWO),
    )
    assert state.checker.verdict is not None
    assert state.checker.verdict.answer == "Yes: 95 points reach the minimum of 90."


def test_the_checker_pad_never_runs_two_melds_into_one(state: AppModel) -> None:
    state.nav.show_checker()
    state.checker.set(question="go-out")
    pad(state, "this_turn", "5 5 5", "9 9 9")
    assert state.checker.form.shown(state.checker.form.slot()) == "5 5 5, then 9 9 9"
    state.checker.next_meld()
    state.checker.next_meld()  # a second tap starts no empty meld
    assert state.checker.form.this_turn[-1] == ()
    state.checker.card(None)  # takes back the meld just started
    state.checker.card(None)  # then the last 9
    assert state.checker.form.this_turn == ((Card.FIVE,) * 3, (Card.NINE,) * 2)
    state.checker.clear()
    assert state.checker.form.this_turn == ()
    pad(state, "discard", "9", "K")  # one card: the last one tapped
    assert state.checker.form.discard is Card.KING


def test_the_checker_from_a_match_has_its_rules_and_the_sides_scores(
    state: AppModel,
) -> None:
    start_classic(state)
    state.match.begin_hand()
    enter_s1(state)
    assert state.match.save_hand()
    state.nav.show_checker()
    checker = state.checker
    assert checker.sides == (("North-South", 1630), ("East-West", 575))
    assert (checker.form.score, checker.minimum()) == ("1630", (1630, 90))
    checker.choose_side(1)
    assert (checker.form.score, checker.minimum()) == ("575", (575, 50))
    state.nav.leave_checker()
    state.nav.go_home()
    state.nav.show_checker()  # from home: a plain classic game
    assert checker.sides == () and checker.form.score == "0"
    assert checker.form.variant == "classic" and checker.form.house_rules == frozenset()


def test_statistics_say_which_filters_they_follow(state: AppModel) -> None:
    assert state.history.filter_words() == ""
    state.history.set_filter(player="Petra", status="finished", days=30)
    assert state.history.filter_words() == "player Petra, finished, last 30 days"


@pytest.mark.parametrize(
    ("variant", "names", "first", "hands", "next_first"),
    [
        # N-S v E-W sit N E S W: West, North and East dealt the match's three hands
        ("classic", (("N", "S"), ("E", "W")), "W", 2, "S"),
        ("three-player", (("Ann",), ("Bob",), ("Cy",)), "Cy", 2, "Cy"),
        # six players, two sides of three, sit A1 B1 A2 B2 A3 B3
        ("six-player", (("A1", "A2", "A3"), ("B1", "B2", "B3")), "B3", 1, "B1"),
        # three sides of two sit A1 B1 C1 A2 B2 C2
        ("six-player-three-sides", (("A1", "A2"), ("B1", "B2"), ("C1", "C2")), "C2", 3, "A2"),
    ],
)
def test_a_rematch_keeps_the_deal_going_round(
    state: AppModel,
    variant: str,
    names: tuple[tuple[str, ...], ...],
    first: str,
    hands: int,
    next_first: str,
) -> None:
    state.nav.new_match(variant)
    for side, players in enumerate(names):
        if len(players) == 1:
            state.setup.set_side(side, name=players[0])
        else:
            for seat, name in enumerate(players):
                state.setup.set_side(side, player=(seat, name))
    state.setup.set_first_dealer(first)
    state.setup.set_target("50")
    assert state.nav.create_match(), state.setup.problems
    for _ in range(hands):  # then one more that ends the match
        state.match.begin_hand()
        assert state.entry.draft is not None
        state.entry.set_quick(True)
        for side in range(len(names)):
            state.entry.set_quick_total(side, "0")
        assert state.match.save_hand(), state.nav.message
    # a hand that ends the match
    state.match.begin_hand()
    state.entry.set_quick(True)
    state.entry.set_quick_total(0, "100")
    for side in range(1, len(names)):
        state.entry.set_quick_total(side, "0")
    assert state.match.save_hand(), state.nav.message
    assert state.match.current is not None and state.match.current.status == "finished"
    state.match.rematch()
    assert state.match.next_dealer() == next_first
    assert state.nav.message == f"New match with the same sides; {next_first} deals first."


def test_the_draft_is_written_once_per_delay_however_many_taps(store: Store) -> None:
    jobs: list[tuple[float, object]] = []
    model = build_model(store, schedule=lambda delay, job: jobs.append((delay, job)))
    start_classic(model)
    model.match.begin_hand()
    assert model.entry.writes == 1  # the blank hand, as it is opened
    for _ in range(5):
        model.entry.set_red_threes(0, 1)
        model.entry.add_meld(0, "K")
    assert model.entry.writes == 1 and [delay for delay, _ in jobs] == [1.0]  # one job
    _, job = jobs.pop()
    assert callable(job)
    job()  # a second later
    assert model.entry.writes == 2
    model.entry.flush()  # nothing changed since: no write
    assert model.entry.writes == 2
    model.entry.set_red_threes(0, 2)
    assert len(jobs) == 1  # the next change schedules the next write
    model.nav.back_to_scoreboard()  # leaving writes at once
    assert model.entry.writes == 3
    kept = store.draft(model.match.current.id if model.match.current else 0)
    assert kept is not None and HandDraft.load(kept) == model.entry.draft


def test_save_is_one_store_call_that_also_forgets_the_draft(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs: list[tuple[float, object]] = []
    model = build_model(store, schedule=lambda delay, job: jobs.append((delay, job)))
    start_classic(model)
    model.match.begin_hand()
    enter_s1(model)  # taps: the draft is written a second later, not yet
    assert model.match.current is not None
    match_id = model.match.current.id
    calls: list[str] = []
    for name in ("save_draft", "clear_draft", "add_hand"):
        real = getattr(store, name)

        def record(*args: object, _name: str = name, _real: object = real, **kw: object) -> object:
            calls.append(_name)
            return _real(*args, **kw)  # type: ignore[operator]

        monkeypatch.setattr(store, name, record)
    assert model.match.save_hand(), model.nav.message
    assert calls == ["add_hand"]  # the draft is not written first, nor cleared after
    assert store.draft(match_id) is None
    for _, job in jobs:  # the write the taps scheduled comes too late: nothing to keep
        assert callable(job)
        job()
    assert calls == ["add_hand"] and store.draft(match_id) is None


@pytest.mark.parametrize(
    ("raised", "said"),
    [
        ("busy", "The scores are busy: another program is saving to them."),
        ("full", "There is no room left to save on the computer serving the app."),
        ("read-only", "The computer serving the app cannot write the scores."),
        ("other", "The scores could not be saved (the details are in the log"),
    ],
)
def test_a_store_that_refuses_a_save_is_said_plainly_without_server_paths(
    state: AppModel,
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    raised: str,
    said: str,
) -> None:
    from canasta_scorer.store import (
        StoreBusyError,
        StoreFaultError,
        StoreFullError,
        StoreReadOnlyError,
    )

    error = {
        "busy": StoreBusyError,
        "full": StoreFullError,
        "read-only": StoreReadOnlyError,
        "other": StoreFaultError,
    }[raised]("/srv/private/canasta.db is in trouble (sqlite3.OperationalError)")

    def refuse(*_: object, **__: object) -> None:
        raise error

    start_classic(state)
    state.match.begin_hand()
    enter_s1(state)
    monkeypatch.setattr(store, "add_hand", refuse)
    with caplog.at_level(logging.INFO, logger="canasta_scorer"):
        assert not state.match.save_hand()
    message = state.nav.message or ""
    assert message.startswith("Not saved: " + said)
    # what failed is in the server's log, once, without a traceback
    logged = [
        r for r in caplog.records if r.name == "canasta_scorer" and r.levelno >= logging.WARNING
    ]
    assert [(r.levelname, r.getMessage()) for r in logged] == [
        (
            "ERROR" if raised == "other" else "WARNING",
            f"the store refused a change: {error}",
        )
    ]
    assert all(r.exc_info is None for r in logged)
    assert "/srv/private" not in message and "sqlite3" not in message
    assert state.nav.screen is Screen.HAND_ENTRY and state.entry.draft is not None  # kept
    # and kept in the store as it is now, for a reload
    assert state.match.current is not None
    assert store.draft(state.match.current.id) == state.entry.draft.dump()


def test_every_tab_s_areas_share_their_observable_classes_not_their_state(store: Store) -> None:
    import flet as ft

    one, two = app_module.new_model(store), app_module.new_model(store)
    for name in ("nav", "match", "entry", "setup", "history", "checker"):
        mine, theirs = getattr(one, name), getattr(two, name)
        assert isinstance(mine, ft.Observable)
        assert type(mine) is type(theirs) and mine is not theirs
    heard: list[str | None] = []

    def listener(_sender: object, name: str | None) -> None:
        heard.append(name)

    one.nav.subscribe(listener)  # Flet keeps its listeners weakly
    two.nav.show(Screen.CHECKER)
    assert (one.nav.screen, two.nav.screen, heard) == (Screen.HOME, Screen.CHECKER, [])
    one.nav.show(Screen.CHECKER)
    assert "screen" in heard
