"""Hand and match files as models: exactly the contract of ``docs/file-format.md``.

Unknown keys are errors, numbers must be whole numbers (not text, not ``true``),
cards and melds are read with `parse_cards` and `parse_meld`. `load_hand` and
`load_match` turn JSON text into a record or raise `RecordError` listing every
problem with its JSON path; `dump_hand` and `dump_match` write records that load
back equal.

>>> record = load_hand('{"sides": [{"name": "Us", "melds": ["K K K"]}, {"name": "Them"}]}')
>>> record.sides[0].melds[0].points, record.variant
(30, <Variant.CLASSIC: 'classic'>)
>>> load_hand('{"sides": [{"name": "Us", "meld": []}]}')
Traceback (most recent call last):
...
canasta_scorer.rules.errors.RecordError: sides[0].meld: unknown key “meld”
"""

from __future__ import annotations

import contextlib
import json
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from enum import StrEnum
from itertools import chain
from typing import Annotated, Any, Generic, TypeVar, overload

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    StrictInt,
    ValidationError,
    model_validator,
)

from .cards import Card, format_cards, parse_cards
from .errors import CanastaError, Problem, RecordError
from .melds import Meld, parse_meld
from .numbers import MOST_POINTS
from .ruleset import HouseRule, RuleSet, Variant, rule_set
from .words import Phrase, Value, house_rule_phrase, phrase, quoted, render, value_phrase

__all__ = [
    "COUNTED_NOTE",
    "HAND_FILE_LIMIT",
    "MATCH_FILE_LIMIT",
    "MAX_HANDS",
    "MAX_MELDS",
    "MAX_NAME",
    "MOST_POINTS",
    "HandPlay",
    "HandRecord",
    "HandSide",
    "LeftInHand",
    "MatchHand",
    "MatchRecord",
    "MatchSide",
    "WentOut",
    "dump_hand",
    "dump_match",
    "hand_rules",
    "load_hand",
    "load_match",
    "plain_name",
    "read_json",
    "scoring_groups",
    "side_index",
    "split_counted_note",
    "validate_record",
    "validation_problems",
]

#: The largest hand file read, in bytes (a real one is a few kilobytes).
HAND_FILE_LIMIT = 1024 * 1024
#: The largest match file read, in bytes (a 100-hand match is about 60 kB).
MATCH_FILE_LIMIT = 16 * 1024 * 1024
#: The most hands a match may hold (a match to 5,000 is a few dozen hands).
MAX_HANDS = 1000
#: The most melds one side may have in a hand.
MAX_MELDS = 100
#: The longest text of cards (a meld, the cards left in hand), in characters.
MAX_CARD_TEXT = 1000
#: The longest name of a side or a player, in characters (docs/file-format.md).
MAX_NAME = 80
#: The most players named in one side's cards left in hand.
MAX_SIDE_PLAYERS = 12
#: Control characters a note may hold: tab and line breaks.
_NOTE_CONTROLS = frozenset("\t\n\r")
#: Text-direction controls (marks, embeddings, overrides, isolates): in a name they turn
#: the rest of a score sheet's line around.
_DIRECTION_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: Invisible characters with no use in a name (zero-width space, word joiner, byte
#: order mark, Mongolian vowel separator): "Ann" and "Ann" with one would be two
#: players who read the same. (The zero-width joiner and non-joiner stay: scripts
#: need them.)
_INVISIBLE = frozenset("\u200b\u2060\ufeff\u180e")


def _controls(value: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    return sorted(
        {c for c in value if unicodedata.category(c) == "Cc" and c not in allowed},
        key=ord,
    )


def _shown(characters: list[str]) -> str:
    return ", ".join(f"U+{ord(c):04X}" for c in characters)


def _refusal(key: str, **values: Value) -> CanastaError:
    """A value a file cannot hold, said by its `Phrase` (a key of `WORDS`) and in English."""
    words = phrase(key, **values)
    return CanastaError(render(words), words)


def _trouble(where: str, key: str, **values: Value) -> Problem:
    """A `Problem` at ``where``, said by its `Phrase` and in English."""
    words = phrase(key, **values)
    return Problem(where, render(words), words)


def plain_name(value: str) -> str:
    """A name (of a side, a player, a dealer) as given, checked for control
    characters (NUL, line breaks, escapes, text-direction overrides, zero-width
    spaces), which a name must not hold: they break score sheets and some databases
    (PostgreSQL refuses NUL), or make two names that read the same; and for
    something to see (a name of spaces and invisible format characters alone is
    blank). The name is returned in Unicode's composed form (NFC): "Zoë" with a
    combining diaeresis and "Zoë" with "ë" are one name, which reads the same
    (docs/file-format.md §1).

    Raises:
        CanastaError: the name holds a control character (which ones are said), or
            nothing to see; a `ValueError`, with its `Phrase`.
    """
    value = unicodedata.normalize("NFC", value)
    if value.isprintable():  # no control character (Cc) nor format character (Cf)
        return value
    found = sorted(
        set(_controls(value)) | ((_DIRECTION_CONTROLS | _INVISIBLE) & set(value)), key=ord
    )
    if found:
        raise _refusal("record.controls", characters=_shown(found))
    if all(c.isspace() or unicodedata.category(c) == "Cf" for c in value):
        raise _refusal("record.blank")
    return value


def _plain_note(value: str) -> str:
    if value.isprintable():  # no control character at all
        return value
    found = _controls(value, _NOTE_CONTROLS)
    if found:
        raise _refusal("record.note_controls", characters=_shown(found))
    return value


class WentOut(StrEnum):
    """How a side's hand ended (docs/file-format.md ``went_out``)."""

    NO = "no"
    OUT = "out"
    CONCEALED = "concealed"


def _card_text(value: str) -> str:
    if len(value) > MAX_CARD_TEXT:
        raise _refusal("record.card_text_too_long", most=MAX_CARD_TEXT, n=len(value))
    return value


def _read_cards(value: object) -> tuple[Card, ...]:
    if isinstance(value, tuple) and all(isinstance(card, Card) for card in value):
        return value
    if not isinstance(value, str):
        raise _refusal("record.cards_not_text", kind=_kind(value))
    return parse_cards(_card_text(value))


def _read_left(value: object) -> tuple[Card, ...] | dict[str, tuple[Card, ...]]:
    if isinstance(value, Mapping):
        if len(value) > MAX_SIDE_PLAYERS:
            raise _refusal("record.too_many_players", most=MAX_SIDE_PLAYERS, n=len(value))
        left: dict[str, tuple[Card, ...]] = {}
        for player, cards in value.items():
            try:
                left[str(player)] = _read_cards(cards)
            except CanastaError as error:
                reason = error.words or Phrase("plain", (("text", str(error)),))
                raise _refusal("record.player_cards", player=str(player), reason=reason) from None
        return left
    if isinstance(value, str | tuple):
        return _read_cards(value)
    raise _refusal("record.left_not_text", kind=_kind(value))


def _write_left(value: tuple[Card, ...] | dict[str, tuple[Card, ...]]) -> str | dict[str, str]:
    if isinstance(value, dict):
        return {player: format_cards(cards) for player, cards in value.items()}
    return format_cards(value)


def _read_meld(value: object) -> Meld:
    if type(value) is str and len(value) <= MAX_CARD_TEXT:  # the common case, at once
        return parse_meld(value)
    if not isinstance(value, str | Mapping | Meld):
        raise _refusal("record.meld_not_text", kind=_kind(value))
    return parse_meld(_card_text(value) if isinstance(value, str) else value)


#: What a JSON value is, in words (a `Phrase` key), by its Python type.
_KINDS = {
    bool: "value.true_false",
    int: "value.number",
    float: "value.number",
    list: "value.list",
    type(None): "value.null",
    dict: "value.object",
    str: "value.text",
}


def _kind(value: object) -> Phrase:
    key = _KINDS.get(type(value))
    return Phrase(key) if key else Phrase("plain", (("text", type(value).__name__),))


Cards = Annotated[tuple[Card, ...], PlainValidator(_read_cards), PlainSerializer(format_cards)]
LeftInHand = Annotated[
    tuple[Card, ...] | dict[str, tuple[Card, ...]],
    PlainValidator(_read_left),
    PlainSerializer(_write_left),
]
MeldField = Annotated[Meld, PlainValidator(_read_meld), PlainSerializer(str)]


#: The years a match's start may fall in, counted in UTC (file format §5).
FIRST_YEAR, LAST_YEAR = 1900, 2999


def _read_moment(value: object) -> datetime:
    """A date and time with its offset from UTC, as ISO 8601 text
    (``2026-12-02T19:30:00+01:00``, or ``…Z`` for UTC): a time without its offset would
    be another day on another device, so it is refused; so is one outside the years
    `FIRST_YEAR` to `LAST_YEAR` in UTC (a match "started" in 9999 would head every list,
    and one at the ends of Python's dates cannot be moved to UTC at all)."""
    when: datetime | None = None
    if isinstance(value, datetime):
        when = value
    elif isinstance(value, str) and len(value) <= 40:
        with contextlib.suppress(ValueError):
            when = datetime.fromisoformat(value)
    if when is not None and when.utcoffset() is not None:
        try:
            year = when.astimezone(UTC).year
        except OverflowError:
            year = 0
        if FIRST_YEAR <= year <= LAST_YEAR:
            return when
        raise _refusal("record.moment_out_of_range", first=str(FIRST_YEAR), last=str(LAST_YEAR))
    shown = quoted(value) if isinstance(value, str) else _got(value)
    raise _refusal("record.not_a_moment", shown=shown)


Moment = Annotated[
    datetime, PlainValidator(_read_moment), PlainSerializer(lambda when: when.isoformat())
]
Name = Annotated[
    str, Field(min_length=1, max_length=MAX_NAME, pattern=r"\S"), AfterValidator(plain_name)
]
Note = Annotated[str, Field(max_length=2000), AfterValidator(_plain_note)]
Points = Annotated[StrictInt, Field(ge=-MOST_POINTS, le=MOST_POINTS)]


def _each_once(rules: tuple[HouseRule, ...]) -> tuple[HouseRule, ...]:
    """House rules as listed, refused when one is listed twice: like a key given twice
    (docs/file-format.md §1), it is more likely a typo for another rule than meant."""
    seen: set[HouseRule] = set()
    for rule in rules:
        if rule in seen:
            raise _refusal("record.house_rule_twice", rule=house_rule_phrase(rule.value))
        seen.add(rule)
    return rules


HouseRules = Annotated[tuple[HouseRule, ...], AfterValidator(_each_once)]


_Value = TypeVar("_Value")


class _once(Generic[_Value]):
    """`functools.cached_property` without its lock: the value is worked out on first
    read and kept in the instance's ``__dict__``, where later reads find it. (Python
    3.11's cached_property takes a lock on every first read, about a microsecond, and a
    record is read once per check.)"""

    def __init__(self, func: Callable[[Any], _Value]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> _once[_Value]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _Value: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, ignored_types=(_once,))


class HandPlay(_Strict):
    """What one side did in one hand: the keys a match hand gives per side.

    Attributes:
        red_threes: red threes the side laid out this hand.
        melds: the side's melds at the end of the hand.
        went_out: ``no``, ``out`` or ``concealed``.
        went_out_by: the player who went out, a name from the side's players.
        left_in_hand: cards left in the side's hands, for the whole side or per player.
        total: quick entry (an addition to docs/file-format.md): the side's score for the
            hand as counted on paper, in points, instead of the cards; it is scored as
            typed and marked as not card-checked.
    """

    red_threes: Annotated[StrictInt, Field(ge=0, le=1000)] = 0
    melds: Annotated[tuple[MeldField, ...], Field(max_length=MAX_MELDS)] = ()
    went_out: WentOut = WentOut.NO
    went_out_by: Name | None = None
    left_in_hand: LeftInHand = ()
    total: Points | None = None

    @property
    def quick(self) -> bool:
        """True for a quick entry: a total typed from a paper count, no cards."""
        return self.total is not None

    def hand_cards(self) -> tuple[Card, ...]:
        """Every card left in the side's hands, all players together."""
        left = self.left_in_hand
        return left if type(left) is tuple else self._hand_cards

    @_once
    def _hand_cards(self) -> tuple[Card, ...]:
        if isinstance(self.left_in_hand, dict):
            return tuple(chain.from_iterable(self.left_in_hand.values()))
        return self.left_in_hand


class HandSide(HandPlay):
    """One side of a hand file: `HandPlay` plus who the side is.

    Attributes:
        name: the side's name.
        players: player names, in seat order (may be empty).
        score_before: the side's cumulative score before this hand, in points; it sets
            the side's initial meld minimum (rules §1.7).
    """

    name: Name
    players: tuple[Name, ...] = ()
    score_before: Points = 0

    @_once
    def player_keys(self) -> frozenset[str]:
        """The players' names as compared: case and surrounding spaces aside."""
        return frozenset(player.strip().casefold() for player in self.players)


class HandRecord(_Strict):
    """A hand file (docs/file-format.md "Hand file").

    Attributes:
        variant: variant id; ``classic`` by default.
        house_rules: house-rule ids that are on.
        target: points that end the match; the variant's when absent.
        top_tier_from: an addition to the file contract (docs/file-format.md): the
            score from which a side's initial meld minimum is 150, in points, where the
            variant has that step (six-player); the variant's (7,500) when absent
            (rules §3 O13).
        sides: the sides in seat order.
        lone_hand: cutthroat only, the side (player) who played alone this hand.
        sitting_out: five-player only, the player who sat this hand out.
    """

    variant: Variant = Variant.CLASSIC
    house_rules: HouseRules = ()
    target: Points | None = None
    top_tier_from: Points | None = None
    sides: Annotated[tuple[HandSide, ...], Field(min_length=1, max_length=12)]
    lone_hand: Name | None = None
    sitting_out: Name | None = None


class MatchSide(_Strict):
    """One side of a match file.

    Attributes:
        name: the side's name.
        players: player names, in seat order (may be empty).
        start_score: score carried from a match kept on paper, in points (multiple of 5,
            below the target, may be negative).
    """

    name: Name
    players: tuple[Name, ...] = ()
    start_score: Points = 0


class MatchHand(_Strict):
    """One hand of a match file: each side's `HandPlay` in the match's side order.

    Attributes:
        sides: what each side did, in the match's side order.
        dealer: the player who dealt.
        note: free text.
        lone_hand: cutthroat only, the side (player) who played alone.
        sitting_out: five-player only, the player who sat the hand out.
        counted_by_points: an addition to the file contract: the players (or, where
            each player is a side, the sides) whose cards left were counted by point
            class at the table; their ``left_in_hand`` cards stand for those counts
            with the same points. Older files named them in the note's last line
            (``cards left counted by points: South, East``): that form is still read.
    """

    sides: Annotated[tuple[HandPlay, ...], Field(min_length=1, max_length=12)]
    dealer: Name | None = None
    note: Note | None = None
    lone_hand: Name | None = None
    sitting_out: Name | None = None
    counted_by_points: tuple[Name, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _counted_in_the_note(cls, data: Any) -> Any:
        # The older form: the names on the note's last line, moved to their field.
        if (
            isinstance(data, Mapping)
            and "counted_by_points" not in data
            and isinstance(data.get("note"), str)
        ):
            note, names = split_counted_note(data["note"])
            if names:
                data = {key: value for key, value in data.items() if key != "note"}
                data["counted_by_points"] = list(names)
                if note:
                    data["note"] = note
        return data


#: How older files named whose cards left were counted by points: the note's last line.
COUNTED_NOTE = "cards left counted by points: "
_COUNTED_LINE = re.compile(r"(?:^|\n)" + re.escape(COUNTED_NOTE) + r"([^\n]*)\s*$")


def split_counted_note(note: str) -> tuple[str, tuple[str, ...]]:
    r"""A note of the older form split: the note without its "cards left counted by
    points" line, and the names on that line.

    >>> split_counted_note("Bob dealt twice\ncards left counted by points: South, East")
    ('Bob dealt twice', ('South', 'East'))
    >>> split_counted_note("no mark")
    ('no mark', ())
    """
    found = _COUNTED_LINE.search(note)
    if found is None:
        return note, ()
    names = tuple(name.strip() for name in found.group(1).split(",") if name.strip())
    return note[: found.start()].rstrip(), names


class MatchRecord(_Strict):
    """A match file (docs/file-format.md "Match file").

    Attributes:
        variant: variant id; ``classic`` by default.
        house_rules: house-rule ids that are on.
        target: points that end the match; the variant's when absent.
        top_tier_from: as in a hand file (`HandRecord`): the score from which the
            initial meld minimum is 150 (six-player), the variant's when absent.
        started_at: an addition to the file contract (docs/file-format.md §5): when the
            match was started, with its offset from UTC, as `canasta_scorer`'s export
            writes it; absent in older files (an import is then dated the day it is
            imported). It is not part of the match's content: the store keeps it as the
            match's start, not in the record.
        sides: the sides in seat order.
        hands: the hands played, in order.
    """

    variant: Variant = Variant.CLASSIC
    house_rules: HouseRules = ()
    target: Points | None = None
    top_tier_from: Points | None = None
    started_at: Moment | None = None
    sides: Annotated[tuple[MatchSide, ...], Field(min_length=1, max_length=12)]
    hands: Annotated[tuple[MatchHand, ...], Field(max_length=MAX_HANDS)] = ()


_Model = TypeVar("_Model", bound=BaseModel)


def _path(loc: tuple[int | str, ...]) -> str:
    """A JSON path as docs/file-format.md writes it (``sides[0].melds[2]``), from
    pydantic's location (the file models have no unions, so every part of it is a key
    of the file or an index)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


#: What a value must be, in words, for pydantic's error types of a wrong type.
_WANTED = {
    "int_type": "value.whole_number",
    "int_parsing": "value.whole_number",
    "int_from_float": "value.whole_number",
    "string_type": "value.text",
    "tuple_type": "value.list",
    "list_type": "value.list",
    "model_type": "value.object",
    "model_attributes_type": "value.object",
    "dict_type": "value.object",
    "bool_type": "value.true_false",
    "bool_parsing": "value.true_false",
    "float_type": "value.number",
}
#: pydantic's error types of a number out of bounds: the `WORDS` key, the limit's name.
_BOUNDS = {
    "greater_than_equal": ("record.at_least", "ge"),
    "less_than_equal": ("record.at_most", "le"),
    "greater_than": ("record.above", "gt"),
    "less_than": ("record.below", "lt"),
}


def _got(value: object) -> Phrase:
    """A value a file gave, in words (`value_phrase`): ``text “2”``, ``1.5``, ``true``."""
    return value_phrase(value)


def _error_words(
    kind: str, loc: tuple[int | str, ...], value: Any, ctx: Mapping[str, Any]
) -> Phrase | None:
    """The `Phrase` of one of pydantic's errors, from its stable ``type`` and its
    context; ``None`` for a type not worded here."""
    if kind == "extra_forbidden":
        return phrase("record.unknown_key", name=quoted(str(loc[-1]) if loc else ""))
    if kind == "string_unicode":  # a lone surrogate ("\ud800" in JSON)
        return phrase("record.half_a_character")
    if kind == "missing":
        return phrase("record.missing")
    if kind == "string_pattern_mismatch":  # the names' pattern: something not a space
        return phrase("record.blank")
    if kind in ("enum", "literal_error"):
        # pydantic lists the ids as Python writes them ("'no', 'out' or 'concealed'")
        choices = tuple(
            quoted(choice[1:-1]) if len(choice) > 1 and choice[0] == choice[-1] == "'" else choice
            for choice in re.split(r", | or ", str(ctx.get("expected", "")))
        )
        shown = quoted(value) if isinstance(value, str) else _got(value)
        return phrase("record.not_one_of", value=shown, choices=choices)
    if kind == "too_short":
        return phrase("record.at_least_one")
    if kind == "too_long" and isinstance(ctx.get("max_length"), int):
        if isinstance(ctx.get("actual_length"), int):
            return phrase("record.too_many:listed", most=ctx["max_length"], n=ctx["actual_length"])
        return phrase("record.too_many", most=ctx["max_length"])
    if kind == "string_too_long" and isinstance(ctx.get("max_length"), int):
        return phrase("record.text_too_long", n=ctx["max_length"])
    if kind == "string_too_short" and isinstance(ctx.get("min_length"), int):
        if ctx["min_length"] == 1:
            return phrase("record.blank")
        return phrase("record.text_too_short", n=ctx["min_length"])
    if kind in _BOUNDS:
        key, name = _BOUNDS[kind]
        limit = ctx.get(name)
        if isinstance(limit, int):
            return phrase(key, limit=limit, value=repr(value))
        return None
    if kind in _WANTED:
        return phrase("record.wrong_type", wanted=Phrase(_WANTED[kind]), shown=_got(value))
    return None


def _problem(error: Mapping[str, Any]) -> Problem:
    """One of pydantic's errors as a `Problem`: its path, its English message and its
    `Phrase` (docs/file-format.md's contract, worded by the error's type)."""
    loc = tuple(error["loc"])
    kind = str(error["type"])
    ctx = error.get("ctx") or {}
    where = _path(loc)
    if kind == "value_error":  # a check of ours (cards, names, notes) refused the value
        raised = ctx.get("error")
        message = str(error["msg"]).removeprefix("Value error, ")
        return Problem(where, message, raised.words if isinstance(raised, CanastaError) else None)
    words = _error_words(kind, loc, error.get("input"), ctx)
    if words is None:  # an error type not worded here: pydantic's words, and its type
        return Problem(where, str(error["msg"]), phrase("record.not_valid", error=kind))
    return Problem(where, render(words), words)


def validation_problems(error: ValidationError) -> list[Problem]:
    """Every problem of a pydantic `ValidationError` on a file's data, each with its
    JSON path, its English message and its `Phrase` (a list's own "too short" left out
    where its items failed: that is the same problem said twice)."""
    errors = error.errors()
    inner = [tuple(item["loc"]) for item in errors]
    kept = [
        item
        for item in errors
        if not (
            item["type"] == "too_short"
            and any(
                loc[: len(item["loc"])] == tuple(item["loc"]) and loc != tuple(item["loc"])
                for loc in inner
            )
        )
    ]
    return [_problem(item) for item in kept]


class _DuplicateKey(ValueError):
    pass


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):  # a key given twice: name the first one repeated
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return data


#: One decoder for every file (`json.loads` with a hook builds a new one per call).
_DECODER = json.JSONDecoder(object_pairs_hook=_object)


def read_json(text: str | bytes) -> Any:
    """Parse JSON text, refusing a key given twice in one object (the last one would
    silently win, and a typo must not change a score).

    Raises:
        RecordError: not JSON, not UTF-8, a key given twice, nested too deeply.
    """
    try:
        if isinstance(text, bytes):  # as json.loads reads bytes: UTF-8, -16 or -32
            text = text.decode(json.detect_encoding(text), "surrogatepass")
        elif text.startswith("\ufeff"):
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        return _DECODER.decode(text)
    except _DuplicateKey as error:
        where = _where_twice(text) if isinstance(text, str) else ""
        raise RecordError(
            [_trouble(where, "record.key_twice", name=quoted(error.args[0]))]
        ) from None
    except json.JSONDecodeError as error:
        raise RecordError([_not_json(error)]) from None
    except UnicodeDecodeError:
        raise RecordError([_trouble("", "record.not_utf8")]) from None
    except ValueError:
        # A number of more than 4,300 digits (Python's limit on reading whole numbers).
        raise RecordError([_trouble("", "record.number_too_long")]) from None
    except RecursionError:
        raise RecordError([_trouble("", "record.too_deep")]) from None


def _where_twice(text: str) -> str:
    """The path (``sides[1].melds[0].naturals``) of the first key given a second time
    in one object of ``text``, JSON the reader found a key twice in; "" if it cannot
    tell. Only strings, brackets, commas and colons are looked at."""
    # each open container: [its keys so far (an object; None for a list), where in it
    # the reading is (the current key, or the list's index)]
    stack: list[list[Any]] = []
    position, length = 0, len(text)
    last_string = ""
    while position < length:
        char = text[position]
        if char == '"':
            end = position + 1
            while end < length and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            try:
                last_string = json.loads(text[position : end + 1])
            except ValueError:
                return ""
            position = end + 1
            continue
        if char == ":" and stack and stack[-1][0] is not None:
            keys = stack[-1][0]
            if last_string in keys:
                return _dotted([entry[1] for entry in stack[:-1]] + [last_string])
            keys.add(last_string)
            stack[-1][1] = last_string
        elif char == "{":
            stack.append([set(), ""])
        elif char == "[":
            stack.append([None, 0])
        elif char in "}]" and stack:
            stack.pop()
        elif char == "," and stack and stack[-1][0] is None:
            stack[-1][1] += 1
        position += 1
    return ""


def _dotted(path: list[str | int]) -> str:
    """A path as the problems write it: ``sides[1].melds[0].naturals``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


#: The json module's words for what it could not read (the start of its English
#: ``msg``) and the `WORDS` key saying it in the player's language.
_JSON_TROUBLES = (
    ("Expecting value", "json.value"),
    ("Expecting property name", "json.key"),
    ("Expecting ':'", "json.colon"),
    ("Expecting ','", "json.comma"),
    ("Unterminated string", "json.unterminated"),
    ("Invalid control character", "json.control"),
    ("Invalid \\uXXXX", "json.unicode_escape"),
    ("Invalid \\escape", "json.escape"),
    ("Extra data", "json.extra"),
    ("Illegal trailing comma", "json.trailing_comma"),
    ("Unexpected UTF-8 BOM", "json.bom"),
)


def _not_json(error: json.JSONDecodeError) -> Problem:
    """Text the JSON reader could not read, said with its line and column (counted
    from 1) and what was wrong there in words of `WORDS`, never the json module's
    own English (a message it has not a phrase for gives the place alone)."""
    where = {"line": error.lineno, "column": error.colno}
    for start, key in _JSON_TROUBLES:
        if error.msg.startswith(start):
            return _trouble("", "record.not_json", detail=Phrase(key), **where)
    return _trouble("", "record.not_json:unknown", **where)


def _size(count: int) -> Phrase:
    """A size in bytes in words: ``512 bytes``, ``20 kB``, ``1.5 MB`` (to one decimal)."""
    if count >= 1024 * 1024:
        tenths = round(count * 10 / (1024 * 1024))
        return phrase("size.mb", whole=tenths // 10, tenth=str(tenths % 10))
    if count >= 1024:
        return phrase("size.kb", n=round(count / 1024))
    return phrase("size.bytes", n=count)


def check_size(text: str | bytes, limit: int, kind: str) -> None:
    """Refuse a file past its size limit before reading it as JSON.

    Raises:
        RecordError: the text is longer than ``limit`` bytes (the limit is said).
    """
    if len(text) * 4 <= limit:  # no character is more than 4 bytes: within the limit
        return
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise RecordError(
            [_trouble("", f"record.too_large:{kind}", size=_size(size), limit=_size(limit))]
        )


def _load(model: type[_Model], text: str | bytes) -> _Model:
    if model is HandRecord:
        check_size(text, HAND_FILE_LIMIT, "hand")
    elif model is MatchRecord:
        check_size(text, MATCH_FILE_LIMIT, "match")
    data = read_json(text)
    if not isinstance(data, dict):
        raise RecordError([_trouble("", "record.not_an_object", kind=_kind(data))])
    return validate_record(model, data)


def validate_record(model: type[_Model], data: object) -> _Model:
    """Build a record model from already-parsed JSON data.

    Raises:
        RecordError: every problem, each with its JSON path.
    """
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise RecordError(validation_problems(error)) from None


def load_hand(text: str | bytes) -> HandRecord:
    """Read a hand file.

    Args:
        text: the file's JSON text.

    Returns:
        The hand record.

    Raises:
        RecordError: not JSON, or not a hand file, or larger than `HAND_FILE_LIMIT`;
            lists every problem with its JSON path.
    """
    return _load(HandRecord, text)


def load_match(text: str | bytes) -> MatchRecord:
    """Read a match file.

    Args:
        text: the file's JSON text.

    Returns:
        The match record.

    Raises:
        RecordError: not JSON, or not a match file, or larger than `MATCH_FILE_LIMIT`, or
            more than `MAX_HANDS` hands; lists every problem with its JSON path.
    """
    return _load(MatchRecord, text)


def _dump(record: BaseModel) -> str:
    return json.dumps(
        record.model_dump(mode="json", exclude_defaults=True), indent=2, ensure_ascii=False
    )


def dump_hand(record: HandRecord) -> str:
    """Write a hand record as a hand file (JSON text); `load_hand` reads it back equal."""
    return _dump(record)


def dump_match(record: MatchRecord) -> str:
    """Write a match record as a match file (JSON text); `load_match` reads it back equal."""
    return _dump(record)


def hand_rules(record: HandRecord) -> RuleSet:
    """The `RuleSet` a hand record is played under (its variant, house rules, target
    and the score of the 150 minimum)."""
    return rule_set(record.variant, record.house_rules, record.target, record.top_tier_from)


def scoring_groups(record: HandRecord, rules: RuleSet) -> list[list[int]]:
    """Side indexes that score as one partnership this hand.

    Every side scores alone, except in three-player cutthroat with a lone hand: the
    other two sides are partners for the hand (rules §2, R2). With no lone hand
    named, the player who went out is the lone hand ("if someone goes out before
    anyone took the pile, that player is the lone hand"); if nobody went out either,
    everyone scores alone (the stock ran out before anyone took the pile).

    >>> hand = load_hand('{"variant": "three-player-cutthroat", "lone_hand": "B",'
    ...                  ' "sides": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}')
    >>> scoring_groups(hand, hand_rules(hand))
    [[1], [0, 2]]
    """
    indexes = list(range(len(record.sides)))
    if not rules.variant.lone_hand:
        return [[index] for index in indexes]
    if record.lone_hand is not None:
        lone = side_index(record.sides, record.lone_hand)
    else:
        lone = next(
            (i for i, side in enumerate(record.sides) if side.went_out is not WentOut.NO), None
        )
    if lone is None:
        return [[index] for index in indexes]
    return [[lone], [index for index in indexes if index != lone]]


def side_index(sides: Sequence[HandSide], name: str) -> int | None:
    """The index of the side called ``name`` (case and spaces aside), or ``None``."""
    wanted = name.strip().casefold()
    for index, side in enumerate(sides):
        if side.name.strip().casefold() == wanted:
            return index
    return None
