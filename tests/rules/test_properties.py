"""Properties that hold for every hand, meld and file (hypothesis).

- The order of cards never changes a score: not inside a meld, not in a hand, not the order
  of the melds (rules §1.11 sums card points; a meld is its cards, S0 "Melds").
- A side's total is the sum of its six point fields (file format §8 output of score --json).
- Every card value and bonus is a multiple of 5, so every total is (rules §1.1).
- A hand built by the rules is valid and scores as rules §1.11 adds it up.
- Text forms round-trip: cards, melds, hand files, match files.
- A match scored one hand at a time (`score_next_hand`) is scored as a whole.
- Junk never crashes: files fail with `RecordError`, card text with `CardSyntaxError` or
  `MeldSyntaxError`.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from canasta_scorer.rules import (
    NATURAL_RANKS,
    CanastaError,
    Card,
    CardSyntaxError,
    HandRecord,
    HouseRule,
    MatchRecord,
    Meld,
    MeldRank,
    MeldSyntaxError,
    RecordError,
    Severity,
    Variant,
    dump_hand,
    dump_match,
    format_cards,
    load_hand,
    load_match,
    parse_cards,
    parse_meld,
    rule_set,
    score_hand,
    score_match,
    score_next_hand,
)

FAST = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Data = dict[str, Any]

# ---------------------------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------------------------

ALL_CARDS = list(Card)
VARIANTS = [variant.value for variant in Variant]
HOUSE_RULES = [rule.value for rule in HouseRule]

cards = st.lists(st.sampled_from(ALL_CARDS), max_size=16).map(tuple)
names = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz -'", min_size=1, max_size=10).filter(
    lambda name: name.strip() != ""
)
separators = st.sampled_from([" ", ",", ", ", "  ", " ,", "\t"])


@st.composite
def written(draw: st.DrawFn, hand: tuple[Card, ...]) -> str:
    """Cards written as a player might: any case, any separators, T for 10 sometimes."""
    tokens = []
    for card in hand:
        token = card.value
        if card is Card.TEN and draw(st.booleans()):
            token = "T"
        tokens.append(token.lower() if draw(st.booleans()) else token)
    out = ""
    for index, token in enumerate(tokens):
        out += (draw(separators) if index else "") + token
    return out


@st.composite
def shaped_meld(draw: st.DrawFn) -> tuple[Card, ...]:
    """A meld built on one rank: often legal, sometimes too small or too wild."""
    rank = draw(st.sampled_from([*NATURAL_RANKS, Card.BLACK_THREE]))
    naturals = draw(st.integers(0, 9))
    twos = draw(st.integers(0, 4))
    jokers = draw(st.integers(0, 3))
    hand = (rank,) * naturals + (Card.TWO,) * twos + (Card.JOKER,) * jokers
    return hand or (rank,)


meld_cards = st.one_of(
    shaped_meld(),
    st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=9).map(tuple),
    st.lists(st.sampled_from([Card.TWO, Card.JOKER]), min_size=1, max_size=8).map(tuple),
)


@st.composite
def meld_value(draw: st.DrawFn) -> str | dict[str, Any]:
    """A meld as the file contract writes it: text, or the object form."""
    if draw(st.integers(0, 3)) == 0:
        rank = draw(st.sampled_from([rank.value for rank in MeldRank]))
        naturals = 0 if rank == "wild" else draw(st.integers(0, 9))
        twos = draw(st.integers(0, 4))
        jokers = draw(st.integers(0 if naturals + twos else 1, 3))
        return {"rank": rank, "naturals": naturals, "twos": twos, "jokers": jokers}
    return draw(written(draw(meld_cards)))


@st.composite
def side_play(draw: st.DrawFn, players: list[str]) -> Data:
    """What a side did in a hand: structurally valid, any rule may be broken."""
    play: Data = {
        "red_threes": draw(st.integers(0, 10)),
        "melds": draw(st.lists(meld_value(), max_size=6)),
        "went_out": draw(st.sampled_from(["no", "no", "out", "concealed"])),
    }
    if players and draw(st.booleans()):
        who = draw(st.lists(st.sampled_from(players), unique=True))
        play["left_in_hand"] = {
            player: draw(written(draw(cards.map(lambda c: c[:6])))) for player in who
        }
    else:
        play["left_in_hand"] = draw(written(draw(cards)))
    if draw(st.integers(0, 3)) == 0:
        play["went_out_by"] = draw(st.sampled_from(players) if players else names)
    return play


scores = st.one_of(
    st.integers(-400, 2400).map(lambda n: 5 * n),
    st.integers(-20000, 20000),
)


@st.composite
def hand_data(draw: st.DrawFn) -> Data:
    """A hand file that loads: random variant, house rules, sides, melds, red threes 0–10,
    went_out, hands; any rule of the game may be broken."""
    side_names = draw(st.lists(names, min_size=1, max_size=4, unique_by=str.casefold))
    sides = []
    for name in side_names:
        players = draw(st.lists(names, max_size=3, unique_by=str.casefold))
        side = {"name": name, **draw(side_play(players))}
        if players:
            side["players"] = players
        if draw(st.booleans()):
            side["score_before"] = draw(scores)
        sides.append(side)
    data: Data = {
        "variant": draw(st.sampled_from(VARIANTS)),
        "house_rules": draw(st.lists(st.sampled_from(HOUSE_RULES), unique=True, max_size=5)),
        "sides": sides,
    }
    if draw(st.integers(0, 4)) == 0:
        data["target"] = draw(st.sampled_from([5000, 7500, 2500, 5002, 0, -5]))
    if draw(st.integers(0, 4)) == 0:  # the score of the minimum of 150 (rules §3 O13)
        data["top_tier_from"] = draw(st.sampled_from([7000, 7500, 3005, 3000, 7001, -5]))
    if draw(st.integers(0, 2)) == 0:
        data["lone_hand"] = draw(st.sampled_from([*side_names, "Nobody"]))
    if draw(st.integers(0, 2)) == 0:
        everyone = [player for side in sides for player in side.get("players", [])]
        data["sitting_out"] = draw(st.sampled_from([*everyone, "Nobody"]))
    return data


@st.composite
def match_data(draw: st.DrawFn) -> Data:
    """A match file that loads; hands may break any rule or list too few or too many sides."""
    side_names = draw(st.lists(names, min_size=1, max_size=3, unique_by=str.casefold))
    sides = []
    everyone: list[str] = []
    for name in side_names:
        players = draw(st.lists(names, max_size=3, unique_by=str.casefold))
        everyone += players
        side: Data = {"name": name}
        if players:
            side["players"] = players
        if draw(st.booleans()):
            side["start_score"] = draw(scores)
        sides.append(side)
    hands = []
    for _ in range(draw(st.integers(0, 4))):
        count = len(sides) + draw(st.sampled_from([0, 0, 0, -1, 1]))
        hand: Data = {
            "sides": [draw(side_play(everyone)) for _ in range(max(count, 1))],
        }
        if draw(st.booleans()):
            hand["dealer"] = draw(st.sampled_from([*everyone, "Nobody"]))
        if draw(st.integers(0, 3)) == 0:
            # a note may hold tabs and line breaks, no other control character
            hand["note"] = draw(
                st.text(
                    st.characters(blacklist_categories=("Cc", "Cs")) | st.sampled_from("\t\n\r"),
                    max_size=20,
                )
            )
        if draw(st.integers(0, 3)) == 0:
            hand["lone_hand"] = draw(st.sampled_from(side_names))
        if draw(st.integers(0, 3)) == 0 and everyone:
            hand["sitting_out"] = draw(st.sampled_from(everyone))
        hands.append(hand)
    data: Data = {
        "variant": draw(st.sampled_from(VARIANTS)),
        "house_rules": draw(st.lists(st.sampled_from(HOUSE_RULES), unique=True, max_size=5)),
        "sides": sides,
        "hands": hands,
    }
    if draw(st.booleans()):
        data["target"] = draw(st.sampled_from([5000, 7500, 2500, 1000, 5002]))
    if draw(st.integers(0, 3)) == 0:
        data["top_tier_from"] = draw(st.sampled_from([7000, 8000, 2500, 7003]))
    return data


# ---------------------------------------------------------------------------------------------
# Legal hands, built by the rules
# ---------------------------------------------------------------------------------------------


def minimum(score: int, variant: str) -> int:
    """rules §1.7, written out again here: <0 15, <1,500 50, <3,000 90, else 120;
    six-player adds 150 from 7,500."""
    if variant == "six-player" and score >= 7500:
        return 150
    if score < 0:
        return 15
    if score < 1500:
        return 50
    if score < 3000:
        return 90
    return 120


@st.composite
def legal_hand(draw: st.DrawFn) -> Data:
    """A hand that breaks no rule: cards dealt from one deck, melds of one rank with ≥2
    natural cards and ≤3 wild cards, the side that went out has its canastas and an empty
    hand, melds reach the initial meld minimum."""
    variant = draw(
        st.sampled_from(
            [
                "classic",
                "two-player",
                "three-player",
                "three-player-cutthroat",
                "five-player",
                "six-player",
                "six-player-three-sides",
            ]
        )
    )
    rules = rule_set(variant)
    deck: Counter[Card] = Counter(
        {rank: rules.copies_per_rank for rank in NATURAL_RANKS}
        | {Card.TWO: rules.copies_per_rank, Card.JOKER: rules.jokers}
        | {Card.BLACK_THREE: rules.black_threes}
    )
    red_left = rules.red_threes
    count = len(rules.side_sizes)
    out = draw(st.one_of(st.none(), st.integers(0, count - 1)))
    if rules.variant.lone_hand:
        # A cutthroat hand where someone went out has partners (the one who went out is
        # the lone hand unless named); E8 and the golden tables cover those. Here nobody
        # goes out, so everyone scores alone and the formula below holds for every side.
        out = None
    order = ([out] if out is not None else []) + [i for i in range(count) if i != out]
    sides: list[Data] = [{} for _ in range(count)]
    for index in order:
        going_out = index == out
        needed = rules.canastas_to_go_out if going_out else 0
        ranks = draw(
            st.lists(st.sampled_from(NATURAL_RANKS), unique=True, min_size=needed, max_size=5)
        )
        melds: list[str] = []
        for number, rank in enumerate(ranks):
            if deck[rank] < 2:
                continue
            wilds_left = min(3, deck[Card.TWO] + deck[Card.JOKER])
            if number < needed:
                # A canasta: 4+ natural cards, 7+ cards, at most 3 wild cards.
                naturals = draw(st.integers(max(4, 7 - wilds_left), min(deck[rank], 10)))
                low = max(0, 7 - naturals)
            else:
                naturals = draw(st.integers(2, min(deck[rank], 9)))
                # Two natural cards need a wild card to make three.
                low = 1 if naturals == 2 else 0
                if low > wilds_left:
                    continue
            wilds = draw(st.integers(low, wilds_left))
            twos = draw(st.integers(max(0, wilds - deck[Card.JOKER]), min(wilds, deck[Card.TWO])))
            jokers = wilds - twos
            deck[rank] -= naturals
            deck[Card.TWO] -= twos
            deck[Card.JOKER] -= jokers
            meld = [rank] * naturals + [Card.TWO] * twos + [Card.JOKER] * jokers
            melds.append(format_cards(meld))
        points = sum(card.points for meld in melds for card in parse_cards(meld))
        score = 5 * draw(st.integers(-400, 2000))
        if melds and points < minimum(score, variant):
            score = -5 * draw(st.integers(1, 400))
        red = draw(st.integers(0, red_left))
        red_left -= red
        pool = sorted(deck.elements())
        # a side that does not go out holds at least one card (rules §1.9)
        picked = draw(
            st.lists(
                st.integers(0, len(pool) - 1),
                unique=True,
                min_size=0 if going_out else 1,
                max_size=11,
            )
        )
        left = [pool[i] for i in picked]
        for card in left:
            deck[card] -= 1
        side: Data = {
            "name": f"Side {index + 1}",
            "score_before": score,
            "red_threes": red,
            "melds": melds,
        }
        if going_out:
            side["went_out"] = draw(st.sampled_from(["out", "concealed"]))
            if rules.side_sizes[index] == 1:
                side["left_in_hand"] = ""
            else:
                side["players"] = [f"P{index}-{seat}" for seat in range(rules.side_sizes[index])]
                side["went_out_by"] = side["players"][0]
                side["left_in_hand"] = {
                    side["players"][0]: "",
                    side["players"][1]: format_cards(left),
                }
        else:
            side["left_in_hand"] = format_cards(left)
        sides[index] = side
    return {"variant": variant, "sides": sides}


def r3(count: int, packs: int, melded: bool) -> int:
    """rules §1.6 formula, written out again here."""
    amount = (
        (800 if count == 4 else 100 * count)
        if packs == 2
        else (200 * count if count >= 5 else 100 * count)
    )
    return amount if melded else -amount


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------


def shuffled(data: Data, rng: random.Random) -> Data:
    """The same hand with the cards in every meld and hand, and the melds, in another order."""

    def cards_in(text: str) -> str:
        tokens = text.replace(",", " ").split()
        rng.shuffle(tokens)
        return " ".join(tokens)

    data = json.loads(json.dumps(data))
    for side in data["sides"]:
        melds = [cards_in(meld) if isinstance(meld, str) else meld for meld in side["melds"]]
        rng.shuffle(melds)
        side["melds"] = melds
        left = side.get("left_in_hand", "")
        if isinstance(left, dict):
            side["left_in_hand"] = {player: cards_in(text) for player, text in left.items()}
        else:
            side["left_in_hand"] = cards_in(left)
    return data


def fields_sum(side: Any) -> int:
    return (
        side.meld_points
        + side.hand_points
        + side.canasta_bonus
        + side.red_three_bonus
        + side.going_out_bonus
        + side.penalties
    )


def check_problems(error: RecordError) -> None:
    assert error.problems
    for problem in error.problems:
        assert isinstance(problem.where, str)
        assert problem.message.strip()


# ---------------------------------------------------------------------------------------------
# The order of cards never changes a score
# ---------------------------------------------------------------------------------------------


@SLOW
@given(hand_data(), st.randoms(use_true_random=False))
def test_card_order_never_changes_a_score(data: Data, rng: random.Random) -> None:
    first = score_hand(load_hand(json.dumps(data)))
    second = score_hand(load_hand(json.dumps(shuffled(data, rng))))
    assert second.sides == first.sides
    assert Counter(f.code for f in second.violations) == Counter(f.code for f in first.violations)
    assert second.valid == first.valid


@FAST
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=12), st.randoms())
def test_card_order_inside_a_meld_never_changes_the_meld(
    hand: list[Card], rng: random.Random
) -> None:
    other = list(hand)
    rng.shuffle(other)
    assert Meld.from_cards(other) == Meld.from_cards(hand)
    assert str(Meld.from_cards(other)) == str(Meld.from_cards(hand))


# ---------------------------------------------------------------------------------------------
# Totals
# ---------------------------------------------------------------------------------------------


@SLOW
@given(hand_data())
def test_total_is_the_sum_of_the_six_point_fields_and_a_multiple_of_5(data: Data) -> None:
    result = score_hand(load_hand(json.dumps(data)))
    assert len(result.sides) == len(data["sides"])
    for side in result.sides:
        assert side.total == fields_sum(side)
        assert side.total % 5 == 0
        assert side.hand_points <= 0
        assert side.penalties <= 0
        assert side.meld_points >= 0
    assert result.valid == all(f.severity is Severity.WARNING for f in result.violations)


@SLOW
@given(legal_hand())
def test_hand_built_by_the_rules_is_valid_and_scores_by_rules_md(data: Data) -> None:
    result = score_hand(load_hand(json.dumps(data)))
    assert [f for f in result.violations if f.severity is Severity.ERROR] == []
    assert result.valid
    rules = rule_set(data["variant"])
    for side, score in zip(data["sides"], result.sides, strict=True):
        assert score.total % 5 == 0
        assert score.total == fields_sum(score)
        melds = [parse_cards(meld) for meld in side["melds"]]
        left = side["left_in_hand"]
        held = " ".join(left.values()) if isinstance(left, dict) else left
        natural = sum(1 for m in melds if len(m) >= 7 and not {Card.TWO, Card.JOKER} & set(m))
        mixed = sum(1 for m in melds if len(m) >= 7 and {Card.TWO, Card.JOKER} & set(m))
        going_out = {"out": 100, "concealed": 200}.get(side.get("went_out", "no"), 0)
        expected = (
            sum(card.points for meld in melds for card in meld)
            - sum(card.points for card in parse_cards(held))
            + 500 * natural
            + 300 * mixed
            + r3(side["red_threes"], rules.packs, bool(melds))
            + going_out
        )
        # In cutthroat without a lone hand everyone scores alone, so this holds for all.
        assert score.total == expected
        assert (score.natural_canastas, score.mixed_canastas) == (natural, mixed)


# ---------------------------------------------------------------------------------------------
# Text forms round-trip
# ---------------------------------------------------------------------------------------------


@FAST
@given(cards)
def test_parse_cards_reads_back_format_cards(hand: tuple[Card, ...]) -> None:
    assert parse_cards(format_cards(hand)) == hand


@FAST
@given(st.data())
def test_parse_cards_reads_any_case_and_separators(data: st.DataObject) -> None:
    hand = data.draw(cards)
    assert parse_cards(data.draw(written(hand))) == hand


@FAST
@given(meld_cards)
def test_parse_meld_reads_back_str_of_a_meld(hand: tuple[Card, ...]) -> None:
    meld = Meld.from_cards(hand)
    assert parse_meld(str(meld)) == meld
    assert parse_meld(str(meld)).cards == meld.cards
    assert eval(repr(meld), {"parse_meld": parse_meld}) == meld


@FAST
@given(
    st.sampled_from([rank.value for rank in MeldRank]),
    st.integers(0, 12),
    st.integers(0, 6),
    st.integers(0, 6),
)
def test_meld_object_form_and_text_form_agree(
    rank: str, naturals: int, twos: int, jokers: int
) -> None:
    if rank == "wild":
        naturals = 0
    if naturals + twos + jokers == 0:
        jokers = 1
    meld = parse_meld({"rank": rank, "naturals": naturals, "twos": twos, "jokers": jokers})
    assert parse_meld(str(meld)) == meld
    assert (meld.twos, meld.jokers, meld.size) == (twos, jokers, naturals + twos + jokers)
    if naturals:
        assert (meld.rank.value, meld.naturals) == (rank, naturals)


@SLOW
@given(hand_data())
def test_dump_hand_and_load_hand_round_trip(data: Data) -> None:
    record = load_hand(json.dumps(data))
    text = dump_hand(record)
    again = load_hand(text)
    assert again == record
    assert dump_hand(again) == text
    assert isinstance(again, HandRecord)


@SLOW
@given(match_data())
def test_dump_match_and_load_match_round_trip(data: Data) -> None:
    record = load_match(json.dumps(data))
    text = dump_match(record)
    again = load_match(text)
    assert again == record
    assert dump_match(again) == text
    assert isinstance(again, MatchRecord)


# ---------------------------------------------------------------------------------------------
# Junk never crashes
# ---------------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)

KEYS = [
    "variant",
    "house_rules",
    "target",
    "sides",
    "hands",
    "lone_hand",
    "sitting_out",
    "name",
    "players",
    "score_before",
    "start_score",
    "red_threes",
    "melds",
    "went_out",
    "went_out_by",
    "left_in_hand",
    "dealer",
    "note",
    "rank",
    "naturals",
    "twos",
    "jokers",
]
near_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 10**8)
    | st.sampled_from(["K K 2", "3 3 3", "JK 2 2", "", "no", "out", "classic", "x"])
    | st.sampled_from(VARIANTS + HOUSE_RULES)
    | st.floats(),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(KEYS), children, max_size=5)
    ),
    max_leaves=25,
)


def load_and_score(text: str | bytes) -> None:
    """Load a file as a hand and as a match: a record that loads is scored without error;
    one that does not load raises `RecordError` with a message for every problem."""
    try:
        hand = load_hand(text)
    except RecordError as error:
        check_problems(error)
    else:
        result = score_hand(hand)
        assert all(side.total == fields_sum(side) for side in result.sides)
    try:
        match = load_match(text)
    except RecordError as error:
        check_problems(error)
    else:
        score_match(match)


@FAST
@given(json_values)
def test_random_json_never_crashes(value: Any) -> None:
    load_and_score(json.dumps(value))


@FAST
@given(st.dictionaries(st.sampled_from(KEYS), near_values, max_size=6))
def test_json_with_the_real_keys_never_crashes(value: Any) -> None:
    load_and_score(json.dumps(value))


@FAST
@given(st.binary(max_size=200))
@example(b"\xff\xfe{")
@example(b"\xef\xbb\xbf{}")
@example(b'{"sides": [{"name": "A", "score_before": ' + b"1" * 5000 + b"}]}")
def test_random_bytes_never_crash(data: bytes) -> None:
    load_and_score(data)


@FAST
@given(st.text(max_size=200))
@example('{"sides": [{"name": "A", "red_threes": ' + "9" * 5000 + "}]}")
@example('{"sides": [{"name": "\\ud800"}], "\\udfff": 1}')
@example("[" * 100_000)
@example("NaN")
def test_random_text_never_crashes(text: str) -> None:
    load_and_score(text)


@SLOW
@given(hand_data())
def test_score_hand_never_raises_on_a_hand_that_loads(data: Data) -> None:
    load_and_score(json.dumps(data))


@SLOW
@given(match_data())
def test_score_match_never_raises_on_a_match_that_loads(data: Data) -> None:
    result = score_match(load_match(json.dumps(data)))
    assert len(result.hands) == len(data["hands"])
    assert len(result.running_totals) == len(data["sides"])
    for hand in result.hand_scores:
        assert all(side.total == fields_sum(side) for side in hand.sides)


@SLOW
@given(match_data())
def test_a_match_scored_hand_by_hand_is_scored_as_a_whole(data: Data) -> None:
    record = load_match(json.dumps(data))
    score = score_match(record.model_copy(update={"hands": ()}))
    for number, hand in enumerate(record.hands):
        before = record.model_copy(update={"hands": record.hands[:number]})
        score = score_next_hand(before, score, hand)
        assert score == score_match(record.model_copy(update={"hands": record.hands[: number + 1]}))
    assert score == score_match(record)


card_text = st.text(alphabet="0123456789AKQJTaqjtkOoRrBb♠♥♦♣♤HDSC ,\t\n", max_size=40)


@FAST
@given(st.text(max_size=40) | card_text)
@example("3♥ 3♠ K♠ t jk JOKER r3 b3")
@example("ß ǰ ﬀ")
@example("")
def test_random_card_text_raises_only_card_syntax_error(text: str) -> None:
    assert issubclass(CardSyntaxError, CanastaError)
    assert issubclass(MeldSyntaxError, CanastaError)
    try:
        parse_cards(text)
    except CardSyntaxError as error:
        assert str(error).strip()
    try:
        parse_meld(text)
    except (CardSyntaxError, MeldSyntaxError) as error:
        assert str(error).strip()


@FAST
@given(
    json_values
    | st.dictionaries(st.sampled_from(["rank", "naturals", "twos", "jokers"]), json_values)
)
def test_random_meld_objects_raise_only_meld_or_card_syntax_error(value: Any) -> None:
    try:
        parse_meld(value)
    except (CardSyntaxError, MeldSyntaxError) as error:
        assert str(error).strip()
