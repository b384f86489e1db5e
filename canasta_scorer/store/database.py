"""Where matches are kept: the database URL, the engine, safety settings, migrations.

Default: SQLite in the user data folder (platformdirs), made on first use. Any
SQLAlchemy URL instead, from ``--db URL`` or ``CANASTA_SCORER_DB`` (PostgreSQL for a
club server). SQLite is opened for safety: foreign keys on, write-ahead log,
``synchronous=FULL``, a busy timeout, every write transaction ``BEGIN IMMEDIATE``;
reads are plain transactions, which in write-ahead-log mode never wait for a writer.
The schema is brought up to date by Alembic at start-up; a database made by a
newer app, or a file that is not a database, is reported and left untouched.

What goes wrong is said as it is (`storage_error`): a database another program is
saving to is *busy* (try again), a folder that cannot be written is *read-only*, a
full disk (or a file-size limit) is *full*; only a file that is not a database or
is damaged is called damaged.
"""

from __future__ import annotations

import errno
import math
import os
import re
import shutil
import sqlite3
import tempfile
import threading
import time
import urllib.parse
import weakref
from contextlib import closing, suppress
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs
from sqlalchemy import Engine, create_engine, event, make_url, text
from sqlalchemy.exc import (
    ArgumentError,
    DatabaseError,
    DBAPIError,
    NoSuchModuleError,
    OperationalError,
)
from sqlalchemy.pool import StaticPool

from canasta_scorer import i18n
from canasta_scorer.i18n import _, quote

from .errors import (
    StoreBusyError,
    StoreError,
    StoreFaultError,
    StoreFullError,
    StoreReadOnlyError,
)

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "APP_NAME",
    "ENV_DB",
    "NO_WAIT",
    "check_whole",
    "default_url",
    "make_engine",
    "migrate",
    "open_engine",
    "opened_read_only",
    "read_only_uri",
    "sqlite_path",
    "stop_waiting",
    "storage_error",
]

APP_NAME = "canasta-scorer"
ENV_DB = "CANASTA_SCORER_DB"
_SQLITE_MAGIC = b"SQLite format 3\x00"
_MIGRATIONS = Path(__file__).parent / "migrations"
#: The environment variable giving how long a write waits for another program's
#: write to end (seconds; 10 when unset).
ENV_BUSY = "CANASTA_SCORER_BUSY_SECONDS"


#: The longest wait `ENV_BUSY` may set (seconds).
BUSY_SECONDS_MOST = 3600


def busy_setting_problem() -> str | None:
    """What is wrong with `ENV_BUSY`'s value, in plain words, or None when it is unset
    or a number of seconds from 0 to `BUSY_SECONDS_MOST`."""
    text = os.environ.get(ENV_BUSY, "").strip()
    if not text:
        return None
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if 0 <= seconds <= BUSY_SECONDS_MOST:
        return None
    return _(
        "{name} is {value}; it must be a number of seconds from 0 to {most}, such as 10 "
        "(or unset). Nothing was changed."
    ).format(name=ENV_BUSY, value=quote(text), most=BUSY_SECONDS_MOST)


def _busy_timeout_ms() -> int:
    """`ENV_BUSY` in milliseconds (10 s when unset; a value that cannot be used is
    refused when a database is opened: `busy_setting_problem`)."""
    text = os.environ.get(ENV_BUSY, "").strip()
    if busy_setting_problem() is not None or not text:
        return 10_000
    return int(float(text) * 1000)


#: How long a write waits for another program's write to end (milliseconds).
BUSY_TIMEOUT_MS = _busy_timeout_ms()
#: How long one try for the write lock waits before the store looks whether it was
#: told to stop waiting (milliseconds; see `stop_waiting`).
LOCK_TRY_MS = 100
#: Per SQLite engine: set once its writes are to stop waiting for the write lock.
_STOPPED: weakref.WeakKeyDictionary[Engine, threading.Event] = weakref.WeakKeyDictionary()
#: The SQLite engines opened to be read only (`make_engine`'s ``read_only``).
_READ_ONLY_ENGINES: weakref.WeakSet[Engine] = weakref.WeakSet()
#: The execution option that marks an engine's transactions as reads only.
READ_ONLY = "canasta_read_only"
#: The execution option that marks an engine's writes as not waiting for another
#: program's write: one that finds the write lock held gives up at once (busy,
#: nothing begun). SQLite only.
NO_WAIT = "canasta_no_wait"


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


def missing_database(url: str) -> Path | None:
    """The file of a SQLite URL that opening would make, because it is not there;
    ``None`` for one that is there, another database, or a URL that cannot be used
    (which `open_engine` words)."""
    try:
        parsed = make_url(url)
        path = sqlite_path(url)
    except Exception:
        return None
    if path is None or parsed.host or path.exists():
        return None
    return path


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # SQLAlchemy's "begin" event issues BEGIN
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_MS)}")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def _sqlite_read_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """A database opened to be read only (`read_only_uri`): nothing is set that
    would write (its journal mode stays as the file has it)."""
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_MS)}")
    cursor.close()


def read_only_uri(path: Path) -> str | None:
    """How to read the SQLite database ``path`` that lies in a folder that cannot be
    written (SQLite cannot make its write-ahead log's files beside it there).

    Returns:
        A ``file:`` URI: ``mode=ro`` when the log's two files are there already
        (SQLite reads them); ``immutable=1`` when there is no log left (every save
        is in the file itself, and nobody can save to it while the folder cannot be
        written); None when a log is there without its index (``-shm``), which
        cannot be read soundly without writing.
    """
    wal = path.with_name(path.name + "-wal")
    shm = path.with_name(path.name + "-shm")
    quoted = urllib.parse.quote(str(path))
    if wal.exists() and shm.exists():
        return f"file:{quoted}?mode=ro"
    if not wal.exists() or wal.stat().st_size == 0:
        return f"file:{quoted}?mode=ro&immutable=1"
    return None


def _sqlite_begin(connection: Any) -> None:
    # A write takes the write lock at once (no deadlock between two writers that
    # both read first); a read takes no lock at all in write-ahead-log mode.
    if connection.get_execution_options().get(READ_ONLY):
        connection.exec_driver_sql("BEGIN")
        return
    if connection.get_execution_options().get(NO_WAIT):
        driver = connection.connection.driver_connection
        driver.execute("PRAGMA busy_timeout=0")
        try:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        finally:
            driver.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_MS)}")
        return
    stopped = _STOPPED.get(connection.engine)
    if stopped is None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")
        return
    # Wait for another program's write in short tries, so that a store told to stop
    # waiting (`stop_waiting`) gives up within one try, with nothing begun.
    driver = connection.connection.driver_connection
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    driver.execute(f"PRAGMA busy_timeout={int(min(LOCK_TRY_MS, BUSY_TIMEOUT_MS))}")
    try:
        while True:
            try:
                connection.exec_driver_sql("BEGIN IMMEDIATE")
                return
            except OperationalError as error:
                if _kind(error.orig) != "busy" or stopped.is_set() or time.monotonic() >= deadline:
                    raise
    finally:
        driver.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_MS)}")


def opened_read_only(engine: Engine) -> bool:
    """True when the engine reads a SQLite file that cannot be changed (its folder
    cannot be written; see `open_engine`)."""
    return engine in _READ_ONLY_ENGINES


def stop_waiting(engine: Engine) -> None:
    """From now on the engine's writes do not wait for another program's write: a
    write that waits gives up within `LOCK_TRY_MS` (busy, nothing changed), and one
    that finds the database free goes ahead. For a server that is stopping; SQLite
    only (a no-op for other databases)."""
    stopped = _STOPPED.get(engine)
    if stopped is not None:
        stopped.set()


def _folder_writable(folder: Path) -> bool:
    """True when a file can be made in ``folder`` (tried, then removed)."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


_BUSY_NAMES = {"SQLITE_BUSY", "SQLITE_LOCKED"}
_FULL_NAMES = {"SQLITE_FULL"}
_READ_ONLY_NAMES = {"SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH"}
_DAMAGE_NAMES = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
#: PostgreSQL's codes: lock not available, deadlock, statement timeout; disk full,
#: out of memory, too many connections; read-only transaction, insufficient privilege.
_PG_BUSY = {"55P03", "40P01", "40001", "57014"}
_PG_FULL = {"53100", "53200"}
_PG_READ_ONLY = {"25006", "42501"}


def _kind(error: BaseException | None) -> str:
    """busy, full, read-only, damaged or other, from a driver's error."""
    name = str(getattr(error, "sqlite_errorname", "") or "")
    base = "_".join(name.split("_")[:2])  # SQLITE_BUSY_SNAPSHOT is SQLITE_BUSY
    text = str(error).lower()
    code = getattr(error, "sqlstate", None)
    if base in _BUSY_NAMES or code in _PG_BUSY or "database is locked" in text:
        return "busy"
    if base in _FULL_NAMES or code in _PG_FULL or "disk is full" in text:
        return "full"
    if getattr(error, "errno", None) in {errno.ENOSPC, errno.EFBIG, errno.EDQUOT}:
        return "full"
    if base in _READ_ONLY_NAMES or code in _PG_READ_ONLY or "readonly" in text:
        return "read-only"
    if "unable to open database file" in text:
        return "read-only"
    if base in _DAMAGE_NAMES or "malformed" in text or "not a database" in text:
        return "damaged"
    if base == "SQLITE_IOERR" or "disk i/o error" in text:
        return "io"
    return "other"


def _no_room(path: Path | None) -> bool:
    """After a failed write: True when the disk of ``path`` is (nearly) full, or a
    file-size limit is set and one of the database's files has reached it."""
    if path is None:
        return False
    with suppress(OSError):
        if shutil.disk_usage(path.parent).free < 1024 * 1024:
            return True
    with suppress(ImportError, OSError, ValueError):
        import resource  # not on Windows

        limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
        if limit != resource.RLIM_INFINITY:
            for file in (path, path.with_name(path.name + "-wal")):
                if file.exists() and file.stat().st_size + 64 * 1024 >= limit:
                    return True
    return False


def storage_error(error: BaseException, where: str, path: Path | None = None) -> StoreError:
    """A driver's error (SQLAlchemy's, sqlite3's, psycopg's) said as what it is.

    Args:
        error: the error.
        where: the database as named to the player (its file or URL, no password).
        path: the SQLite file, to tell a read-only folder from other failures.

    Returns:
        `StoreBusyError`, `StoreFullError`, `StoreReadOnlyError`, or a `StoreFaultError`
        (damaged: what to do; otherwise the driver's first line).
    """
    original = error.orig if isinstance(error, DBAPIError) and error.orig else error
    kind = _kind(original)
    if kind == "io":
        kind = "full" if _no_room(path) else "other"
    if kind == "busy":
        return StoreBusyError(
            _(
                "{where} is busy: another program is saving to it. Nothing was changed; "
                "try again in a moment."
            ).format(where=where)
        )
    if kind == "full":
        return StoreFullError(
            _(
                "no room to save in {where}: the disk is full (or a file-size limit was "
                "reached). Nothing was changed; free some space and try again."
            ).format(where=where)
        )
    if kind == "read-only":
        if path is not None and not _folder_writable(path.parent):
            return StoreReadOnlyError(
                _(
                    "cannot write in the folder {folder}, which holds {file} (SQLite keeps "
                    "its log beside the file). Nothing was changed; make the folder "
                    "writable, or pass another database with --db."
                ).format(folder=path.parent, file=path.name)
            )
        if path is not None and path.exists() and not os.access(path, os.W_OK):
            return StoreReadOnlyError(
                _(
                    "{path} is read-only. Nothing was changed; make it writable, or pass "
                    "another database with --db."
                ).format(path=path)
            )
        first = str(original).splitlines()[0] if str(original) else type(original).__name__
        return StoreReadOnlyError(
            _("{where} cannot be written ({why}). Nothing was changed.").format(
                where=where, why=first
            )
        )
    if kind == "damaged" and path is not None:
        return StoreFaultError(_damaged(path, _("is damaged or not a database")))
    first = str(original).splitlines()[0] if str(original) else type(original).__name__
    return StoreFaultError(_("the database could not save or read: {why}").format(why=first))


def _where(engine: Engine) -> tuple[str, Path | None]:
    path = sqlite_path(str(engine.url))
    return (str(path) if path else engine.url.render_as_string(hide_password=True)), path


def make_engine(url: str, *, read_only: str | None = None) -> Engine:
    """An engine for a database URL, with SQLite's safety settings; nothing is created.

    Args:
        url: the database URL.
        read_only: for a SQLite file to be read only, the ``file:`` URI to open it
            with (`read_only_uri`); every write is then refused as read-only.

    Raises:
        StoreError: the URL cannot be read, or its driver is not installed.
    """
    try:
        parsed = make_url(url)
    except Exception:
        raise StoreError(
            _(
                "{url} is not a database URL (e.g. sqlite:///path/to/file.db or "
                "postgresql+psycopg://user:password@host/dbname)"
            ).format(url=quote(url))
        ) from None
    try:
        if parsed.get_backend_name() == "sqlite":
            memory = sqlite_path(url) is None
            if read_only is not None:
                uri = read_only
                engine = create_engine(
                    parsed,
                    creator=lambda: sqlite3.connect(uri, uri=True, check_same_thread=False),
                )
                event.listen(engine, "connect", _sqlite_read_pragmas)
                event.listen(engine, "begin", _sqlite_begin)
                _STOPPED[engine] = threading.Event()
                _READ_ONLY_ENGINES.add(engine)
                return engine
            engine = create_engine(
                parsed,
                connect_args={"check_same_thread": False},
                **({"poolclass": StaticPool} if memory else {}),
            )
            event.listen(engine, "connect", _sqlite_pragmas)
            event.listen(engine, "begin", _sqlite_begin)
            _STOPPED[engine] = threading.Event()
            return engine
        return create_engine(parsed, pool_pre_ping=True)
    except NoSuchModuleError:
        raise StoreError(
            _(
                "{kind} is not a kind of database canasta_scorer knows (e.g. "
                "sqlite:///path/to/file.db or postgresql+psycopg://user:password@host/dbname)"
            ).format(kind=quote(parsed.get_backend_name()))
        ) from None
    except ArgumentError as error:
        first = str(error).splitlines()[0]
        raise StoreError(
            _(
                "{url} is not a database URL canasta_scorer can open ({why}); e.g. "
                "sqlite:////absolute/path/canasta.db or postgresql+psycopg://user:pw@host/dbname"
            ).format(url=quote(url), why=first)
        ) from None
    except ImportError as error:
        raise StoreError(
            _(
                "the driver for {kind} is not installed ({module}); for PostgreSQL install "
                "canasta-scorer[postgres]"
            ).format(kind=parsed.get_backend_name(), module=error.name)
        ) from None


def _alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    return config


def _file_above(path: Path) -> Path | None:
    """The nearest folder of ``path``'s that exists, when it is a file instead (so no
    database can be made below it), else None."""
    for above in path.parents:
        if above.exists():
            return None if above.is_dir() else above
    return None


def _check_sqlite_file(path: Path, uri: str | None = None) -> None:
    if not path.exists():
        file = _file_above(path)
        if file is not None:
            raise StoreError(
                _(
                    "cannot make a new database at {path}: {file} is a file, not a folder; "
                    "pass another database with --db"
                ).format(path=path, file=file)
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreReadOnlyError(
                _(
                    "cannot make the folder {folder} for a new database ({why}); pass "
                    "another database with --db"
                ).format(folder=path.parent, why=i18n.system_error_text(error))
            ) from None
        if not _folder_writable(path.parent):
            raise StoreReadOnlyError(
                _(
                    "cannot make a new database in {folder}: that folder is not writable; "
                    "pass another database with --db"
                ).format(folder=path.parent)
            )
        return
    if path.is_dir():
        raise StoreError(_("{path} is a folder, not a database file").format(path=path))
    with path.open("rb") as handle:
        head = handle.read(len(_SQLITE_MAGIC))
    if not head:
        return  # an empty file is a new database to SQLite
    if head != _SQLITE_MAGIC:
        raise StoreError(_damaged(path, _("is not a canasta_scorer database"), ours=False))
    # Read its table names with a plain connection, before the engine's settings (the
    # write-ahead log) change anything: another program's database is left alone.
    try:
        with closing(
            sqlite3.connect(uri, uri=True) if uri is not None else sqlite3.connect(path)
        ) as connection:
            names = {
                name
                for (name,) in connection.execute(
                    "SELECT name FROM sqlite_master "
                    "WHERE type = 'table' AND name NOT LIKE 'sqlite!_%' ESCAPE '!'"
                )
            }
    except sqlite3.DatabaseError as error:
        if _kind(error) in {"damaged", "other"}:
            raise StoreError(_damaged(path, _("is damaged or not a database"))) from None
        raise storage_error(error, str(path), path) from None
    if names and "alembic_version" not in names:
        some = ", ".join(sorted(names)[:5]) + (", …" if len(names) > 5 else "")
        raise StoreError(
            _damaged(
                path,
                _("is not a canasta_scorer database (it holds {tables})").format(tables=some),
                ours=False,
            )
        )


def _copy_sqlite(path: Path, target: Path) -> None:
    """A consistent copy of a SQLite database through SQLite's backup API: with the
    saves still in its write-ahead log, which a copy of the file alone would miss."""
    with closing(sqlite3.connect(path)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)


def _backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.backup-*"))


def check_whole(engine: Engine) -> None:
    """Check that a SQLite database file is whole before all of it is read out (a
    backup): SQLite's ``PRAGMA quick_check``, which reads every page (a damaged page
    in the middle of a file is otherwise read past without a word by queries that do
    not touch it, or lost from what they find). Nothing is checked on PostgreSQL,
    which keeps its own pages whole.

    Raises:
        StoreFaultError: the file is damaged (SQLite's first complaint is named,
            and the backups beside it, as for a file that cannot be opened).
        StoreError: the file cannot be read for another reason (busy, …).
    """
    where, path = _where(engine)
    if path is None:
        return
    try:
        with engine.execution_options(**{READ_ONLY: True}).connect() as connection:
            found = [str(row[0]) for row in connection.execute(text("PRAGMA quick_check"))]
    except DatabaseError as error:
        if _kind(error.orig) in {"damaged", "other"}:
            raise StoreFaultError(
                _damaged(path, _("is damaged or not a database"), fresh=False)
            ) from None
        raise storage_error(error, where, path) from None
    if found != ["ok"]:
        first = next((line for line in found if not line.startswith("***")), found[0])
        raise StoreFaultError(
            _damaged(
                path,
                _("is damaged (SQLite's check of the file says: {said})").format(
                    said=first.strip()
                ),
                fresh=False,
            )
        )


def _damaged(path: Path, what: str, *, ours: bool = True, fresh: bool = True) -> str:
    """Why a SQLite file is not opened, and what helps: ``ours`` when it may be a
    database canasta_scorer wrote (damaged), so its backups beside it (made before
    each upgrade, `migrate`) are named, or where they would be; a file the app never
    wrote (not SQLite, another program's tables) has none to name, unless one lies
    beside it. ``fresh``: say how to start a new database (not when the file was
    being read out, e.g. for a backup of it)."""
    backups = _backups(path)
    said = [_("{path} {what}; it was not changed.").format(path=path, what=what)]
    if fresh:
        said.append(_("Move it aside (or pass another database with --db) to start a new one."))
    if backups:
        said.append(
            _("The newest backup is {backup}: copy it over {path} to go back to it.").format(
                backup=backups[-1], path=path
            )
        )
    elif ours:
        said.append(
            _(
                "canasta_scorer keeps a backup beside a database ({file}.backup-…) only "
                "before upgrading it: there is none of this one."
            ).format(file=path.name)
        )
    return " ".join(said)


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
        # no lock taken, as when Alembic reads it
        with engine.execution_options(**{READ_ONLY: True}).connect() as connection:
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
    where, path = _where(engine)
    try:
        # reading the schema version takes no lock: a busy database opens at once
        with engine.execution_options(**{READ_ONLY: True}).connect() as connection:
            current = MigrationContext.configure(connection).get_current_revision()
    except DatabaseError as error:
        if path is not None and _kind(error.orig) == "other":
            raise StoreError(_damaged(path, _("is damaged or not a database"))) from None
        if _kind(error.orig) == "other":
            raise StoreError(_("cannot open the database: {why}").format(why=error.orig)) from None
        raise storage_error(error, where, path) from None
    if current == head:
        return
    if current is not None:
        try:
            script.get_revision(current)
        except CommandError:
            where = str(path) if path else engine.url.render_as_string(hide_password=True)
            raise StoreError(
                _(
                    "the database {where} was made by a newer version of canasta_scorer "
                    "(schema {schema}); nothing was changed. Update canasta_scorer to open it."
                ).format(where=where, schema=current)
            ) from None
        if path is not None and path.exists():
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            try:
                _copy_sqlite(path, path.with_name(f"{path.name}.backup-{stamp}-{current}"))
            except (sqlite3.Error, OSError) as error:
                raise storage_error(error, where, path) from None
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except (OperationalError, DatabaseError) as error:
        if _kind(error.orig) == "other":
            raise StoreError(
                _("could not update the database schema: {why}").format(why=error.orig)
            ) from None
        raise storage_error(error, where, path) from None


def open_engine(url: str | None = None, *, reading: bool = False, existing: bool = False) -> Engine:
    """Open the database at ``url`` (default: `default_url`), made and migrated as needed.

    A SQLite file in a folder that cannot be written is opened to be read only
    (`read_only_uri`, `opened_read_only`): its matches can be looked at, and every
    change is refused as read-only. With ``reading`` (the matches are only to be
    read: listed, exported, backed up), a SQLite file on a full disk is opened the
    same way when every save is in the file itself (no log left beside it): SQLite
    needs room beside it to open it otherwise, and nobody can save to it meanwhile.
    With ``existing``, a SQLite file that is not there is refused rather than made
    (a database named only to be read: a slip of its name would make an empty one).

    Raises:
        StoreError: not a database, damaged, newer than this app, or unreachable, or
            `ENV_BUSY` cannot be used, or (``existing``) not there; the message says
            which and that nothing was changed.
    """
    problem = busy_setting_problem()
    if problem is not None:
        raise StoreError(problem)
    missing = missing_database(url or default_url()) if existing else None
    if missing is not None:
        raise StoreError(
            _(
                "there is no database at {path}: check the name given with --db (a new one "
                "is made by import, or by the app)"
            ).format(path=missing)
        )
    try:
        return _open_engine(url)
    except StoreFullError:
        path = sqlite_path(url or default_url())
        if not reading or path is None or not path.is_file():
            raise
        wal = path.with_name(path.name + "-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise StoreFullError(
                _(
                    "cannot read {path}: the disk is full, and SQLite needs room beside it to "
                    "read the saves still in its log ({log}); free some space, then try "
                    "again. Nothing was changed."
                ).format(path=path, log=wal.name)
            ) from None
    uri = f"file:{urllib.parse.quote(str(path))}?mode=ro&immutable=1"
    engine = make_engine(url or default_url(), read_only=uri)
    try:
        _check_sqlite_file(path, uri)
        if not _up_to_date(engine):
            raise StoreFullError(
                _(
                    "{path} was made by another version of canasta_scorer and the disk is "
                    "full, so it cannot be brought up to date; free some space, then try "
                    "again. Nothing was changed."
                ).format(path=path)
            )
    except BaseException:
        engine.dispose()
        raise
    return engine


def _open_engine(url: str | None) -> Engine:
    url = url or default_url()
    engine = make_engine(url)  # first: a URL that cannot be read is reported plainly
    path = sqlite_path(url)
    uri = None
    if path is not None and path.is_file() and not _folder_writable(path.parent):
        # SQLite keeps its log beside the file: in a folder that cannot be written,
        # the matches can be read, not changed
        uri = read_only_uri(path)
        if uri is None:
            raise StoreReadOnlyError(
                _(
                    "cannot read {path}: its folder {folder} cannot be written, and SQLite "
                    "needs to write there to read the saves still in its log ({log}); make "
                    "the folder writable, then open it again. Nothing was changed."
                ).format(path=path, folder=path.parent, log=f"{path.name}-wal")
            )
    if uri is not None:
        engine.dispose()
        engine = make_engine(url, read_only=uri)
    try:
        if path is not None:
            _check_sqlite_file(path, uri)
        if uri is not None and path is not None:
            if not _up_to_date(engine):
                raise StoreReadOnlyError(
                    _(
                        "{path} was made by another version of canasta_scorer and its folder "
                        "{folder} cannot be written, so it cannot be brought up to date; "
                        "make the folder writable, then open it again. Nothing was changed."
                    ).format(path=path, folder=path.parent)
                )
        else:
            migrate(engine)
    except sqlite3.DatabaseError as error:  # pragma: no cover - wrapped by SQLAlchemy
        raise StoreError(str(error)) from None
    except StoreError:
        engine.dispose()
        raise
    except OperationalError as error:
        engine.dispose()
        if _kind(error.orig) == "other":
            raise StoreError(_("cannot open the database: {why}").format(why=error.orig)) from None
        raise storage_error(error, *_where(engine)) from None
    return engine
