"""The real Flet app, in-process (tests/ui/harness.py): screens found by what a
player sees (texts, tooltips, screen-reader labels) and used by tapping and typing.

The harness fails a test as soon as the app reports an error or stops re-rendering,
so every step below also checks that its screen rendered.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import pytest

from canasta_scorer.store import Store
from canasta_scorer.ui.app import AccessGate
from canasta_scorer.ui.state import AppState
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


def seeded_phone(store: Store, *hands: Callable[[AppState], None]) -> AppState:
    """Another phone on the same store: a classic match (West deals first) with
    ``hands`` entered and saved."""
    phone = AppState(store=store)
    start_classic(phone, first_dealer="West")
    for enter in hands:
        phone.begin_hand()
        enter(phone)
        assert phone.save_hand(), phone.message
    return phone


def test_home_to_a_new_scoreboard(open_app: OpenApp) -> None:
    app = open_app()
    assert app.has_text("Keep score of a real game of Canasta")
    start_match(app)
    assert "Scoreboard" in app.texts()  # the app bar's title
    labels = app.labels()
    assert "North-South total 0" in labels and "East-West total 0" in labels
    assert app.texts().count("Initial meld minimum 50") == 2
    assert "North, South" in app.texts() and "East, West" in app.texts()
    assert app.button("Enter hand 1").disabled is not True
    assert app.button("Undo").disabled and app.button("Redo").disabled


def test_s1_hand_entered_by_tapping_and_typing(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app, first_dealer="West")
    assert app.has_text("West deals next")
    app.click("Go on with hand 1")  # the first dealer is kept with a draft
    assert app.has_text("Hand 1 · initial meld minimums: North-South 50, East-West 50")

    # North-South (shown first).
    tap(app, "More red threes of North-South", 2)
    app.click("Add a meld of black threes")
    app.click("Add a meld of 6s")
    tap(app, "More 6s in the meld of 6s", 3)
    app.click("More 2s in the meld of 6s")
    app.click("Add a meld of 9s")
    tap(app, "More 9s in the meld of 9s", 5)
    app.click("Add a meld of 10s")
    app.click("Add a meld of Js")
    app.click("More Js in the meld of Js")
    tap(app, "More 2s in the meld of Js", 2)
    app.click("More jokers in the meld of Js")
    labels = app.labels()
    assert "6s in the meld of 6s: 6" in labels and "2s in the meld of Js: 2" in labels
    assert app.has_text("130 points · mixed canasta")  # J J J J 2 2 JK
    app.segment("how-the-hand-ended", "out")  # no key: the segmented button holding "out"
    app.choose("Who went out", "North")
    tap(app, "More cards 7 to 4 and black threes (5) in South's hand", 3)
    tap(app, "More cards K to 8 (10) in South's hand", 2)
    tap(app, "More aces and 2s (20) in South's hand", 2)
    assert "North-South hand total 1,630" in app.labels()

    # East-West.
    app.segment("side-picker", "1")
    app.click("More red threes of East-West")
    app.click("Add a meld of 4s")
    app.click("Fewer 4s in the meld of 4s")
    app.click("More 2s in the meld of 4s")
    app.click("Add a meld of 7s")
    tap(app, "More 7s in the meld of 7s", 2)
    app.click("More 2s in the meld of 7s")
    app.click("More jokers in the meld of 7s")
    app.click("Add a meld of 10s")
    app.click("Fewer 10s in the meld of 10s")
    app.click("More jokers in the meld of 10s")
    app.click("Add a meld of As")
    tap(app, "More As in the meld of As", 2)
    app.switch("Type cards", True, nth=0)  # East
    app.type("Cards left in East's hand", "2 5 6 10 J J")
    app.switch("Type cards", True, nth=1)  # West
    app.type("Cards left in West's hand", "4 4 10 Q Q K K")
    assert "East-West hand total 575" in app.labels()
    assert "North-South +1,630   East-West +575" in app.texts()
    assert not app.button("Save hand").disabled

    app.click("Save hand")
    labels = app.labels()
    assert "North-South total 1,630" in labels and "East-West total 575" in labels
    assert "North-South initial meld minimum 90" in labels
    assert "East-West initial meld minimum 50" in labels
    assert "Hand 1 saved." in labels  # the message
    assert "North-South +1,630, total 1,630   East-West +575, total 575" in app.texts()
    assert app.has_text("North deals next")
    assert app.button("Enter hand 2")


def test_an_illegal_meld_says_why_and_save_is_disabled(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.click("Add a meld of Ks")
    tap(app, "More 2s in the meld of Ks", 4)
    assert app.has_text(
        "K K K 2 2 2 2 has 4 wild cards: a meld may hold at most 3, canastas included"
    )
    assert "Save is blocked" in app.labels()
    assert app.has_text("1 rule(s) broken: fix them to save (all sides are checked).")
    assert app.button("Save hand").disabled

    app.click("Fewer 2s in the meld of Ks")
    assert "Save is blocked" not in app.labels()
    assert not app.button("Save hand").disabled


def test_back_keeps_the_draft_even_after_a_reload(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.click("Add a meld of Qs")
    app.click("More Qs in the meld of Qs")
    app.click("Back")
    assert "North-South total 0" in app.labels()
    app.click("Go on with hand 1")
    assert "Qs in the meld of Qs: 4" in app.labels()

    app.click("Back")
    app.click("Back")  # home
    reloaded = open_app()  # the page is reloaded: a new session on the same store
    reloaded.click("resume")
    assert reloaded.button("Go on with hand 1")
    reloaded.click("Go on with hand 1")
    assert "Qs in the meld of Qs: 4" in reloaded.labels()

    reloaded.click("Discard")
    assert reloaded.button("Enter hand 1")


def test_undo_and_redo_in_the_app_bar(open_app: OpenApp, store: Store) -> None:
    seeded_phone(store, enter_small, enter_sixes_and_kings)  # 60/45, then 50/45
    app = open_app()
    app.click("resume")
    assert "North-South total 110" in app.labels()
    assert app.button("Redo").disabled

    app.click("Undo Add hand 2")
    labels = app.labels()
    assert "North-South total 60" in labels and "East-West total 45" in labels
    assert "Undone: Add hand 2" in labels
    assert app.button("Enter hand 2")

    app.click("Redo Add hand 2")
    assert "North-South total 110" in app.labels() and "East-West total 90" in app.labels()
    assert "Redone: Add hand 2" in app.labels()
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
    assert app.has_text("Editing hand 1 · initial meld minimums: North-South 50, East-West 50")
    app.click("Fewer red threes of North-South")  # 2 → 1: 200 → 100
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
    app.switch("Quick: type each side's total from a paper count", True)
    app.type("North-South hand total", "1,230")
    app.type("East-West hand total", "abc")
    assert app.button("Save hand").disabled
    app.type("East-West hand total", "-85")
    app.click("Save hand")
    labels = app.labels()
    assert "North-South total 1,230" in labels and "East-West total -85" in labels
    assert "East-West initial meld minimum 15" in labels  # below 0 → 15


def test_a_save_after_another_phone_saved_keeps_the_entry(open_app: OpenApp, store: Store) -> None:
    phone = seeded_phone(store)
    app = open_app()
    app.click("resume")
    app.click("Go on with hand 1")
    app.click("Add a meld of Ks")
    app.click("Add a meld of As")  # 30 + 60 ≥ 50
    phone.begin_hand()
    enter_small(phone)
    assert phone.save_hand()

    app.click("Save hand")
    assert app.has_text("was changed elsewhere since it was opened here")
    assert "Ks in the meld of Ks: 3" in app.labels()  # still on the entry, as typed
    assert app.has_text("Hand 2 · initial meld minimums")


def test_a_stale_delete_goes_back_to_the_scoreboard(open_app: OpenApp, store: Store) -> None:
    phone = seeded_phone(store, enter_small)
    app = open_app()
    app.click("resume")
    app.click("hand-0")
    phone.delete_hand(0)
    app.click("Delete")  # refused: the match changed; hand 1 is not there to show
    assert app.has_text("was changed elsewhere since it was opened here")
    assert "North-South total 0" in app.labels()


def test_the_access_code_screen(open_app: OpenApp) -> None:
    app = open_app(AccessGate("2468"))
    assert "Enter the access code printed where the app was started." in app.texts()
    with pytest.raises(AssertionError):
        app.button("New match")
    app.type("Access code", "1111")
    app.click("Unlock")
    assert "That is not the access code printed where the app was started." in app.texts()
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
    assert "As in the meld of As: 3" in app.labels()


def test_wild_card_melds_and_past_matches(open_app: OpenApp) -> None:
    app = open_app()
    app.click("Past matches")
    assert "No matches yet." in app.texts()
    app.click("Back")
    app.click("New match")
    app.switch("wild-card-melds", True)
    app.click("Start match")
    assert app.has_text("house rules: wild-card-melds")
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
    app.type("East-West start score (resume a paper match)", "12")
    app.click("Start match")
    assert app.has_text("start score 12 is not a multiple of 5")
    assert "New match" in app.texts()  # still the form


def test_the_other_screens_of_a_match_render(open_app: OpenApp, store: Store) -> None:
    seeded_phone(store, enter_s1)
    app = open_app()
    app.click("resume")
    chart = "Running totals chart: North-South 1,630, East-West 575; target 5,000"
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
    assert "North-South 1,630  East-West 575" in app.texts()  # the match's tile
    app.click("Player statistics")
    assert "Player statistics" in app.texts() and "Win rate" in app.texts()
    app.click("Back")
    app.click("Back")

    app.click("resume")
    app.click("Delete match")
    assert "Match deleted." in app.labels()
    assert not any(text.startswith("Resume") for text in app.texts())
    app.click("Undo")  # in the message
    assert "Match brought back." in app.labels()
    assert "North-South total 1,630" in app.labels()


def test_a_screen_that_fails_to_draw_shows_a_plain_message_not_a_frozen_tab(
    open_app: OpenApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    import canasta_scorer.ui.app as app_module

    app = open_app()
    real = app_module.screen_controls

    def broken(state: AppState) -> list[ft.Control]:
        if state.screen.value == "new_match":
            raise RuntimeError("a drawing bug")
        return real(state)

    monkeypatch.setattr(app_module, "screen_controls", broken)
    app.click("New match")
    assert "This screen could not be shown" in app.labels()
    assert not any("RuntimeError" in text or "Traceback" in text for text in app.texts())
    app.click("Home")
    assert app.button("New match") is not None
