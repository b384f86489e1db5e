"""A match played through the real app in a real browser: S1's worked hand entered by
tapping, the totals and minimums, a reload, an illegal meld, an edit, a winner.

Every screen is photographed at phone and desktop size (``test-artifacts/screenshots``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect

from canasta_scorer.rules import load_match
from canasta_scorer.store import Store

from .browser import ROOT
from .conftest import AppPage, Server
from .entry_flow import EAST_WEST, NORTH_SOUTH, Counted, Player

PLAYERS = (
    ("North-South player 1", "North"),
    ("North-South player 2", "South"),
    ("East-West player 1", "East"),
    ("East-West player 2", "West"),
)


def start_match(
    app: AppPage,
    *,
    target: str | None = None,
    start_scores: tuple[str, str] | None = None,
    shot: bool = False,
) -> None:
    """From home: New match, the four players, optional target and start scores, Start."""
    app.tap("New match")
    for label, name in PLAYERS:
        app.type(label, name)
    # The first-dealer choice appears once the server has the players.
    expect(app.button("First dealer")).to_be_visible()
    if start_scores or target:
        app.tap(re.compile(r"^Target \d"))  # the target and start scores fold into a line
    if start_scores:
        app.type("North-South start score (resume a paper match)", start_scores[0])
        app.type("East-West start score (resume a paper match)", start_scores[1])
    if target:
        app.type("Target (default 5,000)", target)
    if shot:
        app.shot("new-match")
    app.tap("Start match")
    expect(app.node("total-0")).to_be_visible()
    expect(app.text("North and South")).to_be_visible()
    expect(app.text("East and West")).to_be_visible()
    expect(app.text(f"Target {int(target or 5000):,} · Classic")).to_be_visible()


def add_meld(app: AppPage, rank: str, naturals: int, twos: int = 0, jokers: int = 0) -> None:
    """Tap a rank button, then count the meld's cards with its steppers."""
    name = "black threes" if rank == "Black 3s" else f"{rank}s"
    app.tap(rank)
    app.set_count(f"natural cards in the meld of {name}", naturals)
    if twos:
        app.set_count(f"2s in the meld of {name}", twos)
    if jokers:
        app.set_count(f"jokers in the meld of {name}", jokers)


def enter_worked_hand(app: AppPage) -> None:
    """S1's worked hand (rules §5.1) tapped in as a player would (`entry_flow`), side by
    side, checking each side's live total."""
    player = Player(app.page, Counted())
    expect(app.button(re.compile(r"^North-South\b"))).to_be_visible()
    for name, times in NORTH_SOUTH:
        player.tap(name, times)
    app.expect_node("hand-total-North-South", "North-South hand total 1,630", below=True)
    app.shot("hand-entry")
    player.tap("East-West")
    app.expect_node("side-tab-1", "East-West: hand total 0, not entered yet")
    for name, times in EAST_WEST:
        player.tap(name, times)
    app.expect_node("hand-total-East-West", "East-West hand total 575", below=True)
    app.expect_node("side-tab-0", "North-South: hand total +1,630, no problems")
    app.shot("hand-entry-east-west", at=app.node("hand-total-East-West"))


def expect_scoreboard(app: AppPage, totals: tuple[str, str], minimums: tuple[int, int]) -> None:
    for index, (side, total, minimum) in enumerate(
        zip(("North-South", "East-West"), totals, minimums, strict=True)
    ):
        app.expect_node(f"total-{index}", f"{side} total {total}")
        app.expect_node(f"minimum-{index}", f"{side} initial meld minimum {minimum}")


def s1_hand() -> dict[str, Any]:
    """S1's worked hand as a hand of a match file."""
    hand = json.loads((ROOT / "assets" / "samples" / "s1-worked-hand.json").read_text())
    drop = ("name", "players", "score_before")
    return {"sides": [{k: v for k, v in side.items() if k not in drop} for side in hand["sides"]]}


def seed_match(server: Server, hands: list[dict[str, Any]]) -> int:
    """A classic North-South / East-West match with these hands, straight into the
    server's store (the way another device would have saved it)."""
    record = {
        "variant": "classic",
        "house_rules": [],
        "sides": [
            {"name": "North-South", "players": ["North", "South"]},
            {"name": "East-West", "players": ["East", "West"]},
        ],
        "hands": hands,
    }
    store = Store.open(server.db_url)
    try:
        return store.create_match(load_match(json.dumps(record))).id
    finally:
        store.close()


def test_worked_hand_gives_the_totals_and_minimums_and_survives_a_reload(app: AppPage) -> None:
    app.open()
    expect(app.button("New match")).to_be_visible()
    app.shot("home")
    start_match(app, shot=True)
    app.shot("scoreboard-new")
    app.tap("Enter hand 1")
    enter_worked_hand(app)
    expect(app.button("Save hand")).to_be_enabled()
    app.tap("Save hand")

    expect_scoreboard(app, ("1,630", "575"), (90, 50))
    app.expect_node("message", "Hand 1 saved.")
    app.shot("scoreboard")
    app.shot("scoreboard-hands", at=app.button(re.compile(r"^Hand 1\b")).last)

    # A reload brings the same screen back (Flet keeps the tab's session) ...
    app.reload()
    expect_scoreboard(app, ("1,630", "575"), (90, 50))
    # ... and a new tab (a new session, as on another device) offers to resume it.
    other = app.another_tab()
    resume = other.button(re.compile(r"^Resume: North-South 1,630 – East-West 575$"))
    expect(resume).to_be_visible()
    other.shot("home-resume")
    resume.click()
    expect_scoreboard(other, ("1,630", "575"), (90, 50))
    expect(other.button(re.compile(r"^Hand 1\b")).last).to_be_visible()


def test_an_illegal_meld_is_explained_and_blocks_saving(app: AppPage) -> None:
    app.open()
    start_match(app)
    app.tap("Enter hand 1")
    add_meld(app, "5", 1, twos=2)
    expect(app.text("5 2 2 has 1 natural card: a meld needs at least 2")).to_be_visible()
    expect(app.node("blocked")).to_contain_text("Save is blocked")
    app.shot("illegal-meld")
    app.tap("Save hand")  # tried: refused, with what to fix, and the hand stays
    app.expect_node("message", "Not saved: fix what is marked first")
    expect(app.button("Save hand")).to_be_visible()
    app.shot("save-blocked")

    # Made legal, the same meld no longer blocks on its own account.
    app.set_count("natural cards in the meld of 5s", 2)
    expect(app.text("5 2 2 has 1 natural card: a meld needs at least 2")).to_have_count(0)


def test_editing_an_earlier_hand_moves_the_totals_after_it(app: AppPage, server: Server) -> None:
    seed_match(server, [s1_hand(), s1_hand()])
    app.open()
    app.tap(re.compile(r"^Resume: North-South 3,260 – East-West 1,150$"))
    expect_scoreboard(app, ("3,260", "1,150"), (120, 50))

    app.button(re.compile(r"^Hand 1\b")).last.click()
    expect(app.button("Edit this hand")).to_be_visible()
    app.expect_node("hand-total-East-West", "East-West hand total 575", below=True)
    app.shot("hand-detail")
    app.tap("Edit this hand")
    expect(app.text(re.compile(r"^Editing hand 1\b"))).to_be_visible()
    app.tap(re.compile(r"^East-West\b"))
    app.tap("2 red threes of East-West")
    app.expect_node("side-tab-1", "East-West: hand total +675")
    app.tap("Save hand")

    expect_scoreboard(app, ("3,260", "1,250"), (120, 50))
    app.expect_node("message", "Hand 1 changed; the totals after it follow.")
    expect(
        app.button("Hand 2: North-South +1,630, total 3,260; East-West +575, total 1,250").last
    ).to_be_visible()
    app.shot("scoreboard-edited")


def test_a_finished_match_shows_the_winner_and_is_listed(app: AppPage) -> None:
    app.open()
    start_match(app, target="1000", start_scores=("800", "700"))
    expect_scoreboard(app, ("800", "700"), (50, 50))
    app.tap("Enter hand 1")
    quick = app.switch(re.compile(r"^Quick"))
    Player(app.page, Counted()).find(quick)  # below the cards: the paper count is the
    app.reveal(quick)  # other way (the list builds it when scrolled near)
    app.set_switch(quick, True)
    app.type("North-South hand total", "300")
    app.type("East-West hand total", "100")
    app.expect_node("save-bar", "North-South +300 East-West +100")
    app.shot("quick-entry")
    app.tap("Save hand")

    app.expect_node("winner", "North-South wins by 300")
    app.expect_node("total-0", "North-South total 1,100")
    expect(app.button("Rematch")).to_be_visible()
    app.shot("winner")

    app.tap("Back")
    app.tap("Past matches")
    expect(app.text(re.compile(r"North-South won by 300"))).to_be_visible()
    expect(app.button("Player: Everyone")).to_be_visible()
    app.shot("past-matches")


def test_delete_match_asks_on_the_scoreboard_first(app: AppPage, server: Server) -> None:
    match_id = seed_match(server, [s1_hand()])
    app.page.goto(f"{server.url.rstrip('/')}/match/{match_id}")
    app.enable_semantics()
    delete = app.button("Delete match")
    app.reveal(delete)
    delete.click()
    app.expect_node(
        "delete-match-question", "Delete this match? Its 1 hand goes with it.", below=True
    )
    yes, keep = app.button("Delete"), app.button("Keep the match")
    app.reveal(keep)
    boxes = [yes.bounding_box(), keep.bounding_box()]
    assert all(box is not None and box["height"] >= 48 for box in boxes), boxes
    app.shot("delete-question", at=keep)
    keep.click()
    expect(app.node("delete-match-question")).to_have_count(0)
    app.node("total-0").first.wait_for(state="attached")  # still its scoreboard
    delete = app.button("Delete match")
    app.reveal(delete)
    delete.click()
    yes = app.button("Delete")
    app.reveal(yes)
    yes.click()
    app.expect_node("message", "Match deleted.")
    expect(app.button("Undo")).to_be_visible()


def test_delete_match_question_is_answered_from_the_keyboard(app: AppPage, server: Server) -> None:
    match_id = seed_match(server, [s1_hand()])
    app.page.goto(f"{server.url.rstrip('/')}/match/{match_id}")
    app.enable_semantics()
    for key in ("Enter", "Escape"):  # Enter on Keep (it has the focus), then Esc
        delete = app.button("Delete match")
        app.reveal(delete)
        delete.click()
        app.expect_node(
            "delete-match-question", "Delete this match? Its 1 hand goes with it.", below=True
        )
        app.page.keyboard.press(key)
        expect(app.node("delete-match-question")).to_have_count(0)
        app.node("total-0").first.wait_for(state="attached")  # still its scoreboard
        expect(app.button("Delete match")).to_have_count(1)
    store = Store.open(server.db_url)
    try:
        assert match_id in [m.id for m in store.matches()]  # (others' matches too)
    finally:
        store.close()
