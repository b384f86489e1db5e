"""``assets/page-words.js`` holds what the catalogs say now (it is made from them)."""

from __future__ import annotations

from pathlib import Path

from canasta_scorer import i18n
from canasta_scorer.ui.page_words import CONNECTION_LOST, page_words_js

PAGE_WORDS = Path(__file__).resolve().parents[1] / "assets" / "page-words.js"


def test_the_page_s_words_are_made_from_the_catalogs_now() -> None:
    assert PAGE_WORDS.read_text(encoding="utf-8") == page_words_js(), (
        "assets/page-words.js is stale: run "
        "`.venv/bin/python -m canasta_scorer.ui.page_words > assets/page-words.js`"
    )


def test_every_language_has_its_own_words_on_the_page() -> None:
    text = page_words_js()
    for code in i18n.LANGUAGES:
        with i18n.use(code):
            words = i18n._(CONNECTION_LOST)
        assert f'"{code}": {{' in text and words in text
        assert code == i18n.DEFAULT or words != CONNECTION_LOST, code


def test_the_page_loads_its_words_before_the_notice_uses_them() -> None:
    page = (PAGE_WORDS.parent / "index.html").read_text(encoding="utf-8")
    assert '<script src="page-words.js"></script>' in page
    assert page.index("page-words.js") < page.index("function pageWords()")
    assert "The connection to the app is lost." not in page.split("function pageWords()")[0]
