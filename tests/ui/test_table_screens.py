"""The screens around hand entry as a table uses them (in-process, tests/ui/harness.py):
the score sheet, a hand's breakdown, the match lists and the way back to them."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

import flet as ft

from canasta_scorer.rules import HouseRule, parse_card
from canasta_scorer.store import Store
from canasta_scorer.ui.state import AppModel, build_model
from tests.ui.hands import enter_s1, enter_sixes_and_kings, enter_small, start_classic
from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]


def seeded(store: Store, *hands: Callable[[AppModel], None]) -> AppModel:
    """A classic match North & South v East & West (West deals first), ``hands``
    entered and saved through the app's state."""
    phone = build_model(store)
    start_classic(phone, first_dealer="West")
    for enter in hands:
        phone.match.begin_hand()
        enter(phone)
        assert phone.match.save_hand(), phone.nav.message
    return phone


def enter_quick(state: AppModel) -> None:
    """A hand counted on paper: totals typed, no cards (N-S 120, E-W −35)."""
    state.entry.set_quick(True)
    state.entry.set_quick_total(0, "120")
    state.entry.set_quick_total(1, "-35")


def sheet_rows(app: AppHarness) -> list[str]:
    """The score sheet's rows as read aloud, top to bottom (in the sheet's order, not
    the order the rows were mounted in: a memoized row stays mounted)."""
    sheets = [c for c in app.controls() if getattr(c, "key", None) == "score-sheet-rows"]
    order = {id(row): n for sheet in sheets for n, row in enumerate(sheet.controls)}

    def place(control: ft.Control) -> int:
        while control is not None and id(control) not in order:
            control = control.parent  # type: ignore[assignment]
        return order[id(control)] if control is not None else -1

    def said(control: ft.Control) -> str:
        if isinstance(control, ft.Semantics):
            return str(control.label or "")
        return str(getattr(control, "semantics_label", None) or "")

    found = [c for c in app.controls() if said(c).startswith("Hand ")]
    return [said(c) for c in sorted(found, key=place)]


def open_tile(app: AppHarness, title: str) -> None:
    """Tap the match in a list whose tile reads ``title``."""
    tiles = [
        c
        for c in app.controls()
        if isinstance(c, ft.ListTile) and getattr(c.title, "value", None) == title
    ]
    assert tiles, f"no match {title!r} listed; texts: {app.texts()}"
    app._run(app.session.dispatch_event(tiles[0]._i, "click", None))


def test_the_score_sheet_after_three_hands(open_app: OpenApp, store: Store) -> None:
    seeded(store, enter_small, enter_sixes_and_kings, enter_s1)
    app = open_app()
    app.click("resume")
    # a row per hand, oldest first: each hand's score and the running total under it
    assert sheet_rows(app) == [
        "Hand 1: North-South +60, total 60; East-West +45, total 45",
        "Hand 2: North-South +50, total 110; East-West +45, total 90",
        "Hand 3: North-South +1,630, total 1,740; East-West +575, total 665",
    ]
    texts = app.texts()
    for figure in ("+60", "60", "+50", "110", "+1,630", "1,740", "+45", "90", "+575", "665"):
        assert figure in texts
    # the totals at the head of each column, the minimums for hand 4 at its foot
    labels = app.labels()
    assert "North-South total 1,740" in labels and "East-West total 665" in labels
    assert "North-South initial meld minimum 90" in labels
    assert "East-West initial meld minimum 50" in labels
    assert "Minimum 90" in texts and "Minimum 50" in texts
    assert "North and South" in texts and "East and West" in texts
    # a short match is a plain column of rows; the chart stays below
    assert not any(isinstance(c, ft.ListView) for c in app.controls())
    assert "running-chart" in [getattr(c, "identifier", None) for c in app.controls()]
    app.click("hand-1")
    assert "Hand 2" in app.texts()  # the app bar's title: hand 2's breakdown


def test_a_long_match_builds_its_rows_lazily(open_app: OpenApp, store: Store) -> None:
    seeded(store, *([enter_small] * 10))
    app = open_app()
    app.click("resume")
    lists = [c for c in app.controls() if isinstance(c, ft.ListView)]
    assert len(lists) == 1
    sheet = lists[0]
    assert sheet.build_controls_on_demand and sheet.item_extent == 56
    # "Earlier hands (2)" and the newest eight rows, those in view
    assert len(sheet.controls) == 9 and sheet.auto_scroll
    assert sheet.controls[0].content.key == "earlier-hands"
    assert sheet_rows(app)[-1] == "Hand 10: North-South +60, total 600; East-West +45, total 450"


def test_a_long_match_builds_only_its_newest_rows_until_asked(
    open_app: OpenApp, store: Store
) -> None:
    seeded(store, *([enter_small] * 15))
    app = open_app()
    app.click("resume")
    rows = sheet_rows(app)
    assert len(rows) == 8  # the newest eight, as many as the sheet shows: hands 8 to 15
    assert rows[0] == "Hand 8: North-South +60, total 480; East-West +45, total 360"
    assert rows[-1] == "Hand 15: North-South +60, total 900; East-West +45, total 675"
    assert "Earlier hands (7)" in [getattr(c, "content", None) for c in app.controls()]
    app.click("earlier-hands")
    rows = sheet_rows(app)
    assert len(rows) == 15
    assert rows[0] == "Hand 1: North-South +60, total 60; East-West +45, total 45"
    assert not any(getattr(c, "key", None) == "earlier-hands" for c in app.controls())


def working_rows(app: AppHarness) -> list[list[str]]:
    """The lines of a hand's working on screen: each label and its points."""
    return [
        [t.value for t in c.controls if isinstance(t, ft.Text)]
        for c in app.controls()
        if isinstance(c, ft.Row) and len(c.controls) == 2
    ]


def test_the_breakdown_writes_the_working_like_the_rule_books(
    open_app: OpenApp, store: Store
) -> None:
    seeded(store, enter_s1)
    app = open_app()
    app.click("resume")
    app.click("hand-0")
    rows = working_rows(app)
    # S1: 600 for the two mixed canastas and 500 for the natural one, apart
    assert ["1 natural canasta", "+500"] in rows
    assert ["2 mixed canastas", "+600"] in rows
    assert ["Red threes", "+200"] in rows and ["Going out", "+100"] in rows
    assert not any(row and "canasta(s)" in row[0] for row in rows)
    # South's cards were counted by point class: the counts, not made-up cards
    assert "South's hand (counted by points): 2 × 20, 2 × 10, 3 × 5" in app.texts()
    assert not app.has_text("stand-ins")
    assert "North-South hand total 1,630" in app.labels()


def test_a_quick_total_side_shows_its_typed_total_only(open_app: OpenApp, store: Store) -> None:
    seeded(store, enter_quick)
    app = open_app()
    app.click("resume")
    app.click("hand-0")
    texts = app.texts()
    assert texts.count("Total typed from the paper count") == 2
    assert "+120" in texts and "−35" in texts
    for zero_line in ("Cards melded", "Cards left in hand", "Red threes", "Going out"):
        assert zero_line not in texts
    assert not any(
        isinstance(c, ft.Icon) and c.icon in (ft.Icons.WARNING_AMBER, ft.Icons.ERROR)
        for c in app.controls()
    )


def test_lists_name_the_players_and_back_returns_to_past_matches(
    open_app: OpenApp, store: Store
) -> None:
    seeded(store, enter_s1)
    seeded(store, enter_small)
    app = open_app()
    # home: two matches with the default side names told apart by their players
    assert app.button("Resume: North-South 60 – East-West 45")
    app.click("Past matches")
    tiles = [t for t in app.texts() if " – " in t]
    assert tiles == [
        "North-South (North, South) 60 – East-West (East, West) 45",
        "North-South (North, South) 1,630 – East-West (East, West) 575",
    ]
    open_tile(app, "North-South (North, South) 1,630 – East-West (East, West) 575")
    assert "Scoreboard" in app.texts()
    app.click("Back")
    assert "Past matches" in app.texts()  # not home
    assert app.button("Player statistics")
    assert len([c for c in app.controls() if isinstance(c, ft.ListTile)]) == 2
    app.click("Back")
    assert "Canasta scorer" in app.texts()  # home from the list
    open_tile(
        app, "North-South (North, South) 60 – East-West (East, West) 45"
    )  # opened from home: back goes home
    app.click("Back")
    assert "Canasta scorer" in app.texts()


def test_new_match_folds_the_house_rules_and_offers_presets(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    app.click("New match")
    assert "House rules: none" in app.texts()
    assert not app.has_text("Red threes always count plus")  # folded
    app.click("preset-digital")  # the simplified digital version, one tap
    assert "3 house rules" in app.texts()
    app.click("house-rules")
    for title in ("No initial meld minimum", "Go out without canastas"):
        assert app.field(title).value is True
    assert app.field("Red threes always count plus").value is True
    assert app.field("Black three freezes the pile").value is False
    # each rule: its title and one line of explanation, never its id or section code
    ids = {rule.value for rule in HouseRule}
    assert not any(re.search(r"\([HOC]\d+\)", t) or t in ids for t in app.texts())
    app.switch("Black three freezes the pile", True)
    assert "4 house rules" in app.texts()
    app.click("preset-book")
    assert "House rules: none" in app.texts()
    app.switch("Pile always frozen", True)
    start = [c for c in app.controls() if getattr(c, "key", None) == "start-match"]
    assert start and not start[0].disabled
    for label, name in (
        ("North-South player 1", "Ann"),
        ("North-South player 2", "Bob"),
        ("East-West player 1", "Cy"),
        ("East-West player 2", "Di"),
    ):
        app.type(label, name)
    app.click("Start match")
    assert app.has_text("house rules: Pile always frozen")

    # the next new match offers the family's own set: the last match's choice
    app.click("Back")
    app.click("New match")
    app.click("preset-ours")
    assert "1 house rule" in app.texts()
    assert app.has_text("Pile always frozen")


def offered(app: AppHarness) -> list[str]:
    """The remembered players offered on the new-match form, in order."""
    return [
        c.content
        for c in app.controls()
        if isinstance(c, ft.OutlinedButton) and str(c.key).startswith("player-")
    ]


def test_names_offered_as_chips_and_a_name_given_twice_marked_at_once(
    open_app: OpenApp, store: Store
) -> None:
    seeded(store)  # North, South, East and West are remembered
    app = open_app()
    app.click("New match")
    chips = offered(app)
    assert {"East", "North", "South", "West"} <= set(chips)
    assert len(chips) == len(set(chips))  # offered once, under the first seat to fill
    app.click("player-0-North")  # fills North-South player 1
    assert app.field("North-South player 1").value == "North"
    chips = offered(app)
    assert "North" not in chips  # never a name already in this match
    app.type("East-West player 1", "north")
    assert app.field("East-West player 1").error == "This name is given twice in this match"
    assert app.field("North-South player 1").error == "This name is given twice in this match"
    app.type("East-West player 1", "East")
    assert app.field("East-West player 1").error is None
    # who deals first: any of the players, in seat order
    dealers = [o.key for o in app.field("First dealer").options]
    assert dealers == ["North", "East"]


def test_three_players_choose_who_deals_first(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", "three-player")
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        app.type(f"Player {seat + 1}", name)
    assert [o.key for o in app.field("First dealer").options] == ["Ann", "Bob", "Cy"]
    app.choose("First dealer", "Bob")
    app.click("Start match")
    assert app.has_text("Bob deals next")


def tap_cards(app: AppHarness, cards: str) -> None:
    """Tap cards on the checker's card pad ("JK" is the joker)."""
    for card in cards.split():
        app.click(f"Add {parse_card(card).label}")


def test_every_checker_question_answered_on_the_card_pad(open_app: OpenApp) -> None:
    app = open_app()
    app.click("rule-checker")
    tap_cards(app, "9 9 2 2 2 JK")
    verdict = next(text for text in app.texts() if text.startswith("No: 9 9 2 2 2 JK"))
    assert "§" not in verdict  # plain words first, no rule reference
    assert not any("§" in t for t in app.texts())
    app.click("why")  # the rule a tap away
    assert any("§" in t for t in app.texts())

    app.choose("Question", "pile")
    tap_cards(app, "K")  # the top card
    app.click("slot-hand")
    tap_cards(app, "K K Q Q 2")
    assert "Cards in your hand: K K Q Q 2" in app.labels()
    app.switch("My side has melded", False)
    app.type("Cards in the pile (the top one included)", "3")
    app.type("My side's score", "1500")
    assert app.has_text("Initial meld minimum at 1,500 points: 90")
    assert any(text.startswith("No: your first meld would be 70") for text in app.texts())

    app.choose("Question", "go-out")
    app.type("My side's score", "0")
    app.click("slot-this_turn")
    tap_cards(app, "5 5 5")
    app.click("slot-discard")
    tap_cards(app, "9")
    assert any(text.startswith("No: your side has 0") for text in app.texts())
    app.click("slot-table")
    tap_cards(app, "K K K K K K K")
    assert any(text.startswith("Yes: going out scores 100") for text in app.texts())

    app.choose("Question", "first-meld")
    app.type("My side's score", "1600")
    tap_cards(app, "6 6 6")
    app.click("next-meld")
    tap_cards(app, "A A A 2")
    assert "The melds laid (the top discard included): 6 6 6, then A A A 2" in app.labels()
    assert "Yes: 95 points reach the minimum of 90." in app.texts()
    assert not any(isinstance(c, ft.TextField) and "meld" in str(c.label) for c in app.controls())


def test_the_checker_opened_from_a_match_has_its_score(open_app: OpenApp, store: Store) -> None:
    seeded(store, enter_s1)
    app = open_app()
    app.click("resume")
    app.click("Rule checker")
    app.choose("Question", "first-meld")
    assert app.field("My side's score").value == "1630"
    assert app.has_text("Initial meld minimum at 1,630 points: 90")
    app.choose("Asking for", "1")
    assert app.field("My side's score").value == "575"
    assert app.has_text("Initial meld minimum at 575 points: 50")


def test_export_texts_match_the_tab(open_app: OpenApp, store: Store) -> None:
    seeded(store, enter_small)
    app = open_app()
    app.click("resume")
    app.click("Export")
    assert app.has_text("Another Canasta scorer imports it: Past matches, Import")  # the match file
    app.click("CSV sheet")
    assert app.has_text("The CSV score sheet: a row per hand")
    assert not app.has_text("canasta-scorer")
    app.click("Image")
    assert app.has_text("The score sheet as an image (PNG)")
    assert not app.has_text("canasta-scorer")
    # each cell: the hand's score over the running total, two short lines (one long
    # "+60 = 60" wrapped at a phone's width)
    texts = app.texts()
    assert {"+60", "60", "+45", "45"} <= set(texts)
    assert not any(" = " in text for text in texts)


def test_a_three_player_sheet_has_a_column_each(open_app: OpenApp, store: Store) -> None:
    phone = build_model(store)
    phone.nav.new_match("three-player")
    for side, name in enumerate(("Ann", "Bob", "Cy")):
        phone.setup.set_side(side, name=name)
    phone.setup.set_first_dealer("Bob")
    assert phone.nav.create_match(), phone.setup.problems
    phone.match.begin_hand()
    phone.entry.set_quick(True)
    for side, total in enumerate(("4,995", "-1,250", "0")):
        phone.entry.set_quick_total(side, total)
    assert phone.match.save_hand(), phone.nav.message
    app = open_app()
    app.click("resume")
    assert sheet_rows(app) == [
        "Hand 1: Ann +4,995, total 4,995; Bob −1,250, total −1,250; Cy 0, total 0"
    ]
    assert app.has_text("Cy deals next")  # the deal goes round the three players


def test_a_long_match_s_chart_goes_through_forty_of_its_hands() -> None:
    from canasta_scorer.ui.components.chart import chart_hands

    assert chart_hands(5) == [0, 1, 2, 3, 4, 5]  # a short match: every hand
    assert chart_hands(39) == list(range(40))
    drawn = chart_hands(200)
    assert len(drawn) == 40 and drawn[0] == 0 and drawn[-1] == 200
    assert drawn == sorted(set(drawn))
    assert {b - a for a, b in itertools.pairwise(drawn)} == {5, 6}  # evenly spread


def _enter_e1(state: AppModel) -> None:
    """Rules §5.2 E1: East-West never melded and laid out two red threes (−200)."""
    state.entry.set_meld(0, state.entry.add_meld(0, "8"), naturals=5, twos=1, jokers=1)
    state.entry.set_meld(0, state.entry.add_meld(0, "Q"), naturals=3)
    state.entry.set_meld(0, state.entry.add_meld(0, "5"), naturals=4)
    state.entry.set_went_out(0, "out", "North")
    state.entry.set_left(0, 1, by_cards=True, cards="4 6")
    state.entry.set_red_threes(1, 2)
    state.entry.set_left(1, 0, by_cards=True, cards="JK A A K Q 9 8 7 7 5 4")
    state.entry.set_left(1, 1, by_cards=True, cards="K K Q J 10 9 6 6 4 2 3")


def test_red_threes_counted_against_a_side_that_did_not_meld_are_said_so(
    open_app: OpenApp, store: Store
) -> None:
    seeded(store, _enter_e1)
    app = open_app()
    app.click("resume")
    app.click("hand-0")
    rows = working_rows(app)
    assert ["Red threes (counted against the side)", "−200"] in rows
    assert "East-West hand total −450" in app.labels()
