"""File forms the store writes and reads: the CSV score sheet and the backup file.

A match is exported as the contract's match file (`canasta_scorer.rules.dump_match`);
a backup is one JSON object holding every match file with its dates. Both are read
back with the contract's clear errors (JSON paths) and nothing half-imported.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import threading
from collections import OrderedDict
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from canasta_scorer.rules import (
    MatchHand,
    MatchRecord,
    MatchScore,
    Problem,
    RecordError,
    dump_match,
    phrase,
    read_json,
    render_words,
    validate_record,
)

__all__ = [
    "BACKUP_FORMAT",
    "BackupFile",
    "BackupMatch",
    "HandTexts",
    "fingerprint",
    "is_score_sheet",
    "is_sqlite_database",
    "read_backup_or_match",
    "score_sheet_csv",
]

BACKUP_FORMAT = "canasta-scorer-backup"
#: The version of the backup format this canasta_scorer writes and reads.
BACKUP_VERSION = 1


class BackupMatch(BaseModel):
    """One match in a backup: the match file and when it was played."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    created_at: datetime
    finished_at: datetime | None = None
    match: MatchRecord


class BackupFile(BaseModel):
    """A backup of every match in a store (``canasta-scorer backup FILE``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["canasta-scorer-backup"] = "canasta-scorer-backup"
    version: Literal[1] = 1
    created_at: datetime
    matches: Annotated[tuple[BackupMatch, ...], Field(max_length=1_000_000)] = ()

    def dump(self) -> str:
        """The backup as JSON text."""
        data = {
            "format": self.format,
            "version": self.version,
            "created_at": self.created_at.isoformat(),
            "matches": [
                {
                    "created_at": item.created_at.isoformat(),
                    **({"finished_at": item.finished_at.isoformat()} if item.finished_at else {}),
                    "match": json.loads(dump_match(item.match)),
                }
                for item in self.matches
            ],
        }
        return json.dumps(data, indent=1, ensure_ascii=False)


def fingerprint(record: MatchRecord, texts: HandTexts | None = None) -> str:
    """A hash of a match's content (its match file, `dump_match`'s text), to find
    the same match twice; with ``texts``, each hand's part of that text is written
    once and kept there (a match saved hand after hand writes only the new hand)."""
    text = dump_match(record) if texts is None else texts.match_text(record)
    return hashlib.sha256(text.encode()).hexdigest()


class HandTexts:
    """The parts of match files that are hands, kept for the hands written last
    (`KEPT` at most), so that `match_text` writes only the hands it has not seen.

    Python's JSON writer has no fast form for indented text; a hand's part costs
    about as much as the rest of a match file, so a long match's file written
    again after each hand costs mostly its old hands.
    """

    #: Hands kept (about 1 KB each).
    KEPT = 2048

    def __init__(self) -> None:
        # by the hand object's id; the hand is kept with its text, so the id is not reused
        self._texts: OrderedDict[int, tuple[MatchHand, str]] = OrderedDict()
        self._lock = threading.Lock()

    def match_text(self, record: MatchRecord) -> str:
        """`dump_match`'s text of ``record``, the same to the character: the match
        file without hands, then each hand at its depth (``hands`` is the last field
        of a match file; JSON text has no line break inside a string)."""
        if not record.hands:
            return dump_match(record)
        head = dump_match(record.model_copy(update={"hands": ()}))
        assert head.endswith("\n}")
        hands = ",\n    ".join(self._hand_text(hand) for hand in record.hands)
        return f'{head[:-2]},\n  "hands": [\n    {hands}\n  ]\n}}'

    def _hand_text(self, hand: MatchHand) -> str:
        with self._lock:
            kept = self._texts.get(id(hand))
            if kept is not None and kept[0] is hand:
                self._texts.move_to_end(id(hand))
                return kept[1]
        data = hand.model_dump(mode="json", exclude_defaults=True)
        text = json.dumps(data, indent=2, ensure_ascii=False).replace("\n", "\n    ")
        with self._lock:
            self._texts[id(hand)] = (hand, text)
            while len(self._texts) > self.KEPT:
                self._texts.popitem(last=False)
        return text


def read_backup_or_match(text: str | bytes) -> BackupFile | MatchRecord:
    """Read a backup file or a match file, whichever the text is.

    Raises:
        RecordError: not JSON, or neither kind of file; every problem with its JSON path.
    """
    data: Any = read_json(text)
    if not isinstance(data, dict):
        words = phrase("record.not_an_object:import")
        raise RecordError([Problem("", render_words(words), words)])
    if data.get("format") == BACKUP_FORMAT:
        version = data.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > BACKUP_VERSION:
            words = phrase("record.backup_newer", version=version, supported=BACKUP_VERSION)
            raise RecordError([Problem("version", render_words(words), words)])
        return validate_record(BackupFile, data)
    return validate_record(MatchRecord, data)


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    """A text cell that a spreadsheet will not run as a formula: a quote before a
    formula sign at its start and after every line break in it."""
    lines = value.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    breaks = iter(re.findall(r"\r\n|\r|\n", value))
    out = []
    for number, line in enumerate(lines):
        if number:
            out.append(next(breaks))
        out.append("'" + line if line.startswith(_FORMULA_STARTS) else line)
    return "".join(out)


def is_score_sheet(data: bytes | str) -> bool:
    """True when ``data`` looks like a CSV score sheet of `score_sheet_csv` (its first
    line ``hand,dealer,<side> hand,<side> total,…,note``): something made to be read
    by people and spreadsheets, which cannot be imported (it holds no cards nor
    rules), so it is told apart from a file that is merely not JSON."""
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    first = text.lstrip("\ufeff").split("\n", 1)[0].rstrip("\r")
    try:
        fields = next(csv.reader([first]))
    except (csv.Error, StopIteration):
        return False
    sides = fields[2:-1]
    return (
        len(fields) >= 6
        and fields[:2] == ["hand", "dealer"]
        and fields[-1] == "note"
        and len(sides) % 2 == 0
        and all(
            sides[i].endswith(" hand") and sides[i + 1].endswith(" total")
            for i in range(0, len(sides), 2)
        )
    )


#: The first 16 bytes of every SQLite database file (its header string).
SQLITE_HEADER = b"SQLite format 3\x00"


def is_sqlite_database(data: bytes | str) -> bool:
    """True when ``data`` is a SQLite database file (it starts with the 16 bytes
    ``SQLite format 3\\0`` of SQLite's file format), such as the app's own ``canasta.db``:
    a store of matches, not a file to import, so it is told apart from a file that is
    merely not JSON. Its matches move by a backup of it (``canasta-scorer --db URL
    backup FILE``), which is imported."""
    head = data[: len(SQLITE_HEADER)]
    return (head.encode("latin-1", errors="replace") if isinstance(head, str) else head) == (
        SQLITE_HEADER
    )


def score_sheet_csv(record: MatchRecord, score: MatchScore) -> str:
    """A match as a CSV score sheet: one row per hand with each side's hand total and
    running total, then the totals and each side's initial meld minimum.

    Lines end with CR LF; a field holding a line break is quoted, and a text that
    starts (or has a line that starts) with a formula sign gets a quote before it."""
    buffer = io.StringIO()
    # Lines end with CR LF (RFC 4180), and every field holding a CR or an LF is
    # quoted: QUOTE_MINIMAL quotes a field holding any character of the line ending.
    writer = csv.writer(buffer, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    names = [_text(side.name) for side in record.sides]
    header = ["hand", "dealer"]
    for name in names:
        header += [f"{name} hand", f"{name} total"]
    writer.writerow([*header, "note"])
    if any(side.start_score for side in record.sides):
        row: list[Any] = ["start", ""]
        for side in record.sides:
            row += ["", side.start_score]
        writer.writerow([*row, "carried from a paper sheet"])
    for number, (hand, totals) in enumerate(zip(record.hands, score.hands, strict=True)):
        row = [number + 1, _text(hand.dealer or "")]
        for total, running in zip(totals.totals, totals.running, strict=True):
            row += [total, running]
        writer.writerow([*row, _text(hand.note or "")])
    row = ["total", ""]
    for running in score.running_totals:
        row += ["", running]
    writer.writerow([*row, _text(_result(score))])
    row = ["minimum", ""]
    for minimum in score.initial_meld_minimums:
        row += ["", minimum]
    writer.writerow([*row, "initial meld minimum for the next hand"])
    return buffer.getvalue()


def _result(score: MatchScore) -> str:
    if score.finished and score.winner:
        return f"{score.winner} wins by {score.margin}"
    if score.finished:
        return "a draw"
    return "not finished"
