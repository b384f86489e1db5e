"""What the players type in the app, before it is a hand or a match: the drafts.

Drafts are immutable values; the app state replaces them on every change. They
turn into the contract's records (`MatchHand`, `MatchRecord`) through the rules
models, so a draft that cannot be a record says why in plain words.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from canasta_scorer import i18n
from canasta_scorer.i18n import N_, _
from canasta_scorer.rules import (
    MOST_POINTS,
    POINT_CLASS_CARDS,
    VARIANT_INFO,
    CanastaError,
    Card,
    MatchHand,
    MatchRecord,
    Meld,
    MeldRank,
    PointClass,
    Problem,
    RecordError,
    RuleSet,
    Variant,
    WentOut,
    cards_for_point_classes,
    format_cards,
    parse_cards,
    parse_number,
    parse_score,
    validate_record,
)

__all__ = [
    "MISSING_TOTAL",
    "NOTHING_ENTERED",
    "HandDraft",
    "LeftDraft",
    "MatchSetup",
    "MeldDraft",
    "SetupSide",
    "SideDraft",
]

Count = Annotated[int, Field(ge=0, le=200)]

#: Why a quick total cannot be read yet: nothing typed in it.
MISSING_TOTAL = N_("type the hand total")
#: Why a new hand with nothing in it cannot be saved.
NOTHING_ENTERED = N_(
    "Nothing entered yet: enter the melds, red threes and cards left of each side "
    "(or switch on quick totals)"
)

_CLASS_OF: dict[Card, PointClass] = {
    card: point_class for point_class, cards in POINT_CLASS_CARDS.items() for card in cards
}


class MeldDraft(BaseModel):
    """One meld on the entry screen: its rank and how many of each card."""

    model_config = ConfigDict(frozen=True)

    rank: MeldRank
    naturals: Count = 0
    twos: Count = 0
    jokers: Count = 0

    def meld(self) -> Meld:
        """The meld these counts make."""
        return Meld.of(self.rank, self.naturals, self.twos, self.jokers)


class LeftDraft(BaseModel):
    """Cards left in one player's hand: counted by point class, or typed as cards."""

    model_config = ConfigDict(frozen=True)

    by_cards: bool = False
    jokers: Count = 0
    aces_and_twos: Count = 0
    king_to_eight: Count = 0
    seven_to_four: Count = 0
    cards: Annotated[str, Field(max_length=400)] = ""

    def counts(self) -> dict[PointClass, int]:
        """Cards per point class."""
        return {
            PointClass.JOKERS: self.jokers,
            PointClass.ACES_AND_TWOS: self.aces_and_twos,
            PointClass.KING_TO_EIGHT: self.king_to_eight,
            PointClass.SEVEN_TO_FOUR: self.seven_to_four,
        }

    def is_empty(self) -> bool:
        """True when no card is entered (typed cards or counts, whichever is used)."""
        if self.by_cards:
            return not self.cards.strip()
        return not any(self.counts().values())

    def switched(self, by_cards: bool, used: Counter[Card], deck: dict[Card, int]) -> LeftDraft:
        """The same cards left entered the other way (``by_cards``: typed as cards;
        False: counted by point class), so that switching never changes the hand's
        score: what is shown is carried over, replacing what the other way held.
        Counts become typed stand-in cards of the same points
        (`cards_for_point_classes`; ``used``: the cards already in melds and other
        hands, ``deck``: copies of each card); typed cards become their counts when
        every card can be read and has a point class (else the counts stay as they
        were: the typed cards were not a hand's cards left)."""
        update: dict[str, object] = {"by_cards": by_cards}
        if by_cards:
            update["cards"] = format_cards(cards_for_point_classes(self.counts(), dict(used), deck))
        else:
            try:
                counted = LeftDraft.counted(parse_cards(self.cards))
            except CanastaError:
                counted = None
            if counted is not None:
                update.update(counted.counts_by_name())
        return self.model_copy(update=update)

    def counts_by_name(self) -> dict[str, int]:
        """The counts by point class under their field names (``king_to_eight`` …)."""
        return {point_class.value: count for point_class, count in self.counts().items()}

    @classmethod
    def counted(cls, cards: tuple[Card, ...]) -> LeftDraft | None:
        """Counts by point class for stand-in cards (``None`` if a card has no class)."""
        if any(card not in _CLASS_OF for card in cards):
            return None
        counts = Counter(_CLASS_OF[card] for card in cards)
        return cls(**{point_class.value: count for point_class, count in counts.items()})


class SideDraft(BaseModel):
    """One side's part of the hand being entered."""

    model_config = ConfigDict(frozen=True)

    melds: tuple[MeldDraft, ...] = ()
    red_threes: Count = 0
    went_out: WentOut = WentOut.NO
    went_out_by: str | None = None
    left: tuple[LeftDraft, ...] = (LeftDraft(),)

    def is_empty(self) -> bool:
        """True when nothing is entered for the side."""
        return (
            not self.melds
            and not self.red_threes
            and self.went_out is WentOut.NO
            and all(left.is_empty() for left in self.left)
        )


def hand_mark(hand: MatchHand) -> str:
    """A short fingerprint of a hand as it is stored (its entry, every field), to
    tell that the hand an edit began from is still the one at its number."""
    return hashlib.sha256(hand.model_dump_json().encode()).hexdigest()[:16]


class HandDraft(BaseModel):
    """The hand being entered (a new hand, or an edit of hand ``number``; ``of``, for
    an edit: the `hand_mark` of the hand as it was when the edit began, so that its
    Save never replaces another hand; ``None`` in entries kept before it was).

    ``begun``, for a new hand: how many hands the match had when the entry was begun,
    or when its player last changed it (``None`` in entries kept before it was). An
    entry whose match has another number of hands now was overtaken (`overtaken`): a
    hand was saved, deleted or undone since, so it may be the hand saved elsewhere
    entered differently; it is never taken up by another device as its next hand."""

    model_config = ConfigDict(frozen=True)

    number: int | None = None
    of: str | None = None
    begun: int | None = None
    sides: tuple[SideDraft, ...]
    dealer: str | None = None
    note: str = ""
    lone_hand: str | None = None
    sitting_out: str | None = None
    quick: bool = False
    totals: tuple[str, ...] = ()

    @classmethod
    def blank(cls, record: MatchRecord, dealer: str | None = None) -> HandDraft:
        """An empty hand for a match: one hand-count per player of each side."""
        return cls(
            sides=tuple(
                SideDraft(left=tuple(LeftDraft() for _ in (side.players or ("",))))
                for side in record.sides
            ),
            dealer=dealer,
            begun=len(record.hands),
        )

    def overtaken(self, record: MatchRecord) -> bool:
        """True when this new hand's entry was begun (or last changed by its player)
        while ``record`` had another number of hands: not the entry of its next hand
        for anyone but the device it was entered on (see ``begun``)."""
        return self.number is None and self.begun is not None and self.begun != len(record.hands)

    def is_empty(self) -> bool:
        """True when nothing at all is entered (quick totals aside)."""
        return not self.quick and all(side.is_empty() for side in self.sides)

    def is_fresh(self, dealer: str | None) -> bool:
        """True when nothing is entered beyond a fresh hand dealt by ``dealer``: no
        side's melds, red threes, going out or cards left, no total typed, no note,
        no lone hand or player sitting out chosen, the same dealer. Quick totals on or
        off is how the hand is entered, not an entry: a fresh hand starts in the
        match's last mode (`canasta_scorer.ui.state.OpenMatch.last_hand_quick`)."""
        return (
            all(side.is_empty() for side in self.sides)
            and not any(total.strip() for total in self.totals)
            and not self.note.strip()
            and self.lone_hand is None
            and self.sitting_out is None
            and self.dealer == dealer
        )

    @classmethod
    def from_hand(cls, record: MatchRecord, number: int) -> HandDraft:
        """A draft to edit hand ``number`` of a match: cards left shown as typed cards,
        or as counts by point class for the players whose cards were counted so (the
        hand's ``counted_by_points``)."""
        hand = record.hands[number]
        note, counted = hand.note or "", hand.counted_by_points
        counted_keys = {name.strip().casefold() for name in counted}
        if any(play.quick for play in hand.sides):
            return cls(
                number=number,
                of=hand_mark(hand),
                # who went out is kept with a typed total (the file format allows it)
                sides=tuple(
                    side.model_copy(
                        update={
                            "went_out": WentOut(play.went_out),
                            "went_out_by": play.went_out_by,
                        }
                    )
                    for side, play in zip(cls.blank(record).sides, hand.sides, strict=False)
                ),
                dealer=hand.dealer,
                note=note,
                lone_hand=hand.lone_hand,
                sitting_out=hand.sitting_out,
                quick=True,
                totals=tuple(str(play.total or 0) for play in hand.sides),
            )
        sides = []
        for side, play in zip(record.sides, hand.sides, strict=False):
            melds = tuple(
                MeldDraft(
                    rank=meld.rank, naturals=meld.naturals, twos=meld.twos, jokers=meld.jokers
                )
                for meld in play.melds
                if meld.rank is not None and not meld.strays
            )
            players = side.players or ("",)
            left_map = play.left_in_hand
            if isinstance(left_map, dict):
                folded = {name.strip().casefold(): cards for name, cards in left_map.items()}
                held = [
                    (p.strip().casefold(), tuple(folded.get(p.strip().casefold(), ())))
                    for p in players
                ]
            else:
                held = [(side.name.strip().casefold(), tuple(left_map))] + [
                    ("", ()) for _ in players[1:]
                ]
            lefts: list[LeftDraft] = []
            for key, cards in held:
                by_points = LeftDraft.counted(cards) if key and key in counted_keys else None
                lefts.append(by_points or LeftDraft(by_cards=True, cards=format_cards(cards)))
            left = tuple(lefts)
            sides.append(
                SideDraft(
                    melds=melds,
                    red_threes=play.red_threes,
                    went_out=play.went_out,
                    went_out_by=play.went_out_by,
                    left=left,
                )
            )
        return cls(
            number=number,
            of=hand_mark(hand),
            sides=tuple(sides),
            dealer=hand.dealer,
            note=note,
            lone_hand=hand.lone_hand,
            sitting_out=hand.sitting_out,
        )

    def dump(self) -> str:
        """The draft as JSON text, to keep in the store."""
        return self.model_dump_json()

    @classmethod
    def load(cls, text: str) -> HandDraft | None:
        """A kept draft, or ``None`` if it cannot be read any more."""
        try:
            return cls.model_validate(json.loads(text))
        except (ValueError, TypeError):
            return None

    def to_hand(self, record: MatchRecord, rules: RuleSet) -> MatchHand:
        """The contract's hand object for this draft.

        Cards counted by point class become cards of those points, chosen so the
        deck is never exceeded (`cards_for_point_classes`); the note then names the
        players whose cards were counted so (its ``counted_by_points``).

        Raises:
            RecordError: typed cards that cannot be read, with the path of the field.
        """
        problems: list[Problem] = []
        if self.quick:
            return self._quick_hand(record)
        used: Counter[Card] = Counter()
        melds: list[list[str]] = []
        for side in self.sides:
            side_melds = []
            for meld_draft in side.melds:
                meld = meld_draft.meld()
                used.update(meld.cards)
                side_melds.append(str(meld))
            melds.append(side_melds)
        typed: dict[tuple[int, int], tuple[Card, ...]] = {}
        for i, side in enumerate(self.sides):
            for j, left in enumerate(side.left):
                if left.by_cards:
                    try:
                        typed[i, j] = parse_cards(left.cards)
                    except CanastaError as error:
                        where = f"sides[{i}].left_in_hand[{j}]"
                        problems.append(Problem(where, str(error), error.words))
                        typed[i, j] = ()
                    used.update(typed[i, j])
        if problems:
            raise RecordError(problems)
        sides = []
        counted: list[str] = []
        for i, (side, setup) in enumerate(zip(self.sides, record.sides, strict=False)):
            players = setup.players
            lefts: list[str] = []
            for j, left in enumerate(side.left):
                if left.by_cards:
                    cards = typed[i, j]
                else:
                    cards = cards_for_point_classes(left.counts(), used, rules.deck)
                    used.update(cards)
                    if cards:
                        counted.append(players[j] if j < len(players) else setup.name)
                lefts.append(format_cards(cards))
            data: dict[str, object] = {
                "red_threes": side.red_threes,
                "melds": melds[i],
                "went_out": side.went_out.value,
            }
            if side.went_out is not WentOut.NO and side.went_out_by:
                data["went_out_by"] = side.went_out_by
            if players and len(lefts) == len(players):
                data["left_in_hand"] = dict(zip(players, lefts, strict=True))
            else:
                data["left_in_hand"] = " ".join(part for part in lefts if part)
            sides.append(data)
        hand: dict[str, object] = {"sides": sides}
        for key in ("dealer", "lone_hand", "sitting_out"):
            value = getattr(self, key)
            if value:
                hand[key] = value
        note = self.note.strip()
        if note:
            hand["note"] = note
        if counted:
            hand["counted_by_points"] = counted
        return validate_record(MatchHand, hand)

    def _quick_hand(self, record: MatchRecord) -> MatchHand:
        problems: list[Problem] = []
        sides: list[dict[str, object]] = []
        for index in range(len(record.sides)):
            text = (self.totals[index] if index < len(self.totals) else "").strip()
            try:
                total = parse_number(text, group=i18n.group_symbol())
            except CanastaError as error:
                problems.append(Problem(f"sides[{index}].total", i18n.error_text(error)))
                continue
            if total is None:
                problems.append(Problem(f"sides[{index}].total", MISSING_TOTAL))
            elif abs(total) > MOST_POINTS:
                # said at once, as a total that is not a whole number is
                problems.append(
                    Problem(
                        f"sides[{index}].total",
                        _("a hand's total is at most {most} points, won or lost").format(
                            most=i18n.number(MOST_POINTS)
                        ),
                    )
                )
            else:
                side: dict[str, object] = {"total": total}
                went = self.sides[index] if index < len(self.sides) else None
                if went is not None and went.went_out is not WentOut.NO:
                    # who went out, with a typed total: not a card, and counted in
                    # the statistics (file format §7, quick totals)
                    side["went_out"] = went.went_out.value
                    if went.went_out_by:
                        side["went_out_by"] = went.went_out_by
                sides.append(side)
        if problems:
            raise RecordError(problems)
        hand: dict[str, object] = {"sides": sides}
        for key in ("dealer", "lone_hand", "sitting_out"):
            value = getattr(self, key)
            if value:
                hand[key] = value
        note = self.note.strip()
        if note:
            hand["note"] = note
        return validate_record(MatchHand, hand)


class SetupSide(BaseModel):
    """One side on the new-match screen."""

    model_config = ConfigDict(frozen=True)

    name: str = ""
    players: tuple[str, ...] = ()
    start_score: str = ""


class MatchSetup(BaseModel):
    """The new-match screen: variant, house rules, target, the score of the 150 minimum
    (as typed; only a variant with that step uses it), sides, first dealer."""

    model_config = ConfigDict(frozen=True)

    variant: str = "classic"
    house_rules: frozenset[str] = frozenset()
    target: str = ""
    top_tier_from: str = ""
    sides: tuple[SetupSide, ...] = ()
    first_dealer: str | None = None

    def has_top_tier(self) -> bool:
        """Whether the variant has a minimum of 150 from some score (rules §2.5), so
        that the score typed for it counts."""
        try:
            return VARIANT_INFO[Variant(self.variant)].top_tier_from is not None
        except ValueError:  # not a variant: the form's check says so
            return False

    def side_name(self, index: int) -> str:
        """A side's name as the match will have it: as typed (stripped); a side of one
        player left blank is called as its field's hint says ("Player 2")."""
        side = self.sides[index]
        name = side.name.strip()
        if name or side.players:
            return name
        return i18n._("Player {value}").format(value=index + 1)

    def to_record(self, *, lenient: bool = False) -> MatchRecord:
        """The match file this setup starts.

        Args:
            lenient: leave out a number that cannot be read (a target or a start
                score) instead of raising, so that the rest can still be checked.

        Raises:
            RecordError: every field that cannot be read, with its path and why.
        """
        problems: list[Problem] = []

        def number(text: str, where: str) -> int | None:
            try:
                return parse_score(text, group=i18n.group_symbol())
            except CanastaError as error:
                problems.append(Problem(where, i18n.error_text(error)))
                return None

        data: dict[str, object] = {
            "variant": self.variant,
            "house_rules": sorted(self.house_rules),
        }
        target = number(self.target, "target")
        if target is not None:
            data["target"] = target
        if self.has_top_tier():
            top = number(self.top_tier_from, "top_tier_from")
            if top is not None:
                data["top_tier_from"] = top
        sides = []
        for i, side in enumerate(self.sides):
            entry: dict[str, object] = {
                "name": self.side_name(i),
                "players": [p.strip() for p in side.players if p.strip()],
            }
            start = number(side.start_score, f"sides[{i}].start_score")
            if start is not None:
                entry["start_score"] = start
            sides.append(entry)
        data["sides"] = sides
        if problems and not lenient:
            raise RecordError(problems)
        return validate_record(MatchRecord, data)
