"""The rules engine: cards, melds, variants and house rules, hand and match files,
the checker, the scores, the dispute checker and statistics. Pure: standard library
and pydantic only, no I/O.

This package is the whole API: every caller imports from ``canasta_scorer.rules``
itself, never from its modules. The entry points:

* files: `load_hand` / `load_match` (JSON text → a record, or `RecordError`),
  `dump_hand` / `dump_match`, `validate_record` (already-parsed JSON);
* a hand: `score_hand` (check and score: `HandScore`), `check_hand` (findings only),
  `score_sides` (scores only);
* a match: `score_match` (hands, running totals, minimums, winner: `MatchScore`);
* a table question: `settle` (a `Question`, its situation, the rules → `Verdict`);
* the rules in force: `rule_set`, `hand_rules`, `match_rules` → `RuleSet`;
  `initial_meld_minimum`;
* text typed by players: `parse_cards`, `parse_meld`, `parse_number`;
* statistics over matches: `statistics`.

The rules are those of ``docs/rules.md`` (which names their sources); every number and
verdict of the product is computed here.
"""

from .cards import (
    NATURAL_RANKS,
    POINT_CLASS_CARDS,
    Card,
    PointClass,
    cards_for_point_classes,
    cards_points,
    format_cards,
    is_natural,
    is_wild,
    parse_card,
    parse_cards,
)
from .checks import check_hand, check_meld, check_score, meld_supply
from .citations import FILE_FORMAT, RULES, file_format, rule
from .disputes import (
    REASON_WORDS,
    FirstMeldSituation,
    GoOutSituation,
    MeldSituation,
    PileSituation,
    Question,
    Reason,
    ReasonCode,
    Situation,
    Verdict,
    best_opening,
    settle,
)
from .errors import (
    CanastaError,
    CardSyntaxError,
    MeldSyntaxError,
    NumberSyntaxError,
    Problem,
    RecordError,
    UnknownNameError,
)
from .findings import Code, Finding, Severity, has_errors
from .match import (
    HandTotals,
    MatchScore,
    MatchStatus,
    Standing,
    match_rules,
    next_dealer,
    score_match,
    seating,
    standing,
)
from .melds import CANASTA_SIZE, CanastaKind, Meld, MeldRank, canasta_count, parse_meld
from .numbers import parse_number
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
    hand_rules,
    load_hand,
    load_match,
    read_json,
    scoring_groups,
    validate_record,
)
from .ruleset import (
    HOUSE_RULE_INFO,
    VARIANT_INFO,
    HouseRule,
    HouseRuleInfo,
    RuleSet,
    Variant,
    VariantInfo,
    initial_meld_minimum,
    parse_house_rule,
    parse_variant,
    red_three_score,
    rule_set,
)
from .scoring import HandScore, SideScore, score_hand, score_sides
from .stats import PartnershipStats, PlayerStats, Statistics, statistics

__all__ = [
    "CANASTA_SIZE",
    "FILE_FORMAT",
    "HOUSE_RULE_INFO",
    "NATURAL_RANKS",
    "POINT_CLASS_CARDS",
    "REASON_WORDS",
    "RULES",
    "VARIANT_INFO",
    "CanastaError",
    "CanastaKind",
    "Card",
    "CardSyntaxError",
    "Code",
    "Finding",
    "FirstMeldSituation",
    "GoOutSituation",
    "HandPlay",
    "HandRecord",
    "HandScore",
    "HandSide",
    "HandTotals",
    "HouseRule",
    "HouseRuleInfo",
    "MatchHand",
    "MatchRecord",
    "MatchScore",
    "MatchSide",
    "MatchStatus",
    "Meld",
    "MeldRank",
    "MeldSituation",
    "MeldSyntaxError",
    "NumberSyntaxError",
    "PartnershipStats",
    "PileSituation",
    "PlayerStats",
    "PointClass",
    "Problem",
    "Question",
    "Reason",
    "ReasonCode",
    "RecordError",
    "RuleSet",
    "Severity",
    "SideScore",
    "Situation",
    "Standing",
    "Statistics",
    "UnknownNameError",
    "Variant",
    "VariantInfo",
    "Verdict",
    "WentOut",
    "best_opening",
    "canasta_count",
    "cards_for_point_classes",
    "cards_points",
    "check_hand",
    "check_meld",
    "check_score",
    "dump_hand",
    "dump_match",
    "file_format",
    "format_cards",
    "hand_rules",
    "has_errors",
    "initial_meld_minimum",
    "is_natural",
    "is_wild",
    "load_hand",
    "load_match",
    "match_rules",
    "meld_supply",
    "next_dealer",
    "parse_card",
    "parse_cards",
    "parse_house_rule",
    "parse_meld",
    "parse_number",
    "parse_variant",
    "read_json",
    "red_three_score",
    "rule",
    "rule_set",
    "score_hand",
    "score_match",
    "score_sides",
    "scoring_groups",
    "seating",
    "settle",
    "standing",
    "statistics",
    "validate_record",
]
