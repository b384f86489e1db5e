"""``backup FILE`` and ``export -o FILE`` keep a file that is there already unless
``--force`` is given; a device is still written into, and the database is refused
even with ``--force``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta_scorer.cli import main

SAMPLES = Path(__file__).parent.parent / "assets" / "samples"


def refusal(target: Path) -> str:
    """What is said, alone, of a file that is kept (nothing on the output)."""
    return (
        f"canasta-scorer: {target} exists already: nothing was written. Give another file "
        "name, or add --force to replace it\n"
    )


def _store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    path = tmp_path / "c.db"
    db = f"sqlite:///{path}"
    assert main(["import", str(SAMPLES / "evening-match.json"), "--db", db]) == 0
    capsys.readouterr()
    return path, db


def test_a_backup_onto_an_existing_file_is_refused_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, db = _store(tmp_path, capsys)
    target = tmp_path / "notes.json"
    target.write_text("my own notes\n")
    assert main(["backup", str(target), "--db", db]) == 2
    assert capsys.readouterr() == ("", refusal(target))
    assert target.read_text() == "my own notes\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []

    assert main(["backup", str(target), "--db", db, "--force"]) == 0
    assert capsys.readouterr().out == f"Backup of every match written to {target}\n"
    assert len(json.loads(target.read_text())["matches"]) == 1


def test_a_backup_through_a_link_to_an_existing_file_is_refused_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, db = _store(tmp_path, capsys)
    named = tmp_path / "kept.json"
    named.write_text("keep me\n")
    link = tmp_path / "link.json"
    link.symlink_to(named)
    assert main(["backup", str(link), "--db", db]) == 2
    assert "exists already" in capsys.readouterr().err
    assert named.read_text() == "keep me\n"
    # a link to nothing yet names a new file: written
    fresh = tmp_path / "fresh.json"
    (tmp_path / "dangling.json").symlink_to(fresh)
    assert main(["backup", str(tmp_path / "dangling.json"), "--db", db]) == 0
    assert json.loads(fresh.read_text())["matches"]


def test_a_backup_to_a_device_is_written_into_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, db = _store(tmp_path, capsys)
    assert main(["backup", "/dev/null", "--db", db]) == 0
    assert Path("/dev/null").is_char_device()


def test_force_does_not_let_a_backup_replace_the_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, db = _store(tmp_path, capsys)
    before = path.read_bytes()
    assert main(["backup", str(path), "--db", db, "--force"]) == 2
    assert "is the database itself" in capsys.readouterr().err
    assert path.read_bytes() == before


@pytest.mark.parametrize("kind", ["json", "csv"])
def test_an_export_onto_an_existing_file_is_refused_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path, db = _store(tmp_path, capsys)
    target = tmp_path / f"match.{kind}"
    target.write_text("an older export\n")
    assert main(["export", "1", "-o", str(target), "--format", kind, "--db", db]) == 2
    assert capsys.readouterr() == ("", refusal(target))
    assert target.read_text() == "an older export\n"
    args = ["export", "1", "-o", str(target), "--format", kind, "--db", db, "--force"]
    assert main(args) == 0
    assert target.read_text() != "an older export\n"
    # --force never reaches the database itself
    assert main(["export", "1", "-o", str(path), "--db", db, "--force"]) == 2
    assert "is the database itself" in capsys.readouterr().err


def test_the_refusal_is_in_the_player_s_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, db = _store(tmp_path, capsys)
    target = tmp_path / "b.json"
    target.write_text("x\n")
    assert main(["--lang", "de", "backup", str(target), "--db", db]) == 2
    err = capsys.readouterr().err
    assert "--force" in err and "exists already" not in err
    assert target.read_text() == "x\n"


def test_the_help_of_backup_and_export_names_force(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("backup", "export"):
        assert main([command, "--help"]) == 0
        assert "--force" in capsys.readouterr().out


@pytest.mark.parametrize(
    "command", [["backup", "/dev/stdout"], ["export", "1", "-o", "/dev/stdout"]]
)
def test_dev_stdout_is_the_output_wherever_the_shell_sends_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """A tester's ``backup /dev/stdout | head`` said "cannot write /proc/…/pipe:[…]",
    and ``> file`` was refused as a file that exists (with --force it would have
    been replaced under the shell, which kept writing the old one)."""
    import subprocess
    import sys

    _, db = _store(tmp_path, capsys)
    run = [sys.executable, "-m", "canasta_scorer", "--db", db, *command]
    piped = subprocess.run(run, capture_output=True, check=False)
    assert (piped.returncode, piped.stderr.count(b"Traceback")) == (0, 0), piped.stderr

    def read(data: bytes) -> object:
        found = json.loads(data)
        found.pop("created_at", None)  # a backup's own time
        return found

    written = read(piped.stdout)
    redirected = tmp_path / "out.json"
    with redirected.open("wb") as handle:
        into_file = subprocess.run(run, stdout=handle, stderr=subprocess.PIPE, check=False)
    assert into_file.returncode == 0, into_file.stderr
    assert read(redirected.read_bytes()) == written
    appended = tmp_path / "log.txt"
    appended.write_bytes(b"before\n")
    with appended.open("ab") as handle:
        added = subprocess.run(run, stdout=handle, stderr=subprocess.PIPE, check=False)
    assert added.returncode == 0, added.stderr
    before, rest = appended.read_bytes().split(b"\n", 1)
    assert before == b"before" and read(rest) == written
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
