"""A tab's address: the browser's address bar and history follow the screen shown.

Each screen of a match has an address that opens it (`Navigation.address`:
``/table/ID``, ``/match/ID/hand/N``, ``/match/ID/hand``, ``/match/ID/checker``,
``/match/ID/export``, ``/match/ID``), and so do the rule checker opened from home
(``/checker``), the new-match form (``/new``), the past matches (``/matches``), the
statistics (``/stats``) and the import (``/import``); home is ``/``. When
the screen changes, the new address is pushed to the browser's history, so Back and
Forward (and a reload, or the address opened on another device) come to the same
screen; an address the browser moves to by itself (Back, Forward, typed) is shown
through `Navigation.open_address`. When what it names cannot be shown (a hand since
deleted, a match's hand entry once it is over, an address the app does not know),
the address of the screen shown instead is pushed at once: the address always names
the screen shown. (Flet can only push: Back from that address comes to the one that
could not be shown again, which is then left as it is, so Back goes on past it rather
than coming back to the same screen.) The addresses of a match this tab knows is gone
(deleted here, or said missing once) are not put right at all: home is shown at them,
nothing said again (`Navigation.gone`), so that Back goes past each of them with one
press, where a push would bring Back to each one twice.

Flet tells the app of every change of the address, those the app pushed included,
and only after the browser made them: the pushes not yet told back are kept, so
that a late one is not taken for the player's (the table view left before the
browser said it had opened it must not open it again).
"""

from __future__ import annotations

import contextlib

import flet as ft

from canasta_scorer.ui.state import Navigation, Screen

__all__ = ["AddressBar"]


class AddressBar:
    """One tab's address, kept on what it shows (one per tab, made with its page)."""

    def __init__(self, page: ft.Page, nav: Navigation) -> None:
        self._page = page
        self._nav = nav
        #: the address the browser shows, or will once it has made the pushes under way
        self.shown = page.route or "/"
        self._pushed: list[str] = []
        #: the address last put right (the one the browser moved to, the one pushed)
        self._righted: tuple[str, str] | None = None

    def follow(self) -> None:
        """Push the address of the screen shown, if the browser shows another."""
        address = self._nav.address()
        nav = self._nav
        if (
            address == self.shown
            or nav.names_shown(self.shown)  # the same filters, as the browser wrote them
            or (nav.passed == self.shown and nav.screen is Screen.HOME)
        ):
            return
        self.shown = address
        self._pushed.append(address)
        page = self._page

        async def push() -> None:
            try:
                await page.push_route(address)
            except Exception:  # a tab going away: nothing to keep, nothing comes back
                with contextlib.suppress(ValueError):
                    self._pushed.remove(address)

        page.run_task(push)

    def changed(self, address: str) -> None:
        """The browser's address changed to ``address`` (a route change of Flet's):
        one the app pushed is passed over, any other is opened."""
        if address in self._pushed:
            del self._pushed[: self._pushed.index(address) + 1]
            return
        righted, self._righted = self._righted, None
        self.shown = address
        self._nav.open_address(address)
        shows = self._nav.address()
        if self._nav.passed == address:
            return  # a gone match's address, passed over: not put right (see the top)
        if not self._nav.names_shown(address) and righted != (address, shows):
            self.follow()
            self._righted = (address, shows)
