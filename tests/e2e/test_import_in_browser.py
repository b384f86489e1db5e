"""Import through the real app in a real browser: a backup chosen with the browser's own
file picker reaches the server (Flet's upload endpoint), is shown, then imported; a
file breaking a rule is refused whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from canasta_scorer.store import Store

from .conftest import AppPage, Server


def _match(sides: tuple[tuple[str, str, str, int], ...]) -> dict[str, Any]:
    """A classic match of one hand typed from a paper count (name, players, total)."""
    return {
        "sides": [{"name": name, "players": [one, two]} for name, one, two, _ in sides],
        "hands": [{"sides": [{"total": total} for *_, total in sides]}],
    }


def _backup(path: Path, *matches: dict[str, Any]) -> Path:
    path.write_text(
        json.dumps(
            {
                "format": "canasta-scorer-backup",
                "version": 1,
                "created_at": "2026-01-01T12:00:00+00:00",
                "matches": [
                    {"created_at": "2025-06-01T12:00:00+00:00", "match": m} for m in matches
                ],
            }
        )
    )
    return path


def _choose(app: AppPage, file: Path) -> None:
    with app.page.expect_file_chooser() as chooser:
        app.tap("Choose a file")
    chooser.value.set_files(str(file))


def _kept(server: Server) -> list[tuple[str, ...]]:
    store = Store.open(server.db_url)
    try:
        return [tuple(m.sides) for m in store.matches(limit=500)]
    finally:
        store.close()


def test_a_backup_chosen_in_the_browser_is_shown_then_imported(
    app: AppPage, server: Server, tmp_path: Path
) -> None:
    first = _match((("Otters", "Oda", "Ole", 3100), ("Beavers", "Bea", "Ben", 900)))
    second = _match((("Herons", "Hal", "Hoa", 450), ("Egrets", "Eli", "Eva", 2650)))
    file = _backup(tmp_path / "lakeside-backup.json", first, second)
    before = _kept(server)

    app.open()
    app.tap("Past matches")
    app.tap("Import")
    _choose(app, file)
    expect(app.text("A backup of 2 matches (2 hands):")).to_be_visible(timeout=30_000)
    expect(app.text("Otters (Oda, Ole) 3,100 – Beavers (Bea, Ben) 900")).to_be_visible()
    expect(app.text("Herons (Hal, Hoa) 450 – Egrets (Eli, Eva) 2,650")).to_be_visible()
    app.shot("import-preview")
    assert _kept(server) == before  # shown, nothing saved

    app.tap("Import 2 matches")
    app.expect_node("message", "Imported 2 matches.")
    kept = _kept(server)
    assert ("Otters", "Beavers") in kept and ("Herons", "Egrets") in kept
    assert len(kept) == len(before) + 2

    # the same file again: nothing doubled
    app.tap("Import")
    _choose(app, file)
    expect(
        app.text("Every match of this file is already here: there is nothing to import.")
    ).to_be_visible(timeout=30_000)
    assert len(_kept(server)) == len(before) + 2


def test_a_file_breaking_a_rule_is_refused_in_the_browser(
    app: AppPage, server: Server, tmp_path: Path
) -> None:
    broken = _match((("Larks", "Lu", "Lea", 700), ("Finches", "Fay", "Fox", 300)))
    for side in broken["hands"][0]["sides"]:
        side["went_out"] = "out"
    file = tmp_path / "larks.json"
    file.write_text(json.dumps(broken))
    before = _kept(server)

    app.open()
    app.tap("Past matches")
    app.tap("Import")
    _choose(app, file)
    expect(app.text("Nothing will be imported: these rules are broken.")).to_be_visible(
        timeout=30_000
    )
    expect(app.text("Larks and Finches both went out")).to_be_visible()
    app.shot("import-refused")
    assert _kept(server) == before


def test_an_empty_file_is_refused_in_the_browser_at_once(
    app: AppPage, server: Server, tmp_path: Path
) -> None:
    """A 0-byte file: refused as empty within seconds (not left on "Reading the
    file…"), the previous file's refusal gone, and another file may be chosen."""
    broken = _match((("Wrens", "Wu", "Wim", 700), ("Rails", "Ria", "Rob", 300)))
    for side in broken["hands"][0]["sides"]:
        side["went_out"] = "out"
    refused = tmp_path / "wrens.json"
    refused.write_text(json.dumps(broken))
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    before = _kept(server)

    app.open()
    app.tap("Past matches")
    app.tap("Import")
    _choose(app, refused)
    expect(app.text("Wrens and Rails both went out")).to_be_visible(timeout=30_000)
    _choose(app, empty)
    expect(app.text("empty.json: is empty")).to_be_visible(timeout=10_000)
    expect(app.text("Wrens and Rails both went out")).to_have_count(0)
    expect(app.text("Reading the file…")).to_have_count(0)
    _choose(app, refused)  # Choose a file works again
    expect(app.text("Wrens and Rails both went out")).to_be_visible(timeout=30_000)
    assert _kept(server) == before
