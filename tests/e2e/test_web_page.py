"""The served page names the app: title, description, theme colour, web manifest and
icons, so a phone's "add to home screen" shows Canasta scorer; and served on every
address, the app prints the address phones can open, with its QR code."""

from __future__ import annotations

import json
import re
import struct
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

from canasta_scorer.ui.addresses import qr_code_text, reachable_addresses, url

from .browser import start_on_free_port, stop_server
from .conftest import AppPage, Server

GREEN = "#1B5E20"


def _get(address: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(address, timeout=10) as answer:
        return answer.status, answer.headers.get("content-type", ""), answer.read()


def _meta(page: str, name: str) -> str | None:
    found = re.search(rf'<meta name="{name}" content="([^"]*)"', page)
    return found.group(1) if found else None


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_page_names_the_app(server: Server) -> None:
    status, _, body = _get(server.url)
    page = body.decode("utf-8")
    assert status == 200
    title = re.search(r"<title>(.*)</title>", page)
    assert title is not None and title.group(1) == "Canasta scorer"
    assert _meta(page, "description") == (
        "Score and check Canasta hands and matches played with real cards."
    )
    assert _meta(page, "apple-mobile-web-app-title") == "Canasta scorer"
    assert _meta(page, "theme-color") == GREEN
    assert "Flet" not in page.split("<script")[0]  # nothing of the page's head says Flet
    # The server filled in its settings: the page is the one it serves the app with.
    assert 'flet.webSocketEndpoint="/ws";' in page and "<!-- fletAppConfig -->" not in page


def test_the_web_manifest_and_its_icons(server: Server) -> None:
    status, kind, body = _get(server.url + "manifest.json")
    manifest = json.loads(body)
    assert status == 200 and "json" in kind
    assert manifest["name"] == manifest["short_name"] == "Canasta scorer"
    assert manifest["theme_color"] == manifest["background_color"] == GREEN
    assert manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        status, kind, data = _get(server.url + icon["src"])
        width, height = _png_size(data)
        assert (status, kind, f"{width}x{height}") == (200, "image/png", icon["sizes"])
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes  # what browsers ask of an installable app
    for path in ("favicon.png", "icons/apple-touch-icon-192.png"):
        status, kind, data = _get(server.url + path)
        assert (status, kind) == (200, "image/png")
        assert data == (Path(__file__).parents[2] / "assets" / path).read_bytes()


def test_the_browser_shows_the_app_under_its_name(app: AppPage) -> None:
    app.open()  # the app's first screen shows from this page
    assert app.page.title() == "Canasta scorer"
    manifest = app.page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    assert manifest["name"] == "Canasta scorer"


def test_served_on_every_address_it_prints_the_phones_address_and_its_qr_code(
    tmp_path: Path,
) -> None:
    log = tmp_path / "server.log"
    command = [sys.executable, "-m", "canasta_scorer", "app", "--web", "--host", "0.0.0.0"]
    command += ["--db", f"sqlite:///{tmp_path / 'canasta.db'}"]
    command += ["--access-code", "042137"]
    process, served_at = start_on_free_port(command, log)
    port = urlsplit(served_at).port
    try:
        addresses = reachable_addresses("0.0.0.0")
        deadline = time.monotonic() + 20
        text = log.read_text(encoding="utf-8")
        while "Ctrl+C" not in text and time.monotonic() < deadline:
            time.sleep(0.1)
            text = log.read_text(encoding="utf-8")
        assert f"On this computer: http://127.0.0.1:{port}/" in text
        if not addresses:
            assert "No network address was found" in text
            return
        phones = url(addresses[0], port)
        assert f"On phones and tablets on the same Wi-Fi: {phones}" in text
        assert "http://127.0.0.1" not in text.split("Wi-Fi:")[1].split("\n")[0]
        code = qr_code_text(phones)
        assert code is not None and code in text
        # The address printed for phones really serves the app.
        status, _, body = _get(phones)
        assert status == 200 and b"<title>Canasta scorer</title>" in body
    finally:
        stop_server(process)
