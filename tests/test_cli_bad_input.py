"""Bad command lines and unwritable targets: a plain message, exit 2, never a traceback
or an internal error (exit 3). Real processes, run in parallel."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

SAMPLES = Path(__file__).resolve().parents[1] / "assets" / "samples"


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "canasta_scorer", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("store")
    url = f"sqlite:///{folder / 'x.db'}"
    done = _run(["import", str(SAMPLES / "evening-match.json"), "--db", url])
    assert done.returncode == 0, done.stderr
    return url


def test_bad_input_is_reported_plainly(db: str, tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    cases = {
        "pile size 0": (
            ["check", "pile", "--top", "K", "--hand", "K K", "--pile-size", "0"],
            "--pile-size: 0 is below 1",
        ),
        "negative red threes": (
            ["check", "first-meld", "--meld", "K K K", "--red-threes", "-3"],
            "--red-threes: −3 is below 0",
        ),
        "port out of range": (["app", "--port", "99999"], "“99999” is not a port"),
        "match id too large": (["export", "9" * 25, "--db", db], "there is no match"),
        "export into a missing folder": (
            ["export", "1", "-o", str(tmp_path / "missing" / "x.json"), "--db", db],
            # the file asked for, not the temporary one beside it
            f"cannot write {tmp_path / 'missing' / 'x.json'}: no such file or folder",
        ),
        "an export into a missing folder, in German": (
            ["--lang", "de", "export", "1", "-o", str(tmp_path / "gone" / "x.json"), "--db", db],
            f"{tmp_path / 'gone' / 'x.json'} kann nicht geschrieben werden: keine solche Datei",
        ),
        "a missing file imported, in German": (
            ["--lang", "de", "import", str(tmp_path / "nowhere.json"), "--db", db],
            "nowhere.json: nicht lesbar: keine solche Datei und kein solcher Ordner",
        ),
        "backup onto a folder": (["backup", str(folder), "--db", db], "is a folder"),
        "invalid SQLite URL": (
            ["matches", "--db", "sqlite://tmp/x.db"],
            "is not a database URL canasta_scorer can open",
        ),
        "a hand file imported": (
            ["import", str(SAMPLES / "s1-worked-hand.json"), "--db", db],
            "this is a hand file",
        ),
    }
    with ThreadPoolExecutor(4) as pool:
        results = dict(
            zip(cases, pool.map(_run, [args for args, _ in cases.values()]), strict=True)
        )
    for name, (_, words) in cases.items():
        done = results[name]
        assert done.returncode == 2, (name, done.returncode, done.stderr)
        assert words in done.stderr, (name, done.stderr)
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr, name
        assert "No such file" not in done.stderr and ".partial" not in done.stderr, name
    assert list(tmp_path.glob("*.partial")) == []


def test_import_refuses_a_file_past_its_limit_without_reading_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from canasta_scorer import cli_store
    from canasta_scorer.cli import main

    monkeypatch.setattr(cli_store, "IMPORT_LIMIT", 1024 * 1024)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (1024 * 1024 + 1))
    db = f"sqlite:///{tmp_path / 'canasta.db'}"
    assert main(["import", str(big), "--db", db]) == 2
    err = capsys.readouterr().err
    assert "is larger than a match file or backup may be (1 MB); nothing was imported" in err
    # /dev/zero never ends: only the limit and one byte more are read
    assert main(["import", "/dev/zero", "--db", db]) == 2
    assert "is larger than a match file or backup may be" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("score", "minimum"), [("1,500", 90), ("1500", 90), ("-85", 15), ("2 995", 90), ("3,000", 120)]
)
def test_scores_are_read_as_players_write_them(
    score: str, minimum: int, capsys: pytest.CaptureFixture[str]
) -> None:
    from canasta_scorer.cli import main

    assert main(["minimum", score, "--json"]) == 0
    assert f'"minimum": {minimum}' in capsys.readouterr().out


@pytest.mark.parametrize(
    ("score", "said"),
    [
        ("99999999999999999999", "past the largest score a match can have (±10,000,000)"),
        ("1.5", "“1.5” is not a whole number"),
        ("lots", "“lots” is not a whole number"),
    ],
)
def test_a_score_no_match_can_have_is_refused(
    score: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from canasta_scorer.cli import main

    assert main(["minimum", score]) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(("command", "file"), [("score", "hand file"), ("match", "match file")])
def test_a_file_past_its_limit_is_called_too_large_even_when_its_start_is_blank(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, file: str
) -> None:
    from canasta_scorer.cli import main
    from canasta_scorer.rules import HAND_FILE_LIMIT, MATCH_FILE_LIMIT

    limit = HAND_FILE_LIMIT if command == "score" else MATCH_FILE_LIMIT
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (limit + 10) + b"{}")
    assert main([command, str(big)]) == 2
    err = capsys.readouterr().err
    assert f"is larger than a {file} may be ({limit // (1024 * 1024)} MB)" in err
    assert "is empty" not in err
