"""Hand files that break the file contract are a `RecordError` with every problem's path,
not findings (file format §1 reading a file)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from rulekit import (
    classic_hand,
)

from canasta_scorer.rules import (
    RecordError,
    dump_match,
    load_hand,
    load_match,
    read_json,
)


def test_unknown_key_is_a_record_error_with_its_path() -> None:
    data = classic_hand()
    data["sides"][1]["meld"] = ["Q Q Q"]
    with pytest.raises(RecordError) as caught:
        load_hand(json.dumps(data))
    assert [(p.where, p.message) for p in caught.value.problems] == [
        ("sides[1].meld", "unknown key “meld”")
    ]


def test_number_too_long_to_read_is_a_record_error() -> None:
    text = '{"sides": [{"name": "A", "score_before": ' + "5" * 5000 + "}]}"
    with pytest.raises(RecordError) as caught:
        load_hand(text)
    assert [p.where for p in caught.value.problems] == [""]
    assert "too long" in caught.value.problems[0].message


def test_a_key_given_twice_is_a_record_error_not_the_last_one_winning() -> None:
    text = '{"sides": [{"name": "A", "red_threes": 2, "red_threes": 0}]}'
    with pytest.raises(RecordError) as caught:
        load_hand(text)
    assert [(p.where, p.message) for p in caught.value.problems] == [
        ("sides[0].red_threes", "the key “red_threes” is given twice in one object")
    ]


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('{"a": 1, "a": 2}', "a"),
        (
            '{"sides": [{"name": "A"}, {"name": "B", "melds": [{"naturals": 3, "naturals": 4}]}]}',
            "sides[1].melds[0].naturals",
        ),
        # brackets, commas, colons and escaped quotes inside text are text
        ('{"x": {"y": [1, "[,{:", {"q": "a\\"b", "q": 1}]}}', "x.y[2].q"),
        ('{"k": "{[,:", "k": 2}', "k"),
        ('{"a": [[], [1, {"b": 1}], {"c": 1, "c": 2}]}', "a[2].c"),
        ('{"ñ": {"ü": 1, "ü": 2}}', "ñ.ü"),
        # the same key in two objects is no key twice; the second object's is
        ('{"s": [{"n": 1}, {"n": 1, "m": 2, "m": 3}]}', "s[1].m"),
    ],
)
def test_a_key_given_twice_is_said_at_its_path(text: str, where: str) -> None:
    with pytest.raises(RecordError) as caught:
        read_json(text)
    assert [p.where for p in caught.value.problems] == [where]
    assert caught.value.problems[0].message.startswith("the key “")


def _match_with(hand: dict[str, object]) -> str:
    return json.dumps(
        {
            "sides": [{"name": "NS", "players": ["N", "S"]}, {"name": "EW", "players": ["E", "W"]}],
            "hands": [{"sides": [{}, {}], **hand}],
        }
    )


def test_counted_by_points_is_a_field_of_the_hand() -> None:
    record = load_match(_match_with({"note": "at Ann's", "counted_by_points": ["S", "E"]}))
    hand = record.hands[0]
    assert (hand.note, hand.counted_by_points) == ("at Ann's", ("S", "E"))
    written = json.loads(dump_match(record))["hands"][0]
    assert written == {"sides": [{}, {}], "note": "at Ann's", "counted_by_points": ["S", "E"]}
    assert load_match(dump_match(record)) == record


def test_the_older_note_form_is_still_read() -> None:
    old = load_match(_match_with({"note": "at Ann's\ncards left counted by points: S, E"}))
    new = load_match(_match_with({"note": "at Ann's", "counted_by_points": ["S", "E"]}))
    assert old == new
    only = load_match(_match_with({"note": "cards left counted by points: W"})).hands[0]
    assert (only.note, only.counted_by_points) == (None, ("W",))
    # With the field given, the note is the players' own text, left as it is.
    both = load_match(
        _match_with({"note": "cards left counted by points: W", "counted_by_points": ["N"]})
    ).hands[0]
    assert (both.note, both.counted_by_points) == ("cards left counted by points: W", ("N",))


def test_counted_by_points_names_are_names() -> None:
    with pytest.raises(RecordError) as caught:
        load_match(_match_with({"counted_by_points": [" "]}))
    assert [p.where for p in caught.value.problems] == ["hands[0].counted_by_points[0]"]


def test_started_at_is_an_optional_moment_of_the_match_file() -> None:
    """file format §5: ``started_at``, with its offset from UTC; older files lack it."""
    sides = [{"name": "A"}, {"name": "B"}]
    assert load_match(json.dumps({"sides": sides})).started_at is None
    read = load_match(json.dumps({"started_at": "2025-05-01T21:30:00+02:00", "sides": sides}))
    assert read.started_at == datetime(2025, 5, 1, 19, 30, tzinfo=UTC)
    assert json.loads(dump_match(read))["started_at"] == "2025-05-01T21:30:00+02:00"
    assert load_match(dump_match(read)) == read
    assert load_match(json.dumps({"started_at": "2025-05-01T19:30Z", "sides": sides})) == read
    for wrong, shown in [("2025-05-01T21:30", "“2025-05-01T21:30”"), (5, "5"), ("May", "“May”")]:
        with pytest.raises(RecordError) as caught:
            load_match(json.dumps({"started_at": wrong, "sides": sides}))
        assert [str(p) for p in caught.value.problems] == [
            "started_at: must be a date and time with its offset from UTC, such as "
            f"2026-12-02T19:30:00+01:00; got {shown}"
        ]
    # outside 1900-2999 in UTC, the ends of Python's dates included (no overflow)
    for far in [
        "0001-01-01T00:00:00+01:00",
        "9999-12-31T23:59:59-01:00",
        "9999-12-31T23:59:59+00:00",
        "1899-12-31T23:59:59Z",
        "3000-01-01T00:00:00Z",
    ]:
        with pytest.raises(RecordError) as caught:
            load_match(json.dumps({"started_at": far, "sides": sides}))
        assert [str(p) for p in caught.value.problems] == [
            "started_at: must fall between the years 1900 and 2999 (in UTC)"
        ], far
    edge = load_match(json.dumps({"started_at": "2999-12-31T23:00:00-00:30", "sides": sides}))
    assert edge.started_at is not None and edge.started_at.astimezone(UTC).year == 2999
