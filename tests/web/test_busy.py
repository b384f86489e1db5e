"""The real server while another program holds the database's write lock: a save
waits off the server's event loop (other tabs go on), says "busy" in plain words
with the entry kept, and a SIGTERM meanwhile stops the server at once with nothing
half-saved and the kept hand still there."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from canasta_scorer.store import Store
from canasta_scorer.ui.state import build_model
from tests.ui.hands import enter_small, start_classic

from .flet_client import FletClient
from .server import Served, start

BUSY = "The scores are busy"


def seed(folder: Path) -> tuple[int, str]:
    """A classic match with a small legal hand being entered (kept as its draft)."""
    store = Store.open(f"sqlite:///{folder / 'canasta.db'}")
    try:
        model = build_model(store)
        start_classic(model)
        model.match.begin_hand()
        enter_small(model)
        model.entry.flush()
        assert model.match.current is not None
        match_id = model.match.current.id
        kept = store.draft(match_id)
        assert kept is not None
        return match_id, kept
    finally:
        store.close()


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[tuple[int, str, sqlite3.Connection]]:
    """The seeded match, its kept draft, and a connection of this (another) process
    to hold the write lock with."""
    match_id, kept = seed(tmp_path)
    connection = sqlite3.connect(tmp_path / "canasta.db", isolation_level=None)
    yield match_id, kept, connection
    connection.close()


def button(tab: FletClient, text: str) -> int | None:
    """The newest filled button whose text starts with ``text``."""
    for control in tab.find(_c="FilledButton"):
        if str(control.get("content", "")).startswith(text):
            return int(control["_i"])
    return None


def tap(tab: FletClient, text: str, then: str) -> None:
    """Wait for a button, tap it, and wait until ``then`` (a button's text) shows."""
    shown(tab, text)
    tab.click(button(tab, text) or 0)
    shown(tab, then)


def shown(tab: FletClient, text: str) -> None:
    """Wait until a button whose text starts with ``text`` has been sent."""
    if button(tab, text) is None:
        tab.wait_for(lambda _m: button(tab, text) is not None, timeout=30)


def open_entry(served: Served) -> FletClient:
    """A tab on the kept hand's entry screen."""
    tab = FletClient(served.ws, origin=served.origin, timeout=30)
    tab.register()
    tap(tab, "Resume", "Go on with hand 1")
    tap(tab, "Go on with hand 1", "Save hand")
    tab.settle(0.3)
    return tab


def drain(tab: FletClient) -> None:
    """Read what the server has sent the tab so far, without waiting for more."""
    while tab.receive(0.05) is not None:
        pass


def test_a_save_waiting_on_a_locked_file_leaves_other_tabs_working(
    tmp_path: Path, seeded: tuple[int, str, sqlite3.Connection]
) -> None:
    match_id, _, lock = seeded
    served = start(tmp_path, env={"CANASTA_SCORER_BUSY_SECONDS": "20"})
    try:
        a = open_entry(served)
        lock.execute("BEGIN IMMEDIATE")  # another program saving, for as long as it likes
        seen = len(a.raw)
        a.click(button(a, "Save hand") or 0)
        a.wait_text("Working…", timeout=30)
        assert not any(BUSY.encode() in data for data in a.raw[seen:])

        # Another tab on the same server: the match list, then the match, while A waits.
        b = FletClient(served.ws, origin=served.origin, timeout=30)
        b.register()
        tap(b, "Resume", "Go on with hand 1")
        drain(a)
        assert not a.text_seen(BUSY)  # B was answered while A's save still waited

        a.wait_text(BUSY, timeout=60)
        assert "Traceback" not in served.output()
        lock.execute("ROLLBACK")  # the other program is done
        # A's entry was kept: Save again, and the same hand is saved.
        shown(a, "Save hand")
        a.click(button(a, "Save hand") or 0)
        a.wait_text("Hand 1 saved.", timeout=30)
        a.close()
        b.close()
    finally:
        status = served.stop()
    assert status == 0
    store = Store.open(f"sqlite:///{tmp_path / 'canasta.db'}")
    try:
        state = store.match(match_id)
        assert len(state.record.hands) == 1
        assert state.score.running_totals == (60, 45)  # the hand that was being entered
    finally:
        store.close()


def test_sigterm_while_a_save_waits_stops_at_once_with_nothing_half_saved(
    tmp_path: Path, seeded: tuple[int, str, sqlite3.Connection]
) -> None:
    match_id, kept, lock = seeded
    served = start(tmp_path, env={"CANASTA_SCORER_BUSY_SECONDS": "60"})
    try:
        a = open_entry(served)
        lock.execute("BEGIN IMMEDIATE")
        a.click(button(a, "Save hand") or 0)
        a.wait_text("Working…", timeout=30)
    finally:
        began = time.monotonic()
        status = served.stop(timeout=30)
        took = time.monotonic() - began
    lock.execute("ROLLBACK")
    assert status == 0, served.output()
    assert took <= 5.0, f"took {took:.1f} s (the save would have waited 60 s)"
    assert "Traceback" not in served.output()
    with sqlite3.connect(tmp_path / "canasta.db") as check:
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    store = Store.open(f"sqlite:///{tmp_path / 'canasta.db'}")
    try:
        assert store.match(match_id).record.hands == ()  # not saved, not half-saved
        assert store.draft(match_id) == kept  # the hand being entered is still kept
    finally:
        store.close()


@pytest.mark.parametrize("pause", [1.5, 0.0], ids=["kept-then-save", "save-at-once"])
def test_sigterm_while_the_typed_entry_waits_on_a_locked_file_keeps_it_for_the_next_start(
    tmp_path: Path, seeded: tuple[int, str, sqlite3.Connection], pause: float
) -> None:
    """The entry's keeping (a second after typing) or the Save that carries it waits
    behind another program's lock when the server is told to stop: the entry is
    kept in a file beside the database, named in the log, and written into the
    database at the next start."""
    match_id, kept, lock = seeded
    served = start(tmp_path, env={"CANASTA_SCORER_BUSY_SECONDS": "60"})
    try:
        a = open_entry(served)
        lock.execute("BEGIN IMMEDIATE")  # another program saving meanwhile
        note = next(a.find(_c="TextField", label="Note"))
        a.type_into(int(note["_i"]), "typed while the file was locked")
        time.sleep(pause)  # 1.5: the entry's keeping (a second later) waits for the lock
        a.click(button(a, "Save hand") or 0)
        a.wait_text("Working…", timeout=30)
    finally:
        status = served.stop(timeout=30)
    lock.execute("ROLLBACK")
    log = served.output()
    assert status == 0, log
    assert "Traceback" not in log
    unsaved = tmp_path / "canasta.db.unsaved.json"
    # the log names what could not be written to the database, and where it was kept
    assert f"match {match_id}" in log and "hand 1" in log and str(unsaved) in log, log
    assert unsaved.is_file()
    store = Store.open(f"sqlite:///{tmp_path / 'canasta.db'}")  # the next start
    try:
        assert store.match(match_id).record.hands == ()  # not saved, not half-saved
        again = store.draft(match_id)
        assert again is not None and again != kept
        assert "typed while the file was locked" in again  # nothing typed was lost
    finally:
        store.close()
    assert not unsaved.exists()  # read back into the database, then let go


def test_an_entry_typed_while_the_file_was_locked_is_kept_once_the_lock_is_released(
    tmp_path: Path, seeded: tuple[int, str, sqlite3.Connection]
) -> None:
    """The entry's keeping gives up behind another program's lock; once that
    program is done, the store worker writes it, with nothing else typed and no
    stop, so another tab reads the hand as typed."""
    match_id, kept, lock = seeded
    served = start(tmp_path, env={"CANASTA_SCORER_BUSY_SECONDS": "1"})
    try:
        a = open_entry(served)
        lock.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
        note = next(a.find(_c="TextField", label="Note"))
        a.type_into(int(note["_i"]), "typed while the file was locked")
        time.sleep(3.0)  # kept a second later; that write gives up at once
        assert _kept_text(tmp_path, match_id) == kept
        lock.execute("ROLLBACK")  # the other program is done
        deadline = time.monotonic() + 15
        while "typed while the file was locked" not in _kept_text(tmp_path, match_id):
            assert time.monotonic() < deadline, served.output()
            time.sleep(0.2)
        a.close()
    finally:
        status = served.stop(timeout=30)
    assert status == 0, served.output()
    assert not (tmp_path / "canasta.db.unsaved.json").exists()  # nothing left to keep


def _kept_text(folder: Path, match_id: int) -> str:
    """The entry kept last for the match, read by another program."""
    with sqlite3.connect(folder / "canasta.db") as other:
        row = other.execute(
            "SELECT draft FROM device_draft WHERE match_id = ? ORDER BY updated_at DESC LIMIT 1",
            (match_id,),
        ).fetchone()
    return str(row[0]) if row else ""


def test_a_save_behind_the_entry_s_keeping_waits_one_busy_wait_only(
    tmp_path: Path, seeded: tuple[int, str, sqlite3.Connection]
) -> None:
    """Save tapped while the entry's keeping (a second after typing) finds the file
    locked: that keeping does not wait, so "busy" is said after one busy wait (6 s),
    not after the keeping's wait and then the Save's (about 10.5 s). The bounds are
    far from both (a busy machine only adds to the time), not a speed goal."""
    _, _, lock = seeded
    served = start(tmp_path, env={"CANASTA_SCORER_BUSY_SECONDS": "6"})
    try:
        a = open_entry(served)
        lock.execute("BEGIN EXCLUSIVE")
        note = next(a.find(_c="TextField", label="Note"))
        a.type_into(int(note["_i"]), "typed while the file was locked")
        time.sleep(1.5)  # the entry's keeping has been asked for
        began = time.monotonic()
        a.click(button(a, "Save hand") or 0)
        a.wait_text(BUSY, timeout=60)
        took = time.monotonic() - began
        lock.execute("ROLLBACK")
        a.close()
    finally:
        status = served.stop(timeout=30)
    assert status == 0, served.output()
    assert 5.5 <= took <= 9.0, f"busy said after {took:.1f} s (one busy wait is 6 s)"
