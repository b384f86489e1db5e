"""The rule checker's form: what the players describe, and the engine's verdict.

Pure data (no Flet): the app state keeps one `CheckerForm` and replaces it on every
change; `CheckerForm.verdict` asks `canasta_scorer.rules.settle`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

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
    parse_cards,
    parse_meld,
    parse_number,
    rule_set,
    settle,
)

__all__ = ["QUESTIONS", "CheckerForm", "Question"]

Question = Literal["meld", "pile", "go-out", "first-meld"]

#: The questions, in the order shown, with their wording.
QUESTIONS: dict[str, str] = {
    "meld": "Is this meld legal?",
    "pile": "May I take the pile?",
    "go-out": "May we go out?",
    "first-meld": "Is this first meld enough?",
}


def _melds(text: str, where: str, problems: list[tuple[str, str]]) -> tuple[Meld, ...]:
    melds = []
    for number, part in enumerate(p for p in text.split(";") if p.strip()):
        try:
            melds.append(parse_meld(part))
        except CanastaError as error:
            problems.append((where, f"meld {number + 1}: {error}"))
    return tuple(melds)


def _cards(text: str, where: str, problems: list[tuple[str, str]]) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except CanastaError as error:
        problems.append((where, str(error)))
        return ()


def _card(text: str, where: str, problems: list[tuple[str, str]], *, required: bool) -> Card | None:
    cards = _cards(text, where, problems)
    if len(cards) > 1:
        problems.append((where, "give one card"))
        return None
    if not cards and required:
        problems.append((where, "give the card"))
        return None
    return cards[0] if cards else None


def _number(text: str, where: str, problems: list[tuple[str, str]], default: int = 0) -> int:
    try:
        number = parse_number(text)
    except CanastaError as error:
        problems.append((where, str(error)))
        return default
    return default if number is None else number


class CheckerForm(BaseModel):
    """Everything the rule checker screen asks for.

    Melds are written as cards, several melds separated by ``;`` (``K K K; Q Q 2``).
    """

    model_config = ConfigDict(frozen=True)

    question: Question = "meld"
    variant: str = "classic"
    house_rules: frozenset[str] = frozenset()
    # Is this meld legal?
    cards: tuple[Card, ...] = ()
    going_out: bool = False
    # May I take the pile?
    top: str = ""
    hand: str = ""
    pile_size: str = "2"
    wild_in_pile: bool = False
    red_three_upcard: bool = False
    black_three_in_pile: bool = False
    side_melded: bool = True
    score: str = "0"
    side_melds: str = ""
    # May we go out?
    table: str = ""
    this_turn: str = ""
    discard: str = ""
    player_melded: bool = True
    took_pile: bool = False
    # First meld
    first_melds: str = ""
    buried: str = ""

    def rules(self) -> RuleSet:
        """The rules the question is asked under."""
        return rule_set(self.variant, sorted(self.house_rules))

    def card_text(self) -> str:
        """The cards on the card pad, as text."""
        return format_cards(self.cards)

    def verdict(self) -> tuple[Verdict | None, tuple[tuple[str, str], ...]]:
        """The engine's answer, or the fields that cannot be read (field, message)."""
        problems: list[tuple[str, str]] = []
        rules = self.rules()
        verdict: Verdict | None = None
        score = _number(self.score, "score", problems)
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
            top = _card(self.top, "top", problems, required=True)
            hand = _cards(self.hand, "hand", problems)
            melds = _melds(self.side_melds, "side_melds", problems)
            size = _number(self.pile_size, "pile_size", problems, default=2)
            if size < 1:
                problems.append(("pile_size", "the pile holds at least its top card"))
            if top is not None and not problems:
                verdict = settle(
                    "pile",
                    PileSituation(
                        top=top,
                        pile_size=size,
                        wild_in_pile=self.wild_in_pile,
                        red_three_upcard=self.red_three_upcard,
                        black_three_in_pile=self.black_three_in_pile,
                        side_has_melded=self.side_melded,
                        side_score=score,
                        hand=hand,
                        side_melds=melds,
                    ),
                    rules,
                )
        elif self.question == "go-out":
            table = _melds(self.table, "table", problems)
            this_turn = _melds(self.this_turn, "this_turn", problems)
            discard = _card(self.discard, "discard", problems, required=False)
            if not this_turn and not table and not problems:
                return None, ()
            if not problems:
                verdict = settle(
                    "go-out",
                    GoOutSituation(
                        table_melds=table,
                        this_turn=this_turn,
                        discard=discard,
                        side_has_melded=self.side_melded,
                        player_has_melded=self.player_melded,
                        took_pile=self.took_pile,
                        side_score=score,
                    ),
                    rules,
                )
        else:
            melds = _melds(self.first_melds, "first_melds", problems)
            top = _card(self.top, "top", problems, required=False)
            buried = _cards(self.buried, "buried", problems)
            if not melds and not problems:
                return None, ()
            if not problems:
                verdict = settle(
                    "first-meld",
                    FirstMeldSituation(melds=melds, top=top, buried=buried, side_score=score),
                    rules,
                )
        return verdict, tuple(problems)
