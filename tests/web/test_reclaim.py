"""Memory is given back once for a burst of closed tabs, on asyncio's loop and on
uvloop's (the one the server runs on), whose timer handles are not asyncio's."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
import uvloop

from canasta_scorer.ui import serving

LOOPS: dict[str, Callable[[], asyncio.AbstractEventLoop]] = {
    "asyncio": asyncio.new_event_loop,
    "uvloop": uvloop.new_event_loop,
}


@pytest.mark.parametrize("kind", sorted(LOOPS))
def test_a_burst_of_closes_gives_memory_back_once(
    monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    reclaimed: list[float] = []
    monkeypatch.setattr(serving, "RECLAIM_SECONDS", 0.05)
    monkeypatch.setattr(serving, "RECLAIM_BUSY_SECONDS", 0.4)
    monkeypatch.setattr(serving, "_reclaim_pending", None)
    monkeypatch.setattr(serving, "_open_tabs", {1, 2})
    loop = LOOPS[kind]()
    monkeypatch.setattr(serving, "reclaim", lambda: reclaimed.append(loop.time()))

    async def closes() -> None:
        began = loop.time()
        for _ in range(200):  # tabs close while others are still open: one reclaim due
            serving._reclaim_soon()
        first = serving._reclaim_pending
        # uvloop counts whole milliseconds: the due time may round down by under one
        assert first is not None and first.when() >= began + 0.4 - serving._CLOCK_SLACK
        serving._reclaim_soon()
        assert serving._reclaim_pending is first
        serving._open_tabs.clear()  # the last tab closed: sooner
        serving._reclaim_soon()
        assert serving._reclaim_pending is not first
        await asyncio.sleep(0.6)
        assert len(reclaimed) == 1 and reclaimed[0] - began < 0.4
        assert serving._reclaim_pending is None

    try:
        loop.run_until_complete(closes())
    finally:
        loop.close()
