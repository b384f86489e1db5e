"""The browser version's server takes Python's objects from the C library's allocator,
so that the memory of closed tabs goes back to the system (README, Speed: Load): it
starts itself again, in the same process, with ``PYTHONMALLOC=malloc``, unless an
allocator was chosen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from canasta_scorer.ui import process

from .flet_client import FletClient
from .server import start
from .test_server import HOME_TEXT

GLIBC = process._glibc()


def environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


@pytest.mark.skipif(not GLIBC, reason="the C allocator is used with glibc only")
def test_the_server_starts_again_with_the_c_allocator_and_serves(tmp_path: Path) -> None:
    served = start(tmp_path)
    try:
        found = environ(served.process.pid)  # the process started, now serving
        assert found["PYTHONMALLOC"] == "malloc"
        assert found["MALLOC_ARENA_MAX"] == os.environ.get("MALLOC_ARENA_MAX", "2")
        command = Path(f"/proc/{served.process.pid}/cmdline").read_bytes().split(b"\0")
        assert [part.decode() for part in command[1:5]] == ["-m", "canasta_scorer", "app", "--web"]
        client = FletClient(served.ws, origin=served.origin)
        try:
            client.register()
            client.wait_text(HOME_TEXT)
        finally:
            client.close()
    finally:
        assert served.stop() == 0


def test_an_allocator_chosen_is_kept(tmp_path: Path) -> None:
    served = start(tmp_path, env={"PYTHONMALLOC": "pymalloc"})
    try:
        found = environ(served.process.pid)
        assert found["PYTHONMALLOC"] == "pymalloc"
        assert found.get("MALLOC_ARENA_MAX") == os.environ.get("MALLOC_ARENA_MAX")
    finally:
        assert served.stop() == 0


def test_the_command_started_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTHONMALLOC", raising=False)
    monkeypatch.setenv("MALLOC_ARENA_MAX", "8")
    monkeypatch.setattr(sys, "orig_argv", ["python3", "-X", "utf8", "/venv/bin/canasta-scorer"])
    monkeypatch.setattr(process, "_glibc", lambda: True)
    found = process.c_allocator_command()
    assert found is not None
    command, environment = found
    assert command == [sys.executable, "-X", "utf8", "/venv/bin/canasta-scorer"]
    assert environment["PYTHONMALLOC"] == "malloc"
    assert environment["MALLOC_ARENA_MAX"] == "8"  # a value set is kept
    assert environment["PATH"] == os.environ["PATH"]
    monkeypatch.setenv("PYTHONMALLOC", "malloc")  # started again: never a third time
    assert process.c_allocator_command() is None
    monkeypatch.setenv("PYTHONMALLOC", "pymalloc")
    assert process.c_allocator_command() is None
    monkeypatch.delenv("PYTHONMALLOC")
    monkeypatch.setattr(process, "_glibc", lambda: False)  # no malloc_trim to give it back
    assert process.c_allocator_command() is None


def test_a_start_that_fails_goes_on_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    tried: list[list[str]] = []

    def refused(path: str, argv: list[str], env: dict[str, str]) -> None:
        tried.append(argv)
        raise PermissionError(path)

    monkeypatch.setattr(process, "c_allocator_command", lambda: (["/no/python", "x"], {}))
    monkeypatch.setattr(os, "execve", refused)
    process.use_c_allocator()  # returns: the program goes on
    assert tried == [["/no/python", "x"]]


@pytest.mark.skipif(not GLIBC, reason="the C allocator is used with glibc only")
def test_the_server_starts_again_before_anything_heavy_is_imported() -> None:
    script = (
        "import os, sys\n"
        "def started_again(path, argv, env):\n"
        "    heavy = ('pydantic', 'babel', 'flet', 'sqlalchemy', 'canasta_scorer.cli')\n"
        "    found = [m for m in heavy if m in sys.modules]\n"
        "    print('started again with', env['PYTHONMALLOC'], found)\n"
        "    raise SystemExit(0)\n"
        "os.execve = started_again\n"
        "sys.argv = ['canasta-scorer', 'app', '--web', '--port', '1']\n"
        "from canasta_scorer.__main__ import main\n"
        "main()\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONMALLOC"}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["started again with malloc []"]


def test_the_command_line_words_that_ask_for_the_browser_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(process, "desktop_possible", lambda: True)
    assert process.browser_server_asked(["app", "--web", "--port", "8550"])
    assert process.browser_server_asked(["--db", "sqlite:///x.db", "--web"])
    assert not process.browser_server_asked(["app"])  # a window
    assert not process.browser_server_asked(["--web", "score", "hand.json"])
    assert not process.browser_server_asked(["app", "--web", "--help"])
    monkeypatch.setattr(process, "desktop_possible", lambda: False)  # no display
    assert process.browser_server_asked([])
    assert process.browser_server_asked(["--lang", "de", "app"])
    assert not process.browser_server_asked(["matches"])
    assert not process.browser_server_asked(["import", "app"])  # a file named app
