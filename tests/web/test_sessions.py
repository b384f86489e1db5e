"""Sessions of the real server come and go: a tab that never gives the access code
is closed after a while even while it stays connected, and connections dropped
abruptly in the middle of a burst of updates leave no session behind. The server's
count of the tabs it holds is read from its log (``CANASTA_SCORER_LOG=INFO``)."""

from __future__ import annotations

import re
import socket
import struct
import time
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from tests.benchmarks.load import make_match

from .flet_client import FletClient
from .server import Served, start
from .test_server import HOME_TEXT, unlock

OPEN = re.compile(r"a tab (opened|closed) \((\d+) open\)")


def tabs(served: Served) -> list[tuple[str, int]]:
    """Every tab opened or closed so far, with the number then open."""
    return [(what, int(count)) for what, count in OPEN.findall(served.output())]


def wait_until(test: object, what: str, timeout: float = 90.0) -> None:
    """Poll ``test`` (a guard against hanging, not a measure)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if test():  # type: ignore[operator]
            return
        time.sleep(0.2)
    raise AssertionError(f"not in {timeout:.0f} s: {what}")


def closed_by_server(client: FletClient, timeout: float = 90.0) -> bool:
    """Read until the server closes the connection (True) or ``timeout`` passes."""
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            client.receive(0.5)
    except ConnectionClosed:
        return True
    return False


def test_a_tab_never_unlocked_is_closed_while_connected_and_its_session_freed(
    tmp_path: Path,
) -> None:
    served = start(
        tmp_path,
        env={
            "CANASTA_SCORER_ACCESS_CODE": "582049",
            "CANASTA_SCORER_UNLOCK_SECONDS": "3",
            "CANASTA_SCORER_LOG": "INFO",
        },
    )
    try:
        player = FletClient(served.ws, origin=served.origin, source="127.0.0.3")
        player.register()
        player.wait_text("Access code")
        unlock(player, "582049")
        player.wait_text(HOME_TEXT)

        idle = FletClient(served.ws, origin=served.origin, source="127.0.0.2")
        idle.register()
        idle.wait_text("Access code")
        # (the locked tab may already be closed again on a slow machine: it has 3 s)
        wait_until(lambda: ("opened", 2) in tabs(served), "both tabs open")
        # it stays connected (it answers pings) but never gives the code
        assert closed_by_server(idle), "the locked tab was never closed"
        wait_until(lambda: tabs(served)[-1:] == [("closed", 1)], "the locked tab's session freed")
        assert not idle.text_seen(HOME_TEXT)

        # the tab that gave the code is still served
        player.receive(0.5)
        seen = len(player.messages)
        button = next(player.find(_c="FilledTonalButton", content="New match"))
        player.click(button["_i"])
        player.wait_for(lambda _m: len(player.messages) > seen)
        assert tabs(served)[-1] == ("closed", 1)
        player.close()
    finally:
        assert served.stop() == 0
    assert "Traceback" not in served.output()


def drop(client: FletClient) -> None:
    """Cut the connection at once: no closing handshake, a TCP reset."""
    raw = client.ws.socket
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    raw.close()


def test_connections_dropped_during_a_burst_of_updates_leave_no_session(tmp_path: Path) -> None:
    make_match(tmp_path, 200)  # opening it sends a large scoreboard
    served = start(tmp_path, env={"FLET_SESSION_TIMEOUT": "1", "CANASTA_SCORER_LOG": "INFO"})
    try:
        dropped = 0
        for _ in range(8):
            client = FletClient(served.ws, origin=served.origin, timeout=30)
            client.register()
            client.wait_for(lambda _m, c=client: _resume(c) is not None, timeout=30)
            client.click(_resume(client) or 0)
            drop(client)  # while the scoreboard is being sent
            dropped += 1
        assert dropped == 8
        wait_until(
            lambda: (
                [w for w, _ in tabs(served)].count("opened") == 8
                and tabs(served)[-1] == ("closed", 0)
            ),
            "every dropped tab's session freed",
        )
        opened = [w for w, _ in tabs(served)].count("opened")
        assert [w for w, _ in tabs(served)].count("closed") == opened
    finally:
        assert served.stop() == 0
    assert "Traceback" not in served.output()


def _resume(client: FletClient) -> int | None:
    for control in client.find(_c="FilledButton"):
        if str(control.get("content", "")).startswith("Resume"):
            return int(control["_i"])
    return None


def test_one_device_may_keep_only_so_many_tabs_waiting_for_the_code(tmp_path: Path) -> None:
    """Tabs waiting for the code hold the server's memory: the 21st of one address is
    shown why and closed; another address is still asked for the code; a tab that
    gives the code, or is closed for never giving it, leaves its place to another."""
    served = start(
        tmp_path,
        env={
            "CANASTA_SCORER_ACCESS_CODE": "582049",
            "CANASTA_SCORER_UNLOCK_SECONDS": "30",
            "CANASTA_SCORER_LOG": "INFO",
        },
    )
    opened: list[FletClient] = []
    try:
        for _ in range(20):
            tab = FletClient(served.ws, origin=served.origin, source="127.0.0.5")
            opened.append(tab)
            tab.register()
            tab.wait_text("Access code")
        refused = FletClient(served.ws, origin=served.origin, source="127.0.0.5")
        refused.register()
        refused.wait_text("Too many tabs of this device are waiting for the access code")
        assert closed_by_server(refused, timeout=20), "the refused tab was not closed"
        assert not refused.text_seen("Access code")
        other = FletClient(served.ws, origin=served.origin, source="127.0.0.6")
        other.register()
        other.wait_text("Access code")  # another device is not held back
        other.close()

        unlock(opened[0], "582049")
        opened[0].wait_text(HOME_TEXT)  # given the code: its place is free
        again = FletClient(served.ws, origin=served.origin, source="127.0.0.5")
        again.register()
        again.wait_text("Access code")
        refused = FletClient(served.ws, origin=served.origin, source="127.0.0.5")
        refused.register()
        refused.wait_text("Too many tabs of this device")
        refused.close()
        # the waiting tabs closed for never giving the code leave their places
        wait_until(
            lambda: served.output().count("closing a tab not unlocked") >= 19,
            "the waiting tabs closed",
        )
        wait_until(lambda: tabs(served)[-1][1] <= 2, "their sessions freed")
        later = FletClient(served.ws, origin=served.origin, source="127.0.0.5")
        later.register()
        later.wait_text("Access code")
        later.close()
    finally:
        for tab in opened:
            tab.close()
        assert served.stop() == 0
    assert "Traceback" not in served.output()
    assert "refused a tab from 127.0.0.5: Too many tabs of this device" in served.output()


def _register_as(tab: FletClient, client_ip: str) -> None:
    """Register, and in the same write patch the page's client address (as a hostile
    page can): Flet applies the patch before the app reads the page."""
    import msgpack
    from websockets.frames import Frame, Opcode

    from .flet_client import PROPS, REGISTER

    hello = {
        "session_id": "",
        "page_name": "",
        "page": {"route": "/", "width": 420, "height": 860, "platform": "linux"},
    }
    frames = [
        [REGISTER, hello],
        [PROPS, {"id": 1, "props": {"client_ip": client_ip}}],
    ]
    tab.ws.socket.sendall(
        b"".join(
            Frame(Opcode.BINARY, b"\x00" + msgpack.packb(body)).serialize(mask=True)
            for body in frames
        )
    )
    tab.wait_for(lambda m: m[0] == REGISTER)


def test_a_tab_cannot_give_itself_another_address(tmp_path: Path) -> None:
    """The access gate counts a device by its connection's address, never by what the
    tab says it is: tabs that patch the page's client address, each a new one, are
    still one device's (the 21st waiting for the code is refused), and its wrong
    codes are counted against that device."""
    served = start(
        tmp_path,
        env={"CANASTA_SCORER_ACCESS_CODE": "582049", "CANASTA_SCORER_LOG": "INFO"},
    )
    opened: list[FletClient] = []
    try:
        for n in range(21):
            tab = FletClient(served.ws, origin=served.origin, source="127.0.0.9")
            opened.append(tab)
            _register_as(tab, f"10.9.9.{n}")
        opened[-1].wait_text("Too many tabs of this device are waiting for the access code")
        assert all(not tab.text_seen("Too many tabs") for tab in opened[:20])
    finally:
        for tab in opened:
            tab.close()
        assert served.stop() == 0
    output = served.output()
    assert "refused a tab from 127.0.0.9: Too many tabs of this device" in output
    assert "10.9.9." not in output


def test_a_tab_waiting_for_the_code_reads_and_writes_nothing_of_the_scores(
    tmp_path: Path,
) -> None:
    """Addresses a locked tab is opened at or moved to are opened only once the code
    is given: before, a match that is not there is not answered (it told which
    matches are), and a match's hand entry keeps no entry in the store."""
    import sqlite3

    from .flet_client import EVENT

    make_match(tmp_path, 3)  # match 1
    served = start(
        tmp_path, env={"CANASTA_SCORER_ACCESS_CODE": "582049", "CANASTA_SCORER_LOG": "INFO"}
    )
    try:
        tab = FletClient(served.ws, origin=served.origin)
        tab.register()
        tab.wait_text("Access code")
        for route in ("/match/99", "/matches?player=Zed", "/match/1/hand"):
            tab.send(EVENT, {"target": 1, "name": "route_change", "data": {"route": route}})
        seen = len(tab.messages)
        tab.settle(1.0)
        # the app moving the tab's address (to Home, for a match that is not there)
        answered = [m for m in tab.messages[seen:] if m[0] == 5 and "route" in m[1]["name"]]
        assert answered == [], answered
        drafts = sqlite3.connect(tmp_path / "canasta.db").execute(
            "SELECT count(*) FROM device_draft"
        )
        assert drafts.fetchone() == (0,)
        # the code given: the address moved to last is opened (hand 4 of match 1)
        unlock(tab, "582049")
        tab.wait_text("Hand 4")
        tab.close()
    finally:
        assert served.stop() == 0
    assert "Traceback" not in served.output()


def test_a_frame_larger_than_a_tab_ever_sends_closes_its_connection(tmp_path: Path) -> None:
    """A tab waiting for the code cannot park megabytes in the server: a field's text
    of 300 KiB (a frame over `WS_MAX_BYTES`) closes the connection; 100 KiB does not."""
    from canasta_scorer.ui.serving import WS_MAX_BYTES

    from .flet_client import PROPS

    served = start(tmp_path, env={"CANASTA_SCORER_ACCESS_CODE": "582049"})
    try:
        sizes = {100 * 1024: False, 300 * 1024: True}
        assert all((size > WS_MAX_BYTES) is closes for size, closes in sizes.items())
        for size, closes in sizes.items():
            tab = FletClient(served.ws, origin=served.origin)
            tab.register()
            tab.wait_text("Access code")
            field = next(tab.find(_c="TextField", label="Access code"))["_i"]
            tab.send(PROPS, {"id": field, "props": {"value": "7" * size}})
            assert closed_by_server(tab, timeout=5) is closes, size
            tab.close()
    finally:
        assert served.stop() == 0
    assert "Traceback" not in served.output()


def test_connections_with_no_request_under_way_are_closed(tmp_path: Path) -> None:
    """A device holding connections open without a request (half a request's head,
    nothing at all, a websocket that never registers) is cut off after the request
    seconds, so the server's open files are not used up; a browser's tab is not."""
    from websockets.sync.client import connect

    served = start(
        tmp_path, env={"CANASTA_SCORER_REQUEST_SECONDS": "1", "CANASTA_SCORER_LOG": "INFO"}
    )
    try:
        half = socket.create_connection(("127.0.0.1", served.port), timeout=10)
        half.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n".encode())
        silent = socket.create_connection(("127.0.0.1", served.port), timeout=10)
        mute = connect(served.ws, additional_headers={"Origin": served.origin}, legacy=True)
        tab = FletClient(served.ws, origin=served.origin)
        tab.register()
        tab.wait_text("New match")
        time.sleep(3.5)  # more than two rounds of the watch
        assert half.recv(100) == b"" and silent.recv(100) == b""  # closed by the server
        try:
            mute.recv(timeout=5)
            raise AssertionError("the websocket that never registered is still open")
        except ConnectionClosed:
            pass
        tab.send(3, {"target": 1, "name": "route_change", "data": {"route": "/checker"}})
        tab.wait_text("Take back the last card")  # the registered tab is served on
        tab.close()
        for sock in (half, silent):
            sock.close()
    finally:
        assert served.stop() == 0
    output = served.output()
    assert output.count("no request in 1 s") >= 2, output
    assert "it did not register in 1 s" in output, output
    assert "Traceback" not in output


def test_a_tab_reaches_no_other_tab_s_session(tmp_path: Path) -> None:
    """A hostile tab on the same server: a click on every control id another tab was
    sent changes nothing of that tab (ids are per session: it clicks its own screen);
    a session id it makes up, or another connected tab's, is not given to it; and what
    it did is not seen by the other tab."""
    served = start(tmp_path)
    try:
        victim = FletClient(served.ws, origin=served.origin)
        victim.register()
        victim.wait_text(HOME_TEXT)
        victim.settle(0.5)
        hostile = FletClient(served.ws, origin=served.origin)
        hostile.register("made-up-session")
        assert hostile.session_id not in ("made-up-session", victim.session_id)
        seen = len(victim.messages)
        for control in sorted(victim.controls):
            hostile.click(control)
        hostile.settle(1.0)
        victim.settle(1.0)
        assert victim.messages[seen:] == []  # nothing reached the other tab
        taker = FletClient(served.ws, origin=served.origin)
        taker.register(victim.session_id)  # the other tab is connected: not handed over
        assert taker.session_id != victim.session_id
        taker.settle(0.5)
        victim.settle(0.5)
        assert victim.messages[seen:] == []
        for tab in (victim, hostile, taker):
            tab.close()
    finally:
        assert served.stop() == 0
    assert "Traceback" not in served.output()
