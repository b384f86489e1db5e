"""The app's edge: when the store fails during a screen or a handler, the tab shows
a plain message and a way back; the details (traceback, server paths) stay in the
server's log and never reach the browser."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, get_origin

import flet as ft
import msgpack
import pytest
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.protocol import configure_encode_object_for_msgpack

from canasta_scorer.store import Store
from canasta_scorer.store.errors import StoreBusyError, StoreFullError
from canasta_scorer.ui import serving
from canasta_scorer.ui.app import AccessGate, Settings, build_main
from canasta_scorer.ui.state import build_model
from tests.ui.hands import start_classic
from tests.ui.harness import AppHarness

SECRET = "/srv/canasta/private/canasta.db"
_ENCODE = configure_encode_object_for_msgpack(BaseControl)


class WireConnection:
    """Wraps the harness's connection: keeps every message as the bytes sent."""

    def __init__(self, inner: Any) -> None:
        self.forward = inner.send_message
        self.wire: list[bytes] = []

    def send_message(self, message: Any) -> None:
        self.wire.append(msgpack.packb(message, default=_ENCODE))
        self.forward(message)


def wire_of(app: AppHarness) -> WireConnection:
    conn = WireConnection(app.connection)
    app.connection.send_message = conn.send_message  # type: ignore[method-assign]
    return conn


def dialog_texts(app: AppHarness) -> list[str]:
    return [c.value for c in app.controls() if isinstance(c, ft.Text) and isinstance(c.value, str)]


def test_a_busy_store_in_a_handler_shows_plain_words_and_a_way_back(
    store: Store, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    start_classic(build_model(store))
    app = AppHarness(store, AccessGate(None))
    try:
        wire = wire_of(app)

        def busy(_match_id: int) -> Any:
            raise StoreBusyError(f"{SECRET} is locked by another program")

        monkeypatch.setattr(store, "match", busy)
        resume = next(
            c.content
            for c in app.controls()
            if isinstance(c, ft.FilledButton) and str(c.content).startswith("Resume")
        )
        with caplog.at_level(logging.DEBUG, logger="canasta_scorer"):
            app.loop.run_until_complete(
                app.session.dispatch_event(app.button(resume)._i, "click", None)
            )
            app.loop.run_until_complete(AppHarness._settle())
        edge = serving.SessionEdge.of(app.session.page)
        assert edge is not None
        assert edge.failures == [serving.plain_failure(StoreBusyError("x"))]
        assert app.connection.crashes == []  # no "session crashed" with a traceback
        sent = b"".join(wire.wire)
        assert b"Traceback" not in sent and SECRET.encode() not in sent
        assert b"another program is saving" in sent
        assert any("another program is saving" in t for t in dialog_texts(app))
        # the details are in the server's log
        assert SECRET in caplog.text and "Traceback" in caplog.text
        # the way back works once the store answers again
        monkeypatch.undo()
        edge.failures.clear()
        app.click("Back to the start")
        assert app.button("New match") is not None
    finally:
        app.close()


def test_a_store_failing_when_the_tab_opens_offers_to_try_again(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = {"n": 0}
    real = store.matches

    def full(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise StoreFullError(f"disk full while writing {SECRET}")
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "matches", full)
    app = AppHarness.__new__(AppHarness)
    # what flet_web does with a main that raises: report it through the session
    from flet.messaging.session import Session
    from flet.pubsub.pubsub_hub import PubSubHub

    from tests.ui.harness import RecordingConnection

    app.loop = asyncio.new_event_loop()
    app.connection = RecordingConnection()
    app.connection.pubsubhub = PubSubHub(loop=app.loop)
    app.connection.loop = app.loop
    app.session = Session(app.connection)
    app._reported = 0
    wire = wire_of(app)
    main = build_main(store, Settings(), AccessGate(None), keep_awake=False)

    async def start() -> None:
        _context_page.set(app.session.page)
        # the page is sent to the client (registration) before main runs
        msgpack.packb(app.session.get_page_patch(), default=_ENCODE)
        try:
            main(app.session.page)
        except Exception as error:
            app.session.error(f"{error}\ntraceback here")
        await AppHarness._settle()

    try:
        app.loop.run_until_complete(start())
        sent = b"".join(wire.wire)
        assert SECRET.encode() not in sent and b"traceback" not in sent
        assert b"no room left to save" in sent
        edge = serving.SessionEdge.of(app.session.page)
        assert edge is not None and len(edge.failures) == 1
        edge.failures.clear()
        app.click("Try again")
        assert app.button("New match") is not None
    finally:
        app.close()


def test_a_tab_that_never_unlocks_is_forgotten_within_a_minute_of_leaving(
    store: Store,
) -> None:
    locked = AppHarness(store, AccessGate("2468"))
    unlocked = AppHarness(store, AccessGate("2468"))
    try:
        unlocked.type("Access code", "2468")
        unlocked.click("Unlock")
        for tab in (locked, unlocked):
            tab.loop.run_until_complete(tab.session.disconnect(serving.SESSION_SECONDS))
            tab.loop.run_until_complete(AppHarness._settle())
        from datetime import UTC, datetime

        now = datetime.now(UTC)
        locked_left = (locked.session.expires_at - now).total_seconds()
        unlocked_left = (unlocked.session.expires_at - now).total_seconds()
        assert 50 < locked_left <= serving.LOCKED_SESSION_SECONDS
        assert serving.SESSION_SECONDS - 10 < unlocked_left <= serving.SESSION_SECONDS
    finally:
        locked.close()
        unlocked.close()


def test_flet_messages_are_written_short_in_its_transport_debug_line() -> None:
    """Flet formats every message it sends into a debug line (even with debug off):
    the server makes that text short instead of every control of the screen."""
    from flet.messaging.protocol import Message, MessageAction

    from canasta_scorer.ui.serving import short_message_text

    big = Message(MessageAction.PATCH_CONTROL, {"patch": ["a control"] * 10_000})
    short_message_text()
    assert f"send_message: {big}" == "send_message: Message(PATCH_CONTROL)"


def test_flet_debug_lines_cost_nothing_while_off_and_are_kept_when_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Flet logger that writes no debug line gets a ``debug`` that does nothing; one
    set to DEBUG before the app starts keeps writing them."""
    quiet = logging.getLogger("flet_object_patch")
    loud = logging.getLogger("flet_components")
    monkeypatch.setattr(quiet, "level", logging.WARNING)
    monkeypatch.setattr(loud, "level", logging.DEBUG)
    monkeypatch.delitem(quiet.__dict__, "debug", raising=False)
    monkeypatch.delitem(loud.__dict__, "debug", raising=False)
    quiet.manager._clear_cache()
    serving.quiet_flet_debug()
    assert quiet.debug is serving._no_debug_line
    assert "debug" not in loud.__dict__  # Flet's own: its debug lines still written
    lines: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: lines.append(record.getMessage())  # type: ignore[method-assign]
    loud.addHandler(handler)
    try:
        loud.debug("diffed %s", "Column")
        quiet.debug("diffed %s", "Row")
    finally:
        loud.removeHandler(handler)
    assert lines == ["diffed Column"]


def test_an_event_type_remembered_is_flets_own() -> None:
    """The type of a control's event, looked up once per control class and event, is
    the one Flet works out itself, for each kind of event the app handles."""
    from flet.controls import base_control

    serving.remember_event_types()
    remembered = base_control.get_event_field_type
    assert getattr(remembered, "remembers", False)
    flet_own = remembered.flet_own  # type: ignore[attr-defined]
    cases = [
        (ft.FilledButton(content="Save hand"), "on_click", ft.Event),
        (ft.IconButton(ft.Icons.ADD), "on_click", ft.Event),
        (ft.TextField(), "on_change", ft.Event),
        (ft.TextField(), "on_submit", ft.Event),
        (ft.Switch(), "on_change", ft.Event),
        (ft.Dropdown(), "on_select", ft.Event),
        (ft.Page.__new__(ft.Page), "on_resize", ft.PageResizeEvent),
    ]
    for control, name, expected in cases:
        own = flet_own(control, name)
        assert issubclass(get_origin(own) or own, expected), (name, own)
        kept = remembered(control, name)
        assert kept == own
        assert remembered(control, name) is kept  # the second time: the one kept
    serving.remember_event_types()  # once only: not wrapped again
    assert base_control.get_event_field_type is remembered


def test_a_locked_tab_closed_before_its_time_is_not_closed_again(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A tab that never gave the code, left and forgotten by Flet before its three
    minutes were up: its wait for them ends with its session (the server's log had a
    traceback, "An attempt to fetch destroyed session", when the wait ended later)."""
    monkeypatch.setattr(serving, "_unlock_seconds", lambda: 0.2)
    locked = AppHarness(store, AccessGate("2468"))
    try:

        async def forgotten() -> None:
            locked.session.close()  # what Flet does once the session expired
            await asyncio.sleep(0.5)

        with caplog.at_level(logging.INFO, logger="canasta_scorer"):
            locked.loop.run_until_complete(forgotten())
        words = [record.getMessage() for record in caplog.records]
        assert any(word.startswith("a tab closed") for word in words), words
        assert not any("not unlocked" in word for word in words), words
    finally:
        locked.close()


def test_the_wait_for_the_access_code_ends_quietly_for_a_dropped_session() -> None:
    """Flet dropped the session already: the page's ``session`` raises; nothing is
    left to close and nothing is raised."""

    class Dropped:
        @property
        def session(self) -> Any:
            raise RuntimeError("An attempt to fetch destroyed session.")

    class Locked:
        unlocked = False

    asyncio.run(serving._expire_locked(Dropped(), Locked(), 0))  # type: ignore[arg-type]
