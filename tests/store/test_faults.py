"""Faults of the machine, not of the database: another program saving (busy), a
folder that cannot be written, a full disk. Each is said as what it is, nothing is
changed, and "damaged" is kept for damage. Real second processes, a real read-only
folder, a real file-size limit."""

from __future__ import annotations

import ctypes
import json
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from storekit import hand, record

from canasta_scorer.cli import main as cli
from canasta_scorer.store import Store, StoreError, database
from canasta_scorer.store.errors import StoreBusyError, StoreFullError, StoreReadOnlyError

HERE = Path(__file__).resolve().parent
CHILD = HERE / "fault_child.py"


def child(*args: str, preexec: object = None) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=f"{HERE}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
    return subprocess.Popen(
        [sys.executable, str(CHILD), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=preexec,  # type: ignore[arg-type]
    )


def run_child(*args: str, preexec: object = None) -> list[dict[str, object]]:
    process = child(*args, preexec=preexec)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    return [json.loads(line) for line in out.splitlines() if line.strip()]


@pytest.fixture
def made(tmp_path: Path) -> tuple[str, Path]:
    """A SQLite store with one match of two hands, closed."""
    path = tmp_path / "canasta.db"
    url = f"sqlite:///{path}"
    store = Store.open(url)
    state = store.create_match(record())
    state = store.add_hand(state.id, hand(), state.version)
    store.add_hand(state.id, hand(), state.version)
    store.close()
    return url, path


@pytest.fixture
def locked(made: tuple[str, Path]) -> Iterator[str]:
    """The store's write lock held by another process for the test's length."""
    url, _ = made
    holder = child("hold", url)
    assert holder.stdout is not None
    assert json.loads(holder.stdout.readline()) == {"locked": True}
    yield url
    holder.kill()
    holder.wait()


def test_a_busy_database_opens_and_reads_without_waiting(
    locked: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A read that waited for the lock would fail after this (the holder keeps it).
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 300)
    store = Store.open(locked)
    try:
        assert [m.hand_count for m in store.matches()] == [2]
        assert len(store.match(1).record.hands) == 2
        assert store.players()  # the holder's uncommitted player is not seen
        assert "Holder" not in store.players()
        assert store.backup()
    finally:
        store.close()


def test_a_write_to_a_busy_database_says_busy_not_damaged(
    locked: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 300)
    store = Store.open(locked)
    try:
        state = store.match(1)
        with pytest.raises(StoreBusyError) as caught:
            store.add_hand(1, hand(), state.version)
        message = str(caught.value)
        assert "busy" in message and "try again" in message
        assert "damaged" not in message and "Move it aside" not in message
        assert len(store.match(1).record.hands) == 2  # nothing changed
    finally:
        store.close()


def test_a_store_told_to_stop_waiting_gives_up_a_waiting_save(locked: str) -> None:
    """A server that is stopping: the save waiting for another program's lock is
    refused as busy within a try, nothing changed (it does not wait out 10 s)."""
    store = Store.open(locked)
    try:
        state = store.match(1)
        outcome: list[BaseException] = []

        def save() -> None:
            try:
                store.add_hand(1, hand(), state.version)
            except BaseException as error:
                outcome.append(error)

        saving = threading.Thread(target=save)
        saving.start()
        saving.join(0.5)
        assert saving.is_alive()  # waiting for the lock
        store.stop_waiting()
        saving.join(5.0)  # a guard: one try is 0.1 s, the wait otherwise 10 s
        assert not saving.is_alive()
        assert [type(error) for error in outcome] == [StoreBusyError]
        assert len(store.match(1).record.hands) == 2
    finally:
        store.close()


def test_the_matches_command_works_while_another_program_saves(
    locked: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(["matches", "--db", locked]) == 0
    out = capsys.readouterr()
    [row] = [line.split() for line in out.out.splitlines() if line.split()[:1] == ["1"]]
    assert row[4] == "2"  # the hands column
    assert "damaged" not in out.err


def _without_root_s_override() -> None:
    """In the child: drop the capabilities that let root write anywhere, so a
    read-only folder is read-only for it too (a no-op for other users)."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2, 3):  # DAC_OVERRIDE, DAC_READ_SEARCH, FOWNER
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


@pytest.mark.parametrize("log", ["no log", "log kept"])
def test_a_database_in_a_read_only_folder_is_read_but_not_changed(
    made: tuple[str, Path], log: str
) -> None:
    url, path = made
    if log == "log kept":  # another program has it open: the log's two files are there
        keeper = sqlite3.connect(path)
        keeper.execute("SELECT count(*) FROM match").fetchone()
        assert path.with_name("canasta.db-shm").exists()
    before = path.read_bytes()
    path.parent.chmod(0o555)
    try:
        said = run_child("open", url, preexec=_without_root_s_override)
    finally:
        path.parent.chmod(0o755)
        if log == "log kept":
            keeper.close()
    # the matches are read (SQLite cannot make its log's files there), not changed
    assert said[0] == {"step": "list", "count": 1, "read_only": True}, said
    problem = said[-1]
    assert problem["kind"] == "StoreReadOnlyError", said
    message = str(problem["message"])
    assert f"cannot write in the folder {path.parent}" in message
    assert "damaged" not in message
    assert path.read_bytes() == before


def test_a_log_without_its_index_in_a_read_only_folder_says_what_to_do(
    made: tuple[str, Path],
) -> None:
    url, path = made
    path.with_name("canasta.db-wal").write_bytes(b"\0" * 64)  # saves not in the file yet
    path.parent.chmod(0o555)
    try:
        said = run_child("open", url, preexec=_without_root_s_override)
    finally:
        path.parent.chmod(0o755)
    assert said == [
        {
            "step": "open",
            "kind": "StoreReadOnlyError",
            "message": f"cannot read {path}: its folder {path.parent} cannot be written, and "
            "SQLite needs to write there to read the saves still in its log (canasta.db-wal); "
            "make the folder writable, then open it again. Nothing was changed.",
        }
    ]


def test_a_new_database_in_a_read_only_folder_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        said = run_child("open", f"sqlite:///{folder / 'new.db'}", preexec=_without_root_s_override)
    finally:
        folder.chmod(0o755)
    assert said == [
        {
            "step": "open",
            "kind": "StoreReadOnlyError",
            "message": f"cannot make a new database in {folder}: that folder is not "
            "writable; pass another database with --db",
        }
    ]
    assert list(folder.iterdir()) == []


def test_a_full_disk_says_full_and_keeps_every_saved_match(made: tuple[str, Path]) -> None:
    url, path = made
    limit = path.stat().st_size + 96 * 1024
    said = run_child("fill", url, str(limit))
    result = said[-1]
    assert result["kind"] == "StoreFullError", said
    assert "disk is full" in str(result["message"]) and "damaged" not in str(result["message"])
    saved = int(str(result["saved"]))
    assert saved > 0
    store = Store.open(url)
    try:
        assert len(store.matches(limit=10_000)) == 1 + saved  # the refused one is not there
        assert len(store.match(1).record.hands) == 2
    finally:
        store.close()


def test_damage_is_still_called_damage(tmp_path: Path) -> None:
    path = tmp_path / "scores.db"
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 20)
    with pytest.raises(StoreError, match="damaged or not a database") as caught:
        Store.open(f"sqlite:///{path}")
    assert not isinstance(caught.value, StoreBusyError | StoreFullError | StoreReadOnlyError)


@pytest.mark.parametrize("below", ["x.db", "sub/x.db"], ids=["in-it", "deeper"])
def test_a_new_database_under_a_file_says_that_the_file_is_no_folder(
    tmp_path: Path, below: str
) -> None:
    file = tmp_path / "passwd"
    file.write_text("root:x:0:0\n")
    with pytest.raises(StoreError) as raised:
        Store.open(f"sqlite:///{file / below}")
    assert str(raised.value) == (
        f"cannot make a new database at {file / below}: {file} is a file, not a folder; "
        "pass another database with --db"
    )
    assert file.read_text() == "root:x:0:0\n"
