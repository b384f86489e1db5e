"""The store: every match kept safe in a database (SQLite by default, any SQLAlchemy
URL such as PostgreSQL), with migrations, edit, undo and redo, export and import.

Scores are never computed here: the store persists entries and recomputes through
`canasta_scorer.rules`.
"""

from .changes import Change, ChangeKind, Changes
from .database import default_url, open_engine
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
from .repository import (
    BackupResult,
    ImportPreview,
    ImportResult,
    MatchState,
    MatchSummary,
    NamedRuleSet,
    Store,
    UnreadableMatch,
)

__all__ = [
    "BackupResult",
    "Change",
    "ChangeKind",
    "Changes",
    "ConflictError",
    "ImportPreview",
    "ImportResult",
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
    "open_engine",
]
