"""Questions a table argues about, answered yes or no with the rule and its source.

`settle` answers any of them: a `Question`, its situation and the rules in, a
`Verdict` out.

* ``Question.PILE``, `PileSituation`, `may_take_pile`: may I take the discard pile?
  (rules §1.8, H1–H4, O1)
* ``Question.GO_OUT``, `GoOutSituation`, `may_go_out`: may we go out, and what does it
  score? (rules §1.9, O2, O6)
* ``Question.FIRST_MELD``, `FirstMeldSituation`, `first_meld`: does this first meld reach
  the minimum? (rules §1.7, O7)
* ``Question.MELD``, `MeldSituation`, `meld_verdict`: is this meld legal? (rules
  §1.3–§1.5, H5)

Each works from a described table situation, not an end-of-hand record, and
returns a `Verdict`: the answer in plain words and every reason with its stable code
(`ReasonCode`, worded in `REASON_WORDS`) and its rule.

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

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .bonuses import CONCEALED_BONUS, GOING_OUT_BONUS
from .cards import NATURAL_RANKS, Card, format_cards, is_natural, is_wild
from .checks import cards_supply, check_meld, check_score, meld_supply
from .citations import rule
from .errors import UnknownNameError
from .findings import Code, Finding, Severity
from .melds import CANASTA_SIZE, CanastaKind, Meld, MeldRank
from .ruleset import HouseRule, RuleSet, Variant, initial_meld_minimum
from .words import W_, WORDS, Phrase, Words, phrase, rank_phrase, render

__all__ = [
    "FROZEN_WORDS",
    "REASON_WORDS",
    "FirstMeldSituation",
    "Frozen",
    "GoOutSituation",
    "MeldSituation",
    "PileSituation",
    "Question",
    "Reason",
    "ReasonCode",
    "Situation",
    "Verdict",
    "best_opening",
    "first_meld",
    "may_go_out",
    "may_take_pile",
    "meld_verdict",
    "reason_text",
    "settle",
    "situation_problems",
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


class ReasonCode(StrEnum):
    """Stable codes of the reasons behind a verdict, like a `Code` of a finding: tests
    assert them, and a screen can word them its own way. The English wording of each is
    in `REASON_WORDS`; a reason that comes from a finding of the checker (a meld's shape)
    carries the finding's `Code` instead."""

    MELD_CANASTA = "meld.canasta"
    MELD_NOT_CANASTA_YET = "meld.not_canasta_yet"
    MELD_BLACK_THREES_GOING_OUT = "meld.black_threes_going_out"
    PILE_TOO_LARGE = "pile.too_large"
    PILE_TOP_BLOCKED = "pile.top_blocked"
    PILE_RED_THREE_ON_TOP = "pile.red_three_on_top"
    PILE_ONE_CARD = "pile.one_card"
    PILE_FROZEN = "pile.frozen"
    PILE_NOT_FROZEN = "pile.not_frozen"
    PILE_TWO_NATURALS_NEEDED = "pile.two_naturals_needed"
    PILE_MERGE_LIMIT = "pile.merge_limit"
    PILE_FINISHED_CANASTA = "pile.finished_canasta"
    PILE_NO_WAY = "pile.no_way"
    PILE_WITH_PAIR = "pile.with_pair"
    PILE_WITH_WILD = "pile.with_wild"
    PILE_ONTO_MELD = "pile.onto_meld"
    PILE_NO_CARD_LEFT = "pile.no_card_left"
    PILE_NO_OPENING = "pile.no_opening"
    PILE_OPENING_SHORT = "pile.opening_short"
    PILE_OPENING_REACHES = "pile.opening_reaches"
    PILE_OPENING_NOT_ENFORCED = "pile.opening_not_enforced"
    GO_OUT_BLACK_THREES_EARLIER = "go_out.black_threes_earlier"
    GO_OUT_RED_THREE_DISCARDED = "go_out.red_three_discarded"
    GO_OUT_WITHOUT_BONUS = "go_out.without_bonus"
    GO_OUT_CANASTAS_SHORT = "go_out.canastas_short"
    GO_OUT_CANASTAS = "go_out.canastas"
    GO_OUT_CONCEALED = "go_out.concealed"
    GO_OUT_CONCEALED_TEAM_LEVEL = "go_out.concealed_team_level"
    GO_OUT_CONCEALED_NO_MINIMUM = "go_out.concealed_no_minimum"
    GO_OUT_FIRST_MELD_SHORT = "go_out.first_meld_short"
    GO_OUT_FIRST_MELD = "go_out.first_meld"
    GO_OUT_PILE_CARDS_COUNTED = "go_out.pile_cards_counted"
    GO_OUT_WILD_JOINS = "go_out.wild_joins"
    GO_OUT_TABLE_NOT_MELDED = "go_out.table_not_melded"
    GO_OUT_CONCEALED_ALONE = "go_out.concealed_alone"
    FIRST_MELD_BLACK_THREES = "first_meld.black_threes"
    FIRST_MELD_BURIED_MISSING = "first_meld.buried_missing"
    FIRST_MELD_TOP_NEEDS_PAIR = "first_meld.top_needs_pair"
    FIRST_MELD_COUNTED = "first_meld.counted"
    FIRST_MELD_COUNTED_WITH_TOP = "first_meld.counted_with_top"
    FIRST_MELD_BURIED = "first_meld.buried"
    FIRST_MELD_NO_BONUSES = "first_meld.no_bonuses"
    FIRST_MELD_NOT_ENFORCED = "first_meld.not_enforced"
    FIRST_MELD_SHORT = "first_meld.short"


R = ReasonCode

#: The English wording of every reason, filled in with the reason's ``values``.
REASON_WORDS: dict[ReasonCode, str] = {
    R.MELD_CANASTA: W_("{kind} canasta: bonus {bonus:,}"),
    R.MELD_NOT_CANASTA_YET: W_("not a canasta yet ({size} of {canasta} cards)"),
    R.MELD_BLACK_THREES_GOING_OUT: W_(
        "a meld of black threes is legal only on the turn its player goes out"
    ),
    R.PILE_TOO_LARGE: W_(
        "a pile of {size:,} cards cannot be: the {deck}-card deck has {most} cards besides "
        "your hand and your side's melds"
    ),
    R.PILE_TOP_BLOCKED: W_(
        "the {card} is on top: nobody may take the pile while a wild card or a black three "
        "is on top"
    ),
    R.PILE_RED_THREE_ON_TOP: W_(
        "a red three is never on top: a red upcard is covered by turning more cards"
    ),
    R.PILE_ONE_CARD: W_("a player holding 1 card may not take a pile of 1 card"),
    R.PILE_FROZEN: W_(
        "the pile is frozen for you: {why}. Only two natural {rank} from your hand take it"
    ),
    R.PILE_NOT_FROZEN: W_(
        "the pile is not frozen for you: your side has melded, and nothing in the pile freezes it"
    ),
    R.PILE_TWO_NATURALS_NEEDED: W_(
        "a natural and a wild card do not take the pile under the house rule “Two naturals "
        "to take the pile”"
    ),
    R.PILE_MERGE_LIMIT: W_("your meld of {rank} already holds 3 wild cards: a 4th may not join it"),
    R.PILE_FINISHED_CANASTA: W_(
        "your meld of {rank} is a finished canasta: the house rule “No pile for a finished "
        "canasta” forbids taking the pile onto it"
    ),
    R.PILE_NO_WAY: W_(
        "no way to meld the top {card}: you hold neither two natural {rank} nor a {card} "
        "and a wild card, and your side has no meld of {rank}"
    ),
    R.PILE_WITH_PAIR: W_("meld the top {card} with your two natural {rank}"),
    R.PILE_WITH_WILD: W_("meld the top {card} with your {card} and a wild card"),
    R.PILE_ONTO_MELD: W_("add the top {card} to your side's meld of {rank}"),
    R.PILE_NO_CARD_LEFT: W_(
        "after taking the pile you would hold {left_cards}: without the {needed_canastas} "
        "needed to go out, a player keeps at least one card after discarding"
    ),
    R.PILE_NO_OPENING: W_(
        "your side has not melded, and every first meld with the top card would leave you "
        "no card to hold after your discard: without the canastas to go out, a player "
        "keeps at least one card"
    ),
    R.PILE_OPENING_SHORT: W_(
        "your side has not melded: counting only the top card from the pile, your best "
        "first meld is {points} points, below the minimum of {minimum} for a score of "
        "{score:,}"
    ),
    R.PILE_OPENING_REACHES: W_(
        "your side has not melded: with the top card your best first meld is {points} "
        "points ({melds}), which reaches the minimum of {minimum}"
    ),
    R.PILE_OPENING_NOT_ENFORCED: W_(
        "your side has not melded: with the top card your best first meld is {points} "
        "points ({melds}), below the minimum of {minimum}, which the house rule “No "
        "initial meld minimum” does not enforce"
    ),
    R.GO_OUT_BLACK_THREES_EARLIER: W_(
        "black threes were already on the table: they are melded only on the going-out turn"
    ),
    R.GO_OUT_RED_THREE_DISCARDED: W_("a red three is never discarded"),
    R.GO_OUT_WITHOUT_BONUS: W_(
        "{canastas} of the {needed_canastas} needed: going out is allowed by the house rule "
        "“Go out without canastas”, without the bonus"
    ),
    R.GO_OUT_CANASTAS_SHORT: W_(
        "your side has {canastas_canastas} after this turn; going out needs {needed}: "
        "keep at least one card after discarding"
    ),
    R.GO_OUT_CANASTAS: W_("your side has {canastas_canastas} after this turn ({needed} needed)"),
    R.GO_OUT_CONCEALED: W_(
        "going out concealed: the whole hand melded in one turn with a canasta of your own, "
        "nothing melded earlier, nothing added to your partner's melds"
    ),
    R.GO_OUT_CONCEALED_TEAM_LEVEL: W_(
        "going out concealed: the whole hand melded in one turn with a canasta of your own, "
        "nothing melded earlier, nothing added to your partner's melds (team level: the "
        "side's first meld)"
    ),
    R.GO_OUT_CONCEALED_NO_MINIMUM: W_(
        "going out concealed after drawing from the stock needs no initial meld minimum"
    ),
    R.GO_OUT_FIRST_MELD_SHORT: W_(
        "your side's first meld counts {points} points, below the minimum of {minimum}"
    ),
    R.GO_OUT_FIRST_MELD: W_("your side's first meld counts {points} points (minimum {minimum})"),
    R.GO_OUT_WILD_JOINS: W_("added to your meld of {rank}: {cards}"),
    R.GO_OUT_PILE_CARDS_COUNTED: W_(
        "every card of the melds laid this turn is counted as from your hand or the top of "
        "the pile: the pile's other cards do not count toward the minimum, so name those "
        "you melded"
    ),
    R.GO_OUT_TABLE_NOT_MELDED: W_(
        "your side had not melded before this turn, yet melds of it are on the table"
    ),
    R.GO_OUT_CONCEALED_ALONE: W_(
        "going out concealed: the whole hand melded in one turn with a canasta of your own, "
        "nothing melded earlier"
    ),
    R.FIRST_MELD_BLACK_THREES: W_(
        "black threes are melded only on the turn a player goes out: ask “May we go out?” "
        "for that turn"
    ),
    R.FIRST_MELD_BURIED_MISSING: W_("the buried cards {cards} are not in the melds given"),
    R.FIRST_MELD_TOP_NEEDS_PAIR: W_(
        "the top {card} needs two natural {rank} from your hand with it: the pile is frozen "
        "for a side that has not melded"
    ),
    R.FIRST_MELD_COUNTED: W_("card points of the melds laid this turn: {points}"),
    R.FIRST_MELD_COUNTED_WITH_TOP: W_(
        "card points of the melds laid this turn: {points} (the top {card} counts)"
    ),
    R.FIRST_MELD_BURIED: W_("buried pile cards {cards} do not count, even melded the same turn"),
    R.FIRST_MELD_NO_BONUSES: W_("bonuses (canastas, red threes) never count toward the minimum"),
    R.FIRST_MELD_NOT_ENFORCED: W_("the house rule “No initial meld minimum” is on"),
    R.FIRST_MELD_SHORT: W_("{points} is below the minimum of {minimum} for a score of {score:,}"),
}


#: The reasons' wordings join the findings' table, keyed ``reason.<code>`` (a count
#: ``n`` is also ``{n_cards}`` or ``{n_canastas}`` there).
WORDS.update({f"reason.{code.value}": Words(text) for code, text in REASON_WORDS.items()})


class Frozen(StrEnum):
    """Why the discard pile is frozen for a player (rules §1.8, H1, H2)."""

    WILD_CARD = "wild_card"
    RED_THREE_UPCARD = "red_three_upcard"
    BLACK_THREE = "black_three"
    NOT_MELDED = "not_melded"
    ALWAYS = "always"


#: The English wording of each reason the pile is frozen.
FROZEN_WORDS: dict[Frozen, str] = {
    Frozen.WILD_CARD: W_("a wild card lies in it"),
    Frozen.RED_THREE_UPCARD: W_("the upcard was a red three"),
    Frozen.BLACK_THREE: W_(
        "a black three was discarded (the house rule “Black three freezes the pile”)"
    ),
    Frozen.NOT_MELDED: W_("your side has not melded yet"),
    Frozen.ALWAYS: W_("the house rule “Pile always frozen”"),
}
WORDS.update({f"frozen.{code.value}": Words(text) for code, text in FROZEN_WORDS.items()})
#: Reason values in English words, back to what they stand for (the edge words them).
_FROZEN_BY_WORDS = {text: code for code, text in FROZEN_WORDS.items()}
_RANK_BY_PLURAL = {card.plural: card.value for card in Card}
_CARD_BY_LABEL = {card.label: card.value for card in Card}


class Reason(BaseModel):
    """One reason behind a verdict.

    Attributes:
        code: stable code: a `ReasonCode`, or a finding's `Code` for a meld's shape.
        values: what fills in the wording (card names, points, counts).
        message: the reason in plain English words.
        rule: the rule and its source.
        ok: whether it counts for (``True``) or against (``False``) the question asked.
        words: the same as a `words.Phrase`, for the edge to word in the player's
            language (not in JSON).
    """

    model_config = ConfigDict(frozen=True)

    code: ReasonCode | Code
    values: dict[str, str | int] = Field(default_factory=dict)
    message: str
    rule: str
    ok: bool
    words: Any = Field(default=None, exclude=True, repr=False)


class Verdict(BaseModel):
    """The answer to a table question.

    Attributes:
        question: the question, in plain words.
        allowed: yes or no.
        answer: one sentence a player reads out.
        reasons: every reason, for and against, with its rule.
        show: cards to show from the hand (taking the pile), in file notation.
        points: points that count (a first meld: card points; going out: the bonus;
            a meld: its card points).
        minimum: the initial meld minimum that applies, if any.
        canasta: a legal meld's kind of canasta, if it is one.
        findings: a meld's findings from the checker, errors and warnings.
        question_words, answer_words: the question and the answer as `words.Phrase`,
            for the edge to word in the player's language (not in JSON).
    """

    model_config = ConfigDict(frozen=True)

    question: str
    allowed: bool
    answer: str
    reasons: tuple[Reason, ...] = ()
    show: str = ""
    points: int | None = None
    minimum: int | None = None
    canasta: CanastaKind | None = None
    findings: tuple[Finding, ...] = ()
    question_words: Any = Field(default=None, exclude=True, repr=False)
    answer_words: Any = Field(default=None, exclude=True, repr=False)


def reason_text(code: ReasonCode, **values: str | int) -> str:
    """The words of a verdict's reason: ``REASON_WORDS[code]`` with ``values`` filled
    in, where a count ``n`` may also be written ``{n_cards}`` or ``{n_canastas}``
    ("1 canasta", "2 canastas").

    >>> reason_text(ReasonCode.GO_OUT_CANASTAS, canastas=1, needed=2)
    'your side has 1 canasta after this turn (2 needed)'
    """
    counted: dict[str, str | int] = dict(values)
    for key, value in values.items():
        if isinstance(value, int) and not isinstance(value, bool):
            counted[f"{key}_cards"] = f"{value} card" + ("" if value == 1 else "s")
            counted[f"{key}_canastas"] = f"{value} canasta" + ("" if value == 1 else "s")
    return REASON_WORDS[code].format(**counted)


def _reason(code: ReasonCode, rule: str, ok: bool, **values: str | int) -> Reason:
    message = reason_text(code, **values)
    if code in (R.PILE_WITH_PAIR, R.PILE_WITH_WILD, R.PILE_ONTO_MELD):
        message = message[0].upper() + message[1:]
    return Reason.model_construct(
        code=code,
        values=values,
        message=message,
        rule=rule,
        ok=ok,
        words=reason_phrase(code, values),
    )


def reason_phrase(code: ReasonCode, values: dict[str, str | int]) -> Phrase:
    """A reason as a `words.Phrase`: its card, rank and frozen-pile values as words of
    the table, so that the edge words them too.

    >>> from canasta_scorer.rules.words import render
    >>> render(reason_phrase(ReasonCode.PILE_WITH_PAIR, {"card": "9", "rank": "9s"}))
    'meld the top 9 with your two natural 9s'
    """
    worded: dict[str, Any] = {}
    for key, value in values.items():
        if key == "rank" and isinstance(value, str) and value in _RANK_BY_PLURAL:
            worded[key] = rank_phrase(_RANK_BY_PLURAL[value])
        elif key == "card" and isinstance(value, str) and value in _CARD_BY_LABEL:
            worded[key] = Phrase(f"label.{_CARD_BY_LABEL[value]}")
        elif key == "why" and isinstance(value, str):
            worded[key] = tuple(
                Phrase(f"frozen.{_FROZEN_BY_WORDS[part].value}")
                if part in _FROZEN_BY_WORDS
                else Phrase("plain", (("text", part),))
                for part in value.split("; ")
            )
        elif key == "kind" and isinstance(value, str):
            worded[key] = Phrase(f"kind.{value}")
        else:
            worded[key] = value
    return Phrase(f"reason.{code.value}", tuple(worded.items()))


def _from_finding(finding: Finding) -> Reason:
    return Reason.model_construct(
        code=finding.code,
        values={},
        message=finding.message,
        rule=finding.rule,
        ok=False,
        words=finding.words,
    )


def _plain(text: str) -> Phrase:
    return Phrase("plain", (("text", text),))


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
    supply = meld_supply(meld, rules)
    findings += supply
    errors += supply
    reasons = [_from_finding(f) for f in errors]
    kind = meld.canasta_kind(rules) if not errors else None
    if not errors:
        if kind is not None:
            reasons.append(
                _reason(R.MELD_CANASTA, rule("1.4"), True, kind=kind.value, bonus=kind.bonus)
            )
        elif meld.rank is MeldRank.BLACK_THREE:
            reasons.append(_reason(R.MELD_BLACK_THREES_GOING_OUT, rule("1.5"), going_out is True))
        else:
            reasons.append(
                _reason(
                    R.MELD_NOT_CANASTA_YET,
                    rule("1.4"),
                    True,
                    size=meld.size,
                    canasta=CANASTA_SIZE,
                )
            )
    words = (
        phrase("answer.meld_legal", meld=str(meld), points=meld.points)
        if not errors
        else phrase("answer.no", reason=errors[0].words or _plain(errors[0].message))
    )
    answer = (
        f"Yes: {meld} is a legal meld worth {meld.points} points"
        if not errors
        else f"No: {errors[0].message}"
    ) + "."
    if kind is not None:  # its bonus said in the answer itself, not only under "Why?"
        words = phrase(
            f"answer.meld_canasta:{kind.value}",
            meld=str(meld),
            points=meld.points,
            bonus=kind.bonus,
        )
        answer = render(words)
    if not errors and meld.rank is MeldRank.BLACK_THREE and going_out is not True:
        words = phrase("answer.meld_going_out", meld=str(meld), points=meld.points)
        answer = (
            f"Yes, but only on the turn its player goes out: {meld} is worth {meld.points} points."
        )
    return Verdict(
        question_words=phrase("question.meld", meld=str(meld)),
        answer_words=words,
        question=f"Is {meld} a legal meld?",
        allowed=not errors,
        answer=answer,
        reasons=tuple(reasons),
        points=meld.points,
        canasta=kind,
        findings=tuple(findings),
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


def _no_way(top: Card, existing: Meld | None, rules: RuleSet) -> Phrase:
    """What would take an unfrozen pile that the hand and the side's melds cannot take,
    naming only the ways the rules leave: a natural and a wild card unless H3 (or the
    side's meld of the rank already holds 3 wild cards), the top card onto the side's
    meld unless H4 finds it a finished canasta (rules §1.8, §3 H3, §3 H4)."""
    wild = not rules.has(HouseRule.TWO_NATURALS_TO_TAKE) and not (
        existing is not None and existing.wilds >= 3
    )
    no_canastas = rules.has(HouseRule.NO_PILE_FOR_FINISHED_CANASTA)
    if no_canastas and existing is not None and existing.size >= CANASTA_SIZE:
        key = "pile.no.no_way_finished" if wild else "pile.no.no_way_pair_only"
    elif no_canastas:
        key = "pile.no.no_way_unfinished" if wild else "pile.no.no_way_no_wild_unfinished"
    else:
        key = "pile.no.no_way" if wild else "pile.no.no_way_no_wild"
    return phrase(key, card=top.value, rank=rank_phrase(top.value))


def may_take_pile(situation: PileSituation, rules: RuleSet) -> Verdict:
    """May the player take the discard pile? (rules §1.8)

    Checks, in order: a wild card or black three on top blocks it (S0); the one-card
    rule (O1); whether the pile is frozen for the player (a wild card or a red-three
    upcard in it, the side not melded, H1, H2); then the ways to take it (natural pair;
    natural and wild unless H3; the top card onto the side's meld unless H2, or H4 on
    a finished canasta), the merge limit of 3 wild cards, and for a side that has not
    melded, whether the top card and the hand reach the initial meld minimum with a
    first meld that leaves the player a card after the discard (S0 End of the hand:
    Going Out; `best_opening`). A "no" names only the ways the house rules leave; under
    O6 (going out always allowed) the pickup need leave no card in the hand.

    Returns:
        The verdict; ``show`` names the cards to show from the hand.
    """
    s = situation
    top = s.top
    question = f"May I take the discard pile with the {top.label} on top?"
    asked = phrase("question.pile", card=Phrase(f"label.{top.value}"))
    reasons: list[Reason] = []

    def no(answer: str, words: Phrase) -> Verdict:
        return Verdict(
            question=question,
            allowed=False,
            answer=f"No: {answer}.",
            reasons=tuple(reasons),
            question_words=asked,
            answer_words=phrase("answer.no", reason=words),
        )

    if is_wild(top) or top is Card.BLACK_THREE:
        reasons.append(_reason(R.PILE_TOP_BLOCKED, R_TOP_BLOCKED, False, card=top.label))
        return no(
            f"nobody may take the pile with the {top.label} on top",
            phrase("pile.no.top_blocked", card=Phrase(f"label.{top.value}")),
        )
    if top is Card.RED_THREE:
        reasons.append(_reason(R.PILE_RED_THREE_ON_TOP, rule("1.8"), False))
        return no("a red three cannot be on top of the pile", phrase("pile.no.red_three"))
    if len(s.hand) == 1 and s.pile_size == 1:
        reasons.append(_reason(R.PILE_ONE_CARD, R_ONE_CARD, False))
        return no("you hold 1 card and the pile has 1 card", phrase("pile.no.one_card"))
    frozen_why: list[Frozen] = []
    if s.wild_in_pile:
        frozen_why.append(Frozen.WILD_CARD)
    if s.red_three_upcard:
        frozen_why.append(Frozen.RED_THREE_UPCARD)
    if s.black_three_in_pile and rules.has(HouseRule.BLACK_THREE_FREEZES):
        frozen_why.append(Frozen.BLACK_THREE)
    if not s.side_has_melded:
        frozen_why.append(Frozen.NOT_MELDED)
    if rules.has(HouseRule.PILE_ALWAYS_FROZEN):
        frozen_why.append(Frozen.ALWAYS)
    frozen = bool(frozen_why)
    hand = Counter(s.hand)
    pair = hand[top] >= 2
    wild_cards = [c for c in s.hand if is_wild(c)]
    existing = next(
        (m for m in s.side_melds if m.rank is not None and m.rank.value == top.value), None
    )
    show: list[Card]
    way: ReasonCode | None
    if frozen:
        reasons.append(
            _reason(
                R.PILE_FROZEN,
                R_FROZEN,
                pair,
                why="; ".join(FROZEN_WORDS[why] for why in frozen_why),
                rank=top.plural,
            )
        )
        if not pair:
            return no(
                f"the pile is frozen, and taking it needs two natural {top.plural} from your hand",
                phrase("pile.no.frozen", rank=rank_phrase(top.value)),
            )
        show = [top, top]
        way = R.PILE_WITH_PAIR
    else:
        reasons.append(_reason(R.PILE_NOT_FROZEN, R_UNFROZEN, True))
        show = []
        way = None
        if pair:
            show, way = [top, top], R.PILE_WITH_PAIR
        else:
            natural_and_wild = hand[top] >= 1 and bool(wild_cards)
            if natural_and_wild and rules.has(HouseRule.TWO_NATURALS_TO_TAKE):
                reasons.append(_reason(R.PILE_TWO_NATURALS_NEEDED, rule("3 H3"), False))
                natural_and_wild = False
            if natural_and_wild and existing is not None and existing.wilds >= 3:
                reasons.append(_reason(R.PILE_MERGE_LIMIT, R_MERGE, False, rank=top.plural))
                natural_and_wild = False
            if natural_and_wild:
                show = [top, wild_cards[0]]
                way = R.PILE_WITH_WILD
            elif existing is not None:
                if existing.size >= CANASTA_SIZE and rules.has(
                    HouseRule.NO_PILE_FOR_FINISHED_CANASTA
                ):
                    reasons.append(
                        _reason(R.PILE_FINISHED_CANASTA, rule("3 H4"), False, rank=top.plural)
                    )
                else:
                    way = R.PILE_ONTO_MELD
        if way is None:
            if all(reason.ok for reason in reasons):
                reasons.append(
                    _reason(R.PILE_NO_WAY, R_UNFROZEN, False, card=top.value, rank=top.plural)
                )
            words = _no_way(top, existing, rules)
            return no(render(words), words)
        reasons.append(_reason(way, R_UNFROZEN, True, card=top.value, rank=top.plural))
    # Under O6 going out is always allowed, so no card need stay in the hand.
    may_always_go_out = rules.has(HouseRule.GO_OUT_WITHOUT_CANASTAS)
    if s.side_has_melded and not may_always_go_out:
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
            way = R.PILE_ONTO_MELD
            reasons[-1] = _reason(way, R_UNFROZEN, True, card=top.value, rank=top.plural)
            left = len(s.hand) + s.pile_size - 1
        if left < 2:
            grown = _merged(s.side_melds, (Meld.from_cards([top, *show]),))
            canastas = sum(1 for m in grown if m.canasta_kind(rules) is not None)
            if canastas < rules.canastas_to_go_out:
                reasons.append(
                    _reason(
                        R.PILE_NO_CARD_LEFT,
                        R_GO_OUT,
                        False,
                        left=left,
                        needed=rules.canastas_to_go_out,
                    )
                )
                return no(
                    "you would have no card to keep after your discard, and your side "
                    "may not go out yet",
                    phrase("pile.no.no_card_left"),
                )
    points = minimum = None
    if not s.side_has_melded:
        minimum = initial_meld_minimum(s.side_score, rules)
        # What comes back from the pile counts toward the cards the player must keep.
        points, melds = best_opening(
            s.hand,
            top,
            keep=0 if may_always_go_out else max(0, 3 - s.pile_size),
            canastas_to_go_out=rules.canastas_to_go_out,
        )
        if not melds:
            reasons.append(_reason(R.PILE_NO_OPENING, R_GO_OUT, False))
            return Verdict(
                question=question,
                allowed=False,
                answer="No: every first meld you could make would leave you no card after "
                "your discard, and your side may not go out.",
                question_words=asked,
                answer_words=phrase("answer.no", reason=phrase("pile.no.no_opening")),
                reasons=tuple(reasons),
                points=points,
                minimum=minimum,
            )
        if rules.enforces_initial_minimum and points < minimum:
            reasons.append(
                _reason(
                    R.PILE_OPENING_SHORT,
                    R_MINIMUM,
                    False,
                    points=points,
                    minimum=minimum,
                    score=s.side_score,
                )
            )
            return Verdict(
                question=question,
                allowed=False,
                answer=f"No: your first meld would be {points} points, below the "
                f"minimum of {minimum}.",
                question_words=asked,
                answer_words=phrase(
                    "answer.no",
                    reason=phrase("pile.no.opening_short", points=points, minimum=minimum),
                ),
                reasons=tuple(reasons),
                points=points,
                minimum=minimum,
            )
        reasons.append(
            _reason(
                R.PILE_OPENING_REACHES if points >= minimum else R.PILE_OPENING_NOT_ENFORCED,
                R_MINIMUM,
                True,
                points=points,
                melds=", ".join(str(m) for m in melds),
                minimum=minimum,
            )
        )
    assert way is not None  # every way to "no" has returned
    return Verdict(
        question=question,
        allowed=True,
        answer=f"Yes: {reason_text(way, card=top.value, rank=top.plural)}, then take the rest "
        "of the pile.",
        question_words=asked,
        answer_words=phrase(
            "answer.pile_yes", way=reason_phrase(way, {"card": top.value, "rank": top.plural})
        ),
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
        buried: the pile's cards other than its top card that the melds of this turn
            hold (they do not count toward the initial meld minimum, rules §1.7).
        side_score: the side's cumulative score, for its initial meld minimum.
    """

    model_config = ConfigDict(frozen=True)

    table_melds: tuple[Meld, ...] = ()
    this_turn: tuple[Meld, ...] = ()
    discard: Card | None = None
    side_has_melded: bool = True
    player_has_melded: bool = True
    took_pile: bool = False
    buried: tuple[Card, ...] = ()
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


#: The most groups of wild cards laid on their own that `_laid_off` places (each a
#: choice among the side's melds: a few at most at a real table).
_LOOSE_MOST = 3


def _laid_off(
    table: Sequence[Meld], turn: Sequence[Meld], rules: RuleSet
) -> tuple[list[Meld], list[Meld], list[tuple[Meld, MeldRank]]]:
    """Wild cards laid this turn on their own (no wild-card melds, §3 H5: they can only
    join a meld of a natural rank) put where they fit best: each group onto the side's
    meld, on the table or laid this turn, that leaves every meld legal with the most
    canastas (rules §1.3, §1.4). Returns the melds after the turn, this turn's melds
    with what joined them, and each group with the rank it joined; a group that fits
    nowhere stays a meld of its own (which the checks then refuse)."""
    loose = [m for m in turn if m.rank is MeldRank.WILD]
    if not loose or rules.has(HouseRule.WILD_CARD_MELDS) or len(loose) > _LOOSE_MOST:
        return _merged(table, turn), list(turn), []
    kept = [m for m in turn if m.rank is not MeldRank.WILD]
    base = _merged(table, kept)
    homes = [i for i, m in enumerate(base) if m.rank is not None and m.rank.value in NATURAL_RANKS]
    best: tuple[int, list[Meld], tuple[int, ...]] | None = None
    for choice in itertools.product(homes, repeat=len(loose)) if homes else ():
        cards = [list(m.cards) for m in base]
        for group, home in zip(loose, choice, strict=True):
            cards[home] += group.cards
        after = [Meld.from_cards(c) for c in cards]
        if any(
            f.severity is Severity.ERROR
            for m in after
            for f in check_meld(m, rules, going_out=True)
        ):
            continue
        canastas = sum(1 for m in after if m.canasta_kind(rules) is not None)
        if best is None or canastas > best[0]:
            best = (canastas, after, choice)
    if best is None:
        return _merged(table, turn), list(turn), []
    _count, after, choice = best
    joined = [(group, base[home].rank) for group, home in zip(loose, choice, strict=True)]
    table_ranks = {m.rank for m in table}
    # this turn's melds as they end it: a group that joined a rank laid this turn
    # (and not on the table) is part of that meld
    turn_after = [m for m in after if m.rank in {k.rank for k in kept} - table_ranks]
    turn_after += [m for m in kept if m.rank in table_ranks]
    return after, turn_after, [(g, r) for g, r in joined if r is not None]


def _buried_missing(buried: Counter[Card], laid: Counter[Card]) -> Reason | None:
    """The reason against buried pile cards said to be melded that no meld laid holds
    (rules §1.7), or ``None``."""
    missing = buried - laid
    if not missing:
        return None
    return _reason(
        R.FIRST_MELD_BURIED_MISSING, rule("1.7"), False, cards=format_cards(missing.elements())
    )


def may_go_out(situation: GoOutSituation, rules: RuleSet) -> Verdict:
    """May the player go out this turn, and what bonus does it score? (rules §1.9)

    Checks every meld after the turn (merged by rank, 3 wild cards at most; wild cards
    laid on their own join the side's meld where they fit best, `_laid_off`), the
    canastas the variant needs (1, or 2 in two-player and six-player; O11), the
    black-three meld (this turn only), the discard, the initial meld minimum for a
    side that had not melded (the pile's buried cards left out, §1.7; waived when going
    out concealed after drawing from the stock, S0), and whether it is concealed
    (player-level by default, team-level under O2; a player who is a side with a meld
    down had melded); under O6 going out is allowed without the canastas but scores no
    bonus. Buried cards named mean the pile was taken.

    Returns:
        The verdict; ``points`` is the going-out bonus it would score.
    """
    s = situation
    question = "May we go out?"
    reasons: list[Reason] = []
    took_pile = s.took_pile or bool(s.buried)  # buried cards come from the pile
    after, turn_after, joined = _laid_off(s.table_melds, s.this_turn, rules)
    for group, rank in joined:
        reasons.append(
            _reason(
                R.GO_OUT_WILD_JOINS,
                rule("1.3"),
                True,
                cards=str(group),
                rank=Card(rank.value).plural,
            )
        )
    bad = False
    for meld in after:
        for finding in check_meld(meld, rules, going_out=True):
            if finding.severity is Severity.ERROR:
                reasons.append(_from_finding(finding))
                bad = True
    if any(m.rank is MeldRank.BLACK_THREE for m in s.table_melds):
        reasons.append(_reason(R.GO_OUT_BLACK_THREES_EARLIER, rule("1.5"), False))
        bad = True
    if s.discard is Card.RED_THREE:
        reasons.append(_reason(R.GO_OUT_RED_THREE_DISCARDED, rule("1.2"), False))
        bad = True
    needed = rules.canastas_to_go_out
    canastas = sum(1 for m in after if m.canasta_kind(rules) is not None)
    short = canastas < needed
    bonus_withheld = False
    if short:
        if rules.has(HouseRule.GO_OUT_WITHOUT_CANASTAS):
            reasons.append(
                _reason(
                    R.GO_OUT_WITHOUT_BONUS,
                    rule("3 O6"),
                    True,
                    canastas=canastas,
                    needed=needed,
                )
            )
            bonus_withheld = True
        else:
            reasons.append(
                _reason(R.GO_OUT_CANASTAS_SHORT, R_GO_OUT, False, canastas=canastas, needed=needed)
            )
            bad = True
    else:
        reasons.append(_reason(R.GO_OUT_CANASTAS, R_GO_OUT, True, canastas=canastas, needed=needed))
    # Concealed going out.
    own_canastas = sum(1 for m in turn_after if m.canasta_kind(rules) is not None)
    table_ranks = {t.rank for t in s.table_melds}
    adds_to_table = any(m.rank in table_ranks for m in s.this_turn) or any(
        rank in table_ranks for _group, rank in joined
    )
    team_level = rules.has(HouseRule.CONCEALED_TEAM_LEVEL)
    # A player whose side had not melded had not melded either (S0 Initial Meld
    # Requirement, the concealed exemption), whatever ``player_has_melded`` says.
    player_has_melded = s.player_has_melded and s.side_has_melded
    # every player a side with no partner (two or three players; in cutthroat the lone
    # hand's opponents are partners): the side's melds on the table are the player's
    alone = rules.side_sizes_max == 1 and rules.variant.id is not Variant.THREE_PLAYER_CUTTHROAT
    if alone and s.table_melds:
        player_has_melded = True
    concealed = (
        not player_has_melded
        and not adds_to_table
        and own_canastas >= needed
        and (not team_level or not s.side_has_melded)
    )
    if concealed:
        reasons.append(
            _reason(
                R.GO_OUT_CONCEALED_TEAM_LEVEL
                if team_level
                else R.GO_OUT_CONCEALED_ALONE
                if alone
                else R.GO_OUT_CONCEALED,
                R_CONCEALED,
                True,
            )
        )
    # Initial meld minimum for a side that had not melded.
    minimum = None
    laid = Counter(card for meld in s.this_turn for card in meld.cards)
    buried = Counter(s.buried)
    missing = _buried_missing(buried, laid)
    if missing is not None:
        reasons.append(missing)
        bad = True
    if not s.side_has_melded:
        minimum = initial_meld_minimum(s.side_score, rules)
        # the pile's cards below its top do not count, even melded this turn (§1.7)
        points = sum(m.points for m in s.this_turn) - sum(
            card.points for card in (buried & laid).elements()
        )
        if s.buried:
            reasons.append(
                _reason(R.FIRST_MELD_BURIED, R_MINIMUM, True, cards=format_cards(s.buried))
            )
        elif took_pile:
            reasons.append(_reason(R.GO_OUT_PILE_CARDS_COUNTED, R_MINIMUM, True))
        if concealed and not took_pile:
            reasons.append(_reason(R.GO_OUT_CONCEALED_NO_MINIMUM, R_MINIMUM, True))
        elif rules.enforces_initial_minimum and points < minimum:
            reasons.append(
                _reason(R.GO_OUT_FIRST_MELD_SHORT, R_MINIMUM, False, points=points, minimum=minimum)
            )
            bad = True
        else:
            reasons.append(
                _reason(R.GO_OUT_FIRST_MELD, R_MINIMUM, True, points=points, minimum=minimum)
            )
    if bad:
        first = next(r for r in reasons if not r.ok)
        return Verdict(
            question=question,
            allowed=False,
            answer=f"No: {first.message}.",
            reasons=tuple(reasons),
            minimum=minimum,
            question_words=phrase("question.go_out"),
            answer_words=phrase("answer.no", reason=first.words or _plain(first.message)),
        )
    bonus = 0 if bonus_withheld else (CONCEALED_BONUS if concealed else GOING_OUT_BONUS)
    how = "concealed " if concealed else ""
    answer = (
        f"Yes: going out {how}scores {bonus}." if bonus else "Yes, but without the going-out bonus."
    )
    return Verdict(
        question_words=phrase("question.go_out"),
        answer_words=phrase(
            ("answer.go_out_concealed" if concealed else "answer.go_out")
            if bonus
            else "answer.go_out_no_bonus",
            bonus=bonus,
        ),
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

    Counts the card points of every meld laid in that turn (melds of one rank given
    apart are one meld, §1.3), the top discard included, wild cards at their own value;
    not the buried pile cards, red threes, or any bonus (canastas included). A top
    discard needs two natural cards of its rank from the hand with it (the pile is
    frozen for a side that has not melded); a wild card or a black three on top is a
    pile nobody takes (§1.8). Black threes are a no: they are melded only on the turn a
    player goes out (§1.5), which `may_go_out` answers.
    """
    s = situation
    minimum = initial_meld_minimum(s.side_score, rules)
    question = f"Does this first meld reach the minimum of {minimum}?"
    reasons: list[Reason] = []
    # one meld per rank (rules §1.3): melds of one rank given apart are one meld
    melds = _merged((), s.melds)
    cards = Counter(card for meld in melds for card in meld.cards)
    buried = Counter(s.buried)
    bad = False
    missing = _buried_missing(buried, cards)
    if missing is not None:
        reasons.append(missing)
        bad = True
    for meld in melds:
        for finding in check_meld(meld, rules, going_out=None):
            if finding.severity is Severity.ERROR:
                reasons.append(_from_finding(finding))
                bad = True
    if any(meld.rank is MeldRank.BLACK_THREE for meld in melds):
        reasons.append(_reason(R.FIRST_MELD_BLACK_THREES, rule("1.5"), False))
        bad = True
    # a top card nobody may take: a wild card, a black three (a red three is never there)
    blocked = s.top is not None and (is_wild(s.top) or s.top is Card.BLACK_THREE)
    taken = s.top is not None and not blocked and s.top is not Card.RED_THREE
    if blocked:
        assert s.top is not None
        reasons.append(_reason(R.PILE_TOP_BLOCKED, R_TOP_BLOCKED, False, card=s.top.label))
        bad = True
    elif s.top is Card.RED_THREE:
        reasons.append(_reason(R.PILE_RED_THREE_ON_TOP, rule("1.8"), False))
        bad = True
    elif s.top is not None:
        home = next((m for m in melds if m.rank is not None and m.rank.value == s.top.value), None)
        from_hand = (home.naturals - 1 - buried[s.top]) if home else 0
        if from_hand < 2:
            reasons.append(
                _reason(
                    R.FIRST_MELD_TOP_NEEDS_PAIR,
                    R_FROZEN,
                    False,
                    card=s.top.value,
                    rank=s.top.plural,
                )
            )
            bad = True
    counted = sum(meld.points for meld in melds) - sum(
        c.points for c in (buried & cards).elements()
    )
    reasons.append(
        _reason(
            R.FIRST_MELD_COUNTED_WITH_TOP if taken else R.FIRST_MELD_COUNTED,
            R_MINIMUM,
            True,
            points=counted,
            card=s.top.value if s.top is not None and taken else "",
        )
    )
    if s.buried:
        reasons.append(_reason(R.FIRST_MELD_BURIED, R_MINIMUM, True, cards=format_cards(s.buried)))
    canasta_kinds = [m.canasta_kind(rules) for m in melds]
    if any(kind is not None for kind in canasta_kinds) or s.red_threes:
        reasons.append(_reason(R.FIRST_MELD_NO_BONUSES, R_MINIMUM, True))
    enforced = rules.enforces_initial_minimum
    if not enforced:
        reasons.append(_reason(R.FIRST_MELD_NOT_ENFORCED, rule("3 O7"), True))
    reached = counted >= minimum or not enforced
    if not reached:
        reasons.append(
            _reason(
                R.FIRST_MELD_SHORT,
                R_MINIMUM,
                False,
                points=counted,
                minimum=minimum,
                score=s.side_score,
            )
        )
    allowed = reached and not bad
    if bad:
        against = next(r for r in reasons if not r.ok)
        answer = f"No: {against.message}."
        words = phrase("answer.no", reason=against.words or _plain(against.message))
    elif counted >= minimum:
        answer = f"Yes: {counted} points reach the minimum of {minimum}."
        words = phrase("answer.first_meld_reaches", points=counted, minimum=minimum)
    elif reached:
        answer = f"Yes: {counted} points; the minimum of {minimum} is not enforced."
        words = phrase("answer.first_meld_not_enforced", points=counted, minimum=minimum)
    else:
        answer = f"No: {counted} points are below the minimum of {minimum}."
        words = phrase("answer.first_meld_short", points=counted, minimum=minimum)
    return Verdict(
        question_words=phrase("question.first_meld", minimum=minimum),
        answer_words=words,
        question=question,
        allowed=allowed,
        answer=answer,
        reasons=tuple(reasons),
        points=counted,
        minimum=minimum,
    )


# --- one entry point --------------------------------------------------------------------


class Question(StrEnum):
    """The questions a table argues about; the values are the CLI's ``check`` commands."""

    MELD = "meld"
    PILE = "pile"
    GO_OUT = "go-out"
    FIRST_MELD = "first-meld"


class MeldSituation(BaseModel):
    """A meld to judge on its own.

    Attributes:
        meld: the meld.
        going_out: for black threes, whether its player goes out on that turn; ``None``
            when not said.
    """

    model_config = ConfigDict(frozen=True)

    meld: Meld
    going_out: bool | None = None


Situation = MeldSituation | PileSituation | GoOutSituation | FirstMeldSituation


def _meld_question(situation: MeldSituation, rules: RuleSet) -> Verdict:
    return meld_verdict(situation.meld, rules, going_out=situation.going_out)


_ANSWERS: dict[Question, tuple[type[BaseModel], Callable[[Any, RuleSet], Verdict]]] = {
    Question.MELD: (MeldSituation, _meld_question),
    Question.PILE: (PileSituation, may_take_pile),
    Question.GO_OUT: (GoOutSituation, may_go_out),
    Question.FIRST_MELD: (FirstMeldSituation, first_meld),
}


def situation_problems(situation: Situation, rules: RuleSet) -> tuple[Reason, ...]:
    """Why a described situation cannot happen with the rules' deck, or ``()``: a card
    more often than the deck holds in the cards described (the hand, the top discard,
    the side's melds, the melds laid, the discard; rules §1.1, §1.13 check 4), a pile
    of more cards than the deck has besides the hand and the side's melds (rules §1.1),
    or a side's score that is not a multiple of 5 (rules §1.1, §1.13 check 9). A meld
    on its own is checked against the deck by `meld_verdict`.

    >>> from canasta_scorer.rules.ruleset import rule_set
    >>> situation = PileSituation(top=Card.NINE, hand=(Card.NINE,) * 9, side_score=-7)
    >>> for reason in situation_problems(situation, rule_set()):
    ...     print(reason.code.value, "·", reason.message.split(":")[0])
    supply.too_many · 10 9s in the cards described
    score.not_multiple_of_5 · -7 is not a multiple of 5
    """
    s = situation
    if isinstance(s, MeldSituation):
        return ()
    if isinstance(s, PileSituation):
        melded = [card for meld in s.side_melds for card in meld.cards]
        cards = [s.top, *s.hand, *melded]
    elif isinstance(s, GoOutSituation):
        melded = [card for meld in (*s.table_melds, *s.this_turn) for card in meld.cards]
        cards = [*melded, *([s.discard] if s.discard is not None else [])]
    else:
        cards = [card for meld in s.melds for card in meld.cards]
    reasons = [_from_finding(finding) for finding in cards_supply(cards, rules)]
    if isinstance(s, PileSituation):
        deck = rules.packs * 52 + rules.jokers
        most = deck - len(s.hand) - len(melded)
        if s.pile_size > most:
            reasons.append(
                _reason(
                    R.PILE_TOO_LARGE, rule("1.1"), False, size=s.pile_size, deck=deck, most=most
                )
            )
    if isinstance(s, GoOutSituation) and s.table_melds and not s.side_has_melded:
        reasons.append(_reason(R.GO_OUT_TABLE_NOT_MELDED, R_MINIMUM, False))
    reasons += [_from_finding(finding) for finding in check_score(s.side_score)]
    return tuple(reasons)


def settle(question: Question | str, situation: Situation, rules: RuleSet) -> Verdict:
    """Answer a table question: the one entry point of the dispute checker.

    Args:
        question: which question (``"meld"``, ``"pile"``, ``"go-out"``, ``"first-meld"``).
        situation: what the players describe, the question's own model
            (`MeldSituation`, `PileSituation`, `GoOutSituation`, `FirstMeldSituation`).
        rules: the rules in force.

    Returns:
        The `Verdict`: yes or no, the answer in words, every reason with its code and rule.
        A situation that cannot happen (`situation_problems`) is answered no, with
        those problems as its reasons.

    Raises:
        UnknownNameError: an unknown question.
        TypeError: a situation that is not the question's.

    >>> from canasta_scorer.rules.ruleset import rule_set
    >>> from canasta_scorer.rules.melds import parse_meld
    >>> verdict = settle("meld", MeldSituation(meld=parse_meld("9 9 2 2 2 JK")), rule_set())
    >>> verdict.allowed, [reason.code.value for reason in verdict.reasons]
    (False, ['meld.too_many_wilds'])
    """
    try:
        asked = Question(question)
    except ValueError:
        names = ", ".join(q.value for q in Question)
        raise UnknownNameError(
            f"{question!r} is not a question; the questions are {names}"
        ) from None
    model, answer = _ANSWERS[asked]
    if not isinstance(situation, model):
        raise TypeError(
            f"the {asked.value} question takes a {model.__name__}, not {type(situation).__name__}"
        )
    verdict = answer(situation, rules)
    impossible = situation_problems(situation, rules)
    if not impossible:
        return verdict
    first = impossible[0]
    return verdict.model_copy(
        update={
            "allowed": False,
            "answer": f"No: {first.message}.",
            "answer_words": phrase("answer.no", reason=first.words or _plain(first.message)),
            "reasons": impossible,
            "show": "",
        }
    )
