"""The store never holds a match its own export cannot import: an edit (or delete)
that would make a later, unchanged hand break a rule is refused, and can be checked
before saving."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from storekit import record

from canasta_scorer.rules import MatchHand, load_match, score_match, validate_record
from canasta_scorer.store import LaterHandsError, RuleViolationError, Store

PLAYS: dict[str, dict[str, Any]] = {
    "clean": {"melds": ["K K K K K K K", "9 9 9 9 2"], "went_out": "out"},  # 730
    "big": {
        "melds": ["K K K K K K K", "9 9 9 9 9 9 9", "10 10 10 10 10 10 10", "6 6 6 6 6 6 6"],
        "went_out": "out",
    },  # 2,345
    "none": {"left_in_hand": "4 5 9"},  # −20
    "sixty": {"melds": ["Q Q Q Q Q Q"], "left_in_hand": "4 5"},  # legal below 1,500 only
    "ninety": {"melds": ["Q Q Q Q Q Q", "A A A"], "left_in_hand": "4"},  # below 3,000
}
OUT = ("clean", "big")
STAY = ("none", "sixty", "ninety")


def play(us: str, them: str) -> MatchHand:
    return validate_record(MatchHand, {"sides": [dict(PLAYS[us]), dict(PLAYS[them])]})


def test_an_edit_that_breaks_a_later_first_meld_is_refused_and_nothing_saved(
    store: Store,
) -> None:
    state = store.create_match(record(target=100_000))
    for hand in (play("clean", "none"), play("sixty", "clean")):
        state = store.add_hand(state.id, hand, state.version)
    edit = play("big", "none")
    # asked before saving: hand 2 would miss its initial meld minimum (90)
    check = store.check_edit(state.id, 0, edit)
    assert check.errors == () and [h.number for h in check.later] == [1]
    assert "90" in check.later[0].findings[0].message
    with pytest.raises(LaterHandsError) as refused:
        store.edit_hand(state.id, 0, edit, state.version)
    assert "it would make later hands break a rule (hand 2)" in str(refused.value)
    assert refused.value.check == check
    again = store.match(state.id)
    assert again.version == state.version and again.record == state.record
    assert store.import_text(store.export_match(state.id)).already_there == (state.id,)


def test_deleting_a_hand_that_breaks_a_later_one_is_refused(store: Store) -> None:
    state = store.create_match(record(start_scores=(1510, 0), target=100_000))
    for hand in (play("none", "clean"), play("sixty", "clean")):
        state = store.add_hand(state.id, hand, state.version)
    assert [h.number for h in store.check_edit(state.id, 0).later] == [0]
    with pytest.raises(LaterHandsError):
        store.delete_hand(state.id, 0, state.version)
    assert len(store.match(state.id).record.hands) == 2


# Each step: ("add", us, them) | ("edit", n, us, them) | ("delete", n) | ("undo",)
step = st.one_of(
    st.tuples(st.just("add"), st.sampled_from(OUT + STAY), st.sampled_from(OUT + STAY)),
    st.tuples(
        st.just("edit"),
        st.integers(0, 7),
        st.sampled_from(OUT + STAY),
        st.sampled_from(OUT + STAY),
    ),
    st.tuples(st.just("delete"), st.integers(0, 7)),
    st.tuples(st.just("undo")),
)


@pytest.fixture(scope="module")
def two_stores() -> Iterator[tuple[Store, Store]]:
    """A store and the one its exports are imported into, in memory: opened once for
    every example (each example makes a match of its own in both)."""
    store, copy = Store.open("sqlite://"), Store.open("sqlite://")
    yield store, copy
    store.close()
    copy.close()


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=st.lists(step, min_size=1, max_size=12))
@example(steps=[("add", "clean", "none"), ("add", "sixty", "clean"), ("edit", 0, "big", "none")])
@example(steps=[("add", "none", "big"), ("add", "clean", "ninety"), ("delete", 0)])
def test_export_then_import_round_trips_every_stored_match(
    two_stores: tuple[Store, Store], steps: list[tuple[Any, ...]]
) -> None:
    store, copy = two_stores
    state = store.create_match(record(target=100_000))
    for action in steps:
        count = len(state.record.hands)
        try:
            if action[0] == "add":
                state = store.add_hand(state.id, play(action[1], action[2]), state.version)
            elif action[0] == "edit" and count:
                number = action[1] % count
                state = store.edit_hand(state.id, number, play(action[2], action[3]), state.version)
            elif action[0] == "delete" and count:
                state = store.delete_hand(state.id, action[1] % count, state.version)
            elif action[0] == "undo" and state.undo:
                state = store.undo(state.id, state.version)
        except RuleViolationError:
            pass  # refused: nothing saved
        state = store.match(state.id)
        exported = store.export_match(state.id)
        assert score_match(load_match(exported)).valid
        result = copy.import_text(exported)
        assert len(result.created) + len(result.already_there) == 1
        imported = copy.match((result.created or result.already_there)[0])
        assert imported.record == state.record
        assert imported.score.running_totals == state.score.running_totals
