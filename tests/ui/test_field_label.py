"""A text field holding text is named for screen readers with it ("North-South player
1: Ann"; Flutter's web semantics give the field's text only while it is focused), its
label shown alone; an empty one is named by its label: the new-match form's names,
target and start scores, hand entry's quick totals, typed cards and note, the rule
checker's numbers. The
browser's side: tests/e2e/test_field_text_said_in_browser.py."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]


def _label(app: AppHarness, label: str) -> str | ft.Control:
    field = app.field(label)
    assert isinstance(field, ft.TextField)
    value: str | ft.Control = field.label
    return value


def test_a_filled_field_is_read_with_its_text(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    assert _label(app, "North-South player 1") == "North-South player 1"  # empty
    side = _label(app, "Side 2 name")  # filled by the form: the side's own name
    assert isinstance(side, ft.Text)
    assert (side.value, side.semantics_label) == ("Side 2 name", "Side 2 name: East-West")
    app.type("North-South player 1", "Ann")
    player = _label(app, "North-South player 1")
    assert isinstance(player, ft.Text)
    assert player.value == "North-South player 1"  # what is shown: the label alone
    assert player.semantics_label == "North-South player 1: Ann"
    app.type("North-South player 1", "")
    assert _label(app, "North-South player 1") == "North-South player 1"


def test_the_text_is_read_in_the_tab_s_language(open_app: OpenApp) -> None:
    app = open_app()
    app.choose("Language", "de")
    app.click("Neue Partie")
    side = _label(app, "Name von Partei 2")
    assert isinstance(side, ft.Text)
    assert side.semantics_label == "Name von Partei 2: Ost-West"


def _read(app: AppHarness, label: str) -> str | None:
    """What a screen reader hears of a field before it is focused: its label's
    semantics label, or None for a plain label (the label alone)."""
    value = _label(app, label)
    return value.semantics_label if isinstance(value, ft.Text) else None


def test_hand_entry_s_fields_are_read_with_their_text(open_app: OpenApp) -> None:
    """The quick totals, a player's typed cards and the note: each filled field is
    named with its text (a reload, or another device's entry, fills them)."""
    from tests.ui.test_screens import start_match

    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.type("Note", "cut for deal")
    assert _read(app, "Note") == "Note: cut for deal"
    app.switch("Type cards", True, nth=0)
    assert _read(app, "Cards left in North's hand") is None  # nothing typed yet
    app.type("Cards left in North's hand", "4 5 k")
    assert _read(app, "Cards left in North's hand") == "Cards left in North's hand: 4 5 k"
    app.switch("Quick totals", True)
    assert _read(app, "North-South hand total") is None
    app.type("North-South hand total", "1,230")
    assert _read(app, "North-South hand total") == "North-South hand total: 1,230"
    assert _read(app, "East-West hand total") is None


def test_the_new_match_s_target_and_the_checker_s_numbers_are_read_with_their_text(
    open_app: OpenApp,
) -> None:
    app = open_app()
    app.click("Rule checker")
    app.choose("Question", "first-meld")
    app.type("My side's score", "3000")
    assert _read(app, "My side's score") == "My side's score: 3000"
    app.choose("Question", "pile")
    app.type("Cards in the pile (the top one included)", "7")
    assert (
        _read(app, "Cards in the pile (the top one included)")
        == "Cards in the pile (the top one included): 7"
    )
    app.click("Back")
    app.click("New match")
    app.click("target-and-start")
    assert _read(app, "Target (default 5,000)") is None
    app.type("Target (default 5,000)", "3000")
    assert _read(app, "Target (default 5,000)") == "Target (default 5,000): 3000"
    app.type("North-South start score (resume a paper match)", "120")
    assert (
        _read(app, "North-South start score (resume a paper match)")
        == "North-South start score (resume a paper match): 120"
    )
