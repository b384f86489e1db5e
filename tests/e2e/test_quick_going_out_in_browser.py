"""Quick totals in a real browser at phone size (390×844): who went out is one tap on
the player under the side's typed total, drawn at least 48 px high and on screen with
the totals and Save; saved with the hand, it is said in the hand's breakdown."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import AppPage, Server
from .test_keyboard_in_browser import enter_quick_hand, open_quick_match

PHONE_HEIGHT = 844


def test_who_went_out_is_one_tap_under_the_quick_total(app: AppPage, server: Server) -> None:
    open_quick_match(app, server)
    enter_quick_hand(app, 2)
    app.type("North-South hand total", "1230")
    app.type("East-West hand total", "-60")
    south = app.button("South went out")
    expect(south).to_be_visible()
    for player in ("North", "South", "East", "West"):
        box = app.button(f"{player} went out").bounding_box()
        assert box is not None, player
        assert box["height"] >= 48, (player, box)
        assert box["y"] + box["height"] <= PHONE_HEIGHT, (player, box)  # no scroll to reach it
    south.click()
    app.quiet()
    app.shot("quick-south-out", at=south)
    save = app.button("Save hand")
    box = save.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE_HEIGHT, box
    save.click()
    app.expect_node("message", "Hand 2 saved.")
    app.expect_node("total-0", "North-South total 1,350")
    hand = app.button(re.compile(r"^Hand 2\b")).last
    app.reveal(hand)
    hand.click()
    app.expect_node("hand-total-North-South", "North-South hand total 1,230", below=True)
    expect(app.text("Went out (South)")).to_be_visible()
