"""Hands being entered that the database could not take when the app stopped.

A device's entry is kept in the database a moment after each change
(`Store.save_draft`). When the app stops while another program holds the
database's write lock, that write gives up (the store stops waiting,
`Store.stop_waiting`), and the entry would be lost. So the app tells the store of
every entry it is about to keep (`Store.hold_draft`); one whose write gave up is
written again once the database can take it (`Store.write_held`, by the app's store
worker); what is still not in the database when the app stops is written to a small
file (`Store.keep_unsaved`), and the next `Store.open` writes it into the database
and removes the file (README, "Nothing typed is lost").

The file is JSON: a list of entries, each ``{"match": id, "writer": …, "stamp": …,
"base": …, "draft": text, "about": words for the log, "kept_at": ISO time}``. It
lies beside a SQLite database (``canasta.db.unsaved.json``); for another database,
or when that folder cannot be written, in the user data folder (platformdirs),
named after the database.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any, NamedTuple, TypedDict

import platformdirs

from .database import APP_NAME

log = logging.getLogger("canasta_scorer")

__all__ = [
    "UNSAVED_SUFFIX",
    "KeptFile",
    "Unsaved",
    "read_unsaved",
    "unsaved_places",
    "write_unsaved",
]

#: The end of the name of the file beside a SQLite database.
UNSAVED_SUFFIX = ".unsaved.json"


class Unsaved(TypedDict):
    """One device's entry not written to the database (see the module)."""

    match: int
    writer: str
    stamp: str
    base: str
    draft: str
    about: str
    kept_at: str


def unsaved_places(where: str, path: Path | None) -> tuple[Path, ...]:
    """Where the entries of a database are kept, first choice first.

    Args:
        where: the database as named to players (its file, or its URL without
            password).
        path: the SQLite file, or None for another database.

    Returns:
        Beside the SQLite file (if any), then in the user data folder.
    """
    digest = hashlib.sha256(where.encode("utf-8")).hexdigest()[:16]
    data = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    other = data / f"unsaved-{digest}.json"
    if path is None:
        return (other,)
    return (path.with_name(path.name + UNSAVED_SUFFIX), other)


class KeptFile(NamedTuple):
    """One file of entries as read back (`read_unsaved`)."""

    place: Path
    entries: list[Unsaved]
    #: items of the file that are not entries (their shape is not an `Unsaved`'s)
    odd: list[Any]


def read_unsaved(places: tuple[Path, ...], *, report: bool = False) -> list[KeptFile]:
    """The entries kept in each file of ``places`` that exists. A file that cannot be
    read as a list of entries is left where it is and skipped; with ``report``, the
    log names it and says why (a warning)."""
    found: list[KeptFile] = []
    for place in places:
        try:
            data: Any = json.loads(place.read_text(encoding="utf-8"))
        except FileNotFoundError:
            continue
        except (OSError, ValueError, RecursionError) as error:  # (nested too deep)
            if report:
                log.warning(
                    "the entries kept in %s cannot be read (%s); the file is left where it is",
                    place,
                    error,
                )
            continue
        if not isinstance(data, list):
            if report:
                log.warning(
                    "the entries kept in %s cannot be read (not a list of entries); "
                    "the file is left where it is",
                    place,
                )
            continue
        entries = [item for item in data if _is_entry(item)]
        found.append(KeptFile(place, entries, [item for item in data if not _is_entry(item)]))
    return found


def _is_entry(item: Any) -> bool:
    return (
        isinstance(item, dict)
        and isinstance(item.get("match"), int)
        and not isinstance(item.get("match"), bool)
        and all(isinstance(item.get(key), str) for key in ("writer", "stamp", "base", "draft"))
    )


def write_unsaved(places: tuple[Path, ...], entries: list[Unsaved]) -> Path:
    """Add ``entries`` to the first file of ``places`` that can be written (each
    device's newest entry of a match replaces an older one there); written to a
    temporary file beside it and renamed, so an old file is never left half-written.

    Returns:
        The file written.

    Raises:
        OSError: no place could be written.
    """
    failure: OSError | None = None
    for place in places:
        try:
            kept = {
                (e["match"], e["writer"]): e
                for kept_file in read_unsaved((place,))
                for e in kept_file.entries
            }
            kept.update({(e["match"], e["writer"]): e for e in entries})
            place.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=place.parent, prefix=place.name + ".")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as file:
                    json.dump(list(kept.values()), file, ensure_ascii=False, indent=1)
                    file.flush()
                    os.fsync(file.fileno())
                os.replace(temporary, place)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                raise
            return place
        except OSError as error:
            failure = error
    assert failure is not None
    raise failure
