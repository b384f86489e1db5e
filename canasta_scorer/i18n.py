"""The words of the app and the command line in the player's language.

Catalogs are gettext ``.po`` files in ``canasta_scorer/locale/<lang>/LC_MESSAGES/``,
made from ``messages.pot`` (docs/translating.md). They are read with Babel and compiled
in memory the first time a language is used (no build step; a fresh clone works).

There is no process-wide language: several browser tabs served by one process may each
speak their own. The language in force is, in this order, the one the app's resolver
gives for the running tab (`set_resolver`, see ``ui/language.py``), the one set for
the running context (`use`: the command line, tests; `speak`: where the app draws a
tab), else English.

>>> with use("en"):
...     _("Save"), ngettext("{n} card", "{n} cards", 2).format(n=2), number(1630)
('Save', '2 cards', '1,630')
"""

from __future__ import annotations

import contextlib
import errno
import functools
import io
import re
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from gettext import NullTranslations
from pathlib import Path
from typing import TYPE_CHECKING

from babel import Locale, UnknownLocaleError
from babel.dates import format_datetime, format_skeleton
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent, get_group_symbol
from babel.support import Translations

if TYPE_CHECKING:
    from canasta_scorer.rules import CanastaError, Finding, Phrase, Problem, Reason, Verdict

# The rules engine (pydantic's models, a fifth of a second) is imported where its
# words are first needed, not with this module: the browser version's server reads
# its command line and serves its page before the engine is loaded (README, Speed:
# start-up).

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "LOCALE_DIR",
    "MINUS",
    "N_",
    "Language",
    "Nn_",
    "_",
    "answer_text",
    "best_language",
    "card_name",
    "change_words",
    "cite",
    "current",
    "day",
    "finding_text",
    "language",
    "moment",
    "ngettext",
    "number",
    "percent",
    "problem_line",
    "problem_text",
    "question_text",
    "quote",
    "rank_name",
    "reason_text",
    "set_resolver",
    "speak",
    "spoken_list",
    "use",
    "words",
]

#: Where the catalogs are: ``<lang>/LC_MESSAGES/messages.po`` and ``messages.pot``.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: The languages the product speaks: code → its own name (shown in the settings).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "pt_BR": "Português (Brasil)",
    "it": "Italiano",
    "de": "Deutsch",
}

DEFAULT = "en"


def N_(message: str) -> str:
    """Mark a string for extraction without translating it here (it is translated
    where it is shown)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural pair for extraction; `ngettext` picks one where it is
    shown."""
    return singular, plural


@dataclass(frozen=True)
class Language:
    """One language: its code (``pt_BR``), its Babel locale and its translations."""

    code: str
    locale: Locale
    translations: NullTranslations


@functools.cache
def language(code: str) -> Language:
    """The language of a code of `LANGUAGES`, its catalog read once (English has none:
    the source strings are English).

    Raises:
        KeyError: a code the product does not speak.
    """
    if code not in LANGUAGES:
        raise KeyError(code)
    translations: NullTranslations = NullTranslations()
    po = LOCALE_DIR / code / "LC_MESSAGES" / "messages.po"
    if code != DEFAULT and po.is_file():
        with po.open("rb") as source:
            catalog = read_po(source, locale=code)
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        compiled.seek(0)
        translations = Translations(compiled)
    return Language(code, Locale.parse(code), translations)


_current: ContextVar[Language | None] = ContextVar("canasta_scorer_language", default=None)
_resolver: Callable[[], Language | None] | None = None


def set_resolver(resolver: Callable[[], Language | None] | None) -> None:
    """Set how the language of the running context is found (the app: the language of
    the tab being served, ``None`` outside a tab). It is asked before `use` and `speak`:
    in the app, the command line's `use` around the whole server gives only the language
    of what is not a tab's (the server's own words)."""
    global _resolver
    _resolver = resolver


def current() -> Language:
    """The language in force here (see the module's docstring)."""
    found = _resolver() if _resolver is not None else None
    return found or _current.get() or language(DEFAULT)


def speak(code: str) -> None:
    """Speak ``code`` in the running context from now on, where the resolver cannot
    tell (the app: Flet draws each tab's screens in a task of that tab's own)."""
    _current.set(language(code))


@contextlib.contextmanager
def use(code: str) -> Iterator[Language]:
    """Speak ``code`` in this context (a thread, a task, a block)."""
    token = _current.set(language(code))
    try:
        yield _current.get() or language(DEFAULT)
    finally:
        _current.reset(token)


def best_language(preferred: Sequence[str | None]) -> str:
    """The product's language closest to a list of preferences, most wanted first
    (``["pt-BR", "en-US"]``, ``LANG``-style ``de_DE.UTF-8``); English when none fits.

    >>> best_language(["pt-PT", "en"]), best_language(["de_AT.UTF-8"]), best_language([])
    ('pt_BR', 'de', 'en')
    """
    for wanted in preferred:
        if not wanted:
            continue
        tag = wanted.split(".")[0].split("@")[0].replace("-", "_")
        if tag in ("C", "POSIX"):
            continue
        if tag in LANGUAGES:
            return tag
        try:
            asked = Locale.parse(tag)
        except (ValueError, UnknownLocaleError):
            continue
        for code in LANGUAGES:
            if Locale.parse(code).language == asked.language:
                return code
    return DEFAULT


def _(message: str) -> str:
    """``message`` in the language in force."""
    return current().translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the language in force."""
    return current().translations.ngettext(singular, plural, n)


#: The minus sign of every number shown to people (U+2212, as paper score sheets write
#: it, as wide as the plus): the app, the score sheets and every line of the command line
#: meant to be read. What programs read (JSON, CSV, the files written) keeps ASCII's
#: hyphen-minus, and never goes through `number`.
MINUS = "\u2212"


def number(value: int | float, *, sign: bool = False, places: int | None = None) -> str:
    """A number as the language writes it: ``1,630`` in English, ``1.630`` in German,
    below zero with the minus sign `MINUS` (``−75``); with ``sign``, a plus before a
    positive number (``+1,630``); with ``places``, rounded as Python's
    ``f"{value:,.2f}"`` rounds it, with that many digits after the decimal sign
    (``1.50`` in English, ``1,50`` in German).

    >>> with use("de"):
    ...     number(-18000), number(-75, sign=True), number(-0.5, places=2), number(5, sign=True)
    ('−18.000', '−75', '−0,50', '+5')
    """
    if places is None:
        text = _decimal(value, current().code)
    else:
        pattern = "#,##0" + ("." + "0" * places if places else "")
        rounded = Decimal(f"{value:.{places}f}")
        text = format_decimal(rounded, pattern, locale=current().locale, group_separator=True)
    if text.startswith("-"):  # Python and Babel write a hyphen-minus
        # a number rounded to zero is no number below zero ("0", not "−0")
        return MINUS + text[1:] if text.strip("-0.,\u00a0\u202f'") else text[1:]
    return "+" + text if sign and value > 0 else text


def group_symbol() -> str:
    """The thousands separator of the language in force, as `number` writes it
    (``","`` in English, ``"."`` in German): what `canasta_scorer.rules.parse_number`
    reads back (its ``group``) from a number typed in that language."""
    return _group_symbol(current().code)


@functools.lru_cache(maxsize=32)
def _group_symbol(code: str) -> str:
    if code == DEFAULT:
        return ","  # Babel's English, without loading its locale data (see `day`)
    return str(get_group_symbol(language(code).locale))


@functools.lru_cache(maxsize=4096, typed=True)
def _decimal(value: int | float, code: str) -> str:
    """``value`` written as the language of ``code`` writes it (Babel is slow to ask
    again for the same number: a score sheet shows the same totals many times).

    A whole number in English is written as Python writes it (``1,630``, ``-75``),
    which is what Babel's English gives: the command line, English by default, then
    never loads Babel's locale data (about 15 ms a run)."""
    if code == DEFAULT and type(value) is int:
        return f"{value:,}"
    return format_decimal(value, locale=language(code).locale, group_separator=True)


def percent(value: float) -> str:
    """A share as the language writes a percentage: ``50%`` (English), ``50 %`` (German)."""
    return format_percent(value, locale=current().locale)


#: English's short month names as Babel's English writes them (``MMM``, in ``yMMMd``).
ENGLISH_MONTHS = (
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
)


def day(value: date) -> str:
    """A date as the match lists show it, day, short month and year in the order and
    form the language writes them (the CLDR's ``yMMMd``): ``Dec 1, 2026``,
    ``1 dic 2026``, ``1 de dez. de 2026``, ``1. Dez. 2026``.

    In English it is written here as Babel's English writes it (`ENGLISH_MONTHS`; a
    test compares every month with Babel's): Home in English, the first screen of
    most tabs, then never loads Babel's locale data, which is English's and the root
    locale's tables and Babel's global table read whole (about 5 MiB of the server's
    memory; README, Speed: memory)."""
    if current().code == DEFAULT:
        return f"{ENGLISH_MONTHS[value.month - 1]} {value.day}, {value.year}"
    return format_skeleton("yMMMd", value, locale=current().locale)


def moment(value: datetime) -> str:
    """A date and time in the language's short form."""
    return format_datetime(value, "short", locale=current().locale)


def spoken_list(items: Sequence[str]) -> str:
    """``a, b and c`` as the language says it (English without the serial comma, as
    the rest of the product writes it)."""
    items = list(items)
    if current().code == DEFAULT or not items:
        return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)
    return format_list(items, locale=current().locale)


def words(phrase: Phrase | None, english: str = "") -> str:
    """A phrase of the rules engine's table (`canasta_scorer.rules.WORDS`) in the
    language in force, numbers in its form; ``english`` when there is no phrase (or
    in English, where the engine's own rendering is the same words, unless a number of
    it is below zero: the engine writes a hyphen-minus, shown here as `MINUS`)."""
    if phrase is None or (english and current().code == DEFAULT and not _below_zero(phrase)):
        return english
    from canasta_scorer.rules import render_words

    return render_words(
        phrase, gettext=_, ngettext=ngettext, spoken_list=spoken_list, number=number, quote=quote
    )


def _below_zero(phrase: Phrase) -> bool:
    """Whether a phrase holds a whole number below zero, in it or in a phrase it holds."""
    from canasta_scorer.rules import Phrase  # loaded already: a phrase is made there

    for _name, value in phrase.values:
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if isinstance(item, int) and not isinstance(item, bool) and item < 0:
                return True
            if isinstance(item, Phrase) and _below_zero(item):
                return True
    return False


def quote(text: str) -> str:
    """Text a player typed or a file held (a name, a token) between the quotation marks
    of the language in force: “Ann's side” (English, Portuguese), „Ann's side“ (German),
    «Ann's side» (Spanish, Italian). The text is shown as it is: no backslashes, no
    escapes (never Python's ``repr``)."""
    # Translators: the quotation marks of your language around a name or text a
    # player typed; keep {text}.
    return _("“{text}”").format(text=text)


_CHANGE = re.compile(r"(Add|Edit|Delete) hand (\d+)")
#: The store's names of the changes undo and redo take back (kept with the match, in
#: English: "Add hand 3"), worded to sit inside a phrase.
_CHANGES = {
    "Add": N_("adding hand {number}"),
    "Edit": N_("editing hand {number}"),
    "Delete": N_("deleting hand {number}"),
}


def change_words(description: str) -> str:
    """A change the store keeps for undo and redo (stored as "Add hand 3"), in the
    player's language, worded to sit inside a phrase ("Undo adding hand 3"); another
    description as it is."""
    found = _CHANGE.fullmatch(description)
    if found is None:
        return description
    return _(_CHANGES[found.group(1)]).format(number=int(found.group(2)))


#: What the system's errors mean, in players' words (the system's own text is its
#: language's, or English).
_SYSTEM_ERRORS: dict[int, str] = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("is a folder, not a file"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("no room left on the disk"),
    errno.EDQUOT: N_("no room left on the disk"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.EEXIST: N_("there is one there already"),
    errno.EIO: N_("the disk could not be read or written"),
    errno.EBUSY: N_("it is in use by another program"),
    errno.EMFILE: N_("too many files are open"),
    errno.ENFILE: N_("too many files are open"),
    errno.ELOOP: N_("its links go round in a circle"),
}


def system_error_text(error: OSError) -> str:
    """An error of the system (a file, a folder, the disk) in this language's words:
    ``no such file or folder``, ``permission denied``, …; the system's own text for
    one the product has no words for."""
    said = _SYSTEM_ERRORS.get(error.errno or 0)
    return _(said) if said is not None else str(error.strerror or error)


def card_name(token: str) -> str:
    """One card in words, from its file token: "joker", "black three", "K"."""
    from canasta_scorer.rules import Phrase

    return words(Phrase(f"label.{token}"))


def rank_name(token: str) -> str:
    """The cards of a rank in words, from its token: "Ks", "black threes", "wild cards"."""
    from canasta_scorer.rules import Phrase

    return words(Phrase(f"rank.{token}"))


def error_text(error: CanastaError) -> str:
    """What the rules engine says of input it cannot read (cards, a number), in the
    language in force; its English message where it has no phrase."""
    return words(error.words, str(error))


def problem_text(problem: Problem) -> str:
    """Why a hand or match file (or a form read as one) cannot be read, in the language
    in force: the problem's phrase (docs/file-format.md's contract, pydantic's errors
    worded by their type), else its message as it is."""
    return words(problem.words, problem.message)


def problem_line(problem: Problem) -> str:
    """A problem with where it is, one sentence: ``sides[0].meld: unknown key “meld”``
    (the JSON path stays as the file writes it)."""
    if not problem.where:
        return problem_text(problem)
    return _("{where}: {problem}").format(where=problem.where, problem=problem_text(problem))


def finding_text(finding: Finding) -> str:
    """What a finding says, in the language in force."""
    return words(finding.words, finding.message)


def reason_text(reason: Reason) -> str:
    """A verdict's reason, in the language in force."""
    text = words(reason.words, reason.message)
    if reason.message[:1].isupper() and text[:1].islower():
        text = text[0].upper() + text[1:]
    return text


def question_text(verdict: Verdict) -> str:
    """A verdict's question, in the language in force."""
    return words(verdict.question_words, verdict.question)


def answer_text(verdict: Verdict) -> str:
    """A verdict's answer, in the language in force."""
    return words(verdict.answer_words, verdict.answer)


_SECTION = re.compile(r"(?:(rules|file format) )?§(\d+(?:\.\d+)*(?: [A-Z]+\d+)?) [^;]*")


def cite(citation: str) -> str:
    """A citation of the rule book or the file format ("rules §1.9 going out") with its
    section titles in the language in force (the section numbers stay).

    >>> with use("en"):
    ...     cite("rules §1.3 melds; §3 H5 wild-card melds")
    'rules §1.3 melds; §3 H5 wild-card melds'
    """
    if current().code == DEFAULT:
        return citation
    from canasta_scorer.rules import FILE_FORMAT, RULES

    table = RULES
    parts = []
    for part in citation.split("; "):
        found = _SECTION.fullmatch(part)
        if found is None:
            parts.append(part)
            continue
        book, section = found.group(1), found.group(2)
        if book:
            table = RULES if book == "rules" else FILE_FORMAT
        title = table.get(section)
        if title is None:
            parts.append(part)
            continue
        head = (_("rules") if book == "rules" else _("file format")) + " " if book else ""
        parts.append(f"{head}§{section} " + _(title))
    return "; ".join(parts)


#: The words of citations, for extraction.
_BOOKS = (N_("rules"), N_("file format"))
