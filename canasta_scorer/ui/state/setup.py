"""The new-match form: its only writer."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from canasta_scorer.rules import VARIANT_INFO, RecordError, Severity, Variant, score_match
from canasta_scorer.store import MatchState, RuleViolationError, Store, StoreError

from ..drafts import MatchSetup, SetupSide

__all__ = ["NewMatch", "default_sides"]


def default_sides(variant: Variant) -> tuple[SetupSide, ...]:
    """The sides a variant starts with: default names, an empty seat per player."""
    sizes = VARIANT_INFO[variant].side_sizes
    names: tuple[str, ...]
    if sizes == (2, 2):
        names = ("North-South", "East-West")
    elif sizes == (3, 3):
        names = ("Team A", "Team B")
    elif sizes == (2, 2, 2):
        names = ("Team A", "Team B", "Team C")
    elif sizes == (3, 2):
        names = ("Three", "Two")
    else:
        names = tuple(f"Player {n + 1}" for n in range(len(sizes)))
    return tuple(
        SetupSide(name=name, players=("",) * size if size > 1 else ())
        for name, size in zip(names, sizes, strict=True)
    )


@dataclass(eq=False)
class NewMatch:
    """A match being set up.

    Attributes:
        form: what is typed and chosen on the form.
        problems: why the form cannot start a match, field in words → message.
        known_players: remembered players, to pick from.
    """

    store: Store
    form: MatchSetup = field(default_factory=MatchSetup)
    problems: tuple[tuple[str, str], ...] = ()
    known_players: tuple[str, ...] = ()

    def start(self, variant: Variant | str = Variant.CLASSIC) -> None:
        """A fresh form for a variant."""
        variant = Variant(variant)
        self.known_players = tuple(self.store.players())
        self.form = MatchSetup(variant=variant.value, sides=default_sides(variant))
        self.problems = ()

    def refresh_players(self) -> None:
        """Read the remembered players again."""
        self.known_players = tuple(self.store.players())

    def set_variant(self, variant: str) -> None:
        """Change the variant; sides are reshaped for it, names kept where they fit
        (a side name left as the old variant's default takes the new default)."""
        old = self.form.sides
        was = default_sides(Variant(self.form.variant))
        fresh = default_sides(Variant(variant))
        sides = []
        for i, side in enumerate(fresh):
            if i < len(old):
                players = tuple((old[i].players + ("",) * len(side.players))[: len(side.players)])
                untouched = i < len(was) and old[i].name == was[i].name
                name = side.name if untouched else old[i].name
                sides.append(old[i].model_copy(update={"players": players, "name": name}))
            else:
                sides.append(side)
        self.form = self.form.model_copy(
            update={"variant": variant, "sides": tuple(sides), "first_dealer": None}
        )
        self.problems = ()

    def toggle_house_rule(self, rule: str, on: bool) -> None:
        """Turn a house rule on or off."""
        rules = set(self.form.house_rules)
        if on:
            rules.add(rule)
        else:
            rules.discard(rule)
        self.form = self.form.model_copy(update={"house_rules": frozenset(rules)})

    def set_target(self, text: str) -> None:
        """Set a custom target in points (empty: the variant's)."""
        self.form = self.form.model_copy(update={"target": text})

    def set_side(
        self,
        index: int,
        *,
        name: str | None = None,
        player: tuple[int, str] | None = None,
        start_score: str | None = None,
    ) -> None:
        """Change a side's name, one of its players (seat, name), or its start score."""
        sides = list(self.form.sides)
        side = sides[index]
        if name is not None:
            side = side.model_copy(update={"name": name})
        if player is not None:
            seat, value = player
            players = list(side.players)
            players[seat] = value
            side = side.model_copy(update={"players": tuple(players)})
        if start_score is not None:
            side = side.model_copy(update={"start_score": start_score})
        sides[index] = side
        self.form = self.form.model_copy(update={"sides": tuple(sides)})

    def set_first_dealer(self, player: str | None) -> None:
        """Who deals the first hand."""
        self.form = self.form.model_copy(update={"first_dealer": player or None})

    def _label(self, where: str) -> str:
        """A field of the form in the words on the screen, for a JSON path."""
        found = re.fullmatch(r"sides\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\])?", where)
        if found is None:
            return {
                "target": "Target",
                "variant": "Variant",
                "house_rules": "House rules",
                "sides": "Sides",
            }.get(where, where)
        index = int(found.group(1))
        sides = self.form.sides
        name = (sides[index].name.strip() if index < len(sides) else "") or f"Side {index + 1}"
        field_name = {"start_score": "start score", "name": "name", "players": "players"}.get(
            found.group(2) or "", found.group(2) or ""
        )
        if found.group(3) is not None and found.group(2) == "players":
            return f"{name} player {int(found.group(3)) + 1}"
        return f"{name} {field_name}".strip()

    def create(self) -> tuple[MatchState, str | None] | None:
        """Start the match on the form; on a problem, keep the form and say why
        (`problems`).

        Returns:
            The new match and who deals first, or ``None`` if nothing was started.
        """
        try:
            record = self.form.to_record()
        except RecordError as error:
            self.problems = tuple((self._label(p.where), p.message) for p in error.problems)
            return None
        score = score_match(record)
        errors = [f for f in score.violations if f.severity is Severity.ERROR]
        if errors:
            self.problems = tuple((self._label(f.where), f.message) for f in errors)
            return None
        try:
            state = self.store.create_match(record)
        except (RuleViolationError, StoreError) as error:
            self.problems = (("", str(error)),)
            return None
        self.problems = ()
        return state, self.form.first_dealer
