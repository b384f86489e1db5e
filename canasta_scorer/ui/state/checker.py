"""The rule checker's question, its situation and the verdict: their only writer."""

from __future__ import annotations

from dataclasses import dataclass, field

from canasta_scorer import i18n
from canasta_scorer.rules import (
    CanastaError,
    Card,
    MatchRecord,
    Verdict,
    initial_meld_minimum,
    parse_score,
)

from ..checker_form import CheckerForm

__all__ = ["Checker"]


@dataclass(eq=False)
class Checker:
    """The rule checker.

    Attributes:
        form: the question and what is filled in.
        verdict: the answer (``None`` until the form can be read).
        problems: fields that cannot be read, path → message.
        sides: opened from a match, its sides with their scores (points), to ask for;
            empty when opened from home.
        side: the side of the match the question is asked for.
        match_rules: opened from a match, its variant and house rules (ids); ``None``
            when opened from home.
    """

    form: CheckerForm = field(default_factory=CheckerForm)
    verdict: Verdict | None = None
    problems: tuple[tuple[str, str], ...] = ()
    sides: tuple[tuple[str, int], ...] = ()
    side: int = 0
    match_rules: tuple[str, frozenset[str]] | None = None

    def open_for(self, record: MatchRecord | None, totals: tuple[int, ...] = ()) -> None:
        """Start from a match: its variant, house rules, and the first side's score
        (``totals``: each side's running total, in points); or (``None``, from home)
        from a plain classic game. The question asked stays."""
        if record is not None:
            self.sides = tuple(
                (side.name, totals[i] if i < len(totals) else side.start_score)
                for i, side in enumerate(record.sides)
            )
            self.form = CheckerForm(
                question=self.form.question,
                pad=self.form.pad,
                variant=record.variant.value,
                house_rules=frozenset(rule.value for rule in record.house_rules),
                top_tier_from=record.top_tier_from,
                score=str(self.sides[0][1]) if self.sides else "0",
            )
            self.match_rules = (self.form.variant, self.form.house_rules)
        else:
            self.sides = ()
            self.match_rules = None
            self.form = CheckerForm(question=self.form.question, pad=self.form.pad)
        self.side = 0
        self._check()

    def choose_side(self, index: int) -> None:
        """Ask for another side of the match: its score is filled in."""
        if 0 <= index < len(self.sides):
            self.side = index
            self.set(score=str(self.sides[index][1]))

    def toggle_house_rule(self, rule: str, on: bool) -> None:
        """Ask under a house rule (rules §3), or without it; the verdict follows."""
        chosen = self.form.house_rules | {rule} if on else self.form.house_rules - {rule}
        self.set(house_rules=frozenset(chosen))

    @property
    def match_s_rules(self) -> bool:
        """Whether the question is asked under the rules of the match it was opened
        from (its variant and house rules, unchanged)."""
        return self.match_rules == (self.form.variant, self.form.house_rules)

    def minimum(self) -> tuple[int, int] | None:
        """The score filled in and the initial meld minimum at it (points), or
        ``None`` when the score cannot be read or is not typed (empty is not 0)."""
        try:
            score = parse_score(self.form.score, group=i18n.group_symbol())
        except CanastaError:
            return None
        if score is None:
            return None
        return score, initial_meld_minimum(score, self.form.rules())

    def set(self, **changes: object) -> None:
        """Change the question or inputs; the verdict follows. A new question starts
        from a clean form (the variant, house rules and score are kept)."""
        question = changes.get("question")
        if question is not None and question != self.form.question:
            fresh = CheckerForm(
                variant=self.form.variant,
                house_rules=self.form.house_rules,
                top_tier_from=self.form.top_tier_from,
                score=self.form.score,
                question=question,
            )
            self.form = fresh.model_copy(update={"pad": fresh.slots()[0].field})
        self.form = self.form.model_copy(update=changes)
        self._check()

    def point_pad(self, slot: str) -> None:
        """Make the card pad fill another slot of the question."""
        if any(s.field == slot for s in self.form.slots()):
            self.form = self.form.model_copy(update={"pad": slot})

    def card(self, card: Card | None) -> None:
        """A card from the card pad into its slot (``None`` takes the last one back)."""
        self.form = self.form.tap(card) if card is not None else self.form.take_back()
        self._check()

    def next_meld(self) -> None:
        """Start another meld in the pad's slot."""
        self.form = self.form.next_meld()
        self._check()

    def clear(self) -> None:
        """Empty the pad's slot."""
        self.form = self.form.clear()
        self._check()

    def _check(self) -> None:
        self.verdict, self.problems = self.form.verdict()
