"""A tie at the top once the target is reached (rules §7.4): the rules engine says
the match goes on with another hand, and the command line and the scoreboard say so
with the rule; house rule ``draw-on-tie`` (§3 O15) makes it a drawn match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta_scorer.cli import main
from canasta_scorer.rules import MatchRecord, rule_set, score_match, standing, validate_record


def six_tied(house_rules: list[str] | None = None) -> dict[str, object]:
    """Six players at 9,900 each; a hand of +100 each: both sides at 10,000."""
    return {
        "variant": "six-player",
        "house_rules": house_rules or [],
        "sides": [
            {"name": "Owls", "players": ["Ann", "Cy", "Eve"], "start_score": 9900},
            {"name": "Larks", "players": ["Bob", "Di", "Fay"], "start_score": 9900},
        ],
        "hands": [{"sides": [{"total": 100}, {"total": 100}]}],
    }


def test_the_engine_says_the_top_is_tied_and_the_match_goes_on() -> None:
    score = score_match(validate_record(MatchRecord, six_tied()))
    assert score.running_totals == (10000, 10000)
    assert (score.finished, score.winner, score.margin, score.tied_at_top) == (
        False,
        None,
        None,
        True,
    )
    drawn = score_match(validate_record(MatchRecord, six_tied(["draw-on-tie"])))
    assert (drawn.finished, drawn.winner, drawn.margin, drawn.tied_at_top) == (
        True,
        None,
        0,
        False,
    )
    below = standing(["A", "B"], [4000, 4000], rule_set())
    assert (below.finished, below.tied) == (
        False,
        False,
    )  # a tie below the target is no tie at the top


def test_the_cli_says_another_hand_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tied.json"
    path.write_text(json.dumps(six_tied()), encoding="utf-8")
    assert main(["match", str(path)]) == 0
    out = capsys.readouterr().out
    assert (
        "Not finished: the top is tied at 10,000, so another hand is played "
        "(see rules §7.4 a tie at the top; §3 O15 draw on a tie)." in out
    )
    assert "to go to" not in out
    path.write_text(json.dumps(six_tied(["draw-on-tie"])), encoding="utf-8")
    assert main(["match", str(path)]) == 0
    assert (
        "Finished: a draw (the house rule “A tie at the end is a draw”)." in capsys.readouterr().out
    )
