"""The score from which the six-player game's initial meld minimum is 150, set by a
match (docs/rules.md §3 O13): read from hand and match files, checked, and used by
the checker and the scorer."""

from __future__ import annotations

import json
from typing import Any

import pytest

from canasta_scorer.rules import (
    Code,
    RecordError,
    Severity,
    check_hand,
    hand_rules,
    initial_meld_minimum,
    load_hand,
    load_match,
    match_rules,
    rule_set,
    rules_findings,
    score_hand,
    score_match,
)


def _six_hand(top_tier_from: int | None, score_before: int, melds: list[str]) -> str:
    data: dict[str, Any] = {
        "variant": "six-player",
        "sides": [
            {
                "name": "Us",
                "score_before": score_before,
                "melds": melds,
                "left_in_hand": "5 6",
            },
            {"name": "Them", "melds": ["K K K K K"], "left_in_hand": "4 4"},
        ],
    }
    if top_tier_from is not None:
        data["top_tier_from"] = top_tier_from
    return json.dumps(data)


@pytest.mark.parametrize(
    ("top_tier_from", "score", "expected"),
    [
        (None, 7495, 120),
        (None, 7500, 150),
        (7000, 6995, 120),
        (7000, 7000, 150),
        (7000, 7495, 150),
        (8000, 7995, 120),
        (8000, 8000, 150),
        (3005, 3005, 150),
        (3005, 3000, 120),
    ],
)
def test_the_minimum_follows_the_score_the_match_sets(
    top_tier_from: int | None, score: int, expected: int
) -> None:
    rules = rule_set("six-player", (), None, top_tier_from)
    assert initial_meld_minimum(score, rules) == expected
    assert rules.top_tier_from == (7500 if top_tier_from is None else top_tier_from)


def test_a_first_meld_of_130_at_7200_is_short_only_when_the_match_starts_150_at_7000() -> None:
    melds = ["J J J J J 2 2", "9 9 9 9"]  # 130 points (rules §5.2 E7's opponents' melds)
    at_7000 = load_hand(_six_hand(7000, 7200, melds))
    default = load_hand(_six_hand(None, 7200, melds))
    short = [f for f in check_hand(at_7000) if f.code is Code.MELD_BELOW_MINIMUM]
    assert [f.words.get("minimum") for f in short if f.words] == [150]
    assert "initial meld minimum of 150" in short[0].message
    assert not [f for f in check_hand(default) if f.code is Code.MELD_BELOW_MINIMUM]
    # The score itself does not depend on the minimum: the same cards, the same points.
    assert [s.total for s in score_hand(at_7000).sides] == [
        s.total for s in score_hand(default).sides
    ]
    assert hand_rules(at_7000).top_tier_from == 7000


@pytest.mark.parametrize("value", [3000, 2000, 0, -500, 7001, 7499])
def test_a_score_that_is_not_a_multiple_of_5_above_3000_is_an_error(value: int) -> None:
    found = check_hand(load_hand(_six_hand(value, 0, ["K K K K"])))
    mine = [f for f in found if f.where == "top_tier_from"]
    assert [(f.severity, f.code) for f in mine] == [(Severity.ERROR, Code.TOP_TIER_VALUE)]
    assert f"cannot start at {value:,}" in mine[0].message
    assert mine[0].rule == "rules §1.7 initial meld minimum; §3 O13 the minimum of 150"


@pytest.mark.parametrize("variant", ["classic", "six-player-three-sides", "two-player"])
def test_a_score_set_for_a_variant_without_the_step_is_warned_of_and_changes_nothing(
    variant: str,
) -> None:
    rules = rule_set(variant, (), None, 7000)
    assert rules.top_tier_from is None
    assert initial_meld_minimum(9000, rules) == 120
    found = rules_findings(rules)
    assert [(f.severity, f.code, f.where) for f in found] == [
        (Severity.WARNING, Code.TOP_TIER_NO_EFFECT, "top_tier_from")
    ]
    assert found[0].message == (
        "a minimum of 150 from 7,000 does nothing here: only the six-player game of two "
        "sides of three has a minimum of 150"
    )


def test_a_match_file_carries_the_score_into_each_hand_and_the_next_minimums() -> None:
    match = load_match(
        json.dumps(
            {
                "variant": "six-player",
                "top_tier_from": 7000,
                "sides": [
                    {"name": "A", "start_score": 6500},
                    {"name": "B", "start_score": 6800},
                ],
                "hands": [
                    {
                        "sides": [
                            {
                                "melds": ["K K K K K K K", "Q Q Q Q Q Q Q", "5 5 5"],
                                "went_out": "out",
                            },
                            {"melds": ["A A A A A 2", "K K K"], "left_in_hand": "4"},
                        ]
                    }
                ],
            }
        )
    )
    assert match_rules(match).top_tier_from == 7000
    result = score_match(match)
    assert result.valid, [f.message for f in result.violations]
    # A: 6,500 + 70 + 70 + 15 (melds) + 1,000 (two natural canastas) + 100 (out) = 7,755;
    # B: 6,800 + 100 + 20 + 30 (melds) - 5 (a 4 left) = 6,945.
    assert list(result.running_totals) == [7755, 6945]
    assert list(result.initial_meld_minimums) == [150, 120]


def test_a_match_with_a_wrong_score_for_the_minimum_is_refused() -> None:
    match = load_match(
        json.dumps(
            {
                "variant": "six-player",
                "top_tier_from": 2500,
                "sides": [{"name": "A"}, {"name": "B"}],
            }
        )
    )
    result = score_match(match)
    assert not result.valid
    assert [f.where for f in result.violations if f.severity is Severity.ERROR] == ["top_tier_from"]


def test_the_file_keeps_the_key_and_refuses_a_value_that_is_not_a_whole_number() -> None:
    record = load_hand(_six_hand(7000, 0, ["K K K K"]))
    assert json.loads(record.model_dump_json(exclude_defaults=True))["top_tier_from"] == 7000
    with pytest.raises(RecordError) as raised:
        load_hand(_six_hand(7000, 0, ["K K K K"]).replace("7000", '"7000"'))
    assert [p.where for p in raised.value.problems] == ["top_tier_from"]
