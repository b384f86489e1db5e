"""Drafts per device: two devices entering the same hand keep one draft each."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import create_engine, text
from storekit import record, untimed

from canasta_scorer.store import KeptDraft, Store, StoreBusyError, database
from canasta_scorer.store.database import _alembic_config


def test_each_device_keeps_its_own_draft(store: Store) -> None:
    state = store.create_match(record())
    store.save_draft(state.id, '{"k": 1}', writer="tab-a", stamp="a1")
    store.save_draft(state.id, '{"q": 1}', writer="tab-b", stamp="b1", base="a1")
    assert untimed(store.kept_draft(state.id, "tab-a")) == KeptDraft(
        text='{"k": 1}', writer="tab-a", stamp="a1", base=""
    )
    assert untimed(store.kept_draft(state.id)) == KeptDraft(
        text='{"q": 1}', writer="tab-b", stamp="b1", base="a1"
    )
    assert store.draft(state.id) == '{"q": 1}'  # the one kept last
    store.save_draft(state.id, '{"k": 2}', writer="tab-a", stamp="a2", base="a1")
    assert store.draft(state.id) == '{"k": 2}'
    store.clear_draft(state.id, "tab-a")  # thrown away on one device
    assert store.kept_draft(state.id, "tab-a") is None
    assert store.draft(state.id) == '{"q": 1}'
    store.clear_draft(state.id)  # the hand saved: every device's goes
    assert store.kept_draft(state.id) is None


def test_every_device_s_kept_draft_is_read_the_newest_first(store: Store) -> None:
    state = store.create_match(record())
    other = store.create_match(record())
    assert store.kept_drafts(state.id) == []
    store.save_draft(state.id, '{"k": 1}', writer="tab-a", stamp="a1")
    store.save_draft(other.id, '{"j": 1}', writer="tab-c", stamp="c1")
    store.save_draft(state.id, '{"q": 1}', writer="tab-b", stamp="b1", base="a1")
    assert [(kept.writer, kept.stamp) for kept in store.kept_drafts(state.id)] == [
        ("tab-b", "b1"),
        ("tab-a", "a1"),
    ]
    store.save_draft(state.id, '{"k": 2}', writer="tab-a", stamp="b1", base="a1")  # B's taken
    assert untimed(store.kept_drafts(state.id)[0]) == KeptDraft(
        text='{"k": 2}', writer="tab-a", stamp="b1", base="a1"
    )
    store.clear_draft(state.id)
    assert store.kept_drafts(state.id) == []
    assert len(store.kept_drafts(other.id)) == 1


def test_a_draft_kept_before_drafts_per_device_is_still_read(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    config = _alembic_config()

    def migrate(step: Callable[..., None], revision: str) -> None:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            step(config, revision)

    migrate(command.upgrade, "0007")
    with engine.begin() as connection:  # SQLite checks no foreign key unless asked
        connection.execute(
            text(
                "INSERT INTO hand_draft (match_id, draft, updated_at) "
                "VALUES (1, '{\"old\": true}', '2026-12-01 10:00:00')"
            )
        )
    migrate(command.upgrade, "head")
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT match_id, writer, draft, stamp, base FROM device_draft")
        ).all()
    assert [tuple(row) for row in rows] == [(1, "", '{"old": true}', "", "")]
    migrate(command.downgrade, "0007")
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT match_id, draft FROM hand_draft")).all()
    assert [tuple(row) for row in rows] == [(1, '{"old": true}')]
    engine.dispose()


def test_an_entry_held_but_never_written_is_kept_in_a_file_and_read_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'canasta.db'}"
    store = Store.open(url)
    match_id = store.create_match(record()).id
    store.hold_draft(match_id, '{"k": 1}', writer="tab-a", stamp="a1", about="hand 1")
    store.save_draft(match_id, '{"k": 1}', writer="tab-a", stamp="a1")  # written: let go
    store.hold_draft(match_id, '{"q": 2}', writer="tab-b", stamp="b1", base="a1")
    store.hold_draft(match_id, '{"k": 2}', writer="tab-a", stamp="a2", base="a1")
    assert store.keep_unsaved() == tmp_path / "canasta.db.unsaved.json"
    assert store.keep_unsaved() is None  # nothing held any more
    store.close()
    again = Store.open(url)
    try:
        assert not (tmp_path / "canasta.db.unsaved.json").exists()
        assert untimed(again.kept_draft(match_id, "tab-a")) == KeptDraft(
            text='{"k": 2}', writer="tab-a", stamp="a2", base="a1"
        )
        assert untimed(again.kept_draft(match_id, "tab-b")) == KeptDraft(
            text='{"q": 2}', writer="tab-b", stamp="b1", base="a1"
        )
    finally:
        again.close()


def test_a_hand_saved_lets_go_of_every_entry_held_for_its_match(store: Store) -> None:
    state = store.create_match(record())
    store.hold_draft(state.id, '{"k": 1}', writer="tab-a", stamp="a1")
    store.hold_draft(state.id, '{"q": 1}', writer="tab-b", stamp="b1")
    store.clear_draft(state.id, "tab-b")
    store.clear_draft(state.id)
    assert store.keep_unsaved() is None


def _kept_file(tmp_path: Path, items: object) -> Path:
    place = tmp_path / "canasta.db.unsaved.json"
    place.write_text(json.dumps(items), encoding="utf-8")
    return place


def _entry(match_id: int, draft: str, *, writer: str = "tab-a", kept_at: str) -> dict[str, Any]:
    return {
        "match": match_id,
        "writer": writer,
        "stamp": f"{writer}-s",
        "base": "",
        "draft": draft,
        "about": "hand 2",
        "kept_at": kept_at,
    }


def _messages(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "canasta_scorer"]


def test_a_kept_file_that_cannot_be_read_is_left_in_place_and_named_in_the_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    url = f"sqlite:///{tmp_path / 'canasta.db'}"
    Store.open(url).close()
    for junk in ("not json at all {", '{"match": 1}', "[" * 100_000 + "]" * 100_000):
        place = tmp_path / "canasta.db.unsaved.json"
        place.write_text(junk, encoding="utf-8")
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="canasta_scorer"):
            store = Store.open(url)
        store.close()
        assert place.read_text(encoding="utf-8") == junk
        (message,) = _messages(caplog)
        assert f"the entries kept in {place} cannot be read" in message
        assert message.endswith("the file is left where it is")


def test_each_kept_entry_is_checked_and_the_log_says_what_was_written_or_skipped(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    url = f"sqlite:///{tmp_path / 'canasta.db'}"
    store = Store.open(url)
    kept, doomed = store.create_match(record()).id, store.create_match(record())
    gone = doomed.id
    store.save_draft(kept, '{"newer": true}', writer="tab-c", stamp="c9")
    store.delete_match(gone, doomed.version)
    store.close()
    place = _kept_file(
        tmp_path,
        [
            _entry(kept, '{"hand": 2}', kept_at="2026-12-01T10:00:00+00:00"),
            _entry(gone, '{"hand": 5}', kept_at="2026-12-01T10:00:00+00:00"),
            _entry(kept, "garbage", writer="tab-b", kept_at="2026-12-01T10:01:00+00:00"),
            _entry(kept, "[1, 2]", writer="tab-d", kept_at="2026-12-01T10:01:00+00:00"),
            _entry(kept, '{"older": true}', writer="tab-c", kept_at="2026-12-01T09:00:00+00:00"),
            ["not", "an", "entry"],
        ],
    )
    with caplog.at_level(logging.INFO, logger="canasta_scorer"):
        again = Store.open(url)
    try:
        assert not place.exists()
        assert untimed(again.kept_draft(kept, "tab-a")) == KeptDraft(
            text='{"hand": 2}', writer="tab-a", stamp="tab-a-s", base=""
        )
        assert again.kept_draft(kept, "tab-b") is None  # garbage is not written
        assert again.kept_draft(kept, "tab-d") is None
        assert untimed(again.kept_draft(kept, "tab-c")) == KeptDraft(
            text='{"newer": true}', writer="tab-c", stamp="c9", base=""
        )
        # the entry written back keeps the time it was kept: the newer one stays last
        assert again.draft(kept) == '{"newer": true}'
    finally:
        again.close()
    assert _messages(caplog) == [
        f"an item of {place} is not a kept entry; skipped: ['not', 'an', 'entry']",
        f"match {kept}: the entry of hand 2 kept in {place} is written back to the database",
        f"match {gone}: the entry of hand 2 kept in {place} is skipped: "
        "its match is no longer there",
        f"match {kept}: the entry of hand 2 kept in {place} is skipped: what was typed is not JSON",
        f"match {kept}: the entry of hand 2 kept in {place} is skipped: "
        "what was typed is not a JSON object",
        f"match {kept}: the entry of hand 2 kept in {place} is skipped: "
        "the database has a newer entry from that device",
    ]


def test_a_garbage_entry_no_longer_hides_the_real_one(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'canasta.db'}"
    store = Store.open(url)
    match_id = store.create_match(record()).id
    store.close()
    _kept_file(
        tmp_path,
        [
            _entry(match_id, '{"hand": 2}', kept_at="2026-12-01T10:00:00+00:00"),
            _entry(match_id, "garbage", writer="tab-b", kept_at="2026-12-01T10:05:00+00:00"),
        ],
    )
    again = Store.open(url)
    try:
        assert again.draft(match_id) == '{"hand": 2}'
    finally:
        again.close()


def test_an_entry_whose_write_gave_up_is_written_again_once_the_lock_is_released(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 200)
    store = Store.open(f"sqlite:///{tmp_path / 'canasta.db'}")
    other = sqlite3.connect(tmp_path / "canasta.db", isolation_level=None)
    try:
        match_id = store.create_match(record()).id
        store.hold_draft(match_id, '{"k": 1}', writer="tab-a", stamp="a1")
        store.hold_draft(match_id, '{"k": 2}', writer="tab-a", stamp="a2", base="a1")
        other.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
        store.save_draft(match_id, '{"k": 1}', writer="tab-a", stamp="a1")  # superseded
        with pytest.raises(StoreBusyError):
            store.save_draft(match_id, '{"k": 2}', writer="tab-a", stamp="a2", base="a1")
        assert store.unwritten == 1
        assert store.write_held() == 1  # still locked: still held
        other.execute("ROLLBACK")
        assert store.write_held() == 0
        assert untimed(store.kept_draft(match_id, "tab-a")) == KeptDraft(
            text='{"k": 2}', writer="tab-a", stamp="a2", base="a1"
        )
        assert store.keep_unsaved() is None  # let go once written
    finally:
        other.close()
        store.close()
