"""What a tester found on an evening at phone size (in-process, tests/ui/harness.py):
Discard asks of the changes when a saved hand is edited, and the new-match form says
a score past the largest a match can have in plain words."""

from __future__ import annotations

from collections.abc import Callable

from canasta_scorer.store import Store
from tests.ui.hands import enter_s1
from tests.ui.harness import AppHarness
from tests.ui.test_screens import seeded_phone

OpenApp = Callable[..., AppHarness]


def test_discard_while_editing_a_saved_hand_asks_of_the_changes(
    open_app: OpenApp, store: Store
) -> None:
    seeded_phone(store, enter_s1)
    app = open_app()
    app.click("resume")
    app.click("hand-0")
    app.click("Edit this hand")
    app.click("1 red three of North-South")
    app.click("Discard")
    assert app.has_text("Discard your changes to hand 1?")
    assert not app.has_text("Discard this hand?")  # it read as deleting hand 1
    assert app.button("Keep editing") and app.button("Discard them")
    app.click("Discard them")
    (summary,) = store.matches()
    assert len(store.match(summary.id).record.hands) == 1  # hand 1 stays, as it was
    assert store.match(summary.id).score.running_totals == (1630, 575)


def test_a_start_score_past_the_largest_is_said_in_plain_words(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    app.click("target-and-start")
    app.type("East-West start score (resume a paper match)", "99999999999999999999")
    app.click("Start match")
    assert app.field("East-West start score").error == (
        "99,999,999,999,999,999,999 is past the largest score a match can have (±10,000,000)"
    )


def test_a_finding_about_one_player_s_cards_left_is_under_that_player(
    open_app: OpenApp,
) -> None:
    """A red three typed into Bob's cards was said under the last player's row, without
    naming Bob; an empty hand of a player who did not go out likewise."""
    from tests.ui.test_screen_fixes import start_classic_entry

    app = open_app()
    start_classic_entry(app)  # North-South: Ann and Bob
    app.click("Add a meld of Ks")
    app.click("naturals-0-K-5")
    app.switch("Type cards", True, nth=1)  # Bob's
    app.type("Cards left in Bob's hand", "4 R3")
    app.switch("Type cards", True, nth=0)  # Ann's, left empty: she did not go out
    said = (
        "Bob has 1 red three left in hand: red threes are laid out at once and never kept "
        "in a hand (the house rule “Red three in hand costs 500” scores them −500 instead)"
    )
    empty = next(t for t in app.texts() if t.startswith("Ann has no cards left"))
    # each said in its player's row, once (not again below the cards left)
    assert [_row(app, text) for text in (empty, said)] == [["left-0-0"], ["left-0-1"]]


def _row(app: AppHarness, text: str) -> list[str]:
    """The cards-left rows (their keys) each text ``text`` on screen is in."""
    import flet as ft

    rows = []
    for control in app.controls():
        if isinstance(control, ft.Text) and control.value == text:
            parent = control.parent
            while parent is not None and not str(getattr(parent, "key", "")).startswith("left-"):
                parent = parent.parent
            rows.append(str(parent.key) if parent is not None else "")
    return rows


def test_the_working_names_only_the_kinds_of_canasta_the_side_has(open_app: OpenApp) -> None:
    from tests.ui.test_screen_fixes import start_classic_entry

    app = open_app()
    start_classic_entry(app)
    app.click("Add a meld of Ks")
    app.click("naturals-0-K-7")  # one natural canasta, no mixed one
    assert "1 natural canasta" in app.texts()
    assert not any("mixed canasta" in text for text in app.texts())


def test_a_side_whose_cards_cannot_be_read_hides_only_its_own_total(open_app: OpenApp) -> None:
    """Junk typed into one player's cards took every side's total off the switches and
    the save bar."""
    from tests.ui.test_screen_fixes import start_classic_entry

    app = open_app()
    start_classic_entry(app)
    app.click("Add a meld of Ks")
    app.click("naturals-0-K-4")  # North-South: 40 melded
    app.click("side-1")
    app.switch("Type cards", True, nth=0)
    app.type("Cards left in Cy's hand", "7 4 zz")
    labels = app.labels()
    assert any(label.startswith("North-South: hand total +40") for label in labels), labels
    assert any(label.startswith("East-West: hand total –") for label in labels), labels
    assert "North-South +40   East-West –" in labels  # the save bar's line
