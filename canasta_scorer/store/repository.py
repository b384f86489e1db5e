"""The store's API: matches, hands, history, players, export and import.

Every method is one transaction: a change is saved whole or not at all. Every
change to a match names the version it was made from; a match changed elsewhere
since then raises `ConflictError` and nothing is saved. Scores, minimums and the
winner come from `canasta_scorer.rules`; the cached totals of a match are rewritten
from them on every save.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict
from sqlalchemy import (
    Engine,
    Select,
    bindparam,
    case,
    delete,
    func,
    insert,
    or_,
    select,
    text,
    tuple_,
    update,
)
from sqlalchemy.exc import DatabaseError, OperationalError
from sqlalchemy.orm import aliased
from sqlmodel import Session, col

from canasta_scorer import i18n
from canasta_scorer.i18n import _, quote
from canasta_scorer.rules import (
    CanastaError,
    EditCheck,
    Finding,
    HouseRule,
    MatchHand,
    MatchRecord,
    MatchScore,
    MatchSide,
    MatchStatus,
    PartnershipTally,
    PlayerTally,
    RecordError,
    Severity,
    Statistics,
    check_edit,
    dump_match,
    match_rules,
    match_tallies,
    name_order,
    plain_name,
    player_key,
    score_match,
    score_next_hand,
    side_players,
    summarize,
    validate_record,
)

from .changes import NOTIFY_SQL, Change, ChangeKind, Changes
from .database import (
    NO_WAIT,
    READ_ONLY,
    check_whole,
    open_engine,
    opened_read_only,
    sqlite_path,
    stop_waiting,
    storage_error,
)
from .errors import (
    ConflictError,
    LaterHandsError,
    NotFoundError,
    RuleViolationError,
    StoreError,
)
from .exchange import (
    BackupFile,
    BackupMatch,
    HandTexts,
    fingerprint,
    read_backup_or_match,
    score_sheet_csv,
)
from .tables import (
    EVERY_MATCH,
    ChangeRow,
    DraftRow,
    HandRow,
    MatchPartnershipRow,
    MatchPlayerRow,
    MatchRow,
    PartnershipFilterTotalsRow,
    PartnershipTotalsRow,
    PlayerFilterTotalsRow,
    PlayerRow,
    PlayerTotalsRow,
    RuleSetRow,
    SidePlayerRow,
    SideRow,
    utcnow,
)
from .unsaved import Unsaved, read_unsaved, unsaved_places, write_unsaved

__all__ = [
    "BackupResult",
    "ImportPreview",
    "ImportResult",
    "MatchState",
    "MatchSummary",
    "Store",
    "UnreadableMatch",
]

#: Changes kept per match for undo.
UNDO_DEPTH = 100

#: An edit of a match's hands: new hands, a description for undo, hands to check.
_Edit = Callable[[list[MatchHand]], tuple[list[MatchHand], str, list[int]]]

log = logging.getLogger("canasta_scorer")


class KeptDraft(BaseModel):
    """A hand a device is entering, as kept (`Store.kept_draft`).

    Attributes:
        text: the entry as JSON text from the app.
        writer: the device (tab) entering it.
        stamp: this version of the entry.
        base: the version it was made from ("" for a new entry).
        kept_at: when this version was kept (UTC), if known.
    """

    model_config = ConfigDict(frozen=True)

    text: str
    writer: str = ""
    stamp: str = ""
    base: str = ""
    kept_at: datetime | None = None


class MatchState(BaseModel):
    """A match as stored, with its score recomputed through the rules engine.

    Attributes:
        id: the match's id in this store.
        version: pass it back with the next change (optimistic locking).
        status: ``in_progress`` or ``finished``.
        record: the match file (sides, players, start scores, every hand's entry).
        score: totals, minimums, winner, findings, each hand's breakdown.
        undo, redo: what undo / redo would do (``None``: nothing to undo / redo).
    """

    model_config = ConfigDict(frozen=True)

    id: int
    version: int
    status: MatchStatus
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    record: MatchRecord
    score: MatchScore
    undo: str | None
    redo: str | None


class NamedRuleSet(BaseModel):
    """A set of house rules kept under a name (the family's own, picked in one tap).

    Attributes:
        name: the name as given.
        house_rules: house-rule ids (rules §3).
    """

    model_config = ConfigDict(frozen=True)

    name: str
    house_rules: frozenset[str]


class MatchSummary(BaseModel):
    """One line of the match list: who, when, totals and winner (from the cache)."""

    model_config = ConfigDict(frozen=True)

    id: int
    variant: str
    status: MatchStatus
    created_at: datetime
    finished_at: datetime | None
    sides: tuple[str, ...]
    players: tuple[tuple[str, ...], ...]
    running_totals: tuple[int, ...]
    winner: str | None
    margin: int | None
    hand_count: int
    #: the saved totals could not be read, so they were recomputed from the hands
    recomputed: bool = False


class UnreadableMatch(BaseModel):
    """A stored match that cannot be read back as a match file (a garbled hand, a
    name the rules refuse): its raw stored text, so nothing of it is lost.

    Attributes:
        id: the match's id in this store.
        problem: what cannot be read, in plain words.
        raw: its stored rows as text (sides, players, each hand's entry as stored).
    """

    model_config = ConfigDict(frozen=True)

    id: int
    problem: str
    raw: dict[str, Any]


class BackupResult(BaseModel):
    """A backup: the backup file of every readable match, and the matches that could
    not be read (with their raw text), which are not in the file."""

    model_config = ConfigDict(frozen=True)

    text: str
    unreadable: tuple[UnreadableMatch, ...] = ()


class ImportResult(BaseModel):
    """What an import did: new match ids, and matches already in the store (not doubled)."""

    model_config = ConfigDict(frozen=True)

    created: tuple[int, ...]
    already_there: tuple[int, ...]


class ImportPreview(BaseModel):
    """What an import would do, before anything is saved (`Store.import_preview`).

    Attributes:
        records: every match the file holds, in its order (a match file holds one).
        scores: each match's score, in the same order.
        already_there: for each match, the id of the same match already in the store
            (it would not be imported again), else ``None``.
        backup: True for a backup file, False for a match file.
    """

    model_config = ConfigDict(frozen=True)

    records: tuple[MatchRecord, ...]
    scores: tuple[MatchScore, ...]
    already_there: tuple[int | None, ...]
    backup: bool


#: The summed columns of the kept statistics (the best hand is a maximum).
_SUMMED = (
    "played",
    "in_progress",
    "won",
    "hands",
    "points",
    "card_hands",
    "quick_hands",
    "canastas",
    "went_out",
)

#: Version of the per-match statistics the store keeps; a match kept under another
#: (or none, as after migration 0004) is computed again before statistics are read.
STATS_VERSION = 1

#: Matches whose kept statistics are missing or of an older version: one condition at a
#: time, so each is an index lookup (their OR scanned the whole index).
_STALE = (
    col(MatchRow.stats_version).is_(None),
    col(MatchRow.stats_version) < STATS_VERSION,
)


#: What one match adds to the filter totals: its players' ids (the matches it is among),
#: each player's kept counts ``(player_id, variant, status, counts, best_hand)`` and each
#: partnership's ``(key, players, variant, status, counts)``.
_PlayerPart = tuple[int, str, str, dict[str, int], int | None]
_PairPart = tuple[str, str, str, str, dict[str, int]]
_Part = tuple[set[int], list[_PlayerPart], list[_PairPart]]
_PAIR_SUMS = ("played", "in_progress", "won")
#: The columns of a match's kept rows that `Store._keep_stats` writes again.
_KEPT_COLUMNS = (*_SUMMED, "best_hand", "variant", "status")
_PAIR_KEPT_COLUMNS = (*_PAIR_SUMS, "variant", "status")


def _part(players: Sequence[MatchPlayerRow], pairs: Sequence[MatchPartnershipRow]) -> _Part:
    """What a match's kept rows add to the filter totals."""
    return (
        {kept.player_id for kept in players},
        [
            (
                kept.player_id,
                kept.variant,
                kept.status,
                {name: getattr(kept, name) for name in _SUMMED},
                kept.best_hand,
            )
            for kept in players
        ],
        [
            (
                pair.key,
                pair.players,
                pair.variant,
                pair.status,
                {name: getattr(pair, name) for name in _PAIR_SUMS},
            )
            for pair in pairs
        ],
    )


def _partnership_tally(
    key: str, players: str, played: int, in_progress: int, won: int
) -> PartnershipTally:
    """A partnership's kept counts as the engine's tally (its key ``"Ann|Bo"`` and its
    players' names as stored JSON)."""
    return PartnershipTally(
        key=tuple(key.split("|")),
        players=tuple(json.loads(players)),
        played=played,
        in_progress=in_progress,
        won=won,
    )


def _filter_cells(
    cells: type[PlayerFilterTotalsRow] | type[PartnershipFilterTotalsRow],
    among: Any,
    status: str | None,
    variant: str | None,
) -> list[Any]:
    """The conditions that pick a filter's rows of kept filter totals: among every
    match or one player's, of a status and a variant when given."""
    where = [col(cells.among_id) == among]
    if status:
        where.append(col(cells.status) == status)
    if variant:
        where.append(col(cells.variant) == variant)
    return where


def _changed(result: Any) -> bool:
    """Whether an UPDATE changed a row."""
    return bool(result.rowcount)


def _status(stored: str) -> MatchStatus:
    return MatchStatus.FINISHED if stored == MatchStatus.FINISHED else MatchStatus.IN_PROGRESS


def _aware(moment: datetime | None) -> datetime | None:
    if moment is None:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _kept(row: DraftRow) -> KeptDraft:
    """A device's kept entry as read from its row."""
    return KeptDraft(
        text=row.draft,
        writer=row.writer,
        stamp=row.stamp,
        base=row.base,
        kept_at=_aware(row.updated_at),
    )


def _kept_at(text: Any) -> datetime | None:
    """The time an entry was kept in a file (ISO text), in UTC; None if it is not one."""
    if not isinstance(text, str):
        return None
    try:
        return _utc(datetime.fromisoformat(text))
    except ValueError:
        return None


def _utc(moment: datetime) -> datetime:
    """The moment in UTC (a time without a zone is taken as UTC). SQLite keeps no zone,
    so every time is stored in UTC: 10:00+02:00 must be stored as 08:00."""
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


def _hand_json(hand: MatchHand) -> str:
    return json.dumps(
        hand.model_dump(mode="json", exclude_defaults=True),
        ensure_ascii=False,
        separators=(",", ":"),
    )


def _splice_json(old: Sequence[MatchHand], new: Sequence[MatchHand], *, before: bool) -> str:
    """One side of a change as a splice: the hands from ``at`` that differ, before or after.

    Only the changed hands are kept (an edit of hand 3 keeps hand 3), so the undo
    history stays small however long the match; a hand that is the same object on
    both sides is not written out to be compared.
    """
    at = 0
    while at < min(len(old), len(new)) and _same_hand(old[at], new[at]):
        at += 1
    tail = 0
    while tail < min(len(old), len(new)) - at and _same_hand(old[-1 - tail], new[-1 - tail]):
        tail += 1
    part = old[at : len(old) - tail] if before else new[at : len(new) - tail]
    return f'{{"at":{at},"hands":[{",".join(_hand_json(hand) for hand in part)}]}}'


def _same_hand(one: MatchHand, other: MatchHand) -> bool:
    """True when two hands are stored as the same text."""
    return one is other or _hand_json(one) == _hand_json(other)


def _apply_change(
    current: Sequence[MatchHand], before: str, after: str, *, forward: bool, where: str
) -> list[MatchHand]:
    """The hands after undoing (or redoing) a change stored by `_splice_json`; a change
    stored as whole lists of hands (the first schema's form) is read too."""
    old, new = json.loads(before), json.loads(after)
    target, replaced = (new, old) if forward else (old, new)
    if isinstance(target, list):  # whole lists of hands
        return [_read_hand(json.dumps(item), where) for item in target]
    at = int(target["at"])
    insert = [_read_hand(json.dumps(item), where) for item in target["hands"]]
    return [*current[:at], *insert, *current[at + len(replaced["hands"]) :]]


def _read_hand(text: str, where: str) -> MatchHand:
    try:
        return validate_record(MatchHand, json.loads(text))
    except (RecordError, ValueError) as error:
        raise StoreError(
            _("a stored hand ({where}) cannot be read: {why}").format(where=where, why=error)
        ) from None


def _cached_totals(text: str, sides: int) -> tuple[int, ...] | None:
    """The running totals kept in the cache, or None when they cannot be read."""
    try:
        value = json.loads(text)
    except (ValueError, TypeError):
        return None
    if (
        not isinstance(value, list)
        or len(value) != sides
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return None
    return tuple(value)


def _errors(findings: Sequence[Finding], prefixes: Sequence[str]) -> list[Finding]:
    """Errors whose path is one of the prefixes (or below it), or about the whole match."""
    found = []
    for finding in findings:
        if finding.severity is not Severity.ERROR:
            continue
        where = finding.where
        if not where.startswith("hands[") or any(
            where == p or where.startswith(p + ".") for p in prefixes
        ):
            found.append(finding)
    return found


#: How many scored matches a store keeps for reading again at the same version.
SCORED_KEPT = 32

#: The statements of a save, each built once (by what it is for, with its values as
#: bound parameters): building a statement costs SQLAlchemy more than running it.
_BUILT: dict[tuple[Any, ...], Any] = {}


def _built(key: tuple[Any, ...], build: Callable[[], Any]) -> Any:
    """The statement ``key`` names, built by ``build`` the first time it is asked for."""
    statement = _BUILT.get(key)
    if statement is None:
        statement = _BUILT[key] = build()
    return statement


def _update_kept(
    session: Session,
    table: Any,
    key: str,
    columns: Sequence[str],
    changes: list[dict[str, Any]],
) -> None:
    """Write the kept statistics rows of a match that changed: one UPDATE for them
    all (executemany), built once per table.

    Args:
        session: the transaction.
        table: the kept rows' table (`MatchPlayerRow`'s or `MatchPartnershipRow`'s).
        key: the column naming a row within its match (``player_id``, ``key``).
        columns: the columns written.
        changes: per row, ``at_match`` (the match's id), ``at_row`` (the row's
            ``key``) and ``new_<column>`` for each of ``columns``.
    """
    statement = _built(
        ("update kept", table.name),
        lambda: (
            update(table)
            .where(table.c.match_id == bindparam("at_match"), table.c[key] == bindparam("at_row"))
            .values({name: bindparam(f"new_{name}") for name in columns})
        ),
    )
    session.execute(statement, changes)


class Store:
    """Matches kept in a database. Build with `Store.open` (URL, migrations) or
    ``Store(engine)`` for an engine already migrated.

    Attributes:
        engine: the SQLAlchemy engine.
        changes: every change to a match is announced there once saved (see
            `canasta_scorer.store.changes`; on PostgreSQL, other processes' too).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.changes = Changes(engine)
        # reads take no write lock, so they never wait behind another program's save
        self._reader = engine.execution_options(**{READ_ONLY: True})
        # writes that give up at once when another program holds the write lock
        self._eager = engine.execution_options(**{NO_WAIT: True})
        # the matches read last, scored, by id: a match opened again at the same
        # version (another tab, another visit) is not read and re-scored again
        self._scored: OrderedDict[int, MatchState] = OrderedDict()
        self._scored_lock = threading.Lock()
        # the hands' parts of the match files whose fingerprints were made last
        self._hand_texts = HandTexts()
        path = sqlite_path(str(engine.url))
        self._path = path
        self._where = str(path) if path else engine.url.render_as_string(hide_password=True)
        # the entries a device is keeping that are not in the database yet, by
        # (match, device): what `keep_unsaved` writes to a file when the app stops
        self._held: dict[tuple[int, str], Unsaved] = {}
        # of those, the ones whose write gave up (`write_held` writes them again)
        self._unwritten: set[tuple[int, str]] = set()
        self._held_lock = threading.Lock()

    @classmethod
    def open(
        cls, url: str | None = None, *, reading: bool = False, existing: bool = False
    ) -> Store:
        """Open (and make or migrate) the database at ``url``; see `open_engine`
        (``reading``: its matches are only to be read, which a full disk allows;
        ``existing``: a SQLite file that is not there is refused, not made).
        Entries kept in a file when the app last stopped (`keep_unsaved`) are written
        into it (`take_back_unsaved`)."""
        store = cls(open_engine(url, reading=reading, existing=existing))
        store.take_back_unsaved()
        return store

    @property
    def read_only(self) -> bool:
        """True when the matches can be looked at but not changed (a SQLite file in a
        folder that cannot be written; every change is refused as read-only)."""
        return opened_read_only(self.engine)

    def stop_waiting(self) -> None:
        """From now on a save does not wait for another program's save (SQLite's
        write lock): one waiting gives up at once, refused as busy with nothing
        changed; one that finds the database free is made. For a server that is
        stopping: its last saves finish or give up within a fraction of a second."""
        stop_waiting(self.engine)

    def hold_draft(
        self,
        match_id: int,
        draft: str,
        *,
        writer: str = "",
        stamp: str = "",
        base: str = "",
        about: str = "",
    ) -> None:
        """A device is about to keep its entry (`save_draft`, made later by the app's
        store worker): it is held here until the database has it (that `save_draft`,
        or a save of the hand that forgets the match's drafts), so that an app
        stopping meanwhile keeps it in a file (`keep_unsaved`). Arguments as for
        `save_draft`; ``about``: the entry in a few words for the log (which hand,
        the sides' totals)."""
        entry = Unsaved(
            match=match_id,
            writer=writer,
            stamp=stamp,
            base=base,
            draft=draft,
            about=about,
            kept_at=utcnow().isoformat(),
        )
        with self._held_lock:
            self._held[(match_id, writer)] = entry

    def _let_go(self, match_id: int, writer: str | None = None, stamp: str | None = None) -> None:
        """The database has what was held for a match (a device's, or every one's;
        with ``stamp``, only if that is still the version held)."""
        with self._held_lock:
            for key in [k for k in self._held if k[0] == match_id]:
                if writer is not None and key[1] != writer:
                    continue
                if stamp is not None and self._held[key]["stamp"] != stamp:
                    continue
                del self._held[key]
                self._unwritten.discard(key)

    def keep_unsaved(self) -> Path | None:
        """The app is stopping, its last writes made or given up: the entries still
        held (`hold_draft`) are written to a file beside the database (else in the
        user data folder), read back by the next `Store.open`. Each is named in the
        log (a warning); if no file can be written, the log says what was typed.

        Returns:
            The file written, or None when nothing was held (or nothing could be
            written).
        """
        with self._held_lock:
            entries, self._held = list(self._held.values()), {}
            self._unwritten.clear()
        if not entries:
            return None
        try:
            place = write_unsaved(unsaved_places(self._where, self._path), entries)
        except OSError as error:
            for entry in entries:
                log.error(
                    "match %d: the entry of %s was not kept (the database could not take it, "
                    "and no file could be written: %s); what was typed: %s",
                    entry["match"],
                    entry["about"] or "a hand",
                    error,
                    entry["draft"],
                )
            return None
        for entry in entries:
            log.warning(
                "match %d: the entry of %s could not be written to the database before "
                "stopping; it is kept in %s and written to the database at the next start",
                entry["match"],
                entry["about"] or "a hand",
                place,
            )
        return place

    def take_back_unsaved(self) -> int:
        """Write the entries an earlier run kept in a file (`keep_unsaved`) into the
        database, each in its device's own row, at the time it was kept (so an entry
        newer in the database stays the one kept last), and remove the file. Each
        entry is checked first and skipped when its entry is not a JSON object, its
        match is no longer there, or the database has a newer one for that device;
        the log says what was written back and what was skipped and why. A file that
        cannot be read is left where it is (the log names it); a database that cannot
        take the entries now (busy, read-only) leaves the file for the next start.

        Returns:
            How many entries were written.
        """
        taken = 0
        for kept_file in read_unsaved(unsaved_places(self._where, self._path), report=True):
            place = kept_file.place
            for item in kept_file.odd:
                log.warning("an item of %s is not a kept entry; skipped: %.200r", place, item)
            try:
                for entry in kept_file.entries:
                    about = entry["about"] if isinstance(entry.get("about"), str) else ""
                    skipped = self._take_back(entry)
                    if skipped is None:
                        taken += 1
                        log.warning(  # seen as the warning of `keep_unsaved` is
                            "match %d: the entry of %s kept in %s is written back to the database",
                            entry["match"],
                            about or "a hand",
                            place,
                        )
                    else:
                        log.warning(
                            "match %d: the entry of %s kept in %s is skipped: %s",
                            entry["match"],
                            about or "a hand",
                            place,
                            skipped,
                        )
            except StoreError as error:
                log.warning("the entries kept in %s are not read back yet: %s", place, error)
                continue
            with suppress(OSError):
                place.unlink()
        return taken

    def _take_back(self, entry: Unsaved) -> str | None:
        """Write one entry kept in a file into its device's row (`take_back_unsaved`).

        Returns:
            None when written, else why it is skipped (plain words for the log).

        Raises:
            StoreError: the database cannot take it now (busy, read-only…).
        """
        try:
            shape = json.loads(entry["draft"])
        except ValueError:
            return "what was typed is not JSON"
        if not isinstance(shape, dict):
            return "what was typed is not a JSON object"
        kept_at = _kept_at(entry.get("kept_at"))
        if kept_at is None:
            return "it says not when it was kept"
        match_id, writer = entry["match"], entry["writer"]
        if len(writer) > 32 or len(entry["stamp"]) > 32 or len(entry["base"]) > 32:
            return "its device or version is longer than 32 characters"
        with self._session() as session:
            row = session.get(MatchRow, match_id)
            if row is None or row.deleted_at is not None:
                return "its match is no longer there"
            draft = session.get(DraftRow, (match_id, writer))
            if draft is not None and (_aware(draft.updated_at) or kept_at) > kept_at:
                return "the database has a newer entry from that device"
            self._put_draft(
                session,
                draft,
                match_id,
                row.version,
                writer=writer,
                draft=entry["draft"],
                stamp=entry["stamp"],
                base=entry["base"],
                at=kept_at,
            )
        return None

    def close(self) -> None:
        """Stop listening for other processes' changes and close every connection."""
        self.changes.close()
        self.engine.dispose()

    @contextmanager
    def _session(self, *, read: bool = False, wait: bool = True) -> Iterator[Session]:
        """One transaction: a write (the write lock taken at once) unless ``read``;
        a write with ``wait`` False gives up at once (busy) when another program
        holds SQLite's write lock.

        Raises:
            StoreBusyError, StoreFullError, StoreReadOnlyError, StoreError: see
                `canasta_scorer.store.database.storage_error`; nothing was changed.
        """
        bind = self._reader if read else self.engine if wait else self._eager
        session = Session(bind, expire_on_commit=False)
        try:
            yield session
            session.commit()
        except (OperationalError, DatabaseError) as error:
            with suppress(Exception):
                session.rollback()
            raise storage_error(error, self._where, self._path) from None
        except BaseException:
            session.rollback()
            raise
        finally:
            announced: list[Change] = session.info.pop("changes", [])
            session.close()
        for change in announced:  # only reached once the transaction has committed
            self.changes.publish(change)

    def _announce(self, session: Session, change: Change) -> None:
        """Announce ``change`` when this session's transaction commits (never if it
        rolls back); on PostgreSQL also ``NOTIFY`` other processes, in the transaction."""
        session.info.setdefault("changes", []).append(change)
        if self.engine.dialect.name == "postgresql":
            session.execute(text(NOTIFY_SQL), {"payload": self.changes.payload(change)})

    # --- reading -------------------------------------------------------------------

    def _row(self, session: Session, match_id: int) -> MatchRow:
        row = session.get(MatchRow, match_id)
        if row is None or row.deleted_at is not None:
            raise NotFoundError(_("there is no match {id}").format(id=match_id))
        return row

    def _record(
        self, session: Session, row: MatchRow, hands: Sequence[MatchHand] | None = None
    ) -> MatchRecord:
        assert row.id is not None
        sides = session.scalars(
            select(SideRow).where(col(SideRow.match_id) == row.id).order_by(col(SideRow.seat))
        ).all()
        players: dict[int, list[str]] = {}
        for side_id, name in session.execute(
            select(col(SidePlayerRow.side_id), col(PlayerRow.name))
            .join(PlayerRow, col(PlayerRow.id) == col(SidePlayerRow.player_id))
            .where(col(SidePlayerRow.side_id).in_([s.id for s in sides]))
            .order_by(col(SidePlayerRow.side_id), col(SidePlayerRow.seat))
        ).all():
            players.setdefault(side_id, []).append(name)
        if hands is None:
            rows = session.scalars(
                select(HandRow).where(col(HandRow.match_id) == row.id).order_by(col(HandRow.number))
            ).all()
            hands = [_read_hand(h.entry, f"match {row.id}, hand {h.number + 1}") for h in rows]
        try:
            house_rules = json.loads(row.house_rules)
        except ValueError:
            raise StoreError(
                _("stored match {id} cannot be read: its house rules are garbled").format(id=row.id)
            ) from None
        if isinstance(house_rules, list):
            # a match imported before a house rule listed twice was refused (file
            # format §1) counted it once: it is read so, not refused now
            house_rules = list(dict.fromkeys(house_rules))
        data = {
            "variant": row.variant,
            "house_rules": house_rules,
            "sides": [
                {
                    "name": s.name,
                    "players": players.get(s.id or 0, []),
                    "start_score": s.start_score,
                }
                for s in sides
            ],
        }
        if row.target is not None:
            data["target"] = row.target
        if row.top_tier_from is not None:
            data["top_tier_from"] = row.top_tier_from
        try:
            base = validate_record(MatchRecord, data)
        except RecordError as error:
            raise StoreError(
                _("stored match {id} cannot be read: {why}").format(id=row.id, why=error)
            ) from None
        return base.model_copy(update={"hands": tuple(hands)})

    def _state(
        self,
        session: Session,
        row: MatchRow,
        record: MatchRecord,
        score: MatchScore,
        *,
        history: tuple[str | None, str | None] | None = None,
    ) -> MatchState:
        """The match as read (``history``: what undo and redo would change, when known;
        read from the match's changes otherwise)."""
        assert row.id is not None
        if history is not None:
            done, undone = history
        else:
            done = session.scalar(
                select(col(ChangeRow.description))
                .where(col(ChangeRow.match_id) == row.id, col(ChangeRow.undone).is_(False))
                .order_by(col(ChangeRow.seq).desc())
                .limit(1)
            )
            undone = session.scalar(
                select(col(ChangeRow.description))
                .where(col(ChangeRow.match_id) == row.id, col(ChangeRow.undone).is_(True))
                .order_by(col(ChangeRow.seq))
                .limit(1)
            )
        return MatchState(
            id=row.id,
            version=row.version,
            status=_status(row.status),
            created_at=_aware(row.created_at) or utcnow(),
            updated_at=_aware(row.updated_at) or utcnow(),
            finished_at=_aware(row.finished_at),
            record=record,
            score=score,
            undo=done,
            redo=undone,
        )

    def match(self, match_id: int) -> MatchState:
        """One match with its score recomputed by the rules engine; read again at the
        version it had when last read here, it is the same (kept, `SCORED_KEPT` matches
        at most), so many tabs opening one long match score it once.

        Raises:
            NotFoundError: no such match (or it was deleted).
        """
        with self._session(read=True) as session:
            row = self._row(session, match_id)
            with self._scored_lock:
                kept = self._scored.get(match_id)
                if kept is not None and kept.version == row.version:
                    self._scored.move_to_end(match_id)
                    return kept
            record = self._record(session, row)
            state = self._state(session, row, record, score_match(record))
        self._keep(state)
        return state

    def matches(
        self,
        *,
        limit: int = 50,
        before: int | None = None,
        status: MatchStatus | None = None,
        variant: str | None = None,
        player: str | None = None,
        since: datetime | None = None,
    ) -> list[MatchSummary]:
        """Matches newest first, a page at a time, from the cached totals.

        Args:
            limit: matches per page.
            before: the id of the last match of the previous page (next page).
            status: only finished or only unfinished matches.
            variant: only this variant id.
            player: only matches this player played in (name, any case).
            since: only matches started at or after this time.
        """
        with self._session(read=True) as session:
            query = self._filtered(status=status, variant=variant, player=player, since=since)
            anchor = session.get(MatchRow, before) if before is not None else None
            # Newest first, ordered as the index the page is read from: the player's
            # match_player rows, or the matches by time. From an anchor, a row-value
            # comparison reads the page from that index at the anchor (an OR of the two
            # conditions scanned every newer match: 30 ms for page 1,000 of 100,000).
            at: Any = col(MatchPlayerRow.created_at) if player else col(MatchRow.created_at)
            key: Any = col(MatchPlayerRow.match_id) if player else col(MatchRow.id)
            if anchor is not None:
                query = query.where(tuple_(at, key) < tuple_(anchor.created_at, before))
            order = (at.desc(), key.desc())
            rows = session.scalars(query.order_by(*order).limit(limit)).all()
            ids = [row.id for row in rows]
            sides: dict[int, list[SideRow]] = {}
            for side in session.scalars(
                select(SideRow)
                .where(col(SideRow.match_id).in_(ids))
                .order_by(col(SideRow.match_id), col(SideRow.seat))
            ):
                sides.setdefault(side.match_id, []).append(side)
            players: dict[int, list[str]] = {}
            side_ids = [s.id for group in sides.values() for s in group]
            for side_id, name in session.execute(
                select(col(SidePlayerRow.side_id), col(PlayerRow.name))
                .join(PlayerRow, col(PlayerRow.id) == col(SidePlayerRow.player_id))
                .where(col(SidePlayerRow.side_id).in_(side_ids))
                .order_by(col(SidePlayerRow.side_id), col(SidePlayerRow.seat))
            ).all():
                players.setdefault(side_id, []).append(name)
            totals: dict[int, tuple[int, ...]] = {}
            recomputed: set[int] = set()
            for row in rows:
                cached = _cached_totals(row.running_totals, len(sides.get(row.id or 0, [])))
                if cached is None:
                    # a garbled cache: the hands are the truth, so score them again
                    logging.getLogger("canasta_scorer").warning(
                        "match %s: its saved totals cannot be read; recomputed from its hands",
                        row.id,
                    )
                    cached = score_match(self._record(session, row)).running_totals
                    recomputed.add(row.id or 0)
                totals[row.id or 0] = cached
            return [
                MatchSummary(
                    id=row.id or 0,
                    variant=row.variant,
                    status=_status(row.status),
                    created_at=_aware(row.created_at) or utcnow(),
                    finished_at=_aware(row.finished_at),
                    sides=tuple(s.name for s in sides.get(row.id or 0, [])),
                    players=tuple(
                        tuple(players.get(s.id or 0, [])) for s in sides.get(row.id or 0, [])
                    ),
                    running_totals=totals[row.id or 0],
                    recomputed=(row.id or 0) in recomputed,
                    winner=row.winner,
                    margin=row.margin,
                    hand_count=row.hand_count,
                )
                for row in rows
            ]

    @staticmethod
    def _filtered(
        *,
        status: str | None = None,
        variant: str | None = None,
        player: str | None = None,
        since: datetime | None = None,
    ) -> Select[MatchRow]:
        query = select(MatchRow).where(col(MatchRow.deleted_at).is_(None))
        if status:
            query = query.where(col(MatchRow.status) == status)
        if variant:
            query = query.where(col(MatchRow.variant) == variant)
        if since is not None:
            query = query.where(col(MatchRow.created_at) >= _utc(since))
        if player:
            # The player's matches from the match_player index, newest first there.
            query = query.join(
                MatchPlayerRow, col(MatchPlayerRow.match_id) == col(MatchRow.id)
            ).where(
                col(MatchPlayerRow.player_id)
                == select(col(PlayerRow.id))
                .where(col(PlayerRow.key) == player_key(player))
                .scalar_subquery()
            )
        return query

    def records(
        self,
        *,
        status: MatchStatus | None = None,
        variant: str | None = None,
        player: str | None = None,
        since: datetime | None = None,
    ) -> list[tuple[int, MatchRecord]]:
        """Every match (not deleted) as its match file, oldest first, for statistics.

        Args: the filters of `matches`.
        """
        with self._session(read=True) as session:
            rows = session.scalars(
                self._filtered(status=status, variant=variant, player=player, since=since).order_by(
                    col(MatchRow.created_at), col(MatchRow.id)
                )
            ).all()
            return [(row.id or 0, self._record(session, row)) for row in rows]

    def statistics(
        self,
        *,
        status: MatchStatus | None = None,
        variant: str | None = None,
        player: str | None = None,
        since: datetime | None = None,
    ) -> Statistics:
        """Player and partnership statistics over the matches of the filters.

        Added up from what each match adds (`canasta_scorer.rules.match_tallies`, kept per
        match and rewritten on every change), through `canasta_scorer.rules.summarize`:
        equal to `statistics` over the matches, without scoring every match again.

        Args: the filters of `matches`.
        """
        self._refresh_stats()
        if not (status or variant or player or since):
            return self._totals()
        if since is None:
            return self._filter_totals(status=status, variant=variant, player=player)
        with self._session() as session:
            chosen = (
                self._filtered(status=status, variant=variant, player=player, since=since)
                .with_only_columns(col(MatchRow.id))
                .scalar_subquery()
                if status or variant or player or since
                else None
            )
            kept = select(col(MatchRow.id)).where(col(MatchRow.deleted_at).is_(None))
            where = col(MatchPlayerRow.match_id).in_(chosen if chosen is not None else kept)
            rows = session.execute(
                select(
                    col(PlayerRow.key),
                    col(PlayerRow.name),
                    func.sum(MatchPlayerRow.played),
                    func.sum(MatchPlayerRow.in_progress),
                    func.sum(MatchPlayerRow.won),
                    func.sum(MatchPlayerRow.hands),
                    func.sum(MatchPlayerRow.points),
                    func.max(MatchPlayerRow.best_hand),
                    func.sum(MatchPlayerRow.card_hands),
                    func.sum(MatchPlayerRow.quick_hands),
                    func.sum(MatchPlayerRow.canastas),
                    func.sum(MatchPlayerRow.went_out),
                )
                .join(PlayerRow, col(PlayerRow.id) == col(MatchPlayerRow.player_id))
                .where(where)
                .group_by(col(PlayerRow.key), col(PlayerRow.name))
                .having(func.sum(MatchPlayerRow.played + MatchPlayerRow.in_progress) > 0)
            ).all()
            fields = list(PlayerTally.model_fields)
            players = [PlayerTally(**dict(zip(fields, row, strict=True))) for row in rows]
            where = col(MatchPartnershipRow.match_id).in_(chosen if chosen is not None else kept)
            pairs = session.execute(
                select(
                    col(MatchPartnershipRow.key),
                    func.min(MatchPartnershipRow.players),
                    func.sum(MatchPartnershipRow.played),
                    func.sum(MatchPartnershipRow.in_progress),
                    func.sum(MatchPartnershipRow.won),
                )
                .where(where)
                .group_by(col(MatchPartnershipRow.key))
            ).all()
            partnerships = [_partnership_tally(*pair) for pair in pairs]
        return summarize(players, partnerships)

    def _filter_totals(
        self, *, status: str | None, variant: str | None, player: str | None
    ) -> Statistics:
        """The statistics of the matches of a status, a variant and a player's, read from
        the kept filter totals: a few rows per player, whatever the number of matches."""
        with self._session() as session:
            among: Any = EVERY_MATCH
            if player:
                among = (
                    select(col(PlayerRow.id))
                    .where(col(PlayerRow.key) == player_key(player))
                    .scalar_subquery()
                )
            cells = PlayerFilterTotalsRow
            where = _filter_cells(cells, among, status, variant)
            rows = session.execute(
                select(
                    col(PlayerRow.key),
                    col(PlayerRow.name),
                    *(func.sum(getattr(cells, name)) for name in _SUMMED[:5]),
                    func.max(cells.best_hand),
                    *(func.sum(getattr(cells, name)) for name in _SUMMED[5:]),
                )
                .join(PlayerRow, col(PlayerRow.id) == col(cells.player_id))
                .where(*where)
                .group_by(col(PlayerRow.key), col(PlayerRow.name))
                .having(func.sum(cells.played + cells.in_progress) > 0)
            ).all()
            fields = list(PlayerTally.model_fields)
            players = [PlayerTally(**dict(zip(fields, row, strict=True))) for row in rows]
            pair_cells = PartnershipFilterTotalsRow
            where = _filter_cells(pair_cells, among, status, variant)
            pairs = session.execute(
                select(
                    col(pair_cells.key),
                    func.min(pair_cells.players),
                    func.sum(pair_cells.played),
                    func.sum(pair_cells.in_progress),
                    func.sum(pair_cells.won),
                )
                .where(*where)
                .group_by(col(pair_cells.key))
                .having(func.sum(pair_cells.played + pair_cells.in_progress) > 0)
            ).all()
            partnerships = [_partnership_tally(*pair) for pair in pairs]
        return summarize(players, partnerships)

    def _totals(self) -> Statistics:
        """The statistics of every match not deleted, read from the kept totals."""
        with self._session() as session:
            rows = session.execute(
                select(col(PlayerRow.key), col(PlayerRow.name), PlayerTotalsRow)
                .join(PlayerRow, col(PlayerRow.id) == col(PlayerTotalsRow.player_id))
                .where(col(PlayerTotalsRow.played) + col(PlayerTotalsRow.in_progress) > 0)
            ).all()
            players = [
                PlayerTally(
                    key=key,
                    name=name,
                    best_hand=totals.best_hand,
                    **{field: getattr(totals, field) for field in _SUMMED},
                )
                for key, name, totals in rows
            ]
            pairs = session.scalars(
                select(PartnershipTotalsRow).where(
                    col(PartnershipTotalsRow.played) + col(PartnershipTotalsRow.in_progress) > 0
                )
            ).all()
            partnerships = [
                _partnership_tally(pair.key, pair.players, pair.played, pair.in_progress, pair.won)
                for pair in pairs
            ]
        return summarize(players, partnerships)

    def _refresh_stats(self) -> None:
        """Compute the kept statistics of matches that have none of this version (those
        stored before migration 0004), in batches."""
        with self._session() as session:
            if not any(
                session.scalar(select(col(MatchRow.id)).where(stale).limit(1)) is not None
                for stale in _STALE
            ):
                return
        for stale in _STALE:
            while True:
                with self._session() as session:
                    rows = session.scalars(select(MatchRow).where(stale).limit(500)).all()
                    if not rows:
                        break
                    for row in rows:
                        record = self._record(session, row)
                        self._keep_stats(session, row, record, score_match(record))
                        session.add(row)

    def players(self, *, in_matches: bool = False) -> list[str]:
        """Every remembered player's name, in alphabetical order (case and accents
        folded, `name_order`); with ``in_matches``, only those who play in a match
        that is not deleted (the past matches' player filter: a player whose only
        match was deleted is still remembered for a new match, but lists nothing)."""
        query = select(col(PlayerRow.name))
        if in_matches:
            query = query.where(
                select(col(SidePlayerRow.player_id))
                .join(SideRow, col(SideRow.id) == col(SidePlayerRow.side_id))
                .join(MatchRow, col(MatchRow.id) == col(SideRow.match_id))
                .where(
                    col(SidePlayerRow.player_id) == col(PlayerRow.id),
                    col(MatchRow.deleted_at).is_(None),
                )
                .exists()
            )
        with self._session(read=True) as session:
            names = session.scalars(query).all()
            return sorted(names, key=name_order)

    # --- writing -------------------------------------------------------------------

    def _player(self, session: Session, name: str) -> int:
        key = name.strip().casefold()
        found = session.scalar(select(col(PlayerRow.id)).where(col(PlayerRow.key) == key))
        if found is not None:
            return int(found)
        row = PlayerRow(name=name.strip(), key=key)
        session.add(row)
        session.flush()
        assert row.id is not None
        return row.id

    def _as_stored(self, session: Session, record: MatchRecord) -> MatchRecord:
        """The record as the store will read it back: each player under the name the
        store already knows in any case (players are remembered across matches), a
        side that is one player named as its player, so its fingerprint is the one of
        the match an export of it will give. When it was started (``started_at``) is
        kept as the match's ``created_at``, not in the record."""
        known: dict[str, str] = {}
        sides = []
        rules = match_rules(record)
        for side in record.sides:
            names = []
            # Where each player is a side (two-player, three-player, cutthroat), a side
            # that names no players is recorded as its own player, so the player filter
            # and the statistics find it.
            for name in side_players(side, rules):
                key = name.strip().casefold()
                if key not in known:
                    found = session.scalar(
                        select(col(PlayerRow.name)).where(col(PlayerRow.key) == key)
                    )
                    known[key] = found if found is not None else name.strip()
                names.append(known[key])
            sides.append(side.model_copy(update={"players": tuple(names)}))
        stored = record.model_copy(update={"sides": tuple(sides), "started_at": None})
        return record if stored == record else stored

    def add_player(self, name: str) -> None:
        """Remember a player (no change if the name is already known, in any case)."""
        if not name.strip():
            raise StoreError(_("a player needs a name"))
        try:
            name = plain_name(name)
        except CanastaError as error:
            raise StoreError(
                _("a player's name {why}").format(why=i18n.error_text(error))
            ) from None
        with self._session() as session:
            self._player(session, name)

    def _keep_stats(
        self,
        session: Session,
        row: MatchRow,
        record: MatchRecord,
        score: MatchScore,
        *,
        added: bool = False,
    ) -> None:
        """Rewrite what the match adds to its players' and partnerships' statistics,
        through the rules engine (`match_tallies`), and move the totals by the
        difference; every player of the match has a row, so the player filter finds
        matches with no hand too.

        ``added``: the change was a hand added after the hands the kept rows count
        (`add_hand`): only that hand is counted, from the kept counts, and the
        partnerships are not read while the match goes on (what they add changes only
        when it finishes). A handful of statements in all, whatever the match's length:
        the kept rows read with their players' keys, one UPDATE of them (executemany),
        one upsert of the players' totals and one of the filter totals.
        """
        assert row.id is not None
        before = row.stats_version == STATS_VERSION and row.deleted_at is None
        live = row.deleted_at is None
        rules = match_rules(record)
        kept_table = MatchPlayerRow.__table__  # type: ignore[attr-defined]
        pair_table = MatchPartnershipRow.__table__  # type: ignore[attr-defined]
        old = {
            found["player_id"]: found
            for found in session.execute(
                _built(
                    ("kept players",),
                    lambda: (
                        select(kept_table, col(PlayerRow.key).label("player_key"))
                        .join(PlayerRow, col(PlayerRow.id) == kept_table.c.player_id)
                        .where(kept_table.c.match_id == bindparam("match"))
                    ),
                ),
                {"match": row.id},
            ).mappings()
        }
        ids = {found["player_key"]: player_id for player_id, found in old.items()}
        # The hand added goes on from the kept counts (those of the match without it).
        earlier = (
            [
                PlayerTally(
                    key=found["player_key"],
                    name=found["player_key"],
                    best_hand=found["best_hand"],
                    **{name: found[name] for name in _SUMMED},
                )
                for found in old.values()
            ]
            if added and before
            else None
        )
        tallies, partnerships = match_tallies(record, score, before=earlier)
        # Partnerships change only when a match gets its first hand or finishes.
        pairs_same = earlier is not None and not score.finished and len(record.hands) > 1
        pairs_old = (
            {}
            if pairs_same
            else {
                pair["key"]: pair
                for pair in session.execute(
                    _built(
                        ("kept partnerships",),
                        lambda: select(pair_table).where(
                            pair_table.c.match_id == bindparam("match")
                        ),
                    ),
                    {"match": row.id},
                ).mappings()
            }
        )
        # What the match added to the filter totals until now (before the rows change).
        was_part: _Part | None = None
        if before:
            was_part = (
                set(old),
                [
                    (
                        player_id,
                        found["variant"],
                        found["status"],
                        {name: found[name] for name in _SUMMED},
                        found["best_hand"],
                    )
                    for player_id, found in old.items()
                ],
                [
                    (
                        key,
                        pair["players"],
                        pair["variant"],
                        pair["status"],
                        {name: pair[name] for name in _PAIR_SUMS},
                    )
                    for key, pair in pairs_old.items()
                ],
            )
        by_key = {tally.key: tally for tally in tallies}
        now: dict[int, PlayerTally | None] = {}
        for side in record.sides:
            for name in side_players(side, rules):
                key = player_key(name)
                if key not in ids:
                    ids[key] = self._player(session, name)
                now.setdefault(ids[key], by_key.get(key))
        again: list[int] = []
        inserts: list[dict[str, Any]] = []
        changes: list[dict[str, Any]] = []
        totals: list[dict[str, Any]] = []
        players_now: list[_PlayerPart] = []
        for player_id, tally in now.items():
            found = old.pop(player_id, None)
            counts = {name: getattr(tally, name) if tally else 0 for name in _SUMMED}
            best = tally.best_hand if tally else None
            values = {**counts, "best_hand": best, "variant": row.variant, "status": row.status}
            if found is None:
                inserts.append(
                    {
                        "match_id": row.id,
                        "player_id": player_id,
                        "created_at": row.created_at,
                        **values,
                    }
                )
            elif any(found[name] != value for name, value in values.items()):
                changes.append(
                    {"at_match": row.id, "at_row": player_id}
                    | {f"new_{name}": value for name, value in values.items()}
                )
            players_now.append((player_id, row.variant, row.status, counts, best))
            if live:
                was_best = found["best_hand"] if found is not None and before else None
                delta = {
                    name: counts[name] - (found[name] if found is not None and before else 0)
                    for name in _SUMMED
                }
                if any(delta.values()) or (best is not None and best != was_best):
                    totals.append({"player_id": player_id, **delta, "best_hand": best})
                if was_best is not None and (best is None or best < was_best):
                    again.append(player_id)  # the best hand may have been taken away
        for player_id, found in old.items():  # no longer at the table
            if before:
                delta = {name: -found[name] for name in _SUMMED}
                totals.append({"player_id": player_id, **delta, "best_hand": None})
                if found["best_hand"] is not None:
                    again.append(player_id)
        if old:
            session.execute(
                delete(kept_table).where(
                    kept_table.c.match_id == row.id, kept_table.c.player_id.in_(list(old))
                )
            )
        if inserts:
            session.execute(_built(("insert kept players",), lambda: insert(kept_table)), inserts)
        if changes:
            _update_kept(session, kept_table, "player_id", _KEPT_COLUMNS, changes)
        if totals:
            self._upsert(
                session,
                PlayerTotalsRow.__table__,  # type: ignore[attr-defined]
                totals,
                ("player_id",),
            )
        pairs_now: list[_PairPart] = []
        if not pairs_same:
            pair_inserts: list[dict[str, Any]] = []
            pair_changes: list[dict[str, Any]] = []
            pair_totals: list[dict[str, Any]] = []
            for pair in partnerships:
                key = "|".join(pair.key)
                stored = pairs_old.pop(key, None)
                sums = {"played": pair.played, "in_progress": pair.in_progress, "won": pair.won}
                names = stored["players"] if stored else json.dumps(list(pair.players))
                kept_as = {**sums, "variant": row.variant, "status": row.status}
                if stored is None:
                    pair_inserts.append(
                        {"match_id": row.id, "key": key, "players": names, **kept_as}
                    )
                elif any(stored[name] != value for name, value in kept_as.items()):
                    pair_changes.append(
                        {"at_match": row.id, "at_row": key}
                        | {f"new_{name}": value for name, value in kept_as.items()}
                    )
                pairs_now.append((key, names, row.variant, row.status, sums))
                if live:
                    delta = {
                        name: value - (stored[name] if stored and before else 0)
                        for name, value in sums.items()
                    }
                    if any(delta.values()):
                        pair_totals.append({"key": key, "players": names, **delta})
            for key, stored in pairs_old.items():
                if before:
                    delta = {name: -stored[name] for name in _PAIR_SUMS}
                    pair_totals.append({"key": key, "players": stored["players"], **delta})
            if pairs_old:
                session.execute(
                    delete(pair_table).where(
                        pair_table.c.match_id == row.id, pair_table.c.key.in_(list(pairs_old))
                    )
                )
            if pair_inserts:
                session.execute(insert(pair_table), pair_inserts)
            if pair_changes:
                _update_kept(session, pair_table, "key", _PAIR_KEPT_COLUMNS, pair_changes)
            if pair_totals:
                self._upsert(
                    session,
                    PartnershipTotalsRow.__table__,  # type: ignore[attr-defined]
                    pair_totals,
                    ("key",),
                )
        row.stats_version = STATS_VERSION
        for player_id in again:
            self._best_again(session, player_id)
        if was_part is not None or live:
            if pairs_same and was_part is not None:
                was_part = (was_part[0], was_part[1], [])  # the same as now: left out
            now_part: _Part = (set(now), players_now, pairs_now)
            self._move_filter_totals(session, was_part, now_part if live else None, row.id)

    def _move_player(
        self,
        session: Session,
        player_id: int,
        delta: dict[str, int],
        best: int | None,
        was_best: int | None,
        again: list[int],
    ) -> None:
        """Move a player's totals by ``delta`` in one UPDATE (atomic in the database);
        a best hand that may have been taken away is looked for again (``again``)."""
        values: dict[str, Any] = {
            name: getattr(PlayerTotalsRow, name) + change
            for name, change in delta.items()
            if change
        }
        if best is not None and best != was_best:
            values["best_hand"] = case(
                (
                    or_(
                        col(PlayerTotalsRow.best_hand).is_(None),
                        col(PlayerTotalsRow.best_hand) < best,
                    ),
                    best,
                ),
                else_=col(PlayerTotalsRow.best_hand),
            )
        if was_best is not None and (best is None or best < was_best):
            total = session.get(PlayerTotalsRow, player_id, populate_existing=True)
            if total is None or total.best_hand == was_best:
                again.append(player_id)
        if not values:
            return
        change = (
            update(PlayerTotalsRow)
            .where(col(PlayerTotalsRow.player_id) == player_id)
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        if not _changed(session.execute(change)):  # the player's first totals
            self._ensure(session, PlayerTotalsRow, {"player_id": player_id})
            session.execute(change)

    def _move_pair(
        self,
        session: Session,
        key: str,
        players: str,
        delta: dict[str, int],
    ) -> None:
        """Move a partnership's totals by ``delta`` in one UPDATE."""
        values = {
            name: getattr(PartnershipTotalsRow, name) + change
            for name, change in delta.items()
            if change
        }
        if not values:
            return
        change = (
            update(PartnershipTotalsRow)
            .where(col(PartnershipTotalsRow.key) == key)
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        if not _changed(session.execute(change)):  # the partnership's first totals
            self._ensure(session, PartnershipTotalsRow, {"key": key, "players": players})
            session.execute(change)

    @staticmethod
    def _best_again(session: Session, player_id: int, without: int | None = None) -> None:
        """Look a player's best hand up again among their matches not deleted."""
        query = (
            select(func.max(MatchPlayerRow.best_hand))
            .join(MatchRow, col(MatchRow.id) == col(MatchPlayerRow.match_id))
            .where(col(MatchPlayerRow.player_id) == player_id, col(MatchRow.deleted_at).is_(None))
        )
        if without is not None:
            query = query.where(col(MatchPlayerRow.match_id) != without)
        session.execute(
            update(PlayerTotalsRow)
            .where(col(PlayerTotalsRow.player_id) == player_id)
            .values(best_hand=query.scalar_subquery())
            .execution_options(synchronize_session=False)
        )

    def _count(self, session: Session, match_id: int, sign: int) -> None:
        """Add (``sign`` +1) or take away (−1) a match's rows in the players' and
        partnerships' totals. Each total changes by one UPDATE, atomic in the database,
        so saves of other matches at the same time add up; a best hand taken away is
        looked for again among the player's other matches."""
        again: list[int] = []
        for kept in session.scalars(
            select(MatchPlayerRow).where(col(MatchPlayerRow.match_id) == match_id)
        ).all():
            self._ensure(session, PlayerTotalsRow, {"player_id": kept.player_id})
            values: dict[str, Any] = {
                name: getattr(PlayerTotalsRow, name) + sign * getattr(kept, name)
                for name in _SUMMED
            }
            if sign > 0 and kept.best_hand is not None:
                values["best_hand"] = case(
                    (
                        or_(
                            col(PlayerTotalsRow.best_hand).is_(None),
                            col(PlayerTotalsRow.best_hand) < kept.best_hand,
                        ),
                        kept.best_hand,
                    ),
                    else_=col(PlayerTotalsRow.best_hand),
                )
            elif sign < 0 and kept.best_hand is not None:
                total = session.get(PlayerTotalsRow, kept.player_id, populate_existing=True)
                if total is not None and total.best_hand == kept.best_hand:
                    again.append(kept.player_id)
            session.execute(
                update(PlayerTotalsRow)
                .where(col(PlayerTotalsRow.player_id) == kept.player_id)
                .values(**values)
                .execution_options(synchronize_session=False)
            )
        for pair in session.scalars(
            select(MatchPartnershipRow).where(col(MatchPartnershipRow.match_id) == match_id)
        ).all():
            self._ensure(session, PartnershipTotalsRow, {"key": pair.key, "players": pair.players})
            session.execute(
                update(PartnershipTotalsRow)
                .where(col(PartnershipTotalsRow.key) == pair.key)
                .values(
                    played=PartnershipTotalsRow.played + sign * pair.played,
                    in_progress=PartnershipTotalsRow.in_progress + sign * pair.in_progress,
                    won=PartnershipTotalsRow.won + sign * pair.won,
                )
                .execution_options(synchronize_session=False)
            )
        for player_id in again:
            # The best of the player's other matches (the one taken away may have been it).
            self._best_again(session, player_id, without=match_id)
        part = _part(
            session.scalars(
                select(MatchPlayerRow).where(col(MatchPlayerRow.match_id) == match_id)
            ).all(),
            session.scalars(
                select(MatchPartnershipRow).where(col(MatchPartnershipRow.match_id) == match_id)
            ).all(),
        )
        if sign > 0:
            self._move_filter_totals(session, None, part, match_id)
        else:
            self._move_filter_totals(session, part, None, match_id, gone=True)

    def _move_filter_totals(
        self,
        session: Session,
        was: _Part | None,
        now: _Part | None,
        match_id: int,
        *,
        gone: bool = False,
    ) -> None:
        """Move the filter totals from what a match added (``was``) to what it adds
        (``now``; ``None``: nothing, as for a deleted match): one upsert per total that
        changes, all in one statement; a best hand that may have been taken away is looked
        for again among the other matches of its variant and status (``gone``: the match
        itself no longer counts, as it is being deleted)."""
        deltas: dict[tuple[int, str, str, int], dict[str, int]] = {}
        best: dict[tuple[int, str, str, int], int] = {}
        was_best: dict[tuple[int, str, str, int], int] = {}
        pair_deltas: dict[tuple[int, str, str, str], dict[str, int]] = {}
        pair_names: dict[str, str] = {}
        for part, sign in ((was, -1), (now, +1)):
            if part is None:
                continue
            among, players, pairs = part
            for among_id in (EVERY_MATCH, *among):
                for player_id, variant, status, counts, hand in players:
                    cell = (among_id, variant, status, player_id)
                    delta = deltas.setdefault(cell, dict.fromkeys(_SUMMED, 0))
                    for name, value in counts.items():
                        delta[name] += sign * value
                    if hand is not None:
                        bests = best if sign > 0 else was_best
                        bests[cell] = max(bests.get(cell, hand), hand)
                for key, names, variant, status, counts in pairs:
                    pair_cell = (among_id, variant, status, key)
                    pair_names[key] = names
                    delta = pair_deltas.setdefault(pair_cell, dict.fromkeys(_PAIR_SUMS, 0))
                    for name, value in counts.items():
                        delta[name] += sign * value
        rows = [
            {
                "among_id": cell[0],
                "variant": cell[1],
                "status": cell[2],
                "player_id": cell[3],
                **delta,
                "best_hand": best.get(cell),
            }
            for cell, delta in deltas.items()
            if any(delta.values()) or cell in best
        ]
        if rows:
            table = PlayerFilterTotalsRow.__table__  # type: ignore[attr-defined]
            self._upsert(session, table, rows, ("among_id", "variant", "status", "player_id"))
        pair_rows = [
            {
                "among_id": cell[0],
                "variant": cell[1],
                "status": cell[2],
                "key": cell[3],
                "players": pair_names[cell[3]],
                **delta,
            }
            for cell, delta in pair_deltas.items()
            if any(delta.values())
        ]
        if pair_rows:
            table = PartnershipFilterTotalsRow.__table__  # type: ignore[attr-defined]
            self._upsert(session, table, pair_rows, ("among_id", "variant", "status", "key"))
        for cell, hand in was_best.items():
            if cell not in best or best[cell] < hand:
                self._filter_best_again(session, cell, match_id if gone else None)

    @staticmethod
    def _upsert(
        session: Session, table: Any, rows: list[dict[str, Any]], keys: Sequence[str]
    ) -> None:
        """Add ``rows``' counts to the totals of their keys, inserting the totals missing
        (one INSERT … ON CONFLICT DO UPDATE for all the rows, atomic in the database); a
        ``best_hand`` given is kept where it is higher than the total's."""
        dialect = session.get_bind().dialect.name
        columns = tuple(rows[0])

        def build() -> Any:
            if dialect == "postgresql":
                from sqlalchemy.dialects.postgresql import insert as pg_insert

                statement: Any = pg_insert(table)
            else:
                from sqlalchemy.dialects.sqlite import insert as sqlite_insert

                statement = sqlite_insert(table)
            excluded = statement.excluded
            summed = [name for name in columns if name in _SUMMED]
            update_set: dict[str, Any] = {name: table.c[name] + excluded[name] for name in summed}
            if "best_hand" in columns:
                update_set["best_hand"] = case(
                    (excluded.best_hand.is_(None), table.c.best_hand),
                    (
                        or_(table.c.best_hand.is_(None), table.c.best_hand < excluded.best_hand),
                        excluded.best_hand,
                    ),
                    else_=table.c.best_hand,
                )
            return statement.on_conflict_do_update(index_elements=list(keys), set_=update_set)

        session.execute(_built(("upsert", dialect, table.name, columns, tuple(keys)), build), rows)

    @staticmethod
    def _filter_best_again(
        session: Session, cell: tuple[int, str, str, int], without: int | None
    ) -> None:
        """Look the best hand of one filter total up again among its matches."""
        among_id, variant, status, player_id = cell
        kept = MatchPlayerRow
        query = (
            select(func.max(kept.best_hand))
            .join(MatchRow, col(MatchRow.id) == col(kept.match_id))
            .where(
                col(kept.player_id) == player_id,
                col(kept.variant) == variant,
                col(kept.status) == status,
                col(MatchRow.deleted_at).is_(None),
            )
        )
        if without is not None:
            query = query.where(col(kept.match_id) != without)
        if among_id != EVERY_MATCH:
            member = aliased(MatchPlayerRow)
            query = query.where(
                col(kept.match_id).in_(
                    select(col(member.match_id)).where(col(member.player_id) == among_id)
                )
            )
        totals = PlayerFilterTotalsRow
        session.execute(
            update(totals)
            .where(
                col(totals.among_id) == among_id,
                col(totals.variant) == variant,
                col(totals.status) == status,
                col(totals.player_id) == player_id,
            )
            .values(best_hand=query.scalar_subquery())
            .execution_options(synchronize_session=False)
        )

    @staticmethod
    def _ensure(session: Session, table: Any, values: dict[str, Any]) -> None:
        """Insert a zero totals row unless it is there (another save may insert the same
        one at the same time: the database's ON CONFLICT keeps the first)."""
        if session.get_bind().dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as pg_insert

            session.execute(pg_insert(table).values(**values).on_conflict_do_nothing())
        else:
            from sqlalchemy.dialects.sqlite import insert as sqlite_insert

            session.execute(sqlite_insert(table).values(**values).on_conflict_do_nothing())

    def _cache(self, row: MatchRow, record: MatchRecord, score: MatchScore) -> None:
        row.hand_count = len(record.hands)
        row.running_totals = json.dumps(list(score.running_totals))
        row.winner = score.winner
        row.margin = score.margin
        was_finished = row.status == MatchStatus.FINISHED
        row.status = score.status.value
        if score.finished and not was_finished:
            row.finished_at = utcnow()
        elif not score.finished:
            row.finished_at = None
        row.fingerprint = fingerprint(record, self._hand_texts)
        row.updated_at = utcnow()

    def _insert(
        self,
        session: Session,
        record: MatchRecord,
        score: MatchScore,
        created_at: datetime | None = None,
        finished_at: datetime | None = None,
    ) -> MatchRow:
        row = MatchRow(
            variant=record.variant.value,
            house_rules=json.dumps([rule.value for rule in record.house_rules]),
            target=record.target,
            top_tier_from=record.top_tier_from,
            fingerprint="",
        )
        if created_at is not None:
            row.created_at = _utc(created_at)
        self._cache(row, record, score)
        if finished_at is not None and score.finished:
            row.finished_at = _utc(finished_at)
        session.add(row)
        session.flush()
        assert row.id is not None
        for seat, side in enumerate(record.sides):
            side_row = SideRow(
                match_id=row.id, seat=seat, name=side.name, start_score=side.start_score
            )
            session.add(side_row)
            session.flush()
            assert side_row.id is not None
            for place, name in enumerate(side.players):
                session.add(
                    SidePlayerRow(
                        side_id=side_row.id, seat=place, player_id=self._player(session, name)
                    )
                )
        for number, hand in enumerate(record.hands):
            session.add(HandRow(match_id=row.id, number=number, entry=_hand_json(hand)))
        self._keep_stats(session, row, record, score)
        session.flush()
        return row

    def create_match(self, record: MatchRecord) -> MatchState:
        """Start a match (its hands, if any, are kept too).

        Args:
            record: the match file: variant, house rules, target, sides with players
                and start scores, and usually no hands yet.

        Raises:
            RuleViolationError: the match breaks a rule (e.g. a start score that is not
                a multiple of 5, a hand with errors); nothing is saved.
        """
        score = score_match(record)
        errors = _errors(score.violations, [f"hands[{n}]" for n in range(len(record.hands))])
        if errors:
            raise RuleViolationError(_("the match was not saved:"), errors)
        with self._session() as session:
            stored = self._as_stored(session, record)
            if stored is not record:
                score = score_match(stored)
            row = self._insert(session, stored, score, created_at=record.started_at)
            assert row.id is not None
            self._announce(
                session, Change(match_id=row.id, kind=ChangeKind.CREATED, version=row.version)
            )
            return self._state(session, row, stored, score)

    def rematch(self, match_id: int) -> MatchState:
        """A new match with the same variant, house rules, target and sides."""
        record = self.match(match_id).record
        fresh = record.model_copy(
            update={
                "hands": (),
                "sides": tuple(MatchSide(name=s.name, players=s.players) for s in record.sides),
            }
        )
        return self.create_match(fresh)

    def _claim(self, session: Session, match_id: int, version: int) -> MatchRow:
        """Take the match for this change: bump its version if it is still ``version``."""
        result = session.execute(
            _built(
                ("claim",),
                lambda: (
                    update(MatchRow)
                    .where(
                        col(MatchRow.id) == bindparam("match"),
                        col(MatchRow.version) == bindparam("version"),
                        col(MatchRow.deleted_at).is_(None),
                    )
                    .values(version=MatchRow.version + 1)
                    .execution_options(synchronize_session=False)
                ),
            ),
            {"match": match_id, "version": version},
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            row = session.get(MatchRow, match_id)
            if row is None or row.deleted_at is not None:
                raise NotFoundError(_("there is no match {id}").format(id=match_id))
            raise ConflictError(
                _(
                    "match {id} was changed elsewhere (on another device) since it was "
                    "opened here; nothing was saved. Reopen the match and make the change again."
                ).format(id=match_id)
            )
        row = session.get(MatchRow, match_id, populate_existing=True)
        assert row is not None
        return row

    def _set_hands(
        self, session: Session, row: MatchRow, old: Sequence[MatchHand], new: Sequence[MatchHand]
    ) -> None:
        """Write the hands that changed (a hand kept as the same object is not
        written out again, e.g. every hand before one added or edited)."""
        assert row.id is not None
        first = 0
        while first < min(len(old), len(new)) and old[first] is new[first]:
            first += 1
        if first == len(old) == len(new):
            return
        existing = (
            {
                h.number: h
                for h in session.scalars(
                    select(HandRow).where(
                        col(HandRow.match_id) == row.id, col(HandRow.number) >= first
                    )
                )
            }
            if first < len(old)
            else {}  # only hands added: none of their rows is there yet
        )
        now = utcnow()
        for number in range(first, max(len(old), len(new))):
            if number < len(old) and number < len(new) and old[number] is new[number]:
                continue
            if number >= len(new):
                session.delete(existing[number])
                continue
            entry = _hand_json(new[number])
            current = existing.get(number)
            if current is None:
                session.add(HandRow(match_id=row.id, number=number, entry=entry))
            elif current.entry != entry:
                current.entry = entry
                current.updated_at = now
        session.flush()

    def _kept(self, match_id: int, version: int) -> MatchState | None:
        """The match as scored here at ``version``, if it is still kept."""
        with self._scored_lock:
            kept = self._scored.get(match_id)
        return kept if kept is not None and kept.version == version else None

    def _keep(self, state: MatchState) -> None:
        """Keep a match as scored at its version (`match` reads it from here)."""
        with self._scored_lock:
            self._scored[state.id] = state
            self._scored.move_to_end(state.id)
            while len(self._scored) > SCORED_KEPT:
                self._scored.popitem(last=False)

    def _change(
        self,
        match_id: int,
        version: int,
        edit: _Edit,
        kind: ChangeKind,
        hand: int | None,
        *,
        clear_draft: bool = False,
    ) -> MatchState:
        with self._session() as session:
            row = self._claim(session, match_id, version)
            # the match as read and scored at the version just claimed, if kept: the
            # database holds the same (every change moves the version)
            kept = self._kept(match_id, version)
            record = kept.record if kept is not None else self._record(session, row)
            new_hands, description, checked = edit(list(record.hands))
            candidate = record.model_copy(update={"hands": tuple(new_hands)})
            if kept is not None and kind is ChangeKind.HAND_ADDED:
                score = score_next_hand(record, kept.score, new_hands[-1])
            else:
                score = score_match(candidate)
            errors = _errors(score.violations, [f"hands[{n}]" for n in checked])
            if errors:
                raise RuleViolationError(
                    _("not saved ({change}):").format(change=i18n.change_words(description)),
                    errors,
                )
            # the totals after the change differ: no later hand may break a rule now
            # (the match's own export must always import); a hand added goes last,
            # so it has no later hands to check
            impact = None if kind is ChangeKind.HAND_ADDED else check_edit(record, candidate)
            if impact is not None and impact.later:
                numbers = ", ".join(str(hand.number + 1) for hand in impact.later)
                raise LaterHandsError(
                    _(
                        "not saved ({change}): it would make later hands break a rule "
                        "(hand {numbers}):"
                    ).format(change=i18n.change_words(description), numbers=numbers),
                    impact,
                )
            self._set_hands(session, row, record.hands, new_hands)
            assert row.id is not None
            if kept is None or kept.redo is not None:  # a change made forgets what was undone
                session.execute(
                    _built(
                        ("forget undone",),
                        lambda: delete(ChangeRow).where(
                            col(ChangeRow.match_id) == bindparam("match"),
                            col(ChangeRow.undone).is_(True),
                        ),
                    ),
                    {"match": row.id},
                )
            last = (
                session.scalar(
                    _built(
                        ("last change",),
                        lambda: select(func.max(col(ChangeRow.seq))).where(
                            col(ChangeRow.match_id) == bindparam("match")
                        ),
                    ),
                    {"match": row.id},
                )
                or 0
            )
            session.add(
                ChangeRow(
                    match_id=row.id,
                    seq=last + 1,
                    description=description,
                    before=_splice_json(record.hands, new_hands, before=True),
                    after=_splice_json(record.hands, new_hands, before=False),
                )
            )
            if last + 1 > UNDO_DEPTH:
                session.execute(
                    _built(
                        ("forget oldest changes",),
                        lambda: delete(ChangeRow).where(
                            col(ChangeRow.match_id) == bindparam("match"),
                            col(ChangeRow.seq) <= bindparam("oldest"),
                        ),
                    ),
                    {"match": row.id, "oldest": last + 1 - UNDO_DEPTH},
                )
            if clear_draft:
                session.execute(
                    _built(
                        ("forget drafts",),
                        lambda: delete(DraftRow).where(
                            col(DraftRow.match_id) == bindparam("match")
                        ),
                    ),
                    {"match": row.id},
                )
            self._cache(row, candidate, score)
            self._keep_stats(session, row, candidate, score, added=kind is ChangeKind.HAND_ADDED)
            session.add(row)
            session.flush()
            number = len(new_hands) - 1 if kind is ChangeKind.HAND_ADDED else hand
            self._announce(
                session, Change(match_id=row.id, kind=kind, version=row.version, hand=number)
            )
            # what is done last is this change, and nothing is left to redo
            state = self._state(session, row, candidate, score, history=(description, None))
        self._keep(state)  # committed: the next change starts from it
        if clear_draft:
            self._let_go(match_id)
        return state

    def add_hand(
        self, match_id: int, hand: MatchHand, version: int, *, clear_draft: bool = False
    ) -> MatchState:
        """Record the next hand of a match (scored from the match's score kept here at
        ``version`` when there is one: only the new hand is checked and scored).

        Args:
            match_id: the match.
            hand: the hand's entry (each side's melds, red threes, going out, cards left).
            version: the match's version when the entry was started.
            clear_draft: forget the match's kept draft (`save_draft`) in the same
                transaction (the hand entered is saved; refused, the draft stays).

        Raises:
            RuleViolationError: the hand has rule errors, or the match is over; nothing
                is saved.
            ConflictError: the match was changed elsewhere meanwhile; nothing is saved.
            NotFoundError: no such match.
        """

        def edit(hands: list[MatchHand]) -> tuple[list[MatchHand], str, list[int]]:
            return [*hands, hand], f"Add hand {len(hands) + 1}", [len(hands)]

        return self._change(
            match_id, version, edit, ChangeKind.HAND_ADDED, None, clear_draft=clear_draft
        )

    def edit_hand(
        self,
        match_id: int,
        number: int,
        hand: MatchHand,
        version: int,
        *,
        clear_draft: bool = False,
    ) -> MatchState:
        """Replace hand ``number`` (0 = the first hand); later totals follow;
        ``clear_draft`` as for `add_hand`.

        Raises:
            NotFoundError: no such match or hand.
            RuleViolationError: the new entry has rule errors; nothing is saved.
            LaterHandsError: the new totals would make a later hand break a rule (see
                `check_edit`); nothing is saved.
            ConflictError: the match was changed elsewhere meanwhile.
        """

        def edit(hands: list[MatchHand]) -> tuple[list[MatchHand], str, list[int]]:
            if not 0 <= number < len(hands):
                raise NotFoundError(
                    _("match {id} has no hand {number}").format(id=match_id, number=number + 1)
                )
            return (
                [*hands[:number], hand, *hands[number + 1 :]],
                f"Edit hand {number + 1}",
                [number],
            )

        return self._change(
            match_id, version, edit, ChangeKind.HAND_EDITED, number, clear_draft=clear_draft
        )

    def check_edit(self, match_id: int, number: int, hand: MatchHand | None = None) -> EditCheck:
        """What replacing hand ``number`` by ``hand`` (or deleting it, when ``hand`` is
        None) would break, without saving anything: the hand's own errors, and each
        later hand that would break a rule (e.g. miss its initial meld minimum). Call
        it before saving an edit to show the player which hands it affects.

        Raises:
            NotFoundError: no such match or hand.
        """
        record = self.match(match_id).record
        hands = list(record.hands)
        if not 0 <= number < len(hands):
            raise NotFoundError(
                _("match {id} has no hand {number}").format(id=match_id, number=number + 1)
            )
        hands[number : number + 1] = [] if hand is None else [hand]
        return check_edit(record, record.model_copy(update={"hands": tuple(hands)}))

    def delete_hand(self, match_id: int, number: int, version: int) -> MatchState:
        """Remove hand ``number`` (0 = the first hand); later hands move up.

        Raises:
            NotFoundError: no such match or hand.
            LaterHandsError: the new totals would make a later hand break a rule.
            ConflictError: the match was changed elsewhere meanwhile.
        """

        def edit(hands: list[MatchHand]) -> tuple[list[MatchHand], str, list[int]]:
            if not 0 <= number < len(hands):
                raise NotFoundError(
                    _("match {id} has no hand {number}").format(id=match_id, number=number + 1)
                )
            return [*hands[:number], *hands[number + 1 :]], f"Delete hand {number + 1}", []

        return self._change(match_id, version, edit, ChangeKind.HAND_DELETED, number)

    def _travel(self, match_id: int, version: int, *, forward: bool) -> MatchState:
        with self._session() as session:
            row = self._claim(session, match_id, version)
            query = select(ChangeRow).where(
                col(ChangeRow.match_id) == match_id, col(ChangeRow.undone).is_(forward)
            )
            query = query.order_by(col(ChangeRow.seq) if forward else col(ChangeRow.seq).desc())
            change = session.scalars(query.limit(1)).first()
            if change is None:
                raise StoreError(
                    (
                        _("nothing to redo in match {id}")
                        if forward
                        else _("nothing to undo in match {id}")
                    ).format(id=match_id)
                )
            record = self._record(session, row)
            hands = _apply_change(
                record.hands,
                change.before,
                change.after,
                forward=forward,
                where=f"match {match_id}, change {change.seq}",
            )
            candidate = record.model_copy(update={"hands": tuple(hands)})
            score = score_match(candidate)
            self._set_hands(session, row, record.hands, hands)
            change.undone = not forward
            session.add(change)
            self._cache(row, candidate, score)
            self._keep_stats(session, row, candidate, score)
            session.add(row)
            session.flush()
            kind = ChangeKind.REDONE if forward else ChangeKind.UNDONE
            self._announce(session, Change(match_id=match_id, kind=kind, version=row.version))
            return self._state(session, row, candidate, score)

    def undo(self, match_id: int, version: int) -> MatchState:
        """Undo the last change to the match's hands (add, edit, delete).

        Raises:
            StoreError: nothing to undo. ConflictError, NotFoundError as for changes.
        """
        return self._travel(match_id, version, forward=False)

    def redo(self, match_id: int, version: int) -> MatchState:
        """Redo the change undone last.

        Raises:
            StoreError: nothing to redo. ConflictError, NotFoundError as for changes.
        """
        return self._travel(match_id, version, forward=True)

    def delete_match(self, match_id: int, version: int) -> None:
        """Delete a match (it can be brought back with `restore_match`)."""
        with self._session() as session:
            row = self._claim(session, match_id, version)
            if row.stats_version == STATS_VERSION:
                self._count(session, match_id, -1)
            row.deleted_at = utcnow()
            session.add(row)
            self._announce(
                session, Change(match_id=match_id, kind=ChangeKind.DELETED, version=row.version)
            )

    def restore_match(self, match_id: int) -> MatchState:
        """Bring back a deleted match."""
        with self._session() as session:
            row = session.get(MatchRow, match_id)
            if row is None:
                raise NotFoundError(_("there is no match {id}").format(id=match_id))
            if row.deleted_at is not None and row.stats_version == STATS_VERSION:
                self._count(session, match_id, +1)
            row.deleted_at = None
            row.version += 1
            session.add(row)
            session.flush()
            self._announce(
                session, Change(match_id=match_id, kind=ChangeKind.RESTORED, version=row.version)
            )
            record = self._record(session, row)
            return self._state(session, row, record, score_match(record))

    # --- named house-rule sets -------------------------------------------------------

    def rule_sets(self) -> list[NamedRuleSet]:
        """Every named house-rule set, in alphabetical order of name."""
        with self._session(read=True) as session:
            rows = session.scalars(select(RuleSetRow)).all()
            found = [
                NamedRuleSet(name=row.name, house_rules=frozenset(json.loads(row.house_rules)))
                for row in rows
            ]
        return sorted(found, key=lambda entry: name_order(entry.name))

    @staticmethod
    def _set_name(name: str) -> str:
        """A set's name, stripped, checked like a player's (1 to 80 characters, no
        control characters).

        Raises:
            StoreError: it is empty, too long or holds a control character.
        """
        name = name.strip()
        if not name:
            raise StoreError(_("a house-rule set needs a name"))
        if len(name) > 80:
            raise StoreError(_("a house-rule set's name may have at most 80 characters"))
        try:
            return plain_name(name)
        except CanastaError as error:
            raise StoreError(
                _("a house-rule set's name {why}").format(why=i18n.error_text(error))
            ) from None

    def save_rule_set(self, name: str, house_rules: frozenset[str] | set[str]) -> NamedRuleSet:
        """Keep a set of house rules under a name; a set of that name (in any case) is
        replaced.

        Args:
            name: the set's name (1 to 80 characters).
            house_rules: house-rule ids (rules §3).

        Raises:
            StoreError: the name is not one (see `_set_name`), or an id is no house rule.
        """
        name = self._set_name(name)
        unknown = sorted(r for r in house_rules if r not in {h.value for h in HouseRule})
        if unknown:
            raise StoreError(_("not house rules: {ids}").format(ids=", ".join(unknown)))
        rules = frozenset(house_rules)
        stored = json.dumps(sorted(rules))
        key = name.casefold()
        with self._session() as session:
            row = session.scalar(select(RuleSetRow).where(col(RuleSetRow.key) == key))
            if row is None:
                session.add(RuleSetRow(name=name, key=key, house_rules=stored))
            else:
                row.name, row.house_rules, row.updated_at = name, stored, utcnow()
                session.add(row)
        return NamedRuleSet(name=name, house_rules=rules)

    def rename_rule_set(self, name: str, new_name: str) -> None:
        """Give a named house-rule set another name.

        Raises:
            NotFoundError: no set has that name.
            StoreError: the new name is not one, or another set already has it.
        """
        new_name = self._set_name(new_name)
        with self._session() as session:
            row = session.scalar(
                select(RuleSetRow).where(col(RuleSetRow.key) == name.strip().casefold())
            )
            if row is None:
                raise NotFoundError(
                    _("no house-rule set is named {name}").format(name=quote(name.strip()))
                )
            taken = session.scalar(
                select(RuleSetRow).where(col(RuleSetRow.key) == new_name.casefold())
            )
            if taken is not None and taken.id != row.id:
                raise StoreError(
                    _("a house-rule set is already named {name}").format(name=quote(taken.name))
                )
            row.name, row.key, row.updated_at = new_name, new_name.casefold(), utcnow()
            session.add(row)

    def delete_rule_set(self, name: str) -> None:
        """Forget a named house-rule set (no change if none has that name)."""
        with self._session() as session:
            session.execute(
                delete(RuleSetRow).where(col(RuleSetRow.key) == name.strip().casefold())
            )

    # --- drafts ----------------------------------------------------------------------

    def save_draft(
        self,
        match_id: int,
        draft: str,
        *,
        writer: str = "",
        stamp: str = "",
        base: str = "",
        wait: bool = True,
    ) -> None:
        """Keep the hand one device is entering for a match, in that device's own row
        (another device's draft is never touched), and announce it
        (`ChangeKind.DRAFT_KEPT`) once kept.

        An entry held (`hold_draft`) whose write gives up (busy, read-only…) stays
        held and is written again by `write_held`; one no longer the version held
        (a newer one was held since, written after it) is not written.

        Args:
            match_id: the match.
            draft: the entry as JSON text from the app.
            writer: the device (tab) entering it, up to 32 characters.
            stamp: this version of the entry, up to 32 characters.
            base: the version it was made from ("" for a new entry).
            wait: False: give up at once when another program holds SQLite's write
                lock (a write made in the background, tried again by `write_held`).

        Raises:
            NotFoundError: the match is not there.
            StoreError: the database cannot take it now (busy, read-only…).
        """
        key = (match_id, writer)
        with self._held_lock:
            held = self._held.get(key)
            if held is not None and held["stamp"] != stamp:
                # a newer entry was held since: the write asked for after it (or the
                # Save that carries it, or `write_held`) writes that one
                self._unwritten.add(key)
                return
        try:
            self._keep_draft(match_id, draft, writer=writer, stamp=stamp, base=base, wait=wait)
        except StoreError:
            with self._held_lock:
                held = self._held.get(key)
                if held is not None and held["stamp"] == stamp:
                    self._unwritten.add(key)
            raise
        self._let_go(match_id, writer, stamp)

    def _keep_draft(
        self, match_id: int, draft: str, *, writer: str, stamp: str, base: str, wait: bool
    ) -> None:
        with self._session(wait=wait) as session:
            state = self._row(session, match_id)
            self._put_draft(
                session,
                session.get(DraftRow, (match_id, writer)),
                match_id,
                state.version,
                writer=writer,
                draft=draft,
                stamp=stamp,
                base=base,
                at=utcnow(),
            )

    def _put_draft(
        self,
        session: Session,
        row: DraftRow | None,
        match_id: int,
        version: int,
        *,
        writer: str,
        draft: str,
        stamp: str,
        base: str,
        at: datetime,
    ) -> None:
        """Write a device's kept entry of a match (``row``, its row if it has one) as of
        ``at``, and tell the other devices (`ChangeKind.DRAFT_KEPT`)."""
        if row is None:
            row = DraftRow(match_id=match_id, writer=writer, draft=draft)
        row.draft, row.stamp, row.base, row.updated_at = draft, stamp, base, at
        session.add(row)
        self._announce(
            session,
            Change(
                match_id=match_id,
                kind=ChangeKind.DRAFT_KEPT,
                version=version,
                writer=writer,
                stamp=stamp,
                base=base,
            ),
        )

    @property
    def unwritten(self) -> int:
        """How many entries are held whose write gave up (see `write_held`)."""
        with self._held_lock:
            return len(self._unwritten)

    def write_held(self) -> int:
        """Write again the entries held (`hold_draft`) whose write gave up, now that
        the database may take them: each try gives up at once while another program
        still holds the write lock (so a store worker making it holds up no save for
        long), and the first that gives up ends this round. An entry of a match no
        longer there is let go.

        Returns:
            How many are still not written (0: none left to try).
        """
        with self._held_lock:
            keys = [key for key in self._unwritten if key in self._held]
            self._unwritten.intersection_update(keys)
        for key in keys:
            with self._held_lock:
                entry = self._held.get(key)
            if entry is None:
                continue
            try:
                self.save_draft(
                    entry["match"],
                    entry["draft"],
                    writer=entry["writer"],
                    stamp=entry["stamp"],
                    base=entry["base"],
                    wait=False,
                )
            except NotFoundError:
                self._let_go(entry["match"], entry["writer"])
            except StoreError:
                break
            else:
                log.info(
                    "match %d: the entry of %s is written to the database now that it can take it",
                    entry["match"],
                    entry["about"] or "a hand",
                )
        return self.unwritten

    def kept_draft(self, match_id: int, writer: str | None = None) -> KeptDraft | None:
        """The hand a device is entering for a match (``writer``), or, with ``None``,
        the one kept last by any device; ``None`` if there is none."""
        with self._session(read=True) as session:
            query = select(DraftRow).where(col(DraftRow.match_id) == match_id)
            if writer is not None:
                query = query.where(col(DraftRow.writer) == writer)
            query = query.order_by(col(DraftRow.updated_at).desc(), col(DraftRow.writer))
            row = session.execute(query.limit(1)).scalars().first()
            if row is None:
                return None
            return _kept(row)

    def kept_drafts(self, match_id: int) -> list[KeptDraft]:
        """Every device's kept entry of a match (`kept_draft`), the one kept last
        first; empty if there is none."""
        with self._session(read=True) as session:
            query = (
                select(DraftRow)
                .where(col(DraftRow.match_id) == match_id)
                .order_by(col(DraftRow.updated_at).desc(), col(DraftRow.writer))
            )
            return [_kept(row) for row in session.execute(query).scalars()]

    def draft(self, match_id: int) -> str | None:
        """The hand being entered for a match (the one kept last), if any."""
        kept = self.kept_draft(match_id)
        return kept.text if kept is not None else None

    def clear_draft(self, match_id: int, writer: str | None = None) -> None:
        """Forget the hand being entered (after it was saved: every device's, with
        ``writer`` ``None``; thrown away: that device's only)."""
        with self._session() as session:
            query = delete(DraftRow).where(col(DraftRow.match_id) == match_id)
            if writer is not None:
                query = query.where(col(DraftRow.writer) == writer)
            session.execute(query)
        self._let_go(match_id, writer)

    # --- export and import ---------------------------------------------------------

    def export_match(self, match_id: int) -> str:
        """The match as a match file (JSON text, docs/file-format.md §5), with when it
        was started (``started_at``), so that an import of it elsewhere keeps its day."""
        state = self.match(match_id)
        return dump_match(state.record.model_copy(update={"started_at": state.created_at}))

    def export_csv(self, match_id: int) -> str:
        """The match as a CSV score sheet."""
        state = self.match(match_id)
        return score_sheet_csv(state.record, state.score)

    def backup(self) -> str:
        """Every readable match (not deleted) as one backup file (JSON text); see
        `backup_all` for the matches that cannot be read."""
        return self.backup_all().text

    def check_whole(self) -> None:
        """Check that every page of a SQLite file can be read (SQLite's ``PRAGMA
        quick_check``; nothing to check on PostgreSQL): done when a server starts, so
        that a damaged file is said at once, as the command line says it, rather than
        by every tab failing to read it.

        Raises:
            StoreFaultError: the file is damaged (the backups beside it are named).
            StoreError: the file cannot be read for another reason (busy, …).
        """
        check_whole(self.engine)

    def backup_all(self) -> BackupResult:
        """Every match (not deleted): the readable ones as one backup file (JSON
        text), and each unreadable one with its raw stored text and the problem.

        Raises:
            StoreFaultError: a SQLite file that is damaged (`check_whole`, SQLite's
                ``PRAGMA quick_check``): no backup is made of it, rather than one
                that quietly lacks what the damage hides.
            StoreError: the database cannot be read.
        """
        check_whole(self.engine)
        items: list[BackupMatch] = []
        unreadable: list[UnreadableMatch] = []
        with self._session(read=True) as session:
            rows = session.scalars(
                select(MatchRow)
                .where(col(MatchRow.deleted_at).is_(None))
                .order_by(col(MatchRow.created_at), col(MatchRow.id))
            ).all()
            for row in rows:
                try:
                    record = self._record(session, row)
                except StoreError as error:
                    unreadable.append(
                        UnreadableMatch(
                            id=row.id or 0, problem=str(error), raw=self._raw(session, row)
                        )
                    )
                    continue
                items.append(
                    BackupMatch(
                        created_at=_aware(row.created_at) or utcnow(),
                        finished_at=_aware(row.finished_at),
                        match=record,
                    )
                )
        text = BackupFile(created_at=utcnow(), matches=tuple(items)).dump()
        return BackupResult(text=text, unreadable=tuple(unreadable))

    def _raw(self, session: Session, row: MatchRow) -> dict[str, Any]:
        """A match's stored rows as plain text and numbers, unchecked."""
        sides = session.scalars(
            select(SideRow).where(col(SideRow.match_id) == row.id).order_by(col(SideRow.seat))
        ).all()
        raw_sides = []
        for side in sides:
            names = session.scalars(
                select(col(PlayerRow.name))
                .join(SidePlayerRow, col(PlayerRow.id) == col(SidePlayerRow.player_id))
                .where(col(SidePlayerRow.side_id) == side.id)
                .order_by(col(SidePlayerRow.seat))
            ).all()
            raw_sides.append(
                {"name": side.name, "players": list(names), "start_score": side.start_score}
            )
        hands = session.scalars(
            select(col(HandRow.entry))
            .where(col(HandRow.match_id) == row.id)
            .order_by(col(HandRow.number))
        ).all()
        return {
            "variant": row.variant,
            "house_rules": row.house_rules,
            "target": row.target,
            **({"top_tier_from": row.top_tier_from} if row.top_tier_from is not None else {}),
            "created_at": (_aware(row.created_at) or utcnow()).isoformat(),
            "sides": raw_sides,
            "hands": list(hands),
        }

    @staticmethod
    def _importable(
        text: str | bytes,
    ) -> tuple[bool, list[tuple[MatchRecord, MatchScore, BackupMatch | None]]]:
        """A match file or backup read and checked: whether it is a backup, and each
        match with its score (and its backup entry).

        Raises:
            RecordError: not a match file or backup; every problem with its JSON path.
            RuleViolationError: a match in it breaks a rule (every error, its path
                below ``matches[N].match`` in a backup).
        """
        parsed = read_backup_or_match(text)
        if isinstance(parsed, MatchRecord):
            items: tuple[tuple[str, BackupMatch | MatchRecord], ...] = (("", parsed),)
        else:
            items = tuple((f"matches[{n}].match", item) for n, item in enumerate(parsed.matches))
        prepared: list[tuple[MatchRecord, MatchScore, BackupMatch | None]] = []
        problems: list[Finding] = []
        for prefix, item in items:
            record = item.match if isinstance(item, BackupMatch) else item
            score = score_match(record)
            for finding in _errors(
                score.violations, [f"hands[{n}]" for n in range(len(record.hands))]
            ):
                problems.append(finding.at(prefix) if prefix else finding)
            prepared.append((record, score, item if isinstance(item, BackupMatch) else None))
        if problems:
            raise RuleViolationError(_("nothing was imported: these rules are broken"), problems)
        return not isinstance(parsed, MatchRecord), prepared

    def _already_there(
        self, session: Session, record: MatchRecord
    ) -> tuple[MatchRecord, str, int | None]:
        """The record as it would be stored, its fingerprint, and the id of the same
        match already kept (not deleted), if any."""
        stored = self._as_stored(session, record)
        print_ = fingerprint(stored)
        existing = session.scalar(
            select(col(MatchRow.id))
            .where(col(MatchRow.fingerprint) == print_, col(MatchRow.deleted_at).is_(None))
            .limit(1)
        )
        return stored, print_, None if existing is None else int(existing)

    def import_preview(self, text: str | bytes) -> ImportPreview:
        """What `import_text` would do with the same text, without saving anything:
        the same reading, the same checks, the same matches found already there.

        Raises:
            RecordError: not a match file or backup; every problem with its JSON path.
            RuleViolationError: a match in it breaks a rule; it could not be imported.
        """
        backup, prepared = self._importable(text)
        with self._session(read=True) as session:
            there = [self._already_there(session, record)[2] for record, _s, _m in prepared]
        return ImportPreview(
            records=tuple(record for record, _s, _m in prepared),
            scores=tuple(score for _r, score, _m in prepared),
            already_there=tuple(there),
            backup=backup,
        )

    def import_text(self, text: str | bytes) -> ImportResult:
        """Import a match file or a backup: all of it or nothing.

        A match already in the store (same content) is not imported again.

        Raises:
            RecordError: not a match file or backup; every problem with its JSON path.
            RuleViolationError: a match in it breaks a rule; nothing is imported.
        """
        _backup, prepared = self._importable(text)
        created: list[int] = []
        there: list[int] = []
        with self._session() as session:
            seen: dict[str, int] = {}
            for record, score, meta in prepared:
                stored, print_, kept = self._already_there(session, record)
                existing = seen.get(print_) or kept
                if existing is not None:
                    there.append(int(existing))
                    continue
                row = self._insert(
                    session,
                    stored,
                    score if stored is record else score_match(stored),
                    created_at=meta.created_at if meta else record.started_at,
                    finished_at=meta.finished_at if meta else None,
                )
                assert row.id is not None
                seen[print_] = row.id
                created.append(row.id)
                self._announce(
                    session, Change(match_id=row.id, kind=ChangeKind.CREATED, version=row.version)
                )
        return ImportResult(created=tuple(created), already_there=tuple(there))
