"""SQLite only: the safety settings, files that are not ours or are newer, where the
database lives by default, and a database made by the first schema."""

from __future__ import annotations

import random
import shutil
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

import platformdirs
import pytest
from sqlalchemy import event, text
from storekit import cache_problems, hand, record

from canasta_scorer.store import Store, StoreError, default_url
from canasta_scorer.store.database import ENV_DB

DATA = Path(__file__).resolve().parents[1] / "data" / "store"


def siblings(path: Path) -> list[str]:
    """Every file next to ``path`` (its -wal, -shm, backups…)."""
    return sorted(p.name for p in path.parent.iterdir())


def url_of(path: Path) -> str:
    return f"sqlite:///{path}"


def test_the_safety_pragmas_are_in_force(sqlite_file: Path) -> None:
    store = Store.open(url_of(sqlite_file))
    try:
        with store.engine.connect() as connection:
            pragma = lambda name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()  # noqa: E731
            assert pragma("foreign_keys") == 1
            assert pragma("journal_mode") == "wal"
            assert pragma("synchronous") == 2  # FULL
            assert pragma("busy_timeout") == 10_000
        # Foreign keys really are checked: no hand without its match.
        with pytest.raises(StoreError, match="could not save"), store._session() as session:
            session.execute(
                text(
                    "INSERT INTO hand (match_id, number, entry, created_at, updated_at) "
                    "VALUES (99, 0, '{}', '2026-01-01', '2026-01-01')"
                )
            )
    finally:
        store.close()


def test_every_write_takes_the_write_lock_first_and_reads_take_none(sqlite_file: Path) -> None:
    """BEGIN IMMEDIATE: a second writer waits for the lock instead of failing half-way;
    a read is a plain BEGIN, which in write-ahead-log mode never waits for a writer."""
    store = Store.open(url_of(sqlite_file))
    statements: list[str] = []
    event.listen(
        store.engine, "before_cursor_execute", lambda *args: statements.append(args[2].strip())
    )
    try:
        state = store.create_match(record())
        store.add_hand(state.id, hand(), state.version)
        store.matches()
    finally:
        store.close()
    assert statements.count("BEGIN IMMEDIATE") == 2
    assert statements[0] == "BEGIN IMMEDIATE"
    assert statements.count("BEGIN") == 1
    assert statements.index("BEGIN") > statements.index("BEGIN IMMEDIATE", 1)


def test_listing_reads_the_newest_matches_from_an_index(sqlite_file: Path) -> None:
    """Pages, a status, a variant: SQLite searches an index, it never scans every match."""
    store = Store.open(url_of(sqlite_file))
    for _ in range(3):
        store.create_match(record())
    statements: list[tuple[str, object]] = []

    def keep(_c: object, _cur: object, statement: str, parameters: object, *_: object) -> None:
        if statement.lstrip().startswith("SELECT") and 'FROM "match"' in statement:
            statements.append((statement, parameters))

    event.listen(store.engine, "before_cursor_execute", keep)
    try:
        store.matches(limit=2, before=2)
        store.matches(limit=2, status="in_progress")
        store.matches(limit=2, variant="two-player")
        store.matches(limit=2, status="finished", before=3)
        event.remove(store.engine, "before_cursor_execute", keep)
        plans = []
        with store.engine.connect() as connection:
            for statement, parameters in statements:
                if "ORDER BY" not in statement:
                    continue  # the anchor, by id
                rows = connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters)
                plans.append(" / ".join(row[-1] for row in rows))
    finally:
        store.close()
    assert len(plans) == 4
    assert all(plan.startswith("SEARCH match USING INDEX") for plan in plans), plans
    assert not any("TEMP B-TREE" in plan for plan in plans), plans


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(random.Random(5).randbytes(3 * 4096), id="random bytes"),
        pytest.param(b"Shopping list:\n- eggs\n- milk\n", id="a text file"),
        pytest.param(b"SQLite format 3\x00" + bytes(range(256)) * 20, id="damaged"),
        pytest.param(b"x", id="one byte"),
    ],
)
def test_a_file_that_is_not_a_database_is_refused_and_left_alone(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "scores.db"
    path.write_bytes(content)
    before = siblings(path)
    with pytest.raises(StoreError) as caught:
        Store.open(url_of(path))
    message = str(caught.value)
    assert str(path) in message
    assert "not a" in message or "damaged" in message, message
    assert "it was not changed" in message
    assert "--db" in message
    assert path.read_bytes() == content
    assert siblings(path) == before


def test_a_file_never_written_by_the_app_is_not_said_to_lack_a_backup(tmp_path: Path) -> None:
    """A text file or another program's database was never the app's: the message
    says how to go on, not that it has no backup."""
    path = tmp_path / "scores.db"
    path.write_bytes(b"Shopping list:\n- eggs\n")
    with pytest.raises(StoreError) as caught:
        Store.open(url_of(path))
    assert str(caught.value) == (
        f"{path} is not a canasta_scorer database; it was not changed. Move it aside (or "
        "pass another database with --db) to start a new one."
    )


def test_a_damaged_database_says_where_the_backups_would_be(tmp_path: Path) -> None:
    path = tmp_path / "canasta.db"
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 20)
    with pytest.raises(StoreError) as caught:
        Store.open(url_of(path))
    message = str(caught.value)
    assert message.startswith(f"{path} is damaged or not a database; it was not changed.")
    assert message.endswith(
        " canasta_scorer keeps a backup beside a database (canasta.db.backup-…) only "
        "before upgrading it: there is none of this one."
    )
    backup = tmp_path / "canasta.db.backup-20261201-0001"
    backup.write_bytes(b"")
    with pytest.raises(StoreError) as caught:
        Store.open(url_of(path))
    assert str(caught.value).endswith(
        f" The newest backup is {backup}: copy it over {path} to go back to it."
    )


def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder"):
        Store.open(url_of(tmp_path))


def test_another_programs_database_is_not_taken_over(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE recipes (name TEXT)")
        connection.execute("INSERT INTO recipes VALUES ('soup')")
    connection.close()
    content = path.read_bytes()
    with pytest.raises(StoreError, match="not a canasta_scorer database"):
        Store.open(url_of(path))
    assert path.read_bytes() == content
    assert siblings(path) == ["other.db"]


def test_a_database_from_a_newer_version_is_left_untouched(sqlite_file: Path) -> None:
    store = Store.open(url_of(sqlite_file))
    state = store.create_match(record())
    store.add_hand(state.id, hand(), state.version)
    store.close()
    connection = sqlite3.connect(sqlite_file)
    with connection:
        connection.execute("UPDATE alembic_version SET version_num = 'ffff9999'")
    connection.close()
    before = sqlite_file.read_bytes()
    files = siblings(sqlite_file)

    with pytest.raises(StoreError) as caught:
        Store.open(url_of(sqlite_file))
    message = str(caught.value)
    assert "newer version of canasta_scorer" in message
    assert "ffff9999" in message
    assert "nothing was changed" in message
    assert str(sqlite_file) in message
    assert sqlite_file.read_bytes() == before
    assert siblings(sqlite_file) == files  # no backup, no -wal left behind


def test_the_default_database_is_in_the_user_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV_DB, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    expected = Path(platformdirs.user_data_dir("canasta-scorer", appauthor=False)) / "canasta.db"
    assert default_url() == f"sqlite:///{expected}"
    if sys.platform.startswith("linux"):
        assert expected == tmp_path / "home" / ".local" / "share" / "canasta-scorer" / "canasta.db"

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_url() == f"sqlite:///{tmp_path / 'data' / 'canasta-scorer' / 'canasta.db'}"
    store = Store.open()  # made on first use, folder and all
    try:
        store.create_match(record())
    finally:
        store.close()
    assert (tmp_path / "data" / "canasta-scorer" / "canasta.db").is_file()


def test_the_environment_variable_names_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen = url_of(tmp_path / "club.db")
    monkeypatch.setenv(ENV_DB, f"  {chosen} ")
    assert default_url() == chosen
    Store.open().close()
    assert (tmp_path / "club.db").is_file()
    monkeypatch.setenv(ENV_DB, "   ")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_url() == f"sqlite:///{tmp_path / 'data' / 'canasta-scorer' / 'canasta.db'}"


def test_a_bad_url_is_reported(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is not a database URL"):
        Store.open("no such thing://")
    with pytest.raises(StoreError, match="“nosuchdb” is not a kind of database"):
        Store.open("nosuchdb://x/y")


FIRST_SCHEMA = DATA / "first-schema.db"


def test_a_database_made_by_the_first_schema_opens_with_every_match(tmp_path: Path) -> None:
    """Guards future migrations: a database of schema 0001 opens, migrated, with its matches.

    tests/data/store/first-schema.db was made by running migration 0001 alone on a new
    file (page size 512) and then, through the Store: match 1 (hands 1–3 added, hand 2
    edited, hand 4 added and undone), match 2 (start scores, target, house rule, two
    hands, won), match 3 (one hand, deleted).
    """
    path = tmp_path / "canasta.db"
    shutil.copyfile(FIRST_SCHEMA, path)
    store = Store.open(url_of(path))
    try:
        one, two = store.match(1), store.match(2)
        assert [m.id for m in store.matches()] == [2, 1]

        assert [s.name for s in one.record.sides] == ["North-South", "East-West"]
        assert [s.players for s in one.record.sides] == [("Ann", "Bob"), ("Cy", "Di")]
        assert [h.dealer for h in one.record.hands] == ["Ann", "Bob", "Cy"]
        assert one.record.hands[1].note == "fixed the melds"
        assert [h.totals for h in one.score.hands] == [(730, 130), (615, 730), (635, 615)]
        assert one.score.running_totals == (1_980, 1_475)
        assert (one.status, one.version, one.undo, one.redo) == (
            "in_progress",
            7,
            "Edit hand 2",
            "Add hand 4",
        )

        assert [s.name for s in two.record.sides] == ["Les Bleus", "Die Roten"]
        assert [s.players for s in two.record.sides] == [("Élodie", "Zoë"), ("Jürgen", "Ann")]
        assert [s.start_score for s in two.record.sides] == [3_000, 1_500]
        assert two.record.target == 5_000
        assert [r.value for r in two.record.house_rules] == ["draw-on-tie"]
        assert two.record.hands[0].note == "première main"
        assert two.score.running_totals == (6_075, 1_610)
        assert (two.status, two.score.winner, two.score.margin) == ("finished", "Les Bleus", 4_465)
        assert two.finished_at is not None and two.finished_at >= two.created_at

        assert sorted(store.players()) == ["Ann", "Bob", "Cy", "Di", "Jürgen", "Zoë", "Élodie"]
        assert cache_problems(store) == []
        assert store.restore_match(3).record.hands == (hand(),)

        # It takes new changes, with their history.
        state = store.redo(1, one.version)
        assert len(state.record.hands) == 4
        state = store.add_hand(1, hand(1, "mixed"), state.version)
        assert len(store.undo(1, state.version).record.hands) == 4
    finally:
        store.close()
    # The file as it was, kept before the migration.
    backups = sorted(tmp_path.glob("canasta.db.backup-*-0001"))
    assert len(backups) == 1
    pristine = tmp_path / "pristine" / "first-schema.db"
    pristine.parent.mkdir()
    shutil.copyfile(FIRST_SCHEMA, pristine)
    assert dump(backups[0]) == dump(pristine)


def dump(path: Path) -> list[str]:
    """The SQL text of a SQLite database (its schema and every row)."""
    with closing(sqlite3.connect(path)) as connection:
        return list(connection.iterdump())


def test_the_backup_before_a_migration_holds_what_is_still_in_the_log(tmp_path: Path) -> None:
    """A save still in the write-ahead log (another program has the file open) is in the
    copy made before the schema is updated, not only what reached the main file."""
    path = tmp_path / "canasta.db"
    shutil.copyfile(FIRST_SCHEMA, path)
    other = sqlite3.connect(path)
    try:
        other.execute("PRAGMA wal_autocheckpoint = 0")  # keep the save in the log
        with other:
            other.execute("UPDATE match_side SET name = 'Renamed' WHERE match_id = 1 AND seat = 0")
        assert Path(f"{path}-wal").stat().st_size > 0
        Store.open(url_of(path)).close()
    finally:
        other.close()
    (backup,) = tmp_path.glob("canasta.db.backup-*-0001")
    with closing(sqlite3.connect(backup)) as copy:
        assert copy.execute("SELECT version_num FROM alembic_version").fetchone() == ("0001",)
        names = copy.execute("SELECT name FROM match_side WHERE match_id = 1 ORDER BY seat")
        assert [name for (name,) in names] == ["Renamed", "East-West"]
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_undo_history_keeps_only_the_changed_hands(tmp_path: Path) -> None:
    """An edit of one hand of a long match keeps that hand, not the whole match, so the
    history stays small; undo and redo still give back the hands exactly."""
    store = Store.open(url_of(tmp_path / "canasta.db"))
    try:
        state = store.create_match(record(target=50_000))
        for number in range(12):
            state = store.add_hand(state.id, hand(number % 2), state.version)
        hands = state.record.hands
        state = store.edit_hand(state.id, 2, hand(1, "mixed", note="fixed"), state.version)
        edited = state.record.hands
        with closing(sqlite3.connect(tmp_path / "canasta.db")) as db:
            before, after = db.execute(
                "SELECT before, after FROM match_change ORDER BY seq DESC LIMIT 1"
            ).fetchone()
        assert before.startswith('{"at":2,') and after.startswith('{"at":2,')
        assert before.count('"sides"') == 1 and after.count('"sides"') == 1
        assert store.undo(state.id, state.version).record.hands == hands
        assert store.redo(state.id, state.version + 1).record.hands == edited
    finally:
        store.close()
