"""The Flet app: wiring, the access code, each tab's ``main(page)`` (`build_main`);
its settings from ``flet.toml`` and running it are `canasta_scorer.ui.run`'s.

``canasta-scorer`` opens a desktop window where Flet's desktop client can be had;
where it cannot (no display, or offline on first use) it serves the browser
version on 127.0.0.1 and prints the address. ``canasta-scorer app --web`` always
serves the browser version, fully offline (CanvasKit and fonts from flet-web).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections.abc import Callable
from typing import Any, cast

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import N_, _
from canasta_scorer.store import Store

from . import walks
from .address_bar import AddressBar
from .awake import KeepAwake
from .components.common import CENTRED, TOUCH, icon_button, use_typed
from .components.hand_entry import HandEntryScreen
from .components.home import HomeScreen, language_menu
from .components.scoreboard import BoardActions, scoreboard, scoreboard_actions
from .language import follow_device, page_locale, speak_for, tab_language
from .live import LiveUpdates
from .run import Settings, load_settings, run_app
from .serving import (
    AccessGate,
    ClientGate,
    SessionEdge,
    check_event_data,
    guard_page,
    is_loopback,
    quiet_flet_debug,
    reconnected,
    release_screen,
    released,
    remember_event_types,
)
from .state import (
    DRAFT_DELAY,
    AppModel,
    History,
    Navigation,
    OpenMatch,
    Scheduler,
    Screen,
    build_model,
    follow,
)
from .worker import StoreWorker, TabWork

__all__ = [
    "AccessGate",
    "Settings",
    "build_main",
    "is_loopback",
    "load_settings",
    "new_model",
    "run_app",
    "table_route",
]


TITLES = {
    Screen.HOME: N_("Canasta scorer"),
    Screen.NEW_MATCH: N_("New match"),
    Screen.SCOREBOARD: N_("Scoreboard"),
    Screen.TABLE: N_("Table view"),
    Screen.HAND_ENTRY: N_("Enter a hand"),
    Screen.HAND_DETAIL: N_("Hand"),
    Screen.MATCHES: N_("Past matches"),
    Screen.CHECKER: N_("Rule checker"),
    Screen.STATS: N_("Player statistics"),
    Screen.EXPORT: N_("Export"),
    Screen.IMPORT: N_("Import a file"),
}


def _message(nav: Navigation) -> ft.Control:
    """The app's last message, with Undo when it offers one and a way to dismiss it."""
    message = nav.message or ""
    # a live region of plain text: a screen reader says it when it comes, and reads it
    # as a sentence (selectable text is a text box to it)
    return ft.Semantics(
        identifier="message",
        label=message,
        live_region=True,
        content=ft.Container(
            content=ft.Row(
                [
                    # read out once, as the live region's label
                    ft.Semantics(content=ft.Text(message), exclude_semantics=True, expand=True),
                    *(
                        [ft.TextButton(content=_("Undo"), height=TOUCH, on_click=nav.undo_said)]
                        if nav.offers_undo
                        else []
                    ),
                    icon_button(
                        ft.Icons.CLOSE,
                        _("Dismiss"),
                        width=TOUCH,
                        height=TOUCH,
                        on_click=lambda: nav.say(None),
                    ),
                ]
            ),
            bgcolor=ft.Colors.ERROR_CONTAINER if nav.problem else ft.Colors.SECONDARY_CONTAINER,
            border_radius=8,
            padding=ft.Padding.only(left=12),
        ),
        key="message",
    )


def _working() -> ft.Control:
    """Said while an action of this tab waits for the store (a busy database)."""
    return ft.Semantics(
        identifier="working",
        label=_("Working…"),
        live_region=True,
        content=ft.Row(
            [ft.ProgressRing(width=16, height=16, stroke_width=2), ft.Text(_("Working…"))],
            spacing=8,
        ),
        key="working",
    )


def screen_for(model: AppModel, board_actions: BoardActions, back_button: Any = None) -> ft.Control:
    """The component of the screen the app is on, given only the areas it shows
    (``board_actions``: the scoreboard's, made once per tab; ``back_button``: a
    `ft.use_ref` of the app bar's Back, for hand entry). The screens that are
    never the first one are imported when first shown (the server starts sooner)."""
    nav, match = model.nav, model.match
    screen = nav.screen
    if screen is Screen.NEW_MATCH:
        from .components.new_match import NewMatchScreen

        return NewMatchScreen(model.setup, nav, key="screen-new-match")
    if screen is Screen.SCOREBOARD and match.current is not None:
        return _scoreboard(model, board_actions)
    if screen is Screen.TABLE and match.current is not None:
        from .components.table import TableScreen

        return TableScreen(match, nav, key="screen-table")
    if screen is Screen.HAND_ENTRY and model.entry.draft is not None:
        return HandEntryScreen(match, model.entry, nav, back_button, key="screen-hand-entry")
    if screen is Screen.HAND_DETAIL and nav.detail is not None and match.current is not None:
        from .components.hand_detail import HandDetailScreen

        return HandDetailScreen(match, nav.detail, nav, key=f"screen-hand-{nav.detail}")
    if screen is Screen.MATCHES:
        from .components.history import HistoryScreen

        return HistoryScreen(model.history, nav, key="screen-matches")
    if screen is Screen.CHECKER:
        from .components.checker import CheckerScreen

        return CheckerScreen(model.checker, key="screen-checker")
    if screen is Screen.STATS:
        from .components.stats import StatsScreen

        return StatsScreen(model.history, key="screen-stats")
    if screen is Screen.EXPORT and match.current is not None:
        from .components.export import ExportScreen

        return ExportScreen(match, nav, key="screen-export")
    if screen is Screen.IMPORT:
        from .components.importing import ImportScreen

        return ImportScreen(model.importer, nav, key="screen-import")
    return HomeScreen(model.history, nav, key="screen-home")


def _scoreboard(model: AppModel, act: BoardActions) -> ft.Control:
    """The scoreboard, given what it shows of the hand being entered as values: the
    app is drawn again whenever that changes (it comes with a move or a match read)."""
    draft = model.entry.draft
    return scoreboard(
        model.match,
        act,
        model.match.new_hand_kept(),
        draft.number if draft is not None else None,
    )


_OBSERVABLE: dict[type[Any], type[Any]] = {}


def observable(cls: type[Any]) -> type[Any]:
    """An area's class made observable (`ft.observable`), once per process: Flet makes
    a new class each time it is asked, which every tab would otherwise pay for (six
    classes, about 23 kB, freed only by a full collection). The classes hold no
    state; each tab's areas are objects of their own."""
    made = _OBSERVABLE.get(cls)
    if made is None:
        made = _OBSERVABLE[cls] = ft.observable(cls)  # type: ignore[no-untyped-call]
    return made


def new_model(store: Store, schedule: Scheduler | None = None) -> AppModel:
    """The state of one browser tab or window: each area observable (a component
    showing it re-renders when it changes), with the match list read."""
    return build_model(store, wrap=observable, schedule=schedule)


@ft.component
def App(
    nav: Navigation,
    match: OpenMatch,
    model: AppModel,
    gate: AccessGate | ClientGate,
    address: AddressBar | None = None,
    awake: KeepAwake | None = None,
    history: History | None = None,
) -> list[ft.View]:
    """The whole app for one browser tab or window: one view whose app bar and
    message follow the navigation (and the open match's undo and redo); the screen
    below is its own component, re-drawn only when its areas change. The tab's
    ``address`` follows the screen, and the past matches' filters (``history``,
    given so that a filter chosen draws this again: the address holds them);
    ``awake`` is asked again when the table view is opened."""
    # Flet draws this tab's screens in a task of its own: they speak its language
    i18n.speak(nav.language)
    # and so do Flutter's own words (a text field's character counter)
    page = ft.context.page
    ft.use_effect(lambda: page_locale(page, nav.language), [nav.language])
    # (a tab's screen drawn again on a reconnect stays unlocked)
    unlocked, set_unlocked = ft.use_state(
        not gate.needed or (isinstance(gate, ClientGate) and gate.unlocked)
    )
    code = use_typed()
    problem, set_problem = ft.use_state("")
    board_actions = ft.use_memo(lambda: BoardActions(match, nav), [])
    # hand entry was shown in this match's view: it stays mounted (hidden) beside
    # the scoreboard, so Save does not take it down nor the next hand build it anew
    entry_kept = ft.use_ref(False)
    # the app bar's Back of the view drawn last (hand entry in quick totals gives it
    # the focus: see `use_start_focus`)
    back_button = ft.use_ref(cast(ft.Control | None, None))

    if not unlocked:

        def unlock() -> None:
            accepted, message = gate.check(code.now())
            set_problem(message)
            if accepted:
                set_unlocked(True)

        return [
            ft.View(
                route="/",
                appbar=ft.AppBar(title=ft.Text(_("Canasta scorer"))),
                controls=[
                    ft.Text(
                        _(
                            "Enter the app's access code: the one printed where it was "
                            "started, or the one chosen for it."
                        )
                    ),
                    ft.TextField(
                        label=_("Access code"),
                        value=code.shown,
                        password=True,
                        on_change=lambda e: code.set(e.control.value),
                        on_submit=unlock,
                        autofocus=True,
                    ),
                    ft.FilledButton(content=_("Unlock"), on_click=unlock, height=48),
                    ft.Text(problem, color=ft.Colors.ERROR) if problem else ft.Container(),
                ],
                padding=16,
                # the field and Unlock as wide as the screen (the field alone is narrower)
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            )
        ]
    screen = nav.screen
    if address is not None:
        ft.use_effect(address.follow, [nav.address()])
    if awake is not None:
        ft.use_effect(awake.again, [screen is Screen.TABLE])
    back = {
        Screen.NEW_MATCH: nav.go_home,
        Screen.SCOREBOARD: nav.leave_match,
        Screen.MATCHES: nav.go_home,
        Screen.CHECKER: nav.leave_checker,
        Screen.STATS: nav.show_matches,
        Screen.EXPORT: nav.back_to_scoreboard,
        Screen.IMPORT: nav.leave_import,
        Screen.HAND_ENTRY: nav.back_to_scoreboard,
        Screen.HAND_DETAIL: nav.back_to_scoreboard,
        Screen.TABLE: nav.back_to_scoreboard,
    }.get(screen)
    title = _(TITLES[screen])
    if screen is Screen.HAND_DETAIL:
        title = _("Hand {value}").format(value=(nav.detail or 0) + 1)
    editing = model.entry.draft.number if model.entry.draft is not None else None
    if screen is Screen.HAND_ENTRY and editing is not None:
        title = _("Edit hand {value}").format(value=editing + 1)
    actions = (
        [
            icon_button(ft.Icons.TV, _("Table view"), on_click=nav.show_table),
            *scoreboard_actions(match),
        ]
        if screen is Screen.SCOREBOARD
        else [language_menu(nav)]
        if screen is Screen.HOME
        else []
    )
    message: list[ft.Control] = [_message(nav)] if nav.message else []
    if nav.working:
        message.insert(0, _working())
    entering = screen is Screen.HAND_ENTRY and model.entry.draft is not None
    if match.current is not None and (screen is Screen.SCOREBOARD or entering):
        # One view for the scoreboard and hand entry, one over the other: the
        # scoreboard stays built under hand entry (transparent: neither painted nor
        # read out while a hand is entered), so Save shows it again at once with
        # only what changed (the new row, the totals, the chart); hand entry, once
        # shown, stays mounted too (hidden, keeping its last hand until the next).
        entry_kept.current = entry_kept.current or entering
        layers: list[ft.Control] = [
            ft.Container(
                ft.Column(
                    [_centred([_scoreboard(model, board_actions)])],
                    scroll=ft.ScrollMode.AUTO,
                    expand=True,
                ),
                opacity=0.0 if entering else 1.0,
                padding=ft.Padding.only(left=16, right=16, bottom=16),
                key="scoreboard-holder",
            )
        ]
        if entry_kept.current:
            layers.append(
                ft.Container(
                    HandEntryScreen(match, model.entry, nav, back_button, key="screen-hand-entry"),
                    visible=entering,
                    # opaque: no tap reaches the scoreboard under it
                    bgcolor=ft.Colors.SURFACE,
                    key="hand-entry-holder",
                )
            )
        # The working note and the message have a place each, kept when empty: one
        # coming or going changes that place alone, where a new row in this column
        # would have the browser build both layers below again.
        controls: list[ft.Control] = [
            _bar(_working() if nav.working else None, "bar-working"),
            _bar(_message(nav) if nav.message else None, "bar-message"),
            ft.Stack(layers, fit=ft.StackFit.EXPAND, expand=True, key="match-layers"),
        ]
        return [
            _view(
                title,
                back,
                actions,
                ft.Column(controls, expand=True, spacing=0),
                False,
                nav.language,
                back_button,
            )
        ]
    entry_kept.current = False
    body = [*message, screen_for(model, board_actions, back_button)]
    entering = screen in (Screen.HAND_ENTRY, Screen.NEW_MATCH, Screen.CHECKER)
    if entering:
        # Hand entry, the new-match form and the rule checker scroll their own
        # middle: the side switcher, Save, Start match and the checker's answer stay
        # on screen.
        content: ft.Control = ft.Column(body, expand=True, spacing=8)
    else:
        content = _centred(body)
    return [_view(title, back, actions, content, not entering, nav.language, back_button)]


def _bar(content: ft.Control | None, key: str) -> ft.Control:
    """A place above the scoreboard and hand entry for ``content`` (none: no height)."""
    return ft.Container(
        content,
        padding=ft.Padding.only(left=12, right=12, bottom=8) if content is not None else None,
        key=key,
    )


def _centred(body: list[ft.Control]) -> ft.Control:
    """A screen's controls in a centred column, narrower on wide screens."""
    return ft.ResponsiveRow(
        [
            ft.Container(
                ft.Column(body, spacing=12),
                col=CENTRED,
                # room for the floating label of a first text field or dropdown,
                # which the view's scroll area would clip
                padding=ft.Padding.only(top=8),
            )
        ],
        alignment=ft.MainAxisAlignment.CENTER,
    )


def _view(
    title: str,
    back: Callable[[], None] | None,
    actions: list[ft.Control],
    content: ft.Control,
    scrolls: bool,
    language: str,
    back_button: Any = None,
) -> ft.View:
    """The app's one view: its app bar and ``content`` (scrolled by the view when
    ``scrolls``; else the content scrolls its own parts); ``back_button``, a
    `ft.use_ref`, is handed the app bar's Back (``None`` on a screen without one)."""
    leading = icon_button(ft.Icons.ARROW_BACK, _("Back"), on_click=back) if back else None
    if back_button is not None:
        back_button.current = leading
    return ft.View(
        route="/",
        # a new language draws every screen again (memoized rows included)
        key=f"app-{language}",
        appbar=ft.AppBar(
            title=ft.Text(title),
            leading=leading,
            automatically_imply_leading=False,
            actions=actions,
        ),
        controls=[content],
        scroll=ft.ScrollMode.AUTO if scrolls else None,
        padding=16 if scrolls else ft.Padding.only(top=4, bottom=0),
    )


def build_main(
    store: Store,
    settings: Settings,
    gate: AccessGate,
    *,
    keep_awake: bool = True,
    draft_delay: float = DRAFT_DELAY,
    ask_device: bool | None = None,
    worker: StoreWorker | None = None,
) -> Any:
    """The ``main(page)`` Flet runs for each browser tab or window.

    Args:
        worker: makes the tabs' store writes off the event loop (the browser
            version's server); without one they are made at once, in the handler.
        keep_awake: ask the device to keep the screen on when a tab opens, and again
            while the table view is shown (see `canasta_scorer.ui.awake`; off in
            Python-level tests, where no client answers).
        ask_device: ask the device for its language and the one chosen on it before
            (by default as ``keep_awake``; the tab speaks English until it answers).
        draft_delay: seconds a changed hand draft waits before it is written to the
            store (it is written at once on leaving hand entry, on Save and when the
            tab disconnects).
    """
    mode = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}.get(
        settings.mode, ft.ThemeMode.SYSTEM
    )
    _warm_up()
    walks.install()
    quiet_flet_debug()
    remember_event_types()
    check_event_data()
    live = LiveUpdates(store)
    i18n.set_resolver(tab_language)
    asking = keep_awake if ask_device is None else ask_device

    def main(page: ft.Page) -> None:
        page.title = _("Canasta scorer")
        page.theme = ft.Theme(color_scheme_seed=settings.seed_color)
        page.dark_theme = ft.Theme(color_scheme_seed=settings.seed_color)
        page.theme_mode = mode
        with contextlib.suppress(AttributeError):
            page.window.width = settings.width
            page.window.height = settings.height
            page.window.min_width = settings.min_width
            page.window.min_height = settings.min_height

        def later(delay: float, job: Callable[[], None]) -> None:
            async def run() -> None:
                await asyncio.sleep(delay)
                _quietly(job, "keeping the hand being entered")

            page.run_task(run)

        # What fails in this tab is logged here and shown to the player in plain
        # words; wrong access codes are counted per client address.
        edge, tab_gate = guard_page(page, gate)
        if tab_gate.refused is not None:  # too many tabs wait for the code: why, alone
            page.views.clear()
            page.views.append(
                ft.View(route="/", padding=24, controls=[ft.Text(tab_gate.refused, size=18)])
            )
            page.update()
            return
        gate_disconnect: Any = page.on_disconnect

        def start() -> None:
            work = None
            if worker is not None:
                work = _tab_work(page, worker, edge, lambda: model)
            model = build_model(
                store, wrap=observable, schedule=later, draft_delay=draft_delay, work=work
            )
            edge.back = model.nav.go_home
            speak_for(page, model.nav)
            if asking:
                page.run_task(follow_device, page, model.nav)

            # the screen's address in the browser's address bar and history
            address = AddressBar(page, model.nav)
            awake = None
            if keep_awake:
                awake = KeepAwake(page, lambda: model.nav.screen is Screen.TABLE)
                page.on_app_lifecycle_state_change = awake.lifecycle
                awake.ask()

            def show() -> None:
                page.render_views(
                    App, model.nav, model.match, model, tab_gate, address, awake, model.history
                )

            # Flet keeps a tab's session (and this state) across a page reload: on the
            # reconnect, read again what another device may have changed meanwhile,
            # and build the screen again if it was released when the tab went away.
            def connected(_event: Any) -> None:
                reconnected(page)
                # a page loaded again: `/new` typed in its bar is a fresh form
                _quietly(lambda: model.nav.page_loaded(page.route), "opening a loaded page")
                _quietly(model.nav.refresh, "refreshing on a reconnect")
                if released(page):
                    _quietly(show, "showing the screen again on a reconnect")
                if awake is not None:
                    awake.again()

            page.on_connect = connected

            async def disconnect(event: Any) -> None:
                # the tab went away: the hand being entered is kept at once, and the
                # screen's controls are let go while Flet keeps the session for a
                # reconnect (the state stays: a reconnect builds the screen again)
                _quietly(model.entry.flush, "keeping the hand being entered")
                _quietly(lambda: release_screen(page), "releasing the screen of a closed tab")
                if gate_disconnect is not None:
                    result = gate_disconnect(event)
                    if inspect.isawaitable(result):
                        await result

            page.on_disconnect = disconnect

            # /table/ID opens a match straight in the table view (a tablet on the table);
            # the browser's Back and Forward move between the addresses of the screens.
            # (a route change that names no address, from a forged frame, is ignored)
            def route_changed(event: Any) -> None:
                route = getattr(event, "route", None)
                if not isinstance(route, str):
                    logging.getLogger("canasta_scorer").debug(
                        "ignored a route change without an address"
                    )
                    return
                if not tab_gate.unlocked:
                    moved_to[:] = [route]  # opened once the code is given
                    return
                _quietly(lambda: address.changed(route), "opening an address")

            moved_to: list[str] = []

            def opened() -> None:
                # Another tab or device saved a change: show it here (the hand being
                # entered stays).
                live.join(page, lambda change: follow(model, change))
                route = moved_to[0] if moved_to else page.route
                _quietly(lambda: model.nav.open_address(route), "opening an address")

            page.on_route_change = route_changed
            # a tab waiting for the access code reads, writes and answers nothing of
            # the scores: the address it was opened at (or moved to) is opened, and
            # other devices' changes followed, once the code is given
            if tab_gate.unlocked:
                opened()
            else:
                tab_gate.on_unlock = opened
            show()

        edge.retry = start
        start()

    return main


#: Seconds an action waits for the store before the tab says "Working…": a save
#: made at once (the store free) shows its result without a screen in between.
WORKING_DELAY = 0.4


def _tab_work(
    page: ft.Page, worker: StoreWorker, edge: SessionEdge, model: Callable[[], AppModel]
) -> TabWork:
    """One tab's way to the store worker: its busy flag shown once an action has waited
    `WORKING_DELAY` seconds (a quick save draws no "Working…" in the browser, only its
    result), its failures at the edge."""
    changes = [0]  # how many times the busy flag changed: a later change outdates a wait

    def busy(on: bool) -> None:
        changes[0] += 1
        nav = model().nav
        if not on:
            if nav.working:
                nav.working = False
            return
        action = changes[0]

        async def say() -> None:
            await asyncio.sleep(WORKING_DELAY)
            if changes[0] == action:  # still waiting for the same action
                nav.working = True

        page.run_task(say)

    def failed(error: BaseException) -> None:
        edge.report(str(error))

    return TabWork(worker, lambda job: page.run_task(job), busy, failed)


def table_route(match_id: int) -> str:
    """The address (path) that opens a match in the table view."""
    return f"/table/{match_id}"


def _warm_up() -> None:
    """Load the Flet controls the first screen draws (Flet loads each on first use, a
    third of a second in all) once when the server starts, not in the first tab."""
    for name in (
        "Theme",
        "Icons",
        "Column",
        "ResponsiveRow",
        "Text",
        "Container",
        "ListTile",
        "OutlinedButton",
        "FilledTonalButton",
        "FilledButton",
        "TextField",
        "ListView",
        "SnackBar",
        "Switch",
        "Dropdown",
    ):
        getattr(ft, name)
    ft.Icons.HOME  # noqa: B018 - the icon table loads on first use


def _quietly(job: Callable[[], None], what: str) -> None:
    """Run a job off a tap's path; a failure leaves the tab as it was (logged), never
    a broken session."""
    try:
        job()
    except Exception:
        logging.getLogger("canasta_scorer").exception("%s failed", what)
