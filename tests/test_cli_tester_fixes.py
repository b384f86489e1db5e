"""Command-line fixes of a new player's pass: a variant named by its name in sentences,
``--db`` before the command's name, too-long names refused in the player's language."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from canasta_scorer.cli import main

SAMPLES = Path(__file__).parent.parent / "assets" / "samples"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "going out needs 1 canasta in a classic game"),
        ("de", "zum Ausmachen braucht es in einem klassischen Spiel 1 Canasta"),
        ("es", "en una partida clásica, para irse hay que tener 1 canasta"),
    ],
)
def test_a_finding_names_the_variant_as_players_say_it(
    lang: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", lang, "score", str(SAMPLES / "illegal-hand.json")]) == 1
    out = capsys.readouterr().out
    assert said in out
    # the id only beside the name
    assert " classic " not in out.replace("(classic)", "").replace("a classic game", "")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Initial meld minimum at −5 in a classic game: 15\n"),
        ("de", "Mindestwert der Erstauslage bei −5 in einem klassischen Spiel: 15\n"),
        ("es", "Mínimo de la primera bajada con −5 en una partida clásica: 15\n"),
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
    evening = str(SAMPLES / "evening-match.json")
    assert main(["--db", f"sqlite:///{before}", "import", evening]) == 0
    assert before.exists() and not after.exists()
    capsys.readouterr()
    assert main(["--db", f"sqlite:///{before}", "matches"]) == 0
    assert "East-West won by 615" in capsys.readouterr().out  # the match imported there
    # given both ways, the command's own (after its name) is the one used: the one
    # before it is not there, and would be refused for a backup
    assert main(["--db", f"sqlite:///{after}", "import", evening]) == 0
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
    assert not before.exists()
    capsys.readouterr()
    assert main(["--help"]) == 0
    assert "--db URL" in capsys.readouterr().out.split("COMMAND ...")[0]  # in the usage line


def test_a_backup_of_a_damaged_database_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Random bytes written into the middle of a SQLite file of the app's: queries
    that miss the damaged page would read on without a word; the backup checks the
    whole file first (SQLite's quick check), says it is damaged and writes nothing."""
    import random
    import sqlite3

    from canasta_scorer.rules import load_match
    from canasta_scorer.store import Store

    path = tmp_path / "canasta.db"
    store = Store.open(f"sqlite:///{path}")
    try:
        record = load_match((SAMPLES / "evening-match.json").read_text(encoding="utf-8"))
        for _ in range(40):
            store.create_match(record)
    finally:
        store.close()
    whole = tmp_path / "whole.json"
    assert main(["backup", str(whole), "--db", f"sqlite:///{path}"]) == 0
    capsys.readouterr()
    size = path.stat().st_size
    page = 4096
    assert size >= 8 * page
    with path.open("r+b") as file:  # a page in the middle, garbled
        file.seek((size // page // 2) * page)
        file.write(random.Random(7).randbytes(page))
    check = sqlite3.connect(path)
    try:  # SQLite's own check finds the damage (or refuses the file outright)
        assert check.execute("PRAGMA integrity_check").fetchone()[0] != "ok"
    except sqlite3.DatabaseError as error:
        assert "malformed" in str(error)
    finally:
        check.close()

    target = tmp_path / "bk.json"
    assert main(["backup", str(target), "--db", f"sqlite:///{path}"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"canasta-scorer: no backup was written: {path} is damaged")
    assert "it was not changed" in err and "Traceback" not in err
    assert "start a new one" not in err  # the player wants their matches, not a new file
    assert not target.exists()


def test_a_score_sheet_is_said_to_be_one_that_cannot_be_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path / 'canasta.db'}"
    assert main(["import", str(SAMPLES / "evening-match.json"), "--db", db]) == 0
    sheet = tmp_path / "out.csv"
    assert main(["export", "1", "--format", "csv", "-o", str(sheet), "--db", db]) == 0
    capsys.readouterr()
    assert main(["import", str(sheet), "--db", db]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"{sheet}: cannot be read as a match file or backup; nothing was imported\n"
        "  this is a score sheet (CSV, what export --format csv writes): a score sheet "
        "cannot be imported, only match files and backups can (export --format json "
        "writes a match file)\n"
    )
    # a CSV file of another kind is still said not to be JSON
    other = tmp_path / "other.csv"
    other.write_text("name,score\nAnn,120\n")
    assert main(["import", str(other), "--db", db]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_a_score_sheet_is_told_by_its_header() -> None:
    from canasta_scorer.store import is_score_sheet

    assert is_score_sheet(
        b'\xef\xbb\xbfhand,dealer,"Ann, Bo hand","Ann, Bo total",Cy hand,Cy total,note\r\n'
    )
    assert is_score_sheet("hand,dealer,A hand,A total,B hand,B total,C hand,C total,note\n")
    assert not is_score_sheet("hand,dealer,A hand,A total,note\n")  # one side: not ours
    assert not is_score_sheet('{"variant": "classic"}')
    assert not is_score_sheet(b"\xff\xfe")


def _database_named(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    given: str,
) -> tuple[Path, str, str]:
    """A database with a match, its URL, and the database itself named as ``given``:
    by its path, relatively, by its write-ahead log, or by a link to it."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "c.db"
    db = f"sqlite:///{path}" if given != "relative" else "sqlite:///c.db"
    assert main(["import", str(SAMPLES / "evening-match.json"), "--db", db]) == 0
    capsys.readouterr()
    (tmp_path / "link.db").symlink_to(path)
    names = {"same": str(path), "relative": "./c.db", "wal": str(path) + "-wal"}
    return path, db, names.get(given, str(tmp_path / "link.db"))


@pytest.mark.parametrize("given", ["same", "relative", "wal", "link"])
def test_a_backup_onto_the_database_itself_is_refused_and_the_matches_stay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    path, db, target = _database_named(tmp_path, monkeypatch, capsys, given)
    before = path.read_bytes()
    assert main(["backup", target, "--db", db]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"canasta-scorer: {Path(target)} is the database itself")
    assert "nothing was written" in err
    assert path.read_bytes()[:16] == before[:16] == b"SQLite format 3\x00"
    assert main(["matches", "--db", db]) == 0  # the store opens, its match listed
    assert "No matches yet." not in capsys.readouterr().out


@pytest.mark.parametrize("given", ["same", "relative", "wal", "link"])
def test_an_export_onto_the_database_itself_is_refused_and_the_matches_stay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    path, db, target = _database_named(tmp_path, monkeypatch, capsys, given)
    before = path.read_bytes()
    for kind in ("json", "csv"):
        assert main(["export", "1", "-o", target, "--format", kind, "--db", db]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err == (
            f"canasta-scorer: {target} is the database itself (or one of its files): writing "
            "the match there would replace every match; nothing was written. Give another "
            "file name\n"
        )
    assert path.read_bytes() == before
    assert main(["matches", "--db", db]) == 0  # the store opens, its match listed
    assert "No matches yet." not in capsys.readouterr().out


def test_an_export_to_a_link_writes_the_file_it_names_and_to_a_device_into_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["import", str(SAMPLES / "evening-match.json"), "--db", db]) == 0
    named = tmp_path / "kept" / "match.json"
    named.parent.mkdir()
    named.write_text("old\n")
    link = tmp_path / "match.json"
    link.symlink_to(named)
    capsys.readouterr()
    assert main(["export", "1", "-o", str(link), "--db", db]) == 2  # it names a file there
    assert "exists already" in capsys.readouterr().err
    assert named.read_text() == "old\n"
    assert main(["export", "1", "-o", str(link), "--db", db, "--force"]) == 0
    assert link.is_symlink()  # the link stays a link, the file it names is the match
    assert named.read_text().startswith("{")
    assert main(["export", "1", "-o", "/dev/null", "--db", db]) == 0
    assert Path("/dev/null").is_char_device()  # written into, not replaced
    if Path("/dev/full").exists():
        assert main(["export", "1", "-o", "/dev/full", "--db", db]) == 2
        err = capsys.readouterr().err
        assert err.endswith("canasta-scorer: cannot write: no room left on the disk\n"), err
        assert Path("/dev/full").is_char_device()


def _under_a_size_limit(db: str, *args: str) -> subprocess.CompletedProcess[str]:
    """The command line in a process whose files may not grow past 4 KB (a full disk
    to SQLite, which cannot make its log's index beside the database)."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    return subprocess.run(
        [sys.executable, "-m", "canasta_scorer", "--db", db, *args],
        capture_output=True,
        text=True,
        preexec_fn=limit,
        timeout=60,
        check=False,
    )


def test_on_a_full_disk_the_matches_can_still_be_listed_and_exported(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    db = f"sqlite:///{path}"
    assert main(["import", str(SAMPLES / "evening-match.json"), "--db", db]) == 0
    for beside in ("-shm", "-wal"):  # as a closed database leaves it, or less
        path.with_name(path.name + beside).unlink(missing_ok=True)
    listed = _under_a_size_limit(db, "matches")
    assert listed.returncode == 0, listed.stderr
    assert "East-West won by 615" in listed.stdout
    exported = _under_a_size_limit(db, "export", "1")
    assert exported.returncode == 0, exported.stderr
    assert json.loads(exported.stdout)["sides"][0]["name"] == "North-South"
    refused = _under_a_size_limit(db, "import", str(SAMPLES / "evening-match.json"))
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"canasta-scorer: no room to save in {path}: the disk is full")


def test_on_a_full_disk_saves_still_in_the_log_are_said_to_need_room(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    db = f"sqlite:///{path}"
    assert main(["import", str(SAMPLES / "evening-match.json"), "--db", db]) == 0
    # another program's save left in the log (never copied into the file)
    subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
            "c.execute('PRAGMA wal_autocheckpoint=0'); "
            'c.execute("INSERT INTO player (name, key, created_at) '
            "VALUES ('Kept', 'kept', '2026-01-01')\"); "
            "c.commit(); os._exit(0)",
            str(path),
        ],
        check=True,
        timeout=60,
    )
    assert path.with_name("c.db-wal").stat().st_size > 0
    path.with_name("c.db-shm").unlink()
    listed = _under_a_size_limit(db, "matches")
    assert listed.returncode == 2
    assert listed.stderr == (
        f"canasta-scorer: cannot read {path}: the disk is full, and SQLite needs room beside "
        "it to read the saves still in its log (c.db-wal); free some space, then try again. "
        "Nothing was changed.\n"
    )


def test_a_sqlite_database_is_said_to_be_one_with_the_way_to_move_its_matches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "phone" / "canasta.db"  # another device's store, with a match
    other.parent.mkdir()
    assert main(["import", str(SAMPLES / "evening-match.json"), "--db", f"sqlite:///{other}"]) == 0
    here = f"sqlite:///{tmp_path / 'here.db'}"
    capsys.readouterr()
    assert main(["import", str(other), "--db", here]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"{other}: cannot be read as a match file or backup; nothing was imported\n"
        "  this is a SQLite database (a store of matches, like the app's own canasta.db), "
        "not a file to import: make a backup of its matches with canasta-scorer --db "
        f"sqlite:///{other} backup BACKUP.json, then import BACKUP.json\n"
    )
    assert "JSON at line" not in err and "UTF-8" not in err
    # what it says to do brings the match here
    backup = tmp_path / "BACKUP.json"
    assert main(["--db", f"sqlite:///{other}", "backup", str(backup)]) == 0
    assert main(["import", str(backup), "--db", here]) == 0
    assert "Imported 1 match" in capsys.readouterr().out


def test_a_sqlite_database_is_told_by_its_first_16_bytes() -> None:
    from canasta_scorer.store import is_sqlite_database

    assert is_sqlite_database(b"SQLite format 3\x00\x10\x00\x02\x02")
    assert not is_sqlite_database(b"SQLite format 3")  # cut short: not a database
    assert not is_sqlite_database(b'{"sides": []}')
    assert not is_sqlite_database(b"")


@pytest.mark.parametrize("far", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00"])
def test_a_start_at_the_ends_of_the_calendar_is_refused_not_an_internal_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], far: str
) -> None:
    """A started_at whose offset moves it past Python's first or last date (it was an
    OverflowError, exit 3, "internal error"): refused in plain words, nothing imported."""
    import json

    data = json.loads((SAMPLES / "evening-match.json").read_text(encoding="utf-8"))
    data["started_at"] = far
    path = tmp_path / "far.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["import", str(path), "--db", db]) == 2
    err = capsys.readouterr().err
    assert "started_at: must fall between the years 1900 and 2999 (in UTC)" in err
    assert "internal error" not in err and "Traceback" not in err
    from canasta_scorer.store import Store

    store = Store.open(db)
    try:
        assert store.matches() == []  # nothing half-imported
    finally:
        store.close()


def test_matches_says_when_there_are_more_than_it_lists(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three matches, two listed: the list says nothing of it, but the command line
    says beside it (standard error) that there are more and what shows them."""
    from canasta_scorer.rules import load_match
    from canasta_scorer.store import Store

    db = f"sqlite:///{tmp_path / 'm.db'}"
    store = Store.open(db)
    try:
        record = load_match((SAMPLES / "evening-match.json").read_text())
        for _ in range(3):
            store.create_match(record)
    finally:
        store.close()

    def listed(out: str) -> int:
        return len([line for line in out.splitlines() if line[:6].strip().isdigit()])

    assert main(["matches", "--db", db, "--limit", "2"]) == 0
    out, err = capsys.readouterr()
    assert listed(out) == 2, out
    assert err == "The newest 2 matches are listed; there are more: --limit sets how many.\n"
    assert main(["matches", "--db", db, "--limit", "3"]) == 0
    out, err = capsys.readouterr()
    assert (listed(out), err) == (3, ""), out


def test_a_database_named_that_is_not_there_is_not_made_to_read_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slip in --db (or CANASTA_SCORER_DB) for a command that only reads (matches,
    export, backup) is said, and no empty database is made there: the matches would
    seem gone. A command that saves (import) makes it, as before."""
    slip = tmp_path / "typo" / "dir" / "x.db"
    for args in (["matches"], ["export", "1"], ["backup", str(tmp_path / "b.json")]):
        assert main([*args, "--db", f"sqlite:///{slip}"]) == 2, args
        err = capsys.readouterr().err
        assert err == (
            f"canasta-scorer: there is no database at {slip}: check the name given with --db "
            "(a new one is made by import, or by the app)\n"
        ), args
    monkeypatch.setenv("CANASTA_SCORER_DB", f"sqlite:///{slip}")
    assert main(["matches"]) == 2
    assert not (tmp_path / "typo").exists()
    assert main(["import", str(SAMPLES / "evening-match.json")]) == 0
    assert slip.exists()
    capsys.readouterr()
    assert main(["matches"]) == 0
    assert "East-West won by 615" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "is not a canasta_scorer database; it was not changed."),
        ("de", "ist keine Datenbank von canasta_scorer; sie wurde nicht geändert."),
        ("es", "no es una base de datos de canasta_scorer; no se cambió."),
        ("it", "non è un database di canasta_scorer; non è stato cambiato."),
        ("pt_BR", "não é um banco de dados do canasta_scorer; não foi alterado."),
    ],
)
def test_the_store_s_refusals_are_said_in_the_command_line_s_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    """A file that is not a database, a folder given as one, a URL that is none: the
    store's words, in the language asked for."""
    junk = tmp_path / "notes.db"
    junk.write_text("shopping list\n")
    assert main(["--lang", lang, "matches", "--db", f"sqlite:///{junk}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"canasta-scorer: {junk} {said.split(';')[0]}"), err
    assert said in err, err
    assert main(["--lang", lang, "matches", "--db", "nonsense://"]) == 2
    err = capsys.readouterr().err
    if lang != "en":
        assert "is not a" not in err, err


@pytest.mark.parametrize("limit", ["0", "-1", "100001"])
def test_matches_limit_is_a_count_said_as_one(
    limit: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--limit 0`` said "there is no match 0", as if it named a match."""
    database = f"sqlite:///{tmp_path / 'canasta.db'}"
    assert main(["--db", database, "matches", "--limit", limit]) == 2
    err = capsys.readouterr().err
    assert f"list from 1 to 100,000 matches at a time, not {limit}" in err
    assert "there is no match" not in err
