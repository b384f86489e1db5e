"""Where phones can reach the browser version, and a QR code that opens it.

When the app is served on every address of the machine (``--host 0.0.0.0``), the
address to give phones is not ``127.0.0.1`` (this computer only) nor whatever the
machine's own name resolves to (often loopback too), but the addresses of its network
interfaces. `reachable_addresses` lists them, the interface of the default route first
(that is the one on the home network, as a rule); `announce` prints them with a QR code
of the first, so a phone's camera opens the app.

Interfaces are read with ifaddr; the QR code is drawn by segno in the terminal.
"""

from __future__ import annotations

import io
import ipaddress
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TextIO

import ifaddr

from canasta_scorer.i18n import _

__all__ = [
    "announce",
    "default_route_interface",
    "qr_code_text",
    "reachable_addresses",
    "url",
]

#: Blocks the compact QR code is drawn with.
_BLOCKS = "\u2580\u2584\u2588"


def default_route_interface(route_table: str | None = None) -> str | None:
    """The network interface of the default route, from Linux's ``/proc/net/route``.

    Args:
        route_table: the text of that table; read from ``/proc/net/route`` by default.

    Returns:
        The interface name (``"wlan0"``), the lowest metric winning if several default
        routes exist; ``None`` where the table cannot be read (not Linux) or has none.
    """
    if route_table is None:
        try:
            route_table = Path("/proc/net/route").read_text(encoding="ascii")
        except OSError:
            return None
    best: tuple[int, str] | None = None
    for line in route_table.splitlines()[1:]:
        fields = line.split()
        if len(fields) < 8 or fields[1] != "00000000" or fields[7] != "00000000":
            continue
        try:
            metric = int(fields[6])
        except ValueError:
            continue
        if best is None or metric < best[0]:
            best = (metric, fields[0])
    return best[1] if best else None


def _interfaces() -> list[tuple[str, list[str]]]:
    found: list[tuple[str, list[str]]] = []
    for adapter in ifaddr.get_adapters():
        ips = []
        for ip in adapter.ips:
            # ifaddr gives IPv4 as text and IPv6 as (address, flowinfo, scope id).
            ips.append(ip.ip if isinstance(ip.ip, str) else ip.ip[0])
        found.append((adapter.name, ips))
    return found


def reachable_addresses(
    host: str = "0.0.0.0",
    *,
    interfaces: Iterable[tuple[str, Sequence[str]]] | None = None,
    default_interface: str | None = None,
) -> list[str]:
    """The addresses of this machine that other devices on its networks can open.

    Every address of every interface except loopback and link-local ones, the default
    route's interface first, each address once. Served on ``0.0.0.0`` only IPv4
    addresses answer; served on ``::`` the IPv6 ones are listed too.

    Args:
        host: the address the app is served on.
        interfaces: (name, addresses) per interface; this machine's by default.
        default_interface: the default route's interface; `default_route_interface`
            by default.

    Returns:
        Addresses as text (``"192.168.1.20"``), best first; empty when the machine has
        no network address.
    """
    listed = list(_interfaces() if interfaces is None else interfaces)
    first = default_route_interface() if default_interface is None else default_interface
    listed.sort(key=lambda item: item[0] != first)  # stable: otherwise as the system lists them
    with_ipv6 = ":" in host
    out: list[str] = []
    for _name, ips in listed:
        for text in ips:
            try:
                ip = ipaddress.ip_address(text.split("%")[0])
            except ValueError:
                continue
            if ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast:
                continue
            if ip.version == 6 and not with_ipv6:
                continue
            if str(ip) not in out:
                out.append(str(ip))
    return out


def url(address: str, port: int) -> str:
    """The app's address for a browser: ``http://192.168.1.20:8550/`` (IPv6 in brackets)."""
    shown = f"[{address}]" if ":" in address else address
    return f"http://{shown}:{port}/"


def qr_code_text(text: str, encoding: str | None = "utf-8") -> str | None:
    """A QR code of ``text`` drawn with block characters, light on dark, for a terminal.

    Args:
        text: what the code holds (an address).
        encoding: the terminal's encoding; the code needs one that has the blocks.

    Returns:
        The code as lines of text, or ``None`` where the encoding cannot show it.
    """
    try:
        _BLOCKS.encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return None
    import segno  # only when a code is drawn (the server on the home Wi-Fi)

    buffer = io.StringIO()
    segno.make(text, error="m").terminal(out=buffer, compact=True, border=2)
    return buffer.getvalue()


def announce(
    host: str,
    port: int,
    out: TextIO,
    *,
    addresses: Sequence[str] | None = None,
    access_code: str | None = None,
) -> None:
    """Print where to open the app served on every address: this computer, the phones'
    address (each one found), and a QR code of the first.

    Args:
        host: ``"0.0.0.0"`` or ``"::"``.
        port: the port served on.
        out: where to print (the terminal).
        addresses: the reachable addresses; `reachable_addresses` by default.
        access_code: the code the app asks for, printed beside the addresses.
    """
    found = list(reachable_addresses(host) if addresses is None else addresses)
    write = out.write
    write(_("Canasta scorer is running (Ctrl+C stops it).\n"))
    write(_("  On this computer: {url}\n").format(url=url("127.0.0.1", port)))
    if not found:
        write(
            _(
                "  No network address was found: connect this computer to the Wi-Fi (or the\n"
                "  network the phones use) and start it again to get the address for phones.\n"
            )
        )
    else:
        write(
            _("  On phones and tablets on the same Wi-Fi: {url}\n").format(url=url(found[0], port))
        )
        for other in found[1:]:
            write(
                _("    or, on another network of this computer: {url}\n").format(
                    url=url(other, port)
                )
            )
    if access_code:
        write(_("  The access code to type there: {access_code}\n").format(access_code=access_code))
    if found:
        code = qr_code_text(url(found[0], port), getattr(out, "encoding", None))
        if code is not None:
            write(
                _("\nScan this with a phone's camera to open {url}:\n{code}").format(
                    url=url(found[0], port), code=code
                )
            )
    out.flush()
