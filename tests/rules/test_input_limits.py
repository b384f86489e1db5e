"""Files past sensible sizes are refused, saying the limit; names and notes with
control characters are refused, saying which."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from canasta_scorer.rules import (
    HAND_FILE_LIMIT,
    MATCH_FILE_LIMIT,
    MAX_HANDS,
    MAX_MELDS,
    RecordError,
    load_hand,
    load_match,
    plain_name,
    score_match,
)

HAND = {"sides": [{"melds": ["K K K K K K K", "9 9 9 9 2"], "went_out": "out"}, {}]}


def match_with(hands: int) -> str:
    return json.dumps(
        {
            "sides": [{"name": "Us"}, {"name": "Them"}],
            "target": 10_000_000,
            "hands": [HAND] * hands,
        }
    )


def messages(error: pytest.ExceptionInfo[RecordError]) -> list[str]:
    return [str(problem) for problem in error.value.problems]


def test_a_hand_file_past_its_limit_is_refused_before_it_is_read() -> None:
    text = '{"sides": [{"name": "Us", "note": "' + "x" * HAND_FILE_LIMIT + '"}]}'
    with pytest.raises(RecordError) as caught:
        load_hand(text)
    assert messages(caught) == ["is 1.0 MB: larger than a hand file may be (1.0 MB)"]
    # bytes count, not characters: 600,000 two-byte letters are 1.1 MB
    with pytest.raises(RecordError, match=r"is 1\.1 MB: larger than a hand file"):
        load_hand('{"note": "' + "é" * 600_000 + '"}')


def test_a_match_file_past_its_limit_is_refused() -> None:
    with pytest.raises(RecordError) as caught:
        load_match(" " * (MATCH_FILE_LIMIT + 1))
    assert messages(caught) == ["is 16.0 MB: larger than a match file may be (16.0 MB)"]


def test_a_match_of_more_hands_than_the_limit_is_refused() -> None:
    assert len(load_match(match_with(MAX_HANDS)).hands) == MAX_HANDS
    with pytest.raises(RecordError) as caught:
        load_match(match_with(MAX_HANDS + 1))
    assert messages(caught) == [f"hands: may list at most {MAX_HANDS:,}; this lists 1,001"]


def test_more_melds_or_cards_than_any_deck_holds_are_refused() -> None:
    melds = {"sides": [{"name": "Us", "melds": ["K K K"] * (MAX_MELDS + 1)}, {"name": "Them"}]}
    with pytest.raises(RecordError, match=r"sides\[0\]\.melds: may list at most 100"):
        load_hand(json.dumps(melds))
    long = {"sides": [{"name": "Us", "left_in_hand": "5 " * 600}, {"name": "Them"}]}
    with pytest.raises(RecordError, match="cards are at most 1,000 characters"):
        load_hand(json.dumps(long))


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Ann\x00", "U+0000"),
        ("Bo\rb", "U+000D"),
        ("Cy\nd", "U+000A"),
        ("\x1b[31mEve", "U+001B"),
        ("Bob\u202eevil", "U+202E"),
        ("\u2067Di", "U+2067"),
        ("Ann\u200b", "U+200B"),
        ("\ufeffBo", "U+FEFF"),
    ],
)
def test_a_name_with_a_control_character_is_refused(name: str, shown: str) -> None:
    data = {"sides": [{"name": "Us", "players": [name]}, {"name": "Them"}]}
    with pytest.raises(RecordError) as caught:
        load_match(json.dumps(data))
    assert messages(caught) == [
        f"sides[0].players[0]: must not hold control characters (it holds {shown})"
    ]


def test_a_note_may_hold_line_breaks_but_no_other_control_character() -> None:
    ok = {"sides": [{"name": "Us"}, {"name": "Them"}], "hands": [{**HAND, "note": "a\r\nb\tc"}]}
    assert load_match(json.dumps(ok)).hands[0].note == "a\r\nb\tc"
    bad = {"sides": [{"name": "Us"}, {"name": "Them"}], "hands": [{**HAND, "note": "a\x00b"}]}
    with pytest.raises(RecordError, match=r"hands\[0\]\.note: must not hold control characters"):
        load_match(json.dumps(bad))


def test_a_name_of_invisible_characters_alone_is_blank() -> None:
    data = {"sides": [{"name": "Us", "players": ["\u200d\u200c "]}, {"name": "Them"}]}
    with pytest.raises(RecordError) as caught:
        load_match(json.dumps(data))
    assert messages(caught) == ["sides[0].players[0]: must not be blank"]


@given(st.text(min_size=1, max_size=20))
def test_plain_name_refuses_exactly_the_control_characters(text: str) -> None:
    direction = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    invisible = set("\u200b\u2060\ufeff\u180e")
    has_control = any(
        unicodedata.category(c) == "Cc" or c in direction or c in invisible for c in text
    )
    nothing_seen = all(c.isspace() or unicodedata.category(c) == "Cf" for c in text)
    if has_control:
        with pytest.raises(ValueError, match="control characters"):
            plain_name(text)
    elif nothing_seen and not text.isprintable():
        with pytest.raises(ValueError, match="blank"):
            plain_name(text)
    else:
        assert plain_name(text) == unicodedata.normalize("NFC", text)


def test_a_name_is_read_in_its_composed_form() -> None:
    """ "Zoë" with a combining diaeresis is "Zoë": the same player, kept composed;
    two players so named at one table are one name twice."""
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    one = {"sides": [{"name": "Us", "players": [decomposed, "Al"]}, {"name": "Them"}]}
    assert load_match(json.dumps(one)).sides[0].players == (composed, "Al")
    twice = {
        "sides": [
            {"name": "Us", "players": [composed, "Al"]},
            {"name": "Them", "players": [decomposed, "Bo"]},
        ]
    }
    found = score_match(load_match(json.dumps(twice))).violations
    assert [f.message for f in found if "twice" in f.message] == [
        "Zo\u00eb is named twice at the table"
    ]


@pytest.mark.parametrize("where", ["name", "players"])
def test_half_a_character_is_said_in_plain_words(where: str) -> None:
    side = {"name": "Us\ud83c"} if where == "name" else {"name": "Us", "players": ["Bo\udfff"]}
    data = json.dumps({"sides": [side, {"name": "Them"}]})
    with pytest.raises(RecordError) as caught:
        load_match(data)
    at = "sides[0].name" if where == "name" else "sides[0].players[0]"
    assert messages(caught) == [
        f"{at}: holds half of a character (an escape such as \\ud83c alone): write the text again"
    ]
