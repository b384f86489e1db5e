"""Past matches, their filters and the statistics over them: their only writer."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qsl, quote, urlencode

from pydantic import BaseModel, ConfigDict

from canasta_scorer.i18n import N_, _
from canasta_scorer.rules import VARIANT_INFO, MatchStatus, Statistics
from canasta_scorer.store import MatchSummary, Store

__all__ = [
    "FILTER_DAYS",
    "HISTORY_PAGE",
    "History",
    "HistoryFilter",
    "filter_query",
    "names_filter",
]

#: Past matches shown per page.
HISTORY_PAGE = 30
#: The periods the past matches can be filtered by (the last so many days), each
#: with its words (translated where shown).
FILTER_DAYS: dict[int, str] = {
    7: N_("Last 7 days"),
    30: N_("Last 30 days"),
    365: N_("Last year"),
}
#: The longest player's name an address may filter by.
_LONGEST_NAME = 200


class HistoryFilter(BaseModel):
    """The filters of the past-matches screen."""

    model_config = ConfigDict(frozen=True)

    player: str | None = None
    variant: str | None = None
    status: MatchStatus | None = None
    days: int | None = None


def _pairs(chosen: HistoryFilter) -> list[tuple[str, str]]:
    """The filters chosen as the pairs of a query string (keys and plain values)."""
    return [
        (key, value)
        for key, value in (
            ("player", chosen.player),
            ("variant", chosen.variant),
            ("status", str(chosen.status) if chosen.status else None),
            ("days", str(chosen.days) if chosen.days else None),
        )
        if value
    ]


#: The characters of a value that Flet's browser client would let change what a query
#: says, and their escapes (``~`` and two hex digits): the client decodes an address
#: each time the browser comes to it (a push, a reload, Back, Forward) and writes it
#: back decoded, so a ``%26`` turns into an ``&`` that splits the value and a
#: ``%23`` into a ``#`` that cuts it off. ``~`` is left alone by every decoding.
_ESCAPED = {char: f"~{ord(char):02X}" for char in "~%&=#+"}
_UNESCAPE = re.compile(r"~(7E|25|26|3D|23|2B)")


def _escape(value: str) -> str:
    """A query value with `_ESCAPED`'s characters escaped (``"A & B"`` → ``"A ~26 B"``)."""
    return "".join(_ESCAPED.get(char, char) for char in value)


def _unescape(value: str) -> str:
    """`_escape` undone (a ``~`` not followed by one of its escapes is kept)."""
    return _UNESCAPE.sub(lambda found: chr(int(found.group(1), 16)), value)


def _read_query(query: str) -> list[tuple[str, str]]:
    """An address's query string as its pairs, values unescaped (however the browser
    encoded it: spaces as ``+`` or ``%20``, a name's letters encoded or not)."""
    return [(key, _unescape(value)) for key, value in parse_qsl(query, keep_blank_values=True)]


def names_filter(query: str, chosen: HistoryFilter) -> bool:
    """True when an address's query string names exactly the filters ``chosen``
    (however the browser encoded it: spaces as ``+`` or ``%20``), nothing more."""
    return sorted(_read_query(query)) == sorted(_pairs(chosen))


def filter_query(chosen: HistoryFilter) -> str:
    """The filters as the query string of an address (``?player=Ann%20~26%20Bo&days=30``
    for "Ann & Bo": each value URL-encoded after "~", "%", "&", "=", "#" and "+" are
    escaped as ``~`` and their two hex digits, which survive Flet's client decoding
    the address whenever the browser comes back to it); ``""`` for no filter."""
    pairs = [(key, _escape(value)) for key, value in _pairs(chosen)]
    if not pairs:
        return ""
    return "?" + urlencode(pairs, quote_via=quote)


@dataclass(eq=False)
class History:
    """The match list (home and past matches) and the statistics.

    Attributes:
        recent: the matches listed, newest first.
        filter: the past-matches filters.
        more: True when there is another page of matches.
        stats: the statistics last computed (over the filtered matches).
        known_players: the players of the matches kept (not deleted), to filter by.
    """

    store: Store
    recent: tuple[MatchSummary, ...] = ()
    filter: HistoryFilter = field(default_factory=lambda: HistoryFilter())
    more: bool = False
    stats: Statistics | None = None
    known_players: tuple[str, ...] = ()

    def refresh_recent(self) -> None:
        """Reload the home screen's match list and the remembered players."""
        self.recent = tuple(self.store.matches(limit=50))
        self.known_players = tuple(self.store.players(in_matches=True))

    def in_progress(self) -> MatchSummary | None:
        """The newest unfinished match, to resume."""
        return next((m for m in self.recent if m.status == "in_progress"), None)

    def _since(self) -> datetime | None:
        days = self.filter.days
        return datetime.now(UTC) - timedelta(days=days) if days else None

    def load(self, *, more: bool = False, at_least: int = 0) -> None:
        """Load the first page of past matches under the filters (``more``: the next;
        ``at_least``: as many matches as that, in whole pages, to list them again as
        they were)."""
        f = self.filter
        before = self.recent[-1].id if more and self.recent else None
        size = HISTORY_PAGE * max(1, -(-at_least // HISTORY_PAGE)) if not more else HISTORY_PAGE
        page = tuple(
            self.store.matches(
                limit=size + 1,
                before=before,
                status=f.status,
                variant=f.variant,
                player=f.player,
                since=self._since(),
            )
        )
        self.more = len(page) > size
        page = page[:size]
        self.recent = (self.recent + page) if more else page
        if not more:
            self.known_players = tuple(self.store.players(in_matches=True))

    def filter_from(self, query: str) -> HistoryFilter:
        """The filters an address's query string names (see `filter_query`): each
        value that is not one of the app's (a player of no match kept, a variant or
        a status it does not know, a period it does not offer, a value given twice
        with different words) is no filter; a query that cannot be read at all is
        none (one store read, of the players)."""
        values: dict[str, str] = {}
        for key, value in _read_query(query):
            values[key] = value if values.get(key, value) == value else ""
        player = values.get("player", "").strip() or None
        if player is not None and (
            len(player) > _LONGEST_NAME or player not in self.store.players(in_matches=True)
        ):
            player = None
        variant = values.get("variant")
        status = values.get("status")
        days = values.get("days", "")
        return HistoryFilter(
            player=player,
            variant=variant if variant in {v.value for v in VARIANT_INFO} else None,
            status=MatchStatus(status) if status in {s.value for s in MatchStatus} else None,
            days=int(days) if days in {str(d) for d in FILTER_DAYS} else None,
        )

    def use_filter(self, chosen: HistoryFilter) -> None:
        """Take the filters an address names (see `filter_from`); nothing is read
        (the screen opened after it reads the matches or the statistics)."""
        self.filter = chosen

    def set_filter(self, **changes: object) -> None:
        """Change the filters (player, variant, status, days) and reload."""
        self.filter = self.filter.model_copy(update=changes)
        self.load()

    def load_more(self) -> None:
        """The next page of past matches."""
        self.load(more=True)

    def compute_stats(self) -> None:
        """Player and partnership statistics over the matches of the filters."""
        f = self.filter
        self.stats = self.store.statistics(
            status=f.status, variant=f.variant, player=f.player, since=self._since()
        )

    def filter_words(self) -> str:
        """The filters in words, e.g. "player Petra, finished", or ""."""
        f = self.filter
        parts = [_("player {player}").format(player=f.player)] if f.player else []
        if f.variant:
            parts.append(f.variant)
        if f.status:
            parts.append(_("finished") if f.status == "finished" else _("unfinished"))
        if f.days:
            parts.append(_("last {days} days").format(days=f.days))
        return ", ".join(parts)
