"""Layout and wording at phone size, in-process (tests/ui/harness.py): long side names
in hand entry's side switcher and save bar, the new-match form's house rules that do
nothing, errors next to what they are about, the rule checker's answer kept in view,
Past matches' status filter and a deleted hand's Undo."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from canasta_scorer.store import Store
from canasta_scorer.ui.components.checker import ANSWER_HEIGHT
from tests.ui.harness import AppHarness
from tests.ui.test_screen_fixes import fill_classic_seats, start_classic_entry
from tests.ui.test_table_screens import tap_cards

OpenApp = Callable[..., AppHarness]

LONG = ("Donaudampfschifffahrt", "Rindfleischetikettierung", "Grundstücksverkehr")


def _three_long_sides(app: AppHarness) -> None:
    """A match of three sides of two with long names, and hand 1 being entered."""
    app.click("New match")
    app.choose("Variant", "six-player-three-sides")
    for side, team in enumerate(("Team A", "Team B", "Team C")):
        app.type(f"{team} player 1", f"P{side}a")
        app.type(f"{team} player 2", f"P{side}b")
    for side, name in enumerate(LONG):
        app.type(f"Side {side + 1} name", name)
    app.click("Start match")
    app.click("Enter hand 1")


def _texts_of(app: AppHarness, value: str) -> list[ft.Text]:
    return [c for c in app.controls() if isinstance(c, ft.Text) and c.value == value]


def _inside(control: object, key: str) -> bool:
    """Whether ``control`` is drawn inside the control keyed (or identified) ``key``."""
    while control is not None:
        if key in (getattr(control, "key", None), getattr(control, "identifier", None)):
            return True
        control = getattr(control, "parent", None)
    return False


def test_long_side_names_end_in_an_ellipsis_and_are_said_whole(open_app: OpenApp) -> None:
    app = open_app()
    _three_long_sides(app)
    for index, name in enumerate(LONG):
        tab = next(c for c in app.controls() if getattr(c, "key", None) == f"side-{index}")
        assert isinstance(tab, ft.OutlinedButton)
        assert isinstance(tab.tooltip, ft.Tooltip) and tab.tooltip.message == name  # long press
        assert tab.tooltip.exclude_from_semantics  # the label has the name already
        label = next(t for t in _texts_of(app, name) if t.weight == ft.FontWeight.BOLD)
        assert (label.max_lines, label.overflow) == (1, ft.TextOverflow.ELLIPSIS)
        assert f"{name}: hand total 0, not entered yet" in app.labels()


def test_the_save_bar_keeps_every_total_on_one_line(open_app: OpenApp) -> None:
    app = open_app()
    _three_long_sides(app)
    app.click("Add a meld of Ks")  # something entered: the totals show
    bar = next(c for c in app.controls() if isinstance(c, ft.Semantics) and c.key == "save-bar")
    column = bar.content.content
    summary = column.controls[0]
    assert summary.label == f"{LONG[0]} +30   {LONG[1]} 0   {LONG[2]} 0"
    row = summary.content
    assert isinstance(row, ft.Row) and not row.wrap
    names, totals = row.controls[0::2], row.controls[1::2]  # each side's name, then total
    assert [n.value for n in names] == list(LONG)
    assert all((n.max_lines, n.overflow) == (1, ft.TextOverflow.ELLIPSIS) for n in names)
    assert [t.value for t in totals] == ["+30", "0", "0"]
    assert all(t.no_wrap and t.max_lines is None for t in totals)  # always whole
    # what blocks saving: one text of two rows at most, above Save
    said = [c for c in column.controls[1:] if not isinstance(c, ft.Row)]
    assert len(said) == 1
    text = said[0].content if isinstance(said[0], ft.Semantics) else said[0]
    assert text.max_lines == 2 and text.tooltip == text.value


def test_going_out_without_a_canasta_is_said_under_going_out(open_app: OpenApp) -> None:
    app = open_app()
    start_classic_entry(app)
    app.click("Add a meld of Ks")
    app.click("Ann went out")
    app.click("Save hand")
    said = "North-South went out but has no canasta: going out needs 1 canasta in a classic game"
    shown = _texts_of(app, said)
    assert len(shown) == 1  # said once, under Going out (not under Cards left in hand)
    assert _inside(shown[0], "ending-0")


def test_not_saved_goes_once_nothing_is_marked(open_app: OpenApp) -> None:
    app = open_app()
    start_classic_entry(app)
    app.click("Add a meld of Ks")
    app.click("naturals-0-K-6")  # 60 points: the initial meld minimum of 50 is met
    app.click("Ann went out")  # without a canasta
    app.click("Save hand")
    assert app.has_text("Not saved: fix what is marked first")
    app.click("side-1")
    app.click("Add a meld of Qs")
    app.click("naturals-1-Q-6")  # East-West entered; North-South's going out still marked
    assert app.has_text("Not saved: fix what is marked first")
    app.click("side-0")
    app.click("naturals-0-K-7")  # a canasta of kings: going out is fine, nothing marked
    assert not app.has_text("Not saved: fix what is marked first")


def _warnings(app: AppHarness) -> list[str]:
    return [
        str(c.value)
        for c in app.controls()
        if isinstance(c, ft.Text) and c.value and _inside(c, "house-rule-warnings")
    ]


def test_the_new_match_form_warns_of_house_rules_that_do_nothing(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", "two-player")
    app.click("house-rules")
    assert _warnings(app) == []
    app.switch("Cutthroat: 2 canastas to go out", True)
    app.switch("Unfinished wild meld costs 1,000", True)
    assert _warnings(app) == [
        "“Cutthroat: 2 canastas to go out” does nothing here: it only counts in a "
        "three-player cutthroat game.",
        "rules §3 O11 cutthroat with two canastas",
        "“Unfinished wild meld costs 1,000” does nothing without “Wild card melds”.",
        "rules §3 H5 wild-card melds",
    ]
    app.click("house-rules")  # folded: the warnings stay in view
    assert len(_warnings(app)) == 4
    app.choose("Variant", "three-player-cutthroat")
    app.click("house-rules")
    app.switch("Wild card melds", True)
    assert _warnings(app) == []  # both count now


def test_first_dealer_is_greyed_until_the_names_are_typed(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    dealer = next(c for c in app.controls() if getattr(c, "key", None) == "first-dealer")
    assert dealer.disabled
    assert app.has_text("Type the players' names to choose who deals first.")
    for label, name in (
        ("North-South player 1", "Ann"),
        ("North-South player 2", "Bob"),
        ("East-West player 1", "Cy"),
        ("East-West player 2", "Di"),
    ):
        app.type(label, name)
    dealer = next(c for c in app.controls() if getattr(c, "key", None) == "first-dealer")
    assert not dealer.disabled
    assert not app.has_text("Type the players' names to choose who deals first.")
    assert [o.key for o in dealer.options] == ["Ann", "Cy", "Bob", "Di"]


def test_the_checker_s_answer_stays_under_the_fields(open_app: OpenApp) -> None:
    app = open_app()
    app.click("Rule checker")
    tap_cards(app, "9 9 2 2 2 JK")
    answer = next(c for c in app.controls() if getattr(c, "key", None) == "answer")
    body = next(c for c in app.controls() if getattr(c, "key", None) == "checker-body")
    assert isinstance(body, ft.Column) and body.scroll  # the fields scroll …
    assert not _inside(answer, "checker-body")  # … the answer does not
    column = answer.parent
    assert isinstance(column, ft.Column) and column.controls[-1] is answer
    assert column.expand and column.scroll is None
    views = [c for c in app.controls() if isinstance(c, ft.View)]
    assert views and all(v.scroll is None for v in views)  # nor does the page around them
    verdict = [c for c in app.controls() if getattr(c, "identifier", None) == "verdict"]
    assert len(verdict) == 1 and _inside(verdict[0], "answer")
    assert answer.height is None  # as high as the verdict and "Why?"
    app.click("why")
    answer = next(c for c in app.controls() if getattr(c, "key", None) == "answer")
    assert answer.height == ANSWER_HEIGHT  # the reasons scroll within the bar
    assert any(
        "§" in str(c.value)
        for c in app.controls()
        if isinstance(c, ft.Text) and _inside(c, "answer")
    )


def test_the_status_filter_is_three_48_px_buttons_with_their_labels_centred(
    open_app: OpenApp,
) -> None:
    app = open_app()
    app.click("Past matches")
    row = next(c for c in app.controls() if getattr(c, "key", None) == "history-status")
    assert isinstance(row, ft.Row)
    chosen = [part.selected for part in row.controls]
    buttons = [part.content for part in row.controls]
    assert [b.content for b in buttons] == ["All", "Unfinished", "Finished"]
    assert all(b.height == 48 and b.expand for b in buttons)
    assert all(b.icon is None for b in buttons)  # no check mark pushing a label aside
    assert chosen == [True, False, False]
    app.click("Finished")
    row = next(c for c in app.controls() if getattr(c, "key", None) == "history-status")
    assert [part.selected for part in row.controls] == [False, False, True]
    app.click("All")
    row = next(c for c in app.controls() if getattr(c, "key", None) == "history-status")
    assert [part.selected for part in row.controls] == [True, False, False]


def test_a_deleted_hand_is_said_with_undo(open_app: OpenApp, store: Store) -> None:
    app = open_app()
    start_classic_entry(app)
    app.switch("Quick totals", True)
    app.type("North-South hand total", "100")
    app.type("East-West hand total", "50")
    app.click("Save hand")
    app.click("hand-0")
    app.click("Delete")
    assert app.has_text("Hand 1 deleted.")
    assert len(store.match(store.matches()[0].id).record.hands) == 0
    app.click("Undo")
    assert len(store.match(store.matches()[0].id).record.hands) == 1
    assert app.has_text("Undone: deleting hand 1")


def test_a_long_players_went_out_button_keeps_went_out_whole(open_app: OpenApp) -> None:
    app = open_app()
    longest = "Maximiliana Josephina Wilhelmina von Hohenzollern-Sigmaringen"
    fill_classic_seats(app, (longest, "Bob", "Cy", "Di"))
    app.click("Start match")
    app.click("Enter hand 1")
    whole = f"{longest} went out"
    button = app.button(whole)  # by its tooltip: the whole name
    assert isinstance(button.content, ft.Text)
    assert button.content.value == "Maximiliana Josephina… went out"
    assert button.content.semantics_label == whole  # a screen reader hears it whole
    assert app.button("Bob went out").content == "Bob went out"  # a short name as it is
    app.press(button)
    assert app.button(whole).icon == ft.Icons.CHECK  # the one who went out, chosen
    assert app.button("Bob went out").icon is None


def test_a_player_who_is_a_side_did_not_go_out_in_their_own_name(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", "two-player")
    for seat, name in enumerate(("Ann", "Bob")):
        app.type(f"Player {seat + 1}", name)
    app.click("Start match")
    app.click("Enter hand 1")
    assert app.has_text("Ann did not go out.")
    assert not app.has_text("Nobody on this side went out.")  # no side of several here
