"""Player and partnership statistics across matches, from their records and scores.

A match counts once it has a hand: a finished one is "played" (and "won" when the
player's side is the winner), one still going is "in progress", counted apart; a match
with no hand counts nowhere. The win rate is won / played. Hand statistics count the
hands the player took part in (a five-player hand they sat out is not theirs): the
side's hand total, its canastas and the hands the player went out. Canastas per hand
are over the hands entered as cards; hands typed as totals from a paper count say
nothing of canastas, and how many were left out is counted (``quick_hands``).

In the variants where each player is a side (two-player, three-player, cutthroat), a
side that names no players is its own player (`side_players`).

The work is in two steps, so a store can keep the first per match: `match_tallies`
counts what one match adds to each player and partnership (`PlayerTally`,
`PartnershipTally`), and `summarize` adds tallies up into `Statistics`; `statistics`
does both.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

from .match import MatchScore, match_rules
from .records import MatchRecord, MatchSide, WentOut
from .ruleset import RuleSet

__all__ = [
    "PartnershipStats",
    "PartnershipTally",
    "PlayerStats",
    "PlayerTally",
    "Statistics",
    "match_tallies",
    "player_key",
    "side_players",
    "statistics",
    "summarize",
]


class PlayerStats(BaseModel):
    """One player's record.

    Attributes:
        name: the player.
        played: finished matches the player played (with at least one hand).
        in_progress: matches with hands that are not finished yet, counted apart.
        won: finished matches the player's side won.
        win_rate: won / played (0.0 with none played).
        hands: hands played, in every match; average_hand: mean of the side's hand
            totals, in points; best_hand: the side's best hand total, in points
            (``None`` with no hand).
        card_hands: hands entered as cards; quick_hands: hands typed as totals from a
            paper count, left out of the canastas; canastas: canastas made in the card
            hands; canastas_per_hand: canastas / card_hands.
        went_out: hands the player went out.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    played: int = 0
    in_progress: int = 0
    won: int = 0
    win_rate: float = 0.0
    hands: int = 0
    average_hand: float = 0.0
    best_hand: int | None = None
    card_hands: int = 0
    quick_hands: int = 0
    canastas: int = 0
    canastas_per_hand: float = 0.0
    went_out: int = 0


class PartnershipStats(BaseModel):
    """Partners who played as one side: finished matches played and won together, and
    matches in progress, counted apart; win rate won / played."""

    model_config = ConfigDict(frozen=True)

    players: tuple[str, ...]
    played: int = 0
    in_progress: int = 0
    won: int = 0
    win_rate: float = 0.0


class Statistics(BaseModel):
    """Every player's and partnership's record, best win rate first."""

    model_config = ConfigDict(frozen=True)

    players: tuple[PlayerStats, ...]
    partnerships: tuple[PartnershipStats, ...]


class PlayerTally(BaseModel):
    """What some matches add to one player's record: counts and sums, so tallies add up.

    Attributes:
        key: the player as compared (`player_key`); name: as written.
        played, in_progress, won: matches (see `PlayerStats`).
        hands, points: hands played and the sum of the side's totals in them, in points.
        best_hand: the best of those totals (``None`` with no hand).
        card_hands, quick_hands, canastas, went_out: see `PlayerStats`.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    name: str
    played: int = 0
    in_progress: int = 0
    won: int = 0
    hands: int = 0
    points: int = 0
    best_hand: int | None = None
    card_hands: int = 0
    quick_hands: int = 0
    canastas: int = 0
    went_out: int = 0


class PartnershipTally(BaseModel):
    """What some matches add to one partnership's record.

    Attributes:
        key: the partners as compared, sorted (`player_key` each); players: as written,
            sorted by name.
        played, in_progress, won: matches (see `PartnershipStats`).
    """

    model_config = ConfigDict(frozen=True)

    key: tuple[str, ...]
    players: tuple[str, ...]
    played: int = 0
    in_progress: int = 0
    won: int = 0


def player_key(name: str) -> str:
    """A player's name as compared: case and surrounding spaces aside."""
    return name.strip().casefold()


def name_order(name: str) -> tuple[str, str]:
    """The key names are sorted by, as people expect them in a list: case and accents
    aside (the name decomposed, NFKD, without its combining marks, then casefolded),
    so "Çelik" comes among the Cs, not after "Wendy"; names that fold alike are then
    in the order of the names themselves, so the order never depends on where they
    came from. Letters that are no accented Latin letter (Ł, Ø, 李) keep their place
    after the Latin ones.

    >>> sorted(["Wendy", "Çelik", "anna", "Bruno", "Émile"], key=name_order)
    ['anna', 'Bruno', 'Çelik', 'Émile', 'Wendy']
    """
    parts = unicodedata.normalize("NFKD", name.strip())
    bare = "".join(char for char in parts if not unicodedata.combining(char))
    return bare.casefold(), name


def side_players(side: MatchSide, rules: RuleSet) -> tuple[str, ...]:
    """The players of a side: those it names, or, in a variant where each player is a
    side (two-player, three-player, cutthroat), the side itself when it names none.

    >>> from canasta_scorer.rules import rule_set
    >>> side_players(MatchSide(name="Ann"), rule_set("two-player"))
    ('Ann',)
    >>> side_players(MatchSide(name="North-South"), rule_set())
    ()
    """
    if side.players:
        return side.players
    if rules.side_sizes_max == 1:
        return (side.name.strip(),)
    return ()


def match_tallies(
    record: MatchRecord,
    score: MatchScore,
    *,
    before: Iterable[PlayerTally] | None = None,
) -> tuple[list[PlayerTally], list[PartnershipTally]]:
    """What one match adds to each of its players and partnerships.

    Args:
        record: the match.
        score: its score, from `score_match` (or `score_next_hand`).
        before: the players' tallies of this match without its last hand (as a store
            keeps them, by `key`): only the last hand is then counted and added to them,
            so a hand added to a long match costs one hand, not the match. A player
            without one starts from nothing. Matches played, in progress and won are
            always those of ``score`` (they are not sums over the hands).

    Returns:
        One tally per player (in seat order, a name given twice counted once) and per
        side of two or more players; nothing for a match with no hand. With
        ``before``, the same tallies as without it, when ``before`` is what this
        function gave for the match without its last hand.
    """
    if not record.hands:
        return [], []
    kept = {tally.key: tally for tally in before} if before is not None else None
    first = len(record.hands) - 1 if kept is not None else 0
    rules = match_rules(record)
    finished = score.finished
    players: dict[str, _Running] = {}
    partnerships: list[PartnershipTally] = []
    seats = [side_players(side, rules) for side in record.sides]
    for side, names in zip(record.sides, seats, strict=True):
        won = int(finished and score.winner == side.name)
        for name in names:
            key = player_key(name)
            if key not in players:
                players[key] = _Running(name.strip(), finished, won)
                if kept is not None and key in kept:
                    players[key].start(kept[key])
        if len(names) > 1:
            partnerships.append(
                PartnershipTally(
                    key=tuple(sorted(player_key(name) for name in names)),
                    players=tuple(sorted((name.strip() for name in names), key=name_order)),
                    played=int(finished),
                    in_progress=int(not finished),
                    won=won,
                )
            )
    for hand, totals in zip(record.hands[first:], score.hands[first:], strict=False):
        sitting = player_key(hand.sitting_out or "")
        for index, (play, names) in enumerate(zip(hand.sides, seats, strict=False)):
            canastas = sum(1 for meld in play.melds if meld.canasta_kind(rules) is not None)
            out_by = player_key(play.went_out_by or "")
            if play.went_out is not WentOut.NO and not out_by and len(names) == 1:
                out_by = player_key(names[0])
            total = totals.totals[index]
            for name in names:
                key = player_key(name)
                if key != sitting:
                    players[key].hand(total, None if play.quick else canastas, out_by == key)
    return (
        [running.tally(key) for key, running in players.items()],
        partnerships,
    )


class _Running:
    """One player's counts while a match is gone through."""

    def __init__(self, name: str, finished: bool, won: int) -> None:
        self.name, self.finished, self.won = name, finished, won
        self.hands = self.points = self.card_hands = self.quick_hands = 0
        self.canastas = self.went_out = 0
        self.best: int | None = None

    def start(self, tally: PlayerTally) -> None:
        """Go on from the hands of ``tally`` (its hand counts, not its matches)."""
        self.hands, self.points, self.best = tally.hands, tally.points, tally.best_hand
        self.card_hands, self.quick_hands = tally.card_hands, tally.quick_hands
        self.canastas, self.went_out = tally.canastas, tally.went_out

    def hand(self, total: int, canastas: int | None, went_out: bool) -> None:
        self.hands += 1
        self.points += total
        self.best = total if self.best is None else max(self.best, total)
        if canastas is None:
            self.quick_hands += 1
        else:
            self.card_hands += 1
            self.canastas += canastas
        self.went_out += int(went_out)

    def tally(self, key: str) -> PlayerTally:
        return PlayerTally(
            key=key,
            name=self.name,
            played=int(self.finished),
            in_progress=int(not self.finished),
            won=self.won,
            hands=self.hands,
            points=self.points,
            best_hand=self.best,
            card_hands=self.card_hands,
            quick_hands=self.quick_hands,
            canastas=self.canastas,
            went_out=self.went_out,
        )


def summarize(
    players: Iterable[PlayerTally], partnerships: Iterable[PartnershipTally] = ()
) -> Statistics:
    """Add tallies up into every player's and partnership's record.

    Tallies of one player (by key) or one partnership are summed; the name shown is the
    first one met. Players and partnerships are sorted best win rate first, then more
    wins, then by name.
    """
    by_player: dict[str, PlayerTally] = {}
    for tally in players:
        known = by_player.get(tally.key)
        by_player[tally.key] = tally if known is None else _add_players(known, tally)
    by_pair: dict[tuple[str, ...], PartnershipTally] = {}
    for pair in partnerships:
        seen = by_pair.get(pair.key)
        by_pair[pair.key] = (
            pair
            if seen is None
            else seen.model_copy(
                update={
                    "played": seen.played + pair.played,
                    "in_progress": seen.in_progress + pair.in_progress,
                    "won": seen.won + pair.won,
                }
            )
        )
    player_stats = [
        PlayerStats(
            name=t.name,
            played=t.played,
            in_progress=t.in_progress,
            won=t.won,
            win_rate=t.won / t.played if t.played else 0.0,
            hands=t.hands,
            average_hand=t.points / t.hands if t.hands else 0.0,
            best_hand=t.best_hand,
            card_hands=t.card_hands,
            quick_hands=t.quick_hands,
            canastas=t.canastas,
            canastas_per_hand=t.canastas / t.card_hands if t.card_hands else 0.0,
            went_out=t.went_out,
        )
        for t in by_player.values()
    ]
    player_stats.sort(key=lambda p: (-p.win_rate, -p.won, name_order(p.name)))
    partnership_stats = [
        PartnershipStats(
            players=p.players,
            played=p.played,
            in_progress=p.in_progress,
            won=p.won,
            win_rate=p.won / p.played if p.played else 0.0,
        )
        for p in by_pair.values()
    ]
    partnership_stats.sort(key=lambda p: (-p.win_rate, -p.won, [name_order(n) for n in p.players]))
    return Statistics(players=tuple(player_stats), partnerships=tuple(partnership_stats))


def _add_players(a: PlayerTally, b: PlayerTally) -> PlayerTally:
    best = [value for value in (a.best_hand, b.best_hand) if value is not None]
    return a.model_copy(
        update={
            "played": a.played + b.played,
            "in_progress": a.in_progress + b.in_progress,
            "won": a.won + b.won,
            "hands": a.hands + b.hands,
            "points": a.points + b.points,
            "best_hand": max(best) if best else None,
            "card_hands": a.card_hands + b.card_hands,
            "quick_hands": a.quick_hands + b.quick_hands,
            "canastas": a.canastas + b.canastas,
            "went_out": a.went_out + b.went_out,
        }
    )


def statistics(matches: Iterable[tuple[MatchRecord, MatchScore]]) -> Statistics:
    """Statistics over matches and their scores (from `score_match`).

    >>> from canasta_scorer.rules import load_match, score_match
    >>> match = load_match('{"target": 500, "sides": [{"name": "Ann"}, {"name": "Bob"}],'
    ...     ' "hands": [{"sides": [{"total": 600}, {"total": 100}]}], "variant": "two-player"}')
    >>> stats = statistics([(match, score_match(match))])
    >>> [(p.name, p.played, p.won, p.best_hand, p.quick_hands) for p in stats.players]
    [('Ann', 1, 1, 600, 1), ('Bob', 1, 0, 100, 1)]
    """
    players: list[PlayerTally] = []
    partnerships: list[PartnershipTally] = []
    for record, score in matches:
        more_players, more_pairs = match_tallies(record, score)
        players += more_players
        partnerships += more_pairs
    return summarize(players, partnerships)
