"""How long a hand saved on one device takes to show on another (goal: within a second).

Two devices are two Chromium browsers (each page in front, as two phones would be),
driven through Playwright with the CanvasKit renderer. Device A enters a hand as
quick totals and taps Save (an in-page ``el.click()``, its ``Date.now()`` kept);
device B sits on the scoreboard with a MutationObserver that keeps ``Date.now()`` when
its North-South total changes. Measured for:

- ``one_server``: both devices on one ``canasta-scorer app --web`` (SQLite): the store's
  announcement through Flet's pub/sub;
- ``two_servers``: A on one server process, B on another, both on one PostgreSQL
  database (``$CANASTA_SCORER_TEST_PG``, a schema of its own): LISTEN/NOTIFY between
  them. Skipped (said so) without that variable.

For each: the median and the worst of ``--saves`` saves, in milliseconds, from the tap
on A to the new total on B, and the same to the new total on A itself.

Usage::

    python tests/benchmarks/live_delay.py [--saves 5] [--json]

With ``--json`` the last line printed is one JSON object: ``one_server_ms``,
``one_server_worst_ms``, ``two_servers_ms``, ``two_servers_worst_ms``,
``saver_ms`` (and ``details``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.e2e.browser import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    free_port,
    start_server,
    stop_server,
)
from tests.e2e.conftest import AppPage, Server  # noqa: E402

#: Keeps, on the watching page, when its North-South total changes.
WATCH_JS = """() => {
    window.__seen = null;
    const node = () => document.querySelector('[flt-semantics-identifier="total-0"]');
    const before = node() ? node().getAttribute('aria-label') || node().textContent : '';
    const observer = new MutationObserver(() => {
        const now = node() ? node().getAttribute('aria-label') || node().textContent : '';
        if (now !== before && window.__seen === null) {
            window.__seen = Date.now();
            observer.disconnect();
        }
    });
    observer.observe(document.body, {subtree: true, childList: true, attributes: true,
                                     characterData: true});
}"""
SEEN_JS = "() => window.__seen"
RESUME = re.compile(r"^Resume: ")


def serve(db_url: str, folder: Path, name: str) -> Server:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    log = folder / f"{name}.log"
    command = [sys.executable, "-m", "canasta_scorer", "app", "--web", "--port", str(port)]
    process = start_server([*command, "--db", db_url], log, url)
    return Server(url=url, db_url=db_url, log=log, process=process)


def seed(db_url: str) -> None:
    """A match nobody wins in a few hands (target 1,000,000), opened by both devices;
    its first hand was entered as quick totals, so the next ones start so."""
    from canasta_scorer.rules import load_match
    from canasta_scorer.store import Store

    store = Store.open(db_url)
    sides = [
        {"name": "North-South", "players": ["North", "South"]},
        {"name": "East-West", "players": ["East", "West"]},
    ]
    match = {"variant": "classic", "target": 1_000_000, "sides": sides}
    match["hands"] = [{"sides": [{"total": 100}, {"total": 50}]}]
    store.create_match(load_match(json.dumps(match)))
    store.close()


@contextmanager
def postgres_schema() -> Iterator[str | None]:
    base_text = os.environ.get("CANASTA_SCORER_TEST_PG", "").strip()
    if not base_text:
        yield None
        return
    from sqlalchemy import create_engine, make_url, text

    base = make_url(base_text)
    schema = f"canasta_bench_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        url = base.update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def device(playwright: Any, server: Server) -> AppPage:
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    page = browser.new_context(viewport=PHONE).new_page()
    app = AppPage(page=page, server=server, test_name="live-delay")
    app.open()
    app.tap(RESUME)
    app.node("total-0").wait_for()
    return app


def one_save(saver: AppPage, watcher: AppPage, number: int) -> tuple[float, float]:
    """Enter hand ``number`` on the saver as quick totals and save it.

    Returns:
        (ms from the tap to the watcher's new total, ms to the saver's new total).
    """
    saver.tap(f"Enter hand {number}")
    saver.type("North-South hand total", "100")
    saver.type("East-West hand total", "50")
    saver.expect_node("save-bar", "North-South +100 East-West +50")
    watcher.page.evaluate(WATCH_JS)
    saver.page.evaluate(WATCH_JS)
    save = saver.button("Save hand").element_handle()
    tapped: float = save.evaluate("el => { const t = Date.now(); el.click(); return t; }")
    deadline = time.monotonic() + 10
    seen: dict[str, float] = {}
    while len(seen) < 2 and time.monotonic() < deadline:
        for name, app in (("watcher", watcher), ("saver", saver)):
            if name not in seen and (at := app.page.evaluate(SEEN_JS)) is not None:
                seen[name] = at
        time.sleep(0.005)
    if len(seen) < 2:
        raise RuntimeError(f"hand {number} did not show on both devices in 10 s: {seen}")
    saver.expect_node("message", f"Hand {number} saved.")
    return seen["watcher"] - tapped, seen["saver"] - tapped


def measure_pair(playwright: Any, first: Server, second: Server, saves: int) -> dict[str, Any]:
    saver, watcher = device(playwright, first), device(playwright, second)
    try:
        delays = [one_save(saver, watcher, n) for n in range(2, saves + 2)]
    finally:
        for app in (saver, watcher):
            app.page.context.browser.close()  # type: ignore[union-attr]
    other = [round(d[0], 1) for d in delays]
    own = [round(d[1], 1) for d in delays]
    return {
        "watcher_ms": other,
        "saver_ms": own,
        "median_ms": statistics.median(other),
        "worst_ms": max(other),
        "saver_median_ms": statistics.median(own),
    }


def measure(saves: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        work = Path(folder)
        sqlite = f"sqlite:///{work / 'canasta.db'}"
        seed(sqlite)
        server = serve(sqlite, work, "one")
        try:
            results["one_server"] = measure_pair(playwright, server, server, saves)
        finally:
            stop_server(server.process)
        with postgres_schema() as pg:
            if pg is None:
                results["two_servers"] = "not measured: CANASTA_SCORER_TEST_PG is not set"
            else:
                seed(pg)
                first, second = serve(pg, work, "first"), serve(pg, work, "second")
                try:
                    results["two_servers"] = measure_pair(playwright, first, second, saves)
                finally:
                    stop_server(first.process)
                    stop_server(second.process)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=5, help="saves measured per setup")
    parser.add_argument("--json", action="store_true", help="end with one JSON line")
    args = parser.parse_args(argv)
    result = measure(args.saves)
    one, two = result["one_server"], result["two_servers"]
    summary = {
        "one_server_ms": one["median_ms"],
        "one_server_worst_ms": one["worst_ms"],
        "two_servers_ms": two["median_ms"] if isinstance(two, dict) else None,
        "two_servers_worst_ms": two["worst_ms"] if isinstance(two, dict) else None,
        "saver_ms": one["saver_median_ms"],
    }
    print(json.dumps(result, indent=2))
    if args.json:
        print(json.dumps({**summary, "details": result}))
    else:
        print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
