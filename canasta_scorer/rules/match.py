"""Matches: hands in order, running totals, minimums for the next hand, the winner.

Game end is rules §1.12: checked only at the end of a hand; over when a side
reaches the target; the highest total wins; a tie at the top means another hand
unless the house rule ``draw-on-tie`` (O15) is on.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from .checks import check_hand, check_score, check_sides, rules_findings
from .citations import file_format, rule
from .findings import Code, Finding, Severity, has_errors
from .records import HandPlay, HandRecord, HandSide, MatchHand, MatchRecord
from .ruleset import HouseRule, RuleSet, initial_meld_minimum, rule_set
from .scoring import HandScore, score_sides
from .words import Phrase, phrase, quoted, render

__all__ = [
    "HandTotals",
    "MatchScore",
    "MatchStatus",
    "Standing",
    "hand_record",
    "match_rules",
    "next_dealer",
    "score_match",
    "score_next_hand",
    "seating",
    "standing",
]

R_END = rule("1.12")


class MatchStatus(StrEnum):
    """Where a match is: still being played, or over (rules §1.12). The values are
    those kept in the store and used by its filters."""

    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


#: The rule for a tie at the top once the target is reached (rules §7.4): another
#: hand is played, unless house rule ``draw-on-tie`` (§3 O15) makes it a drawn match.
TIE_RULE = rule("7.4", "3 O15")


class HandTotals(BaseModel):
    """One hand of a match: each side's hand total and running total, in points."""

    model_config = ConfigDict(frozen=True)

    totals: tuple[int, ...]
    running: tuple[int, ...]


class Standing(BaseModel):
    """Where a match stands after some hands.

    Attributes:
        finished: a side reached the target and the top is not tied (or ``draw-on-tie``).
        winner: the winning side's name; ``None`` while unfinished or for a draw.
        margin: first minus second, in points; 0 for a draw; ``None`` while unfinished.
        tied: the top reached the target tied, without ``draw-on-tie``: the match is
            not finished and another hand is played (rules §7.4).
    """

    model_config = ConfigDict(frozen=True)

    finished: bool
    winner: str | None
    margin: int | None
    tied: bool = False


class MatchScore(BaseModel):
    """A match scored and checked: the contract's ``match --json`` object.

    Attributes:
        valid: no finding is an error.
        hands: each hand's totals and running totals.
        running_totals: each side's total after the last hand, in points.
        initial_meld_minimums: each side's initial meld minimum for the next hand.
        finished, winner, margin: see `Standing`.
        violations: every finding, paths from the match file's top.
        hand_scores: each hand's full breakdown (not part of the JSON contract).
        tied_at_top: the sides at the top reached the target with the same total and
            ``draw-on-tie`` is off: another hand is played (rules §7.4; `Standing.tied`;
            not part of the JSON contract).
    """

    model_config = ConfigDict(frozen=True)

    valid: bool
    hands: tuple[HandTotals, ...]
    running_totals: tuple[int, ...]
    initial_meld_minimums: tuple[int, ...]
    finished: bool
    winner: str | None
    margin: int | None
    violations: tuple[Finding, ...]
    hand_scores: tuple[HandScore, ...] = Field(default=(), exclude=True)
    tied_at_top: bool = Field(default=False, exclude=True)

    @property
    def status(self) -> MatchStatus:
        """`MatchStatus.FINISHED` once a side has won (or a draw), else in progress."""
        return MatchStatus.FINISHED if self.finished else MatchStatus.IN_PROGRESS


def match_rules(record: MatchRecord) -> RuleSet:
    """The `RuleSet` a match is played under."""
    return rule_set(record.variant, record.house_rules, record.target, record.top_tier_from)


def standing(
    names: list[str] | tuple[str, ...], totals: list[int] | tuple[int, ...], rules: RuleSet
) -> Standing:
    """Whether a match is over after a hand, who won and by how much (rules §1.12).

    Args:
        names: the sides' names.
        totals: their cumulative totals, in points.
        rules: the rules in force (target, ``draw-on-tie``).

    >>> standing(["N-S", "E-W"], [5120, 4980], rule_set())
    Standing(finished=True, winner='N-S', margin=140, tied=False)
    >>> standing(["N-S", "E-W"], [5100, 5100], rule_set())
    Standing(finished=False, winner=None, margin=None, tied=True)
    """
    if not totals or max(totals) < rules.target:
        return Standing(finished=False, winner=None, margin=None)
    ranked = sorted(range(len(totals)), key=lambda i: totals[i], reverse=True)
    top = totals[ranked[0]]
    second = totals[ranked[1]] if len(ranked) > 1 else top
    if len(ranked) > 1 and second == top:
        if rules.has(HouseRule.DRAW_ON_TIE):
            return Standing(finished=True, winner=None, margin=0)
        return Standing(finished=False, winner=None, margin=None, tied=True)
    return Standing(finished=True, winner=names[ranked[0]], margin=top - second)


def seating(record: MatchRecord) -> list[str]:
    """The players in seat order around the table, partners apart: the first player
    of each side in turn, then the second of each, and so on (S0 "Classic Canasta":
    partners sit opposite; rules §2 for three sides of two). A side given without
    players is one player, named by the side (two and three players, each alone).

    >>> from canasta_scorer.rules.records import load_match
    >>> seating(load_match('{"variant": "three-player", "sides": [{"name": "Ann"},'
    ...                    ' {"name": "Bob"}, {"name": "Cy"}], "hands": []}'))
    ['Ann', 'Bob', 'Cy']
    """
    seats = [side.players or (side.name,) for side in record.sides]
    order: list[str] = []
    depth = max((len(players) for players in seats), default=0)
    for place in range(depth):
        for players in seats:
            if place < len(players):
                order.append(players[place])
    return order


def next_dealer(record: MatchRecord, first: str | None = None) -> str | None:
    """Who deals the next hand: the player after the last recorded dealer, the deal
    passing clockwise (S0 "The Deal"); ``first`` before any dealer is recorded.

    >>> from canasta_scorer.rules.records import load_match
    >>> match = load_match('{"sides": [{"name": "NS", "players": ["N", "S"]},'
    ...                    ' {"name": "EW", "players": ["E", "W"]}],'
    ...                    ' "hands": [{"sides": [{}, {}], "dealer": "W"}]}')
    >>> seating(match), next_dealer(match)
    (['N', 'E', 'S', 'W'], 'N')
    """
    order = seating(record)
    if not order:
        return None
    folded = [player.strip().casefold() for player in order]
    for back, hand in enumerate(reversed(record.hands)):
        if hand.dealer and hand.dealer.strip().casefold() in folded:
            at = folded.index(hand.dealer.strip().casefold())
            return order[(at + back + 1) % len(order)]
    if first and first.strip().casefold() in folded:
        return order[(folded.index(first.strip().casefold()) + len(record.hands)) % len(order)]
    return None


def _finding(severity: Severity, code: Code, where: str, words: Phrase, rule: str) -> Finding:
    return Finding(
        severity=severity, code=code, where=where, message=render(words), rule=rule, words=words
    )


def _in_match(finding: Finding) -> Finding:
    """A finding about the sides, worded for the whole match ("this match has")."""
    words = finding.words
    if isinstance(words, Phrase) and words.key == "sides.count":
        words = Phrase("sides.count:match", words.values)
    return finding.model_copy(
        update={
            "message": finding.message.replace("this hand has", "this match has"),
            "words": words,
        }
    )


def _match_findings(record: MatchRecord, rules: RuleSet) -> list[Finding]:
    found = rules_findings(rules)
    found += [
        _in_match(finding)
        for finding in check_sides(
            hand_record(record, MatchHand(sides=(HandPlay(),)), [0] * len(record.sides)), rules
        )
    ]
    if rules.target <= 0 or rules.target % 5:
        found.append(
            _finding(
                Severity.ERROR,
                Code.MATCH_TARGET,
                "target",
                phrase("score.not_multiple_of_5:target", value=rules.target),
                rule("1.13", "3 O12"),
            )
        )
    for index, side in enumerate(record.sides):
        where = f"sides[{index}].start_score"
        found += check_score(side.start_score, where, "start score")
        if side.start_score >= rules.target > 0:
            found.append(
                _finding(
                    Severity.ERROR,
                    Code.MATCH_START_SCORE,
                    where,
                    phrase("match.start_score", value=side.start_score, target=rules.target),
                    R_END,
                )
            )
    return found


def hand_record(
    record: MatchRecord, hand: MatchHand, running: list[int] | tuple[int, ...]
) -> HandRecord:
    """The hand-file form of one match hand: the match's sides and rules, each side's
    ``score_before`` from the running totals. Missing sides are empty; extra ones dropped."""
    sides = []
    for index, side in enumerate(record.sides):
        play = hand.sides[index] if index < len(hand.sides) else HandPlay()
        sides.append(
            HandSide.model_construct(
                name=side.name,
                players=side.players,
                score_before=running[index],
                red_threes=play.red_threes,
                melds=play.melds,
                went_out=play.went_out,
                went_out_by=play.went_out_by,
                left_in_hand=play.left_in_hand,
                total=play.total,
            )
        )
    return HandRecord.model_construct(
        variant=record.variant,
        house_rules=record.house_rules,
        target=record.target,
        top_tier_from=record.top_tier_from,
        sides=tuple(sides),
        lone_hand=hand.lone_hand,
        sitting_out=hand.sitting_out,
    )


def score_match(record: MatchRecord) -> MatchScore:
    """Check and score a whole match, hand by hand.

    Each hand is checked as a hand file whose sides start at the running totals (so
    each side's initial meld minimum follows its score, rules §1.7). Further
    errors: a target that is not a positive multiple of 5, a start score that is not
    a multiple of 5 or not below the target, a hand whose sides do not match the
    match's, a hand recorded after the match was already won; a warning for a dealer
    who is not at the table.

    Args:
        record: the match, e.g. from `load_match`.

    Returns:
        The `MatchScore`. The winner is decided at the hand that ended the match.
    """
    rules = match_rules(record)
    scoring = _Scoring(record, rules, _match_findings(record, rules))
    for number, hand in enumerate(record.hands):
        scoring.add(number, hand)
    return scoring.score()


def score_next_hand(record: MatchRecord, score: MatchScore, hand: MatchHand) -> MatchScore:
    """The score of ``record`` with ``hand`` added as its last hand, worked out from
    ``score`` (the record's own, from `score_match` or from this function) by checking
    and scoring that one hand only: the same `MatchScore` as `score_match` of the
    longer record, for a match of any length (rules §1.7 for the new hand's minimums
    from the running totals, §1.12 for the end of the match).

    Args:
        record: the match before the hand.
        score: ``record``'s score; a score of another record gives a wrong answer.
        hand: the hand played next.

    Returns:
        The longer match's `MatchScore`.
    """
    count = len(record.hands)
    if not count or len(score.hands) != count or len(score.hand_scores) != count:
        # no hand has said yet whether the match is over, or the score is not one of
        # this record (read from JSON, its hands' breakdowns are not there)
        return score_match(record.model_copy(update={"hands": (*record.hands, hand)}))
    rules = match_rules(record)
    scoring = _Scoring(record, rules, list(score.violations))
    scoring.running = list(score.running_totals)
    scoring.hands = list(score.hands)
    scoring.scores = list(score.hand_scores)
    if score.finished:
        scoring.ended = Standing(finished=True, winner=score.winner, margin=score.margin)
    scoring.add(len(record.hands), hand)
    return scoring.score()


class _Scoring:
    """A match being scored hand by hand (`score_match`, `score_next_hand`)."""

    def __init__(self, record: MatchRecord, rules: RuleSet, findings: list[Finding]) -> None:
        self.record = record
        self.rules = rules
        self.findings = findings
        self.names = [side.name for side in record.sides]
        self.players = {p.strip().casefold() for side in record.sides for p in side.players}
        self.running = [side.start_score for side in record.sides]
        self.hands: list[HandTotals] = []
        self.scores: list[HandScore] = []
        self.ended: Standing | None = None

    def add(self, number: int, hand: MatchHand) -> None:
        """Check and score hand ``number`` (0 = the first) from the running totals."""
        record, rules, findings = self.record, self.rules, self.findings
        here = f"hands[{number}]"
        if self.ended is not None:
            findings.append(
                _finding(
                    Severity.ERROR,
                    Code.MATCH_HAND_AFTER_END,
                    here,
                    phrase("match.hand_after_end", target=rules.target),
                    R_END,
                )
            )
        if len(hand.sides) != len(record.sides):
            findings.append(
                _finding(
                    Severity.ERROR,
                    Code.SIDES_COUNT,
                    f"{here}.sides",
                    phrase(
                        "sides.count:hand",
                        n=len(hand.sides),
                        want=len(record.sides),
                        players=tuple(self.names),
                    ),
                    file_format("5"),
                )
            )
        players = self.players
        if hand.dealer is not None and players and hand.dealer.strip().casefold() not in players:
            findings.append(
                _finding(
                    Severity.WARNING,
                    Code.MATCH_DEALER_UNKNOWN,
                    f"{here}.dealer",
                    phrase("match.dealer_unknown", player=quoted(hand.dealer)),
                    file_format("5"),
                )
            )
        as_hand = hand_record(record, hand, self.running)
        hand_findings = check_hand(as_hand, rules, whole_file=False)
        sides = score_sides(as_hand, rules)
        findings += [finding.at(here) for finding in hand_findings]
        self.scores.append(
            HandScore(
                valid=not has_errors(hand_findings), sides=sides, violations=tuple(hand_findings)
            )
        )
        totals = tuple(side.total for side in sides)
        self.running = [before + total for before, total in zip(self.running, totals, strict=True)]
        self.hands.append(HandTotals(totals=totals, running=tuple(self.running)))
        if self.ended is None:
            now = standing(self.names, self.running, rules)
            if now.finished:
                self.ended = now

    def score(self) -> MatchScore:
        """The match as scored so far."""
        running, rules = self.running, self.rules
        final = self.ended or standing(self.names, running, rules)
        return MatchScore(
            valid=not has_errors(self.findings),
            hands=tuple(self.hands),
            running_totals=tuple(running),
            initial_meld_minimums=tuple(initial_meld_minimum(total, rules) for total in running),
            finished=final.finished,
            winner=final.winner,
            margin=final.margin,
            violations=tuple(self.findings),
            hand_scores=tuple(self.scores),
            tied_at_top=final.tied,
        )
