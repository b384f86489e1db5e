"""Every number the command line prints for people is below zero with one sign, the
minus sign U+2212 (`i18n.MINUS`), whichever command prints it; JSON, CSV and the files
written keep ASCII's hyphen-minus."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from canasta_scorer import i18n
from canasta_scorer.cli import main

MINUS = "\u2212"

MATCH = {
    "target": 5000,
    "sides": [
        {"name": "Owls", "players": ["Ann", "Bo"], "start_score": -18000},
        {"name": "Larks", "players": ["Cy", "Di"]},
    ],
    "hands": [{"sides": [{"total": -85}, {"total": 120}]}],
}


def test_the_minus_sign_is_one_character() -> None:
    assert i18n.MINUS == MINUS
    for lang in ("en", "de", "es", "it", "pt_BR"):
        with i18n.use(lang):
            assert i18n.number(-5) == f"{MINUS}5"
            assert i18n.number(-18000)[0] == MINUS and "-" not in i18n.number(-18000)
            assert i18n.number(-75, sign=True) == f"{MINUS}75"
            assert i18n.number(-0.004, places=2) in ("0.00", "0,00")  # no "−0.00"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_minimum_import_matches_and_match_write_the_same_sign(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "match.json"
    file.write_text(json.dumps(MATCH))
    db = f"sqlite:///{tmp_path / 'c.db'}"
    thousands = "," if lang == "en" else "."
    outputs = {}
    for command in (
        ["minimum", "-5"],
        ["import", str(file), "--db", db],
        ["matches", "--db", db],
        ["match", str(file)],
    ):
        assert main(["--lang", lang, *command]) == 0
        outputs[command[0]] = capsys.readouterr().out
    assert f"{MINUS}5" in outputs["minimum"]
    for name in ("import", "matches"):
        assert f"Owls (Ann, Bo) {MINUS}18{thousands}085" in outputs[name], outputs[name]
    assert f"{MINUS}18{thousands}000" in outputs["match"] and f"{MINUS}85" in outputs["match"]
    for out in outputs.values():
        assert not re.search(r"(?<![\w-])-\d", out), out  # dates (2026-12-02) aside


def test_a_finding_in_english_writes_the_minus_sign_as_other_languages_do(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for lang in ("en", "es"):
        assert (
            main(["--lang", lang, "check", "first-meld", "--meld", "K K K", "--score", "-7"]) == 1
        )
        out = capsys.readouterr().out
        assert f"{MINUS}7" in out and "-7" not in out


def test_what_programs_read_keeps_ascii(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "match.json"
    file.write_text(json.dumps(MATCH))
    db = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["import", str(file), "--db", db]) == 0
    capsys.readouterr()
    assert main(["match", str(file), "--json"]) == 0
    printed = capsys.readouterr().out
    assert json.loads(printed)["running_totals"] == [-18085, 120]
    assert MINUS not in printed
    assert main(["minimum", "-5", "--json"]) == 0
    assert MINUS not in capsys.readouterr().out
    assert main(["export", "1", "--format", "csv", "--db", db]) == 0
    sheet = capsys.readouterr().out
    assert "start,,,-18000,,0" in sheet and MINUS not in sheet
    exported = tmp_path / "out.json"
    assert main(["export", "1", "-o", str(exported), "--db", db]) == 0
    assert MINUS not in exported.read_text()
    assert json.loads(exported.read_text())["sides"][0]["start_score"] == -18000
