"""A six-player match's own score of the minimum of 150 (docs/rules.md §3 O13) is kept
by the store: read back by another phone, used for the minimums, carried into a rematch,
exported and imported, refused when wrong; migration 0009 adds it to older stores."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from storekit import record

from canasta_scorer.rules import MatchHand, MatchRecord, validate_record
from canasta_scorer.store import RuleViolationError, Store

SIX = (("Ann", "Bob", "Cy"), ("Di", "Ed", "Flo"))


def _six(top_tier_from: int | None, start_scores: tuple[int, int] = (7_000, 6_995)) -> MatchRecord:
    made = record(variant="six-player", sides=("A", "B"), players=SIX, start_scores=start_scores)
    return made.model_copy(update={"top_tier_from": top_tier_from})


def test_another_phone_reads_the_score_and_the_minimums_follow_it(
    store: Store, open_store: Callable[[], Store]
) -> None:
    created = store.create_match(_six(7_000))
    assert created.score.initial_meld_minimums == (150, 120)  # 7,000 → 150; 6,995 → 120
    other = open_store()
    read = other.match(created.id)
    assert read.record.top_tier_from == 7_000
    assert read.record == created.record
    assert read.score.initial_meld_minimums == (150, 120)
    # The default: 7,500, so both are at 120.
    plain = store.create_match(_six(None))
    assert other.match(plain.id).record.top_tier_from is None
    assert other.match(plain.id).score.initial_meld_minimums == (120, 120)


def test_a_hand_saved_is_checked_against_the_score_the_match_sets(store: Store) -> None:
    state = store.create_match(_six(7_000, (7_200, 0)))
    short = validate_record(  # A at 7,200 melds 130: short of 150 (not of the default 120)
        MatchHand,
        {
            "sides": [
                {"melds": ["J J J J J 2 2", "9 9 9 9"], "left_in_hand": "5"},
                {"melds": ["K K K K K"], "left_in_hand": "4"},
            ]
        },
    )
    with pytest.raises(RuleViolationError) as refused:
        store.add_hand(state.id, short, state.version)
    assert "below the initial meld minimum of 150" in str(refused.value)
    assert store.match(state.id).record.hands == ()  # nothing half-saved


def test_rematch_export_and_import_keep_it(store: Store, open_store: Callable[[], Store]) -> None:
    first = store.create_match(_six(8_000, (0, 0)))
    assert store.rematch(first.id).record.top_tier_from == 8_000
    exported = store.export_match(first.id)
    assert json.loads(exported)["top_tier_from"] == 8_000
    assert store.import_text(exported).already_there == (first.id,)  # the same match
    changed = json.loads(exported)
    changed["top_tier_from"] = 7_000  # another rule: another match
    result = store.import_text(json.dumps(changed))
    assert len(result.created) == 1
    assert open_store().match(result.created[0]).record.top_tier_from == 7_000
    backup = json.loads(store.backup())
    assert sorted(m["match"].get("top_tier_from") for m in backup["matches"]) == [
        7_000,
        8_000,
        8_000,
    ]


def test_a_wrong_score_is_refused_and_nothing_is_saved(store: Store) -> None:
    with pytest.raises(RuleViolationError) as refused:
        store.create_match(_six(2_500, (0, 0)))
    assert "cannot start at 2,500" in str(refused.value)
    assert list(store.matches()) == []


def test_migration_0009_adds_it_to_an_older_store_and_takes_it_away(tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import inspect

    from canasta_scorer.store.database import _alembic_config

    url = f"sqlite:///{tmp_path / 'canasta.db'}"
    store = Store.open(url)
    kept = store.create_match(_six(None, (0, 0))).id
    config = _alembic_config()
    with store.engine.begin() as connection:  # back to the store 0008 made
        config.attributes["connection"] = connection
        command.downgrade(config, "0008")
    assert "top_tier_from" not in {c["name"] for c in inspect(store.engine).get_columns("match")}
    store.close()
    store = Store.open(url)  # 0009 again
    try:
        columns = {c["name"] for c in inspect(store.engine).get_columns("match")}
        assert "top_tier_from" in columns
        assert store.match(kept).record.top_tier_from is None
        assert store.create_match(_six(7_000, (0, 0))).record.top_tier_from == 7_000
    finally:
        store.close()
