"""The real Flet app, in-process (tests/ui/harness.py): screens found by what a
player sees (texts, tooltips, screen-reader labels) and used by tapping and typing.

The harness fails a test as soon as the app reports an error or stops re-rendering,
so every step below also checks that its screen rendered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft
import pytest

from canasta_scorer.store import Store
from canasta_scorer.ui.app import AccessGate
from canasta_scorer.ui.state import AppModel, build_model
from tests.ui.hands import enter_s1, enter_sixes_and_kings, enter_small, start_classic
from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]


def tap(app: AppHarness, label: str, times: int = 1) -> None:
    """Tap a button ``times`` times."""
    for _ in range(times):
        app.click(label)


def start_match(app: AppHarness, first_dealer: str | None = None) -> None:
    """Home → New match → the four players → Start match."""
    app.click("New match")
    app.type("North-South player 1", "North")
    app.type("North-South player 2", "South")
    app.type("East-West player 1", "East")
    app.type("East-West player 2", "West")
    if first_dealer:
        app.choose("First dealer", first_dealer)
    app.click("Start match")


def refused(app: AppHarness) -> bool:
    """Tap Save: True if it was refused (the hand stays on screen, with what to fix)."""
    app.click("Save hand")
    return any(
        label.startswith("Not saved: fix what is marked first") for label in app.labels()
    ) and app.button("Save hand")


def seeded_phone(store: Store, *hands: Callable[[AppModel], None]) -> AppModel:
    """Another phone on the same store: a classic match (West deals first) with
    ``hands`` entered and saved."""
    phone = build_model(store)
    start_classic(phone, first_dealer="West")
    for enter in hands:
        phone.match.begin_hand()
        enter(phone)
        assert phone.match.save_hand(), phone.nav.message
    return phone


def test_home_to_a_new_scoreboard(open_app: OpenApp) -> None:
    app = open_app()
    assert app.has_text("Keep score of a real game of Canasta")
    start_match(app)
    assert "Scoreboard" in app.texts()  # the app bar's title
    labels = app.labels()
    assert "North-South total 0" in labels and "East-West total 0" in labels
    assert app.texts().count("Minimum 50") == 2
    assert "North and South" in app.texts() and "East and West" in app.texts()
    assert app.button("Enter hand 1").disabled is not True
    assert app.button("Undo").disabled and app.button("Redo").disabled


def test_s1_hand_entered_by_tapping_and_typing(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app, first_dealer="West")
    assert app.has_text("West deals next")
    app.click("Enter hand 1")  # the first dealer is kept with a draft, nothing entered in it
    assert app.has_text("Hand 1 · initial meld minimums: North-South 50 and East-West 50")
    # Nothing entered yet: each side says so, not a red error; Save waits.
    assert "North-South: hand total 0, not entered yet" in app.labels()
    assert "East-West: hand total 0, not entered yet" in app.labels()
    assert app.button("Save hand").disabled
    taps = 0

    def press(label: str, times: int = 1) -> None:
        nonlocal taps
        tap(app, label, times)
        taps += times

    # North-South (shown first): counts in one tap each, 2s and jokers a tap apiece.
    press("2 red threes of North-South")
    press("Add a meld of black threes")  # 3 3 3: three naturals to start
    press("Add a meld of 6s")
    press("6 natural cards in the meld of 6s")
    press("More 2s in the meld of 6s")
    press("Add a meld of 9s")
    press("8 natural cards in the meld of 9s")
    press("Add a meld of 10s")
    press("Add a meld of Js")
    press("4 natural cards in the meld of Js")
    press("More 2s in the meld of Js", 2)
    press("More jokers in the meld of Js")
    labels = app.labels()
    # The meld being counted is open; the others are one line each, a tap away.
    assert (
        "2s in the meld of Js: 2" in labels and "natural cards in the meld of 6s: 6" not in labels
    )
    assert "Meld of 6s: 6 6 6 6 6 6 2, 50 points, mixed canasta" in labels
    assert app.has_text("130 points · mixed canasta")  # J J J J 2 2 JK
    # The meld added last is listed first, right under the rank pad.
    panel = next(
        c
        for c in app.controls()
        if isinstance(c, ft.ListView)
        and any(getattr(k, "key", None) == "rank-pad-0" for k in c.controls)
    )
    order = [str(c.key) for c in panel.controls if str(c.key).startswith("meld-")]
    assert order == ["meld-0-J", "meld-0-10", "meld-0-9", "meld-0-6", "meld-0-3"]
    assert str(panel.controls[0].key) == "rank-pad-0" and panel.controls[1].key == "meld-0-J"
    press("out-0-North")  # one tap on who went out: North's cards-left row goes
    assert app.button("out-0-North").icon == ft.Icons.CHECK  # shown as chosen
    assert not any("in North's hand" in label for label in app.labels())
    press("3 cards 7 to 4 and black threes (5) in South's hand")
    press("2 cards K to 8 (10) in South's hand")
    press("2 aces and 2s (20) in South's hand")
    assert "North-South hand total 1,630" in app.labels()
    assert "North-South: hand total +1,630, no problems" in app.labels()

    # East-West: the switcher at the top.
    press("side-1")
    press("1 red three of East-West")
    press("Add a meld of 4s")
    press("Fewer natural cards in the meld of 4s")
    press("More 2s in the meld of 4s")
    press("Add a meld of 7s")
    press("5 natural cards in the meld of 7s")
    press("More 2s in the meld of 7s")
    press("More jokers in the meld of 7s")
    press("Add a meld of 10s")
    press("Fewer natural cards in the meld of 10s")
    press("More jokers in the meld of 10s")
    press("Add a meld of As")
    press("5 natural cards in the meld of As")
    # East's cards typed (what was read is shown), West's counted by point class.
    app.switch("Type cards", True, nth=0)
    app.type("Cards left in East's hand", "2 5 6 10 j j")
    assert "Read as: 2 5 6 10 J J, 60 points" in app.labels()
    press("2 cards 7 to 4 and black threes (5) in West's hand")
    press("5 cards K to 8 (10) in West's hand")
    assert "East-West hand total 575" in app.labels()
    assert "North-South +1,630   East-West +575" in app.labels()
    assert taps == 33  # and a switch and six key presses for East's cards
    assert not app.button("Save hand").disabled

    app.click("Save hand")
    labels = app.labels()
    assert "North-South total 1,630" in labels and "East-West total 575" in labels
    assert "North-South initial meld minimum 90" in labels
    assert "East-West initial meld minimum 50" in labels
    assert "Hand 1 saved." in labels  # the message
    assert "Hand 1: North-South +1,630, total 1,630; East-West +575, total 575" in labels
    assert app.has_text("North deals next")
    assert app.button("Enter hand 2")


def test_an_illegal_meld_says_why_and_cannot_be_saved(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.click("Add a meld of Ks")
    tap(app, "More 2s in the meld of Ks", 4)
    assert app.has_text(
        "K K K 2 2 2 2 has 4 wild cards: a meld may hold at most 3, canastas included"
    )
    assert "Save is blocked" in app.labels()
    assert app.has_text("1 problem: fix it to save (all sides are checked).")
    # K K K 2 2 2 2 has seven cards, but an illegal meld is not headed as a canasta.
    assert "110 points" in app.texts()
    assert "110 points · mixed canasta" not in app.texts()
    assert refused(app)

    app.click("Fewer 2s in the meld of Ks")
    app.enter_east_west()  # tried: a side left blank is a problem too
    assert "Save is blocked" not in app.labels()
    app.click("Save hand")
    assert "Hand 1 saved." in app.labels()


def test_back_keeps_the_draft_even_after_a_reload(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.click("Add a meld of Qs")
    app.click("More natural cards in the meld of Qs")
    app.click("Back")
    assert "North-South total 0" in app.labels()
    app.click("Go on with hand 1")
    assert "natural cards in the meld of Qs: 4" in app.labels()

    app.click("Back")
    app.click("Back")  # home
    reloaded = open_app()  # the page is reloaded: a new session on the same store
    reloaded.click("resume")
    assert reloaded.button("Go on with hand 1")
    reloaded.click("Go on with hand 1")
    assert "natural cards in the meld of Qs: 4" in reloaded.labels()

    reloaded.click("Discard")  # something was entered: it asks first
    assert reloaded.has_text("Discard this hand?")
    reloaded.click("Keep entering")
    assert "natural cards in the meld of Qs: 4" in reloaded.labels()
    reloaded.click("Discard")
    reloaded.click("Discard it")
    assert reloaded.button("Enter hand 1")


def test_undo_and_redo_in_the_app_bar(open_app: OpenApp, store: Store) -> None:
    seeded_phone(store, enter_small, enter_sixes_and_kings)  # 60/45, then 50/45
    app = open_app()
    app.click("resume")
    assert "North-South total 110" in app.labels()
    assert app.button("Redo").disabled

    app.click("Undo adding hand 2")
    labels = app.labels()
    assert "North-South total 60" in labels and "East-West total 45" in labels
    assert "Undone: adding hand 2" in labels
    assert app.button("Enter hand 2")

    app.click("Redo adding hand 2")
    assert "North-South total 110" in app.labels() and "East-West total 90" in app.labels()
    assert "Redone: adding hand 2" in app.labels()
    app.click("Dismiss")
    assert not any(label.startswith("Redone") for label in app.labels())


def test_a_hand_opens_its_breakdown_and_can_be_edited(open_app: OpenApp, store: Store) -> None:
    seeded_phone(store, enter_s1)
    app = open_app()
    app.click("resume")
    app.click("hand-0")
    texts = app.texts()
    assert "Hand 1" in texts  # the app bar's title
    assert "Dealt by West" in texts
    assert "9 9 9 9 9 9 9 9   (80)" in texts
    assert "J J J J 2 2 JK   (130)" in texts
    assert "Went out (North)" in texts
    assert "Red threes: 2" in texts
    assert "West's hand: 4 4 10 Q Q K K" in texts
    labels = app.labels()
    assert "North-South hand total 1,630" in labels and "East-West hand total 575" in labels

    app.click("Edit this hand")
    assert app.has_text("Editing hand 1 · initial meld minimums: North-South 50 and East-West 50")
    app.click("1 red three of North-South")  # 2 → 1: 200 → 100
    assert "North-South hand total 1,530" in app.labels()
    app.click("Save hand")
    labels = app.labels()
    assert "North-South total 1,530" in labels and "East-West total 575" in labels
    assert "Hand 1 changed; the totals after it follow." in labels
    assert "North-South initial meld minimum 90" in labels  # 1,530 ≥ 1,500


def test_quick_totals_from_a_paper_count(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.switch("Quick totals", True)
    assert app.has_text("Type each side's total from a paper count")
    # Nothing typed yet: no field is marked wrong, Save just waits for the totals.
    assert app.field("North-South hand total").error is None
    assert app.field("East-West hand total").error is None
    assert app.has_text("Type every side's hand total to save.")
    assert not any("type the hand total" in text for text in app.texts())
    app.type("North-South hand total", "1,230")
    assert app.field("East-West hand total").error is None  # still untouched
    assert refused(app)
    # Save was tried: the total still to be typed is marked at its field
    assert app.field("East-West hand total").error == "type the hand total"
    assert app.field("North-South hand total").error is None
    app.type("North-South hand total", "")
    assert app.field("North-South hand total").error == "type the hand total"
    app.type("North-South hand total", "1,230")
    app.type("East-West hand total", "abc")
    assert app.field("East-West hand total").error == "“abc” is not a whole number"
    # said at the field, not again at the bottom
    assert "East-West hand total: “abc” is not a whole number" not in app.texts()
    assert not any("sides[" in text for text in app.texts())
    assert refused(app)
    app.type("East-West hand total", "-85")
    app.click("Save hand")
    labels = app.labels()
    assert "North-South total 1,230" in labels and "East-West total −85" in labels
    assert "East-West initial meld minimum 15" in labels  # below 0 → 15


def test_a_save_after_another_phone_saved_keeps_the_entry(open_app: OpenApp, store: Store) -> None:
    phone = seeded_phone(store)
    app = open_app()
    app.click("resume")
    app.click("Enter hand 1")  # only the first dealer is kept
    app.click("Add a meld of Ks")
    app.click("Add a meld of As")  # 30 + 60 ≥ 50
    app.enter_east_west()
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()

    app.click("Save hand")
    # The scoreboard shows what the other phone saved, and says what happened plainly.
    labels = app.labels()
    assert "North-South total 60" in labels and "East-West total 45" in labels
    said = (
        "Another device changed this match while you were entering this hand; nothing of "
        "yours was saved. Its hands are shown now. Your entry is kept: open it with "
        "'Go on with hand 2' and save it only if it is a different hand."
    )
    assert said in labels
    assert not any("version" in text for text in app.texts())
    app.click("Go on with hand 2")
    assert "Meld of Ks: K K K, 30 points" in app.labels()  # the entry, as typed
    assert "natural cards in the meld of As: 3" in app.labels()  # the newest meld is open
    assert app.has_text("Hand 2 · initial meld minimums")
    assert said not in app.labels()  # the message stayed with the scoreboard


def test_a_stale_delete_goes_back_to_the_scoreboard(open_app: OpenApp, store: Store) -> None:
    phone = seeded_phone(store, enter_small)
    app = open_app()
    app.click("resume")
    app.click("hand-0")
    phone.match.delete_hand(0)
    app.click("Delete")  # refused: the match changed; hand 1 is not there to show
    assert (
        "Another device changed this match meanwhile, so hand 1 was not deleted. "
        "Its hands are shown now." in app.labels()
    )
    assert "North-South total 0" in app.labels()


def test_the_access_code_screen(open_app: OpenApp) -> None:
    app = open_app(AccessGate("2468"))
    words = (
        "Enter the app's access code: the one printed where it was started, "
        "or the one chosen for it."
    )
    assert words in app.texts()
    with pytest.raises(AssertionError):
        app.button("New match")
    app.type("Access code", "1111")
    app.click("Unlock")
    assert "That is not the access code." in app.texts()
    app.type("Access code", "2468")
    app.click("Unlock")
    assert app.button("New match")


@pytest.mark.parametrize(
    ("variant", "players", "hand_fields"),
    [
        ("two-player", [], []),
        ("three-player-cutthroat", [], ["Lone hand (took the pile first)"]),
        ("five-player", ["Three player 3", "Two player 2"], ["Sitting out this hand"]),
        ("six-player-three-sides", ["Team C player 2"], ["Dealer"]),
    ],
)
def test_every_variant_renders_its_form_and_hand_entry(
    open_app: OpenApp, variant: str, players: list[str], hand_fields: list[str]
) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", variant)
    for label in players:
        assert app.field(label)
    fields = [str(c.label) for c in app.controls() if isinstance(c, ft.TextField)]
    seats = [label for label in fields if " player " in label]
    for number, label in enumerate(seats):
        app.type(label, f"Player {chr(65 + number)}")
    app.click("Start match")
    assert "Scoreboard" in app.texts(), app.texts()
    app.click("Enter hand 1")
    for label in hand_fields:
        assert app.field(label)
    app.click("Add a meld of As")
    assert "natural cards in the meld of As: 3" in app.labels()


def test_wild_card_melds_and_past_matches(open_app: OpenApp) -> None:
    app = open_app()
    app.click("Past matches")
    assert "No matches yet." in app.texts()
    app.click("Back")
    app.click("New match")
    assert "House rules: none" in app.texts()  # folded into one line
    app.click("house-rules")
    assert not app.has_text("wild-card-melds")  # no id or section code for players
    app.switch("Wild card melds", True)
    app.click("Start match")
    assert app.has_text("house rules: Wild card melds")
    app.click("Enter hand 1")
    app.click("Add a meld of wild cards")
    assert "2s in the meld of wild cards: 3" in app.labels()
    app.click("Back")
    app.click("Back")
    app.click("Past matches")
    assert app.has_text("In progress, 0 hands")


def test_a_start_score_that_cannot_be_read_is_shown_on_the_form(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    app.click("target-and-start")
    app.type("East-West start score (resume a paper match)", "12")
    app.click("Start match")
    # at its field (the fold it is in opened to show it)
    assert app.field("East-West start score").error.startswith(
        "start score 12 is not a multiple of 5"
    )
    assert "New match" in app.texts()  # still the form


def test_the_other_screens_of_a_match_render(open_app: OpenApp, store: Store) -> None:
    seeded_phone(store, enter_s1)
    app = open_app()
    app.click("resume")
    chart = "Running totals chart: North-South 1,630 and East-West 575; target 5,000"
    assert chart in app.labels()

    app.click("Export")
    app.click("CSV sheet")
    assert app.has_text("1,West,1630,1630,575,575,")  # hand, dealer, each side's hand and total
    app.click("Back")
    app.click("Rule checker")
    assert "Rule checker" in app.texts()
    app.click("Back")
    app.click("Back")

    app.click("Past matches")
    assert (
        "North-South (North, South) 1,630 – East-West (East, West) 575" in app.texts()
    )  # the match's tile
    app.click("Player statistics")
    assert "Player statistics" in app.texts() and "Win rate" in app.texts()
    app.click("Back")
    app.click("Back")

    app.click("resume")
    app.click("Delete match")
    app.click("Delete")  # its question's answer
    assert "Match deleted." in app.labels()
    assert not any(text.startswith("Resume") for text in app.texts())
    app.click("Undo")  # in the message
    assert "Match brought back." in app.labels()
    assert "North-South total 1,630" in app.labels()


def test_a_screen_that_fails_to_draw_shows_a_plain_message_not_a_frozen_tab(
    open_app: OpenApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    import canasta_scorer.ui.components.new_match as new_match

    app = open_app()

    def broken(variant: object) -> str:
        raise RuntimeError("a drawing bug")

    monkeypatch.setattr(new_match, "variant_summary", broken)
    app.click("New match")
    assert "This screen could not be shown" in app.labels()
    assert not any("RuntimeError" in text or "Traceback" in text for text in app.texts())
    app.click("Home")
    assert app.button("New match") is not None


# --- the tester's findings ---------------------------------------------------------------


def test_a_reloaded_tab_shows_what_another_device_saved(open_app: OpenApp, store: Store) -> None:
    phone = seeded_phone(store, enter_small)  # 60 / 45
    app = open_app()
    app.click("resume")
    assert "North-South total 60" in app.labels()
    phone.match.begin_hand()
    enter_sixes_and_kings(phone)
    assert phone.match.save_hand()  # 110 / 90 now
    assert "North-South total 60" in app.labels()  # nothing tells the tab ...

    app.reconnect()  # ... until the page is reloaded (the same session reconnects)
    labels = app.labels()
    assert "North-South total 110" in labels and "East-West total 90" in labels
    assert app.button("Enter hand 3")

    app.click("Back")
    phone.match.begin_hand()
    enter_small(phone)
    assert phone.match.save_hand()
    app.reconnect()  # at home: the resume button follows too
    assert app.button("Resume: North-South 170 – East-West 135")


def test_the_rule_checker_from_home_goes_back_home(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Back")  # home, with the match still open behind it
    app.click("rule-checker")
    assert "Rule checker" in app.texts()
    app.click("Back")
    assert "Canasta scorer" in app.texts() and app.button("new-match")
    assert "Scoreboard" not in app.texts()

    app.click("resume")
    app.click("Rule checker")
    app.click("Back")
    assert "Scoreboard" in app.texts()


def test_a_saved_hand_message_does_not_follow_to_other_screens(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.switch("Quick totals", True)
    app.type("North-South hand total", "100")
    app.type("East-West hand total", "50")
    app.click("Save hand")
    assert "Hand 1 saved." in app.labels()
    app.click("Back")
    assert "Hand 1 saved." not in app.labels()
    assert not [
        c for c in app.controls() if isinstance(c, ft.Semantics) and c.identifier == "message"
    ]
    for screen in ("past-matches", "rule-checker"):
        app.click(screen)
        assert "Hand 1 saved." not in app.labels(), screen
        app.click("Back")
    app.click("Past matches")
    assert app.has_text("In progress, 1 hand")  # not "1 hands"
    assert not app.has_text("1 hands")


def test_a_new_hand_with_nothing_entered_cannot_be_saved(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    assert app.button("Save hand").disabled
    assert app.has_text("Nothing entered yet: enter the melds, red threes and cards left")
    app.click("More red threes of North-South")
    assert not app.button("Save hand").disabled
    assert not app.has_text("Nothing entered yet")


def test_hand_entry_wording(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    texts = app.texts()
    assert texts.count("Red threes") == 1  # the heading only
    assert "red threes of North-South: 0" in app.labels()  # what a screen reader hears
    assert app.button("3 red threes of North-South")  # a tap sets the count
    app.switch("Type cards", True, nth=1)
    app.type("Cards left in South's hand", "4 X")
    assert app.field("Cards left in South's hand").error.startswith("“X” is not a card")
    assert not any("sides[" in text for text in app.texts())


def test_hand_detail_says_whose_cards_were_counted_by_points(
    open_app: OpenApp, store: Store
) -> None:
    seeded_phone(store, enter_s1)  # South's cards counted by points
    app = open_app()
    app.click("resume")
    assert not app.has_text("counted by points")  # the scoreboard's list stays short
    app.click("hand-0")
    assert "Cards left counted by points: South" in app.labels()
    assert "South's hand (counted by points): 2 × 20, 2 × 10, 3 × 5" in app.texts()
    assert "West's hand: 4 4 10 Q Q K K" in app.texts()  # typed: the real cards


def test_new_match_and_export_wording(open_app: OpenApp, store: Store) -> None:
    seeded_phone(store, enter_small)
    app = open_app()
    app.click("New match")
    summary = "4 players, 2 partnerships of 2; 108 cards; 1 canasta to go out; target 5,000"
    assert summary in app.texts()
    app.click("house-rules")
    assert app.field("Black three freezes the pile").label == "Black three freezes the pile"
    assert "A discarded black three freezes the discard pile until it is taken." in app.texts()
    assert not app.has_text("black-three-freezes") and not app.has_text("(H1)")
    app.choose("Variant", "three-player-cutthroat")
    assert app.has_text("target 7,500")
    app.click("Back")

    app.click("resume")
    app.click("Export")
    assert not any("`" in text for text in app.texts())
    assert app.has_text("Another Canasta scorer imports it: Past matches, Import")


def test_a_finished_match_shows_no_initial_meld_minimums(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    for label, name in (
        ("North-South player 1", "North"),
        ("North-South player 2", "South"),
        ("East-West player 1", "East"),
        ("East-West player 2", "West"),
    ):
        app.type(label, name)
    app.click("target-and-start")
    app.type("Target (default 5,000)", "1000")
    app.click("Start match")
    assert "North-South initial meld minimum 50" in app.labels()
    app.click("Enter hand 1")
    app.switch("Quick totals", True)
    app.type("North-South hand total", "1,100")
    app.type("East-West hand total", "100")
    app.click("Save hand")
    assert "North-South wins by 1,000" in app.labels()
    assert not any("initial meld minimum" in label for label in app.labels())
    assert not any(text.startswith("Initial meld minimum") for text in app.texts())


def test_a_kept_edit_can_be_taken_up_again_from_the_scoreboard(
    open_app: OpenApp, store: Store
) -> None:
    seeded_phone(store, enter_small)
    app = open_app()
    app.click("resume")
    app.click("hand-0")
    app.click("Edit this hand")
    assert "Edit hand 1" in app.texts() and "Enter a hand" not in app.texts()  # its title
    app.click("More red threes of North-South")
    app.click("Back")
    app.click("Go on editing hand 1")
    assert "red threes of North-South: 1" in app.labels()
    assert app.has_text("Editing hand 1")
    assert "Edit hand 1" in app.texts()
    app.click("Back")
    app.click("Enter hand 2")
    assert "Enter a hand" in app.texts() and "Edit hand 1" not in app.texts()


def test_statistics_fit_a_phone_in_narrow_tables(open_app: OpenApp, store: Store) -> None:
    seeded_phone(store, enter_s1)
    app = open_app()
    app.click("Past matches")
    app.click("Player statistics")
    tables = {
        c.key: [t.value for t in c.controls[0].controls]
        for c in app.controls()
        if isinstance(c, ft.Column) and str(c.key).endswith("-stats")
    }
    # players' words, no abbreviation; "In progress" only with a match in progress
    assert tables == {
        "player-stats": ["Player", "Played", "In\nprogress", "Won", "Win rate"],
        "hand-stats": ["Player", "Average\nhand", "Best\nhand", "Canastas\nper hand", "Went\nout"],
        "partnership-stats": ["Partners", "Played", "In\nprogress", "Won", "Win rate"],
    }
    assert not app.has_text("Can.")


def test_statistics_say_there_is_no_win_rate_before_a_match_is_finished(
    open_app: OpenApp, store: Store
) -> None:
    seeded_phone(store, enter_s1)  # one hand of a match that goes on
    app = open_app()
    app.click("Past matches")
    app.click("Player statistics")
    said = [c.semantics_label for c in app.controls() if isinstance(c, ft.Text)]
    assert said.count("Win rate: none yet") == 6  # four players, two partnerships
    assert not any("0%" in str(label) for label in said)
    assert app.has_text("none yet")
    assert app.has_text("No match is finished yet: win rates show once one is.")
    assert "win-rate-chart" not in [getattr(c, "identifier", None) for c in app.controls()]


def test_statistics_say_a_match_counts_from_its_first_hand(open_app: OpenApp, store: Store) -> None:
    start_classic(build_model(store))  # four named players, no hand yet
    app = open_app()
    app.click("Past matches")
    app.click("Player statistics")
    assert app.has_text(
        "No statistics yet: a match with named players counts once a hand of it is saved."
    )
    # with statistics shown, a match still without a hand is said not to count
    phone = seeded_phone(store, enter_small)
    assert phone.match.current is not None
    app.click("Back")
    app.click("Player statistics")
    assert app.has_text("Over every match in the store.")
    assert app.has_text("A match counts once a hand of it is saved.")


def test_statistics_give_no_canastas_per_hand_when_every_hand_was_a_total(
    open_app: OpenApp, store: Store
) -> None:
    phone = build_model(store)
    start_classic(phone)
    phone.match.begin_hand()
    phone.entry.set_quick(True)  # a paper count: no canasta is known
    phone.entry.set_quick_total(0, "100")
    phone.entry.set_quick_total(1, "50")
    assert phone.match.save_hand(), phone.nav.message
    app = open_app()
    app.click("Past matches")
    app.click("Player statistics")
    said = [str(c.semantics_label) for c in app.controls() if isinstance(c, ft.Text)]
    canastas = [label for label in said if label.startswith("Canastas per hand:")]
    # not "0.00": no hand was entered as cards
    assert canastas == ["Canastas per hand: none yet"] * 4, canastas


def test_the_running_chart_keeps_room_for_the_last_hand_number(store: Store) -> None:
    import flet_charts as fch  # type: ignore[import-untyped]

    from canasta_scorer.rules import score_match
    from canasta_scorer.ui.components.chart import running_chart

    def chart_for(hands: int) -> fch.LineChart:
        phone = build_model(store)
        start_classic(phone, target="100000")
        for _ in range(hands):
            phone.match.begin_hand()
            phone.entry.set_quick(True)
            phone.entry.set_quick_total(0, "100")
            phone.entry.set_quick_total(1, "50")
            assert phone.match.save_hand(), phone.nav.message
        assert phone.match.current is not None
        record = phone.match.current.record
        shown = running_chart(record, score_match(record), 100000)
        return shown.content.controls[0]

    twelve = chart_for(12)
    assert twelve.max_x == 12 and twelve.bottom_axis.label_spacing == 1
    # an empty right axis holds the room the last label ("12") needs past the edge
    assert twelve.right_axis.title_size == 16 and not twelve.right_axis.show_labels
    assert chart_for(30).bottom_axis.label_spacing == 3  # 0, 3, … 30: no overlap


def test_the_running_chart_draws_only_the_new_hands_points_again(store: Store) -> None:
    from canasta_scorer.rules import score_match
    from canasta_scorer.ui.components.chart import KeptPoints, running_chart

    phone = build_model(store)
    start_classic(phone, target="100000")
    kept: KeptPoints = {}
    drawn = []
    labels = []
    for _ in range(2):
        phone.match.begin_hand()
        phone.entry.set_quick(True)
        phone.entry.set_quick_total(0, "100")
        phone.entry.set_quick_total(1, "50")
        assert phone.match.save_hand(), phone.nav.message
        assert phone.match.current is not None
        record = phone.match.current.record
        shown = running_chart(record, score_match(record), 100000, kept)
        drawn.append([line.points for line in shown.content.controls[0].data_series])
        labels.append(shown.content.controls[0].left_axis.labels)
    (one, two) = drawn
    for side in range(2):
        assert [(p.x, p.y) for p in two[side]] == [
            (0, 0),
            (1, 100 // (side + 1)),
            (2, 200 // (side + 1)),
        ]
        # the start and hand 1 are the very points drawn before; hand 2's is new
        assert two[side][0] is one[side][0] and two[side][1] is one[side][1]
        assert all(two[side][2] is not p for p in one[side])
    # the target line's end moved: a new point there, its start kept
    assert two[2][0] is one[2][0] and two[2][1] is not one[2][1] and two[2][1].x == 2
    # the side's labels (the target sets the scale: 0 to 100,000 by 20,000) are the
    # very labels drawn before
    assert [(label.value, label.label.value) for label in labels[1]] == [
        (value, f"{value:,}") for value in range(0, 100_001, 20_000)
    ]
    assert all(new is old for new, old in zip(labels[1], labels[0], strict=True))
    # only this drawing's points and labels are kept
    assert len([key for key in kept if key[0] != "label"]) == 3 + 3 + 2
    assert len([key for key in kept if key[0] == "label"]) == 6


def _message_colour(app: AppHarness) -> tuple[str, object]:
    """The app's message as shown: its label (read out once) and its colour."""
    [holder] = [
        c for c in app.controls() if isinstance(c, ft.Semantics) and c.identifier == "message"
    ]
    assert isinstance(holder.content, ft.Container)
    return holder.label or "", holder.content.bgcolor


def test_a_refusal_is_shown_as_an_error_and_a_save_is_not(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.switch("Quick totals", True)
    app.type("North-South hand total", "1,230")
    assert refused(app)
    said, colour = _message_colour(app)
    # what is marked, and the first of it in words (it may be out of view)
    assert said == "Not saved: fix what is marked first, at East-West hand total."
    assert colour == ft.Colors.ERROR_CONTAINER
    # the words are read out once: the text under the live region is not read again
    texts = [
        c
        for c in app.controls()
        if isinstance(c, ft.Semantics) and c.exclude_semantics and isinstance(c.content, ft.Text)
    ]
    assert [t.content.value for t in texts if t.content.value == said] == [said]
    app.type("East-West hand total", "-85")
    app.click("Save hand")
    said, colour = _message_colour(app)
    assert said == "Hand 1 saved."
    assert colour == ft.Colors.SECONDARY_CONTAINER


def test_a_code_typed_and_unlocked_at_once_is_taken(open_app: OpenApp) -> None:
    # the browser may send Unlock's click right behind the field's change, before
    # the screen is drawn again with the typed code
    app = open_app(AccessGate("2468"))
    app.type_and_click("Access code", "2468", "Unlock")
    assert "That is not the access code." not in app.texts()
    assert app.button("New match")


@pytest.mark.parametrize(("web", "said"), [(True, True), (False, False)])
def test_save_as_a_file_in_the_browser_says_what_is_downloaded(
    open_app: OpenApp, store: Store, monkeypatch: pytest.MonkeyPatch, web: bool, said: bool
) -> None:
    """The browser downloads the file and tells no path back: the tab says which file
    it is; in the desktop window no path back means the player cancelled."""

    async def save_file(self: ft.FilePicker, *args: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr(ft.FilePicker, "save_file", save_file)
    seeded_phone(store, enter_s1)
    app = open_app()
    app.session.page.web = web
    app.click("resume")
    app.click("Export")
    app.click("Save as a file")
    words = "The match file (JSON) is downloaded as "
    assert any(text.startswith(words) and text.endswith(".json.") for text in app.texts()) is said
