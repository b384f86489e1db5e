"""Citations of the project's own rule book and file format, made in one place.

A finding, a verdict's reason or a help text names the rule it applies as a section of
``docs/rules.md`` (or of ``docs/file-format.md``): its number and the words of its
heading, for example ``rules §1.9 going out``. The tables below are those headings; a
test checks that they match the documents, and that every section cited anywhere in the
project exists.

>>> rule("1.9")
'rules §1.9 going out'
>>> rule("1.3", "3 H5")
'rules §1.3 melds; §3 H5 wild-card melds'
>>> file_format("4")
'file format §4 hand file'
"""

from __future__ import annotations

from functools import cache
from typing import Final

__all__ = ["FILE_FORMAT", "RULES", "file_format", "rule"]

#: Sections of docs/rules.md: section id → heading (without the number).
RULES: Final[dict[str, str]] = {
    "0": "Sources",
    "1": "Classic Canasta",
    "1.1": "Cards and points",
    "1.2": "Natural cards, wild cards and threes",
    "1.3": "Melds",
    "1.4": "Canastas",
    "1.5": "Black-three meld",
    "1.6": "Red threes",
    "1.7": "Initial meld minimum",
    "1.8": "Taking the discard pile",
    "1.9": "Going out",
    "1.10": "Stock runs out",
    "1.11": "Hand score",
    "1.12": "Game end and winner",
    "1.13": "Checks on a hand record",
    "2": "Variants",
    "2.1": "Two players",
    "2.2": "Three players",
    "2.3": "Three players, cutthroat",
    "2.4": "Five players",
    "2.5": "Six players, two sides of three",
    "2.6": "Six players, three sides of two",
    "3": "House rules",
    "3 H1": "Black three freezes the pile",
    "3 H2": "Pile always frozen",
    "3 H3": "Two naturals to take the pile",
    "3 H4": "No taking the pile for a finished canasta",
    "3 H5": "Wild-card melds",
    "3 H6": "Red threes laid out at the deal",
    "3 H7": "May I go out?",
    "3 O1": "One-card rule",
    "3 O2": "Going out concealed as the side's first meld",
    "3 O3": "Concealed lost by taking the pile",
    "3 O4": "Red threes need a canasta",
    "3 O5": "No minus for red threes",
    "3 O6": "Going out without the canastas",
    "3 O7": "No initial meld minimum",
    "3 O8": "Red three kept in hand",
    "3 O9": "Last-card red three, melding first",
    "3 O10": "Forced pickup when the stock is empty",
    "3 O11": "Cutthroat with two canastas",
    "3 O12": "Target",
    "3 O13": "The 150 tier",
    "3 O14": "Exact-cut bonus",
    "3 O15": "Draw on a tie",
    "3 C07": "Red-three loss capped at 400",
    "4": "Where the books disagree",
    "5": "Worked examples",
    "5.1": "Examples from the rule books",
    "5.2": "Constructed examples",
    "5.2 E1": "A side that never melded, with red threes",
    "5.2 E2": "Going out concealed below the minimum",
    "5.2 E3": "Black-three meld",
    "5.2 E4": "Two players, two canastas",
    "5.2 E5": "Below zero, minimum 15",
    "5.2 E6": "All four red threes",
    "5.2 E7": "Six players, five red threes",
    "5.2 E8": "Three-player cutthroat",
    "5.2 E9": "The stock runs out",
    "5.2 E10": "Wild canasta and unfinished wild meld",
    "6": "Not implemented: Modern American Canasta",
    "7": "Decisions where no source settles it",
    "7.1": "Six-player numbers",
    "7.2": "Cutthroat canastas to go out",
    "7.3": "Black-three meld with three packs",
    "7.4": "A tie at the top",
    "7.5": "What is checked from what",
}

#: Sections of docs/file-format.md: section id → heading (without the number).
FILE_FORMAT: Final[dict[str, str]] = {
    "1": "Reading a file",
    "2": "Cards",
    "3": "Melds",
    "4": "Hand file",
    "5": "Match file",
    "6": "Cutthroat hands",
    "7": "Quick totals",
    "8": "Output of score --json",
    "9": "Output of match --json",
    "10": "Exit status",
}


def _cite(table: dict[str, str], sections: tuple[str, ...]) -> str:
    if not sections:
        raise ValueError("cite at least one section")
    parts = []
    for section in sections:
        title = table[section]  # a KeyError names a section the documents do not have
        parts.append(f"§{section} {title[0].lower()}{title[1:]}")
    return "; ".join(parts)


@cache
def rule(*sections: str) -> str:
    """A citation of sections of the rules (``docs/rules.md``).

    Args:
        sections: section ids such as ``"1.9"``, ``"3 H5"`` or ``"5.2 E8"``.

    Returns:
        ``"rules §1.9 going out"``; several sections are joined by ``"; "``.

    Raises:
        KeyError: a section that docs/rules.md does not have.
    """
    return "rules " + _cite(RULES, sections)


@cache
def file_format(*sections: str) -> str:
    """A citation of sections of the hand and match file format (``docs/file-format.md``).

    Returns:
        ``"file format §4 hand file"``; several sections are joined by ``"; "``.

    Raises:
        KeyError: a section that docs/file-format.md does not have.
    """
    return "file format " + _cite(FILE_FORMAT, sections)
