"""Errors the store raises; each message is plain words a player can act on."""

from __future__ import annotations

from canasta_scorer.rules import EditCheck, Finding

__all__ = [
    "ConflictError",
    "LaterHandsError",
    "NotFoundError",
    "RuleViolationError",
    "StoreBusyError",
    "StoreError",
    "StoreFaultError",
    "StoreFullError",
    "StoreReadOnlyError",
]


class StoreError(Exception):
    """Something about the database itself: unreadable, damaged, newer, unreachable."""


class StoreFaultError(StoreError):
    """The database itself failed (damaged, or a driver error): the message names the
    file or URL and the driver's words, for the person who runs the app."""


class StoreBusyError(StoreError):
    """Another program holds the database's write lock longer than the store waits;
    nothing was changed, and trying again later works."""


class StoreReadOnlyError(StoreError):
    """The database (or its folder) cannot be written: nothing was changed."""


class StoreFullError(StoreError):
    """The disk is full (or a file-size limit was reached) while saving; the save was
    rolled back and nothing was changed."""


class NotFoundError(StoreError):
    """No match (or hand) with that id or number."""


class ConflictError(StoreError):
    """The match was changed elsewhere (another phone on a club server) since it was
    opened here; nothing was saved, and the caller still has its entry."""


class RuleViolationError(StoreError):
    """The change breaks a rule of the game; nothing was saved.

    Attributes:
        message: what was refused, in the words of the language in force.
        findings: the errors (with their JSON paths and rules).
    """

    def __init__(self, message: str, findings: list[Finding]) -> None:
        self.message = message
        self.findings = findings
        lines = [message] + [
            f"  {f.where or '(whole match)'}: {f.message} [{f.rule}]" for f in findings
        ]
        super().__init__("\n".join(lines))


class LaterHandsError(RuleViolationError):
    """A change to a hand would make later, unchanged hands break a rule (their
    running totals, and with them the initial meld minimum, change); nothing was
    saved.

    Attributes:
        check: what the change would break, hand by hand
            (`canasta_scorer.rules.check_edit`).
    """

    def __init__(self, message: str, check: EditCheck) -> None:
        self.check = check
        super().__init__(message, [f for hand in check.later for f in hand.findings])
