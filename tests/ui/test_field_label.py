"""A text field of the new-match form holding text is named for screen readers with it
("North-South player 1: Ann"; Flutter's web semantics give the field's text only while
it is focused), its label shown alone; an empty one is named by its label. The
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
