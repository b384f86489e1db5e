"""Command-line fixes of a new player's pass: a variant named by its name in sentences,
``--db`` before the command's name, too-long names refused in the player's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta_scorer.cli import main

SAMPLES = Path(__file__).parent.parent / "assets" / "samples"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "going out needs 1 canasta in Classic"),
        ("de", "zum Ausmachen braucht es in Klassisch 1 Canasta"),
        ("es", "en Clásica, para irse hay que tener 1 canasta"),
    ],
)
def test_a_finding_names_the_variant_as_players_say_it(
    lang: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", lang, "score", str(SAMPLES / "illegal-hand.json")]) == 1
    out = capsys.readouterr().out
    assert said in out
    assert " classic " not in out.replace("(classic)", "")  # the id only beside the name


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Initial meld minimum at −5 in Classic: 15\n"),
        ("de", "Mindestwert der Erstauslage bei −5 in Klassisch: 15\n"),
        ("es", "Mínimo de la primera bajada con −5 en Clásica: 15\n"),
    ],
)
def test_the_minimum_names_the_variant_as_players_say_it(
    lang: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", lang, "minimum", "--", "-5"]) == 0
    assert capsys.readouterr().out == said


def test_every_variant_s_name_in_sentences_is_its_title() -> None:
    from canasta_scorer.rules import VARIANT_INFO, VARIANT_WORDS, variant_phrase
    from canasta_scorer.rules import render_words as render

    assert {key: words.singular for key, words in VARIANT_WORDS.items()} == {
        f"variant.{info.id.value}": info.title for info in VARIANT_INFO.values()
    }
    assert render(variant_phrase("three-player-cutthroat")) == "Three players, cutthroat"


def test_db_is_taken_before_the_command_s_name_as_after_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before, after = tmp_path / "before.db", tmp_path / "after.db"
    assert main(["--db", f"sqlite:///{before}", "matches"]) == 0
    assert capsys.readouterr().out == "No matches yet.\n"
    assert before.exists() and not after.exists()
    # given both ways, the command's own (after its name) is the one used
    before.unlink()
    assert (
        main(
            [
                "--db",
                f"sqlite:///{before}",
                "backup",
                str(tmp_path / "b.json"),
                "--db",
                f"sqlite:///{after}",
            ]
        )
        == 0
    )
    assert after.exists() and not before.exists()
    assert main(["--help"]) == 0
    assert "--db URL" in capsys.readouterr().out.split("COMMAND ...")[0]  # in the usage line
