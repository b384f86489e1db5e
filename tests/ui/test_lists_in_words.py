"""Lists of names and items on the screens are said as the language lists them
("Ann, Bo and Cy", "Ann, Bo und Cy"), not joined by commas."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from canasta_scorer.rules import load_match
from canasta_scorer.store import Store
from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]


def _finished(store: Store) -> int:
    record = load_match(
        json.dumps(
            {
                "house_rules": ["black-three-freezes", "pile-always-frozen"],
                "target": 500,
                "sides": [
                    {"name": "Owls", "players": ["Ann", "Bo"]},
                    {"name": "Larks", "players": ["Cy", "Di"]},
                ],
                "hands": [{"sides": [{"total": 600}, {"total": 100}]}],
            }
        )
    )
    return store.create_match(record).id


@pytest.mark.parametrize(
    ("lang", "quick", "rates"),
    [
        (
            "en",
            "(hands typed as totals left out: Ann 1, Bo 1, Cy 1 and Di 1)",
            "Win rates: Ann 100%, Bo 100%, Cy 0% and Di 0%",
        ),
        (
            "de",
            "Ann 1, Bo 1, Cy 1 und Di 1",
            "Ann 100\xa0%, Bo 100\xa0%, Cy 0\xa0% und Di 0\xa0%",
        ),
    ],
)
def test_the_statistics_list_their_players_as_the_language_lists(
    open_app: OpenApp, store: Store, lang: str, quick: str, rates: str
) -> None:
    _finished(store)
    app = open_app()
    app.choose("Language", lang)
    app.click("Past matches" if lang == "en" else "Frühere Partien")
    app.click("Player statistics" if lang == "en" else "Spielerstatistik")
    assert any(quick in text for text in app.texts()), app.texts()
    assert any(rates in label for label in app.labels()), app.labels()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "house rules: Black three freezes the pile and Pile always frozen"),
        ("de", "Hausregeln: Schwarze Drei friert den Stapel ein und Stapel immer eingefroren"),
    ],
)
def test_the_scoreboard_lists_the_house_rules_as_the_language_lists(
    open_app: OpenApp, store: Store, lang: str, said: str
) -> None:
    shown = _finished(store)
    app = open_app()
    app.choose("Language", lang)
    app.route(f"/match/{shown}")
    assert any(said in text for text in app.texts()), app.texts()
