"""Hand entry and the rule checker in a real browser at phone size (390×844): three
sides with long German names keep a compact save bar, and the checker's answer stays
in view. Photographed to ``test-artifacts/screenshots``."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from canasta_scorer import i18n
from canasta_scorer.i18n import _
from canasta_scorer.rules import load_match
from canasta_scorer.store import Store

from .browser import DESKTOP, PHONE
from .conftest import AppPage, Server
from .test_review_in_browser import open_checker, tap_cards

if TYPE_CHECKING:
    from playwright.sync_api import Browser

LONG = ("Donaudampfschifffahrt", "Rindfleischetikettierung", "Grundstücksverkehr")
#: The save bar's most height at 390 px: the totals' line and at most two rows of what
#: blocks saving over Save (56 px), with its padding (140 px measured in German, where
#: three rows of totals made it about 190 px).
SAVE_BAR_MOST = 145


@pytest.fixture
def german(browser: Browser, server: Server) -> Iterator[AppPage]:
    """The app in a browser whose locale is German, at phone size."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="de-DE")
    page = context.new_page()
    try:
        with i18n.use("de"):
            yield AppPage(page=page, server=server, test_name="phone-layout-de")
    finally:
        context.close()


def _seed_three_long_sides(server: Server) -> None:
    record = {
        "variant": "six-player-three-sides",
        "house_rules": [],
        "sides": [{"name": name, "players": [f"{name[:3]}1", f"{name[:3]}2"]} for name in LONG],
        "hands": [],
    }
    store = Store.open(server.db_url)
    try:
        store.create_match(load_match(json.dumps(record)))
    finally:
        store.close()


def test_long_german_side_names_keep_a_compact_save_bar(german: AppPage, server: Server) -> None:
    app = german
    _seed_three_long_sides(server)
    app.open()
    app.tap(re.compile("^" + re.escape(_("Resume: {score_line}").split("{")[0])))
    app.tap(_("Enter hand {number}").format(number=1))
    for index, name in enumerate(LONG):  # the whole name is read out, once
        expect(app.node(f"side-tab-{index}")).to_have_attribute(
            "aria-label", re.compile("^" + re.escape(name) + ": [^\n]*$")
        )
        label = app.node(f"side-tab-{index}").get_attribute("aria-label")
        assert label is not None and label.count(name) == 1, label
    app.tap("K")  # a meld of kings
    app.tap(_("Save hand"))  # below the minimum: problems said in the bar
    expect(app.node("blocked")).to_be_visible()
    app.shot("save-bar")
    bar = app.node("save-bar").bounding_box()
    assert bar is not None
    assert bar["height"] <= SAVE_BAR_MOST, bar
    assert bar["y"] + bar["height"] <= PHONE["height"] + 1


def test_the_checker_s_answer_is_on_screen_while_the_lower_fields_change(
    app: AppPage,
) -> None:
    app.open()
    app.tap("Rule checker")
    open_checker(app, "May I take the pile?")
    tap_cards(app, "K")  # the top card
    tap_cards(app, "K K Q Q 2", slot="Cards in your hand")
    app.set_switch(app.switch("My side has melded"), False)
    app.type("Cards in the pile (the top one included)", "3")
    app.type("My side's score", "1500")  # the last field, at the bottom of the form
    verdict = app.node("verdict")
    expect(verdict).to_be_visible()
    box = verdict.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    app.shot("answer")


@pytest.mark.parametrize("code", ["en", "it"])
def test_the_status_filter_is_48_px_high_with_its_labels_in_the_middle(
    browser: Browser, server: Server, code: str
) -> None:
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, locale={"en": "en-US", "it": "it-IT"}[code]
    )
    try:
        with i18n.use(code):
            app = AppPage(page=context.new_page(), server=server, test_name=f"status-{code}")
            app.open()
            app.tap(_("Past matches"))
            boxes = []
            for label in (_("All"), _("Unfinished"), _("Finished")):
                segment = app.page.get_by_role("button", name=label, exact=True).last
                expect(segment).to_be_visible()
                box = segment.bounding_box()
                assert box is not None
                boxes.append(box)
            app.shot("status-filter", at=app.page.get_by_role("button", name=_("All")).last)
    finally:
        context.close()
    assert all(box["height"] >= 48 for box in boxes), boxes
    assert len({round(box["y"]) for box in boxes}) == 1, boxes  # one row


def test_the_new_match_form_warns_of_a_house_rule_that_does_nothing(app: AppPage) -> None:
    app.open()
    app.tap("New match")
    dealer = app.button(re.compile("^First dealer"))
    app.reveal(dealer)
    app.shot("first-dealer", at=dealer)
    expect(app.text("Type the players' names to choose who deals first.")).to_be_visible()
    dealer.click()  # greyed: no players offered
    app.quiet()
    expect(app.page.get_by_role("menuitem")).to_have_count(0)
    app.page.keyboard.press("Escape")
    app.choose(re.compile("^Variant"), "Two players")
    app.tap(re.compile("^House rules"))
    app.set_switch(app.switch("Cutthroat: 2 canastas to go out"), True)
    app.tap(re.compile("^1 house rule"))  # folded again: the warning stays
    said = app.text("“Cutthroat: 2 canastas to go out” does nothing here")
    expect(said).to_be_visible()
    app.shot("house-rule-warning", at=said)


def test_the_checker_s_fields_stand_in_a_centred_column_on_a_desktop(
    browser: Browser, server: Server
) -> None:
    context = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
    try:
        app = AppPage(page=context.new_page(), server=server, test_name="checker-desktop")
        app.open()
        app.tap("Rule checker")
        open_checker(app, "May I take the pile?")
        tap_cards(app, "K")
        question = app.button(re.compile(r"^Question: ")).bounding_box()
        verdict = app.node("verdict").bounding_box()
    finally:
        context.close()
    for box in (question, verdict):
        assert box is not None
        # the middle half of the screen ("xl": 6 of 12 columns, centred)
        assert box["x"] >= DESKTOP["width"] * 0.22, box
        assert box["x"] + box["width"] <= DESKTOP["width"] * 0.78, box


@pytest.mark.parametrize("code", ["en", "de"])
def test_three_sides_switches_show_name_total_and_status_whole(
    browser: Browser, server: Server, code: str
) -> None:
    """Three sides at 390 px: each switch shows its name, its total and its status on
    a line of its own ("+1,245 · no problems" beside the total was cut off)."""
    record = {
        "variant": "six-player-three-sides",
        "house_rules": [],
        "sides": [
            {"name": name, "players": [f"{name[-1]}1", f"{name[-1]}2"]}
            for name in ("Team A", "Team B", "Team C")
        ],
        "hands": [],
    }
    store = Store.open(server.db_url)
    try:
        store.create_match(load_match(json.dumps(record)))
    finally:
        store.close()
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, locale={"en": "en-US", "de": "de-DE"}[code]
    )
    try:
        with i18n.use(code):
            app = AppPage(page=context.new_page(), server=server, test_name=f"three-tabs-{code}")
            app.open()
            app.tap(re.compile("^" + re.escape(_("Resume: {score_line}").split("{")[0])))
            app.tap(_("Enter hand {number}").format(number=1))
            for rank in ("K", "A", "Q"):  # Team A's melds: a total and warnings
                app.tap(rank)
            expect(app.node("side-tab-0")).to_have_attribute("aria-label", re.compile("^Team A: "))
            boxes = [app.node(f"side-tab-{index}").bounding_box() for index in range(3)]
            app.shot("switches")
    finally:
        context.close()
    assert all(box is not None and box["height"] >= 76 for box in boxes), boxes
    assert len({round(box["y"]) for box in boxes if box}) == 1, boxes  # one row
    assert all(box and box["x"] + box["width"] <= PHONE["width"] for box in boxes), boxes
