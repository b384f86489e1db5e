"""The Flet app: wiring, settings from ``flet.toml``, the access code, running it.

``canasta-scorer`` opens a desktop window where Flet's desktop client can be had;
where it cannot (no display, or offline on first use) it serves the browser
version on 127.0.0.1 and prints the address. ``canasta-scorer app --web`` always
serves the browser version, fully offline (CanvasKit and fonts from flet-web).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import flet as ft

from canasta_scorer.store import Store

from .addresses import announce
from .components.checker import checker_screen
from .components.common import icon_button
from .components.export import export_screen
from .components.hand_detail import hand_detail_screen
from .components.hand_entry import hand_entry_screen
from .components.history import history_screen
from .components.home import home_screen
from .components.new_match import new_match_screen
from .components.scoreboard import scoreboard_actions, scoreboard_screen
from .components.stats import stats_screen
from .serving import (
    AccessGate,
    ClientGate,
    desktop_possible,
    guard_page,
    is_loopback,
    listen,
    read_access_code,
    serve_web,
)
from .state import AppState, Screen

__all__ = [
    "AccessGate",
    "Settings",
    "build_main",
    "is_loopback",
    "load_settings",
    "new_state",
    "run_app",
]

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"

#: The observable form of the state, for Flet components.
ObservableState: Any = ft.observable(AppState)  # type: ignore[no-untyped-call]


@dataclass(frozen=True)
class Settings:
    """The app's run settings (``flet.toml``; every key optional)."""

    width: int = 420
    height: int = 860
    min_width: int = 360
    min_height: int = 640
    host: str = "127.0.0.1"
    port: int = 8550
    seed_color: str = "#1B5E20"
    mode: str = "system"


def load_settings(path: Path | None = None) -> Settings:
    """Read ``flet.toml``: the given path, ``$CANASTA_SCORER_CONFIG``, ``./flet.toml``,
    or the one beside the source; missing files and keys take the defaults.

    Raises:
        ValueError: a file that is not TOML or has a value of the wrong kind.
    """
    candidates = [path] if path else []
    env = os.environ.get("CANASTA_SCORER_CONFIG")
    if env:
        candidates.append(Path(env))
    candidates += [Path.cwd() / "flet.toml", ROOT / "flet.toml"]
    for candidate in candidates:
        if candidate is not None and candidate.is_file():
            try:
                data = tomllib.loads(candidate.read_text(encoding="utf-8"))
            except tomllib.TOMLDecodeError as error:
                raise ValueError(f"{candidate}: {error}") from None
            window = data.get("window", {})
            web = data.get("web", {})
            theme = data.get("theme", {})
            values = {
                "width": window.get("width"),
                "height": window.get("height"),
                "min_width": window.get("min_width"),
                "min_height": window.get("min_height"),
                "host": web.get("host"),
                "port": web.get("port"),
                "seed_color": theme.get("seed_color"),
                "mode": theme.get("mode"),
            }
            defaults = Settings()
            clean: dict[str, Any] = {}
            for key, value in values.items():
                if value is None:
                    continue
                # TOML's true is a Python int too: a size or port must not be a bool
                if isinstance(value, bool) or not isinstance(value, type(getattr(defaults, key))):
                    raise ValueError(
                        f"{candidate}: {key} should be "
                        f"{type(getattr(defaults, key)).__name__}, got {value!r}"
                    )
                clean[key] = value
            if clean.get("mode", "system") not in {"light", "dark", "system"}:
                raise ValueError(f"{candidate}: theme mode is light, dark or system")
            return Settings(**clean)
    return Settings()


def _view(state: AppState, controls: list[ft.Control]) -> ft.View:
    titles = {
        Screen.HOME: "Canasta scorer",
        Screen.NEW_MATCH: "New match",
        Screen.SCOREBOARD: "Scoreboard",
        Screen.HAND_ENTRY: "Enter a hand",
        Screen.HAND_DETAIL: f"Hand {(state.detail or 0) + 1}",
        Screen.MATCHES: "Past matches",
        Screen.CHECKER: "Rule checker",
        Screen.STATS: "Player statistics",
        Screen.EXPORT: "Export",
    }
    back = {
        Screen.NEW_MATCH: state.go_home,
        Screen.SCOREBOARD: state.go_home,
        Screen.MATCHES: state.go_home,
        Screen.CHECKER: state.leave_checker,
        Screen.STATS: state.show_matches,
        Screen.EXPORT: state.back_to_scoreboard,
        Screen.HAND_ENTRY: state.back_to_scoreboard,
        Screen.HAND_DETAIL: state.back_to_scoreboard,
    }.get(state.screen)
    actions = scoreboard_actions(state) if state.screen is Screen.SCOREBOARD else []
    body: list[ft.Control] = []
    if state.message:
        body.append(
            ft.Semantics(
                identifier="message",
                label=state.message,
                content=ft.Container(
                    content=ft.Row(
                        [
                            ft.Text(state.message, expand=True, selectable=True),
                            *(
                                [ft.TextButton(content="Undo", on_click=state.restore_deleted)]
                                if state.deleted is not None
                                else []
                            ),
                            icon_button(
                                ft.Icons.CLOSE, "Dismiss", on_click=lambda: state.say(None)
                            ),
                        ]
                    ),
                    bgcolor=ft.Colors.SECONDARY_CONTAINER,
                    border_radius=8,
                    padding=ft.Padding.only(left=12),
                ),
            )
        )
    body += controls
    return ft.View(
        route="/",
        key=f"{state.screen.value}-{state.detail}",
        appbar=ft.AppBar(
            title=ft.Text(titles[state.screen]),
            leading=icon_button(ft.Icons.ARROW_BACK, "Back", on_click=back) if back else None,
            automatically_imply_leading=False,
            actions=actions,
        ),
        controls=[
            ft.ResponsiveRow(
                [
                    ft.Container(
                        ft.Column(body, spacing=12),
                        col={"xs": 12, "md": 10, "lg": 8, "xl": 6},
                        # room for the floating label of a first text field or dropdown,
                        # which the view's scroll area would clip
                        padding=ft.Padding.only(top=8),
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            )
        ],
        scroll=ft.ScrollMode.AUTO,
        padding=16,
    )


def screen_controls(state: AppState) -> list[ft.Control]:
    """The controls of the screen the state is on."""
    if state.screen is Screen.NEW_MATCH:
        return new_match_screen(state)
    if state.screen is Screen.SCOREBOARD and state.match is not None:
        return scoreboard_screen(state)
    if state.screen is Screen.HAND_ENTRY and state.draft is not None:
        return hand_entry_screen(state)
    if state.screen is Screen.HAND_DETAIL and state.detail is not None:
        return hand_detail_screen(state)
    if state.screen is Screen.MATCHES:
        return history_screen(state)
    if state.screen is Screen.CHECKER:
        return checker_screen(state)
    if state.screen is Screen.STATS:
        return stats_screen(state)
    if state.screen is Screen.EXPORT and state.match is not None:
        return export_screen(state)
    return home_screen(state)


def new_state(store: Store) -> AppState:
    """The state of one browser tab or window (observable: the app re-renders on
    every change), with the match list read."""
    state: AppState = ObservableState(store=store)
    state.refresh_recent()
    return state


@ft.component
def App(state: AppState, gate: AccessGate | ClientGate) -> list[ft.View]:
    """The whole app for one browser tab or window (``state`` is observable)."""
    unlocked, set_unlocked = ft.use_state(not gate.needed)
    code, set_code = ft.use_state("")
    problem, set_problem = ft.use_state("")

    if not unlocked:

        def unlock() -> None:
            accepted, message = gate.check(code)
            set_problem(message)
            if accepted:
                set_unlocked(True)

        return [
            ft.View(
                route="/",
                appbar=ft.AppBar(title=ft.Text("Canasta scorer")),
                controls=[
                    ft.Text("Enter the access code printed where the app was started."),
                    ft.TextField(
                        expand=True,
                        label="Access code",
                        value=code,
                        password=True,
                        on_change=lambda e: set_code(e.control.value),
                        on_submit=unlock,
                        autofocus=True,
                    ),
                    ft.FilledButton(content="Unlock", on_click=unlock, height=48),
                    ft.Text(problem, color=ft.Colors.ERROR) if problem else ft.Container(),
                ],
                padding=16,
            )
        ]
    try:
        controls = screen_controls(state)
    except Exception:  # never a frozen tab or a traceback for the player
        logging.getLogger("canasta_scorer").exception("a screen failed to draw")
        controls = [
            ft.Semantics(
                identifier="screen-failed",
                label="This screen could not be shown",
                content=ft.Text(
                    "This screen could not be shown. Everything saved is safe, and the hand "
                    "being entered is kept. Go back home and open the match again.",
                    color=ft.Colors.ERROR,
                ),
            ),
            ft.FilledButton(content="Home", icon=ft.Icons.HOME, height=48, on_click=state.go_home),
        ]
    return [_view(state, controls)]


def build_main(
    store: Store, settings: Settings, gate: AccessGate, *, keep_awake: bool = True
) -> Any:
    """The ``main(page)`` Flet runs for each browser tab or window.

    Args:
        keep_awake: ask the device to keep the screen on (off in Python-level tests,
            where no client answers).
    """
    mode = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}.get(
        settings.mode, ft.ThemeMode.SYSTEM
    )

    def main(page: ft.Page) -> None:
        page.title = "Canasta scorer"
        page.theme = ft.Theme(color_scheme_seed=settings.seed_color)
        page.dark_theme = ft.Theme(color_scheme_seed=settings.seed_color)
        page.theme_mode = mode
        with contextlib.suppress(AttributeError):
            page.window.width = settings.width
            page.window.height = settings.height
            page.window.min_width = settings.min_width
            page.window.min_height = settings.min_height
        # What fails in this tab is logged here and shown to the player in plain
        # words; wrong access codes are counted per client address.
        edge, tab_gate = guard_page(page, gate)

        def start() -> None:
            state = new_state(store)
            edge.back = state.go_home
            # Flet keeps a tab's session (and this state) across a page reload: on the
            # reconnect, read again what another device may have changed meanwhile.
            page.on_connect = lambda _: _refresh(state)
            page.render_views(App, state, tab_gate)

        edge.retry = start
        if keep_awake:
            page.run_task(_keep_awake)
        start()

    return main


def _refresh(state: AppState) -> None:
    """Read the screen's data again on a reconnect; a failure leaves the tab as it
    was (logged), never a broken session."""
    try:
        state.refresh()
    except Exception:
        logging.getLogger("canasta_scorer").exception("refreshing on a reconnect failed")


async def _keep_awake() -> None:
    """Keep the screen on during a match where the platform allows (not every
    browser does); never fails the app."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ft.Wakelock().enable(), timeout=5)  # type: ignore[no-untyped-call]


def run_app(
    *,
    web: bool = False,
    host: str | None = None,
    port: int | None = None,
    db: str | None = None,
    access_code: str | None = None,
    access_code_file: str | None = None,
    extra_hosts: tuple[str, ...] = (),
    settings: Settings | None = None,
) -> int:
    """Run the app until it is closed (SIGTERM or Ctrl+C for the browser version).

    Args:
        web: serve the browser version instead of opening a window.
        host: address or name to serve on (default from flet.toml, 127.0.0.1); unless
            every address it binds is a loopback one, every visitor is asked for the
            access code.
        port: port to serve on (default from flet.toml, 8550).
        db: database URL (default: see `canasta_scorer.store.default_url`).
        access_code: the code to ask for (else ``access_code_file``, else
            ``$CANASTA_SCORER_ACCESS_CODE``); when none is given and the app is served
            beyond this machine, one is generated and printed. A given code is asked for
            on loopback too, and never printed.
        access_code_file: a file whose first line is the code.
        extra_hosts: other names the server is reached by (a reverse proxy's).
        settings: run settings; read from flet.toml by default.

    Returns:
        The exit status.

    Raises:
        ValueError: the port is taken, the host unknown, the code file unreadable.
        StoreError: the database cannot be opened.
    """
    settings = settings or load_settings()
    host = settings.host if host is None else host
    port = port or settings.port
    code = access_code
    if code is None and access_code_file:
        code = read_access_code(access_code_file)
    if code is None:
        code = os.environ.get("CANASTA_SCORER_ACCESS_CODE") or None
    assets = str(ASSETS) if ASSETS.is_dir() else None
    store = Store.open(db)
    if not web and not desktop_possible():
        print(
            "No display here (neither DISPLAY nor WAYLAND_DISPLAY is set), so no window can "
            "open: serving the browser version instead.",
            file=sys.stderr,
            flush=True,
        )
    if not web and desktop_possible():
        main = build_main(store, settings, AccessGate(code))
        try:
            ft.run(main, view=ft.AppView.FLET_APP, assets_dir=assets)
            return 0
        except Exception as error:  # the desktop client could not be had
            print(
                f"No desktop window ({type(error).__name__}: {error}); serving the browser "
                "version instead.",
                file=sys.stderr,
            )
    listener = listen(host, port)
    try:
        # only a generated code is printed: one you chose stays off the terminal
        generated = None
        if code is None and not listener.loopback:
            code = generated = f"{secrets.randbelow(10**6):06d}"
            print(f"Every visitor is asked for the access code {code}", flush=True)
        elif code is not None:
            print("Every visitor is asked for the access code you gave.", flush=True)
        main = build_main(store, settings, AccessGate(code))
        if listener.everywhere:
            announce(
                "::" if "::" in listener.addresses else "0.0.0.0",
                listener.port,
                sys.stdout,
                access_code=generated,
            )
        else:
            shown = listener.addresses[0]
            shown = f"[{shown}]" if ":" in shown else shown
            print(
                f"Canasta scorer: open http://{shown}:{listener.port}/ in a browser "
                "(Ctrl+C stops it).",
                flush=True,
            )
    except BaseException:
        listener.close()
        raise
    serve_web(main, listener, assets_dir=assets, extra_hosts=extra_hosts)
    store.close()
    return 0
