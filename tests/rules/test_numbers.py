"""Whole numbers typed by players (`parse_number`): the one reader of scores, targets and
totals typed into the app."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from canasta_scorer.rules import NumberSyntaxError, parse_number


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1500", 1500),
        ("1,500", 1500),
        ("1 500", 1500),
        ("  -35 ", -35),
        ("−35", -35),
        ("+100", 100),
        ("0", 0),
        ("12,345,670", 12345670),
        ("", None),
        ("   ", None),
    ],
)
def test_typed_numbers_are_read(text: str, expected: int | None) -> None:
    assert parse_number(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1.630", 1630), ("12.345.670", 12345670), ("1 500", 1500), ("-35", -35), ("1500", 1500)],
)
def test_a_language_grouping_with_full_stops_reads_them(text: str, expected: int) -> None:
    assert parse_number(text, group=".") == expected


@pytest.mark.parametrize("text", ["1,630", "1.5", "12,34", "1.5000"])
def test_a_language_grouping_with_full_stops_refuses_commas_and_fractions(text: str) -> None:
    with pytest.raises(NumberSyntaxError) as caught:
        parse_number(text, group=".")
    assert str(caught.value) == f"“{text}” is not a whole number"


def test_another_separator_is_read_as_a_comma() -> None:
    assert parse_number("1,630", group="\u202f") == 1630
    with pytest.raises(NumberSyntaxError):
        parse_number("1.630", group="\u202f")


@pytest.mark.parametrize(
    "text", ["1.5", "12,34", "1,5000", "abc", "5 points", "--5", ",500", "1e3"]
)
def test_what_is_not_a_whole_number_is_an_error_naming_it(text: str) -> None:
    with pytest.raises(NumberSyntaxError) as caught:
        parse_number(text)
    assert str(caught.value) == f"“{text}” is not a whole number"


@given(st.integers(-10_000_000, 10_000_000))
def test_a_number_written_with_or_without_thousands_reads_back(value: int) -> None:
    assert parse_number(str(value)) == value
    assert parse_number(f"{value:,}") == value
    assert parse_number(f"{value:,}".replace("-", "−")) == value


@given(st.text(max_size=12))
def test_junk_never_crashes(text: str) -> None:
    try:
        value = parse_number(text)
    except NumberSyntaxError:
        return
    assert value is None or isinstance(value, int)
