"""Small screen fixes, in-process (tests/ui/harness.py): named house-rule sets on the
new-match form, the dealer list of hand entry, the pads limited to the deck, and the
form's errors shown at their fields."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]


@pytest.mark.parametrize(
    ("variant", "names", "dealers"),
    [
        ("two-player", ("Ann", "Bob"), ["Ann", "Bob"]),
        ("three-player", ("Ann", "Bob", "Cy"), ["Ann", "Bob", "Cy"]),
        ("three-player-cutthroat", ("Ann", "Bob", "Cy"), ["Ann", "Bob", "Cy"]),
    ],
)
def test_the_dealer_list_offers_every_player_of_one_player_sides(
    open_app: OpenApp, variant: str, names: tuple[str, ...], dealers: list[str]
) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", variant)
    for seat, name in enumerate(names):
        app.type(f"Player {seat + 1}", name)
    app.click("Start match")
    app.click("Enter hand 1")
    assert [o.key for o in app.field("Dealer").options] == dealers
    app.choose("Dealer", "Bob")
    assert app.field("Dealer").value == "Bob"


def test_the_dealer_list_of_partnerships_is_in_seat_order(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    for label, name in (
        ("North-South player 1", "North"),
        ("North-South player 2", "South"),
        ("East-West player 1", "East"),
        ("East-West player 2", "West"),
    ):
        app.type(label, name)
    app.click("Start match")
    app.click("Enter hand 1")
    assert [o.key for o in app.field("Dealer").options] == ["North", "East", "South", "West"]
