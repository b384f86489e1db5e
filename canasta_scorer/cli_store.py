"""The store's commands: ``matches``, ``export``, ``import``, ``backup``.

A thin shell over `canasta_scorer.store`. The store (SQLModel, Alembic) is imported
only when one of these commands runs, so ``score`` and ``match`` stay fast.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from canasta_scorer import i18n
from canasta_scorer.files import IMPORT_LIMIT as FILE_LIMIT
from canasta_scorer.i18n import _, ngettext, quote
from canasta_scorer.rules import MatchStatus

if TYPE_CHECKING:
    from canasta_scorer.store import MatchState, Store

__all__ = ["add_store_commands"]

EXIT_OK = 0
EXIT_VIOLATIONS = 1
EXIT_UNREADABLE = 2

#: The largest file `import` reads, in bytes: a backup of thousands of matches.
IMPORT_LIMIT = FILE_LIMIT


def _db_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        metavar="URL",
        default=argparse.SUPPRESS,  # else it would hide a --db before the command's name
        help=_(
            "database URL (default: $CANASTA_SCORER_DB, else SQLite in the user data folder); "
            "e.g. sqlite:///scores.db or postgresql+psycopg://user:pw@host/canasta"
        ),
    )


def _guarded(command: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Report the store's errors in plain words (exit 2 for the database, 1 for a
    change that was refused), never a traceback."""

    def run(args: argparse.Namespace) -> int:
        from canasta_scorer.store import ConflictError, RuleViolationError, StoreError

        try:
            return command(args)
        except (RuleViolationError, ConflictError) as error:
            sys.stderr.write(_("canasta-scorer: {error}\n").format(error=error))
            return EXIT_VIOLATIONS
        except StoreError as error:
            sys.stderr.write(_("canasta-scorer: {error}\n").format(error=error))
            return EXIT_UNREADABLE
        except BrokenPipeError:
            raise  # the reader of the output went (`| head`): the command line ends quietly
        except OSError as error:
            why = i18n.system_error_text(error)
            sys.stderr.write(
                _("canasta-scorer: cannot write {path}: {value}\n").format(
                    path=error.filename, value=why
                )
                if error.filename
                else _("canasta-scorer: cannot write: {value}\n").format(value=why)
            )
            return EXIT_UNREADABLE

    return run


def _match_id(text: str) -> int:
    """A match id: a whole number from 1 (argparse type)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a match id (a whole number)").format(text=quote(text.strip()))
        ) from None
    if not 1 <= value < 2**63:
        raise argparse.ArgumentTypeError(_("there is no match {text}").format(text=text))
    return value


def _count(text: str) -> int:
    """How many matches to list: a whole number from 1 (argparse type)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a whole number").format(text=quote(text.strip()))
        ) from None
    if not 1 <= value <= _MOST_LISTED:
        raise argparse.ArgumentTypeError(
            _("list from 1 to {most} matches at a time, not {text}").format(
                most=i18n.number(_MOST_LISTED), text=text.strip()
            )
        )
    return value


#: The most matches ``matches --limit`` lists at a time.
_MOST_LISTED = 100_000


def _open(url: str | None, *, reading: bool = False) -> Store:
    """The store at ``url`` (``reading``: only to read its matches; see `Store.open`).

    Raises:
        StoreError: ``reading`` a SQLite file named (``--db`` or ``CANASTA_SCORER_DB``)
            that is not there: a slip of the name would otherwise make an empty
            database there, and its matches would seem gone. The default database is
            made, empty, as by any command.
    """
    from canasta_scorer.store import ENV_DB, Store

    named = url is not None or bool(os.environ.get(ENV_DB, "").strip())
    return Store.open(url, reading=reading, existing=reading and named)


def _cmd_matches(args: argparse.Namespace) -> int:
    store = _open(args.db, reading=True)
    try:
        rows = store.matches(
            limit=args.limit + 1,  # one more: are there others than those listed?
            status=MatchStatus(args.status) if args.status else None,
            variant=args.variant,
            player=args.player,
        )
    finally:
        store.close()
    more = len(rows) > args.limit
    rows = rows[: args.limit]
    if not rows:
        filtered = args.status or args.variant or args.player
        sys.stdout.write(
            _("No match fits these filters.\n") if filtered else _("No matches yet.\n")
        )
        return EXIT_OK
    match, started, variant = _("match"), _("started"), _("variant")
    hands, result = _("hands"), _("result")
    sys.stdout.write(f"{match:>6}  {started:<16}  {variant:<22} {hands:>5}  {result}\n")
    for row in rows:
        when = row.created_at.astimezone().strftime("%Y-%m-%d %H:%M")
        if row.status is MatchStatus.FINISHED:
            state = (
                _("{winner} won by {margin}").format(
                    winner=row.winner, margin=i18n.number(row.margin or 0)
                )
                if row.winner
                else _("a draw")
            )
        else:
            state = _("in progress")
        sys.stdout.write(
            f"{row.id:>6}  {when:<16}  {row.variant:<22} {row.hand_count:>5}  {state}"
            + (
                _("  [saved totals unreadable: recomputed from the hands]")
                if row.recomputed
                else ""
            )
            + "\n"
        )
        sides = zip(row.sides, row.players, row.running_totals, strict=False)
        sys.stdout.write(f"{'':8}{_sides_line(sides)}\n")
    if more:  # said beside the list, not in it: a program reading the list is not misled
        sys.stdout.flush()
        sys.stderr.write(
            ngettext(
                "The newest {count} match is listed; there are more: --limit sets how many.\n",
                "The newest {count} matches are listed; there are more: --limit sets how many.\n",
                args.limit,
            ).format(count=i18n.number(args.limit))
        )
    return EXIT_OK


def _sides_line(sides: Iterable[tuple[str, tuple[str, ...], int]]) -> str:
    """``North-South (Ann, Bob) 1,630 · East-West (Cy, Di) 575``: each side with its
    players and its total."""
    parts = []
    for name, players, total in sides:
        who = f" ({', '.join(players)})" if players and tuple(players) != (name,) else ""
        parts.append(f"{name}{who} {i18n.number(total)}")
    return " · ".join(parts)


def _match_words(state: MatchState) -> str:
    """One imported match in words: its sides and players, when it was started, how far
    it got."""
    record = state.record
    totals = state.score.running_totals
    sides = _sides_line(
        (side.name, side.players, total) for side, total in zip(record.sides, totals, strict=False)
    )
    when = state.created_at.astimezone().strftime("%Y-%m-%d %H:%M")
    hands = len(record.hands)
    if state.score.finished:
        result = (
            _("{winner} won by {value}").format(
                winner=state.score.winner, value=i18n.number(state.score.margin or 0)
            )
            if state.score.winner
            else _("a draw")
        )
    else:
        result = _("in progress")
    return ngettext(
        "match {id}: {sides}; {variant}, started {when}, {hands} hand, {result}",
        "match {id}: {sides}; {variant}, started {when}, {hands} hands, {result}",
        hands,
    ).format(
        id=state.id,
        sides=sides,
        variant=record.variant.value,
        when=when,
        hands=hands,
        result=result,
    )


def _cmd_export(args: argparse.Namespace) -> int:
    store = _open(args.db, reading=True)
    try:
        database = _database_file(store) if args.output else None
        if database is not None and _same_file(Path(args.output), database):
            sys.stderr.write(
                _(
                    "canasta-scorer: {output} is the database itself (or one of its files): "
                    "writing the match there would replace every match; nothing was "
                    "written. Give another file name\n"
                ).format(output=args.output)
            )
            return EXIT_UNREADABLE
        if args.output and not args.force and _replaces_a_file(Path(args.output)):
            return _refuse_existing(args.output)
        text = store.export_csv(args.id) if args.format == "csv" else store.export_match(args.id)
    finally:
        store.close()
    if args.output:
        from canasta_scorer.files import write_atomic

        if Path(args.output).is_dir():
            sys.stderr.write(
                _("canasta-scorer: {output} is a folder: give a file name\n").format(
                    output=args.output
                )
            )
            return EXIT_UNREADABLE
        # written beside it, then renamed: a full disk leaves the old file as it was
        write_atomic(args.output, text if text.endswith("\n") else text + "\n")
        sys.stderr.write(
            _("Match {id} written to {output}\n").format(id=args.id, output=args.output)
        )
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return EXIT_OK


def _is_hand_file(data: bytes) -> bool:
    from canasta_scorer.rules import RecordError, load_hand

    try:
        load_hand(data)
    except RecordError:
        return False
    return True


def _too_large(path: str) -> int:
    sys.stderr.write(
        _(
            "{path}: is larger than a match file or backup may be ({value} MB); "
            "nothing was imported\n"
        ).format(path=path, value=IMPORT_LIMIT // (1024 * 1024))
    )
    return EXIT_UNREADABLE


def _cmd_import(args: argparse.Namespace) -> int:
    from canasta_scorer.rules import RecordError
    from canasta_scorer.store import RuleViolationError, is_score_sheet, is_sqlite_database

    path = args.file
    try:
        if path == "-":
            data = sys.stdin.buffer.read(IMPORT_LIMIT + 1)
        else:
            with Path(path).open("rb") as handle:
                if os.fstat(handle.fileno()).st_size > IMPORT_LIMIT:
                    return _too_large(path)  # known to be too large: not read at all
                data = handle.read(IMPORT_LIMIT + 1)
    except IsADirectoryError:
        sys.stderr.write(_("{path}: is a folder, not a file\n").format(path=path))
        return EXIT_UNREADABLE
    except OSError as error:
        sys.stderr.write(
            _("{path}: cannot be read: {value}\n").format(
                path=path, value=i18n.system_error_text(error)
            )
        )
        return EXIT_UNREADABLE
    if len(data) > IMPORT_LIMIT:
        return _too_large(path)
    if not data.strip():
        sys.stderr.write(_("{path}: is empty\n").format(path=path))
        return EXIT_UNREADABLE
    store = _open(args.db)
    try:
        result = store.import_text(data)
    except RecordError as error:
        sys.stderr.write(
            _("{path}: cannot be read as a match file or backup; nothing was imported\n").format(
                path=path
            )
        )
        if is_sqlite_database(data):
            url = "sqlite:///" + (str(Path(path).absolute()) if path != "-" else "FILE.db")
            sys.stderr.write(
                _(
                    "  this is a SQLite database (a store of matches, like the app's own "
                    "canasta.db), not a file to import: make a backup of its matches with "
                    "canasta-scorer --db {url} backup BACKUP.json, then import BACKUP.json\n"
                ).format(url=url)
            )
            return EXIT_UNREADABLE
        if is_score_sheet(data):
            sys.stderr.write(
                _(
                    "  this is a score sheet (CSV, what export --format csv writes): a score "
                    "sheet cannot be imported, only match files and backups can (export "
                    "--format json writes a match file)\n"
                )
            )
            return EXIT_UNREADABLE
        if _is_hand_file(data):
            sys.stderr.write(
                _(
                    "  this is a hand file: import takes match files and backups; score it "
                    "with canasta-scorer score {path}\n"
                ).format(path=path)
            )
            return EXIT_UNREADABLE
        for problem in error.problems:
            sys.stderr.write(f"  {i18n.problem_line(problem)}\n")
        return EXIT_UNREADABLE
    except RuleViolationError as error:
        sys.stderr.write(_("{path}: {problem}\n").format(path=path, problem=error.message))
        for finding in error.findings:
            sys.stderr.write(
                _("  {where}: {message} [{rule}]\n").format(
                    where=finding.where or _("(whole match)"),
                    message=i18n.finding_text(finding),
                    rule=i18n.cite(finding.rule),
                )
            )
        return EXIT_VIOLATIONS
    finally:
        store.close()
    if result.created or result.already_there:
        store = _open(args.db, reading=True)
        try:
            created = [store.match(match_id) for match_id in result.created]
            already = [store.match(match_id) for match_id in result.already_there]
        finally:
            store.close()
        if created:
            count = len(created)
            sys.stdout.write(
                ngettext("Imported {count} match:\n", "Imported {count} matches:\n", count).format(
                    count=count
                )
            )
            for state in created:
                sys.stdout.write(f"  {_match_words(state)}\n")
        if already:
            sys.stdout.write(_("Already in the store, so not imported again:\n"))
            for state in already:
                sys.stdout.write(f"  {_match_words(state)}\n")
    else:
        sys.stdout.write(_("{path} holds no match: nothing was imported.\n").format(path=path))
    return EXIT_OK


def _database_file(store: Store) -> Path | None:
    """The SQLite file a store keeps its matches in (``None``: another database)."""
    from canasta_scorer.store.database import sqlite_path

    return sqlite_path(store.engine.url.render_as_string(hide_password=False))


def _same_file(target: Path, database: Path) -> bool:
    """Whether ``target`` is the database file or one SQLite keeps beside it (its
    write-ahead log, shared memory or journal), whichever way either is written."""
    wanted = target.resolve()
    for suffix in ("", "-wal", "-shm", "-journal"):
        kept = database.with_name(database.name + suffix)
        if wanted == kept.resolve():
            return True
        if kept.exists() and wanted.exists() and wanted.samefile(kept):
            return True
    return False


def _replaces_a_file(target: Path) -> bool:
    """Whether writing ``target`` would replace a file that is there already (a link:
    the file it names); a device or a pipe (``/dev/stdout``) is written into, not
    replaced; nor is this process's output, wherever the shell sends it
    (`canasta_scorer.files.open_descriptor`)."""
    from canasta_scorer.files import open_descriptor

    if open_descriptor(target) is not None:
        return False
    try:
        return stat.S_ISREG(target.stat().st_mode)
    except (OSError, ValueError):
        return False


def _output_number() -> int | None:
    """The file number of standard output (``None``: it has none, e.g. captured)."""
    try:
        return sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):
        return None


def _refuse_existing(target: Path | str) -> int:
    sys.stderr.write(
        _(
            "canasta-scorer: {target} exists already: nothing was written. Give another "
            "file name, or add --force to replace it\n"
        ).format(target=target)
    )
    return EXIT_UNREADABLE


def _cmd_backup(args: argparse.Namespace) -> int:
    import json

    from canasta_scorer.files import open_descriptor, write_atomic

    target = Path(args.file)
    if target.is_dir():
        sys.stderr.write(
            _("canasta-scorer: {target} is a folder: give a file name for the backup\n").format(
                target=target
            )
        )
        return EXIT_UNREADABLE
    from canasta_scorer.store import StoreFaultError

    store = _open(args.db, reading=True)
    database = _database_file(store)
    if database is not None and _same_file(target, database):
        store.close()
        sys.stderr.write(
            _(
                "canasta-scorer: {target} is the database itself (or one of its files): "
                "writing the backup there would replace the matches; nothing was written. "
                "Give another file name for the backup\n"
            ).format(target=target)
        )
        return EXIT_UNREADABLE
    if not args.force and _replaces_a_file(target):
        store.close()
        return _refuse_existing(target)
    try:
        result = store.backup_all()
    except StoreFaultError as error:  # damaged: a backup of it would lack what is lost
        sys.stderr.write(_("canasta-scorer: no backup was written: {error}\n").format(error=error))
        return EXIT_UNREADABLE
    finally:
        store.close()
    aside = target.with_name(target.name + ".unreadable.json")
    if result.unreadable and not args.force and _replaces_a_file(aside):
        return _refuse_existing(aside)
    write_atomic(target, result.text + "\n")
    # the backup written to standard output (/dev/stdout): what is said goes apart
    written_to = open_descriptor(target)
    said = sys.stderr if written_to is not None and written_to == _output_number() else sys.stdout
    if not result.unreadable:
        said.write(_("Backup of every match written to {target}\n").format(target=target))
        return EXIT_OK
    # what cannot be read is kept as stored, beside the backup, and said
    kept = [item.model_dump() for item in result.unreadable]
    write_atomic(aside, json.dumps(kept, indent=1, ensure_ascii=False) + "\n")
    count = len(result.unreadable)
    said.write(_("Backup of every readable match written to {target}\n").format(target=target))
    sys.stderr.write(
        ngettext(
            "canasta-scorer: {count} match could not be read and is not in the backup; "
            "its stored text is kept in {aside}:\n",
            "canasta-scorer: {count} matches could not be read and are not in the backup; "
            "their stored text is kept in {aside}:\n",
            count,
        ).format(count=count, aside=aside)
    )
    for item in result.unreadable:
        sys.stderr.write(_("  match {id}: {problem}\n").format(id=item.id, problem=item.problem))
    return EXIT_VIOLATIONS


def add_store_commands(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``matches``, ``export``, ``import`` and ``backup`` to the command line."""
    listing = commands.add_parser(
        "matches",
        help=_("list the matches in the store, newest first"),
        description=_("List the matches in the store, newest first."),
    )
    _db_argument(listing)
    listing.add_argument(
        "--limit", type=_count, default=50, help=_("how many, newest first (default 50)")
    )
    listing.add_argument(
        "--status",
        choices=[status.value for status in MatchStatus],
        help=_("only matches still being played (in_progress) or only finished ones"),
    )
    listing.add_argument("--variant", metavar="ID", help=_("only this variant"))
    listing.add_argument("--player", metavar="NAME", help=_("only matches this player played"))
    listing.set_defaults(run=_guarded(_cmd_matches))

    export = commands.add_parser(
        "export",
        help=_("write one match as a match file or CSV sheet"),
        description=_(
            "Write one match as a match file (JSON, which "
            "`canasta-scorer match` scores) or as a CSV score sheet."
        ),
    )
    _db_argument(export)
    export.add_argument("id", type=_match_id, metavar="ID", help=_("the match id (see `matches`)"))
    export.add_argument(
        "--format",
        choices=["json", "csv"],
        default="json",
        help=_(
            "json: a match file, which import and match read (docs/file-format.md); "
            "csv: a score sheet for a spreadsheet (default json)"
        ),
    )
    export.add_argument("--output", "-o", metavar="FILE", help=_("write here instead of stdout"))
    export.add_argument(
        "--force",
        action="store_true",
        help=_("replace the file given with --output if it exists already"),
    )
    export.set_defaults(run=_guarded(_cmd_export))

    importing = commands.add_parser(
        "import",
        help=_("import a match file or a backup"),
        description=_(
            "Import a match file or a backup file: all of "
            "it or nothing; matches already in the store are skipped."
        ),
    )
    _db_argument(importing)
    importing.add_argument("file", metavar="FILE", help=_("a match or backup file, or - for stdin"))
    importing.set_defaults(run=_guarded(_cmd_import))

    backup = commands.add_parser(
        "backup",
        help=_("write every match to one backup file"),
        description=_(
            "Write every match to one backup file, which `canasta-scorer import` reads back."
        ),
    )
    _db_argument(backup)
    backup.add_argument(
        "file",
        metavar="FILE",
        help=_("where to write the backup (a file that exists already is kept unless --force)"),
    )
    backup.add_argument(
        "--force",
        action="store_true",
        help=_("replace FILE (and FILE.unreadable.json) if it exists already"),
    )
    backup.set_defaults(run=_guarded(_cmd_backup))
