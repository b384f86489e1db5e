"""Every command and every option of the command line says what it is for."""

from __future__ import annotations

import argparse

import pytest

from canasta_scorer.cli import _parser, main


def _parsers() -> list[tuple[str, argparse.ArgumentParser]]:
    """Every parser of the command line, the top one first, named as typed."""
    found: list[tuple[str, argparse.ArgumentParser]] = []

    def walk(name: str, parser: argparse.ArgumentParser) -> None:
        found.append((name, parser))
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub, child in action.choices.items():
                    walk(f"{name} {sub}", child)

    walk("canasta-scorer", _parser())
    return found


PARSERS = _parsers()


def test_the_command_line_has_the_commands_it_is_known_by() -> None:
    names = {name for name, _ in PARSERS}
    assert {
        "canasta-scorer score",
        "canasta-scorer match",
        "canasta-scorer check meld",
        "canasta-scorer check pile",
        "canasta-scorer check go-out",
        "canasta-scorer check first-meld",
        "canasta-scorer check-meld",
        "canasta-scorer minimum",
        "canasta-scorer matches",
        "canasta-scorer export",
        "canasta-scorer import",
        "canasta-scorer backup",
        "canasta-scorer app",
    } <= names


@pytest.mark.parametrize(("name", "parser"), PARSERS, ids=[name for name, _ in PARSERS])
def test_every_command_and_option_has_help(name: str, parser: argparse.ArgumentParser) -> None:
    assert parser.description, f"{name} has no description"
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                assert choice.help, f"{name} {choice.dest} has no help"
            continue
        what = action.option_strings or action.dest
        assert action.help and action.help.strip(), f"{name}: {what} has no help"


def _help(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main([*args, "--help"]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_the_help_texts_the_first_hour_needs(capsys: pytest.CaptureFixture[str]) -> None:
    app = _help(["app"], capsys)
    assert "CANASTA_SCORER_ACCESS_CODE" in app and "--host 0.0.0.0" in app
    meld = _help(["check", "meld"], capsys)
    assert "wild-card-melds" in meld and "(0 yes, 1 no)" in meld
    assert _help(["check-meld"], capsys) == meld.replace("check meld", "check-meld")
    listing = _help(["matches"], capsys)
    assert "--status {in_progress,finished} only matches still being played" in listing
    export = _help(["export"], capsys)
    assert "--format {json,csv} json: a match file" in export
    score = _help(["score"], capsys)
    assert "docs/file-format.md" in score and "file format §4 hand file" in score
