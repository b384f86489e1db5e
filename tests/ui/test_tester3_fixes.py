"""Fixes of the third tester's findings, in-process (tests/ui/harness.py): Delete match
asks first, a refused edit of a finished match's hand is kept and offered again, a
house-rule set's name is checked as it is typed, the black threes' own words, the
switches of three sides."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from canasta_scorer.store import Store
from canasta_scorer.ui.state import AppModel, build_model
from tests.ui.hands import start_classic
from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]


def _quick_hands(store: Store, *totals: tuple[str, str]) -> AppModel:
    """Another phone: a classic match with hands of quick totals (North-South, East-West)
    saved."""
    phone = build_model(store)
    start_classic(phone)
    for north, east in totals:
        phone.match.begin_hand()
        phone.entry.set_quick(True)
        phone.entry.set_quick_total(0, north)
        phone.entry.set_quick_total(1, east)
        assert phone.match.save_hand(), phone.nav.message
    return phone


def _question(app: AppHarness) -> list[str]:
    return [
        c.label
        for c in app.controls()
        if isinstance(c, ft.Semantics) and c.identifier == "delete-match-question"
    ]


# --- 1. Delete match asks first --------------------------------------------------------


def test_delete_match_asks_first_and_keep_keeps_it(open_app: OpenApp, store: Store) -> None:
    _quick_hands(store, ("120", "45"), ("90", "300"))
    app = open_app()
    app.click("resume")
    app.click("Delete match")
    # asked on the scoreboard, nothing deleted yet
    assert _question(app) == ["Delete this match? Its 2 hands go with it."]
    assert len(store.matches()) == 1
    assert "North-South total 210" in app.labels()
    assert "Match deleted." not in app.labels()
    yes, keep = app.button("delete-match-yes"), app.button("delete-match-keep")
    assert (yes.content, keep.content) == ("Delete", "Keep the match")
    assert yes.height >= 48 and keep.height >= 48
    assert keep.autofocus and not yes.autofocus  # the keyboard starts on the safe answer
    app.click("Keep the match")
    assert _question(app) == []
    assert app.button("Delete match") is not None
    assert len(store.matches()) == 1 and "North-South total 210" in app.labels()


def test_delete_match_deletes_on_its_answer_and_home_offers_undo(
    open_app: OpenApp, store: Store
) -> None:
    _quick_hands(store, ("120", "45"))
    app = open_app()
    app.click("resume")
    app.click("Delete match")
    assert _question(app) == ["Delete this match? Its 1 hand goes with it."]
    app.click("Delete")
    assert store.matches() == []
    assert "Match deleted." in app.labels()
    app.click("Undo")
    assert "Match brought back." in app.labels()
    assert "North-South total 120" in app.labels()
    assert _question(app) == []  # asked afresh next time


def test_a_finished_match_is_asked_for_too(open_app: OpenApp, store: Store) -> None:
    phone = _quick_hands(store, ("3000", "100"), ("2500", "200"))
    assert phone.match.current is not None
    app = open_app()
    app.route(f"/match/{phone.match.current.id}")
    assert app.has_text("North-South wins by")
    app.click("Delete match")
    assert _question(app) == ["Delete this match? Its 2 hands go with it."]
    assert len(store.matches()) == 1
    app.click("Delete")
    assert store.matches() == [] and "Match deleted." in app.labels()


def test_a_match_without_hands_is_asked_for_in_its_own_words(
    open_app: OpenApp, store: Store
) -> None:
    _quick_hands(store)
    app = open_app()
    app.click("resume")
    app.click("Delete match")
    assert _question(app) == ["Delete this match? It has no hands yet."]
