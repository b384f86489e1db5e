"""The new-match form's "Minimum 150 from" (docs/rules.md §3 O13), in-process
(tests/ui/harness.py): offered for the six-player game of two sides of three only,
refused at its field when wrong, and kept with the match, whose minimums follow it."""

from __future__ import annotations

from collections.abc import Callable

from canasta_scorer.store import Store
from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]
FIELD = "Minimum 150 from (default 7,500)"


def test_a_six_player_match_starts_the_minimum_of_150_where_the_table_plays_it(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", "six-player")
    app.click("target-and-start")
    assert app.field(FIELD).value == ""
    app.type(FIELD, "2500")
    app.click("Start match")
    assert app.field(FIELD).error == (
        "the minimum of 150 cannot start at 2,500: give a multiple of 5 above 3,000 "
        "(from 3,000 the minimum is 120)"
    )
    assert store.matches() == []  # nothing saved
    app.type(FIELD, "7,000")  # fixed: the form is checked again at once
    assert not app.field(FIELD).error
    assert "Target 10,000 · minimum 150 from 7,000" in app.texts()
    assert (
        "2 partnerships of 3; 162 cards; 2 canastas to go out; target 10,000 "
        "(150 minimum from 7,000)"
    ) in app.texts()
    app.type("Team A start score (resume a paper match)", "7000")
    app.type("Team B start score (resume a paper match)", "6995")
    app.click("Start match")
    assert "Scoreboard" in app.texts()
    assert app.texts().count("Minimum 150") == 1 and app.texts().count("Minimum 120") == 1
    (summary,) = store.matches()
    assert store.match(summary.id).record.top_tier_from == 7_000


def test_the_field_is_offered_only_where_the_variant_has_the_minimum_of_150(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", "six-player")
    app.click("target-and-start")
    app.type(FIELD, "7000")
    app.choose("Variant", "six-player-three-sides")  # three sides of two: no such step
    assert not any(label.startswith("Minimum 150 from") for label in app.labels())
    assert "Target 7,500" in app.texts()
    app.click("Start match")
    assert "Scoreboard" in app.texts()
    (summary,) = store.matches()
    assert store.match(summary.id).record.top_tier_from is None  # what was typed is not kept
