"""Errors the store raises; each message is plain words a player can act on."""

from __future__ import annotations

from canasta_scorer.rules import Finding

__all__ = ["ConflictError", "NotFoundError", "RuleViolationError", "StoreError"]


class StoreError(Exception):
    """Something about the database itself: unreadable, damaged, newer, unreachable."""


class NotFoundError(StoreError):
    """No match (or hand) with that id or number."""


class ConflictError(StoreError):
    """The match was changed elsewhere (another phone on a club server) since it was
    opened here; nothing was saved, and the caller still has its entry."""


class RuleViolationError(StoreError):
    """The change breaks a rule of the game; nothing was saved.

    Attributes:
        findings: the errors (with their JSON paths and rules).
    """

    def __init__(self, message: str, findings: list[Finding]) -> None:
        self.findings = findings
        lines = [message] + [
            f"  {f.where or '(whole match)'}: {f.message} [{f.rule}]" for f in findings
        ]
        super().__init__("\n".join(lines))
