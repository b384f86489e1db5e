"""In a real browser at phone size: the browser's Back from a new match's scoreboard
does not offer its form again (home, the address put right); Back over a deleted
match's address shows home once more, nothing said twice, the address left as it is
(so the next Back goes past it); and the filters of the past matches and statistics
are in their addresses, a name with a space and an accent coming back whole after a
reload and Back, a value the app does not know being no filter."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from canasta_scorer.rules import load_match
from canasta_scorer.store import Store

from .conftest import AppPage, Server
from .test_address_names_screen_in_browser import at

#: A name with a space, an accent, "&", "=" and "#" (Flet's client decodes the address
#: whenever the browser comes back to it: each must come back whole all the same).
ODD = "Zoë & Jo = #1"


def seed_odd(server: Server) -> None:
    """A match of ODD and three others, straight into the server's store."""
    record = {
        "variant": "classic",
        "sides": [
            {"name": "Us", "players": [ODD, "Bo"]},
            {"name": "Them", "players": ["Cy", "Di"]},
        ],
        "hands": [],
    }
    store = Store.open(server.db_url)
    try:
        store.create_match(load_match(json.dumps(record)))
    finally:
        store.close()


def test_back_from_a_started_match_and_over_a_deleted_one(app: AppPage) -> None:
    app.open()
    app.tap("New match")
    at(app, "/new")
    for label, name in (
        ("North-South player 1", "Ann"),
        ("North-South player 2", "Bea"),
        ("East-West player 1", "Cal"),
        ("East-West player 2", "Dee"),
    ):
        app.type(label, name)
    app.tap("Start match")
    expect(app.button("Enter hand 1")).to_be_visible()
    app.page.wait_for_url(re.compile(r"/match/\d+$"))
    board = "/" + app.page.url.removeprefix(app.server.url)
    app.page.go_back()  # to /new: not the form again
    app.expect_node("message", "That match was started already")
    expect(app.button("Start match")).to_have_count(0)
    at(app, "/new")  # left as it is, so that Forward comes back to the scoreboard
    app.page.go_forward()
    expect(app.button("Enter hand 1")).to_be_visible()
    at(app, board)
    app.page.go_back()  # and Back again: home, not the form
    app.expect_node("message", "That match was started already")
    expect(app.button("Start match")).to_have_count(0)
    app.page.goto(app.server.url + "new")  # typed in the address bar: a fresh form
    app.enable_semantics()
    expect(app.button("Start match")).to_be_visible()
    expect(app.node("message")).to_have_count(0)

    app.page.goto(app.server.url + board.lstrip("/"))
    app.enable_semantics()
    app.tap("Delete match")
    app.tap("Delete")
    app.expect_node("message", "Match deleted.")
    at(app, "/")
    app.page.go_back()  # over the deleted match's scoreboard
    at(app, board)  # left as it is: the next Back goes past it
    app.expect_node("message", "Match deleted.")
    expect(app.text(re.compile("There is no match"))).to_have_count(0)
    expect(app.button("New match")).to_be_visible()


def test_the_filters_are_in_the_address(app: AppPage, server: Server) -> None:
    seed_odd(server)
    app.open()
    app.tap("Past matches")
    at(app, "/matches")
    app.choose("Player: Everyone", ODD)
    chosen = app.button(f"Player: {ODD}")  # the filter's dropdown, named by its choice
    expect(chosen).to_be_visible()
    app.page.wait_for_url(re.compile(r"/matches\?player=[^&]+$"))
    listed = app.page.url
    assert "Zo%C3%AB" in listed and " " not in listed  # URL-encoded
    app.reload()
    expect(chosen).to_be_visible()
    app.tap("Player statistics")
    app.page.wait_for_url(re.compile(r"/stats\?player=[^&]+$"))
    app.reload()
    # nothing to count under the filter, and the message names it as read back from the address
    said = f"No statistics over the matches of the past-matches filters: player {ODD}."
    expect(app.text(re.compile("^" + re.escape(said)))).to_be_visible()
    app.page.go_back()
    expect(chosen).to_be_visible()
    assert app.page.url == listed
    app.tap("Unfinished")
    app.page.wait_for_url(re.compile(r"/matches\?player=[^&]+&status=in_progress$"))
    app.page.go_back()
    expect(chosen).to_be_visible()
    app.page.goto(f"{server.url}stats?variant=chess&days=12")  # none of the app's
    app.enable_semantics()
    expect(app.button("Player statistics")).to_have_count(0)
    at(app, "/stats")
