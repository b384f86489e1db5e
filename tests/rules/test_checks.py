"""The checker, rule by rule: every finding code, a legal hand that does not raise it and a
hand that raises exactly it, with its severity and JSON path.

Each case starts from a small legal hand and changes one thing. Expected totals are worked
out by hand from the rule books (S0 "Classic Canasta Scoring", S1's card table, RULES.md §1);
the checklist numbers are RULES.md §1.13 checks 1–9.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from canasta_scorer.rules import (
    Code,
    Finding,
    HandRecord,
    MatchRecord,
    RecordError,
    Severity,
    check_meld,
    load_hand,
    parse_meld,
    rule_set,
    score_hand,
    score_match,
    validate_record,
)

E = Severity.ERROR
W = Severity.WARNING

Data = dict[str, Any]
Expected = list[tuple[Severity, Code, str]]

# ---------------------------------------------------------------------------------------------
# Legal base hands, one per table shape. Each is checked clean and its totals worked out below.
# ---------------------------------------------------------------------------------------------


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
    """RULES.md §5.2 E4 (two players, 2 canastas to go out). Ann = 1,215, Bob = −5."""
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
    """RULES.md §5.2 E7 (six players, 2 sides of 3, 3 packs). Team X at 7,600 (minimum 150).

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
    """RULES.md §5.2 E8 (three-player cutthroat): L plays alone; P1 and P2 are partners.

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

    The numbers are those of `classic_hand`: Trio 820, Duo 40 (RULES.md §2: nothing in the
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
    """RULES.md §5.2 E2: North goes out concealed at 3,200 (minimum 120) with 85 points.

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
        "hands": [{"sides": [_play(side) for side in classic_hand()["sides"]]}],
    }


def _play(side: Data) -> Data:
    """A hand-file side as a match-hand side (no name, players or score_before)."""
    return {k: v for k, v in side.items() if k not in {"name", "players", "score_before"}}


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------
# The base hands are legal and score as worked out by hand
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "expected_totals"),
    [
        pytest.param(classic_hand, [820, 40], id="classic"),
        pytest.param(two_player_hand, [1215, -5], id="two-player E4"),
        pytest.param(six_player_hand, [2055, 35], id="six-player E7"),
        pytest.param(cutthroat_hand, [180, 700, 600], id="cutthroat E8"),
        pytest.param(five_player_hand, [820, 40], id="five-player"),
        pytest.param(concealed_hand, [735, 40], id="going out concealed E2"),
    ],
)
def test_legal_hand_has_no_findings_and_scores_as_worked_out(
    make: Callable[[], Data], expected_totals: list[int]
) -> None:
    data = make()
    assert findings(data) == []
    assert totals(data) == expected_totals
    # The same hand read from JSON text gives the same result.
    assert score_hand(load_hand(json.dumps(data))).valid


def test_legal_match_has_no_findings() -> None:
    result = score_match(validate_record(MatchRecord, match_file()))
    assert result.violations == ()
    assert result.running_totals == (820, 40)


# ---------------------------------------------------------------------------------------------
# Passing cases: the rule is not reported for a legal hand
# ---------------------------------------------------------------------------------------------

PASSING: list[Any] = [
    # check 1: meld shape
    pytest.param(ns_melds("J J J"), id="three natural cards make a meld"),
    pytest.param(ns_melds("J J 2"), id="two natural cards and a wild card make a meld"),
    pytest.param(ns_melds("J J J J 2 2 JK"), id="a canasta with 3 wild cards (S1 J J J J 2 2 JK)"),
    pytest.param(
        edit(
            edit(classic_hand(), "house_rules", ["wild-card-melds"]),
            "sides.0.melds",
            ["K K K K K K K", "A A A", "2 2 2 2 JK JK JK"],
        ),
        id="a wild canasta of 7 wild cards under wild-card-melds",
    ),
    pytest.param(
        edit(
            edit(classic_hand(), "house_rules", ["wild-card-melds"]),
            "sides.0.melds",
            ["K K K K K K K", "A A A", "2 2 JK"],
        ),
        id="an unfinished wild meld under wild-card-melds, no wild cards beside it",
    ),
    pytest.param(
        edit(
            edit(classic_hand(), "house_rules", ["wild-card-melds"]),
            "sides.0.melds",
            ["K K K K K K K", "A A 2", "2 2 2 JK JK JK 2"],
        ),
        id="wild cards beside a finished wild canasta",
    ),
    # check 2
    pytest.param(ew_melds("A A A"), id="both sides may meld the same rank"),
    # check 3: the black-three meld
    pytest.param(ns_melds("3 3 3"), id="three black threes melded by the side going out"),
    pytest.param(ns_melds("3 3 3 3"), id="four black threes melded by the side going out"),
    # check 4: card supply
    pytest.param(
        classic("sides.1.left_in_hand", {"East": "K", "West": "J"}), id="eight kings in all"
    ),
    pytest.param(ns_melds("J J 2 2", "10 10 2 2", "9 9 2 2"), id="eight 2s in all"),
    pytest.param(
        classic("sides.1.left_in_hand", {"East": "JK JK JK", "West": "JK"}), id="four jokers"
    ),
    pytest.param(
        classic("sides.1.red_threes", 3), id="four red threes in all (one and three laid out)"
    ),
    # check 6: going out
    pytest.param(classic("sides.0.went_out_by", "north"), id="the player who went out, any case"),
    pytest.param(
        classic("sides.0.left_in_hand", "4 5"),
        id="one string for the side: the partner's cards",
    ),
    # check 9 and the initial meld minimum
    pytest.param(classic("sides.1.score_before", 1495), id="60 melded at 1,495 (minimum 50)"),
    pytest.param(classic("sides.1.score_before", -5), id="negative score: minimum 15"),
    pytest.param(
        edit(classic("sides.1.score_before", -5), "sides.1.melds", ["4 4 4"]),
        id="4 4 4 (15) opens below zero (E5)",
    ),
    pytest.param(
        edit(classic("sides.1.score_before", 1500), "house_rules", ["no-initial-minimum"]),
        id="60 melded at 1,500 under no-initial-minimum",
    ),
    pytest.param(classic("target", 7500), id="a custom target that is a multiple of 5"),
    # checks 7-8: concealed
    pytest.param(
        edit(two_player_hand(), "sides.0.went_out", "concealed"),
        id="going out concealed with two canastas in two-player",
    ),
]


@pytest.mark.parametrize("data", PASSING)
def test_legal_hand_is_not_reported(data: Data) -> None:
    assert summary(findings(data)) == []


# ---------------------------------------------------------------------------------------------
# Failing cases: exactly the expected findings, severity and JSON path
# ---------------------------------------------------------------------------------------------


def _wild_house_rules(*rules: str) -> Data:
    return classic("house_rules", list(rules))


def _sitting_out_played_by_going_out() -> Data:
    data = five_player_hand()
    data["sides"][0]["went_out_by"] = "Cy"
    data["sides"][0]["left_in_hand"] = {"Ann": "6", "Ben": "4 5"}
    return data


def _both_sides_out() -> Data:
    data = classic_hand()
    data["sides"][1].update(
        melds=["Q Q Q Q Q Q Q"],
        went_out="out",
        went_out_by="East",
        left_in_hand={"East": "", "West": "J"},
    )
    return data


def _third_side() -> Data:
    data = classic_hand()
    data["sides"].append({"name": "Kibitzers", "left_in_hand": "6"})
    return data


def _quick_east_west(total: int, **cards: Any) -> Data:
    """Classic hand whose East-West total was typed from a paper count (quick entry)."""
    data = classic_hand()
    data["sides"][1] = {"name": "East-West", "players": ["East", "West"], "total": total, **cards}
    return data


QUICK_WARNING = (W, Code.QUICK_NOT_CARD_CHECKED, "sides[1].total")

FAILING: list[Any] = [
    # ---- quick entry: a side's total typed from a paper count
    pytest.param(_quick_east_west(40), [QUICK_WARNING], id="typed total is not card-checked"),
    pytest.param(
        _quick_east_west(42),
        [QUICK_WARNING, (E, Code.SCORE_NOT_MULTIPLE_OF_5, "sides[1].total")],
        id="typed total not a multiple of 5",
    ),
    pytest.param(
        _quick_east_west(40, melds=["Q Q Q Q 2"]),
        [QUICK_WARNING, (E, Code.QUICK_WITH_CARDS, "sides[1]")],
        id="typed total beside melds",
    ),
    # ---- check 1: meld shape (S0 "Melds in Classic Canasta")
    pytest.param(
        ns_melds("J J"), [(E, Code.MELD_TOO_FEW_CARDS, "sides[0].melds[2]")], id="too few cards"
    ),
    pytest.param(
        ns_melds("J 2 2"),
        [(E, Code.MELD_TOO_FEW_NATURALS, "sides[0].melds[2]")],
        id="too few natural cards (S1: 5-2-2 is not a legal meld)",
    ),
    pytest.param(
        ns_melds("J J J J 2 2 2 JK"),
        [(E, Code.MELD_TOO_MANY_WILDS, "sides[0].melds[2]")],
        id="four wild cards in a canasta",
    ),
    pytest.param(
        ns_melds("9 9 2 2 2 JK"),
        [(E, Code.MELD_TOO_MANY_WILDS, "sides[0].melds[2]")],
        id="too many wild cards (S1: 9-9-2-2-2-Joker is not legal)",
    ),
    pytest.param(
        ns_melds("J J J Q"),
        [(E, Code.MELD_MIXED_RANKS, "sides[0].melds[2]")],
        id="mixed ranks in a meld",
    ),
    pytest.param(
        ns_melds("4 5 6 7"),
        [(E, Code.MELD_MIXED_RANKS, "sides[0].melds[2]")],
        id="a sequence is never a meld",
    ),
    pytest.param(
        ns_melds("J J J R3"),
        [(E, Code.MELD_RED_THREE, "sides[0].melds[2]")],
        id="red three in a meld",
    ),
    pytest.param(
        ns_melds("2 2 JK"),
        [(E, Code.MELD_WILD_ONLY, "sides[0].melds[2]")],
        id="wild-only meld without wild-card-melds",
    ),
    pytest.param(
        edit(
            _wild_house_rules("wild-card-melds"),
            "sides.0.melds",
            ["K K K K K K K", "A A A", "2 2 2 2 JK JK JK 2"],
        ),
        [(E, Code.MELD_WILD_TOO_BIG, "sides[0].melds[2]")],
        id="a wild meld over 7 cards under wild-card-melds",
    ),
    pytest.param(
        edit(
            _wild_house_rules("wild-card-melds"),
            "sides.0.melds",
            ["K K K K K K K", "A A A", "2 JK"],
        ),
        [(E, Code.MELD_TOO_FEW_CARDS, "sides[0].melds[2]")],
        id="a wild meld of 2 cards under wild-card-melds",
    ),
    pytest.param(
        edit(
            _wild_house_rules("wild-card-melds"),
            "sides.0.melds",
            ["K K K K K K K", "A A 2", "2 2 JK"],
        ),
        [(W, Code.MELD_WILDS_BESIDE_WILD_MELD, "sides[0].melds")],
        id="wild cards beside an unfinished wild meld (S2 house rules)",
    ),
    # ---- check 2: one meld per rank per side
    pytest.param(
        ns_melds("A A A"),
        [(E, Code.MELD_DUPLICATE_RANK, "sides[0].melds[2]")],
        id="two melds of one rank",
    ),
    # ---- check 3: the black-three meld (S0 "Threes in Classic Canasta")
    pytest.param(
        ew_melds("3 3 3"),
        [(E, Code.BLACK_THREE_NOT_GOING_OUT, "sides[1].melds[1]")],
        id="black-three meld by a side not going out",
    ),
    pytest.param(
        ns_melds("3 3 3 2"),
        [(E, Code.BLACK_THREE_WILD, "sides[0].melds[2]")],
        id="black-three meld with a wild card",
    ),
    pytest.param(
        ns_melds("3 3"),
        [(E, Code.BLACK_THREE_SIZE, "sides[0].melds[2]")],
        id="black-three meld of two cards",
    ),
    pytest.param(
        ns_melds("3 3 3 3 3"),
        # Five black threes are more than the meld allows and more than two packs hold.
        [
            (E, Code.BLACK_THREE_SIZE, "sides[0].melds[2]"),
            (E, Code.SUPPLY_TOO_MANY, "sides"),
        ],
        id="black-three meld of five cards",
    ),
    # ---- check 4: card supply (RULES.md §1.1: 8 of a rank, 8 twos, 4 jokers, 4 + 4 threes)
    pytest.param(
        classic("sides.1.left_in_hand", {"East": "K K", "West": "J"}),
        [(E, Code.SUPPLY_TOO_MANY, "sides")],
        id="nine kings",
    ),
    pytest.param(
        ns_melds("J J 2 2", "10 10 2 2", "9 9 2 2 2"),
        [(E, Code.SUPPLY_TOO_MANY, "sides")],
        id="nine 2s",
    ),
    pytest.param(
        classic("sides.1.left_in_hand", {"East": "JK JK JK", "West": "JK JK"}),
        [(E, Code.SUPPLY_TOO_MANY, "sides")],
        id="five jokers",
    ),
    pytest.param(
        edit(ns_melds("3 3 3 3"), "sides.1.left_in_hand", {"East": "3", "West": "J"}),
        [(E, Code.SUPPLY_TOO_MANY, "sides")],
        id="five black threes",
    ),
    pytest.param(
        classic("sides.1.red_threes", 4),
        [(E, Code.SUPPLY_RED_THREES, "sides")],
        id="five red threes laid out",
    ),
    pytest.param(
        edit(classic("sides.1.red_threes", 3), "sides.1.left_in_hand", {"East": "R3", "West": "J"}),
        [
            (E, Code.HAND_RED_THREE, "sides[1].left_in_hand"),
            (E, Code.SUPPLY_RED_THREES, "sides"),
        ],
        id="five red threes counting one in a hand",
    ),
    # ---- check 5: red three in hand
    pytest.param(
        classic("sides.0.left_in_hand", {"North": "", "South": "4 5 R3"}),
        [(E, Code.HAND_RED_THREE, "sides[0].left_in_hand")],
        id="red three in hand",
    ),
    # ---- check 6: going out (S0 "End of the hand: Going Out")
    pytest.param(
        _both_sides_out(),
        [(E, Code.GOING_OUT_MORE_THAN_ONE, "sides[1].went_out")],
        id="more than one side went out",
    ),
    pytest.param(
        classic("sides.0.left_in_hand", {"North": "9", "South": "4 5"}),
        [(E, Code.GOING_OUT_HAND_NOT_EMPTY, "sides[0].left_in_hand.North")],
        id="going-out player's hand not empty (per-player form)",
    ),
    pytest.param(
        edit(two_player_hand(), "sides.0.left_in_hand", "4"),
        [(E, Code.GOING_OUT_HAND_NOT_EMPTY, "sides[0].left_in_hand")],
        id="going-out player's hand not empty (one-player side)",
    ),
    pytest.param(
        classic("sides.0.melds", ["K K K K K K", "A A 2"]),
        [(E, Code.GOING_OUT_CANASTAS, "sides[0].went_out")],
        id="going out without a canasta (classic needs 1)",
    ),
    pytest.param(
        edit(two_player_hand(), "sides.0.melds", ["7 7 7 7 7 7 7", "J J J J 2 JK", "A A A"]),
        [(E, Code.GOING_OUT_CANASTAS, "sides[0].went_out")],
        id="going out with one canasta in two-player (E4 variant)",
    ),
    pytest.param(
        edit(six_player_hand(), "sides.0.melds", ["8 8 8 8 8 8 8", "K K K K K 2", "A A A"]),
        [(E, Code.GOING_OUT_CANASTAS, "sides[0].went_out")],
        id="going out with one canasta in six-player",
    ),
    pytest.param(
        edit(cutthroat_hand(), "house_rules", ["cutthroat-two-canastas"]),
        [(E, Code.GOING_OUT_CANASTAS, "sides[2].went_out")],
        id="cutthroat partners with one canasta under cutthroat-two-canastas",
    ),
    pytest.param(
        edit(
            classic("sides.0.melds", ["K K K K K K", "A A 2"]),
            "house_rules",
            ["go-out-without-canastas"],
        ),
        [(W, Code.GOING_OUT_NO_BONUS, "sides[0].went_out")],
        id="going out without a canasta under go-out-without-canastas",
    ),
    pytest.param(
        classic("sides.0.went_out_by", "Nort"),
        [
            (W, Code.HAND_EMPTY_NOT_OUT, "sides[0].left_in_hand.North"),
            (E, Code.GOING_OUT_UNKNOWN_PLAYER, "sides[0].went_out_by"),
        ],
        id="went_out_by names nobody of the side",
    ),
    pytest.param(
        classic("sides.1.went_out_by", "East"),
        [(E, Code.GOING_OUT_BY_NOT_OUT, "sides[1].went_out_by")],
        id="went_out_by on a side that did not go out",
    ),
    pytest.param(
        classic("sides.0.went_out_by", DELETE),
        [(W, Code.GOING_OUT_BY_MISSING, "sides[0].went_out_by")],
        id="who went out is not recorded",
    ),
    # ---- checks 7-8: concealed
    pytest.param(
        edit(concealed_hand(), "sides.0.melds", ["4 4 4 4 4 4", "6 6 2 2"]),
        [(E, Code.CONCEALED_CANASTAS, "sides[0].went_out")],
        id="concealed without a canasta",
    ),
    pytest.param(
        edit(
            edit(two_player_hand(), "sides.0.went_out", "concealed"),
            "sides.0.melds",
            ["7 7 7 7 7 7 7", "J J J J 2 JK", "A A A"],
        ),
        [(E, Code.CONCEALED_CANASTAS, "sides[0].went_out")],
        id="concealed with one canasta in two-player (check 8)",
    ),
    # ---- the initial meld minimum (S0 "Initial Meld Requirement")
    pytest.param(
        classic("sides.1.score_before", 1500),
        [(E, Code.MELD_BELOW_MINIMUM, "sides[1].melds")],
        id="60 melded at 1,500 (minimum 90)",
    ),
    pytest.param(
        edit(concealed_hand(), "sides.0.went_out", "out"),
        [(E, Code.MELD_BELOW_MINIMUM, "sides[0].melds")],
        id="85 melded at 3,200 going out not concealed (E2)",
    ),
    pytest.param(
        classic("sides.1.melds", ["4 4 4 4 4 4 4"]),
        [(E, Code.MELD_BELOW_MINIMUM, "sides[1].melds")],
        id="seven 4s (35) cannot open against 50 (S0)",
    ),
    # ---- check 9: multiples of 5
    pytest.param(
        classic("sides.0.score_before", 1602),
        [(E, Code.SCORE_NOT_MULTIPLE_OF_5, "sides[0].score_before")],
        id="score_before not a multiple of 5",
    ),
    pytest.param(
        classic("target", 5002),
        [(E, Code.SCORE_NOT_MULTIPLE_OF_5, "target")],
        id="target not a multiple of 5",
    ),
    # ---- hands and players
    pytest.param(
        classic("sides.1.left_in_hand", {"East": "", "West": "J 9"}),
        [(W, Code.HAND_EMPTY_NOT_OUT, "sides[1].left_in_hand.East")],
        id="empty hand on a side that did not go out (per-player form)",
    ),
    pytest.param(
        edit(two_player_hand(), "sides.1.left_in_hand", ""),
        [(W, Code.HAND_EMPTY_NOT_OUT, "sides[1].left_in_hand")],
        id="empty hand on a side that did not go out (one string)",
    ),
    pytest.param(
        classic("sides.1.left_in_hand", {"East": "9", "Wes": "J"}),
        [(E, Code.HAND_UNKNOWN_PLAYER, "sides[1].left_in_hand.Wes")],
        id="cards left in the hand of someone not on the side",
    ),
    # ---- house rules without effect
    pytest.param(
        classic("house_rules", ["cutthroat-two-canastas"]),
        [(W, Code.HOUSE_RULE_NO_EFFECT, "house_rules")],
        id="cutthroat-two-canastas outside cutthroat",
    ),
    pytest.param(
        classic("house_rules", ["wild-meld-penalty"]),
        [(W, Code.HOUSE_RULE_NO_EFFECT, "house_rules")],
        id="wild-meld-penalty without wild-card-melds",
    ),
    pytest.param(
        classic("house_rules", ["red-three-penalty-cap-400", "no-red-three-penalty"]),
        [(W, Code.HOUSE_RULE_NO_EFFECT, "house_rules")],
        id="red-three-penalty-cap-400 with no-red-three-penalty",
    ),
    # ---- sides and players per variant (RULES.md §2)
    pytest.param(_third_side(), [(E, Code.SIDES_COUNT, "sides")], id="three sides in classic"),
    pytest.param(
        edit(classic("sides.1.players", ["East"]), "sides.1.left_in_hand", {"East": "9 J"}),
        [(E, Code.SIDES_PLAYERS, "sides")],
        id="sides of 2 and 1 players in classic",
    ),
    pytest.param(
        edit(
            classic("sides.1.players", ["East", "West", "Zed"]),
            "sides.1.left_in_hand",
            {"East": "9", "West": "J", "Zed": "6"},
        ),
        [(E, Code.SIDES_PLAYERS, "sides"), (E, Code.SIDES_PLAYERS, "sides[1].players")],
        id="a side of 3 players in classic",
    ),
    pytest.param(
        classic("sides.1.players", ["East", "North"]),
        [
            (E, Code.SIDES_PLAYERS, "sides[1].players"),
            (E, Code.HAND_UNKNOWN_PLAYER, "sides[1].left_in_hand.West"),
        ],
        id="a player named on both sides",
    ),
    pytest.param(
        classic("sides.1.name", "north-south"),
        [(E, Code.SIDES_DUPLICATE_NAME, "sides[0].name")],
        id="two sides with one name",
    ),
    # ---- cutthroat lone hand and five-player sitting out
    pytest.param(
        edit(cutthroat_hand(), "lone_hand", DELETE),
        [(W, Code.LONE_HAND_MISSING, "lone_hand")],
        id="lone hand missing in cutthroat",
    ),
    pytest.param(
        edit(cutthroat_hand(), "lone_hand", "Zed"),
        [(E, Code.LONE_HAND_UNKNOWN, "lone_hand")],
        id="lone hand names nobody at the table",
    ),
    pytest.param(
        classic("lone_hand", "North-South"),
        [(E, Code.LONE_HAND_UNKNOWN, "lone_hand")],
        id="lone hand outside cutthroat",
    ),
    pytest.param(
        edit(five_player_hand(), "sitting_out", DELETE),
        [(W, Code.SITTING_OUT_MISSING, "sitting_out")],
        id="sitting_out missing in five-player",
    ),
    pytest.param(
        edit(five_player_hand(), "sitting_out", "Dee"),
        [(E, Code.SITTING_OUT_UNKNOWN, "sitting_out")],
        id="sitting_out names a player of the side of 2",
    ),
    pytest.param(
        classic("sitting_out", "South"),
        [(E, Code.SITTING_OUT_UNKNOWN, "sitting_out")],
        id="sitting_out outside five-player",
    ),
    pytest.param(
        edit(five_player_hand(), "sides.0.left_in_hand", {"Ann": "", "Ben": "4", "Cy": "5"}),
        [(E, Code.SITTING_OUT_PLAYED, "sides[0].left_in_hand")],
        id="the player sitting out has cards",
    ),
    pytest.param(
        _sitting_out_played_by_going_out(),
        [(E, Code.SITTING_OUT_PLAYED, "sides[0].went_out_by")],
        id="the player sitting out went out",
    ),
]


@pytest.mark.parametrize(("data", "expected"), FAILING)
def test_rule_broken_is_reported(data: Data, expected: Expected) -> None:
    found = findings(data)
    assert sorted(summary(found)) == sorted(expected)
    for finding in found:
        assert finding.message.strip()
        assert "RULES.md" in finding.rule


def _cutthroat_black_threes(by: str) -> Data:
    data = cutthroat_hand()
    index = {"P1": 1, "P2": 2}[by]
    data["sides"][index]["melds"] = [*data["sides"][index]["melds"], "3 3 3"]
    return data


SIX_PLAYER_PASSING: list[Any] = [
    pytest.param(
        edit(six_player_hand(), "sides.1.melds", ["Q Q Q Q 2", "K K K K K K K"]),
        id="twelve kings with three packs (5 + 7)",
    ),
    pytest.param(edit(six_player_hand(), "sides.1.red_threes", 1), id="six red threes"),
    pytest.param(
        edit(
            six_player_hand(), "sides.1.left_in_hand", {"P2": "JK JK JK", "P4": "JK JK", "P6": "6"}
        ),
        id="six jokers",
    ),
    pytest.param(
        edit(
            six_player_hand(), "sides.0.melds", ["8 8 8 8 8 8 8", "K K K K K 2 JK", "3 3 3 3 3 3"]
        ),
        id="six black threes melded going out with three packs",
    ),
]

SIX_PLAYER_FAILING: list[Any] = [
    pytest.param(
        edit(
            edit(six_player_hand(), "sides.1.melds", ["Q Q Q Q 2", "K K K K K K K"]),
            "sides.1.left_in_hand",
            {"P2": "K", "P4": "J", "P6": "6"},
        ),
        [(E, Code.SUPPLY_TOO_MANY, "sides")],
        id="thirteen kings with three packs",
    ),
    pytest.param(
        edit(six_player_hand(), "sides.1.red_threes", 2),
        [(E, Code.SUPPLY_RED_THREES, "sides")],
        id="seven red threes",
    ),
    pytest.param(
        edit(
            six_player_hand(),
            "sides.1.left_in_hand",
            {"P2": "JK JK JK", "P4": "JK JK JK", "P6": "6"},
        ),
        [(E, Code.SUPPLY_TOO_MANY, "sides")],
        id="seven jokers",
    ),
    pytest.param(
        edit(
            six_player_hand(), "sides.0.melds", ["8 8 8 8 8 8 8", "K K K K K 2 JK", "3 3 3 3 3 3 3"]
        ),
        [
            (E, Code.BLACK_THREE_SIZE, "sides[0].melds[2]"),
            (E, Code.SUPPLY_TOO_MANY, "sides"),
        ],
        id="seven black threes",
    ),
]


def cutthroat(**sides: Data) -> Data:
    """The cutthroat hand E8 with the partners' sides changed: ``P1={...}``, ``P2={...}``
    (P1 is at 1,600, minimum 90; P2 at 400, minimum 50)."""
    data = cutthroat_hand()
    for name, changes in sides.items():
        data["sides"][{"P1": 1, "P2": 2}[name]].update(changes)
    return data


def _concealed(melds: list[str]) -> Data:
    return {"melds": melds, "went_out": "concealed"}


# RULES.md §1.7 and §2 (3p cutthroat), R2: each partner has their own initial meld minimum,
# and whichever partner opens must meet their own.
CUTTHROAT_MINIMUM_CASES: list[Any] = [
    pytest.param(
        cutthroat(P1={"melds": ["Q Q Q Q Q Q 2"]}, P2={"melds": []}),
        [(E, Code.MELD_BELOW_MINIMUM, "sides[1].melds")],
        id="only P1 lists melds, so P1 opened: 80 is below P1's own 90",
    ),
    pytest.param(
        cutthroat(P1={"melds": [], "left_in_hand": "5 7 K"}, P2={"melds": ["Q Q Q Q Q Q 2"]}),
        [],
        id="only P2 lists melds, so P2 opened: 80 reaches P2's own 50",
    ),
    pytest.param(
        cutthroat(P1={"melds": ["Q Q Q Q"]}, P2=_concealed(["9 9 9 9 9 9 9"])),
        [(E, Code.MELD_BELOW_MINIMUM, "sides[1].melds")],
        id="P2 went out concealed, so P1 opened: 40 is below P1's 90",
    ),
    pytest.param(
        cutthroat(P1={"melds": [], "left_in_hand": "5 7 K"}, P2=_concealed(["4 4 4 4 4 4 4"])),
        [],
        id="P2 went out concealed as the partners' first meld: no minimum",
    ),
    pytest.param(
        cutthroat(P1={"melds": ["Q Q Q"]}, P2={"melds": ["4 4 4 4 4 4 4"]}),
        [(W, Code.MELD_MINIMUM_OPENER_UNKNOWN, "sides[1].melds")],
        id="both list melds: 65 reaches P2's 50, not P1's 90, so who opened matters",
    ),
    pytest.param(
        cutthroat(P1={"melds": ["Q Q Q"], "score_before": 400}, P2={"melds": ["4 4 4 4 4 4 4"]}),
        [],
        id="both list melds and have the same minimum: nothing to tell apart",
    ),
    pytest.param(
        cutthroat(P1={"melds": ["Q Q Q"]}, P2={"melds": ["4 4 4 4 4 4 4"], "score_before": 1500}),
        [(E, Code.MELD_BELOW_MINIMUM, "sides[1].melds")],
        id="both list melds: 65 is below both partners' 90",
    ),
]

CUTTHROAT_CASES: list[Any] = [
    *CUTTHROAT_MINIMUM_CASES,
    pytest.param(
        cutthroat(P1={"melds": ["Q Q Q Q Q Q Q"], "score_before": 400}, P2=_concealed(["9 9 9"])),
        [(E, Code.CONCEALED_CANASTAS, "sides[2].went_out")],
        id="going out concealed needs a canasta of one's own, not the partner's",
    ),
    pytest.param(
        edit(
            cutthroat(P1={"melds": ["Q Q Q Q Q"], "score_before": 400}, P2=_concealed(["9 " * 7])),
            "house_rules",
            ["concealed-team-level"],
        ),
        [(E, Code.CONCEALED_PARTNER_MELDED, "sides[2].went_out")],
        id="concealed-team-level: the partner had melded, so not concealed",
    ),
    pytest.param(
        edit(cutthroat(P1={"melds": ["Q Q Q Q", "2 2 JK"]}), "house_rules", ["wild-card-melds"]),
        [(W, Code.MELD_WILDS_BESIDE_WILD_MELD, "sides[1].melds")],
        id="wild cards in the partner's melds beside an unfinished wild meld",
    ),
    pytest.param(
        edit(
            edit(cutthroat_hand(), "house_rules", ["cutthroat-two-canastas"]),
            "sides.1.melds",
            ["Q Q Q Q Q Q Q", "A A JK"],
        ),
        [],
        id="partners with two canastas under cutthroat-two-canastas",
    ),
    pytest.param(_cutthroat_black_threes("P2"), [], id="black threes by the partner going out"),
    pytest.param(
        _cutthroat_black_threes("P1"),
        [(E, Code.BLACK_THREE_NOT_GOING_OUT, "sides[1].melds[2]")],
        id="black threes by the partner who did not go out",
    ),
]


@pytest.mark.parametrize("data", SIX_PLAYER_PASSING)
def test_six_player_card_supply_allows_three_packs(data: Data) -> None:
    assert summary(findings(data)) == []


@pytest.mark.parametrize(("data", "expected"), [*SIX_PLAYER_FAILING, *CUTTHROAT_CASES])
def test_six_player_and_cutthroat_rule_broken_is_reported(data: Data, expected: Expected) -> None:
    assert sorted(summary(findings(data))) == sorted(expected)


# ---------------------------------------------------------------------------------------------
# Findings that change a score: red three in hand, going out without the canastas
# ---------------------------------------------------------------------------------------------


def test_red_three_in_hand_is_an_error_and_costs_nothing_by_default() -> None:
    data = classic("sides.0.left_in_hand", {"North": "", "South": "4 5 R3 R3"})
    result = score_hand(validate_record(HandRecord, data))
    assert summary(list(result.violations)) == [(E, Code.HAND_RED_THREE, "sides[0].left_in_hand")]
    assert not result.valid
    # A red three has no card value (RULES.md §1.1): the hand still counts 4 + 5 = 10.
    north_south = result.sides[0]
    assert (north_south.hand_points, north_south.penalties, north_south.total) == (-10, 0, 820)


def test_red_three_in_hand_under_house_rule_costs_500_each_and_is_no_error() -> None:
    data = edit(
        classic("sides.0.left_in_hand", {"North": "", "South": "4 5 R3 R3"}),
        "house_rules",
        ["red-three-in-hand-penalty"],
    )
    result = score_hand(validate_record(HandRecord, data))
    assert result.violations == ()
    north_south = result.sides[0]
    # 820 − 2 × 500 (RULES.md §3 O8; R5, R7).
    assert (north_south.penalties, north_south.total) == (-1000, -180)


def test_going_out_without_canastas_house_rule_warns_and_withholds_the_bonus() -> None:
    no_canasta = classic("sides.0.melds", ["K K K K K K", "A A 2"])
    # Classic: going out is illegal (error); the totals are still shown as entered:
    # 60 + 60 melded + 100 red three + 100 going out − 10 in hand = 310.
    default = score_hand(validate_record(HandRecord, no_canasta))
    assert [f.code for f in default.violations] == [Code.GOING_OUT_CANASTAS]
    assert not default.valid
    assert default.sides[0].going_out_bonus == 100
    assert default.sides[0].total == 310
    # S3 (go-out-without-canastas): allowed, a warning, no going-out bonus: 210.
    relaxed = score_hand(
        validate_record(HandRecord, edit(no_canasta, "house_rules", ["go-out-without-canastas"]))
    )
    assert [(f.severity, f.code) for f in relaxed.violations] == [(W, Code.GOING_OUT_NO_BONUS)]
    assert relaxed.valid
    assert relaxed.sides[0].going_out_bonus == 0
    assert relaxed.sides[0].total == 210


def test_concealed_going_out_is_exempt_from_the_minimum_and_scores_200() -> None:
    result = score_hand(validate_record(HandRecord, concealed_hand()))
    assert result.valid
    assert result.sides[0].going_out_bonus == 200
    assert result.sides[0].total == 735


# ---------------------------------------------------------------------------------------------
# Several errors at once
# ---------------------------------------------------------------------------------------------


def test_hand_with_several_errors_reports_all_of_them_at_once() -> None:
    data = classic_hand()
    data["sides"][0]["score_before"] = 12
    data["sides"][0]["melds"] = ["K K K K K K K", "A A 2", "J J 2 2 2 JK", "A A A"]
    data["sides"][0]["left_in_hand"] = {"North": "4", "South": "R3"}
    data["sides"][1].update(
        melds=["Q Q", "3 3 3"], red_threes=4, left_in_hand={"East": "JK JK JK", "West": ""}
    )
    found = summary(findings(data))
    assert sorted(found) == sorted(
        [
            (E, Code.SCORE_NOT_MULTIPLE_OF_5, "sides[0].score_before"),
            (E, Code.MELD_TOO_MANY_WILDS, "sides[0].melds[2]"),
            (E, Code.MELD_DUPLICATE_RANK, "sides[0].melds[3]"),
            (E, Code.HAND_RED_THREE, "sides[0].left_in_hand"),
            (E, Code.GOING_OUT_HAND_NOT_EMPTY, "sides[0].left_in_hand.North"),
            (E, Code.MELD_TOO_FEW_CARDS, "sides[1].melds[0]"),
            (E, Code.BLACK_THREE_NOT_GOING_OUT, "sides[1].melds[1]"),
            (W, Code.HAND_EMPTY_NOT_OUT, "sides[1].left_in_hand.West"),
            # Q Q (20) + 3 3 3 (15) = 35 < 50
            (E, Code.MELD_BELOW_MINIMUM, "sides[1].melds"),
            # jokers: 1 in the jacks + 3 in East's hand = 4, fine; red threes 1 + 4 + 1 = 6
            (E, Code.SUPPLY_RED_THREES, "sides"),
        ]
    )
    # And the totals are still computed from the entries as they are.
    assert len(score_hand(validate_record(HandRecord, data)).sides) == 2


# ---------------------------------------------------------------------------------------------
# One meld on its own (check_meld)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "going_out", "expected"),
    [
        pytest.param("8 8 8 8 8 2 JK", None, [], id="mixed canasta"),
        pytest.param("Q Q 2", None, [], id="Q-Q-2 (S0)"),
        pytest.param("5 2 2", None, [Code.MELD_TOO_FEW_NATURALS], id="5-2-2 (S1)"),
        pytest.param("9 9 2 2 2 JK", None, [Code.MELD_TOO_MANY_WILDS], id="9-9-2-2-2-Joker (S1)"),
        pytest.param("3 3 3", None, [], id="black threes, going out not known"),
        pytest.param("3 3 3 3", True, [], id="four black threes going out"),
        pytest.param("3 3 3", False, [Code.BLACK_THREE_NOT_GOING_OUT], id="black threes not out"),
        pytest.param("3 3 3 3 3", True, [Code.BLACK_THREE_SIZE], id="five black threes"),
        pytest.param("3 3 JK", True, [Code.BLACK_THREE_WILD, Code.BLACK_THREE_SIZE], id="3-3-JK"),
        pytest.param("R3 R3 R3", None, [Code.MELD_RED_THREE], id="red threes only"),
    ],
)
def test_check_meld_on_its_own(meld: str, going_out: bool | None, expected: list[Code]) -> None:
    found = check_meld(parse_meld(meld), rule_set(), "here", going_out=going_out)
    assert [finding.code for finding in found] == expected
    assert all(finding.where == "here" and finding.severity is E for finding in found)


# ---------------------------------------------------------------------------------------------
# Match files
# ---------------------------------------------------------------------------------------------


def _hand_after_the_end() -> Data:
    data = match_file()
    data["sides"][0]["start_score"] = 4900
    # Hand 1: North-South 4,900 + 820 = 5,720 ≥ 5,000: the match is over (S0).
    data["hands"].append(copy.deepcopy(data["hands"][0]))
    return data


MATCH_PASSING: list[Any] = [
    pytest.param(match_file(), id="one legal hand"),
    pytest.param(edit(match_file(), "sides.0.start_score", -35), id="negative start score"),
    pytest.param(edit(match_file(), "sides.0.start_score", 4995), id="start score 4,995"),
    pytest.param(edit(match_file(), "target", 7500), id="custom target"),
    pytest.param(edit(match_file(), "hands.0.dealer", "east"), id="the dealer, any case"),
    pytest.param(
        edit(match_file(), "sides.0.start_score", 4900),
        id="the hand that ends the match",
    ),
]

MATCH_FAILING: list[Any] = [
    pytest.param(
        _hand_after_the_end(),
        [(E, Code.MATCH_HAND_AFTER_END, "hands[1]")],
        id="a hand after the match was won",
    ),
    pytest.param(
        edit(match_file(), "sides.0.start_score", 5000),
        [(E, Code.MATCH_START_SCORE, "sides[0].start_score")],
        id="start score not below the target",
    ),
    pytest.param(
        edit(match_file(), "sides.1.start_score", 3),
        [(E, Code.SCORE_NOT_MULTIPLE_OF_5, "sides[1].start_score")],
        id="start score not a multiple of 5",
    ),
    pytest.param(
        edit(match_file(), "target", 5002),
        [(E, Code.MATCH_TARGET, "target")],
        id="target not a multiple of 5",
    ),
    pytest.param(
        edit(match_file(), "hands.0.dealer", "Zed"),
        [(W, Code.MATCH_DEALER_UNKNOWN, "hands[0].dealer")],
        id="dealer not at the table",
    ),
    pytest.param(
        edit(match_file(), "hands.0.sides", match_file()["hands"][0]["sides"][:1]),
        [
            (E, Code.SIDES_COUNT, "hands[0].sides"),
            # The missing side is read as an empty one.
            (W, Code.HAND_EMPTY_NOT_OUT, "hands[0].sides[1].left_in_hand"),
        ],
        id="a hand with fewer sides than the match",
    ),
    pytest.param(
        edit(match_file(), "hands.0.sides.0.melds", ["K K K K K K K", "A A 2", "J J"]),
        [(E, Code.MELD_TOO_FEW_CARDS, "hands[0].sides[0].melds[2]")],
        id="a hand's finding carries the hand's path",
    ),
    pytest.param(
        edit(match_file(), "sides.1.start_score", 1500),
        [(E, Code.MELD_BELOW_MINIMUM, "hands[0].sides[1].melds")],
        id="the running total sets the minimum (60 at 1,500)",
    ),
]


@pytest.mark.parametrize("data", MATCH_PASSING)
def test_legal_match_is_not_reported(data: Data) -> None:
    assert summary(match_findings(data)) == []


@pytest.mark.parametrize(("data", "expected"), MATCH_FAILING)
def test_match_rule_broken_is_reported(data: Data, expected: Expected) -> None:
    found = match_findings(data)
    assert sorted(summary(found)) == sorted(expected)
    assert all(finding.message.strip() for finding in found)


# ---------------------------------------------------------------------------------------------
# Every code has a failing case, and file-contract problems are RecordError, not findings
# ---------------------------------------------------------------------------------------------


def test_typed_total_scores_as_typed_and_keeps_the_contract_keys() -> None:
    hand = score_hand(validate_record(HandRecord, _quick_east_west(-35)))
    assert [side.total for side in hand.sides] == [820, -35]
    assert hand.sides[1].typed_total == -35
    assert "typed_total" in hand.model_dump(mode="json")["sides"][1]
    assert "typed_total" not in hand.model_dump(mode="json")["sides"][0]
    assert hand.valid


def test_a_typed_total_may_say_who_went_out() -> None:
    data = _quick_east_west(140)
    data["sides"][0]["went_out"] = "no"
    data["sides"][0].pop("went_out_by")
    data["sides"][0]["left_in_hand"] = {"North": "4", "South": "4 5"}
    data["sides"][1].update(went_out="out", went_out_by="East")
    assert summary(findings(data)) == [QUICK_WARNING]
    assert totals(data)[1] == 140


def test_typed_totals_count_in_a_match() -> None:
    data = {
        "sides": [{"name": "Us"}, {"name": "Them"}],
        "hands": [
            {"sides": [{"total": 1235}, {"total": -45}]},
            {"sides": [{"total": 300}, {"total": 1500}]},
        ],
    }
    result = score_match(validate_record(MatchRecord, data))
    assert [hand.running for hand in result.hands] == [(1235, -45), (1535, 1455)]
    assert result.initial_meld_minimums == (90, 50)
    assert result.valid
    assert [f.code for f in result.violations] == [Code.QUICK_NOT_CARD_CHECKED] * 4


def test_every_finding_code_has_a_failing_case() -> None:
    tables = [FAILING, SIX_PLAYER_FAILING, CUTTHROAT_CASES, MATCH_FAILING]
    covered = {code for table in tables for case in table for _, code, _ in case.values[1]}
    assert covered == set(Code)


def test_unknown_key_is_a_record_error_with_its_path() -> None:
    data = classic_hand()
    data["sides"][1]["meld"] = ["Q Q Q"]
    with pytest.raises(RecordError) as caught:
        load_hand(json.dumps(data))
    assert [(p.where, p.message) for p in caught.value.problems] == [
        ("sides[1].meld", "unknown key 'meld'")
    ]


def test_number_too_long_to_read_is_a_record_error() -> None:
    text = '{"sides": [{"name": "A", "score_before": ' + "5" * 5000 + "}]}"
    with pytest.raises(RecordError) as caught:
        load_hand(text)
    assert [p.where for p in caught.value.problems] == [""]
    assert "too long" in caught.value.problems[0].message


def test_side_that_went_out_without_naming_who_may_have_one_empty_hand() -> None:
    # North's empty hand is the going-out player's; a second empty hand is still reported.
    data = classic("sides.0.went_out_by", DELETE)
    data["sides"][0]["left_in_hand"] = {"North": "", "South": ""}
    assert sorted(summary(findings(data))) == sorted(
        [
            (W, Code.GOING_OUT_BY_MISSING, "sides[0].went_out_by"),
            (W, Code.HAND_EMPTY_NOT_OUT, "sides[0].left_in_hand.South"),
        ]
    )


@pytest.mark.parametrize(
    "melds",
    [
        ["K K K K K K K", "2 2 2 2 JK JK JK", "2 JK 2", "A A 2"],
        ["K K K K K K K", "2 JK 2", "2 2 2 2 JK JK JK", "A A 2"],
    ],
    ids=["wild canasta listed first", "unfinished wild meld listed first"],
)
def test_wild_cards_beside_an_unfinished_wild_meld_in_any_meld_order(melds: list[str]) -> None:
    # Two wild melds are one too many (one meld per rank), and while one is unfinished no
    # wild card may go into other melds (S2 "Wild card melds"), whichever is listed first.
    data = edit(_wild_house_rules("wild-card-melds"), "sides.0.melds", melds)
    assert sorted(summary(findings(data))) == sorted(
        [
            (E, Code.MELD_DUPLICATE_RANK, "sides[0].melds[2]"),
            (W, Code.MELD_WILDS_BESIDE_WILD_MELD, "sides[0].melds"),
        ]
    )


def test_match_won_at_the_hand_that_reaches_the_target() -> None:
    # 4,900 + 820 = 5,720 against 40: North-South wins by 5,680 (S0: the higher total wins;
    # the margin is the difference). A later hand is reported, not counted toward the winner.
    for data in (edit(match_file(), "sides.0.start_score", 4900), _hand_after_the_end()):
        result = score_match(validate_record(MatchRecord, data))
        assert (result.finished, result.winner) == (True, "North-South")
        assert result.hands[0].running == (5720, 40)
    assert result.running_totals == (6540, 80)
    assert result.margin == 5680


def test_a_match_with_the_wrong_players_is_reported_once_before_any_hand() -> None:
    data = {
        "sides": [{"name": "A", "players": ["Ann"]}, {"name": "B", "players": ["Bob", "Cy"]}],
        "hands": [],
    }
    result = score_match(validate_record(MatchRecord, data))
    assert [(f.severity, f.code, f.where) for f in result.violations] == [
        (E, Code.SIDES_PLAYERS, "sides")
    ]
    data["hands"] = [{"sides": [{"total": 100}, {"total": 50}]}] * 2
    result = score_match(validate_record(MatchRecord, data))
    assert [f.code for f in result.violations].count(Code.SIDES_PLAYERS) == 1


def test_a_key_given_twice_is_a_record_error_not_the_last_one_winning() -> None:
    text = '{"sides": [{"name": "A", "red_threes": 2, "red_threes": 0}]}'
    with pytest.raises(RecordError) as caught:
        load_hand(text)
    assert [(p.where, p.message) for p in caught.value.problems] == [
        ("", "the key 'red_threes' is given twice in one object")
    ]
