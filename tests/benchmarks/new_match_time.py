"""How long starting a new match takes on a phone, with a model of the player.

Serves the real app (``canasta-scorer app --web``, its own SQLite store), opens it in
Debian's Chromium at phone size (390×844) and starts a classic match as a player
would (``tests/e2e/match_flow.py``): once as a family new to the app (every name
typed), then again with the same four names, now remembered players' buttons.
Each is counted (taps, key presses, scrolls) and the app's answer to every tap is
timed (the page drawn and still). The time at the table is then

    taps × 1 s + key presses × 0.3 s + scrolls × 1 s + the app's answers

(the player's model: a second to find and tap a control, 0.3 s a letter on a
phone's keyboard). Goal: under 20 s. Speed is measured here, never asserted in tests.

Usage::

    python tests/benchmarks/new_match_time.py [--runs 3] [--json]

With ``--json`` the last line printed is one JSON object with, for ``typed`` and
``remembered``: ``taps``, ``keys``, ``scrolls``, ``answers_s`` (the app's time, the
median run's) and ``total_s``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: The player's model, in seconds.
PER_TAP = 1.0
PER_KEY = 0.3
PER_SCROLL = 1.0
FAMILY = (("Rosalind", "Luis"), ("Ines", "Marco"))


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def seconds(counted: Any) -> float:
    """The time at the table: the player's actions by the model, plus the app's."""
    return (
        counted.taps * PER_TAP
        + counted.keys * PER_KEY
        + counted.scrolls * PER_SCROLL
        + sum(counted.answers)
    )


def measure(runs: int) -> dict[str, Any]:
    """``runs`` rounds, each on a fresh store: typed names, then remembered ones."""
    from playwright.sync_api import sync_playwright

    browser_mod = _load(ROOT / "tests" / "e2e" / "browser.py", "e2e_browser")
    flow = _load(ROOT / "tests" / "e2e" / "match_flow.py", "e2e_match_flow")
    found: dict[str, list[Any]] = {"typed": [], "remembered": []}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(browser_mod.CHROMIUM),
            headless=True,
            args=browser_mod.CHROMIUM_ARGS,
        )
        try:
            for run in range(runs):
                port = browser_mod.free_port()
                url = f"http://127.0.0.1:{port}/"
                command = [sys.executable, "-m", "canasta_scorer", "app", "--web"]
                command += ["--port", str(port), "--db", f"sqlite:///{folder}/run{run}.db"]
                server = browser_mod.start_server(command, Path(folder) / f"run{run}.log", url)
                try:
                    context = browser.new_context(viewport=browser_mod.PHONE)
                    page = context.new_page()
                    page.goto(url)
                    if page.evaluate(browser_mod.ENABLE_SEMANTICS_JS, 60_000) is None:
                        raise RuntimeError("no control showed in 60 s")
                    for kind in ("typed", "remembered"):
                        counted = flow.start_match(page, flow.CLASSIC_SEATS, FAMILY)
                        found[kind].append(counted)
                        page.get_by_role("button", name="Back", exact=True).click()
                        page.get_by_role("button", name="New match", exact=True).wait_for()
                    context.close()
                finally:
                    browser_mod.stop_server(server)
        finally:
            browser.close()
    out: dict[str, Any] = {}
    for kind, rounds in found.items():
        median = sorted(rounds, key=seconds)[len(rounds) // 2]
        out[kind] = {
            "taps": median.taps,
            "keys": median.keys,
            "scrolls": median.scrolls,
            "answers_s": round(sum(median.answers), 2),
            "answer_each_s": [round(a, 3) for a in median.answers],
            "total_s": round(seconds(median), 1),
            "totals_s": [round(seconds(c), 1) for c in rounds],
            "steps": median.steps,
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.runs)
    for kind, figures in result.items():
        print(
            f"{kind:>10}: {figures['taps']} taps × {PER_TAP:g} s + {figures['keys']} keys × "
            f"{PER_KEY:g} s + {figures['scrolls']} scrolls × {PER_SCROLL:g} s + the app's "
            f"answers {figures['answers_s']:.2f} s = {figures['total_s']:.1f} s "
            f"(runs: {', '.join(f'{t:.1f}' for t in figures['totals_s'])} s; goal < 20 s)"
        )
    if args.json:
        print(
            json.dumps({k: {f: v for f, v in d.items() if f != "steps"} for k, d in result.items()})
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
