"""Running the app: its settings (``flet.toml``), the window, and the browser
version's server, which listens and serves the page before the app itself is loaded.

Nothing heavy is imported here: the store (SQLAlchemy), the screens and the state
are imported by `LateApp` in a thread of their own once the server listens, while the
browser loads the page (README, Speed: start-up); a tab that connects meanwhile
waits for them. The address is printed once the store is open, so a database that
cannot be opened is said (exit status 2) before anyone is told where to look.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import gc
import json
import logging
import os
import re
import secrets
import sys
import threading
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from canasta_scorer.i18n import _, quote

from .process import desktop_possible, note_stop_signals, stop_asked
from .serving import (
    check_access_code,
    environment_problems,
    listen,
    read_access_code,
    serve_web,
)

if TYPE_CHECKING:
    import flet as ft

    from canasta_scorer.store import Store

    from .worker import StoreWorker

__all__ = ["ASSETS", "LateApp", "Settings", "load_settings", "run_app"]

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"


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


#: The values a setting may take, where its kind allows others: a port, and a window's
#: sizes in pixels.
_RANGES: dict[str, tuple[int, int]] = {
    "port": (1, 65535),
    **{key: (1, 100_000) for key in ("width", "height", "min_width", "min_height")},
}


#: Each setting's table and key in ``flet.toml``.
_WHERE: dict[str, tuple[str, str]] = {
    "width": ("window", "width"),
    "height": ("window", "height"),
    "min_width": ("window", "min_width"),
    "min_height": ("window", "min_height"),
    "host": ("web", "host"),
    "port": ("web", "port"),
    "seed_color": ("theme", "seed_color"),
    "mode": ("theme", "mode"),
}
#: The modes a theme may have.
_MODES = ("light", "dark", "system")


def _toml(value: object) -> str:
    """A value as TOML writes it: ``true``, ``"8550"``, ``420.5``, ``["dark"]``,
    ``{ port = 1 }`` (a date or time in its ISO form)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        pairs = ", ".join(f"{key} = {_toml(item)}" for key, item in value.items())
        return "{ " + pairs + " }" if pairs else "{}"
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)


def _as_written(value: object) -> str:
    """A setting's value as TOML writes it (`_toml`), between the language's quotation
    marks."""
    return quote(_toml(value))


def _wanted(key: str) -> str:
    """What a setting must be, in plain words."""
    if key in _RANGES:
        low, high = _RANGES[key]
        return _("a whole number from {low} to {high}").format(low=low, high=high)
    if key == "mode":
        return _("“light”, “dark” or “system”, in quotation marks")
    if key == "seed_color":
        return _("a colour in quotation marks, such as “#1B5E20”")
    return _("text in quotation marks, such as “0.0.0.0”")


def _refuse_unknown(candidate: Path, data: dict[str, Any]) -> None:
    """Refuse a table or key of ``flet.toml`` that is no setting of the app (a key
    misspelt would otherwise leave its setting at the default without a word).

    Raises:
        ValueError: the first one, in file order, with the settings there are.
    """
    known: dict[str, list[str]] = {}
    for table, name in _WHERE.values():
        known.setdefault(table, []).append(name)
    for table, section in data.items():
        names = known.get(table)
        if names is None:
            unknown = f"[{table}]" if isinstance(section, dict) else table
        elif isinstance(section, dict):
            extra = [name for name in section if name not in names]
            if not extra:
                continue
            unknown = f"[{table}] {extra[0]}"
        else:
            continue  # a value where a table belongs: said by the caller
        there = "; ".join(f"[{table}] {', '.join(names)}" for table, names in known.items())
        raise ValueError(
            _("{file}: {setting} is not a setting of the app; its settings are {settings}").format(
                file=candidate, setting=unknown, settings=there
            )
        )


def _read_settings(candidate: Path) -> Settings:
    """The settings of one ``flet.toml`` file (`load_settings`).

    Raises:
        ValueError: it is not TOML, it has a table or key that is no setting, or a
            setting of it cannot be used, said in plain words: which setting, what it
            must be and what it is.
    """
    try:
        data = tomllib.loads(candidate.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise ValueError(
            _("{file}: the settings file is not text (UTF-8)").format(file=candidate)
        ) from None
    except tomllib.TOMLDecodeError as error:
        at = re.search(r"line (\d+), column (\d+)", str(error))
        raise ValueError(
            _(
                "{file}: the settings file cannot be read as TOML at line {line}, column {column}"
            ).format(file=candidate, line=at.group(1), column=at.group(2))
            if at
            else _("{file}: the settings file cannot be read as TOML").format(file=candidate)
        ) from None
    _refuse_unknown(candidate, data)
    clean: dict[str, Any] = {}
    defaults = Settings()
    for key, (table, name) in _WHERE.items():
        section = data.get(table, {})
        if not isinstance(section, dict):
            raise ValueError(
                _("{file}: {table} must be a table of settings ([{table}]), not a value").format(
                    file=candidate, table=table
                )
            )
        value = section.get(name)
        if value is None:
            continue
        kind = type(getattr(defaults, key))
        low, high = _RANGES.get(key, (None, None))
        # TOML's true is a Python int too: a size or port must not be a bool
        wrong = isinstance(value, bool) or not isinstance(value, kind)
        if (
            wrong
            or (low is not None and high is not None and not low <= value <= high)
            or (key == "mode" and value not in _MODES)
        ):
            raise ValueError(
                _("{file}: the setting {setting} is {value}; it must be {wanted}").format(
                    file=candidate,
                    setting=f"[{table}] {name}",
                    value=_as_written(value),
                    wanted=_wanted(key),
                )
            )
        clean[key] = value
    return Settings(**clean)


def load_settings(path: Path | None = None) -> Settings:
    """Read ``flet.toml``: the given path, ``$CANASTA_SCORER_CONFIG``, ``./flet.toml``,
    or the one beside the source; missing files and keys take the defaults.

    Raises:
        ValueError: a file named (``path`` or ``$CANASTA_SCORER_CONFIG``) that is not
            there, a file that is not TOML, or a value of the wrong kind or out of its
            range (a port from 1 to 65535, a window size from 1 to 100000 pixels).
    """
    candidates = [path] if path else []
    env = os.environ.get("CANASTA_SCORER_CONFIG")
    if env:
        candidates.append(Path(env))
    for named in candidates:
        if not named.is_file():
            raise ValueError(_("{path}: there is no settings file there").format(path=named))
    candidates += [Path.cwd() / "flet.toml", ROOT / "flet.toml"]
    for candidate in candidates:
        if candidate is not None and candidate.is_file():
            return _read_settings(candidate)
    return Settings()


#: How long a server whose app could not be loaded keeps serving, so that the tabs
#: waiting for it are told (seconds).
TELL_WAITING_SECONDS = 1.0
#: How long a tab that lost its connection while the app loaded is waited for to
#: come back (a reload reconnects to its session), in seconds; then it is given up.
RECONNECT_SECONDS = 60.0


#: The log line (INFO) once `LateApp` has loaded the app: its store open, every tab
#: served at once from then on.
LOADED = "the app is loaded"


class LateApp:
    """The app loaded in a thread of its own while the server already serves: its
    store opened, its ``main(page)`` built (`canasta_scorer.ui.app.build_main`).

    Args:
        db: the database URL (`canasta_scorer.store.Store.open`).
        settings: the run settings.
        code: the access code asked for, or None.
        store: a store already open (it is not opened again), with its worker.
        on_open: called in the loading thread once the store is open, before the
            screens are loaded (the server prints its address then: a database that
            cannot be opened is said before any address, and no tab waits for it).
    """

    def __init__(
        self,
        db: str | None,
        settings: Settings,
        code: str | None,
        store: tuple[Store, StoreWorker] | None = None,
        on_open: Callable[[], None] | None = None,
    ) -> None:
        self._db = db
        self._on_open = on_open
        self._settings = settings
        self._code = code
        self._opened = store
        self._main: concurrent.futures.Future[Callable[[ft.Page], None]] = (
            concurrent.futures.Future()
        )
        self._thread: threading.Thread | None = None
        self._waited = False

    @property
    def store(self) -> tuple[Store, StoreWorker] | None:
        """The store and its worker, once open."""
        return self._opened

    def start(self, stop: Callable[[], None]) -> None:
        """Load the app in a thread; ``stop`` (stop the server) is called when that
        fails (`failure` says why)."""

        def load() -> None:
            # Loading makes about half a million objects and no garbage to speak of
            # (a collection after it finds a handful): the collector stays off
            # meanwhile, where its passes over them took 35-40 ms of CPU, and the
            # collection at the end (50-70 ms) is not made; both were taken from
            # the browser starting the page on the same cores.
            collecting = gc.isenabled()
            gc.disable()
            try:
                self._load(stop)
            finally:
                if collecting:
                    gc.enable()

        self._thread = threading.Thread(target=load, name="canasta-load", daemon=True)
        self._thread.start()

    def _load(self, stop: Callable[[], None]) -> None:
        """Load the app (`start`'s thread)."""
        try:
            from canasta_scorer.store import Store

            from .app import AccessGate, build_main
            from .worker import StoreWorker

            if self._opened is None:
                opened = Store.open(self._db)
                try:
                    opened.check_whole()  # damage said now, not by every tab
                except BaseException:
                    opened.close()
                    raise
                # the held entries whose write gave up, written again once the
                # database can take them (looked up when due)
                self._opened = (opened, StoreWorker(retry=lambda: opened.write_held()))
            store, worker = self._opened
            if self._on_open is not None:
                self._on_open()
            main = build_main(store, self._settings, AccessGate(self._code), worker=worker)
        except BaseException as error:
            self._main.set_exception(error)
            if self._waited:
                # the tabs waiting are told first (`main`), then the server stops
                time.sleep(TELL_WAITING_SECONDS)
            stop()
            return
        # What loading made lives as long as the server: out of the collector's
        # way (`canasta_scorer.ui.serving.serve_web` does the same at start), but
        # only while no tab waits: a tab's objects frozen with it would never be
        # collected (its controls form reference cycles), nor all they hold.
        if not self._waited:
            gc.freeze()
        self._main.set_result(main)
        # the server's log says it (at INFO: `CANASTA_SCORER_LOG`), which the memory
        # benchmark waits for before it samples the idle server (tests/benchmarks)
        logging.getLogger("canasta_scorer").info(LOADED)

    async def main(self, page: ft.Page) -> None:
        """Flet's ``main(page)`` for a tab: the app's, once it is loaded."""
        if not self._main.done():
            self._waited = True
            # a tab of its own waits: a tab that goes away meanwhile cancels its
            # wait, not the loading the others wait for too
            loop = asyncio.get_running_loop()
            loaded = asyncio.Event()

            def done(_future: object) -> None:
                with contextlib.suppress(RuntimeError):  # the server has stopped
                    loop.call_soon_threadsafe(loaded.set)

            self._main.add_done_callback(done)
            await loaded.wait()
            # A tab reloaded meanwhile lost this connection and comes back to the
            # same session, where Flet calls no main again: its screen is drawn
            # once it is back (never on no connection, which failed the tab).
            if not await _connection_back(page, RECONNECT_SECONDS):
                return
        failed = self._main.exception()
        if failed is not None:
            # the server is stopping: the tab says so in plain words (never the
            # traceback, which the server's own message and log hold)
            import flet as ft

            from .serving import plain_failure

            page.add(ft.Text(plain_failure(failed), selectable=True))
            return
        self._main.result()(page)

    def failure(self) -> BaseException | None:
        """Why the app could not be loaded (the server stopped), or None; waits
        until loading has ended."""
        if self._thread is not None:
            self._thread.join()
        if not self._main.done():
            return None
        return self._main.exception()

    def stop_waiting(self) -> None:
        """The server is stopping: no save waits for another program's lock."""
        if self._opened is not None:
            self._opened[0].stop_waiting()


async def _connection_back(page: ft.Page, seconds: float) -> bool:
    """Wait until ``page``'s session has a connection again, at most ``seconds``;
    whether it has. A page without a Flet session (a test's) counts as connected."""
    session = getattr(page, "session", None)
    if session is None:
        return True
    end = time.monotonic() + seconds
    while session.connection is None:
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.05)
    return True


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
        ValueError: the port is taken, the host unknown, the code file unreadable,
            the code too short or holding a control character, or an environment
            variable of the web server cannot be used (`environment_problems`).
        StoreError: the database cannot be opened (the browser version's server,
            which listens before the app is loaded, has stopped by then).
    """
    settings = settings or load_settings()
    problems = environment_problems()
    if problems:
        raise ValueError("; ".join(problems))
    host = settings.host if host is None else host
    port = port or settings.port
    code = access_code
    if code is None and access_code_file:
        code = read_access_code(access_code_file)
    if code is None:
        code = os.environ.get("CANASTA_SCORER_ACCESS_CODE") or None
    if code is not None:
        code = check_access_code(code)
    assets = str(ASSETS) if ASSETS.is_dir() else None
    opened: tuple[Store, StoreWorker] | None = None
    if not web and desktop_possible():
        import flet as ft

        from canasta_scorer.store import Store

        from .app import AccessGate, build_main
        from .worker import StoreWorker

        store = Store.open(db)
        try:
            store.check_whole()
        except BaseException:
            store.close()
            raise
        opened = (store, StoreWorker(retry=lambda: store.write_held()))
        main = build_main(opened[0], settings, AccessGate(code), worker=opened[1])
        try:
            ft.run(main, view=ft.AppView.FLET_APP, assets_dir=assets)
            _stop(*opened)
            return 0
        except Exception as error:  # the desktop client could not be had
            print(
                _(
                    "No desktop window ({name__}: {error}); serving the browser version instead."
                ).format(name__=type(error).__name__, error=error),
                file=sys.stderr,
            )
    elif not web:
        print(
            _(
                "No display here (neither DISPLAY nor WAYLAND_DISPLAY is set), so no window can "
                "open: serving the browser version instead."
            ),
            file=sys.stderr,
            flush=True,
        )
    note_stop_signals()  # Ctrl+C while loading stops the server once it runs
    if stop_asked() is not None:  # asked to stop before anything was served
        if opened is not None:
            _stop(*opened)
        return 0
    listener = listen(host, port)
    # only a generated code is printed: one you chose stays off the terminal
    generated = None
    if code is None and not listener.loopback:
        code = generated = f"{secrets.randbelow(10**6):06d}"

    def announce_address() -> None:
        """Print where to open the app, once its store is open (`LateApp`), unless a
        stop was asked meanwhile (Ctrl+C while loading: the server is going)."""
        if stop_asked() is not None:
            return
        if generated is not None:
            print(
                _("Every visitor is asked for the access code {code}").format(code=generated),
                flush=True,
            )
        elif code is not None:
            print(_("Every visitor is asked for the access code you gave."), flush=True)
        if listener.everywhere:
            from .addresses import announce

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
                _(
                    "Canasta scorer: open http://{shown}:{port}/ in a browser (Ctrl+C stops it)."
                ).format(shown=shown, port=listener.port),
                flush=True,
            )

    app = LateApp(db, settings, code, store=opened, on_open=announce_address)
    serve_web(
        app.main,
        listener,
        assets_dir=assets,
        extra_hosts=extra_hosts,
        on_stop=app.stop_waiting,
        on_serving=app.start,
    )
    failure = app.failure()
    if app.store is not None:
        _stop(*app.store)
    if failure is not None:
        raise failure
    return 0


#: How long the saves still queued when the app stops get to finish (seconds).
STOP_SECONDS = 2.0


def _stop(store: Store, worker: StoreWorker) -> None:
    """The app is stopping: no save waits for another program any more; those queued
    (a tab's last draft) are made or given up; an entry the database did not take is
    kept in a file for the next start (`Store.keep_unsaved`); then the store is closed."""
    store.stop_waiting()
    if not worker.close(STOP_SECONDS):
        logging.getLogger("canasta_scorer").warning(
            "stopped with %d saves not made (nothing of them was written)", worker.pending
        )
    store.keep_unsaved()
    store.close()
