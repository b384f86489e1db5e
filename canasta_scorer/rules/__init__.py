"""The rules engine: cards, melds, variants and house rules, hand and match files,
the checker and the scores. Pure: standard library and pydantic only, no I/O.

The rules are those of ``docs/rules.md`` (which names their sources); every number and
verdict of the product is computed here.
"""

from .cards import NATURAL_RANKS, Card, cards_points, format_cards, parse_card, parse_cards
from .checks import canasta_count, check_hand, check_meld, hand_rules, scoring_groups
from .errors import (
    CanastaError,
    CardSyntaxError,
    MeldSyntaxError,
    Problem,
    RecordError,
    UnknownNameError,
)
from .findings import Code, Finding, Severity, has_errors
from .match import HandTotals, MatchScore, Standing, match_rules, score_match, standing
from .melds import CanastaKind, Meld, MeldRank, parse_meld
from .records import (
    HandPlay,
    HandRecord,
    HandSide,
    MatchHand,
    MatchRecord,
    MatchSide,
    WentOut,
    dump_hand,
    dump_match,
    load_hand,
    load_match,
)
from .ruleset import (
    HOUSE_RULE_INFO,
    VARIANT_INFO,
    HouseRule,
    RuleSet,
    Variant,
    initial_meld_minimum,
    parse_house_rule,
    parse_variant,
    red_three_score,
    rule_set,
)
from .scoring import HandScore, SideScore, score_hand, score_sides

__all__ = [
    "HOUSE_RULE_INFO",
    "NATURAL_RANKS",
    "VARIANT_INFO",
    "CanastaError",
    "CanastaKind",
    "Card",
    "CardSyntaxError",
    "Code",
    "Finding",
    "HandPlay",
    "HandRecord",
    "HandScore",
    "HandSide",
    "HandTotals",
    "HouseRule",
    "MatchHand",
    "MatchRecord",
    "MatchScore",
    "MatchSide",
    "Meld",
    "MeldRank",
    "MeldSyntaxError",
    "Problem",
    "RecordError",
    "RuleSet",
    "Severity",
    "SideScore",
    "Standing",
    "UnknownNameError",
    "Variant",
    "WentOut",
    "canasta_count",
    "cards_points",
    "check_hand",
    "check_meld",
    "dump_hand",
    "dump_match",
    "format_cards",
    "hand_rules",
    "has_errors",
    "initial_meld_minimum",
    "load_hand",
    "load_match",
    "match_rules",
    "parse_card",
    "parse_cards",
    "parse_house_rule",
    "parse_meld",
    "parse_variant",
    "red_three_score",
    "rule_set",
    "score_hand",
    "score_match",
    "score_sides",
    "scoring_groups",
    "standing",
]
