"""Stores made before migrations 0004 and 0005 open with their statistics and their
"counted by points" names where they now belong (the first-schema database of
tests/data/store, every later revision applied at opening)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

from canasta_scorer.rules import score_match, statistics
from canasta_scorer.store import Store

FIRST_SCHEMA = Path(__file__).resolve().parents[1] / "data" / "store" / "first-schema.db"


def _old_store(tmp_path: Path) -> Path:
    path = tmp_path / "canasta.db"
    shutil.copyfile(FIRST_SCHEMA, path)
    with closing(sqlite3.connect(path)) as connection, connection:
        # As the app wrote it before: the names on the note's last line.
        entry = json.loads(connection.execute("SELECT entry FROM hand WHERE id = 2").fetchone()[0])
        entry["note"] += "\ncards left counted by points: Cy, Di"
        connection.execute("UPDATE hand SET entry = ? WHERE id = 2", (json.dumps(entry),))
        entry = json.loads(connection.execute("SELECT entry FROM hand WHERE id = 3").fetchone()[0])
        entry["note"] = "cards left counted by points: Ann"
        connection.execute("UPDATE hand SET entry = ? WHERE id = 3", (json.dumps(entry),))
    return path


def test_names_counted_by_points_move_from_the_note_to_their_field(tmp_path: Path) -> None:
    path = _old_store(tmp_path)
    store = Store.open(f"sqlite:///{path}")
    try:
        hands = store.match(1).record.hands
        assert (hands[1].note, hands[1].counted_by_points) == ("fixed the melds", ("Cy", "Di"))
        assert (hands[2].note, hands[2].counted_by_points) == (None, ("Ann",))
        assert (hands[0].note, hands[0].counted_by_points) == (None, ())
    finally:
        store.close()
    with closing(sqlite3.connect(path)) as connection:
        entries = dict(connection.execute("SELECT id, entry FROM hand").fetchall())
    assert json.loads(entries[2])["counted_by_points"] == ["Cy", "Di"]
    assert json.loads(entries[2])["note"] == "fixed the melds"
    assert "note" not in json.loads(entries[3])
    assert all("counted by points" not in entry for entry in entries.values())


def test_statistics_of_an_older_store_are_computed_on_first_use(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{_old_store(tmp_path)}")
    try:
        fresh = statistics((record, score_match(record)) for _, record in store.records())
        assert fresh.players  # the first schema's matches have players and hands
        assert store.statistics() == fresh
        assert store.statistics(player="Ann") == statistics(
            (record, score_match(record)) for _, record in store.records(player="Ann")
        )
    finally:
        store.close()


def test_filter_totals_are_filled_from_the_kept_rows_by_migration_0006(tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import inspect, text

    from canasta_scorer.store.database import _alembic_config
    from tests.rules.test_stats import seed_matches, split

    url = f"sqlite:///{tmp_path / 'canasta.db'}"
    store = Store.open(url)
    ids = []
    for record in seed_matches():
        empty, hands = split(record)
        state = store.create_match(empty)
        for hand in hands:
            state = store.add_hand(state.id, hand, state.version)
        ids.append(state.id)
    store.delete_match(ids[3], store.match(ids[3]).version)  # M4: no longer counted
    config = _alembic_config()
    with store.engine.begin() as connection:  # back to the store 0005 made
        config.attributes["connection"] = connection
        command.downgrade(config, "0005")
    assert "player_filter_totals" not in inspect(store.engine).get_table_names()
    store.close()
    store = Store.open(url)  # 0006 again, filled from the kept per-match rows
    try:
        with store.engine.connect() as connection:
            kept = connection.execute(text("SELECT COUNT(*) FROM player_filter_totals")).scalar()
            stale = connection.execute(
                text("SELECT COUNT(*) FROM match WHERE stats_version IS NULL")
            ).scalar()
        assert kept and stale == 0  # filled by the migration, not on first use
        for filters in [
            {"status": "finished"},
            {"status": "in_progress"},
            {"variant": "classic"},
            {"variant": "five-player"},
            {"player": "Ann"},
            {"player": "Eve", "status": "finished"},
        ]:
            fresh = statistics(
                (record, score_match(record)) for _, record in store.records(**filters)
            )
            assert store.statistics(**filters) == fresh, filters
        # Known answers: M1 and M2 are the classic ones; M4 (deleted) counts nowhere.
        classic = store.statistics(variant="classic")
        assert [(p.name, p.won, p.played) for p in classic.players] == [
            ("Eve", 1, 1),
            ("Ann", 1, 2),
            ("Bob", 1, 2),
            ("Cy", 1, 2),
            ("Di", 0, 1),
        ]
        assert store.statistics(variant="five-player").players == ()
    finally:
        store.close()
