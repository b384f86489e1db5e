"""The rule checker's headline about taking the pile follows the house rules chosen on
it: the same words as the command line's, never a way a house rule forbids (rules §1.8,
§3 H3, §3 H4), in English and in the real German catalog."""

from __future__ import annotations

from collections.abc import Callable

from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]


def _pile_with(
    app: AppHarness,
    house_rule: str,
    hand: list[str],
    meld: list[str],
    *,
    checker: str = "Rule checker",
    question: str = "Question",
) -> None:
    app.click(checker)
    app.choose(question, "pile")
    app.click("checker-house-rules")
    app.switch(house_rule, True)
    app.click("K")  # the top card
    app.click("slot-hand")
    for card in hand:
        app.click(card)
    if meld:
        app.click("slot-side_melds")
        for card in meld:
            app.click(card)


def test_under_two_naturals_to_take_a_natural_and_a_wild_card_are_not_offered(
    open_app: OpenApp,
) -> None:
    app = open_app()
    _pile_with(app, "Two naturals to take the pile", ["K", "2", "Q"], [])
    assert app.has_text("No: you need two natural Ks or a meld of Ks on the table.")
    assert not app.has_text("a K and a wild card, or")


def test_under_no_pile_for_a_finished_canasta_the_canasta_is_not_offered(
    open_app: OpenApp,
) -> None:
    app = open_app()
    _pile_with(app, "No pile for a finished canasta", ["Q"], ["K"] * 7)
    assert app.has_text(
        "No: you need two natural Ks or a K and a wild card: the top card may not go onto "
        "your finished canasta of Ks."
    )


def test_the_headline_under_a_house_rule_in_german(open_app: OpenApp) -> None:
    app = open_app()
    app.choose("Language", "de")
    _pile_with(
        app,
        "Zwei natürliche Karten zum Aufnehmen",
        ["K", "2", "Q"],
        [],
        checker="Regelprüfung",
        question="Frage",
    )
    assert app.has_text(
        "Nein: du brauchst zwei natürliche Könige oder eine Meldung (Könige) auf dem Tisch."
    )
