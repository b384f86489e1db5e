"""The app's state: one small observable per area, each the only writer of its data.

- `Navigation` (navigation.py): the screen, the message, the moves between screens;
- `OpenMatch` and `HandEntry` (match.py): the open match, the hand being entered
  and its live preview;
- `NewMatch` (setup.py): the new-match form;
- `History` (history.py): past matches, filters, statistics;
- `Checker` (checker.py): the rule checker;
- `ImportFile` (importing.py): a match file or backup brought in from the device,
  shown before it is imported;
- `follow` (live.py): what a tab reads again when another device changed a match;
- `Work` (work.py): how the areas' actions reach the store (their store calls as
  steps, so the app makes them off the event loop).

No module here imports Flet: the app makes the classes observable when it wires
them (`build_model(store, wrap=ft.observable)`), so all of the app's logic is
tested at the Python level. Attributes are replaced, never mutated in place, so an
observer sees every change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from canasta_scorer.store import Store

from .checker import Checker
from .history import FILTER_DAYS, HISTORY_PAGE, History, HistoryFilter, filter_query
from .importing import ImportFile
from .live import follow
from .match import DRAFT_DELAY, HandEntry, OpenMatch, Preview, Scheduler, rank_name
from .navigation import Navigation, Screen
from .setup import NewMatch, default_sides, named_key
from .work import Job, Steps, Work, drive

__all__ = [
    "DRAFT_DELAY",
    "FILTER_DAYS",
    "HISTORY_PAGE",
    "AppModel",
    "Checker",
    "HandEntry",
    "History",
    "HistoryFilter",
    "ImportFile",
    "Job",
    "Navigation",
    "NewMatch",
    "OpenMatch",
    "Preview",
    "Scheduler",
    "Screen",
    "Steps",
    "Work",
    "build_model",
    "default_sides",
    "drive",
    "filter_query",
    "follow",
    "named_key",
    "rank_name",
]


@dataclass(frozen=True, eq=False)
class AppModel:
    """The areas of one browser tab or window (it holds no data of its own)."""

    nav: Navigation
    match: OpenMatch
    entry: HandEntry
    setup: NewMatch
    history: History
    checker: Checker
    importer: ImportFile


def build_model(
    store: Store,
    *,
    wrap: Callable[[type[Any]], type[Any]] = lambda cls: cls,
    schedule: Scheduler | None = None,
    draft_delay: float = DRAFT_DELAY,
    work: Work | None = None,
) -> AppModel:
    """The state of one tab, with the match list read.

    Args:
        store: where matches are kept.
        wrap: applied to each area's class (the app passes ``ft.observable``).
        schedule: runs the draft's delayed write (without one, drafts are written
            on leaving hand entry, on Save and on `HandEntry.flush`).
        draft_delay: seconds a changed draft waits before it is written.
        work: how store calls are made (default: at once, by the caller).
    """
    work = work or Work()
    nav = wrap(Navigation)(_work=work)
    entry = wrap(HandEntry)(store=store, _schedule=schedule, _delay=draft_delay, _work=work)
    match = wrap(OpenMatch)(store=store, nav=nav, entry=entry, _work=work)
    entry.attach(match)
    setup = wrap(NewMatch)(store=store)
    history = wrap(History)(store=store)
    checker = wrap(Checker)()
    importer = wrap(ImportFile)(store=store)
    nav.attach(match, setup, history, checker, importer)
    history.refresh_recent()
    return AppModel(
        nav=nav,
        match=match,
        entry=entry,
        setup=setup,
        history=history,
        checker=checker,
        importer=importer,
    )
