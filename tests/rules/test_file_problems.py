"""Each problem of a file that cannot be read carries its `Phrase` (a key of the rules'
words and its values), so the edge can word it in the player's language; its English
message is that phrase's English, and its path the file's own key names (file format
§1 reading a file)."""

from __future__ import annotations

import json
import uuid

import pytest
from pydantic import BaseModel, ValidationError

from canasta_scorer.rules import (
    HAND_FILE_LIMIT,
    RecordError,
    load_hand,
    load_match,
    render_words,
    validation_problems,
)

BROKEN_HAND = {
    "variant": "classic-ish",
    "house_rules": ["nope"],
    "target": "5000",
    "sides": [
        {
            "name": " ",
            "red_threes": 1.5,
            "score_before": 20_000_000,
            "went_out": "yes",
            "melds": [3, "K K 3R"],
            "left_in_hand": {"North": 5},
            "players": [7],
            "meld": [],
        },
        5,
    ],
}


def _problems(read: object, text: str | bytes) -> list[tuple[str, str, str]]:
    with pytest.raises(RecordError) as caught:
        read(text)  # type: ignore[operator]
    return [
        (p.where, p.message, p.words.key if p.words is not None else "")
        for p in caught.value.problems
    ]


def test_every_problem_of_a_broken_hand_file_has_its_phrase() -> None:
    found = _problems(load_hand, json.dumps(BROKEN_HAND))
    assert found == [
        (
            "variant",
            "“classic-ish” is not one of: “classic”, “two-player”, “three-player”, "
            "“three-player-cutthroat”, “five-player”, “six-player”, “six-player-three-sides”",
            "record.not_one_of",
        ),
        ("house_rules[0]", found[1][1], "record.not_one_of"),
        ("target", "must be a whole number; got text “5000”", "record.wrong_type"),
        ("sides[0].red_threes", "must be a whole number; got 1.5", "record.wrong_type"),
        (
            "sides[0].melds[0]",
            'a meld is text such as "J J 2" or an object; got a number',
            "record.meld_not_text",
        ),
        ("sides[0].melds[1]", found[5][1], "error.not_cards"),
        ("sides[0].went_out", "“yes” is not one of: “no”, “out”, “concealed”", "record.not_one_of"),
        (
            "sides[0].left_in_hand",
            'cards of North: cards are written as text such as "4 5 Q"; got a number',
            "record.player_cards",
        ),
        ("sides[0].name", "must not be blank", "record.blank"),
        ("sides[0].players[0]", "must be text; got 7", "record.wrong_type"),
        ("sides[0].score_before", "must be at most 10,000,000; got 20000000", "record.at_most"),
        ("sides[0].meld", "unknown key “meld”", "record.unknown_key"),
        ("sides[1]", "must be an object; got 5", "record.wrong_type"),
    ]
    assert found[5][1].startswith("“3R” is not a card")


@pytest.mark.parametrize(
    ("text", "message", "key"),
    [
        (
            "{x",
            "not valid JSON at line 1, column 2: a key in double quotes was expected here "
            "(or a comma too many before the closing brace)",
            "record.not_json",
        ),
        (b"\xff\xfe\x00", "not a text file (it is not UTF-8)", "record.not_utf8"),
        ("[1]", "must be a JSON object; got a list", "record.not_an_object"),
        ('{"a": 1, "a": 2}', "the key “a” is given twice in one object", "record.key_twice"),
        ("{}", "required, but missing", "record.missing"),
        ('{"sides": []}', "must list at least one", "record.at_least_one"),
        (
            " " * (HAND_FILE_LIMIT + 100_000),
            "is 1.1 MB: larger than a hand file may be (1.0 MB)",
            "record.too_large:hand",
        ),
    ],
)
def test_a_file_that_is_not_a_hand_file_says_why_with_a_phrase(
    text: str | bytes, message: str, key: str
) -> None:
    assert [(m, k) for _where, m, k in _problems(load_hand, text)] == [(message, key)]


def test_the_english_message_is_the_phrase_in_english() -> None:
    broken_match = {"sides": [{"name": "A"}], "hands": [{"sides": [{"note": 1}], "note": "\x07"}]}
    for read, text in (
        (load_hand, json.dumps(BROKEN_HAND)),
        (load_match, json.dumps(broken_match)),
    ):
        with pytest.raises(RecordError) as caught:
            read(text)
        for problem in caught.value.problems:
            assert problem.words is not None, problem
            assert render_words(problem.words) == problem.message


class _Other(BaseModel):
    token: uuid.UUID


def test_an_error_type_not_worded_keeps_pydantics_words_and_says_its_type() -> None:
    with pytest.raises(ValidationError) as caught:
        _Other.model_validate({"token": "not-one"})
    (problem,) = validation_problems(caught.value)
    assert problem.where == "token"
    assert problem.message.startswith("Input should be a valid UUID")
    assert problem.words is not None and problem.words.key == "record.not_valid"
    assert render_words(problem.words) == "cannot be read here (uuid_parsing)"
