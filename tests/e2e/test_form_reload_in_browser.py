"""In a real browser at phone size (390×844), a reload of the new-match form (at
``/new``) shows the names typed before it, each in its field, and Start match starts
the match with them: what the form holds on the server is what the fields show."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import AppPage
from .test_address_names_screen_in_browser import at

NAMES = {
    "Side 1 name": "Us",
    "Us player 1": "Alice",
    "Us player 2": "Bob",
    "East-West player 1": "Carol",
    "East-West player 2": "Dan",
}


def test_a_reload_of_the_new_match_form_shows_the_names_typed(app: AppPage) -> None:
    app.open()
    app.tap("New match")
    for label, name in NAMES.items():
        app.type(label, name)
    app.reload()
    at(app, "/new")
    expect(app.field("Us player 1")).to_be_visible()
    app.shot("new-match-reloaded")  # the names painted in their fields
    for label, name in NAMES.items():
        assert app.field_text(label) == name, label
    assert app.field_text("Side 2 name") == "East-West"  # never typed: the form's own
    app.tap("Start match")
    expect(app.text(re.compile(r"^Us total 0\s+Alice and Bob$"))).to_be_visible()
    expect(app.text(re.compile(r"^East-West total 0\s+Carol and Dan$"))).to_be_visible()
    expect(app.button("Enter hand 1")).to_be_visible()
