"""Import in the app: Past matches, Import, a file from the device's picker; what it
holds is shown before anything is saved, a file with any problem is refused whole,
a match already kept is not doubled, a file past the limit is refused unread."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from canasta_scorer.files import IMPORT_LIMIT
from canasta_scorer.rules import load_match
from canasta_scorer.store import Store
from canasta_scorer.ui.app import AccessGate
from tests.ui.harness import AppHarness

OpenApp = Callable[..., AppHarness]
SAMPLES = Path(__file__).parents[2] / "assets" / "samples"


def match(first: tuple[str, str, int], second: tuple[str, str, int]) -> dict[str, Any]:
    """A classic match of one hand typed from a paper count: each side's name, its two
    players (``"Kay Kit"``) and its total."""
    return {
        "sides": [
            {"name": name, "players": players.split()} for name, players, _ in (first, second)
        ],
        "hands": [{"sides": [{"total": first[2]}, {"total": second[2]}]}],
    }


KEEPERS = match(("Keepers", "Kay Kit", 5200), ("Sharers", "Sam Sue", 300))
ROOKIES = match(("Rooks", "Ray Rue", 1200), ("Pawns", "Pat Pia", 800))


def backup(*matches: dict[str, Any]) -> str:
    return json.dumps(
        {
            "format": "canasta-scorer-backup",
            "version": 1,
            "created_at": "2026-01-01T12:00:00+00:00",
            "matches": [{"created_at": "2025-06-01T12:00:00+00:00", "match": m} for m in matches],
        }
    )


@pytest.fixture
def picked(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """The device's picker answers with a file (as the desktop window's does: its path
    and size); ``size`` overrides what the device says the size is."""

    def pick(path: Path | None, size: int | None = None, name: str | None = None) -> None:
        async def pick_files(self: ft.FilePicker, *args: Any, **kwargs: Any) -> list[Any]:
            if path is None:
                return []
            return [
                ft.FilePickerFile(
                    id=0,
                    name=name or path.name,
                    size=path.stat().st_size if size is None else size,
                    path=str(path),
                )
            ]

        monkeypatch.setattr(ft.FilePicker, "pick_files", pick_files)

    return pick


def to_import(app: AppHarness) -> None:
    app.click("Past matches")
    app.click("Import")
    assert app.has_text("Nothing is saved") or app.has_text("before anything is saved")


def test_a_backup_is_shown_then_imported_without_doubling_a_kept_match(
    open_app: OpenApp, store: Store, picked: Callable[..., None], tmp_path: Path
) -> None:
    kept = store.create_match(load_match(json.dumps(KEEPERS)))
    file = tmp_path / "club-backup.json"
    file.write_text(backup(KEEPERS, ROOKIES))
    picked(file)
    app = open_app()
    to_import(app)
    app.click("Choose a file")

    assert app.has_text("club-backup.json")
    assert app.has_text("A backup of 2 matches (2 hands):")
    assert app.has_text("Keepers (Kay, Kit) 5,200 – Sharers (Sam, Sue) 300")
    assert app.has_text("Rooks (Ray, Rue) 1,200 – Pawns (Pat, Pia) 800")
    assert app.has_text(f"already here (match {kept.id}): not imported again")
    assert app.has_text("Keepers won by 4,900")
    assert [m.id for m in store.matches()] == [kept.id]  # shown, nothing saved yet

    app.click("Import 1 match")
    assert app.has_text("Imported 1 match. 1 match was already here, so it was not imported again.")
    listed = store.matches()
    assert sorted(tuple(m.sides) for m in listed) == [("Keepers", "Sharers"), ("Rooks", "Pawns")]
    assert app.has_text("Rooks (Ray, Rue) 1,200 – Pawns (Pat, Pia) 800")  # on Past matches now
    assert "Pat" in store.players()

    # the same file again: every match is there, nothing to import
    app.click("Import")
    app.click("Choose a file")
    assert app.has_text("Every match of this file is already here: there is nothing to import.")
    with pytest.raises(AssertionError, match="no button"):
        app.button("import-confirm")
    assert len(store.matches()) == 2


def test_a_file_breaking_a_rule_is_refused_whole_with_its_rule(
    open_app: OpenApp, store: Store, picked: Callable[..., None], tmp_path: Path
) -> None:
    broken = json.loads(json.dumps(ROOKIES))
    for side in broken["hands"][0]["sides"]:
        side["went_out"] = "out"  # both sides went out
    file = tmp_path / "two.json"
    file.write_text(backup(KEEPERS, broken))
    picked(file)
    app = open_app()
    to_import(app)
    app.click("Choose a file")
    assert app.has_text("Nothing will be imported: these rules are broken.")
    assert app.has_text(
        "matches[1].match.hands[0].sides[1].went_out: Rooks and Pawns both went out"
    )
    assert app.has_text("rules §1.9 going out")
    with pytest.raises(AssertionError, match="no button"):
        app.button("import-confirm")
    assert store.matches() == [] and store.players() == []


def test_a_file_that_is_not_a_match_file_says_every_problem(
    open_app: OpenApp, store: Store, picked: Callable[..., None], tmp_path: Path
) -> None:
    unreadable = json.loads(json.dumps(ROOKIES))
    unreadable["sides"][0]["colour"] = "red"
    file = tmp_path / "odd.json"
    file.write_text(json.dumps(unreadable))
    picked(file)
    app = open_app()
    to_import(app)
    app.click("Choose a file")
    assert app.has_text("This file cannot be read as a match file or backup")
    assert app.has_text("sides[0].colour:")
    assert store.matches() == []

    picked(SAMPLES / "e3-black-three-meld.json")
    app.click("Choose a file")
    assert app.has_text(
        "e3-black-three-meld.json: this is a hand file (one hand): import takes match files "
        "and backups."
    )

    # a score sheet (what Export saves as CSV) is told for what it is, not as bad JSON
    elsewhere = Store.open("sqlite://")  # exported on another computer
    try:
        made = elsewhere.create_match(load_match((SAMPLES / "evening-match.json").read_text()))
        sheet = tmp_path / "evening.csv"
        sheet.write_text(elsewhere.export_csv(made.id))
    finally:
        elsewhere.close()
    picked(sheet)
    app.click("Choose a file")
    assert app.has_text(
        "evening.csv: this is a score sheet (CSV): a score sheet cannot be imported, only "
        "match files and backups can."
    )
    assert not app.has_text("not valid JSON")

    empty = tmp_path / "empty.json"
    empty.write_text("  \n")
    picked(empty)
    app.click("Choose a file")
    assert app.has_text("empty.json: is empty")
    assert store.matches() == []


def test_a_database_file_is_told_for_what_it_is_with_the_way_to_bring_its_matches(
    open_app: OpenApp, store: Store, picked: Callable[..., None], tmp_path: Path
) -> None:
    other = tmp_path / "canasta.db"  # the app's own store, from another device
    elsewhere = Store.open(f"sqlite:///{other}")
    try:
        elsewhere.create_match(load_match((SAMPLES / "evening-match.json").read_text()))
    finally:
        elsewhere.close()
    picked(other)
    app = open_app()
    to_import(app)
    app.click("Choose a file")
    assert app.has_text(
        "canasta.db: this is a database file (SQLite), a store of matches like the app's own "
        "canasta.db: it cannot be imported. Make a backup of its matches on the computer that "
        "keeps it (canasta-scorer --db sqlite:///path/to/canasta.db backup BACKUP.json) and "
        "import that backup."
    )
    assert not app.has_text("not valid JSON") and not app.has_text("UTF-8")
    with pytest.raises(AssertionError, match="no button"):
        app.button("import-confirm")
    assert store.matches() == []


def test_a_file_past_the_limit_is_refused_unread_with_the_limit_named(
    open_app: OpenApp, store: Store, picked: Callable[..., None], tmp_path: Path
) -> None:
    never_read = tmp_path / "huge.json"  # not there: reading it would fail the test
    never_read.write_text("{}")
    picked(never_read, size=IMPORT_LIMIT + 1)
    never_read.unlink()
    app = open_app()
    to_import(app)
    app.click("Choose a file")
    assert app.has_text(
        "huge.json: is larger than a match file or backup may be (256 MB); nothing was imported."
    )
    assert not app.has_text("could not be read")
    assert store.matches() == []


def test_no_file_chosen_changes_nothing_and_cancel_goes_back(
    open_app: OpenApp, store: Store, picked: Callable[..., None]
) -> None:
    picked(None)
    app = open_app()
    to_import(app)
    app.click("Choose a file")
    assert not app.has_text("Import 1 match")
    app.click("Cancel")
    assert app.has_text("No matches yet.")
    assert store.matches() == []


def test_a_tab_behind_the_access_code_reaches_no_import(
    open_app: OpenApp, store: Store, picked: Callable[..., None], tmp_path: Path
) -> None:
    """Only a tab past the access gate can choose a file (and so be given an address to
    send it to)."""
    file = tmp_path / "one.json"
    file.write_text(json.dumps(KEEPERS))
    picked(file)
    app = open_app(AccessGate("2468"))
    for label in ("Past matches", "Import", "Choose a file"):
        with pytest.raises(AssertionError, match="no button"):
            app.button(label)
    app.type("Access code", "2468")
    app.click("Unlock")
    to_import(app)
    app.click("Choose a file")
    app.click("Import 1 match")
    assert app.has_text("Imported 1 match.")
    assert [tuple(m.sides) for m in store.matches()] == [("Keepers", "Sharers")]


def test_the_import_screen_speaks_the_tab_s_language(
    open_app: OpenApp, store: Store, picked: Callable[..., None], tmp_path: Path
) -> None:
    """In German (the real catalog): the preview, a refusal's rule and the result."""
    file = tmp_path / "sicherung.json"
    file.write_text(backup(KEEPERS, ROOKIES))
    picked(file)
    app = open_app()
    app.choose("Language", "de")
    app.click("Frühere Partien")
    app.click("Importieren")
    app.click("Datei wählen")
    assert app.has_text("Eine Sicherung mit 2 Partien (2 Runden):")
    assert app.has_text("Keepers (Kay, Kit) 5.200 – Sharers (Sam, Sue) 300")
    app.click("2 Partien importieren")
    assert app.has_text("2 Partien importiert.")

    broken = json.loads(json.dumps(ROOKIES))
    for side in broken["hands"][0]["sides"]:
        side["went_out"] = "out"
    file.write_text(json.dumps(broken))
    app.click("Importieren")
    app.click("Datei wählen")
    assert app.has_text("Nichts wird importiert: Diese Regeln sind verletzt.")
    assert app.has_text("Regeln §1.9 Ausmachen")
    assert len(store.matches()) == 2


def test_an_empty_file_from_the_browser_is_refused_at_once_and_clears_the_last_one(
    open_app: OpenApp, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 0-byte file picked in the browser (known by its name and size only) is
    refused as empty without being sent (Flet's web client never reports the end of a
    0-byte upload); the previous file's refusal goes, and Choose a file stays usable."""
    files = [
        ft.FilePickerFile(
            id=0, name="e3.json", size=10, path=str(SAMPLES / "e3-black-three-meld.json")
        ),
        ft.FilePickerFile(id=1, name="empty.json", size=0),
    ]

    async def pick_files(self: ft.FilePicker, *args: Any, **kwargs: Any) -> list[Any]:
        return [files.pop(0)]

    async def never_sent(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("an empty file was sent")

    monkeypatch.setattr(ft.FilePicker, "pick_files", pick_files)
    monkeypatch.setattr(ft.FilePicker, "upload", never_sent)
    app = open_app()
    to_import(app)
    app.click("Choose a file")
    assert app.has_text(
        "e3.json: this is a hand file (one hand)",
    )
    app.click("Choose a file")
    assert app.has_text("empty.json: is empty")
    assert not app.has_text("this is a hand file")
    assert not app.has_text("Reading the file…")
    assert not app.button("Choose a file").disabled
    assert store.matches() == []


def test_a_file_that_cannot_be_read_says_so_on_the_screen_and_clears_the_last_one(
    open_app: OpenApp, store: Store, picked: Callable[..., None], tmp_path: Path
) -> None:
    empty = tmp_path / "blank.json"
    empty.write_text("")
    picked(empty)
    app = open_app()
    to_import(app)
    app.click("Choose a file")
    assert app.has_text("blank.json: is empty")
    gone = tmp_path / "gone.json"
    picked(gone, size=40)  # the device named it, then it could not be read
    app.click("Choose a file")
    assert app.has_text("gone.json could not be read from this device.")
    assert not app.has_text("blank.json: is empty")
    assert not app.has_text("Reading the file…")
    assert not app.button("Choose a file").disabled
    picked(SAMPLES / "e3-black-three-meld.json")
    app.click("Choose a file")
    assert not app.has_text("could not be read")
    assert app.has_text("this is a hand file")


def test_a_backup_of_a_newer_version_says_so(
    open_app: OpenApp, store: Store, picked: Callable[..., None], tmp_path: Path
) -> None:
    newer = json.loads(backup(KEEPERS))
    newer["version"] = 2
    file = tmp_path / "newer.json"
    file.write_text(json.dumps(newer))
    picked(file)
    app = open_app()
    to_import(app)
    app.click("Choose a file")
    assert app.has_text(
        "a backup of version 2, made by a newer canasta_scorer: this one reads backups of version 1"
    )
    assert not app.has_text("is not one of")
    assert store.matches() == []


def test_a_file_listing_a_house_rule_twice_is_refused_naming_the_rule(
    open_app: OpenApp, store: Store, picked: Callable[..., None], tmp_path: Path
) -> None:
    twice = {**KEEPERS, "house_rules": ["draw-on-tie", "wild-card-melds", "draw-on-tie"]}
    file = tmp_path / "twice.json"
    file.write_text(backup(ROOKIES, twice))
    picked(file)
    app = open_app()
    to_import(app)
    app.click("Choose a file")
    assert app.has_text("This file cannot be read as a match file or backup")
    assert app.has_text(
        "matches[1].match.house_rules: the house rule “A tie at the end is a draw” is listed twice"
    )
    with pytest.raises(AssertionError, match="no button"):
        app.button("import-confirm")
    assert store.matches() == []


def test_the_browser_version_reads_only_the_file_sent_never_a_path_a_tab_names(
    open_app: OpenApp, store: Store, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A tab's picker answer is the browser's word: a forged one naming a file of the
    server's own disk (here a match file, which would be shown if it were read) or
    carrying its bytes is not read; only what reaches the upload address is."""
    from canasta_scorer.ui.components import importing

    secret = tmp_path / "server-side.json"
    secret.write_text(json.dumps(KEEPERS))
    forged = [
        ft.FilePickerFile(id=0, name="innocent.json", size=100, path=str(secret)),
        ft.FilePickerFile(id=1, name="carried.json", size=100, bytes=json.dumps(KEEPERS).encode()),
    ]
    uploads: list[str] = []

    async def pick_files(self: ft.FilePicker, *args: Any, **kwargs: Any) -> list[Any]:
        return [forged.pop(0)]

    async def upload(self: ft.FilePicker, files: list[ft.FilePickerUploadFile]) -> None:
        uploads.append(files[0].upload_url)
        raise RuntimeError("nothing is sent in this test")

    monkeypatch.setattr(ft.FilePicker, "pick_files", pick_files)
    monkeypatch.setattr(ft.FilePicker, "upload", upload)
    monkeypatch.setattr(importing, "upload_folder", lambda: tmp_path / "uploads")
    monkeypatch.setattr(ft.Page, "get_upload_url", lambda self, name, expires: f"/upload/{name}")
    app = open_app()
    to_import(app)
    for name in ("innocent.json", "carried.json"):
        app.click("Choose a file")
        assert app.has_text(f"{name} could not be read from this device.")
        assert not app.has_text("Keepers (Kay, Kit) 5,200 – Sharers (Sam, Sue) 300")
    assert len(uploads) == 2  # each asked of the browser, at the upload address
    assert store.matches() == []


def test_a_second_choose_while_one_is_under_way_starts_nothing(
    open_app: OpenApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two clicks of Choose a file at once (a tab can send one while the button is
    disabled): one picker, one upload at most."""
    import asyncio

    calls: list[int] = []

    async def pick_files(self: ft.FilePicker, *args: Any, **kwargs: Any) -> list[Any]:
        calls.append(1)
        await asyncio.sleep(0.2)
        return []

    monkeypatch.setattr(ft.FilePicker, "pick_files", pick_files)
    app = open_app()
    to_import(app)
    button = app.button("Choose a file")
    session = app.session

    async def both() -> None:
        await asyncio.gather(
            session.dispatch_event(button._i, "click", None),
            session.dispatch_event(button._i, "click", None),
        )

    app._run(both())
    app.wait(0.5)
    assert calls == [1]
    app.click("Choose a file")  # once it is over, another may be chosen
    app.wait(0.5)
    assert calls == [1, 1]
