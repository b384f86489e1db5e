"""Hand scores: each side's points for one hand, with every line of the working.

The formula is rules §1.11: melded card points, canasta bonuses, red threes,
the going-out bonus, minus the cards left in hand, plus house-rule items. In
three-player cutthroat the partners' melds, canasta bonuses, going-out bonus and
hand cards make one total credited to each partner, and each adds their own red
threes (rules §2, R2).
"""

from __future__ import annotations

from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from .bonuses import (
    CONCEALED_BONUS,
    GOING_OUT_BONUS,
    MIXED_CANASTA_BONUS,
    NATURAL_CANASTA_BONUS,
    RED_THREE_IN_HAND_PENALTY,
    WILD_CANASTA_BONUS,
    WILD_MELD_PENALTY,
)
from .cards import Card, cards_points
from .checks import check_hand
from .findings import Finding, has_errors
from .melds import CanastaKind, MeldRank
from .models import construct
from .records import HandRecord, HandSide, WentOut, hand_rules, scoring_groups
from .ruleset import HouseRule, RuleSet, red_three_score

__all__ = ["HandScore", "SideScore", "score_hand", "score_sides"]


class SideScore(BaseModel):
    """One side's score for one hand: the contract's ``score --json`` side object.

    All values are points. ``total`` is the sum of the six point fields.

    Attributes:
        name: the side.
        meld_points: card points of every melded card (black-three meld included).
        hand_points: minus the card points left in the side's hands (zero or negative).
        canasta_bonus: 500 per natural canasta, 300 per mixed, 2,000 per wild (H5).
        red_three_bonus: the red-three table, negative for a side that never melded.
        going_out_bonus: 100, or 200 concealed, to the side that went out.
        penalties: house-rule penalties (zero or negative): an unfinished wild meld
            (H5, −1,000) and a red three left in hand (O8, −500).
        total: the side's score for the hand.
        natural_canastas: natural canastas counted.
        mixed_canastas: mixed canastas counted.
        typed_total: a total typed from a paper count (quick entry), not card-checked.
        wild_canastas: wild canastas counted (H5).
        The last two are left out of the JSON object when 0, so the contract's keys
        are unchanged.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    meld_points: int
    hand_points: int
    canasta_bonus: int
    red_three_bonus: int
    going_out_bonus: int
    penalties: int
    total: int
    natural_canastas: int
    mixed_canastas: int
    typed_total: int = 0
    wild_canastas: int = 0

    @model_serializer(mode="wrap")
    def _contract_keys(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for extra in ("typed_total", "wild_canastas"):
            if not data.get(extra):
                data.pop(extra, None)
        return data

    @property
    def canasta_bonuses(self) -> tuple[tuple[CanastaKind, int, int], ...]:
        """The canasta bonuses kind by kind, as the rule books write them (S1: 600
        mixed, 500 natural): ``(kind, canastas counted, bonus in points)``, natural
        first, kinds with none left out (rules §1.4; H5 for wild)."""
        counts = (
            (CanastaKind.NATURAL, self.natural_canastas, NATURAL_CANASTA_BONUS),
            (CanastaKind.MIXED, self.mixed_canastas, MIXED_CANASTA_BONUS),
            (CanastaKind.WILD, self.wild_canastas, WILD_CANASTA_BONUS),
        )
        return tuple((kind, count, count * bonus) for kind, count, bonus in counts if count)


class HandScore(BaseModel):
    """A hand scored and checked: the contract's ``score --json`` object.

    Attributes:
        valid: no finding is an error.
        sides: each side's score, in the record's side order; computed even when
            the hand is not valid, from the entries as they are.
        violations: every finding (errors and warnings).
    """

    model_config = ConfigDict(frozen=True)

    valid: bool
    sides: tuple[SideScore, ...]
    violations: tuple[Finding, ...]


_NATURAL, _MIXED, _WILD = CanastaKind.NATURAL, CanastaKind.MIXED, CanastaKind.WILD
_WILD_RANK = MeldRank.WILD
_RED_THREE = Card.RED_THREE
_NO, _CONCEALED = WentOut.NO, WentOut.CONCEALED
_WILD_CARD_MELDS = HouseRule.WILD_CARD_MELDS
_WILD_MELD_PENALTY = HouseRule.WILD_MELD_PENALTY
_RED_THREE_IN_HAND_PENALTY = HouseRule.RED_THREE_IN_HAND_PENALTY
_GO_OUT_WITHOUT_CANASTAS = HouseRule.GO_OUT_WITHOUT_CANASTAS
_NO_RED_THREE_PENALTY = HouseRule.NO_RED_THREE_PENALTY
_RED_THREES_NEED_CANASTA = HouseRule.RED_THREES_NEED_CANASTA


# The result models are built from values this module computed (whole numbers, the
# record's names, the checker's findings): not validated again (`construct`).
def _side_score(values: dict[str, Any]) -> SideScore:
    return construct(SideScore, values, _SIDE_FIELDS)


def _hand_score(values: dict[str, Any]) -> HandScore:
    return construct(HandScore, values, _HAND_FIELDS)


_SIDE_FIELDS = frozenset(SideScore.model_fields)
_HAND_FIELDS = frozenset(HandScore.model_fields)


def _group_parts(
    sides: list[HandSide], rules: RuleSet
) -> tuple[int, int, int, int, int, int, int, int]:
    house = rules.house_rules
    meld_points = natural = mixed = wild = penalties = hand_points = red_in_hand = 0
    wild_melds = _WILD_CARD_MELDS in house
    wild_penalty = wild_melds and _WILD_MELD_PENALTY in house
    for side in sides:
        for meld in side.melds:
            meld_points += meld.points
            kind = meld._kind  # the canasta it is; a wild one counts only under H5
            if kind is _NATURAL:
                natural += 1
            elif kind is _MIXED:
                mixed += 1
            elif kind is _WILD and wild_melds:
                wild += 1
            elif wild_penalty and meld.rank is _WILD_RANK:
                penalties -= WILD_MELD_PENALTY
        cards = side.hand_cards()
        if cards:
            hand_points -= cards_points(cards)
            red_in_hand += cards.count(_RED_THREE)
    if red_in_hand and _RED_THREE_IN_HAND_PENALTY in house:
        penalties -= RED_THREE_IN_HAND_PENALTY * red_in_hand
    canasta_bonus = (
        natural * NATURAL_CANASTA_BONUS + mixed * MIXED_CANASTA_BONUS + wild * WILD_CANASTA_BONUS
    )
    going_out = 0
    for side in sides:
        if side.went_out is _NO:
            continue
        if _GO_OUT_WITHOUT_CANASTAS in house and natural + mixed + wild < rules.canastas_to_go_out:
            continue
        going_out = CONCEALED_BONUS if side.went_out is _CONCEALED else GOING_OUT_BONUS
    return meld_points, hand_points, canasta_bonus, going_out, penalties, natural, mixed, wild


def _red_threes_positive(sides: list[HandSide], rules: RuleSet) -> bool:
    house = rules.house_rules
    if _NO_RED_THREE_PENALTY in house:
        return True
    if _RED_THREES_NEED_CANASTA in house:
        return any(meld.canasta_kind(rules) is not None for side in sides for meld in side.melds)
    return any(side.melds for side in sides)


def score_sides(record: HandRecord, rules: RuleSet | None = None) -> tuple[SideScore, ...]:
    """Each side's score for the hand, without checking it (rules §1.11).

    Args:
        record: the hand.
        rules: the rules in force; by default those the record names.

    Returns:
        One `SideScore` per side, in the record's side order.
    """
    rules = rules or hand_rules(record)
    sides = record.sides
    scores: list[SideScore | None] = [None] * len(sides)
    for indexes in scoring_groups(record, rules):
        # A side typed as a total scores that total; the group's others score their cards.
        group: list[int] = []
        members: list[HandSide] = []
        for index in indexes:
            side = sides[index]
            if side.total is not None:
                scores[index] = _side_score(
                    {
                        "name": side.name,
                        "meld_points": 0,
                        "hand_points": 0,
                        "canasta_bonus": 0,
                        "red_three_bonus": 0,
                        "going_out_bonus": 0,
                        "penalties": 0,
                        "total": side.total,
                        "natural_canastas": 0,
                        "mixed_canastas": 0,
                        "typed_total": side.total,
                        "wild_canastas": 0,
                    }
                )
            else:
                group.append(index)
                members.append(side)
        if not group:
            continue
        meld_points, hand_points, bonus, going_out, penalties, natural, mixed, wild = _group_parts(
            members, rules
        )
        shared = meld_points + hand_points + bonus + going_out + penalties
        positive: bool | None = None  # whether red threes count plus: asked once, if needed
        for index in group:
            side = sides[index]
            red = 0
            if side.red_threes:
                if positive is None:
                    positive = _red_threes_positive(members, rules)
                red = red_three_score(side.red_threes, rules, positive=positive)
            scores[index] = _side_score(
                {
                    "name": side.name,
                    "meld_points": meld_points,
                    "hand_points": hand_points,
                    "canasta_bonus": bonus,
                    "red_three_bonus": red,
                    "going_out_bonus": going_out,
                    "penalties": penalties,
                    "total": shared + red,
                    "natural_canastas": natural,
                    "mixed_canastas": mixed,
                    "typed_total": 0,
                    "wild_canastas": wild,
                }
            )
    return tuple(filter(None, scores))


def score_hand(record: HandRecord, rules: RuleSet | None = None) -> HandScore:
    """Check and score one hand.

    Args:
        record: the hand, e.g. from `load_hand`.
        rules: the rules in force; by default those the record names.

    Returns:
        The `HandScore`: valid, each side's score, every finding.

    >>> from canasta_scorer.rules.records import load_hand
    >>> hand = load_hand('''{"sides": [
    ...   {"name": "N-S", "red_threes": 2, "went_out": "out", "went_out_by": "North",
    ...    "players": ["North", "South"],
    ...    "melds": ["3 3 3", "6 6 6 6 6 6 2", "9 9 9 9 9 9 9 9", "10 10 10", "J J J J 2 2 JK"],
    ...    "left_in_hand": {"North": "", "South": "4 5 5 Q K A A"}},
    ...   {"name": "E-W", "red_threes": 1,
    ...    "melds": ["4 4 2", "7 7 7 7 7 2 JK", "10 10 JK", "A A A A A"],
    ...    "left_in_hand": "2 5 6 10 J J 4 4 10 Q Q K K"}]}''')
    >>> result = score_hand(hand)
    >>> result.valid, [side.total for side in result.sides]
    (True, [1630, 575])
    """
    rules = rules or hand_rules(record)
    findings = check_hand(record, rules)
    return _hand_score(
        {
            "valid": not has_errors(findings),
            "sides": score_sides(record, rules),
            "violations": tuple(findings),
        }
    )
