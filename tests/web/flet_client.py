"""A bare Flet web client over a real websocket: registers like the browser does,
keeps every control the server sends (by id, merged as patches arrive), clicks,
types. Enough to drive the app without a browser (pinned flet: the wire protocol)."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import msgpack
from websockets.sync.client import ClientConnection, connect

REGISTER, PATCH, EVENT, PROPS, CRASHED = 1, 2, 3, 4, None


class FletClient:
    """One browser tab, without a browser."""

    def __init__(
        self,
        url: str,
        origin: str | None = None,
        timeout: float = 10.0,
        source: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        """Connect to ``url``; ``source`` is the local address to connect from (another
        loopback address, e.g. 127.0.0.2, looks like another device); ``headers`` are
        sent with the upgrade request besides ``Origin``."""
        headers = {**({"Origin": origin} if origin else {}), **(headers or {})}
        sock = None
        if source is not None:
            where = urlsplit(url)
            sock = socket.create_connection(
                (where.hostname, where.port), timeout=timeout, source_address=(source, 0)
            )
        self.ws: ClientConnection = connect(
            url,
            additional_headers=headers,
            open_timeout=timeout,
            max_size=None,
            legacy=True,
            sock=sock,
        )
        self.controls: dict[int, dict[str, Any]] = {}
        self.messages: list[list[Any]] = []
        self.raw: list[bytes] = []
        self.session_id = ""

    def register(self, session_id: str = "") -> None:
        """Say hello as the browser does; the reply carries the whole page."""
        self.send(
            REGISTER,
            {
                "session_id": session_id,
                "page_name": "",
                "page": {"route": "/", "width": 420, "height": 860, "platform": "linux"},
            },
        )
        reply = self.wait_for(lambda m: m[0] == REGISTER)
        self.session_id = reply[1]["session_id"]

    def send(self, action: int, body: Any) -> None:
        self.ws.send(b"\x00" + msgpack.packb([action, body]))

    def receive(self, timeout: float) -> list[Any] | None:
        """The next message, or None when none came in time."""
        try:
            data = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        assert isinstance(data, bytes)
        self.raw.append(data)
        if not data or data[0] != 0:
            return []
        message = msgpack.unpackb(data[1:], strict_map_key=False, ext_hook=lambda c, d: None)
        self.messages.append(message)
        self._collect(message)
        return list(message)

    def wait_for(self, test: Any, timeout: float = 10.0) -> Any:
        """Read messages until one passes ``test`` (returns it)."""
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            message = self.receive(left)
            if message and test(message):
                return message
        raise TimeoutError("no such message in time")

    def wait_text(self, text: str, timeout: float = 20.0) -> None:
        """Read messages until one carried ``text`` (TimeoutError if none did)."""
        if not self.text_seen(text):
            self.wait_for(lambda _m: self.text_seen(text), timeout)

    def settle(self, quiet: float = 0.3, timeout: float = 10.0) -> None:
        """Read until the server has been quiet for ``quiet`` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.receive(quiet) is None:
                return

    def _collect(self, node: Any) -> None:
        if isinstance(node, dict):
            if "_i" in node:
                self.controls.setdefault(node["_i"], {}).update(node)
            for value in node.values():
                self._collect(value)
        elif isinstance(node, list | tuple):
            for value in node:
                self._collect(value)

    def find(self, **props: Any) -> Iterator[dict[str, Any]]:
        """Controls whose properties have these values (``_c`` is the type), newest
        first (a re-rendered screen sends new controls with higher ids)."""
        for _, control in sorted(self.controls.items(), reverse=True):
            if all(control.get(k) == v for k, v in props.items()):
                yield control

    def text_seen(self, text: str) -> bool:
        """True when any message carried this text."""
        needle = text.encode()
        return any(needle in data for data in self.raw)

    def type_into(self, control_id: int, value: str) -> None:
        self.send(PROPS, {"id": control_id, "props": {"value": value}})
        self.send(EVENT, {"target": control_id, "name": "change", "data": value})

    def click(self, control_id: int) -> None:
        self.send(EVENT, {"target": control_id, "name": "click", "data": None})

    def close(self) -> None:
        self.ws.close()
