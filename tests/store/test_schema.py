"""The schema the migrations make is the one the table models describe."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlmodel import SQLModel

from canasta_scorer.store import Store
from canasta_scorer.store.database import _alembic_config


def test_the_migrations_make_the_tables_of_the_models(store: Store) -> None:
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, SQLModel.metadata) == []
        head = ScriptDirectory.from_config(_alembic_config()).get_current_head()
        assert context.get_current_revision() == head


def test_the_first_schema_is_kept_as_it_is() -> None:
    """Revision 0001 is the first schema, forever: later changes come as new revisions."""
    script = ScriptDirectory.from_config(_alembic_config())
    first = script.get_revision("0001")
    assert first is not None and first.down_revision is None
    revisions = [r.revision for r in script.walk_revisions("base", "heads")]
    assert revisions[-1] == "0001"
    assert len(script.get_heads()) == 1
