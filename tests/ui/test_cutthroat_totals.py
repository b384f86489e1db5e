"""Quick totals of a cutthroat hand (docs/file-format.md §6, §7), in-process
(tests/ui/harness.py): two partners' totals that differ by other than their red threes
are refused at the second partner's total, the entry kept for fixing."""

from __future__ import annotations

from collections.abc import Callable

from canasta_scorer.store import Store
from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]


def test_partners_totals_that_are_not_a_red_three_apart_are_refused_at_the_total(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", "three-player-cutthroat")
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        app.type(f"Player {seat + 1}", name)
    app.click("Start match")
    app.click("Enter hand 1")
    app.switch("Quick totals", True)
    app.choose("Lone hand (took the pile first)", "Ann")
    app.type("Ann hand total", "180")
    app.type("Bob hand total", "700")
    app.type("Cy hand total", "635")
    app.click("Save hand")
    assert app.field("Cy hand total").error == (
        "Bob (700) and Cy (635) are partners this hand, so their totals differ only by "
        "their own red threes, 100 each: they differ by 65"
    )
    (summary,) = store.matches()
    assert store.match(summary.id).record.hands == ()  # nothing saved
    assert app.field("Bob hand total").value == "700"  # the entry kept
    app.type("Cy hand total", "600")  # Bob laid one red three more
    app.click("Save hand")
    assert store.match(summary.id).score.running_totals == (180, 700, 600)
