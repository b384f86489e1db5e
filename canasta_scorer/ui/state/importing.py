"""A match file or backup brought in from the device: read, shown, then imported whole
or not at all (the command line's ``import``, docs/file-format.md).

`ImportFile` is the only writer of the file chosen, what it holds and what is wrong
with it. Reading a file saves nothing; only `ImportFile.importing` writes, through the
store's `import_text` (all of it or nothing; a match already kept is not kept twice).
"""

from __future__ import annotations

from dataclasses import dataclass

from canasta_scorer import i18n
from canasta_scorer.files import IMPORT_LIMIT
from canasta_scorer.i18n import _
from canasta_scorer.rules import Finding, RecordError, load_hand
from canasta_scorer.store import (
    ImportPreview,
    ImportResult,
    RuleViolationError,
    Store,
    StoreError,
    is_score_sheet,
    is_sqlite_database,
)

from ..words import store_problem
from .work import Steps

__all__ = ["ImportFile", "limit_words"]


def limit_words() -> str:
    """The size limit in words: "256 MB"."""
    return _("{value} MB").format(value=IMPORT_LIMIT // (1024 * 1024))


def _is_hand_file(data: bytes) -> bool:
    try:
        load_hand(data)
    except RecordError:
        return False
    return True


@dataclass(eq=False)
class ImportFile:
    """The file chosen to import and what it holds (the only writer of both).

    Attributes:
        name: the file's name on the device (``None``: none chosen yet).
        preview: what importing it would do (every match, those already kept).
        problems: why it cannot be read as a match file or backup, each as (JSON path,
            English message of the file contract).
        findings: the rules its matches break (rules.md sections, JSON paths below
            ``matches[N].match`` in a backup).
        refusal: why it was refused or not read (too large, empty, a hand file, not
            readable from the device, the store could not save), in the player's words.
    """

    store: Store
    name: str | None = None
    preview: ImportPreview | None = None
    problems: tuple[tuple[str, str], ...] = ()
    findings: tuple[Finding, ...] = ()
    refusal: str | None = None
    _data: bytes = b""

    def clear(self) -> None:
        """Forget the file chosen (nothing was saved)."""
        self.name, self.preview, self._data = None, None, b""
        self.problems, self.findings, self.refusal = (), (), None

    def choosing(self, name: str) -> None:
        """A file was chosen and is being read: what was shown of the last one goes."""
        self.clear()
        self.name = name

    def unreadable(self, name: str) -> None:
        """The file chosen could not be read from the device or did not arrive (the
        details are for the log): `refusal` says so, and another may be chosen."""
        self.clear()
        self.name = name
        self.refusal = _("{path} could not be read from this device.").format(path=name)

    def too_large(self, name: str, size: int) -> bool:
        """Refuse a file larger than `IMPORT_LIMIT` bytes before it is sent (its size
        is known from the device's picker).

        Returns:
            True when it was refused (`refusal` names the limit).
        """
        if size <= IMPORT_LIMIT:
            return False
        self.clear()
        self.name = name
        self.refusal = _(
            "{path}: is larger than a match file or backup may be ({value}); nothing was imported."
        ).format(path=name, value=limit_words())
        return True

    def reading(self, name: str, data: bytes) -> Steps[None]:
        """Read a file's bytes and show what importing it would do, saving nothing: its
        matches (and which are already kept), or every problem and broken rule found
        (the same reading and checks as `Store.import_text`). As steps (see
        `canasta_scorer.ui.state.work`): read and checked off the event loop in the
        browser version, where a large backup took seconds in which no tab was answered."""
        self.clear()
        self.name = name
        if self.too_large(name, len(data)):
            return
        if not data.strip():
            self.refusal = _("{path}: is empty").format(path=name)
            return
        store = self.store
        try:
            preview: ImportPreview = yield lambda: store.import_preview(data)
        except RecordError as error:
            if is_sqlite_database(data):
                self.refusal = _(
                    "{path}: this is a database file (SQLite), a store of matches like the "
                    "app's own canasta.db: it cannot be imported. Make a backup of its matches "
                    "on the computer that keeps it (canasta-scorer --db sqlite:///path/to/{path} "
                    "backup BACKUP.json) and import that backup."
                ).format(path=name)
                return
            if is_score_sheet(data):
                self.refusal = _(
                    "{path}: this is a score sheet (CSV): a score sheet cannot be imported, "
                    "only match files and backups can."
                ).format(path=name)
                return
            if _is_hand_file(data):
                self.refusal = _(
                    "{path}: this is a hand file (one hand): import takes match files and backups."
                ).format(path=name)
                return
            self.problems = tuple((p.where, i18n.problem_text(p)) for p in error.problems)
            return
        except RuleViolationError as error:
            self.findings = tuple(error.findings)
            return
        except StoreError as error:
            self.refusal = store_problem(error)
            return
        self.preview = preview
        self._data = data

    @property
    def new(self) -> int:
        """How many of the file's matches would be imported (not already kept)."""
        if self.preview is None:
            return 0
        return sum(1 for there in self.preview.already_there if there is None)

    def importing(self) -> Steps[ImportResult | None]:
        """Import the file read (all of it or nothing); the file is then forgotten.

        Returns:
            What was imported and what was already kept; ``None`` when there was
            nothing to import or the store refused (`refusal`, `findings` say why).
        """
        if self.preview is None or not self._data:
            return None
        data, store = self._data, self.store
        try:
            result: ImportResult = yield lambda: store.import_text(data)
        except RuleViolationError as error:  # the store's rules changed meanwhile
            self.preview, self.findings = None, tuple(error.findings)
            return None
        except StoreError as error:
            self.refusal = store_problem(error)
            return None
        self.clear()
        return result
