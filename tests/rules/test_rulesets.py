"""Variants and house rules: every id of docs/rules.md exists and changes the numbers it should.

Each house rule is shown against the default on a hand whose totals are worked out by hand
(rules §1.6, §1.7, §2, §3; S0 "Classic Canasta Scoring"; S2 "House rules"; S3).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from rulekit import cutthroat_hand

from canasta_scorer.rules import (
    HOUSE_RULE_INFO,
    VARIANT_INFO,
    CanastaError,
    Code,
    HandRecord,
    HouseRule,
    MatchRecord,
    Severity,
    UnknownNameError,
    Variant,
    check_hand,
    hand_rules,
    initial_meld_minimum,
    load_hand,
    parse_house_rule,
    parse_variant,
    red_three_score,
    rule_set,
    score_hand,
    score_match,
    validate_record,
)

Data = dict[str, Any]

#: The variant ids of rules §2 variants.
RULES_MD_VARIANTS = [
    "classic",
    "two-player",
    "three-player",
    "three-player-cutthroat",
    "five-player",
    "six-player",
    "six-player-three-sides",
]

#: The house-rule ids of rules §3 with their reference (H1 … O15, C07).
RULES_MD_HOUSE_RULES = {
    "black-three-freezes": "H1",
    "pile-always-frozen": "H2",
    "two-naturals-to-take": "H3",
    "no-pile-for-finished-canasta": "H4",
    "wild-card-melds": "H5",
    "wild-meld-penalty": "H5",
    "red-threes-at-deal": "H6",
    "concealed-team-level": "O2",
    "red-threes-need-canasta": "O4",
    "no-red-three-penalty": "O5",
    "go-out-without-canastas": "O6",
    "no-initial-minimum": "O7",
    "red-three-in-hand-penalty": "O8",
    "red-three-penalty-cap-400": "C07",
    "cutthroat-two-canastas": "O11",
    "draw-on-tie": "O15",
}

#: House rules that only change how the pile is taken or when red threes go down: nothing an
#: end-of-hand record shows (rules §3 "Scoring effect: none").
NO_SCORING_EFFECT = [
    "black-three-freezes",
    "pile-always-frozen",
    "two-naturals-to-take",
    "no-pile-for-finished-canasta",
    "red-threes-at-deal",
    "concealed-team-level",
]


# ---------------------------------------------------------------------------------------------
# Hands
# ---------------------------------------------------------------------------------------------


def classic_hand(
    ns_melds: list[str] | None = None,
    ns_red_threes: int = 1,
    ns_hand: str = "4 5",
    ew_melds: list[str] | None = None,
    ew_red_threes: int = 0,
    ew_score: int = 0,
    house_rules: tuple[str, ...] = (),
) -> Data:
    """A classic hand where North goes out. With the defaults it is legal and scores:

    North-South: K×7 (70, natural canasta 500) + A A 2 (60); one red three 100; going out
    100; South holds 4 5 (10) → 820. East-West: Q Q Q Q 2 (60); hands 9 + J (20) → 40.
    """
    return {
        "variant": "classic",
        "house_rules": list(house_rules),
        "sides": [
            {
                "name": "North-South",
                "players": ["North", "South"],
                "red_threes": ns_red_threes,
                "melds": ["K K K K K K K", "A A 2"] if ns_melds is None else ns_melds,
                "went_out": "out",
                "went_out_by": "North",
                "left_in_hand": {"North": "", "South": ns_hand},
            },
            {
                "name": "East-West",
                "players": ["East", "West"],
                "score_before": ew_score,
                "red_threes": ew_red_threes,
                "melds": ["Q Q Q Q 2"] if ew_melds is None else ew_melds,
                "left_in_hand": {"East": "9", "West": "J"},
            },
        ],
    }


def two_player_e4(ann_melds: list[str], house_rules: tuple[str, ...] = ()) -> Data:
    """rules §5.2 E4: Ann goes out with one red three; Bob −5."""
    return {
        "variant": "two-player",
        "house_rules": list(house_rules),
        "sides": [
            {
                "name": "Ann",
                "red_threes": 1,
                "melds": ann_melds,
                "went_out": "out",
                "left_in_hand": "",
            },
            {"name": "Bob", "melds": ["K K K K 2", "5 5 5"], "left_in_hand": "9 9 6 4 JK"},
        ],
    }


def cutthroat_e8(house_rules: tuple[str, ...] = ()) -> Data:
    """rules §5.2 E8: L alone 180; partners P1 700 (one red three) and P2 600."""
    return {**cutthroat_hand(), "house_rules": list(house_rules)}


def concealed_e2(house_rules: tuple[str, ...] = ()) -> Data:
    """rules §5.2 E2: North goes out concealed at 3,200 with 85 points → N-S 735."""
    data = classic_hand(house_rules=house_rules)
    data["sides"][0].update(
        score_before=3200,
        melds=["4 4 4 4 4 4 4", "6 6 2 2"],
        went_out="concealed",
        left_in_hand={"North": "", "South": "A A K Q 10 8 7 6 5 5 JK"},
    )
    return data


def never_melded_e1(house_rules: tuple[str, ...] = ()) -> Data:
    """rules §5.2 E1: N-S 560; E-W never melded, two red threes, hands 150 + 100 → −450."""
    return {
        "variant": "classic",
        "house_rules": list(house_rules),
        "sides": [
            {
                "name": "North-South",
                "players": ["North", "South"],
                "melds": ["8 8 8 8 8 2 JK", "Q Q Q", "5 5 5 5"],
                "went_out": "out",
                "went_out_by": "North",
                "left_in_hand": {"North": "", "South": "4 6"},
            },
            {
                "name": "East-West",
                "players": ["East", "West"],
                "red_threes": 2,
                "left_in_hand": {
                    "East": "JK A A K Q 9 8 7 7 5 4",
                    "West": "K K Q J 10 9 6 6 4 2 3",
                },
            },
        ],
    }


def with_rules(data: Data, *rules: str) -> Data:
    data = copy.deepcopy(data)
    data["house_rules"] = [*data.get("house_rules", []), *rules]
    return data


def result(data: Data) -> tuple[list[int], list[Code]]:
    scored = score_hand(validate_record(HandRecord, data))
    return [side.total for side in scored.sides], [finding.code for finding in scored.violations]


# ---------------------------------------------------------------------------------------------
# Every id exists
# ---------------------------------------------------------------------------------------------


def test_every_variant_id_of_rules_md_exists() -> None:
    assert [variant.value for variant in Variant] == RULES_MD_VARIANTS
    assert set(VARIANT_INFO) == set(Variant)
    for name in RULES_MD_VARIANTS:
        assert parse_variant(name).value == name
        assert rule_set(name).variant.id == name


def test_every_house_rule_id_of_rules_md_exists_with_its_reference() -> None:
    assert {rule.value for rule in HouseRule} == set(RULES_MD_HOUSE_RULES)
    for name, ref in RULES_MD_HOUSE_RULES.items():
        rule = parse_house_rule(name)
        assert HOUSE_RULE_INFO[rule].ref == ref
        assert rule_set("classic", [name]).has(rule)


@pytest.mark.parametrize("name", NO_SCORING_EFFECT)
def test_pile_house_rules_are_marked_without_scoring_effect(name: str) -> None:
    assert HOUSE_RULE_INFO[HouseRule(name)].scoring is False


# ---------------------------------------------------------------------------------------------
# Variants: the numbers of rules §2
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "side_sizes", "packs", "canastas", "target", "top_tier_from"),
    [
        ("classic", (2, 2), 2, 1, 5000, None),
        ("two-player", (1, 1), 2, 2, 5000, None),
        ("three-player", (1, 1, 1), 2, 1, 5000, None),
        ("three-player-cutthroat", (1, 1, 1), 2, 1, 7500, None),
        ("five-player", (3, 2), 2, 1, 5000, None),
        ("six-player", (3, 3), 3, 2, 10000, 7500),
        ("six-player-three-sides", (2, 2, 2), 3, 2, 7500, None),
    ],
)
def test_variant_numbers(
    variant: str,
    side_sizes: tuple[int, ...],
    packs: int,
    canastas: int,
    target: int,
    top_tier_from: int | None,
) -> None:
    rules = rule_set(variant)
    assert rules.side_sizes == side_sizes
    assert rules.packs == packs
    assert rules.canastas_to_go_out == canastas
    assert rules.target == target
    assert rules.variant.top_tier_from == top_tier_from
    # Card supply (rules §1.1, §1.13 check 4): 4 of a rank per pack, 2 jokers per pack,
    # 2 red and 2 black threes per pack.
    assert rules.copies_per_rank == 4 * packs
    assert rules.jokers == rules.red_threes == rules.black_threes == 2 * packs
    assert rules.packs * 52 + rules.jokers == (108 if packs == 2 else 162)


def test_cutthroat_two_canastas_changes_only_cutthroat() -> None:
    assert rule_set("three-player-cutthroat", ["cutthroat-two-canastas"]).canastas_to_go_out == 2
    assert rule_set("classic", ["cutthroat-two-canastas"]).canastas_to_go_out == 1
    assert rule_set("three-player", ["cutthroat-two-canastas"]).canastas_to_go_out == 1


@pytest.mark.parametrize(
    ("variant", "going_out_allowed"),
    [
        ("classic", True),
        ("two-player", False),
        ("three-player", True),
        ("three-player-cutthroat", True),
        ("five-player", True),
        ("six-player", False),
        ("six-player-three-sides", False),
    ],
)
def test_canastas_to_go_out_per_variant(variant: str, going_out_allowed: bool) -> None:
    # The same side goes out with one canasta (K×7); the other side's record is the same.
    record = validate_record(HandRecord, classic_hand())
    found = score_hand(record, rule_set(variant)).violations
    assert (Code.GOING_OUT_CANASTAS not in [f.code for f in found]) is going_out_allowed


def test_six_player_red_threes_score_by_the_three_pack_table() -> None:
    # rules §5.2 E7: five red threes are 1,000 with three packs; four would be 400, not 800.
    e7 = {
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
    assert result(e7) == ([2055, 35], [])
    four = copy.deepcopy(e7)
    four["sides"][0]["red_threes"] = 4
    # 2,055 − 1,000 + 400
    assert result(four) == ([1455, 35], [])
    # The same four red threes in classic (two packs) are 800 (rules §5.2 E6).
    assert result(classic_hand(ns_red_threes=4)) == ([820 - 100 + 800, 40], [])


def test_cutthroat_partners_share_a_total_and_keep_their_own_red_threes() -> None:
    assert result(cutthroat_e8()) == ([180, 700, 600], [])
    # Without a lone hand named, P2, who went out, is the lone hand (rules §2: "if
    # someone goes out before anyone took the pile, that player is the lone hand"):
    # P2 alone: 90 + 300 + 100 = 490. L and P1 are partners: melds 75 + 130 = 205, hands
    # 95 + 20 = 115, so 90 each, plus their own red threes: L 200 → 290, P1 100 → 190.
    named = cutthroat_e8()
    del named["lone_hand"]
    assert result(named) == ([290, 190, 490], [Code.LONE_HAND_MISSING])
    # Nobody went out (P2 kept a 4) and no lone hand: everyone scores alone.
    # P1: 40 + 90 + 100 − 20 = 210; P2: 90 + 300 − 5 = 385.
    alone = cutthroat_e8()
    del alone["lone_hand"]
    alone["sides"][2]["went_out"] = "no"
    alone["sides"][2]["left_in_hand"] = "4"
    assert result(alone) == ([180, 210, 385], [Code.LONE_HAND_MISSING])


# ---------------------------------------------------------------------------------------------
# House rules: a hand, its totals by default and with the rule
# ---------------------------------------------------------------------------------------------

HOUSE_RULE_EFFECTS: list[Any] = [
    pytest.param(
        "red-threes-need-canasta",
        classic_hand(ew_red_threes=2),
        # E-W melded but has no canasta: 60 ± 200 − 20.
        ([820, 240], []),
        ([820, -160], []),
        id="red-threes-need-canasta: melded, no canasta, two red threes",
    ),
    pytest.param(
        "no-red-three-penalty",
        never_melded_e1(),
        # E1: −200 − 250 = −450; S3 counts them plus: 200 − 250 = −50.
        ([560, -450], []),
        ([560, -50], []),
        id="no-red-three-penalty: never melded, two red threes (E1)",
    ),
    pytest.param(
        "red-three-penalty-cap-400",
        classic_hand(ns_red_threes=0, ew_melds=[], ew_red_threes=4),
        # N-S 820 − 100 = 720. E-W never melded with all four: −800 − 20, capped −400 − 20.
        ([720, -820], []),
        ([720, -420], []),
        id="red-three-penalty-cap-400: never melded, four red threes",
    ),
    pytest.param(
        "red-three-penalty-cap-400",
        classic_hand(ns_red_threes=1, ew_melds=[], ew_red_threes=3),
        # Three red threes never melded: −300 either way.
        ([820, -320], []),
        ([820, -320], []),
        id="red-three-penalty-cap-400: three red threes are under the cap",
    ),
    pytest.param(
        "go-out-without-canastas",
        two_player_e4(["7 7 7 7 7 7 7", "J J J J 2 JK", "A A A"]),
        # E4 variant: one canasta. Classic: illegal (the bonus is still shown, 905);
        # S3: allowed, no bonus: 35 + 110 + 60 + 500 + 100 = 805.
        ([905, -5], [Code.GOING_OUT_CANASTAS]),
        ([805, -5], [Code.GOING_OUT_NO_BONUS]),
        id="go-out-without-canastas: two-player with one canasta (E4)",
    ),
    pytest.param(
        "go-out-without-canastas",
        two_player_e4(["7 7 7 7 7 7 7", "J J J J J 2 JK", "A A A"]),
        # With the two canastas the bonus stays: E4 = 1,215.
        ([1215, -5], []),
        ([1215, -5], []),
        id="go-out-without-canastas: two canastas keep the bonus (E4)",
    ),
    pytest.param(
        "no-initial-minimum",
        classic_hand(ew_score=1500),
        # 60 melded at 1,500 (minimum 90): an error, not enforced under S3. No scoring effect.
        ([820, 40], [Code.MELD_BELOW_MINIMUM]),
        ([820, 40], []),
        id="no-initial-minimum: 60 melded at 1,500",
    ),
    pytest.param(
        "red-three-in-hand-penalty",
        classic_hand(ns_hand="4 5 R3"),
        # An error by default (the red three has no card value); −500 under O8.
        ([820, 40], [Code.HAND_RED_THREE]),
        ([320, 40], []),
        id="red-three-in-hand-penalty: a red three in South's hand",
    ),
    pytest.param(
        "wild-card-melds",
        classic_hand(ns_melds=["K K K K K K K", "A A A", "2 2 2 2 JK JK JK"]),
        # 70 + 60 + 230 + 500 + 100 + 100 − 10 = 1,050; a wild canasta adds 2,000 (E10: 2,230).
        ([1050, 40], [Code.MELD_WILD_ONLY]),
        ([3050, 40], []),
        id="wild-card-melds: a wild canasta",
    ),
    pytest.param(
        "wild-card-melds",
        classic_hand(ns_melds=["K K K K K K K", "A A A", "2 2 JK"]),
        # An unfinished wild meld: its 90 card points count, no bonus: 910.
        ([910, 40], [Code.MELD_WILD_ONLY]),
        ([910, 40], []),
        id="wild-card-melds: an unfinished wild meld",
    ),
    pytest.param(
        "wild-meld-penalty",
        classic_hand(
            ns_melds=["K K K K K K K", "A A A", "2 2 JK"], house_rules=("wild-card-melds",)
        ),
        # E10: 2 2 JK unfinished scores 90, or 90 − 1,000 with the penalty: 910 → −90.
        ([910, 40], []),
        ([-90, 40], []),
        id="wild-meld-penalty: an unfinished wild meld (E10)",
    ),
    pytest.param(
        "wild-meld-penalty",
        classic_hand(
            ns_melds=["K K K K K K K", "A A A", "2 2 2 2 JK JK JK"],
            house_rules=("wild-card-melds",),
        ),
        # A finished wild canasta costs nothing.
        ([3050, 40], []),
        ([3050, 40], []),
        id="wild-meld-penalty: a finished wild canasta",
    ),
    pytest.param(
        "wild-meld-penalty",
        classic_hand(),
        # Without wild-card-melds the penalty has nothing to act on.
        ([820, 40], []),
        ([820, 40], [Code.HOUSE_RULE_NO_EFFECT]),
        id="wild-meld-penalty: without wild-card-melds",
    ),
    pytest.param(
        "cutthroat-two-canastas",
        cutthroat_e8(),
        # E8 is legal with one canasta (R2), illegal with the two-canasta toggle; the totals
        # are the same.
        ([180, 700, 600], []),
        ([180, 700, 600], [Code.GOING_OUT_CANASTAS]),
        id="cutthroat-two-canastas: E8",
    ),
]


@pytest.mark.parametrize(("rule", "data", "default", "with_rule"), HOUSE_RULE_EFFECTS)
def test_house_rule_changes_the_numbers(
    rule: str,
    data: Data,
    default: tuple[list[int], list[Code]],
    with_rule: tuple[list[int], list[Code]],
) -> None:
    assert result(data) == default
    assert result(with_rules(data, rule)) == with_rule


def test_wild_canasta_counts_toward_going_out_and_its_bonus_is_canasta_bonus() -> None:
    # North-South's only canasta is a wild one (S2 "Wild card melds"; rules §3 H5 [app]).
    data = classic_hand(
        ns_melds=["K K K K K K", "A A A", "2 2 2 2 JK JK JK"], house_rules=("wild-card-melds",)
    )
    scored = score_hand(validate_record(HandRecord, data))
    assert scored.violations == ()
    north_south = scored.sides[0]
    assert north_south.meld_points == 60 + 60 + 230
    assert north_south.canasta_bonus == 2000
    assert (north_south.natural_canastas, north_south.mixed_canastas) == (0, 0)
    assert north_south.total == 350 + 2000 + 100 + 100 - 10


def test_red_three_in_hand_penalty_is_in_the_penalties_field() -> None:
    data = with_rules(classic_hand(ns_hand="4 5 R3 R3"), "red-three-in-hand-penalty")
    north_south = score_hand(validate_record(HandRecord, data)).sides[0]
    assert (north_south.hand_points, north_south.penalties) == (-10, -1000)


@pytest.mark.parametrize("rule", NO_SCORING_EFFECT)
@pytest.mark.parametrize(
    "data",
    [
        pytest.param(classic_hand(), id="classic"),
        pytest.param(concealed_e2(), id="concealed E2"),
        pytest.param(never_melded_e1(), id="never melded E1"),
        pytest.param(cutthroat_e8(), id="cutthroat E8"),
        pytest.param(classic_hand(ew_score=1500), id="below the minimum"),
    ],
)
def test_pile_house_rules_do_not_change_an_end_of_hand_score(rule: str, data: Data) -> None:
    assert result(with_rules(data, rule)) == result(data)


def test_concealed_team_level_keeps_the_concealed_bonus_on_a_record() -> None:
    # An end-of-hand record cannot show whether the partner melded earlier, so the record's
    # own "concealed" stands (rules §4, row D6: only the turn-level dispute checker can tell).
    data = with_rules(concealed_e2(), "concealed-team-level")
    assert result(data) == ([735, 40], [])


# ---------------------------------------------------------------------------------------------
# draw-on-tie (O15) and the target (O12)
# ---------------------------------------------------------------------------------------------


def tied_match(*house_rules: str, target: int | None = None) -> Data:
    """One hand from 4,180 / 4,900 (minimum 120 each): North-South 820 as in `classic_hand`;
    East-West Q Q Q Q 2 + A A A = 120 melded − 20 = 100. Both sides end on 5,000."""
    data: Data = {
        "variant": "classic",
        "house_rules": list(house_rules),
        "sides": [
            {"name": "North-South", "players": ["North", "South"], "start_score": 4180},
            {"name": "East-West", "players": ["East", "West"], "start_score": 4900},
        ],
        "hands": [
            {
                "sides": [
                    {k: v for k, v in side.items() if k not in {"name", "players", "score_before"}}
                    for side in classic_hand(ew_melds=["Q Q Q Q 2", "A A A"])["sides"]
                ]
            }
        ],
    }
    if target is not None:
        data["target"] = target
    return data


def test_tie_at_the_top_plays_another_hand_by_default() -> None:
    scored = score_match(validate_record(MatchRecord, tied_match()))
    assert scored.running_totals == (5000, 5000)
    assert (scored.finished, scored.winner, scored.margin) == (False, None, None)
    assert scored.valid


def test_tie_at_the_top_is_a_draw_under_draw_on_tie() -> None:
    scored = score_match(validate_record(MatchRecord, tied_match("draw-on-tie")))
    assert (scored.finished, scored.winner, scored.margin) == (True, None, 0)


def test_draw_on_tie_changes_nothing_without_a_tie() -> None:
    data = tied_match("draw-on-tie")
    data["sides"][1]["start_score"] = 4895
    scored = score_match(validate_record(MatchRecord, data))
    assert scored.running_totals == (5000, 4995)
    assert (scored.finished, scored.winner, scored.margin) == (True, "North-South", 5)
    assert scored.valid


@pytest.mark.parametrize(
    ("variant", "target"),
    [
        ("classic", 5000),
        ("two-player", 5000),
        ("three-player", 5000),
        ("three-player-cutthroat", 7500),
        ("five-player", 5000),
        ("six-player", 10000),
        ("six-player-three-sides", 7500),
    ],
)
def test_target_per_variant(variant: str, target: int) -> None:
    assert rule_set(variant).target == target
    assert rule_set(variant, target=2500).target == 2500


def test_custom_target_ends_the_match() -> None:
    # 5,000 / 5,000 reached a custom target of 4,500 with a tie: not over by default;
    # a custom 6,000 is not reached at all.
    assert score_match(validate_record(MatchRecord, tied_match(target=4500))).finished is False
    data = tied_match(target=4500)
    data["sides"][0]["start_score"] = 3000
    # 3,820 against 5,000: East-West passes 4,500 and wins by 1,180.
    scored = score_match(validate_record(MatchRecord, data))
    assert (scored.finished, scored.winner, scored.margin) == (True, "East-West", 1180)
    data = tied_match(target=6000)
    assert score_match(validate_record(MatchRecord, data)).finished is False


def test_hand_file_target_defaults_to_the_variant_and_can_be_set() -> None:
    record = load_hand('{"variant": "six-player", "sides": [{"name": "X"}, {"name": "Y"}]}')
    assert hand_rules(record).target == 10000
    record = load_hand(
        '{"target": 3000, "sides": [{"name": "X", "left_in_hand": "4"},'
        ' {"name": "Y", "left_in_hand": "5"}]}'
    )
    assert hand_rules(record).target == 3000
    assert [f.code for f in check_hand(record) if f.severity is Severity.ERROR] == []


# ---------------------------------------------------------------------------------------------
# The red-three table (rules §1.6) and the initial meld minimum (§1.7)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("packs_variant", "count", "points"),
    [
        # Two packs: 100 each, all four 800 (S0 "Classic Canasta Scoring").
        ("classic", 0, 0),
        ("classic", 1, 100),
        ("classic", 2, 200),
        ("classic", 3, 300),
        ("classic", 4, 800),
        # Three packs: 100 each up to four (no doubling), five 1,000, six 1,200 (R1).
        ("six-player", 0, 0),
        ("six-player", 1, 100),
        ("six-player", 2, 200),
        ("six-player", 3, 300),
        ("six-player", 4, 400),
        ("six-player", 5, 1000),
        ("six-player", 6, 1200),
        ("six-player-three-sides", 5, 1000),
    ],
)
def test_red_three_score_table(packs_variant: str, count: int, points: int) -> None:
    rules = rule_set(packs_variant)
    assert red_three_score(count, rules, positive=True) == points
    # A side that never melded scores the same amounts minus (S0, S2).
    assert red_three_score(count, rules, positive=False) == -points
    # The cap only limits the minus: at most −400 (C07).
    capped = rule_set(packs_variant, ["red-three-penalty-cap-400"])
    assert red_three_score(count, capped, positive=True) == points
    assert red_three_score(count, capped, positive=False) == -min(points, 400)


@pytest.mark.parametrize(
    ("variant", "score", "minimum"),
    [
        # S0 table: negative 15, 0–1,495 50, 1,500–2,995 90, 3,000 or more 120.
        ("classic", -1000, 15),
        ("classic", -5, 15),
        ("classic", 0, 50),
        ("classic", 5, 50),
        ("classic", 1495, 50),
        ("classic", 1500, 90),
        ("classic", 2995, 90),
        ("classic", 3000, 120),
        ("classic", 7500, 120),
        ("classic", 10000, 120),
        # Six players, 10,000 game: 150 from 7,500 (rules §2, R1).
        ("six-player", -5, 15),
        ("six-player", 0, 50),
        ("six-player", 1495, 50),
        ("six-player", 1500, 90),
        ("six-player", 2995, 90),
        ("six-player", 3000, 120),
        ("six-player", 7495, 120),
        ("six-player", 7500, 150),
        ("six-player", 9995, 150),
        # Three sides of 2: no 150 tier stated.
        ("six-player-three-sides", 7500, 120),
        ("three-player-cutthroat", 7495, 120),
    ],
)
def test_initial_meld_minimum_at_every_boundary(variant: str, score: int, minimum: int) -> None:
    assert initial_meld_minimum(score, rule_set(variant)) == minimum


def test_initial_meld_minimum_is_kept_under_no_initial_minimum_but_not_enforced() -> None:
    rules = rule_set("classic", ["no-initial-minimum"])
    assert initial_meld_minimum(3000, rules) == 120
    assert rules.enforces_initial_minimum is False
    assert rule_set().enforces_initial_minimum is True


def test_match_reports_the_minimum_for_the_next_hand() -> None:
    data = tied_match()
    data["sides"][0]["start_score"] = 680
    data["sides"][1]["start_score"] = 2895
    # 680 + 820 = 1,500 → 90; 2,895 + 100 = 2,995 → 90.
    scored = score_match(validate_record(MatchRecord, data))
    assert scored.running_totals == (1500, 2995)
    assert scored.initial_meld_minimums == (90, 90)
    data["sides"][1]["start_score"] = 2900
    assert score_match(validate_record(MatchRecord, data)).initial_meld_minimums == (90, 120)


# ---------------------------------------------------------------------------------------------
# Unknown ids
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["", "Classic", "four-player", "classic "])
def test_unknown_variant_raises_with_every_valid_id(name: str) -> None:
    with pytest.raises(UnknownNameError) as caught:
        rule_set(name)
    message = str(caught.value)
    assert repr(name) in message
    for valid in RULES_MD_VARIANTS:
        assert valid in message
    with pytest.raises(UnknownNameError):
        parse_variant(name)


@pytest.mark.parametrize("name", ["", "wild-melds", "DRAW-ON-TIE", "H1"])
def test_unknown_house_rule_raises_with_every_valid_id(name: str) -> None:
    with pytest.raises(UnknownNameError) as caught:
        rule_set("classic", ["draw-on-tie", name])
    message = str(caught.value)
    assert repr(name) in message
    for valid in RULES_MD_HOUSE_RULES:
        assert valid in message
    with pytest.raises(UnknownNameError):
        parse_house_rule(name)


def test_unknown_name_error_is_a_canasta_error_and_a_value_error() -> None:
    assert issubclass(UnknownNameError, CanastaError)
    assert issubclass(UnknownNameError, ValueError)


def test_wild_canastas_are_counted_and_only_then_in_the_json() -> None:
    sample = Path(__file__).resolve().parents[2] / "assets/samples/e10-wild-canasta.json"
    result = score_hand(load_hand(sample.read_bytes()))
    wild, mixed = result.sides
    assert (wild.wild_canastas, wild.canasta_bonus) == (1, 2000)  # rules §5.2 E10
    assert (mixed.wild_canastas, mixed.mixed_canastas) == (0, 1)
    dumped = result.model_dump(mode="json")["sides"]
    assert dumped[0]["wild_canastas"] == 1 and "wild_canastas" not in dumped[1]
