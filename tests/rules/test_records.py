"""Hand files that break the file contract are a `RecordError` with every problem's path,
not findings (file format §1 reading a file)."""

from __future__ import annotations

import json

import pytest
from rulekit import (
    classic_hand,
)

from canasta_scorer.rules import (
    RecordError,
    load_hand,
)


def test_unknown_key_is_a_record_error_with_its_path() -> None:
    data = classic_hand()
    data["sides"][1]["meld"] = ["Q Q Q"]
    with pytest.raises(RecordError) as caught:
        load_hand(json.dumps(data))
    assert [(p.where, p.message) for p in caught.value.problems] == [
        ("sides[1].meld", "unknown key 'meld'")
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
        ("", "the key 'red_threes' is given twice in one object")
    ]
