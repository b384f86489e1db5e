"""Live screens in real browsers: a hand saved on one device shows on the others
without a reload, through one server (Flet's pub/sub) and through two server
processes on one PostgreSQL database (LISTEN/NOTIFY); a device entering a hand keeps
its entry; the table view opens by its address and follows the match.

How fast a save shows elsewhere is measured by ``tests/benchmarks/live_delay.py``,
not here.
"""

from __future__ import annotations

import os
import re
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .browser import start_on_free_port, stop_server
from .conftest import AppPage, Server, _missing, _route
from .entry_flow import Counted, Player
from .test_match_in_browser import start_match

PG_ENV = "CANASTA_SCORER_TEST_PG"


def device(app: AppPage, browser: Browser, server: Server | None = None) -> AppPage:
    """The app on another device: a browser context of its own (its own session),
    closed with the test's."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.route("**/*", _route(app.blocked))
    other = AppPage(context.new_page(), server or app.server, app.test_name, app.blocked)
    app.page.context.on("close", lambda _: context.close())
    other.open()
    return other


def look(app: AppPage) -> AppPage:
    """Look at a device: its page in front (a page behind others draws no frames, as a
    phone in a pocket would not)."""
    app.page.bring_to_front()
    return app


def save_quick_hand(app: AppPage, north_south: str, east_west: str, number: int = 1) -> None:
    """From the scoreboard: enter a hand as quick totals and save it."""
    look(app)
    app.tap(f"Enter hand {number}")
    quick = app.switch(re.compile(r"^Quick"))
    # the hand's body is a list built near the screen: scroll down to the switch
    player = Player(app.page, Counted())
    player.find(quick)
    player.scroll_to(quick)
    app.set_switch(quick, True)
    app.type("North-South hand total", north_south)
    app.type("East-West hand total", east_west)
    app.expect_node("save-bar", f"North-South +{north_south} East-West +{east_west}")
    app.tap("Save hand")
    app.expect_node("message", f"Hand {number} saved.")


def open_resumed(app: AppPage) -> None:
    """From home: open the match in progress."""
    app.tap(re.compile(r"^Resume: "))
    expect(app.node("total-0")).to_be_visible()


def test_a_save_on_one_page_shows_on_another_without_a_reload(
    app: AppPage, browser: Browser
) -> None:
    app.open()
    start_match(app)
    other = device(app, browser)
    open_resumed(other)
    other.expect_node("total-0", "North-South total 0")

    save_quick_hand(app, "120", "35")
    # Nothing is done on the other page: it shows the hand by itself.
    look(other).expect_node("total-0", "North-South total 120")
    other.expect_node("total-1", "East-West total 35")
    expect(other.button("Enter hand 2")).to_be_visible()
    assert other.reads("message") == ""  # the saver's message is the saver's


def test_a_page_entering_a_hand_keeps_it_when_another_saves(app: AppPage, browser: Browser) -> None:
    app.open()
    start_match(app)
    entering = device(app, browser)
    open_resumed(entering)
    # The saving page begins first, with quick totals: each page has its own entry (a
    # page that begins with nothing of its own would show the other's entry instead).
    look(app).tap("Enter hand 1")
    quick = app.switch(re.compile(r"^Quick"))
    scroller = Player(app.page, Counted())
    scroller.find(quick)
    scroller.scroll_to(quick)
    app.set_switch(quick, True)
    look(entering).tap("Enter hand 1")
    entering.tap("K")
    entering.set_count("natural cards in the meld of Ks", 5)

    look(app).type("North-South hand total", "200")
    app.type("East-West hand total", "90")
    app.expect_node("save-bar", "North-South +200 East-West +90")
    app.tap("Save hand")
    app.expect_node("message", "Hand 1 saved.")
    look(entering).expect_node("message", "Another device saved hand 1.")
    entering.expect_node("message", "Your entry is kept as hand 2")
    expect(entering.node("same-hand")).to_have_count(0)  # the hand saved is nobody's entry
    assert entering.count("natural cards in the meld of Ks") == 5  # the entry, untouched
    # East-West holds cards too (a side left blank would be refused on its own account)
    player = Player(entering.page, Counted())
    entering.tap(re.compile(r"^East-West\b"))
    player.tap("3 cards K to 8 (10) in East's hand")
    entering.tap(re.compile(r"^North-South\b"))
    entering.tap("Save hand")
    entering.expect_node("message", "Another device changed this match while you were")
    entering.expect_node("total-0", "North-South total 200")
    entering.tap("Go on with hand 2")
    assert entering.count("natural cards in the meld of Ks") == 5  # nothing lost


def test_two_pages_entering_one_hand_are_both_asked_and_nothing_is_lost(
    app: AppPage, browser: Browser
) -> None:
    app.open()
    start_match(app)
    app.tap("Enter hand 1")
    app.tap("K")
    app.page.wait_for_timeout(1500)  # the entry is kept a moment after the tap
    other = device(app, browser)
    open_resumed(other)
    other.tap("Go on with hand 1")
    assert other.count("natural cards in the meld of Ks") == 3  # the other page reads it
    # Both tap before either entry is kept (a second after its tap): the taps are sent
    # at once, without waiting for either page to draw.
    queen, jack = other.button("Q"), look(app).button("J")
    expect(queen).to_be_visible()
    expect(jack).to_be_visible()
    queen.dispatch_event("click")
    jack.dispatch_event("click")
    for page, theirs in ((app, "Qs"), (other, "Js")):
        look(page).expect_node("same-hand", "Another device is entering hand 1 too.")
        page.expect_node("same-hand", f"North-South: Ks and {theirs}")
    assert app.count("natural cards in the meld of Js") == 3  # each page keeps its own entry
    expect(app.text(re.compile(r"^natural cards in the meld of Qs"))).to_have_count(0)
    assert look(other).count("natural cards in the meld of Qs") == 3
    box = other.node("same-hand").bounding_box()
    assert box is not None and box["width"] >= 390 - 2 * 12 - 2  # the screen's width
    other.shot("same-hand")
    look(app).tap("Take its entry")
    for page in (app, other):
        expect(look(page).node("same-hand")).to_have_count(0)
        assert page.count("natural cards in the meld of Qs") == 3
        expect(page.text(re.compile(r"^natural cards in the meld of Js"))).to_have_count(0)
    # what the other page adds next shows on the page that took its entry, unasked
    look(other).tap("8")
    expect(look(app).text(re.compile(r"^natural cards in the meld of 8s"))).not_to_have_count(0)
    expect(app.node("same-hand")).to_have_count(0)
    expect(look(other).node("same-hand")).to_have_count(0)


def test_a_page_entering_a_hand_another_is_entering_shows_it_and_follows_its_save(
    app: AppPage, browser: Browser
) -> None:
    app.open()
    start_match(app)
    other = device(app, browser)
    open_resumed(other)  # the scoreboard, before the first page begins the hand
    look(app).tap("Enter hand 1")
    app.tap("8")
    app.tap("7 natural cards in the meld of 8s")
    app.page.wait_for_timeout(1500)  # the entry is kept a moment after the tap
    look(other).tap("Enter hand 1")
    other.expect_node("message", "Another device is entering hand 1 too; its entry is shown.")
    assert other.count("natural cards in the meld of 8s") == 7
    expect(other.node("same-hand")).to_have_count(0)
    look(app).tap("K")  # what one page adds shows on the other, nobody is asked
    expect(look(other).text(re.compile(r"^natural cards in the meld of Ks: 3"))).to_have_count(1)
    expect(other.node("same-hand")).to_have_count(0)
    expect(look(app).node("same-hand")).to_have_count(0)
    player = Player(app.page, Counted())
    app.tap(re.compile(r"^East-West\b"))
    player.tap("3 cards K to 8 (10) in East's hand")
    app.page.wait_for_timeout(1500)
    look(other).tap(re.compile(r"^East-West\b"))
    expect(other.text(re.compile(r"^3 cards K to 8 \(10\) in East's hand"))).to_have_count(1)
    look(app).tap("Save hand")
    app.expect_node("message", "Hand 1 saved.")
    # the other page's entry was that very hand: not kept as hand 2, nor offered there
    look(other).expect_node("message", "Another device saved hand 1 as it is entered here.")
    expect(other.button("Enter hand 2")).to_be_visible()
    look(app).tap("Enter hand 2")
    expect(app.node("same-hand")).to_have_count(0)
    expect(app.text(re.compile(r"^natural cards in the meld of 8s"))).to_have_count(0)


def test_the_table_view_opens_by_its_address_and_follows_the_match(
    app: AppPage, browser: Browser, server: Server
) -> None:
    app.open()
    start_match(app)
    app.tap("Table view")
    app.expect_node("table-total-0", "North-South total 0")
    app.expect_node("table-minimum-1", "East-West initial meld minimum 50")
    app.tap("Back")
    save_quick_hand(app, "1,500", "300")
    # A tablet opens the table view of the newest match straight from its address.
    newest = newest_match_id(server)
    tablet = device(app, browser)
    tablet.page.goto(f"{server.url}table/{newest}")
    tablet.enable_semantics()
    tablet.expect_node("table-total-0", "North-South total 1,500")
    tablet.expect_node("table-minimum-0", "North-South initial meld minimum 90")
    tablet.expect_node("table-last-hand", "Hand 1: North-South +1,500")
    expect(tablet.button("Enter hand 2")).to_have_count(0)  # read-only
    tablet.shot("table-view")
    save_quick_hand(app, "100", "50", number=2)
    look(tablet).expect_node("table-total-0", "North-South total 1,600")
    tablet.expect_node("table-last-hand", "Hand 2: North-South +100")


def newest_match_id(server: Server) -> int:
    """The id of the match started last on the server's store."""
    from canasta_scorer.store import Store

    store = Store.open(server.db_url)
    try:
        return store.matches(limit=1)[0].id
    finally:
        store.close()


# --- two server processes on one PostgreSQL database -------------------------------


@pytest.fixture
def postgres_schema() -> Iterator[str]:
    """A new schema on the PostgreSQL test server, as a URL (dropped afterwards)."""
    from sqlalchemy import create_engine, make_url, text

    base_text = os.environ.get(PG_ENV, "").strip()
    if not base_text:
        _missing(f"{PG_ENV} is not set (tests/run starts a server with tests/postgres.sh)")
    base = make_url(base_text)
    schema = f"canasta_e2e_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        url = base.update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def serve(db_url: str, folder: Path, name: str) -> Server:
    command = [sys.executable, "-m", "canasta_scorer", "app", "--web", "--db", db_url]
    log = folder / f"{name}.log"
    process, url = start_on_free_port(command, log)
    return Server(url=url, db_url=db_url, log=log, process=process)


def test_a_save_through_one_server_shows_in_the_page_of_another(
    browser: Browser, postgres_schema: str, tmp_path: Path, app: AppPage
) -> None:
    first = serve(postgres_schema, tmp_path, "first")
    second = serve(postgres_schema, tmp_path, "second")
    try:
        here, there = device(app, browser, first), device(app, browser, second)
        look(here)
        start_match(here)
        # the new match shows on the other server's home by itself
        open_resumed(look(there))
        there.expect_node("total-0", "North-South total 0")
        save_quick_hand(here, "450", "120")
        look(there).expect_node("total-0", "North-South total 450")
        there.expect_node("total-1", "East-West total 120")
        for server in (first, second):
            log = server.log_text()
            assert "Traceback" not in log, log
    finally:
        stop_server(first.process)
        stop_server(second.process)
