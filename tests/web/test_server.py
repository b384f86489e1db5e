"""The web server, tested against the real thing: ``canasta-scorer app --web`` in a
subprocess on a free loopback port, driven by raw HTTP and websocket clients."""

from __future__ import annotations

import base64
import http.client
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus

from .flet_client import FletClient
from .server import Served, free_port, get, start

HOME_TEXT = "New match"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The server on 127.0.0.1, no access code: one for the module's tests that only
    look at what it refuses and serves (none of them changes it)."""
    server = start(tmp_path_factory.mktemp("served"))
    yield server
    server.stop()


def upgrade(port: int, host_header: str, origin: str | None) -> int:
    """The status of a websocket handshake sent by hand (any Host header)."""
    return upgrade_answer(port, host_header, origin)[0]


def upgrade_answer(
    port: int, host_header: str, origin: str | None
) -> tuple[int, dict[str, list[str]], bytes]:
    """A websocket handshake sent by hand (any Host header): the answer's status,
    its headers (lower-case names, every value) and its body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {
        "Host": host_header,
        "Connection": "Upgrade",
        "Upgrade": "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
    }
    if origin is not None:
        headers["Origin"] = origin
    try:
        connection.putrequest("GET", "/ws", skip_host=True)
        for key, value in headers.items():
            connection.putheader(key, value)
        connection.endheaders()
        answer = connection.getresponse()
        headers: dict[str, list[str]] = {}
        for key, value in answer.getheaders():
            headers.setdefault(key.lower(), []).append(value)
        return answer.status, headers, answer.read()
    finally:
        connection.close()


# --- Origin and Host ----------------------------------------------------------------------


def test_a_page_of_another_site_cannot_open_the_websocket(served: Served) -> None:
    with pytest.raises(InvalidStatus) as refused:
        FletClient(served.ws, origin="http://evil.example.com")
    assert refused.value.response.status_code == 403
    # the same port on another name is another site too
    with pytest.raises(InvalidStatus):
        FletClient(served.ws, origin=f"http://evil.example.com:{served.port}")
    with pytest.raises(InvalidStatus):
        FletClient(served.ws, origin="null")


def test_the_app_s_own_page_opens_the_websocket_and_sees_the_matches(served: Served) -> None:
    client = FletClient(served.ws, origin=served.origin)
    client.register()
    client.wait_text(HOME_TEXT)
    client.close()
    other = FletClient(f"ws://localhost:{served.port}/ws", origin=f"http://localhost:{served.port}")
    other.register()
    other.close()


def test_a_foreign_host_header_is_refused_for_pages_and_websocket(served: Served) -> None:
    port = served.port
    assert get("127.0.0.1", port, "/")[0] == 200
    assert get("127.0.0.1", port, "/", {"Host": f"localhost:{port}"})[0] == 200
    # DNS rebinding: a site's own name pointed at 127.0.0.1
    status, body = get("127.0.0.1", port, "/", {"Host": f"evil.example.com:{port}"})
    assert status == 403
    assert b"Traceback" not in body
    assert get("127.0.0.1", port, "/", {"Host": "127.0.0.1:1"})[0] == 403
    assert get("127.0.0.1", port, "/", {"Host": "192.0.2.99"})[0] == 403
    assert upgrade(port, f"evil.example.com:{port}", None) == 403
    assert upgrade(port, f"127.0.0.1:{port}", "http://evil.example.com") == 403
    assert upgrade(port, f"127.0.0.1:{port}", f"http://127.0.0.1:{port}") == 101


def test_a_malformed_origin_or_host_header_is_refused_without_a_traceback(
    served: Served,
) -> None:
    port = served.port
    host = f"127.0.0.1:{port}"
    origins = ["http://[::1", f"http://[::1:{port}", "http://127.0.0.1:\xb2", "http://[zz]"]
    hosts = ["[::1", f"[::1:{port}", "127.0.0.1:\xb2", "127.0.0.1:1:2", "[zz]", "\xff"]
    pages = [get("127.0.0.1", port, "/", {"Host": host, "Origin": o})[0] for o in origins]
    pages += [get("127.0.0.1", port, "/", {"Host": h})[0] for h in hosts]
    sockets = [upgrade(port, host, o) for o in origins] + [upgrade(port, h, None) for h in hosts]
    assert pages == [403] * (len(origins) + len(hosts))
    assert sockets == [403] * (len(origins) + len(hosts))
    output = served.output()
    for never in ("Traceback", "Exception in ASGI", "ERROR"):
        assert never not in output, output


def test_a_page_of_another_site_cannot_fetch_the_app(served: Served) -> None:
    status, _ = get("127.0.0.1", served.port, "/", {"Origin": "http://evil.example.com"})
    assert status == 403
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    connection.request("GET", "/")
    response = connection.getresponse()
    response.read()
    connection.close()
    # no blanket permission for other sites to read what is served
    assert response.getheader("Access-Control-Allow-Origin") is None


def response(
    port: int, method: str, path: str, headers: dict[str, str] | None = None
) -> http.client.HTTPResponse:
    """The response (read) to a request on the server."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(
            method, path, body=b"" if method != "GET" else None, headers=headers or {}
        )
        answer = connection.getresponse()
        answer.read()
        return answer
    finally:
        connection.close()


def test_no_page_may_show_the_app_in_a_frame(served: Served) -> None:
    """Clickjacking: every HTTP response the server sends (the page, its assets, an
    address of a screen, a refusal, an error) forbids every page to frame it."""
    port = served.port
    answers = {
        "page": response(port, "GET", "/"),
        "script": response(port, "GET", "/main.dart.js"),
        "manifest": response(port, "GET", "/manifest.json"),
        "a screen's address": response(port, "GET", "/checker"),
        "another site's page": response(port, "GET", "/", {"Origin": "http://evil.example.com"}),
        "another name": response(port, "GET", "/", {"Host": f"evil.example.com:{port}"}),
        "an unsigned upload": response(port, "PUT", "/upload"),
        "a method not served": response(port, "DELETE", "/ws"),
    }
    statuses = {what: answer.status for what, answer in answers.items()}
    assert statuses == {
        "page": 200,
        "script": 200,
        "manifest": 200,
        "a screen's address": 200,
        "another site's page": 403,
        "another name": 403,
        "an unsigned upload": 400,
        "a method not served": 405,
    }
    for what, answer in answers.items():
        assert answer.getheader("X-Frame-Options") == "DENY", what
        assert answer.getheader("Content-Security-Policy") == "frame-ancestors 'none'", what
        assert len(answer.headers.get_all("X-Frame-Options") or []) == 1, what
        assert answer.getheader("X-Content-Type-Options") == "nosniff", what
        assert len(answer.headers.get_all("X-Content-Type-Options") or []) == 1, what
        assert answer.getheader("Referrer-Policy") == "no-referrer", what
        assert answer.getheader("Server") is None, what  # nothing said of what serves


def test_a_refused_websocket_handshake_may_not_be_framed_either(served: Served) -> None:
    """The 403 for a websocket from another site's page, or under another name, is the
    app's own answer: the frame headers and the reason in words."""
    port = served.port
    for host, origin, reason in [
        (f"127.0.0.1:{port}", "http://evil.example.com", b"requests from other web pages"),
        (f"evil.example.com:{port}", None, b"not reached by that name"),
    ]:
        status, headers, body = upgrade_answer(port, host, origin)
        assert status == 403, host
        assert headers.get("x-frame-options") == ["DENY"], host
        assert headers.get("content-security-policy") == ["frame-ancestors 'none'"], host
        assert body.startswith(b"Forbidden: ") and reason in body, body


def test_a_request_the_server_cannot_read_may_not_be_framed_either(served: Served) -> None:
    """uvicorn's own 400, sent for bytes that are not HTTP before the app sees them,
    carries the frame headers and closes the connection."""
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as connection:
        connection.sendall(b"\x16\x03\x01 not HTTP at all\r\n\r\n")
        answer = b""
        while chunk := connection.recv(4096):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    assert lines[0] == "HTTP/1.1 400 Bad Request"
    assert headers["x-frame-options"] == "deny"
    assert headers["content-security-policy"] == "frame-ancestors 'none'"
    assert int(headers["content-length"]) == len(body) > 0


@pytest.mark.parametrize(
    "implementation", ["h11_impl:H11Protocol", "httptools_impl:HttpToolsProtocol"]
)
def test_both_of_uvicorn_s_http_protocols_frame_their_400(implementation: str) -> None:
    """Whichever HTTP protocol uvicorn uses (httptools' when installed, else h11's),
    its 400 is the framed one, written whole and the connection closed."""
    import importlib

    from canasta_scorer.ui.serving import framed_http_protocol, unreadable_request_answer

    module, name = implementation.split(":")
    base = getattr(importlib.import_module(f"uvicorn.protocols.http.{module}"), name)
    framed = framed_http_protocol(base)
    assert issubclass(framed, base)

    class Transport:
        written = b""
        closed = False

        def write(self, data: bytes) -> None:
            self.written += data

        def close(self) -> None:
            self.closed = True

    protocol = framed.__new__(framed)
    transport = Transport()
    protocol.transport = transport  # type: ignore[attr-defined]
    protocol.send_400_response("Invalid HTTP request received.")  # type: ignore[attr-defined]
    assert transport.closed
    assert transport.written == unreadable_request_answer("Invalid HTTP request received.")
    assert b"\r\nx-frame-options: DENY\r\n" in transport.written
    assert transport.written.endswith(b"\r\n\r\nInvalid HTTP request received.")


# --- the access code ----------------------------------------------------------------------


def unlock(client: FletClient, code: str) -> str:
    """Type a code and press Unlock; returns what the app sent back (as text)."""
    field = next(client.find(_c="TextField", label="Access code"))
    button = next(client.find(_c="FilledButton", content="Unlock"))
    client.type_into(field["_i"], code)
    client.settle(0.2)  # the browser too sends the click after the typing is taken in
    seen = len(client.messages)
    client.click(button["_i"])
    client.settle(1.0)  # quiet for a second: the reply, if any, has come
    return " | ".join(str(message) for message in client.messages[seen:])


def test_a_code_given_on_loopback_is_asked_for_and_never_printed(tmp_path: Path) -> None:
    server = start(tmp_path, env={"CANASTA_SCORER_ACCESS_CODE": "731904"})
    try:
        client = FletClient(server.ws, origin=server.origin)
        client.register()
        client.wait_text("Access code")
        client.settle()
        assert not client.text_seen(HOME_TEXT)
        assert "That is not the access code." in unlock(client, "111111")
        assert "Too many" not in unlock(client, "111112")
        assert not client.text_seen(HOME_TEXT)
        unlock(client, "731904")
        client.wait_text(HOME_TEXT)
        client.close()
    finally:
        server.stop()
    assert "731904" not in server.output()


def test_the_code_from_a_file_is_asked_for(tmp_path: Path) -> None:
    (tmp_path / "code.txt").write_text("hearts-and-spades\n", encoding="utf-8")
    server = start(tmp_path, "--access-code-file", str(tmp_path / "code.txt"))
    try:
        client = FletClient(server.ws, origin=server.origin)
        client.register()
        client.wait_text("Access code")
        client.settle()
        assert not client.text_seen(HOME_TEXT)
        unlock(client, "hearts-and-spades")
        client.wait_text(HOME_TEXT)
    finally:
        server.stop()
    assert "hearts-and-spades" not in server.output()


def test_a_code_file_saved_with_a_byte_order_mark_holds_the_code_without_it(
    tmp_path: Path,
) -> None:
    """An editor that saves UTF-8 with a byte order mark (Notepad): the code is the
    text after it, and the mark typed in front of the code is refused."""
    (tmp_path / "code.txt").write_bytes(b"\xef\xbb\xbfsecret1\n")
    server = start(tmp_path, "--access-code-file", str(tmp_path / "code.txt"))
    try:
        client = FletClient(server.ws, origin=server.origin)
        client.register()
        client.wait_text("Access code")
        assert "That is not the access code." in unlock(client, "\ufeffsecret1")
        assert not client.text_seen(HOME_TEXT)
        unlock(client, "secret1")
        client.wait_text(HOME_TEXT)
    finally:
        server.stop()


def _start_refused(tmp: Path, *args: str, env: dict[str, str] | None = None) -> str:
    """Start the server with these options; it must refuse to start (exit status 2,
    no traceback): what it said."""
    environment = {
        k: v
        for k, v in os.environ.items()
        if k not in {"CANASTA_SCORER_ACCESS_CODE", "CANASTA_SCORER_CONFIG"}
    }
    command = [sys.executable, "-m", "canasta_scorer", "app", "--web"]
    done = subprocess.run(
        [*command, "--port", str(free_port()), "--db", f"sqlite:///{tmp / 'canasta.db'}", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**environment, **(env or {})},
        cwd=tmp,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 2, said
    assert "Traceback" not in said, said
    return said


@pytest.mark.parametrize(
    ("where", "code"),
    [
        ("file", "secret\x001"),
        ("file", "secret\x07bell"),
        ("file", "secret\u200b1"),
        ("option", "secret\x1b[1m"),
        ("environment", "secret\tcode"),
    ],
)
def test_a_code_with_a_control_character_is_refused_at_start(
    tmp_path: Path, where: str, code: str
) -> None:
    if where == "file":
        (tmp_path / "code.txt").write_text(code + "\n", encoding="utf-8")
        said = _start_refused(tmp_path, "--access-code-file", str(tmp_path / "code.txt"))
    elif where == "option":
        said = _start_refused(tmp_path, "--access-code", code)
    else:
        said = _start_refused(tmp_path, env={"CANASTA_SCORER_ACCESS_CODE": code})
    place = next(i for i, c in enumerate(code, start=1) if not c.isprintable())
    assert (
        f"an access code cannot hold a control character (character {place} is "
        f"U+{ord(code[place - 1]):04X}): it cannot be typed in a browser; choose another"
    ) in said, said


def test_one_client_s_wrong_codes_do_not_lock_out_another(tmp_path: Path) -> None:
    server = start(tmp_path, env={"CANASTA_SCORER_ACCESS_CODE": "246813"})
    try:
        attacker = FletClient(server.ws, origin=server.origin, source="127.0.0.2")
        attacker.register()
        attacker.wait_text("Access code")
        assert "That is not the access code." in unlock(attacker, "0000")
        for _ in range(3):
            assert "Too many" not in unlock(attacker, "0000")
        assert "Too many wrong codes: this device may try again 60 s after this message." in unlock(
            attacker, "0000"
        )
        # locked out now: even the right code waits
        unlock(attacker, "246813")
        assert not attacker.text_seen(HOME_TEXT)
        # another device (address) is not held back
        player = FletClient(server.ws, origin=server.origin, source="127.0.0.3")
        player.register()
        player.wait_text("Access code")
        unlock(player, "246813")
        player.wait_text(HOME_TEXT)
        # and a second tab of the locked-out device waits too
        again = FletClient(server.ws, origin=server.origin, source="127.0.0.2")
        again.register()
        again.wait_text("Access code")
        assert "Too many wrong codes" in unlock(again, "246813")
        assert not again.text_seen(HOME_TEXT)
    finally:
        server.stop()


@pytest.mark.parametrize("spelling", ["", "0.0.0.0", "::", "::ffff:0.0.0.0"])
def test_every_address_asks_for_a_generated_code(tmp_path: Path, spelling: str) -> None:
    server = start(tmp_path, host=spelling)
    try:
        match = re.search(r"access code (\d{6})", server.output())
        assert match, server.output()
        # the addresses printed are ones a phone can open, never the mapped form
        assert "::ffff:" not in server.output() and "0.0.0.0" not in server.output()
        client = FletClient(server.ws, origin=server.origin)
        client.register()
        client.wait_text("Access code")
        client.settle()
        assert not client.text_seen(HOME_TEXT)
        unlock(client, match.group(1))
        client.wait_text(HOME_TEXT)
    finally:
        server.stop()


def test_the_mapped_form_of_loopback_is_this_computer_only(tmp_path: Path) -> None:
    server = start(tmp_path, host="::ffff:127.0.0.1")
    try:
        assert "access code" not in server.output()
        assert f"open http://127.0.0.1:{server.port}/ in a browser" in server.output()
        client = FletClient(server.ws, origin=server.origin)
        client.register()
        client.wait_text(HOME_TEXT)
    finally:
        server.stop()


def test_an_empty_host_in_flet_toml_asks_for_a_code(tmp_path: Path) -> None:
    (tmp_path / "flet.toml").write_text('[web]\nhost = ""\n', encoding="utf-8")
    server = start(tmp_path, host=None)
    try:
        assert re.search(r"access code \d{6}", server.output()), server.output()
        client = FletClient(server.ws, origin=server.origin)
        client.register()
        client.wait_text("Access code")
        client.settle()
        assert not client.text_seen(HOME_TEXT)
    finally:
        server.stop()


# --- stopping -----------------------------------------------------------------------------


def test_sigterm_stops_the_server_with_a_browser_connected(tmp_path: Path) -> None:
    server = start(tmp_path)
    client = FletClient(server.ws, origin=server.origin)
    client.register()
    client.settle()
    began = time.monotonic()
    status = server.stop(timeout=10)
    took = time.monotonic() - began
    assert took <= 5.0, f"took {took:.1f} s"
    assert status == 0
    assert "Traceback" not in server.output()


@pytest.mark.parametrize("code", ["", "   ", "1", "12345"])
def test_an_empty_or_short_chosen_code_is_refused(tmp_path: Path, code: str) -> None:
    port = str(free_port())
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "canasta_scorer",
            "app",
            "--web",
            "--port",
            port,
            "--db",
            f"sqlite:///{tmp_path / 'canasta.db'}",
            "--access-code",
            code,
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "an access code needs at least 6 characters" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_forwarded_for_header_gives_no_fresh_address(tmp_path: Path) -> None:
    server = start(tmp_path, env={"CANASTA_SCORER_ACCESS_CODE": "246813"})
    try:
        # from 127.0.0.1, the address uvicorn would believe a forwarded header from
        attacker = FletClient(server.ws, origin=server.origin, source="127.0.0.1")
        attacker.register()
        attacker.wait_text("Access code")
        for _ in range(4):
            unlock(attacker, "0000")
        assert "Too many wrong codes" in unlock(attacker, "0000")
        # the same device naming another address in X-Forwarded-For is still that device
        disguised = FletClient(
            server.ws,
            origin=server.origin,
            source="127.0.0.1",
            headers={"X-Forwarded-For": "10.9.9.9"},
        )
        disguised.register()
        disguised.wait_text("Access code")
        assert "Too many wrong codes" in unlock(disguised, "246813")
        assert not disguised.text_seen(HOME_TEXT)
    finally:
        server.stop()


def test_behind_a_named_proxy_each_forwarded_address_is_a_client(tmp_path: Path) -> None:
    server = start(
        tmp_path,
        env={"CANASTA_SCORER_ACCESS_CODE": "246813", "FORWARDED_ALLOW_IPS": "127.0.0.4"},
    )
    try:
        # the proxy at 127.0.0.4 passes on two devices: one's lockout holds back only it
        attacker = FletClient(
            server.ws,
            origin=server.origin,
            source="127.0.0.4",
            headers={"X-Forwarded-For": "192.168.1.20"},
        )
        attacker.register()
        attacker.wait_text("Access code")
        for _ in range(4):
            unlock(attacker, "0000")
        assert "Too many wrong codes" in unlock(attacker, "0000")
        player = FletClient(
            server.ws,
            origin=server.origin,
            source="127.0.0.4",
            headers={"X-Forwarded-For": "192.168.1.21"},
        )
        player.register()
        player.wait_text("Access code")
        unlock(player, "246813")
        player.wait_text(HOME_TEXT)
    finally:
        server.stop()


# --- files sent to import -----------------------------------------------------------------


def put(port: int, path: str, body: bytes, headers: dict[str, str] | None = None) -> int:
    """The status of a PUT on the server."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("PUT", path, body=body, headers=headers or {})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_a_file_is_received_only_at_an_address_the_app_signed(tmp_path: Path) -> None:
    """Files to import reach the server only at an upload address the app gave a tab
    (signed with the server's secret, past the access gate): an unsigned or forged
    one, or one sent from another site, is refused and nothing is written."""
    folder = tmp_path / "uploads"
    folder.mkdir()
    server = start(tmp_path, env={"FLET_UPLOAD_DIR": str(folder)})
    try:
        body = b'{"sides": []}'
        assert put(server.port, "/upload", body) == 400
        forged = "/upload?f=match.json&e=2099-01-01T00%3A00%3A00%2B00%3A00&s=" + "0" * 64
        assert put(server.port, forged, body) == 403
        assert put(server.port, forged, body, {"Origin": "http://evil.example.com"}) == 403
        assert list(folder.iterdir()) == []
    finally:
        server.stop()


def test_fastapi_s_own_pages_are_not_served(served: Served) -> None:
    """No API description nor the pages that show it (their scripts come from a CDN),
    nor an OAuth return address: each is an address the app does not know, answered
    with the app's page (or, for a file's name, as a file not there)."""
    port = served.port
    page = get("127.0.0.1", port, "/")[1]
    for path in ("/docs", "/redoc", "/docs/oauth2-redirect"):
        assert get("127.0.0.1", port, path) == (200, page), path
    # a file name the app does not have: not found, as /nothing.json
    status, body = get("127.0.0.1", port, "/openapi.json")
    assert (status, body) == get("127.0.0.1", port, "/nothing.json")
    assert status == 404 and b"openapi" not in body.lower()
    status, body = get("127.0.0.1", port, "/oauth_callback?code=x&state=y")
    assert status == 200 and body == page
