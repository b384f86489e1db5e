"""English dates and thousands separators are written as Babel's English writes them,
without loading Babel's locale data (`canasta_scorer.i18n.day`)."""

from __future__ import annotations

import subprocess
import sys
from datetime import date

import pytest
from babel.dates import format_skeleton
from babel.numbers import get_group_symbol

from canasta_scorer import i18n


@pytest.mark.parametrize("year", [1, 999, 2026, 9999])
def test_an_english_date_is_babel_s_english_for_every_month(year: int) -> None:
    with i18n.use("en"):
        for month in range(1, 13):
            for day_ in (1, 9, 28):
                value = date(year, month, day_)
                assert i18n.day(value) == format_skeleton("yMMMd", value, locale="en")


def test_english_dates_and_separators_read_as_before() -> None:
    with i18n.use("en"):
        assert i18n.day(date(2026, 12, 1)) == "Dec 1, 2026"
        assert i18n.day(date(2026, 9, 30)) == "Sep 30, 2026"
        assert i18n.group_symbol() == "," == get_group_symbol("en")
    with i18n.use("de"):
        assert i18n.day(date(2026, 12, 1)) == "1. Dez. 2026"
        assert i18n.group_symbol() == "."


def test_english_words_load_no_locale_data_of_babel() -> None:
    script = (
        "from datetime import date\n"
        "import babel.core, babel.localedata\n"
        "from canasta_scorer import i18n\n"
        "with i18n.use('en'):\n"
        "    said = [i18n.day(date(2026, 12, 1)), i18n.number(1630), i18n.group_symbol(),\n"
        "            i18n.spoken_list(['a', 'b', 'c'])]\n"
        "print(said, babel.core._global_data is None, sorted(babel.localedata._cache))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['Dec 1, 2026', '1,630', ',', 'a, b and c'] True []"
