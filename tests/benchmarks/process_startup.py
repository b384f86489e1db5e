"""How long a whole ``canasta-scorer score FILE`` process takes, next to ``import pydantic``.

Runs the two commands alternately, ``runs`` times each, timing every run with
`time.perf_counter` around `subprocess.run`, and prints both medians and their
ratio (goal: the scorer within 1.5× of a bare ``python -c "import pydantic"``).
Speed is measured here, never asserted in tests.

Usage::

    python tests/benchmarks/process_startup.py [--runs 20] [--file HAND_FILE]

To see where the scorer's start-up goes::

    python -X importtime -m canasta_scorer score assets/samples/s1-worked-hand.json
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TypedDict

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "assets" / "samples" / "s1-worked-hand.json"


class Startup(TypedDict):
    """Medians in milliseconds, and the scorer's median over the baseline's."""

    runs: int
    scorer_ms: float
    baseline_ms: float
    ratio: float
    scorer_command: list[str]
    baseline_command: list[str]


def scorer_command(file: Path = SAMPLE) -> list[str]:
    """The console script installed next to this Python, else ``python -m canasta_scorer``."""
    script = shutil.which("canasta-scorer", path=str(Path(sys.executable).parent))
    prefix = [script] if script else [sys.executable, "-m", "canasta_scorer"]
    return [*prefix, "score", str(file)]


def _time(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{command} failed ({done.returncode}): {done.stderr.decode()}")
    return elapsed


def measure(runs: int = 20, file: Path = SAMPLE, *, warm_up: bool = True) -> Startup:
    """Time ``runs`` alternating runs of the scorer and of the baseline.

    Args:
        runs: runs of each command.
        file: the hand file to score.
        warm_up: first run each command once, untimed (fills the OS file cache).

    Returns:
        Both medians in milliseconds and their ratio.
    """
    scorer = scorer_command(file)
    baseline = [sys.executable, "-c", "import pydantic"]
    if warm_up:
        _time(scorer)
        _time(baseline)
    scorer_times: list[float] = []
    baseline_times: list[float] = []
    for _ in range(runs):
        scorer_times.append(_time(scorer))
        baseline_times.append(_time(baseline))
    scorer_ms = statistics.median(scorer_times) * 1000
    baseline_ms = statistics.median(baseline_times) * 1000
    return Startup(
        runs=runs,
        scorer_ms=scorer_ms,
        baseline_ms=baseline_ms,
        ratio=scorer_ms / baseline_ms,
        scorer_command=scorer,
        baseline_command=baseline,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="runs of each command (20)")
    parser.add_argument("--file", type=Path, default=SAMPLE, help="hand file to score")
    args = parser.parse_args(argv)
    result = measure(args.runs, args.file)
    scorer_label = "canasta-scorer score FILE"
    baseline_label = 'python -c "import pydantic"'
    print(f"{result['runs']} alternating runs of each; medians:")
    print(f"  {scorer_label:<30}{result['scorer_ms']:8.1f} ms")
    print(f"  {baseline_label:<30}{result['baseline_ms']:8.1f} ms")
    print(f"  {'ratio':<30}{result['ratio']:8.2f}×  (goal ≤ 1.5×)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
