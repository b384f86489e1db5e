"""The end of a match and edits of earlier hands, as the screens say them: a tie at
the top once the target is reached (rules §7.4, or a draw under ``draw-on-tie``), and
an edit refused for what it breaks in later hands, naming those hands."""

from __future__ import annotations

from collections.abc import Callable

from canasta_scorer.store import Store
from canasta_scorer.ui.state import AppModel, build_model
from tests.ui.hands import enter_sixes_and_kings, enter_small, start_classic
from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]


def six_at_9900(store: Store, *house_rules: str) -> AppModel:
    """A six-player match (Owls v Larks) resumed from paper at 9,900 each, and a
    hand of +100 each saved: both sides at 10,000, the target."""
    model = build_model(store)
    model.nav.new_match("six-player")
    for side, (name, players) in enumerate(
        (("Owls", ("Ann", "Cy", "Eve")), ("Larks", ("Bob", "Di", "Fay")))
    ):
        model.setup.set_side(side, name=name, start_score="9900")
        for seat, player in enumerate(players):
            model.setup.set_side(side, player=(seat, player))
    for rule in house_rules:
        model.setup.toggle_house_rule(rule, True)
    assert model.nav.create_match(), model.setup.problems
    model.match.begin_hand()
    model.entry.set_quick(True)
    model.entry.set_quick_total(0, "100")
    model.entry.set_quick_total(1, "100")
    assert model.match.save_hand(), model.nav.message
    return model


def test_a_tie_at_the_top_says_another_hand_is_played(open_app: OpenApp, store: Store) -> None:
    model = six_at_9900(store)
    current = model.match.current
    assert current is not None
    assert current.score.tied_at_top and not current.score.finished
    app = open_app()
    app.click("resume")
    assert app.has_text(
        "Owls and Larks are tied at the top with 10,000: the match is not finished, another "
        "hand is played (see rules §7.4 a tie at the top; §3 O15 draw on a tie)."
    )
    assert app.button("Enter hand 2")
    assert not app.has_text("The match is a draw")


def test_draw_on_tie_shows_a_drawn_match(open_app: OpenApp, store: Store) -> None:
    model = six_at_9900(store, "draw-on-tie")
    current = model.match.current
    assert current is not None
    assert current.score.finished and current.score.winner is None
    app = open_app()
    app.route(f"/match/{current.id}")
    assert app.has_text("The match is a draw")
    assert not app.has_text("tied at the top")


def test_an_edit_that_breaks_a_later_hand_names_that_hand(open_app: OpenApp, store: Store) -> None:
    phone = build_model(store)
    start_classic(phone)
    for enter in (enter_small, enter_sixes_and_kings):  # 60 / 45, then 50 / 45
        phone.match.begin_hand()
        enter(phone)
        assert phone.match.save_hand(), phone.nav.message
    assert phone.match.current is not None
    app = open_app()
    app.route(f"/match/{phone.match.current.id}")
    app.click("hand-0")
    app.click("Edit this hand")
    # hand 1 becomes K×7 and A×7 with four red threes: North-South at 1,980, and
    # hand 2's first meld of 65 is below the 90 needed from 1,500 on
    app.click("naturals-0-A-7")
    app.click("Add a meld of Ks")  # the side's meld of Ks opens
    app.click("naturals-0-K-7")
    app.click("4 red threes of North-South")
    assert "North-South hand total 1,980" in app.labels()
    assert app.has_text("This change breaks rules in a later hand, hand 2:")
    assert "Hand 2" in app.texts()
    app.click("Save hand")
    said = [label for label in app.labels() if label.startswith("Not saved: ")]
    assert len(said) == 1
    assert said[0].startswith("Not saved: this change breaks rules in later hands: hand 2: ")
    assert "90" in said[0]
