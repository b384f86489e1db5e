"""Fixes of the third tester's findings, in-process (tests/ui/harness.py): Delete match
asks first, a refused edit of a finished match's hand is kept and offered again, a
house-rule set's name is checked as it is typed, the black threes' own words, the
switches of three sides, and a kept edit that follows its hand when a hand is deleted."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import pytest

from canasta_scorer import i18n
from canasta_scorer.i18n import _
from canasta_scorer.store import NamedRuleSet, Store
from canasta_scorer.ui.state import AppModel, build_model
from tests.ui.hands import start_classic
from tests.ui.harness import AppHarness, tip

OpenApp = Callable[..., AppHarness]


def _quick_hands(store: Store, *totals: tuple[str, str]) -> AppModel:
    """Another phone: a classic match with hands of quick totals (North-South, East-West)
    saved."""
    phone = build_model(store)
    start_classic(phone)
    for north, east in totals:
        phone.match.begin_hand()
        phone.entry.set_quick(True)
        phone.entry.set_quick_total(0, north)
        phone.entry.set_quick_total(1, east)
        assert phone.match.save_hand(), phone.nav.message
    return phone


def _question(app: AppHarness) -> list[str]:
    return [
        c.label
        for c in app.controls()
        if isinstance(c, ft.Semantics) and c.identifier == "delete-match-question"
    ]


# --- 1. Delete match asks first --------------------------------------------------------


def test_delete_match_asks_first_and_keep_keeps_it(open_app: OpenApp, store: Store) -> None:
    _quick_hands(store, ("120", "45"), ("90", "300"))
    app = open_app()
    app.click("resume")
    app.click("Delete match")
    # asked on the scoreboard, nothing deleted yet
    assert _question(app) == ["Delete this match? Its 2 hands go with it."]
    assert len(store.matches()) == 1
    assert "North-South total 210" in app.labels()
    assert "Match deleted." not in app.labels()
    yes, keep = app.button("delete-match-yes"), app.button("delete-match-keep")
    assert (yes.content, keep.content) == ("Delete", "Keep the match")
    assert yes.height >= 48 and keep.height >= 48
    assert keep.autofocus and not yes.autofocus  # the keyboard starts on the safe answer
    app.click("Keep the match")
    assert _question(app) == []
    assert app.button("Delete match") is not None
    assert len(store.matches()) == 1 and "North-South total 210" in app.labels()


def test_delete_match_deletes_on_its_answer_and_home_offers_undo(
    open_app: OpenApp, store: Store
) -> None:
    _quick_hands(store, ("120", "45"))
    app = open_app()
    app.click("resume")
    app.click("Delete match")
    assert _question(app) == ["Delete this match? Its 1 hand goes with it."]
    app.click("Delete")
    assert store.matches() == []
    assert "Match deleted." in app.labels()
    app.click("Undo")
    assert "Match brought back." in app.labels()
    assert "North-South total 120" in app.labels()
    assert _question(app) == []  # asked afresh next time


def test_a_finished_match_is_asked_for_too(open_app: OpenApp, store: Store) -> None:
    phone = _quick_hands(store, ("3000", "100"), ("2500", "200"))
    assert phone.match.current is not None
    app = open_app()
    app.route(f"/match/{phone.match.current.id}")
    assert app.has_text("North-South wins by")
    app.click("Delete match")
    assert _question(app) == ["Delete this match? Its 2 hands go with it."]
    assert len(store.matches()) == 1
    app.click("Delete")
    assert store.matches() == [] and "Match deleted." in app.labels()


def test_a_match_without_hands_is_asked_for_in_its_own_words(
    open_app: OpenApp, store: Store
) -> None:
    _quick_hands(store)
    app = open_app()
    app.click("resume")
    app.click("Delete match")
    assert _question(app) == ["Delete this match? It has no hands yet."]


# --- 2. a refused edit of a finished match's hand is kept and offered again -------------


def _finished_six(store: Store) -> int:
    """The tester's six-player match (3 sides of 2, target 7,500) of five hands of quick
    totals: Team A and Team C tied at 7,500 after hand 4, Team A wins in hand 5; its
    id."""
    phone = build_model(store)
    phone.nav.new_match("six-player-three-sides")
    names = iter(("Ann", "Bob", "Cid", "Dee", "Eve", "Fay"))
    for index, side in enumerate(("Team A", "Team B", "Team C")):
        phone.setup.set_side(index, name=side)
        for seat in range(2):
            phone.setup.set_side(index, player=(seat, next(names)))
    assert phone.nav.create_match(), phone.setup.problems
    for totals in (
        ("1245", "-230", "55"),
        ("2000", "1800", "3000"),
        ("1125", "1290", "-140"),
        ("3130", "3000", "4585"),
        ("100", "0", "-5"),
    ):
        phone.match.begin_hand()
        phone.entry.set_quick(True)
        for side, total in enumerate(totals):
            phone.entry.set_quick_total(side, total)
        assert phone.match.save_hand(), phone.nav.message
    assert phone.match.current is not None and phone.match.current.score.winner == "Team A"
    return phone.match.current.id


def _refused_edit(app: AppHarness, match_id: int) -> None:
    """Edit this finished match → hand 2 → Team A 1,500 → Save hand, refused: Team C
    then wins in hand 4, and hand 5 comes after the match was over."""
    app.route(f"/match/{match_id}")
    app.click("Edit this finished match")
    app.route(f"/match/{match_id}/hand/2")
    app.click("Edit this hand")
    app.type("Team A hand total", "1500")
    app.click("Save hand")
    assert app.has_text(
        "Not saved: this change breaks rules in later hands: hand 5: this hand was recorded "
        "after the match was already over (a side reached 7,500)"
    )


def _buttons(app: AppHarness) -> list[str]:
    return [
        str(c.content)
        for c in app.controls()
        if isinstance(c, ft.FilledButton | ft.OutlinedButton) and isinstance(c.content, str)
    ]


def test_a_refused_edit_of_a_finished_match_is_offered_on_its_scoreboard(
    open_app: OpenApp, store: Store
) -> None:
    match_id = _finished_six(store)
    _refused_edit(open_app(client=True), match_id)
    app = open_app(client=True)  # the tab reloaded, or opened again: the match is locked
    app.route(f"/match/{match_id}")
    assert "Edit this finished match" in _buttons(app)
    assert "Go on editing hand 2" in _buttons(app)  # offered without unlocking first
    app.click("Go on editing hand 2")
    assert app.field("Team A hand total").value == "1500"  # nothing lost
    assert app.has_text("Editing hand 2")
    assert store.match(match_id).score.winner == "Team A"


def test_a_refused_edit_of_a_finished_match_opens_again_at_its_address(
    open_app: OpenApp, store: Store
) -> None:
    match_id = _finished_six(store)
    _refused_edit(open_app(client=True), match_id)
    again = open_app(client=True)  # the tab reloaded, or opened again
    again.route(f"/match/{match_id}/hand")
    assert not again.has_text("This match is finished: choose to edit it first.")
    assert again.field("Team A hand total").value == "1500"
    assert again.has_text("Editing hand 2")
    assert again.has_text("This change breaks rules in a later hand, hand 5:")


# --- 3. a house-rule set's name is checked as it is typed ------------------------------

NO_EMOJI = "Names cannot hold emoji: the app's font cannot show them. Use letters."


def test_a_house_rule_set_name_with_an_emoji_is_said_as_it_is_typed(
    open_app: OpenApp, store: Store
) -> None:
    app = open_app()
    app.click("New match")
    app.type("North-South player 1", "Al 🎉")  # a player's name: said at its field
    assert app.field("North-South player 1").error == NO_EMOJI
    app.click("house-rules")
    app.switch("Pile always frozen", True)
    app.type("Keep these house rules as", "Party 🎉")
    assert app.field("Keep these house rules as").error == NO_EMOJI  # before Keep
    app.click("keep-rules")  # refused, the same words, nothing kept
    assert app.field("Keep these house rules as").error == NO_EMOJI
    assert store.rule_sets() == []
    app.type("Keep these house rules as", "Party")  # fixed: the words go as it is typed
    assert app.field("Keep these house rules as").error is None
    app.click("keep-rules")
    assert store.rule_sets() == [
        NamedRuleSet(name="Party", house_rules=frozenset({"pile-always-frozen"}))
    ]
    # renaming is checked the same way
    app.click("Rename Party")
    app.type("New name for Party", "Fiesta 🎊")
    assert app.field("New name for Party").error == NO_EMOJI
    app.type("New name for Party", "Fiesta")
    assert app.field("New name for Party").error is None
    app.click("Rename")
    assert [named.name for named in store.rule_sets()] == ["Fiesta"]


def test_an_empty_set_name_is_said_only_when_keep_is_tapped(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    app.click("house-rules")
    assert app.field("Keep these house rules as").error is None
    app.click("keep-rules")
    assert app.field("Keep these house rules as").error == (
        "Give the house rules a name to keep them by."
    )
    app.type("Keep these house rules as", "F")  # typing again: the refusal goes
    assert app.field("Keep these house rules as").error is None


# --- 4. the black threes' own words --------------------------------------------------

#: the black-threes meld's count buttons and labels, as each language says them
BLACK_THREES = {
    "en": (
        "3 black threes in the meld",
        "Fewer black threes in the meld",
        "More black threes in the meld",
        "black threes in the meld: 3",
    ),
    "de": (
        "3 schwarze Dreien in der Meldung",
        "Weniger schwarze Dreien in der Meldung",
        "Mehr schwarze Dreien in der Meldung",
        "schwarze Dreien in der Meldung: 3",
    ),
    "es": (
        "3 tres negros en la combinación",
        "Menos tres negros en la combinación",
        "Más tres negros en la combinación",
        "tres negros en la combinación: 3",
    ),
    "it": (
        "3 tre neri nella combinazione",
        "Meno tre neri nella combinazione",
        "Più tre neri nella combinazione",
        "tre neri nella combinazione: 3",
    ),
    "pt_BR": (
        "3 três pretos no jogo",
        "Menos três pretos no jogo",
        "Mais três pretos no jogo",
        "três pretos no jogo: 3",
    ),
}


@pytest.mark.parametrize("code", sorted(BLACK_THREES))
def test_the_black_threes_meld_is_not_said_to_hold_natural_cards(
    open_app: OpenApp, store: Store, code: str
) -> None:
    phone = _quick_hands(store)
    assert phone.match.current is not None
    app = open_app()
    app.choose("Language", code)  # Settings on Home
    app.route(f"/match/{phone.match.current.id}")
    app.click("enter-hand")
    with i18n.use(code):
        add = _("Add a meld of {rank_name}").format(rank_name=i18n.rank_name("3"))
        natural = _("natural cards in the meld of {rank}: {n}").format(
            rank=i18n.rank_name("3"), n=3
        )
        black_threes = i18n.rank_name("3")
    app.click(add)
    three, fewer, more, said = BLACK_THREES[code]
    assert said in app.labels() and natural not in app.labels()
    assert app.button(three) is not None and app.button(fewer) is not None
    assert app.button(more) is not None
    drawn = black_threes[:1].upper() + black_threes[1:]  # the stepper's drawn label
    assert drawn in app.texts()
    app.click(more)
    assert said.replace("3", "4") in app.labels()
    # another meld still counts its natural cards
    with i18n.use(code):
        add_kings = _("Add a meld of {rank_name}").format(rank_name=i18n.rank_name("K"))
        kings = _("natural cards in the meld of {rank}: {n}").format(rank=i18n.rank_name("K"), n=3)
    app.click(add_kings)
    assert kings in app.labels()


# --- 5. three sides' switches: the status under the total -----------------------------


def _tab_texts(app: AppHarness, index: int) -> list[ft.Text]:
    tab = next(c for c in app.controls() if getattr(c, "key", None) == f"side-{index}")
    return [t for t in tab.content.controls if isinstance(t, ft.Text)] + [
        s.content for s in tab.content.controls if isinstance(s, ft.Semantics)
    ]


def test_three_sides_switches_show_the_status_on_its_own_lines(open_app: OpenApp) -> None:
    app = open_app()
    app.click("New match")
    app.choose("Variant", "six-player-three-sides")
    for side, team in enumerate(("Team A", "Team B", "Team C")):
        app.type(f"{team} player 1", f"P{side}a")
        app.type(f"{team} player 2", f"P{side}b")
    app.click("Start match")
    app.click("Enter hand 1")
    app.click("Add a meld of Ks")
    app.click("Add a meld of As")  # 90 melded, below the minimum: two warnings
    name, total, status = _tab_texts(app, 0)
    assert (name.value, total.value, status.value) == ("Team A", "+90", "2 warnings")
    assert total.max_lines == 1 and status.max_lines == 2  # never cut to "no proble…"
    assert status.text_align == ft.TextAlign.CENTER
    tab = next(c for c in app.controls() if getattr(c, "key", None) == "side-0")
    assert tab.height == 76  # name, total and two lines of status
    # read out once, as before: the name, the total and the status
    assert "Team A: hand total +90, 2 warnings" in app.labels()
    assert total.semantics_label == "hand total +90, 2 warnings"
    assert status.parent.exclude_semantics


def test_two_sides_switches_keep_one_line(open_app: OpenApp) -> None:
    from tests.ui.test_screen_fixes import start_classic_entry

    app = open_app()
    start_classic_entry(app)
    texts = _tab_texts(app, 0)
    assert [t.value for t in texts] == ["North-South", "0 · not entered yet"]
    tab = next(c for c in app.controls() if getattr(c, "key", None) == "side-0")
    assert tab.height == 56


# --- Delete hand: a kept edit follows its hand --------------------------------------


def _totals(store: Store, match_id: int) -> list[tuple[int | None, ...]]:
    return [tuple(side.total for side in hand.sides) for hand in store.match(match_id).record.hands]


def _edit_hand_2_kept(app: AppHarness, match_id: int) -> None:
    """Hand 2 edited to North-South 250 and left (Back): "Go on editing hand 2"."""
    app.route(f"/match/{match_id}/hand/2")
    app.click("Edit this hand")
    app.type("North-South hand total", "250")
    app.click("Back")
    assert "Go on editing hand 2" in _buttons(app)


def test_a_kept_edit_follows_its_hand_when_a_hand_before_it_is_deleted(
    open_app: OpenApp, store: Store
) -> None:
    phone = _quick_hands(store, ("100", "50"), ("200", "60"), ("300", "70"))
    assert phone.match.current is not None
    match_id = phone.match.current.id
    app = open_app(client=True)
    _edit_hand_2_kept(app, match_id)
    app.route(f"/match/{match_id}/hand/1")
    app.click("Delete")  # at once, with Undo
    assert "Hand 1 deleted." in app.labels()
    assert "Go on editing hand 1" in _buttons(app)  # the edited hand is hand 1 now
    assert "Go on editing hand 2" not in _buttons(app)
    app.click("Undo")  # in the message: the hand comes back, the edit moves with its hand
    assert "Go on editing hand 2" in _buttons(app)
    app.click(next(tip(b) for b in app.controls() if tip(b).startswith("Redo")))
    app.click("Go on editing hand 1")
    assert app.field("North-South hand total").value == "250"
    app.click("Save hand")
    # the hand edited is replaced, not the one that came after it
    assert _totals(store, match_id) == [(250, 60), (300, 70)]


def test_a_kept_edit_of_a_deleted_hand_is_let_go_and_said(open_app: OpenApp, store: Store) -> None:
    phone = _quick_hands(store, ("100", "50"), ("200", "60"), ("300", "70"))
    assert phone.match.current is not None
    match_id = phone.match.current.id
    app = open_app(client=True)
    _edit_hand_2_kept(app, match_id)
    app.route(f"/match/{match_id}/hand/2")
    app.click("Delete")
    assert "Hand 2 deleted, with the unsaved change being made to it here." in app.labels()
    assert not [b for b in _buttons(app) if b.startswith("Go on editing")]
    assert store.kept_drafts(match_id) == []
    assert _totals(store, match_id) == [(100, 50), (300, 70)]
    app.click("Undo")  # in the message: the hand is back, as it was saved
    assert _totals(store, match_id) == [(100, 50), (200, 60), (300, 70)]
    _edit_hand_2_kept(app, match_id)  # edited again, then its deletion redone
    app.click(next(tip(b) for b in app.controls() if tip(b).startswith("Redo")))
    assert (
        "Redone: deleting hand 2. Hand 2 is not in this match any more, so the unsaved change "
        "being made to it here was let go."
    ) in app.labels()
    assert not [b for b in _buttons(app) if b.startswith("Go on editing")]


def test_a_kept_edit_follows_its_hand_deleted_on_another_device(store: Store) -> None:
    here = _quick_hands(store, ("100", "50"), ("200", "60"), ("300", "70"))
    assert here.match.current is not None
    match_id = here.match.current.id
    here.match.edit_hand(2)
    here.entry.set_quick_total(0, "350")
    here.nav.back_to_scoreboard()
    there = build_model(store)
    there.match.load(match_id)
    there.match.delete_hand(0)
    assert there.match.current is not None
    here.match.follow(there.match.current.version)
    assert here.entry.draft is not None and here.entry.draft.number == 1  # hand 2 now
    kept = store.kept_draft(match_id, here.entry.writer)
    assert kept is not None and '"number":1' in kept.text
