"""Alembic environment: migrations run on the connection canasta_scorer hands in."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

from canasta_scorer.store import tables  # noqa: F401  (registers the tables)

target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("canasta_scorer runs its migrations on an open connection")
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
