"""Fixtures of the UI tests: a real SQLite store in a temporary folder, and the
in-process app over it (closed after the test)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from canasta_scorer.store import Store
from canasta_scorer.ui.app import AccessGate
from tests.ui.harness import AppHarness


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """An empty store (SQLite file, every migration applied)."""
    opened = Store.open(f"sqlite:///{tmp_path}/x.db")
    yield opened
    opened.close()


@pytest.fixture
def open_app(store: Store) -> Iterator[Callable[..., AppHarness]]:
    """Open the app on ``store`` (one browser tab each call); every tab is checked for
    errors and closed at the end of the test."""
    tabs: list[AppHarness] = []

    def open_tab(
        gate: AccessGate | None = None, draft_delay: float = 1.0, client: bool = False
    ) -> AppHarness:
        tab = AppHarness(store, gate, draft_delay=draft_delay, client=client)
        tabs.append(tab)
        return tab

    yield open_tab
    for tab in tabs:
        try:
            tab.check()
        finally:
            tab.close()
