"""The count buttons of hand entry (red threes, a meld's quick counts, the cards left
by point class) tell a screen reader which count is chosen: Flutter's "selected" on
the chosen button's semantics node, which its web engine writes as ``aria-current``."""

from __future__ import annotations

from .conftest import AppPage
from .test_match_in_browser import start_match

#: In-page: each button named like ``pattern`` (a regular expression), with the
#: ``aria-current`` of its semantics node (on it or the node around it).
CHOSEN_JS = """(pattern) => [...document.querySelectorAll('flt-semantics[role=button]')]
    .filter(e => new RegExp(pattern).test(e.getAttribute('aria-label') || e.textContent.trim()))
    .map(e => [(e.getAttribute('aria-label') || e.textContent.trim()),
               e.closest('flt-semantics[aria-current]')?.getAttribute('aria-current') || null])"""


def chosen(app: AppPage, pattern: str) -> list[str | None]:
    """The ``aria-current`` of each button named like ``pattern``, in the page's order."""
    app.quiet()
    return [state for _name, state in app.page.evaluate(CHOSEN_JS, pattern)]


def test_the_chosen_count_is_selected_to_screen_readers(app: AppPage) -> None:
    app.open()
    start_match(app)
    app.tap("Enter hand 1")
    app.tap("K")  # a meld of three kings
    kings = r"^\d natural cards in the meld of Ks$"
    assert chosen(app, kings) == ["true", "false", "false", "false", "false", "false"]
    app.tap("5 natural cards in the meld of Ks")
    assert chosen(app, kings) == ["false", "false", "true", "false", "false", "false"]

    threes = r"^\d red threes? of North-South$"
    assert chosen(app, threes) == ["true", "false", "false", "false", "false"]
    app.tap("2 red threes of North-South")
    assert chosen(app, threes) == ["false", "false", "true", "false", "false"]

    jokers = r"^\d jokers? \(50\) in North's hand$"
    assert chosen(app, jokers) == ["false"] * 4
    app.tap("3 jokers (50) in North's hand")
    assert chosen(app, jokers) == ["false", "false", "true", "false"]
