"""Junk on the websocket, before any access code: a frame that is not Flet's protocol
(before or after the connection registered), any message but a registration before
it registered, or a frame Flet cannot read closes that connection at once with one
plain log line, leaves no task behind, and the server still stops cleanly on SIGTERM."""

from __future__ import annotations

import time
from pathlib import Path

import msgpack
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .flet_client import FletClient
from .server import Served, start

#: Frames a client may send that Flet's protocol has no reading for: a lone type byte,
#: bytes that are not MsgPack, MsgPack of another shape, an unknown action, a text frame.
JUNK: list[bytes | str] = [
    b"\x00",
    b"\x00\xc1\xc1\xc1",
    b"\x00" + msgpack.packb(7),
    b"\x00" + msgpack.packb([99, {}]),
    b"\x00" + msgpack.packb([1, "not a body"]),
    "hello",
]

#: Flet's own frames, well-formed, sent before any registration (the app has no session
#: for them): a click, a property change, a method's result; and a registration Flet
#: cannot read (none of its fields).
BEFORE_REGISTERING: list[bytes] = [
    b"\x00" + msgpack.packb([3, {"target": 1, "name": "click", "data": None}]),
    b"\x00" + msgpack.packb([4, {"id": 1, "props": {"value": "x"}}]),
    b"\x00" + msgpack.packb([5, {"control_id": 1, "call_id": "a", "result": None}]),
    b"\x00" + msgpack.packb([1, {}]),
]

#: After registering: Flet's frames with bodies it cannot read (no fields).
UNREADABLE: list[bytes] = [
    b"\x00" + msgpack.packb([3, {}]),
    b"\x00" + msgpack.packb([4, {}]),
]

#: What the log never shows for a bad client.
NEVER = ("Traceback", "Receive loop error", "Cancel ", "Exception in ASGI", "ERROR")


def _closed_at_once(served: Served, frame: bytes | str) -> int | None:
    """Send ``frame`` on a fresh connection (no Origin header); the close code the
    server answers with within 3 s."""
    with connect(served.ws, open_timeout=10) as ws:
        ws.send(frame)
        began = time.monotonic()
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=3)
        assert time.monotonic() - began < 3.0
        return closed.value.rcvd.code if closed.value.rcvd else None


def test_a_junk_frame_closes_its_connection_with_one_plain_line(tmp_path: Path) -> None:
    server = start(tmp_path, host="0.0.0.0", probe="127.0.0.1")
    try:
        codes = [_closed_at_once(server, frame) for frame in JUNK]
        assert codes == [1002] * len(JUNK)
        # a connection that closes before it says anything leaves nothing either
        with connect(server.ws, open_timeout=10):
            pass
        # the server still serves a real client
        client = FletClient(server.ws, origin=server.origin)
        client.register()
        client.wait_text("Access code")
        client.close()
    finally:
        status = server.stop(timeout=10)
    output = server.output()
    assert status == 0, output
    assert output.count("closed a websocket") == len(JUNK), output
    for never in ("Traceback", "Receive loop error", "Cancel ", "Exception in ASGI"):
        assert never not in output, output


def test_sigterm_after_junk_stops_at_once(tmp_path: Path) -> None:
    server = start(tmp_path)
    with connect(server.ws, open_timeout=10) as ws:
        ws.send(b"\x00")
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=3)
    began = time.monotonic()
    status = server.stop(timeout=15)
    took = time.monotonic() - began
    assert status == 0
    assert took < 4.0, f"took {took:.1f} s"
    assert "Traceback" not in server.output(), server.output()


def test_a_message_before_registering_closes_at_once_and_leaves_nothing(tmp_path: Path) -> None:
    """The tester's trick (a click before any registration, then away), many times:
    each connection is closed at once with one line, and none is left running (the
    server stops at once on SIGTERM, with no task to cancel)."""
    server = start(tmp_path, host="0.0.0.0", probe="127.0.0.1")
    rounds = 15
    try:
        codes = [_closed_at_once(server, frame) for frame in BEFORE_REGISTERING * rounds]
        assert codes == [1002] * len(BEFORE_REGISTERING) * rounds
        client = FletClient(server.ws, origin=server.origin)
        client.register()
        client.wait_text("Access code")
        client.close()
    finally:
        began = time.monotonic()
        status = server.stop(timeout=15)
        took = time.monotonic() - began
    output = server.output()
    assert status == 0, output
    assert took < 3.0, f"took {took:.1f} s: {output}"
    assert output.count("closed a websocket") == len(BEFORE_REGISTERING) * rounds, output
    assert output.count("a message before it registered") == 3 * rounds, output
    assert output.count("Flet could not read its frame (TypeError)") == rounds, output
    for never in NEVER:
        assert never not in output, output


def _registered_then(served: Served, frame: bytes | str) -> int | None:
    """Open a tab (registered, its access code screen shown), then send ``frame``; the
    close code the server answers with within 3 s."""
    client = FletClient(served.ws, origin=served.origin)
    try:
        client.register()
        client.wait_text("Access code")
        client.ws.send(frame)
        began = time.monotonic()
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                client.ws.recv(timeout=3)
        assert time.monotonic() - began < 3.0
        return closed.value.rcvd.code if closed.value.rcvd else None
    finally:
        client.close()


def test_junk_after_registering_closes_with_one_line_and_no_traceback(tmp_path: Path) -> None:
    server = start(tmp_path, host="0.0.0.0", probe="127.0.0.1")
    frames = [*JUNK, *UNREADABLE]
    try:
        codes = [_registered_then(server, frame) for frame in frames]
        assert codes == [1002] * len(frames)
        client = FletClient(server.ws, origin=server.origin)
        client.register()
        client.wait_text("Access code")
        client.close()
        time.sleep(1.5)  # anything Flet still sends to a closed connection has been sent
    finally:
        status = server.stop(timeout=10)
    output = server.output()
    assert status == 0, output
    assert output.count("closed a websocket") == len(frames), output
    assert output.count("Flet could not read its frame") == len(UNREADABLE), output
    for never in NEVER:
        assert never not in output, output


def _forged(tmp_path: Path, events: list[tuple[str, object]]) -> tuple[str, bool]:
    """Page events (name, data) forged by a registered tab, which must still be served
    after them (a real route change opens the rule checker), the server stopping
    cleanly with none of `NEVER` in its log: that log, and whether the tab was shown
    a failure."""
    server = start(tmp_path)
    try:
        client = FletClient(server.ws, origin=server.origin)
        client.register()
        client.wait_text("New match")
        page = client.messages[0][1]["page_patch"]["_i"]
        for name, data in events:
            client.send(3, {"target": page, "name": name, "data": data})
        client.settle(0.5)
        failed = client.text_seen("Something went wrong")
        client.send(3, {"target": page, "name": "route_change", "data": {"route": "/checker"}})
        client.wait_text("Take back the last card")
        client.close()
    finally:
        status = server.stop(timeout=10)
    output = server.output()
    assert status == 0, output
    for never in NEVER:
        assert never not in output, output
    return output, failed


def test_a_forged_route_change_without_an_address_is_ignored(tmp_path: Path) -> None:
    """A route change event (the page's own) whose data names no address: text, a
    number, nothing. The tab stays as it was and the log says nothing of it."""
    output, _failed = _forged(
        tmp_path, [("route_change", data) for data in ["text", {"route": 5}, None]]
    )
    assert "opening an address failed" not in output, output


def test_a_forged_event_that_does_not_fit_its_kind_is_one_line(tmp_path: Path) -> None:
    """A page event whose data lacks its fields (a resize without its sizes, a
    lifecycle change without its state): one warning line each, no traceback, and the
    tab is not shown a failure; it goes on."""
    output, failed = _forged(
        tmp_path, [(name, {"bogus": 1}) for name in ("resize", "app_lifecycle_state_change")]
    )
    assert not failed
    assert output.count("ignored a forged event from a tab") == 2, output
    assert "ignored a forged event from a tab: PageResizeEvent: TypeError" in output, output
    assert "a browser tab failed" not in output, output
