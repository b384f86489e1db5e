"""Files the store and the command line write: renamed into place whole (a full disk
leaves the old file), backups that keep what cannot be read, a garbled cache
recomputed, CSV a real CSV reader reads as written."""

from __future__ import annotations

import csv
import io
import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text
from storekit import hand, record

from canasta_scorer.cli import main
from canasta_scorer.files import write_atomic
from canasta_scorer.rules import score_match
from canasta_scorer.store import Store, StoreError

FORMULA = ("=", "+", "-", "@")


def sqlite_store(tmp_path: Path) -> tuple[Store, str]:
    url = f"sqlite:///{tmp_path / 'canasta.db'}"
    return Store.open(url), url


# --- CSV ----------------------------------------------------------------------------------


def test_line_breaks_in_notes_stay_inside_their_cell_and_run_no_formula(store: Store) -> None:
    notes = ["Ann\r@SUM(1+1)", "two\n=cmd|' /C calc'!A0", "three\r\n+1", "plain"]
    state = store.create_match(record(sides=("Us", "=Them"), players=((), ())))
    for note in notes:
        state = store.add_hand(state.id, hand(0, "clean", "none", note=note), state.version)
    sheet = store.export_csv(state.id)
    rows = list(csv.reader(io.StringIO(sheet, newline="")))
    # header, four hands, total, minimum: a line break never starts a row
    assert [row[0] for row in rows] == ["hand", "1", "2", "3", "4", "total", "minimum"]
    assert len({len(row) for row in rows}) == 1
    assert [row[-1] for row in rows[1:5]] == [
        "Ann\r'@SUM(1+1)",
        "two\n'=cmd|' /C calc'!A0",
        "three\r\n'+1",
        "plain",
    ]
    for row in rows:
        for cell in row:
            for line in cell.replace("\r", "\n").split("\n"):
                number = line.lstrip("-").isdigit()
                assert number or not line.startswith(FORMULA), (cell, row)
    # every line of the file ends CR LF, and no bare CR is outside quotes
    assert sheet.endswith("\r\n")


# --- writing files ------------------------------------------------------------------------


def test_write_atomic_replaces_whole_and_keeps_the_mode(tmp_path: Path) -> None:
    target = tmp_path / "sheet.csv"
    target.write_text("old\n")
    target.chmod(0o640)
    write_atomic(target, "new\n")
    assert target.read_text() == "new\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.csv"]


def _limit_file_size() -> None:
    # room for the database's own files (its shared-memory file is 32 kB), not for
    # the export
    resource.setrlimit(resource.RLIMIT_FSIZE, (48 * 1024, 48 * 1024))


def test_export_to_a_full_disk_leaves_the_old_file_as_it_was(tmp_path: Path) -> None:
    store, url = sqlite_store(tmp_path)
    state = store.create_match(record(target=1_000_000))
    for _ in range(250):
        state = store.add_hand(state.id, hand(), state.version)
    assert len(store.export_match(state.id)) > 48 * 1024
    store.close()
    out = tmp_path / "out"
    out.mkdir()
    target = out / "match.json"
    target.write_text("the old export\n")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "canasta_scorer",
            "export",
            "--db",
            url,
            "1",
            "-o",
            str(target),
            "--force",
        ],
        capture_output=True,
        text=True,
        preexec_fn=_limit_file_size,
        timeout=60,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("canasta-scorer: cannot write")
    assert "Traceback" not in result.stderr
    assert target.read_text() == "the old export\n"
    assert sorted(p.name for p in out.iterdir()) == ["match.json"]


# --- backup and a garbled cache ----------------------------------------------------------


def test_backup_keeps_every_readable_match_and_the_raw_text_of_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, url = sqlite_store(tmp_path)
    good = store.create_match(record())
    store.add_hand(good.id, hand(), good.version)
    bad = store.create_match(record(sides=("Them", "Us")))
    store.add_hand(bad.id, hand(), bad.version)
    with store.engine.begin() as connection:
        connection.execute(
            text("UPDATE hand SET entry = :garbled WHERE match_id = :id"),
            {"garbled": '{"sides": [{"melds": ["K K', "id": bad.id},
        )
    store.close()
    target = tmp_path / "backup.json"
    assert main(["backup", "--db", url, str(target)]) == 1
    out = capsys.readouterr()
    assert "1 match could not be read" in out.err and f"match {bad.id}:" in out.err
    assert "written to" in out.out
    backup = json.loads(target.read_text())
    assert [m["match"]["sides"][0]["name"] for m in backup["matches"]] == ["North-South"]
    kept = json.loads((tmp_path / "backup.json.unreadable.json").read_text())
    assert [item["id"] for item in kept] == [bad.id]
    assert kept[0]["raw"]["hands"] == ['{"sides": [{"melds": ["K K']
    assert [s["name"] for s in kept[0]["raw"]["sides"]] == ["Them", "Us"]
    # the backup of the readable ones imports into a new store
    fresh = Store.open(f"sqlite:///{tmp_path / 'fresh.db'}")
    try:
        assert len(fresh.import_text(target.read_text()).created) == 1
    finally:
        fresh.close()


def test_a_garbled_cached_total_is_recomputed_from_the_hands_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, url = sqlite_store(tmp_path)
    state = store.create_match(record())
    state = store.add_hand(state.id, hand(), state.version)
    expected = score_match(state.record).running_totals
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE match SET running_totals = '[730, '"))
    try:
        [summary] = store.matches()
        assert summary.running_totals == expected
        assert summary.recomputed
    finally:
        store.close()
    assert main(["matches", "--db", url]) == 0
    out = capsys.readouterr().out
    assert f"North-South (Ann, Bob) {expected[0]:,}" in out
    assert "saved totals unreadable: recomputed from the hands" in out


def test_a_player_name_with_a_control_character_is_refused(store: Store) -> None:
    with pytest.raises(StoreError, match="must not hold control characters"):
        store.add_player("Ann\x00")
    assert store.players() == []


def test_the_write_helper_leaves_nothing_behind_when_writing_fails(tmp_path: Path) -> None:
    folder = tmp_path / "gone"
    with pytest.raises(OSError):
        write_atomic(folder / "x.json", "text")
    assert not folder.exists()


def test_backup_keeps_an_existing_file_for_the_unreadable_matches_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, url = sqlite_store(tmp_path)
    good = store.create_match(record())
    store.add_hand(good.id, hand(), good.version)
    bad = store.create_match(record(sides=("Them", "Us")))
    store.add_hand(bad.id, hand(), bad.version)
    with store.engine.begin() as connection:
        connection.execute(
            text("UPDATE hand SET entry = :garbled WHERE match_id = :id"),
            {"garbled": '{"sides": [{"melds": ["K K', "id": bad.id},
        )
    store.close()
    target = tmp_path / "backup.json"
    aside = tmp_path / "backup.json.unreadable.json"
    aside.write_text("kept from before\n")
    assert main(["backup", "--db", url, str(target)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"{aside} exists already: nothing was written" in err
    assert not target.exists() and aside.read_text() == "kept from before\n"
    assert main(["backup", "--db", url, str(target), "--force"]) == 1
    assert [item["id"] for item in json.loads(aside.read_text())] == [bad.id]
    assert json.loads(target.read_text())["matches"]
