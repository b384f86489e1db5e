"""Where phones can reach the browser version: the machine's addresses, the default
route's first, and a QR code of the address that reads back as that address."""

from __future__ import annotations

import io

import segno

from canasta_scorer.ui.addresses import (
    announce,
    default_route_interface,
    qr_code_text,
    reachable_addresses,
    url,
)

#: /proc/net/route of a laptop on Wi-Fi (wlan0, metric 600) with a wired link to a
#: docker bridge and a second, worse default route over a phone's tethering (metric 700).
ROUTES = """\
Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
usb0\t00000000\t012AA8C0\t0003\t0\t0\t700\t00000000\t0\t0\t0
wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
wlan0\t0001A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\t0\t0\t0
docker0\t000011AC\t00000000\t0001\t0\t0\t0\t0000FFFF\t0\t0\t0
"""

INTERFACES = [
    ("lo", ["127.0.0.1", "::1"]),
    ("docker0", ["172.17.0.1"]),
    ("wlan0", ["192.168.1.20", "fe80::1c2:3ff:fe44:5566", "2001:db8::20"]),
    ("usb0", ["192.168.42.7", "169.254.10.3"]),
]


def test_the_default_route_is_the_one_with_the_lowest_metric() -> None:
    assert default_route_interface(ROUTES) == "wlan0"
    assert default_route_interface(ROUTES.replace("\t600\t", "\t900\t")) == "usb0"


def test_no_default_route_is_none() -> None:
    header = ROUTES.splitlines()[0]
    assert default_route_interface(header + "\n") is None
    assert default_route_interface("") is None


def test_phones_get_every_network_address_the_default_route_first() -> None:
    found = reachable_addresses(interfaces=INTERFACES, default_interface="wlan0")
    # No loopback, no link-local (169.254, fe80), no IPv6 on an IPv4-only 0.0.0.0.
    assert found == ["192.168.1.20", "172.17.0.1", "192.168.42.7"]


def test_served_on_ipv6_too_the_global_ipv6_addresses_are_listed() -> None:
    found = reachable_addresses("::", interfaces=INTERFACES, default_interface="wlan0")
    assert found == ["192.168.1.20", "2001:db8::20", "172.17.0.1", "192.168.42.7"]


def test_an_unknown_default_route_keeps_the_system_order() -> None:
    found = reachable_addresses(interfaces=INTERFACES, default_interface="")
    assert found == ["172.17.0.1", "192.168.1.20", "192.168.42.7"]


def test_this_machine_lists_no_loopback_address() -> None:
    assert not any(
        address.startswith("127.") or address == "::1" for address in reachable_addresses("::")
    )


def test_addresses_as_browsers_write_them() -> None:
    assert url("192.168.1.20", 8550) == "http://192.168.1.20:8550/"
    assert url("2001:db8::20", 8550) == "http://[2001:db8::20]:8550/"


def _modules(code: str) -> list[list[int]]:
    """The QR code's modules (1 dark) read back from the half-block drawing, which draws
    light modules as blocks (light on a dark terminal)."""
    top = {"█": 0, "▀": 0, "▄": 1, " ": 1}
    bottom = {"█": 0, "▀": 1, "▄": 0, " ": 1}
    rows: list[list[int]] = []
    for line in code.splitlines():
        rows.append([top[char] for char in line])
        rows.append([bottom[char] for char in line])
    return rows


def test_the_qr_code_holds_the_address() -> None:
    address = "http://192.168.1.20:8550/"
    code = qr_code_text(address)
    assert code is not None
    drawn = _modules(code)
    expected = segno.make(address, error="m")
    size = len(expected.matrix)
    # Inside the 2-module light border, the drawing is exactly the code of the address.
    inner = [row[2 : 2 + size] for row in drawn[2 : 2 + size]]
    assert inner == [list(row) for row in expected.matrix]
    assert all(value == 0 for value in drawn[0] + drawn[1])  # the light border
    assert segno.make("http://192.168.1.21:8550/", error="m").matrix != expected.matrix


def test_a_terminal_without_block_characters_gets_no_code() -> None:
    assert qr_code_text("http://192.168.1.20:8550/", "ascii") is None
    assert qr_code_text("http://192.168.1.20:8550/", "cp1252") is None


def _terminal() -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8")


def _printed(out: io.TextIOWrapper) -> str:
    out.flush()
    buffer = out.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8")


def test_the_announcement_names_this_computer_the_phones_address_and_shows_its_code() -> None:
    out = _terminal()
    announce("0.0.0.0", 8550, out, addresses=["192.168.1.20", "172.17.0.1"], access_code="042137")
    text = _printed(out)
    lines = text.splitlines()
    assert lines[1] == "  On this computer: http://127.0.0.1:8550/"
    assert lines[2] == "  On phones and tablets on the same Wi-Fi: http://192.168.1.20:8550/"
    assert lines[3] == "    or, on another network of this computer: http://172.17.0.1:8550/"
    assert lines[4] == "  The access code to type there: 042137"
    assert "Scan this with a phone's camera to open http://192.168.1.20:8550/:" in text
    code = qr_code_text("http://192.168.1.20:8550/")
    assert code is not None and text.endswith(code)


def test_with_no_network_address_it_says_what_to_do() -> None:
    out = _terminal()
    announce("0.0.0.0", 8550, out, addresses=[])
    text = _printed(out)
    assert "No network address was found: connect this computer to the Wi-Fi" in text
    assert "Scan" not in text and "127.0.0.1" in text
