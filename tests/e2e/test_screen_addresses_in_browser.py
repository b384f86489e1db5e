"""The past matches, the statistics and a match's export have addresses of their own
in a real browser (``/matches``, ``/stats``, ``/match/ID/export``): each is pushed when
the screen is opened, kept by a reload, and the browser's Back and Forward move
between them; the address opened in a new browser (another device, no session) shows
the same screen, not home."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from .browser import PHONE
from .conftest import AppPage, Server, _route
from .test_match_in_browser import s1_hand, seed_match


def on_past_matches(app: AppPage) -> None:
    """The past matches are shown (their filters' buttons)."""
    expect(app.button("Player statistics")).to_be_visible()
    expect(app.button("Import")).to_be_visible()


def on_statistics(app: AppPage) -> None:
    """The player statistics are shown (over every match: no filter chosen)."""
    expect(app.text("Over every match in the store.")).to_be_visible()
    expect(app.button("Player statistics")).to_have_count(0)


def on_export(app: AppPage) -> None:
    """A match's export is shown: the match file (as text, which the browser shows as a
    read-only box without its words), then the image of its score sheet, with S1's
    totals."""
    expect(app.button("Save as a file")).to_be_visible()
    expect(app.text(re.compile(r"^The match file \(JSON\)"))).to_be_visible()
    app.tap("Image")
    expect(app.text("Totals: North-South 1,630 and East-West 575")).to_be_visible()
    app.tap("Match file")
    expect(app.button("Copy")).to_be_visible()


def test_past_matches_and_statistics_are_kept_by_a_reload_back_and_forward(
    app: AppPage, server: Server
) -> None:
    seed_match(server, [s1_hand()])
    app.open()
    app.tap("Past matches")
    app.page.wait_for_url(re.compile(r"/matches$"))
    on_past_matches(app)
    app.reload()
    assert app.page.url.endswith("/matches")
    on_past_matches(app)
    app.tap("Player statistics")
    app.page.wait_for_url(re.compile(r"/stats$"))
    on_statistics(app)
    app.reload()
    assert app.page.url.endswith("/stats")
    on_statistics(app)
    app.page.go_back()  # the browser's Back: the past matches
    app.page.wait_for_url(re.compile(r"/matches$"))
    on_past_matches(app)
    app.page.go_back()  # and home
    expect(app.button("New match")).to_be_visible()
    app.page.go_forward()
    app.page.wait_for_url(re.compile(r"/matches$"))
    on_past_matches(app)
    app.page.go_forward()
    app.page.wait_for_url(re.compile(r"/stats$"))
    on_statistics(app)


def test_a_match_s_export_is_kept_by_a_reload_and_opened_on_another_device(
    app: AppPage, server: Server, browser: Browser
) -> None:
    match_id = seed_match(server, [s1_hand()])
    app.page.goto(f"{server.url}match/{match_id}")
    app.enable_semantics()
    app.tap("Export")
    app.page.wait_for_url(re.compile(rf"/match/{match_id}/export$"))
    on_export(app)
    app.reload()
    assert app.page.url.endswith(f"/match/{match_id}/export")
    on_export(app)
    app.page.go_back()  # the browser's Back: the match's scoreboard
    app.page.wait_for_url(re.compile(rf"/match/{match_id}$"))
    expect(app.button("Enter hand 2")).to_be_visible()
    app.page.go_forward()
    app.page.wait_for_url(re.compile(rf"/match/{match_id}/export$"))
    on_export(app)

    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    blocked: list[str] = []
    context.route("**/*", _route(blocked))
    try:
        other = AppPage(context.new_page(), server, "export-address-other", blocked)
        for address, shown in (
            (f"match/{match_id}/export", on_export),
            ("matches", on_past_matches),
            ("stats", on_statistics),
        ):
            other.page.goto(f"{server.url}{address}")
            other.enable_semantics()
            shown(other)
    finally:
        context.close()
    assert not [url for url in blocked if "rive-app" not in url], blocked
