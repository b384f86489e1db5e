"""Start the real server (``canasta-scorer app --web``) as a subprocess for a test."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port(host: str = "127.0.0.1") -> int:
    """A port nobody listens on now (on IPv4 and IPv6 loopback)."""
    while True:
        with socket.socket() as probe:
            probe.bind((host, 0))
            port = int(probe.getsockname()[1])
        try:
            with socket.socket(socket.AF_INET6) as other:
                other.bind(("::1", port))
        except OSError:
            continue
        return port


@dataclass
class Served:
    """A running server."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def stop(self, timeout: float = 10.0) -> int:
        """SIGTERM, then wait; returns the exit status (kills it if it hangs)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                raise AssertionError("the server did not stop on SIGTERM") from None
        return int(self.process.returncode)


def start(
    tmp: Path,
    *args: str,
    host: str | None = "127.0.0.1",
    env: dict[str, str] | None = None,
    probe: str = "127.0.0.1",
) -> Served:
    """Serve a fresh SQLite database in ``tmp``; returns once HTTP answers."""
    port = free_port()
    log = tmp / f"server-{port}.log"
    command = [sys.executable, "-m", "canasta_scorer", "app", "--web", "--port", str(port)]
    if host is not None:
        command += ["--host", host]
    command += ["--db", f"sqlite:///{tmp / 'canasta.db'}", *args]
    environment = dict(os.environ)
    environment.pop("CANASTA_SCORER_ACCESS_CODE", None)
    environment.pop("CANASTA_SCORER_CONFIG", None)
    environment.update(FLET_WEB_RENDERER="canvaskit", **(env or {}))
    with log.open("wb") as handle:
        process = subprocess.Popen(
            command, stdout=handle, stderr=subprocess.STDOUT, env=environment, cwd=tmp
        )
    served = Served(process, port, log)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        if process.poll() is not None:
            raise AssertionError(f"the server stopped: {served.output()}")
        try:
            status, _ = get(probe, port, "/")
            if status == 200:
                return served
        except OSError:
            pass
        time.sleep(0.1)
    served.stop()
    raise AssertionError(f"the server did not answer: {served.output()}")


def get(
    host: str, port: int, path: str, headers: dict[str, str] | None = None
) -> tuple[int, bytes]:
    """(status, body) of a GET on the server."""
    connection = http.client.HTTPConnection(host, port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()
