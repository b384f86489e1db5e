"""The command line in the player's language: ``--lang`` or the locale variables
(LC_ALL, LC_MESSAGES, LANG), numbers in the language's form."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from canasta_scorer import i18n

ROOT = Path(__file__).resolve().parents[1]
S1 = str(ROOT / "assets" / "samples" / "s1-worked-hand.json")


def _run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        key: value
        for key, value in os.environ.items()
        if key not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
    }
    return subprocess.run(
        [sys.executable, "-m", "canasta_scorer", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**clean, "PYTHONIOENCODING": "utf-8", **env},
        timeout=120,
        check=False,
    )


def _translated(code: str, message: str) -> str:
    """The catalog's translation of ``message`` (read with Babel); fails while the
    catalog does not translate it yet."""
    with (i18n.LOCALE_DIR / code / "LC_MESSAGES" / "messages.po").open("rb") as source:
        found = read_po(source, locale=code).get(message)
    assert found is not None, f"{message!r} is not in the {code} catalog"
    assert found.string, f"{message!r} is not translated in the {code} catalog yet"
    return str(found.string)


def test_english_by_default_and_with_a_c_locale() -> None:
    plain = _run("score", S1)
    assert plain.returncode == 0
    assert "  hand total                                      1,630\n" in plain.stdout
    assert _run("score", S1, LANG="C.UTF-8").stdout == plain.stdout
    assert _run("--lang", "en", "score", S1, LANG="de_DE.UTF-8").stdout == plain.stdout


def test_numbers_follow_the_language_asked_for() -> None:
    german = _run("score", S1, LANG="de_DE.UTF-8")
    assert german.returncode == 0
    assert "1.630" in german.stdout and "1,630" not in german.stdout
    # LC_ALL wins over LANG, --lang over both
    assert "1,630" in _run("score", S1, LC_ALL="en_US.UTF-8", LANG="de_DE.UTF-8").stdout
    assert "1.630" in _run("--lang", "it", "score", S1, LC_ALL="en_US.UTF-8").stdout
    # --lang after the command works too
    assert "1.630" in _run("score", S1, "--lang=es").stdout


def test_a_language_not_spoken_is_refused() -> None:
    done = _run("--lang", "fr", "score", S1)
    assert done.returncode == 2
    assert "--lang fr: not a language of canasta-scorer (en, es, pt_BR, it, de)" in done.stderr
    assert done.stdout == ""


# Until the pt_BR catalog is translated this test fails: that is expected (the catalogs
# are filled before the work is merged).
@pytest.mark.parametrize("how", [("--lang", "pt_BR"), ()], ids=["--lang pt_BR", "LANG=pt_BR.UTF-8"])
def test_the_score_sheet_in_portuguese(how: tuple[str, ...]) -> None:
    done = _run(*how, "score", S1, LANG="pt_BR.UTF-8" if not how else "en_US.UTF-8")
    assert done.returncode == 0
    for words in ("hand total", "cards melded", "red threes {red_threes}", "going out"):
        assert _translated("pt_BR", words).split("{")[0].strip() in done.stdout
    assert _translated("pt_BR", "Hand score sheet — {rules_line}\n\n").split("{")[0] in done.stdout
    assert "1.630" in done.stdout and "1,630" not in done.stdout


def test_a_verdict_in_portuguese() -> None:
    done = _run("--lang", "pt_BR", "check", "meld", "9", "9", "2", "2", "2", "JK")
    assert done.returncode == 1
    wording = _translated(
        "pt_BR", "{meld} has {wilds} wild cards: a meld may hold at most 3, canastas included"
    )
    assert wording.format(meld="9 9 2 2 2 JK", wilds=4) in done.stdout
    assert _translated("pt_BR", "Melds") in done.stdout  # the section title of rules §1.3


def test_argparse_words_in_german() -> None:
    done = _run("--lang", "de", "--help")
    assert done.returncode == 0
    assert done.stdout.startswith("Aufruf: canasta-scorer [-h]")
    assert "\nPositionsargumente:\n" in done.stdout and "\nOptionen:\n" in done.stdout
    assert "-h, --help   diese Hilfe zeigen und beenden" in done.stdout
    assert "--version    die Version des Programms zeigen und beenden" in done.stdout
    for english in ("usage:", "options:", "positional arguments:", "show this help"):
        assert english not in done.stdout


def test_a_usage_error_in_portuguese() -> None:
    missing = _run("--lang", "pt_BR", "score")
    assert missing.returncode == 2
    assert missing.stderr == (
        "uso: canasta-scorer score [-h] [--json] FILE\n"
        "canasta-scorer score: estes argumentos são obrigatórios: FILE\n"
    )
    wrong = _run("check", "nothing", LANG="pt_BR.UTF-8")
    assert wrong.returncode == 2
    assert wrong.stderr.endswith(
        "canasta-scorer check: argumento QUESTION: escolha inválida: 'nothing' "
        "(escolha entre 'meld', 'pile', 'go-out', 'first-meld')\n"
    )


def test_argparse_speaks_english_again_after_a_run() -> None:
    import argparse

    from canasta_scorer.cli import main

    assert main(["--lang", "de", "score", "--help"]) == 0
    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]


def test_the_problems_of_a_file_in_german(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(
        '{"variant": "x", "sides": [{"name": "Wir", "meld": [], "red_threes": "2"}]}',
        encoding="utf-8",
    )
    done = _run("--lang", "de", "score", str(broken))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"{broken}: kann nicht als Rundendatei gelesen werden",
        "  variant: „x“ ist keiner von diesen: „classic“, „two-player“, „three-player“, "
        "„three-player-cutthroat“, „five-player“, „six-player“, „six-player-three-sides“",
        "  sides[0].red_threes: muss eine ganze Zahl sein; erhalten: Text „2“",
        "  sides[0].meld: unbekannter Schlüssel „meld“",
    ]


def test_an_import_that_cannot_be_read_in_portuguese(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"sides": [{"name": "Nós", "start_score": 1.5}]}', encoding="utf-8")
    done = _run("--lang", "pt_BR", "import", str(broken), "--db", f"sqlite:///{tmp_path}/s.db")
    assert done.returncode == 2
    assert "  sides[0].start_score: precisa ser um número inteiro; veio 1.5\n" in done.stderr
    assert "must be" not in done.stderr


def test_an_import_that_breaks_a_rule_in_portuguese(tmp_path: Path) -> None:
    match = tmp_path / "match.json"
    match.write_text(
        '{"sides": [{"name": "Nós"}, {"name": "Eles"}], '
        '"hands": [{"sides": [{"melds": ["K K"]}, {}]}]}',
        encoding="utf-8",
    )
    done = _run("--lang", "pt_BR", "import", str(match), "--db", f"sqlite:///{tmp_path}/s.db")
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert lines[0] == f"{match}: nada foi importado: estas regras foram violadas"
    assert lines[1] == (
        "  hands[0].sides[0].melds[0]: K K tem 2 cartas: um jogo precisa de pelo menos 3 "
        "[regras §1.3 Jogos]"
    )
