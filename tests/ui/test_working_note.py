"""The tab's "Working…" note: said only once an action has waited `WORKING_DELAY`
seconds for the store, so a save made at once shows its result and nothing between."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import Any

from canasta_scorer.ui.app import WORKING_DELAY, _tab_work
from canasta_scorer.ui.state.work import Steps
from canasta_scorer.ui.worker import StoreWorker


class _Page:
    """What `_tab_work` asks of a page: tasks run on this loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def run_task(self, job: Callable[[], Awaitable[None]]) -> None:
        self.loop.create_task(job())  # type: ignore[arg-type]


def _run(wait: float) -> list[bool]:
    """One action whose store call takes ``wait`` seconds; the values the tab's
    ``working`` flag took, in order."""
    loop = asyncio.new_event_loop()
    worker = StoreWorker()
    said: list[bool] = []

    class Nav:
        _working = False

        @property
        def working(self) -> bool:
            return self._working

        @working.setter
        def working(self, on: bool) -> None:
            self._working = on
            said.append(on)

    model: Any = SimpleNamespace(nav=Nav())
    edge: Any = SimpleNamespace(report=lambda text: said.append(text))  # never called
    work = _tab_work(_Page(loop), worker, edge, lambda: model)  # type: ignore[arg-type]
    done = threading.Event()

    def steps() -> Steps[None]:
        yield lambda: done.wait(wait)

    async def go() -> None:
        work.run(steps())
        while work.busy:
            await asyncio.sleep(0.01)
        await asyncio.sleep(WORKING_DELAY + 0.1)  # a late note would come by now

    try:
        loop.run_until_complete(go())
    finally:
        worker.close(1.0)
        loop.close()
    return said


def test_a_save_made_at_once_says_nothing_in_between() -> None:
    assert _run(0.0) == []


def test_a_save_that_waits_says_working_then_stops_saying_it() -> None:
    assert _run(WORKING_DELAY + 0.4) == [True, False]
