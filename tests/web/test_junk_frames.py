"""Junk on the websocket, before any access code: a frame that is not Flet's protocol
closes that connection at once with one plain log line, leaves no task behind, and the
server still stops cleanly on SIGTERM."""

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
