"""In a real browser at phone size, the address always names the screen shown: the
new-match form has its own (``/new``), which a reload keeps; an address the app does not
know is said on home and put right, whatever screen the tab showed before; the
browser's Back steps back one screen at a time (Statistics → Past matches → home →
the match → its hand entry → …), each address naming its screen; and a hand deleted
elsewhere, reached by Forward, leaves the match's own address, not the hand's."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from canasta_scorer.store import Store

from .conftest import AppPage, Server
from .test_match_in_browser import s1_hand, seed_match
from .test_screen_addresses_in_browser import on_past_matches, on_statistics


def at(app: AppPage, path: str) -> None:
    """The browser's address is ``path`` (and stays so: read again after a while)."""
    app.page.wait_for_url(re.compile(re.escape(path) + "$"))
    app.quiet()
    app.page.wait_for_timeout(1000)
    assert app.page.url == app.server.url + path.lstrip("/"), app.page.url


def test_the_new_match_form_and_an_unknown_address(app: AppPage, server: Server) -> None:
    app.open()
    app.tap("New match")
    at(app, "/new")
    app.reload()  # the form comes back at its address, not home
    at(app, "/new")
    expect(app.field("North-South player 1")).to_be_visible()
    app.page.go_back()  # where the form's Back goes: home
    at(app, "/")
    expect(app.button("New match")).to_be_visible()
    app.tap("Rule checker")
    at(app, "/checker")
    app.page.goto(f"{server.url}nothing-here")  # typed: not the checker kept under it
    app.enable_semantics()
    app.expect_node("message", "The address “/nothing-here” opens nothing in this app")
    expect(app.button("New match")).to_be_visible()
    at(app, "/")


def test_back_steps_back_one_screen_at_a_time(app: AppPage, server: Server) -> None:
    match_id = seed_match(server, [s1_hand(), s1_hand()])
    board = f"/match/{match_id}"
    app.open()
    app.page.goto(f"{server.url}{board.lstrip('/')}")
    app.enable_semantics()
    app.tap("Enter hand 3")
    at(app, f"{board}/hand")
    expect(app.button("Save hand")).to_be_visible()
    app.tap("Back")
    at(app, board)
    app.tap("Back")
    at(app, "/")
    app.tap("Past matches")
    at(app, "/matches")
    app.tap("Player statistics")
    at(app, "/stats")
    on_statistics(app)
    app.page.go_back()
    at(app, "/matches")
    on_past_matches(app)
    app.page.go_back()
    at(app, "/")
    expect(app.button("New match")).to_be_visible()
    app.page.go_back()
    at(app, board)
    expect(app.button(re.compile(r"^(Enter|Go on with) hand 3$"))).to_be_visible()
    app.page.go_back()  # the tester's: the scoreboard under the hand's address
    at(app, f"{board}/hand")
    expect(app.button("Save hand")).to_be_visible()
    app.page.go_back()
    at(app, board)
    expect(app.button(re.compile(r"^(Enter|Go on with) hand 3$"))).to_be_visible()

    # a hand's breakdown, then that hand deleted on another device, then Forward to it
    app.tap(re.compile(r"^Hand 2\b"))
    at(app, f"{board}/hand/2")
    app.page.go_back()
    at(app, board)
    store = Store.open(server.db_url)
    try:
        store.delete_hand(match_id, 1, store.match(match_id).version)
    finally:
        store.close()
    app.page.go_forward()
    app.expect_node("message", "There is no hand 2 in this match: it has 1 hand.")
    at(app, board)
