"""``canasta-scorer check meld|pile|go-out|first-meld`` through real processes.

Exit status: 0 yes, 1 no, 2 a card or command line that cannot be read. The second line
of the plain output is the answer a player reads out; ``--json`` prints the verdict
object (question, allowed, answer, reasons, show, points, minimum). Every process is
started once, all at the same time, by the ``runs`` fixture (as in ``test_cli.py``).
The situations are the rule books' (see ``tests/data/golden_disputes.json``).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest

from canasta_scorer.cli import main
from canasta_scorer.rules import (
    FirstMeldSituation,
    GoOutSituation,
    MeldSituation,
    PileSituation,
    Question,
    Verdict,
    parse_card,
    parse_cards,
    parse_meld,
    rule_set,
    settle,
)

COMMANDS: dict[str, str] = {
    # S0 Frozen Discard Pile: a meld of 4 sevens, a wild card in the pile.
    "pile-yes": "pile --top 7 --hand '7 7 K 5' --meld '7 7 7 7' --wild-in-pile",
    "pile-no": "pile --top 7 --hand '7 K 5' --meld '7 7 7 7' --wild-in-pile",
    "pile-bad-card": "pile --top X --hand '7 7'",
    "pile-no-top": "pile --hand '7 7'",
    # S0 Initial Meld Requirement: K on top, K and Q buried; 70 is short of 90.
    "pile-json": "pile --top K --hand 'K K Q Q 2' --pile-size 3 --not-melded --score 1500 --json",
    # rules §3 H3: a natural and a wild card no longer take an unfrozen pile.
    "pile-house-rule": "pile --top 9 --hand '9 2 5' --house-rule two-naturals-to-take",
    # rules §5.2 E3: the black-three meld going out.
    "go-out-yes": "go-out --table 'Q Q Q Q Q 2 2' --table '9 9 9 9' --meld '3 3 3 3' --discard 6",
    # rules §5.2 E4 variant: one canasta in the two-player game.
    "go-out-no": (
        "go-out --variant two-player --table '7 7 7 7 7 7 7' --table 'J J J J 2 JK' --meld 'A A A'"
    ),
    "go-out-bad-card": "go-out --table 'Q Q Q Q Q 2 2' --meld '5 5 5' --discard X",
    # rules §5.2 E2: concealed after a stock draw, 85 below 120.
    "go-out-json": (
        "go-out --meld '4 4 4 4 4 4 4' --meld '6 6 2 2' --discard J --side-not-melded "
        "--score 3200 --json"
    ),
    # S1 initial meld example at 1,600.
    "first-meld-yes": "first-meld --meld '6 6 6' --meld 'A A A 2' --score 1600",
    "first-meld-no": "first-meld --meld '6 6 6' --meld 'K K K 2' --score 1600",
    "first-meld-bad-card": "first-meld --meld 'K K K' --top X",
    # S0 Initial Meld Requirement: K-K-K, Q-Q-2 with the buried K and Q added.
    "first-meld-json": (
        "first-meld --meld 'K K K K' --meld 'Q Q Q 2' --top K --buried 'K Q' --score 0 --json"
    ),
    # rules §3 O13: E7's opponents' 130 points at 7,200, the minimum of 150 from 7,000.
    "first-meld-top-tier": (
        "first-meld --variant six-player --meld 'J J J J J 2 2' --meld '9 9 9 9' "
        "--score 7,200 --top-tier-from 7000"
    ),
    "first-meld-top-tier-default": (
        "first-meld --variant six-player --meld 'J J J J J 2 2' --meld '9 9 9 9' --score 7200"
    ),
    "first-meld-top-tier-classic": (
        "first-meld --meld 'J J J J J 2 2' --score 7200 --top-tier-from 7000"
    ),
    "pile-rule-without-effect": "pile --top 9 --hand '9 9 5 6' --house-rule cutthroat-two-canastas",
    "first-meld-top-tier-low": (
        "first-meld --variant six-player --meld 'J J J J J 2 2' --top-tier-from 2500"
    ),
    # S1 meld examples; S0 Threes in Classic Canasta.
    "meld-yes": "meld J J J J 2 2 JK",
    "meld-no": "meld 5 2 2",
    "meld-bad-card": "meld J J X",
    "meld-json": "meld '3 3 3' --going-out --json",
}

VERDICT_KEYS = {
    "question",
    "allowed",
    "answer",
    "reasons",
    "show",
    "points",
    "minimum",
    "canasta",
    "findings",
}


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)

    def answer(self) -> str:
        """The answer line: the second line of the plain output."""
        return self.out.splitlines()[1]


def _start(command: str) -> Run:
    env = os.environ | {"PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [sys.executable, "-m", "canasta_scorer", "check", *shlex.split(command)],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        env=env,
        timeout=120,
        check=False,
    )
    return Run(done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8"))


@pytest.fixture(scope="module")
def runs() -> dict[str, Run]:
    workers = min(8, 2 * (os.cpu_count() or 1))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {name: pool.submit(_start, command) for name, command in COMMANDS.items()}
        return {name: future.result() for name, future in futures.items()}


def _same_as_engine(
    run: Run, verdict: Verdict, extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The JSON is the verdict object: its keys, and the engine's values for them (a meld's
    answer also names the meld and its canasta kind, ``extra``)."""
    data: dict[str, Any] = run.json()
    assert set(data) == VERDICT_KEYS | set(extra or {})
    assert all(
        set(reason) == {"code", "values", "message", "rule", "ok"} for reason in data["reasons"]
    )
    assert data == verdict.model_dump(mode="json") | (extra or {})
    return data


def test_no_process_shows_a_traceback(runs: dict[str, Run]) -> None:
    for name, run in runs.items():
        assert "Traceback" not in run.out + run.err, name
        assert run.code in (0, 1, 2), (name, run.code, run.err)


@pytest.mark.parametrize("question", ["pile", "go-out", "first-meld", "meld"])
def test_unreadable_card_exits_2_naming_it(runs: dict[str, Run], question: str) -> None:
    run = runs[f"{question}-bad-card"]
    assert run.code == 2
    assert run.out == ""
    assert "“X” is not a card" in run.err


def test_pile_yes_no_and_the_cards_to_show(runs: dict[str, Run]) -> None:
    yes = runs["pile-yes"]
    assert yes.code == 0, yes.err
    assert yes.out.splitlines()[0] == (
        "May I take the discard pile with the 7 on top?  (Classic (classic), target 5,000)"
    )
    assert yes.answer() == (
        "Yes: meld the top 7 with your two natural 7s, then take the rest of the pile."
    )
    assert "  show from your hand: 7 7\n" in yes.out
    assert "see rules §1.8 taking the discard pile" in yes.out
    no = runs["pile-no"]
    assert no.code == 1, no.err
    assert no.answer() == (
        "No: the pile is frozen, and taking it needs two natural 7s from your hand."
    )
    assert "  ✗ the pile is frozen for you: a wild card lies in it." in no.out
    assert runs["pile-no-top"].code == 2
    assert "--top" in runs["pile-no-top"].err


def test_pile_house_rule_is_named_and_applied(runs: dict[str, Run]) -> None:
    run = runs["pile-house-rule"]
    assert run.code == 1, run.err
    assert "house rules: two-naturals-to-take" in run.out.splitlines()[0]
    assert "see rules §3 H3 two naturals to take the pile" in run.out


def test_pile_json(runs: dict[str, Run]) -> None:
    verdict = settle(
        Question.PILE,
        PileSituation(
            top=parse_card("K"),
            hand=parse_cards("K K Q Q 2"),
            pile_size=3,
            side_has_melded=False,
            side_score=1500,
        ),
        rule_set(),
    )
    run = runs["pile-json"]
    assert run.code == 1, run.err
    data = _same_as_engine(run, verdict)
    assert data["question"] == "May I take the discard pile with the K on top?"
    assert (data["allowed"], data["points"], data["minimum"], data["show"]) == (False, 70, 90, "")
    assert data["answer"] == "No: your first meld would be 70 points, below the minimum of 90."
    assert [reason["ok"] for reason in data["reasons"]] == [True, False]


def test_go_out_yes_and_no(runs: dict[str, Run]) -> None:
    yes = runs["go-out-yes"]
    assert yes.code == 0, yes.err
    assert yes.out.splitlines()[0] == "May we go out?  (Classic (classic), target 5,000)"
    assert yes.answer() == "Yes: going out scores 100."
    no = runs["go-out-no"]
    assert no.code == 1, no.err
    assert "(two-player)" in no.out.splitlines()[0]
    assert no.answer() == (
        "No: your side has 1 canasta after this turn; going out needs 2: keep at least "
        "one card after discarding."
    )


def test_go_out_json_concealed_below_the_minimum(runs: dict[str, Run]) -> None:
    """E2 with --side-not-melded alone: a player of a side that has not melded has not
    melded either, so the go-out is concealed and needs no minimum."""
    verdict = settle(
        Question.GO_OUT,
        GoOutSituation(
            this_turn=(parse_meld("4 4 4 4 4 4 4"), parse_meld("6 6 2 2")),
            discard=parse_card("J"),
            side_has_melded=False,
            side_score=3200,
        ),
        rule_set(),
    )
    run = runs["go-out-json"]
    assert run.code == 0, run.err
    data = _same_as_engine(run, verdict)
    assert (data["allowed"], data["points"], data["minimum"]) == (True, 200, 120)
    assert data["answer"] == "Yes: going out concealed scores 200."
    assert all(reason["ok"] for reason in data["reasons"])


def test_first_meld_yes_and_no(runs: dict[str, Run]) -> None:
    yes = runs["first-meld-yes"]
    assert yes.code == 0, yes.err
    assert yes.out.splitlines()[0].startswith("Does this first meld reach the minimum of 90?")
    assert yes.answer() == "Yes: 95 points reach the minimum of 90."
    no = runs["first-meld-no"]
    assert no.code == 1, no.err
    assert no.answer() == "No: 65 points are below the minimum of 90."
    assert "  ✗ 65 is below the minimum of 90 for a score of 1,600\n" in no.out


def test_first_meld_json_buried_cards_do_not_count(runs: dict[str, Run]) -> None:
    verdict = settle(
        Question.FIRST_MELD,
        FirstMeldSituation(
            melds=(parse_meld("K K K K"), parse_meld("Q Q Q 2")),
            top=parse_card("K"),
            buried=parse_cards("K Q"),
            side_score=0,
        ),
        rule_set(),
    )
    run = runs["first-meld-json"]
    assert run.code == 0, run.err
    data = _same_as_engine(run, verdict)
    assert (data["allowed"], data["points"], data["minimum"]) == (True, 70, 50)
    assert data["answer"] == "Yes: 70 points reach the minimum of 50."


def test_meld_yes_no_and_json(runs: dict[str, Run]) -> None:
    yes = runs["meld-yes"]
    assert yes.code == 0, yes.err
    assert (
        yes.answer()
        == "Yes: J J J J 2 2 JK is a mixed canasta: 130 points for its cards and a bonus of 300."
    )
    assert "  ✓ mixed canasta: bonus 300\n" in yes.out
    no = runs["meld-no"]
    assert no.code == 1, no.err
    assert no.answer() == "No: 5 2 2 has 1 natural card: a meld needs at least 2."
    run = runs["meld-json"]
    assert run.code == 0, run.err
    data = _same_as_engine(
        run,
        settle(Question.MELD, MeldSituation(meld=parse_meld("3 3 3"), going_out=True), rule_set()),
        {"meld": "3 3 3", "canasta": None, "canasta_bonus": 0},
    )
    assert (data["allowed"], data["points"], data["minimum"], data["show"]) == (
        True,
        15,
        None,
        "",
    )
    assert data["question"] == "Is 3 3 3 a legal meld?"


def test_impossible_situations_are_a_no_with_their_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "pile", "--top", "9", "--hand", "9 9 9 9 9 9 9 9 9"]) == 1
    out = capsys.readouterr().out
    assert "No: 10 9s in the cards described: the 108-card deck has 8." in out
    assert "see rules §1.1 cards and points" in out
    assert main(["check", "pile", "--top", "K", "--hand", "K K", "--pile-size", "500"]) == 1
    assert "No: a pile of 500 cards cannot be: the 108-card deck has 106 cards" in (
        capsys.readouterr().out
    )
    assert main(["check", "first-meld", "--meld", "K K K", "--score", "-7"]) == 1
    assert "No: −7 is not a multiple of 5" in capsys.readouterr().out
    assert main(["check", "first-meld", "--meld", "K K K", "--score", "-35"]) == 0


def test_first_meld_with_the_minimum_of_150_set_by_the_table(runs: dict[str, Run]) -> None:
    """rules §3 O13: ``--top-tier-from`` moves where the minimum of 150 starts; it is
    refused (exit 2, the rule's words) where it is wrong or does nothing."""
    set_at_7000 = runs["first-meld-top-tier"]
    assert set_at_7000.code == 1
    assert set_at_7000.out.splitlines()[:2] == [
        "Does this first meld reach the minimum of 150?  (Six players, 2 sides of 3 "
        "(six-player), target 10,000, minimum 150 from 7,000)",
        "No: 130 points are below the minimum of 150.",
    ]
    default = runs["first-meld-top-tier-default"]
    assert default.code == 0
    assert default.out.splitlines()[1] == "Yes: 130 points reach the minimum of 120."
    classic = runs["first-meld-top-tier-classic"]
    assert (classic.code, classic.out) == (2, "")
    assert classic.err == (
        "canasta-scorer: a minimum of 150 from 7,000 does nothing here: only the six-player "
        "game of two sides of three has a minimum of 150\n"
    )
    low = runs["first-meld-top-tier-low"]
    assert (low.code, low.out) == (2, "")
    assert "cannot start at 2,500: give a multiple of 5 above 3,000" in low.err


def test_a_house_rule_without_effect_is_no_reason_to_refuse_a_question(
    runs: dict[str, Run],
) -> None:
    """``cutthroat-two-canastas`` in the classic game does nothing (rules §3 O11): the
    question is still answered, as it is without the rule."""
    run = runs["pile-rule-without-effect"]
    assert (run.code, run.err) == (0, "")
    assert run.out.splitlines()[1].startswith("Yes")
