"""Variants and house rules as data: one `RuleSet`, named presets, looked up by id.

Every number here comes from rules §2 (player-count versions) and §3 (house rules
and options); scoring and checking read these settings and never compare a
variant's name.

>>> rules = rule_set("six-player")
>>> rules.packs, rules.canastas_to_go_out, rules.target
(3, 2, 10000)
>>> initial_meld_minimum(7500, rules)
150
>>> initial_meld_minimum(-5, rule_set())
15
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from functools import cached_property, lru_cache
from typing import Final

from pydantic import BaseModel, ConfigDict

from .bonuses import (
    ALL_FOUR_RED_THREES,
    RED_THREE_BONUS,
    RED_THREE_BONUS_THREE_PACKS_FROM_FIVE,
    RED_THREE_PENALTY_CAP,
)
from .cards import POINT_CLASS_CARDS, Card, PointClass
from .citations import rule
from .errors import UnknownNameError
from .words import W_

__all__ = [
    "HOUSE_RULE_INFO",
    "VARIANT_INFO",
    "HouseRule",
    "HouseRuleInfo",
    "RuleSet",
    "Variant",
    "VariantInfo",
    "initial_meld_minimum",
    "parse_house_rule",
    "parse_variant",
    "red_three_score",
    "rule_set",
]


class Variant(StrEnum):
    """Variant ids (rules §2 variants), as written in files, the CLI and the UI."""

    CLASSIC = "classic"
    TWO_PLAYER = "two-player"
    THREE_PLAYER = "three-player"
    THREE_PLAYER_CUTTHROAT = "three-player-cutthroat"
    FIVE_PLAYER = "five-player"
    SIX_PLAYER = "six-player"
    SIX_PLAYER_THREE_SIDES = "six-player-three-sides"


class HouseRule(StrEnum):
    """House-rule ids (rules §3 house rules); all are off unless listed in a file."""

    BLACK_THREE_FREEZES = "black-three-freezes"
    PILE_ALWAYS_FROZEN = "pile-always-frozen"
    TWO_NATURALS_TO_TAKE = "two-naturals-to-take"
    NO_PILE_FOR_FINISHED_CANASTA = "no-pile-for-finished-canasta"
    WILD_CARD_MELDS = "wild-card-melds"
    WILD_MELD_PENALTY = "wild-meld-penalty"
    RED_THREES_AT_DEAL = "red-threes-at-deal"
    CONCEALED_TEAM_LEVEL = "concealed-team-level"
    RED_THREES_NEED_CANASTA = "red-threes-need-canasta"
    NO_RED_THREE_PENALTY = "no-red-three-penalty"
    GO_OUT_WITHOUT_CANASTAS = "go-out-without-canastas"
    NO_INITIAL_MINIMUM = "no-initial-minimum"
    RED_THREE_IN_HAND_PENALTY = "red-three-in-hand-penalty"
    RED_THREE_PENALTY_CAP_400 = "red-three-penalty-cap-400"
    CUTTHROAT_TWO_CANASTAS = "cutthroat-two-canastas"
    DRAW_ON_TIE = "draw-on-tie"


class VariantInfo(BaseModel):
    """The fixed numbers of one variant (rules §2).

    Attributes:
        description: the variant in one line, a message whose numbers are placeholders
            the edge fills in the language's form: ``{cards}`` (cards in the deck),
            ``{target}`` (points that end the match) and ``{top_tier_from}``.
        side_sizes: players per side in seat order, e.g. ``(2, 2)`` for classic.
        packs: 52-card packs in the deck (each with two jokers).
        canastas_to_go_out: canastas a side needs before a player may go out.
        target: points that end the match.
        top_tier_from: score from which the 150 initial-meld tier applies, if any.
        draws: cards drawn from the stock per turn.
        dealt: cards dealt to each player.
        source: rule books the numbers come from.
    """

    model_config = ConfigDict(frozen=True)

    id: Variant
    title: str
    description: str
    side_sizes: tuple[int, ...]
    packs: int
    canastas_to_go_out: int
    target: int
    top_tier_from: int | None = None
    draws: int
    dealt: int
    lone_hand: bool = False
    sits_out: bool = False
    source: str


class HouseRuleInfo(BaseModel):
    """One house rule.

    Attributes:
        id: the house rule's id.
        title: the rule in a few words of the game, short enough for a switch label.
        ref: its reference in rules §3 (H1, O4 …).
        description: what it changes, in one sentence.
        scoring: whether it changes a score (otherwise only what is allowed).
    """

    model_config = ConfigDict(frozen=True)

    id: HouseRule
    title: str
    ref: str
    description: str
    scoring: bool


VARIANT_INFO: Final[dict[Variant, VariantInfo]] = {
    info.id: info
    for info in (
        VariantInfo(
            id=Variant.CLASSIC,
            title=W_("Classic"),
            description=W_(
                "4 players, 2 partnerships of 2; {cards} cards; 1 canasta to go out; {target}"
            ),
            side_sizes=(2, 2),
            packs=2,
            canastas_to_go_out=1,
            target=5000,
            draws=1,
            dealt=11,
            source=rule("1"),
        ),
        VariantInfo(
            id=Variant.TWO_PLAYER,
            title=W_("Two players"),
            description=W_("2 players, each a side; draw 2; 2 canastas to go out; {target}"),
            side_sizes=(1, 1),
            packs=2,
            canastas_to_go_out=2,
            target=5000,
            draws=2,
            dealt=15,
            source=rule("2.1"),
        ),
        VariantInfo(
            id=Variant.THREE_PLAYER,
            title=W_("Three players"),
            description=W_("3 players, each a side; 1 canasta to go out; {target}"),
            side_sizes=(1, 1, 1),
            packs=2,
            canastas_to_go_out=1,
            target=5000,
            draws=1,
            dealt=13,
            source=rule("2.2"),
        ),
        VariantInfo(
            id=Variant.THREE_PLAYER_CUTTHROAT,
            title=W_("Three players, cutthroat"),
            description=W_(
                "3 players; the first to take the pile plays alone, the other two are "
                "partners for that hand; {target}"
            ),
            side_sizes=(1, 1, 1),
            packs=2,
            canastas_to_go_out=1,
            target=7500,
            draws=2,
            dealt=13,
            lone_hand=True,
            source=rule("2.3"),
        ),
        VariantInfo(
            id=Variant.FIVE_PLAYER,
            title=W_("Five players"),
            description=W_("2 sides of 3 and 2; one player of the 3 sits out each hand; {target}"),
            side_sizes=(3, 2),
            packs=2,
            canastas_to_go_out=1,
            target=5000,
            draws=1,
            dealt=11,
            sits_out=True,
            source=rule("2.4"),
        ),
        VariantInfo(
            id=Variant.SIX_PLAYER,
            title=W_("Six players, 2 sides of 3"),
            description=W_(
                "2 partnerships of 3; {cards} cards; 2 canastas to go out; {target} "
                "(150 minimum from {top_tier_from})"
            ),
            side_sizes=(3, 3),
            packs=3,
            canastas_to_go_out=2,
            target=10000,
            top_tier_from=7500,
            draws=1,
            dealt=13,
            source=rule("2.5"),
        ),
        VariantInfo(
            id=Variant.SIX_PLAYER_THREE_SIDES,
            title=W_("Six players, 3 sides of 2"),
            description=W_("3 partnerships of 2; {cards} cards; 2 canastas to go out; {target}"),
            side_sizes=(2, 2, 2),
            packs=3,
            canastas_to_go_out=2,
            target=7500,
            draws=1,
            dealt=13,
            source=rule("2.6"),
        ),
    )
}

HOUSE_RULE_INFO: Final[dict[HouseRule, HouseRuleInfo]] = {
    info.id: info
    for info in (
        HouseRuleInfo(
            id=HouseRule.BLACK_THREE_FREEZES,
            title=W_("Black three freezes the pile"),
            ref="H1",
            description=W_("A discarded black three freezes the discard pile until it is taken."),
            scoring=False,
        ),
        HouseRuleInfo(
            id=HouseRule.PILE_ALWAYS_FROZEN,
            title=W_("Pile always frozen"),
            ref="H2",
            description=W_("The discard pile is always frozen: every pickup needs a natural pair."),
            scoring=False,
        ),
        HouseRuleInfo(
            id=HouseRule.TWO_NATURALS_TO_TAKE,
            title=W_("Two naturals to take the pile"),
            ref="H3",
            description=W_("A natural and a wild card no longer take an unfrozen pile."),
            scoring=False,
        ),
        HouseRuleInfo(
            id=HouseRule.NO_PILE_FOR_FINISHED_CANASTA,
            title=W_("No pile for a finished canasta"),
            ref="H4",
            description=W_("The top card may not be taken just to add it to a finished canasta."),
            scoring=False,
        ),
        HouseRuleInfo(
            id=HouseRule.WILD_CARD_MELDS,
            title=W_("Wild card melds"),
            ref="H5",
            description=W_("Melds of only 2s and jokers are allowed; a wild canasta scores 2,000."),
            scoring=True,
        ),
        HouseRuleInfo(
            id=HouseRule.WILD_MELD_PENALTY,
            title=W_("Unfinished wild meld costs 1,000"),
            ref="H5",
            description=W_(
                "A wild meld not finished as a canasta at the end of the hand costs 1,000."
            ),
            scoring=True,
        ),
        HouseRuleInfo(
            id=HouseRule.RED_THREES_AT_DEAL,
            title=W_("Red threes replaced at the deal"),
            ref="H6",
            description=W_("Dealt red threes are laid out and replaced before the first turn."),
            scoring=False,
        ),
        HouseRuleInfo(
            id=HouseRule.CONCEALED_TEAM_LEVEL,
            title=W_("Concealed only on a first meld"),
            ref="O2",
            description=W_(
                "Going out concealed only when that turn is the side's first meld of the hand."
            ),
            scoring=False,
        ),
        HouseRuleInfo(
            id=HouseRule.RED_THREES_NEED_CANASTA,
            title=W_("Red threes need a canasta"),
            ref="O4",
            description=W_("Red threes count minus unless the side has a canasta."),
            scoring=True,
        ),
        HouseRuleInfo(
            id=HouseRule.NO_RED_THREE_PENALTY,
            title=W_("Red threes always count plus"),
            ref="O5",
            description=W_("Red threes always count plus, even for a side that never melded."),
            scoring=True,
        ),
        HouseRuleInfo(
            id=HouseRule.GO_OUT_WITHOUT_CANASTAS,
            title=W_("Go out without canastas"),
            ref="O6",
            description=W_("Going out is always allowed; the bonus needs the canastas."),
            scoring=True,
        ),
        HouseRuleInfo(
            id=HouseRule.NO_INITIAL_MINIMUM,
            title=W_("No initial meld minimum"),
            ref="O7",
            description=W_("The initial meld minimum is not enforced."),
            scoring=False,
        ),
        HouseRuleInfo(
            id=HouseRule.RED_THREE_IN_HAND_PENALTY,
            title=W_("Red three in hand costs 500"),
            ref="O8",
            description=W_("A red three left in hand costs 500 instead of being an error."),
            scoring=True,
        ),
        HouseRuleInfo(
            id=HouseRule.RED_THREE_PENALTY_CAP_400,
            title=W_("Red threes lose at most 400"),
            ref="C07",
            description=W_("A side that never melded loses at most 400 for its red threes."),
            scoring=True,
        ),
        HouseRuleInfo(
            id=HouseRule.CUTTHROAT_TWO_CANASTAS,
            title=W_("Cutthroat: 2 canastas to go out"),
            ref="O11",
            description=W_("Cutthroat: 2 canastas are needed to go out."),
            scoring=False,
        ),
        HouseRuleInfo(
            id=HouseRule.DRAW_ON_TIE,
            title=W_("A tie at the end is a draw"),
            ref="O15",
            description=W_("A tie at the top at the end of the match is a draw, not another hand."),
            scoring=False,
        ),
    )
}

#: Initial meld minimums below the optional top tier: (from score, minimum), rules §1.7.
_MINIMUM_TIERS: Final = ((3000, 120), (1500, 90), (0, 50))
_NEGATIVE_MINIMUM: Final = 15
_TOP_TIER_MINIMUM: Final = 150


def _names(kind: type[StrEnum]) -> str:
    return ", ".join(member.value for member in kind)


def parse_variant(text: str) -> Variant:
    """Look up a variant by id.

    Raises:
        UnknownNameError: no variant has that id; the message lists every id.
    """
    try:
        return Variant(text)
    except ValueError:
        raise UnknownNameError(
            f"{text!r} is not a variant; the variants are {_names(Variant)}"
        ) from None


def parse_house_rule(text: str) -> HouseRule:
    """Look up a house rule by id.

    Raises:
        UnknownNameError: no house rule has that id; the message lists every id.
    """
    try:
        return HouseRule(text)
    except ValueError:
        raise UnknownNameError(
            f"{text!r} is not a house rule; the house rules are {_names(HouseRule)}"
        ) from None


class RuleSet(BaseModel):
    """The rules a hand or match is played under: a variant, its house rules and a target.

    Build one with `rule_set`. Scoring and checking read only these fields and
    properties.

    Attributes:
        variant: the variant's fixed numbers (rules §2).
        house_rules: the house rules that are on (rules §3).
        target: points that end the match (the variant's unless set; O12).
        top_tier_set: the score from which the 150 initial meld minimum applies, in
            points, as the match sets it (O13); ``None``: the variant's. Read
            `top_tier_from` for the one in force.
    """

    model_config = ConfigDict(frozen=True)

    variant: VariantInfo
    house_rules: frozenset[HouseRule] = frozenset()
    target: int
    top_tier_set: int | None = None

    def has(self, rule: HouseRule) -> bool:
        """True if the house rule is on."""
        return rule in self.house_rules

    @cached_property
    def top_tier_from(self) -> int | None:
        """The score from which a side's initial meld minimum is 150, in points, or
        ``None`` where the variant has no such step (rules §2.5, §3 O13): the score the
        match sets, otherwise the variant's (7,500 in the six-player 10,000 game). A
        score set for a variant without the step changes nothing (the rule checker
        warns of it)."""
        own = self.variant.top_tier_from
        if own is None or self.top_tier_set is None:
            return own
        return self.top_tier_set

    @cached_property
    def packs(self) -> int:
        """52-card packs in the deck (2 or 3)."""
        return self.variant.packs

    @cached_property
    def side_sizes(self) -> tuple[int, ...]:
        """Players per side in seat order."""
        return self.variant.side_sizes

    @cached_property
    def side_sizes_max(self) -> int:
        """Players in the largest side (1 when every player is a side)."""
        return max(self.variant.side_sizes, default=1)

    @cached_property
    def deck_name(self) -> str:
        """The deck in words for messages: ``"108-card deck"``."""
        return f"{self.packs * 52 + self.jokers}-card deck"

    @cached_property
    def canastas_to_go_out(self) -> int:
        """Canastas a side needs to go out (rules §1.9, §2; O11 in cutthroat)."""
        if self.variant.lone_hand and self.has(HouseRule.CUTTHROAT_TWO_CANASTAS):
            return 2
        return self.variant.canastas_to_go_out

    @cached_property
    def copies_per_rank(self) -> int:
        """Copies of each natural rank and of the 2 in the deck: 4 per pack (rules §1.13, 4)."""
        return 4 * self.packs

    @cached_property
    def jokers(self) -> int:
        """Jokers in the deck: 2 per pack."""
        return 2 * self.packs

    @cached_property
    def red_threes(self) -> int:
        """Red threes in the deck: 2 per pack."""
        return 2 * self.packs

    @cached_property
    def black_threes(self) -> int:
        """Black threes in the deck: 2 per pack; also the largest black-three meld
        (S0 allows 3 or 4 with 2 packs; rules §7.3 all of them with 3 packs)."""
        return 2 * self.packs

    @cached_property
    def deck(self) -> dict[Card, int]:
        """Copies of each card in the deck (rules §1.1 and §1.13 check 4)."""
        copies = {card: self.copies_per_rank for card in Card}
        copies[Card.JOKER] = self.jokers
        copies[Card.BLACK_THREE] = self.black_threes
        copies[Card.RED_THREE] = self.red_threes
        return copies

    def class_copies(self, point_class: PointClass) -> int:
        """Cards of a point class in the deck: the most a count of cards left by point
        class can be (rules §1.1 and §1.13 check 4).

        >>> classic = rule_set("classic")
        >>> classic.class_copies(PointClass.JOKERS), classic.class_copies(PointClass.ACES_AND_TWOS)
        (4, 16)
        """
        deck = self.deck
        return sum(deck[card] for card in POINT_CLASS_CARDS[point_class])

    @cached_property
    def enforces_initial_minimum(self) -> bool:
        """False under O7 (S3 does not enforce the initial meld minimum)."""
        return not self.has(HouseRule.NO_INITIAL_MINIMUM)


def rule_set(
    variant: Variant | str = Variant.CLASSIC,
    house_rules: Iterable[HouseRule | str] = (),
    target: int | None = None,
    top_tier_from: int | None = None,
) -> RuleSet:
    """Build the rules for a variant, house rules and an optional custom target.

    Args:
        variant: a variant id (rules §2).
        house_rules: house-rule ids; order and repeats do not matter.
        target: points that end the match; the variant's own when ``None``.
        top_tier_from: the score from which the initial meld minimum is 150, in
            points (rules §3 O13); the variant's own when ``None``.

    Returns:
        The `RuleSet`.

    Raises:
        UnknownNameError: an id that rules §2 / §3 does not define.
    """
    variant_id = variant if isinstance(variant, Variant) else parse_variant(variant)
    rules = frozenset(
        rule if isinstance(rule, HouseRule) else parse_house_rule(rule) for rule in house_rules
    )
    return _rule_set(variant_id, rules, target, top_tier_from)


@lru_cache(maxsize=512)
def _rule_set(
    variant: Variant,
    house_rules: frozenset[HouseRule],
    target: int | None,
    top_tier_from: int | None = None,
) -> RuleSet:
    # A `RuleSet` never changes, so one is made per combination: its derived numbers
    # (the deck, the canastas to go out …) are then worked out once.
    info = VARIANT_INFO[variant]
    return RuleSet(
        variant=info,
        house_rules=house_rules,
        target=info.target if target is None else target,
        top_tier_set=top_tier_from,
    )


def initial_meld_minimum(score: int, rules: RuleSet) -> int:
    """The initial meld minimum for a side whose cumulative score is ``score`` points.

    Thresholds, correct under both S0's and S1's wording (rules §1.7): below 0 → 15,
    below 1,500 → 50, below 3,000 → 90, otherwise 120; the six-player 10,000 game adds
    150 from 7,500 (rules §2, R1), or from the score the match sets (§3 O13). Under O7
    the minimum still exists but is not enforced (see `RuleSet.enforces_initial_minimum`).

    Args:
        score: the side's cumulative score at the start of the hand, in points.
        rules: the rules in force.

    Returns:
        The minimum count of the side's initial meld, in points.

    >>> [initial_meld_minimum(s, rule_set()) for s in (-5, 0, 1495, 1500, 2995, 3000)]
    [15, 50, 50, 90, 90, 120]
    """
    top = rules.top_tier_from
    if top is not None and score >= top:
        return _TOP_TIER_MINIMUM
    for threshold, minimum in _MINIMUM_TIERS:
        if score >= threshold:
            return minimum
    return _NEGATIVE_MINIMUM


def red_three_score(count: int, rules: RuleSet, *, positive: bool) -> int:
    """Points for a side's red threes (rules §1.6).

    Two packs: 100 each, all four 800. Three packs: 100 each up to four, five 1,000,
    six 1,200 (R1). Minus for a side that never melded (S0 "Classic Canasta Scoring"),
    at most −400 under C07.

    Args:
        count: red threes the side laid out.
        rules: the rules in force.
        positive: whether the side counts them plus (it melded; see `scoring`).

    Returns:
        Points, plus or minus.

    >>> classic = rule_set()
    >>> red_three_score(4, classic, positive=True), red_three_score(4, classic, positive=False)
    (800, -800)
    >>> red_three_score(5, rule_set("six-player"), positive=True)
    1000
    """
    if count <= 0:
        return 0
    if rules.packs == 2:
        amount = ALL_FOUR_RED_THREES if count == 4 else RED_THREE_BONUS * count
    elif count >= 5:
        amount = RED_THREE_BONUS_THREE_PACKS_FROM_FIVE * count
    else:
        amount = RED_THREE_BONUS * count
    if positive:
        return amount
    if rules.has(HouseRule.RED_THREE_PENALTY_CAP_400):
        amount = min(amount, RED_THREE_PENALTY_CAP)
    return -amount
