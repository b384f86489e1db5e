"""Keeping the screen on: asked when a tab opens, and again for the table view.

The asking is Flet's `Wakelock` service (Flutter's wakelock_plus). In a browser it
takes a screen wake lock (flet-web's ``assets/packages/wakelock_plus/assets/no_sleep.js``:
the Screen Wake Lock API, ``navigator.wakeLock.request("screen")``, where the browser
has one; else a silent video played in a loop); the desktop window keeps the system
from sleeping. A browser lets go of a wake lock whenever the page is hidden (another
tab, the phone locked), and that script takes it again on ``visibilitychange`` only
while it still holds one, which it no longer does once the lock was let go. So while
the table view is shown (a device the whole table looks at) it is asked for again
each time the page is shown again (Flet's app lifecycle: SHOW, RESUME), when the tab
reconnects, and when the table view is opened; once it is left, no more (the lock
taken stays until the page is hidden next).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import flet as ft

__all__ = ["ASK_SECONDS", "KeepAwake"]

#: How long one asking waits for the device's answer (seconds).
ASK_SECONDS = 5.0

#: The lifecycle states of a page shown again (SHOW: visible again; RESUME: in front
#: and taking input again, which follows SHOW, or comes alone after a blur).
_SHOWN_AGAIN = (ft.AppLifecycleState.SHOW, ft.AppLifecycleState.RESUME)


class KeepAwake:
    """One tab's asking for the screen to stay on (made with its page).

    Args:
        page: the tab's page (the service is added to it, the asking runs in its tasks).
        wanted: whether the screen shown now wants to be kept on again (the table view).
    """

    def __init__(self, page: ft.Page, wanted: Callable[[], bool]) -> None:
        self._page = page
        self._wanted = wanted
        self._service = ft.Wakelock()
        self._asking = False

    def ask(self) -> None:
        """Ask the device to keep the screen on; while one asking waits for its
        answer, another is the same one. Never fails the app (not every browser
        keeps a screen on, and a hidden page is refused)."""
        if self._asking:
            return
        self._asking = True

        async def enable() -> None:
            try:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._service.enable(), timeout=ASK_SECONDS)  # type: ignore[no-untyped-call]
            finally:
                self._asking = False

        self._page.run_task(enable)

    def again(self) -> None:
        """Ask again if the screen shown wants it (a reconnect, the table view opened)."""
        if self._wanted():
            self.ask()

    def lifecycle(self, event: ft.AppLifecycleStateChangeEvent) -> None:
        """The page's lifecycle changed (`ft.Page.on_app_lifecycle_state_change`):
        shown again, the table view asks again."""
        if event.state in _SHOWN_AGAIN:
            self.again()
