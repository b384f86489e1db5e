"""The rule checker's form: what the players describe, and the engine's verdict.

Pure data (no Flet): the app state keeps one `CheckerForm` and replaces it on every
change; `CheckerForm.verdict` asks `canasta_scorer.rules.settle`. Every card is put
in with the card pad: melds as lists of cards, one meld after another ("next meld"),
so no typed separator can ever run two melds into one.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from canasta_scorer import i18n
from canasta_scorer.i18n import N_, _
from canasta_scorer.rules import (
    CanastaError,
    Card,
    FirstMeldSituation,
    GoOutSituation,
    Meld,
    MeldSituation,
    PileSituation,
    RuleSet,
    Verdict,
    format_cards,
    parse_number,
    parse_score,
    rule_set,
    settle,
)

__all__ = ["CARD_SLOTS", "QUESTIONS", "SCORE_NEEDED", "CheckerForm", "Question", "Slot", "SlotKind"]

Question = Literal["meld", "pile", "go-out", "first-meld"]

#: The questions, in the order shown, with their wording.
QUESTIONS: dict[str, str] = {
    "meld": N_("Is this meld legal?"),
    "pile": N_("May I take the pile?"),
    "go-out": N_("May we go out?"),
    "first-meld": N_("Is this first meld enough?"),
}

#: What a slot of the card pad holds: one card, some cards, or melds.
SlotKind = Literal["card", "cards", "melds"]
Melds = tuple[tuple[Card, ...], ...]


class Slot(BaseModel):
    """A place on the form the card pad fills: its field, label and kind."""

    model_config = ConfigDict(frozen=True)

    field: str
    label: str
    kind: SlotKind
    empty: str


#: The card pad's slots of each question, in the order shown.
CARD_SLOTS: dict[str, tuple[Slot, ...]] = {
    "meld": (Slot(field="cards", label=N_("The meld"), kind="cards", empty=N_("Tap its cards")),),
    "pile": (
        Slot(field="top", label=N_("Top card of the pile"), kind="card", empty=N_("Tap it")),
        Slot(field="hand", label=N_("Cards in your hand"), kind="cards", empty=N_("None")),
        Slot(
            field="side_melds",
            label=N_("Your side's melds on the table"),
            kind="melds",
            empty=N_("None"),
        ),
    ),
    "go-out": (
        Slot(
            field="table",
            label=N_("Your side's melds already on the table"),
            kind="melds",
            empty=N_("None"),
        ),
        Slot(field="this_turn", label=N_("Melds laid this turn"), kind="melds", empty=N_("None")),
        Slot(
            field="discard",
            label=N_("Your discard"),
            kind="card",
            empty=N_("None: every card is melded"),
        ),
        Slot(
            field="buried",
            label=N_("Pile cards melded this turn, besides its top card"),
            kind="cards",
            empty=N_("None"),
        ),
    ),
    "first-meld": (
        Slot(
            field="first_melds",
            label=N_("The melds laid (the top discard included)"),
            kind="melds",
            empty=N_("Tap their cards"),
        ),
        Slot(
            field="top",
            label=N_("Top discard taken, if the pile was taken"),
            kind="card",
            empty=N_("None"),
        ),
        Slot(
            field="buried",
            label=N_("Other pile cards melded the same turn"),
            kind="cards",
            empty=N_("None"),
        ),
    ),
}


#: Why there is no answer while the side's score is empty (it is not taken as 0).
SCORE_NEEDED = N_("type your side's score: the initial meld minimum follows it")


def _number(text: str, where: str, problems: list[tuple[str, str]], default: int = 0) -> int:
    try:
        # a score as the command line takes it (at most the largest a match can have)
        number = (parse_score if where == "score" else parse_number)(
            text, group=i18n.group_symbol()
        )
    except CanastaError as error:
        problems.append((where, i18n.error_text(error)))
        return default
    return default if number is None else number


def _melds(melds: Melds, where: str, problems: list[tuple[str, str]]) -> tuple[Meld, ...]:
    out = []
    for number, cards in enumerate(m for m in melds if m):
        try:
            out.append(Meld.from_cards(cards))
        except CanastaError as error:
            problems.append(
                (
                    where,
                    _("meld {value}: {error}").format(
                        value=number + 1, error=i18n.error_text(error)
                    ),
                )
            )
    return tuple(out)


def melds_text(melds: Melds) -> list[str]:
    """Each meld of a slot as its cards (``K K K``), empty melds left out."""
    return [format_cards(m) for m in melds if m]


def melds_shown(melds: Melds) -> str:
    """A meld slot in words: ``6 6 6, then A A A 2``; a new meld started and still
    empty is shown after the others (``6 6 6, then …``)."""
    parts = melds_text(melds)
    if parts and melds and not melds[-1]:
        parts.append("…")
    if not parts:
        return ""
    shown = parts[0]
    for meld in parts[1:]:
        shown = _("{melds}, then {meld}").format(melds=shown, meld=meld)
    return shown


class CheckerForm(BaseModel):
    """Everything the rule checker screen asks for.

    Attributes:
        question: the question asked.
        variant, house_rules: the rules it is asked under.
        top_tier_from: opened from a match that sets one, the score from which the
            initial meld minimum is 150 (points; rules §3 O13); ``None``: the variant's.
        pad: the slot the card pad fills (a field of `CARD_SLOTS`).
        score: the side's score, in points, as typed (it sets the initial meld minimum).
        The other fields are the question's situation: cards and melds as card tuples.
    """

    model_config = ConfigDict(frozen=True)

    question: Question = "meld"
    variant: str = "classic"
    house_rules: frozenset[str] = frozenset()
    top_tier_from: int | None = None
    pad: str = "cards"
    score: str = "0"
    # Is this meld legal?
    cards: tuple[Card, ...] = ()
    going_out: bool = False
    # May I take the pile?
    top: Card | None = None
    hand: tuple[Card, ...] = ()
    pile_size: str = "2"
    wild_in_pile: bool = False
    red_three_upcard: bool = False
    black_three_in_pile: bool = False
    side_melded: bool = True
    side_melds: Melds = ()
    # May we go out?
    table: Melds = ()
    this_turn: Melds = ()
    discard: Card | None = None
    player_melded: bool = True
    took_pile: bool = False
    # First meld
    first_melds: Melds = ()
    buried: tuple[Card, ...] = ()

    def rules(self) -> RuleSet:
        """The rules the question is asked under."""
        return rule_set(self.variant, sorted(self.house_rules), None, self.top_tier_from)

    def card_text(self) -> str:
        """The cards of "Is this meld legal?", as text."""
        return format_cards(self.cards)

    def slots(self) -> tuple[Slot, ...]:
        """The card pad's slots of the question asked."""
        return CARD_SLOTS[self.question]

    def slot(self) -> Slot:
        """The slot the card pad fills now."""
        slots = self.slots()
        return next((s for s in slots if s.field == self.pad), slots[0])

    def shown(self, slot: Slot) -> str:
        """What a slot holds, in words: ``K K K`` or ``6 6 6, then A A A 2``."""
        value = getattr(self, slot.field)
        if slot.kind == "card":
            return value.value if value is not None else ""
        if slot.kind == "cards":
            return format_cards(value)
        return melds_shown(value)

    def tap(self, card: Card) -> CheckerForm:
        """The form with a card tapped into the pad's slot (a card slot takes it in
        place of the one there; a meld slot adds it to the meld being laid)."""
        slot = self.slot()
        value = getattr(self, slot.field)
        if slot.kind == "card":
            new: object = card
        elif slot.kind == "cards":
            new = (*value, card)
        else:
            melds = value or ((),)
            new = (*melds[:-1], (*melds[-1], card))
        return self.model_copy(update={slot.field: new})

    def next_meld(self) -> CheckerForm:
        """The form with a new meld started in the pad's meld slot (nothing if the
        meld being laid is still empty)."""
        slot = self.slot()
        value = getattr(self, slot.field)
        if slot.kind != "melds" or not value or not value[-1]:
            return self
        return self.model_copy(update={slot.field: (*value, ())})

    def take_back(self) -> CheckerForm:
        """The form with the pad's last card taken back."""
        slot = self.slot()
        value = getattr(self, slot.field)
        if slot.kind == "card":
            new: object = None
        elif slot.kind == "cards":
            new = value[:-1]
        else:
            melds = list(value)
            if melds and not melds[-1]:
                melds.pop()  # the meld just started, still empty, goes first
            elif melds:
                # its last card goes; the meld stays, empty, after the others (the
                # break between them goes with the next take back)
                melds[-1] = melds[-1][:-1]
                if len(melds) == 1 and not melds[0]:
                    melds.pop()
            new = tuple(melds)
        return self.model_copy(update={slot.field: new})

    def clear(self) -> CheckerForm:
        """The form with the pad's slot emptied."""
        slot = self.slot()
        return self.model_copy(update={slot.field: None if slot.kind == "card" else ()})

    def needs_score(self) -> bool:
        """Whether the answer follows the side's score: its initial meld minimum counts
        for a first meld, and for taking the pile or going out before the side melded."""
        if self.question == "first-meld":
            return True
        return self.question in ("pile", "go-out") and not self.side_melded

    def verdict(self) -> tuple[Verdict | None, tuple[tuple[str, str], ...]]:
        """The engine's answer, or the fields that cannot be read (field, message)."""
        problems: list[tuple[str, str]] = []
        rules = self.rules()
        verdict: Verdict | None = None
        score = _number(self.score, "score", problems)
        if not self.score.strip() and self.needs_score():
            # an empty score is not 0: the minimum, and so the answer, follows it
            problems.append(("score", _(SCORE_NEEDED)))
        if self.question == "meld":
            if not self.cards:
                return None, ()
            verdict = settle(
                "meld",
                MeldSituation(
                    meld=Meld.from_cards(self.cards), going_out=True if self.going_out else None
                ),
                rules,
            )
        elif self.question == "pile":
            melds = _melds(self.side_melds, "side_melds", problems)
            size = _number(self.pile_size, "pile_size", problems, default=2)
            if size < 1:
                problems.append(("pile_size", _("the pile holds at least its top card")))
            if self.top is not None and not problems:
                verdict = settle(
                    "pile",
                    PileSituation(
                        top=self.top,
                        pile_size=size,
                        wild_in_pile=self.wild_in_pile,
                        red_three_upcard=self.red_three_upcard,
                        black_three_in_pile=self.black_three_in_pile,
                        side_has_melded=self.side_melded,
                        side_score=score,
                        hand=self.hand,
                        side_melds=melds,
                    ),
                    rules,
                )
        elif self.question == "go-out":
            table = _melds(self.table, "table", problems)
            this_turn = _melds(self.this_turn, "this_turn", problems)
            if not this_turn and not table and not problems:
                return None, ()
            if not problems:
                verdict = settle(
                    "go-out",
                    GoOutSituation(
                        table_melds=table,
                        this_turn=this_turn,
                        discard=self.discard,
                        side_has_melded=self.side_melded,
                        player_has_melded=self.player_melded,
                        took_pile=self.took_pile,
                        buried=self.buried,
                        side_score=score,
                    ),
                    rules,
                )
        else:
            melds = _melds(self.first_melds, "first_melds", problems)
            if not melds and not problems:
                return None, ()
            if not problems:
                verdict = settle(
                    "first-meld",
                    FirstMeldSituation(
                        melds=melds, top=self.top, buried=self.buried, side_score=score
                    ),
                    rules,
                )
        return verdict, tuple(problems)
