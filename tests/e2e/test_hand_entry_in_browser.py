"""Hand entry at table speed, measured in a real browser on a phone-sized page: S1's
worked hand (1,630 / 575) entered as a player would, counting the taps, key presses
and scrolls it takes (`entry_flow`). Save and the meld just added are on screen
without scrolling; every button is at least 48 × 48 px.
"""

from __future__ import annotations

import json

from playwright.sync_api import expect

from .browser import ROOT
from .conftest import AppPage, Server
from .entry_flow import enter_s1
from .test_match_in_browser import expect_scoreboard, seed_match, start_match

#: Where the counts measured are written (the README's speed table quotes them).
MEASURED = ROOT / "test-artifacts" / "s1-entry.json"


def test_s1_worked_hand_in_few_taps_with_save_always_on_screen(app: AppPage) -> None:
    app.open()
    start_match(app)
    counted = enter_s1(app.page)

    expect_scoreboard(app, ("1,630", "575"), (90, 50))
    app.expect_node("message", "Hand 1 saved.")
    MEASURED.parent.mkdir(exist_ok=True)
    MEASURED.write_text(
        json.dumps({"taps": counted.taps, "keys": counted.keys, "scrolls": counted.scrolls})
    )
    # Measured: 38 taps ("Enter hand 1" to Save), no key press.
    assert (counted.taps, counted.keys) == (38, 0), counted
    assert counted.actions <= 40
    assert counted.save_hidden == []  # Save never needed a scroll
    assert counted.melds_hidden == []  # each new meld showed right under the rank pad
    assert counted.small == [], counted.small  # every button at least 48 × 48 px
    assert counted.scrolls <= 4, counted.scrolls  # scrolls the cards-left rows needed


def test_the_side_switcher_shows_totals_and_problems(app: AppPage) -> None:
    app.open()
    start_match(app)
    app.tap("Enter hand 1")
    app.expect_node("side-tab-0", "North-South: hand total 0, not entered yet")
    app.expect_node("side-tab-1", "East-West: hand total 0, not entered yet")
    expect(app.button("Save hand")).to_be_disabled()
    app.tap("K")
    # Three kings are below the initial meld minimum of 50: said as a count so far
    # while the melds may still grow, a problem of this side once Save is tried.
    app.expect_node("side-tab-0", "North-South: hand total +30, below the minimum so far")
    app.expect_node("side-tab-1", "East-West: hand total 0, not entered yet")
    app.shot("side-problems")
    app.tap("Save hand")  # refused; now every problem is said as one
    app.expect_node("side-tab-0", "North-South: hand total +30, 1 problem")
    app.button("A").first.click()  # North-South's
    app.expect_node("side-tab-0", "North-South: hand total +90")


def small_buttons(
    app: AppPage, above: float | None = None
) -> list[tuple[str, float, float, float]]:
    """The buttons and chips on the page smaller than 48 × 48 px (name, width, height,
    top); ``above``: only those wholly above that line (a button half scrolled under a
    bar that stays on screen is measured by its visible part)."""
    found: list[tuple[str, float, float, float]] = app.page.evaluate(
        """(above) => [...document.querySelectorAll(
                'flt-semantics[role=button], flt-semantics[role=checkbox]')]
            .filter(e => above === null || e.getBoundingClientRect().bottom < above - 1)
            .map(e => [e.getAttribute('aria-label') || e.textContent.trim(),
                       e.getBoundingClientRect().width, e.getBoundingClientRect().height,
                       e.getBoundingClientRect().y])
            .filter(([n, w, h, y]) => w > 0 && h > 0 && (w < 47.5 || h < 47.5)
                    // one at the bottom edge (cut by it) is measured where it is whole
                    && y + 48 < window.innerHeight - 16)""",
        above,
    )
    return found


def test_player_buttons_and_the_checker_buttons_are_48_px(app: AppPage, server: Server) -> None:
    seed_match(server, [])  # North, South, East and West are remembered players
    app.open()
    app.tap("New match")
    expect(app.button("North").first).to_be_visible()  # a remembered player, one tap
    bar = app.button("Start match").bounding_box()  # the form scrolls under its bar
    assert bar is not None
    assert small_buttons(app, above=bar["y"] - 8) == []
    app.tap("Back")
    app.tap("Rule checker")
    expect(app.button("Joker")).to_be_visible()
    app.tap("Joker")
    expect(app.button("Take back the last card")).to_be_visible()
    assert small_buttons(app) == []
