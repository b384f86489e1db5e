"""The rules' words name a house rule by its title, as the new-match form does ("Red
three in hand costs 500", never ``red-three-in-hand-penalty``), and a variant named
mid-sentence as a game ("going out needs 2 canastas in a two-player game")."""

from __future__ import annotations

import re

import pytest
from rulekit import classic, edit, findings, two_player_hand

from canasta_scorer.rules import HOUSE_RULE_INFO, WORDS, Code, HouseRule


def _ids(text: str) -> list[str]:
    """The house-rule ids a text holds (each as a word of its own)."""
    return [
        rule.value for rule in HouseRule if re.search(rf"(?<![\w-]){rule.value}(?![\w-])", text)
    ]


def test_no_wording_of_the_rules_shows_a_house_rule_s_id() -> None:
    shown = {
        key: [form for form in (words.singular, words.plural) if _ids(form)]
        for key, words in WORDS.items()
    }
    assert {key: forms for key, forms in shown.items() if forms} == {}


def test_a_red_three_left_in_hand_names_the_house_rule_by_its_title() -> None:
    data = edit(
        classic("sides.1.red_threes", 0), "sides.1.left_in_hand", {"East": "R3", "West": "J"}
    )
    (found,) = [f for f in findings(data) if f.code is Code.HAND_RED_THREE]
    title = HOUSE_RULE_INFO[HouseRule.RED_THREE_IN_HAND_PENALTY].title
    assert title == "Red three in hand costs 500"
    assert found.message == (
        "East has 1 red three left in hand: red threes are laid out at once and never kept "
        "in a hand (the house rule “Red three in hand costs 500” scores them −500 instead)"
    )


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        (
            ["cutthroat-two-canastas"],
            "the house rule “Cutthroat: 2 canastas to go out” only counts in a three-player "
            "cutthroat game",
        ),
        (
            ["wild-meld-penalty"],
            "the house rule “Unfinished wild meld costs 1,000” does nothing without “Wild card "
            "melds”",
        ),
    ],
)
def test_a_house_rule_that_does_nothing_is_named_by_its_title(rules: list[str], said: str) -> None:
    (found,) = [
        f for f in findings(classic("house_rules", rules)) if f.code is Code.HOUSE_RULE_NO_EFFECT
    ]
    assert found.message == said


def test_a_variant_mid_sentence_is_named_as_a_game() -> None:
    data = edit(two_player_hand(), "sides.0.melds", ["7 7 7 7 7 7 7", "A A A", "J J J"])
    (found,) = [f for f in findings(data) if f.code is Code.GOING_OUT_CANASTAS]
    assert found.message == (
        "Ann went out but has 1 canasta: going out needs 2 canastas in a two-player game"
    )
    said = [f.message for f in findings(classic("lone_hand", "North")) if "lone hand" in f.message]
    assert said == [
        "a lone hand is only played in a three-player cutthroat game, not in a classic game"
    ]
