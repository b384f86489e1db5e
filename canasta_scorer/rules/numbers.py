"""Whole numbers as players type them: scores, targets, totals counted on paper.

``1500``, ``1,500``, ``1 500``, ``-35``, ``−35`` (the minus sign of score sheets) and
``+100`` are read; anything else is an error that names what was typed.

>>> parse_number("1,500"), parse_number(" −35 "), parse_number("+100"), parse_number("")
(1500, -35, 100, None)
>>> parse_number("12,34")
Traceback (most recent call last):
...
canasta_scorer.rules.errors.NumberSyntaxError: '12,34' is not a whole number
"""

from __future__ import annotations

import re

from .errors import NumberSyntaxError
from .words import phrase

__all__ = ["parse_number"]

_NUMBER = re.compile(r"[+-]?(?:\d{1,3}(?:[, ]\d{3})+|\d+)")
_MINUS_SIGNS = str.maketrans({"−": "-", "–": "-", "\u00a0": " ", "\u202f": " "})


def parse_number(text: str) -> int | None:
    """Read a whole number typed by a player.

    Args:
        text: the text as typed; thousands may be grouped with commas or spaces.

    Returns:
        The number, or ``None`` when nothing was typed.

    Raises:
        NumberSyntaxError: the text is not a whole number (a fraction, a word, a comma
            out of place).
    """
    plain = text.translate(_MINUS_SIGNS).strip()
    if not plain:
        return None
    if len(plain) > 30 or not _NUMBER.fullmatch(plain):
        raise NumberSyntaxError(
            f"{text.strip()!r} is not a whole number",
            phrase("error.not_a_number", text=repr(text.strip())),
        )
    return int(plain.replace(",", "").replace(" ", ""))
