"""Run the real app in-process, without a browser: a real Flet `Session` over a
connection that records what would be sent to the client.

Controls are found by what a person sees (text, tooltips, labels, keys); events
are dispatched the way the client sends them. Flet is pinned exactly because this
uses its session internals (see shared recipes, "Testing Flet 1.0 UI code").

Every action checks that the app did not fail: an exception in an event handler
reaches the client as a SESSION_CRASHED message (or, with the app's edge in
place, a plain message the edge records), and one while re-rendering (the
observable state changed) ends Flet's update scheduler, after which the screen
never changes again. Either fails the test with the traceback.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Iterator
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from canasta_scorer.store import Store
from canasta_scorer.ui.app import AccessGate, Settings, build_main
from canasta_scorer.ui.serving import SessionEdge

_ENCODE = configure_encode_object_for_msgpack(BaseControl)


class RecordingConnection(Connection):
    """Encodes every message as the real transport does (the encoder keeps the list
    snapshots the next update diffs against) and keeps the count.

    Answering (``client``), it also plays the client's part in the methods the app
    invokes on it: each call is kept in ``calls`` (the control's type, the method,
    its arguments) and answered at once; a ``push_route`` is told back as the
    browser does, a route change, kept in ``routes`` until the harness delivers it.
    """

    def __init__(self, client: bool = False) -> None:
        super().__init__()
        self.sent = 0
        self.crashes: list[str] = []
        self.client = client
        self.session: Session | None = None
        self.calls: list[tuple[str, str, Any]] = []
        self.routes: list[str] = []

    def send_message(self, message: Any) -> None:
        msgpack.packb(message, default=_ENCODE)
        self.sent += 1
        if isinstance(message, Message) and message.action == MessageAction.SESSION_CRASHED:
            self.crashes.append(message.body.message)
        if (
            self.client
            and isinstance(message, Message)
            and message.action == MessageAction.INVOKE_METHOD
        ):
            self._answer(message.body)

    def _answer(self, call: Any) -> None:
        session = self.session
        assert session is not None
        control = session.index.get(call.control_id)
        self.calls.append((type(control).__name__, call.name, call.args))
        if call.name == "push_route":
            self.routes.append(call.args["route"])
        self.loop.call_soon(
            session.handle_invoke_method_results, call.control_id, call.call_id, None, None
        )


def tip(control: Any) -> str:
    """A control's tooltip words, given as text or as a `flet.Tooltip` (one screen
    readers do not hear, `quiet_tooltip`); empty without one."""
    value = getattr(control, "tooltip", None)
    if isinstance(value, ft.Tooltip):
        value = value.message
    return value if isinstance(value, str) else ""


class AppHarness:
    """One browser tab of the app, in-process."""

    #: keep the address pushes untold until `deliver_routes` (a slow browser)
    hold_routes = False

    def __init__(
        self,
        store: Store,
        gate: AccessGate | None = None,
        *,
        draft_delay: float = 1.0,
        client: bool = False,
    ) -> None:
        """``client``: a client answers what the app asks of it (see
        `RecordingConnection`), the screen is asked to be kept on, and the address
        pushes are told back after each action (`hold_routes` keeps them)."""
        self.loop = asyncio.new_event_loop()
        self.connection = RecordingConnection(client)
        self.connection.pubsubhub = PubSubHub(loop=self.loop)
        self.connection.loop = self.loop
        self.session = Session(self.connection)
        self.connection.session = self.session
        self._reported = 0
        main = build_main(
            store,
            Settings(),
            gate or AccessGate(None),
            keep_awake=client,
            ask_device=False,
            draft_delay=draft_delay,
        )

        async def start() -> None:
            _context_page.set(self.session.page)
            main(self.session.page)
            msgpack.packb(self.session.get_page_patch(), default=_ENCODE)
            await self._settle()

        self.loop.run_until_complete(start())
        self.check()

    def errors(self) -> list[str]:
        """What went wrong in the app so far: crash messages sent to the client, and
        the exception that ended the update scheduler (re-rendering failed)."""
        found = list(self.connection.crashes)
        # The app's edge (serving.SessionEdge) takes Flet's error reports and shows the
        # player a plain message instead: every one it took is a failure too.
        edge = SessionEdge.of(self.session.page)
        if edge is not None:
            found += [f"the app's edge caught: {text}" for text in edge.failures]
        task = getattr(self.session, "_Session__updates_task", None)
        if task is not None and task.done() and not task.cancelled():
            error = task.exception()
            if error is not None:
                found.append("".join(traceback.format_exception(error)))
        return found

    def check(self) -> None:
        """Fail if the app reported an error or stopped re-rendering (each error once)."""
        errors = self.errors()[self._reported :]
        self._reported += len(errors)
        if errors:
            raise AssertionError("the app failed:\n" + "\n".join(errors))

    def close(self) -> None:
        """Stop the session's tasks and the loop: what was already handed to the loop
        (a change made elsewhere, to be shown here) starts first, then every task is
        cancelled and waited for, so that no coroutine is left never awaited. Closing
        again does nothing."""
        if self.loop.is_closed():
            return
        self.loop.run_until_complete(self._settle())
        tasks = asyncio.all_tasks(self.loop)
        for task in tasks:
            task.cancel()
        if tasks:  # (gather of nothing would take another loop)
            self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
        self.loop.close()

    @staticmethod
    async def _settle() -> None:
        for _ in range(10):
            await asyncio.sleep(0)

    # --- finding controls -----------------------------------------------------------

    def controls(self) -> Iterator[Any]:
        """Every control shown now: mounted, and neither it nor a control it is in
        hidden (``visible=False``, or fully transparent: the scoreboard kept under
        hand entry)."""
        return iter([c for c in list(self.session.index.values()) if self.shown(c)])

    @staticmethod
    def shown(control: Any) -> bool:
        """True unless the control or one it is in is hidden or transparent."""
        while control is not None:
            if getattr(control, "visible", True) is False or getattr(control, "opacity", 1) == 0:
                return False
            control = getattr(control, "parent", None)
        return True

    def texts(self) -> list[str]:
        """Every text shown now."""
        return [c.value for c in self.controls() if isinstance(c, ft.Text) and c.value]

    def labels(self) -> list[str]:
        """Every semantics label shown now: of the semantics nodes, and the labels texts
        are read by in place of their words."""
        found = []
        for control in self.controls():
            if isinstance(control, ft.Semantics):
                found.append(control.label)
            elif isinstance(control, ft.Text):
                found.append(control.semantics_label)
        return [label for label in found if label]

    def has_text(self, text: str) -> bool:
        """True if a text or label on screen contains ``text``."""
        return any(text in value for value in self.texts() + self.labels())

    def _one(self, matches: list[Any], what: str) -> Any:
        if not matches:
            raise AssertionError(f"no {what} on screen; texts: {self.texts()[:40]}")
        return matches[0]

    def button(self, label: str) -> Any:
        """A button by its text, tooltip or key."""

        def name(control: Any) -> list[str]:
            out = []
            content = getattr(control, "content", None)
            if isinstance(content, str):
                out.append(content)
            if tip(control):
                out.append(tip(control))
            for attr in ("key", "label"):
                value = getattr(control, attr, None)
                if isinstance(value, str):
                    out.append(value)
            return out

        buttons = [
            c
            for c in self.controls()
            if isinstance(
                c,
                ft.Button
                | ft.IconButton
                | ft.FilledButton
                | ft.FilledTonalButton
                | ft.OutlinedButton
                | ft.TextButton
                | ft.ListTile
                | ft.Chip,
            )
            and label in name(c)
        ]
        return self._one(buttons, f"button {label!r}")

    def field(self, label: str, nth: int = 0) -> Any:
        """A text field, dropdown or switch by its label (the ``nth`` of those with
        that label, top to bottom)."""

        def shown(control: Any) -> str:
            # a label given as a text (read with what the field holds, `field_label`)
            value = getattr(control, "label", None)
            return str(value.value if isinstance(value, ft.Text) else value or "")

        fields = [
            c
            for c in self.controls()
            if isinstance(c, ft.TextField | ft.Dropdown | ft.Switch)
            and (shown(c) == label or shown(c).startswith(label))
        ]
        return self._one(fields[nth:], f"field {label!r} number {nth + 1}")

    # --- acting ----------------------------------------------------------------------

    def _run(self, coroutine: Any) -> None:
        async def go() -> None:
            await coroutine
            await self._settle()

        self.loop.run_until_complete(go())
        self.check()
        if not self.hold_routes:
            self.deliver_routes()

    def deliver_routes(self) -> None:
        """The browser tells of the addresses the app pushed (route changes), in order."""
        while self.connection.routes:
            self._route(self.connection.routes.pop(0))

    def calls(self, method: str) -> list[Any]:
        """The arguments of each call the app made of ``method`` on the client."""
        return [args for _control, name, args in self.connection.calls if name == method]

    def lifecycle(self, state: str) -> None:
        """The page's lifecycle changed (``"hide"``, ``"show"``, ``"resume"`` …), as
        the client tells it."""
        page = self.session.page
        self._run(
            self.session.dispatch_event(page._i, "app_lifecycle_state_change", {"state": state})
        )

    def click(self, label: str) -> None:
        """Tap a button (a disabled one cannot be tapped)."""
        self.press(self.button(label))

    def press(self, control: Any) -> None:
        """Tap a button found before (what the client sends: a click event)."""
        if control.disabled:
            raise AssertionError(f"button {control!r} is disabled")
        self._run(self.session.dispatch_event(control._i, "click", None))

    def type(self, label: str, value: str, nth: int = 0) -> None:
        """Type into a text field (what the client sends: the value, then change)."""
        control = self.field(label, nth)
        self.session.apply_patch(control._i, {"value": value})
        self._run(self.session.dispatch_event(control._i, "change", None))

    def leave(self, label: str, nth: int = 0) -> None:
        """Leave a text field (what the client sends when the focus moves on: blur)."""
        self._run(self.session.dispatch_event(self.field(label, nth)._i, "blur", None))

    def type_and_click(self, label: str, value: str, button: str) -> None:
        """Type into a text field and tap a button right behind it, before the screen is
        drawn again (as a quick finger or a script can: the click reaches the app
        before the typed text is drawn back)."""
        control, tapped = self.field(label), self.button(button)
        self.session.apply_patch(control._i, {"value": value})

        async def both() -> None:
            await self.session.dispatch_event(control._i, "change", None)
            await self.session.dispatch_event(tapped._i, "click", None)

        self._run(both())

    def choose(self, label: str, value: str) -> None:
        """Pick an option of a dropdown."""
        control = self.field(label)
        self.session.apply_patch(control._i, {"value": value})
        self._run(self.session.dispatch_event(control._i, "select", None))

    def switch(self, label: str, on: bool, nth: int = 0) -> None:
        """Turn a switch on or off."""
        control = self.field(label, nth)
        self.session.apply_patch(control._i, {"value": on})
        self._run(self.session.dispatch_event(control._i, "change", None))

    def reconnect(self) -> None:
        """Reload the page: Flet keeps the tab's session (and the app's state) and
        sends the page a ``connect`` event, as ``flet_web`` does on a reconnect."""
        self._run(self.session.dispatch_connect_event())

    def route(self, route: str) -> None:
        """Open an address of the app in this tab (what the client sends when the
        browser's address changes, or a page is opened at that address)."""
        self._route(route)
        if not self.hold_routes:
            self.deliver_routes()

    def _route(self, route: str) -> None:
        page = self.session.page
        self.connection.page_url = self.connection.page_url or "http://127.0.0.1:8550"
        page.route = route
        self.loop.run_until_complete(
            self.session.dispatch_event(page._i, "route_change", {"route": route})
        )
        self.loop.run_until_complete(self._settle())
        self.check()

    def wait(self, seconds: float) -> None:
        """Let the app's timers run for ``seconds`` (a delayed draft write …)."""
        self._run(asyncio.sleep(seconds))

    def disconnect(self) -> None:
        """The tab goes away (closed, reloaded, the phone asleep): Flet keeps the
        session and sends the page a ``disconnect`` event."""
        self._run(self.session.disconnect(3600))
        self.session.attach_connection(self.connection)  # back, for the checks after

    def enter_east_west(self) -> None:
        """Give East-West of a classic hand something (East holds two cards of 10), so
        that no side is left blank (rules §1.9); back on North-South's panel."""
        self.click("side-1")
        self.click("2 cards K to 8 (10) in East's hand")
        self.click("side-0")

    def segment(self, key_or_value: str, value: str) -> None:
        """Pick a segment of a segmented button holding ``value``."""
        buttons = [
            c
            for c in self.controls()
            if isinstance(c, ft.SegmentedButton)
            and (c.key == key_or_value or any(s.value == value for s in c.segments))
        ]
        control = self._one(buttons, f"segmented button with {value!r}")
        self.session.apply_patch(control._i, {"selected": [value]})
        self._run(self.session.dispatch_event(control._i, "change", None))
