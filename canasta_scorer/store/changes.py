"""The store's announcements: which match changed and how, after the change is saved.

Every change to a match (a hand saved, edited or deleted, an undo or redo, the match
started, deleted or brought back) is announced once its transaction has committed,
to every subscriber of `Store.changes` in this process. On PostgreSQL the change is
also sent with ``NOTIFY`` inside the saving transaction (PostgreSQL delivers it on
commit, never for a change rolled back), and a listener thread per `Store` hears the
changes saved by other processes on the same database and announces them here too.
SQLite has no such path: another process's changes are read when a screen reloads.

Subscribers are called in the thread that saved (or the listener's thread); they must
be quick and must not raise (an exception is logged and the others still hear).
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import uuid
from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, ValidationError

if TYPE_CHECKING:
    from sqlalchemy import Engine

__all__ = ["NOTIFY_SQL", "Change", "ChangeKind", "Changes", "Subscriber"]

_log = logging.getLogger("canasta_scorer.store")

#: Prefix of the PostgreSQL channel; the schema's name follows, so two stores in
#: two schemas of one database never hear each other.
CHANNEL_PREFIX = "canasta_scorer_"


class ChangeKind(StrEnum):
    """What happened to a match."""

    CREATED = "created"
    HAND_ADDED = "hand_added"
    HAND_EDITED = "hand_edited"
    HAND_DELETED = "hand_deleted"
    UNDONE = "undone"
    REDONE = "redone"
    DELETED = "deleted"
    RESTORED = "restored"
    #: A device kept the hand it is entering (its draft, written debounced): the
    #: match itself did not change.
    DRAFT_KEPT = "draft_kept"
    #: Announcements from other processes were interrupted (the database connection
    #: was lost and is back): any match may have changed meanwhile.
    RESYNC = "resync"


class Change(BaseModel):
    """One announced change.

    Attributes:
        match_id: the match that changed (``None`` for `ChangeKind.RESYNC`).
        kind: what happened.
        version: the match's version after the change (0 for a resync).
        hand: the hand added, edited or deleted (0 = the first), if one.
        remote: True when the change was saved by another process (heard through
            PostgreSQL), False when saved through this process.
        writer: for `ChangeKind.DRAFT_KEPT`, the device (tab) that kept its draft.
        stamp: for `ChangeKind.DRAFT_KEPT`, the version of the draft kept.
        base: for `ChangeKind.DRAFT_KEPT`, the version it was made from ("" if new).
    """

    model_config = ConfigDict(frozen=True)

    match_id: int | None
    kind: ChangeKind
    version: int = 0
    hand: int | None = None
    remote: bool = False
    writer: str = ""
    stamp: str = ""
    base: str = ""


#: Called with every change.
Subscriber = Callable[[Change], object]


#: The channel of the schema the store's tables are in (both the sender and the
#: listener name it so, in SQL).
CHANNEL_SQL = f"left('{CHANNEL_PREFIX}' || current_schema(), 63)"

#: Sends a change inside the saving transaction: delivered when it commits.
NOTIFY_SQL = f"SELECT pg_notify({CHANNEL_SQL}, :payload)"


class Changes:
    """Subscribers to one store's changes, and (on PostgreSQL) its listener.

    Args:
        engine: the store's engine; on PostgreSQL the first subscriber starts a
            thread that listens for other processes' changes.
    """

    def __init__(self, engine: Engine | None = None) -> None:
        self._engine = engine
        self._subscribers: list[Subscriber] = []
        self._lock = threading.Lock()
        self._listener: _Listener | None = None
        #: Marks this store's own notifications, which it has announced already.
        self.origin = uuid.uuid4().hex

    @property
    def crosses_processes(self) -> bool:
        """True when other processes' changes are heard (PostgreSQL)."""
        return self._engine is not None and self._engine.dialect.name == "postgresql"

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Call ``subscriber`` with every change from now on.

        Returns:
            A function that ends the subscription.
        """
        with self._lock:
            self._subscribers.append(subscriber)
            if self.crosses_processes and self._listener is None:
                assert self._engine is not None
                self._listener = _Listener(self._engine, self)
                self._listener.start()

        def unsubscribe() -> None:
            with self._lock:
                if subscriber in self._subscribers:
                    self._subscribers.remove(subscriber)

        return unsubscribe

    def listening(self, timeout: float = 0.0) -> bool:
        """True once other processes' changes are heard (waits up to ``timeout``
        seconds); always False on SQLite."""
        listener = self._listener
        return listener is not None and listener.ready.wait(timeout)

    def publish(self, change: Change) -> None:
        """Announce a change to every subscriber (an error in one is logged)."""
        with self._lock:
            subscribers = list(self._subscribers)
        for subscriber in subscribers:
            try:
                subscriber(change)
            except Exception:
                _log.exception("a subscriber to the store's changes failed on %s", change)

    def payload(self, change: Change) -> str:
        """The text sent with ``NOTIFY`` for a change saved here."""
        data = change.model_dump(mode="json", exclude={"remote"})
        data["origin"] = self.origin
        return json.dumps(data, separators=(",", ":"))

    def heard(self, payload: str) -> None:
        """A notification from PostgreSQL: announce it unless it is this store's own
        (announced already) or cannot be read (logged)."""
        try:
            data: dict[str, Any] = json.loads(payload)
            if data.pop("origin", None) == self.origin:
                return
            change = Change.model_validate({**data, "remote": True})
        except (ValueError, ValidationError, AttributeError, TypeError):
            _log.warning("a change notification could not be read: %r", payload[:200])
            return
        self.publish(change)

    def close(self) -> None:
        """Stop listening (the subscribers stay; nothing more comes from elsewhere)."""
        with self._lock:
            listener, self._listener = self._listener, None
        if listener is not None:
            listener.stop()


class _Listener(threading.Thread):
    """``LISTEN`` on a connection of its own, reconnecting (at most every 5 s) when
    the connection is lost; after a reconnect, a `ChangeKind.RESYNC` is announced."""

    def __init__(self, engine: Engine, changes: Changes) -> None:
        super().__init__(name="canasta-scorer-changes", daemon=True)
        self._engine = engine
        self._changes = changes
        self._halt = threading.Event()
        self.ready = threading.Event()

    def stop(self) -> None:
        self._halt.set()
        self.join(timeout=5)

    def run(self) -> None:
        delay = 0.2
        connected_before = False
        while not self._halt.is_set():
            try:
                connection = self._connect()
            except Exception as error:
                _log.warning("cannot listen for changes (%s); trying again", error)
                self._halt.wait(delay)
                delay = min(delay * 2, 5.0)
                continue
            delay = 0.2
            try:
                self.ready.set()
                if connected_before:
                    self._changes.publish(Change(match_id=None, kind=ChangeKind.RESYNC))
                connected_before = True
                while not self._halt.is_set():
                    for note in connection.notifies(timeout=0.5):
                        self._changes.heard(note.payload)
                        if self._halt.is_set():
                            break
            except Exception as error:
                if not self._halt.is_set():
                    _log.warning("listening for changes stopped (%s); reconnecting", error)
            finally:
                self.ready.clear()
                with contextlib.suppress(Exception):  # already gone
                    connection.close()

    def _connect(self) -> Any:
        """A psycopg connection of its own (the engine's settings, e.g. the schema
        search path), in autocommit, listening on the schema's channel."""
        from psycopg import sql

        pooled = self._engine.raw_connection()
        pooled.detach()  # never back to the pool: it stays in LISTEN
        connection: Any = pooled.dbapi_connection
        connection.rollback()
        connection.autocommit = True
        channel = connection.execute(f"SELECT {CHANNEL_SQL}").fetchone()[0]
        connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
        return connection
