"""Hand entry scrolled down, then the tab reconnects (a reload, a phone awake): the
screen built again scrolls back where the player was. The offset is followed through
Flet's throttled scroll notifications, never a message per pixel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from canasta_scorer.store import Store
from canasta_scorer.ui.components.hand_entry import SCROLL_INTERVAL_MS
from tests.ui.harness import AppHarness
from tests.ui.test_screens import seeded_phone, start_match

OpenApp = Callable[..., AppHarness]


def _body(app: AppHarness, side: int = 0) -> Any:
    (body,) = [
        c
        for c in app.controls()
        if isinstance(c, ft.ListView) and str(c.key) == f"entry-body-{side}"
    ]
    return body


def _scroll(app: AppHarness, pixels: float, kind: str = "end") -> None:
    """What the browser tells of a scroll of the body (throttled by Flet)."""
    event = {
        "event_type": kind,
        "pixels": pixels,
        "min_scroll_extent": 0.0,
        "max_scroll_extent": 2000.0,
        "viewport_dimension": 600.0,
    }
    app._run(app.session.dispatch_event(_body(app)._i, "scroll", event))


def test_a_reconnect_scrolls_hand_entry_back_where_it_was(open_app: OpenApp) -> None:
    app = open_app(client=True)
    start_match(app)
    app.click("Enter hand 1")
    body = _body(app)
    assert body.scroll_interval == SCROLL_INTERVAL_MS == 250
    assert body.on_scroll is not None
    _scroll(app, 300.0, "update")
    _scroll(app, 420.5)
    assert app.calls("scroll_to") == []  # followed only: nothing sent back
    app.disconnect()
    app.reconnect()
    assert app.button("Save hand")
    assert [(c["offset"], c["duration"]) for c in app.calls("scroll_to")] == [(420.5, 0)]


def test_another_side_or_hand_starts_at_its_top(open_app: OpenApp, store: Store) -> None:
    seeded_phone(store)
    app = open_app(client=True)
    app.click("resume")
    app.click("Enter hand 1")
    _scroll(app, 420.0)
    app.click("side-1")  # East-West's panel: its own list, at its top
    app.disconnect()
    app.reconnect()
    assert _body(app, 1) is not None  # East-West's panel still shown
    assert app.calls("scroll_to") == []  # scrolled on North-South's only
