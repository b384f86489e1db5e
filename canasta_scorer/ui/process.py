"""How the app's process runs: whether a window can open, and the browser version's
server with the C library's memory allocator.

Nothing heavy is imported here: the command line asks before the app is loaded, and
the server may start again at once (`use_c_allocator`).

While the server loads, Ctrl+C and SIGTERM are noted and acted on once it can stop
cleanly (`note_stop_signals`).

Why the C allocator (README, Speed: Load): Python's own allocator keeps the memory of
closed tabs in 1 MiB arenas it returns to the system only once every object in one is
gone; a few objects that live on (a cache entry, a log record) keep most arenas, so
after 20 clients had come and gone the server held 231 MiB against 98 MiB before them.
With ``PYTHONMALLOC=malloc`` the freed memory goes back to the C library, whose
``malloc_trim`` (`canasta_scorer.ui.serving.reclaim`) gives it back to the system:
110 MiB against 101 MiB in the same run, for about 15% more of the server's time per
visit and at start-up (README, Speed: start-up and memory).
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Sequence
from types import FrameType

#: The environment a server started again gets: Python's objects from the C
#: library's allocator, and at most two of glibc's arenas (one per busy thread would
#: keep more free memory apart).
C_ALLOCATOR = {"PYTHONMALLOC": "malloc", "MALLOC_ARENA_MAX": "2"}


def desktop_possible() -> bool:
    """False where no window can open: Linux without a display."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


#: The commands of ``canasta-scorer`` that are not the app (with none of them, or with
#: ``app``, the command line runs the app).
OTHER_COMMANDS = frozenset(
    {"score", "match", "check", "check-meld", "minimum", "matches", "export", "import", "backup"}
)
#: Options that only print and stop.
ONLY_PRINTING = frozenset({"-h", "--help", "--version"})


def browser_server_asked(argv: Sequence[str]) -> bool:
    """Whether a command line (the arguments after the program's name) asks for the
    browser version's server: no other command and nothing that only prints named,
    and ``--web`` given or no window possible (`desktop_possible`).

    A look at the words alone, made before the command line is read (so that a
    server started again has imported nothing heavy first): a value that happens to
    be a command's name (``--db score``) makes it answer False, and the command
    line's own check (`canasta_scorer.cli`) starts the server again later instead."""
    words = set(argv)
    if words & OTHER_COMMANDS or words & ONLY_PRINTING:
        return False
    return "--web" in words or not desktop_possible()


def _glibc() -> bool:
    try:
        return bool(os.confstr("CS_GNU_LIBC_VERSION"))
    except (AttributeError, ValueError, OSError):
        return False


def c_allocator_command() -> tuple[list[str], dict[str, str]] | None:
    """The command line and environment that start this program again with the C
    allocator (`C_ALLOCATOR`; a variable already set keeps its value), or None when
    there is no need or no way: ``PYTHONMALLOC`` already set (to any value: the
    user's choice stands, and a program started again never starts a third time),
    no glibc (only its ``malloc_trim`` gives the freed memory back), a frozen
    program, or no command line to start again."""
    if "PYTHONMALLOC" in os.environ or getattr(sys, "frozen", False) or not _glibc():
        return None
    command = list(getattr(sys, "orig_argv", ()))
    if len(command) < 2 or not sys.executable:
        return None
    environment = {**C_ALLOCATOR, **os.environ}
    return [sys.executable, *command[1:]], environment


def use_c_allocator() -> None:
    """Start this program again with the C allocator when `c_allocator_command` gives
    a command: the same process (its id, open files and terminal stay), replaced
    before anything was served. Returns only when it is not started again (no need,
    or the start failed: it goes on with Python's allocator)."""
    found = c_allocator_command()
    if found is None:
        return
    command, environment = found
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execve(command[0], command, environment)
    except OSError:
        return


#: The signals that came while the browser version's server was loading
#: (`note_stop_signals`).
_STOPS_ASKED: list[int] = []


def _note_stop(sig: int, _frame: FrameType | None) -> None:
    _STOPS_ASKED.append(sig)


def note_stop_signals() -> None:
    """While the browser version's server loads (its modules imported, its store
    opened), Ctrl+C (SIGINT) and SIGTERM only note that a stop was asked
    (`stop_asked`): the server stops as soon as it can, as it does once it serves
    (exit status 0, no traceback), instead of an interrupt in the middle of an
    import (exit status 130, or a traceback). A signal ignored by whoever started
    the program (a job in the background ignores Ctrl+C) stays ignored. Main thread
    only; the server's own handlers take over once it serves."""
    for sig in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(sig) in (signal.SIG_DFL, signal.default_int_handler):
            signal.signal(sig, _note_stop)


def stop_asked() -> int | None:
    """The first stop signal noted while loading (`note_stop_signals`), or None."""
    return _STOPS_ASKED[0] if _STOPS_ASKED else None
