"""The words of findings, as data: one English template per wording, filled at the edge.

The rules engine decides *what* it found (a `Code` and the values its words need); it
words it only in English, for files and JSON (`Finding.message`). A screen or the
command line words the same `Phrase` in the player's language from the same table,
through gettext (``canasta_scorer.i18n``). The templates are marked with `N_` (one form)
and `Nn_` (a singular, a plural and the value that counts) so that Babel extracts them
into the catalog (docs/translating.md); nothing here reads a file.

A template names its values in braces (``{meld}``, ``{points}``). A value is a string
(a meld, a name), a whole number, a nested `Phrase` (worded the same way, so that a
fragment such as "no canasta" is translated too), a tuple of phrases (said as a list:
"Ks, Qs and Js") or `Quoted` text: what a player typed or a file held (a name, a
token), said between the quotation marks of the language (English “…”, German „…“),
never as Python's ``repr`` writes it.

>>> render(phrase("meld.too_many_wilds", meld="9 9 2 2 2 JK", wilds=4))
'9 9 2 2 2 JK has 4 wild cards: a meld may hold at most 3, canastas included'
>>> render(phrase("meld.too_few_cards", meld="9 9", n=2))
'9 9 has 2 cards: a meld needs at least 3'
>>> render(phrase("sides.duplicate_name", name=quoted("Ana & Bea")))
'two sides are called “Ana & Bea”'
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Union

__all__ = [
    "GAME_WORDS",
    "HOUSE_RULE_WORDS",
    "N_",
    "RANK_WORDS",
    "VARIANT_WORDS",
    "WORDS",
    "Nn_",
    "Phrase",
    "Quoted",
    "Value",
    "Words",
    "english_quote",
    "game_phrase",
    "house_rule_phrase",
    "phrase",
    "quoted",
    "rank_phrase",
    "render",
    "value_phrase",
    "variant_phrase",
]


@dataclass(frozen=True, slots=True)
class Words:
    """One wording: its English template, and for a count its plural and the name of
    the value that counts (``""`` when it has one form)."""

    singular: str
    plural: str = ""
    count: str = ""


def W_(message: str) -> str:
    """A wording kept as a plain string in another table (marked for extraction)."""
    return message


def N_(message: str) -> Words:
    """A wording of one form (marked for extraction)."""
    return Words(message)


def Nn_(singular: str, plural: str, count: str) -> Words:
    """A wording with a singular and a plural, chosen by the value named ``count``
    (marked for extraction as a plural)."""
    return Words(singular, plural, count)


@dataclass(frozen=True, slots=True)
class Quoted:
    """Text given by a player or a file (a side's name, a token typed as a card, a key
    of a file), to be said between quotation marks: the edge's marks for its language
    (`render`'s ``quote``), English “…” by default. The text is said as it is, quotes,
    backslashes and accents included."""

    text: str


def quoted(text: str) -> Quoted:
    """``text`` as `Quoted` text."""
    return Quoted(text)


def english_quote(text: str) -> str:
    """``text`` between English quotation marks: ``“Ann's side”``."""
    return f"“{text}”"


Value = Union[str, int, "Phrase", Quoted, tuple[Union["Phrase", Quoted, str], ...]]


@dataclass(frozen=True, slots=True)
class Phrase:
    """A wording of `WORDS` (its key) and the values it is filled with, as pairs."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    def get(self, name: str) -> Value | None:
        """The value called ``name``, if any."""
        return next((value for key, value in self.values if key == name), None)


def phrase(key: str, **values: Value) -> Phrase:
    """A `Phrase` of ``key`` with ``values``.

    Raises:
        KeyError: a key that `WORDS` does not have.
    """
    if key not in WORDS:
        raise KeyError(key)
    return Phrase(key, tuple(values.items()))


def value_phrase(value: object) -> Phrase:
    """A value a file gave, in words, as it follows "got": ``text “2”``, ``1.5``,
    ``true``, ``null``; a number too large for a float (``1e400``) and NaN in words of
    their own; a list or an object by its kind."""
    if isinstance(value, str):
        return phrase("value.text_value", value=quoted(value))
    if isinstance(value, bool):
        return Phrase("plain", (("text", "true" if value else "false"),))
    if value is None:
        return Phrase("value.null")
    if isinstance(value, float) and value != value:  # NaN
        return Phrase("value.not_a_number")
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return Phrase("value.huge_number")
    if isinstance(value, int | float):
        return Phrase("plain", (("text", repr(value)),))
    if isinstance(value, list | tuple):
        return Phrase("value.list")
    if isinstance(value, dict):
        return Phrase("value.object")
    return Phrase("plain", (("text", type(value).__name__),))


def rank_phrase(token: str) -> Phrase:
    """The cards of a rank in words ("Ks", "black threes"), from its file token."""
    return Phrase(f"rank.{token}")


def game_phrase(variant: str) -> Phrase:
    """A variant named mid-sentence as a game, after "in" ("a two-player game"), from
    its id (rules §2).

    >>> render(phrase("sitting_out.unknown:variant", game=game_phrase("two-player")))
    'nobody sits out in a two-player game'
    """
    return Phrase(f"game.{variant}")


def variant_phrase(variant: str) -> Phrase:
    """A variant named in a sentence by its name ("Classic", "Two players"), from its
    id (``classic``, ``two-player``; rules §2).

    >>> render(phrase("variant.two-player"))
    'Two players'
    """
    return Phrase(f"variant.{variant}")


def house_rule_phrase(rule: str) -> Phrase:
    """A house rule named by its title ("Wild card melds"), from its id
    (``wild-card-melds``; rules §3).

    >>> render(phrase("record.house_rule_twice", rule=house_rule_phrase("wild-card-melds")))
    'the house rule “Wild card melds” is listed twice'
    """
    return Phrase(f"house_rule_title.{rule}")


class _Formatter(string.Formatter):
    def __init__(self, number: Callable[[int], str] | None) -> None:
        super().__init__()
        self.number = number

    def format_field(self, value: Any, format_spec: str) -> str:
        if self.number is not None and isinstance(value, int) and not isinstance(value, bool):
            return self.number(value)
        return str(format(value, format_spec))


def _english_list(items: Sequence[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def render(
    words: Phrase,
    *,
    gettext: Callable[[str], str] | None = None,
    ngettext: Callable[[str, str, int], str] | None = None,
    spoken_list: Callable[[Sequence[str]], str] = _english_list,
    number: Callable[[int], str] | None = None,
    quote: Callable[[str], str] = english_quote,
) -> str:
    """Word a phrase: in English by default (numbers as the template formats them,
    `Quoted` text between “…”), or through the given gettext functions, list, number
    and quotation formats (the edge's).

    Raises:
        KeyError: a phrase whose key or a value its template needs is missing.
    """
    entry = WORDS[words.key]
    how: dict[str, Any] = {
        "gettext": gettext,
        "ngettext": ngettext,
        "spoken_list": spoken_list,
        "number": number,
        "quote": quote,
    }
    values: dict[str, Any] = {}
    for name, value in words.values:
        if isinstance(value, Phrase):
            value = render(value, **how)
        elif isinstance(value, Quoted):
            value = quote(value.text)
        elif isinstance(value, tuple):
            items = [
                render(item, **how)
                if isinstance(item, Phrase)
                else quote(item.text)
                if isinstance(item, Quoted)
                else str(item)
                for item in value
            ]
            # names in brackets are listed with commas; words are said as a list
            value = _JOINED[name].join(items) if name in _JOINED else spoken_list(items)
        values[name] = value
    if entry.plural:
        raw = dict(words.values).get(entry.count)
        count = raw if isinstance(raw, int) else 0
        if ngettext is not None:
            template = ngettext(entry.singular, entry.plural, count)
        else:
            template = entry.singular if count == 1 else entry.plural
    else:
        template = gettext(entry.singular) if gettext is not None else entry.singular
    template = _POSSESSIVE.sub(lambda m: _possessive(m, values), template)
    counts = _Counts(values, words.values, how)
    return _Formatter(number).vformat(template, (), counts)


#: An English possessive of a name in a template: ``{side}'s``.
_POSSESSIVE = re.compile(r"\{(\w+)\}'s\b")


def _possessive(found: re.Match[str], values: dict[str, Any]) -> str:
    """``{side}'s``, or ``{side}'`` for a name ending in s (a side's name is most often
    a plural: "the Owls' 50", not "Owls's")."""
    value = values.get(found.group(1))
    if isinstance(value, str) and value[-1:] in ("s", "S"):
        return "{" + found.group(1) + "}'"
    return found.group(0)


class _Counts(dict[str, Any]):
    """The values, and for each whole number ``n`` also ``n_cards`` and ``n_canastas``
    ("1 card", "2 canastas"), worded on demand."""

    def __init__(
        self,
        values: dict[str, Any],
        raw: tuple[tuple[str, Value], ...],
        how: dict[str, Any],
    ) -> None:
        super().__init__(values)
        self.raw = dict(raw)
        self.how = how

    def __missing__(self, key: str) -> str:
        name, _, what = key.rpartition("_")
        count = self.raw.get(name)
        if what not in ("cards", "canastas") or not isinstance(count, int):
            raise KeyError(key)
        return render(Phrase(f"count.{what}", (("n", count),)), **self.how)


#: Values listed with plain commas, as in brackets ("(North at 1,500, South at 2,000)")
#: or the ids a file's key may hold ("“no”, “out”, “concealed”"), the tokens that are
#: not cards, or with semicolons (the reasons a pile is frozen).
_JOINED = {"scores": ", ", "players": ", ", "why": "; ", "choices": ", ", "tokens": ", "}


#: The cards of each rank in words, keyed ``rank.<token>`` (rules §1.1, §1.2).
RANK_WORDS: dict[str, Words] = {
    "rank.A": N_("As"),
    "rank.K": N_("Ks"),
    "rank.Q": N_("Qs"),
    "rank.J": N_("Js"),
    "rank.10": N_("10s"),
    "rank.9": N_("9s"),
    "rank.8": N_("8s"),
    "rank.7": N_("7s"),
    "rank.6": N_("6s"),
    "rank.5": N_("5s"),
    "rank.4": N_("4s"),
    "rank.2": N_("2s"),
    "rank.JK": N_("jokers"),
    "rank.3": N_("black threes"),
    "rank.R3": N_("red threes"),
    "rank.wild": N_("wild cards"),
}

#: Each card on its own in words, keyed ``label.<token>`` ("joker", "black three", "K").
LABEL_WORDS: dict[str, Words] = {
    "label.JK": N_("joker"),
    "label.3": N_("black three"),
    "label.R3": N_("red three"),
    **{f"label.{token}": Words(token) for token in ("2", "A", "K", "Q", "J", "10", "9", "8")},
    **{f"label.{token}": Words(token) for token in ("7", "6", "5", "4")},
}

#: Each variant's name as players say it, keyed ``variant.<id>`` (rules §2; the same
#: words as the variants' titles, `canasta_scorer.rules.VARIANT_INFO`).
VARIANT_WORDS: dict[str, Words] = {
    "variant.classic": N_("Classic"),
    "variant.two-player": N_("Two players"),
    "variant.three-player": N_("Three players"),
    "variant.three-player-cutthroat": N_("Three players, cutthroat"),
    "variant.five-player": N_("Five players"),
    "variant.six-player": N_("Six players, 2 sides of 3"),
    "variant.six-player-three-sides": N_("Six players, 3 sides of 2"),
}

#: Each house rule's title, keyed ``house_rule_title.<id>`` (rules §3; the same words as
#: the house rules' titles, `canasta_scorer.rules.HOUSE_RULE_INFO`).
HOUSE_RULE_WORDS: dict[str, Words] = {
    "house_rule_title.black-three-freezes": N_("Black three freezes the pile"),
    "house_rule_title.pile-always-frozen": N_("Pile always frozen"),
    "house_rule_title.two-naturals-to-take": N_("Two naturals to take the pile"),
    "house_rule_title.no-pile-for-finished-canasta": N_("No pile for a finished canasta"),
    "house_rule_title.wild-card-melds": N_("Wild card melds"),
    "house_rule_title.wild-meld-penalty": N_("Unfinished wild meld costs 1,000"),
    "house_rule_title.red-threes-at-deal": N_("Red threes replaced at the deal"),
    "house_rule_title.concealed-team-level": N_("Concealed only on a first meld"),
    "house_rule_title.red-threes-need-canasta": N_("Red threes need a canasta"),
    "house_rule_title.no-red-three-penalty": N_("Red threes always count plus"),
    "house_rule_title.go-out-without-canastas": N_("Go out without canastas"),
    "house_rule_title.no-initial-minimum": N_("No initial meld minimum"),
    "house_rule_title.red-three-in-hand-penalty": N_("Red three in hand costs 500"),
    "house_rule_title.red-three-penalty-cap-400": N_("Red threes lose at most 400"),
    "house_rule_title.cutthroat-two-canastas": N_("Cutthroat: 2 canastas to go out"),
    "house_rule_title.draw-on-tie": N_("A tie at the end is a draw"),
}

#: Each variant as a game named mid-sentence, after "in" ("going out needs 2 canastas
#: in a two-player game"), keyed ``game.<id>`` (rules §2).
GAME_WORDS: dict[str, Words] = {
    # Translators: each "a … game" follows "in" in a sentence ("in a two-player game")
    "game.classic": N_("a classic game"),
    "game.two-player": N_("a two-player game"),
    "game.three-player": N_("a three-player game"),
    "game.three-player-cutthroat": N_("a three-player cutthroat game"),
    "game.five-player": N_("a five-player game"),
    "game.six-player": N_("a six-player game of 2 sides of 3"),
    "game.six-player-three-sides": N_("a six-player game of 3 sides of 2"),
}

#: Every wording of a finding, keyed by its `Code` value or ``code:form`` where one
#: code is worded more than one way (docs/rules.md sections in the comments).
WORDS: dict[str, Words] = {
    **RANK_WORDS,
    **GAME_WORDS,
    **LABEL_WORDS,
    **VARIANT_WORDS,
    **HOUSE_RULE_WORDS,
    "plain": Words("{text}"),
    # text that cannot be read as cards or a number (docs/file-format.md, "Cards")
    "error.empty_card": N_("an empty card"),
    "error.not_a_card": N_(
        "{token} is not a card: write JK, 2, A, K, Q, J, 10 (or T), 9, 8, 7, 6, 5, 4, "
        "or 3 for a black three"
    ),
    "error.not_cards": Nn_(
        "{tokens} is not a card: write JK, 2, A, K, Q, J, 10 (or T), 9, 8, 7, 6, 5, 4, "
        "or 3 for a black three",
        "{tokens} are not cards: write JK, 2, A, K, Q, J, 10 (or T), 9, 8, 7, 6, 5, 4, "
        "or 3 for a black three",
        "n",
    ),
    "error.cards_not_text": N_("cards must be written as text, not {kind}"),
    "error.empty_meld": N_("a meld with no cards"),
    "error.not_a_rank": N_(
        "{rank} is not a meld rank: use A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3 (black threes) or wild"
    ),
    "error.wild_naturals": N_("a wild meld has no natural cards; give only twos and jokers"),
    "error.not_a_number": N_("{text} is not a whole number"),
    "error.score_too_large": N_("{value:,} is past the largest score a match can have (±{most:,})"),
    # hand and match files that do not follow their contract (docs/file-format.md):
    # pydantic's errors by their type, and the checks of rules/records.py
    "record.unknown_key": N_("unknown key {name}"),
    "record.missing": N_("required, but missing"),
    "record.blank": N_("must not be blank"),
    "record.not_one_of": N_("{value} is not one of: {choices}"),
    "record.at_least_one": N_("must list at least one"),
    "record.too_many": N_("may list at most {most:,}"),
    "record.too_many:listed": N_("may list at most {most:,}; this lists {n:,}"),
    "record.text_too_long": Nn_(
        "must be at most {n:,} character long", "must be at most {n:,} characters long", "n"
    ),
    "record.text_too_short": Nn_(
        "must be at least {n:,} character long", "must be at least {n:,} characters long", "n"
    ),
    "record.at_least": N_("must be at least {limit:,}; got {value}"),
    "record.at_most": N_("must be at most {limit:,}; got {value}"),
    "record.above": N_("must be more than {limit:,}; got {value}"),
    "record.below": N_("must be less than {limit:,}; got {value}"),
    "record.wrong_type": N_("must be {wanted}; got {shown}"),
    "record.half_a_character": N_(
        "holds half of a character (an escape such as \\ud83c alone): write the text again"
    ),
    "record.not_a_moment": N_(
        "must be a date and time with its offset from UTC, such as "
        "2026-12-02T19:30:00+01:00; got {shown}"
    ),
    "record.moment_out_of_range": N_("must fall between the years {first} and {last} (in UTC)"),
    "record.not_valid": N_("cannot be read here ({error})"),
    "record.controls": N_("must not hold control characters (it holds {characters})"),
    "record.note_controls": N_(
        "must not hold control characters other than tabs and line breaks (it holds {characters})"
    ),
    "record.card_text_too_long": N_(
        "cards are at most {most:,} characters of text (more cards than any deck holds); got {n:,}"
    ),
    "record.cards_not_text": N_('cards are written as text such as "4 5 Q"; got {kind}'),
    "record.meld_not_text": N_('a meld is text such as "J J 2" or an object; got {kind}'),
    "record.left_not_text": N_(
        'cards left in hand are text such as "4 5 Q", or an object from each player\'s '
        "name to text; got {kind}"
    ),
    "record.too_many_players": N_("at most {most:,} players; got {n:,}"),
    "record.player_cards": N_("cards of {player}: {reason}"),
    "record.key_twice": N_("the key {name} is given twice in one object"),
    # Translators: {rule} is a house rule's title; the quotation marks are your language's
    "record.house_rule_twice": N_("the house rule “{rule}” is listed twice"),
    "record.not_json": N_("not valid JSON at line {line}, column {column}: {detail}"),
    "record.not_json:unknown": N_("not valid JSON (line {line}, column {column})"),
    # what the JSON reader could not read (file format §1), in the player's words
    "json.value": N_(
        "a value was expected here (text in double quotes, a number, true, false, null, "
        "a list or an object)"
    ),
    "json.key": N_(
        "a key in double quotes was expected here (or a comma too many before the closing brace)"
    ),
    "json.colon": N_("a colon was expected after the key"),
    "json.comma": N_("a comma or the end of the list or object was expected"),
    "json.unterminated": N_("a text in double quotes starts here and is not closed"),
    "json.control": N_(
        "a text in double quotes holds a line break or a tab: write it as \\n or \\t"
    ),
    "json.escape": N_('a backslash in a text is not followed by one of " \\ / b f n r t u'),
    "json.unicode_escape": N_("a \\u escape in a text is not followed by four hexadecimal digits"),
    "json.extra": N_("there is more text after the end of the JSON value"),
    "json.trailing_comma": N_("a comma too many before the end of a list or object"),
    "json.bom": N_("the file starts with a byte order mark: save it as UTF-8 without one"),
    "record.not_utf8": N_("not a text file (it is not UTF-8)"),
    "record.number_too_long": N_("not valid JSON: a number is far too long"),
    "record.too_deep": N_("nested too deeply to be a hand or match file"),
    "record.not_an_object": N_("must be a JSON object; got {kind}"),
    "record.backup_newer": N_(
        "a backup of version {version}, made by a newer canasta_scorer: this one reads "
        "backups of version {supported}"
    ),
    "record.not_an_object:import": N_("must be a JSON object (a match file or a backup)"),
    "record.too_large:hand": N_("is {size}: larger than a hand file may be ({limit})"),
    "record.too_large:match": N_("is {size}: larger than a match file may be ({limit})"),
    # sizes of files, a megabyte to one decimal ({whole}.{tenth})
    "size.bytes": Nn_("{n:,} byte", "{n:,} bytes", "n"),
    "size.kb": N_("{n:,} kB"),
    "size.mb": N_("{whole:,}.{tenth} MB"),
    # what a file gives or a key wants, inside "must be {wanted}; got {shown}"
    "value.whole_number": N_("a whole number"),
    "value.number": N_("a number"),
    "value.text": N_("text"),
    "value.text_value": N_("text {value}"),
    "value.list": N_("a list"),
    "value.object": N_("an object"),
    "value.true_false": N_("true/false"),
    "value.null": N_("null"),
    "value.not_a_number": N_("NaN, which is not a number"),
    "value.huge_number": N_("a number too large to hold"),
    "meld.count_not_whole": N_("{name} must be a whole number, 0 or more; got {shown}"),
    # counts inside the reasons of verdicts ({n_cards}, {n_canastas})
    "count.cards": Nn_("{n} card", "{n} cards", "n"),
    "count.canastas": Nn_("{n} canasta", "{n} canastas", "n"),
    # kinds of canasta (rules §1.4)
    "kind.natural": N_("natural"),
    "kind.mixed": N_("mixed"),
    "kind.wild": N_("wild"),
    # the questions of the dispute checker and their answers (rules §1.3-§1.9)
    "question.meld": N_("Is {meld} a legal meld?"),
    "question.pile": N_("May I take the discard pile with the {card} on top?"),
    "question.go_out": N_("May we go out?"),
    "question.first_meld": N_("Does this first meld reach the minimum of {minimum}?"),
    "answer.no": N_("No: {reason}."),
    "answer.meld_legal": N_("Yes: {meld} is a legal meld worth {points} points."),
    "answer.meld_canasta:natural": N_(
        "Yes: {meld} is a natural canasta: {points} points for its cards and a bonus of {bonus:,}."
    ),
    "answer.meld_canasta:mixed": N_(
        "Yes: {meld} is a mixed canasta: {points} points for its cards and a bonus of {bonus:,}."
    ),
    "answer.meld_canasta:wild": N_(
        "Yes: {meld} is a wild canasta: {points} points for its cards and a bonus of {bonus:,}."
    ),
    "answer.meld_going_out": N_(
        "Yes, but only on the turn its player goes out: {meld} is worth {points} points."
    ),
    "answer.pile_yes": N_("Yes: {way}, then take the rest of the pile."),
    "answer.go_out": N_("Yes: going out scores {bonus}."),
    "answer.go_out_concealed": N_("Yes: going out concealed scores {bonus}."),
    "answer.go_out_no_bonus": N_("Yes, but without the going-out bonus."),
    "answer.first_meld_reaches": N_("Yes: {points} points reach the minimum of {minimum}."),
    "answer.first_meld_not_enforced": N_(
        "Yes: {points} points; the minimum of {minimum} is not enforced."
    ),
    "answer.first_meld_short": N_("No: {points} points are below the minimum of {minimum}."),
    "pile.no.top_blocked": N_("nobody may take the pile with the {card} on top"),
    "pile.no.red_three": N_("a red three cannot be on top of the pile"),
    "pile.no.one_card": N_("you hold 1 card and the pile has 1 card"),
    "pile.no.frozen": N_(
        "the pile is frozen, and taking it needs two natural {rank} from your hand"
    ),
    "pile.no.no_way": N_(
        "you need two natural {rank}, or a {card} and a wild card, or a meld of {rank} on the table"
    ),
    # the same under house rules §3 H3 (no natural and wild card) and §3 H4 (no finished canasta)
    "pile.no.no_way_no_wild": N_("you need two natural {rank} or a meld of {rank} on the table"),
    "pile.no.no_way_unfinished": N_(
        "you need two natural {rank}, or a {card} and a wild card, or a meld of {rank} on "
        "the table that is not yet a canasta"
    ),
    "pile.no.no_way_no_wild_unfinished": N_(
        "you need two natural {rank} or a meld of {rank} on the table that is not yet a canasta"
    ),
    "pile.no.no_way_finished": N_(
        "you need two natural {rank} or a {card} and a wild card: the top card may not go "
        "onto your finished canasta of {rank}"
    ),
    "pile.no.no_way_pair_only": N_(
        "you need two natural {rank}: the top card may not go onto your finished canasta of {rank}"
    ),
    "pile.no.no_card_left": N_(
        "you would have no card to keep after your discard, and your side may not go out yet"
    ),
    "pile.no.no_opening": N_(
        "every first meld you could make would leave you no card after your discard, and "
        "your side may not go out"
    ),
    "pile.no.opening_short": N_(
        "your first meld would be {points} points, below the minimum of {minimum}"
    ),
    # fragments used inside other wordings
    "has.canastas": Nn_("has {n} canasta", "has {n} canastas", "n"),
    "has.no_canasta": N_("has no canasta"),
    "canastas": Nn_("{n} canasta", "{n} canastas", "n"),
    # rules §1.3 melds, §1.5 black threes, §3 H5 wild-card melds
    "meld.red_three": Nn_(
        "{n} red three in a meld: red threes are laid out on their own and never melded",
        "{n} red threes in a meld: red threes are laid out on their own and never melded",
        "n",
    ),
    "meld.mixed_ranks": N_(
        "{meld} mixes {ranks}: a meld is cards of one rank (sequences are never melds)"
    ),
    "meld.wild_only": N_(
        "{meld} is only wild cards: a meld needs at least 2 natural cards "
        "(wild-card melds are a house rule, off here)"
    ),
    "meld.too_few_cards": Nn_(
        "{meld} has {n} card: a meld needs at least 3",
        "{meld} has {n} cards: a meld needs at least 3",
        "n",
    ),
    "meld.wild_too_big": N_("{meld} has {n} cards: a wild canasta is exactly 7 wild cards"),
    "black_three.wild": N_("{meld} has wild cards: a meld of black threes may not hold any"),
    "black_three.size": Nn_(
        "{meld} has {n} black three: a meld of black threes has 3 to {most}",
        "{meld} has {n} black threes: a meld of black threes has 3 to {most}",
        "n",
    ),
    "black_three.not_going_out": N_(
        "{meld} was melded by a side that did not go out: black threes are melded only "
        "on the turn a player goes out"
    ),
    "meld.too_few_naturals": Nn_(
        "{meld} has {n} natural card: a meld needs at least 2",
        "{meld} has {n} natural cards: a meld needs at least 2",
        "n",
    ),
    "meld.too_many_wilds": N_(
        "{meld} has {wilds} wild cards: a meld may hold at most 3, canastas included"
    ),
    "meld.duplicate_rank": N_(
        "{side} has two melds of {rank} ({first} and {second}): a side has one meld per "
        "rank, so write them as one meld"
    ),
    "meld.duplicate_rank:none": N_(
        "{side} has two melds of no rank ({first} and {second}): a side has one meld per "
        "rank, so write them as one meld"
    ),
    "meld.wilds_beside_wild_meld": N_(
        "{side} has an unfinished wild meld and wild cards in other melds: while a wild "
        "meld is unfinished, no wild card may go into other melds"
    ),
    # rules §1.1, §1.13 check 9
    "score.not_multiple_of_5": N_(
        "{value:,} is not a multiple of 5: every card and bonus is worth a multiple of 5, "
        "so every score is one too"
    ),
    "score.not_multiple_of_5:start": N_(
        "start score {value:,} is not a multiple of 5: every card and bonus is worth a "
        "multiple of 5, so every score is one too"
    ),
    "score.not_multiple_of_5:hand": N_(
        "the hand score {value:,} is not a multiple of 5: every card and bonus is worth a "
        "multiple of 5, so every score is one too"
    ),
    "score.not_multiple_of_5:target": N_("target {value:,} must be a positive multiple of 5"),
    # rules §1.1, §1.13 check 4
    "supply.too_many:meld": N_("{count} {cards} in one meld: the {deck}-card deck has {most}"),
    "supply.too_many": N_("{count} {cards} in melds and hands: the {deck}-card deck has {most}"),
    "supply.too_many:described": N_(
        "{count} {cards} in the cards described: the {deck}-card deck has {most}"
    ),
    "supply.red_threes": N_("{count} red threes in all: the {deck}-card deck has {most}"),
    # rules §3
    # the house rules named by their titles (`ruleset.HOUSE_RULE_INFO`), as the
    # new-match form names them
    "house_rule.no_effect:cutthroat": N_(
        "the house rule “Cutthroat: 2 canastas to go out” only counts in a three-player "
        "cutthroat game"
    ),
    "house_rule.no_effect:wild_meld_penalty": N_(
        "the house rule “Unfinished wild meld costs 1,000” does nothing without “Wild card melds”"
    ),
    "house_rule.no_effect:cap_400": N_(
        "the house rule “Red threes lose at most 400” does nothing with “Red threes always "
        "count plus”"
    ),
    # rules §2.5, §3 O13: the score from which the initial meld minimum is 150
    "top_tier.value": N_(
        "the minimum of 150 cannot start at {value:,}: give a multiple of 5 above 3,000 "
        "(from 3,000 the minimum is 120)"
    ),
    "top_tier.no_effect": N_(
        "a minimum of 150 from {value:,} does nothing here: only the six-player game of two "
        "sides of three has a minimum of 150"
    ),
    # rules §1.9 going out, §1.13 checks 6-8
    "going_out.more_than_one": N_(
        "{first} and {second} both went out: only one player goes out, and that ends the hand"
    ),
    # quick entry (file format §7)
    "quick.not_card_checked": N_(
        "{side}'s {total:,} was typed from a paper count: no card of it was checked"
    ),
    "quick.with_cards": N_("{side} has both a typed total and cards: give one or the other"),
    "quick.partners": N_(
        "{first} ({total:,}) and {second} ({total2:,}) are partners this hand, so their totals "
        "differ only by their own red threes, 100 each: they differ by {gap:,}"
    ),
    # rules §2 variants
    "sides.count": N_("{want} sides play in {game}; this hand has {n}"),
    "sides.count:match": N_("{want} sides play in {game}; this match has {n}"),
    "sides.count:hand": Nn_(
        "this hand lists {n} side; the match has {want} ({players})",
        "this hand lists {n} sides; the match has {want} ({players})",
        "n",
    ),
    "sides.duplicate_name": N_("two sides are called {name}"),
    "sides.players": N_("sides in {game} have {want} players; these have {have}"),
    "sides.players:too_many": N_("{side} has {n} players: a side in {game} has at most {most}"),
    "sides.players:twice": N_("{player} is named twice at the table"),
    "lone_hand.missing": N_(
        "no lone hand named, so {player}, who went out, is taken as the lone hand: right "
        "only when nobody had taken the discard pile before"
    ),
    "lone_hand.missing:nobody_out": N_(
        "no lone hand named and nobody went out, so every player scores alone: right only "
        "when nobody took the discard pile this hand"
    ),
    "lone_hand.unknown:variant": N_(
        "a lone hand is only played in a three-player cutthroat game, not in {game}"
    ),
    "lone_hand.unknown": N_("{player} is not one of the players ({players})"),
    "sitting_out.unknown:variant": N_("nobody sits out in {game}"),
    "sitting_out.missing": N_("which player of {side} sat this hand out is not recorded"),
    "sitting_out.unknown": N_("{player} is not a player of the three-player side"),
    "sitting_out.played": N_("{player} sat this hand out but has cards left in hand"),
    "sitting_out.played:went_out": N_("{player} sat this hand out and cannot have gone out"),
    # rules §1.6 red threes, §1.13 check 5
    "hand.red_three:player": Nn_(
        "{player} has {n} red three left in hand: red threes are laid out at once and never "
        "kept in a hand (the house rule “Red three in hand costs 500” scores them −500 "
        "instead)",
        "{player} has {n} red threes left in hand: red threes are laid out at once and never "
        "kept in a hand (the house rule “Red three in hand costs 500” scores them −500 "
        "instead)",
        "n",
    ),
    "hand.red_three": Nn_(
        "{n} red three left in hand: red threes are laid out at once and never kept in a "
        "hand (the house rule “Red three in hand costs 500” scores them −500 instead)",
        "{n} red threes left in hand: red threes are laid out at once and never kept in a "
        "hand (the house rule “Red three in hand costs 500” scores them −500 instead)",
        "n",
    ),
    "hand.unknown_player": N_("{player} is not a player of {side} ({players})"),
    "hand.empty_not_out:player": N_(
        "{player} has no cards left but did not go out: only the player who goes out ends "
        "with an empty hand"
    ),
    "hand.empty_not_out": N_(
        "{side} has no cards left in hand but did not go out: only the player who goes out "
        "ends with an empty hand"
    ),
    "hand.side_blank": N_(
        "Nothing is entered for {side}: no melds, no red threes, no cards left in hand, "
        "and it did not go out; a side that did not go out still holds cards"
    ),
    "going_out.by_not_out": N_('{player} is named as going out, but went_out is "no"'),
    "going_out.unknown_player": N_("{player} is not a player of {side} ({players})"),
    "going_out.hand_not_empty": N_("{side} went out, so no card can be left in hand"),
    "going_out.hand_not_empty:player": N_(
        "{player} went out, so no card can be left in {player}'s hand"
    ),
    "going_out.by_missing": N_(
        "who of {side} went out is not recorded, so their empty hand cannot be checked"
    ),
    "concealed.partner_melded": N_(
        "{side} went out concealed, but {partners}, {side}'s partner this hand, had "
        "melded: under the house rule “Concealed only on a first meld” going out concealed "
        "must be the partners' first meld of the hand"
    ),
    "concealed.canastas": N_(
        "{side} went out concealed but {has}: going out concealed needs {need} in the hand melded"
    ),
    "concealed.canastas:own": N_(
        "{side} went out concealed but {has} of their own: going out concealed needs "
        "{need} of their own in the hand melded"
    ),
    "going_out.no_bonus": N_(
        "{side} went out with {n} of the {need} needed: allowed by the house rule “Go out "
        "without canastas”, but no going-out bonus"
    ),
    "going_out.canastas": N_("{side} went out but {has}: going out needs {need} in {game}"),
    # rules §1.7 initial meld minimum
    "meld.below_minimum": N_(
        "{side}, with a score of {score:,} points, melded {points} points in all, below "
        "the initial meld minimum of {minimum}: melds only grow, so the first meld was "
        "short (unless the side went out concealed)"
    ),
    "meld.below_minimum:opener_concealed": N_(
        "{side}, with a score of {score:,} points, who opened for the partners ({partner} "
        "went out concealed, so made no earlier meld), melded {points} points in all, "
        "below the initial meld minimum of {minimum}: melds only grow, so the first meld "
        "was short (unless the side went out concealed)"
    ),
    "meld.below_minimum:opener_alone": N_(
        "{side}, with a score of {score:,} points, who opened for the partners (the "
        "partner lists no melds of their own), melded {points} points in all, below the "
        "initial meld minimum of {minimum}: melds only grow, so the first meld was short "
        "(unless the side went out concealed)"
    ),
    "meld.below_minimum:partners": N_(
        "the partners ({scores}) melded {points} points in all, below the initial meld "
        "minimum of {minimum}: melds only grow, so the first meld was short (unless the "
        "side went out concealed)"
    ),
    # rules §1.12 game end, file format §5 match file
    "match.start_score": N_(
        "start score {value:,} is not below the target {target:,}: that match was already over"
    ),
    "match.hand_after_end": N_(
        "this hand was recorded after the match was already over (a side reached {target:,})"
    ),
    "match.dealer_unknown": N_("the dealer {player} is not one of the players"),
    "partner_score": N_("{side} at {score:,}"),
    "meld.minimum_opener_unknown": N_(
        "the partners melded {points} points in all: enough for {low}'s initial meld "
        "minimum of {low_minimum} but not for {high}'s {high_minimum}. The record does "
        "not say who opened, so this is right only if {low} made the partners' first meld"
    ),
}
