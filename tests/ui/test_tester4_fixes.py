"""Fixes of the fourth tester's findings (at 390×844), in-process (tests/ui/harness.py):
the rule checker's card pad keeps the break between melds when a card is taken back,
and shows a meld just started; the fields of one-player sides start empty."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import pytest

from canasta_scorer.store import Store
from canasta_scorer.ui.state import build_model
from tests.ui.hands import start_classic
from tests.ui.harness import AppHarness
from tests.ui.test_table_screens import tap_cards

OpenApp = Callable[..., AppHarness]

MELDS = "The melds laid (the top discard included)"


def _first_melds(app: AppHarness) -> str:
    return next(label for label in app.labels() if label.startswith(f"{MELDS}: "))


# --- 1. Take back the last card keeps the break between melds -----------------------


def test_take_back_keeps_the_new_meld_and_a_second_take_back_removes_the_break(
    open_app: OpenApp,
) -> None:
    app = open_app()
    app.click("rule-checker")
    app.choose("Question", "first-meld")
    tap_cards(app, "6 6 6")
    app.click("next-meld")
    assert _first_melds(app) == f"{MELDS}: 6 6 6, then …"  # a new meld was started
    assert app.has_text("6 6 6, then …")
    tap_cards(app, "K")
    assert _first_melds(app) == f"{MELDS}: 6 6 6, then K"
    app.click("Take back the last card")
    assert _first_melds(app) == f"{MELDS}: 6 6 6, then …"  # the new meld stays, empty
    tap_cards(app, "A")
    assert _first_melds(app) == f"{MELDS}: 6 6 6, then A"
    assert not any("mixes" in label for label in app.labels())
    app.click("Take back the last card")
    app.click("Take back the last card")  # now the break goes
    assert _first_melds(app) == f"{MELDS}: 6 6 6"
    tap_cards(app, "6")
    assert _first_melds(app) == f"{MELDS}: 6 6 6 6"


def test_taking_back_the_only_meld_s_cards_leaves_the_slot_empty(open_app: OpenApp) -> None:
    app = open_app()
    app.click("rule-checker")
    app.choose("Question", "go-out")
    app.click("slot-this_turn")
    tap_cards(app, "5")
    app.click("Take back the last card")
    assert "Melds laid this turn: None" in app.labels()
    assert app.has_text("None")
    app.click("next-meld")  # nothing to follow: no meld started
    assert "Melds laid this turn: None" in app.labels()
    tap_cards(app, "9 9 9")
    app.click("next-meld")
    tap_cards(app, "K")
    app.click("Take back the last card")
    tap_cards(app, "Q")
    assert "Melds laid this turn: 9 9 9, then Q" in app.labels()


# --- 2. A side of one player: an empty field, "Player 2" only as its hint -------------


@pytest.mark.parametrize("variant", ["two-player", "three-player", "three-player-cutthroat"])
def test_one_player_sides_start_empty_and_a_blank_one_is_called_by_its_hint(
    open_app: OpenApp, store: Store, variant: str
) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", variant)
    count = 2 if variant == "two-player" else 3
    for seat in range(count):
        field = app.field(f"Player {seat + 1}")
        assert field.value == ""  # nothing typed in it: "Eve" is not "Player 2Eve"
        assert field.hint_text == f"Left blank: Player {seat + 1}"
    app.type("Player 2", "Eve")
    assert app.field("Player 2").value == "Eve"
    expected = ["Player 1", "Eve", "Player 3"][:count]
    assert [o.key for o in app.field("First dealer").options] == expected
    app.choose("First dealer", "Eve")
    app.click("Start match")
    (summary,) = store.matches()
    record = store.match(summary.id).record
    assert [side.name for side in record.sides] == expected
    assert [side.players for side in record.sides] == [(name,) for name in expected]
    app.click("Enter hand 1")
    assert app.field("Dealer").value == "Eve"


def test_a_dealer_renamed_away_is_not_kept(open_app: OpenApp, store: Store) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", "two-player")
    app.choose("First dealer", "Player 2")
    app.type("Player 2", "Eve")  # "Player 2" deals no more: no one is chosen
    assert app.field("First dealer").value is None
    app.click("Start match")
    app.click("Enter hand 1")
    assert app.field("Dealer").value is None  # asked, not a player no longer there
    assert [o.key for o in app.field("Dealer").options] == ["Player 1", "Eve"]


def test_a_remembered_player_s_chip_names_the_seat_of_a_one_player_side(
    open_app: OpenApp, store: Store
) -> None:
    start_classic(build_model(store))  # Ann … remembered
    app = open_app()
    app.click("New match")
    app.choose("Variant", "two-player")
    chips = [
        c
        for c in app.controls()
        if isinstance(c, ft.OutlinedButton) and str(c.key).startswith("player-0-")
    ]
    assert chips and all(str(c.tooltip).endswith(" as Player 1") for c in chips), [
        c.tooltip for c in chips
    ]
    name = str(chips[0].content)
    app.press(chips[0])
    assert app.field("Player 1").value == name
    # the next chips fill Player 2, and say so
    chips = [
        c
        for c in app.controls()
        if isinstance(c, ft.OutlinedButton) and str(c.key).startswith("player-1-")
    ]
    assert chips and chips[0].tooltip == f"{chips[0].content} as Player 2"
    assert not any("next player" in str(getattr(c, "tooltip", "")) for c in app.controls())


# --- 3. Words: names joined as the language joins them ---------------------------------


def _three_sides_tied(store: Store) -> int:
    """Six players in three sides of two, resumed from paper at 7,400 each, and a hand
    of +100 each saved: all three at 7,500, the target; the match's id."""
    model = build_model(store)
    model.nav.new_match("six-player-three-sides")
    for side, (name, players) in enumerate(
        (("Ann", ("Ann", "Al")), ("Bo", ("Bo", "Bea")), ("Cy", ("Cy", "Cat")))
    ):
        model.setup.set_side(side, name=name, start_score="7400")
        for seat, player in enumerate(players):
            model.setup.set_side(side, player=(seat, player))
    assert model.nav.create_match(), model.setup.problems
    model.match.begin_hand()
    model.entry.set_quick(True)
    for side in range(3):
        model.entry.set_quick_total(side, "100")
    assert model.match.save_hand(), model.nav.message
    assert model.match.current is not None
    return model.match.current.id


def test_sides_tied_at_the_top_are_joined_as_the_language_joins_names(
    open_app: OpenApp, store: Store
) -> None:
    match_id = _three_sides_tied(store)
    app = open_app()
    app.route(f"/match/{match_id}")
    assert app.has_text("Ann, Bo and Cy are tied at the top with 7,500: the match is not")
    app.route("/")
    app.choose("Language", "de")
    app.route(f"/match/{match_id}")
    tied = next(label for label in app.labels() if label.startswith("Ann, Bo und Cy "))
    assert "7.500" in tied


# --- 4. Touch targets: icon buttons and switches at least 48 px ----------------------


def _small_targets(app: AppHarness) -> list[str]:
    """The icon buttons, menu buttons and switches on screen less than 48 px a side."""
    small = []
    for control in app.controls():
        if isinstance(control, ft.IconButton | ft.PopupMenuButton):
            sides = (control.width, control.height)
        elif isinstance(control, ft.Switch):
            sides = (control.height,)
        else:
            continue
        if any(side is None or side < 48 for side in sides):
            small.append(f"{type(control).__name__} {control.tooltip or control.label}: {sides}")
    return small


def test_icon_buttons_and_switches_are_48_px_on_every_screen(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    (menu,) = [c for c in app.controls() if isinstance(c, ft.PopupMenuButton)]
    assert (menu.width, menu.height) == (48, 48)  # Home's Language
    assert _small_targets(app) == []
    app.click("New match")
    app.click("house-rules")  # every house rule's switch
    assert sum(isinstance(c, ft.Switch) for c in app.controls()) >= 10
    assert _small_targets(app) == []
    app.route("/checker")
    app.choose("Question", "pile")
    assert any(isinstance(c, ft.Switch) for c in app.controls())
    assert _small_targets(app) == []
    start_classic(build_model(store))
    (summary,) = store.matches()
    app.route(f"/match/{summary.id}")
    table = app.button("Table view")
    assert (table.width, table.height) == (48, 48)
    assert _small_targets(app) == []
    app.click("Enter hand 1")
    app.click("North went out")
    assert any(isinstance(c, ft.Switch) for c in app.controls())  # Concealed
    assert _small_targets(app) == []


# --- 5. Esc answers Discard's question safely, and leaves the table view -------------


def _escape(app: AppHarness) -> None:
    """Esc pressed (what the client sends: the page's keyboard event)."""
    page = app.session.page
    data = {"key": "Escape", "shift": False, "ctrl": False, "alt": False, "meta": False}
    app._run(app.session.dispatch_event(page._i, "keyboard_event", data))


def test_esc_on_discard_s_question_keeps_the_hand(open_app: OpenApp, store: Store) -> None:
    start_classic(build_model(store))
    (summary,) = store.matches()
    app = open_app(client=True)  # a client that answers the app's calls (focus)
    app.route(f"/match/{summary.id}")
    _escape(app)  # nothing asked: nothing happens
    app.click("Enter hand 1")
    app.click("Add a meld of Qs")
    asked = len(app.connection.calls)  # (hand entry's start took the focus as it opened)
    app.click("Discard")
    assert app.has_text("Discard this hand?")
    keep = app.button("discard-keep")
    assert keep.autofocus and keep.height >= 48
    focused = [kind for kind, method, _args in app.connection.calls[asked:] if method == "focus"]
    assert focused == ["OutlinedButton"]  # Keep entering takes the keyboard's focus
    _escape(app)
    assert not app.has_text("Discard this hand?")
    assert any("meld of Qs" in label for label in app.labels())  # the hand is kept
    assert app.button("save-hand")
    _escape(app)  # asked no more: Esc does nothing on hand entry
    assert any("meld of Qs" in label for label in app.labels())
    app.click("Discard")
    app.click("Discard it")
    assert app.button("Enter hand 1")
    assert store.match(summary.id).record.hands == ()


def test_esc_on_the_table_view_goes_back_to_the_scoreboard(open_app: OpenApp, store: Store) -> None:
    start_classic(build_model(store))
    (summary,) = store.matches()
    app = open_app()
    app.route(f"/match/{summary.id}")
    app.click("Table view")
    assert any(label.startswith("North-South total") for label in app.labels())
    assert not _has_button(app, "Enter hand 1")
    _escape(app)
    assert app.button("Enter hand 1")  # the scoreboard
    _escape(app)  # the scoreboard asks nothing: it stays
    assert app.button("Enter hand 1")
    app.click("Table view")
    _escape(app)
    assert app.button("Enter hand 1")


def _has_button(app: AppHarness, label: str) -> bool:
    try:
        app.button(label)
    except AssertionError:
        return False
    return True


# --- 6. The checker's score: empty is not 0 --------------------------------------------


def test_an_empty_score_is_said_to_be_needed_not_taken_as_0(
    open_app: OpenApp, store: Store
) -> None:
    phone = build_model(store)
    start_classic(phone)
    phone.match.begin_hand()
    phone.entry.set_quick(True)
    phone.entry.set_quick_total(0, "5025")
    phone.entry.set_quick_total(1, "100")
    assert phone.match.save_hand(), phone.nav.message
    (summary,) = store.matches()
    app = open_app()
    app.route(f"/match/{summary.id}/checker")
    app.choose("Question", "pile")
    tap_cards(app, "K")  # the top card
    app.click("slot-hand")
    tap_cards(app, "K K Q Q 2")
    app.switch("My side has melded", False)
    app.type("Cards in the pile (the top one included)", "3")
    assert app.field("My side's score").value == "5025"
    assert app.has_text("Initial meld minimum at 5,025 points: 120")
    assert any(text.startswith("No: ") for text in app.texts())
    app.type("My side's score", "")
    needed = "type your side's score: the initial meld minimum follows it"
    assert app.has_text(f"No answer until this is put right: {needed}")
    assert app.field("My side's score").error == needed
    assert not any(text.startswith(("Yes", "No:")) for text in app.texts())
    assert not app.has_text("at 0 points")
    app.switch("My side has melded", True)  # then the score does not count
    assert any(text.startswith(("Yes", "No:")) for text in app.texts())
    app.type("My side's score", "0")
    app.switch("My side has melded", False)
    assert app.has_text("Initial meld minimum at 0 points: 50")  # 0 typed is 0
