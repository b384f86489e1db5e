"""Export in the browser: the match file, the CSV score sheet and an image of the score
sheet are saved as files (downloads), and each holds the match."""

from __future__ import annotations

import json
import re
from pathlib import Path

from canasta_scorer.rules import load_match, score_match
from canasta_scorer.store import Store

from .conftest import AppPage, Server
from .test_screen_fixes_in_browser import seed


def _seed(server: Server) -> None:
    """A finished match, typed from a paper count: Keepers 5,200, Sharers 300."""
    record = {
        "sides": [
            {"name": "Keepers", "players": ["Kay", "Kit"]},
            {"name": "Sharers", "players": ["Sam", "Sue"]},
        ],
        "hands": [{"sides": [{"total": 5200}, {"total": 300}]}],
    }
    store = Store.open(server.db_url)
    try:
        store.create_match(load_match(json.dumps(record)))
    finally:
        store.close()


def _download(app: AppPage, button: str, into: Path) -> Path:
    with app.page.expect_download() as download:
        app.tap(button)
    target = into / download.value.suggested_filename
    download.value.save_as(target)
    return target


def test_a_match_is_saved_as_a_file_a_sheet_and_an_image(
    app: AppPage, server: Server, tmp_path: Path
) -> None:
    _seed(server)
    app.open()
    app.tap("Past matches")
    app.quiet()  # the list drawn and still: a tap on a tile being drawn was lost once
    app.tap(re.compile(r"^Keepers \(Kay, Kit\) 5,200 – Sharers \(Sam, Sue\) 300"))
    app.tap("Export")

    saved = _download(app, "Save as a file", tmp_path)
    assert saved.suffix == ".json"
    app.expect_node("message", f"The match file (JSON) is downloaded as {saved.name}.")
    match = load_match(saved.read_bytes())
    assert [side.name for side in match.sides] == ["Keepers", "Sharers"]
    result = score_match(match)
    assert (result.running_totals, result.winner, result.margin) == ((5200, 300), "Keepers", 4900)

    app.tap("CSV sheet")
    sheet = _download(app, "Save as a file", tmp_path)
    lines = sheet.read_text().splitlines()
    assert lines[0] == "hand,dealer,Keepers hand,Keepers total,Sharers hand,Sharers total,note"
    assert lines[1] == "1,,5200,5200,300,300,"

    app.tap("Image")
    app.quiet()  # the sheet's text taken down and the image drawn: then photographed
    app.shot("export-image")
    image = _download(app, "Save as a file", tmp_path)
    data = image.read_bytes()
    assert image.suffix == ".png" and data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) > 2000


def test_a_long_side_name_wraps_in_the_score_sheet_image(app: AppPage, server: Server) -> None:
    long = "Die Unbesiegbaren aus dem Schwarzwald"
    shown = seed(
        server,
        [
            {"name": "Wrappers", "players": ["Wes", "Wyn"]},
            {"name": long, "players": ["Uli", "Ute"]},
        ],
        [{"sides": [{"total": 1510}, {"total": 75}]}],
    )
    app.page.goto(f"{server.url}match/{shown}")
    app.enable_semantics()
    app.tap("Export")
    app.tap("Image")
    app.quiet()
    # the column's heading: the whole name, over more than one line (on one line it
    # ran past the screen's edge, and the image lost its end)
    heading = app.text(long).first
    box = heading.bounding_box()
    assert box is not None
    assert box["height"] >= 36 and box["x"] + box["width"] <= 390, box
    app.shot("export-image-long-name")
