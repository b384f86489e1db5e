"""Where matches are kept: the database URL, the engine, safety settings, migrations.

Default: SQLite in the user data folder (platformdirs), made on first use. Any
SQLAlchemy URL instead, from ``--db URL`` or ``CANASTA_SCORER_DB`` (PostgreSQL for a
club server). SQLite is opened for safety: foreign keys on, write-ahead log,
``synchronous=FULL``, a busy timeout, every write transaction ``BEGIN IMMEDIATE``.
The schema is brought up to date by Alembic at start-up; a database made by a
newer app, or a file that is not a database, is reported and left untouched.
"""

from __future__ import annotations

import os
import re
import sqlite3
from contextlib import closing
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs
from sqlalchemy import Engine, create_engine, event, make_url, text
from sqlalchemy.exc import ArgumentError, DatabaseError, NoSuchModuleError, OperationalError
from sqlalchemy.pool import StaticPool

from .errors import StoreError

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "APP_NAME",
    "ENV_DB",
    "default_url",
    "make_engine",
    "migrate",
    "open_engine",
    "sqlite_path",
]

APP_NAME = "canasta-scorer"
ENV_DB = "CANASTA_SCORER_DB"
_SQLITE_MAGIC = b"SQLite format 3\x00"
_MIGRATIONS = Path(__file__).parent / "migrations"


def default_url() -> str:
    """The database URL to use: ``CANASTA_SCORER_DB`` if set, else SQLite in the user
    data folder (e.g. ``~/.local/share/canasta-scorer/canasta.db`` on Linux)."""
    env = os.environ.get(ENV_DB, "").strip()
    if env:
        return env
    folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return f"sqlite:///{folder / 'canasta.db'}"


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL; ``None`` for in-memory SQLite and other databases."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    if parsed.database == ":memory:" or parsed.database.startswith("file::memory:"):
        return None
    return Path(parsed.database)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy's "begin" event issues BEGIN
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def make_engine(url: str) -> Engine:
    """An engine for a database URL, with SQLite's safety settings; nothing is created.

    Raises:
        StoreError: the URL cannot be read, or its driver is not installed.
    """
    try:
        parsed = make_url(url)
    except Exception:
        raise StoreError(
            f"{url!r} is not a database URL (e.g. sqlite:///path/to/file.db or "
            "postgresql+psycopg://user:password@host/dbname)"
        ) from None
    try:
        if parsed.get_backend_name() == "sqlite":
            memory = sqlite_path(url) is None
            engine = create_engine(
                parsed,
                connect_args={"check_same_thread": False},
                **({"poolclass": StaticPool} if memory else {}),
            )
            event.listen(engine, "connect", _sqlite_pragmas)
            event.listen(engine, "begin", _sqlite_begin)
            return engine
        return create_engine(parsed, pool_pre_ping=True)
    except NoSuchModuleError:
        raise StoreError(
            f"{parsed.get_backend_name()!r} is not a kind of database canasta_scorer knows "
            "(e.g. sqlite:///path/to/file.db or postgresql+psycopg://user:password@host/dbname)"
        ) from None
    except ArgumentError as error:
        first = str(error).splitlines()[0]
        raise StoreError(
            f"{url!r} is not a database URL canasta_scorer can open ({first}); e.g. "
            "sqlite:////absolute/path/canasta.db or postgresql+psycopg://user:pw@host/dbname"
        ) from None
    except ImportError as error:
        raise StoreError(
            f"the driver for {parsed.get_backend_name()} is not installed "
            f"({error.name}); for PostgreSQL install canasta-scorer[postgres]"
        ) from None


def _alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    return config


def _check_sqlite_file(path: Path) -> None:
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        return
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a database file")
    with path.open("rb") as handle:
        head = handle.read(len(_SQLITE_MAGIC))
    if not head:
        return  # an empty file is a new database to SQLite
    if head != _SQLITE_MAGIC:
        raise StoreError(_damaged(path, "is not a canasta_scorer database"))
    # Read its table names with a plain connection, before the engine's settings (the
    # write-ahead log) change anything: another program's database is left alone.
    try:
        with closing(sqlite3.connect(path)) as connection:
            names = {
                name
                for (name,) in connection.execute(
                    "SELECT name FROM sqlite_master "
                    "WHERE type = 'table' AND name NOT LIKE 'sqlite!_%' ESCAPE '!'"
                )
            }
    except sqlite3.DatabaseError:
        raise StoreError(_damaged(path, "is damaged or not a database")) from None
    if names and "alembic_version" not in names:
        some = ", ".join(sorted(names)[:5]) + (", …" if len(names) > 5 else "")
        raise StoreError(_damaged(path, f"is not a canasta_scorer database (it holds {some})"))


def _copy_sqlite(path: Path, target: Path) -> None:
    """A consistent copy of a SQLite database through SQLite's backup API: with the
    saves still in its write-ahead log, which a copy of the file alone would miss."""
    with closing(sqlite3.connect(path)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)


def _backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.backup-*"))


def _damaged(path: Path, what: str) -> str:
    backups = _backups(path)
    hint = (
        f" The newest backup is {backups[-1]}."
        if backups
        else " There is no automatic backup of it."
    )
    return (
        f"{path} {what}; it was not changed. Move it aside (or pass another "
        f"database with --db) to start a new one.{hint}"
    )


_REVISION = re.compile(r"^(down_)?revision\b[^=\n]*=\s*[\"'](\w+)[\"']", re.MULTILINE)


def _head_revision() -> str | None:
    """The newest migration's revision, read from the migration files (``None`` if
    they do not name exactly one)."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in (_MIGRATIONS / "versions").glob("*.py"):
        for found in _REVISION.finditer(path.read_text(encoding="utf-8")):
            (parents if found.group(1) else revisions).add(found.group(2))
    heads = revisions - parents
    return next(iter(heads)) if len(heads) == 1 else None


def _up_to_date(engine: Engine) -> bool:
    """True when the database's schema is the newest one (one read, no Alembic)."""
    head = _head_revision()
    if head is None:
        return False
    try:
        with engine.connect() as connection:
            current = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except DatabaseError:  # no such table yet, or damaged: the full path says which
        return False
    return current == head


def migrate(engine: Engine) -> None:
    """Bring the database schema up to date (Alembic), backing up a SQLite file first.

    Raises:
        StoreError: the database was made by a newer canasta_scorer (nothing is
            touched), or it is damaged, or it cannot be reached.
    """
    if _up_to_date(engine):
        return  # Alembic (a quarter of a second to import) only when there is work
    from alembic import command
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from alembic.util.exc import CommandError

    config = _alembic_config()
    script = ScriptDirectory.from_config(config)
    head = script.get_current_head()
    path = sqlite_path(str(engine.url))
    try:
        with engine.connect() as connection:
            current = MigrationContext.configure(connection).get_current_revision()
    except DatabaseError as error:
        if path is not None:
            raise StoreError(_damaged(path, "is damaged or not a database")) from None
        raise StoreError(f"cannot open the database: {error.orig}") from None
    if current == head:
        return
    if current is not None:
        try:
            script.get_revision(current)
        except CommandError:
            where = str(path) if path else engine.url.render_as_string(hide_password=True)
            raise StoreError(
                f"the database {where} was made by a newer version of canasta_scorer "
                f"(schema {current}); nothing was changed. Update canasta_scorer to open it."
            ) from None
        if path is not None and path.exists():
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            _copy_sqlite(path, path.with_name(f"{path.name}.backup-{stamp}-{current}"))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except (OperationalError, DatabaseError) as error:
        raise StoreError(f"could not update the database schema: {error.orig}") from None


def open_engine(url: str | None = None) -> Engine:
    """Open the database at ``url`` (default: `default_url`), made and migrated as needed.

    Raises:
        StoreError: not a database, damaged, newer than this app, or unreachable; the
            message says which and that nothing was changed.
    """
    url = url or default_url()
    engine = make_engine(url)  # first: a URL that cannot be read is reported plainly
    path = sqlite_path(url)
    try:
        if path is not None:
            _check_sqlite_file(path)
        migrate(engine)
    except sqlite3.DatabaseError as error:  # pragma: no cover - wrapped by SQLAlchemy
        raise StoreError(str(error)) from None
    except StoreError:
        engine.dispose()
        raise
    except OperationalError as error:
        engine.dispose()
        raise StoreError(f"cannot open the database: {error.orig}") from None
    return engine
