"""Whole numbers as players type them: scores, targets, totals counted on paper.

``1500``, ``1,500``, ``1 500``, ``-35``, ``−35`` (the minus sign of score sheets) and
``+100`` are read; in a language that groups thousands with a full stop (German,
Spanish, Italian, Portuguese), ``1.500`` instead of ``1,500``; anything else is an error
that names what was typed.

>>> parse_number("1,500"), parse_number(" −35 "), parse_number("+100"), parse_number("")
(1500, -35, 100, None)
>>> parse_number("1.630", group=".")
1630
>>> parse_number("12,34")
Traceback (most recent call last):
...
canasta_scorer.rules.errors.NumberSyntaxError: “12,34” is not a whole number
"""

from __future__ import annotations

import re

from .errors import NumberSyntaxError
from .words import phrase, quoted, render

__all__ = ["MOST_POINTS", "parse_number", "parse_score"]

#: The most points a score, a total or a target may be, either way (docs/file-format.md).
MOST_POINTS = 10_000_000

#: By the thousands separator of the player's language: the numbers it reads.
_NUMBERS = {
    ",": re.compile(r"[+-]?(?:\d{1,3}(?:[, ]\d{3})+|\d+)"),
    ".": re.compile(r"[+-]?(?:\d{1,3}(?:[. ]\d{3})+|\d+)"),
}
_MINUS_SIGNS = str.maketrans({"−": "-", "–": "-", "\u00a0": " ", "\u202f": " "})


def parse_number(text: str, group: str = ",") -> int | None:
    """Read a whole number typed by a player.

    Args:
        text: the text as typed; thousands may be grouped with ``group`` or spaces.
        group: the thousands separator of the player's language as the app writes
            numbers: ``","`` (English, the default) or ``"."`` (German, Spanish,
            Italian, Portuguese); any other (a language grouping with spaces) is
            taken as ``","``.

    Returns:
        The number, or ``None`` when nothing was typed.

    Raises:
        NumberSyntaxError: the text is not a whole number (a fraction, a word, a comma
            out of place).
    """
    plain = text.translate(_MINUS_SIGNS).strip()
    if not plain:
        return None
    if group not in _NUMBERS:
        group = ","
    if len(plain) > 30 or not _NUMBERS[group].fullmatch(plain):
        words = phrase("error.not_a_number", text=quoted(text.strip()))
        raise NumberSyntaxError(render(words), words)
    return int(plain.replace(group, "").replace(" ", ""))


def parse_score(text: str, group: str = ",") -> int | None:
    """Read a score typed by a player (a side's score, a target, a start score): a
    whole number as `parse_number` reads it, at most `MOST_POINTS` either way.

    >>> parse_score("7,500"), parse_score("")
    (7500, None)
    >>> try:
    ...     parse_score("99999999995")
    ... except NumberSyntaxError as error:
    ...     print(error)
    99,999,999,995 is past the largest score a match can have (±10,000,000)

    Raises:
        NumberSyntaxError: not a whole number, or past `MOST_POINTS`.
    """
    value = parse_number(text, group)
    if value is not None and abs(value) > MOST_POINTS:
        words = phrase("error.score_too_large", value=value, most=MOST_POINTS)
        raise NumberSyntaxError(render(words), words)
    return value
