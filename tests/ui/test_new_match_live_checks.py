"""The new-match form checks a field once it is left, before Start match is tried
(in-process, tests/ui/harness.py): a wrong target or start score, or a side's name
emptied, is said under its field as soon as the player moves on, and goes as soon as
it is fixed; a field not reached yet, or a seat left blank beside a named one, is not
marked until Start match is tried."""

from __future__ import annotations

from collections.abc import Callable

from canasta_scorer.store import Store
from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]
TARGET = "Target (default 5,000)"
START = "North-South start score (resume a paper match)"


def test_a_wrong_number_is_said_once_its_field_is_left_and_goes_when_fixed(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    app.click("New match")
    app.click("target-and-start")
    app.type(TARGET, "20000000")
    assert not app.field(TARGET).error  # still being typed in: not marked
    app.leave(TARGET)
    assert app.field(TARGET).error == (
        "20,000,000 is past the largest score a match can have (±10,000,000)"
    )
    assert app.has_text("Target 20,000,000 · to fix")
    assert not app.has_text("Not started: fix what is marked.")  # nothing was refused
    app.type(START, "abc")
    assert not app.field(START).error  # not left yet
    assert app.field(TARGET).error  # the other one stays marked
    app.leave(START)
    assert app.field(START).error == "“abc” is not a whole number"
    app.type(TARGET, "3000")  # fixed: at once, without leaving it again
    assert not app.field(TARGET).error
    app.type(START, "-1,250")
    assert not app.field(START).error
    assert store.matches() == []  # leaving a field saves nothing


def test_a_seat_left_blank_beside_a_named_one_waits_for_start_match(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    app.click("New match")
    app.type("North-South player 1", "Ann")
    app.leave("North-South player 1")
    app.leave("North-South player 2")  # passed over, still to be typed
    assert not app.field("North-South player 2").error
    app.click("Start match")
    assert app.field("North-South player 2").error == (
        "Type a name, or leave every seat of this side blank."
    )
    assert store.matches() == []


def test_a_side_name_emptied_is_said_when_left(open_app: OpenApp, store: Store) -> None:
    app = open_app()
    app.click("New match")
    app.type("Side 1 name", "")
    assert not app.field("Side 1 name").error
    app.leave("Side 1 name")
    said = app.field("Side 1 name").error
    assert said, app.texts()
    app.click("Start match")  # refused: the same words, at the same field
    assert app.field("Side 1 name").error == said
    assert store.matches() == []
    app.type("Side 1 name", "Us")
    assert not app.field("Side 1 name").error


def test_a_new_variant_starts_with_no_field_left(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    app.click("target-and-start")
    app.type(TARGET, "7")
    app.leave(TARGET)
    assert app.field(TARGET).error
    app.choose("Variant", "two-player")
    app.type("Target (default 5,000)", "7")  # typed again in the new variant's form
    assert not app.field("Target (default 5,000)").error  # not left yet
