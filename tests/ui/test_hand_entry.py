"""Hand entry through the real app in-process: the draft kept in memory and written
to the store debounced (never by a tap), what a reload then finds, quick totals
remembered for the match, untouched sides not shouted at, and a tap re-drawing only
the rows it changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft
import pytest

from canasta_scorer.store import Store
from canasta_scorer.ui.drafts import HandDraft
from tests.ui.harness import AppHarness
from tests.ui.test_screens import start_match

OpenApp = Callable[..., AppHarness]


@pytest.fixture
def writes(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every draft written to the store, as it was written."""
    written: list[str] = []
    real = store.save_draft

    def save_draft(match_id: int, draft: str, **device: str) -> None:
        written.append(draft)
        real(match_id, draft, **device)

    monkeypatch.setattr(store, "save_draft", save_draft)
    return written


def kept_naturals(store: Store) -> list[int]:
    """The naturals of North-South's melds in the draft the store keeps."""
    summary = store.matches(limit=1)[0]
    text = store.draft(summary.id)
    draft = HandDraft.load(text) if text else None
    return [m.naturals for m in draft.sides[0].melds] if draft else []


def test_taps_never_write_the_draft_it_is_written_once_a_moment_later(
    open_app: OpenApp, store: Store, writes: list[str]
) -> None:
    app = open_app(draft_delay=0.2)
    start_match(app)
    app.click("Enter hand 1")
    opened = len(writes)
    assert opened >= 1  # the blank hand, kept as it is opened
    app.click("Add a meld of Qs")
    app.click("5 natural cards in the meld of Qs")
    app.click("More 2s in the meld of Qs")
    assert len(writes) == opened  # three taps, no write
    assert kept_naturals(store) == []

    app.wait(0.3)  # the delay passes: one write for the three taps
    assert len(writes) == opened + 1
    assert kept_naturals(store) == [5]
    # A reload in a new tab (a new session on the same store) finds the meld.
    other = open_app()
    other.click("resume")
    other.click("Go on with hand 1")
    assert "natural cards in the meld of Qs: 5" in other.labels()


def test_a_reload_loses_nothing_older_than_the_delay(
    open_app: OpenApp, store: Store, writes: list[str]
) -> None:
    app = open_app(draft_delay=0.2)
    start_match(app)
    app.click("Enter hand 1")
    app.click("Add a meld of Ks")
    app.wait(0.3)
    app.click("More jokers in the meld of Ks")  # within the delay: not written yet
    assert kept_naturals(store) == [3]
    app.disconnect()  # the tab goes away: written at once
    assert len(writes) == 3
    text = store.draft(store.matches(limit=1)[0].id)
    assert text is not None
    draft = HandDraft.load(text)
    assert draft is not None and draft.sides[0].melds[0].jokers == 1


def test_leaving_hand_entry_and_saving_write_at_once(
    open_app: OpenApp, store: Store, writes: list[str]
) -> None:
    app = open_app(draft_delay=60)  # the delayed write never comes in this test
    start_match(app)
    app.click("Enter hand 1")
    app.click("Add a meld of Ks")
    app.click("Back")
    assert kept_naturals(store) == [3] and len(writes) == 2
    app.click("Go on with hand 1")
    app.click("4 natural cards in the meld of Ks")
    app.click("Add a meld of As")
    app.enter_east_west()
    app.click("Save hand")
    assert "Hand 1 saved." in app.labels()
    assert store.draft(store.matches(limit=1)[0].id) is None  # saved: no draft kept


def test_quick_totals_are_remembered_for_the_match(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.switch("Quick totals", True)
    app.type("North-South hand total", "120")
    app.type("East-West hand total", "-35")
    app.click("Save hand")
    app.click("Enter hand 2")
    assert app.field("Quick totals").value is True  # the next hand starts in quick mode
    assert app.field("North-South hand total").value == ""


def test_an_untouched_side_is_not_entered_yet_until_save_is_tried(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.click("Add a meld of Ks")  # North-South: 30, below the minimum of 50
    labels = app.labels()
    # melds still growing: how far they have come, not an error, until Save is tried
    assert "North-South: hand total +30, below the minimum so far" in labels
    assert app.has_text("North-South: melds of 30 so far; the initial meld minimum is 50.")
    assert not app.has_text("the first meld was short")
    assert "East-West: hand total 0, not entered yet" in labels
    app.click("side-1")
    assert app.has_text("East-West: not entered yet.")
    assert not app.has_text("has no cards left but did not go out")  # not shouted at yet
    app.click("Save hand")  # tried: every side's problems show
    # where the first is, and how many places more
    assert "Not saved: fix what is marked first, at East-West and 1 more place." in app.labels()
    labels = app.labels()
    assert not any("not entered yet" in label for label in labels)
    assert "East-West: hand total 0, 1 problem" in labels
    assert "North-South: hand total +30, 1 problem" in labels  # now said as the error it is
    assert app.has_text("Nothing is entered for East-West")
    app.click("side-0")
    assert app.has_text(
        "North-South, with a score of 0 points, melded 30 points in all, below the initial "
        "meld minimum of 50: melds only grow, so the first meld was short (unless the side "
        "went out concealed)"
    )
    assert not app.has_text("North-South: melds of 30 so far; the initial meld minimum is 50.")


def test_a_side_left_blank_is_a_problem_once_save_is_tried(open_app: OpenApp, store: Store) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    for rank in ("K", "Q"):  # North goes out with two natural canastas
        app.click(f"Add a meld of {rank}s")
        app.click(f"naturals-0-{rank}-7")
    app.click("out-0-North")
    app.click("2 cards K to 8 (10) in South's hand")
    labels = app.labels()
    assert "North-South: hand total +1,220, no problems" in labels
    assert "East-West: hand total 0, not entered yet" in labels  # not red while entering
    assert app.has_text("Enter every side to save.")
    assert not app.has_text("fix them to save") and not app.has_text("fix it to save")
    app.click("Save hand")
    assert any(label.startswith("Not saved: fix what is marked first") for label in app.labels())
    assert "East-West: hand total 0, 1 problem" in app.labels()
    assert app.has_text("1 problem: fix it to save (all sides are checked).")
    app.click("side-1")
    assert app.has_text(
        "Nothing is entered for East-West: no melds, no red threes, no cards left in hand, "
        "and it did not go out; a side that did not go out still holds cards"
    )
    assert store.match(store.matches()[0].id).record.hands == ()  # nothing saved
    app.click("2 cards K to 8 (10) in East's hand")
    app.click("2 cards K to 8 (10) in West's hand")
    app.click("Save hand")
    assert "Hand 1 saved." in app.labels()


def test_a_quick_total_left_empty_is_marked_once_save_is_tried(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.switch("Quick totals", True)
    app.type("North-South hand total", "120")
    assert app.field("East-West hand total").error is None  # still to be typed
    app.click("Save hand")
    assert any(label.startswith("Not saved: fix what is marked first") for label in app.labels())
    assert app.field("East-West hand total").error
    app.type("East-West hand total", "-35")
    app.click("Save hand")
    assert "Hand 1 saved." in app.labels()


def test_who_went_out_is_one_tap_and_their_cards_left_row_goes(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.click("2 cards K to 8 (10) in North's hand")
    app.click("out-0-North")
    assert not any("in North's hand" in label for label in app.labels())
    assert any("in South's hand" in label for label in app.labels())
    app.switch("Concealed (melded all at once)", True)
    app.click("out-0-North")  # again: nobody on this side went out
    assert app.has_text("Nobody on this side went out.")
    assert "cards K to 8 (10) in North's hand: 0" in app.labels()  # emptied when out


def test_every_button_of_hand_entry_is_at_least_48_px(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.click("Add a meld of 7s")
    small: list[Any] = []
    for control in app.controls():
        if isinstance(control, ft.IconButton | ft.FilledButton | ft.OutlinedButton):
            width, height = control.width, control.height
            if (width is not None and width < 48) or (height is not None and height < 48):
                small.append((control.tooltip or control.content, width, height))
    assert small == []


def test_a_tap_redraws_the_rows_it_changed_not_the_screen(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    for rank in ("4", "5", "6", "7", "8"):
        app.click(f"Add a meld of {rank}s")
    before = {id(c) for c in app.controls()}
    app.click("More jokers in the meld of 8s")
    after = {id(c) for c in app.controls()}
    # The closed melds, the other player's cards-left rows and the rank pad stay the
    # same controls; only the open meld, the totals and the save bar are new.
    kept = len(before & after)
    assert kept > 0.6 * len(before), (kept, len(before))


def _drawn(
    app: AppHarness, monkeypatch: pytest.MonkeyPatch, tap: Callable[[], None]
) -> tuple[list[str], int]:
    """The components drawn again by one tap, by name, and the messages it sent."""
    from flet.components.component import Renderer

    drawn: list[str] = []
    real = Renderer.render

    def render(self: Renderer, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        drawn.append(fn.__name__)
        return real(self, fn, *args, **kwargs)

    monkeypatch.setattr(Renderer, "render", render)
    sent = app.connection.sent
    tap()
    monkeypatch.setattr(Renderer, "render", real)
    return drawn, app.connection.sent - sent


def test_a_plus_tap_is_one_message_and_draws_again_only_the_rows_it_changed(
    open_app: OpenApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.click("Add a meld of Ks")
    app.click("Add a meld of As")
    reds, sent = _drawn(app, monkeypatch, lambda: app.click("More red threes of North-South"))
    assert "North-South hand total 190" in app.labels()  # Ks 30, As 60, a red three 100
    # one patch: the browser draws the count, the totals and the switch in one frame
    assert sent == 1
    assert reds.count("CountButton") == 2  # 0 and 1: their colours
    for row in ("MeldRow", "QuickCounts", "MeldCount", "LeftRow", "ClassCounts", "RankPad"):
        assert row not in reds, row
    meld, sent = _drawn(app, monkeypatch, lambda: app.click("More natural cards in the meld of As"))
    assert "natural cards in the meld of As: 4" in app.labels()
    assert sent == 1
    assert meld.count("MeldRow") == meld.count("QuickCounts") == meld.count("MeldCount") == 1
    assert "RedThrees" not in meld and "LeftRow" not in meld
    left, sent = _drawn(
        app, monkeypatch, lambda: app.click("More cards K to 8 (10) in North's hand")
    )
    assert "cards K to 8 (10) in North's hand: 1" in app.labels()
    assert sent == 1
    assert left.count("LeftRow") == left.count("ClassCounts") == 1
    assert "MeldRow" not in left and "RedThrees" not in left


def test_a_warning_is_counted_apart_from_problems_and_does_not_block_save(
    open_app: OpenApp, store: Store
) -> None:
    """Three players, each a side: Ann melds 90 and has no cards left but did not go
    out, which the rules engine warns of (rules §1.9) without refusing the hand."""
    from tests.ui.hands import three_alone

    match_id = three_alone(store)
    app = open_app()
    app.route(f"/match/{match_id}")
    app.click("Enter hand 1")
    app.click("Add a meld of Ks")
    app.click("Add a meld of As")
    labels = app.labels()
    assert "Ann: hand total +90, 1 warning" in labels, labels
    assert app.has_text("Ann has no cards left but did not go out")  # where it belongs
    assert not app.has_text("fix it to save") and not app.has_text("fix them to save")
    app.click("side-1")
    app.click("Add a meld of Qs")  # 30, below the minimum of 50: a problem too
    assert "Bo: hand total +30, below the minimum so far" in app.labels()
    app.click("Add a meld of Js")
    app.click("side-2")
    app.click("Add a meld of 10s")
    app.click("Add a meld of 9s")
    labels = app.labels()
    assert "Bo: hand total +60, 1 warning" in labels, labels
    assert "Cy: hand total +60, 1 warning" in labels, labels
    app.click("Save hand")  # warnings do not keep it from being saved
    assert app.has_text("Hand 1 saved.") or app.button("Enter hand 2") is not None
    assert len(store.match(match_id).record.hands) == 1


def _chosen(app: AppHarness, label: str) -> bool:
    """Whether the count button named ``label`` is said to be chosen (the selected
    flag of the semantics around it)."""
    button = app.button(label)
    around = button.parent
    assert isinstance(around, ft.Semantics), around
    return bool(around.selected)


def test_every_row_of_count_buttons_says_which_count_is_chosen(open_app: OpenApp) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.click("Add a meld of Ks")
    kings = [f"{n} natural cards in the meld of Ks" for n in (3, 4, 5)]
    assert [_chosen(app, label) for label in kings] == [True, False, False]
    app.click("5 natural cards in the meld of Ks")
    assert [_chosen(app, label) for label in kings] == [False, False, True]

    threes = ["0 red threes of North-South", "1 red three of North-South"]
    assert [_chosen(app, label) for label in threes] == [True, False]
    app.click("1 red three of North-South")
    assert [_chosen(app, label) for label in threes] == [False, True]

    jokers = ["1 joker (50) in North's hand", "2 jokers (50) in North's hand"]
    assert [_chosen(app, label) for label in jokers] == [False, False]
    app.click("2 jokers (50) in North's hand")
    assert [_chosen(app, label) for label in jokers] == [False, True]
    app.click("2 jokers (50) in North's hand")  # the count again: back to none
    assert [_chosen(app, label) for label in jokers] == [False, False]


def test_quick_totals_keep_who_went_out(open_app: OpenApp, store: Store) -> None:
    app = open_app()
    start_match(app)
    app.click("Enter hand 1")
    app.switch("Quick totals", True)
    # each side's players under its total, every button naming its player
    for player in ("North", "South", "East", "West"):
        assert app.button(f"{player} went out")
    assert not app.has_text("Nobody on this side went out.")
    app.type("North-South hand total", "1,230")
    app.type("East-West hand total", "-60")
    app.click("out-0-South")
    app.switch("Concealed (melded all at once)", True)
    app.click("out-1-East")  # a tap on the other side: South's going out is undone
    app.click("out-0-South")
    app.switch("Concealed (melded all at once)", True)
    app.click("Save hand")
    assert "Hand 1 saved." in app.labels()
    played = store.match(store.matches()[0].id).record.hands[0].sides
    assert [(s.total, s.went_out.value, s.went_out_by) for s in played] == [
        (1230, "concealed", "South"),
        (-60, "no", None),
    ]
    # an edit of the hand shows who went out, chosen
    app.click("hand-0")  # the hand's breakdown says it
    texts = app.texts()
    assert texts.count("Went out concealed (South)") == 1
    assert "Total typed from the paper count" in texts
    app.click("Edit this hand")
    assert app.field("Concealed (melded all at once)").value is True
    app.click("out-0-South")  # nobody went out after all
    app.click("Save hand")
    played = store.match(store.matches()[0].id).record.hands[0].sides
    assert [(s.went_out.value, s.went_out_by) for s in played] == [("no", None), ("no", None)]
