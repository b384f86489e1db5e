"""Cards, their point values and their text form.

Cards are written as tokens separated by spaces or commas, case-insensitive
(``docs/file-format.md``, "Cards"): ``JK`` joker, ``2``, ``A``, ``K`` ``Q`` ``J``
``10`` (or ``T``) ``9`` ``8``, ``7`` ``6`` ``5`` ``4`` and ``3`` for a black three.
Suits are not needed, but a suit sign after a card is accepted and ignored
(``K♠``). Threes are the one card whose suit matters: ``3♥``, ``3♦``, ``3H``,
``3D`` or ``R3`` is a red three, which only shows up where it should not be (in a
hand or a meld); ``3♣``, ``3♠``, ``3C``, ``3S`` or ``B3`` is a black three.

Point values are those of S0 "The Cards" and S1's card table (rules §1.1).

>>> parse_cards("J j 2 jk")
(<Card.JACK: 'J'>, <Card.JACK: 'J'>, <Card.TWO: '2'>, <Card.JOKER: 'JK'>)
>>> format_cards(parse_cards("t,3♠ , 9"))
'10 3 9'
>>> cards_points(parse_cards("4 5 5 Q K A A"))
75
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum

from .errors import CardSyntaxError
from .words import phrase, quoted, render

__all__ = [
    "NATURAL_RANKS",
    "POINT_CLASS_CARDS",
    "Card",
    "PointClass",
    "cards_for_point_classes",
    "cards_points",
    "format_cards",
    "is_natural",
    "is_wild",
    "parse_card",
    "parse_cards",
]


class Card(StrEnum):
    """One card as written in files; the value is its canonical token.

    Suits are not kept: no score depends on them, except that a three is red or
    black, which is two different cards here (rules §1.2).
    """

    JOKER = "JK"
    TWO = "2"
    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    BLACK_THREE = "3"
    RED_THREE = "R3"

    @property
    def points(self) -> int:
        """Points of the card: plus when melded, minus when left in hand (rules §1.1)."""
        return _POINTS[self]

    @property
    def plural(self) -> str:
        """The plural of the card's name for messages: ``"Ks"``, ``"10s"``, ``"2s"``,
        ``"jokers"``, ``"black threes"``, ``"red threes"``."""
        return _PLURALS.get(self, f"{self.value}s")

    @property
    def label(self) -> str:
        """Plain name of the card for messages, e.g. ``"joker"``, ``"black three"``, ``"K"``."""
        return _LABELS.get(self, self.value)


#: Natural ranks, high to low: the ranks a meld is built on (S0 "General Rules").
NATURAL_RANKS: tuple[Card, ...] = (
    Card.ACE,
    Card.KING,
    Card.QUEEN,
    Card.JACK,
    Card.TEN,
    Card.NINE,
    Card.EIGHT,
    Card.SEVEN,
    Card.SIX,
    Card.FIVE,
    Card.FOUR,
)
_NATURAL_SET = frozenset(NATURAL_RANKS)
_WILD_SET = frozenset({Card.JOKER, Card.TWO})

_POINTS: dict[Card, int] = {
    Card.JOKER: 50,
    Card.TWO: 20,
    Card.ACE: 20,
    Card.KING: 10,
    Card.QUEEN: 10,
    Card.JACK: 10,
    Card.TEN: 10,
    Card.NINE: 10,
    Card.EIGHT: 10,
    Card.SEVEN: 5,
    Card.SIX: 5,
    Card.FIVE: 5,
    Card.FOUR: 5,
    Card.BLACK_THREE: 5,
    # A red three has no card value: it scores only through the red-three
    # bonus (rules §1.6). One held in hand is an irregularity (§1.13 check 5).
    Card.RED_THREE: 0,
}

_LABELS: dict[Card, str] = {
    Card.JOKER: "joker",
    Card.TWO: "2",
    Card.BLACK_THREE: "black three",
    Card.RED_THREE: "red three",
}

_PLURALS: dict[Card, str] = {
    Card.JOKER: "jokers",
    Card.BLACK_THREE: "black threes",
    Card.RED_THREE: "red threes",
}

_SUITS = "♠♥♦♣♤♡♢♧"
_RED_SUFFIXES = frozenset({"H", "D", "♥", "♦", "♡", "♢"})
_BLACK_SUFFIXES = frozenset({"S", "C", "♠", "♣", "♤", "♧"})
_ALIASES: dict[str, Card] = {
    "T": Card.TEN,
    "JOKER": Card.JOKER,
    "R3": Card.RED_THREE,
    "B3": Card.BLACK_THREE,
}
_BY_TOKEN: dict[str, Card] = {card.value: card for card in Card}
_SPLIT = re.compile(r"[\s,]+")


def is_natural(card: Card) -> bool:
    """True for the natural cards A, K … 4 (S0 "General Rules"); threes are not natural."""
    return card in _NATURAL_SET


def is_wild(card: Card) -> bool:
    """True for the wild cards: jokers and all 2s (S0 "General Rules")."""
    return card in _WILD_SET


def cards_points(cards: Iterable[Card]) -> int:
    """Sum of the points of some cards (rules §1.1).

    >>> cards_points([Card.JOKER, Card.TWO, Card.FOUR])
    75
    """
    return sum(map(_POINTS.__getitem__, cards))


def parse_card(token: str) -> Card:
    """Read one card token (see the module docstring for the forms).

    Raises:
        CardSyntaxError: the token is not a card, with a message naming it.

    >>> parse_card("3h")
    <Card.RED_THREE: 'R3'>
    """
    text = token.strip().upper()
    if not text:
        raise CardSyntaxError("an empty card", phrase("error.empty_card"))
    card = _BY_TOKEN.get(text) or _ALIASES.get(text)
    if card is not None:
        return card
    if text[0] == "3" and len(text) == 2:
        if text[1] in _RED_SUFFIXES:
            return Card.RED_THREE
        if text[1] in _BLACK_SUFFIXES:
            return Card.BLACK_THREE
    stripped = text.rstrip(_SUITS)
    if stripped != text and stripped:
        card = _BY_TOKEN.get(stripped) or _ALIASES.get(stripped)
        if card is not None:
            return card
    words = phrase("error.not_a_card", token=quoted(token.strip()))
    raise CardSyntaxError(render(words), words)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards written as tokens separated by spaces or commas; ``""`` is no cards.

    Returns:
        The cards in the order written.

    Raises:
        CardSyntaxError: a token is not a card; the message names every bad token.
    """
    if not isinstance(text, str):
        raise CardSyntaxError(
            f"cards must be written as text, not {type(text).__name__}",
            phrase("error.cards_not_text", kind=type(text).__name__),
        )
    # The common case: canonical tokens separated by spaces, read by one lookup each.
    if "," not in text:
        fast = tuple(map(_BY_TOKEN.get, text.upper().split()))
        if None not in fast:
            return fast  # type: ignore[return-value]  # no None in it
    cards: list[Card] = []
    bad: list[str] = []
    for token in _SPLIT.split(text.strip()):
        if not token:
            continue
        try:
            cards.append(parse_card(token))
        except CardSyntaxError:
            bad.append(token)
    if bad:
        words = phrase("error.not_cards", tokens=tuple(quoted(token) for token in bad), n=len(bad))
        raise CardSyntaxError(render(words), words)
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards as canonical tokens separated by single spaces (inverse of `parse_cards`)."""
    return " ".join(card.value for card in cards)


class PointClass(StrEnum):
    """Cards grouped by their points, for counting a hand quickly at the table:
    jokers (50), aces and 2s (20), K to 8 (10), 7 to 4 and black threes (5)."""

    JOKERS = "jokers"
    ACES_AND_TWOS = "aces_and_twos"
    KING_TO_EIGHT = "king_to_eight"
    SEVEN_TO_FOUR = "seven_to_four"


#: The cards of each point class, in the order they are chosen (rules §1.1).
POINT_CLASS_CARDS: dict[PointClass, tuple[Card, ...]] = {
    PointClass.JOKERS: (Card.JOKER,),
    PointClass.ACES_AND_TWOS: (Card.ACE, Card.TWO),
    PointClass.KING_TO_EIGHT: (Card.KING, Card.QUEEN, Card.JACK, Card.TEN, Card.NINE, Card.EIGHT),
    PointClass.SEVEN_TO_FOUR: (Card.SEVEN, Card.SIX, Card.FIVE, Card.FOUR, Card.BLACK_THREE),
}


def cards_for_point_classes(
    counts: dict[PointClass, int], used: dict[Card, int], deck: dict[Card, int]
) -> tuple[Card, ...]:
    """Cards that stand for a hand counted by point class, with the same points.

    Each card is taken from the rank of its class with the most copies still
    unused in the deck, so the cards chosen never exceed the deck while the real
    hand could not either (rules §1.13 check 4 stays meaningful).

    Args:
        counts: cards per point class (negative counts count as 0).
        used: cards already in melds and other hands.
        deck: copies of each card in the deck.

    Returns:
        The cards, class by class.

    >>> deck = {card: 8 for card in Card}
    >>> cards = cards_for_point_classes({PointClass.ACES_AND_TWOS: 3}, {Card.ACE: 7}, deck)
    >>> format_cards(cards), cards_points(cards)
    ('2 2 2', 60)
    """
    left = {card: deck.get(card, 0) - used.get(card, 0) for card in Card}
    chosen: list[Card] = []
    for point_class, cards in POINT_CLASS_CARDS.items():
        for _ in range(max(0, counts.get(point_class, 0))):
            best = max(cards, key=lambda card: (left[card], -cards.index(card)))
            left[best] -= 1
            chosen.append(best)
    return tuple(chosen)
