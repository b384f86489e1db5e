"""Words that reach players in their language: numbers in the language's form inside
variant lines and statistics, the rules engine's errors on text it cannot read, the
messages of another device's changes and the CLI's citations."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from canasta_scorer import i18n
from canasta_scorer.rules import (
    HAND_FILE_LIMIT,
    CanastaError,
    Problem,
    RecordError,
    check_hand,
    load_hand,
    parse_cards,
    parse_meld,
    parse_number,
)
from canasta_scorer.store import Change, ChangeKind
from canasta_scorer.ui.state.live import said_elsewhere
from canasta_scorer.ui.words import variant_choices, variant_summary


def test_a_variant_line_writes_its_numbers_in_the_language() -> None:
    with i18n.use("en"):
        assert variant_summary("classic") == (
            "4 players, 2 partnerships of 2; 108 cards; 1 canasta to go out; target 5,000"
        )
        assert variant_summary("six-player") == (
            "2 partnerships of 3; 162 cards; 2 canastas to go out; target 10,000 "
            "(150 minimum from 7,500)"
        )
        assert dict((key, line) for key, _title, line in variant_choices())["six-player"] == (
            "2 partnerships of 3; 162 cards; 2 canastas to go out; 10,000 (150 minimum from 7,500)"
        )
    with i18n.use("de"):
        assert variant_summary("classic") == (
            "4 Spieler, 2 Parteien zu zweit; 108 Karten; 1 Canasta zum Ausmachen; Ziel 5.000"
        )
    with i18n.use("pt_BR"):
        assert variant_summary("six-player").endswith("meta 10.000 (mínimo 150 a partir de 7.500)")


@pytest.mark.parametrize(
    ("code", "value", "places", "shown"),
    [
        ("en", 1234.5, 0, "1,234"),
        ("en", 1235.5, 0, "1,236"),
        ("en", 2.675, 2, "2.67"),
        ("de", 1234.5, 2, "1.234,50"),
        ("it", 0.0, 2, "0,00"),
    ],
)
def test_a_number_with_places_rounds_as_python_and_writes_as_the_language(
    code: str, value: float, places: int, shown: str
) -> None:
    with i18n.use(code):
        assert i18n.number(value, places=places) == shown


def _error(read: object, text: str) -> CanastaError:
    with pytest.raises(CanastaError) as caught:
        read(text)  # type: ignore[operator]
    return caught.value


def test_text_that_is_not_cards_or_a_number_is_worded_in_the_language() -> None:
    one, two, number = (
        _error(parse_cards, "5 X"),
        _error(parse_cards, "5 X Y"),
        _error(parse_number, "1.5x"),
    )
    with i18n.use("en"):
        assert [i18n.error_text(e) for e in (one, two, number)] == [str(one), str(two), str(number)]
        assert i18n.error_text(number) == "“1.5x” is not a whole number"
    with i18n.use("pt_BR"):
        assert i18n.error_text(number) == "“1.5x” não é um número inteiro"
        assert i18n.error_text(one).startswith("“X” não é uma carta: escreva JK")
        assert i18n.error_text(two).startswith("“X”, “Y” não são cartas: escreva JK")
    with i18n.use("de"):
        assert i18n.error_text(two).startswith("„X“, „Y“ sind keine Karten")


def test_another_devices_change_in_the_language() -> None:
    change = Change(match_id=1, kind=ChangeKind.HAND_ADDED, version=3, hand=2)
    with i18n.use("en"):
        assert said_elsewhere(change) == "Another device saved hand 3."
    with i18n.use("it"):
        assert said_elsewhere(change) == "Un altro dispositivo ha salvato la mano 3."


def test_the_cli_help_cites_the_rules_in_the_language() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "canasta_scorer", "--lang", "pt_BR", "check", "pile", "--help"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert shown.returncode == 0
    assert "(regras §1.8 Pegar o lixo)" in " ".join(shown.stdout.split())
    assert "taking the discard pile" not in shown.stdout


def test_a_meld_that_cannot_be_read_is_worded_in_the_language() -> None:
    errors = [_error(parse_meld, "  "), _error(parse_meld, {"rank": "Z"})]
    with i18n.use("en"):
        assert [i18n.error_text(e) for e in errors] == [str(e) for e in errors]
        assert str(errors[0]) == "a meld with no cards"
    with i18n.use("es"):
        assert i18n.error_text(errors[0]) == "una bajada sin cartas"
        assert i18n.error_text(errors[1]).startswith("«Z» no es un valor de bajada: usa A, K")


@given(st.integers(min_value=-(10**12), max_value=10**12))
def test_english_whole_numbers_are_written_as_babel_writes_them(value: int) -> None:
    """As Babel writes them, but for the minus sign, which is `i18n.MINUS` in every
    language (Babel's English writes a hyphen-minus)."""
    from babel.numbers import format_decimal

    with i18n.use("en"):
        babel = format_decimal(value, locale="en", group_separator=True)
        assert i18n.number(value) == babel.replace("-", i18n.MINUS)


def _file_problems(text: str) -> list[Problem]:
    with pytest.raises(RecordError) as caught:
        load_hand(text)
    return list(caught.value.problems)


def test_a_files_problems_are_worded_in_the_language() -> None:
    problems = _file_problems(
        '{"target": true, "sides": [{"name": "", "melds": ["K K X"], "left_in_hand": 4}]}'
    )
    with i18n.use("en"):
        assert [i18n.problem_line(p) for p in problems] == [str(p) for p in problems]
    with i18n.use("es"):
        assert [i18n.problem_line(p) for p in problems] == [
            "target: debe ser un número entero; se recibió true",
            "sides[0].melds[0]: «X» no es una carta: escribe JK, 2, A, K, Q, J, 10 (o T), 9, 8, "
            "7, 6, 5, 4 o 3 para un tres negro",
            'sides[0].left_in_hand: las cartas que quedan en la mano son un texto como "4 5 Q", '
            "o un objeto que va del nombre de cada jugador a un texto; se recibió un número",
            "sides[0].name: no puede estar en blanco",
        ]


def test_a_files_size_and_json_in_the_languages_form() -> None:
    (large,) = _file_problems(" " * (HAND_FILE_LIMIT + 100_000))
    (not_json,) = _file_problems('{"sides": [' + "\n" * 1500 + "x]}")
    with i18n.use("de"):
        assert i18n.problem_text(large) == (
            "ist 1,1 MB groß: größer, als eine Rundendatei sein darf (1,0 MB)"
        )
        assert i18n.problem_text(not_json) == (
            "kein gültiges JSON in Zeile 1.501, Spalte 1: hier wurde ein Wert erwartet (Text in "
            "doppelten Anführungszeichen, eine Zahl, true, false, null, eine Liste oder ein Objekt)"
        )


@pytest.mark.parametrize(
    ("code", "shown"),
    [
        ("en", "Dec 1, 2026"),
        ("es", "1 dic 2026"),
        ("pt_BR", "1 de dez. de 2026"),
        ("it", "1 dic 2026"),
        ("de", "1. Dez. 2026"),
    ],
)
def test_a_day_is_written_as_the_language_writes_it(code: str, shown: str) -> None:
    from datetime import date

    with i18n.use(code):
        assert i18n.day(date(2026, 12, 1)) == shown  # no leading zero, the language's order
        assert i18n.day(date(2027, 3, 14)).startswith("Mar" if code == "en" else "14")


def test_a_name_with_quotes_is_quoted_as_each_language_quotes() -> None:
    """A side's name given twice, a quote and a backslash in it, between the marks of
    the language: never Python's repr (``'Ann\\'s "Aces"'``)."""
    name = 'Ann\'s "Aces" \\ Ü'
    hand = {
        "variant": "classic",
        "sides": [
            {"name": name, "players": ["North", "South"], "melds": ["9 9 9"], "went_out": "no"},
            {"name": name, "players": ["East", "West"], "melds": ["8 8 8"], "went_out": "no"},
        ],
    }
    record = load_hand(json.dumps(hand))
    (found,) = [f for f in check_hand(record) if f.code.value == "sides.duplicate_name"]
    assert found.message == 'two sides are called “Ann\'s "Aces" \\ Ü”'
    with i18n.use("en"):
        assert i18n.finding_text(found) == 'two sides are called “Ann\'s "Aces" \\ Ü”'
    with i18n.use("de"):
        assert i18n.finding_text(found) == 'zwei Parteien heißen „Ann\'s "Aces" \\ Ü“'
    with i18n.use("es"):
        assert i18n.finding_text(found) == 'dos equipos se llaman «Ann\'s "Aces" \\ Ü»'
    number = _error(parse_number, "1,630'")
    with i18n.use("de"):
        assert i18n.error_text(number) == "„1,630'“ ist keine ganze Zahl"
    with i18n.use("it"):
        assert i18n.error_text(number) == "«1,630'» non è un numero intero"
    with i18n.use("pt_BR"):
        assert i18n.quote("Ana") == "“Ana”"


@pytest.mark.parametrize(
    ("text", "english", "german"),
    [
        (
            "",
            "not valid JSON at line 1, column 1: a value was expected here (text in double "
            "quotes, a number, true, false, null, a list or an object)",
            "kein gültiges JSON in Zeile 1, Spalte 1: hier wurde ein Wert erwartet (Text in "
            "doppelten Anführungszeichen, eine Zahl, true, false, null, eine Liste oder ein "
            "Objekt)",
        ),
        (
            '{\n  "variant": "classic"\n  "sides": []\n}',
            "not valid JSON at line 3, column 3: a comma or the end of the list or object "
            "was expected",
            "kein gültiges JSON in Zeile 3, Spalte 3: ein Komma oder das Ende der Liste oder "
            "des Objekts wurde erwartet",
        ),
        (
            '{"variant": "classic',
            "not valid JSON at line 1, column 13: a text in double quotes starts here and is "
            "not closed",
            "kein gültiges JSON in Zeile 1, Spalte 13: hier beginnt ein Text in doppelten "
            "Anführungszeichen, der nicht geschlossen wird",
        ),
        (
            '{"note": "a\\qb"}',
            "not valid JSON at line 1, column 12: a backslash in a text is not followed by "
            'one of " \\ / b f n r t u',
            "kein gültiges JSON in Zeile 1, Spalte 12: auf einen Backslash in einem Text "
            'folgt keines von " \\ / b f n r t u',
        ),
        (
            "{} {}",
            "not valid JSON at line 1, column 4: there is more text after the end of the "
            "JSON value",
            "kein gültiges JSON in Zeile 1, Spalte 4: nach dem Ende des JSON-Werts folgt noch Text",
        ),
    ],
)
def test_a_file_that_is_not_json_says_where_and_why_in_the_language(
    text: str, english: str, german: str
) -> None:
    """What the JSON reader could not read, in the player's words with its line and
    column: never the json module's English ("Expecting value")."""
    with pytest.raises(RecordError) as caught:
        load_hand(text)
    (problem,) = caught.value.problems
    assert problem.message == english
    with i18n.use("en"):
        assert i18n.problem_text(problem) == english
    with i18n.use("de"):
        assert i18n.problem_text(problem) == german
    for code in ("es", "pt_BR", "it"):
        with i18n.use(code):
            said = i18n.problem_text(problem)
            assert "Expecting" not in said and "line 1" not in said and "JSON" in said, said


def test_the_tabs_language_wins_over_the_one_the_server_was_started_in() -> None:
    # the app's server runs inside the command line's `use`; each tab speaks its own
    with i18n.use("it"):
        assert i18n.current().code == "it"
        i18n.set_resolver(lambda: i18n.language("de"))  # reset by conftest
        assert i18n.current().code == "de"
        assert i18n._("Past matches") == i18n.language("de").translations.gettext("Past matches")
        i18n.set_resolver(lambda: None)  # not a tab's: the command line's language
        assert i18n.current().code == "it"


@pytest.mark.parametrize(
    ("lang", "undo", "undone"),
    [
        ("it", "Annulla aggiunta della mano 3", "Annullato: eliminazione della mano 2"),
        ("es", "Deshacer agregar mano 3", "Deshecho: borrar mano 2"),
        ("pt_BR", "Desfazer inclusão da mão 3", "Desfeito: exclusão da mão 2"),
        ("de", "Rückgängig: Eintrag von Runde 3", "Rückgängig gemacht: Löschen von Runde 2"),
    ],
)
def test_a_change_undone_reads_as_one_phrase(lang: str, undo: str, undone: str) -> None:
    """The change undo and redo name is set inside another phrase ("Undo {undo}"):
    in Italian, Spanish and Portuguese it is not capitalised mid-phrase."""
    from canasta_scorer.i18n import _
    from canasta_scorer.ui.words import change_words

    with i18n.use(lang):
        assert _("Undo {undo}").format(undo=change_words("Add hand 3")) == undo
        assert _("Undone: {change}").format(change=change_words("Delete hand 2")) == undone
