"""Match files: every match finding, running totals, the winner at the hand that reaches
the target (rules §1.12)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from rulekit import (
    Data,
    E,
    Expected,
    W,
    edit,
    match_file,
    match_findings,
    summary,
)

from canasta_scorer.rules import (
    Code,
    MatchRecord,
    score_match,
    score_next_hand,
    validate_record,
)


def test_legal_match_has_no_findings() -> None:
    result = score_match(validate_record(MatchRecord, match_file()))
    assert result.violations == ()
    assert result.running_totals == (820, 40)


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
            # The missing side is read as one with nothing entered.
            (W, Code.HAND_SIDE_BLANK, "hands[0].sides[1]"),
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


def test_every_match_finding_code_has_a_failing_case() -> None:
    covered = {code for case in MATCH_FAILING for _, code, _ in case.values[1]}
    assert {code for code in Code if code.value.startswith("match.")} <= covered


def test_next_hand_after_the_end_keeps_the_winner_of_the_hand_that_ended_it() -> None:
    # North-South 4,900 + 820 reaches 5,000 at hand 1 (rules §1.12); hand 2 is one too
    # many, and East-West's 40 of it never changes who won.
    data = _hand_after_the_end()
    whole = validate_record(MatchRecord, data)
    first = whole.model_copy(update={"hands": whole.hands[:1]})
    score = score_next_hand(first, score_match(first), whole.hands[1])
    assert score == score_match(whole)
    assert (score.finished, score.winner, score.margin) == (True, "North-South", 5720 - 40)
    assert score.running_totals == (6540, 80)
    assert [(f.code, f.where) for f in score.violations] == [
        (Code.MATCH_HAND_AFTER_END, "hands[1]")
    ]


def test_next_hand_from_a_score_without_the_hands_breakdowns_scores_the_whole_match() -> None:
    record = validate_record(MatchRecord, match_file())
    first = record.model_copy(update={"hands": record.hands[:1]})
    read_back = score_match(first).model_copy(update={"hand_scores": ()})  # as JSON has it
    score = score_next_hand(first, read_back, record.hands[0])
    assert score.running_totals == (1640, 80)
    assert len(score.hand_scores) == 2
