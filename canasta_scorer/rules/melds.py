"""Melds and canastas: the cards a side laid on the table.

A `Meld` holds its cards in a canonical order, so writing the same meld in another
order gives an equal value. It can hold cards that break the rules (two ranks, a red
three, too many wild cards): the checker reports those as findings with the rule,
rather than refusing to read what a table really laid down.

>>> from canasta_scorer.rules.ruleset import rule_set
>>> meld = parse_meld("JK J 2 J j J 2")
>>> str(meld), meld.rank, meld.naturals, meld.twos, meld.jokers, meld.points
('J J J J 2 2 JK', <MeldRank.JACK: 'J'>, 4, 2, 1, 130)
>>> parse_meld({"rank": "J", "naturals": 4, "twos": 2, "jokers": 1}) == meld
True
>>> meld.canasta_kind(rule_set())
<CanastaKind.MIXED: 'mixed'>
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from enum import StrEnum
from functools import cached_property
from typing import Any, cast

from pydantic import BaseModel, ConfigDict, TypeAdapter

from .bonuses import MIXED_CANASTA_BONUS, NATURAL_CANASTA_BONUS, WILD_CANASTA_BONUS
from .cards import NATURAL_RANKS, Card, format_cards, parse_cards
from .errors import CardSyntaxError, MeldSyntaxError
from .models import construct
from .ruleset import HouseRule, RuleSet
from .words import english_quote, phrase, quoted, render, value_phrase

__all__ = ["CANASTA_SIZE", "CanastaKind", "Meld", "MeldRank", "canasta_count", "parse_meld"]

#: Cards in a canasta (S0 "Melds and Canastas").
CANASTA_SIZE = 7


class MeldRank(StrEnum):
    """What a meld is built on: a natural rank, black threes (going out only, S0
    "Threes in Classic Canasta") or, under house rule H5, wild cards only."""

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
    WILD = "wild"

    @property
    def plural(self) -> str:
        """The cards of such a meld in words: ``"Ks"``, ``"black threes"``, ``"wild cards"``."""
        if self is MeldRank.WILD:
            return "wild cards"
        return Card(self.value).plural


class CanastaKind(StrEnum):
    """Kinds of canasta (rules §1.4; H5 for wild)."""

    NATURAL = "natural"
    MIXED = "mixed"
    WILD = "wild"

    @property
    def bonus(self) -> int:
        """The canasta's bonus in points: 500 natural, 300 mixed, 2,000 wild (`bonuses`)."""
        return _CANASTA_BONUS[self]


_CANASTA_BONUS: dict[CanastaKind, int] = {
    CanastaKind.NATURAL: NATURAL_CANASTA_BONUS,
    CanastaKind.MIXED: MIXED_CANASTA_BONUS,
    CanastaKind.WILD: WILD_CANASTA_BONUS,
}


_NATURAL_ORDER = {card: index for index, card in enumerate(NATURAL_RANKS)}
_TAIL_ORDER = {Card.BLACK_THREE: 20, Card.RED_THREE: 21, Card.TWO: 22, Card.JOKER: 23}
_RANK_OF_CARD = {Card(rank.value): rank for rank in MeldRank if rank is not MeldRank.WILD}
_CARD_OF_RANK: dict[MeldRank, Card] = {rank: card for card, rank in _RANK_OF_CARD.items()}
_CARD_ORDER = _NATURAL_ORDER | _TAIL_ORDER
_OBJECT_KEYS = frozenset({"rank", "naturals", "twos", "jokers"})


def _main_rank(counts: Mapping[Card, int]) -> MeldRank | None:
    best: Card | None = None
    most = 0
    order = 99
    for card, count in counts.items():
        place = _NATURAL_ORDER.get(card)
        # the most frequent natural rank; a tie goes to the higher rank
        if place is not None and (count > most or (count == most and place < order)):
            best, most, order = card, count, place
    if best is not None:
        return _RANK_OF_CARD[best]
    if counts.get(Card.BLACK_THREE):
        return MeldRank.BLACK_THREE
    if counts and all(card is Card.TWO or card is Card.JOKER for card in counts):
        return MeldRank.WILD
    return None


_TWO, _JOKER, _BLACK_THREE = Card.TWO, Card.JOKER, Card.BLACK_THREE
_WILD_RANK, _BLACK_THREE_RANK = MeldRank.WILD, MeldRank.BLACK_THREE
_CANASTA_NATURAL, _CANASTA_MIXED, _CANASTA_WILD = (
    CanastaKind.NATURAL,
    CanastaKind.MIXED,
    CanastaKind.WILD,
)
_CARD_POINTS = {card: card.points for card in Card}
#: Cards given as their tokens ("K") read as `Card`s, as the model's field would.
_CARDS = TypeAdapter(tuple[Card, ...]).validate_python
_WILD_CARD_MELDS = HouseRule.WILD_CARD_MELDS
_NATURAL_MELD_RANKS = frozenset(MeldRank) - {MeldRank.BLACK_THREE, MeldRank.WILD}
#: The rank of a meld whose cards are all one natural card, by that card.
_NATURAL_RANK_OF = {card: _RANK_OF_CARD[card] for card in NATURAL_RANKS}


def _shape(
    cards: tuple[Card, ...], counts: Mapping[Card, int], rank: MeldRank | None
) -> dict[str, Any]:
    """Everything a meld's checks and scores read, counted once (see `Meld`).

    ``cards`` are in canonical order (the meld's own rank first); ``counts`` are theirs.
    """
    own = _CARD_OF_RANK.get(rank) if rank is not None else None
    twos = counts.get(_TWO, 0)
    jokers = counts.get(_JOKER, 0)
    naturals = counts.get(own, 0) if own is not None else 0
    size = len(cards)
    kind: CanastaKind | None = None
    if size >= CANASTA_SIZE and rank is not None:
        if rank is _WILD_RANK:
            kind = _CANASTA_WILD
        elif rank is not _BLACK_THREE_RANK:
            kind = _CANASTA_MIXED if twos + jokers else _CANASTA_NATURAL
    points = 0
    for card, count in counts.items():
        points += _CARD_POINTS[card] * count
    strays: tuple[Card, ...] = ()
    sound = naturals + twos + jokers == size
    if not sound:
        strays = tuple(
            card for card in cards if card is not own and card is not _TWO and card is not _JOKER
        )
    return {
        "cards": cards,
        "rank": rank,
        "size": size,
        "naturals": naturals,
        "twos": twos,
        "jokers": jokers,
        "wilds": twos + jokers,
        "strays": strays,
        "points": points,
        "counts": counts,
        "_kind": kind,
        # A legal meld of a natural rank under any rules: 3 cards or more, 2 naturals or
        # more, at most 3 wild cards, nothing else (rules §1.3); `check_meld` says so at once.
        "legal_natural": (
            sound
            and rank in _NATURAL_MELD_RANKS
            and size >= 3
            and naturals >= 2
            and twos + jokers <= 3
        ),
    }


class Meld(BaseModel):
    """One meld, as the cards in it.

    Build one with `parse_meld` (text or the object form) or `Meld.of`. The cards
    are kept in canonical order: the meld's rank, other natural cards, threes, 2s,
    jokers. Every count below is in cards and every total in points. The counts are
    made once, when the meld is built, and read by every check and score after.
    """

    model_config = ConfigDict(frozen=True)

    cards: tuple[Card, ...]

    @classmethod
    def from_cards(cls, cards: tuple[Card, ...] | list[Card]) -> Meld:
        """A meld of these cards, in any order."""
        kinds = set(cards)
        if not all(type(card) is Card for card in kinds):
            cards = tuple(_CARDS(cards))  # tokens such as "K": read as cards first
            kinds = set(cards)
        return _of_cards(cards, kinds)

    @classmethod
    def of(cls, rank: MeldRank | str, naturals: int = 0, twos: int = 0, jokers: int = 0) -> Meld:
        """A meld from its rank and counts, as in the file contract's object form.

        Args:
            rank: a natural rank, ``"3"`` for black threes, or ``"wild"`` (H5).
            naturals: cards of that rank (black threes for ``"3"``; 0 for ``"wild"``).
            twos: 2s in the meld.
            jokers: jokers in the meld.

        Raises:
            MeldSyntaxError: an unknown rank, a negative count, or naturals in a wild meld.
        """
        try:
            meld_rank = MeldRank(
                str(rank).strip().upper() if str(rank).lower() != "wild" else "wild"
            )
        except ValueError:
            words = phrase("error.not_a_rank", rank=quoted(str(rank)))
            raise MeldSyntaxError(render(words), words) from None
        for name, value in (("naturals", naturals), ("twos", twos), ("jokers", jokers)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                words = phrase("meld.count_not_whole", name=name, shown=value_phrase(value))
                raise MeldSyntaxError(render(words), words)
            if value > 1000:
                raise MeldSyntaxError(f"{name} is {value}: far more cards than any deck holds")
        if meld_rank is MeldRank.WILD and naturals:
            raise MeldSyntaxError(
                "a wild meld has no natural cards; give only twos and jokers",
                phrase("error.wild_naturals"),
            )
        cards: list[Card] = []
        if meld_rank is not MeldRank.WILD:
            cards += [Card(meld_rank.value)] * naturals
        cards += [Card.TWO] * twos + [Card.JOKER] * jokers
        return cls.from_cards(cards)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"parse_meld({str(self)!r})"

    def _counted(self, name: str) -> Any:
        # A meld built another way than `from_cards` (``Meld(cards=...)``) is counted on
        # first use; each value is then a plain attribute.
        counts = dict(Counter(self.cards))
        values = _shape(self.cards, counts, _main_rank(counts))
        self.__dict__.update(values)
        return values[name]

    @cached_property
    def rank(self) -> MeldRank | None:
        """The rank the meld is built on: its most frequent natural rank; black threes
        or wild when it has no natural card; ``None`` for no cards or only red threes."""
        return cast("MeldRank | None", self._counted("rank"))

    @cached_property
    def size(self) -> int:
        """Cards in the meld."""
        return len(self.cards)

    @cached_property
    def naturals(self) -> int:
        """Cards of the meld's own rank (black threes in a black-three meld)."""
        return cast(int, self._counted("naturals"))

    @cached_property
    def twos(self) -> int:
        """2s in the meld."""
        return cast(int, self._counted("twos"))

    @cached_property
    def jokers(self) -> int:
        """Jokers in the meld."""
        return cast(int, self._counted("jokers"))

    @cached_property
    def wilds(self) -> int:
        """Wild cards (2s and jokers) in the meld."""
        return cast(int, self._counted("wilds"))

    @cached_property
    def strays(self) -> tuple[Card, ...]:
        """Cards that do not belong: natural cards of another rank, threes that are not
        the meld's own, red threes. Empty for a well-formed meld."""
        return cast("tuple[Card, ...]", self._counted("strays"))

    @cached_property
    def points(self) -> int:
        """Sum of the card points of the meld (rules §1.1)."""
        return cast(int, self._counted("points"))

    @cached_property
    def counts(self) -> dict[Card, int]:
        """How many of each card the meld holds."""
        return cast("dict[Card, int]", self._counted("counts"))

    @cached_property
    def legal_natural(self) -> bool:
        """True for a legal meld of a natural rank under any rules (rules §1.3): at least
        3 cards, at least 2 of them natural, at most 3 wild cards, no other card."""
        return cast(bool, self._counted("legal_natural"))

    @cached_property
    def _kind(self) -> CanastaKind | None:
        return cast("CanastaKind | None", self._counted("_kind"))

    def canasta_kind(self, rules: RuleSet) -> CanastaKind | None:
        """The canasta this meld is at the end of the hand, or ``None`` if it is none.

        A meld of 7 or more cards built on a natural rank is a canasta: natural with no
        wild card (500), mixed with some (300) (rules §1.4). Black threes never make
        one (§1.5). Under H5 a meld of 7 wild cards is a wild canasta (2,000).
        """
        kind = self._kind
        if kind is _CANASTA_WILD and _WILD_CARD_MELDS not in rules.house_rules:
            return None
        return kind


_MELD_FIELDS = frozenset({"cards"})


def _of_cards(cards: tuple[Card, ...] | list[Card], kinds: set[Card]) -> Meld:
    """A meld of `Card`s (``kinds``: the set of them), counted and built at once, not
    validated again (the cards are `Card`s), every count of `_shape` in place."""
    if len(kinds) == 1:  # one kind of card (K K K): already in canonical order
        ordered = tuple(cards)
        counts = {ordered[0]: len(ordered)}
        rank = _NATURAL_RANK_OF.get(ordered[0]) or _main_rank(counts)
    else:
        counts = {card: cards.count(card) for card in kinds}
        rank = _main_rank(counts)
        main = _CARD_OF_RANK.get(rank) if rank is not None else None
        # The meld's own rank first, then the other cards in their fixed order.
        first = [main] * counts[main] if main is not None else []
        rest = sorted((card for card in cards if card is not main), key=_CARD_ORDER.__getitem__)
        ordered = (*first, *rest)
    return construct(Meld, _shape(ordered, counts, rank), _MELD_FIELDS)


def parse_meld(value: str | Mapping[str, Any] | Meld) -> Meld:
    """Read a meld in either form of the file contract (docs/file-format.md, "Cards").

    Args:
        value: cards as text (``"J J J 2"``), or an object
            ``{"rank": "J", "naturals": 3, "twos": 1, "jokers": 0}`` whose counts
            default to 0; a `Meld` is returned as it is.

    Returns:
        The meld, cards in canonical order.

    Raises:
        MeldSyntaxError: not text or an object, an unknown key, an unknown rank, or
            a count that is not a whole number of 0 or more.
        CardSyntaxError: a token of the text is not a card.

    >>> from canasta_scorer.rules.ruleset import rule_set
    >>> str(parse_meld("3 3 3"))
    '3 3 3'
    >>> parse_meld({"rank": "K", "naturals": 7}).canasta_kind(rule_set())
    <CanastaKind.NATURAL: 'natural'>
    """
    if isinstance(value, Meld):
        return value
    if isinstance(value, str):
        cards = parse_cards(value)
        if not cards:
            raise MeldSyntaxError("a meld with no cards", phrase("error.empty_meld"))
        return _of_cards(cards, set(cards))
    if isinstance(value, Mapping):
        unknown = sorted(str(key) for key in value if key not in _OBJECT_KEYS)
        if unknown:
            raise MeldSyntaxError(
                f"unknown key {', '.join(english_quote(k) for k in unknown)} in a meld; "
                "a meld object has rank, naturals, twos and jokers"
            )
        if "rank" not in value:
            raise MeldSyntaxError("a meld object needs a rank")
        rank = value["rank"]
        if not isinstance(rank, str):
            raise MeldSyntaxError(f'rank must be text such as "J" or "3"; got {rank!r}')
        meld = Meld.of(rank, value.get("naturals", 0), value.get("twos", 0), value.get("jokers", 0))
        if not meld.cards:
            raise MeldSyntaxError("a meld with no cards", phrase("error.empty_meld"))
        return meld
    raise CardSyntaxError(
        f'a meld is written as text such as "J J 2" or as an object; got {type(value).__name__}'
    )


def canasta_count(melds: Iterable[Meld], rules: RuleSet) -> int:
    """Canastas among some melds at the end of the hand (rules §1.4; H5 wild ones)."""
    wild_ones = _WILD_CARD_MELDS in rules.house_rules
    count = 0
    for meld in melds:
        kind = meld._kind
        if kind is not None and (wild_ones or kind is not _CANASTA_WILD):
            count += 1
    return count
