"""Fixes of the fourth tester's findings (at 390×844), in-process (tests/ui/harness.py):
the rule checker's card pad keeps the break between melds when a card is taken back,
and shows a meld just started."""

from __future__ import annotations

from collections.abc import Callable

from tests.ui.harness import AppHarness
from tests.ui.test_table_screens import tap_cards

OpenApp = Callable[..., AppHarness]

MELDS = "The melds laid (the top discard included)"


def _first_melds(app: AppHarness) -> str:
    return next(label for label in app.labels() if label.startswith(f"{MELDS}: "))


# --- 1. Take back the last card keeps the break between melds -----------------------


def test_take_back_keeps_the_new_meld_and_a_second_take_back_removes_the_break(
    open_app: OpenApp,
) -> None:
    app = open_app()
    app.click("rule-checker")
    app.choose("Question", "first-meld")
    tap_cards(app, "6 6 6")
    app.click("next-meld")
    assert _first_melds(app) == f"{MELDS}: 6 6 6, then …"  # a new meld was started
    assert app.has_text("6 6 6, then …")
    tap_cards(app, "K")
    assert _first_melds(app) == f"{MELDS}: 6 6 6, then K"
    app.click("Take back the last card")
    assert _first_melds(app) == f"{MELDS}: 6 6 6, then …"  # the new meld stays, empty
    tap_cards(app, "A")
    assert _first_melds(app) == f"{MELDS}: 6 6 6, then A"
    assert not any("mixes" in label for label in app.labels())
    app.click("Take back the last card")
    app.click("Take back the last card")  # now the break goes
    assert _first_melds(app) == f"{MELDS}: 6 6 6"
    tap_cards(app, "6")
    assert _first_melds(app) == f"{MELDS}: 6 6 6 6"


def test_taking_back_the_only_meld_s_cards_leaves_the_slot_empty(open_app: OpenApp) -> None:
    app = open_app()
    app.click("rule-checker")
    app.choose("Question", "go-out")
    app.click("slot-this_turn")
    tap_cards(app, "5")
    app.click("Take back the last card")
    assert "Melds laid this turn: None" in app.labels()
    assert app.has_text("None")
    app.click("next-meld")  # nothing to follow: no meld started
    assert "Melds laid this turn: None" in app.labels()
    tap_cards(app, "9 9 9")
    app.click("next-meld")
    tap_cards(app, "K")
    app.click("Take back the last card")
    tap_cards(app, "Q")
    assert "Melds laid this turn: 9 9 9, then Q" in app.labels()
