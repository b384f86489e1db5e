"""One meld on its own (`check_meld`): rules §1.3, §1.5, S0 and S1's examples."""

from __future__ import annotations

import pytest
from rulekit import (
    E,
)

from canasta_scorer.rules import (
    Code,
    check_meld,
    parse_meld,
    rule_set,
)


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
