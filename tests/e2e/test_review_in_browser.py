"""Looking back and settling disputes through the real app in a real browser: the rule
checker's four questions, a past match's chart and hand breakdown, the history filters
and the statistics.

Every screen is photographed at phone and desktop size (``test-artifacts/screenshots``).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from canasta_scorer.rules import load_match
from canasta_scorer.store import Store

from .conftest import AppPage, Server
from .test_match_in_browser import s1_hand

#: The players of S1's worked hand, renamed so that these matches stand apart from
#: those the other browser tests save in the same store.
RENAMED = {"North": "Ingrid", "South": "Olaf", "East": "Petra", "West": "Quentin"}


def renamed_s1_hand(names: dict[str, str]) -> dict[str, Any]:
    """S1's worked hand with its players renamed (``went_out_by``, hands left)."""
    text = json.dumps(s1_hand())
    for old, new in names.items():
        text = text.replace(json.dumps(old), json.dumps(new))
    hand: dict[str, Any] = json.loads(text)
    return hand


def seed(
    server: Server,
    sides: tuple[tuple[str, tuple[str, str]], tuple[str, tuple[str, str]]],
    hands: int,
    target: int | None = None,
) -> int:
    """A classic match of S1's worked hand ``hands`` times, straight into the server's
    store; the sides' players take the places of North, South and East, West."""
    names = dict(zip(RENAMED, (*sides[0][1], *sides[1][1]), strict=True))
    record: dict[str, Any] = {
        "variant": "classic",
        "house_rules": [],
        "sides": [{"name": name, "players": list(players)} for name, players in sides],
        "hands": [renamed_s1_hand(names) for _ in range(hands)],
    }
    if target is not None:
        record["target"] = target
    store = Store.open(server.db_url)
    try:
        return store.create_match(load_match(json.dumps(record))).id
    finally:
        store.close()


#: A finished match (2 × S1 at target 2,000: Larks 3,260, Owls 1,150) and an unfinished
#: one (1 × S1 at 5,000: Larks 1,630, Wrens 575). Ingrid plays in both, Petra in the
#: first only, Rosa in the second only.
FINISHED = (("Larks", ("Ingrid", "Olaf")), ("Owls", ("Petra", "Quentin")))
UNFINISHED = (("Larks", ("Ingrid", "Olaf")), ("Wrens", ("Rosa", "Sven")))
FINISHED_TILE = re.compile(r"^Larks \(Ingrid, Olaf\) 3,260 – Owls \(Petra, Quentin\) 1,150")
UNFINISHED_TILE = re.compile(r"^Larks \(Ingrid, Olaf\) 1,630 – Wrens \(Rosa, Sven\) 575")


@pytest.fixture(scope="module")
def two_matches(server: Server) -> None:
    """The finished and the unfinished match, saved once for this module's tests."""
    seed(server, FINISHED, hands=2, target=2000)
    seed(server, UNFINISHED, hands=1)


def open_checker(app: AppPage, question: str) -> None:
    """Pick a question on the rule checker (already open)."""
    current = app.button(re.compile(r"^Question: "))
    if current.get_attribute("aria-label") != f"Question: {question}":
        app.choose(re.compile(r"^Question: "), question)
    expect(app.button(f"Question: {question}")).to_be_visible()


def tap_cards(app: AppPage, cards: str, slot: str | None = None) -> None:
    """Tap cards on the rule checker's card pad ("JK" is the joker), into ``slot``
    (tapped first: a place the pad fills, named by its label). The pad's buttons are
    named by the card they show (their "Add K" tooltips are not read out)."""
    if slot is not None:
        place = app.button(re.compile(rf"^{re.escape(slot)}: "))
        app.reveal(place)  # the places stand above the pad: one may be scrolled away
        place.click()
    for card in cards.split():
        app.tap("Joker" if card == "JK" else card)


def test_rule_checker_answers_each_question(app: AppPage) -> None:
    app.open()
    app.tap("Rule checker")
    expect(app.button("Question: Is this meld legal?")).to_be_visible()

    # Is this meld legal? Four wild cards are one too many; seven kings are a canasta.
    tap_cards(app, "9 9 2 2 2 JK")
    app.expect_node("checker-cards", "Cards: 9 9 2 2 2 JK")
    app.expect_node("verdict", "No: 9 9 2 2 2 JK has 4 wild cards: a meld may hold at most 3")
    assert app.reads("verdict").count("No: 9 9 2 2 2 JK") == 1  # read once, not twice
    expect(app.text(re.compile("§"))).to_have_count(0)  # the rule is a tap away
    app.shot("checker-meld", at=app.node("verdict"))
    app.tap("Clear")
    expect(app.node("verdict")).to_have_count(0)
    tap_cards(app, "K K K K K K K")
    app.expect_node(
        "verdict",
        "Yes: K K K K K K K is a natural canasta: 70 points for its cards and a bonus of 500",
    )
    app.tap("Why?")
    expect(app.text("natural canasta: bonus 500")).to_be_visible()
    expect(app.text(re.compile("rules §")).first).to_be_visible()

    # May I take the pile? Not yet melded at 1,500: two kings and the top one make 70.
    open_checker(app, "May I take the pile?")
    tap_cards(app, "K", "Top card of the pile")
    tap_cards(app, "K K Q Q 2", "Cards in your hand")
    app.type("Cards in the pile (the top one included)", "3")
    app.set_switch(app.switch("My side has melded"), False)
    app.type("My side's score", "1500")
    app.expect_node("checker-minimum", "Initial meld minimum at 1,500 points: 90")
    assert app.reads("checker-minimum") == "Initial meld minimum at 1,500 points: 90"
    app.expect_node("verdict", "No: your first meld would be 70 points, below the minimum of 90")
    app.shot("checker-pile", at=app.node("verdict"))

    # May we go out? With a canasta on the table, yes; without one, no.
    open_checker(app, "May we go out?")
    app.set_switch(app.switch("My side had melded"), True)  # kept off from the pile
    app.type("My side's score", "0")
    tap_cards(app, "5 5 5", "Melds laid this turn")
    tap_cards(app, "9", "Your discard")
    app.expect_node("verdict", "No: your side has 0")
    tap_cards(app, "K K K K K K K", "Your side's melds already on the table")
    app.expect_node("verdict", "Yes: going out scores 100")
    app.shot("checker-go-out", at=app.node("verdict"))
    # a side that had not melded has no melds on the table: the checker says so
    app.set_switch(app.switch("My side had melded"), False)
    app.expect_node(
        "verdict", "No: your side had not melded before this turn, yet melds of it are on the table"
    )

    # Is this first meld enough? S1: 6 6 6 and A A A 2 at 1,600 make 95 of 90.
    open_checker(app, "Is this first meld enough?")
    app.type("My side's score", "1600")
    tap_cards(app, "6 6 6", "The melds laid (the top discard included)")
    app.tap("Next meld")
    tap_cards(app, "A A A 2")
    app.expect_node("checker-cards", "Cards: 6 6 6, then A A A 2")
    app.expect_node("verdict", "Yes: 95 points reach the minimum of 90")
    app.tap("Why?")
    expect(app.text("card points of the melds laid this turn: 95")).to_be_visible()
    app.shot("checker-first-meld", at=app.node("verdict"))


def test_a_past_match_shows_its_chart_and_a_hands_breakdown(
    app: AppPage, two_matches: None
) -> None:
    app.open()
    app.tap("Past matches")
    app.tap(FINISHED_TILE)
    app.expect_node("winner", "Larks wins by 2,110")
    app.expect_node(
        "running-chart", "Running totals chart: Larks 3,260 and Owls 1,150; target 2,000"
    )
    app.shot("past-match-chart", at=app.node("running-chart"))

    hand = app.button(re.compile(r"^Hand 1\b")).last
    app.reveal(hand)
    hand.click()
    expect(app.text("This match is finished, so its hands are read-only.")).to_be_visible()
    app.expect_node("hand-total-Owls", "Owls hand total 575", below=True)
    app.expect_node("hand-total-Larks", "Larks hand total 1,630", below=True)
    expect(app.text("Ingrid's hand: nothing")).to_be_visible()
    app.shot("hand-breakdown")


def test_history_filters_list_only_the_matching_matches(app: AppPage, two_matches: None) -> None:
    app.open()
    app.tap("Past matches")
    expect(app.button(FINISHED_TILE)).to_be_visible()
    expect(app.button(UNFINISHED_TILE)).to_be_visible()

    # Finished: the finished match only, and no unfinished one at all.
    app.tap("Finished")
    expect(app.button(UNFINISHED_TILE)).to_have_count(0)
    expect(app.button(FINISHED_TILE)).to_be_visible()
    expect(app.text("In progress,")).to_have_count(0)
    # ... and by a player of both matches: still the finished one only.
    app.choose("Player: Everyone", "Ingrid")
    expect(app.button("Player: Ingrid")).to_be_visible()
    expect(app.button(FINISHED_TILE)).to_be_visible()
    expect(app.button(UNFINISHED_TILE)).to_have_count(0)
    app.shot("history-finished-ingrid")

    # Unfinished, by Ingrid: the other match.
    app.tap("Unfinished")
    expect(app.button(UNFINISHED_TILE)).to_be_visible()
    expect(app.button(FINISHED_TILE)).to_have_count(0)

    # All, by a player of the unfinished match only.
    app.tap("All")
    app.choose("Player: Ingrid", "Rosa")
    expect(app.button(UNFINISHED_TILE)).to_be_visible()
    expect(app.button(FINISHED_TILE)).to_have_count(0)
    app.shot("history-rosa")

    # The statistics of Petra's matches: her finished one, lost.
    app.choose("Player: Rosa", "Petra")
    expect(app.button(FINISHED_TILE)).to_be_visible()
    expect(app.button(UNFINISHED_TILE)).to_have_count(0)
    app.tap("Player statistics")
    expect(app.text("Players")).to_be_visible()
    app.expect_node("win-rate-chart", "Ingrid 100%")
    app.expect_node("win-rate-chart", "Petra 0%")
    expect(app.text("Rosa")).to_have_count(0)  # not in Petra's matches
    app.shot("statistics")
