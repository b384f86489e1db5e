"""A player's cards left in the real browser: every semantics node of hand entry names
a player once at most (a button's tooltip was read again beside the player's name:
"1 joker (50) in Ann's hand Ann"), and a point class's count is read as its sentence
alone."""

from __future__ import annotations

import re

from .conftest import AppPage
from .test_match_in_browser import start_match

#: In-page: what each semantics node says itself: its label, and the words of its own
#: text (not those of the nodes inside it).
SAID_JS = """() => [...document.querySelectorAll('flt-semantics')].map(e =>
    [e.getAttribute('aria-label') || '',
     ...[...e.childNodes].filter(n => n.nodeType === 3 || n.tagName === 'SPAN')
         .map(n => n.textContent)].join(' ').trim()).filter(s => s)"""


def said(app: AppPage) -> list[str]:
    """What each semantics node on the page says itself."""
    app.quiet()
    return list(app.page.evaluate(SAID_JS))


def named(words: str, player: str) -> int:
    """How many times ``words`` name ``player`` (not as part of a side, North-South)."""
    return len(re.findall(rf"(?<![-\w]){player}(?![-\w])", words))


def test_the_cards_left_name_each_player_once(app: AppPage) -> None:
    app.open()
    start_match(app)
    app.tap("Enter hand 1")
    app.tap("North went out")
    app.tap("1 joker (50) in South's hand")
    for side in ("North-South", "East-West"):
        app.tap(re.compile(rf"^{side}\b"))
        words = said(app)
        # North went out: no cards left to count
        players = ("South",) if side == "North-South" else ("East", "West")
        for player in players:
            assert f"{player}" in words  # the row's heading: the player's name alone
            twice = [w for w in words if named(w, player) > 1]
            assert twice == [], twice
    app.tap(re.compile(r"^North-South\b"))
    words = said(app)
    assert "jokers (50) in South's hand: 1" in words  # the count, its words not added
    assert not any(w.startswith("jokers (50) in South's hand: 1 ") for w in words), words


def test_a_meld_s_counts_and_the_hand_total_are_read_once(app: AppPage) -> None:
    """A count's node is its sentence alone ("natural cards in the meld of 6s: 3", not
    that and "3" again), and the hand total's is its label alone."""
    app.open()
    start_match(app)
    app.tap("Enter hand 1")
    app.tap("6")
    words = said(app)
    assert "natural cards in the meld of 6s: 3" in words, words
    assert "2s in the meld of 6s: 0" in words, words
    again = [w for w in words if re.fullmatch(r".* in the meld of 6s: \d+\s+\d+", w)]
    assert again == [], again
    app.expect_node("hand-total-North-South", "North-South hand total", below=True)
    total = app.reads("hand-total-North-South")
    assert re.fullmatch(r"North-South hand total [−+]?[\d,]+", total), total
