"""The screens around hand entry in a real browser, as a table uses them: a new match
started without scrolling, the score sheet after three hands, Back from a past
match, and the rule checker opened from a match with its score filled in.

Every screen is photographed at phone and desktop size (``test-artifacts/screenshots``).
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, expect

from .browser import PHONE
from .conftest import AppPage, Server
from .test_match_in_browser import PLAYERS, expect_scoreboard, s1_hand, seed_match


def on_screen(app: AppPage, name: str) -> bool:
    """True when the button is wholly inside the phone's screen as it is (no scroll)."""
    box = app.button(name).bounding_box()
    assert box is not None, f"{name!r} is not laid out"
    return box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def sheet_row(app: AppPage, said: str) -> Locator:
    """A hand's row of the score sheet, by what it reads out (the row's button, not
    the button box Flutter puts around it)."""
    return app.button(said).last


def test_a_new_match_starts_without_scrolling_with_house_rules_folded(app: AppPage) -> None:
    app.open()
    app.tap("New match")
    expect(app.button("Start match")).to_be_visible()
    assert on_screen(app, "Start match")  # in its bar, before anything is typed
    fold = app.button(re.compile(r"^House rules: none"))
    expect(fold).to_be_visible()
    expect(app.switch("Black three freezes the pile")).to_have_count(0)  # folded
    app.shot("new-match")

    app.tap(re.compile(r"^Digital version"))
    expect(app.button(re.compile(r"^3 house rules"))).to_be_visible()
    app.tap(re.compile(r"^3 house rules"))
    expect(app.switch("No initial meld minimum")).to_be_checked()
    expect(app.switch("Black three freezes the pile")).not_to_be_checked()
    expect(app.text(re.compile(r"\((H|O)\d+\)"))).to_have_count(0)  # no section codes
    app.shot("new-match-house-rules", at=app.switch("Red threes always count plus"))
    assert on_screen(app, "Start match")  # the list open and scrolled: still there

    for label, name in PLAYERS:
        app.type(label, name)
    app.tap("Start match")
    expect(app.text(re.compile(r"house rules: Go out without canastas"))).to_be_visible()


def test_the_score_sheet_after_three_hands(app: AppPage, server: Server) -> None:
    hands = [s1_hand(), s1_hand(), s1_hand()]
    hands[1] = {**hands[1], "dealer": "North"}
    seed_match(server, hands)
    app.open()
    app.tap(re.compile(r"^Resume: North-South 4,890 – East-West 1,725$"))
    # a row per hand, oldest first: the hand's score and the running total under it
    rows = [
        "Hand 1: North-South +1,630, total 1,630; East-West +575, total 575",
        "Hand 2: North-South +1,630, total 3,260; East-West +575, total 1,150",
        "Hand 3: North-South +1,630, total 4,890; East-West +575, total 1,725",
    ]
    for row in rows:
        expect(sheet_row(app, row)).to_be_visible()
    tops = [sheet_row(app, row).bounding_box() for row in rows]
    assert all(box is not None for box in tops)
    assert [box["y"] for box in tops if box] == sorted(box["y"] for box in tops if box)
    expect_scoreboard(app, ("4,890", "1,725"), (120, 90))
    # the sheet fits a phone: no row is wider than the screen
    sheet = app.node("score-sheet").bounding_box()
    assert sheet is not None and sheet["x"] >= 0 and sheet["x"] + sheet["width"] <= PHONE["width"]
    app.shot("score-sheet")
    sheet_row(app, rows[1]).click()
    app.expect_node("hand-total-North-South", "North-South hand total 1,630", below=True)
    expect(app.text("2 mixed canastas")).to_be_visible()
    expect(app.text("1 natural canasta")).to_be_visible()
    app.shot("hand-breakdown", at=app.text("2 mixed canastas"))


def test_back_from_a_past_match_returns_to_the_list(app: AppPage, server: Server) -> None:
    seed_match(server, [s1_hand()])
    app.open()
    app.tap("Past matches")
    expect(app.button("Player: Everyone")).to_be_visible()
    tile = app.button(
        re.compile(r"^North-South \(North, South\) 1,630 – East-West \(East, West\) 575")
    ).first
    app.reveal(tile)
    tile.click()
    expect(app.node("score-sheet")).to_be_visible()
    app.tap("Back")
    expect(app.button("Player: Everyone")).to_be_visible()  # the list, not home
    expect(app.button("New match")).to_have_count(0)
    app.shot("past-matches-back")


def test_the_checker_opened_from_a_match_has_its_score(app: AppPage, server: Server) -> None:
    seed_match(server, [s1_hand()])
    app.open()
    app.tap(re.compile(r"^Resume: North-South 1,630 – East-West 575$"))
    expect(app.node("score-sheet")).to_be_visible()
    checker = app.button("Rule checker")
    app.reveal(checker)
    checker.click()
    app.choose(re.compile(r"^Question: "), "Is this first meld enough?")
    expect(app.button("Asking for: North-South (1,630)")).to_be_visible()
    app.expect_node("checker-minimum", "Initial meld minimum at 1,630 points: 90")
    app.choose(re.compile(r"^Asking for: "), "East-West (575)")
    app.expect_node("checker-minimum", "Initial meld minimum at 575 points: 50")
    for card in ("A", "A", "A"):  # 60 points reach East-West's 50
        app.tap(card)
    app.expect_node("verdict", "Yes")
    app.shot("checker-from-match", at=app.node("verdict"))
