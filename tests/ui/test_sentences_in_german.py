"""What a screen reader hears on the hand entry and the scoreboard in German: each
count one sentence with its plural, the rank of a meld said once, the app's joins
("Undone: …") whole messages. The words are the real German catalog's."""

from __future__ import annotations

from collections.abc import Callable

from canasta_scorer.store import Store
from tests.ui.hands import enter_small
from tests.ui.harness import AppHarness
from tests.ui.test_screens import seeded_phone

OpenApp = Callable[..., AppHarness]


def _german(open_app: OpenApp, store: Store) -> AppHarness:
    seeded_phone(store, enter_small)
    app = open_app()
    app.choose("Language", "de")
    app.click("resume")
    return app


def test_the_hand_entry_counts_are_sentences_in_german(open_app: OpenApp, store: Store) -> None:
    app = _german(open_app, store)
    app.click("enter-hand")
    app.click("rank-0-K")
    labels = app.labels()
    # the naturals of the meld: the rank said once, in a whole sentence
    assert "5 natürliche Karten in der Meldung Könige" in labels  # a count button
    assert "natürliche Karten in der Meldung Könige: 3" in labels  # the stepper's value
    assert not any("Könige in der Meldung Könige" in label for label in labels)
    app.click("Mehr natürliche Karten in der Meldung Könige")
    assert "natürliche Karten in der Meldung Könige: 4" in app.labels()
    app.click("Mehr Zweier in der Meldung Könige")
    assert "Zweier in der Meldung Könige: 1" in app.labels()
    assert "Meldung Könige: K K K K 2, 60 Punkte" not in app.labels()  # still open
    # a player's cards left: one sentence per count, singular and plural
    assert "1 Karte K bis 8 (10) auf der Hand von South" in app.labels()
    assert "3 Karten K bis 8 (10) auf der Hand von South" in app.labels()
    assert "1 Joker (50) auf der Hand von South" in app.labels()
    assert "Joker (50) auf der Hand von South: 0" in app.labels()
    app.click("2 Asse und Zweier (20) auf der Hand von South")
    assert "Asse und Zweier (20) auf der Hand von South: 2" in app.labels()
    # red threes: one and two
    assert "1 rote Drei von North-South" in app.labels()
    assert "2 rote Dreien von North-South" in app.labels()


def test_undo_says_what_was_undone_in_german(open_app: OpenApp, store: Store) -> None:
    app = _german(open_app, store)
    app.click("Rückgängig: Eintrag von Runde 1")
    assert "Rückgängig gemacht: Eintrag von Runde 1" in app.labels()
    app.click("Wiederholen: Eintrag von Runde 1")
    assert "Wiederholt: Eintrag von Runde 1" in app.labels()


def test_a_number_the_file_format_refuses_is_said_in_german(open_app: OpenApp) -> None:
    app = open_app()
    app.choose("Language", "de")
    app.click("new-match")
    app.click("target-and-start")
    app.type("Ziel (Standard 5.000)", "20000000")
    app.click("start-match")
    # the largest score a match can have, as the command line and the rule checker say it
    assert app.field("Ziel (Standard 5.000)").error == (
        "20.000.000 liegt jenseits des höchsten Punktestands einer Partie (±10.000.000)"
    )


def test_a_typed_target_is_folded_in_the_language_s_form(open_app: OpenApp) -> None:
    app = open_app()
    app.choose("Language", "de")
    app.click("new-match")
    app.click("target-and-start")
    app.type("Ziel (Standard 5.000)", "20000")
    assert app.has_text("Ziel 20.000")
    assert not app.has_text("Ziel 20000")
