"""The rule checker's question, its situation and the verdict: their only writer."""

from __future__ import annotations

from dataclasses import dataclass, field

from canasta_scorer.rules import Card, MatchRecord, Verdict

from ..checker_form import CheckerForm

__all__ = ["Checker"]


@dataclass(eq=False)
class Checker:
    """The rule checker.

    Attributes:
        form: the question and what is filled in.
        verdict: the answer (``None`` until the form can be read).
        problems: fields that cannot be read, path → message.
    """

    form: CheckerForm = field(default_factory=CheckerForm)
    verdict: Verdict | None = None
    problems: tuple[tuple[str, str], ...] = ()
    _from_match: bool = False

    def open_for(self, record: MatchRecord | None) -> None:
        """Start from a match's variant and house rules, or (``None``, from home)
        from the form as it was, without a match's house rules."""
        if record is not None:
            self.form = self.form.model_copy(
                update={
                    "variant": record.variant.value,
                    "house_rules": frozenset(rule.value for rule in record.house_rules),
                }
            )
        elif self._from_match:  # a match's rules do not stay on
            self.form = self.form.model_copy(update={"house_rules": frozenset()})
        self._from_match = record is not None
        self._check()

    def set(self, **changes: object) -> None:
        """Change the question or inputs; the verdict follows. A new question starts
        from a clean form (the variant and house rules are kept)."""
        question = changes.get("question")
        if question is not None and question != self.form.question:
            self.form = CheckerForm(variant=self.form.variant, house_rules=self.form.house_rules)
        self.form = self.form.model_copy(update=changes)
        self._check()

    def card(self, card: Card | None) -> None:
        """Add a card from the card pad (``None`` takes the last one back)."""
        cards = self.form.cards
        self.set(cards=cards[:-1] if card is None else (*cards, card))

    def _check(self) -> None:
        self.verdict, self.problems = self.form.verdict()
