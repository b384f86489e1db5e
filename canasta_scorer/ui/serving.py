"""Serving the browser version safely: where it listens, who may use it, how it stops.

The app is served through Flet's ASGI app under uvicorn, on sockets opened here so
that "this machine only or not" is decided by the addresses actually bound:

- **Addresses.** ``host`` is resolved as the server binds it (an empty host or ``::``
  or ``0.0.0.0`` is every address; a name is every address it resolves to). Only when
  every bound address is a loopback one is the app private to this machine; otherwise
  every visitor is asked for the access code (generated and printed when none was
  given). A code that was given is asked for on loopback too (e.g. behind a proxy).
- **Other web pages.** Every HTTP and websocket request must name this server in its
  ``Host`` header (DNS rebinding), and a request from a browser page (``Origin``) must
  come from a page of this server; others are refused with 403. A websocket frame
  that is not Flet's protocol, or that Flet cannot read, or any frame but a
  registration before the connection registered, closes its connection at once
  (one log line; nothing of the connection stays running).
- **Wrong codes.** Counted per client address: after a few wrong codes a client
  waits, longer each time. Counted over all clients too: while many wrong codes come
  from many addresses, only the addresses that gave the code before may try one, so
  no client that gave the code is held back by others' failures.
- **Sessions.** A tab that never unlocked is forgotten a minute after it disconnects,
  and closed (its session dropped) a few minutes after it opened even while it stays
  connected; any other tab is forgotten a few minutes after it disconnects (what is
  typed is kept in the store anyway). A connection Flet stopped serving without
  disconnecting its session (a send failed on a closing socket) is disconnected here.
- **Stopping.** SIGTERM or Ctrl+C closes every connection and stops within a few
  seconds; a save in progress finishes first, or gives up at once if it is waiting
  for another program's save (nothing of it is written).
- **Failures.** An error in a screen or a handler is logged here, on the server;
  the browser gets a plain message and a way back, never a traceback or a path.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import ctypes
import errno
import gc
import hmac
import ipaddress
import logging
import os
import signal
import socket
import sys
import threading
import time
import unicodedata
import weakref
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Iterator, MutableMapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import _, ngettext, quote

__all__ = [
    "AccessGate",
    "ClientGate",
    "ForgedEvent",
    "HostGuard",
    "Listener",
    "SessionEdge",
    "check_access_code",
    "check_event_data",
    "is_loopback",
    "listen",
    "plain_host",
    "read_access_code",
    "serve_web",
    "upload_folder",
]

log = logging.getLogger("canasta_scorer")

#: How long a disconnected tab that never gave the access code is kept (seconds).
LOCKED_SESSION_SECONDS = 60
#: How long a tab may stay connected without giving the access code (seconds);
#: ``CANASTA_SCORER_UNLOCK_SECONDS`` sets another.
UNLOCK_SECONDS = 180
ENV_UNLOCK = "CANASTA_SCORER_UNLOCK_SECONDS"
#: The environment variable naming the level of the server's own log (e.g. INFO:
#: tabs opened and closed, with the number open); warnings and errors by default.
ENV_LOG = "CANASTA_SCORER_LOG"
#: The environment variable naming the reverse proxies whose ``X-Forwarded-For`` is
#: believed (uvicorn's own: addresses separated by commas, or ``*``); unset, a
#: client's address is always its connection's.
ENV_PROXIES = "FORWARDED_ALLOW_IPS"
#: How long any other disconnected tab is kept for a reconnect (seconds).
SESSION_SECONDS = 300
#: How long connections get to close when the server is told to stop (seconds).
GRACEFUL_SECONDS = 2
#: How long Flet's handling of a connection it stopped reading (a frame it could not
#: read) may take to end by itself before it is cancelled (seconds).
FLET_STOP_SECONDS = 1.0
#: The longest an access code file may be (bytes).
CODE_FILE_LIMIT = 1024

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


# --- addresses --------------------------------------------------------------------------


def plain_host(host: str) -> str:
    """``host`` with an IPv4-mapped IPv6 address (``::ffff:0.0.0.0``,
    ``[::ffff:192.168.1.5]``) written as the IPv4 address it stands for, which is what it
    serves: it is then bound, gated and printed as that address is (``0.0.0.0`` is
    every address, ``127.0.0.1`` this machine only; a phone cannot open an address of
    the mapped form). Any other host is returned as given.

    >>> plain_host("::ffff:0.0.0.0"), plain_host("[::FFFF:127.0.0.1]"), plain_host("::1")
    ('0.0.0.0', '127.0.0.1', '::1')
    """
    try:
        address = ipaddress.ip_address(host.strip().strip("[]"))
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return host


def _resolve(host: str, port: int) -> list[tuple[int, tuple[Any, ...]]]:
    """(family, address) pairs a server binds for ``host``, as ``bind`` would see
    them: the empty host is every address of both families; an IPv4-mapped address is
    its IPv4 address (`plain_host`)."""
    if host.strip() == "":
        return [(socket.AF_INET6, ("::", port, 0, 0)), (socket.AF_INET, ("0.0.0.0", port))]
    found: list[tuple[int, tuple[Any, ...]]] = []
    for family, _type, _proto, _name, address in socket.getaddrinfo(
        plain_host(host).strip().strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    ):
        pair = (int(family), tuple(address))
        if family in (socket.AF_INET, socket.AF_INET6) and pair not in found:
            found.append(pair)
    return found


def is_loopback(host: str) -> bool:
    """True when every address ``host`` binds to is one only this machine can reach.

    The empty host, ``0.0.0.0`` and ``::`` are every address (False); a name counts
    by every address it resolves to; a name that does not resolve is False.
    """
    try:
        addresses = _resolve(host, 0)
    except (OSError, UnicodeError):
        return False
    return bool(addresses) and all(
        ipaddress.ip_address(address[0].split("%")[0]).is_loopback for _, address in addresses
    )


@dataclass
class Listener:
    """The sockets the server listens on.

    Attributes:
        host: the host as given.
        port: the port (the one chosen by the system when 0 was asked for).
        sockets: bound, listening sockets.
        addresses: the addresses bound (text, e.g. ``127.0.0.1`` or ``::``).
    """

    host: str
    port: int
    sockets: list[socket.socket] = field(default_factory=list)
    addresses: list[str] = field(default_factory=list)

    @property
    def loopback(self) -> bool:
        """True when every bound address is a loopback one."""
        return bool(self.addresses) and all(
            ipaddress.ip_address(a.split("%")[0]).is_loopback for a in self.addresses
        )

    @property
    def everywhere(self) -> bool:
        """True when a wildcard address (every address of the machine) is bound."""
        return any(ipaddress.ip_address(a.split("%")[0]).is_unspecified for a in self.addresses)

    def close(self) -> None:
        """Close every socket."""
        for sock in self.sockets:
            sock.close()


def _bind_problem(host: str, port: int, error: OSError) -> str:
    """Why the server cannot listen on ``host``:``port``, and what to do, in words."""
    where = host or _("(every address)")
    if error.errno == errno.EADDRNOTAVAIL:
        return _(
            "cannot serve on {host}: it is not an address of this computer; give one of its "
            "addresses with --host (0.0.0.0: all of them)"
        ).format(host=quote(where))
    if error.errno == errno.EADDRINUSE:
        return _(
            "cannot serve on {host} at port {port}: another program is using that port; "
            "choose another with --port"
        ).format(host=quote(where), port=port)
    if error.errno in {errno.EACCES, errno.EPERM}:
        return _(
            "cannot serve on {host} at port {port}: this computer lets only its administrator "
            "use that port; choose one from 1024 up with --port"
        ).format(host=quote(where), port=port)
    return _("cannot serve on {host} at port {port}: {why}").format(
        host=quote(where), port=port, why=i18n.system_error_text(error)
    )


def listen(host: str, port: int) -> Listener:
    """Bind and listen on every address ``host`` stands for.

    Raises:
        ValueError: the host is unknown, or the port is taken, with what to do.
    """
    try:
        targets = _resolve(host, port)
    except (OSError, UnicodeError):
        raise ValueError(
            _(
                "cannot serve on {host}: this computer knows no address by that name; give "
                "one of its addresses with --host (0.0.0.0: all of them)"
            ).format(host=quote(host))
        ) from None
    listener = Listener(host=host, port=port)
    try:
        for family, address in targets:
            sock = socket.socket(family, socket.SOCK_STREAM)
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6 and len(targets) > 1:
                    # both families are bound: each socket serves its own ("::" alone
                    # serves IPv4 too, as the system does by default)
                    sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                bound = (address[0], listener.port or address[1], *address[2:])
                sock.bind(bound)
            except OSError as error:
                sock.close()
                if family == socket.AF_INET6 and error.errno in {97, 99}:
                    continue  # no IPv6 on this machine: the IPv4 socket serves
                raise ValueError(_bind_problem(host, port, error)) from None
            sock.listen(128)
            sock.setblocking(False)
            listener.port = sock.getsockname()[1]
            listener.sockets.append(sock)
            listener.addresses.append(sock.getsockname()[0])
    except BaseException:
        listener.close()
        raise
    if not listener.sockets:
        raise ValueError(
            _("cannot serve on {host}: no address to listen on").format(host=quote(host))
        )
    return listener


def this_machine() -> str:
    """This computer's address on its network: the one it would send from (a UDP
    socket is pointed at a documentation address; nothing is sent), else what its
    own name says."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))
        address = str(probe.getsockname()[0])
        if not ipaddress.ip_address(address).is_loopback:
            return address
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return _("<this computer's address>")


# --- the access code --------------------------------------------------------------------

#: The fewest characters of an access code a user chooses (a generated one has 6 digits).
SHORTEST_CODE = 6
#: Unicode categories of characters an access code may not hold: control characters,
#: invisible formatting marks (a byte order mark) and lone surrogates (bytes of the
#: command line or environment that are not text).
_UNTYPABLE = frozenset({"Cc", "Cf", "Cs"})


def check_access_code(code: str) -> str:
    """A code the user chose, spaces around it dropped.

    Raises:
        ValueError: the code is empty or shorter than `SHORTEST_CODE` characters, which
            anyone on the network could guess; or it holds a control character (a NUL,
            a tab, an invisible mark such as a byte order mark, bytes that are not
            text), which no one could type in the browser.
    """
    code = code.strip()
    for place, character in enumerate(code, start=1):
        if unicodedata.category(character) in _UNTYPABLE:
            raise ValueError(
                _(
                    "an access code cannot hold a control character (character {place} "
                    "is {code}): it cannot be typed in a browser; choose another"
                ).format(place=place, code=f"U+{ord(character):04X}")
            )
    if len(code) < SHORTEST_CODE:
        raise ValueError(
            (
                _(
                    "an access code needs at least {shortest} characters (none were "
                    "given): a shorter one is quickly guessed; choose a longer one, or "
                    "give none to have one made"
                )
                if not code
                else ngettext(
                    "an access code needs at least {shortest} characters ({n} was "
                    "given): a shorter one is quickly guessed; choose a longer one, or "
                    "give none to have one made",
                    "an access code needs at least {shortest} characters ({n} were "
                    "given): a shorter one is quickly guessed; choose a longer one, or "
                    "give none to have one made",
                    len(code),
                )
            ).format(shortest=SHORTEST_CODE, n=len(code))
        )
    return code


def read_access_code(path: str | Path) -> str:
    """The access code kept in a file (its first line, spaces around it dropped; a
    UTF-8 byte order mark before it, as some editors save, is not part of it).

    Raises:
        ValueError: the file cannot be read, is too long, or holds no code.
    """
    file = Path(path)
    try:
        with file.open("rb") as handle:
            raw = handle.read(CODE_FILE_LIMIT + 1)
    except OSError as error:
        raise ValueError(
            _("cannot read the access code file {file} ({value})").format(
                file=file, value=i18n.system_error_text(error)
            )
        ) from None
    if len(raw) > CODE_FILE_LIMIT:
        raise ValueError(
            _("the access code file {file} is longer than {CODE_FILE_LIMIT} bytes").format(
                file=file, CODE_FILE_LIMIT=CODE_FILE_LIMIT
            )
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError(
            _("the access code file {file} is not text (UTF-8)").format(file=file)
        ) from None
    lines = text.strip().splitlines()
    code = lines[0].strip() if lines else ""
    if not code:
        raise ValueError(_("the access code file {file} is empty").format(file=file))
    return code


@dataclass
class _Client:
    failures: deque[float] = field(default_factory=deque)
    locked_until: float = 0.0
    lockouts: int = 0
    seen: float = 0.0


class AccessGate:
    """The access code asked for before anything is shown.

    Codes are compared in constant time. Wrong codes are counted per client address:
    after ``tries`` wrong codes within ``window`` seconds that client waits ``window``
    seconds, and each further lockout doubles the wait (at most ``longest``). A right
    code clears the client's count, and its address is remembered as a device of the
    house (the last ``clients`` such addresses).

    Wrong codes are counted over all clients too: once ``flood`` of them came within
    ``window`` seconds (many devices guessing, each within its own tries), only the
    devices of the house may try a code until fewer than ``flood`` are left within
    the window; any other waits (`_flood_message`). So however many addresses guess,
    at most ``flood`` wrong codes a window reach the code, and a device that gave the
    code before is never held back by others. The table of clients holds at most
    ``clients``; when it is full of clients still locked out, none is forgotten and a
    new one waits as in a flood.

    Tabs waiting for the code hold the server's memory (about 0.2 MiB each) until
    they give it or are closed: one client address may hold at most ``waiting`` of
    them at once, and all clients together ``waiting_most``, beyond which only the
    devices that gave the code here before may open another (`admit`).
    """

    def __init__(
        self,
        code: str | None,
        tries: int = 5,
        window: float = 60.0,
        longest: float = 3600.0,
        clients: int = 10_000,
        flood: int = 30,
        waiting: int = 20,
        waiting_most: int = 500,
    ) -> None:
        self.code = code
        self.tries = tries
        self.window = window
        self.longest = longest
        self.clients = clients
        self.flood = flood
        self._clients: dict[str, _Client] = {}
        self._known: dict[str, None] = {}
        self._wrong: deque[float] = deque(maxlen=max(flood, 1))
        self._lock = threading.Lock()
        self.waiting = waiting
        self.waiting_most = waiting_most
        self._waiting: dict[str, int] = {}

    def admit(self, client: str) -> str | None:
        """A tab of ``client`` opens and is to wait for the code: counted, or refused
        with the words that say why (the client holds ``waiting`` tabs that wait
        already, or all clients ``waiting_most`` and this one never gave the code
        here). Nothing is counted when no code is needed. Each tab admitted is let go
        once (`let_go`): unlocked, or closed."""
        if self.code is None:
            return None
        with self._lock:
            held = self._waiting.get(client, 0)
            if held >= self.waiting:
                return _(
                    "Too many tabs of this device are waiting for the access code: give it "
                    "in one of them, or close some and open this page again."
                )
            if sum(self._waiting.values()) >= self.waiting_most and client not in self._known:
                return _(
                    "Too many devices are waiting for the access code: try again in a few minutes."
                )
            self._waiting[client] = held + 1
        return None

    def let_go(self, client: str) -> None:
        """A tab `admit` counted waits no more (it gave the code, or it closed)."""
        with self._lock:
            held = self._waiting.get(client, 0) - 1
            if held > 0:
                self._waiting[client] = held
            else:
                self._waiting.pop(client, None)

    def tabs_waiting(self, client: str | None = None) -> int:
        """How many admitted tabs wait for the code (of ``client``, or all)."""
        with self._lock:
            if client is not None:
                return self._waiting.get(client, 0)
            return sum(self._waiting.values())

    @property
    def needed(self) -> bool:
        """True when a code must be given before anything is shown."""
        return self.code is not None

    def for_client(self, client: str) -> ClientGate:
        """The gate as one client (browser tab) sees it."""
        return ClientGate(self, client)

    def check(self, attempt: str, now: float | None = None, client: str = "") -> tuple[bool, str]:
        """Try a code from ``client`` (its network address).

        Returns:
            (accepted, message for the player).
        """
        if self.code is None:
            return True, ""
        now = time.monotonic() if now is None else now
        with self._lock:
            while self._wrong and now - self._wrong[0] > self.window:
                self._wrong.popleft()
            flooded = client not in self._known and len(self._wrong) >= self.flood
            record = self._clients.get(client)
            if record is None:
                if flooded:
                    return False, _flood_message(self._wrong[0] + self.window - now)
                room = self._make_room(now)
                if room > 0:
                    return False, _flood_message(room)
                record = self._clients[client] = _Client()
            record.seen = now
            if now < record.locked_until:
                return False, _wait_message(record.locked_until - now)
            if flooded:
                return False, _flood_message(self._wrong[0] + self.window - now)
            if hmac.compare_digest(attempt.strip().encode(), self.code.encode()):
                del self._clients[client]
                self._known.pop(client, None)
                self._known[client] = None
                while len(self._known) > self.clients:
                    del self._known[next(iter(self._known))]
                return True, ""
            self._wrong.append(now)
            while record.failures and now - record.failures[0] > self.window:
                record.failures.popleft()
            record.failures.append(now)
            if len(record.failures) >= self.tries:
                wait = min(self.window * 2**record.lockouts, self.longest)
                record.lockouts += 1
                record.locked_until = now + wait
                record.failures.clear()
                return False, _wait_message(wait)
        return False, _("That is not the access code.")

    def _make_room(self, now: float) -> float:
        """Keep the table of clients bounded: forget those long quiet, then the oldest
        not locked out. Returns 0 when there is room for one more, else the seconds
        until the first lockout ends (every client in the table is locked out)."""
        if len(self._clients) < self.clients:
            return 0.0
        for name, record in list(self._clients.items()):
            if now - record.seen > self.longest and now >= record.locked_until:
                del self._clients[name]
        free = [name for name, record in self._clients.items() if now >= record.locked_until]
        free.sort(key=lambda name: self._clients[name].seen)
        while len(self._clients) >= self.clients and free:
            del self._clients[free.pop(0)]
        if len(self._clients) < self.clients:
            return 0.0
        return min(record.locked_until for record in self._clients.values()) - now


def _flood_message(seconds: float) -> str:
    """The wait of a device new here while many wrong codes come from many devices
    (`AccessGate`), said once: whole seconds from the moment it is said."""
    whole = max(1, int(seconds) + (0 if seconds == int(seconds) else 1))
    return _(
        "Too many wrong codes from other devices: a device that has not given the code "
        "here before may try again {whole} s after this message."
    ).format(whole=whole)


def _wait_message(seconds: float) -> str:
    """The wait after too many wrong codes, said once (the page does not count it
    down): whole seconds from the moment it is said."""
    whole = int(seconds) + (0 if seconds == int(seconds) else 1)
    return _(
        "Too many wrong codes: this device may try again {whole} s after this message."
    ).format(whole=whole)


class ClientGate:
    """The access gate of one browser tab: its client address is known.

    Attributes:
        unlocked: the right code was given in this tab (or none is needed).
        refused: why the tab may not wait for the code (`AccessGate.admit`): it is
            shown these words alone and closed; None for a tab admitted.
        on_unlock: what the tab does once the code is given (it opens the address it
            was opened at, and follows other devices' changes): nothing of the
            scores is read, written or answered before.
    """

    def __init__(self, gate: AccessGate, client: str) -> None:
        self.gate = gate
        self.client = client
        self.unlocked = not gate.needed
        self.on_unlock: Callable[[], None] | None = None
        self.refused: str | None = None
        self._counted = False
        if not self.unlocked:
            self.refused = gate.admit(client)
            self._counted = self.refused is None

    def let_go(self) -> None:
        """The tab waits no more for the code (it closed): its place is free."""
        if self._counted:
            self._counted = False
            self.gate.let_go(self.client)

    @property
    def needed(self) -> bool:
        """True when a code must be given before anything is shown."""
        return self.gate.needed

    @property
    def code(self) -> str | None:
        """The code asked for."""
        return self.gate.code

    def check(self, attempt: str, now: float | None = None) -> tuple[bool, str]:
        """Try a code; see `AccessGate.check`."""
        accepted, message = self.gate.check(attempt, now=now, client=self.client)
        if accepted and not self.unlocked:
            self.unlocked = True
            self.let_go()
            if self.on_unlock is not None:
                self.on_unlock()
        return accepted, message


# --- Host and Origin ----------------------------------------------------------------------


def _split_host(value: str) -> tuple[str, int | None] | None:
    """(host, port) of a ``Host`` header or URL authority; None when malformed."""
    value = value.strip().lower()
    if not value or any(c in value for c in "/@?# \t"):
        return None
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        name, rest = value[1:end], value[end + 1 :]
        if rest and not rest.startswith(":"):
            return None
        port_text = rest[1:] if rest else ""
    else:
        name, _, port_text = value.partition(":")
        if ":" in port_text:
            return None
    if port_text:
        if not (port_text.isascii() and port_text.isdigit()) or not 0 < int(port_text) < 65536:
            return None
        return name.rstrip("."), int(port_text)
    return name.rstrip("."), None


#: Headers on every HTTP response: no page of any site (this one's included) may show
#: the app in a frame, where a decoy could take a player's clicks (clickjacking).
#: Nor is what is served read as another type than it says (a file sent as text run as
#: a script), nor the app's addresses (a match's number) told to another site.
NOT_FRAMED: list[tuple[bytes, bytes]] = [
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
#: Headers of Flet's responses left out: a blanket permission for other sites to read
#: what is served, and a frame setting of its own (`NOT_FRAMED` is the server's).
_REPLACED_HEADERS = frozenset(
    {b"access-control-allow-origin", b"x-frame-options", b"x-content-type-options"}
)


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.split("%")[0])
    except ValueError:
        return False
    return True


class HostGuard:
    """ASGI middleware: refuse (403) requests that do not name this server in
    ``Host``, and browser requests (``Origin``) from pages of other sites; every
    HTTP response says it may not be shown in a frame (`NOT_FRAMED`).

    Allowed ``Host`` names: the bound addresses (any address of this machine when
    a wildcard is bound), ``localhost`` on loopback, this machine's names, the host
    as given, on the served port; ``extra_hosts`` (e.g. a reverse proxy's public
    name) on any port. A request with an ``Origin`` must come from the same
    host and port it is sent to.
    """

    def __init__(
        self,
        app: ASGIApp,
        listener: Listener,
        extra_hosts: Iterable[str] = (),
        session_seconds: int = SESSION_SECONDS,
    ) -> None:
        self.app = app
        self.session_seconds = session_seconds
        self.port = listener.port
        self.any_ip = listener.everywhere
        names = {a.split("%")[0].lower() for a in listener.addresses}
        if listener.loopback or listener.everywhere:
            names |= {"localhost", "127.0.0.1", "::1"}
        if listener.everywhere:
            with contextlib.suppress(OSError):
                machine = socket.gethostname().lower()
                names |= {machine, f"{machine}.local", socket.getfqdn().lower()}
        if listener.host.strip() and not _is_ip(listener.host.strip("[]")):
            names.add(listener.host.strip().lower().rstrip("."))
        self.names = names
        self.extra = {h.strip().lower().rstrip(".") for h in extra_hosts if h.strip()}

    def allowed_host(self, header: str) -> bool:
        """True when a ``Host`` header names this server."""
        parts = _split_host(header)
        if parts is None:
            return False
        name, port = parts
        if name in self.extra:
            return True
        if (port or 80) != self.port:
            return False
        return name in self.names or (self.any_ip and _is_ip(name))

    @staticmethod
    def same_origin(origin: str, host: str) -> bool:
        """True when an ``Origin`` header is the page of the ``Host`` it talks to
        (False for a malformed one, e.g. ``http://[::1``)."""
        try:
            url = urlsplit(origin.strip())
        except ValueError:  # "Invalid IPv6 URL" and the like
            return False
        if url.scheme not in {"http", "https"} or not url.netloc:
            return False
        default = {"http": 80, "https": 443}[url.scheme]
        origin_parts = _split_host(url.netloc)
        host_parts = _split_host(host)
        if origin_parts is None or host_parts is None:
            return False
        return origin_parts[0] == host_parts[0] and (origin_parts[1] or default) == (
            host_parts[1] or default
        )

    def refusal(self, scope: Scope) -> str | None:
        """Why a request is refused, or None."""
        headers = {
            key.decode("latin-1").lower(): value.decode("latin-1")
            for key, value in scope.get("headers", [])
        }
        host = headers.get("host", "")
        if not self.allowed_host(host):
            return _("this server is not reached by that name")
        origin = headers.get("origin")
        if origin is not None and not self.same_origin(origin, host):
            return _("requests from other web pages are refused")
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in {"http", "websocket"}:
            await self.app(scope, receive, send)
            return
        try:
            why = self.refusal(scope)
        except Exception as error:  # a header no check foresaw: refused all the same
            why = _("its headers cannot be read ({error})").format(error=type(error).__name__)
        if why is not None:
            log.warning("refused a %s request: %s", kind, why)
            # A refused websocket handshake is answered by the app itself where the
            # server lets it (ASGI's "websocket.http.response"), so that it too carries
            # the frame headers; otherwise the server's own bare 403.
            prefix = "http"
            if kind == "websocket":
                if "websocket.http.response" not in scope.get("extensions", {}):
                    await send({"type": "websocket.close", "code": 1008})
                    return
                prefix = "websocket.http"
            body = f"Forbidden: {why}.\n".encode()
            await send(
                {
                    "type": f"{prefix}.response.start",
                    "status": 403,
                    "headers": [
                        (b"content-type", b"text/plain; charset=utf-8"),
                        (b"content-length", str(len(body)).encode()),
                        *NOT_FRAMED,
                    ],
                }
            )
            await send({"type": f"{prefix}.response.body", "body": body})
            return

        if kind == "websocket":
            await self._serve_websocket(scope, receive, send)
            return

        async def send_without_open_cors(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k.lower() not in _REPLACED_HEADERS
                ] + NOT_FRAMED
            await send(message)

        await self.app(scope, receive, send_without_open_cors)

    async def _serve_websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one websocket connection through Flet, closing it at once (code 1002,
        one log line) on the first frame that is not Flet's protocol (`junk_frame`),
        on any frame but a registration before the connection registered a session,
        and on a frame Flet could not read (its receive loop stopped: `_FletStopped`).

        Flet's handling of a connection waits for its session's end; a connection that
        ends before it registered a session has none, so that handling is cancelled
        here rather than left waiting for ever (and cancelled again at shutdown). What
        Flet sends after the connection was closed here is dropped.
        """
        from starlette.websockets import WebSocketDisconnect

        client = (scope.get("client") or ("?", 0))[0]
        socket_ = _Socket(send, client)
        token = _SOCKET.set(socket_)
        registered = False
        unserved_end = False

        def end_unserved() -> None:
            nonlocal unserved_end
            if not registered and not unserved_end:
                unserved_end = True
                asyncio.get_running_loop().call_soon(serving.cancel)

        async def give_up() -> None:
            # Flet reads this connection no more: closed now; Flet's handling ends by
            # itself when a session was made (or is cancelled after a moment)
            nonlocal unserved_end
            await socket_.close(1002)
            await asyncio.wait({serving}, timeout=FLET_STOP_SECONDS)
            if not serving.done():
                unserved_end = True
                serving.cancel()

        watch: list[asyncio.Task[None]] = []

        def stopped(why: str) -> None:
            """Flet's receive loop stopped on a frame it could not read."""
            log.warning("closed a websocket from %s: %s", client, why)
            if not watch:
                watch.append(asyncio.get_running_loop().create_task(give_up()))

        socket_.stopped = stopped

        async def checked_receive() -> MutableMapping[str, Any]:
            nonlocal registered
            message = await receive()
            if message["type"] == "websocket.receive":
                why = junk_frame(message.get("bytes"), message.get("text"))
                if why is None and not registered:
                    if _registers(message["bytes"]):
                        registered = True
                    else:
                        why = "a message before it registered"
                if why is None:
                    return message
                log.warning("closed a websocket from %s: %s", client, why)
                await socket_.close(1002)
                message = {"type": "websocket.disconnect", "code": 1002}
            if message["type"] == "websocket.disconnect":
                # closed (by the tab, or by the server for a frame too large): what
                # Flet still sends, its own close included, is dropped, not an error
                socket_.open = False
                end_unserved()
            return message

        async def register_in_time() -> None:
            # a connection that never registers a tab holds an open file: closed
            seconds = _request_seconds()
            await asyncio.sleep(seconds)
            if not registered:
                log.info("closed a websocket from %s: it did not register in %g s", client, seconds)
                await socket_.close(1008)
                end_unserved()

        serving = asyncio.ensure_future(self.app(scope, checked_receive, socket_.send))
        deadline = asyncio.ensure_future(register_in_time())
        serving.add_done_callback(lambda _done: deadline.cancel())
        try:
            await serving
        except WebSocketDisconnect:
            # Flet's send loop writing to a connection that just closed (the tab
            # went away, or the server is stopping): nothing is wrong
            log.debug("a websocket closed while the app was sending to it")
        except asyncio.CancelledError:
            if not unserved_end:
                raise
            log.debug("a websocket ended before it opened a session")
        finally:
            if not serving.done():
                serving.cancel()
            _SOCKET.reset(token)
            socket_.open = False
            await socket_.release(self.session_seconds)


def junk_frame(data: bytes | None, text: str | None) -> str | None:
    """Why a websocket frame from a client is not Flet's protocol, or ``None``.

    Flet's client sends binary frames only: ``0x00`` then a MsgPack ``[action, body]``
    (``action`` one of Flet's message actions, ``body`` a map; for registering, a map
    of the registration's fields), or ``0x01`` and a data channel's bytes. An empty
    frame, a data-channel frame or another type byte is Flet's to drop.
    """
    import msgpack  # type: ignore[import-untyped]  # the frames Flet speaks
    from flet.messaging.protocol import MessageAction, decode_ext_from_msgpack

    if data is None:
        return "a text frame" if text is not None else "an empty message"
    if not data or data[0] != 0:
        return None
    try:
        decoded = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
    except Exception:
        return "its frame is not MsgPack"
    if not isinstance(decoded, list) or len(decoded) < 2 or not isinstance(decoded[1], dict):
        return "its frame is not an action and its body"
    action = decoded[0]
    if action not in _ACTIONS:
        return "its frame's action is not one of Flet's"
    if action == MessageAction.REGISTER_CLIENT.value and not set(decoded[1]) <= _REGISTER_FIELDS:
        return "its registration has fields Flet does not know"
    return None


def _registers(data: bytes) -> bool:
    """Whether a frame (checked by `junk_frame`) registers a Flet client."""
    return len(data) > 2 and data[0] == 0 and data[1] & 0xF0 == 0x90 and data[2] == 1


def _protocol_words() -> tuple[frozenset[Any], frozenset[str]]:
    import dataclasses

    from flet.messaging.protocol import MessageAction, RegisterClientRequestBody

    return (
        frozenset(action.value for action in MessageAction),
        frozenset(f.name for f in dataclasses.fields(RegisterClientRequestBody)),
    )


_ACTIONS, _REGISTER_FIELDS = _protocol_words()


# --- connections and their sessions -----------------------------------------------------

#: The websocket connection a task serves (set by `HostGuard` for Flet's handling of
#: it, and so seen by ``main`` and the tab's connect handler).
_SOCKET: contextvars.ContextVar[_Socket | None] = contextvars.ContextVar(
    "canasta_scorer_socket", default=None
)


class _Socket:
    """One websocket connection as the serving layer sees it: how to close it, and
    the session (and Flet connection) it served, weakly."""

    def __init__(self, send: Send, client: str = "") -> None:
        self._send = send
        #: the address the connection came from, as the server's socket has it (a
        #: tab's own word for it, Flet's ``page.client_ip``, can be patched by the tab)
        self.client = client
        self.open = True
        #: told why Flet stopped reading this connection (`_FletStopped`)
        self.stopped: Callable[[str], None] | None = None
        self._session: weakref.ref[Any] | None = None
        self._connection: weakref.ref[Any] | None = None

    def serves(self, session: Any) -> None:
        """This connection serves ``session`` (a tab opened or reconnected on it)."""
        self._session = weakref.ref(session)
        connection = session.connection
        self._connection = weakref.ref(connection) if connection is not None else None
        session._canasta_socket = self

    async def send(self, message: MutableMapping[str, Any]) -> None:
        """Send an ASGI message on the connection; once it was closed here, what
        Flet still sends (frames, its own close) is dropped."""
        if not self.open and message["type"] in {"websocket.send", "websocket.close"}:
            return
        try:
            await self._send(message)
        except RuntimeError as error:
            # uvicorn closed the connection itself (a frame too large) before Flet's
            # receive loop was told: what Flet sends meanwhile is dropped
            if "after sending 'websocket.close'" not in str(error):
                raise
            self.open = False

    async def close(self, code: int = 1008) -> None:
        """Close the connection (the tab's websocket) from the server's side: 1008
        (policy) for a tab closed by the app, 1002 (protocol) for a junk frame."""
        if not self.open:
            return
        self.open = False
        with contextlib.suppress(Exception):
            await self._send({"type": "websocket.close", "code": code})

    async def release(self, seconds: int) -> None:
        """The connection ended: if Flet stopped serving it without disconnecting
        its session (a send failed on the closing socket, so its handler skipped
        that), disconnect the session now, so that it expires and is freed."""
        session = self._session() if self._session is not None else None
        connection = self._connection() if self._connection is not None else None
        if session is None or connection is None or session.connection is not connection:
            return  # disconnected by Flet already, or reconnected on another socket
        log.info("a connection ended without its session being disconnected: disconnecting it")
        try:
            await session.disconnect(seconds)
        except Exception:
            log.exception("disconnecting a session failed")


#: The levels `ENV_LOG` may name.
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
#: The longest time `ENV_UNLOCK` may give a tab (seconds: a day).
UNLOCK_SECONDS_MOST = 86_400


def _unlock_setting() -> tuple[str, float | None]:
    """`ENV_UNLOCK` as given, and its seconds: None when it is unset, not a number, or
    not from 1 to `UNLOCK_SECONDS_MOST`."""
    text = os.environ.get(ENV_UNLOCK, "").strip()
    try:
        seconds = float(text)
    except ValueError:
        return text, None
    return text, seconds if 1 <= seconds <= UNLOCK_SECONDS_MOST else None


def environment_problems() -> list[str]:
    """What is wrong with the web server's environment variables (`ENV_UNLOCK`,
    `ENV_LOG`), each in plain words; empty when every one set can be used."""
    problems = []
    text, seconds = _unlock_setting()
    if text and seconds is None:
        problems.append(
            _(
                "{name} is {value}; it must be a number of seconds from 1 to 86400, "
                "such as 180 (or unset)"
            ).format(name=ENV_UNLOCK, value=quote(text))
        )
    level = os.environ.get(ENV_LOG, "").strip()
    if level and level.upper() not in LOG_LEVELS:
        problems.append(
            _("{name} is {value}; it must be one of {levels} (or unset)").format(
                name=ENV_LOG, value=quote(level), levels=", ".join(LOG_LEVELS)
            )
        )
    return problems


def _unlock_seconds() -> float:
    """`ENV_UNLOCK`'s seconds (`UNLOCK_SECONDS` when unset; a value that cannot be used
    stops the server at start: `environment_problems`)."""
    _text, seconds = _unlock_setting()
    return float(UNLOCK_SECONDS) if seconds is None else seconds


@dataclass
class _Tab:
    """What the serving layer keeps of one tab: closed for never unlocking; its
    screen let go while it was away (`release_screen`)."""

    expired: bool = False
    released: bool = False


def _tab(page: ft.Page) -> _Tab:
    tab = getattr(page.session, "_canasta_tab", None)
    if not isinstance(tab, _Tab):
        tab = _Tab()
        page.session._canasta_tab = tab  # type: ignore[attr-defined]
    return tab


async def _close_tab(page: ft.Page) -> None:
    """Close a tab's connection and drop its session (Flet frees it at its next look)."""
    session = page.session
    socket_ = getattr(session, "_canasta_socket", None)
    if isinstance(socket_, _Socket) and socket_.open:
        await socket_.close()  # Flet then disconnects the session; see _on_disconnect
    elif session.connection is None:
        await session.disconnect(0)


#: How long a tab refused a place among those waiting for the code shows why before
#: it is closed (seconds).
REFUSED_TAB_SECONDS = 1.0


async def _close_refused(page: ft.Page) -> None:
    """Close a tab refused by `AccessGate.admit` once its words had time to reach it."""
    await asyncio.sleep(REFUSED_TAB_SECONDS)
    with contextlib.suppress(RuntimeError):  # its session gone already
        await _close_tab(page)


async def _expire_locked(page: ft.Page, gate: ClientGate, seconds: float) -> None:
    """A tab that has not given the access code ``seconds`` after it opened is closed,
    connected or not, and its session dropped. A tab whose session Flet has dropped
    meanwhile (it disconnected and was forgotten a minute later) is left alone:
    `guard_page` cancels this wait when the session closes, and a session dropped
    without that (``page.session`` raises `RuntimeError`) has nothing left to close."""
    await asyncio.sleep(seconds)
    if gate.unlocked:
        return
    try:
        tab = _tab(page)
    except RuntimeError:  # Flet's "An attempt to fetch destroyed session."
        return
    tab.expired = True
    log.info("closing a tab not unlocked within %.0f s", seconds)
    await _close_tab(page)


def reconnected(page: ft.Page) -> None:
    """A tab's page connected again (a reload, a phone awake): note the connection
    serving it; a tab closed for never unlocking is closed again."""
    socket_ = _SOCKET.get()
    if socket_ is not None:
        socket_.serves(page.session)
    if _tab(page).expired:
        page.run_task(_close_tab, page)


def release_screen(page: ft.Page) -> None:
    """A tab's connection ended: let go of its screen's controls (the scoreboard of a
    long match is a few hundred, about 0.5 MiB) while Flet keeps the session for a
    reconnect, which builds the screen again from the tab's state (`released` says
    it must). Nothing is sent: the page has no connection, and a reconnecting client
    is sent the whole page anyway."""
    page.views = [ft.View(route=page.route or "/")]
    page.update()  # the controls leave Flet's index and the page's last snapshot
    _tab(page).released = True


def released(page: ft.Page) -> bool:
    """True once, after `release_screen`: the screen is to be built again."""
    tab = _tab(page)
    was, tab.released = tab.released, False
    return was


#: The tabs (sessions) the app holds now: opened, not yet closed by Flet.
_open_tabs: set[int] = set()


def open_tabs() -> int:
    """How many tabs (Flet sessions) this server process holds now."""
    return len(_open_tabs)


def short_message_text() -> None:
    """Make the text of Flet's protocol messages short (their action only).

    Flet's web transport formats every message it sends into a debug line, whether or
    not debug logging is on (an f-string), which writes out every control of a
    screen: a sixth of the server's work when many tabs open long matches. Only that
    debug line ever shows the text of a message.
    """
    from flet.messaging.protocol import Message

    def text(message: Message) -> str:
        action = getattr(message.action, "name", message.action)
        return f"Message({action})"

    Message.__repr__ = text  # type: ignore[method-assign,assignment]


#: Flet's loggers that write a debug line for nearly every control diffed or drawn.
_FLET_LOGGERS = ("flet", "flet_components", "flet_controls", "flet_object_patch")


def _no_debug_line(*_args: Any, **_kwargs: Any) -> None:
    """Stands for a logger's ``debug`` while its debug lines are off."""


def quiet_flet_debug() -> None:
    """Let Flet's debug lines cost nothing while they are off.

    Flet's diff and its components call their loggers' ``debug`` for nearly every
    control they look at (about 1,500 calls a ``+`` tap in hand entry, 2,600 a Save),
    each a check that the line is not wanted: a tenth of a tap's server work. A
    logger of `_FLET_LOGGERS` that does not write debug lines when the app starts
    gets a ``debug`` that does nothing; Flet's debug lines are seen by setting its
    loggers' level to DEBUG before the app starts. Changes no result.
    """
    for name in _FLET_LOGGERS:
        logger = logging.getLogger(name)
        if not logger.isEnabledFor(logging.DEBUG):
            logger.debug = _no_debug_line  # type: ignore[method-assign]


def remember_event_types() -> None:
    """Let Flet look up the type of a control's event once, not at every event.

    Before it calls a handler Flet works out the type of the event it makes (from
    the type hints of the control's class and its bases, evaluated again each
    time: about a twentieth of a ``+`` tap's server work). The answer depends only on
    the control's class and the event's name, so it is kept by them. Installed once
    per process; changes no result.
    """
    from flet.controls import base_control

    flet_own = getattr(base_control, "get_event_field_type")  # noqa: B009 - not exported
    if getattr(flet_own, "remembers", False):
        return
    known: dict[tuple[type, str], Any] = {}

    def event_type(control: Any, field_name: str) -> Any:
        key = (type(control), field_name)
        if key not in known:
            known[key] = flet_own(control, field_name)
        return known[key]

    event_type.remembers = True  # type: ignore[attr-defined]
    event_type.flet_own = flet_own  # type: ignore[attr-defined]
    setattr(base_control, "get_event_field_type", event_type)  # noqa: B010


class ForgedEvent(Exception):
    """A control's event whose data does not fit its kind (e.g. a resize without its
    sizes): sent by a client that is not Flet's, never by a browser tab."""


class _ForgedEventLine(logging.Filter):
    """Flet logs a failed event handler with its traceback; an event that could not
    even be made (`ForgedEvent`) is one warning line instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, ForgedEvent):
            return True
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.msg, record.args = "ignored a forged event from a tab: %s", (error,)
        record.exc_info, record.exc_text = None, None
        return True


def check_event_data() -> None:
    """Let an event whose data does not fit its kind fail as `ForgedEvent` (one log
    line, `_ForgedEventLine`; the tab is not told, `SessionEdge.report`), not as an
    error of the app with a traceback. Installed once per process."""
    from flet.controls import base_control

    flet_own = getattr(base_control, "from_dict")  # noqa: B009 - not exported
    if not getattr(flet_own, "checks", False):

        def from_dict(kind: Any, data: Any) -> Any:
            try:
                return flet_own(kind, data)
            except Exception as error:
                name = getattr(kind, "__name__", kind)
                raise ForgedEvent(f"{name}: {type(error).__name__}") from None

        from_dict.checks = True  # type: ignore[attr-defined]
        setattr(base_control, "from_dict", from_dict)  # noqa: B010
    logger = logging.getLogger("flet")
    if not any(isinstance(f, _ForgedEventLine) for f in logger.filters):
        logger.addFilter(_ForgedEventLine())


class _ClosedWhileReceiving(logging.Filter):
    """Flet's receive loop logs a warning with a traceback when a tab's connection was
    closed while the server was still sending to it (the send failed, so Starlette marks
    the socket closed, and the next receive raises). That is a tab going away, not a
    fault: it is logged as one line at info level, without the traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        from starlette.websockets import WebSocketDisconnected

        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, WebSocketDisconnected) and str(record.msg).startswith(
            "Receive loop error"
        ):
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.msg, record.args = "a tab's connection closed while it was being sent to", ()
            record.exc_info, record.exc_text = None, None
            return logging.getLogger(record.name).isEnabledFor(logging.INFO)
        return True


class _FletStopped(logging.Filter):
    """Flet's receive loop stops on a frame it cannot read (a well-formed frame whose
    body does not fit its action, e.g. a registration without its fields), logging a
    warning with a traceback and reading the connection no more. That is a bad
    client, not a fault: the connection that sent it (`_SOCKET`, the task's) is told
    (one log line there; it is closed with 1002) and the traceback is dropped."""

    def filter(self, record: logging.LogRecord) -> bool:
        from starlette.websockets import WebSocketDisconnected

        error = record.exc_info[1] if record.exc_info else None
        if (
            error is None
            or isinstance(error, WebSocketDisconnected)
            or not str(record.msg).startswith("Receive loop error")
        ):
            return True
        socket_ = _SOCKET.get()
        told = socket_.stopped if socket_ is not None else None
        if told is None:
            return True
        told(f"Flet could not read its frame ({type(error).__name__})")
        return False


def drop_api_pages(flet: Any) -> None:
    """Take FastAPI's own pages off the server Flet builds: its API description
    (``/openapi.json``), the pages that show it (``/docs``, ``/redoc``, and the former's
    sign-in return), which load their scripts from a CDN, and Flet's OAuth return
    address (``/oauth_callback``; the app signs nobody in). None is the app's: an
    address of them opens the app's page, as any address the app does not know."""
    gone = {
        flet.openapi_url,
        flet.docs_url,
        flet.redoc_url,
        flet.swagger_ui_oauth2_redirect_url,
        "/oauth_callback",
    }
    flet.router.routes = [
        route for route in flet.router.routes if getattr(route, "path", None) not in gone
    ]
    flet.openapi_url = flet.docs_url = flet.redoc_url = None
    flet.swagger_ui_oauth2_redirect_url = None


def quiet_closed_connections() -> None:
    """Install `_ClosedWhileReceiving` and `_FletStopped` on Flet's web transport
    logger (once)."""
    logger = logging.getLogger("flet_web.fastapi")
    if not any(isinstance(f, _ClosedWhileReceiving) for f in logger.filters):
        logger.addFilter(_ClosedWhileReceiving())
    if not any(isinstance(f, _FletStopped) for f in logger.filters):
        logger.addFilter(_FletStopped())


def _log_setting() -> None:
    """The server's own log level from `ENV_LOG` (to standard error)."""
    level = os.environ.get(ENV_LOG, "").strip().upper()
    if not level:
        return
    logger = logging.getLogger("canasta_scorer")
    if level in LOG_LEVELS:
        logger.setLevel(level)
        if not logger.handlers:
            handler = logging.StreamHandler()
            handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
            logger.addHandler(handler)


# --- the edge of a session -----------------------------------------------------------------


def plain_failure(error: BaseException | None) -> str:
    """What a player is told when something failed on the server (no details)."""
    from canasta_scorer.store import StoreError
    from canasta_scorer.store.errors import (
        StoreBusyError,
        StoreFullError,
        StoreReadOnlyError,
    )

    if isinstance(error, StoreBusyError):
        return _(
            "The matches are busy: another program is saving to them. Nothing was lost; "
            "try again in a moment."
        )
    if isinstance(error, StoreFullError):
        return _(
            "The computer serving the app has no room left to save. Nothing saved was lost; "
            "free some space there and try again."
        )
    if isinstance(error, StoreReadOnlyError):
        return _(
            "The matches cannot be saved on the computer serving the app (its folder is "
            "read-only). Nothing saved was lost."
        )
    if isinstance(error, StoreError):
        return _(
            "The matches could not be read or saved just now. Nothing saved was lost; "
            "try again, and if it keeps happening look at the server's log."
        )
    return _(
        "Something went wrong on the computer serving the app. Nothing saved was lost; "
        "the details are in its log."
    )


class SessionEdge:
    """Catches what fails in one browser tab's session: the details go to the
    server's log, the player gets a plain message and a way back.

    Flet reports an error in a handler, an effect or ``main`` by sending the client
    a "session crashed" message with the traceback; this replaces that report.

    Attributes:
        back: what the way back does (e.g. go to the start screen); None offers
            ``retry`` instead.
        retry: run the start of the session again (when ``main`` itself failed).
        failures: what failed in this session (plain messages), for tests.
    """

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self.back: Callable[[], None] | None = None
        self.retry: Callable[[], None] | None = None
        self.failures: list[str] = []
        session = page.session
        # No strong reference back to the session but the page's own (weak): a closed
        # session and its edge are freed together.
        session.error = self.report  # type: ignore[method-assign]
        session._canasta_edge = self  # type: ignore[attr-defined]

    @staticmethod
    def of(page: ft.Page) -> SessionEdge | None:
        """The edge installed on a page's session, if any."""
        edge = getattr(page.session, "_canasta_edge", None)
        return edge if isinstance(edge, SessionEdge) else None

    def _crash(self, text: str) -> None:
        """Flet's own report (the "session crashed" message), with ``text`` only."""
        session = self.page.session
        type(session).error(session, text)

    def report(self, message: str) -> None:
        """Take Flet's error report: log it, show the player a plain message (a
        `ForgedEvent` is logged by Flet as one line and not shown)."""
        error = sys.exc_info()[1]
        if isinstance(error, ForgedEvent):
            return
        log.error("a browser tab failed: %s", message.splitlines()[0] if message else error)
        if error is not None:
            log.debug("details", exc_info=error)
        else:
            log.debug("details: %s", message)
        text = plain_failure(error)
        self.failures.append(text)
        try:
            self._show(text)
        except Exception:
            log.exception("could not show the failure in the tab")
            self._crash(text)  # Flet's own report, with the plain words only

    def _show(self, text: str) -> None:
        page = self.page

        def close() -> None:
            with contextlib.suppress(Exception):
                page.pop_dialog()
            action = self.back or self.retry
            if action is not None:
                try:
                    action()
                except Exception:
                    log.exception("the way back failed")

        label = _("Back to the start") if self.back is not None else _("Try again")
        page.show_dialog(
            ft.AlertDialog(
                modal=True,
                title=ft.Text(_("Something went wrong")),
                content=ft.Semantics(
                    identifier="failure", label=text, content=ft.Text(text, selectable=True)
                ),
                actions=[ft.FilledButton(content=label, on_click=close, height=48)],
            )
        )
        page.update()


# --- serving ------------------------------------------------------------------------------


def _on_disconnect(page: ft.Page, gate: ClientGate) -> Callable[[Any], Awaitable[None]]:
    """A page's disconnect handler: a tab that never unlocked is kept only a minute,
    and not at all once it was closed for never unlocking."""
    shortened = False

    async def handler(_event: Any) -> None:
        nonlocal shortened
        if gate.unlocked or shortened:
            return
        shortened = True
        try:
            await page.session.disconnect(0 if _tab(page).expired else LOCKED_SESSION_SECONDS)
        finally:
            shortened = False

    return handler


#: The folder a browser's file to import is sent to (Flet's upload endpoint, ``PUT
#: /upload`` with a signed address); ``None`` where the app is not served to browsers.
_UPLOADS: list[Path] = []


#: The most open files (connections among them) the server asks for.
OPEN_FILES_MOST = 65_536


def more_open_files() -> None:
    """Raise the server's limit of open files to what the system lets it have (at
    most `OPEN_FILES_MOST`): the usual 1,024 is soon reached by a device holding
    connections open, and every other device is then turned away."""
    try:
        import resource
    except ImportError:  # not on every system
        return
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        most = OPEN_FILES_MOST if hard == resource.RLIM_INFINITY else min(hard, OPEN_FILES_MOST)
        if soft != resource.RLIM_INFINITY and soft < most:
            resource.setrlimit(resource.RLIMIT_NOFILE, (most, hard))


#: The largest websocket frame a tab may send, in bytes.
WS_MAX_BYTES = 256 * 1024


def upload_folder() -> Path | None:
    """Where this server receives the files tabs send (each read, then deleted, by the
    tab that asked for it), or ``None`` when it receives none (the desktop window,
    the in-process tests)."""
    return _UPLOADS[-1] if _UPLOADS else None


def serve_web(
    main: Callable[[ft.Page], Any],
    listener: Listener,
    *,
    assets_dir: str | None = None,
    extra_hosts: Iterable[str] = (),
    session_seconds: int = SESSION_SECONDS,
    renderer: str | None = None,
    on_stop: Callable[[], None] | None = None,
    on_serving: Callable[[Callable[[], None]], None] | None = None,
) -> None:
    """Serve ``main`` to browsers on the listener's sockets until SIGTERM or Ctrl+C.

    Returns after every connection is closed (at most `GRACEFUL_SECONDS` after the
    signal). ``on_stop`` is called as soon as the signal comes (the app tells its
    store to stop waiting for another program's lock, so a save in progress
    finishes or gives up at once). ``on_serving`` is called just before the server
    starts, with a function that stops it as the signal does (callable from any
    thread): the app loads itself meanwhile (`canasta_scorer.ui.run.LateApp`).
    """
    import flet_web.fastapi as flet_fastapi  # type: ignore[import-untyped]
    import uvicorn

    _Server = _server_class(on_stop)

    import secrets
    import shutil
    import tempfile

    from canasta_scorer.files import IMPORT_LIMIT

    web_renderer = ft.WebRenderer(renderer or os.environ.get("FLET_WEB_RENDERER", "auto"))
    # Files to import come through Flet's upload endpoint: a tab past the access gate
    # asks for an address signed with this process's secret, valid two minutes, for
    # one random name; anything larger than an import may read is cut off there.
    uploads = Path(
        os.environ.get("FLET_UPLOAD_DIR") or tempfile.mkdtemp(prefix="canasta-scorer-uploads-")
    )
    _UPLOADS.append(uploads)
    flet = flet_fastapi.app(
        main,
        no_cdn=True,
        assets_dir=assets_dir,
        web_renderer=web_renderer,
        session_timeout_seconds=session_seconds,
        upload_dir=str(uploads),
        upload_endpoint_path="upload",
        max_upload_size=IMPORT_LIMIT,
        secret_key=secrets.token_urlsafe(32),
    )
    drop_api_pages(flet)
    _log_setting()
    more_open_files()
    short_message_text()
    quiet_closed_connections()
    with contextlib.suppress(ValueError):  # Flet's own setting wins over ours, as in Flet
        session_seconds = int(os.environ.get("FLET_SESSION_TIMEOUT") or session_seconds)
    guarded = HostGuard(flet, listener, extra_hosts, session_seconds=session_seconds)
    config = uvicorn.Config(
        guarded,
        http=framed_http_protocol(),
        ws="websockets-sansio",
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=GRACEFUL_SECONDS,
        # What a tab sends is small (a tap, a field's text: a note is 2,000 characters
        # at most); a file comes by the upload address. A larger frame closes the
        # connection: a tab waiting for the access code could hold megabytes each.
        ws_max_size=WS_MAX_BYTES,
        server_header=False,  # no "server: uvicorn" to tell what to attack
        # A client's address is the connection's own: an X-Forwarded-For header is
        # believed only from the proxies FORWARDED_ALLOW_IPS names (uvicorn's setting),
        # or any program could pick a fresh address for each wrong access code.
        proxy_headers=bool(os.environ.get(ENV_PROXIES, "").strip()),
        forwarded_allow_ips=os.environ.get(ENV_PROXIES, "").strip() or None,
    )
    server = _Server(config)
    # What start-up made lives as long as the server: out of the collector's way, so
    # that a full collection (the automatic ones, and `reclaim`'s) looks only at what
    # the tabs made and takes milliseconds, not a second that stalls every tab. No
    # collection first: start-up leaves nothing to collect here (none of about 62,000
    # objects), and looking took 50 ms before the page could be served.
    gc.freeze()
    previous = signal.getsignal(signal.SIGTERM)
    if on_serving is not None:
        on_serving(lambda: setattr(server, "should_exit", True))
    try:
        server.run(sockets=listener.sockets)
    finally:
        listener.close()
        _UPLOADS.remove(uploads)
        if not os.environ.get("FLET_UPLOAD_DIR"):
            shutil.rmtree(uploads, ignore_errors=True)
        with contextlib.suppress(ValueError, TypeError):
            signal.signal(signal.SIGTERM, previous)


def unreadable_request_answer(message: str) -> bytes:
    """The whole HTTP response (bytes) to a request the server cannot read: status 400,
    ``message`` as plain text, the connection closed, and the frame headers
    (`NOT_FRAMED`) that every other answer of the server carries."""
    body = message.encode("ascii", "replace")
    lines = [
        b"HTTP/1.1 400 Bad Request",
        b"content-type: text/plain; charset=utf-8",
        b"content-length: " + str(len(body)).encode("ascii"),
        b"connection: close",
        *(name + b": " + value for name, value in NOT_FRAMED),
    ]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


#: Seconds a connection may go without a request under way before it is closed: a
#: device that opens connections and sends half a request (or nothing) holds one of
#: the server's open files each, until none is left for the players (a browser sends
#: a whole request at once, and a connection between requests is closed by uvicorn
#: after 5 s). A websocket must register within as long.
REQUEST_SECONDS = 20.0
#: The environment variable setting another number of seconds for that (the tests').
ENV_REQUEST_SECONDS = "CANASTA_SCORER_REQUEST_SECONDS"


def _request_seconds() -> float:
    with contextlib.suppress(ValueError):
        seconds = float(os.environ.get(ENV_REQUEST_SECONDS, "") or REQUEST_SECONDS)
        if 0.1 <= seconds <= 3600:
            return seconds
    return REQUEST_SECONDS


class _FramedUnreadableAnswer:
    """Mixed into uvicorn's HTTP protocol: its own 400 for a request it cannot read
    (sent before the app sees anything) carries the frame headers too; a connection
    with no request under way for `REQUEST_SECONDS` is closed (none begun, or half a
    request's head sent and no more)."""

    transport: asyncio.Transport
    _watch: asyncio.TimerHandle | None = None
    _last_cycle: Any = None

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._last_cycle = None
        self._watch = asyncio.get_running_loop().call_later(
            _request_seconds(), self._look_for_request
        )

    def _look_for_request(self) -> None:
        self._watch = None
        transport = self.transport
        if transport.is_closing() or transport.get_protocol() is not cast(Any, self):
            return  # closed, or a websocket now (watched by `HostGuard`)
        cycle = getattr(self, "cycle", None)
        under_way = cycle is not None and not cycle.response_complete
        if not under_way and cycle is self._last_cycle:
            peer = transport.get_extra_info("peername") or ("?",)
            log.info("closed a connection from %s: no request in %g s", peer[0], _request_seconds())
            transport.close()
            return
        self._last_cycle = cycle
        self._watch = asyncio.get_running_loop().call_later(
            _request_seconds(), self._look_for_request
        )

    def connection_lost(self, exc: Exception | None) -> None:
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
        super().connection_lost(exc)  # type: ignore[misc]

    def send_400_response(self, msg: str) -> None:
        self.transport.write(unreadable_request_answer(msg))
        self.transport.close()


def framed_http_protocol(base: type[asyncio.Protocol] | None = None) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol class (``base``; by default the one its ``"auto"`` picks:
    httptools' when it is installed, else h11's) with its 400 answer framed
    (`unreadable_request_answer`)."""
    if base is None:
        from uvicorn.protocols.http.auto import AutoHTTPProtocol

        base = AutoHTTPProtocol
    framed: type[asyncio.Protocol] = type(
        "Framed" + base.__name__, (_FramedUnreadableAnswer, base), {}
    )
    return framed


def _server_class(on_stop: Callable[[], None] | None = None) -> type[Any]:
    import uvicorn

    from .process import stop_asked

    class Server(uvicorn.Server):
        """uvicorn's server, but a SIGTERM or Ctrl+C it stopped for ends the run
        normally (exit status 0, the store closed) instead of being raised again,
        and ``on_stop`` hears of it at once; one that came while the server loaded
        (`canasta_scorer.ui.process.stop_asked`) stops it as soon as it runs."""

        def handle_exit(self, sig: int, frame: Any) -> None:
            if on_stop is not None:
                try:
                    on_stop()
                except Exception:
                    log.exception("stopping failed")
            super().handle_exit(sig, frame)

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            with super().capture_signals():
                asked = stop_asked()
                if asked is not None:  # Ctrl+C or SIGTERM while the server loaded
                    self.handle_exit(asked, None)
                try:
                    yield
                finally:
                    self._captured_signals.clear()

    return Server


_reclaim_pending: asyncio.TimerHandle | None = None
#: Seconds after the last tab closed before freed memory is given back.
RECLAIM_SECONDS = 5.0
#: Seconds between giving memory back while other tabs are still open (a full
#: collection stalls every tab for a moment; Python's own collector runs meanwhile).
RECLAIM_BUSY_SECONDS = 60.0


def reclaim() -> None:
    """Free what closed sessions left (their controls form reference cycles) and
    give the C heap's free pages back to the system where the C library can
    (glibc's ``malloc_trim``; the browser version's server takes Python's objects
    from the C library's allocator too, `canasta_scorer.ui.process`)."""
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).malloc_trim(0)


#: Seconds by which an event loop's timer may differ from its clock (uvloop: 1 ms).
_CLOCK_SLACK = 0.005


def _reclaim_soon() -> None:
    """After a session closed: `reclaim` a little later, once for a burst of closes
    (`RECLAIM_SECONDS` after the last tab closed; at most every
    `RECLAIM_BUSY_SECONDS` while others are open)."""
    global _reclaim_pending
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    delay = RECLAIM_BUSY_SECONDS if _open_tabs else RECLAIM_SECONDS
    pending = _reclaim_pending
    if pending is not None:  # (uvloop's handles are not asyncio.TimerHandle objects)
        # due no later than a new one would be (give or take the loop's clock steps:
        # uvloop counts whole milliseconds): it stays
        if pending.when() <= loop.time() + delay + _CLOCK_SLACK:
            return
        pending.cancel()  # the last tab closed: sooner

    def run() -> None:
        global _reclaim_pending
        _reclaim_pending = None
        reclaim()

    # in a context of its own: the closing tab's (its page) is not kept alive by it
    _reclaim_pending = loop.call_later(delay, run, context=contextvars.Context())


def guard_page(page: ft.Page, gate: AccessGate) -> tuple[SessionEdge, ClientGate]:
    """Set up one browser tab: its failure edge, its access gate (per client
    address; a tab that never unlocks is closed a few minutes after it opened, and
    forgotten soon after it disconnects), and memory given back once its session
    is closed."""
    edge = SessionEdge(page)
    socket_ = _SOCKET.get()
    # the connection's own address: Flet copies it into the page, where a patch the
    # tab sends with its registration can change it before this runs
    client = socket_.client if socket_ is not None else page.client_ip or ""
    client_gate = gate.for_client(client)
    page.on_disconnect = _on_disconnect(page, client_gate)
    if socket_ is not None:
        socket_.serves(page.session)
    key = id(page.session)
    _open_tabs.add(key)
    log.info("a tab opened (%d open)", len(_open_tabs))

    expiry: list[Future[None]] = []

    def closed(_event: Any) -> None:
        client_gate.let_go()
        _open_tabs.discard(key)
        log.info("a tab closed (%d open)", len(_open_tabs))
        for timer in expiry:  # the session is gone: nothing left to close
            timer.cancel()
        expiry.clear()
        _reclaim_soon()

    page.on_close = closed
    if client_gate.refused is not None:
        log.warning("refused a tab from %s: %s", client or "?", client_gate.refused)
        _tab(page).expired = True  # closed soon, and again should it reconnect
        page.run_task(_close_refused, page)
    elif not client_gate.unlocked:
        expiry.append(page.run_task(_expire_locked, page, client_gate, _unlock_seconds()))
    return edge, client_gate
