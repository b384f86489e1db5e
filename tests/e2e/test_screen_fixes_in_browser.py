"""Small screen fixes in a real browser at phone size (390×844): statistics with a long
name, score-sheet rows read once, touch targets of at least 48 px, a new match started
as a player would.

Every screen is photographed at phone and desktop size (``test-artifacts/screenshots``).
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from playwright.sync_api import expect

from canasta_scorer.rules import load_match
from canasta_scorer.store import Store
from canasta_scorer.ui.drafts import HandDraft

from .browser import ENABLE_SEMANTICS_JS, PHONE, start_on_free_port, start_server, stop_server
from .conftest import SCREENSHOTS, AppPage, Server
from .match_flow import CLASSIC_SEATS, start_match
from .test_match_in_browser import s1_hand, seed_match

if TYPE_CHECKING:
    from playwright.sync_api import Browser

#: A name of 30 characters.
LONG_NAME = "Maximiliana Bartholomew-Smythe"


def seed(server: Server, sides: list[dict[str, Any]], hands: list[dict[str, Any]]) -> int:
    """A classic match with these sides and hands, straight into the server's store."""
    record = {"variant": "classic", "house_rules": [], "sides": sides, "hands": hands}
    store = Store.open(server.db_url)
    try:
        return store.create_match(load_match(json.dumps(record))).id
    finally:
        store.close()


def cells(app: AppPage, table: str) -> list[dict[str, Any]]:
    """Every cell of a statistics table: what it reads and its box on the page."""
    found: list[dict[str, Any]] = app.page.evaluate(
        """(prefix) => [...document.querySelectorAll('[flt-semantics-identifier]')]
            .filter(e => e.getAttribute('flt-semantics-identifier').startsWith(prefix))
            .map(e => { const r = e.getBoundingClientRect();
                        return {id: e.getAttribute('flt-semantics-identifier'),
                                said: e.getAttribute('aria-label') || e.textContent,
                                left: r.left, right: r.right, width: r.width}; })""",
        f"{table}-",
    )
    return found


def test_statistics_keep_every_number_on_a_phone_with_a_long_name(
    app: AppPage, server: Server
) -> None:
    assert len(LONG_NAME) == 30
    seed(
        server,
        [
            {"name": "North-South", "players": [LONG_NAME, "South"]},
            {"name": "East-West", "players": ["East", "West"]},
        ],
        [json.loads(json.dumps(s1_hand()).replace('"North"', json.dumps(LONG_NAME)))],
    )
    app.open()
    app.tap("Past matches")
    app.tap("Player statistics")
    expect(app.node("hand-stats-0-0")).to_be_visible()
    for table, columns in (("player-stats", 5), ("hand-stats", 5)):
        app.reveal(app.node(f"{table}-0-0"))
        found = cells(app, table)
        # every cell of every player laid out (other tests' players too, in a full run)
        assert len(found) >= 4 * columns and len(found) % columns == 0, found
        # every number whole on screen, right of its name
        assert all(c["left"] >= 0 and c["right"] <= PHONE["width"] for c in found), found
    hand = {c["id"]: c for c in cells(app, "hand-stats")}
    row = next(k.split("-")[2] for k, c in hand.items() if c["said"] == LONG_NAME)
    assert hand[f"hand-stats-{row}-1"]["said"] == "Average hand: 1,630"
    assert hand[f"hand-stats-{row}-4"]["said"] == "Went out: 1"
    # the long name is shortened to the room the numbers leave
    assert hand[f"hand-stats-{row}-0"]["right"] <= hand[f"hand-stats-{row}-1"]["left"]
    expect(app.page.get_by_text("Can.", exact=True)).to_have_count(0)
    app.shot("statistics-long-name", at=app.node("hand-stats-3-0"))


def small_buttons(app: AppPage) -> list[tuple[str, float, float]]:
    """Buttons on screen smaller than 48 × 48 px (name, width, height); one cut by an
    edge is left for where it is whole."""
    found: list[tuple[str, float, float]] = app.page.evaluate(
        """() => [...document.querySelectorAll('flt-semantics[role=button]')]
            .map(e => [e.getAttribute('aria-label') || e.textContent.trim(),
                       e.getBoundingClientRect()])
            .filter(([n, r]) => r.width > 0 && r.height > 0
                    && r.bottom < window.innerHeight - 1 && r.top > 0
                    && (r.width < 47.5 || r.height < 47.5))
            .map(([n, r]) => [n, r.width, r.height])"""
    )
    return found


def test_the_message_s_buttons_are_48_px(app: AppPage) -> None:
    app.open()
    app.tap("New match")
    for label, name in (
        ("North-South player 1", "Ann"),
        ("North-South player 2", "Bob"),
        ("East-West player 1", "Cy"),
        ("East-West player 2", "Di"),
    ):
        app.type(label, name)
    app.tap("Start match")
    app.tap("Enter hand 1")
    app.tap("K")  # three kings: below the initial meld minimum, so Save is refused
    app.tap("Save hand")
    expect(app.button("Dismiss")).to_be_visible()  # "Not saved: fix what is marked first"
    box = app.button("Dismiss").bounding_box()
    assert box is not None and box["width"] >= 48 and box["height"] >= 48
    assert small_buttons(app) == []
    app.shot("message-48-px")


def test_score_sheet_rows_and_totals_are_read_once(app: AppPage, server: Server) -> None:
    seed_match(server, [s1_hand(), s1_hand()])
    app.open()
    app.tap(re.compile(r"^Resume: North-South 3,260 – East-West 1,150$"))
    expect(app.node("score-sheet")).to_be_visible()
    # what Flutter's semantics tree gives a screen reader: one node per row, one
    # reading each (its label, its texts left out), no second, empty button around it
    read: list[dict[str, Any]] = app.node("score-sheet").evaluate(
        """el => [...el.querySelectorAll('flt-semantics')].map(e => ({
            role: e.getAttribute('role'),
            id: e.getAttribute('flt-semantics-identifier'),
            said: [e.getAttribute('aria-label') || '', ...[...e.childNodes]
                   .filter(n => n.nodeType === 3 || n.tagName === 'SPAN')
                   .map(n => n.textContent)].join(' ').trim()}))"""
    )
    buttons = [node["said"] for node in read if node["role"] == "button"]
    assert buttons == [
        "Hand 1: North-South +1,630, total 1,630; East-West +575, total 575",
        "Hand 2: North-South +1,630, total 3,260; East-West +575, total 1,150",
    ]
    said = {node["id"]: node["said"] for node in read if node["id"]}
    assert said["total-0"] == "North-South total 3,260\nNorth and South"
    assert said["minimum-1"] == "East-West initial meld minimum 50"
    every = " ".join(node["said"] for node in read)
    assert every.count("3,260") == 2  # hand 2's row and the total, once each


#: A family new to the app: names no other test remembers, first in alphabetical order
#: (the form offers the first 12 remembered players).
FAMILY = (("Aabel", "Aada"), ("Aaro", "Aase"))


def test_a_new_match_is_started_in_a_few_taps(app: AppPage) -> None:
    app.open()
    # the first time: every name typed (a tap on the field, a key per letter)
    first = start_match(app.page, CLASSIC_SEATS, FAMILY)
    expect(app.text("Aabel and Aada")).to_be_visible()
    assert (first.taps, first.keys, first.scrolls) == (6, 17, 0), first.steps
    app.tap("Back")
    # the next time: each name a remembered player's button, no key pressed
    again = start_match(app.page, CLASSIC_SEATS, FAMILY)
    expect(app.text("Aaro and Aase")).to_be_visible()
    assert (again.taps, again.keys, again.scrolls) == (6, 0, 0), again.steps
    assert again.steps[1:5] == [f"tap {n} (remembered)" for n in ("Aabel", "Aada", "Aaro", "Aase")]


def wait_for_melded_draft(db_url: str, match_id: int, timeout: float = 60.0) -> None:
    """Wait until the hand being entered that the store keeps for the match has a meld
    (the timeout is a bound against hanging, not a measure)."""
    deadline = time.monotonic() + timeout
    store = Store.open(db_url)
    try:
        while True:
            text = store.draft(match_id)
            if text is not None and any(
                side.melds for side in HandDraft.model_validate_json(text).sides
            ):
                return
            assert time.monotonic() < deadline, f"no meld kept for match {match_id}: {text}"
            time.sleep(0.05)
    finally:
        store.close()


def test_a_stopped_server_is_said_and_the_hand_goes_on_after_a_restart(
    browser: Browser, tmp_path: Path
) -> None:
    db_url = f"sqlite:///{tmp_path / 'canasta.db'}"
    command = [sys.executable, "-m", "canasta_scorer", "app", "--web", "--db", db_url]
    process, url = start_on_free_port(command, tmp_path / "first.log")
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    try:
        page = context.new_page()
        page.goto(url)
        assert page.evaluate(ENABLE_SEMANTICS_JS, 45_000) is not None
        start_match(page, CLASSIC_SEATS, FAMILY)
        page.get_by_role("button", name="Enter hand 1", exact=True).click()
        page.get_by_role("button", name="K", exact=True).click()
        expect(page.get_by_text("natural cards in the meld of Ks: 3")).to_have_count(1)
        # the tab's address follows the hand being entered
        page.wait_for_url(re.compile(r"/match/\d+/hand$"))
        found = re.search(r"/match/(\d+)/hand$", page.url)
        assert found
        # the draft is written a second after a change
        wait_for_melded_draft(db_url, int(found.group(1)))
        stop_server(process)
        lost = page.get_by_role("alert")
        expect(lost).to_contain_text("The connection to the app is lost.", timeout=15_000)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "connection-lost-phone.png"))
        # started again: the tab reconnects (a new session, the old one is gone) and
        # goes straight on with the hand, its kings kept
        # on the same port (the tab reconnects to its address)
        again = [*command, "--port", str(urlsplit(url).port)]
        process = start_server(again, tmp_path / "second.log", url)
        expect(lost).to_have_count(0, timeout=30_000)
        page.evaluate(ENABLE_SEMANTICS_JS, 45_000)
        expect(page.get_by_text("natural cards in the meld of Ks: 3")).to_have_count(
            1, timeout=30_000
        )
        expect(page.get_by_role("button", name="Save hand", exact=True)).to_be_visible()
    finally:
        context.close()
        stop_server(process)


def test_named_house_rules_and_the_form_s_problems_at_their_fields(
    app: AppPage, server: Server
) -> None:
    store = Store.open(server.db_url)
    try:
        store.save_rule_set("Grandma's rules", {"pile-always-frozen", "black-three-freezes"})
    finally:
        store.close()
    app.open()
    app.tap("New match")
    preset = app.button(re.compile(r"^Grandma's rules"))
    expect(preset).to_be_visible()  # one tap beside the presets
    preset.click()
    expect(app.button(re.compile(r"^2 house rules"))).to_be_visible()
    app.tap(re.compile(r"^2 house rules"))
    expect(app.button("Rename Grandma's rules")).to_be_visible()
    app.shot("new-match-named-sets", at=app.button("Rename Grandma's rules"))
    app.tap(re.compile(r"^2 house rules"))  # folded again
    app.type("North-South player 1", "Ann")
    app.type("East-West player 1", "Ann")
    app.tap(re.compile(r"^Target \d"))
    app.type("Target (default 5,000)", "0")
    app.tap("Start match")
    expect(app.text("target 0 must be a positive multiple of 5")).to_be_visible()
    expect(app.text("Ann is named twice at the table")).to_be_visible()
    app.shot("new-match-problems", at=app.text("target 0 must be a positive multiple of 5"))


def test_the_address_of_a_match_that_is_not_there_says_so(app: AppPage, server: Server) -> None:
    app.page.goto(f"{server.url}match/999999")
    app.enable_semantics()
    app.expect_node("message", "There is no match 999999 here: check the address")


def test_long_side_names_alike_at_the_start_keep_their_ends_on_the_scoreboard(
    app: AppPage, server: Server
) -> None:
    def height_of_total(names: tuple[str, str]) -> float:
        players = (["North", "South"], ["East", "West"])  # S1's hand names them
        match_id = seed(
            server,
            [{"name": name, "players": two} for name, two in zip(names, players, strict=True)],
            [s1_hand()],
        )
        app.page.goto(f"{server.url}match/{match_id}")
        app.enable_semantics()
        expect(app.node("total-0")).to_be_visible()
        box = app.node("total-0").bounding_box()
        assert box is not None
        return float(box["height"])

    short = height_of_total(("Us", "Them"))
    app.settle()
    # cut to one line, both names would read "Kitchen Table Champ…" on a phone: each
    # takes a second line, where its end shows
    long = height_of_total(("Kitchen Table Champions North", "Kitchen Table Champions South"))
    assert long > short + 12, (short, long)
    app.shot("scoreboard-long-names", at=app.node("total-0"))
