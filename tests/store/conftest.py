"""Fixtures for the store's tests: a fresh, empty store on SQLite and on PostgreSQL.

Every test that takes ``store`` (or ``db_url``) runs twice: against a real SQLite file in
``tmp_path`` and against PostgreSQL at ``$CANASTA_SCORER_TEST_PG`` (``tests/run`` starts a
throwaway server with ``tests/postgres.sh``). On PostgreSQL the test session gets a schema
of its own, migrated once; every test starts from empty tables (TRUNCATE … RESTART
IDENTITY), so ids start at 1 on both databases. Without that variable the PostgreSQL half
is skipped, or fails when ``CI`` is set: a missing database must not pass quietly in CI.
Run one database only with ``-k sqlite`` or ``-k postgresql``.
"""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text

from canasta_scorer.store import Store

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # storekit: shared with the kill test's child process
    sys.path.insert(0, str(HERE))

PG_ENV = "CANASTA_SCORER_TEST_PG"


def postgres_url_or_skip() -> str:
    """``$CANASTA_SCORER_TEST_PG``; without it, skip the test (fail it under CI)."""
    url = os.environ.get(PG_ENV, "").strip()
    if url:
        return url
    message = (
        f"{PG_ENV} is not set, so the store was not tested on PostgreSQL "
        "(tests/run starts a server with tests/postgres.sh)"
    )
    if os.environ.get("CI"):
        pytest.fail(message + "; CI needs every database", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def postgres_schema_url() -> Iterator[str]:
    """A URL whose connections work in a new schema of their own, migrated once."""
    base = make_url(postgres_url_or_skip())
    schema = f"canasta_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    except Exception as error:
        admin.dispose()
        pytest.fail(f"PostgreSQL at {PG_ENV} cannot be used: {error}", pytrace=False)
    url = base.update_query_dict({"options": f"-csearch_path={schema}"})
    rendered = url.render_as_string(hide_password=False)
    Store.open(rendered).close()  # the migrations, once per session
    try:
        yield rendered
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def empty_postgres(url: str) -> str:
    """Empty every table of the test schema (ids start at 1 again); returns ``url``."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            tables = connection.scalars(
                text(
                    "SELECT quote_ident(tablename) FROM pg_tables "
                    "WHERE schemaname = current_schema() AND tablename <> 'alembic_version'"
                )
            ).all()
            connection.execute(text(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE"))
    finally:
        engine.dispose()
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a new, empty database: a SQLite file, or the PostgreSQL test schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'canasta.db'}"
    return empty_postgres(request.getfixturevalue("postgres_schema_url"))


@pytest.fixture
def open_store(db_url: str) -> Iterator[Callable[[], Store]]:
    """Open another `Store` on the same database (another engine: another phone)."""
    opened: list[Store] = []

    def make() -> Store:
        store = Store.open(db_url)
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.close()


@pytest.fixture
def store(open_store: Callable[[], Store]) -> Store:
    """An empty store, on SQLite and on PostgreSQL."""
    return open_store()


@pytest.fixture
def sqlite_file(tmp_path: Path) -> Path:
    """Where a SQLite store may be made (nothing there yet)."""
    return tmp_path / "canasta.db"
