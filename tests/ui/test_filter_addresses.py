"""The filters of the past matches and of the statistics are in their addresses, as a
query string (``/matches?player=Ann&status=finished``): a reload, the browser's Back
and Forward, or the address opened on another device show the same filters; a value
that is not one of the app's is no filter, the address put right, never an error
(in-process, a client answering what the app asks of it)."""

from __future__ import annotations

import json
from collections.abc import Callable
from urllib.parse import unquote

from canasta_scorer.rules import MatchStatus, load_match
from canasta_scorer.store import Store
from canasta_scorer.ui.state import HistoryFilter, Screen, build_model
from tests.ui.harness import AppHarness
from tests.ui.test_table_view import addresses

OpenApp = Callable[..., AppHarness]

#: A name with a space, an accent, "&", "=", "#", "+", "%" and "~": each must come
#: back whole.
ODD = "Zoë & Jo = #1 + 5% ~26"
#: ODD's filter as the app pushes it: "~", "%", "&", "=", "#" and "+" escaped as "~"
#: and two hex digits, then URL-encoded.
PUSHED = "/matches?player=Zo%C3%AB%20~26%20Jo%20~3D%20~231%20~2B%205~25%20~7E26"
#: ODD's filter as Flet's client gives it back after a reload, Back or Forward:
#: decoded (once or more: the escapes are left alone).
SHOWN = "/matches?player=Zoë ~26 Jo ~3D ~231 ~2B 5~25 ~7E26"


def as_shown(pushed: str) -> str:
    """An address the app pushed as Flet's client gives it back (decoded)."""
    return unquote(pushed)


def seed(store: Store, players: tuple[str, str, str, str], variant: str = "classic") -> int:
    """A match of four players straight into the store (another device's)."""
    record = {
        "variant": variant,
        "sides": [
            {"name": "Us", "players": list(players[:2])},
            {"name": "Them", "players": list(players[2:])},
        ],
        "hands": [],
    }
    return store.create_match(load_match(json.dumps(record))).id


def test_the_filters_chosen_are_in_the_address_and_come_back(
    open_app: OpenApp, store: Store
) -> None:
    seed(store, (ODD, "Bo", "Cy", "Di"))
    seed(store, ("Ann", "Bo", "Cy", "Di"))
    app = open_app(client=True)
    app.click("Past matches")
    app.choose("Player", ODD)
    assert addresses(app)[-1] == PUSHED
    app.click("Unfinished")
    assert addresses(app)[-1] == PUSHED + "&status=in_progress"
    app.click("Player statistics")
    assert addresses(app)[-1] == "/stats" + PUSHED.removeprefix("/matches") + "&status=in_progress"
    app.route(SHOWN)  # the browser's Back, twice: the list with the name alone
    assert app.field("Player").value == ODD
    assert "Past matches" in app.texts()
    app.route("/matches")  # and once more: no filter
    assert app.field("Player").value in ("", None)
    pushed = len(addresses(app))
    app.route(SHOWN + "&status=in_progress")  # Forward
    assert app.field("Player").value == ODD
    assert len(addresses(app)) == pushed  # it names the screen shown: nothing put right


def test_a_reload_or_another_device_reads_the_filters_from_the_address(store: Store) -> None:
    seed(store, (ODD, "Bo", "Cy", "Di"))
    seed(store, ("Ann", "Bo", "Cy", "Di"))
    phone = build_model(store)
    phone.nav.show_matches()
    phone.history.set_filter(player=ODD, variant="classic", status=MatchStatus.IN_PROGRESS, days=30)
    address = phone.nav.address()
    assert address.startswith(PUSHED + "&")
    tab = build_model(store)  # another device, a reload: the address the browser shows
    tab.nav.open_address(as_shown(address))
    assert tab.nav.screen is Screen.MATCHES and tab.nav.address() == address
    assert tab.history.filter == phone.history.filter
    assert len(tab.history.recent) == 1
    stats = build_model(store)
    stats.nav.open_address(as_shown(address).replace("/matches", "/stats"))
    assert stats.nav.screen is Screen.STATS and stats.history.filter == phone.history.filter
    assert stats.history.stats is not None
    # decoded twice, as a second visit gives it: the same
    again = build_model(store)
    again.nav.open_address(unquote(as_shown(address)))
    assert again.history.filter == phone.history.filter
    # typed by hand, URL-encoded with "+" for a space as forms write it: read so too
    plus = build_model(store)
    plus.nav.open_address("/matches?player=Zo%C3%AB+%26+Jo+%3D+%231+%2B+5%25+~7E26")
    assert plus.history.filter.player == ODD


def test_a_bad_or_unknown_query_value_is_no_filter(open_app: OpenApp, store: Store) -> None:
    seed(store, ("Ann", "Bo", "Cy", "Di"))
    for query, kept in (
        ("?player=Nobody", HistoryFilter()),
        ("?variant=chess&status=lost&days=12", HistoryFilter()),
        ("?days=-1&days=abc", HistoryFilter()),
        ("?player=Ann&player=Bo", HistoryFilter()),  # said twice, differently
        ("?%zz=%%&player", HistoryFilter()),
        ("?player=Ann&status=finished&variant=classic&days=7&extra=1", None),
        ("?" + "&".join(f"a{i}={i}" for i in range(2000)), HistoryFilter()),
    ):
        tab = build_model(store)
        tab.nav.open_address("/matches" + query)
        assert tab.nav.screen is Screen.MATCHES and tab.nav.message is None, query
        if kept is not None:
            assert tab.history.filter == kept, query
    assert tab.history.filter == HistoryFilter()

    app = open_app(client=True)
    app.route("/stats?variant=chess&player=Ann")
    assert "Player statistics" in app.texts()
    assert addresses(app) == ["/stats?player=Ann"]  # put right at once: what is shown


def test_statistics_under_filters_that_match_nothing_say_the_filters(
    open_app: OpenApp, store: Store
) -> None:
    """A filtered statistics page with nothing to count (its address reloaded, or
    shared) names its filters, not "no statistics yet", which would hide them."""
    seed(store, ("Ann", "Bo", "Cy", "Di"))  # no hand saved: nothing counts yet
    app = open_app(client=True)
    app.route("/stats?player=Ann")
    assert app.has_text(
        "No statistics over the matches of the past-matches filters: player Ann. A match "
        "counts once a hand of it is saved; change the filters on Past matches."
    )
    app.route("/stats")
    assert app.has_text(
        "No statistics yet: a match with named players counts once a hand of it is saved."
    )
