"""Small screen fixes, in-process (tests/ui/harness.py): named house-rule sets on the
new-match form, the dealer list of hand entry, the pads limited to the deck, and the
form's errors shown at their fields."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft
import pytest

from canasta_scorer.store import NamedRuleSet, Store
from tests.ui.harness import AppHarness
from tests.ui.test_screens import start_match

OpenApp = Callable[..., AppHarness]


@pytest.mark.parametrize(
    ("variant", "names", "dealers"),
    [
        ("two-player", ("Ann", "Bob"), ["Ann", "Bob"]),
        ("three-player", ("Ann", "Bob", "Cy"), ["Ann", "Bob", "Cy"]),
        ("three-player-cutthroat", ("Ann", "Bob", "Cy"), ["Ann", "Bob", "Cy"]),
    ],
)
def test_the_dealer_list_offers_every_player_of_one_player_sides(
    open_app: OpenApp, variant: str, names: tuple[str, ...], dealers: list[str]
) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", variant)
    for seat, name in enumerate(names):
        app.type(f"Player {seat + 1}", name)
    app.click("Start match")
    app.click("Enter hand 1")
    assert [o.key for o in app.field("Dealer").options] == dealers
    app.choose("Dealer", "Bob")
    assert app.field("Dealer").value == "Bob"


def test_the_dealer_list_of_partnerships_is_in_seat_order(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    for label, name in (
        ("North-South player 1", "North"),
        ("North-South player 2", "South"),
        ("East-West player 1", "East"),
        ("East-West player 2", "West"),
    ):
        app.type(label, name)
    app.click("Start match")
    app.click("Enter hand 1")
    assert [o.key for o in app.field("Dealer").options] == ["North", "East", "South", "West"]


def test_a_named_house_rule_set_is_kept_picked_in_one_tap_renamed_and_deleted(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    app.click("New match")
    app.click("house-rules")
    app.switch("Pile always frozen", True)
    app.switch("Black three freezes the pile", True)
    app.click("keep-rules")  # no name yet: said at the field, nothing kept
    assert app.field("Keep these house rules as").error == (
        "Give the house rules a name to keep them by."
    )
    assert store.rule_sets() == []
    app.type("Keep these house rules as", "Grandma's")
    app.click("keep-rules")
    assert store.rule_sets() == [
        NamedRuleSet(
            name="Grandma's", house_rules=frozenset({"pile-always-frozen", "black-three-freezes"})
        )
    ]
    assert app.field("Keep these house rules as").value == ""
    assert app.button("preset-set:grandma's").icon == ft.Icons.CHECK  # the rules on the form

    # another tab, another day: the set is one tap on the new-match form
    other = open_app()
    other.click("New match")
    other.click("preset-set:grandma's")
    assert "2 house rules" in other.texts()
    other.click("preset-book")
    assert "House rules: none" in other.texts()

    # renamed and deleted where it is kept
    app.click("Rename Grandma's")
    app.type("New name for Grandma's", "Summer")
    app.click("Rename")
    assert [s.name for s in store.rule_sets()] == ["Summer"]
    # a name typed and kept in one quick move is the name typed
    app.type_and_click("Keep these house rules as", "Winter", "keep-rules")
    app.click("Rename Winter")
    app.type_and_click("New name for Winter", "Spring", "Rename")
    assert sorted(s.name for s in store.rule_sets()) == ["Spring", "Summer"]
    app.click("Delete Spring")
    assert app.button("preset-set:summer")
    app.click("Delete Summer")
    assert store.rule_sets() == []
    assert not [c for c in app.controls() if str(getattr(c, "key", "")).startswith("preset-set:")]


def test_a_named_set_is_started_with(open_app: OpenApp, store: Store) -> None:
    store.save_rule_set("Club", {"draw-on-tie"})
    app = open_app()
    app.click("New match")
    app.click("preset-set:club")
    for label, name in (
        ("North-South player 1", "Ann"),
        ("North-South player 2", "Bob"),
        ("East-West player 1", "Cy"),
        ("East-West player 2", "Di"),
    ):
        app.type(label, name)
    app.click("Start match")
    assert app.has_text("house rules: A tie at the end is a draw")


#: The seats of a classic match on the new-match form, in order.
CLASSIC_SEATS = (
    "North-South player 1",
    "North-South player 2",
    "East-West player 1",
    "East-West player 2",
)


def fill_classic_seats(
    app: AppHarness, names: tuple[str, str, str, str], variant: str | None = None
) -> None:
    """New match (classic, or ``variant`` with two sides of two), and ``names`` typed
    into its four seats."""
    app.click("New match")
    if variant:
        app.choose("Variant", variant)
    for label, name in zip(CLASSIC_SEATS, names, strict=True):
        app.type(label, name)


def start_classic_entry(app: AppHarness, variant: str | None = None) -> None:
    """New match (classic, or ``variant`` with two sides of two), Enter hand 1."""
    fill_classic_seats(app, ("Ann", "Bob", "Cy", "Di"), variant)
    app.click("Start match")
    app.click("Enter hand 1")


def test_the_pads_offer_no_more_cards_than_the_deck_holds(open_app: OpenApp) -> None:
    app = open_app()
    start_classic_entry(app)  # two packs: 8 of a rank, 4 black threes, 4 jokers, 4 red threes
    app.click("Add a meld of black threes")
    offered = [c.key for c in app.controls() if str(c.key).startswith("naturals-0-3-")]
    assert offered == ["naturals-0-3-3", "naturals-0-3-4"]  # not 5 to 8
    app.click("naturals-0-3-4")
    assert app.button("More black threes in the meld").disabled
    app.click("Add a meld of Ks")
    app.click("naturals-0-K-8")
    assert app.button("More natural cards in the meld of Ks").disabled
    for _ in range(4):
        app.click("More jokers in the meld of Ks")
    assert app.button("More jokers in the meld of Ks").disabled  # a fifth joker: none
    app.click("4 red threes of North-South")
    assert app.button("More red threes of North-South").disabled
    jokers = [c.key for c in app.controls() if str(c.key).startswith("left-0-0-jokers-")]
    assert jokers == [f"left-0-0-jokers-{n}" for n in (1, 2, 3, 4)]
    app.click("left-0-0-jokers-4")
    assert app.button("More jokers (50) in Ann's hand").disabled
    assert not app.button("More cards K to 8 (10) in Ann's hand").disabled


def test_a_deck_of_three_packs_offers_more(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", "six-player")
    for seat in range(6):
        side, place = divmod(seat, 3)
        app.type(f"Team {'AB'[side]} player {place + 1}", f"P{seat}")
    app.click("Start match")
    app.click("Enter hand 1")
    app.click("4 red threes of Team A")
    app.click("More red threes of Team A")
    # 5 is shown as a count filled of its own, not as 4 left unfilled
    assert _chosen(app, " of Team A") == ["5"]
    app.click("More red threes of Team A")  # 6: the three packs' red threes
    assert "red threes of Team A: 6" in app.labels()
    assert _chosen(app, " of Team A") == ["6"]
    assert _counts(app, " of Team A") == ["0", "1", "2", "3", "4", "6"]
    assert app.button("More red threes of Team A").disabled
    app.click("2 red threes of Team A")
    assert _counts(app, " of Team A") == ["0", "1", "2", "3", "4"]
    assert _chosen(app, " of Team A") == ["2"]


def _count_buttons(app: AppHarness, words: str) -> list[tuple[str, bool]]:
    """The count buttons whose names end with ``words``, by their numbers: each one's
    number shown and whether it is filled (said to be chosen)."""
    found = []
    for control in app.controls():
        if isinstance(control, ft.Semantics) and isinstance(control.content, ft.OutlinedButton):
            text = control.content.content
            if isinstance(text, ft.Text) and str(text.semantics_label).endswith(words):
                found.append((str(text.value), bool(control.selected)))
    return sorted(found, key=lambda button: int(button[0]))


def _counts(app: AppHarness, words: str) -> list[str]:
    return [shown for shown, _chosen in _count_buttons(app, words)]


def _chosen(app: AppHarness, words: str) -> list[str]:
    return [shown for shown, chosen in _count_buttons(app, words) if chosen]


def test_a_count_of_cards_left_above_the_buttons_is_shown_on_the_last(
    open_app: OpenApp,
) -> None:
    """Seven cards K to 8 left: the fifth button shows 7, filled; tapped, the count goes
    back to none and 5 is offered again."""
    app = open_app()
    start_classic_entry(app)
    words = " K to 8 (10) in Ann's hand"
    app.click("5 cards K to 8 (10) in Ann's hand")
    assert _chosen(app, words) == ["5"]
    app.click("More cards K to 8 (10) in Ann's hand")
    app.click("More cards K to 8 (10) in Ann's hand")
    assert "cards K to 8 (10) in Ann's hand: 7" in app.labels()
    assert _counts(app, words) == ["1", "2", "3", "4", "7"]
    assert _chosen(app, words) == ["7"]
    app.click("7 cards K to 8 (10) in Ann's hand")  # the count shown again: none
    assert "cards K to 8 (10) in Ann's hand: 0" in app.labels()
    assert _counts(app, words) == ["1", "2", "3", "4", "5"]
    assert _chosen(app, words) == []


def test_deck_counts_show_at_the_meld_and_every_side_counts_the_same(open_app: OpenApp) -> None:
    app = open_app()
    start_classic_entry(app)
    # ten queens: a meld of 8 on North-South, another of 3 on East-West (two packs: 8)
    app.click("Add a meld of Qs")
    app.click("naturals-0-Q-8")
    app.click("Add a meld of As")
    app.click("side-1")
    app.click("Add a meld of Qs")
    message = "11 Qs in melds and hands: the 108-card deck has 8"
    # about both sides' cards: shown on each side, under its rank pad, and counted on
    # each side's switch; the save bar counts each problem once, as the switches do
    assert app.has_text(message)
    # (and each side's warnings apart: nobody went out, nobody has cards left)
    assert "North-South: hand total +640, 1 problem" in app.labels(), app.labels()
    # (its 30 points below the minimum are not counted while its melds may grow)
    assert "East-West: hand total +30, 1 problem" in app.labels()
    assert app.has_text("1 problem: fix it to save (all sides are checked).")
    app.click("side-0")
    assert app.has_text(message)
    texts = app.texts()
    assert texts.index(message) < texts.index("Meld of As")  # above the melds


def test_five_jokers_on_one_side_show_on_that_side_only(open_app: OpenApp) -> None:
    app = open_app()
    start_classic_entry(app)
    app.click("Add a meld of Ks")
    for _ in range(3):
        app.click("More jokers in the meld of Ks")
    app.click("left-0-0-jokers-2")  # 5 jokers, all North-South's
    message = "5 jokers in melds and hands: the 108-card deck has 4"
    assert app.has_text(message)
    # (South has no cards left and nobody went out: a warning apart)
    assert "North-South: hand total +80, 1 problem" in app.labels(), app.labels()
    assert app.has_text("1 problem: fix it to save (all sides are checked).")
    app.click("side-1")
    assert not app.has_text(message)


def test_the_new_match_form_shows_every_problem_at_its_field_at_once(
    open_app: OpenApp,
) -> None:
    app = open_app()
    app.click("New match")
    app.type("North-South player 1", "Ann")
    app.type("East-West player 1", "Ann")
    app.click("target-and-start")
    app.type("Target (default 5,000)", "0")
    app.type("North-South start score (resume a paper match)", "abc")
    app.click("Start match")
    # the number that cannot be read and what the rules find in the rest, together
    assert app.field("North-South start score").error == "“abc” is not a whole number"
    assert app.field("Target (default 5,000)").error == "target 0 must be a positive multiple of 5"
    assert app.has_text("Target 0 · to fix")  # its section not summed up as if it were set
    # each blank seat beside a named one is marked at itself (not the sides' count)
    for seat in ("North-South player 2", "East-West player 2"):
        assert app.field(seat).error == "Type a name, or leave every seat of this side blank."
    assert not app.has_text("sides in a classic game have 2 and 2 players; these have 1 and 1")
    assert app.has_text("Ann is named twice at the table")
    texts = app.texts()
    assert not any(t.startswith(("Target:", "Sides:")) for t in texts), texts  # words once
    assert "Scoreboard" not in texts


def test_quick_totals_show_every_problem_at_its_field_at_once(open_app: OpenApp) -> None:
    app = open_app()
    start_classic_entry(app)
    app.switch("Quick totals", True)
    app.type("North-South hand total", "abc")
    app.type("East-West hand total", "12")
    # the total that cannot be read, and the rules' finding on the other, together
    assert app.field("North-South hand total").error == "“abc” is not a whole number"
    assert app.field("East-West hand total").error.startswith(
        "the hand score 12 is not a multiple of 5"
    )
    # said at the fields only, not again at the bottom with the field's name before it
    assert not any(t.startswith("North-South hand total:") for t in app.texts()), app.texts()
    app.type("North-South hand total", "120")
    app.type("East-West hand total", "45")
    app.click("Save hand")
    assert app.has_text("Hand 1 saved.")


def test_a_tab_opened_at_a_hand_s_address_goes_on_with_the_hand(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app(draft_delay=0.05)
    start_classic_entry(app)
    app.click("Add a meld of Ks")
    app.wait(0.2)  # the draft is written
    match_id = store.matches()[0].id
    # The tab's address follows the hand (tested in a browser, tests/e2e: here no
    # client answers Flet's push_route). The server restarted, the tab opened again
    # at its address is a new session, which goes straight on with the hand.
    again = open_app()
    again.route(f"/match/{match_id}/hand")
    assert again.has_text("Hand 1 · initial meld minimums")
    assert "natural cards in the meld of Ks: 3" in again.labels()
    other = open_app()
    other.route("/match/999/hand")  # a match not there (any more): home, said so
    assert other.has_text("There is no match 999 here: check the address")


def test_a_name_with_an_emoji_is_refused_at_its_field(open_app: OpenApp, store: Store) -> None:
    app = open_app()
    app.click("New match")
    words = "Names cannot hold emoji: the app's font cannot show them. Use letters."
    app.type("North-South player 1", "Ann 🃏")
    assert app.field("North-South player 1").error == words  # said as it is typed
    for label, name in (
        ("North-South player 2", "Bob"),
        ("East-West player 1", "Zoë"),  # letters of any language are names
        ("East-West player 2", "Di"),
    ):
        app.type(label, name)
    app.click("Start match")
    assert "Scoreboard" not in app.texts() and store.matches() == []
    app.type("North-South player 1", "Ann")
    assert app.field("North-South player 1").error is None
    app.click("Start match")
    assert "Scoreboard" in app.texts()


@pytest.mark.parametrize("blank_first", [False, True])
def test_a_name_with_a_hidden_control_character_is_said_at_its_own_field(
    open_app: OpenApp, store: Store, blank_first: bool
) -> None:
    """The rules' verdict on a name (here U+202E, which turns the text around) is
    shown at the seat it is typed in, also when an earlier seat is left blank (the
    match file counts only the seats filled in), and Start match says why it did
    nothing."""
    app = open_app()
    app.click("New match")
    seat = "North-South player 2" if blank_first else "North-South player 1"
    app.type(seat, "\u202eevil")
    app.type("East-West player 1", "Eric")
    app.type("East-West player 2", "Dee")
    if not blank_first:
        app.type("North-South player 2", "Bob")
    app.click("Start match")
    assert store.matches() == []
    error = app.field(seat).error
    assert error is not None and "U+202E" in error, error
    if blank_first:
        assert app.field("North-South player 1").error is None
    assert "Not started: fix what is marked." in app.texts()
    app.type(seat, "Eve")
    if blank_first:
        app.type("North-South player 1", "Bob")
    app.click("Start match")
    assert "Scoreboard" in app.texts() and len(store.matches()) == 1


def _texts_in(control: Any) -> list[str]:
    """Every text inside a control (itself included)."""
    found = [control.value] if isinstance(control, ft.Text) and control.value else []
    for name in ("controls", "content"):
        inner = getattr(control, name, None)
        for child in inner if isinstance(inner, list) else [inner] if inner else []:
            if isinstance(child, ft.Control):
                found += _texts_in(child)
    return found


def test_a_first_meld_below_the_minimum_is_said_right_under_the_rank_pad(
    open_app: OpenApp,
) -> None:
    """Save refused for a first meld below the minimum: the finding is at the side's
    melds (right under the rank pad, above the melds), not below the cards left."""
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.click("Add a meld of 5s")  # 5 5 5: 15 points, the minimum is 50
    app.click("side-1")
    app.click("Add a meld of Ks")
    app.click("side-0")
    app.click("Save hand")
    panel = next(
        c
        for c in app.controls()
        if isinstance(c, ft.ListView)
        and any(getattr(k, "key", None) == "rank-pad-0" for k in c.controls)
    )
    texts = [_texts_in(item) for item in panel.controls]
    below = [at for at, words in enumerate(texts) if any("minimum of 50" in w for w in words)]
    assert below == [1], texts
    assert str(panel.controls[2].key) == "meld-0-5"


def test_a_refused_new_match_form_is_checked_again_as_it_is_fixed(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    fill_classic_seats(app, ("Ann", "Bob", "Ann", "Di"))
    app.click("Start match")
    assert "Not started: fix what is marked." in app.texts()
    twice = "Ann is named twice at the table"
    assert any(twice in text for text in app.texts() + app.labels())
    # a new problem typed meanwhile is marked at once; the old one stays until fixed
    app.type("East-West player 2", "\U0001f600")
    assert app.field("East-West player 2").error is not None
    app.type("East-West player 2", "Di")
    assert app.field("East-West player 2").error is None
    assert "Not started: fix what is marked." in app.texts()
    # the last one fixed: nothing marked, nothing said, no tap on Start match needed
    app.type("East-West player 1", "Cy")
    assert not any(twice in text for text in app.texts() + app.labels())
    assert "Not started: fix what is marked." not in app.texts()
    assert all(app.field(label).error is None for label in ("East-West player 1",))
    assert store.matches() == []  # nothing started without Start match
    app.click("Start match")
    assert "Scoreboard" in app.texts() and len(store.matches()) == 1


def test_a_seat_of_spaces_beside_a_named_one_is_marked_at_itself(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    fill_classic_seats(app, ("Ann", "Bob", "Cy", "   "))
    app.click("Start match")
    assert store.matches() == []
    said = "Type a name, or leave every seat of this side blank."
    assert app.field("East-West player 2").error == said
    assert app.field("East-West player 1").error is None
    # the side's count of players is not said as well ("these have 2 and 1")
    assert not any("these have" in text for text in app.texts() + app.labels())
    app.type("East-West player 2", "Di")
    assert app.field("East-West player 2").error is None
    app.click("Start match")
    assert len(store.matches()) == 1
