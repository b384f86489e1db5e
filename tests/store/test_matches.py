"""Matches in the store: created and read back whole, listed newest first a page at a
time, filtered, deleted and restored, replayed as a rematch; players remembered."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from storekit import cache_problems, hand, record

from canasta_scorer.rules import MatchRecord, score_match, validate_record
from canasta_scorer.store import NotFoundError, RuleViolationError, Store


def test_a_match_is_read_back_as_it_was_created(store: Store) -> None:
    made = record(
        sides=("Them", "Us"),
        players=(("Zoe", "Adam"), ("Mia", "Bea")),
        start_scores=(1_250, -300),
        target=6_000,
        house_rules=("draw-on-tie", "no-red-three-penalty"),
    )
    created = store.create_match(made)
    assert created.id == 1
    assert created.version == 1
    assert created.status == "in_progress"
    assert created.undo is None and created.redo is None

    read = store.match(created.id)
    assert read.record == made
    assert [s.name for s in read.record.sides] == ["Them", "Us"]  # seat order, not sorted
    assert read.record.sides[0].players == ("Zoe", "Adam")
    assert read.record.sides[1].players == ("Mia", "Bea")
    assert [s.start_score for s in read.record.sides] == [1_250, -300]
    assert read.score.running_totals == (1_250, -300)
    assert read.score.initial_meld_minimums == (50, 15)  # rules §1.7: 1,250 → 50; <0 → 15
    assert read.record.target == 6_000
    assert [r.value for r in read.record.house_rules] == ["draw-on-tie", "no-red-three-penalty"]
    assert read.created_at.tzinfo is not None
    assert abs(read.created_at - datetime.now(UTC)) < timedelta(minutes=5)


@pytest.mark.parametrize(
    ("variant", "sides", "players"),
    [
        ("two-player", ("Ann", "Bob"), (("Ann",), ("Bob",))),
        ("three-player", ("Ann", "Bob", "Cy"), (("Ann",), ("Bob",), ("Cy",))),
        (
            "six-player-three-sides",
            ("A", "B", "C"),
            (("Ann", "Bob"), ("Cy", "Di"), ("Ed", "Flo")),
        ),
        ("six-player", ("A", "B"), (("Ann", "Bob", "Cy"), ("Di", "Ed", "Flo"))),
    ],
)
def test_other_variants_keep_their_sides(
    store: Store, variant: str, sides: tuple[str, ...], players: tuple[tuple[str, ...], ...]
) -> None:
    made = record(variant=variant, sides=sides, players=players, start_scores=(0,) * len(sides))
    state = store.create_match(made)
    assert store.match(state.id).record == made
    assert store.matches()[0].players == players


def test_a_match_with_hands_is_kept_with_its_hands(store: Store) -> None:
    made = record(hands=(hand(0, "clean", "small"), hand(1, "mixed", "none", note="ouch")))
    state = store.create_match(made)
    assert state.record == made
    assert store.match(state.id).record == made
    assert store.match(state.id).score.running_totals == (730 - 20, 130 + 535)


def test_a_match_that_breaks_a_rule_is_not_created(store: Store) -> None:
    with pytest.raises(RuleViolationError) as caught:
        store.create_match(record(start_scores=(12, 0)))
    assert [f.where for f in caught.value.findings] == ["sides[0].start_score"]
    assert "not a multiple of 5" in str(caught.value)
    assert store.matches() == []
    assert store.players() == []


def test_players_are_remembered_across_matches(store: Store) -> None:
    store.create_match(record(players=(("Ann", "Bob"), ("Cy", "Di"))))
    store.create_match(record(players=(("ann", "Eve"), ("Cy", "Bob"))))
    store.add_player("Zed")
    store.add_player("  zed ")
    assert store.players() == ["Ann", "Bob", "Cy", "Di", "Eve", "Zed"]
    # A player is one person in every match, found in any case.
    assert [m.id for m in store.matches(player="ANN")] == [2, 1]
    assert [m.id for m in store.matches(player="Di")] == [1]
    assert [m.id for m in store.matches(player="Bob")] == [2, 1]


def test_the_player_filter_lists_the_players_of_matches_kept(store: Store) -> None:
    store.create_match(record(players=(("Ann", "Bob"), ("Cy", "Di"))))
    second = store.create_match(record(players=(("ann", "Eve"), ("Cy", "Fay"))))
    store.add_player("Zed")  # remembered, in no match
    assert store.players(in_matches=True) == ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]
    store.delete_match(second.id, second.version)  # Eve's and Fay's only match
    assert store.players(in_matches=True) == ["Ann", "Bob", "Cy", "Di"]
    assert store.players() == ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Zed"]  # remembered
    store.restore_match(second.id)
    assert store.players(in_matches=True) == ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]


def test_the_list_is_newest_first_with_cached_totals(store: Store) -> None:
    first = store.create_match(record())
    store.add_hand(first.id, hand(0, "clean", "small", red_threes=(1, 0)), first.version)
    second = store.create_match(record(sides=("We", "They"), start_scores=(4_000, 100)))
    won = store.add_hand(second.id, hand(0, "big", "none"), second.version)
    assert won.status == "finished"

    listed = store.matches()
    assert [m.id for m in listed] == [second.id, first.id]
    newest, oldest = listed
    assert newest.sides == ("We", "They")
    assert newest.players == (("Ann", "Bob"), ("Cy", "Di"))
    assert newest.running_totals == (4_000 + 2_345, 100 - 20)
    assert (newest.status, newest.winner, newest.margin) == ("finished", "We", 6_345 - 80)
    assert newest.finished_at is not None
    assert newest.hand_count == 1
    assert oldest.running_totals == (830, 130)
    assert (oldest.status, oldest.winner, oldest.margin) == ("in_progress", None, None)
    assert oldest.finished_at is None
    assert cache_problems(store) == []


def test_the_list_comes_a_page_at_a_time(store: Store) -> None:
    ids = [store.create_match(record()).id for _ in range(7)]
    pages = []
    before = None
    while True:
        page = store.matches(limit=3, before=before)
        if not page:
            break
        pages.append([m.id for m in page])
        before = page[-1].id
    assert pages == [ids[6:3:-1], ids[3:0:-1], ids[:1]]


def test_paging_is_by_time_then_id(store: Store) -> None:
    """Matches imported with older dates sort by their dates, not by their ids."""
    backup = {
        "format": "canasta-scorer-backup",
        "version": 1,
        "created_at": "2026-01-05T10:00:00+00:00",
        "matches": [
            {
                "created_at": when,
                "match": {"sides": [{"name": f"Side {n}"}, {"name": "Other"}]},
            }
            for n, when in enumerate(
                [
                    "2025-06-01T10:00:00+00:00",
                    "2025-01-01T10:00:00+00:00",
                    "2025-06-01T10:00:00+00:00",
                    "2025-03-01T10:00:00+00:00",
                ]
            )
        ],
    }
    result = store.import_text(json.dumps(backup))
    assert result.created == (1, 2, 3, 4)
    new = store.create_match(record()).id
    expected = [new, 3, 1, 4, 2]
    assert [m.id for m in store.matches()] == expected
    seen: list[int] = []
    before = None
    while page := store.matches(limit=2, before=before):
        seen += [m.id for m in page]
        before = page[-1].id
    assert seen == expected


def test_the_list_filters_by_status_variant_and_player(store: Store) -> None:
    classic = store.create_match(record(start_scores=(4_000, 0)))
    store.add_hand(classic.id, hand(0, "big", "none"), classic.version)
    store.create_match(record(players=(("Eve", "Bob"), ("Cy", "Di"))))
    store.create_match(
        record(variant="two-player", sides=("Ann", "Eve"), players=(("Ann",), ("Eve",)))
    )
    assert [m.id for m in store.matches(status="finished")] == [1]
    assert [m.id for m in store.matches(status="in_progress")] == [3, 2]
    assert [m.id for m in store.matches(variant="two-player")] == [3]
    assert [m.id for m in store.matches(variant="classic")] == [2, 1]
    assert [m.id for m in store.matches(player="eve")] == [3, 2]
    assert [m.id for m in store.matches(player="Ann", status="in_progress")] == [3]
    assert [m.id for m in store.matches(player="Ann", variant="classic")] == [1]
    assert store.matches(player="Nobody") == []


def test_delete_and_restore_a_match(store: Store) -> None:
    kept = store.create_match(record())
    gone = store.create_match(record(hands=(hand(),)))
    store.delete_match(gone.id, gone.version)
    assert [m.id for m in store.matches()] == [kept.id]
    with pytest.raises(NotFoundError, match=f"no match {gone.id}"):
        store.match(gone.id)
    with pytest.raises(NotFoundError):
        store.add_hand(gone.id, hand(), gone.version + 1)
    assert len(json.loads(store.backup())["matches"]) == 1

    back = store.restore_match(gone.id)
    assert back.record == gone.record
    assert back.version > gone.version
    assert [m.id for m in store.matches()] == [gone.id, kept.id]
    assert store.match(gone.id).score.running_totals == gone.score.running_totals
    # The restored match takes changes again, from its new version.
    store.add_hand(gone.id, hand(1), back.version)


def test_unknown_matches_are_not_found(store: Store) -> None:
    with pytest.raises(NotFoundError, match="there is no match 42"):
        store.match(42)
    with pytest.raises(NotFoundError):
        store.add_hand(42, hand(), 1)
    with pytest.raises(NotFoundError):
        store.restore_match(42)
    with pytest.raises(NotFoundError):
        store.export_match(42)


def test_a_rematch_has_the_same_sides_and_no_hands(store: Store) -> None:
    first = store.create_match(
        record(start_scores=(4_000, 500), target=5_000, house_rules=("draw-on-tie",))
    )
    store.add_hand(first.id, hand(0, "big", "small"), first.version)
    again = store.rematch(first.id)
    assert again.id != first.id
    assert again.record.hands == ()
    assert [s.start_score for s in again.record.sides] == [0, 0]
    assert [s.players for s in again.record.sides] == [("Ann", "Bob"), ("Cy", "Di")]
    assert again.record.target == 5_000
    assert again.record.house_rules == first.record.house_rules
    assert again.status == "in_progress"


def test_the_state_score_is_the_rules_engines(store: Store) -> None:
    made = record(hands=(hand(0, "clean", "canasta", red_threes=(2, 1)), hand(1, "mixed")))
    state = store.create_match(made)
    assert state.score == score_match(made)
    assert store.match(state.id).score == score_match(made)


def test_names_are_kept_as_written(store: Store) -> None:
    made = validate_record(
        MatchRecord,
        {
            "sides": [
                {"name": "Les Bleus — Élodie & Zoë", "players": ["Élodie", "Zoë"]},
                {"name": "東と西", "players": ["Ōta", "O'Brien"]},
            ]
        },
    )
    state = store.create_match(made)
    assert store.match(state.id).record == made
    assert store.matches()[0].sides == ("Les Bleus — Élodie & Zoë", "東と西")


def test_a_match_read_again_at_its_version_is_not_scored_again(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Many tabs opening one long match: it is scored once per version."""
    from canasta_scorer.store import repository

    scored: list[int] = []
    real = repository.score_match

    def counting(made: MatchRecord) -> object:
        scored.append(len(made.hands))
        return real(made)

    state = store.create_match(record())
    state = store.add_hand(state.id, hand(), state.version)
    monkeypatch.setattr(repository, "score_match", counting)
    # the match as this store saved it is kept: read again, it is not scored again
    assert store.match(state.id) is state and scored == []
    # another store on the database (another process) scores it once per version
    other = Store(store.engine)
    first = other.match(state.id)
    again = other.match(state.id)
    assert again is first and scored == [1]
    assert first.score == state.score
    # a hand added to the kept match: only that hand is checked and scored
    changed = store.add_hand(state.id, hand(), state.version)
    assert scored == [1] and len(changed.record.hands) == 2
    assert changed.score == real(changed.record)
    assert store.match(state.id) is changed
    # the other store reads the new version and scores it, once
    after = other.match(state.id)
    assert after.version == changed.version and after.score == changed.score
    assert other.match(state.id) is after and scored == [1, 2]
    # an edit moves the totals after it: the whole match is scored again
    edited = store.edit_hand(state.id, 0, hand(), changed.version)
    assert scored == [1, 2, 2] and edited.score == real(edited.record)
