"""A player's cards left are read with the player named once: no button's tooltip is
added to what a screen reader hears for the row around it (Flutter gives a tooltip's
words to the nearest semantics node, there beside the player's name: "1 joker (50) in
Ann's hand Ann"), and a point class's count is read as its sentence alone, not with the
words shown beside it. The browser's side: tests/e2e/test_said_once_in_browser.py."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import pytest

from canasta_scorer.store import Store
from tests.ui.hands import enter_small
from tests.ui.harness import AppHarness
from tests.ui.test_screens import seeded_phone

OpenApp = Callable[..., AppHarness]


@pytest.mark.parametrize(
    ("lang", "more", "count"),
    [
        ("en", "More jokers (50) in South's hand", "jokers (50) in South's hand: 0"),
        ("de", "Mehr Joker (50) auf der Hand von South", "Joker (50) auf der Hand von South: 0"),
        ("pt_BR", None, None),
        ("es", None, None),
        ("it", None, None),
    ],
)
def test_a_player_s_cards_left_name_the_player_once(
    lang: str, more: str | None, count: str | None, open_app: OpenApp, store: Store
) -> None:
    seeded_phone(store, enter_small)
    app = open_app()
    if lang != "en":
        app.choose("Language", lang)
    app.click("resume")
    app.click("enter-hand")
    icon_buttons = [c for c in app.controls() if isinstance(c, ft.IconButton)]
    assert icon_buttons
    for button in icon_buttons:
        # named by its icon's label, its tooltip the same words for the eyes only
        tip = button.tooltip
        assert isinstance(tip, ft.Tooltip), button
        assert tip.exclude_from_semantics is True, tip.message
        assert isinstance(button.icon, ft.Icon)
        assert button.icon.semantics_label == tip.message
    if more is not None:
        assert app.button(more) is not None
    if lang != "en":  # the tab speaks its language
        assert "More jokers (50) in South's hand" not in [
            b.icon.semantics_label for b in icon_buttons
        ]
    # each point class's count: one sentence read in place of the words shown
    counts = [
        c
        for c in app.controls()
        if isinstance(c, ft.Text) and c.semantics_label and c.value and "\n" in c.value
    ]
    assert len(counts) >= 4
    for text in counts:
        # a node of its own: not joined to the row's name (nor said with its words)
        assert isinstance(text.parent, ft.Semantics), text.value
        assert text.parent.container is True
        assert not text.parent.label
    if count is not None:
        assert count in [text.semantics_label for text in counts]
