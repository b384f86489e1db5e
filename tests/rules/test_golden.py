"""Golden tables: every worked example of the rule books and of rules §5, as data.

Each file in ``tests/data`` is a list of cases, each with an ``id``, the ``source``
(rule book and section) and the expected numbers, worked out by hand from the rule
books. One parametrised test reads each file. The last tests score every file in
``assets/samples`` against ``tests/data/samples_expected.json``, which is also what
``assets/samples/README.md`` promises.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from canasta_scorer.rules import (
    Finding,
    HandScore,
    MatchScore,
    Severity,
    check_meld,
    initial_meld_minimum,
    load_hand,
    load_match,
    meld_supply,
    parse_meld,
    rule_set,
    score_hand,
    score_match,
)

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
SAMPLES = ROOT / "assets" / "samples"
GOLDEN_FILES = (
    "golden_hands.json",
    "golden_melds.json",
    "golden_minimums.json",
    "golden_matches.json",
)


def _read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _cases(name: str) -> list[Any]:
    return [pytest.param(case, id=case["id"]) for case in _read(DATA / name)]


def _codes(findings: Iterable[Finding], severity: Severity) -> list[str]:
    return sorted(finding.code.value for finding in findings if finding.severity is severity)


def _assert_hand(result: HandScore, expect: dict[str, Any]) -> None:
    assert _codes(result.violations, Severity.ERROR) == sorted(expect.get("codes", []))
    assert _codes(result.violations, Severity.WARNING) == sorted(expect.get("warnings", []))
    assert result.valid is expect["valid"]
    assert [side.total for side in result.sides] == expect["totals"]
    for side, want in zip(result.sides, expect.get("sides", []), strict=False):
        if want is not None:
            assert {key: getattr(side, key) for key in want} == want, side.name


def _assert_match(result: MatchScore, expect: dict[str, Any]) -> None:
    assert _codes(result.violations, Severity.ERROR) == sorted(expect.get("codes", []))
    assert _codes(result.violations, Severity.WARNING) == sorted(expect.get("warnings", []))
    assert result.valid is expect["valid"]
    hands = [{"totals": list(hand.totals), "running": list(hand.running)} for hand in result.hands]
    assert hands == expect["hands"]
    assert list(result.running_totals) == expect["running_totals"]
    assert list(result.initial_meld_minimums) == expect["initial_meld_minimums"]
    assert result.finished is expect["finished"]
    assert result.winner == expect["winner"]
    assert result.margin == expect["margin"]


@pytest.mark.parametrize("case", _cases("golden_hands.json"))
def test_golden_hand(case: dict[str, Any]) -> None:
    """A whole hand file: validity, findings, each side's total and its breakdown."""
    result = score_hand(load_hand(json.dumps(case["hand"])))
    _assert_hand(result, case["expect"])


@pytest.mark.parametrize("case", _cases("golden_melds.json"))
def test_golden_meld(case: dict[str, Any]) -> None:
    """One meld on its own: legal or not and why, its card points, its canasta kind."""
    rules = rule_set(case.get("variant", "classic"), case.get("house_rules", ()))
    meld = parse_meld(case["meld"])
    findings = check_meld(meld, rules, going_out=case.get("going_out")) + meld_supply(meld, rules)
    errors = _codes(findings, Severity.ERROR)
    expect = case["expect"]
    assert errors == sorted(expect["codes"])
    assert _codes(findings, Severity.WARNING) == []
    assert (not errors) is expect["legal"]
    assert meld.points == expect["points"]
    kind = meld.canasta_kind(rules) if not errors else None
    assert (kind.value if kind else None) == expect["canasta"]


@pytest.mark.parametrize("case", _cases("golden_minimums.json"))
def test_golden_minimum(case: dict[str, Any]) -> None:
    """The initial meld minimum at a score and, for the rule books' openings, whether
    the cards melded reach it."""
    rules = rule_set(case.get("variant", "classic"), (), None, case.get("top_tier_from"))
    minimum = initial_meld_minimum(case["score"], rules)
    expect = case["expect"]
    assert minimum == expect["minimum"]
    if "melds" in case:
        melds = [parse_meld(text) for text in case["melds"]]
        assert [check_meld(meld, rules) for meld in melds] == [[] for _ in melds]
        points = sum(meld.points for meld in melds)
        assert points == expect["points"]
        assert (points >= minimum) is expect["enough"]


@pytest.mark.parametrize("case", _cases("golden_matches.json"))
def test_golden_match(case: dict[str, Any]) -> None:
    """A whole match file: each hand's totals, running totals, next minimums, the end."""
    result = score_match(load_match(json.dumps(case["match"])))
    _assert_match(result, case["expect"])


SAMPLES_EXPECTED: dict[str, Any] = _read(DATA / "samples_expected.json")


@pytest.mark.parametrize("name", sorted(path.name for path in SAMPLES.glob("*.json")))
def test_sample_scores_as_documented(name: str) -> None:
    """Every sample a user can try scores to what samples_expected.json (and the README) say."""
    assert name in SAMPLES_EXPECTED, f"{name} has no expected result in samples_expected.json"
    expect = SAMPLES_EXPECTED[name]
    text = (SAMPLES / name).read_text(encoding="utf-8")
    if expect["kind"] == "match":
        _assert_match(score_match(load_match(text)), expect)
    else:
        _assert_hand(score_hand(load_hand(text)), expect)


def test_samples_listed_in_readme_and_expected() -> None:
    """No sample without an expected result or a README line, and no stale entry."""
    files = {path.name for path in SAMPLES.glob("*.json")}
    assert set(SAMPLES_EXPECTED) == files
    readme = (SAMPLES / "README.md").read_text(encoding="utf-8")
    assert [name for name in sorted(files) if f"`{name}`" not in readme] == []


def test_golden_cases_have_unique_ids_and_sources() -> None:
    """Every case names its source, and ids are unique within each file."""
    for name in GOLDEN_FILES:
        cases = _read(DATA / name)
        ids = [case["id"] for case in cases]
        assert len(ids) == len(set(ids)), name
        assert all(case["source"].strip() for case in cases), name
