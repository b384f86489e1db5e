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

from .words import W_

__all__ = ["FILE_FORMAT", "RULES", "file_format", "rule"]

#: Sections of docs/rules.md: section id → heading (without the number).
RULES: Final[dict[str, str]] = {
    "0": W_("Sources"),
    "1": W_("Classic Canasta"),
    "1.1": W_("Cards and points"),
    "1.2": W_("Natural cards, wild cards and threes"),
    "1.3": W_("Melds"),
    "1.4": W_("Canastas"),
    "1.5": W_("Black-three meld"),
    "1.6": W_("Red threes"),
    "1.7": W_("Initial meld minimum"),
    "1.8": W_("Taking the discard pile"),
    "1.9": W_("Going out"),
    "1.10": W_("Stock runs out"),
    "1.11": W_("Hand score"),
    "1.12": W_("Game end and winner"),
    "1.13": W_("Checks on a hand record"),
    "2": W_("Variants"),
    "2.1": W_("Two players"),
    "2.2": W_("Three players"),
    "2.3": W_("Three players, cutthroat"),
    "2.4": W_("Five players"),
    "2.5": W_("Six players, two sides of three"),
    "2.6": W_("Six players, three sides of two"),
    "3": W_("House rules"),
    "3 H1": W_("Black three freezes the pile"),
    "3 H2": W_("Pile always frozen"),
    "3 H3": W_("Two naturals to take the pile"),
    "3 H4": W_("No taking the pile for a finished canasta"),
    "3 H5": W_("Wild-card melds"),
    "3 H6": W_("Red threes laid out at the deal"),
    "3 H7": W_("May I go out?"),
    "3 O1": W_("One-card rule"),
    "3 O2": W_("Going out concealed as the side's first meld"),
    "3 O3": W_("Concealed lost by taking the pile"),
    "3 O4": W_("Red threes need a canasta"),
    "3 O5": W_("No minus for red threes"),
    "3 O6": W_("Going out without the canastas"),
    "3 O7": W_("No initial meld minimum"),
    "3 O8": W_("Red three kept in hand"),
    "3 O9": W_("Last-card red three, melding first"),
    "3 O10": W_("Forced pickup when the stock is empty"),
    "3 O11": W_("Cutthroat with two canastas"),
    "3 O12": W_("Target"),
    "3 O13": W_("The minimum of 150"),
    "3 O14": W_("Exact-cut bonus"),
    "3 O15": W_("Draw on a tie"),
    "3 C07": W_("Red-three loss capped at 400"),
    "4": W_("Where the books disagree"),
    "5": W_("Worked examples"),
    "5.1": W_("Examples from the rule books"),
    "5.2": W_("Constructed examples"),
    "5.2 E1": W_("A side that never melded, with red threes"),
    "5.2 E2": W_("Going out concealed below the minimum"),
    "5.2 E3": W_("Black-three meld"),
    "5.2 E4": W_("Two players, two canastas"),
    "5.2 E5": W_("Below zero, minimum 15"),
    "5.2 E6": W_("All four red threes"),
    "5.2 E7": W_("Six players, five red threes"),
    "5.2 E8": W_("Three-player cutthroat"),
    "5.2 E9": W_("The stock runs out"),
    "5.2 E10": W_("Wild canasta and unfinished wild meld"),
    "6": W_("Not implemented: Modern American Canasta"),
    "7": W_("Decisions where no source settles it"),
    "7.1": W_("Six-player numbers"),
    "7.2": W_("Cutthroat canastas to go out"),
    "7.3": W_("Black-three meld with three packs"),
    "7.4": W_("A tie at the top"),
    "7.5": W_("What is checked from what"),
}

#: Sections of docs/file-format.md: section id → heading (without the number).
FILE_FORMAT: Final[dict[str, str]] = {
    "1": W_("Reading a file"),
    "2": W_("Cards"),
    "3": W_("Melds"),
    "4": W_("Hand file"),
    "5": W_("Match file"),
    "6": W_("Cutthroat hands"),
    "7": W_("Quick totals"),
    "8": W_("Output of score --json"),
    "9": W_("Output of match --json"),
    "10": W_("Exit status"),
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
