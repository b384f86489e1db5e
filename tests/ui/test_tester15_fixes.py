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
