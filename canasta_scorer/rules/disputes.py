"""Questions a table argues about, answered yes or no with the rule and its source.

* `may_take_pile`: may I take the discard pile? (rules §1.8, H1–H4, O1)
* `may_go_out`: may we go out, and what does it score? (rules §1.9, O2, O6)
* `first_meld`: does this first meld reach the minimum? (rules §1.7, O7)
* `meld_verdict`: is this meld legal? (rules §1.3–§1.5, H5)

Each works from a described table situation, not an end-of-hand record, and
returns a `Verdict`: the answer in plain words and every reason with its rule.

>>> from canasta_scorer.rules.ruleset import rule_set
>>> from canasta_scorer.rules.cards import parse_cards, Card
>>> from canasta_scorer.rules.melds import parse_meld
>>> verdict = may_take_pile(PileSituation(top=Card.NINE, hand=parse_cards("9 2 5"),
...     side_melds=(parse_meld("9 9 9"),), side_has_melded=True, wild_in_pile=True),
...     rule_set())
>>> verdict.allowed, verdict.answer
(False, 'No: the pile is frozen, and taking it needs two natural 9s from your hand.')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from .cards import NATURAL_RANKS, Card, format_cards, is_natural, is_wild
from .checks import check_meld, meld_supply
from .citations import rule
from .findings import Severity
from .melds import CANASTA_SIZE, Meld, MeldRank
from .ruleset import HouseRule, RuleSet, initial_meld_minimum
from .scoring import CANASTA_BONUS, CONCEALED_BONUS, GOING_OUT_BONUS

__all__ = [
    "FirstMeldSituation",
    "GoOutSituation",
    "PileSituation",
    "Reason",
    "Verdict",
    "best_opening",
    "first_meld",
    "may_go_out",
    "may_take_pile",
    "meld_verdict",
]

R_TOP_BLOCKED = rule("1.8")
R_FROZEN = rule("1.8")
R_UNFROZEN = rule("1.8")
R_ONE_CARD = rule("1.8", "3 O1")
R_MERGE = rule("1.3")
R_MINIMUM = rule("1.7")
R_GO_OUT = rule("1.9")
R_CONCEALED = rule("1.9")

#: Melds of a first meld as (rank, natural cards, wild cards), for `best_opening`.
_Choice = tuple[tuple[Card, int, int], ...]


class Reason(BaseModel):
    """One reason behind a verdict: plain words, the rule and its source, and whether
    it counts for (``True``) or against (``False``) the question asked."""

    model_config = ConfigDict(frozen=True)

    message: str
    rule: str
    ok: bool


class Verdict(BaseModel):
    """The answer to a table question.

    Attributes:
        question: the question, in plain words.
        allowed: yes or no.
        answer: one sentence a player reads out.
        reasons: every reason, for and against, with its rule.
        show: cards to show from the hand (taking the pile), in file notation.
        points: points that count (a first meld: card points; going out: the bonus).
        minimum: the initial meld minimum that applies, if any.
    """

    model_config = ConfigDict(frozen=True)

    question: str
    allowed: bool
    answer: str
    reasons: tuple[Reason, ...] = ()
    show: str = ""
    points: int | None = None
    minimum: int | None = None


def _reason(message: str, rule: str, ok: bool) -> Reason:
    return Reason(message=message, rule=rule, ok=ok)


def _plural(card: Card) -> str:
    return f"{card.value}s"


# --- is this meld legal? ---------------------------------------------------------------


def meld_verdict(meld: Meld, rules: RuleSet, *, going_out: bool | None = None) -> Verdict:
    """Is this meld legal under the rules? Its points and canasta kind.

    Args:
        meld: the meld.
        rules: the rules in force.
        going_out: for black threes, whether the player goes out on that turn.
    """
    findings = check_meld(meld, rules, going_out=going_out)
    errors = [f for f in findings if f.severity is Severity.ERROR]
    reasons = [_reason(f.message, f.rule, False) for f in errors]
    for finding in meld_supply(meld, rules):
        reasons.append(_reason(finding.message, finding.rule, False))
        errors.append(finding)
    kind = meld.canasta_kind(rules) if not errors else None
    if not errors:
        if kind is not None:
            reasons.append(
                _reason(f"{kind.value} canasta: bonus {CANASTA_BONUS[kind]:,}", rule("1.4"), True)
            )
        elif meld.rank is MeldRank.BLACK_THREE:
            reasons.append(
                _reason(
                    "a meld of black threes is legal only on the turn its player goes out",
                    rule("1.5"),
                    going_out is True,
                )
            )
        else:
            reasons.append(
                _reason(
                    f"not a canasta yet ({meld.size} of {CANASTA_SIZE} cards)",
                    rule("1.4"),
                    True,
                )
            )
    answer = (
        f"Yes: {meld} is a legal meld worth {meld.points} points"
        if not errors
        else f"No: {errors[0].message}"
    ) + "."
    if not errors and meld.rank is MeldRank.BLACK_THREE and going_out is not True:
        answer = (
            f"Yes, but only on the turn its player goes out: {meld} is worth {meld.points} points."
        )
    return Verdict(
        question=f"Is {meld} a legal meld?",
        allowed=not errors,
        answer=answer,
        reasons=tuple(reasons),
        points=meld.points,
    )


# --- may I take the discard pile? -----------------------------------------------------


class PileSituation(BaseModel):
    """A player about to take the discard pile.

    Attributes:
        top: the top card of the discard pile.
        pile_size: cards in the pile, the top card included.
        wild_in_pile: a discarded wild card lies crosswise in the pile (frozen for all).
        red_three_upcard: the turned-up upcard was a red three (frozen for all).
        black_three_in_pile: a black three was discarded or turned up since the pile
            was last taken (freezes it only under house rule H1).
        side_has_melded: the player's side has melded this hand.
        side_score: the side's cumulative score, for its initial meld minimum.
        hand: the player's hand before taking the pile.
        side_melds: the side's melds on the table.
    """

    model_config = ConfigDict(frozen=True)

    top: Card
    pile_size: int = Field(default=2, ge=1)
    wild_in_pile: bool = False
    red_three_upcard: bool = False
    black_three_in_pile: bool = False
    side_has_melded: bool = False
    side_score: int = 0
    hand: tuple[Card, ...] = ()
    side_melds: tuple[Meld, ...] = ()


def best_opening(
    hand: Sequence[Card], top: Card | None, *, keep: int = 0, canastas_to_go_out: int = 1
) -> tuple[int, list[Meld]]:
    """The most points a first meld can count from ``hand`` plus the top discard.

    The top card (if any) must go into a meld with two natural cards of its rank from
    the hand (the pile is frozen for a side that has not melded, rules §1.8). Other
    melds use two or more natural cards of one rank and wild cards: 3 cards at least,
    3 wild cards at most a meld (§1.3). Every way of melding is weighed, so a wild card
    goes where it counts most (completing a pair rather than growing a meld).

    ``keep`` hand cards stay in the hand unless the melds hold the canastas needed to go
    out: a side without them may not meld so much that its player is left with no card
    after the discard that ends the turn (S0 End of the hand: Going Out; rules §1.9).

    Args:
        hand: the player's hand, without the pile.
        top: the top discard melded with cards from the hand, or ``None`` (a first
            meld after drawing from the stock).
        keep: hand cards that must stay unmelded: 2 when the pile holds only its top
            card (one to discard, one to hold), 1 when one more card comes with it,
            0 otherwise.
        canastas_to_go_out: canastas that let the player go out instead (the variant's).

    Returns:
        (points, the melds), or (0, []) when no legal first meld can be made.

    >>> from canasta_scorer.rules.cards import parse_cards
    >>> points, melds = best_opening(parse_cards("K K Q Q 2"), Card.KING)
    >>> points, [str(meld) for meld in melds]
    (70, ['K K K', 'Q Q 2'])
    >>> points, melds = best_opening(parse_cards("K K Q Q 2"), Card.KING, keep=2)
    >>> points, [str(meld) for meld in melds]
    (50, ['K K K 2'])
    """
    naturals = Counter(card for card in hand if is_natural(card))
    wilds = sorted((card for card in hand if is_wild(card)), key=lambda c: -c.points)
    if top is not None and naturals[top] < 2:
        return 0, []
    others = len(hand) - sum(naturals.values()) - len(wilds)
    # (wild cards used, naturals left in hand up to `keep`, canastas up to those needed)
    # -> (points of the natural cards melded, the melds as (rank, naturals, wild cards)).
    keep = max(0, keep)
    states: dict[tuple[int, int, int], tuple[int, _Choice]] = {(0, 0, 0): (0, ())}
    for rank in NATURAL_RANKS:
        have = naturals[rank]
        from_pile = 1 if rank is top else 0
        # Melding fewer naturals than all but `keep` of them never scores more.
        options = [] if from_pile else [(0, 0)]
        options += [
            (count, wild)
            for count in range(max(2, have - keep), have + 1)
            for wild in range(4)
            if count + from_pile + wild >= 3
        ]
        grown: dict[tuple[int, int, int], tuple[int, _Choice]] = {}
        for (used, left, canastas), (points, chosen) in states.items():
            for count, wild in options:
                if used + wild > len(wilds):
                    continue
                size = count + from_pile + wild
                key = (
                    used + wild,
                    min(keep, left + have - count),
                    min(canastas_to_go_out, canastas + (size >= CANASTA_SIZE)),
                )
                melded = count + from_pile
                value = (
                    points + melded * rank.points,
                    (*chosen, (rank, melded, wild)) if melded else chosen,
                )
                if key not in grown or value[0] > grown[key][0]:
                    grown[key] = value
        states = grown
    best: tuple[int, int, _Choice] | None = None
    for (used, left, canastas), (points, chosen) in states.items():
        kept = left + len(wilds) - used + others
        if not chosen or (kept < keep and canastas < canastas_to_go_out):
            continue
        total = points + sum(card.points for card in wilds[:used])
        if best is None or total > best[0]:
            best = (total, used, chosen)
    if best is None:
        return 0, []
    spare = iter(wilds[: best[1]])
    melds = [
        Meld.from_cards([rank] * melded + [next(spare) for _ in range(wild)])
        for rank, melded, wild in best[2]
    ]
    return best[0], melds


def may_take_pile(situation: PileSituation, rules: RuleSet) -> Verdict:
    """May the player take the discard pile? (rules §1.8)

    Checks, in order: a wild card or black three on top blocks it (S0); the one-card
    rule (O1); whether the pile is frozen for the player (a wild card or a red-three
    upcard in it, the side not melded, H1, H2); then the ways to take it (natural pair;
    natural and wild unless H3; the top card onto the side's meld unless H2, or H4 on
    a finished canasta), the merge limit of 3 wild cards, and for a side that has not
    melded, whether the top card and the hand reach the initial meld minimum with a
    first meld that leaves the player a card after the discard (S0 End of the hand:
    Going Out; `best_opening`).

    Returns:
        The verdict; ``show`` names the cards to show from the hand.
    """
    s = situation
    top = s.top
    question = f"May I take the discard pile with {top.label} on top?"
    reasons: list[Reason] = []

    def no(answer: str) -> Verdict:
        return Verdict(
            question=question, allowed=False, answer=f"No: {answer}.", reasons=tuple(reasons)
        )

    if is_wild(top) or top is Card.BLACK_THREE:
        reasons.append(
            _reason(
                f"{top.label} is on top: nobody may take the pile while a wild "
                "card or a black three is on top",
                R_TOP_BLOCKED,
                False,
            )
        )
        return no(f"nobody may take the pile with {top.label} on top")
    if top is Card.RED_THREE:
        reasons.append(
            _reason(
                "a red three is never on top: a red upcard is covered by turning more cards",
                rule("1.8"),
                False,
            )
        )
        return no("a red three cannot be on top of the pile")
    if len(s.hand) == 1 and s.pile_size == 1:
        reasons.append(
            _reason("a player holding 1 card may not take a pile of 1 card", R_ONE_CARD, False)
        )
        return no("you hold 1 card and the pile has 1 card")
    frozen_why: list[str] = []
    if s.wild_in_pile:
        frozen_why.append("a wild card lies in it")
    if s.red_three_upcard:
        frozen_why.append("the upcard was a red three")
    if s.black_three_in_pile and rules.has(HouseRule.BLACK_THREE_FREEZES):
        frozen_why.append("a black three was discarded (house rule black-three-freezes)")
    if not s.side_has_melded:
        frozen_why.append("your side has not melded yet")
    if rules.has(HouseRule.PILE_ALWAYS_FROZEN):
        frozen_why.append("the house rule pile-always-frozen")
    frozen = bool(frozen_why)
    hand = Counter(s.hand)
    pair = hand[top] >= 2
    wild_cards = [c for c in s.hand if is_wild(c)]
    existing = next(
        (m for m in s.side_melds if m.rank is not None and m.rank.value == top.value), None
    )
    show: list[Card]
    if frozen:
        reasons.append(
            _reason(
                "the pile is frozen for you: "
                + "; ".join(frozen_why)
                + f". Only two natural {_plural(top)} from your hand take it",
                R_FROZEN,
                pair,
            )
        )
        if not pair:
            return no(
                f"the pile is frozen, and taking it needs two natural {_plural(top)} from your hand"
            )
        show = [top, top]
        way = f"meld the top {top.value} with your two natural {_plural(top)}"
    else:
        reasons.append(_reason("the pile is not frozen for you", R_UNFROZEN, True))
        show = []
        way = ""
        if pair:
            show, way = [top, top], f"meld the top {top.value} with your two natural {_plural(top)}"
        else:
            natural_and_wild = hand[top] >= 1 and bool(wild_cards)
            if natural_and_wild and rules.has(HouseRule.TWO_NATURALS_TO_TAKE):
                reasons.append(
                    _reason(
                        "a natural and a wild card do not take the pile under "
                        "the house rule two-naturals-to-take",
                        rule("3 H3"),
                        False,
                    )
                )
                natural_and_wild = False
            if natural_and_wild and existing is not None and existing.wilds >= 3:
                reasons.append(
                    _reason(
                        f"your meld of {_plural(top)} already holds 3 wild "
                        "cards: a 4th may not join it",
                        R_MERGE,
                        False,
                    )
                )
                natural_and_wild = False
            if natural_and_wild:
                show = [top, wild_cards[0]]
                way = f"meld the top {top.value} with your {top.value} and a wild card"
            elif existing is not None:
                if existing.size >= CANASTA_SIZE and rules.has(
                    HouseRule.NO_PILE_FOR_FINISHED_CANASTA
                ):
                    reasons.append(
                        _reason(
                            f"your meld of {_plural(top)} is a finished canasta: "
                            "the house rule no-pile-for-finished-canasta forbids "
                            "taking the pile onto it",
                            rule("3 H4"),
                            False,
                        )
                    )
                else:
                    way = f"add the top {top.value} to your side's meld of {_plural(top)}"
        if not way:
            if all(reason.ok for reason in reasons):
                reasons.append(
                    _reason(
                        f"no way to meld the top {top.value}: you hold neither two natural "
                        f"{_plural(top)} nor a {top.value} and a wild card, and your side has "
                        f"no meld of {_plural(top)}",
                        R_UNFROZEN,
                        False,
                    )
                )
            return no(
                f"you need two natural {_plural(top)}, or a {top.value} and a wild card, "
                f"or a meld of {_plural(top)} on the table"
            )
        reasons.append(_reason(way[0].upper() + way[1:], R_UNFROZEN, True))
    if s.side_has_melded:
        # The pickup must leave a card to discard and one to keep, unless the side can
        # go out (S0 End of the hand: Going Out); the top card alone onto the side's meld
        # uses no card from the hand.
        onto_meld = (
            not frozen
            and existing is not None
            and not rules.has(HouseRule.PILE_ALWAYS_FROZEN)
            and not (
                existing.size >= CANASTA_SIZE and rules.has(HouseRule.NO_PILE_FOR_FINISHED_CANASTA)
            )
        )
        left = len(s.hand) - len(show) + s.pile_size - 1
        if left < 2 and onto_meld and show:
            show = []
            way = f"add the top {top.value} to your side's meld of {_plural(top)}"
            reasons[-1] = _reason(way[0].upper() + way[1:], R_UNFROZEN, True)
            left = len(s.hand) + s.pile_size - 1
        if left < 2:
            grown = _merged(s.side_melds, (Meld.from_cards([top, *show]),))
            canastas = sum(1 for m in grown if m.canasta_kind(rules) is not None)
            if canastas < rules.canastas_to_go_out:
                reasons.append(
                    _reason(
                        f"after taking the pile you would hold {left} card(s): without the "
                        f"{rules.canastas_to_go_out} canasta(s) needed to go out, a player keeps "
                        "at least one card after discarding",
                        R_GO_OUT,
                        False,
                    )
                )
                return no(
                    "you would have no card to keep after your discard, and your side "
                    "may not go out yet"
                )
    points = minimum = None
    if not s.side_has_melded:
        minimum = initial_meld_minimum(s.side_score, rules)
        # What comes back from the pile counts toward the cards the player must keep.
        points, melds = best_opening(
            s.hand,
            top,
            keep=max(0, 3 - s.pile_size),
            canastas_to_go_out=rules.canastas_to_go_out,
        )
        if not melds:
            reasons.append(
                _reason(
                    "your side has not melded, and every first meld with the top card would "
                    "leave you no card to hold after your discard: without the canastas to go "
                    "out, a player keeps at least one card",
                    R_GO_OUT,
                    False,
                )
            )
            return Verdict(
                question=question,
                allowed=False,
                answer="No: every first meld you could make would leave you no card after "
                "your discard, and your side may not go out.",
                reasons=tuple(reasons),
                points=points,
                minimum=minimum,
            )
        if rules.enforces_initial_minimum and points < minimum:
            reasons.append(
                _reason(
                    f"your side has not melded: counting only the top card from the pile, your "
                    f"best first meld is {points} points, below the minimum of {minimum} for a "
                    f"score of {s.side_score:,}",
                    R_MINIMUM,
                    False,
                )
            )
            return Verdict(
                question=question,
                allowed=False,
                answer=f"No: your first meld would be {points} points, below the "
                f"minimum of {minimum}.",
                reasons=tuple(reasons),
                points=points,
                minimum=minimum,
            )
        reasons.append(
            _reason(
                f"your side has not melded: with the top card your best first meld is {points} "
                f"points ({', '.join(str(m) for m in melds)}), "
                + (
                    f"which reaches the minimum of {minimum}"
                    if points >= minimum
                    else f"below the minimum of {minimum}, which the house rule "
                    "no-initial-minimum does not enforce"
                ),
                R_MINIMUM,
                True,
            )
        )
    return Verdict(
        question=question,
        allowed=True,
        answer=f"Yes: {way}, then take the rest of the pile.",
        reasons=tuple(reasons),
        show=format_cards(show),
        points=points,
        minimum=minimum,
    )


# --- may we go out? ------------------------------------------------------------------


class GoOutSituation(BaseModel):
    """A player about to go out.

    Attributes:
        table_melds: the side's melds already on the table before this turn.
        this_turn: the melds the player lays this turn (new melds, or cards added to a
            rank the side has, written as a meld of that rank).
        discard: the card discarded to end the turn, or ``None`` (every card melded).
        side_has_melded: the side had melded before this turn.
        player_has_melded: this player had melded before this turn (read as ``False``
            when the side had not melded).
        took_pile: the player took the discard pile this turn.
        side_score: the side's cumulative score, for its initial meld minimum.
    """

    model_config = ConfigDict(frozen=True)

    table_melds: tuple[Meld, ...] = ()
    this_turn: tuple[Meld, ...] = ()
    discard: Card | None = None
    side_has_melded: bool = True
    player_has_melded: bool = True
    took_pile: bool = False
    side_score: int = 0


def _merged(table: Sequence[Meld], new: Sequence[Meld]) -> list[Meld]:
    by_rank: dict[MeldRank | None, list[Card]] = {}
    order: list[MeldRank | None] = []
    for meld in (*table, *new):
        if meld.rank not in by_rank:
            by_rank[meld.rank] = []
            order.append(meld.rank)
        by_rank[meld.rank] += meld.cards
    return [Meld.from_cards(by_rank[rank]) for rank in order]


def may_go_out(situation: GoOutSituation, rules: RuleSet) -> Verdict:
    """May the player go out this turn, and what bonus does it score? (rules §1.9)

    Checks every meld after the turn (merged by rank, 3 wild cards at most), the
    canastas the variant needs (1, or 2 in two-player and six-player; O11), the
    black-three meld (this turn only), the discard, the initial meld minimum for a
    side that had not melded (waived when going out concealed after drawing from the
    stock, S0), and whether it is concealed (player-level by default, team-level
    under O2); under O6 going out is allowed without the canastas but scores no bonus.

    Returns:
        The verdict; ``points`` is the going-out bonus it would score.
    """
    s = situation
    question = "May we go out?"
    reasons: list[Reason] = []
    after = _merged(s.table_melds, s.this_turn)
    bad = False
    for meld in after:
        for finding in check_meld(meld, rules, going_out=True):
            if finding.severity is Severity.ERROR:
                reasons.append(_reason(finding.message, finding.rule, False))
                bad = True
    if any(m.rank is MeldRank.BLACK_THREE for m in s.table_melds):
        reasons.append(
            _reason(
                "black threes were already on the table: they are melded only "
                "on the going-out turn",
                rule("1.5"),
                False,
            )
        )
        bad = True
    if s.discard is Card.RED_THREE:
        reasons.append(_reason("a red three is never discarded", rule("1.2"), False))
        bad = True
    needed = rules.canastas_to_go_out
    canastas = sum(1 for m in after if m.canasta_kind(rules) is not None)
    short = canastas < needed
    bonus_withheld = False
    if short:
        if rules.has(HouseRule.GO_OUT_WITHOUT_CANASTAS):
            reasons.append(
                _reason(
                    f"{canastas} of the {needed} canasta(s) needed: going out "
                    "is allowed by go-out-without-canastas, without the bonus",
                    rule("3 O6"),
                    True,
                )
            )
            bonus_withheld = True
        else:
            reasons.append(
                _reason(
                    f"your side has {canastas} canasta(s) after this turn; going "
                    f"out needs {needed}: keep at least one card after "
                    "discarding",
                    R_GO_OUT,
                    False,
                )
            )
            bad = True
    else:
        reasons.append(
            _reason(
                f"your side has {canastas} canasta(s) after this turn ({needed} needed)",
                R_GO_OUT,
                True,
            )
        )
    # Concealed going out.
    own_canastas = sum(1 for m in s.this_turn if m.canasta_kind(rules) is not None)
    adds_to_table = any(m.rank in {t.rank for t in s.table_melds} for m in s.this_turn)
    team_level = rules.has(HouseRule.CONCEALED_TEAM_LEVEL)
    # A player whose side had not melded had not melded either (S0 Initial Meld
    # Requirement, the concealed exemption), whatever ``player_has_melded`` says.
    player_has_melded = s.player_has_melded and s.side_has_melded
    concealed = (
        not player_has_melded
        and not adds_to_table
        and own_canastas >= needed
        and (not team_level or not s.side_has_melded)
    )
    if concealed:
        reasons.append(
            _reason(
                "going out concealed: the whole hand melded in one turn with a "
                "canasta of your own, nothing melded earlier, nothing added to "
                "your partner's melds"
                + (" (team level: the side's first meld)" if team_level else ""),
                R_CONCEALED,
                True,
            )
        )
    # Initial meld minimum for a side that had not melded.
    minimum = None
    if not s.side_has_melded:
        minimum = initial_meld_minimum(s.side_score, rules)
        points = sum(m.points for m in s.this_turn)
        if concealed and not s.took_pile:
            reasons.append(
                _reason(
                    "going out concealed after drawing from the stock needs no "
                    "initial meld minimum",
                    R_MINIMUM,
                    True,
                )
            )
        elif rules.enforces_initial_minimum and points < minimum:
            reasons.append(
                _reason(
                    f"your side's first meld counts {points} points, below the "
                    f"minimum of {minimum}",
                    R_MINIMUM,
                    False,
                )
            )
            bad = True
        else:
            reasons.append(
                _reason(
                    f"your side's first meld counts {points} points (minimum {minimum})",
                    R_MINIMUM,
                    True,
                )
            )
    if bad:
        first = next(r for r in reasons if not r.ok)
        return Verdict(
            question=question,
            allowed=False,
            answer=f"No: {first.message}.",
            reasons=tuple(reasons),
            minimum=minimum,
        )
    bonus = 0 if bonus_withheld else (CONCEALED_BONUS if concealed else GOING_OUT_BONUS)
    how = "concealed " if concealed else ""
    answer = (
        f"Yes: going out {how}scores {bonus}." if bonus else "Yes, but without the going-out bonus."
    )
    return Verdict(
        question=question,
        allowed=True,
        answer=answer,
        reasons=tuple(reasons),
        points=bonus,
        minimum=minimum,
    )


# --- does this first meld reach the minimum? ------------------------------------------


class FirstMeldSituation(BaseModel):
    """A side's first meld of the hand.

    Attributes:
        melds: the melds laid (cards from the hand, plus the top discard if taken).
        top: the top discard used in the melds, when the pile is taken.
        buried: other pile cards melded the same turn (they do not count).
        side_score: the side's cumulative score.
        red_threes: red threes laid out (they do not count).
    """

    model_config = ConfigDict(frozen=True)

    melds: tuple[Meld, ...]
    top: Card | None = None
    buried: tuple[Card, ...] = ()
    side_score: int = 0
    red_threes: int = Field(default=0, ge=0)


def first_meld(situation: FirstMeldSituation, rules: RuleSet) -> Verdict:
    """Does a side's first meld reach its initial meld minimum? (rules §1.7)

    Counts the card points of every meld laid in that turn, the top discard included,
    wild cards at their own value; not the buried pile cards, red threes, or any
    bonus (canastas included). A top discard needs two natural cards of its rank from
    the hand with it (the pile is frozen for a side that has not melded).
    """
    s = situation
    minimum = initial_meld_minimum(s.side_score, rules)
    question = f"Does this first meld reach the minimum of {minimum}?"
    reasons: list[Reason] = []
    cards = Counter(card for meld in s.melds for card in meld.cards)
    buried = Counter(s.buried)
    missing = buried - cards
    bad = False
    if missing:
        reasons.append(
            _reason(
                f"the buried cards {format_cards(missing.elements())} are not in the melds given",
                rule("1.7"),
                False,
            )
        )
        bad = True
    for meld in s.melds:
        for finding in check_meld(meld, rules, going_out=None):
            if finding.severity is Severity.ERROR:
                reasons.append(_reason(finding.message, finding.rule, False))
                bad = True
    if s.top is not None:
        home = next(
            (m for m in s.melds if m.rank is not None and m.rank.value == s.top.value), None
        )
        from_hand = (home.naturals - 1 - buried[s.top]) if home else 0
        if from_hand < 2:
            reasons.append(
                _reason(
                    f"the top {s.top.value} needs two natural {_plural(s.top)} "
                    "from your hand with it: the pile is frozen for a side that "
                    "has not melded",
                    R_FROZEN,
                    False,
                )
            )
            bad = True
    counted = sum(meld.points for meld in s.melds) - sum(
        c.points for c in (buried & cards).elements()
    )
    reasons.append(
        _reason(
            f"card points of the melds laid this turn: {counted}"
            + (f" (the top {s.top.value} counts)" if s.top else ""),
            R_MINIMUM,
            True,
        )
    )
    if s.buried:
        reasons.append(
            _reason(
                f"buried pile cards {format_cards(s.buried)} do not count, even "
                "melded the same turn",
                R_MINIMUM,
                True,
            )
        )
    canasta_kinds = [m.canasta_kind(rules) for m in s.melds]
    if any(kind is not None for kind in canasta_kinds) or s.red_threes:
        reasons.append(
            _reason(
                "bonuses (canastas, red threes) never count toward the minimum", R_MINIMUM, True
            )
        )
    enforced = rules.enforces_initial_minimum
    if not enforced:
        reasons.append(_reason("the house rule no-initial-minimum is on", rule("3 O7"), True))
    reached = counted >= minimum or not enforced
    if not reached:
        reasons.append(
            _reason(
                f"{counted} is below the minimum of {minimum} for a score of {s.side_score:,}",
                R_MINIMUM,
                False,
            )
        )
    allowed = reached and not bad
    if bad:
        answer = f"No: {next(r for r in reasons if not r.ok).message}."
    elif counted >= minimum:
        answer = f"Yes: {counted} points reach the minimum of {minimum}."
    elif reached:
        answer = f"Yes: {counted} points; the minimum of {minimum} is not enforced."
    else:
        answer = f"No: {counted} points are below the minimum of {minimum}."
    return Verdict(
        question=question,
        allowed=allowed,
        answer=answer,
        reasons=tuple(reasons),
        points=counted,
        minimum=minimum,
    )
