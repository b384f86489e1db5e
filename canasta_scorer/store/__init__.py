"""The store: every match kept safe in a database (SQLite by default, any SQLAlchemy
URL such as PostgreSQL), with migrations, edit, undo and redo, export and import.

Scores are never computed here: the store persists entries and recomputes through
`canasta_scorer.rules`.
"""

from .changes import Change, ChangeKind, Changes
from .database import ENV_DB, default_url, open_engine
from .errors import (
    ConflictError,
    LaterHandsError,
    NotFoundError,
    RuleViolationError,
    StoreBusyError,
    StoreError,
    StoreFaultError,
    StoreFullError,
    StoreReadOnlyError,
)
from .exchange import is_score_sheet, is_sqlite_database
from .repository import (
    BackupResult,
    ImportPreview,
    ImportResult,
    KeptDraft,
    MatchState,
    MatchSummary,
    NamedRuleSet,
    Store,
    UnreadableMatch,
)

__all__ = [
    "ENV_DB",
    "BackupResult",
    "Change",
    "ChangeKind",
    "Changes",
    "ConflictError",
    "ImportPreview",
    "ImportResult",
    "KeptDraft",
    "LaterHandsError",
    "MatchState",
    "MatchSummary",
    "NamedRuleSet",
    "NotFoundError",
    "RuleViolationError",
    "Store",
    "StoreBusyError",
    "StoreError",
    "StoreFaultError",
    "StoreFullError",
    "StoreReadOnlyError",
    "UnreadableMatch",
    "default_url",
    "is_score_sheet",
    "is_sqlite_database",
    "open_engine",
]
