"""Matches and hands entered through `AppModel`, as a player would (shared by the
UI tests: the state tests use them directly, the screen tests to seed a store
"from another phone")."""

from __future__ import annotations

from canasta_scorer.store import Store
from canasta_scorer.ui.state import AppModel, build_model

#: Seats of the classic match used throughout: sides N-S and E-W.
PLAYERS = (("North", "South"), ("East", "West"))


def three_alone(store: Store) -> int:
    """A three-player match of Ann, Bo and Cy (each a side of their own, named by the
    player), started through the new-match form; its id."""
    model = build_model(store)
    model.nav.new_match("three-player")
    for index, name in enumerate(("Ann", "Bo", "Cy")):
        model.setup.set_side(index, name=name)
    assert model.nav.create_match(), model.setup.problems
    assert model.match.current is not None
    assert model.match.current.record.sides[0].players == ("Ann",)
    return model.match.current.id


def start_classic(state: AppModel, *, first_dealer: str | None = None, target: str = "") -> None:
    """Start a classic match North-South v East-West from the new-match form."""
    state.nav.new_match()
    for side, players in enumerate(PLAYERS):
        for seat, name in enumerate(players):
            state.setup.set_side(side, player=(seat, name))
    if first_dealer:
        state.setup.set_first_dealer(first_dealer)
    if target:
        state.setup.set_target(target)
    assert state.nav.create_match(), state.setup.problems


def enter_s1(state: AppModel) -> None:
    """S1's worked example (rules §5.1) into the draft: N-S 1,630, E-W 575.

    South's 4 5 5 Q K A A are counted by point class (three 7-to-4, two K-to-8, two
    aces-and-2s = 75); East's and West's cards are typed.
    """
    state.entry.set_red_threes(0, 2)
    state.entry.add_meld(0, "3")  # 3 3 3: three naturals to start
    state.entry.set_meld(0, state.entry.add_meld(0, "6"), naturals=6, twos=1)
    state.entry.set_meld(0, state.entry.add_meld(0, "9"), naturals=8)
    state.entry.add_meld(0, "10")
    state.entry.set_meld(0, state.entry.add_meld(0, "J"), naturals=4, twos=2, jokers=1)
    state.entry.set_went_out(0, "out", "North")
    state.entry.set_left(0, 1, seven_to_four=3, king_to_eight=2, aces_and_twos=2)

    state.entry.set_red_threes(1, 1)
    state.entry.set_meld(1, state.entry.add_meld(1, "4"), naturals=2, twos=1)
    state.entry.set_meld(1, state.entry.add_meld(1, "7"), naturals=5, twos=1, jokers=1)
    state.entry.set_meld(1, state.entry.add_meld(1, "10"), naturals=2, jokers=1)
    state.entry.set_meld(1, state.entry.add_meld(1, "A"), naturals=5)
    state.entry.set_left(1, 0, by_cards=True, cards="2 5 6 10 J J")
    state.entry.set_left(1, 1, by_cards=True, cards="4 4 10 Q Q K K")


def enter_small(state: AppModel) -> None:
    """A small legal hand, nobody out: N-S K K K + A A A (90) less 20 + 10 left = 60;
    E-W Q Q Q + 10 10 10 (60) less 10 + 5 left = 45."""
    state.entry.add_meld(0, "K")
    state.entry.add_meld(0, "A")
    state.entry.set_left(0, 0, king_to_eight=2)
    state.entry.set_left(0, 1, seven_to_four=2)
    state.entry.add_meld(1, "Q")
    state.entry.add_meld(1, "10")
    state.entry.set_left(1, 0, king_to_eight=1)
    state.entry.set_left(1, 1, seven_to_four=1)


def enter_sixes_and_kings(state: AppModel) -> None:
    """S1's initial-meld example for N-S: 6 6 6 + K K K 2 = 15 + 50 = 65 melded
    (enough below 1,500, too little from 1,500 on). E-W melds Q Q Q + 10 10 10 (60).
    Nobody goes out; each side holds a card of 10 and one of 5: 50 and 45."""
    state.entry.add_meld(0, "6")
    state.entry.set_meld(0, state.entry.add_meld(0, "K"), twos=1)
    state.entry.set_left(0, 0, king_to_eight=1)
    state.entry.set_left(0, 1, seven_to_four=1)
    state.entry.add_meld(1, "Q")
    state.entry.add_meld(1, "10")
    state.entry.set_left(1, 0, king_to_eight=1)
    state.entry.set_left(1, 1, seven_to_four=1)
