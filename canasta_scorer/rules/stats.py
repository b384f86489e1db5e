"""Player and partnership statistics across matches, from their records and scores.

A player "played" a match when named on one of its sides; "won" when the match is
finished and their side is the winner. Hand statistics count the hands the player
took part in (a five-player hand they sat out is not theirs): the side's hand total,
its canastas (from the melds, so hands typed as totals count for scores only), and
the hands the player went out.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

from .match import MatchScore, match_rules
from .records import MatchRecord, WentOut

__all__ = ["PartnershipStats", "PlayerStats", "Statistics", "statistics"]


class PlayerStats(BaseModel):
    """One player's record.

    Attributes:
        name: the player.
        played: matches played; finished: of those, finished; won: of those, won.
        win_rate: won / finished (0.0 with none finished).
        hands: hands played; average_hand: mean of the side's hand totals, in points;
        best_hand: the side's best hand total, in points (``None`` with no hand).
        card_hands: hands entered as cards (not typed totals); canastas: canastas
        made in those; canastas_per_hand: canastas / card_hands.
        went_out: hands the player went out.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    played: int = 0
    finished: int = 0
    won: int = 0
    win_rate: float = 0.0
    hands: int = 0
    average_hand: float = 0.0
    best_hand: int | None = None
    card_hands: int = 0
    canastas: int = 0
    canastas_per_hand: float = 0.0
    went_out: int = 0


class PartnershipStats(BaseModel):
    """Partners who played as one side: matches played, finished and won together."""

    model_config = ConfigDict(frozen=True)

    players: tuple[str, ...]
    played: int = 0
    finished: int = 0
    won: int = 0
    win_rate: float = 0.0


class Statistics(BaseModel):
    """Every player's and partnership's record, best win rate first."""

    model_config = ConfigDict(frozen=True)

    players: tuple[PlayerStats, ...]
    partnerships: tuple[PartnershipStats, ...]


class _Tally:
    def __init__(self, name: str) -> None:
        self.name = name
        self.played = self.finished = self.won = 0
        self.totals: list[int] = []
        self.card_hands = self.canastas = self.went_out = 0


def _key(name: str) -> str:
    return name.strip().casefold()


def statistics(matches: Iterable[tuple[MatchRecord, MatchScore]]) -> Statistics:
    """Statistics over matches and their scores (from `score_match`).

    >>> from canasta_scorer.rules.records import load_match
    >>> from canasta_scorer.rules.match import score_match
    >>> match = load_match('{"target": 500, "sides": [{"name": "A", "players": ["Ann"]},'
    ...     ' {"name": "B", "players": ["Bob"]}], "hands": [{"sides": [{"total": 600},'
    ...     ' {"total": 100}]}], "variant": "two-player"}')
    >>> stats = statistics([(match, score_match(match))])
    >>> [(p.name, p.won, p.best_hand) for p in stats.players]
    [('Ann', 1, 600), ('Bob', 0, 100)]
    """
    players: dict[str, _Tally] = {}
    pairs: dict[tuple[str, ...], list[int]] = {}
    names: dict[tuple[str, ...], tuple[str, ...]] = {}
    for record, score in matches:
        rules = match_rules(record)
        for side in record.sides:
            won = score.finished and score.winner == side.name
            for player in side.players:
                tally = players.setdefault(_key(player), _Tally(player.strip()))
                tally.played += 1
                tally.finished += int(score.finished)
                tally.won += int(won)
            if len(side.players) > 1:
                key = tuple(sorted(_key(p) for p in side.players))
                names.setdefault(
                    key, tuple(sorted((p.strip() for p in side.players), key=str.casefold))
                )
                counts = pairs.setdefault(key, [0, 0, 0])
                counts[0] += 1
                counts[1] += int(score.finished)
                counts[2] += int(won)
        for hand, totals in zip(record.hands, score.hands, strict=False):
            sitting = _key(hand.sitting_out or "")
            for index, (side, play) in enumerate(zip(record.sides, hand.sides, strict=False)):
                canastas = sum(1 for m in play.melds if m.canasta_kind(rules) is not None)
                out_by = _key(play.went_out_by or "")
                if play.went_out is not WentOut.NO and not out_by and len(side.players) == 1:
                    out_by = _key(side.players[0])
                for player in side.players:
                    if _key(player) == sitting:
                        continue
                    tally = players[_key(player)]
                    tally.totals.append(totals.totals[index])
                    if not play.quick:
                        tally.card_hands += 1
                        tally.canastas += canastas
                    tally.went_out += int(out_by == _key(player))
    player_stats = [
        PlayerStats(
            name=t.name,
            played=t.played,
            finished=t.finished,
            won=t.won,
            win_rate=t.won / t.finished if t.finished else 0.0,
            hands=len(t.totals),
            average_hand=sum(t.totals) / len(t.totals) if t.totals else 0.0,
            best_hand=max(t.totals) if t.totals else None,
            card_hands=t.card_hands,
            canastas=t.canastas,
            canastas_per_hand=t.canastas / t.card_hands if t.card_hands else 0.0,
            went_out=t.went_out,
        )
        for t in players.values()
    ]
    player_stats.sort(key=lambda p: (-p.win_rate, -p.won, p.name.casefold()))
    partnership_stats = [
        PartnershipStats(
            players=names[key],
            played=c[0],
            finished=c[1],
            won=c[2],
            win_rate=c[2] / c[1] if c[1] else 0.0,
        )
        for key, c in pairs.items()
    ]
    partnership_stats.sort(key=lambda p: (-p.win_rate, -p.won, [n.casefold() for n in p.players]))
    return Statistics(players=tuple(player_stats), partnerships=tuple(partnership_stats))
