"""Hand entry takes the keyboard's focus at its start each time it is shown: the first
side's switch (or, in quick totals, the screen's Back just before the Quick totals
switch: never a total's field, which would bring a phone's keyboard up), not the
Enter hand button left focused on the scoreboard under it (in-process, a client
answering)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from tests.ui.harness import AppHarness
from tests.ui.test_screens import start_match

OpenApp = Callable[..., AppHarness]


def focused(app: AppHarness) -> list[Any]:
    """From now on, each control the app gives the keyboard's focus, in order."""
    found: list[Any] = []
    connection = app.connection
    answer = connection._answer

    def answering(call: Any) -> None:
        if call.name == "focus":
            found.append(app.session.index.get(call.control_id))
        answer(call)

    connection._answer = answering  # type: ignore[method-assign]
    return found


def test_enter_hand_puts_the_focus_on_the_first_side_s_switch(open_app: OpenApp) -> None:
    app = open_app(client=True)
    start_match(app)
    taken = focused(app)
    app.click("Enter hand 1")
    assert [(type(c).__name__, c.key) for c in taken] == [("OutlinedButton", "side-0")]
    assert taken[0] is app.button("side-0")  # the one shown now
    app.click("K")  # taps in hand entry leave the focus where the player put it
    app.click("side-1")
    assert len(taken) == 1
    app.click("Back")
    app.click("Go on with hand 1")  # shown again: at its start again
    assert [c.key for c in taken] == ["side-0", "side-0"]
    assert taken[1] is app.button("side-0")


def test_in_quick_totals_no_total_s_field_takes_the_focus(open_app: OpenApp) -> None:
    app = open_app(client=True)
    start_match(app)
    app.click("Enter hand 1")
    app.switch("Quick totals", True)
    app.type("East-West hand total", "120")
    app.click("Back")
    taken = focused(app)
    app.click("Go on with hand 1")
    assert not any(isinstance(c, ft.TextField) for c in taken)  # no keyboard brought up
    assert len(taken) == 1 and isinstance(taken[0], ft.IconButton)
    assert taken[0] is app.button("Back")  # the top of the screen: Tab goes on from it
    assert app.field("East-West hand total").value == "120"  # the hand kept as it was
    app.click("Back")
    app.click("Go on with hand 1")  # each time it is shown
    assert len(taken) == 2 and taken[1] is app.button("Back")
