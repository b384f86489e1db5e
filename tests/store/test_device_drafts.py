"""Drafts per device: two devices entering the same hand keep one draft each."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from sqlalchemy import create_engine, text
from storekit import record

from canasta_scorer.store import KeptDraft, Store
from canasta_scorer.store.database import _alembic_config


def test_each_device_keeps_its_own_draft(store: Store) -> None:
    state = store.create_match(record())
    store.save_draft(state.id, '{"k": 1}', writer="tab-a", stamp="a1")
    store.save_draft(state.id, '{"q": 1}', writer="tab-b", stamp="b1", base="a1")
    assert store.kept_draft(state.id, "tab-a") == KeptDraft(
        text='{"k": 1}', writer="tab-a", stamp="a1", base=""
    )
    assert store.kept_draft(state.id) == KeptDraft(
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
        assert again.kept_draft(match_id, "tab-a") == KeptDraft(
            text='{"k": 2}', writer="tab-a", stamp="a2", base="a1"
        )
        assert again.kept_draft(match_id, "tab-b") == KeptDraft(
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
