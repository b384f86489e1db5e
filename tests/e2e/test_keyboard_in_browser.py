"""The keyboard in a real browser: Enter on the scoreboard's "Enter hand N" opens hand
entry with the focus at its start, the first side's switch, so Tab goes on from there
(the next side's switch, then the first side's rank pad), not from the middle of the
screen where the button was (it stays, hidden, on the scoreboard under hand entry). In
quick totals no total's field takes the focus (a phone would bring its keyboard up):
the screen's Back does, and Tab goes on to the Quick totals switch, then the first
total."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import AppPage, Server
from .test_match_in_browser import seed_match

#: In-page: what has the keyboard's focus, as a screen reader names it (its label, else
#: its text on one line), or null.
FOCUSED_JS = """() => {
    const el = document.activeElement;
    if (!el || el.tagName !== 'FLT-SEMANTICS') return null;
    return (el.getAttribute('aria-label') || el.textContent || '').replace(/\\s+/g, ' ').trim();
}"""

#: In-page: the label of the text field that has the keyboard's focus, or null.
FIELD_JS = """() => {
    const el = document.activeElement;
    if (!el || !['INPUT', 'TEXTAREA'].includes(el.tagName)) return null;
    return el.getAttribute('aria-label') || el.getAttribute('placeholder') || el.name || 'field';
}"""


def focused(app: AppPage) -> str | None:
    """What has the keyboard's focus, once the page is still."""
    app.quiet()
    name: str | None = app.page.evaluate(FOCUSED_JS)
    return name


def test_enter_on_enter_hand_then_tab_starts_at_the_side_switch(
    app: AppPage, server: Server
) -> None:
    match_id = seed_match(server, [])
    app.page.goto(f"{server.url.rstrip('/')}/match/{match_id}")
    app.enable_semantics()
    enter = app.button("Enter hand 1")
    expect(enter).to_be_visible()
    app.quiet()
    enter.focus()
    assert focused(app) == "Enter hand 1"
    app.page.keyboard.press("Enter")
    expect(app.button("Save hand")).to_be_visible()
    assert focused(app) == "North-South hand total 0, not entered yet"
    app.page.keyboard.press("Tab")
    assert focused(app) == "East-West hand total 0, not entered yet"
    app.page.keyboard.press("Tab")
    assert focused(app) == "4"  # the first rank of the pad, then the rest in order
    app.page.keyboard.press("Shift+Tab")
    app.page.keyboard.press("Shift+Tab")
    assert focused(app) == "North-South hand total 0, not entered yet"
    app.page.keyboard.press("Shift+Tab")
    assert focused(app) == "Back"  # before the side switch only the app bar's Back


#: A hand counted on paper: the next one of its match opens in quick totals.
QUICK_HAND = {"sides": [{"total": 120, "went_out": "out", "went_out_by": "North"}, {"total": 45}]}


def open_quick_match(app: AppPage, server: Server) -> None:
    """A match whose last hand was counted on paper, opened at its scoreboard."""
    match_id = seed_match(server, [QUICK_HAND])
    app.page.goto(f"{server.url.rstrip('/')}/match/{match_id}")
    app.enable_semantics()


def enter_quick_hand(app: AppPage, number: int) -> None:
    """Enter on "Enter hand ``number``": hand entry opens in quick totals with the
    focus on the screen's Back (no field has it: no keyboard comes up by itself)."""
    enter = app.button(f"Enter hand {number}")
    expect(enter).to_be_visible()
    app.quiet()
    enter.focus()
    app.page.keyboard.press("Enter")
    expect(app.field("North-South hand total")).to_be_visible()
    assert focused(app) == "Back"


def test_in_quick_totals_enter_hand_leaves_the_fields_to_the_player(
    app: AppPage, server: Server
) -> None:
    open_quick_match(app, server)
    enter_quick_hand(app, 2)
    stops = []
    for _ in range(4):  # Tab goes on from the top: the Quick totals switch, then a total
        app.page.keyboard.press("Tab")
        stops.append(focused(app) or app.page.evaluate(FIELD_JS) or "")
        if stops[-1].startswith("North-South hand total"):
            break
    # (Flutter's web semantics stop twice at a switch)
    assert stops[0] == "Quick totals", stops
    assert stops[-1].startswith("North-South hand total"), stops


def test_in_quick_totals_hand_entry_opened_again_gives_the_focus_to_back(
    app: AppPage, server: Server
) -> None:
    """Back to the scoreboard and Enter on "Enter hand N" again, or the next hand after
    a Save, without a reload: the focus is at the screen's Back again, not left on the
    page's body."""
    open_quick_match(app, server)
    for _ in range(2):
        enter_quick_hand(app, 2)
        app.tap("Back")  # nothing typed: nothing kept, nothing asked
    # and after a Save, the next hand in quick totals too
    app.tap("Enter hand 2")
    app.type("North-South hand total", "80")
    app.type("East-West hand total", "60")
    app.tap("Save hand")
    enter_quick_hand(app, 3)
