"""Small screen fixes, in-process (tests/ui/harness.py): named house-rule sets on the
new-match form, the dealer list of hand entry, the pads limited to the deck, and the
form's errors shown at their fields."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import pytest

from canasta_scorer.store import NamedRuleSet, Store
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


def test_a_named_house_rule_set_is_kept_picked_in_one_tap_renamed_and_deleted(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    app.click("New match")
    app.click("house-rules")
    app.switch("Pile always frozen", True)
    app.switch("Black three freezes the pile", True)
    app.click("keep-rules")  # no name yet: said at the field, nothing kept
    assert app.field("Keep these house rules as").error == (
        "Give the house rules a name to keep them by."
    )
    assert store.rule_sets() == []
    app.type("Keep these house rules as", "Grandma's")
    app.click("keep-rules")
    assert store.rule_sets() == [
        NamedRuleSet(
            name="Grandma's", house_rules=frozenset({"pile-always-frozen", "black-three-freezes"})
        )
    ]
    assert app.field("Keep these house rules as").value == ""
    assert app.button("preset-set:grandma's").icon == ft.Icons.CHECK  # the rules on the form

    # another tab, another day: the set is one tap on the new-match form
    other = open_app()
    other.click("New match")
    other.click("preset-set:grandma's")
    assert "2 house rules" in other.texts()
    other.click("preset-book")
    assert "House rules: none" in other.texts()

    # renamed and deleted where it is kept
    app.click("Rename Grandma's")
    app.type("New name for Grandma's", "Summer")
    app.click("Rename")
    assert [s.name for s in store.rule_sets()] == ["Summer"]
    assert app.button("preset-set:summer")
    app.click("Delete Summer")
    assert store.rule_sets() == []
    assert not [c for c in app.controls() if str(getattr(c, "key", "")).startswith("preset-set:")]


def test_a_named_set_is_started_with(open_app: OpenApp, store: Store) -> None:
    store.save_rule_set("Club", {"draw-on-tie"})
    app = open_app()
    app.click("New match")
    app.click("preset-set:club")
    for label, name in (
        ("North-South player 1", "Ann"),
        ("North-South player 2", "Bob"),
        ("East-West player 1", "Cy"),
        ("East-West player 2", "Di"),
    ):
        app.type(label, name)
    app.click("Start match")
    assert app.has_text("house rules: A tie at the end is a draw")
