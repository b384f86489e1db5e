"""Speed of the rules engine on one hand, against a plain-Python scorer and a floor.

Run: ``.venv/bin/python tests/benchmarks/engine_speed.py [--rounds N]``. Prints the median
of each, in µs, and the ratios; nothing is asserted (the machines are shared and noisy).

* fresh: check and score a hand record just loaded (no per-meld value computed yet), as
  the CLI and the app meet it; the loading itself is not timed.
* warm: the same record again (per-meld values already computed).
* load: read the JSON text, then check and score.
* peer: a plain-Python scorer over the parsed JSON that checks nothing: card points,
  canasta bonuses, red threes, going out, cards left (rules §1.11 hand score).
* floor: ten lines that only add up card points and bonuses.

Goals (issue: engine speed): fresh < 40 µs, load < 100 µs.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from canasta_scorer.rules import load_hand, score_hand

SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "samples" / "s1-worked-hand.json"
TOTALS = [1630, 575]

_POINTS = {"JK": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10}
_POINTS |= {"7": 5, "6": 5, "5": 5, "4": 5, "3": 5}


def peer_score(hand: dict[str, Any]) -> list[int]:
    """Score a parsed hand file the way a scorer that trusts its input would."""
    totals = []
    for side in hand["sides"]:
        melded = bonus = 0
        melds = side.get("melds", [])
        for meld in melds:
            cards = meld.upper().split()
            melded += sum(_POINTS[card] for card in cards)
            if len(cards) >= 7:
                wild = sum(1 for card in cards if card in ("2", "JK"))
                bonus += 300 if wild else 500
        reds = side.get("red_threes", 0)
        red = 800 if reds == 4 else 100 * reds
        if not melds:
            red = -red
        out = {"out": 100, "concealed": 200}.get(side.get("went_out", "no"), 0)
        left = side.get("left_in_hand", "")
        texts = left.values() if isinstance(left, dict) else [left]
        lost = sum(_POINTS[card] for text in texts for card in text.upper().split())
        totals.append(melded + bonus + red + out - lost)
    return totals


def floor_score(hand: dict[str, Any]) -> list[int]:
    """The least any scorer does: card points and bonuses, no rule at all."""
    totals = []
    for side in hand["sides"]:
        cards = [c for meld in side.get("melds", []) for c in meld.split()]
        bonus = sum(500 for meld in side.get("melds", []) if len(meld.split()) >= 7)
        left = side.get("left_in_hand", "")
        held = " ".join(left.values()) if isinstance(left, dict) else left
        totals.append(sum(map(_POINTS.get, cards)) + bonus - sum(map(_POINTS.get, held.split())))
    return totals


def _median_us(run: Callable[[int], object], rounds: int) -> float:
    times = []
    gc.disable()
    try:
        for index in range(rounds):
            start = time.perf_counter_ns()
            run(index)
            times.append(time.perf_counter_ns() - start)
    finally:
        gc.enable()
    return statistics.median(times) / 1000


def measure(rounds: int = 2000, sample: Path = SAMPLE) -> dict[str, float]:
    """Medians in µs of fresh, warm, load, peer and floor on ``sample``, and the ratios."""
    text = sample.read_text(encoding="utf-8")
    data = json.loads(text)
    fresh_records = [load_hand(text) for _ in range(rounds)]
    warm = load_hand(text)
    score_hand(warm)
    assert [side.total for side in score_hand(fresh_records[0]).sides] == TOTALS
    for _ in range(200):  # warm the interpreter's caches, not the records'
        score_hand(warm)
        peer_score(data)
        floor_score(data)
    result = {
        "fresh_us": _median_us(lambda i: score_hand(fresh_records[i]), rounds),
        "warm_us": _median_us(lambda i: score_hand(warm), rounds),
        "load_us": _median_us(lambda i: score_hand(load_hand(text)), rounds),
        "peer_us": _median_us(lambda i: peer_score(data), rounds),
        "floor_us": _median_us(lambda i: floor_score(data), rounds),
    }
    result["fresh_vs_peer"] = result["fresh_us"] / result["peer_us"]
    result["fresh_vs_floor"] = result["fresh_us"] / result["floor_us"]
    result["load_vs_peer"] = result["load_us"] / result["peer_us"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    args = parser.parse_args()
    r = measure(args.rounds)
    print(f"check + score, fresh record:  {r['fresh_us']:7.1f} µs  (goal < 40)")
    print(f"check + score, warm record:   {r['warm_us']:7.1f} µs")
    print(f"load + check + score:         {r['load_us']:7.1f} µs  (goal < 100)")
    print(f"plain-Python peer, no checks: {r['peer_us']:7.1f} µs")
    print(f"ten-line floor:               {r['floor_us']:7.1f} µs")
    print(
        f"fresh / peer {r['fresh_vs_peer']:.1f}×, fresh / floor {r['fresh_vs_floor']:.1f}×, "
        f"load / peer {r['load_vs_peer']:.1f}×"
    )


if __name__ == "__main__":
    main()
