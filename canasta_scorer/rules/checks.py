"""The checker: every rule a recorded hand breaks, all at once.

`check_hand` works from the end-of-hand record (rules §1.13 checks 1–9 and the
further checks listed in its docstring) and never raises on a record that loaded:
what a table really laid down is reported, not refused. `check_meld` answers for
one meld on its own ("is this meld legal?").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from . import citations
from .cards import NATURAL_RANKS, Card
from .findings import Code, Finding, Severity
from .melds import CANASTA_SIZE, Meld, MeldRank, canasta_count
from .records import HandRecord, HandSide, WentOut, hand_rules, scoring_groups, side_index
from .ruleset import HouseRule, RuleSet, initial_meld_minimum
from .words import Phrase, game_phrase, phrase, quoted, rank_phrase, render

__all__ = [
    "check_hand",
    "check_meld",
    "check_score",
    "check_sides",
    "meld_supply",
    "rules_findings",
]

E = Severity.ERROR
W = Severity.WARNING

R_MELD = citations.rule("1.3")
R_BLACK_THREE = citations.rule("1.5")
R_WILD_MELD = citations.rule("3 H5")
R_MINIMUM = citations.rule("1.7")
R_SUPPLY = citations.rule("1.1", "1.13")
R_RED_THREE_HAND = citations.rule("1.6", "1.13")
R_GOING_OUT = citations.rule("1.9", "1.13")
R_CONCEALED = citations.rule("1.9", "1.13")
R_MULTIPLE_OF_5 = citations.rule("1.1", "1.13")
R_VARIANT = citations.rule("2")


def _finding(severity: Severity, code: Code, where: str, words: Phrase, rule: str) -> Finding:
    return Finding(
        severity=severity, code=code, where=where, message=render(words), rule=rule, words=words
    )


# Members read on every check, looked up once here (an enum class attribute costs a
# descriptor lookup each time it is read).
_WILD, _BLACK_THREE = MeldRank.WILD, MeldRank.BLACK_THREE
_RED_THREE = Card.RED_THREE
_NO, _CONCEALED = WentOut.NO, WentOut.CONCEALED
_WILD_CARD_MELDS = HouseRule.WILD_CARD_MELDS
_RED_THREE_IN_HAND_PENALTY = HouseRule.RED_THREE_IN_HAND_PENALTY
#: House rules that can be without effect beside the others (`rules_findings`).
_MAYBE_WITHOUT_EFFECT = frozenset(
    {
        HouseRule.CUTTHROAT_TWO_CANASTAS,
        HouseRule.WILD_MELD_PENALTY,
        HouseRule.RED_THREE_PENALTY_CAP_400,
    }
)


def check_meld(
    meld: Meld, rules: RuleSet, where: str = "", *, going_out: bool | None = None
) -> list[Finding]:
    """Check one meld on its own: its shape under rules §1.3, §1.5 and H5.

    Args:
        meld: the meld.
        rules: the rules in force (house rule H5 allows wild melds; the deck size sets
            the largest black-three meld).
        where: JSON path to put in the findings.
        going_out: for a black-three meld, whether its side went out this hand;
            ``None`` when not known (no finding about it then).

    Returns:
        Findings, empty when the meld is legal.

    >>> from canasta_scorer.rules import parse_meld, rule_set
    >>> [f.code.value for f in check_meld(parse_meld("5 2 2"), rule_set())]
    ['meld.too_few_naturals']
    """
    if meld.legal_natural:
        return []  # a legal meld of a natural rank: the common case, decided at once
    rank = meld.rank
    found: list[Finding] = []
    red = meld.cards.count(_RED_THREE)
    if red:
        found.append(
            _finding(
                E,
                Code.MELD_RED_THREE,
                where,
                phrase("meld.red_three", n=red),
                R_MELD,
            )
        )
    others = [card for card in meld.strays if card is not _RED_THREE]
    if others:
        found.append(
            _finding(
                E,
                Code.MELD_MIXED_RANKS,
                where,
                phrase("meld.mixed_ranks", meld=str(meld), ranks=_ranks_in(meld)),
                R_MELD,
            )
        )
    if rank is None:
        return found
    if rank is _WILD:
        if _WILD_CARD_MELDS not in rules.house_rules:
            found.append(
                _finding(
                    E,
                    Code.MELD_WILD_ONLY,
                    where,
                    phrase("meld.wild_only", meld=str(meld)),
                    R_MELD,
                )
            )
        elif meld.size < 3:
            found.append(
                _finding(
                    E,
                    Code.MELD_TOO_FEW_CARDS,
                    where,
                    phrase("meld.too_few_cards", meld=str(meld), n=meld.size),
                    R_WILD_MELD,
                )
            )
        elif meld.size > CANASTA_SIZE:
            found.append(
                _finding(
                    E,
                    Code.MELD_WILD_TOO_BIG,
                    where,
                    phrase("meld.wild_too_big", meld=str(meld), n=meld.size),
                    R_WILD_MELD,
                )
            )
        return found
    if rank is _BLACK_THREE:
        if meld.wilds:
            found.append(
                _finding(
                    E,
                    Code.BLACK_THREE_WILD,
                    where,
                    phrase("black_three.wild", meld=str(meld)),
                    R_BLACK_THREE,
                )
            )
        if not 3 <= meld.naturals <= rules.black_threes:
            found.append(
                _finding(
                    E,
                    Code.BLACK_THREE_SIZE,
                    where,
                    phrase(
                        "black_three.size", meld=str(meld), n=meld.naturals, most=rules.black_threes
                    ),
                    R_BLACK_THREE,
                )
            )
        if going_out is False:
            found.append(
                _finding(
                    E,
                    Code.BLACK_THREE_NOT_GOING_OUT,
                    where,
                    phrase("black_three.not_going_out", meld=str(meld)),
                    R_BLACK_THREE,
                )
            )
        return found
    if meld.size < 3:
        found.append(
            _finding(
                E,
                Code.MELD_TOO_FEW_CARDS,
                where,
                phrase("meld.too_few_cards", meld=str(meld), n=meld.size),
                R_MELD,
            )
        )
    if meld.naturals < 2 and not others:
        found.append(
            _finding(
                E,
                Code.MELD_TOO_FEW_NATURALS,
                where,
                phrase("meld.too_few_naturals", meld=str(meld), n=meld.naturals),
                R_MELD,
            )
        )
    if meld.wilds > 3:
        found.append(
            _finding(
                E,
                Code.MELD_TOO_MANY_WILDS,
                where,
                phrase("meld.too_many_wilds", meld=str(meld), wilds=meld.wilds),
                R_MELD,
            )
        )
    return found


def check_score(value: int, where: str = "", what: str = "") -> list[Finding]:
    """A score entered by hand is a multiple of 5 (rules §1.1, §1.13 check 9).

    Args:
        value: the score, in points.
        where: JSON path for the finding.
        what: how to name it in the message, e.g. ``"start score"``.

    >>> [f.code.value for f in check_score(12, what="start score")], check_score(1500)
    (['score.not_multiple_of_5'], [])
    """
    if value % 5 == 0:
        return []
    form = {"": "", "start score": ":start", "the hand score": ":hand"}[what]
    return [
        _finding(
            E,
            Code.SCORE_NOT_MULTIPLE_OF_5,
            where,
            phrase("score.not_multiple_of_5" + form, value=value),
            R_MULTIPLE_OF_5,
        )
    ]


def meld_supply(meld: Meld, rules: RuleSet, where: str = "") -> list[Finding]:
    """One meld on its own against the deck: no card more often than the deck holds
    (rules §1.13 check 4). A hand checks its supply across every side instead."""
    deck = rules.deck
    found = []
    for card, count in Counter(meld.cards).items():
        if count > deck[card]:
            found.append(
                _finding(
                    E,
                    Code.SUPPLY_TOO_MANY,
                    where,
                    phrase(
                        "supply.too_many:meld",
                        count=count,
                        cards=rank_phrase(card.value),
                        deck=rules.packs * 52 + rules.jokers,
                        most=deck[card],
                    ),
                    R_SUPPLY,
                )
            )
    return found


def cards_supply(cards: Iterable[Card], rules: RuleSet, where: str = "") -> list[Finding]:
    """The cards a player describes at the table (a hand, melds, the top discard) against
    the deck: no card more often than the deck holds (rules §1.1, §1.13 check 4).

    >>> from canasta_scorer.rules.ruleset import rule_set
    >>> [f.message for f in cards_supply([Card.NINE] * 10, rule_set())]
    ['10 9s in the cards described: the 108-card deck has 8']
    """
    deck = rules.deck
    return [
        _finding(
            E,
            Code.SUPPLY_TOO_MANY,
            where,
            phrase(
                "supply.too_many:described",
                count=count,
                cards=rank_phrase(card.value),
                deck=rules.packs * 52 + rules.jokers,
                most=deck[card],
            ),
            R_SUPPLY,
        )
        for card, count in Counter(cards).items()
        if count > deck[card]
    ]


def _ranks_in(meld: Meld) -> tuple[Phrase, ...]:
    """The ranks a meld mixes, to be said as a list: "Ks, Qs and Js", "Ks and black threes"."""
    names: list[Card] = []
    for card in meld.cards:
        if card in (Card.TWO, Card.JOKER, Card.RED_THREE):
            continue
        if card not in names:
            names.append(card)
    return tuple(rank_phrase(card.value) for card in names)


#: The score of the 150 minimum must be above the start of the 120 one (rules §1.7).
_TOP_TIER_ABOVE: Final = 3000


def rules_findings(rules: RuleSet, where: str = "house_rules") -> list[Finding]:
    """Findings about the rules themselves (rules §3): warnings for house rules that have
    no effect with the others or the variant, and for a score of the 150 minimum set
    where the variant has none (O13); an error for such a score that is not a multiple
    of 5 above 3,000 (at ``top_tier_from``)."""
    found: list[Finding] = []
    if rules.top_tier_set is not None:
        found += _top_tier_findings(rules, rules.top_tier_set)
    if _MAYBE_WITHOUT_EFFECT.isdisjoint(rules.house_rules):
        return found
    if rules.has(HouseRule.CUTTHROAT_TWO_CANASTAS) and not rules.variant.lone_hand:
        found.append(
            _finding(
                W,
                Code.HOUSE_RULE_NO_EFFECT,
                where,
                phrase("house_rule.no_effect:cutthroat"),
                citations.rule("3 O11"),
            )
        )
    if rules.has(HouseRule.WILD_MELD_PENALTY) and not rules.has(HouseRule.WILD_CARD_MELDS):
        found.append(
            _finding(
                W,
                Code.HOUSE_RULE_NO_EFFECT,
                where,
                phrase("house_rule.no_effect:wild_meld_penalty"),
                citations.rule("3 H5"),
            )
        )
    if rules.has(HouseRule.RED_THREE_PENALTY_CAP_400) and rules.has(HouseRule.NO_RED_THREE_PENALTY):
        found.append(
            _finding(
                W,
                Code.HOUSE_RULE_NO_EFFECT,
                where,
                phrase("house_rule.no_effect:cap_400"),
                citations.rule("3 C07", "3 O5"),
            )
        )
    return found


def _top_tier_findings(rules: RuleSet, value: int) -> list[Finding]:
    if rules.variant.top_tier_from is None:
        return [
            _finding(
                W,
                Code.TOP_TIER_NO_EFFECT,
                "top_tier_from",
                phrase("top_tier.no_effect", value=value),
                citations.rule("2.5", "3 O13"),
            )
        ]
    if value <= _TOP_TIER_ABOVE or value % 5:
        return [
            _finding(
                E,
                Code.TOP_TIER_VALUE,
                "top_tier_from",
                phrase("top_tier.value", value=value),
                citations.rule("1.7", "3 O13"),
            )
        ]
    return []


def check_hand(
    record: HandRecord, rules: RuleSet | None = None, *, whole_file: bool = True
) -> list[Finding]:
    """Every finding about one recorded hand, errors and warnings, all at once.

    Errors: rules §1.13 checks 1–9 (meld shape, one meld per rank, the black-three
    meld, card supply, red threes in hand, going out, concealed, multiples of 5); a
    side whose melded card points are below its initial meld minimum unless it went
    out concealed (§1.7: melds only grow, so the first meld was short); the sides and
    players the variant needs (§2); the lone hand (cutthroat) and the player sitting
    out (five-player). Warnings: a hand left empty by a side that did not go out,
    house rules without effect, wild cards beside an unfinished wild meld (H5),
    going out without the canastas under O6 (no bonus).

    Args:
        record: the hand.
        rules: the rules in force; by default those the record names.
        whole_file: also check the file-level keys (target, house rules, each
            side's ``score_before``); a match checks those once itself.

    Returns:
        The findings, in file order.
    """
    rules = rules or hand_rules(record)
    found: list[Finding] = []
    sides = record.sides
    if whole_file:
        found += rules_findings(rules)
        if record.target is not None and (record.target <= 0 or record.target % 5):
            found.append(
                _finding(
                    E,
                    Code.SCORE_NOT_MULTIPLE_OF_5,
                    "target",
                    phrase("score.not_multiple_of_5:target", value=record.target),
                    R_MULTIPLE_OF_5,
                )
            )
        for index, side in enumerate(sides):
            if side.score_before % 5:
                found += check_score(side.score_before, f"sides[{index}].score_before")
    found += _check_table(record, rules, sides_too=whole_file)
    groups = scoring_groups(record, rules)
    group_of: dict[int, list[int]] = {}
    for group in groups:
        for index in group:
            group_of[index] = group
    out_sides: list[int] = []
    for index, side in enumerate(sides):
        if side.went_out is not _NO:
            out_sides.append(index)
    for index, side in enumerate(sides):
        if side.quick:
            found += _check_quick(index, side)
        else:
            found += _check_side(record, rules, index, side, group_of[index])
    for extra in out_sides[1:]:
        found.append(
            _finding(
                E,
                Code.GOING_OUT_MORE_THAN_ONE,
                f"sides[{extra}].went_out",
                phrase(
                    "going_out.more_than_one",
                    first=sides[out_sides[0]].name,
                    second=sides[extra].name,
                ),
                R_GOING_OUT,
            )
        )
    for group in groups:
        found += _check_minimum(record, rules, group)
        found += _check_quick_partners(record, group)
    found += _check_supply(record, rules)
    return found


#: Partners' totals differ by their red threes only, each worth 100 (rules §1.6, §2.3).
_RED_THREE_STEP: Final = 100


def _check_quick_partners(record: HandRecord, group: list[int]) -> list[Finding]:
    """Cutthroat partners who both gave a typed total (rules §2.3, file format §6, §7):
    the partnership's score is credited to each, and each adds its own red threes, so
    the totals differ by a multiple of 100 (red threes count 100 each, four 800, and a
    penalty or its cap is one of those too)."""
    if len(group) < 2:
        return []
    sides = [record.sides[index] for index in group]
    if not all(side.quick for side in sides):
        return []
    first, first_at = sides[0], group[0]
    found: list[Finding] = []
    for other, at in zip(sides[1:], group[1:], strict=True):
        gap = abs((first.total or 0) - (other.total or 0))
        if gap % _RED_THREE_STEP:
            found.append(
                _finding(
                    E,
                    Code.QUICK_PARTNERS,
                    f"sides[{at}].total",
                    phrase(
                        "quick.partners",
                        first=record.sides[first_at].name,
                        total=first.total or 0,
                        second=other.name,
                        total2=other.total or 0,
                        gap=gap,
                    ),
                    R_QUICK_PARTNERS,
                )
            )
    return found


R_QUICK = citations.rule("1.1") + "; " + citations.file_format("7")
R_QUICK_PARTNERS = citations.rule("2.3", "1.6") + "; " + citations.file_format("6")


def _check_quick(index: int, side: HandSide) -> list[Finding]:
    """A side's total typed from a paper count: a multiple of 5, no cards beside it (who
    went out may still be given: it is not a card, and statistics count it)."""
    here = f"sides[{index}]"
    total = side.total or 0
    found = [
        _finding(
            W,
            Code.QUICK_NOT_CARD_CHECKED,
            f"{here}.total",
            phrase("quick.not_card_checked", side=side.name, total=total),
            R_QUICK,
        )
    ]
    found += check_score(total, f"{here}.total", "the hand score")
    if side.melds or side.red_threes or side.hand_cards():
        found.append(
            _finding(
                E,
                Code.QUICK_WITH_CARDS,
                here,
                phrase("quick.with_cards", side=side.name),
                R_QUICK,
            )
        )
    return found


def check_sides(record: HandRecord, rules: RuleSet) -> list[Finding]:
    """The sides and their players against the variant (rules §2): how many sides,
    players per side, a name used twice. A match checks this once for all its hands."""
    return _check_table(record, rules, sides_too=True, hand_too=False)


def _check_table(
    record: HandRecord, rules: RuleSet, *, sides_too: bool = True, hand_too: bool = True
) -> list[Finding]:
    """Sides and players against the variant (rules §2); the lone hand and the
    player sitting out of this hand."""
    found: list[Finding] = []
    sides = record.sides
    info = rules.variant
    if len(sides) != len(info.side_sizes):
        found.append(
            _finding(
                E,
                Code.SIDES_COUNT,
                "sides",
                phrase(
                    "sides.count",
                    game=game_phrase(info.id),
                    want=len(info.side_sizes),
                    n=len(sides),
                ),
                R_VARIANT,
            )
        )
    # said once, at the side that takes a name an earlier side has
    named: set[str] = set()
    for index, side in enumerate(sides):
        key = side.name.strip().casefold()
        if key in named:
            found.append(
                _finding(
                    E,
                    Code.SIDES_DUPLICATE_NAME,
                    f"sides[{index}].name",
                    phrase("sides.duplicate_name", name=quoted(side.name.strip())),
                    R_VARIANT,
                )
            )
            break
        named.add(key)
    seen: dict[str, int] = {}
    allowed = sorted(info.side_sizes)
    if len(sides) == len(info.side_sizes) and all(side.players for side in sides):
        sizes = sorted(len(side.players) for side in sides)
        if sizes != allowed:
            want = " and ".join(str(size) for size in info.side_sizes)
            found.append(
                _finding(
                    E,
                    Code.SIDES_PLAYERS,
                    "sides",
                    phrase(
                        "sides.players",
                        game=game_phrase(info.id),
                        want=want,
                        have=" and ".join(str(len(s.players)) for s in sides),
                    ),
                    R_VARIANT,
                )
            )
    most = max(allowed, default=0)
    for index, side in enumerate(sides):
        if side.players and len(side.players) > most:
            found.append(
                _finding(
                    E,
                    Code.SIDES_PLAYERS,
                    f"sides[{index}].players",
                    phrase(
                        "sides.players:too_many",
                        side=side.name,
                        n=len(side.players),
                        game=game_phrase(info.id),
                        most=max(allowed),
                    ),
                    R_VARIANT,
                )
            )
        for player in side.players:
            key = player.strip().casefold()
            if key in seen:
                found.append(
                    _finding(
                        E,
                        Code.SIDES_PLAYERS,
                        f"sides[{index}].players",
                        phrase("sides.players:twice", player=player),
                        R_VARIANT,
                    )
                )
            seen[key] = index
    if not sides_too:
        found = []
    if hand_too:
        found += _check_lone_hand(record, rules)
        found += _check_sitting_out(record, rules, seen)
    return found


def _check_lone_hand(record: HandRecord, rules: RuleSet) -> list[Finding]:
    rule = citations.rule("2.3")
    if record.lone_hand is None:
        if rules.variant.lone_hand and len(record.sides) == 3:
            out = next((side for side in record.sides if side.went_out is not _NO), None)
            message = (
                phrase("lone_hand.missing", player=out.name)
                if out is not None
                else phrase("lone_hand.missing:nobody_out")
            )
            return [_finding(W, Code.LONE_HAND_MISSING, "lone_hand", message, rule)]
        return []
    if not rules.variant.lone_hand:
        return [
            _finding(
                E,
                Code.LONE_HAND_UNKNOWN,
                "lone_hand",
                phrase("lone_hand.unknown:variant", game=game_phrase(rules.variant.id)),
                rule,
            )
        ]
    if side_index(record.sides, record.lone_hand) is None:
        return [
            _finding(
                E,
                Code.LONE_HAND_UNKNOWN,
                "lone_hand",
                phrase(
                    "lone_hand.unknown",
                    player=quoted(record.lone_hand),
                    players=tuple(side.name for side in record.sides),
                ),
                rule,
            )
        ]
    return []


def _check_sitting_out(
    record: HandRecord, rules: RuleSet, players: dict[str, int]
) -> list[Finding]:
    rule = citations.rule("2.4")
    who = record.sitting_out
    if not rules.variant.sits_out:
        if who is not None:
            return [
                _finding(
                    E,
                    Code.SITTING_OUT_UNKNOWN,
                    "sitting_out",
                    phrase("sitting_out.unknown:variant", game=game_phrase(rules.variant.id)),
                    rule,
                )
            ]
        return []
    big = [index for index, side in enumerate(record.sides) if len(side.players) == 3]
    if who is None:
        if big:
            return [
                _finding(
                    W,
                    Code.SITTING_OUT_MISSING,
                    "sitting_out",
                    phrase("sitting_out.missing", side=record.sides[big[0]].name),
                    rule,
                )
            ]
        return []
    key = who.strip().casefold()
    if players and (key not in players or players[key] not in big):
        return [
            _finding(
                E,
                Code.SITTING_OUT_UNKNOWN,
                "sitting_out",
                phrase("sitting_out.unknown", player=quoted(who)),
                rule,
            )
        ]
    found: list[Finding] = []
    for index, side in enumerate(record.sides):
        left = side.left_in_hand
        if isinstance(left, dict):
            for player, cards in left.items():
                if player.strip().casefold() == key and cards:
                    found.append(
                        _finding(
                            E,
                            Code.SITTING_OUT_PLAYED,
                            f"sides[{index}].left_in_hand",
                            phrase("sitting_out.played", player=who),
                            rule,
                        )
                    )
        if side.went_out_by and side.went_out_by.strip().casefold() == key:
            found.append(
                _finding(
                    E,
                    Code.SITTING_OUT_PLAYED,
                    f"sides[{index}].went_out_by",
                    phrase("sitting_out.played:went_out", player=who),
                    rule,
                )
            )
    return found


def _check_side(
    record: HandRecord, rules: RuleSet, index: int, side: HandSide, group: list[int]
) -> list[Finding]:
    found: list[Finding] = []
    here = f"sides[{index}]"
    # Black threes are melded only by the player who goes out, on that turn (S0 "Threes in
    # Classic Canasta"): in cutthroat the partner who did not go out cannot have laid them.
    going_out = side.went_out is not _NO
    ranks: dict[MeldRank, int] = {}
    for number, meld in enumerate(side.melds):
        if not meld.legal_natural and check_meld(meld, rules, going_out=going_out):
            found += check_meld(meld, rules, f"{here}.melds[{number}]", going_out=going_out)
        rank = meld.rank
        if rank is None:
            continue
        if rank in ranks:
            where = f"{here}.melds[{number}]"
            found.append(
                _finding(
                    E,
                    Code.MELD_DUPLICATE_RANK,
                    where,
                    phrase(
                        "meld.duplicate_rank",
                        side=side.name,
                        rank=rank_phrase(rank.value),
                        first=str(side.melds[ranks[rank]]),
                        second=str(meld),
                    ),
                    R_MELD if rank is not MeldRank.WILD else R_WILD_MELD,
                )
            )
        else:
            ranks[rank] = number
    # Any unfinished wild meld of the side, wherever it is listed (the order of melds never
    # changes a finding).
    # The partners of three-player cutthroat are one side for this rule: their melds are
    # the partnership's.
    if (
        _WILD in ranks
        and _WILD_CARD_MELDS in rules.house_rules
        and any(m.rank is _WILD and m.size < CANASTA_SIZE for m in side.melds)
        and any(m.wilds and m.rank is not _WILD for i in group for m in record.sides[i].melds)
    ):
        found.append(
            _finding(
                W,
                Code.MELD_WILDS_BESIDE_WILD_MELD,
                f"{here}.melds",
                phrase("meld.wilds_beside_wild_meld", side=side.name),
                R_WILD_MELD,
            )
        )
    found += _check_hands(record, rules, index, side)
    found += _check_going_out(record, rules, index, side, group)
    return found


def _check_hands(record: HandRecord, rules: RuleSet, index: int, side: HandSide) -> list[Finding]:
    found: list[Finding] = []
    if not side.melds and not side.red_threes and side.went_out is _NO and not side.hand_cards():
        # Nothing at all for this side: every player who did not go out holds cards
        # (rules §1.9), so the side was not entered yet. One warning for the side, in
        # place of an empty-hand warning per player: a warning, as the rule books'
        # checks (rules §1.13) do not reject such a record; hand entry saves no hand
        # with a side left blank.
        return [
            _finding(
                W,
                Code.HAND_SIDE_BLANK,
                f"sides[{index}]",
                phrase("hand.side_blank", side=side.name),
                citations.rule("1.9"),
            )
        ]
    here = f"sides[{index}].left_in_hand"
    red = side.hand_cards().count(_RED_THREE)
    if red and _RED_THREE_IN_HAND_PENALTY not in rules.house_rules:
        if isinstance(side.left_in_hand, dict):  # said at each player who holds them
            for player, cards in side.left_in_hand.items():
                held = cards.count(_RED_THREE)
                if held:
                    found.append(
                        _finding(
                            E,
                            Code.HAND_RED_THREE,
                            f"{here}.{player}",
                            phrase("hand.red_three:player", n=held, player=player),
                            R_RED_THREE_HAND,
                        )
                    )
        else:
            found.append(
                _finding(
                    E,
                    Code.HAND_RED_THREE,
                    here,
                    phrase("hand.red_three", n=red),
                    R_RED_THREE_HAND,
                )
            )
    left = side.left_in_hand
    sitting = (record.sitting_out or "").strip().casefold()
    out_by = (side.went_out_by or "").strip().casefold()
    rule = citations.rule("1.9")
    # The side went out but who did is not named (GOING_OUT_BY_MISSING): one empty hand is
    # that player's, so it is not reported as an empty hand of a player who did not go out.
    unnamed_out = side.went_out is not _NO and not out_by
    if isinstance(left, dict):
        for player, cards in left.items():
            key = player.strip().casefold()
            # (a name as the players list has it is one of them: no folding needed)
            if side.players and player not in side.players and key not in side.player_keys:
                found.append(
                    _finding(
                        E,
                        Code.HAND_UNKNOWN_PLAYER,
                        f"{here}.{player}",
                        phrase(
                            "hand.unknown_player",
                            player=quoted(player),
                            side=side.name,
                            players=tuple(side.players),
                        ),
                        R_VARIANT,
                    )
                )
            elif not cards and key != out_by and key != sitting:
                if unnamed_out:
                    unnamed_out = False
                    continue
                found.append(
                    _finding(
                        W,
                        Code.HAND_EMPTY_NOT_OUT,
                        f"{here}.{player}",
                        phrase("hand.empty_not_out:player", player=player),
                        rule,
                    )
                )
    elif not left and side.went_out is _NO:
        found.append(
            _finding(
                W,
                Code.HAND_EMPTY_NOT_OUT,
                here,
                phrase("hand.empty_not_out", side=side.name),
                rule,
            )
        )
    return found


def _check_going_out(
    record: HandRecord, rules: RuleSet, index: int, side: HandSide, group: list[int]
) -> list[Finding]:
    found: list[Finding] = []
    here = f"sides[{index}]"
    if side.went_out is _NO:
        if side.went_out_by is not None:
            found.append(
                _finding(
                    E,
                    Code.GOING_OUT_BY_NOT_OUT,
                    f"{here}.went_out_by",
                    phrase("going_out.by_not_out", player=side.went_out_by),
                    R_GOING_OUT,
                )
            )
        return found
    by = side.went_out_by
    by_key = by.strip().casefold() if by is not None else ""
    left = side.left_in_hand
    one_player = rules.side_sizes_max == 1 or len(side.players) == 1
    # With no players listed, the hands of the cards left name them: as many hands as
    # the side has players, none of them the one said to go out, make that one a
    # player too many (HAND_FORMAT: a name from the players).
    named = tuple(left) if isinstance(left, dict) and not side.players else ()
    seats = rules.side_sizes[index] if index < len(rules.side_sizes) else 0
    if (
        by is not None
        and side.players
        and by not in side.players
        and by_key not in side.player_keys
    ) or (
        by is not None
        and len(named) >= seats > 1
        and by_key not in {player.strip().casefold() for player in named}
    ):
        found.append(
            _finding(
                E,
                Code.GOING_OUT_UNKNOWN_PLAYER,
                f"{here}.went_out_by",
                phrase(
                    "going_out.unknown_player",
                    player=quoted(by),
                    side=side.name,
                    players=tuple(side.players) or named,
                ),
                R_GOING_OUT,
            )
        )
    if one_player:
        if side.hand_cards():
            found.append(
                _finding(
                    E,
                    Code.GOING_OUT_HAND_NOT_EMPTY,
                    f"{here}.left_in_hand",
                    phrase("going_out.hand_not_empty", side=side.name),
                    R_GOING_OUT,
                )
            )
    elif isinstance(left, dict) and by is not None:
        cards = next((c for p, c in left.items() if p.strip().casefold() == by_key), ())
        if cards:
            found.append(
                _finding(
                    E,
                    Code.GOING_OUT_HAND_NOT_EMPTY,
                    f"{here}.left_in_hand.{by}",
                    phrase("going_out.hand_not_empty:player", player=by),
                    R_GOING_OUT,
                )
            )
    elif by is None and isinstance(left, dict):
        found.append(
            _finding(
                W,
                Code.GOING_OUT_BY_MISSING,
                f"{here}.went_out_by",
                phrase("going_out.by_missing", side=side.name),
                R_GOING_OUT,
            )
        )
    canastas = canasta_count(side.melds, rules)
    partners = [record.sides[i] for i in group if i != index] if len(group) > 1 else []
    for partner in partners:
        canastas += canasta_count(partner.melds, rules)
    needed = rules.canastas_to_go_out
    if side.went_out is _CONCEALED and partners:
        # Three-player cutthroat: the partner who goes out concealed melds the whole hand in
        # one turn with canastas of their own and adds nothing to the other's melds
        # (rules §1.9), so only their own melds count.
        canastas = canasta_count(side.melds, rules)
        if rules.has(HouseRule.CONCEALED_TEAM_LEVEL):
            earlier = [partner.name for partner in partners if partner.melds]
            if earlier:
                found.append(
                    _finding(
                        E,
                        Code.CONCEALED_PARTNER_MELDED,
                        f"{here}.went_out",
                        phrase("concealed.partner_melded", side=side.name, partners=tuple(earlier)),
                        R_CONCEALED,
                    )
                )
    if canastas < needed:
        has = phrase("has.canastas", n=canastas) if canastas else phrase("has.no_canasta")
        need = phrase("canastas", n=needed)
        if side.went_out is _CONCEALED:
            own = ":own" if partners else ""
            found.append(
                _finding(
                    E,
                    Code.CONCEALED_CANASTAS,
                    f"{here}.went_out",
                    phrase("concealed.canastas" + own, side=side.name, has=has, need=need),
                    R_CONCEALED,
                )
            )
        elif rules.has(HouseRule.GO_OUT_WITHOUT_CANASTAS):
            found.append(
                _finding(
                    W,
                    Code.GOING_OUT_NO_BONUS,
                    f"{here}.went_out",
                    phrase("going_out.no_bonus", side=side.name, n=canastas, need=need),
                    citations.rule("3 O6"),
                )
            )
        else:
            found.append(
                _finding(
                    E,
                    Code.GOING_OUT_CANASTAS,
                    f"{here}.went_out",
                    phrase(
                        "going_out.canastas",
                        side=side.name,
                        has=has,
                        need=need,
                        game=game_phrase(rules.variant.id),
                    ),
                    R_GOING_OUT,
                )
            )
    return found


def _check_minimum(record: HandRecord, rules: RuleSet, group: list[int]) -> list[Finding]:
    """Melded card points of a scoring group against its initial meld minimum (rules §1.7).

    A side alone: its melds against its own minimum, unless it went out concealed. The
    partners of three-player cutthroat: each has their own minimum, and the partner who
    opened must meet their own (R2). A partner who lists no melds of their own cannot have
    opened; a partner who went out concealed made no earlier meld, so their melds came
    after the opening and the other partner's melds were it. Where the record cannot tell
    which partner opened, the lower minimum is taken and a warning says so.
    """
    if not rules.enforces_initial_minimum:
        return []
    sides = record.sides
    carded = [i for i in group if not sides[i].quick]
    if len(group) == 1:
        side = sides[group[0]]
        if side.quick or side.went_out is _CONCEALED or not side.melds:
            return []
        points = 0
        for meld in side.melds:
            points += meld.points
        minimum = initial_meld_minimum(side.score_before, rules)
        if points >= minimum:
            return []
        return [
            _below_minimum(
                group[0],
                phrase(
                    "meld.below_minimum",
                    side=side.name,
                    score=side.score_before,
                    points=points,
                    minimum=minimum,
                ),
            )
        ]
    # Partners who made no earlier meld than the going-out turn: not the opener.
    later = {i for i in carded if sides[i].went_out is _CONCEALED}
    # Who may have opened: a partner with melds of their own (a quick partner's melds are
    # unknown, so they may have).
    openers = [i for i in group if i not in later and (sides[i].quick or bool(sides[i].melds))]
    counted = [i for i in carded if i not in later]
    points = sum(meld.points for i in counted for meld in sides[i].melds)
    if not openers or not any(sides[i].melds for i in counted):
        return []
    minimums = {i: initial_meld_minimum(sides[i].score_before, rules) for i in openers}
    lowest = min(openers, key=lambda i: minimums[i])
    highest = max(openers, key=lambda i: minimums[i])
    where = next(i for i in counted if sides[i].melds)
    if points < minimums[lowest]:
        if len(openers) == 1:
            opener = sides[lowest]
            who = (
                phrase(
                    "meld.below_minimum:opener_concealed",
                    side=opener.name,
                    score=opener.score_before,
                    partner=sides[next(iter(later))].name,
                    points=points,
                    minimum=minimums[lowest],
                )
                if later
                else phrase(
                    "meld.below_minimum:opener_alone",
                    side=opener.name,
                    score=opener.score_before,
                    points=points,
                    minimum=minimums[lowest],
                )
            )
        else:
            who = phrase(
                "meld.below_minimum:partners",
                scores=tuple(
                    phrase("partner_score", side=sides[i].name, score=sides[i].score_before)
                    for i in group
                ),
                points=points,
                minimum=minimums[lowest],
            )
        return [_below_minimum(where, who)]
    if points < minimums[highest]:
        low, high = sides[lowest], sides[highest]
        return [
            _finding(
                W,
                Code.MELD_MINIMUM_OPENER_UNKNOWN,
                f"sides[{where}].melds",
                phrase(
                    "meld.minimum_opener_unknown",
                    points=points,
                    low=low.name,
                    low_minimum=minimums[lowest],
                    high=high.name,
                    high_minimum=minimums[highest],
                ),
                R_MINIMUM,
            )
        ]
    return []


def _below_minimum(index: int, words: Phrase) -> Finding:
    return _finding(E, Code.MELD_BELOW_MINIMUM, f"sides[{index}].melds", words, R_MINIMUM)


#: The cards whose supply is checked one by one, in the order findings list them (red
#: threes are counted with those laid out).
_SUPPLY_ORDER = (*NATURAL_RANKS, Card.TWO, Card.JOKER, Card.BLACK_THREE)


def _check_supply(record: HandRecord, rules: RuleSet) -> list[Finding]:
    """rules §1.13 check 4: no card more often than the deck holds.

    Each finding is placed where the cards it counts lie: the meld holding them all
    (``sides[0].melds[2]``), else the side holding them all (``sides[0]``; for red
    threes laid out by one side, its ``red_threes``), else ``sides`` (several sides).
    """
    # Each meld's cards were counted when it was built: add those counts up.
    counts: dict[Card, int] = {}
    laid_red = 0
    for side in record.sides:
        for meld in side.melds:
            for card, count in meld.counts.items():
                counts[card] = counts.get(card, 0) + count
        for card in side.hand_cards():
            counts[card] = counts.get(card, 0) + 1
        laid_red += side.red_threes
    limits = rules.deck
    red = laid_red + counts.get(_RED_THREE, 0)
    over = red > rules.red_threes
    for card, count in counts.items():
        if count > limits[card] and card is not _RED_THREE:
            over = True
            break
    if not over:
        return []  # the common case: every card within the deck
    # where each card lies: (side, meld) for a meld, (side, None) for a hand
    places: dict[Card, Counter[tuple[int, int | None]]] = {}
    laid: Counter[int] = Counter()
    for index, side in enumerate(record.sides):
        for number, meld in enumerate(side.melds):
            for card, count in meld.counts.items():
                places.setdefault(card, Counter())[index, number] += count
        for card in side.hand_cards():
            places.setdefault(card, Counter())[index, None] += 1
        if side.red_threes:
            laid[index] += side.red_threes
    found: list[Finding] = []
    deck = rules.packs * 52 + rules.jokers

    def where(lying: Counter[tuple[int, int | None]], red: Counter[int] | None = None) -> str:
        sides = {index for index, _ in lying} | set(red or ())
        if len(sides) != 1:
            return "sides"
        (index,) = sides
        if red:
            return f"sides[{index}].red_threes" if not lying else f"sides[{index}]"
        spots = set(lying)
        if len(spots) == 1 and (meld := next(iter(spots))[1]) is not None:
            return f"sides[{index}].melds[{meld}]"
        return f"sides[{index}]"

    for card in _SUPPLY_ORDER:
        limit = limits[card]
        count = counts.get(card, 0)
        if count > limit:
            found.append(
                _finding(
                    E,
                    Code.SUPPLY_TOO_MANY,
                    where(places.get(card, Counter())),
                    phrase(
                        "supply.too_many",
                        count=count,
                        cards=rank_phrase(card.value),
                        deck=deck,
                        most=limit,
                    ),
                    R_SUPPLY,
                )
            )
    if red > rules.red_threes:
        found.append(
            _finding(
                E,
                Code.SUPPLY_RED_THREES,
                where(places.get(_RED_THREE, Counter()), laid),
                phrase("supply.red_threes", count=red, deck=deck, most=rules.red_threes),
                R_SUPPLY,
            )
        )
    return found
