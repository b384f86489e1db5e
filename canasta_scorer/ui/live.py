"""Live screens: the store's announcements carried to every tab through Flet's
pub/sub between sessions.

One subscription to `Store.changes` per app (per server process) sends each change
to Flet's pub/sub hub on one topic; every tab subscribes to that topic and, on its
own event loop and page, reads again what it shows (`canasta_scorer.ui.state.follow`).
Changes saved by other server processes on the same PostgreSQL database arrive the
same way (the store hears them); SQLite has no such path: a tab reads again when it
reconnects.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

import flet as ft

from canasta_scorer.store import Change, Store

__all__ = ["TOPIC", "LiveUpdates"]

#: The pub/sub topic the store's changes are sent on.
TOPIC = "canasta-scorer/changes"

_log = logging.getLogger("canasta_scorer")


class LiveUpdates:
    """Carries a store's changes to the tabs of one app.

    Args:
        store: the store whose changes are followed.
    """

    def __init__(self, store: Store) -> None:
        self._store = store
        self._lock = threading.Lock()
        self._forwarding: Callable[[], None] | None = None

    def join(self, page: ft.Page, on_change: Callable[[Change], None]) -> None:
        """Call ``on_change`` in this tab (its page bound, on its event loop) with every
        change announced from now on, until the tab is closed."""
        with self._lock:
            if self._forwarding is None:
                hub = page.pubsub  # the hub is the server's: any tab's client reaches it

                def forward(change: Change) -> None:
                    hub.send_all_on_topic(TOPIC, change)

                self._forwarding = self._store.changes.subscribe(forward)

        async def run(change: Change) -> None:
            try:
                on_change(change)
            except Exception:
                _log.exception("showing a change made elsewhere failed")

        async def heard(_topic: str, change: Change) -> None:
            if page.session.connection is None:
                return  # the tab is away (a phone asleep): it reads again on reconnecting
            # Delivered in the context of whoever saved: move to this tab's page.
            page.run_task(run, change)

        page.pubsub.subscribe_topic(TOPIC, heard)

    def close(self) -> None:
        """Stop carrying changes (the tabs hear nothing more)."""
        with self._lock:
            stop, self._forwarding = self._forwarding, None
        if stop is not None:
            stop()
