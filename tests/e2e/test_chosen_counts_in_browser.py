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

#: In-page: every text a screen reader hears in hand entry (each semantics node's
#: name), for counting how often one button's name is said.
SAID_JS = """() => [...document.querySelectorAll('flt-semantics')]
    .flatMap(e => [e.getAttribute('aria-label') || '',
                   ...[...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent),
                   ...[...e.children].filter(c => c.tagName !== 'FLT-SEMANTICS'
                        && c.tagName !== 'FLT-SEMANTICS-CONTAINER').map(c => c.textContent)])
    .map(t => t.trim()).filter(t => t)"""


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


def test_a_count_button_is_named_once(app: AppPage) -> None:
    """The node saying "selected" around a count button does not say the button's
    name a second time (its tooltip is kept out of what screen readers hear)."""
    app.open()
    start_match(app)
    app.tap("Enter hand 1")
    app.tap("K")
    app.quiet()
    said = app.page.evaluate(SAID_JS)
    for name in ["3 natural cards in the meld of Ks", "0 red threes of North-South"]:
        assert sum(text.count(name) for text in said) == 1, [t for t in said if name in t]
