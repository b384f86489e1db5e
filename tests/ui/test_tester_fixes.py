"""Fixes of a new player's pass through the app on a phone, in-process
(tests/ui/harness.py): names stop at the file's limit, every error at a field is read
whole, the scoreboard's side names and counted words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import flet as ft
import pytest

from canasta_scorer import i18n
from canasta_scorer.rules import MAX_NAME
from canasta_scorer.store import Store
from canasta_scorer.ui.components.common import ERROR_LINES
from canasta_scorer.ui.state import NewMatch, build_model
from tests.ui.hands import start_classic
from tests.ui.harness import AppHarness
from tests.ui.test_screen_fixes import start_classic_entry

OpenApp = Callable[..., AppHarness]


def _unwrapped_errors(app: AppHarness) -> list[str]:
    """The errors shown at fields that Flet would cut to one line."""
    return [
        str(c.error)
        for c in app.controls()
        if isinstance(c, ft.TextField) and c.error and (c.error_max_lines or 1) < ERROR_LINES
    ]


def test_a_name_field_stops_at_the_limit_and_a_longer_name_is_refused_in_words(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    app.click("New match")
    for label in ("Side 1 name", "North-South player 1", "East-West player 2"):
        assert app.field(label).max_length == MAX_NAME == 80
    app.type("North-South player 1", "A" * 300)  # a browser stops at 80; pasted past it
    for label, name in (
        ("North-South player 2", "Bob"),
        ("East-West player 1", "Cy"),
        ("East-West player 2", "Di"),
    ):
        app.type(label, name)
    app.click("Start match")
    # the app's sentence with the limit, once, at the field (not pydantic's words)
    assert app.field("North-South player 1").error == "A name may have at most 80 characters."
    assert not any("String should" in t for t in app.texts()), app.texts()
    assert store.matches() == []
    assert _unwrapped_errors(app) == []


def test_a_too_long_name_is_refused_in_the_player_s_language(store: Store) -> None:
    form = NewMatch(store)
    form.start()
    form.set_side(0, name="N" * (MAX_NAME + 1))
    with i18n.use("de"):
        assert form.create() is None
        assert form.field_problem("sides[0].name") == "Ein Name darf höchstens 80 Zeichen haben."
    assert store.matches() == []


def test_the_quick_total_s_error_wraps_to_be_read_whole(open_app: OpenApp) -> None:
    app = open_app()
    start_classic_entry(app)
    app.switch("Quick totals", True)
    app.type("North-South hand total", "1237")
    field = app.field("North-South hand total")
    assert field.error.startswith("the hand score 1,237 is not a multiple of 5: every card")
    assert field.error_max_lines == ERROR_LINES
    assert _unwrapped_errors(app) == []


def test_the_chart_s_points_are_in_the_language_s_form(store: Store) -> None:
    import flet_charts as fch  # type: ignore[import-untyped]

    from canasta_scorer.rules import score_match
    from canasta_scorer.ui.components.chart import running_chart

    phone = build_model(store)
    start_classic(phone)
    for north, east in (("3000", "1500"), ("2500", "-120")):
        phone.match.begin_hand()
        phone.entry.set_quick(True)
        phone.entry.set_quick_total(0, north)
        phone.entry.set_quick_total(1, east)
        assert phone.match.save_hand(), phone.nav.message
    assert phone.match.current is not None
    record = phone.match.current.record

    def side_labels(code: str) -> list[str]:
        with i18n.use(code):
            chart: fch.LineChart = running_chart(
                record, score_match(record), 5000
            ).content.controls[0]
        return [label.label.value for label in chart.left_axis.labels]

    # 0 to 6,000 (the highest total, 5,500, and half a step more), every 1,000
    assert side_labels("en") == ["0", "1,000", "2,000", "3,000", "4,000", "5,000", "6,000"]
    assert side_labels("de") == ["0", "1.000", "2.000", "3.000", "4.000", "5.000", "6.000"]
    assert side_labels("es") == side_labels("de")


def test_home_names_the_sides_as_the_scoreboard_does(open_app: OpenApp) -> None:
    app = open_app()
    start_classic_entry(app)
    app.switch("Quick totals", True)
    app.type("North-South hand total", "120")
    app.type("East-West hand total", "45")
    app.click("Save hand")
    app.click("Back")
    assert app.button("Resume: North-South 120 – East-West 45")
    assert "North-South (Ann, Bob) 120 – East-West (Cy, Di) 45" in app.texts()  # its tile
    assert not any("&" in text for text in app.texts()), app.texts()


def _semantics(app: AppHarness, identifier: str) -> ft.Semantics:
    found = [
        c for c in app.controls() if isinstance(c, ft.Semantics) and c.identifier == identifier
    ]
    assert len(found) == 1, found
    return found[0]


def test_the_message_is_a_live_region_of_plain_text(open_app: OpenApp) -> None:
    app = open_app()
    start_classic_entry(app)
    app.switch("Quick totals", True)
    app.type("North-South hand total", "120")
    app.type("East-West hand total", "45")
    app.click("Save hand")
    message = _semantics(app, "message")
    assert message.label == "Hand 1 saved." and message.live_region is True
    # selectable text is a text box to a screen reader: the message is plain text
    texts = [c for c in app.controls() if isinstance(c, ft.Text) and c.value == "Hand 1 saved."]
    assert texts and not any(t.selectable for t in texts)


def test_the_working_message_is_a_live_region() -> None:
    from canasta_scorer.ui.app import _working

    working = _working()
    assert isinstance(working, ft.Semantics)
    assert working.label == "Working…" and working.live_region is True


def test_the_language_is_reached_from_home_s_app_bar(open_app: OpenApp, store: Store) -> None:
    app = open_app()
    menus = [c for c in app.controls() if isinstance(c, ft.PopupMenuButton)]
    assert [m.tooltip for m in menus] == ["Language"]
    items = {item.key: item for item in menus[0].items}
    assert items["language-en"].checked and not items["language-de"].checked
    app.press(items["language-de"])
    assert app.button("Neue Partie")  # the tab speaks German at once
    menu = next(c for c in app.controls() if isinstance(c, ft.PopupMenuButton))
    assert menu.tooltip == "Sprache"
    assert [item.key for item in menu.items if item.checked] == ["language-de"]


def test_a_store_that_can_only_be_read_is_looked_at_and_says_so(tmp_path: Path) -> None:
    """A SQLite file in a folder that cannot be written is opened to be read only
    (`canasta_scorer.store.database.read_only_uri`): home says the matches can be
    looked at but not changed, and a change is refused as read-only."""
    from canasta_scorer.store import StoreReadOnlyError
    from canasta_scorer.store.database import make_engine, read_only_uri

    path = tmp_path / "canasta.db"
    url = f"sqlite:///{path}"
    writable = Store.open(url)
    model = build_model(writable)
    start_classic(model)
    writable.close()
    uri = read_only_uri(path)
    assert uri is not None and uri.endswith("immutable=1")  # no log left beside it
    store = Store(make_engine(url, read_only=uri))
    tab = AppHarness(store)
    try:
        assert store.read_only
        assert tab.has_text(
            "The scores are kept in a folder that cannot be written: the matches can be "
            "looked at but not changed."
        )
        tab.click("Past matches")
        assert any("North-South" in text for text in tab.texts())  # the match is listed
        with pytest.raises(StoreReadOnlyError):
            store.add_player("Ana")
        tab.click("Back")
        tab.click("resume")  # its scoreboard offers no change
        assert tab.has_text(
            "This match can be looked at but not changed: its folder cannot be written."
        )
        for change in ("Enter hand 1", "Delete match"):
            assert change not in tab.texts()
        tab.click("Back")
        tab.click("New match")
        tab.click("Start match")  # refused in words on the form, which stays
        assert tab.has_text(
            "The computer serving the app cannot write the scores. Nothing was changed."
        )
        assert tab.has_text("House rules: none")
    finally:
        tab.close()
        store.close()
    assert not path.with_name("canasta.db-wal").exists()  # nothing written beside it


def test_a_match_the_store_cannot_delete_stays_open_and_says_why(
    open_app: OpenApp, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from canasta_scorer.store import StoreBusyError

    start_classic(build_model(store))

    def busy(*_args: object) -> None:
        raise StoreBusyError("another program is saving to the database")

    monkeypatch.setattr(store, "delete_match", busy)
    app = open_app()
    app.click("resume")
    app.click("Delete match")
    app.click("Delete")  # refused in words, the tab does not fail
    assert any(label.startswith("The scores are busy") for label in app.labels()), app.labels()
    assert "North-South total 0" in app.labels()  # still on its scoreboard
