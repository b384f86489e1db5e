"""Benchmarks of the rules engine and of the CLI's start-up.

Plain test runs pass ``--benchmark-disable``: each benchmark then runs once, as a
test that the code works. The numbers come from::

    pytest tests/benchmarks --benchmark-enable --benchmark-only

Goals (measured, never asserted): one hand validated and scored in under 100 µs
(median); ``canasta-scorer score FILE`` within 1.5× of ``python -c "import pydantic"``
(``python tests/benchmarks/process_startup.py``).
"""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from canasta_scorer.rules import (
    HandRecord,
    MatchRecord,
    load_hand,
    load_match,
    score_hand,
    score_match,
)

HERE = Path(__file__).resolve().parent
S1_FILE = HERE.parents[1] / "assets" / "samples" / "s1-worked-hand.json"
S1_TOTALS = [1630, 575]  # S1's worked example (rules §1.11)

RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
PLAYERS = (("Ann", "Cleo"), ("Ben", "Dev"))
DEALERS = ("Ann", "Ben", "Cleo", "Dev")
HANDS = 30


def _run(rank: str, count: int, extra: str = "") -> str:
    return " ".join([rank] * count) + (f" {extra}" if extra else "")


def _match_hand(number: int) -> dict[str, Any]:
    """One legal classic hand; the ranks, red threes and ways of going out vary with
    ``number``, and the sides take turns going out."""
    r = [RANKS[(number * 4 + k) % len(RANKS)] for k in range(len(RANKS))]
    out, other = number % 2, 1 - number % 2
    goer, partner = PLAYERS[out][number % 2], PLAYERS[out][1 - number % 2]
    concealed = number % 10 == 7
    winner: dict[str, Any] = {
        "red_threes": number % 3,
        "melds": [
            _run(r[0], 7 + number % 2),
            _run(r[1], 5, "2 2"),
            _run(r[2], 3, "JK" if number % 4 == 0 else "2"),
        ]
        + (["3 3 3"] if number % 6 == 2 and not concealed else []),
        "went_out": "concealed" if concealed else "out",
        "went_out_by": goer,
        "left_in_hand": {
            goer: "",
            partner: f"{r[5]} {r[6]} {r[6]}" + (" 3" if number % 5 == 1 else ""),
        },
    }
    if number % 9 == 4:  # the other side never melded: its red three counts minus
        loser: dict[str, Any] = {
            "red_threes": 1,
            "left_in_hand": f"{r[3]} {r[3]} 2 {r[7]} {r[8]} JK {r[9]} {r[10]} K",
        }
    else:
        loser = {
            "red_threes": 2 - number % 3 if number % 3 else 1,
            "melds": [_run(r[3], 5, "2 JK"), _run(r[4], 3, "2")]
            + ([_run(r[8], 4)] if number % 3 == 0 else []),
            "left_in_hand": f"{r[7]} {r[7]} {r[9]} 2" if number % 2 else f"{r[10]} 5 JK",
        }
    sides: list[dict[str, Any]] = [{}, {}]
    sides[out], sides[other] = winner, loser
    hand: dict[str, Any] = {"dealer": DEALERS[number % 4], "sides": sides}
    if number % 7 == 3:
        hand["note"] = "a long hand: the stock nearly ran out"
    return hand


def thirty_hand_match() -> str:
    """A 30-hand classic match file, every hand legal; the target is high enough that
    the match is still going after the 30th hand (a hand after the end is an error)."""
    match = {
        "variant": "classic",
        "house_rules": [],
        "target": 50_000,
        "sides": [
            {"name": "Ann & Cleo", "players": list(PLAYERS[0])},
            {"name": "Ben & Dev", "players": list(PLAYERS[1])},
        ],
        "hands": [_match_hand(number) for number in range(HANDS)],
    }
    return json.dumps(match, indent=1)


@pytest.fixture(scope="module")
def s1_text() -> str:
    return S1_FILE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def s1_record(s1_text: str) -> HandRecord:
    return load_hand(s1_text)


@pytest.fixture(scope="module")
def match_text() -> str:
    return thirty_hand_match()


@pytest.fixture(scope="module")
def match_record(match_text: str) -> MatchRecord:
    return load_match(match_text)


def test_score_one_hand(benchmark: Any, s1_record: HandRecord) -> None:
    """(a) Validate and score one loaded hand: goal median < 100 µs."""
    result = benchmark(score_hand, s1_record)
    assert result.valid
    assert [side.total for side in result.sides] == S1_TOTALS


def test_load_and_score_one_hand(benchmark: Any, s1_text: str) -> None:
    """(a') The same from the file's JSON text: read, validate, check and score."""
    result = benchmark(lambda: score_hand(load_hand(s1_text)))
    assert [side.total for side in result.sides] == S1_TOTALS


def test_the_thirty_hand_match_is_legal_and_unfinished(match_record: MatchRecord) -> None:
    result = score_match(match_record)
    assert result.violations == ()
    assert result.valid and not result.finished
    assert len(result.hands) == HANDS
    assert len({hand.totals for hand in result.hands}) > HANDS // 2  # varied hands


def test_score_thirty_hand_match(benchmark: Any, match_record: MatchRecord) -> None:
    """(b) Check and score a 30-hand match already loaded."""
    result = benchmark(score_match, match_record)
    assert result.valid and len(result.hands) == HANDS


def test_load_and_score_thirty_hand_match(benchmark: Any, match_text: str) -> None:
    """(b') The same from the match file's JSON text."""
    result = benchmark(lambda: score_match(load_match(match_text)))
    assert result.valid and len(result.hands) == HANDS


def _process_startup() -> ModuleType:
    spec = importlib.util.spec_from_file_location("process_startup", HERE / "process_startup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_process_startup_measures_sane_numbers() -> None:
    """(c) The start-up script works; its numbers are read from its output, not asserted."""
    result = _process_startup().measure(runs=1, file=S1_FILE, warm_up=False)
    assert result["runs"] == 1
    for key in ("scorer_ms", "baseline_ms", "ratio"):
        assert math.isfinite(result[key]) and result[key] > 0
    assert result["scorer_command"][-2:] == ["score", str(S1_FILE)]


def _engine_speed() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_speed", HERE / "engine_speed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_engine_speed_script_measures_sane_numbers() -> None:
    """The engine speed script works and its peer scorer agrees with the engine on S1
    (a peer that scored wrong would make the ratio meaningless); numbers not asserted."""
    speed = _engine_speed()
    data = json.loads(S1_FILE.read_text(encoding="utf-8"))
    assert speed.peer_score(data) == S1_TOTALS
    result = speed.measure(rounds=5)
    for key in ("fresh_us", "warm_us", "load_us", "peer_us", "floor_us", "fresh_vs_peer"):
        assert math.isfinite(result[key]) and result[key] > 0
