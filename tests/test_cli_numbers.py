"""Numbers in one answer are written alike: thousands with a comma, in the sheet and in
the findings beside it ("1,503" beside "1,630", never "1503")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from canasta_scorer.cli import main


def _numbers(text: str) -> list[str]:
    return re.findall(r"(?<![\w§.,])\d[\d,]*\d(?![\w.])|(?<![\w§.,])\d(?![\w.,])", text)


def test_a_typed_total_not_a_multiple_of_5_is_written_like_the_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = {"sides": [{"name": "Us", "total": 1503}, {"name": "Them", "total": 1630}]}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand))
    assert main(["score", str(path)]) == 1
    out = capsys.readouterr().out
    assert "the hand score 1,503 is not a multiple of 5" in out
    assert "+1,503" in out and "1,630" in out
    assert not [n for n in _numbers(out) if len(n) > 3 and "," not in n]


def test_the_minimum_of_an_odd_score_is_written_alike(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["minimum", "1503"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("Initial meld minimum at 1,503 in a classic game: 90\n")
    assert "✗ 1,503 is not a multiple of 5" in out
    assert "1503" not in out


def test_a_match_start_score_and_target_are_written_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = {"target": 5000, "sides": [{"name": "Us", "start_score": 5005}, {"name": "Them"}]}
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match))
    assert main(["match", str(path)]) == 1
    out = capsys.readouterr().out
    assert "start score 5,005 is not below the target 5,000" in out
    assert "5005" not in out
