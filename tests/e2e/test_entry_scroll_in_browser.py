"""Hand entry scrolled down in a real browser, then the page reloaded (Flet keeps the
tab's session and builds the screen again): the body comes back scrolled where the
player left it, not at its top."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import AppPage
from .test_match_in_browser import start_match


def _top_of(app: AppPage, label: str) -> float:
    """Where a text field is on the page (its top, in CSS pixels)."""
    box = app.field(label).bounding_box()
    assert box is not None
    return float(box["y"])


def test_a_reload_brings_hand_entry_back_scrolled_where_it_was(app: AppPage) -> None:
    app.open()
    start_match(app)
    app.tap("Enter hand 1")
    expect(app.button("Save hand")).to_be_visible()
    note = app.field("Note")  # at the bottom of the body, below the fold
    expect(note).to_have_count(0)
    app.page.mouse.move(195, 450)
    for _ in range(6):
        app.page.mouse.wheel(0, 400)
        app.page.wait_for_timeout(300)  # a flick each: each told as it ends
    expect(note).to_be_in_viewport()
    before = _top_of(app, "Note")
    app.page.wait_for_timeout(500)  # the last scroll's end reaches the server
    app.reload()
    expect(app.button("Save hand")).to_be_visible()
    expect(note).to_be_in_viewport()
    after = _top_of(app, "Note")
    assert abs(after - before) < 2, (before, after)
