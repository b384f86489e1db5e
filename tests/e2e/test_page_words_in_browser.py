"""The page's own notice of a lost connection speaks the app's language: the browser's
(Playwright's ``locale``), or the one chosen in the app's settings, read from the
catalogs like every other word (``assets/page-words.js``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import expect

from canasta_scorer import i18n
from canasta_scorer.ui.page_words import CONNECTION_LOST, CONNECTION_RETRY

from .browser import ENABLE_SEMANTICS_JS, PHONE, start_on_free_port, stop_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def _words(code: str) -> tuple[str, str]:
    with i18n.use(code):
        return i18n._(CONNECTION_LOST), i18n._(CONNECTION_RETRY)


def test_the_lost_connection_notice_in_the_browser_s_language_and_the_chosen_one(
    browser: Browser, tmp_path: Path
) -> None:
    german_lost, german_retry = _words("de")
    italian_lost, _retry = _words("it")
    assert german_lost != CONNECTION_LOST and italian_lost != CONNECTION_LOST
    command = [sys.executable, "-m", "canasta_scorer", "app", "--web"]
    command += ["--db", f"sqlite:///{tmp_path / 'canasta.db'}"]
    process, url = start_on_free_port(command, tmp_path / "server.log")
    german = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="de-DE")
    chosen = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="de-DE")
    try:
        page = german.new_page()
        page.goto(url)
        assert page.evaluate(ENABLE_SEMANTICS_JS, 45_000) is not None
        # the same browser language, but Italian chosen in the app's settings (kept
        # where the app keeps it: Flutter's shared preferences in local storage)
        other = chosen.new_page()
        other.goto(url)
        assert other.evaluate(ENABLE_SEMANTICS_JS, 45_000) is not None
        other.evaluate("localStorage.setItem('flutter.canasta_scorer.language', '\"it\"')")
        stop_server(process)
        lost = page.get_by_role("alert")
        expect(lost).to_contain_text(german_lost, timeout=15_000)
        expect(lost).to_contain_text(german_retry)
        expect(other.get_by_role("alert")).to_contain_text(italian_lost, timeout=15_000)
    finally:
        german.close()
        chosen.close()
        stop_server(process)
