"""The table view in a real browser: its own address (``/table/ID``; Back, the app's
and the browser's, returns to the match's ``/match/ID``; a reload keeps it), the
screen's wake lock asked for again each time the page is shown again while it is
shown, and how it looks at phone and desktop size, in English and in German.

The wake lock: Chromium has ``navigator.wakeLock``; the page's is replaced before the
app loads by one that counts the requests and, like a browser, lets go of the lock
it gave when the page is hidden. Hiding and showing the page is what Flutter's
lifecycle listens to (``document.visibilityState`` and its ``visibilitychange``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from canasta_scorer import i18n
from canasta_scorer.i18n import _
from canasta_scorer.rules import load_match
from canasta_scorer.store import Store

from .browser import PHONE
from .conftest import AppPage, Server, _route
from .test_match_in_browser import s1_hand, seed_match, start_match
from .test_screen_fixes_in_browser import seed

#: Before the app loads: a wake lock that counts its requests and is let go of when
#: the page is hidden (``window.wakeLocks``), and ``window.showPage(visible)``.
WAKE_LOCK_JS = """(() => {
    const locks = { requests: 0, held: null };
    window.wakeLocks = locks;
    async function request(type) {
        locks.requests += 1;
        const lock = new EventTarget();
        lock.type = type;
        lock.released = false;
        lock.release = async () => {
            if (!lock.released) {
                lock.released = true;
                lock.dispatchEvent(new Event('release'));
            }
        };
        locks.held = lock;
        return lock;
    }
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    let visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { get: () => visibility });
    Object.defineProperty(document, 'hidden', { get: () => visibility !== 'visible' });
    window.showPage = (visible) => {
        visibility = visible ? 'visible' : 'hidden';
        if (!visible && locks.held) locks.held.release();  // a hidden page loses its lock
        document.dispatchEvent(new Event('visibilitychange'));
    };
})()"""


def match_id(app: AppPage, kind: str) -> int:
    """Wait until the tab's address is a match's (``kind``: ``match`` or ``table``)
    and give the match's id."""
    app.page.wait_for_url(re.compile(rf"/{kind}/\d+$"))
    return int(app.page.url.rsplit("/", 1)[1])


def test_the_table_view_has_its_own_address_and_back_returns_to_the_match(
    app: AppPage,
) -> None:
    app.open()
    start_match(app)
    shown = match_id(app, "match")
    app.tap("Table view")
    assert match_id(app, "table") == shown
    app.expect_node("table-total-0", "North-South total 0")
    app.reload()  # the same screen comes back
    app.expect_node("table-total-0", "North-South total 0")
    assert app.page.url.endswith(f"/table/{shown}")

    app.tap("Back")
    assert match_id(app, "match") == shown
    expect(app.button("Enter hand 1")).to_be_visible()
    expect(app.node("table-total-0")).to_have_count(0)

    app.tap("Table view")
    assert match_id(app, "table") == shown
    app.page.go_back()  # the browser's Back
    assert match_id(app, "match") == shown
    expect(app.button("Enter hand 1")).to_be_visible()
    expect(app.node("table-total-0")).to_have_count(0)
    app.page.go_forward()
    assert match_id(app, "table") == shown
    app.expect_node("table-total-0", "North-South total 0")


def requests(app: AppPage) -> int:
    """How many times the page asked for a screen wake lock so far."""
    count: int = app.page.evaluate("window.wakeLocks.requests")
    return count


def held(app: AppPage) -> bool:
    """Whether the page holds a screen wake lock now."""
    holding: bool = app.page.evaluate("!!window.wakeLocks.held && !window.wakeLocks.held.released")
    return holding


def wait_for_requests(app: AppPage, count: int) -> None:
    """Wait until the page asked ``count`` times in all."""
    app.page.wait_for_function(f"window.wakeLocks.requests >= {count}", timeout=10_000)


def test_the_table_view_asks_again_for_the_wake_lock_when_the_page_is_shown_again(
    app: AppPage,
) -> None:
    app.page.context.add_init_script(script=WAKE_LOCK_JS)
    app.open()
    wait_for_requests(app, 1)  # every tab asks as it opens
    start_match(app)
    app.tap("Table view")
    app.expect_node("table-total-0", "North-South total 0")
    wait_for_requests(app, 2)  # and the table view as it is opened
    asked = requests(app)
    assert held(app)

    app.page.evaluate("showPage(false)")  # another tab, or the phone locked
    assert not held(app)
    app.page.wait_for_timeout(500)
    assert requests(app) == asked  # a hidden page is not asked for
    app.page.evaluate("showPage(true)")
    wait_for_requests(app, asked + 1)
    app.page.wait_for_timeout(1000)
    assert held(app)
    # shown again is asked for once: Flutter's SHOW and RESUME come together, and
    # the second finds the first one's asking under way
    assert requests(app) == asked + 1
    asked += 1

    app.tap("Back")  # the table view left: no more asking
    expect(app.button("Enter hand 1")).to_be_visible()
    app.page.evaluate("showPage(false)")
    app.page.evaluate("showPage(true)")
    app.page.wait_for_timeout(1500)
    assert requests(app) == asked
    assert not held(app)


@pytest.fixture
def german(browser: Browser, server: Server) -> Iterator[AppPage]:
    """The app in a browser whose language is German (phone size), and the catalogs'
    words in German while the test reads them."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="de-DE")
    blocked: list[str] = []
    context.route("**/*", _route(blocked))
    page = AppPage(context.new_page(), server, "table-view-de", blocked)
    i18n.speak("de")
    try:
        yield page
    finally:
        i18n.speak(i18n.DEFAULT)
        context.close()


def seed_table(server: Server) -> int:
    """A match of two hands in progress (S1's worked hand twice), for the table view."""
    first = s1_hand()
    return seed_match(server, [first, {**first, "dealer": "East"}])


def test_the_table_view_at_phone_and_desktop_size(app: AppPage, server: Server) -> None:
    shown = seed_table(server)
    app.page.goto(f"{server.url}table/{shown}")
    app.enable_semantics()
    app.expect_node("table-total-0", "North-South total 3,260")
    app.expect_node("table-minimum-0", "North-South initial meld minimum 120")
    app.expect_node("table-dealer", "deals next")
    app.expect_node("table-last-hand", "Hand 2: North-South +1,630")
    for shot in app.shot("table"):
        assert shot.stat().st_size > 0
    fits_the_phone(app)


def test_the_table_view_in_german(german: AppPage, server: Server) -> None:
    shown = seed_table(server)
    german.page.goto(f"{server.url}table/{shown}")
    german.enable_semantics()
    total = _("{name} total {points}").format(name="North-South", points=i18n.number(3260))
    german.expect_node("table-total-0", total)
    german.expect_node(
        "table-minimum-0",
        _("{name} initial meld minimum {minimum}").format(name="North-South", minimum=120),
    )
    german.shot("table")
    fits_the_phone(german)


def fits_the_phone(app: AppPage) -> None:
    """The table view is wholly on the phone's screen: nothing to scroll to (a turn of
    the mouse wheel moves nothing; a node's box is clipped to the screen, so it cannot
    tell)."""
    assert app.page.viewport_size == PHONE
    top = app.node("table-total-0").bounding_box()
    app.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    app.page.mouse.wheel(0, 600)
    app.settle()
    assert app.node("table-total-0").bounding_box() == top, "the table view scrolls"


def test_three_sides_at_the_table_fit_a_phone(app: AppPage, server: Server) -> None:
    record = {
        "variant": "six-player-three-sides",
        "sides": [
            {"name": name, "players": [f"{name} 1", f"{name} 2"]}
            for name in ("Team A", "Team B", "Team C")
        ],
        "hands": [{"sides": [{"total": 1630}, {"total": 575}, {"total": -95}]}],
    }
    store = Store.open(server.db_url)
    try:
        shown = store.create_match(load_match(json.dumps(record))).id
    finally:
        store.close()
    app.page.goto(f"{server.url}table/{shown}")
    app.enable_semantics()
    app.expect_node("table-total-2", "Team C total −95")
    app.shot("three-sides")
    fits_the_phone(app)


def test_a_hand_s_breakdown_has_its_own_address_opened_on_another_device(
    app: AppPage, server: Server, browser: Browser
) -> None:
    """``/match/ID/hand/N`` (hands counted from 1): pushed when the breakdown is
    opened, kept by a reload, opened in a new browser (another device, no session);
    a hand the match does not have is said on its scoreboard."""
    shown = seed_table(server)
    app.open()
    app.tap(re.compile(r"^Resume: North-South 3,260"))
    app.tap(re.compile(r"^Hand 2: North-South \+1,630"))
    app.page.wait_for_url(re.compile(rf"/match/{shown}/hand/2$"))
    app.expect_node("hand-total-North-South", "North-South hand total 1,630")
    app.reload()
    app.expect_node("hand-total-North-South", "North-South hand total 1,630")
    assert app.page.url.endswith(f"/match/{shown}/hand/2")

    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    blocked: list[str] = []
    context.route("**/*", _route(blocked))
    try:
        other = AppPage(context.new_page(), server, "hand-address-other", blocked)
        other.page.goto(f"{server.url}match/{shown}/hand/2")
        other.enable_semantics()
        other.expect_node("hand-total-North-South", "North-South hand total 1,630")
        expect(other.text(re.compile(r"^Dealt by East$"))).to_be_visible()
        other.page.goto(f"{server.url}match/{shown}/hand/9")
        other.enable_semantics()
        said = re.compile(r"There is no hand 9 in this match: it has 2 hands\.")
        expect(other.page.get_by_role("group", name=said)).to_be_visible()
        expect(other.button("Enter hand 3")).to_be_visible()
    finally:
        context.close()


def test_the_rule_checker_has_its_own_address_kept_by_a_reload(
    app: AppPage, server: Server
) -> None:
    """``/match/ID/checker``: the rule checker under the match's rules, pushed when it
    is opened from the scoreboard, kept by a reload (still the match's rules), and the
    browser's Back returns to the scoreboard; ``/checker`` the one opened from home."""

    def asks_about_three_kings(rules: str) -> None:
        for _king in range(3):
            app.tap("K")
        expect(app.text(re.compile(rf"^{rules}"))).to_be_visible()

    shown = seed_table(server)
    app.open()
    app.tap(re.compile(r"^Resume: North-South 3,260"))
    app.tap("Rule checker")
    app.page.wait_for_url(re.compile(rf"/match/{shown}/checker$"))
    asks_about_three_kings("This match's rules")
    app.reload()
    assert app.page.url.endswith(f"/match/{shown}/checker")
    asks_about_three_kings("This match's rules")
    app.page.go_back()
    app.page.wait_for_url(re.compile(rf"/match/{shown}$"))
    expect(app.button("Enter hand 3")).to_be_visible()
    app.page.goto(f"{server.url}checker")
    app.enable_semantics()
    asks_about_three_kings("Rules: Classic")


def test_a_long_side_name_wraps_in_the_last_hand_and_keeps_its_points(
    app: AppPage, server: Server
) -> None:
    def last_hand(names: tuple[str, str]) -> dict[str, float]:
        shown = seed(
            server,
            [
                {"name": name, "players": players}
                for name, players in zip(names, (["North", "South"], ["East", "West"]), strict=True)
            ],
            [s1_hand()],
        )
        app.page.goto(f"{server.url}table/{shown}")
        app.enable_semantics()
        app.expect_node("table-last-hand", f"Hand 1: {names[0]} +1,630 {names[1]} +575")
        box = app.node("table-last-hand").bounding_box()
        assert box is not None
        return box

    short = last_hand(("Us", "Them"))
    app.settle()
    # one line for "Us +1,630 Them +575" would not do: a line per side, the long name
    # wrapped over two with its points after its last word
    long = last_hand(("North-South", "Die Unbesiegbaren aus dem Schwarzwald"))
    assert long["height"] >= short["height"] + 28, (short, long)
    assert long["y"] + long["height"] <= PHONE["height"]
    app.shot("table-long-name", at=app.node("table-last-hand"))
