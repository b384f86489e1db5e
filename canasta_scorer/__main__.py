"""``python -m canasta_scorer`` and the ``canasta-scorer`` command.

The browser version's server starts itself again with the C library's allocator
(`canasta_scorer.ui.process`); that is decided here, from the command line alone,
before the command line's module (pydantic, the rules engine, Babel) is imported, so
the first interpreter imports next to nothing (README, Speed: start-up).
"""

from __future__ import annotations

import sys


def main() -> int:
    """Run the command line (`canasta_scorer.cli.main`), started again first with the
    C allocator when it asks for the browser version's server
    (`canasta_scorer.ui.process.browser_server_asked`); that server notes a Ctrl+C
    or SIGTERM while it loads and stops cleanly then
    (`canasta_scorer.ui.process.note_stop_signals`).

    Returns:
        The command's exit status (`canasta_scorer.cli.main`).
    """
    from canasta_scorer.ui.process import browser_server_asked, note_stop_signals, use_c_allocator

    if browser_server_asked(sys.argv[1:]):
        use_c_allocator()  # returns only when not started again
        note_stop_signals()  # Ctrl+C while loading: a clean stop, as once it serves
    from canasta_scorer.cli import main as run

    return run()


if __name__ == "__main__":
    raise SystemExit(main())
