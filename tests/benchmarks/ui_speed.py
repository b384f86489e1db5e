"""How fast the browser version is, next to a minimal Flet app served the same way.

Measures, in one run (Debian's Chromium through Playwright, CanvasKit renderer, no CDN,
both servers started the same way):

(a) start-up: from spawning the server process to the first usable screen, i.e. the
    first control in Flutter's semantics tree (the "Working..." loader has none), for
    ``canasta-scorer app --web`` and for a one-button Flet app; median of ``--runs``
    runs each, alternating, after one warm-up run of each, with the server's CPU time
    until then (/proc/PID/stat; moved less by a busy machine). Goal: ratio ≤ 1.1.
(b) round trips, in-page ``el.click()`` timed with ``performance.now()`` and a
    MutationObserver, median of ``--clicks``, next to a bare button whose click
    changes a text in the minimal app: a ``+`` tap in hand entry (red threes, S1's
    hand kept as the draft of a 50,000-point match) to the new count shown (goal
    ≤ 1.2×), and Save hand to the new total on the scoreboard (goal ≤ 1.5×).
(c) memory: the app's server process (VmRSS and VmHWM from /proc/PID/status) idle after
    start, and with a 30-hand match open in a tab; the minimal app's with one tab open
    (goal ≤ 1.5×); and the minimal app's that also keeps one row in a SQLite file through
    SQLModel (the storage library the product is built on: what any SQLModel store costs
    before a line of its own code).
(d) server work, in-process (the real Flet session over a connection that encodes
    every message as the real one does, ``tests/ui/harness.py``): per ``+`` tap in hand
    entry (goal: median < 5 ms) and per Save (goal < 25 ms), with where the time goes.
(e) S1's worked hand entered on a phone-sized page as a player would
    (``tests/e2e/entry_flow.py``): taps + key presses (goal ≤ 40) and scrolls.

Browser launch is not counted. Speed is measured here, never asserted in tests.

Usage::

    python tests/benchmarks/ui_speed.py [--runs 5] [--clicks 10] [--json]
        [--only startup,round-trips,memory,server,s1]

With ``--json`` the last line printed is one JSON object: ``tap_ratio``, ``save_ratio``,
``start_ratio``, ``memory_ratio``, ``server_tap_ms``, ``server_save_ms``,
``s1_actions``, ``s1_scrolls`` (and ``details``); ``memory_sqlmodel_ratio`` is the
minimal app with SQLModel next to the minimal app (the floor under ``memory_ratio``).
``--only`` measures the parts it names (a figure of a part left out is null; ``--only
round-trips`` is (b) alone), to compare two versions of the code in alternating runs.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
# the in-process measurements use this checkout's code, as the servers it starts do
sys.path.insert(0, str(ROOT))

MINIMAL_APP = """
import os

import flet as ft


def main(page: ft.Page) -> None:
    count = ft.Text("clicks 0")
    clicks = 0

    def click() -> None:
        nonlocal clicks
        clicks += 1
        count.value = f"clicks {clicks}"

    page.add(ft.Button("Add one", on_click=click), count)


ft.run(
    main,
    view=ft.AppView.WEB_BROWSER,
    host="127.0.0.1",
    port=int(os.environ["PORT"]),
    no_cdn=True,
    web_renderer=ft.WebRenderer.CANVAS_KIT,
)
"""

#: The minimal app, also keeping one row in a SQLite file through SQLModel (``DB``).
MINIMAL_SQLMODEL_APP = MINIMAL_APP.replace(
    "import flet as ft\n",
    """import flet as ft
from sqlmodel import Field, Session, SQLModel, create_engine, select


class Row(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str = ""


engine = create_engine("sqlite:///" + os.environ["DB"])
SQLModel.metadata.create_all(engine)
with Session(engine) as session:
    session.add(Row(name="one"))
    session.commit()
    session.exec(select(Row)).all()
""",
    1,
)

#: In-page: click the button named ``name`` (``el.click()``), and resolve with the
#: milliseconds until the element ``selector`` contains ``expected``.
ROUND_TRIP_JS = """([name, selector, expected, timeout]) => new Promise((resolve, reject) => {
    const button = [...document.querySelectorAll('flt-semantics[role=button]')]
        .find(e => [e.textContent.trim(), e.getAttribute('aria-label')].includes(name));
    if (!button) { reject(new Error('no button ' + name)); return; }
    const said = el => el ? `${el.textContent || ''} ${el.getAttribute('aria-label') || ''}` : '';
    const shows = () => said(document.querySelector(selector)).includes(expected);
    let start;
    const observer = new MutationObserver(() => {
        if (shows()) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true,
                                     attributes: true});
    setTimeout(() => { observer.disconnect(); reject(new Error('timed out')); }, timeout);
    start = performance.now();
    button.click();
})"""


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _memory(pid: int) -> dict[str, float]:
    """VmRSS and VmHWM of a process, in MiB."""
    fields: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0]) / 1024
    return fields


def _wait_logged(path: Path, line: str, process: Any, timeout: float = 120) -> None:
    """Wait until the server's log at ``path`` holds ``line`` (the process must stay
    alive meanwhile).

    Raises:
        RuntimeError: the process ended, or ``timeout`` seconds passed.
    """
    deadline = time.monotonic() + timeout
    while line.encode() not in path.read_bytes():
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{path}: no {line!r} in {timeout:.0f} s")
        time.sleep(0.05)


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (/proc/PID/stat), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Bench:
    """The servers, the browser and the measurements."""

    def __init__(self, workdir: Path, playwright: Any) -> None:
        self.browser_mod = _load(ROOT / "tests" / "e2e" / "browser.py", "e2e_browser")
        self.workdir = workdir
        self.browser = playwright.chromium.launch(
            executable_path=str(self.browser_mod.CHROMIUM),
            headless=True,
            args=self.browser_mod.CHROMIUM_ARGS,
        )
        self.minimal = workdir / "minimal_app.py"
        self.minimal.write_text(MINIMAL_APP)
        self.minimal_sqlmodel = workdir / "minimal_sqlmodel_app.py"
        self.minimal_sqlmodel.write_text(MINIMAL_SQLMODEL_APP)

    def close(self) -> None:
        self.browser.close()

    # --- servers ---------------------------------------------------------------------

    @contextmanager
    def served(
        self, kind: str, db_url: str | None = None, *, loaded: bool = False
    ) -> Iterator[tuple[str, Any, float]]:
        """Start our app (``kind="app"``), the minimal one (``"minimal"``) or the minimal
        one with SQLModel (``"minimal-sqlmodel"``); yields its URL, process and
        the ``perf_counter`` time just before it was spawned. With ``loaded``, our app
        logs at INFO and is yielded once its log says the app is loaded (it loads in a
        thread of its own while its page is already served: `LateApp`)."""
        mod = self.browser_mod
        port = mod.free_port()
        url = f"http://127.0.0.1:{port}/"
        if kind == "app":
            assert db_url is not None
            command = [sys.executable, "-m", "canasta_scorer", "app", "--web"]
            command += ["--port", str(port), "--db", db_url]
        elif kind == "minimal-sqlmodel":
            command = [sys.executable, str(self.minimal_sqlmodel)]
        else:
            command = [sys.executable, str(self.minimal)]
        env = dict(mod.web_env(), PORT=str(port), DB=str(self.workdir / "minimal.db"))
        if loaded:
            from canasta_scorer.ui.run import LOADED
            from canasta_scorer.ui.serving import ENV_LOG

            env[ENV_LOG] = "INFO"
        log_path = self.workdir / f"{kind}.log"
        log = log_path.open("wb")
        spawned = time.perf_counter()
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=mod.ROOT
        )
        log.close()
        try:
            mod.wait_http(url, process)
            if loaded:
                _wait_logged(log_path, LOADED, process)
            yield url, process, spawned
        finally:
            mod.stop_server(process)

    @contextmanager
    def tab(self) -> Iterator[Any]:
        context = self.browser.new_context(viewport=self.browser_mod.PHONE)
        context.route(
            "**/*",
            lambda route: (
                route.continue_()
                if route.request.url.startswith("http://127.0.0.1")
                else route.abort()
            ),
        )
        try:
            yield context.new_page()
        finally:
            context.close()

    def open(self, page: Any, url: str) -> None:
        page.goto(url)
        if page.evaluate(self.browser_mod.ENABLE_SEMANTICS_JS, 60_000) is None:
            raise RuntimeError(f"{url}: no control showed in 60 s")

    # --- (a) start-up ----------------------------------------------------------------

    def startup(self, kind: str, db_url: str) -> tuple[float, float]:
        """Seconds from spawning the server to the first control in the semantics tree,
        and the server's CPU time until then (seconds; a busy machine moves it less)."""
        with self.served(kind, db_url) as (url, process, spawned), self.tab() as page:
            self.open(page, url)
            return time.perf_counter() - spawned, _cpu_seconds(process.pid)

    # --- (b) round trips -------------------------------------------------------------

    def click_round_trip(self, page: Any, name: str, selector: str, expected: str) -> float:
        milliseconds: float = page.evaluate(ROUND_TRIP_JS, [name, selector, expected, 15_000])
        return milliseconds

    def minimal_clicks(self, clicks: int) -> list[float]:
        times = []
        with self.served("minimal") as (url, _process, _spawned), self.tab() as page:
            self.open(page, url)
            for n in range(1, clicks + 2):
                ms = self.click_round_trip(page, "Add one", "body", f"clicks {n}")
                if n > 1:  # the first is a warm-up
                    times.append(ms)
        return times

    def save_clicks(self, clicks: int, workdir: Path) -> tuple[list[float], list[float]]:
        """Round trips of Save hand (to the new total on the scoreboard), and, for
        comparison, of a stepper tap on the hand-entry screen (the screen stays)."""
        from playwright.sync_api import expect

        from canasta_scorer.rules import load_match
        from canasta_scorer.store import Store
        from canasta_scorer.ui.drafts import HandDraft

        db_url = f"sqlite:///{workdir / 'saves.db'}"
        store = Store.open(db_url)
        hand = s1_hand()
        record = load_match(json.dumps(match_file([hand], target=50_000)))
        state = store.create_match(record)
        draft = HandDraft.from_hand(state.record, 0).model_copy(update={"number": None})
        times = []
        steps = []
        try:
            with self.served("app", db_url) as (url, _process, _spawned), self.tab() as page:
                self.open(page, url)
                for n in range(2, clicks + 3):
                    store.save_draft(state.id, draft.dump())
                    # Home, then Resume: opening the match picks up the kept draft.
                    if page.get_by_role("button", name="Back", exact=True).count():
                        page.get_by_role("button", name="Back", exact=True).click()
                    page.get_by_role("button", name=_resume_pattern()).click()
                    page.get_by_role("button", name=f"Go on with hand {n}").click()
                    expect(page.get_by_role("button", name="Save hand")).to_be_enabled()
                    page.wait_for_timeout(300)  # let the screen settle
                    for _ in range(2):
                        steps.append(
                            self.click_round_trip(
                                page,
                                "More red threes of North-South",
                                "[flt-semantics-identifier=red-threes-0]",
                                "red threes of North-South: 3",
                            )
                        )
                        page.wait_for_timeout(100)
                        self.click_round_trip(  # back to S1's two
                            page,
                            "2 red threes of North-South",
                            "[flt-semantics-identifier=red-threes-0]",
                            "red threes of North-South: 2",
                        )
                        page.wait_for_timeout(100)
                    page.wait_for_timeout(300)
                    ms = self.click_round_trip(
                        page,
                        "Save hand",
                        "[flt-semantics-identifier=total-0]",
                        f"North-South total {n * 1630:,}",
                    )
                    if n > 2:  # the first is a warm-up
                        times.append(ms)
        finally:
            store.close()
        return times, steps[2:]  # the first pair warms up

    # --- (e) S1's worked hand as a player enters it ------------------------------------

    def s1_entry(self, workdir: Path) -> dict[str, Any]:
        """Taps, key presses and scrolls to enter S1's worked hand on a phone-sized page,
        from the scoreboard of a new match ("Enter hand 1") to Save."""
        from canasta_scorer.rules import load_match
        from canasta_scorer.store import Store

        flow = _load(ROOT / "tests" / "e2e" / "entry_flow.py", "e2e_entry_flow")
        db_url = f"sqlite:///{workdir / 's1.db'}"
        store = Store.open(db_url)
        try:
            store.create_match(load_match(json.dumps(match_file([], target=5000))))
        finally:
            store.close()
        with self.served("app", db_url) as (url, _process, _spawned), self.tab() as page:
            flow.follow_socket(page)
            self.open(page, url)
            page.get_by_role("button", name=_resume_pattern()).click()
            counted = flow.enter_s1(page)
            page.locator("[flt-semantics-identifier=total-0]").wait_for()
        return {
            "taps": counted.taps,
            "keys": counted.keys,
            "actions": counted.actions,
            "scrolls": counted.scrolls,
            "save_needed_a_scroll": counted.save_hidden,
            "melds_off_screen": counted.melds_hidden,
            "buttons_under_48_px": counted.small,
        }

    # --- (c) memory ------------------------------------------------------------------

    def memory(self, workdir: Path) -> dict[str, dict[str, float]]:
        from playwright.sync_api import expect

        from canasta_scorer.rules import load_match
        from canasta_scorer.store import Store

        bench_rules = _load(HERE / "test_bench_rules.py", "bench_rules")
        db_url = f"sqlite:///{workdir / 'thirty.db'}"
        store = Store.open(db_url)
        try:
            store.create_match(load_match(bench_rules.thirty_hand_match()))
        finally:
            store.close()
        out: dict[str, dict[str, float]] = {}
        with self.served("app", db_url, loaded=True) as (url, process, _spawned):
            time.sleep(1)  # what loading let go is given back meanwhile
            out["app idle after start"] = _memory(process.pid)
            with self.tab() as page:
                self.open(page, url)
                page.get_by_role("button", name=_resume_pattern()).click()
                expect(page.get_by_role("button", name=_hand_pattern(30))).to_have_count(1)
                page.wait_for_timeout(1000)
                out["app, 30-hand match open"] = _memory(process.pid)
        with self.served("minimal") as (url, process, _spawned), self.tab() as page:
            self.open(page, url)
            page.wait_for_timeout(1000)
            out["minimal app, one tab"] = _memory(process.pid)
        with self.served("minimal-sqlmodel") as (url, process, _spawned), self.tab() as page:
            self.open(page, url)
            page.wait_for_timeout(1000)
            out["minimal app + SQLModel"] = _memory(process.pid)
        return out


def server_work(workdir: Path, taps: int = 40, saves: int = 10) -> dict[str, Any]:
    """Server time per ``+`` tap in hand entry and per Save, in-process: the real Flet
    session, every message encoded as the real connection does. CPU time of this
    process (`time.process_time`), so other programs on a busy machine do not count.
    S1's hand is the draft of a match with 29 hands saved (the 30th being entered).

    Returns:
        Medians in ms, and how they split: the state's own work (the draft and the
        hand's live score, through the rules), the store (Save), and the rest (the
        components re-rendered, Flet's diff and the encoding).
    """
    from canasta_scorer.rules import load_match
    from canasta_scorer.store import Store
    from canasta_scorer.ui.drafts import HandDraft
    from canasta_scorer.ui.state import HandEntry, OpenMatch

    harness = _load(ROOT / "tests" / "ui" / "harness.py", "ui_harness")
    store = Store.open(f"sqlite:///{workdir / 'server.db'}")
    hands = [s1_hand() for _ in range(29)]
    state = store.create_match(load_match(json.dumps(match_file(hands, target=100_000))))
    draft = HandDraft.from_hand(state.record, 0).model_copy(update={"number": None})
    spent = {"state": 0.0, "store": 0.0}

    def timed(owner: type, name: str, bucket: str) -> Any:
        real = getattr(owner, name)

        @functools.wraps(real)  # the same signature: Flet passes the event or not by it
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return real(self, *args, **kwargs)
            finally:
                spent[bucket] += time.process_time() - start

        setattr(owner, name, wrapper)
        return real

    originals = [
        (HandEntry, "set_red_threes", timed(HandEntry, "set_red_threes", "state")),
        (OpenMatch, "save_hand", timed(OpenMatch, "save_hand", "store")),
    ]
    tap_ms: list[float] = []
    tap_state: list[float] = []
    save_ms: list[float] = []
    save_store: list[float] = []
    try:
        app = harness.AppHarness(store)
        for round_ in range(saves + 1):
            store.save_draft(state.id, draft.dump())
            if round_:
                app.click("Back")  # the scoreboard, then home
            app.click("resume")
            app.click(f"Go on with hand {30 + round_}")
            for count in range(taps // saves):
                label = (
                    "More red threes of North-South"
                    if count % 2 == 0
                    else "2 red threes of North-South"
                )
                control = app.button(label)  # found first: the harness's search is not timed
                spent["state"] = 0.0
                start = time.process_time()
                app.press(control)
                elapsed = time.process_time() - start
                if label.startswith("More") and round_:
                    tap_ms.append(elapsed * 1000)
                    tap_state.append(spent["state"] * 1000)
            control = app.button("Save hand")
            spent["store"] = 0.0
            start = time.process_time()
            app.press(control)
            elapsed = time.process_time() - start
            if round_:  # the first is a warm-up
                save_ms.append(elapsed * 1000)
                save_store.append(spent["store"] * 1000)
        app.close()
    finally:
        for owner, name, real in originals:
            setattr(owner, name, real)
        store.close()
    tap, save = statistics.median(tap_ms), statistics.median(save_ms)
    return {
        "tap_ms": tap,
        "tap_state_ms": statistics.median(tap_state),
        "tap_render_diff_encode_ms": tap - statistics.median(tap_state),
        "save_ms": save,
        "save_state_and_store_ms": statistics.median(save_store),
        "save_render_diff_encode_ms": save - statistics.median(save_store),
        "tap_runs": tap_ms,
        "save_runs": save_ms,
    }


def _resume_pattern() -> re.Pattern[str]:
    return re.compile(r"^Resume: ")


def _hand_pattern(number: int) -> re.Pattern[str]:
    return re.compile(rf"^Hand {number}\b")


def s1_hand() -> dict[str, Any]:
    """S1's worked hand (rules §5.1) as a hand of a match file."""
    hand = json.loads((ROOT / "assets" / "samples" / "s1-worked-hand.json").read_text())
    drop = ("name", "players", "score_before")
    return {"sides": [{k: v for k, v in side.items() if k not in drop} for side in hand["sides"]]}


def match_file(hands: list[dict[str, Any]], target: int) -> dict[str, Any]:
    return {
        "variant": "classic",
        "house_rules": [],
        "target": target,
        "sides": [
            {"name": "North-South", "players": ["North", "South"]},
            {"name": "East-West", "players": ["East", "West"]},
        ],
        "hands": hands,
    }


def round_trips(
    save_ms: list[float], step_ms: list[float], click_ms: list[float]
) -> dict[str, Any]:
    """The round trips' medians (ms) and ratios to the bare button's."""
    save, click, tap = (statistics.median(t) for t in (save_ms, click_ms, step_ms))
    return {
        "save_hand": save,
        "bare_button": click,
        "ratio": save / click,
        "plus_tap_on_entry_screen": tap,
        "plus_tap_ratio": tap / click,
        "save_runs": save_ms,
        "plus_tap_runs": step_ms,
        "button_runs": click_ms,
    }


#: The parts ``--only`` may name: (a) start-up, (b) round trips, (c) memory, (d)
#: server work, (e) S1's hand.
PARTS = ("startup", "round-trips", "memory", "server", "s1")


def measure(runs: int = 5, clicks: int = 10, only: tuple[str, ...] = PARTS) -> dict[str, Any]:
    """Run the measurements of ``only`` (every one by default); medians in seconds (a)
    and milliseconds (b), memory in MiB. A figure of a part not run is None."""
    from playwright.sync_api import sync_playwright

    app_times: list[float] = []
    minimal_times: list[float] = []
    app_cpu: list[float] = []
    minimal_cpu: list[float] = []
    trips: dict[str, Any] = {}
    memory: dict[str, dict[str, float]] = {}
    s1: dict[str, Any] = {"actions": None, "scrolls": None}
    with tempfile.TemporaryDirectory(prefix="ui-speed-") as folder, sync_playwright() as p:
        workdir = Path(folder)
        bench = Bench(workdir, p)
        try:
            startup_db = f"sqlite:///{workdir / 'startup.db'}"
            for run in range(runs + 1 if "startup" in only else 0):
                app, app_spent = bench.startup("app", startup_db)  # run 0 warms up (the db)
                minimal, minimal_spent = bench.startup("minimal", startup_db)
                if run:
                    app_times.append(app)
                    minimal_times.append(minimal)
                    app_cpu.append(app_spent)
                    minimal_cpu.append(minimal_spent)
            if "round-trips" in only:
                save_ms, step_ms = bench.save_clicks(clicks, workdir)
                trips = round_trips(save_ms, step_ms, bench.minimal_clicks(clicks))
            if "memory" in only:
                memory = bench.memory(workdir)
            if "s1" in only:
                s1 = bench.s1_entry(workdir)
        finally:
            bench.close()
    # In-process, once Playwright (whose sync API keeps an event loop running) is gone.
    server: dict[str, Any] = {}
    if "server" in only:
        with tempfile.TemporaryDirectory(prefix="ui-server-") as folder:
            server = server_work(Path(folder))
    startup: dict[str, Any] = {}
    if app_times:
        app_start, minimal_start = statistics.median(app_times), statistics.median(minimal_times)
        startup = {
            "app": app_start,
            "minimal": minimal_start,
            "ratio": app_start / minimal_start,
            "app_runs": app_times,
            "minimal_runs": minimal_times,
            "server_cpu": {
                "app": statistics.median(app_cpu),
                "minimal": statistics.median(minimal_cpu),
                "ratio": statistics.median(app_cpu) / statistics.median(minimal_cpu),
                "app_runs": app_cpu,
                "minimal_runs": minimal_cpu,
            },
        }
    return {
        "summary": {
            "tap_ratio": trips.get("plus_tap_ratio"),
            "save_ratio": trips.get("ratio"),
            "start_ratio": startup.get("ratio"),
            "memory_ratio": memory["app, 30-hand match open"]["VmRSS"]
            / memory["minimal app, one tab"]["VmRSS"]
            if memory
            else None,
            "memory_sqlmodel_ratio": memory["minimal app + SQLModel"]["VmRSS"]
            / memory["minimal app, one tab"]["VmRSS"]
            if memory
            else None,
            "server_tap_ms": server.get("tap_ms"),
            "server_save_ms": server.get("save_ms"),
            "s1_actions": s1["actions"],
            "s1_scrolls": s1["scrolls"],
        },
        "s1_entry": s1,
        "server_work_ms": server,
        "startup_s": startup,
        "round_trip_ms": trips,
        "memory_mib": memory,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="start-ups of each app (default 5)")
    parser.add_argument("--clicks", type=int, default=10, help="round trips of each (default 10)")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    parser.add_argument(
        "--only",
        default=",".join(PARTS),
        help=f"the parts to measure, separated by commas (default all: {','.join(PARTS)})",
    )
    args = parser.parse_args(argv)
    only = tuple(part.strip() for part in args.only.split(",") if part.strip())
    unknown = sorted(set(only) - set(PARTS))
    if unknown:
        parser.error(f"--only: no part {', '.join(unknown)} (parts: {', '.join(PARTS)})")
    result = measure(args.runs, args.clicks, only)
    summary = result.pop("summary")
    if args.json:
        print(json.dumps(result, indent=2))
        print(json.dumps({**summary, "details": result}))  # the last line: one object
        return 0
    s, w = result["startup_s"], result["server_work_ms"]
    if "startup" in only:
        print(f"(a) spawn → first control, median of {args.runs}:")
        print(f"    canasta-scorer {s['app']:.2f} s   minimal Flet app {s['minimal']:.2f} s")
        print(f"    ratio {s['ratio']:.2f} (goal ≤ 1.1)")
        cpu = s["server_cpu"]
        print(
            f"    the servers' CPU time until then: {cpu['app']:.2f} s and "
            f"{cpu['minimal']:.2f} s, ratio {cpu['ratio']:.2f}"
        )
    if "round-trips" in only:
        _print_round_trips(result["round_trip_ms"], args.clicks)
    if "memory" in only:
        print("(c) server process memory (MiB):")
        for what, fields in result["memory_mib"].items():
            print(f"    {what:28} VmRSS {fields['VmRSS']:6.1f}   VmHWM {fields['VmHWM']:6.1f}")
        print(f"    ratio {summary['memory_ratio']:.2f} (goal ≤ 1.5)")
        print(
            f"    the minimal app with SQLModel: {summary['memory_sqlmodel_ratio']:.2f} the "
            "minimal app's (the floor under the ratio)"
        )
    if "server" in only:
        print("(d) server work (ms, median):")
        print(
            f"    + tap {w['tap_ms']:.1f} (state {w['tap_state_ms']:.1f}, components + diff + "
            f"encoding {w['tap_render_diff_encode_ms']:.1f}; goal < 5)"
        )
        print(
            f"    Save {w['save_ms']:.1f} (state + store {w['save_state_and_store_ms']:.1f}, "
            f"components + diff + encoding {w['save_render_diff_encode_ms']:.1f}; goal < 25)"
        )
    if "s1" in only:
        e = result["s1_entry"]
        print(
            f"(e) S1's hand: {e['taps']} taps + {e['keys']} key presses = {e['actions']} "
            f"(goal ≤ 40), {e['scrolls']} scrolls"
        )
    return 0


def _print_round_trips(r: dict[str, Any], clicks: int) -> None:
    print(f"(b) click → new text in the page, median of {clicks}:")
    print(
        f"    + tap in hand entry {r['plus_tap_on_entry_screen']:.0f} ms   bare button "
        f"{r['bare_button']:.0f} ms   ratio {r['plus_tap_ratio']:.2f} (goal ≤ 1.2)"
    )
    print(f"    Save hand {r['save_hand']:.0f} ms   ratio {r['ratio']:.2f} (goal ≤ 1.5)")


if __name__ == "__main__":
    sys.exit(main())
