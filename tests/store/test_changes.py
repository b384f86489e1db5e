"""The store announces every change to a match once it is saved: to every subscriber
in this process, and on PostgreSQL to the stores of other processes (LISTEN/NOTIFY).
A change refused or rolled back is never announced."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from storekit import bad_hand, hand, record

from canasta_scorer.store import Change, ChangeKind, ConflictError, RuleViolationError, Store

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def heard(store: Store) -> list[Change]:
    """A list that fills with every change ``store`` announces from now on."""
    changes: list[Change] = []
    store.changes.subscribe(changes.append)
    return changes


def summary(changes: list[Change]) -> list[tuple[str, int | None, int | None, int]]:
    return [(c.kind.value, c.match_id, c.hand, c.version) for c in changes]


def test_every_change_reaches_every_subscriber_after_it_is_saved(store: Store) -> None:
    first, second = heard(store), heard(store)
    state = store.create_match(record())
    state = store.add_hand(state.id, hand(0, "clean", "small"), state.version)
    state = store.add_hand(state.id, hand(0, "mixed", "none"), state.version)
    state = store.edit_hand(state.id, 0, hand(0, "big", "small"), state.version)
    state = store.delete_hand(state.id, 1, state.version)
    state = store.undo(state.id, state.version)
    state = store.redo(state.id, state.version)
    store.delete_match(state.id, state.version)
    restored = store.restore_match(state.id)
    expected = [
        ("created", 1, None, 1),
        ("hand_added", 1, 0, 2),
        ("hand_added", 1, 1, 3),
        ("hand_edited", 1, 0, 4),
        ("hand_deleted", 1, 1, 5),
        ("undone", 1, None, 6),
        ("redone", 1, None, 7),
        ("deleted", 1, None, 8),
        ("restored", 1, None, 9),
    ]
    assert summary(first) == expected
    assert summary(second) == expected
    assert restored.version == 9
    assert not any(c.remote for c in first)


def test_the_subscriber_hears_the_saved_state_not_a_half_saved_one(store: Store) -> None:
    seen: list[int] = []

    def read_back(change: Change) -> None:
        if change.kind is ChangeKind.HAND_ADDED:
            assert change.match_id is not None
            seen.append(len(store.match(change.match_id).record.hands))

    store.changes.subscribe(read_back)
    state = store.create_match(record())
    store.add_hand(state.id, hand(), state.version)
    assert seen == [1]  # announced after the commit: another reader sees the hand


def test_a_refused_change_is_not_announced(store: Store) -> None:
    state = store.create_match(record())
    changes = heard(store)
    with pytest.raises(RuleViolationError):
        store.add_hand(state.id, bad_hand(), state.version)
    store.add_hand(state.id, hand(), state.version)
    with pytest.raises(ConflictError):
        store.add_hand(state.id, hand(), state.version)  # the version is stale now
    with pytest.raises(ConflictError):
        store.delete_match(state.id, state.version)
    assert summary(changes) == [("hand_added", 1, 0, 2)]


def test_a_kept_draft_is_announced_and_reads_announce_nothing(store: Store) -> None:
    state = store.create_match(record())
    changes = heard(store)
    store.save_draft(state.id, '{"sides": []}', writer="tab-a", stamp="a2", base="a1")
    store.clear_draft(state.id)
    store.match(state.id)
    store.matches()
    assert [(c.kind, c.match_id, c.version, c.writer, c.stamp, c.base) for c in changes] == [
        (ChangeKind.DRAFT_KEPT, state.id, state.version, "tab-a", "a2", "a1")
    ]


def test_an_import_announces_each_new_match(store: Store) -> None:
    exported = store.export_match(store.create_match(record(sides=("A", "B"))).id)
    changes = heard(store)
    assert store.import_text(exported).already_there == (1,)
    assert store.import_text(exported.replace('"A"', '"C"')).created == (2,)
    assert summary(changes) == [("created", 2, None, 1)]


def test_a_failing_subscriber_leaves_the_save_and_the_others_alone(store: Store) -> None:
    def broken(change: Change) -> None:
        raise RuntimeError("a broken screen")

    store.changes.subscribe(broken)
    changes = heard(store)
    state = store.create_match(record())
    state = store.add_hand(state.id, hand(), state.version)
    assert state.version == 2
    assert [c.kind for c in changes] == [ChangeKind.CREATED, ChangeKind.HAND_ADDED]


def test_unsubscribing_ends_the_announcements(store: Store) -> None:
    changes: list[Change] = []
    stop = store.changes.subscribe(changes.append)
    state = store.create_match(record())
    stop()
    stop()  # twice is harmless
    store.add_hand(state.id, hand(), state.version)
    assert [c.kind for c in changes] == [ChangeKind.CREATED]


def test_changes_from_several_threads_all_arrive(store: Store) -> None:
    ids = [store.create_match(record()).id for _ in range(4)]
    changes = heard(store)

    def play(match_id: int) -> None:
        version = 1
        for _ in range(3):
            version = store.add_hand(match_id, hand(), version).version

    threads = [threading.Thread(target=play, args=(match_id,)) for match_id in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted((c.match_id, c.version) for c in changes) == sorted(
        (match_id, version) for match_id in ids for version in (2, 3, 4)
    )


# --- across stores and processes ----------------------------------------------------


def wait_for(changes: queue.Queue[Change], count: int, timeout: float = 5.0) -> list[Change]:
    got = []
    for _ in range(count):
        got.append(changes.get(timeout=timeout))
    return got


def listen(store: Store) -> queue.Queue[Change]:
    changes: queue.Queue[Change] = queue.Queue()
    store.changes.subscribe(changes.put)
    return changes


def test_sqlite_has_no_cross_process_path(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'canasta.db'}"
    here, there = Store.open(url), Store.open(url)
    try:
        changes = listen(here)
        assert not here.changes.crosses_processes
        assert not here.changes.listening(0.2)
        state = there.create_match(record())
        there.add_hand(state.id, hand(), state.version)
        assert changes.empty()  # read on reload instead
    finally:
        here.close()
        there.close()


postgresql_only = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)


@postgresql_only
def test_postgresql_another_store_hears_a_change_once_and_as_remote(db_url: str) -> None:
    here, there = Store.open(db_url), Store.open(db_url)
    try:
        mine, theirs = listen(here), listen(there)
        assert here.changes.listening(5) and there.changes.listening(5)
        state = there.create_match(record())
        there.add_hand(state.id, hand(), state.version)
        remote = wait_for(mine, 2)
        assert [(c.kind, c.match_id, c.version, c.remote) for c in remote] == [
            (ChangeKind.CREATED, 1, 1, True),
            (ChangeKind.HAND_ADDED, 1, 2, True),
        ]
        local = wait_for(theirs, 2)
        assert [c.remote for c in local] == [False, False]
        # a store does not hear its own notification a second time
        with pytest.raises(queue.Empty):
            theirs.get(timeout=0.5)
    finally:
        here.close()
        there.close()


@postgresql_only
def test_postgresql_a_rolled_back_change_is_never_sent(db_url: str) -> None:
    here, there = Store.open(db_url), Store.open(db_url)
    try:
        changes = listen(here)
        assert here.changes.listening(5)
        state = there.create_match(record())
        assert wait_for(changes, 1)[0].kind is ChangeKind.CREATED
        with pytest.raises(RuleViolationError):
            there.add_hand(state.id, bad_hand(), state.version)
        with pytest.raises(queue.Empty):
            changes.get(timeout=0.5)
    finally:
        here.close()
        there.close()


CHILD = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, sys.argv[2])
    from storekit import hand, record
    from canasta_scorer.store import Store

    store = Store.open(sys.argv[1])
    state = store.create_match(record())
    store.add_hand(state.id, hand(), state.version)
    store.close()
    """
)


@postgresql_only
def test_postgresql_a_change_saved_in_another_process_reaches_this_one(db_url: str) -> None:
    here = Store.open(db_url)
    try:
        changes = listen(here)
        assert here.changes.listening(5)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        subprocess.run(
            [sys.executable, "-c", CHILD, db_url, str(HERE)], check=True, env=env, timeout=60
        )
        got = wait_for(changes, 2)
        assert [(c.kind, c.match_id, c.hand, c.version, c.remote) for c in got] == [
            (ChangeKind.CREATED, 1, None, 1, True),
            (ChangeKind.HAND_ADDED, 1, 0, 2, True),
        ]
        assert len(here.match(1).record.hands) == 1
    finally:
        here.close()


@postgresql_only
def test_postgresql_the_listener_reconnects_and_says_to_read_again(db_url: str) -> None:
    here, there = Store.open(db_url), Store.open(db_url)
    admin = create_engine(db_url, isolation_level="AUTOCOMMIT")
    try:
        changes = listen(here)
        assert here.changes.listening(5)
        with admin.connect() as connection:
            channel = connection.scalar(
                text("SELECT left('canasta_scorer_' || current_schema(), 63)")
            )
            killed = connection.scalar(
                text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE query = :listen"
                ),
                {"listen": f'LISTEN "{channel}"'},
            )
        assert killed == 1
        resync = changes.get(timeout=10)
        assert (resync.kind, resync.match_id) == (ChangeKind.RESYNC, None)
        there.create_match(record())
        assert wait_for(changes, 1)[0].kind is ChangeKind.CREATED
    finally:
        admin.dispose()
        here.close()
        there.close()


def test_a_notification_that_cannot_be_read_is_ignored(store: Store) -> None:
    changes = heard(store)
    store.changes.heard("not json")
    store.changes.heard('{"kind": "nonsense", "match_id": 1}')
    store.changes.heard('{"kind": "hand_added", "match_id": 3, "version": 4, "origin": "x"}')
    assert summary(changes) == [("hand_added", 3, None, 4)]
    assert changes[0].remote
