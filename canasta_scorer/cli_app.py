"""The command line's part that the app's command needs: its options, the language,
argparse in that language, and starting the app; the rest of the command line
(`canasta_scorer.cli`) builds on it.

It imports neither the rules engine nor pydantic (only the standard library and
`canasta_scorer.i18n`), so that the browser version's server reads its command line
(`serve`) and serves its page before the engine is loaded (README, Speed: start-up).
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO

from canasta_scorer import __version__, i18n
from canasta_scorer.i18n import _, ngettext, quote

__all__ = [
    "Parser",
    "add_app_command",
    "argparse_speaks",
    "at_least",
    "fit_output",
    "language_asked",
    "port_number",
    "run_app_command",
    "serve",
    "top_parser",
    "unicode_ok",
]

EXIT_UNREADABLE = 2


class Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one plain line, exit 2."""

    def error(self, message: str) -> Any:
        self.print_usage(sys.stderr)
        self.exit(EXIT_UNREADABLE, f"{self.prog}: {message}\n")


@contextlib.contextmanager
def argparse_speaks() -> Iterator[None]:
    """argparse in the language in force while the command line is read.

    argparse takes its words from gettext through its module's own ``_`` and
    ``ngettext`` names, looked up each time it words something; for the block they are
    `canasta_scorer.i18n`'s (our catalogs hold argparse's messages, `ARGPARSE_WORDS`),
    and put back after it.
    """
    module: Any = argparse
    kept = module._, module.ngettext
    module._, module.ngettext = _, ngettext
    try:
        yield
    finally:
        module._, module.ngettext = kept


# Score sheets use the signs of paper sheets; a console that cannot show them gets these.
_PLAIN_SIGNS = {
    "−": "-",
    "─": "-",
    "—": "-",
    "–": "-",
    "✗": "x",
    "✓": "+",
    "×": "x",
    "§": "section ",
    "·": "|",
}


def _plain_signs(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: a sign the output encoding lacks becomes its plain form."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start : error.end]
    return "".join(_PLAIN_SIGNS.get(char, "?") for char in bad), error.end


codecs.register_error("canasta-scorer-plain", _plain_signs)


def unicode_ok(stream: TextIO) -> bool:
    try:
        "".join(_PLAIN_SIGNS).encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def fit_output() -> None:
    """Let a console without Unicode (a Windows code page, ``LANG=C``) print the sheets."""
    if isinstance(sys.stdout, io.TextIOWrapper) and not unicode_ok(sys.stdout):
        sys.stdout.reconfigure(errors="canasta-scorer-plain")


def at_least(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``low``."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{text} is not a whole number").format(text=quote(text.strip()))
            ) from None
        if value < low:
            raise argparse.ArgumentTypeError(
                _("{value} is below {low}").format(value=i18n.number(value), low=i18n.number(low))
            )
        return value

    return read


def port_number(text: str) -> int:
    """An argparse type: a port, a whole number from 1 to 65535 (refused in words that
    quote it as given). Only the digits 0-9 are read: Python's `int` would take
    " 8550", "8_550", "+8550" or other scripts' digits too."""
    value = int(text) if text.isascii() and text.isdigit() else 0
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            _("{text} is not a port: it must be a whole number from 1 to 65535").format(
                text=quote(text)
            )
        )
    return value


def top_parser(kind: type[Parser] = Parser) -> tuple[argparse.ArgumentParser, Any]:
    """The command line's parser with its own options (``--version``, ``--lang``,
    ``--db``) and no command yet, and its group of commands (``add_parser``), both
    of class ``kind``."""
    parser = kind(
        prog="canasta-scorer",
        description=_("Score and check Canasta hands and matches played with real cards."),
        epilog=_("Exit status: 0 valid, 1 a rule is broken, 2 the file or command cannot be read."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=_("%(prog)s {version__}").format(version__=__version__),
        help=_("show the program's version and exit"),
    )
    parser.add_argument(
        "--lang",
        metavar="LANG",
        help=_(
            "the language of the output: {languages} (default: from LC_ALL, "
            "LC_MESSAGES or LANG, else English)"
        ).format(languages=", ".join(i18n.LANGUAGES)),
    )
    # --db before the command's name too; a command's own --db (after its name) leaves
    # this one in place unless given (argparse.SUPPRESS there)
    parser.add_argument(
        "--db",
        metavar="URL",
        help=_(
            "database URL of matches, export, import, backup and app, before or after the "
            "command's name (default: $CANASTA_SCORER_DB, else SQLite in the user data folder)"
        ),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=kind)
    return parser, commands


def add_app_command(commands: Any) -> None:
    """Add the ``app`` command and its options to a parser's group of commands."""
    app = commands.add_parser(
        "app",
        help=_("open the app (the default command)"),
        description=_(
            "Open the app: a desktop window where Flet's desktop client can be had, "
            "otherwise the browser version served on 127.0.0.1 (its address is printed). "
            "For phones and tablets on the same Wi-Fi, serve it with --host 0.0.0.0: it prints "
            "the address to open on them and a QR code of it, and asks them for an access code "
            "(--access-code or the environment variable CANASTA_SCORER_ACCESS_CODE, else a new "
            "one is printed)."
        ),
    )
    app.add_argument(
        "--web", action="store_true", help=_("serve the browser version, not a desktop window")
    )
    app.add_argument(
        "--host",
        metavar="H",
        help=_(
            "address or name to serve on (default 127.0.0.1, this computer only; 0.0.0.0 "
            "for every address of this computer); unless every address it binds is a loopback "
            "one, every visitor is asked for an access code"
        ),
    )
    app.add_argument(
        "--port",
        type=port_number,
        metavar="PORT",
        help=_("port to serve on (default 8550, flet.toml)"),
    )
    app.add_argument(
        "--db",
        metavar="URL",
        default=argparse.SUPPRESS,
        help=_("database URL (default: $CANASTA_SCORER_DB, else SQLite in the user data folder)"),
    )
    app.add_argument(
        "--access-code-file",
        metavar="FILE",
        help=_(
            "a file whose first line is the access code every visitor is asked for "
            "(or set CANASTA_SCORER_ACCESS_CODE); served beyond this machine without one, "
            "a code is generated and printed"
        ),
    )
    app.add_argument(
        "--access-code",
        metavar="CODE",
        help=_(
            "the access code every visitor is asked for, on the command line (others on "
            "this computer can see it in the process list: prefer --access-code-file or "
            "$CANASTA_SCORER_ACCESS_CODE; without any, one is made and printed when served "
            "beyond this computer)"
        ),
    )
    app.add_argument(
        "--allow-host",
        action="append",
        metavar="NAME",
        help=_("another name the server is reached by, e.g. a reverse proxy's (repeatable)"),
    )
    app.set_defaults(run=run_app_command)


def run_app_command(args: argparse.Namespace) -> int:
    """The ``app`` command: open the app (`canasta_scorer.ui.run.run_app`).

    Returns:
        The exit status: 0, or 2 with its message for a setting that cannot be used
        (a port taken, an unreadable code file) or a database that cannot be opened.
    """
    from canasta_scorer.ui.process import desktop_possible, use_c_allocator

    if getattr(args, "program", False) and (args.web or not desktop_possible()):
        use_c_allocator()  # the browser version's server: memory given back (README)
    try:
        # the store is imported by then, or while the server listens
        from canasta_scorer.ui.run import run_app

        return run_app(
            web=args.web,
            host=args.host,
            port=args.port,
            db=args.db,
            access_code=args.access_code,
            access_code_file=args.access_code_file,
            extra_hosts=tuple(args.allow_host or ()),
        )
    except ValueError as error:
        sys.stderr.write(_("canasta-scorer: {error}\n").format(error=error))
        return EXIT_UNREADABLE
    except Exception as error:
        from canasta_scorer.store import StoreError  # imported by then

        if not isinstance(error, StoreError):
            raise
        sys.stderr.write(_("canasta-scorer: {error}\n").format(error=error))
        return EXIT_UNREADABLE


def language_asked(argv: list[str]) -> tuple[list[str], str]:
    """The language asked for (``--lang``, anywhere on the line, else the locale
    variables LC_ALL, LC_MESSAGES, LANG) and the arguments without ``--lang``.

    Raises:
        ValueError: ``--lang`` without a value, or with a language not spoken.
    """
    rest: list[str] = []
    asked: str | None = None
    items = iter(argv)
    for item in items:
        if item == "--":
            rest += [item, *items]
            break
        if item == "--lang":
            asked = next(items, None)
            if asked is None:
                raise ValueError(
                    _("--lang needs a language: {languages}").format(
                        languages=", ".join(i18n.LANGUAGES)
                    )
                )
        elif item.startswith("--lang="):
            asked = item.partition("=")[2]
        else:
            rest.append(item)
    if asked is not None:
        code = i18n.best_language([asked])
        if code == i18n.DEFAULT and not asked.lower().startswith(("en", "c", "posix")):
            raise ValueError(
                _("--lang {asked}: not a language of canasta-scorer ({join})").format(
                    asked=asked, join=", ".join(i18n.LANGUAGES)
                )
            )
        return rest, code
    # the first locale variable that is set decides, as gettext does
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return rest, i18n.best_language([value])
    return rest, i18n.DEFAULT


class _NotTheAppAlone(Exception):
    """A command line `serve` leaves to the full one."""


class _Trying(Parser):
    """A parser that gives up quietly where `Parser` would print a usage error."""

    def error(self, message: str) -> Any:
        raise _NotTheAppAlone(message)


def _may_print(word: str) -> bool:
    """Whether argparse may take a word for a help or version option (``-h``,
    ``--help``, ``--version`` or a shortening of them) or for a short option (the
    command line has no other)."""
    name = word.split("=", 1)[0]
    if name.startswith("--"):
        return len(name) > 2 and ("--help".startswith(name) or "--version".startswith(name))
    return len(name) > 1 and name.startswith("-")


EXIT_INTERNAL = 3


def serve(argv: Sequence[str]) -> int | None:
    """Run the app from a command line that names the ``app`` command (or no command)
    with its options only, as `canasta_scorer.cli.main` does, but reading it with
    this module's parser alone (the command line's own options and ``app``'s): the
    browser version's server then imports nothing of the rules engine before it
    serves its page.

    Args:
        argv: the arguments after the program's name.

    Returns:
        The exit status, or None with nothing printed nor run when the line is
        anything else (another command, help, a version, a mistake): the full
        command line reads it then, and words what is wrong.
    """
    words = list(argv)
    if any(_may_print(word) for word in words):
        return None
    try:
        words, language = language_asked(words)
    except ValueError:
        return None
    fit_output()
    with i18n.use(language):
        try:
            with argparse_speaks():
                parser, commands = top_parser(_Trying)
                add_app_command(commands)
                args = parser.parse_args(words)
                if args.command is None:  # the app, with the options given before no command
                    args = parser.parse_args([*words, "app"])
        except _NotTheAppAlone:
            return None
        args.program = True
        try:
            status: int = args.run(args)
            return status
        except KeyboardInterrupt:
            return 130
        except BrokenPipeError:
            return 0
        except Exception as error:  # the last guard, as the full command line's
            sys.stderr.write(
                _(
                    "canasta-scorer: internal error ({name__}: {error}); please report it "
                    "with the file that caused it\n"
                ).format(name__=type(error).__name__, error=error)
            )
            return EXIT_INTERNAL
