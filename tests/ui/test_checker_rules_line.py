"""The rule checker's line of the rules it follows names the variant as a label's value,
never inside a sentence (where German, Spanish, Italian and Portuguese would need another
case or article for "Two players"), and lists house rules as the language lists."""

from __future__ import annotations

import json

import pytest

from canasta_scorer import i18n
from canasta_scorer.rules import VARIANT_INFO, Variant, load_match
from canasta_scorer.ui.components.checker import rules_followed
from canasta_scorer.ui.state import Checker

#: The label each language puts before the variant, with and without house rules.
LABELS = {
    "en": ("Rules: ", " · no house rules", " · house rules: "),
    "de": ("Regeln: ", " · keine Hausregeln", " · Hausregeln: "),
    "es": ("Reglas: ", " · sin reglas de la casa", " · reglas de la casa: "),
    "it": ("Regole: ", " · nessuna regola della casa", " · regole della casa: "),
    "pt_BR": ("Regras: ", " · sem regras da casa", " · regras da casa: "),
}


@pytest.mark.parametrize("lang", sorted(LABELS))
@pytest.mark.parametrize("variant", [v.value for v in Variant])
def test_every_variant_is_a_label_s_value_in_every_language(lang: str, variant: str) -> None:
    checker = Checker()
    checker.set(variant=variant)
    start, none, _ = LABELS[lang]
    with i18n.use(lang):
        title = i18n._(VARIANT_INFO[Variant(variant)].title)
        assert rules_followed(checker) == f"{start}{title}{none}"
    if lang != "en":
        assert title != VARIANT_INFO[Variant(variant)].title or variant == "classic"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Rules: Two players · house rules: Black three freezes the pile and Pile always frozen",
        ),
        (
            "de",
            "Regeln: Zwei Spieler · Hausregeln: Schwarze Drei friert den Stapel ein und "
            "Stapel immer eingefroren",
        ),
        (
            "es",
            "Reglas: Dos jugadores · reglas de la casa: El tres negro congela el pozo y "
            "Pozo siempre congelado",
        ),
    ],
)
def test_house_rules_are_listed_as_the_language_lists(lang: str, said: str) -> None:
    checker = Checker()
    checker.set(variant="two-player")
    checker.toggle_house_rule("black-three-freezes", True)
    checker.toggle_house_rule("pile-always-frozen", True)
    with i18n.use(lang):
        assert rules_followed(checker) == said


def test_a_match_s_rules_are_said_to_be_the_match_s() -> None:
    checker = Checker()
    checker.open_for(
        load_match(
            json.dumps(
                {"variant": "two-player", "sides": [{"name": "Ann"}, {"name": "Bo"}], "hands": []}
            )
        )
    )
    with i18n.use("de"):
        assert rules_followed(checker) == "Regeln dieser Partie: Zwei Spieler · keine Hausregeln"
    with i18n.use("en"):
        assert rules_followed(checker) == "This match's rules: Two players · no house rules"


def test_a_match_s_own_minimum_of_150_is_said_and_followed() -> None:
    """rules §3 O13: opened from a six-player match whose minimum of 150 starts at 7,000,
    the checker says so and its first-meld answer follows it; moved to a variant without
    that step, it is neither said nor followed."""
    checker = Checker()
    checker.open_for(
        load_match(
            json.dumps(
                {
                    "variant": "six-player",
                    "top_tier_from": 7000,
                    "sides": [{"name": "A", "start_score": 7200}, {"name": "B"}],
                }
            )
        ),
        (7200, 0),
    )
    with i18n.use("en"):
        assert rules_followed(checker) == (
            "This match's rules: Six players, 2 sides of 3, minimum 150 from 7,000 · no house rules"
        )
    assert checker.minimum() == (7200, 150)
    checker.set(variant="classic")
    with i18n.use("en"):
        assert rules_followed(checker) == "Rules: Classic · no house rules"
    assert checker.minimum() == (7200, 120)
