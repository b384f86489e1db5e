"""A text field the app filled is read with its text before it has the focus: Flutter's
web semantics give a field's ``<input>`` its text only while it is focused, so the text
is in the field's name too ("Us player 1: Alice"), in a real browser."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import AppPage
from .test_address_names_screen_in_browser import at

#: In-page: the accessible name (``aria-label``) and the value of every text field.
FIELDS_JS = """() => [...document.querySelectorAll('input, textarea')]
    .map(e => [e.getAttribute('aria-label') || '', e.value])"""


def test_a_field_the_app_filled_is_read_with_its_text(app: AppPage) -> None:
    app.open()
    app.tap("New match")
    app.type("Side 1 name", "Us")
    app.type("Us player 1", "Alice")
    app.reload()  # the form drawn again by the app: no field typed into on this page
    at(app, "/new")
    expect(app.field("Us player 1")).to_be_visible()
    app.quiet()
    fields = dict(app.page.evaluate(FIELDS_JS))
    assert fields.get("Us player 1: Alice") == ""  # its <input> is empty until focused
    assert "Side 1 name: Us" in fields
    assert "Side 2 name: East-West" in fields  # the form's own name, never typed
    assert "Us player 2" in fields  # an empty field: its label alone
    assert app.field_text("Us player 1") == "Alice"
