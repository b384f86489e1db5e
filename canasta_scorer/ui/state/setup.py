"""The new-match form: its only writer."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from canasta_scorer import i18n
from canasta_scorer.i18n import N_, _
from canasta_scorer.rules import (
    MAX_NAME,
    VARIANT_INFO,
    CanastaError,
    Code,
    Finding,
    MatchRecord,
    RecordError,
    Severity,
    Variant,
    parse_number,
    rule_set,
    rules_findings,
    score_match,
)
from canasta_scorer.store import MatchState, NamedRuleSet, Store, StoreError

from ..drafts import MatchSetup, SetupSide
from ..words import store_problem
from .work import Steps, drive

__all__ = [
    "NAME_LIMIT",
    "NO_EMOJI",
    "PRESETS",
    "TOO_LONG",
    "NewMatch",
    "default_sides",
    "has_emoji",
    "named_key",
]

#: The latest matches whose players are offered first on the form.
RECENT_MATCHES = 10

#: The longest name a named house-rule set may have (characters).
NAME_LIMIT = 80

#: Pictographs (emoji) and what builds them: the app's font has none of them, so a
#: name holding one would show boxes on every screen; names refuse them instead.
_EMOJI = re.compile(
    "[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\u2300-\u23ff"
    "\ufe0f\u200d\u20e3\U000e0020-\U000e007f]"
)
#: Why a name with an emoji is refused, in the player's words.
NO_EMOJI = N_("Names cannot hold emoji: the app's font cannot show them. Use letters.")
#: Why a name too long for a match file is refused (``{n}``: `MAX_NAME`).
TOO_LONG = N_("A name may have at most {n} characters.")
#: Why a blank seat beside a named one is marked (a side names all its players, or none).
SEAT_BLANK = N_("Type a name, or leave every seat of this side blank.")


def has_emoji(text: str) -> bool:
    """True when ``text`` holds an emoji (or a character that builds one).

    >>> has_emoji("Ann 🃏"), has_emoji("Zoë"), has_emoji("Nonna ❤")
    (True, False, True)
    """
    return _EMOJI.search(text) is not None


def named_key(name: str) -> str:
    """The preset id of a named house-rule set: ``set:`` and its name folded."""
    return "set:" + name.strip().casefold()


#: House-rule presets a table picks in one tap: id → (name, house rules). "ours",
#: the family's own set, is the last match's choice and is filled in by `NewMatch`.
PRESETS: dict[str, tuple[str, frozenset[str]]] = {
    "book": (N_("Classic book"), frozenset()),
    # the simplified digital version (rules §3): no initial minimum, going out always
    # allowed (the bonus only with a canasta), red threes never count minus
    "digital": (
        N_("Digital version"),
        frozenset({"no-initial-minimum", "go-out-without-canastas", "no-red-three-penalty"}),
    ),
}


def default_sides(variant: Variant) -> tuple[SetupSide, ...]:
    """The sides a variant starts with: default names, an empty seat per player; a
    side of one player is named by its player, left empty (blank, it is "Player 2":
    `MatchSetup.side_name`)."""
    sizes = VARIANT_INFO[variant].side_sizes
    names: tuple[str, ...]
    if sizes == (2, 2):
        names = (_("North-South"), _("East-West"))
    elif sizes == (3, 3):
        names = (_("Team A"), _("Team B"))
    elif sizes == (2, 2, 2):
        names = (_("Team A"), _("Team B"), _("Team C"))
    elif sizes == (3, 2):
        names = (_("Three"), _("Two"))
    else:
        names = ("",) * len(sizes)
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
        issues: the same by field: JSON path (``target``, ``sides[0].start_score``)
            → message.
        known_players: remembered players, to pick from.
        ours: the last match's house rules (``None`` before any match).
        named: the family's named house-rule sets, by name.
        named_problem: why the last save, rename or delete of a named set did not
            happen (``None`` when it did).
    """

    store: Store
    form: MatchSetup = field(default_factory=MatchSetup)
    problems: tuple[tuple[str, str], ...] = ()
    known_players: tuple[str, ...] = ()
    ours: frozenset[str] | None = None
    issues: tuple[tuple[str, str], ...] = ()
    named: tuple[NamedRuleSet, ...] = ()
    named_problem: str | None = None
    #: Start match was refused on this form: each change checks it again, so that a
    #: problem fixed goes (and a new one shows) without another tap on Start match.
    tried: bool = False
    #: The fields left after a change (JSON paths: ``target``, ``sides[0].name``):
    #: before Start match is tried, only their problems are shown, so that a field
    #: not yet reached, or still being typed in, is not marked.
    touched: frozenset[str] = frozenset()
    #: Told when a refused form has nothing left to fix (set by the navigation, which
    #: then takes back its "Not started" message).
    on_fixed: Callable[[], None] | None = field(default=None, repr=False)

    def start(self, variant: Variant | str = Variant.CLASSIC) -> None:
        """A fresh form for a variant; the family's own house rules (``ours``) are
        the last match's."""
        variant = Variant(variant)
        self.known_players = self._remembered()
        last = self.store.matches(limit=1)
        self.ours = (
            frozenset(r.value for r in self.store.match(last[0].id).record.house_rules)
            if last
            else None
        )
        self.named = tuple(self.store.rule_sets())
        self.named_problem = None
        self.form = MatchSetup(variant=variant.value, sides=default_sides(variant))
        self.problems = self.issues = ()
        self.tried = False
        self.touched = frozenset()

    # --- house-rule presets ------------------------------------------------------

    def presets(self) -> list[tuple[str, str, frozenset[str]]]:
        """The presets offered: (id, name, house rules); the family's own set when a
        match was played before and its rules are not one of the others; then every
        named set (id ``set:`` and its name folded)."""
        offered = [(key, _(name), rules) for key, (name, rules) in PRESETS.items()]
        if self.ours is not None and all(self.ours != rules for _, _, rules in offered):
            offered.append(("ours", _("Our rules (last match)"), self.ours))
        offered += [(named_key(s.name), s.name, s.house_rules) for s in self.named]
        return offered

    def preset(self) -> str | None:
        """The preset the house rules on the form are, if any."""
        chosen = self.form.house_rules
        return next((key for key, _, rules in self.presets() if rules == chosen), None)

    def apply_preset(self, key: str) -> None:
        """Take a preset's house rules (every other house rule off)."""
        rules = next((rules for k, _, rules in self.presets() if k == key), None)
        if rules is not None:
            self.form = self.form.model_copy(update={"house_rules": rules})

    def _named(self, act: Callable[[], object]) -> bool:
        """Do a change of the named sets in the store, then read them again; on a
        refusal keep the sets as they are and say why (`named_problem`)."""
        try:
            act()
        except StoreError as error:
            self.named_problem = store_problem(error)
            return False
        self.named = tuple(self.store.rule_sets())
        self.named_problem = None
        return True

    @staticmethod
    def set_name_problem(name: str) -> str | None:
        """Why a name typed for a set of house rules cannot be kept as it is typed
        (an emoji, in the words said of a player's name; more than `NAME_LIMIT`
        characters once stripped), shown at its field while it is typed; ``None``
        if nothing is wrong yet (an empty name is said only when Keep is tapped).

        >>> NewMatch.set_name_problem("Party 🎉")
        "Names cannot hold emoji: the app's font cannot show them. Use letters."
        >>> NewMatch.set_name_problem("Friday") is None
        True
        """
        name = name.strip()
        if has_emoji(name):
            return _(NO_EMOJI)
        if len(name) > NAME_LIMIT:
            return _("A name of house rules may have at most {n} characters.").format(n=NAME_LIMIT)
        return None

    def typing_set_name(self) -> None:
        """A set's name is being typed again: what the last Keep or Rename said of the
        name it had goes (what is typed now is checked as it is typed,
        `set_name_problem`)."""
        if self.named_problem is not None:
            self.named_problem = None

    def _set_name(self, name: str) -> str | None:
        """A set's name stripped, or ``None`` with `named_problem` saying why not."""
        name = name.strip()
        if not name:
            self.named_problem = _("Give the house rules a name to keep them by.")
            return None
        problem = self.set_name_problem(name)
        if problem is not None:
            self.named_problem = problem
            return None
        return name

    def save_named(self, name: str) -> bool:
        """Keep the house rules on the form under a name (a set of that name, in any
        case, is replaced); True when kept."""
        checked = self._set_name(name)
        rules = self.form.house_rules
        return checked is not None and self._named(lambda: self.store.save_rule_set(checked, rules))

    def rename_named(self, name: str, new_name: str) -> bool:
        """Give a named set another name; True when renamed."""
        checked = self._set_name(new_name)
        return checked is not None and self._named(
            lambda: self.store.rename_rule_set(name, checked)
        )

    def delete_named(self, name: str) -> bool:
        """Forget a named set; True when forgotten."""
        return self._named(lambda: self.store.delete_rule_set(name))

    # --- names -------------------------------------------------------------------

    def _seats(self, index: int) -> tuple[str, ...]:
        """A side's players as typed; a side of one player: its name (blank: the
        name it will have, "Player 2")."""
        side = self.form.sides[index]
        return side.players if side.players else (self.form.side_name(index),)

    def names_used(self) -> set[str]:
        """The player names already on the form, folded (a side of one player is
        named by its player)."""
        used = set()
        for index in range(len(self.form.sides)):
            used |= {n.strip().casefold() for n in self._seats(index) if n.strip()}
        return used

    def offered_players(self) -> tuple[str, ...]:
        """Remembered players to offer as chips: none already in this match."""
        used = self.names_used()
        return tuple(p for p in self.known_players if p.strip().casefold() not in used)

    def _remembered(self) -> tuple[str, ...]:
        """Every remembered player, those of the latest matches first (newest first,
        the ones a table plays with again), then the others in alphabetical order."""
        recent: dict[str, str] = {}
        for summary in self.store.matches(limit=RECENT_MATCHES):
            for players in summary.players:
                for name in players:
                    recent.setdefault(name.strip().casefold(), name)
        rest = [p for p in self.store.players() if p.strip().casefold() not in recent]
        return (*recent.values(), *rest)

    def name_problem(self, side: int, seat: int | None = None) -> str | None:
        """Why the name in a seat (``seat`` None: a side's name) cannot be taken as it
        is typed (an emoji, more than `MAX_NAME` characters), or ``None``."""
        mine = self.form.sides[side]
        name = mine.players[seat] if seat is not None else mine.name
        said = [message for _where, message in self._name_problems("", name)]
        return "\n".join(said) if said else None

    def twice(self, side: int, seat: int | None = None) -> bool:
        """True when the name in a seat (``seat`` None: a side of one player, its
        name) is given for another seat of this match too."""
        mine = self.form.sides[side]
        name = (mine.players[seat] if seat is not None else mine.name).strip().casefold()
        if not name:
            return False
        count = 0
        for index in range(len(self.form.sides)):
            count += sum(1 for n in self._seats(index) if n.strip().casefold() == name)
        return count > 1

    def dealers(self) -> list[str]:
        """Who may deal first, in seat order (a side of one player is its player,
        "Player 2" while left blank)."""
        depth = max((len(side.players) or 1 for side in self.form.sides), default=0)
        order = []
        for place in range(depth):
            for index in range(len(self.form.sides)):
                names = self._seats(index)
                if place < len(names) and names[place].strip():
                    order.append(names[place].strip())
        return order

    def refresh_players(self) -> None:
        """Read the remembered players again."""
        self.known_players = self._remembered()

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
        self.touched = frozenset()  # other fields now: none left yet
        self._recheck()

    def toggle_house_rule(self, rule: str, on: bool) -> None:
        """Turn a house rule on or off."""
        rules = set(self.form.house_rules)
        if on:
            rules.add(rule)
        else:
            rules.discard(rule)
        self.form = self.form.model_copy(update={"house_rules": frozenset(rules)})
        self._recheck()

    def house_rule_warnings(self) -> tuple[Finding, ...]:
        """The house rules chosen that do nothing with the variant or the other house
        rules (cutthroat-two-canastas outside three-player cutthroat, wild-meld-penalty
        without wild-card-melds …), as the rules engine warns of them (rules §3);
        empty when every one chosen counts."""
        return tuple(rules_findings(rule_set(self.form.variant, self.form.house_rules)))

    def set_target(self, text: str) -> None:
        """Set a custom target in points (empty: the variant's)."""
        self.form = self.form.model_copy(update={"target": text})
        self._recheck()

    def top_tier(self) -> int | None:
        """The score typed for the minimum of 150 (rules §3 O13) when the variant has
        that step and the rules accept it, in points; otherwise ``None`` (nothing typed,
        or what is typed is wrong: the form says so once Start match is tried)."""
        if not self.form.has_top_tier():
            return None
        try:
            value = parse_number(self.form.top_tier_from, group=i18n.group_symbol())
        except CanastaError:
            return None
        if value is None:
            return None
        rules = rule_set(self.form.variant, (), None, value)
        wrong = (Code.TOP_TIER_VALUE, Code.TOP_TIER_NO_EFFECT)
        return None if any(f.code in wrong for f in rules_findings(rules)) else value

    def set_top_tier(self, text: str) -> None:
        """Set the score from which the initial meld minimum is 150, in points (empty:
        the variant's; rules §3 O13); only a variant with that step uses it."""
        self.form = self.form.model_copy(update={"top_tier_from": text})
        self._recheck()

    def set_side(
        self,
        index: int,
        *,
        name: str | None = None,
        player: tuple[int, str] | None = None,
        start_score: str | None = None,
    ) -> None:
        """Change a side's name, one of its players (seat, name), or its start score.
        Once Start match was refused, the form is checked again (`tried`)."""
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
        self._recheck()

    def set_first_dealer(self, player: str | None) -> None:
        """Who deals the first hand."""
        self.form = self.form.model_copy(update={"first_dealer": player or None})
        self._recheck()

    def leave(self, where: str) -> None:
        """A field was left (its JSON path, ``target``, ``sides[1].start_score``): from
        now on what is wrong with it is shown under it as it changes, before Start
        match is tried (a seat left blank beside a named one is said only then)."""
        if where in self.touched:
            return
        self.touched |= {where}
        self._recheck()

    def _recheck(self) -> None:
        """Check the form again as it is now. After a refused Start match, every
        problem: what is fixed goes, what is still wrong stays marked; before, only
        the problems of the fields left (`touched`). Nothing is saved."""
        if not self.tried:
            if not self.touched:
                self.problems = self.issues = ()
                return
            found, _record = self._check()
            blank = _(SEAT_BLANK)
            self._say([(at, said) for at, said in found if at in self.touched and said != blank])
            return
        found, _record = self._check()
        self._say(found)
        if not found and self.on_fixed is not None:
            self.on_fixed()

    def _label(self, where: str) -> str:
        """A field of the form in the words on the screen, for a JSON path."""
        found = re.fullmatch(r"sides\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\])?", where)
        if found is None:
            return {
                "target": _("Target"),
                "top_tier_from": _("Minimum 150 from"),
                "variant": _("Variant"),
                "house_rules": _("House rules"),
                "sides": _("Sides"),
            }.get(where, where)
        index = int(found.group(1))
        sides = self.form.sides
        name = (self.form.side_name(index) if index < len(sides) else "") or _(
            "Side {value}"
        ).format(value=index + 1)
        field = found.group(2) or ""
        if found.group(3) is not None and field == "players":
            return _("{name} player {value}").format(name=name, value=int(found.group(3)) + 1)
        if field == "start_score":
            return _("{name} start score").format(name=name)
        if field == "name":
            return _("{name} name").format(name=name)
        if field == "players":
            return _("{name} players").format(name=name)
        return f"{name} {field}".strip()

    def create(self) -> tuple[MatchState, str | None] | None:
        """Start the match on the form; on a problem, keep the form and say why
        (`problems`).

        Returns:
            The new match and who deals first, or ``None`` if nothing was started.
        """
        return drive(self.creating())

    def creating(self) -> Steps[tuple[MatchState, str | None] | None]:
        """`create` as steps (see `canasta_scorer.ui.state.work`)."""
        found, record = self._check()
        if found or record is None:
            self.tried = True
            self._say(found)
            return None
        store = self.store
        try:
            state = yield lambda: store.create_match(record)
        except StoreError as error:  # RuleViolationError included: shown by the form
            self._say([("", store_problem(error))])
            return None
        self.problems = self.issues = ()
        self.tried = False
        self.touched = frozenset()
        # a dealer chosen before a name was changed is no one's now: the match's own
        dealer = self.form.first_dealer
        return state, dealer if dealer in self.dealers() else None

    def _check(self) -> tuple[list[tuple[str, str]], MatchRecord | None]:
        """Every problem of the form at once, at its field (JSON path, message): the
        names the app cannot show, the numbers that cannot be read, and what the
        rules find in the rest; and the match's record when there is none."""
        found: list[tuple[str, str]] = []
        long_names: set[str] = set()  # said too long here: not again in the file's words
        for index, side in enumerate(self.form.sides):
            found += self._name_problems(f"sides[{index}].name", side.name)
            if len(side.name.strip()) > MAX_NAME:
                long_names.add(f"sides[{index}].name")
            named = [player for player in side.players if player.strip()]  # as in the file
            for seat, player in enumerate(side.players):
                found += self._name_problems(f"sides[{index}].players[{seat}]", player)
                if len(player.strip()) > MAX_NAME:
                    long_names.add(f"sides[{index}].players[{named.index(player)}]")
        # the file's players are the seats filled in: its places, the form's seats
        seats = {
            f"sides[{index}].players[{k}]": f"sides[{index}].players[{seat}]"
            for index, side in enumerate(self.form.sides)
            for k, seat in enumerate(s for s, player in enumerate(side.players) if player.strip())
        }
        try:
            record = self.form.to_record()
        except RecordError as error:
            found += [
                (seats.get(p.where, p.where), i18n.problem_text(p))
                for p in error.problems
                if p.where not in long_names
            ]
            try:
                record = self.form.to_record(lenient=True)
            except RecordError as rest:
                found += [
                    (seats.get(p.where, p.where), i18n.problem_text(p))
                    for p in rest.problems
                    if p.where not in long_names
                ]
                return found, None
        # a side with some seats named and some blank (spaces only included): each
        # blank seat is marked, rather than the side's count of players
        partial = [
            f"sides[{index}].players[{seat}]"
            for index, side in enumerate(self.form.sides)
            if any(player.strip() for player in side.players)
            for seat, player in enumerate(side.players)
            if not player.strip()
        ]
        found += [(where, _(SEAT_BLANK)) for where in partial]
        score = score_match(record)
        found += [
            (seats.get(f.where, f.where), i18n.finding_text(f))
            for f in score.violations
            if f.severity is Severity.ERROR
            and not (partial and f.code is Code.SIDES_PLAYERS and f.where == "sides")
        ]
        return found, record if not found else None

    @staticmethod
    def _name_problems(where: str, name: str) -> list[tuple[str, str]]:
        """Why a typed name cannot be a match file's (an emoji; more than `MAX_NAME`
        characters once stripped, file-format §4), at its JSON path ``where``."""
        found = [(where, _(NO_EMOJI))] if has_emoji(name) else []
        if len(name.strip()) > MAX_NAME:
            found.append((where, _(TOO_LONG).format(n=MAX_NAME)))
        return found

    def _say(self, found: list[tuple[str, str]]) -> None:
        """Keep the problems found: by field (`issues`) and in words (`problems`)."""
        self.issues = tuple(dict.fromkeys(found))
        self.problems = tuple((self._label(where), message) for where, message in self.issues)

    def field_problem(self, where: str) -> str | None:
        """What is wrong with one field of the form (its JSON path: ``target``,
        ``sides[0].start_score``), every message of it, one a line; ``None`` if nothing."""
        said = [message for at, message in self.issues if at == where]
        return "\n".join(said) if said else None

    def other_problems(self, shown: set[str]) -> tuple[tuple[str, str], ...]:
        """The problems of no field in ``shown``, in words (field: message), the
        field's name left out where the message already starts with it."""
        out = []
        for where, message in self.issues:
            if where in shown:
                continue
            label = self._label(where)
            first = message.split(" ", 1)[0].casefold()
            out.append(("" if label.casefold().endswith(first) else label, message))
        return tuple(out)
