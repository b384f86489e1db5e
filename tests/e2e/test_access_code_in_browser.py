"""The access code screen in a real browser at phone size (390×844): a code typed and
Unlock tapped at once is taken, a wrong one is said under the field, and Unlock sits
right under the field (a server started with ``--access-code``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from .browser import ENABLE_SEMANTICS_JS, PHONE
from .conftest import Server, serving

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CODE = "591609"


@pytest.fixture(scope="module")
def gated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server asking every visitor for `CODE`."""
    with serving(tmp_path_factory.mktemp("gated"), "--access-code", CODE) as running:
        yield running


def _opened(browser: Browser, server: Server) -> Page:
    page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
    page.goto(server.url)
    assert page.evaluate(ENABLE_SEMANTICS_JS, 60_000) is not None
    return page


def test_a_code_typed_and_unlocked_at_once_is_taken(browser: Browser, gated: Server) -> None:
    # as fast as a script: the click right behind the typing (the race itself is
    # made certain in tests/ui/test_screens.py)
    page = _opened(browser, gated)
    try:
        page.get_by_role("textbox", name="Access code").fill(CODE)
        page.get_by_role("button", name="Unlock", exact=True).click()
        expect(page.get_by_role("button", name="New match", exact=True)).to_be_visible()
    finally:
        page.context.close()


def test_unlock_and_a_wrong_code_s_words_sit_under_the_field(
    browser: Browser, gated: Server, tmp_path: Path
) -> None:
    page = _opened(browser, gated)
    try:
        field = page.get_by_role("textbox", name="Access code")
        field.fill("1111")
        field.press("Enter")
        said = page.get_by_text("That is not the access code.")
        expect(said).to_be_visible()
        boxes = [
            locator.bounding_box()
            for locator in (field, page.get_by_role("button", name="Unlock", exact=True), said)
        ]
        page.screenshot(path=str(tmp_path / "wrong-code.png"))
    finally:
        page.context.close()
    assert all(box is not None for box in boxes)
    field_box, unlock_box, said_box = boxes
    assert field_box and unlock_box and said_box
    # one under the other, close together (not Unlock at the bottom of the screen)
    assert field_box["y"] < unlock_box["y"] < field_box["y"] + field_box["height"] + 60
    assert unlock_box["height"] >= 48
    for box in (field_box, unlock_box):  # the screen's width, inside its margins
        assert box["width"] >= PHONE["width"] - 2 * 16 - 2, box
    assert said_box["y"] < unlock_box["y"] + unlock_box["height"] + 60
    assert said_box["y"] + said_box["height"] < PHONE["height"] / 2
