"""Hands in the store: added, edited and deleted with totals, minimums and the winner
following; undo and redo; changes that break a rule are refused and nothing is saved.

Hand totals (from storekit): NS going out "clean" 730, "mixed" 535, "big" 2,345; the
other side "small" 130, "canasta" 615, "none" −20; a red three is 100 (rules §1.6).
"""

from __future__ import annotations

import pytest
from storekit import bad_hand, cache_problems, hand, record

from canasta_scorer import i18n
from canasta_scorer.rules import Code, HandPlay, parse_meld
from canasta_scorer.store import MatchState, NotFoundError, RuleViolationError, Store, StoreError
from canasta_scorer.store import repository as repository_module


def totals(state: MatchState) -> list[tuple[int, ...]]:
    return [h.running for h in state.score.hands]


def test_adding_hands_moves_totals_and_minimums(store: Store) -> None:
    state = store.create_match(record())
    assert state.score.initial_meld_minimums == (50, 50)
    state = store.add_hand(state.id, hand(0, "clean", "small", red_threes=(1, 1)), state.version)
    assert state.version == 2
    assert state.score.hands[0].totals == (830, 230)
    assert state.score.initial_meld_minimums == (50, 50)
    state = store.add_hand(state.id, hand(0, "clean", "canasta"), state.version)
    assert state.score.running_totals == (1_560, 845)
    assert state.score.initial_meld_minimums == (90, 50)  # 1,500 and more: 90 (§1.7)
    state = store.add_hand(state.id, hand(0, "big", "small"), state.version)
    assert state.score.running_totals == (3_905, 975)
    assert state.score.initial_meld_minimums == (120, 50)
    assert (state.status, state.score.winner) == ("in_progress", None)
    assert state.undo == "Add hand 3"

    state = store.add_hand(state.id, hand(0, "big", "none"), state.version)
    assert state.score.running_totals == (6_250, 955)
    assert (state.status, state.score.winner, state.score.margin) == (
        "finished",
        "North-South",
        6_250 - 955,
    )
    assert state.finished_at is not None
    assert store.match(state.id) == state
    assert cache_problems(store) == []


def test_an_edit_of_hand_1_moves_every_later_running_total(store: Store) -> None:
    state = store.create_match(
        record(hands=(hand(0, "clean", "small"), hand(1, "mixed", "none"), hand(0, "mixed")))
    )
    before = totals(state)
    assert before == [(730, 130), (710, 665), (1_245, 795)]
    edited = store.edit_hand(state.id, 0, hand(1, "clean", "canasta"), state.version)
    assert edited.score.hands[0].totals == (615, 730)
    shift = (615 - 730, 730 - 130)
    assert totals(edited) == [(b[0] + shift[0], b[1] + shift[1]) for b in before]
    assert edited.record.hands[1:] == state.record.hands[1:]
    assert edited.undo == "Edit hand 1"
    assert store.match(state.id).score == edited.score
    assert store.matches()[0].running_totals == edited.score.running_totals


def test_an_edit_can_finish_and_unfinish_a_match(store: Store) -> None:
    state = store.create_match(record(start_scores=(4_000, 0), hands=(hand(0, "mixed"),)))
    assert state.status == "in_progress"
    won = store.edit_hand(state.id, 0, hand(0, "big"), state.version)
    assert (won.status, won.score.winner) == ("finished", "North-South")
    assert won.finished_at is not None
    assert store.matches(status="finished")[0].id == state.id

    again = store.edit_hand(state.id, 0, hand(0, "clean"), won.version)
    assert (again.status, again.score.winner, again.score.margin) == ("in_progress", None, None)
    assert again.finished_at is None
    listed = store.matches()[0]
    assert (listed.status, listed.winner, listed.margin, listed.finished_at) == (
        "in_progress",
        None,
        None,
        None,
    )
    assert store.matches(status="finished") == []
    # Unfinished again, it takes the next hand.
    store.add_hand(state.id, hand(1), again.version)


def test_deleting_a_hand_moves_the_later_hands_up(store: Store) -> None:
    first, second, third = hand(0, "clean"), hand(1, "mixed"), hand(0, "big", "none")
    state = store.create_match(record(hands=(first, second, third)))
    state = store.delete_hand(state.id, 1, state.version)
    assert state.record.hands == (first, third)
    assert state.score.running_totals == (730 + 2_345, 130 - 20)
    assert state.undo == "Delete hand 2"
    assert store.match(state.id).record.hands == (first, third)
    state = store.delete_hand(state.id, 1, state.version)
    state = store.delete_hand(state.id, 0, state.version)
    assert state.record.hands == ()
    assert state.score.running_totals == (0, 0)
    assert store.matches()[0].hand_count == 0
    assert cache_problems(store) == []


def test_a_hand_that_is_not_there_is_not_found(store: Store) -> None:
    state = store.create_match(record(hands=(hand(),)))
    with pytest.raises(NotFoundError, match="has no hand 2"):
        store.edit_hand(state.id, 1, hand(), state.version)
    with pytest.raises(NotFoundError, match="has no hand 0"):
        store.delete_hand(state.id, -1, state.version)
    assert store.match(state.id).version == state.version  # nothing was saved


def test_undo_and_redo_of_add_edit_and_delete(store: Store) -> None:
    a, b, c = hand(0, "clean"), hand(1, "mixed"), hand(1, "clean", "canasta")
    state = store.create_match(record())
    state = store.add_hand(state.id, a, state.version)
    state = store.add_hand(state.id, b, state.version)
    state = store.edit_hand(state.id, 1, c, state.version)
    state = store.delete_hand(state.id, 0, state.version)
    assert state.record.hands == (c,)
    assert (state.undo, state.redo) == ("Delete hand 1", None)

    history = [(c,), (a, c), (a, b), (a,), ()]
    undos = ["Edit hand 2", "Add hand 2", "Add hand 1", None]
    redos = ["Delete hand 1", "Edit hand 2", "Add hand 2", "Add hand 1"]
    for hands, next_undo, next_redo in zip(history[1:], undos, redos, strict=True):
        state = store.undo(state.id, state.version)
        assert state.record.hands == hands
        assert (state.undo, state.redo) == (next_undo, next_redo)
        assert store.match(state.id) == state
        assert cache_problems(store) == []
    with pytest.raises(StoreError, match="nothing to undo"):
        store.undo(state.id, state.version)

    for hands in history[-2::-1]:
        state = store.redo(state.id, state.version)
        assert state.record.hands == hands
        assert cache_problems(store) == []
    assert (state.undo, state.redo) == ("Delete hand 1", None)
    with pytest.raises(StoreError, match="nothing to redo"):
        store.redo(state.id, state.version)


def test_undo_follows_the_winner(store: Store) -> None:
    state = store.create_match(record(start_scores=(4_000, 0)))
    state = store.add_hand(state.id, hand(0, "big"), state.version)
    assert state.status == "finished"
    state = store.undo(state.id, state.version)
    assert (state.status, state.score.winner, state.finished_at) == ("in_progress", None, None)
    assert store.matches()[0].status == "in_progress"
    state = store.redo(state.id, state.version)
    assert (state.status, state.score.winner) == ("finished", "North-South")
    assert store.matches()[0].winner == "North-South"


def test_a_new_change_clears_redo(store: Store) -> None:
    state = store.create_match(record())
    state = store.add_hand(state.id, hand(0), state.version)
    state = store.add_hand(state.id, hand(1), state.version)
    state = store.undo(state.id, state.version)
    assert state.redo == "Add hand 2"
    state = store.add_hand(state.id, hand(0, "mixed"), state.version)
    assert (state.undo, state.redo) == ("Add hand 2", None)
    with pytest.raises(StoreError, match="nothing to redo"):
        store.redo(state.id, state.version)
    state = store.undo(state.id, state.version)
    assert state.record.hands == (hand(0),)


def test_undo_keeps_the_last_changes_only(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(repository_module, "UNDO_DEPTH", 3)
    state = store.create_match(record())
    for _ in range(5):
        state = store.add_hand(state.id, hand(), state.version)
    for left in (4, 3, 2):
        state = store.undo(state.id, state.version)
        assert len(state.record.hands) == left
    assert state.undo is None
    with pytest.raises(StoreError, match="nothing to undo"):
        store.undo(state.id, state.version)


@pytest.mark.parametrize(
    ("code", "lead"),
    [("de", "nicht gespeichert (Eintrag von Runde 2):"), ("es", "no guardado (")],
)
def test_a_refused_hand_is_worded_in_the_language_in_force(
    store: Store, code: str, lead: str
) -> None:
    state = store.create_match(record())
    state = store.add_hand(state.id, hand(0), state.version)
    with i18n.use(code), pytest.raises(RuleViolationError) as caught:
        store.add_hand(state.id, bad_hand(), state.version)
    assert str(caught.value).startswith(lead)
    assert "adding" not in str(caught.value)


def test_a_hand_with_rule_errors_is_refused_and_nothing_is_saved(store: Store) -> None:
    state = store.create_match(record())
    state = store.add_hand(state.id, hand(0), state.version)
    listed = store.matches()
    with pytest.raises(RuleViolationError) as caught:
        store.add_hand(state.id, bad_hand(), state.version)
    error = caught.value
    assert {(f.code, f.where) for f in error.findings} == {
        (Code.MELD_TOO_MANY_WILDS, "hands[1].sides[0].melds[0]"),
        (Code.GOING_OUT_MORE_THAN_ONE, "hands[1].sides[1].went_out"),
    }
    message = str(error)
    assert message.startswith("not saved (adding hand 2):")
    assert "hands[1].sides[0].melds[0]" in message
    assert "hands[1].sides[1].went_out" in message
    with pytest.raises(RuleViolationError, match=r"not saved \(editing hand 1\)"):
        store.edit_hand(state.id, 0, bad_hand(), state.version)
    assert store.match(state.id) == state  # same hands, version, undo
    assert store.matches() == listed


def test_a_hand_short_of_its_minimum_is_refused(store: Store) -> None:
    """From 3,000 a side's first meld needs 120 (rules §1.7); five aces are 100."""
    state = store.create_match(record(start_scores=(3_000, 1_500)))
    good = hand(1, "clean", "small")
    weak = good.model_copy(
        update={"sides": (HandPlay(melds=(parse_meld("A A A A A"),)), good.sides[1])}
    )
    with pytest.raises(RuleViolationError, match="minimum of 120") as caught:
        store.add_hand(state.id, weak, state.version)
    assert [f.where for f in caught.value.findings] == ["hands[0].sides[0].melds"]
    # The same meld is enough for the other side at 1,500 (90).
    swapped = good.model_copy(update={"sides": (good.sides[1], good.sides[0])})
    fine = swapped.model_copy(
        update={"sides": (swapped.sides[0], HandPlay(melds=(parse_meld("A A A A A"),)))}
    )
    store.add_hand(state.id, fine, state.version)


def test_a_hand_after_the_match_was_won_is_refused(store: Store) -> None:
    state = store.create_match(record(start_scores=(4_000, 0)))
    state = store.add_hand(state.id, hand(0, "big"), state.version)
    assert state.status == "finished"
    with pytest.raises(RuleViolationError) as caught:
        store.add_hand(state.id, hand(1), state.version)
    assert [(f.code, f.where) for f in caught.value.findings] == [
        (Code.MATCH_HAND_AFTER_END, "hands[1]")
    ]
    assert "already over" in str(caught.value)
    assert store.match(state.id) == state


def test_a_save_can_forget_the_draft_in_its_own_transaction(store: Store) -> None:
    from canasta_scorer.store import ConflictError

    state = store.create_match(record())
    store.save_draft(state.id, '{"kept": 1}')
    # refused (a version another device has moved on from): the draft stays
    with pytest.raises(ConflictError):
        store.add_hand(state.id, hand(), state.version + 1, clear_draft=True)
    assert store.draft(state.id) == '{"kept": 1}'
    with pytest.raises(RuleViolationError):
        store.add_hand(state.id, bad_hand(), state.version, clear_draft=True)
    assert store.draft(state.id) == '{"kept": 1}'
    # saved: forgotten with it; without clear_draft it stays as it was
    added = store.add_hand(state.id, hand(), state.version)
    assert store.draft(state.id) == '{"kept": 1}'
    added = store.add_hand(state.id, hand(), added.version, clear_draft=True)
    assert store.draft(state.id) is None and len(added.record.hands) == 2
    store.save_draft(state.id, '{"kept": 2}')
    edited = store.edit_hand(state.id, 0, hand(), added.version, clear_draft=True)
    assert store.draft(state.id) is None and edited.version == added.version + 1
