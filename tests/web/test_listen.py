"""Loopback or not, decided by the addresses a server actually binds."""

from __future__ import annotations

import ipaddress
import socket

import pytest

from canasta_scorer.ui.serving import is_loopback, listen, plain_host, this_machine


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("", False),
        ("0.0.0.0", False),
        ("::", False),
        ("[::]", False),
        ("127.0.0.1", True),
        ("127.0.0.2", True),
        ("::1", True),
        ("localhost", True),
        ("no-such-host.invalid", False),
        # an IPv4-mapped address counts as its IPv4 address
        ("::ffff:0.0.0.0", False),
        ("::ffff:127.0.0.1", True),
        ("[::ffff:127.0.0.2]", True),
        ("::ffff:192.0.2.1", False),
    ],
)
def test_every_spelling_of_a_host(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_this_machine_s_lan_address_and_name_count_by_what_they_resolve_to() -> None:
    lan = this_machine()
    if ipaddress.ip_address(lan).is_loopback:  # pragma: no cover - a machine with no network
        pytest.fail("this machine has no network address to test with")
    assert is_loopback(lan) is False
    name = socket.gethostname()
    resolved = {a[4][0] for a in socket.getaddrinfo(name, 0, type=socket.SOCK_STREAM)}
    assert is_loopback(name) is all(ipaddress.ip_address(a).is_loopback for a in resolved)


@pytest.mark.parametrize(
    ("host", "loopback", "everywhere"),
    [
        ("", False, True),
        ("0.0.0.0", False, True),
        ("::", False, True),
        ("127.0.0.1", True, False),
        ("::ffff:0.0.0.0", False, True),
        ("::ffff:127.0.0.1", True, False),
    ],
)
def test_listen_reports_what_it_bound(host: str, loopback: bool, everywhere: bool) -> None:
    listener = listen(host, 0)
    try:
        assert listener.loopback is loopback
        assert listener.everywhere is everywhere
        assert listener.port > 0
        if host == "":
            assert sorted(listener.addresses) == ["0.0.0.0", "::"]
        if host.startswith("::ffff:"):  # bound as the IPv4 address it stands for
            assert listener.addresses == [host.removeprefix("::ffff:")]
    finally:
        listener.close()


def test_listen_on_a_lan_address_is_not_loopback() -> None:
    listener = listen(this_machine(), 0)
    try:
        assert listener.addresses == [this_machine()]
        assert not listener.loopback and not listener.everywhere
    finally:
        listener.close()


def test_a_taken_port_is_refused_with_what_to_do() -> None:
    first = listen("127.0.0.1", 0)
    try:
        with pytest.raises(ValueError, match="choose another with --port"):
            listen("127.0.0.1", first.port)
    finally:
        first.close()


@pytest.mark.parametrize(
    ("host", "plain"),
    [
        ("::ffff:0.0.0.0", "0.0.0.0"),
        ("::FFFF:192.168.1.5", "192.168.1.5"),
        ("[::ffff:127.0.0.1]", "127.0.0.1"),
        ("::ffff:c0a8:105", "192.168.1.5"),
        ("::", "::"),
        ("::1", "::1"),
        ("0.0.0.0", "0.0.0.0"),
        ("localhost", "localhost"),
        ("", ""),
    ],
)
def test_an_ipv4_mapped_address_is_its_ipv4_address(host: str, plain: str) -> None:
    assert plain_host(host) == plain


def test_listen_on_the_mapped_form_of_a_lan_address_binds_that_address() -> None:
    lan = this_machine()
    listener = listen(f"::ffff:{lan}", 0)
    try:
        assert listener.addresses == [lan]
        assert not listener.loopback and not listener.everywhere
    finally:
        listener.close()


def test_a_port_taken_an_address_of_another_computer_and_an_unknown_name_are_said() -> None:
    """Each says what is wrong and what to do, in words: not the system's text."""
    from canasta_scorer import i18n

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        with pytest.raises(ValueError) as refused:
            listen("127.0.0.1", port)
        assert str(refused.value) == (
            f"cannot serve on “127.0.0.1” at port {port}: another program is using that "
            "port; choose another with --port"
        )
    finally:
        taken.close()
    with pytest.raises(ValueError) as refused:
        listen("192.0.2.1", 8550)  # an address of the documentation's, no one's here
    assert str(refused.value) == (
        "cannot serve on “192.0.2.1”: it is not an address of this computer; give one of "
        "its addresses with --host (0.0.0.0: all of them)"
    )
    with pytest.raises(ValueError) as refused:
        listen("no-such-host.invalid", 8550)
    assert str(refused.value) == (
        "cannot serve on “no-such-host.invalid”: this computer knows no address by that "
        "name; give one of its addresses with --host (0.0.0.0: all of them)"
    )
    with i18n.use("de"), pytest.raises(ValueError) as refused:
        listen("192.0.2.1", 8550)
    assert "192.0.2.1" in str(refused.value) and "--host" in str(refused.value)
    assert not str(refused.value).startswith("cannot serve")


def test_a_system_error_is_said_in_the_language_s_words() -> None:
    import errno

    from canasta_scorer import i18n

    missing = FileNotFoundError(errno.ENOENT, "No such file or directory", "/nowhere")
    assert i18n.system_error_text(missing) == "no such file or folder"
    with i18n.use("de"):
        assert i18n.system_error_text(missing) != "no such file or folder"
        assert "No such file" not in i18n.system_error_text(missing)
    odd = OSError(errno.ENOTCONN, "Transport endpoint is not connected")
    assert i18n.system_error_text(odd) == "Transport endpoint is not connected"
