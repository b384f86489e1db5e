"""Hand scores: the base hands score as worked out by hand (rules §1.11, §5), and the
findings that change a score (a red three in hand, going out without the canastas, going
out concealed, a typed total)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from rulekit import (
    QUICK_WARNING,
    Data,
    E,
    W,
    classic,
    classic_hand,
    concealed_hand,
    cutthroat_hand,
    edit,
    findings,
    five_player_hand,
    quick_east_west,
    six_player_hand,
    summary,
    totals,
    two_player_hand,
)

from canasta_scorer.rules import (
    Code,
    HandRecord,
    load_hand,
    score_hand,
    validate_record,
)


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


def test_red_three_in_hand_is_an_error_and_costs_nothing_by_default() -> None:
    data = classic("sides.0.left_in_hand", {"North": "", "South": "4 5 R3 R3"})
    result = score_hand(validate_record(HandRecord, data))
    assert summary(list(result.violations)) == [
        (E, Code.HAND_RED_THREE, "sides[0].left_in_hand.South")
    ]
    assert not result.valid
    # A red three has no card value (rules §1.1): the hand still counts 4 + 5 = 10.
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
    # 820 − 2 × 500 (rules §3 O8; R5, R7).
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


def test_typed_total_scores_as_typed_and_keeps_the_contract_keys() -> None:
    hand = score_hand(validate_record(HandRecord, quick_east_west(-35)))
    assert [side.total for side in hand.sides] == [820, -35]
    assert hand.sides[1].typed_total == -35
    assert "typed_total" in hand.model_dump(mode="json")["sides"][1]
    assert "typed_total" not in hand.model_dump(mode="json")["sides"][0]
    assert hand.valid


def test_a_typed_total_may_say_who_went_out() -> None:
    data = quick_east_west(140)
    data["sides"][0]["went_out"] = "no"
    data["sides"][0].pop("went_out_by")
    data["sides"][0]["left_in_hand"] = {"North": "4", "South": "4 5"}
    data["sides"][1].update(went_out="out", went_out_by="East")
    assert summary(findings(data)) == [QUICK_WARNING]
    assert totals(data)[1] == 140
