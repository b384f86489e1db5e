"""A text field the app filled is read with its text before it has the focus: Flutter's
web semantics give a field's ``<input>`` its text only while it is focused, so the text
is in the field's name too ("Us player 1: Alice", "North-South hand total: 1230"), in a
real browser."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import AppPage, Server
from .test_address_names_screen_in_browser import at
from .test_keyboard_in_browser import enter_quick_hand, open_quick_match

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


def test_hand_entry_s_fields_are_read_with_their_text_after_a_reload(
    app: AppPage, server: Server
) -> None:
    """A quick total and the note typed, the page reloaded: their ``<input>``s are
    empty until focused, and their names carry what they hold."""
    open_quick_match(app, server)
    enter_quick_hand(app, 2)
    app.type("North-South hand total", "1230")
    app.type("Note", "cut for deal")
    app.reload()
    expect(app.field("North-South hand total")).to_be_visible()
    app.quiet()
    fields = dict(app.page.evaluate(FIELDS_JS))
    assert fields.get("North-South hand total: 1230") == "", fields
    assert "Note: cut for deal" in fields, fields
    assert "East-West hand total" in fields, fields  # not typed: its label alone
    assert app.field_text("North-South hand total") == "1230"
