"""Hands and matches the rules tests start from, and helpers to change and check them.

One small legal hand per table shape (classic, two-player E4, six-player E7, cutthroat E8,
five-player, concealed E2); each test changes one thing. Expected totals are worked out by
hand from the rule books (S0 "Classic Canasta Scoring", S1's card table, rules §1).
"""

from __future__ import annotations

import copy
from typing import Any

from canasta_scorer.rules import (
    Code,
    Finding,
    HandRecord,
    MatchRecord,
    Severity,
    score_hand,
    score_match,
    validate_record,
)

E = Severity.ERROR


W = Severity.WARNING


Data = dict[str, Any]


Expected = list[tuple[Severity, Code, str]]


def classic_hand() -> Data:
    """A legal classic hand (4 players, 2 sides of 2). North goes out.

    North-South: K×7 natural canasta (70) + A A 2 (60) = 130 melded; canasta 500; one red
    three 100 (the side melded); going out 100; South holds 4 5 = 10. Total 820.
    East-West: Q Q Q Q 2 = 60 melded (≥ 50, the initial meld minimum at 0); hands 9 + J = 20.
    Total 40.
    """
    return {
        "variant": "classic",
        "house_rules": [],
        "sides": [
            {
                "name": "North-South",
                "players": ["North", "South"],
                "red_threes": 1,
                "melds": ["K K K K K K K", "A A 2"],
                "went_out": "out",
                "went_out_by": "North",
                "left_in_hand": {"North": "", "South": "4 5"},
            },
            {
                "name": "East-West",
                "players": ["East", "West"],
                "melds": ["Q Q Q Q 2"],
                "left_in_hand": {"East": "9", "West": "J"},
            },
        ],
    }


def two_player_hand() -> Data:
    """rules §5.2 E4 (two players, 2 canastas to go out). Ann = 1,215, Bob = −5."""
    return {
        "variant": "two-player",
        "sides": [
            {
                "name": "Ann",
                "red_threes": 1,
                "melds": ["7 7 7 7 7 7 7", "J J J J J 2 JK", "A A A"],
                "went_out": "out",
                "left_in_hand": "",
            },
            {"name": "Bob", "melds": ["K K K K 2", "5 5 5"], "left_in_hand": "9 9 6 4 JK"},
        ],
    }


def six_player_hand() -> Data:
    """rules §5.2 E7 (six players, 2 sides of 3, 3 packs). Team X at 7,600 (minimum 150).

    X: 8×7 (70, natural) + K K K K K 2 JK (120, mixed) + A A A (60) = 250; canastas 800;
    going out 100; five red threes 1,000; partners hold J J 5 5 5 (35) and A A A (60).
    X = 250 + 800 + 100 + 1,000 − 95 = 2,055. Y: Q Q Q Q 2 (60) − (9 + J + 6 = 25) = 35.
    """
    return {
        "variant": "six-player",
        "sides": [
            {
                "name": "X",
                "players": ["P1", "P3", "P5"],
                "score_before": 7600,
                "red_threes": 5,
                "melds": ["8 8 8 8 8 8 8", "K K K K K 2 JK", "A A A"],
                "went_out": "out",
                "went_out_by": "P1",
                "left_in_hand": {"P1": "", "P3": "J J 5 5 5", "P5": "A A A"},
            },
            {
                "name": "Y",
                "players": ["P2", "P4", "P6"],
                "melds": ["Q Q Q Q 2"],
                "left_in_hand": {"P2": "9", "P4": "J", "P6": "6"},
            },
        ],
    }


def cutthroat_hand() -> Data:
    """rules §5.2 E8 (three-player cutthroat): L plays alone; P1 and P2 are partners.

    P1 laid Q Q Q Q (40) and A A JK (90); P2 laid 9 9 9 9 9 2 2 (90, mixed) and went out.
    Partners: 220 melded; canasta 300;
    P2 went out 100; P1 holds 5 7 K = 20 → 600, and P1 adds one red three: P1 700, P2 600.
    L: 8 8 8 8 2 (60) + 6 6 6 (15) = 75; two red threes 200; hand J J 4 JK 2 = 95 → 180.
    """
    return {
        "variant": "three-player-cutthroat",
        "lone_hand": "L",
        "sides": [
            {
                "name": "L",
                "red_threes": 2,
                "melds": ["8 8 8 8 2", "6 6 6"],
                "left_in_hand": "J J 4 JK 2",
            },
            {
                "name": "P1",
                "score_before": 1600,
                "red_threes": 1,
                "melds": ["Q Q Q Q", "A A JK"],
                "left_in_hand": "5 7 K",
            },
            {
                "name": "P2",
                "score_before": 400,
                "melds": ["9 9 9 9 9 2 2"],
                "went_out": "out",
                "left_in_hand": "",
            },
        ],
    }


def five_player_hand() -> Data:
    """Five players: a side of 3 (Cy sits this hand out) against a side of 2.

    The numbers are those of `classic_hand`: Trio 820, Duo 40 (rules §2: nothing in the
    scoring changes).
    """
    return {
        "variant": "five-player",
        "sitting_out": "Cy",
        "sides": [
            {
                "name": "Trio",
                "players": ["Ann", "Ben", "Cy"],
                "red_threes": 1,
                "melds": ["K K K K K K K", "A A 2"],
                "went_out": "out",
                "went_out_by": "Ann",
                "left_in_hand": {"Ann": "", "Ben": "4 5"},
            },
            {
                "name": "Duo",
                "players": ["Dee", "Eve"],
                "melds": ["Q Q Q Q 2"],
                "left_in_hand": {"Dee": "9", "Eve": "J"},
            },
        ],
    }


def concealed_hand() -> Data:
    """rules §5.2 E2: North goes out concealed at 3,200 (minimum 120) with 85 points.

    North-South: 4×7 (35, natural canasta) + 6 6 2 2 (50) = 85 < 120, allowed by the
    concealed exemption (S0 "Initial Meld Requirement"); 500 + 200 + one red three 100;
    South holds A A K Q 10 8 7 6 5 5 JK = 150. N-S = 735. East-West as in `classic_hand`: 40.
    """
    data = classic_hand()
    data["sides"][0] = {
        "name": "North-South",
        "players": ["North", "South"],
        "score_before": 3200,
        "red_threes": 1,
        "melds": ["4 4 4 4 4 4 4", "6 6 2 2"],
        "went_out": "concealed",
        "went_out_by": "North",
        "left_in_hand": {"North": "", "South": "A A K Q 10 8 7 6 5 5 JK"},
    }
    return data


def match_file() -> Data:
    """A classic match of one legal hand (`classic_hand`): 820 and 40."""
    return {
        "variant": "classic",
        "sides": [
            {"name": "North-South", "players": ["North", "South"]},
            {"name": "East-West", "players": ["East", "West"]},
        ],
        "hands": [{"sides": [play(side) for side in classic_hand()["sides"]]}],
    }


def play(side: Data) -> Data:
    """A hand-file side as a match-hand side (no name, players or score_before)."""
    return {k: v for k, v in side.items() if k not in {"name", "players", "score_before"}}


def edit(data: Data, path: str, value: Any) -> Data:
    """A copy of ``data`` with the value at a dotted path (``sides.0.melds``) replaced, or
    removed when ``value`` is `DELETE`."""
    data = copy.deepcopy(data)
    *parents, last = path.split(".")
    node: Any = data
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    key: Any = int(last) if last.isdigit() else last
    if value is DELETE:
        del node[key]
    else:
        node[key] = value
    return data


DELETE = object()


def findings(data: Data) -> list[Finding]:
    return list(score_hand(validate_record(HandRecord, data)).violations)


def summary(found: list[Finding]) -> Expected:
    return [(finding.severity, finding.code, finding.where) for finding in found]


def totals(data: Data) -> list[int]:
    return [side.total for side in score_hand(validate_record(HandRecord, data)).sides]


def match_findings(data: Data) -> list[Finding]:
    return list(score_match(validate_record(MatchRecord, data)).violations)


def classic(path: str, value: Any) -> Data:
    return edit(classic_hand(), path, value)


NS_MELDS = ["K K K K K K K", "A A 2"]


EW_MELDS = ["Q Q Q Q 2"]


def ns_melds(*extra: str) -> Data:
    """The classic hand with more melds for North-South (the side that went out)."""
    return classic("sides.0.melds", [*NS_MELDS, *extra])


def ew_melds(*extra: str) -> Data:
    """The classic hand with more melds for East-West (the side that did not go out)."""
    return classic("sides.1.melds", [*EW_MELDS, *extra])


def wild_house_rules(*rules: str) -> Data:
    return classic("house_rules", list(rules))


def quick_east_west(total: int, **cards: Any) -> Data:
    """Classic hand whose East-West total was typed from a paper count (quick entry)."""
    data = classic_hand()
    data["sides"][1] = {"name": "East-West", "players": ["East", "West"], "total": total, **cards}
    return data


QUICK_WARNING = (W, Code.QUICK_NOT_CARD_CHECKED, "sides[1].total")
