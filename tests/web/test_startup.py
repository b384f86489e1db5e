"""The browser version's server listens and serves its page before the app is loaded
(`canasta_scorer.ui.run`): the store, the screens and the state are imported in a
thread of their own meanwhile, and a tab that connects early waits for them."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from canasta_scorer.cli import main as cli_main
from canasta_scorer.ui import run

from .flet_client import FletClient
from .server import free_port, start
from .test_server import HOME_TEXT

SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "samples"

#: What the first screen does not need before the server listens.
LOADED_LATER = (
    "sqlalchemy",
    "sqlmodel",
    "alembic",
    "canasta_scorer.store",
    "canasta_scorer.ui.app",
    "canasta_scorer.ui.state",
    "canasta_scorer.ui.components",
    "flet_charts",
)


def test_nothing_of_the_app_is_imported_before_the_server_serves(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from canasta_scorer.ui import run\n"
        "def serving(main, listener, **options):\n"
        "    later = " + repr(LOADED_LATER) + "\n"
        "    print('serving with', sorted(m for m in later if m in sys.modules))\n"
        "    listener.close()\n"
        "run.serve_web = serving\n"
        f"run.run_app(web=True, port={free_port()}, db='sqlite:///{tmp_path / 'x.db'}')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "serving with []"
    assert not (tmp_path / "x.db").exists()  # the store is opened once the server listens


#: Not needed either before the server serves, when it is started by its command line.
LOADED_LATER_BY_THE_COMMAND = (
    *LOADED_LATER,
    "canasta_scorer.rules",
    "pydantic",
    "canasta_scorer.cli",
)


def test_the_command_line_serves_before_the_rules_engine_is_imported(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from canasta_scorer.ui import run\n"
        "def serving(main, listener, **options):\n"
        "    later = " + repr(LOADED_LATER_BY_THE_COMMAND) + "\n"
        "    print('serving with', sorted(m for m in later if m in sys.modules))\n"
        "    listener.close()\n"
        "run.serve_web = serving\n"
        f"sys.argv = ['canasta-scorer', 'app', '--web', '--port', '{free_port()}',\n"
        f"            '--db', 'sqlite:///{tmp_path / 'x.db'}']\n"
        "from canasta_scorer.__main__ import main\n"
        "raise SystemExit(main())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "serving with []"


def _refused_at_start(folder: Path, path: Path) -> str:
    """Serve the database ``path``, which must stop the server before it serves
    (exit status 2, no address given, no traceback): what it said."""
    port = str(free_port())
    command = [sys.executable, "-m", "canasta_scorer", "app", "--web", "--port", port]
    done = subprocess.run(
        [*command, "--db", f"sqlite:///{path}"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=folder,
    )
    assert done.returncode == 2, done.stderr
    # no address is given for a tab to open: it would wait for an app that never comes
    assert "open http" not in done.stdout, done.stdout
    assert "Traceback" not in done.stderr
    return done.stderr


def test_a_database_that_cannot_be_opened_stops_the_server(tmp_path: Path) -> None:
    (tmp_path / "canasta.db").write_bytes(b"not a database, " * 64)
    said = _refused_at_start(tmp_path, tmp_path / "canasta.db")
    assert "is not a canasta_scorer database; it was not changed" in said
    assert (tmp_path / "canasta.db").read_bytes() == b"not a database, " * 64


def test_a_damaged_database_stops_the_server_before_any_tab_meets_it(tmp_path: Path) -> None:
    """A file whose pages are damaged in the middle opens (its first pages are whole):
    the server checks every page before it serves, and says it as the command line
    does, rather than every tab failing to read the matches."""
    path = tmp_path / "canasta.db"
    url = f"sqlite:///{path}"
    assert cli_main(["import", str(SAMPLES / "evening-match.json"), "--db", url]) == 0
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 12288] = b"\xab" * 12288
    path.write_bytes(bytes(data))
    said = _refused_at_start(tmp_path, path)
    assert said.startswith(f"canasta-scorer: {path} is damaged"), said
    assert path.read_bytes() == bytes(data)  # left as it was


class WholeStore(str):
    """What `OpenedStore` opens: a store whose file is whole."""

    def check_whole(self) -> None:
        return None


class OpenedStore:
    """Stands in for `canasta_scorer.store.Store` in a `LateApp`: opens at once."""

    @staticmethod
    def open(_url: str | None) -> str:
        return WholeStore("store")


def test_a_tab_that_goes_away_while_the_app_loads_leaves_the_others_waiting(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from canasta_scorer.ui import app as app_module

    release = threading.Event()
    shown: list[str] = []

    def build_main(*_args: Any, **_options: Any) -> Any:
        release.wait(10)
        return lambda page: shown.append(page)

    monkeypatch.setattr(app_module, "build_main", build_main)
    monkeypatch.setattr("canasta_scorer.store.Store", OpenedStore)
    frozen: list[bool] = []
    monkeypatch.setattr(run.gc, "freeze", lambda: frozen.append(True))
    stopped: list[bool] = []
    late = run.LateApp("sqlite://", run.Settings(), None)

    async def tabs() -> None:
        late.start(lambda: stopped.append(True))
        first = asyncio.ensure_future(late.main("first tab"))  # type: ignore[arg-type]
        second = asyncio.ensure_future(late.main("second tab"))  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        first.cancel()  # its browser went away
        await asyncio.sleep(0.05)
        assert run.LOADED not in caplog.messages  # said only once loaded (the benchmark waits)
        release.set()
        await asyncio.wait_for(second, 10)
        assert first.cancelled()
        await late.main("third tab")  # type: ignore[arg-type]

    caplog.set_level("INFO", logger="canasta_scorer")
    asyncio.run(tabs())
    assert caplog.messages.count(run.LOADED) == 1
    assert shown == ["second tab", "third tab"]
    assert late.failure() is None and stopped == []
    assert frozen == []  # the tabs that waited are never frozen with what loading made
    store, worker = late.store or (None, None)
    assert store == "store"
    assert worker is not None
    worker.close(1)


def test_a_tab_waiting_for_an_app_that_cannot_load_is_told_in_plain_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from canasta_scorer.store import StoreError

    release = threading.Event()

    class FakeStore:
        @staticmethod
        def open(url: str | None) -> str:
            release.wait(10)
            raise StoreError(f"{url} is not a canasta_scorer database; it was not changed")

    class Page:
        def __init__(self) -> None:
            self.added: list[Any] = []

        def add(self, *controls: Any) -> None:
            self.added.extend(controls)

    monkeypatch.setattr("canasta_scorer.store.Store", FakeStore)
    monkeypatch.setattr(run, "TELL_WAITING_SECONDS", 0.3)
    stopped: list[float] = []
    late = run.LateApp("sqlite:////nowhere/canasta.db", run.Settings(), None)
    page = Page()

    async def tab() -> float:
        late.start(lambda: stopped.append(time.monotonic()))
        waiting = asyncio.ensure_future(late.main(page))  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        release.set()
        await asyncio.wait_for(waiting, 10)
        return time.monotonic()

    told = asyncio.run(tab())
    assert isinstance(late.failure(), StoreError)
    [text] = page.added
    assert text.value == (
        "The matches could not be read or saved just now. Nothing saved was lost; "
        "try again, and if it keeps happening look at the server's log."
    )
    assert "Traceback" not in text.value and "/nowhere" not in text.value
    # the server stopped after the waiting tab was told, not before
    assert len(stopped) == 1 and stopped[0] >= told


def test_a_tab_opened_at_once_sees_home(tmp_path: Path) -> None:
    served = start(tmp_path)
    try:
        # the address is printed once the store is open (made, here)
        assert (tmp_path / "canasta.db").is_file()
        client = FletClient(served.ws, origin=served.origin)
        try:
            client.register()  # as soon as the page answers: the app may still load
            client.wait_text(HOME_TEXT)
        finally:
            client.close()
    finally:
        assert served.stop() == 0


def test_what_loading_made_is_frozen_when_no_tab_waited(monkeypatch: pytest.MonkeyPatch) -> None:
    from canasta_scorer.ui import app as app_module

    monkeypatch.setattr(app_module, "build_main", lambda *_a, **_k: lambda page: None)
    monkeypatch.setattr("canasta_scorer.store.Store", OpenedStore)
    frozen: list[bool] = []
    monkeypatch.setattr(run.gc, "freeze", lambda: frozen.append(True))
    late = run.LateApp("sqlite://", run.Settings(), None)
    late.start(lambda: None)
    assert late.failure() is None
    assert frozen == [True]
    asyncio.run(late.main("a tab"))  # type: ignore[arg-type]
    assert late.store is not None
    late.store[1].close(1)


def _catches(pid: int, sig: int) -> bool:
    """Whether process ``pid`` has a handler of its own for ``sig`` (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (sig - 1) & 1)
    return False


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_stop_asked_while_the_server_loads_is_a_clean_stop(tmp_path: Path, sig: int) -> None:
    port = free_port()
    command = [sys.executable, "-m", "canasta_scorer", "app", "--web", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--db", f"sqlite:///{tmp_path / 'canasta.db'}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        # as from a terminal: Ctrl+C not ignored (a test runner's children may ignore it)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        # the server notes stop signals from its first lines on (SIGTERM caught),
        # long before its modules are imported and it listens
        end = time.monotonic() + 30
        while not _catches(process.pid, signal.SIGTERM):
            assert process.poll() is None and time.monotonic() < end
            time.sleep(0.002)
        with pytest.raises(ConnectionRefusedError):  # still loading: not listening yet
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
        os.kill(process.pid, sig)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, err
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, err


def test_a_tab_reloaded_while_the_app_loads_is_drawn_once_it_is_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tab reloaded while the app loads lost the connection its session was made
    with and comes back to the same session, where Flet calls no ``main`` again: the
    app's screen is drawn once the connection is back, never on none (which failed
    the tab and left it blank)."""
    from types import SimpleNamespace

    from canasta_scorer.ui import app as app_module

    release = threading.Event()
    shown: list[tuple[Any, object]] = []

    def build_main(*_args: Any, **_options: Any) -> Any:
        release.wait(10)
        return lambda page: shown.append((page, page.session.connection))

    monkeypatch.setattr(app_module, "build_main", build_main)
    monkeypatch.setattr("canasta_scorer.store.Store", OpenedStore)
    monkeypatch.setattr(run.gc, "freeze", lambda: None)
    late = run.LateApp("sqlite://", run.Settings(), None)
    page = SimpleNamespace(session=SimpleNamespace(connection="first connection"))
    gone = SimpleNamespace(session=SimpleNamespace(connection="a connection"))

    async def tabs() -> None:
        late.start(lambda: None)
        waiting = asyncio.ensure_future(late.main(page))  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        page.session.connection = None  # reloaded: this connection is gone
        release.set()
        await asyncio.sleep(0.3)
        assert shown == [] and not waiting.done()  # not drawn on no connection
        page.session.connection = "its new connection"
        await asyncio.wait_for(waiting, 10)
        # a tab that never comes back is given up, not waited for forever
        monkeypatch.setattr(run, "RECONNECT_SECONDS", 0.2)
        gone.session.connection = None
        late._main = concurrent.futures.Future()  # loading again, as at the start
        never = asyncio.ensure_future(late.main(gone))  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        late._main.set_result(lambda tab: shown.append((tab, "drawn")))
        await asyncio.wait_for(never, 5)

    asyncio.run(tabs())
    assert shown == [(page, "its new connection")]
    _store, worker = late.store or (None, None)
    assert worker is not None
    worker.close(1)
