"""An entry typed while another program holds the database's write lock is written
by the store worker once the lock is released, without waiting for the app to stop."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from canasta_scorer.store import KeptDraft, Store, StoreBusyError, database
from canasta_scorer.ui.worker import StoreWorker
from tests.store.storekit import record, untimed


def test_the_worker_writes_a_held_entry_once_the_lock_is_released(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 100)
    store = Store.open(f"sqlite:///{tmp_path / 'canasta.db'}")
    worker = StoreWorker(retry=store.write_held, retry_every=0.05)
    other = sqlite3.connect(tmp_path / "canasta.db", isolation_level=None)
    arrived = threading.Event()
    try:
        match_id = store.create_match(record()).id
        store.changes.subscribe(lambda change: arrived.set())
        other.execute("BEGIN EXCLUSIVE")
        # what a tab does on typing: hold the entry, and keep it in the background
        store.hold_draft(match_id, '{"k": 1}', writer="tab-a", stamp="a1", about="hand 1")
        failed = worker.submit(
            lambda: store.save_draft(match_id, '{"k": 1}', writer="tab-a", stamp="a1")
        )
        assert isinstance(failed.exception(timeout=5), StoreBusyError)
        assert store.unwritten == 1
        other.execute("ROLLBACK")  # released: nothing else is typed or saved
        assert arrived.wait(timeout=5)
        assert untimed(store.kept_draft(match_id, "tab-a")) == KeptDraft(
            text='{"k": 1}', writer="tab-a", stamp="a1", base=""
        )
        assert store.unwritten == 0
        assert store.keep_unsaved() is None
    finally:
        other.close()
        assert worker.close(5)
        store.close()


def test_background_writes_refused_while_the_lock_is_held_warn_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An entry kept each second while another program holds the lock: one warning
    for the whole time it is held (no error), and a line when writes go through."""
    from canasta_scorer.ui.worker import TabWork

    store = Store.open(f"sqlite:///{tmp_path / 'canasta.db'}")
    worker = StoreWorker(retry=store.write_held, retry_every=0.05)
    work = TabWork(worker, lambda job: None, lambda on: None, lambda error: None)
    other = sqlite3.connect(tmp_path / "canasta.db", isolation_level=None)
    written = threading.Event()
    try:
        match_id = store.create_match(record()).id
        store.changes.subscribe(lambda change: written.set())
        caplog.set_level("DEBUG", logger="canasta_scorer")

        def keep(n: int) -> None:
            text, stamp = f'{{"k": {n}}}', f"a{n}"
            store.hold_draft(match_id, text, writer="tab-a", stamp=stamp, about=f"hand {n}")
            work.later(
                lambda: store.save_draft(match_id, text, writer="tab-a", stamp=stamp, wait=False)
            )
            assert worker.wait_idle(5)

        for _period in range(2):
            other.execute("BEGIN EXCLUSIVE")
            caplog.clear()
            for n in range(3):
                keep(n)
            refused = [r for r in caplog.records if r.levelname in ("WARNING", "ERROR")]
            assert [(r.levelname, r.getMessage()) for r in refused] == [
                (
                    "WARNING",
                    "another program holds the database's write lock: the entries typed "
                    "meanwhile are held and written once it is released",
                )
            ]
            written.clear()
            other.execute("ROLLBACK")
            assert written.wait(timeout=5)
            assert worker.wait_idle(5)
            infos = [r.getMessage() for r in caplog.records if r.levelname == "INFO"]
            assert "the database takes writes again (3 background writes were refused)" in infos
        assert untimed(store.kept_draft(match_id, "tab-a")) == KeptDraft(
            text='{"k": 2}', writer="tab-a", stamp="a2", base=""
        )
    finally:
        other.close()
        assert worker.close(5)
        store.close()
