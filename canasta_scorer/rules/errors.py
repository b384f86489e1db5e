"""Errors raised by the rules engine.

Three kinds, each a `ValueError`: text that cannot be read as cards, a meld or a
whole number (`CardSyntaxError`, `MeldSyntaxError`, `NumberSyntaxError`), an unknown
name (`UnknownNameError`), and a hand or match file that does not follow the file
contract (`RecordError`, which lists every problem with its JSON path). A record
that can be read but breaks a rule of the game is not an error: the checker
reports it as findings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .words import Phrase

__all__ = [
    "CanastaError",
    "CardSyntaxError",
    "MeldSyntaxError",
    "NumberSyntaxError",
    "Problem",
    "RecordError",
    "UnknownNameError",
]


class CanastaError(ValueError):
    """Base class of every error the rules engine raises on bad input.

    Args:
        message: what is wrong, in English.
        words: the same as a `Phrase` of `canasta_scorer.rules.WORDS` (its key and
            values), for the edge to word in the player's language; ``None`` where the
            English message is all there is.
    """

    def __init__(self, message: str, words: Phrase | None = None) -> None:
        super().__init__(message)
        self.words = words


class CardSyntaxError(CanastaError):
    """Text that is not a card or a list of cards (docs/file-format.md, "Cards")."""


class MeldSyntaxError(CanastaError):
    """A meld written in a form the file contract does not have (docs/file-format.md, "Cards")."""


class NumberSyntaxError(CanastaError):
    """Text typed as a whole number (a score, a target, a total) that is not one."""


class UnknownNameError(CanastaError):
    """A variant or house-rule id that the rules (docs/rules.md §2, §3) do not define."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a file cannot be read: where (a JSON path such as ``sides[1].melds[2]``,
    ``""`` for the whole file, in the key names of docs/file-format.md) and what is
    wrong, in plain English words (``message``, kept for files and JSON) and as a
    `Phrase` of `canasta_scorer.rules.WORDS` (``words``, for the edge to word in the
    player's language; ``None`` where the message is all there is)."""

    where: str
    message: str
    words: Phrase | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class RecordError(CanastaError):
    """A hand or match file that does not follow the contract of docs/file-format.md.

    Attributes:
        problems: every problem found, each with its JSON path.
    """

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(problem) for problem in problems))
