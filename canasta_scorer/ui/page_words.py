"""Words the browser page itself shows, before or without the app: the notice that the
connection to the server is lost (``assets/index.html``), in every language of the
app.

They are gettext messages like every other word, translated in the catalogs; the page
cannot ask the server for them (the server is the thing that is gone), so they are
written out once into ``assets/page-words.js`` by this module::

    .venv/bin/python -m canasta_scorer.ui.page_words > assets/page-words.js

and ``tests/test_page_words.py`` fails when that file differs from the catalogs.
The page picks the language the app would: the one chosen in the app's settings
(kept in the browser's local storage), else the browser's languages, else English.
"""

from __future__ import annotations

import json

from canasta_scorer import i18n
from canasta_scorer.i18n import N_, _

__all__ = ["CONNECTION_LOST", "CONNECTION_RETRY", "page_words_js"]

#: The notice's title.
CONNECTION_LOST = N_("The connection to the app is lost.")
#: What the players are told under it.
CONNECTION_RETRY = N_(
    "It is tried again every few seconds. Everything saved is safe, and the hand being "
    "entered is kept: it comes back when the app does."
)


def page_words_js() -> str:
    """The text of ``assets/page-words.js``: ``window.canastaPageWords``, the page's
    words for every language code of `i18n.LANGUAGES` (``{"de": {"lost": …, "retry":
    …}, …}``)."""
    table: dict[str, dict[str, str]] = {}
    for code in i18n.LANGUAGES:
        with i18n.use(code):
            table[code] = {"lost": _(CONNECTION_LOST), "retry": _(CONNECTION_RETRY)}
    body = json.dumps(table, ensure_ascii=False, indent=2, sort_keys=True)
    return (
        "// Made by `python -m canasta_scorer.ui.page_words` from the catalogs: do not edit.\n"
        f"window.canastaPageWords = {body};\n"
    )


if __name__ == "__main__":
    print(page_words_js(), end="")
