"""The plumbing shared by the browser tests and ``tests/benchmarks/ui_speed.py``: serving a
Flet app as a subprocess, and launching Debian's Chromium for Playwright.

Facts this rests on were measured on this machine (see the Flet web recipe): the
CanvasKit renderer (skwasm paints frames that lag the semantics tree and loses typed
values), Chromium's flags, and Flutter's semantics tree, switched on by clicking its
hidden placeholder until the app's first control shows.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("CANASTA_SCORER_CHROMIUM", "/usr/bin/chromium"))
#: Flags that work with Debian's Chromium as root, offline, in a container.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
#: Seconds to wait for a server to answer.
SERVER_TIMEOUT = 60.0
#: In-page: click Flutter's "Enable accessibility" placeholder (1×1 px at -1,-1, so from
#: JavaScript) on every animation frame until the app's first control (a button in the
#: semantics tree) shows; resolves with ``performance.now()`` at that moment, or null
#: after ``timeout`` ms.
ENABLE_SEMANTICS_JS = """(timeout) => new Promise(resolve => {
    const start = performance.now();
    function look() {
        if (document.querySelector('flt-semantics[role=button]')) {
            resolve(performance.now());
        } else if (performance.now() - start > timeout) {
            resolve(null);
        } else {
            document.querySelector('flt-semantics-placeholder')?.click();
            requestAnimationFrame(look);
        }
    }
    look();
})"""


#: What the app says when its port is taken (on one of the addresses it binds).
PORT_TAKEN = "choose another with --port"


def free_port() -> int:
    """A TCP port nobody listens on now (another program may take it before it is used:
    `start_on_free_port` then tries another)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def web_env() -> dict[str, str]:
    """The environment for a served Flet app under test: CanvasKit, no browser opened."""
    return dict(os.environ, FLET_WEB_RENDERER="canvaskit", FLET_FORCE_WEB_SERVER="true")


def wait_http(url: str, process: subprocess.Popen[bytes], timeout: float = SERVER_TIMEOUT) -> None:
    """Wait until ``url`` answers 200 (``process`` must stay alive meanwhile).

    Raises:
        RuntimeError: the process ended, or ``timeout`` seconds passed.
    """
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        with (
            contextlib.suppress(OSError, urllib.error.URLError),
            urllib.request.urlopen(url, timeout=2) as answer,
        ):
            if answer.status == 200:
                return
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not answer in {timeout} s")
        time.sleep(0.02)


def start_server(command: list[str], log: Path, url: str) -> subprocess.Popen[bytes]:
    """Start a web server process (output to ``log``) and wait until it has printed its
    address on ``url``'s port (it has bound it) and ``url`` answers 200.

    Raises:
        RuntimeError: it did not answer; the message holds its output.
    """
    with log.open("wb") as handle:
        process = subprocess.Popen(
            command, stdout=handle, stderr=subprocess.STDOUT, env=web_env(), cwd=ROOT
        )
    try:
        wait_bound(log, process, urlsplit(url).port or 80)
        wait_http(url, process)
    except RuntimeError as error:
        stop_server(process)
        raise RuntimeError(f"{' '.join(command)}: {error}:\n{log.read_text()}") from None
    return process


def wait_bound(log: Path, process: subprocess.Popen[bytes], port: int) -> None:
    """Wait until the app has printed its address on ``port`` (it has bound it).

    Raises:
        RuntimeError: the process ended first, or `SERVER_TIMEOUT` seconds passed.
    """
    bound = re.compile(rf"http://\S+:{port}/")
    deadline = time.monotonic() + SERVER_TIMEOUT
    while not bound.search(log.read_text(encoding="utf-8", errors="replace")):
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server printed no address in {SERVER_TIMEOUT} s")
        time.sleep(0.02)


def start_on_free_port(command: list[str], log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``canasta-scorer app --web`` (``command``, without ``--port``) on a free
    port, and wait until it answers 200 there.

    Another program may take the port before the app binds it: the app then says so
    and stops, and it is started again on another port. Requests wait until the app has
    printed its address (it has bound the port), so that they never reach another
    program's server.

    Returns:
        The process and the app's address (``http://127.0.0.1:PORT/``).

    Raises:
        RuntimeError: it did not answer; the message holds its output.
    """
    output = ""
    for _attempt in range(3):
        port = free_port()
        url = f"http://127.0.0.1:{port}/"
        with log.open("wb") as handle:
            process = subprocess.Popen(
                [*command, "--port", str(port)],
                stdout=handle,
                stderr=subprocess.STDOUT,
                env=web_env(),
                cwd=ROOT,
            )
        try:
            wait_bound(log, process, port)
            wait_http(url, process)
        except RuntimeError as error:
            stop_server(process)
            output = log.read_text(encoding="utf-8", errors="replace")
            if PORT_TAKEN in output:  # taken meanwhile: another port
                continue
            raise RuntimeError(f"{' '.join(command)}: {error}:\n{output}") from None
        return process, url
    raise RuntimeError(f"{' '.join(command)}: no free port in 3 tries:\n{output}")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """Stop a server (SIGTERM, then SIGKILL after 10 s)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
