"""Matches and hands for the store's tests: legal classic hands built from a few plays.

Every play melds at least 120 points (or nothing at all), so a hand built from them is
legal whatever the running totals are (the initial meld minimum is at most 120, rules
§1.7), and the two sides never use more copies of a rank than the 108-card deck holds.
Used by the tests (through conftest.py) and by the kill test's child process.
"""

from __future__ import annotations

import random
from typing import Any

from canasta_scorer.rules import MatchHand, MatchRecord, validate_record
from canasta_scorer.store import KeptDraft

__all__ = [
    "GOING_OUT",
    "STAYING",
    "bad_hand",
    "cache_problems",
    "hand",
    "hands_digest",
    "random_hand",
    "record",
]

#: Plays of the side that went out (kings, nines, tens, sixes, wilds).
GOING_OUT: dict[str, dict[str, Any]] = {
    # 500 natural canasta + 130 card points + 100 going out = 730
    "clean": {"melds": ["K K K K K K K", "9 9 9 9 2"], "went_out": "out"},
    # 300 mixed canasta + 135 card points + 100 going out = 535
    "mixed": {"melds": ["10 10 10 10 10 2 JK", "6 6 6"], "went_out": "out"},
    # 4 natural canastas 2,000 + 245 card points + 100 going out = 2,345
    "big": {
        "melds": ["K K K K K K K", "9 9 9 9 9 9 9", "10 10 10 10 10 10 10", "6 6 6 6 6 6 6"],
        "went_out": "out",
    },
}

#: Plays of the side that did not go out (aces, queens, jacks, eights, small cards).
STAYING: dict[str, dict[str, Any]] = {
    # never melded: −5 −5 −10 = −20
    "none": {"left_in_hand": "4 5 9"},
    # 80 + 60 melded − 10 in hand = 130
    "small": {"melds": ["A A A A", "Q Q Q Q Q Q"], "left_in_hand": "5 5"},
    # 500 natural canasta + 120 melded − 5 in hand = 615
    "canasta": {"melds": ["J J J J J J J", "8 8 8 2"], "left_in_hand": "7"},
}


def record(
    *,
    sides: tuple[str, ...] = ("North-South", "East-West"),
    players: tuple[tuple[str, ...], ...] = (("Ann", "Bob"), ("Cy", "Di")),
    start_scores: tuple[int, ...] = (0, 0),
    variant: str = "classic",
    target: int | None = None,
    house_rules: tuple[str, ...] = (),
    hands: tuple[MatchHand, ...] = (),
) -> MatchRecord:
    """A match file's record (no hands unless given)."""
    data: dict[str, Any] = {
        "variant": variant,
        "house_rules": list(house_rules),
        "sides": [
            {"name": name, "players": list(who), "start_score": start}
            for name, who, start in zip(sides, players, start_scores, strict=True)
        ],
    }
    if target is not None:
        data["target"] = target
    base = validate_record(MatchRecord, data)
    return base.model_copy(update={"hands": tuple(hands)})


def hand(
    out_side: int = 0,
    out: str = "clean",
    other: str = "small",
    *,
    red_threes: tuple[int, int] = (0, 0),
    dealer: str | None = None,
    note: str | None = None,
) -> MatchHand:
    """A legal hand of a two-side match: ``out_side`` went out with the play ``out``,
    the other side played ``other``; red threes per side (only for sides that melded)."""
    plays: list[dict[str, Any]] = [dict(STAYING[other]), dict(STAYING[other])]
    plays[out_side] = dict(GOING_OUT[out])
    for index, count in enumerate(red_threes):
        if count:
            plays[index]["red_threes"] = count
    data: dict[str, Any] = {"sides": plays}
    if dealer is not None:
        data["dealer"] = dealer
    if note is not None:
        data["note"] = note
    return validate_record(MatchHand, data)


def bad_hand() -> MatchHand:
    """A hand with rule errors: a meld with four wild cards, and both sides going out."""
    return validate_record(
        MatchHand,
        {
            "sides": [
                {"melds": ["K K K K 2 2 2 JK"], "went_out": "out"},
                {"melds": ["Q Q Q Q Q Q Q"], "went_out": "out"},
            ]
        },
    )


def random_hand(rng: random.Random) -> MatchHand:
    """A random legal hand (mostly small ones, so matches last a few hands)."""
    out = rng.choices(["clean", "mixed", "big"], weights=[5, 5, 1])[0]
    other = rng.choice(sorted(STAYING))
    threes = (rng.randint(0, 2), 0 if other == "none" else rng.randint(0, 2))
    out_side = rng.randint(0, 1)
    if out_side:
        threes = (threes[1], threes[0])
    return hand(out_side, out, other, red_threes=threes, dealer=rng.choice(["Ann", "Cy", None]))


def cache_problems(store: Any) -> list[str]:
    """Where the cached totals, winner, margin, status or hand count of a listed match
    differ from a fresh `score_match` of its record (empty when all agree)."""
    from canasta_scorer.rules import score_match

    problems = []
    for summary in store.matches(limit=100_000):
        state = store.match(summary.id)
        fresh = score_match(state.record)
        cached = (
            summary.running_totals,
            summary.winner,
            summary.margin,
            summary.status,
            summary.hand_count,
            state.status,
            summary.finished_at is not None,
        )
        wanted = (
            fresh.running_totals,
            fresh.winner,
            fresh.margin,
            "finished" if fresh.finished else "in_progress",
            len(state.record.hands),
            "finished" if fresh.finished else "in_progress",
            fresh.finished,
        )
        if cached != wanted:
            problems.append(f"match {summary.id}: cached {cached}, fresh {wanted}")
    return problems


def hands_digest(hands: Any) -> str:
    """A short fingerprint of a list of hands (what the kill test compares)."""
    import hashlib
    import json

    text = json.dumps(
        [hand.model_dump(mode="json", exclude_defaults=True) for hand in hands], sort_keys=True
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def untimed(kept: KeptDraft | None) -> KeptDraft | None:
    """A kept entry without the time it was kept (``kept_at``), to compare with one
    written out in a test."""
    if kept is None:
        return None
    assert kept.kept_at is not None and kept.kept_at.tzinfo is not None  # known, in UTC
    return kept.model_copy(update={"kept_at": None})
