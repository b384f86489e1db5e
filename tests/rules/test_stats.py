"""Player and partnership statistics (`canasta_scorer.rules.statistics`), against answers
worked out by hand.

Four matches are seeded (`seed_matches`); every number of `EXPECTED_PLAYERS` and
`EXPECTED_PARTNERSHIPS` is worked out in the comments below from the plays' hand totals.
The store's tests (tests/store/test_stats_store.py) seed the same matches into a store.

The plays (each side's hand total, rules §1; the same plays as tests/store/storekit.py):

    going out (+100 for going out, no red threes):
      clean  "K×7", "9 9 9 9 2"                      500 + 130 + 100 =   730, 1 canasta
      mixed  "10×5 2 JK", "6 6 6"                    300 + 135 + 100 =   535, 1 canasta
      big    K×7, 9×7, 10×7, 6×7                   2,000 + 245 + 100 = 2,345, 4 canastas
    staying:
      none   never melded, "4 5 9" in hand                 −5 −5 −10 =   −20, 0 canastas
      small  "A A A A", "Q×6", "5 5" in hand              80 + 60 − 10 = 130, 0 canastas
      canasta "J×7", "8 8 8 2", "7" in hand         500 + 120 − 5 =   615, 1 canasta

The matches (oldest first):

    M1 classic, target 1,000: North-South [Ann, Bob] v East-West [Cy, Di]
       hand 1: NS clean, out by Ann (730)          EW small (130)
       hand 2: NS canasta (615)                    EW mixed, out (535; by whom is
                                                   not given: nobody's went_out)
       running NS 1,345, EW 665: finished (NS reached 1,000), won by North-South.
    M2 classic, target 1,000: North-South [ANN, Bob] v East-West [Cy, Eve]
       ("ANN" is Ann, written in another case)
       hand 1 (typed totals): NS 100               EW 400, out by Eve
       hand 2: NS small (130)                      EW clean, out by Cy (730)
       running NS 230, EW 1,130: finished, won by East-West.
    M3 two-player (target 5,000): A [Ann] v B [Di]
       hand 1: A none (−20)                        B big, out (2,345; no went_out_by:
                                                   the lone player Di went out)
       running A −20, B 2,345: unfinished.
    M4 five-player, target 1,000: Trio [Bob, Cy, Eve] v Duo [Di, Ann]
       hand 1, Eve sits out: Trio clean, out by Bob (730)   Duo small (130)
       hand 2, Bob sits out: Trio none (−20)                Duo big, out by Di (2,345)
       running Trio 710, Duo 2,475: finished, won by Duo.
"""

from __future__ import annotations

from typing import Any

import pytest

from canasta_scorer.rules import (
    MatchHand,
    MatchRecord,
    PartnershipStats,
    PlayerStats,
    Statistics,
    has_errors,
    match_tallies,
    score_match,
    statistics,
    validate_record,
)

__all__ = [
    "EXPECTED_PARTNERSHIPS",
    "EXPECTED_PLAYERS",
    "seed_matches",
    "split",
]

OUT: dict[str, dict[str, Any]] = {
    "clean": {"melds": ["K K K K K K K", "9 9 9 9 2"], "went_out": "out"},
    "mixed": {"melds": ["10 10 10 10 10 2 JK", "6 6 6"], "went_out": "out"},
    "big": {
        "melds": ["K K K K K K K", "9 9 9 9 9 9 9", "10 10 10 10 10 10 10", "6 6 6 6 6 6 6"],
        "went_out": "out",
    },
}
STAY: dict[str, dict[str, Any]] = {
    "none": {"left_in_hand": "4 5 9"},
    "small": {"melds": ["A A A A", "Q Q Q Q Q Q"], "left_in_hand": "5 5"},
    "canasta": {"melds": ["J J J J J J J", "8 8 8 2"], "left_in_hand": "7"},
}


def _out(play: str, by: str | None = None) -> dict[str, Any]:
    data = dict(OUT[play])
    if by is not None:
        data["went_out_by"] = by
    return data


def _hand(*sides: dict[str, Any], sitting_out: str | None = None) -> MatchHand:
    data: dict[str, Any] = {"sides": list(sides)}
    if sitting_out is not None:
        data["sitting_out"] = sitting_out
    return validate_record(MatchHand, data)


def _match(
    variant: str, sides: list[tuple[str, list[str]]], target: int | None = None
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "variant": variant,
        "sides": [{"name": name, "players": players} for name, players in sides],
    }
    if target is not None:
        data["target"] = target
    return data


def seed_matches() -> list[MatchRecord]:
    """The four matches of the module docstring, oldest first, with their hands."""
    m1 = validate_record(
        MatchRecord,
        _match("classic", [("North-South", ["Ann", "Bob"]), ("East-West", ["Cy", "Di"])], 1000),
    )
    m1_hands = (
        _hand(_out("clean", "Ann"), STAY["small"]),
        _hand(STAY["canasta"], _out("mixed")),  # who of East-West went out: not given
    )
    m2 = validate_record(
        MatchRecord,
        _match("classic", [("North-South", ["ANN", "Bob"]), ("East-West", ["Cy", "Eve"])], 1000),
    )
    m2_hands = (
        _hand({"total": 100}, {"total": 400, "went_out": "out", "went_out_by": "Eve"}),
        _hand(STAY["small"], _out("clean", "Cy")),
    )
    m3 = validate_record(MatchRecord, _match("two-player", [("A", ["Ann"]), ("B", ["Di"])]))
    m3_hands = (_hand(STAY["none"], _out("big")),)
    m4 = validate_record(
        MatchRecord,
        _match("five-player", [("Trio", ["Bob", "Cy", "Eve"]), ("Duo", ["Di", "Ann"])], 1000),
    )
    m4_hands = (
        _hand(_out("clean", "Bob"), STAY["small"], sitting_out="Eve"),
        _hand(STAY["none"], _out("big", "Di"), sitting_out="Bob"),
    )
    return [
        m.model_copy(update={"hands": hands})
        for m, hands in ((m1, m1_hands), (m2, m2_hands), (m3, m3_hands), (m4, m4_hands))
    ]


def split(record: MatchRecord) -> tuple[MatchRecord, tuple[MatchHand, ...]]:
    """A match without its hands, and its hands (to enter them one at a time)."""
    return record.model_copy(update={"hands": ()}), record.hands


# Every player, in the order `statistics` sorts them: best win rate first, then more
# wins, then by name (case-insensitively).
EXPECTED_PLAYERS = (
    # Ann (also "ANN" in M2): played (finished) M1 M2 M4 = 3, M3 in progress; won M1 (NS)
    # and M4 (Duo) = 2; win rate 2/3.
    # hands: M1 730, 615; M2 100 (typed), 130; M3 −20; M4 130, 2,345 = 7 hands,
    # 730 + 615 + 100 + 130 − 20 + 130 + 2,345 = 4,030, average 4,030/7, best 2,345.
    # card hands: 7 − 1 typed = 6 (1 quick hand left out); canastas 1 (M1 clean)
    # + 1 (M1 canasta) + 0 (M2 small) + 0 (M3 none) + 0 (M4 small) + 4 (M4 big) = 6,
    # per card hand 6/6 = 1.0.
    # went out: M1 hand 1 (out by Ann) = 1 (M4 hand 2 was Di, M3 was Di).
    PlayerStats(
        name="Ann",
        played=3,
        in_progress=1,
        won=2,
        win_rate=2 / 3,
        hands=7,
        average_hand=4030 / 7,
        best_hand=2345,
        card_hands=6,
        quick_hands=1,
        canastas=6,
        canastas_per_hand=1.0,
        went_out=1,
    ),
    # Di: played (finished) M1 M4 = 2, M3 in progress; won M4 = 1; win rate 1/2.
    # hands: M1 130, 535; M3 2,345; M4 130, 2,345 = 5, sum 5,485, average 1,097, best 2,345.
    # card hands 5; canastas 0 + 1 + 4 + 0 + 4 = 9, per card hand 9/5 = 1.8.
    # went out: M3 (the lone player of side B) + M4 hand 2 (out by Di) = 2.
    PlayerStats(
        name="Di",
        played=2,
        in_progress=1,
        won=1,
        win_rate=0.5,
        hands=5,
        average_hand=1097.0,
        best_hand=2345,
        card_hands=5,
        quick_hands=0,
        canastas=9,
        canastas_per_hand=1.8,
        went_out=2,
    ),
    # Eve: played M2 M4 = 2; finished 2; won M2 = 1; win rate 1/2.
    # hands: M2 400 (typed), 730; M4 hand 2 only (sat out hand 1) −20 = 3, sum 1,110,
    # average 370, best 730.
    # card hands 3 − 1 typed = 2; canastas 1 (M2 clean) + 0 (M4 none) = 1, per hand 1/2.
    # went out: M2 hand 1 (typed, out by Eve) = 1.
    PlayerStats(
        name="Eve",
        played=2,
        in_progress=0,
        won=1,
        win_rate=0.5,
        hands=3,
        average_hand=370.0,
        best_hand=730,
        card_hands=2,
        quick_hands=1,
        canastas=1,
        canastas_per_hand=0.5,
        went_out=1,
    ),
    # Bob: played M1 M2 M4 = 3; finished 3; won M1 = 1; win rate 1/3.
    # hands: M1 730, 615; M2 100 (typed), 130; M4 hand 1 only (sat out hand 2) 730 = 5,
    # sum 2,305, average 461, best 730.
    # card hands 5 − 1 = 4; canastas 1 + 1 + 0 + 1 = 3, per card hand 3/4.
    # went out: M4 hand 1 (out by Bob) = 1.
    PlayerStats(
        name="Bob",
        played=3,
        in_progress=0,
        won=1,
        win_rate=1 / 3,
        hands=5,
        average_hand=461.0,
        best_hand=730,
        card_hands=4,
        quick_hands=1,
        canastas=3,
        canastas_per_hand=0.75,
        went_out=1,
    ),
    # Cy: played M1 M2 M4 = 3; finished 3; won M2 = 1; win rate 1/3 (after Bob by name).
    # hands: M1 130, 535; M2 400 (typed), 730; M4 730, −20 = 6, sum 2,505, average 417.5,
    # best 730.
    # card hands 6 − 1 = 5; canastas 0 + 1 (M1 mixed) + 1 (M2 clean) + 1 (M4 clean) + 0
    # = 3, per card hand 3/5.
    # went out: M2 hand 2 (out by Cy) = 1 (M1 hand 2: East-West went out, by nobody
    # named; M4 hand 1 was Bob, on Cy's side).
    PlayerStats(
        name="Cy",
        played=3,
        in_progress=0,
        won=1,
        win_rate=1 / 3,
        hands=6,
        average_hand=417.5,
        best_hand=730,
        card_hands=5,
        quick_hands=1,
        canastas=3,
        canastas_per_hand=3 / 5,
        went_out=1,
    ),
)

# Sides of two or more players (M3's one-player sides are none), best win rate first,
# then more wins, then by the names.
EXPECTED_PARTNERSHIPS = (
    # Ann + Di: M4's Duo (written Di, Ann: names are sorted), won.
    PartnershipStats(players=("Ann", "Di"), played=1, won=1, win_rate=1.0),
    # Cy + Eve: M2's East-West, won.
    PartnershipStats(players=("Cy", "Eve"), played=1, won=1, win_rate=1.0),
    # Ann + Bob: M1 (won) and M2 (as ANN + Bob: the same partnership, lost).
    PartnershipStats(players=("Ann", "Bob"), played=2, won=1, win_rate=0.5),
    # Bob + Cy + Eve: M4's Trio, lost (each sat out a hand or not: the side is the same).
    PartnershipStats(players=("Bob", "Cy", "Eve"), played=1, won=0, win_rate=0.0),
    # Cy + Di: M1's East-West, lost.
    PartnershipStats(players=("Cy", "Di"), played=1, won=0, win_rate=0.0),
)


def _stats(records: list[MatchRecord]) -> Statistics:
    return statistics((record, score_match(record)) for record in records)


def test_the_seeded_matches_score_as_worked_out() -> None:
    scores = [score_match(record) for record in seed_matches()]
    assert not any(has_errors(list(score.violations)) for score in scores)
    assert [score.running_totals for score in scores] == [
        (1345, 665),
        (230, 1130),
        (-20, 2345),
        (710, 2475),
    ]
    assert [[hand.totals for hand in score.hands] for score in scores] == [
        [(730, 130), (615, 535)],
        [(100, 400), (130, 730)],
        [(-20, 2345)],
        [(730, 130), (-20, 2345)],
    ]
    assert [(score.finished, score.winner) for score in scores] == [
        (True, "North-South"),
        (True, "East-West"),
        (False, None),
        (True, "Duo"),
    ]


def test_every_player_statistic() -> None:
    stats = _stats(seed_matches())
    by_name = {player.name: player for player in stats.players}
    for expected in EXPECTED_PLAYERS:
        assert by_name[expected.name] == expected, expected.name
    assert len(stats.players) == len(EXPECTED_PLAYERS)


def test_players_are_sorted_best_win_rate_first() -> None:
    stats = _stats(seed_matches())
    # Ann 2/3; Di and Eve 1/2 with one win each (by name); Bob and Cy 1/3 (by name).
    assert [player.name for player in stats.players] == ["Ann", "Di", "Eve", "Bob", "Cy"]
    assert stats.players == EXPECTED_PLAYERS


def test_every_partnership_statistic_and_their_order() -> None:
    stats = _stats(seed_matches())
    assert stats.partnerships == EXPECTED_PARTNERSHIPS
    assert stats == Statistics(players=EXPECTED_PLAYERS, partnerships=EXPECTED_PARTNERSHIPS)


def test_a_name_in_another_case_is_the_same_player() -> None:
    records = seed_matches()
    stats = _stats(records[:2])  # M1 (Ann) and M2 (ANN)
    names = [player.name for player in stats.players]
    assert names.count("Ann") == 1 and "ANN" not in names
    ann = next(player for player in stats.players if player.name == "Ann")
    # M1 won, M2 lost; hands 730, 615, 100, 130 (sum 1,575), one typed.
    assert (ann.played, ann.in_progress, ann.won, ann.win_rate) == (2, 0, 1, 0.5)
    assert (ann.hands, ann.average_hand, ann.best_hand) == (4, 1575 / 4, 730)
    assert (ann.card_hands, ann.quick_hands, ann.canastas, ann.canastas_per_hand) == (
        3,
        1,
        2,
        2 / 3,
    )
    # The name first met is the one shown: M2 alone, or M2 before M1, shows "ANN".
    assert "ANN" in [player.name for player in _stats(records[1:2]).players]
    assert [p.name for p in _stats([records[1], records[0]]).players].count("ANN") == 1


def test_a_hand_sat_out_is_not_the_players() -> None:
    m4 = seed_matches()[3]
    stats = {player.name: player for player in _stats([m4]).players}
    # Eve sat out hand 1 (Trio 730) and Bob hand 2 (Trio −20): one hand each; Cy both.
    assert (stats["Eve"].hands, stats["Eve"].best_hand, stats["Eve"].canastas) == (1, -20, 0)
    assert (stats["Bob"].hands, stats["Bob"].best_hand, stats["Bob"].canastas) == (1, 730, 1)
    assert (stats["Cy"].hands, stats["Cy"].average_hand, stats["Cy"].went_out) == (2, 355.0, 0)
    assert (stats["Bob"].went_out, stats["Di"].went_out, stats["Ann"].went_out) == (1, 1, 0)
    # Everyone played (and, on the Trio, lost) the match.
    assert {name: (s.played, s.won) for name, s in stats.items()} == {
        "Bob": (1, 0),
        "Cy": (1, 0),
        "Eve": (1, 0),
        "Di": (1, 1),
        "Ann": (1, 1),
    }


def test_typed_totals_count_for_scores_not_for_canastas() -> None:
    m2 = seed_matches()[1]
    stats = {player.name: player for player in _stats([m2]).players}
    # East-West: hands 400 (typed) and 730 (clean, 1 canasta).
    eve = stats["Eve"]
    assert (eve.hands, eve.card_hands, eve.average_hand, eve.best_hand) == (2, 1, 565.0, 730)
    assert (eve.canastas, eve.canastas_per_hand, eve.went_out) == (1, 1.0, 1)
    # North-South: 100 (typed) and 130 (small, no canasta).
    assert (stats["Bob"].card_hands, stats["Bob"].canastas_per_hand) == (1, 0.0)


def test_an_unfinished_match_counts_in_progress_not_as_played() -> None:
    m3 = seed_matches()[2]
    stats = {player.name: player for player in _stats([m3]).players}
    assert (stats["Di"].played, stats["Di"].in_progress, stats["Di"].won) == (0, 1, 0)
    assert stats["Di"].win_rate == 0.0 and stats["Ann"].win_rate == 0.0
    # The lone player of a one-player side went out without went_out_by.
    assert (stats["Di"].went_out, stats["Ann"].went_out) == (1, 0)
    # One-player sides make no partnership.
    assert _stats([m3]).partnerships == ()


def test_no_matches_no_statistics() -> None:
    assert _stats([]) == Statistics(players=(), partnerships=())


def test_equal_win_rates_rank_more_wins_first_then_names() -> None:
    def quick(winners: list[str], losers: list[str]) -> MatchRecord:
        # Classic to 500, one typed hand 600 to 100: finished, won by the first side.
        data = _match("classic", [("W", winners), ("L", losers)], 500)
        data["hands"] = [{"sides": [{"total": 600, "went_out": "out"}, {"total": 100}]}]
        return validate_record(MatchRecord, data)

    stats = _stats(
        [
            quick(["Amy", "Bea"], ["Dan", "Eli"]),
            quick(["Zed", "Yan"], ["Bo", "Cal"]),
            quick(["Zed", "Yan"], ["Cal", "Bo"]),
        ]
    )
    # Win rate 1.0: Yan and Zed (2 wins) before Amy and Bea (1 win); 0.0: by name.
    assert [(p.name, p.won, p.played) for p in stats.players] == [
        ("Yan", 2, 2),
        ("Zed", 2, 2),
        ("Amy", 1, 1),
        ("Bea", 1, 1),
        ("Bo", 0, 2),
        ("Cal", 0, 2),
        ("Dan", 0, 1),
        ("Eli", 0, 1),
    ]
    # No cards, and nobody named for going out of a two-player side: no went_out.
    assert all((p.card_hands, p.canastas, p.went_out) == (0, 0, 0) for p in stats.players)
    assert [(p.players, p.won, p.win_rate) for p in stats.partnerships] == [
        (("Yan", "Zed"), 2, 1.0),
        (("Amy", "Bea"), 1, 1.0),
        (("Bo", "Cal"), 0, 0.0),
        (("Dan", "Eli"), 0, 0.0),
    ]


def test_a_match_with_no_hand_counts_nowhere() -> None:
    empty = split(seed_matches()[0])[0]
    assert _stats([empty]) == Statistics(players=(), partnerships=())
    with_it = _stats([*seed_matches(), empty])
    assert with_it == _stats(seed_matches())


def test_two_matches_in_progress_are_counted_apart() -> None:
    m3 = seed_matches()[2]
    ann = next(p for p in _stats([m3, m3, seed_matches()[0]]).players if p.name == "Ann")
    # M1 finished and won; two copies of M3 still going.
    assert (ann.played, ann.in_progress, ann.won, ann.win_rate) == (1, 2, 1, 1.0)


@pytest.mark.parametrize("variant", ["two-player", "three-player", "three-player-cutthroat"])
def test_where_each_player_is_a_side_the_side_is_the_player(variant: str) -> None:
    # Sides named, no players listed: the side names are the players (rules §2).
    count = 2 if variant == "two-player" else 3
    names = ["Ann", "Bob", "Cy"][:count]
    data: dict[str, Any] = {
        "variant": variant,
        "target": 500,
        "sides": [{"name": name} for name in names],
        "hands": [{"sides": [{"total": 600}, *[{"total": 100}] * (count - 1)]}],
    }
    if variant == "three-player-cutthroat":
        data["hands"][0]["lone_hand"] = "Ann"
    stats = _stats([validate_record(MatchRecord, data)])
    assert [(p.name, p.played, p.won, p.hands, p.quick_hands) for p in stats.players] == [
        ("Ann", 1, 1, 1, 1),
        *[(name, 1, 0, 1, 1) for name in names[1:]],
    ]
    assert stats.partnerships == ()


def test_a_hand_added_counted_from_the_tallies_before_it_is_the_whole_count() -> None:
    # `before`: only the last hand is counted, from the tallies of the match without it
    # (what a store keeps); every seeded match, at every length, gives the same tallies
    # as counting it whole (M1 and M4 finish at their last hand, M4 has sitters-out).
    for record in seed_matches():
        for length in range(1, len(record.hands) + 1):
            shorter = record.model_copy(update={"hands": record.hands[: length - 1]})
            longer = record.model_copy(update={"hands": record.hands[:length]})
            kept, _ = match_tallies(shorter, score_match(shorter))
            score = score_match(longer)
            assert match_tallies(longer, score, before=kept) == match_tallies(longer, score)


def test_a_hand_added_to_kept_tallies_adds_its_totals() -> None:
    # M1 hand 2: North-South 615 (1 canasta), East-West 535 out, nobody named (1 canasta);
    # the match finishes (1,345 to 665) and North-South wins. The tallies given are
    # what is counted from, not hand 1 again: Ann's are made 5 hands, 4,000 points.
    m1 = seed_matches()[0]
    first = m1.model_copy(update={"hands": m1.hands[:1]})
    kept, _ = match_tallies(first, score_match(first))
    ann = next(tally for tally in kept if tally.key == "ann")
    assert (ann.hands, ann.points, ann.best_hand, ann.canastas, ann.went_out) == (1, 730, 730, 1, 1)
    given = [
        tally.model_copy(update={"hands": 5, "points": 4000}) if tally.key == "ann" else tally
        for tally in kept
    ]
    players, pairs = match_tallies(m1, score_match(m1), before=given)
    ann = next(tally for tally in players if tally.key == "ann")
    di = next(tally for tally in players if tally.key == "di")
    assert (ann.played, ann.in_progress, ann.won) == (1, 0, 1)
    assert (ann.hands, ann.points, ann.best_hand, ann.canastas, ann.went_out) == (
        6,
        4615,
        730,
        2,
        1,
    )
    assert (di.won, di.hands, di.points, di.best_hand, di.went_out) == (0, 2, 665, 535, 0)
    assert [(pair.key, pair.played, pair.won) for pair in pairs] == [
        (("ann", "bob"), 1, 1),
        (("cy", "di"), 1, 0),
    ]


def test_names_are_sorted_as_people_expect_case_and_accents_aside() -> None:
    from canasta_scorer.rules import name_order

    names = ["Wendy", "Çelik", "zoë", "Émile", "anna", "Bruno", "Ödön", "Zeynep", "celia"]
    assert sorted(names, key=name_order) == [
        "anna",
        "Bruno",
        "celia",
        "Çelik",
        "Émile",
        "Ödön",
        "Wendy",
        "Zeynep",
        "zoë",
    ]
    assert name_order(" Çelik ")[0] == name_order("celik")[0] == "celik"
    assert name_order("Straße")[0] == "strasse"  # casefolded, not only lowered


def test_equal_statistics_list_their_players_and_partnerships_by_name_accents_aside() -> None:
    def quick(winners: list[str], losers: list[str]) -> MatchRecord:
        data = _match("classic", [("W", winners), ("L", losers)], 500)
        data["hands"] = [{"sides": [{"total": 600, "went_out": "out"}, {"total": 100}]}]
        return validate_record(MatchRecord, data)

    stats = _stats([quick(["Wendy", "Çelik"], ["Dan", "Ünal"])])
    assert [p.name for p in stats.players] == ["Çelik", "Wendy", "Dan", "Ünal"]
    assert [p.players for p in stats.partnerships] == [("Çelik", "Wendy"), ("Dan", "Ünal")]
