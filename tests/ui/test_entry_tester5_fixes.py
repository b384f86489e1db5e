"""Hand entry as a tester found it: switching a player's cards left between counts
by point class and typed cards keeps the hand's score (what was entered one way is
carried to the other, never dropped without a word), and a quick total past the
largest is said at once in players' words."""

from __future__ import annotations

from canasta_scorer.store import Store
from canasta_scorer.ui.drafts import LeftDraft
from canasta_scorer.ui.state import AppModel, build_model
from tests.ui.hands import enter_s1, start_classic


def entering_s1(store: Store) -> AppModel:
    state = build_model(store)
    start_classic(state)
    state.match.begin_hand()
    enter_s1(state)
    return state


def totals(state: AppModel) -> list[int]:
    preview = state.entry.preview
    assert preview is not None and preview.score is not None
    return [side.total for side in preview.score.sides]


def left(state: AppModel, side: int, player: int) -> LeftDraft:
    assert state.entry.draft is not None
    return state.entry.draft.sides[side].left[player]


def test_counts_switched_to_typed_cards_become_cards_of_the_same_points(store: Store) -> None:
    state = entering_s1(store)
    assert totals(state) == [1630, 575]  # South's 75 counted by point class
    state.entry.set_left(0, 1, by_cards=True)
    south = left(state, 0, 1)
    assert south.by_cards
    # three 7-to-4 (5 each), two K-to-8 (10), two aces or 2s (20): seven cards
    assert len(south.cards.split()) == 7
    assert totals(state) == [1630, 575]
    state.entry.set_left(0, 1, by_cards=False)  # back: the counts as they were
    assert (left(state, 0, 1).seven_to_four, left(state, 0, 1).king_to_eight) == (3, 2)
    assert totals(state) == [1630, 575]


def test_typed_cards_switched_to_counts_are_counted(store: Store) -> None:
    state = entering_s1(store)
    state.entry.set_left(1, 1, by_cards=False)  # West's 4 4 10 Q Q K K
    west = left(state, 1, 1)
    assert not west.by_cards
    assert (west.jokers, west.aces_and_twos, west.king_to_eight, west.seven_to_four) == (
        0,
        0,
        5,
        2,
    )
    assert totals(state) == [1630, 575]


def test_what_is_shown_is_carried_over_each_time(store: Store) -> None:
    """A second tester counted Ann's cards (−80), typed them instead (−110) and
    switched back: the old counts came back with −80. What is shown is what goes over."""
    state = entering_s1(store)
    state.entry.set_left(1, 1, by_cards=False)  # West's 4 4 10 Q Q K K: counted
    state.entry.set_left(1, 1, by_cards=True)
    state.entry.set_left(1, 1, cards="A A 9 4 JK")  # 105 for 60: 45 more off
    assert totals(state) == [1630, 530]
    state.entry.set_left(1, 1, by_cards=False)
    west = left(state, 1, 1)
    assert (west.jokers, west.aces_and_twos, west.king_to_eight, west.seven_to_four) == (
        1,
        2,
        1,
        1,
    )
    assert totals(state) == [1630, 530]
    state.entry.set_left(1, 1, king_to_eight=0)  # recounted there: 95
    state.entry.set_left(1, 1, by_cards=True)
    assert sorted(left(state, 1, 1).cards.split()) != ["4", "9", "A", "A", "JK"]
    assert totals(state) == [1630, 540]


def test_typed_cards_that_cannot_be_read_leave_the_counts_empty(store: Store) -> None:
    state = entering_s1(store)
    state.entry.set_left(1, 0, cards="2 5 X")
    state.entry.set_left(1, 0, by_cards=False)
    east = left(state, 1, 0)
    assert not east.by_cards and not any(east.counts().values())
    assert east.cards == "2 5 X"  # kept for switching back


def test_a_quick_total_past_the_largest_is_said_at_once_in_players_words(store: Store) -> None:
    """A tester's 99999999999999999999 was said only once the other total was typed,
    as "must be at most 10,000,000; got …"."""
    state = build_model(store)
    start_classic(state)
    state.match.begin_hand()
    state.entry.set_quick(True)
    state.entry.set_quick_total(0, "99999999999999999999")
    preview = state.entry.preview
    assert preview is not None
    assert dict(preview.problems)["sides[0].total"] == (
        "a hand's total is at most 10,000,000 points, won or lost"
    )
    state.entry.set_quick_total(0, "-10,000,005")
    assert state.entry.preview is not None
    assert "sides[0].total" in dict(state.entry.preview.problems)
    state.entry.set_quick_total(0, "10,000,000")  # the largest itself is a total
    state.entry.set_quick_total(1, "-35")
    assert state.entry.preview is not None and state.entry.preview.problems == ()
