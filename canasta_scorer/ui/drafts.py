"""What the players type in the app, before it is a hand or a match: the drafts.

Drafts are immutable values; the app state replaces them on every change. They
turn into the contract's records (`MatchHand`, `MatchRecord`) through the rules
models, so a draft that cannot be a record says why in plain words.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from canasta_scorer.rules import (
    Card,
    MatchHand,
    MatchRecord,
    Meld,
    MeldRank,
    Problem,
    RecordError,
    RuleSet,
    WentOut,
    format_cards,
)
from canasta_scorer.rules.cards import PointClass, cards_for_point_classes, parse_cards
from canasta_scorer.rules.records import validate_record

__all__ = [
    "HandDraft",
    "LeftDraft",
    "MatchSetup",
    "MeldDraft",
    "SetupSide",
    "SideDraft",
]

Count = Annotated[int, Field(ge=0, le=200)]


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


class SideDraft(BaseModel):
    """One side's part of the hand being entered."""

    model_config = ConfigDict(frozen=True)

    melds: tuple[MeldDraft, ...] = ()
    red_threes: Count = 0
    went_out: WentOut = WentOut.NO
    went_out_by: str | None = None
    left: tuple[LeftDraft, ...] = (LeftDraft(),)


class HandDraft(BaseModel):
    """The hand being entered (a new hand, or an edit of hand ``number``)."""

    model_config = ConfigDict(frozen=True)

    number: int | None = None
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
        )

    @classmethod
    def from_hand(cls, record: MatchRecord, number: int) -> HandDraft:
        """A draft to edit hand ``number`` of a match, cards left shown as typed cards."""
        hand = record.hands[number]
        if any(play.quick for play in hand.sides):
            return cls(
                number=number,
                sides=cls.blank(record).sides,
                dealer=hand.dealer,
                note=hand.note or "",
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
                left = tuple(
                    LeftDraft(
                        by_cards=True, cards=format_cards(folded.get(p.strip().casefold(), ()))
                    )
                    for p in players
                )
            else:
                cards = format_cards(left_map)
                left = tuple(
                    LeftDraft(by_cards=True, cards=cards if i == 0 else "")
                    for i in range(len(players))
                )
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
            sides=tuple(sides),
            dealer=hand.dealer,
            note=hand.note or "",
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
        deck is never exceeded (`cards_for_point_classes`).

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
                    except ValueError as error:
                        problems.append(Problem(f"sides[{i}].left_in_hand[{j}]", str(error)))
                        typed[i, j] = ()
                    used.update(typed[i, j])
        if problems:
            raise RecordError(problems)
        sides = []
        for i, (side, setup) in enumerate(zip(self.sides, record.sides, strict=False)):
            players = setup.players
            lefts: list[str] = []
            for j, left in enumerate(side.left):
                if left.by_cards:
                    cards = typed[i, j]
                else:
                    cards = cards_for_point_classes(left.counts(), used, rules.deck)
                    used.update(cards)
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
        if self.note.strip():
            hand["note"] = self.note.strip()
        return validate_record(MatchHand, hand)

    def _quick_hand(self, record: MatchRecord) -> MatchHand:
        problems: list[Problem] = []
        sides: list[dict[str, object]] = []
        for index in range(len(record.sides)):
            text = (self.totals[index] if index < len(self.totals) else "").strip()
            text = text.replace(",", "").replace("−", "-").replace(" ", "")
            try:
                sides.append({"total": int(text)})
            except ValueError:
                what = f"{text!r} is not a whole number" if text else "type the hand total"
                problems.append(Problem(f"sides[{index}].total", what))
        if problems:
            raise RecordError(problems)
        hand: dict[str, object] = {"sides": sides}
        for key in ("dealer", "lone_hand", "sitting_out"):
            value = getattr(self, key)
            if value:
                hand[key] = value
        if self.note.strip():
            hand["note"] = self.note.strip()
        return validate_record(MatchHand, hand)


class SetupSide(BaseModel):
    """One side on the new-match screen."""

    model_config = ConfigDict(frozen=True)

    name: str = ""
    players: tuple[str, ...] = ()
    start_score: str = ""


class MatchSetup(BaseModel):
    """The new-match screen: variant, house rules, target, sides, first dealer."""

    model_config = ConfigDict(frozen=True)

    variant: str = "classic"
    house_rules: frozenset[str] = frozenset()
    target: str = ""
    sides: tuple[SetupSide, ...] = ()
    first_dealer: str | None = None

    def to_record(self) -> MatchRecord:
        """The match file this setup starts.

        Raises:
            RecordError: every field that cannot be read, with its path and why.
        """
        problems: list[Problem] = []

        def number(text: str, where: str) -> int | None:
            text = text.strip().replace("−", "-")
            if re.fullmatch(r"-?\d{1,3}(,\d{3})+", text):
                text = text.replace(",", "")
            if not text:
                return None
            try:
                return int(text)
            except ValueError:
                problems.append(Problem(where, f"{text!r} is not a whole number"))
                return None

        data: dict[str, object] = {
            "variant": self.variant,
            "house_rules": sorted(self.house_rules),
        }
        target = number(self.target, "target")
        if target is not None:
            data["target"] = target
        sides = []
        for i, side in enumerate(self.sides):
            entry: dict[str, object] = {
                "name": side.name.strip(),
                "players": [p.strip() for p in side.players if p.strip()],
            }
            start = number(side.start_score, f"sides[{i}].start_score")
            if start is not None:
                entry["start_score"] = start
            sides.append(entry)
        data["sides"] = sides
        if problems:
            raise RecordError(problems)
        return validate_record(MatchRecord, data)
