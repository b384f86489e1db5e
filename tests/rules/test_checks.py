"""The checker, rule by rule: every finding code, a legal hand that does not raise it and a
hand that raises exactly it, with its severity and JSON path; the cutthroat partners' own
initial meld minimums (rules §1.7, §2, R2).

Each case starts from a small legal hand of `rulekit` and changes one thing; the checklist
numbers are rules §1.13 checks 1–9.
"""

from __future__ import annotations

from typing import Any

import pytest
from rulekit import (
    DELETE,
    QUICK_WARNING,
    Data,
    E,
    Expected,
    W,
    classic,
    classic_hand,
    concealed_hand,
    cutthroat_hand,
    edit,
    ew_melds,
    findings,
    five_player_hand,
    ns_melds,
    quick_east_west,
    six_player_hand,
    summary,
    two_player_hand,
    wild_house_rules,
)

from canasta_scorer.rules import (
    Code,
    HandRecord,
    score_hand,
    validate_record,
)

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


FAILING: list[Any] = [
    # ---- quick entry: a side's total typed from a paper count
    pytest.param(quick_east_west(40), [QUICK_WARNING], id="typed total is not card-checked"),
    pytest.param(
        quick_east_west(42),
        [QUICK_WARNING, (E, Code.SCORE_NOT_MULTIPLE_OF_5, "sides[1].total")],
        id="typed total not a multiple of 5",
    ),
    pytest.param(
        quick_east_west(40, melds=["Q Q Q Q 2"]),
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
            wild_house_rules("wild-card-melds"),
            "sides.0.melds",
            ["K K K K K K K", "A A A", "2 2 2 2 JK JK JK 2"],
        ),
        [(E, Code.MELD_WILD_TOO_BIG, "sides[0].melds[2]")],
        id="a wild meld over 7 cards under wild-card-melds",
    ),
    pytest.param(
        edit(
            wild_house_rules("wild-card-melds"),
            "sides.0.melds",
            ["K K K K K K K", "A A A", "2 JK"],
        ),
        [(E, Code.MELD_TOO_FEW_CARDS, "sides[0].melds[2]")],
        id="a wild meld of 2 cards under wild-card-melds",
    ),
    pytest.param(
        edit(
            wild_house_rules("wild-card-melds"),
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
            # every black three in that meld: the finding is placed on it
            (E, Code.SUPPLY_TOO_MANY, "sides[0].melds[2]"),
        ],
        id="black-three meld of five cards",
    ),
    # ---- check 4: card supply (rules §1.1: 8 of a rank, 8 twos, 4 jokers, 4 + 4 threes)
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
        [(E, Code.SUPPLY_TOO_MANY, "sides[1]")],  # every joker on East-West's side
        id="five jokers",
    ),
    pytest.param(
        edit(ns_melds("3 3 3 3"), "sides.1.left_in_hand", {"East": "3", "West": "J"}),
        [(E, Code.SUPPLY_TOO_MANY, "sides")],
        id="five black threes",
    ),
    pytest.param(
        edit(ns_melds("8 8 8 8 8 8 8"), "sides.0.left_in_hand", {"North": "", "South": "8 8"}),
        # seven 8s in a meld and two in South's hand, none elsewhere: all on
        # North-South's side, so the finding is the side's
        [(E, Code.SUPPLY_TOO_MANY, "sides[0]")],
        id="nine 8s on one side",
    ),
    pytest.param(
        classic("sides.1.red_threes", 4),
        [(E, Code.SUPPLY_RED_THREES, "sides")],
        id="five red threes laid out",
    ),
    pytest.param(
        edit(classic("sides.1.red_threes", 3), "sides.1.left_in_hand", {"East": "R3", "West": "J"}),
        [
            (E, Code.HAND_RED_THREE, "sides[1].left_in_hand.East"),
            (E, Code.SUPPLY_RED_THREES, "sides"),
        ],
        id="five red threes counting one in a hand",
    ),
    # ---- check 5: red three in hand
    pytest.param(
        classic("sides.0.left_in_hand", {"North": "", "South": "4 5 R3"}),
        [(E, Code.HAND_RED_THREE, "sides[0].left_in_hand.South")],
        id="red three in hand",
    ),
    pytest.param(
        classic("sides.0.left_in_hand", "4 5 R3"),
        [(E, Code.HAND_RED_THREE, "sides[0].left_in_hand")],
        id="red three in a side's hands given as one",
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
        edit(
            edit(classic("sides.0.players", DELETE), "sides.0.went_out_by", "Zed"),
            "sides.0.left_in_hand",
            {"North": "4", "South": "5"},
        ),
        [(E, Code.GOING_OUT_UNKNOWN_PLAYER, "sides[0].went_out_by")],
        id="went_out_by a third player beside the two hands of a side without players",
    ),
    pytest.param(
        edit(
            edit(classic("sides.0.players", DELETE), "sides.0.went_out_by", "North"),
            "sides.0.left_in_hand",
            {"South": "4 5"},
        ),
        [],
        id="the player who went out left out of the hands of a side without players",
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
        edit(two_player_hand(), "sides.1", {"name": "Bob"}),
        [(W, Code.HAND_SIDE_BLANK, "sides[1]")],
        id="a side with nothing entered (no melds, red threes or cards, not out)",
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
    # ---- the score of the minimum of 150 (rules §3 O13)
    pytest.param(
        classic("top_tier_from", 7000),
        [(W, Code.TOP_TIER_NO_EFFECT, "top_tier_from")],
        id="a score for the minimum of 150 in classic",
    ),
    # ---- sides and players per variant (rules §2)
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
        [(E, Code.SIDES_DUPLICATE_NAME, "sides[1].name")],  # at the second
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
        assert finding.rule.startswith("rules §")


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
        edit(six_player_hand(), "top_tier_from", 3000),
        [(E, Code.TOP_TIER_VALUE, "top_tier_from")],
        id="the minimum of 150 from 3,000, where the minimum of 120 starts",
    ),
    pytest.param(
        edit(six_player_hand(), "top_tier_from", 7001),
        [(E, Code.TOP_TIER_VALUE, "top_tier_from")],
        id="the minimum of 150 from a score that is not a multiple of 5",
    ),
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
            (E, Code.SUPPLY_TOO_MANY, "sides[0].melds[2]"),
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


def _cutthroat_totals(partner: int) -> Data:
    """rules §5.2 E8 as quick totals: L 180, P1 700 (one red three more), P2 ``partner``."""
    return {
        "variant": "three-player-cutthroat",
        "lone_hand": "L",
        "sides": [
            {"name": "L", "total": 180},
            {"name": "P1", "score_before": 1600, "total": 700},
            {"name": "P2", "score_before": 400, "total": partner, "went_out": "out"},
        ],
    }


_TYPED = [(W, Code.QUICK_NOT_CARD_CHECKED, f"sides[{i}].total") for i in range(3)]

CUTTHROAT_CASES: list[Any] = [
    *CUTTHROAT_MINIMUM_CASES,
    pytest.param(_cutthroat_totals(600), _TYPED, id="partners' totals a red three apart"),
    pytest.param(
        _cutthroat_totals(1500), _TYPED, id="partners' totals 800 apart (all four red threes)"
    ),
    pytest.param(
        _cutthroat_totals(635),
        [*_TYPED, (E, Code.QUICK_PARTNERS, "sides[2].total")],
        id="partners' totals 65 apart: not red threes",
    ),
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
            (E, Code.HAND_RED_THREE, "sides[0].left_in_hand.South"),
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


#: Codes only a whole match raises; `test_match` has their failing cases.
MATCH_ONLY = {
    Code.MATCH_HAND_AFTER_END,
    Code.MATCH_START_SCORE,
    Code.MATCH_TARGET,
    Code.MATCH_DEALER_UNKNOWN,
}


def test_every_finding_code_has_a_failing_case() -> None:
    tables = [FAILING, SIX_PLAYER_FAILING, CUTTHROAT_CASES]
    covered = {code for table in tables for case in table for _, code, _ in case.values[1]}
    assert covered == set(Code) - MATCH_ONLY


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
    data = edit(wild_house_rules("wild-card-melds"), "sides.0.melds", melds)
    assert sorted(summary(findings(data))) == sorted(
        [
            (E, Code.MELD_DUPLICATE_RANK, "sides[0].melds[2]"),
            (W, Code.MELD_WILDS_BESIDE_WILD_MELD, "sides[0].melds"),
        ]
    )


def test_a_side_s_name_ending_in_s_takes_an_apostrophe_alone() -> None:
    from canasta_scorer.rules import phrase, render_words

    assert render_words(phrase("quick.not_card_checked", side="Owls", total=50)) == (
        "Owls' 50 was typed from a paper count: no card of it was checked"
    )
    assert render_words(phrase("quick.not_card_checked", side="Them", total=1500)).startswith(
        "Them's 1,500 was typed"
    )
