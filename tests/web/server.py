"""Start the real server (``canasta-scorer app --web``) as a subprocess for a test."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


#: What the app says when its port is taken (on one of the addresses it binds).
PORT_TAKEN = "choose another with --port"
#: Seconds a server may take to answer its first request (a bound, not a measure).
SERVER_TIMEOUT = 60.0


def free_port(host: str = "127.0.0.1") -> int:
    """A port nobody listens on now (on IPv4 and IPv6 loopback); another program may
    take it before the server binds it (`start` then tries another)."""
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
    """Serve a fresh SQLite database in ``tmp``; returns once HTTP answers.

    Another program may take the free port before the server binds it: then the server
    says so and stops, and it is started again on another port. Requests wait until the
    server has printed its address with that port (it has bound it), so that they never
    reach another program's server.
    """
    environment = dict(os.environ)
    environment.pop("CANASTA_SCORER_ACCESS_CODE", None)
    environment.pop("CANASTA_SCORER_CONFIG", None)
    environment.update(FLET_WEB_RENDERER="canvaskit", **(env or {}))
    for _attempt in range(3):
        port = free_port()
        log = tmp / f"server-{port}.log"
        command = [sys.executable, "-m", "canasta_scorer", "app", "--web", "--port", str(port)]
        if host is not None:
            command += ["--host", host]
        command += ["--db", f"sqlite:///{tmp / 'canasta.db'}", *args]
        with log.open("wb") as handle:
            process = subprocess.Popen(
                command, stdout=handle, stderr=subprocess.STDOUT, env=environment, cwd=tmp
            )
        served = Served(process, port, log)
        bound = re.compile(rf"http://\S+:{port}/")
        end = time.monotonic() + SERVER_TIMEOUT
        while time.monotonic() < end:
            if process.poll() is not None:
                if PORT_TAKEN in served.output():
                    break  # taken meanwhile: another port
                raise AssertionError(f"the server stopped: {served.output()}")
            if bound.search(served.output()):
                try:
                    status, _ = get(probe, port, "/")
                    if status == 200:
                        return served
                except OSError:
                    pass
            time.sleep(0.05)
        else:
            served.stop()
            raise AssertionError(f"the server did not answer: {served.output()}")
    raise AssertionError(f"no free port in 3 tries: {served.output()}")


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
