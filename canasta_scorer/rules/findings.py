"""Findings: what the checker reports about a hand or a match.

A finding says how serious it is, which rule it is (a stable code), where in the
file it is (a JSON path), what is wrong in plain words and the rule's source.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Code", "Finding", "Severity", "has_errors"]


class Severity(StrEnum):
    """``error``: the record breaks a rule and is not valid. ``warning``: allowed, but
    unusual enough that the players should look again."""

    ERROR = "error"
    WARNING = "warning"


class Code(StrEnum):
    """Stable codes of every finding, used in files and tests."""

    # rules §1.13 check 1 and the meld rules of §1.3 / §1.5 / H5
    MELD_TOO_FEW_CARDS = "meld.too_few_cards"
    MELD_TOO_FEW_NATURALS = "meld.too_few_naturals"
    MELD_TOO_MANY_WILDS = "meld.too_many_wilds"
    MELD_MIXED_RANKS = "meld.mixed_ranks"
    MELD_RED_THREE = "meld.red_three"
    MELD_WILD_ONLY = "meld.wild_only"
    MELD_WILD_TOO_BIG = "meld.wild_too_big"
    MELD_WILDS_BESIDE_WILD_MELD = "meld.wilds_beside_wild_meld"
    # check 2
    MELD_DUPLICATE_RANK = "meld.duplicate_rank"
    # check 3
    BLACK_THREE_NOT_GOING_OUT = "black_three.not_going_out"
    BLACK_THREE_WILD = "black_three.wild"
    BLACK_THREE_SIZE = "black_three.size"
    # initial meld minimum (§1.7)
    MELD_BELOW_MINIMUM = "meld.below_minimum"
    MELD_MINIMUM_OPENER_UNKNOWN = "meld.minimum_opener_unknown"
    # check 4
    SUPPLY_TOO_MANY = "supply.too_many"
    SUPPLY_RED_THREES = "supply.red_threes"
    # check 5
    HAND_RED_THREE = "hand.red_three"
    HAND_EMPTY_NOT_OUT = "hand.empty_not_out"
    HAND_SIDE_BLANK = "hand.side_blank"
    HAND_UNKNOWN_PLAYER = "hand.unknown_player"
    # checks 6-8
    GOING_OUT_MORE_THAN_ONE = "going_out.more_than_one"
    GOING_OUT_HAND_NOT_EMPTY = "going_out.hand_not_empty"
    GOING_OUT_CANASTAS = "going_out.canastas"
    GOING_OUT_NO_BONUS = "going_out.no_bonus"
    GOING_OUT_UNKNOWN_PLAYER = "going_out.unknown_player"
    GOING_OUT_BY_NOT_OUT = "going_out.by_not_out"
    GOING_OUT_BY_MISSING = "going_out.by_missing"
    CONCEALED_CANASTAS = "concealed.canastas"
    CONCEALED_PARTNER_MELDED = "concealed.partner_melded"
    # check 9
    SCORE_NOT_MULTIPLE_OF_5 = "score.not_multiple_of_5"
    # quick entry (a total typed from a paper count)
    QUICK_NOT_CARD_CHECKED = "quick.not_card_checked"
    QUICK_WITH_CARDS = "quick.with_cards"
    QUICK_PARTNERS = "quick.partners"
    # sides, players and variants (rules §2)
    SIDES_COUNT = "sides.count"
    SIDES_PLAYERS = "sides.players"
    SIDES_DUPLICATE_NAME = "sides.duplicate_name"
    LONE_HAND_MISSING = "lone_hand.missing"
    LONE_HAND_UNKNOWN = "lone_hand.unknown"
    SITTING_OUT_MISSING = "sitting_out.missing"
    SITTING_OUT_UNKNOWN = "sitting_out.unknown"
    SITTING_OUT_PLAYED = "sitting_out.played"
    HOUSE_RULE_NO_EFFECT = "house_rule.no_effect"
    TOP_TIER_VALUE = "top_tier.value"
    TOP_TIER_NO_EFFECT = "top_tier.no_effect"
    # matches (rules §1.12)
    MATCH_HAND_AFTER_END = "match.hand_after_end"
    MATCH_START_SCORE = "match.start_score"
    MATCH_TARGET = "match.target"
    MATCH_DEALER_UNKNOWN = "match.dealer_unknown"


class Finding(BaseModel):
    """One thing the checker found.

    Attributes:
        severity: error (not valid) or warning.
        code: stable code, e.g. ``meld.too_many_wilds``.
        where: JSON path in the file, e.g. ``sides[0].melds[2]``; ``""`` for the whole file.
        message: what is wrong, in plain English words (``words`` rendered).
        rule: the rule it breaks, a section of docs/rules.md (made by `citations.rule`).
        words: the same as a `words.Phrase`: the key of its wording in `words.WORDS`
            and the values that fill it, for the edge to word in the player's language
            (not written to files or JSON; ``None`` for a finding made from a message).
    """

    model_config = ConfigDict(frozen=True)

    severity: Severity
    code: Code
    where: str
    message: str
    rule: str
    words: Any = Field(default=None, exclude=True, repr=False)

    def at(self, prefix: str) -> Finding:
        """The same finding with ``prefix`` put before its path (``hands[2]`` …)."""
        where = f"{prefix}.{self.where}" if self.where else prefix
        return self.model_copy(update={"where": where})


def has_errors(findings: list[Finding]) -> bool:
    """True if any finding is an error."""
    return any(finding.severity is Severity.ERROR for finding in findings)
