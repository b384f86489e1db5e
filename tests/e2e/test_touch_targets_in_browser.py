"""Touch targets and Esc in a real browser at phone size (390×844): Home's Language button,
the scoreboard's Table view button and the switches are drawn at least 48 px (Flutter
draws its icon buttons and switches 40 px high unless told otherwise; in-process, see
tests/ui/test_tester4_fixes.py, only the sizes asked for can be seen)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import expect

from .conftest import AppPage, Server
from .test_match_in_browser import seed_match

if TYPE_CHECKING:
    from playwright.sync_api import Locator


def _size(app: AppPage, locator: Locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["width"], box["height"]


def test_icon_buttons_and_switches_are_drawn_48_px(app: AppPage, server: Server) -> None:
    match_id = seed_match(server, [])
    app.open()
    language = app.button("Language")
    expect(language).to_be_visible()
    width, height = _size(app, language)
    assert width >= 48 and height >= 48, (width, height)

    app.tap("New match")
    app.tap(re.compile("^House rules: none"))
    switch = app.switch("Black three freezes the pile")
    expect(switch).to_be_visible()
    assert _size(app, switch)[1] >= 48

    app.page.goto(f"{server.url.rstrip('/')}/match/{match_id}")
    app.enable_semantics()
    table = app.button("Table view")
    expect(table).to_be_visible()
    width, height = _size(app, table)
    assert width >= 48 and height >= 48, (width, height)


def test_esc_leaves_the_table_view_and_keeps_a_hand_being_discarded(
    app: AppPage, server: Server
) -> None:
    match_id = seed_match(server, [])
    app.page.goto(f"{server.url.rstrip('/')}/match/{match_id}")
    app.enable_semantics()
    app.tap("Table view")
    expect(app.button("Enter hand 1")).to_have_count(0)
    app.quiet()
    app.page.keyboard.press("Escape")
    expect(app.button("Enter hand 1")).to_be_visible()  # back on the scoreboard
    app.tap("Enter hand 1")
    app.tap("K")  # a meld of kings: something entered, so Discard asks
    app.tap("Discard")
    expect(app.button("Keep entering")).to_be_visible()  # Discard this hand?
    app.quiet()
    app.page.keyboard.press("Escape")
    expect(app.button("Keep entering")).to_have_count(0)
    expect(app.button("Save hand")).to_be_visible()  # the hand is kept
