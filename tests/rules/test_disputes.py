"""The dispute checker: may I take the pile, may we go out, does this first meld reach the
minimum, is this meld legal (rules §1.3–§1.9, §3).

``tests/data/golden_disputes.json`` holds the table situations of the rule books, each with
its ``source`` and the verdict worked out by hand; one parametrised test reads it. Then
`best_opening` on its own (against a brute-force search too), and hypothesis: no question
ever raises, and every "no" says why, with the rule.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from canasta_scorer.rules import (
    NATURAL_RANKS,
    REASON_WORDS,
    Card,
    Code,
    FirstMeldSituation,
    GoOutSituation,
    HouseRule,
    Meld,
    MeldSituation,
    PileSituation,
    Question,
    ReasonCode,
    RuleSet,
    Variant,
    Verdict,
    best_opening,
    check_meld,
    is_natural,
    is_wild,
    parse_card,
    parse_cards,
    parse_meld,
    reason_text,
    rule_set,
    settle,
)

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "golden_disputes.json"
CASES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))

# How the data file writes each field: one card, cards as text, or a list of melds as text.
_ONE_CARD = {"top", "discard"}
_CARDS = {"hand", "buried"}
_MELDS = {"side_melds", "table_melds", "this_turn", "melds"}


def _read(model: type[BaseModel], data: dict[str, Any]) -> Any:
    unknown = set(data) - set(model.model_fields)
    assert not unknown, f"{sorted(unknown)} are not fields of {model.__name__}"
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key in _ONE_CARD:
            values[key] = None if value is None else parse_card(value)
        elif key in _CARDS:
            values[key] = parse_cards(value)
        elif key in _MELDS:
            values[key] = tuple(parse_meld(text) for text in value)
        else:
            values[key] = value
    return model(**values)


def _ask(question: str, situation: dict[str, Any], rules: RuleSet) -> Verdict:
    if question == "pile":
        return settle(Question.PILE, _read(PileSituation, situation), rules)
    if question == "go-out":
        return settle(Question.GO_OUT, _read(GoOutSituation, situation), rules)
    if question == "first-meld":
        return settle(Question.FIRST_MELD, _read(FirstMeldSituation, situation), rules)
    assert question == "meld", question
    assert set(situation) <= {"meld", "going_out"}, situation
    meld = MeldSituation(meld=parse_meld(situation["meld"]), going_out=situation.get("going_out"))
    return settle(Question.MELD, meld, rules)


def _says_why(verdict: Verdict) -> None:
    """Every reason names its rule; a "no" has a reason against; the answer says yes or no."""
    assert all(reason.rule.strip() and reason.message.strip() for reason in verdict.reasons)
    assert all(isinstance(reason.code, ReasonCode | Code) for reason in verdict.reasons)
    assert verdict.answer.startswith("Yes" if verdict.allowed else "No"), verdict.answer
    if not verdict.allowed:
        assert any(not reason.ok for reason in verdict.reasons), verdict


@pytest.mark.parametrize("case", [pytest.param(case, id=case["id"]) for case in CASES])
def test_golden_dispute(case: dict[str, Any]) -> None:
    """A table situation of the rule books: yes or no, and where the book says, the points,
    the minimum and the cards to show; each rule named in ``against`` is among the reasons
    against."""
    rules = rule_set(case.get("variant", "classic"), case.get("house_rules", ()))
    verdict = _ask(case["question"], case["situation"], rules)
    expect = case["expect"]
    assert verdict.allowed is expect["allowed"], verdict
    for key in ("points", "minimum", "show"):
        if key in expect:
            assert getattr(verdict, key) == expect[key], (key, verdict)
    against = [reason.rule for reason in verdict.reasons if not reason.ok]
    for rule in expect.get("against", []):
        assert any(rule in text for text in against), (rule, verdict)
    _says_why(verdict)


def test_every_reason_code_is_given_by_some_golden_case_and_worded_once() -> None:
    """Each reason code comes up in the rule books' situations, and its wording is the
    one of `REASON_WORDS` filled in with the reason's values."""
    seen: set[ReasonCode | Code] = set()
    for case in CASES:
        rules = rule_set(case.get("variant", "classic"), case.get("house_rules", ()))
        for reason in _ask(case["question"], case["situation"], rules).reasons:
            seen.add(reason.code)
            if isinstance(reason.code, ReasonCode):
                words = reason_text(reason.code, **reason.values)
                assert reason.message.casefold() == words.casefold(), reason
    assert set(ReasonCode) - seen == set()
    assert set(REASON_WORDS) == set(ReasonCode)


def test_golden_disputes_have_unique_ids_sources_and_known_keys() -> None:
    ids = [case["id"] for case in CASES]
    assert len(ids) == len(set(ids))
    questions = {"pile", "go-out", "first-meld", "meld"}
    for case in CASES:
        assert case["source"].strip(), case["id"]
        assert case["question"] in questions, case["id"]
        assert set(case) <= {"id", "source", "question", "variant", "house_rules"} | {
            "situation",
            "expect",
        }, case["id"]
        assert set(case["expect"]) <= {"allowed", "points", "minimum", "show", "against"}
    assert {case["question"] for case in CASES} == questions


# ---------------------------------------------------------------------------------------------
# best_opening
# ---------------------------------------------------------------------------------------------


def _opening(hand: str, top: str | None = None, **options: int) -> tuple[int, list[str]]:
    points, melds = best_opening(parse_cards(hand), parse_card(top) if top else None, **options)
    return points, [str(meld) for meld in melds]


def test_best_opening_s0_example_counts_hand_and_top_card() -> None:
    """S0 Initial Meld Requirement: K on top, K K Q Q 2 in hand → K-K-K, Q-Q-2 = 70."""
    assert _opening("K K Q Q 2", "K") == (70, ["K K K", "Q Q 2"])


def test_best_opening_keeps_a_card_after_the_discard_when_the_pile_is_only_its_top() -> None:
    """Nothing comes back from a pile of one card: the player keeps 2 hand cards, one to
    discard and one to hold, since a side without a canasta may not go out (S0 Going Out).
    The wild card then counts more on the kings than with the queens."""
    assert _opening("K K Q Q 2", "K", keep=2) == (50, ["K K K 2"])
    assert _opening("K K 5 5 5", "K", keep=2) == (30, ["K K K"])
    # Melding the pair leaves 1 card: discarding it would be going out without a canasta.
    assert _opening("K K 5", "K", keep=2) == (0, [])
    assert _opening("K K 2", "K", keep=2) == (0, [])
    # With one more card in the pile, one hand card kept is enough.
    assert _opening("K K 5", "K", keep=1) == (30, ["K K K"])


def test_best_opening_a_canasta_lets_the_player_go_out_instead_of_keeping_cards() -> None:
    assert _opening("K K K K K K", "K", keep=2) == (70, ["K K K K K K K"])
    # Two canastas needed (two-player, six-player): the kings are no way out, so 2 are kept.
    assert _opening("K K K K K K", "K", keep=2, canastas_to_go_out=2) == (50, ["K K K K K"])


def test_best_opening_shares_wild_cards_between_pairs() -> None:
    """A wild card completing a pair counts the pair too; piled on one meld it counts alone."""
    assert _opening("A A 4 4 2 JK") == (120, ["A A JK", "4 4 2"])
    # One wild card for two pairs: it goes to the pair worth more, the other stays in hand.
    assert _opening("A A K K JK") == (90, ["A A JK"])
    assert _opening("A A K K 2 JK") == (130, ["A A JK", "K K 2"])


def test_best_opening_a_pair_without_a_wild_is_not_a_meld() -> None:
    assert _opening("K K Q Q") == (0, [])
    assert _opening("K K Q Q Q") == (30, ["Q Q Q"])
    assert _opening("K K 2 2") == (60, ["K K 2 2"])


def test_best_opening_at_most_three_wild_cards_jokers_first() -> None:
    assert _opening("A A A 2 2 2 JK") == (150, ["A A A 2 2 JK"])
    assert _opening("9 9 9 2 2 2 JK 5") == (120, ["9 9 9 2 2 JK"])


def test_best_opening_top_card_needs_two_naturals_from_the_hand() -> None:
    """The pile is frozen for a side that has not melded (S0 Frozen Discard Pile)."""
    assert _opening("K 2 2 Q Q Q", "K") == (0, [])
    assert _opening("A A A", "K") == (0, [])
    assert _opening("K K 2 2", "2") == (0, [])
    # The top card's meld may hold wild cards beyond the natural pair.
    assert _opening("K K JK Q", "K") == (80, ["K K K JK"])


def _brute_opening(
    hand: Sequence[Card], top: Card | None, keep: int, canastas_to_go_out: int
) -> int:
    """Every way of giving each natural rank some of its cards and each wild card a meld."""
    naturals = Counter(card for card in hand if is_natural(card))
    wilds = [card for card in hand if is_wild(card)]
    ranks = [rank for rank in NATURAL_RANKS if naturals[rank] >= 2]
    if top is not None and naturals[top] < 2:
        return 0
    best = 0
    for counts in itertools.product(*(range(naturals[rank] + 1) for rank in ranks)):
        for homes in itertools.product([None, *ranks], repeat=len(wilds)):
            melds: list[list[Card]] = []
            for rank, count in zip(ranks, counts, strict=True):
                cards = [rank] * (count + (rank is top)) + [
                    wild for wild, home in zip(wilds, homes, strict=True) if home is rank
                ]
                if cards:
                    melds.append(cards)
            legal = all(check_meld(Meld.from_cards(cards), rule_set()) == [] for cards in melds)
            if not melds or not legal:
                continue
            if top is not None and not any(top in cards for cards in melds):
                continue
            if top is not None and any(cards.count(top) < 3 for cards in melds if top in cards):
                continue
            used = sum(len(cards) for cards in melds) - (top is not None)
            canastas = sum(1 for cards in melds if len(cards) >= 7)
            if len(hand) - used < keep and canastas < canastas_to_go_out:
                continue
            best = max(best, sum(card.points for cards in melds for card in cards))
    return best


SMALL_HAND = st.lists(
    st.sampled_from(
        [Card.ACE, Card.KING, Card.KING, Card.FIVE, Card.TWO, Card.JOKER, Card.BLACK_THREE]
    ),
    max_size=9,
)


@settings(max_examples=200, deadline=None)
@given(
    SMALL_HAND,
    st.sampled_from([None, Card.KING, Card.FIVE, Card.ACE]),
    st.integers(0, 2),
    st.integers(1, 2),
)
def test_best_opening_is_the_best_of_every_legal_way(
    hand: list[Card], top: Card | None, keep: int, canastas_to_go_out: int
) -> None:
    points, melds = best_opening(hand, top, keep=keep, canastas_to_go_out=canastas_to_go_out)
    assert points == _brute_opening(hand, top, keep, canastas_to_go_out)
    assert points == sum(meld.points for meld in melds)
    assert all(check_meld(meld, rule_set()) == [] for meld in melds)
    melded = Counter(card for meld in melds for card in meld.cards)
    if top is not None and melds:
        melded[top] -= 1
    assert not melded - Counter(hand), (hand, top, melds)


# ---------------------------------------------------------------------------------------------
# Hypothesis: no question ever raises, and every "no" says why
# ---------------------------------------------------------------------------------------------

QUICK = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

CARD = st.sampled_from(list(Card))
# Kings, nines and 2s more often, so that pairs, melds to add to and wild cards turn up.
OFTEN = st.one_of(CARD, st.sampled_from([Card.KING, Card.NINE, Card.TWO]))
CARDS = st.lists(OFTEN, max_size=14).map(tuple)
MELD = st.lists(OFTEN, min_size=1, max_size=10).map(Meld.from_cards)
MELDS = st.lists(MELD, max_size=4).map(tuple)
SCORE = st.integers(-3000, 12000).map(lambda n: n - n % 5)
RULES = st.builds(
    rule_set,
    st.sampled_from(list(Variant)),
    st.lists(st.sampled_from(list(HouseRule)), max_size=4),
    st.none(),
    st.none() | st.sampled_from([7000, 8000]),  # the minimum of 150's score (rules §3 O13)
)


def _checked(question: Question, situation: Any, rules: RuleSet) -> None:
    verdict = settle(question, situation, rules)
    _says_why(verdict)
    assert verdict.points is None or verdict.points >= 0
    # A first meld that is allowed reaches its minimum (a go-out's points are its bonus).
    minimum = None if isinstance(situation, GoOutSituation) else verdict.minimum
    if verdict.allowed and minimum is not None and rules.enforces_initial_minimum:
        assert verdict.points is not None and verdict.points >= minimum, verdict


PILES = st.builds(
    PileSituation,
    top=OFTEN,
    pile_size=st.integers(1, 12),
    wild_in_pile=st.booleans(),
    red_three_upcard=st.booleans(),
    black_three_in_pile=st.booleans(),
    side_has_melded=st.booleans(),
    side_score=SCORE,
    hand=CARDS,
    side_melds=MELDS,
)


@QUICK
@given(PILES, RULES)
def test_may_take_pile_never_raises_and_says_why(situation: PileSituation, rules: RuleSet) -> None:
    _checked(Question.PILE, situation, rules)


@QUICK
@given(PILES, RULES)
def test_under_pile_always_frozen_every_pickup_is_a_natural_pair(
    situation: PileSituation, rules: RuleSet
) -> None:
    """rules §3 H2, and H3's stricter half (docs/rules.md §3 H3): with the pile always
    frozen a pickup needs a natural pair of the top card's rank from the hand, neither a
    natural and a wild card nor the top card onto a meld; so two-naturals-to-take added
    to it changes no answer."""
    frozen = rule_set(
        rules.variant.id, {*rules.house_rules, HouseRule.PILE_ALWAYS_FROZEN}, None, None
    )
    both = rule_set(
        rules.variant.id,
        {*rules.house_rules, HouseRule.PILE_ALWAYS_FROZEN, HouseRule.TWO_NATURALS_TO_TAKE},
        None,
        None,
    )
    verdict = settle(Question.PILE, situation, frozen)
    if verdict.allowed:
        assert situation.hand.count(situation.top) >= 2, verdict
        assert verdict.show.split().count(situation.top.value) >= 2, verdict
    assert settle(Question.PILE, situation, both).allowed is verdict.allowed


@QUICK
@given(
    st.builds(
        GoOutSituation,
        table_melds=MELDS,
        this_turn=MELDS,
        discard=st.none() | CARD,
        side_has_melded=st.booleans(),
        player_has_melded=st.booleans(),
        took_pile=st.booleans(),
        side_score=SCORE,
    ),
    RULES,
)
def test_may_go_out_never_raises_and_says_why(situation: GoOutSituation, rules: RuleSet) -> None:
    _checked(Question.GO_OUT, situation, rules)


@QUICK
@given(
    st.builds(
        FirstMeldSituation,
        melds=MELDS,
        top=st.none() | CARD,
        buried=st.lists(CARD, max_size=4).map(tuple),
        side_score=SCORE,
        red_threes=st.integers(0, 6),
    ),
    RULES,
)
def test_first_meld_never_raises_and_says_why(
    situation: FirstMeldSituation, rules: RuleSet
) -> None:
    _checked(Question.FIRST_MELD, situation, rules)


@QUICK
@given(MELD, RULES, st.none() | st.booleans())
def test_meld_verdict_never_raises_and_says_why(
    meld: Meld, rules: RuleSet, going_out: bool | None
) -> None:
    verdict = settle(Question.MELD, MeldSituation(meld=meld, going_out=going_out), rules)
    _says_why(verdict)
    assert verdict.points == meld.points
