"""A store that can only be read: no address, button or link enters or edits a hand;
each shows the match's scoreboard, which says why nothing can be changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from canasta_scorer.rules import load_match
from canasta_scorer.store import Store
from canasta_scorer.store.database import make_engine, read_only_uri
from canasta_scorer.ui.state import Screen, build_model
from tests.ui.hands import enter_small, start_classic
from tests.ui.harness import AppHarness, tip

LINE = "This match can be looked at but not changed: its folder cannot be written."


@pytest.fixture
def kept(tmp_path: Path) -> Iterator[tuple[Store, int]]:
    """A match with one hand saved and the next one's draft kept (a king meld),
    opened again to be read only."""
    path = tmp_path / "canasta.db"
    url = f"sqlite:///{path}"
    writable = Store.open(url)
    model = build_model(writable)
    start_classic(model)
    model.match.begin_hand()
    enter_small(model)
    assert model.match.save_hand()
    model.match.begin_hand()
    model.entry.add_meld(0, "K")
    model.entry.flush()
    match_id = writable.matches()[0].id
    writable.close()
    uri = read_only_uri(path)
    assert uri is not None
    store = Store(make_engine(url, read_only=uri))
    assert store.read_only
    try:
        yield store, match_id
    finally:
        store.close()


def _on_scoreboard(tab: AppHarness) -> None:
    assert tab.has_text(LINE), tab.texts()
    assert "Scoreboard" in tab.texts()  # the app bar's title
    assert "North-South total 60" in tab.labels(), tab.labels()
    for change in ("Enter hand 2", "Go on with hand 2", "Save hand", "Discard hand"):
        assert change not in tab.texts()
    # nor do undo and redo (the saved hand's undo is on record, but cannot be made)
    offered = [tip(c) for c in tab.controls()]
    assert not [t for t in offered if t.startswith(("Undo", "Redo"))], offered


def test_the_hand_address_opens_the_scoreboard_saying_why(kept: tuple[Store, int]) -> None:
    store, match_id = kept
    tab = AppHarness(store)
    try:
        tab.route(f"/match/{match_id}/hand")  # the kept draft's address
        _on_scoreboard(tab)
        assert not tab.has_text("Hand 2 · initial meld minimums")
    finally:
        tab.close()


def test_no_action_enters_or_edits_a_hand(kept: tuple[Store, int]) -> None:
    store, match_id = kept
    tab = AppHarness(store)
    try:
        tab.route(f"/match/{match_id}")
        _on_scoreboard(tab)
        tab.click("hand-0")  # a past hand's breakdown offers no edit
        assert tab.has_text(LINE)
        for change in ("Edit this hand", "Delete"):
            assert change not in tab.texts()
        tab.click("Back")
        tab.route(f"/table/{match_id}")
        tab.route(f"/match/{match_id}/hand")  # from the table view
        _on_scoreboard(tab)
    finally:
        tab.close()


def test_the_match_s_actions_keep_to_the_scoreboard(kept: tuple[Store, int]) -> None:
    """What a stale button or link would call (the table view's, the draft's):
    the scoreboard stays, never hand entry."""
    store, match_id = kept
    model = build_model(store)
    model.nav.open_match(match_id)
    for act in (
        model.match.begin_hand,
        model.match.resume_edit,
        lambda: model.match.edit_hand(0),
    ):
        act()
        assert model.nav.screen is Screen.SCOREBOARD


def test_a_finished_match_offers_no_rematch(tmp_path: Path) -> None:
    path = tmp_path / "canasta.db"
    url = f"sqlite:///{path}"
    writable = Store.open(url)
    samples = Path(__file__).parent.parent.parent / "assets" / "samples"
    record = load_match((samples / "evening-match.json").read_text(encoding="utf-8"))
    match_id = writable.create_match(record).id  # East-West won
    writable.close()
    uri = read_only_uri(path)
    assert uri is not None
    store = Store(make_engine(url, read_only=uri))
    tab = AppHarness(store)
    try:
        tab.route(f"/match/{match_id}")
        assert "East-West wins by 615" in tab.texts()
        with pytest.raises(AssertionError):
            tab.button("Rematch")
    finally:
        tab.close()
        store.close()
