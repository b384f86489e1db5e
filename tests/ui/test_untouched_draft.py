"""The scoreboard offers to go on with a new hand only when something was entered in
it: a kept entry equal to a fresh hand (quick totals switched off and on, a first
dealer chosen, hand entry opened and left) is the next hand to enter, and entering it
keeps its mode (quick totals are remembered for the match)."""

from __future__ import annotations

from collections.abc import Callable

from tests.ui.harness import AppHarness
from tests.ui.test_screens import start_match

OpenApp = Callable[..., AppHarness]


def _quick_hand_saved(app: AppHarness) -> None:
    app.click("Enter hand 1")
    app.switch("Quick totals", True)
    app.type("North-South hand total", "60")
    app.type("East-West hand total", "45")
    app.click("Save hand")
    assert "North-South total 60" in app.labels()


def test_quick_totals_switched_off_and_on_is_no_hand_to_go_on_with(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    _quick_hand_saved(app)
    app.click("Enter hand 2")
    app.switch("Quick totals", False)
    app.switch("Quick totals", True)
    app.click("Back")
    assert app.button("Enter hand 2")
    assert "Go on with hand 2" not in app.texts()
    app.click("Enter hand 2")  # quick totals still, as the match's last hand
    assert app.field("North-South hand total").value == ""
    app.type("North-South hand total", "30")
    app.click("Back")  # a total typed: that is a hand to go on with
    assert app.button("Go on with hand 2")
    app.click("Go on with hand 2")
    assert app.field("North-South hand total").value == "30"


def test_a_chosen_first_dealer_or_entry_opened_and_left_is_the_hand_to_enter(
    open_app: OpenApp,
) -> None:
    app = open_app()
    start_match(app, first_dealer="East")
    assert app.button("Enter hand 1")
    assert app.has_text("East deals next")
    app.click("Enter hand 1")
    app.click("Back")
    assert app.button("Enter hand 1")
    app.click("Enter hand 1")
    app.click("Add a meld of Ks")
    app.click("Back")
    assert app.button("Go on with hand 1")
    assert app.has_text("East deals next")
