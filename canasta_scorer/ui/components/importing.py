"""Import a match file or backup from the device: choose it with the device's file
picker, see what it holds (or every problem with its rule), then import it whole.

In the browser the file goes to the server through Flet's upload endpoint (an
address signed for this tab, see `canasta_scorer.ui.serving.upload_folder`); in the
desktop window it is read where it lies.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from dataclasses import dataclass
from pathlib import Path

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.files import IMPORT_LIMIT
from canasta_scorer.i18n import _, ngettext
from canasta_scorer.rules import VARIANT_INFO, MatchRecord, MatchScore
from canasta_scorer.ui.serving import upload_folder
from canasta_scorer.ui.state import ImportFile, Navigation
from canasta_scorer.ui.state.importing import limit_words

from .common import points, problem_list, rule_row, screen
from .home import who

log = logging.getLogger("canasta_scorer")

#: Seconds a file may take to reach the server before the tab says it could not.
UPLOAD_TIMEOUT = 600


@dataclass(frozen=True)
class Picked:
    """A file the player picked: the picker that holds the selection (an upload is
    made by it), the file, and the upload's progress as the picker reports it."""

    picker: ft.FilePicker
    file: ft.FilePickerFile
    progress: asyncio.Queue[ft.FilePickerUploadEvent]


async def pick_file() -> Picked | None:
    """The device's file picker: one file, or ``None`` if the player chose none."""
    progress: asyncio.Queue[ft.FilePickerUploadEvent] = asyncio.Queue()
    picker = ft.FilePicker(on_upload=progress.put_nowait)
    files = await picker.pick_files(dialog_title=_("Choose a match file or backup"))
    return Picked(picker, files[0], progress) if files else None


async def _upload(page: ft.Page, picked: Picked, folder: Path) -> bytes:
    """The bytes of a file picked in the browser, sent to this server's upload folder
    under a random name (an address signed for two minutes), read, then deleted.

    Raises:
        OSError, TimeoutError, RuntimeError: it did not arrive whole.
    """
    name = secrets.token_hex(16)
    target = folder / name

    async def arrived() -> None:
        while True:
            event = await picked.progress.get()
            if event.error:
                raise RuntimeError(event.error)
            if event.progress is not None and event.progress >= 1.0:
                return

    try:
        await picked.picker.upload(
            [ft.FilePickerUploadFile(upload_url=page.get_upload_url(name, 120), id=picked.file.id)]
        )
        await asyncio.wait_for(arrived(), UPLOAD_TIMEOUT)
        with target.open("rb") as handle:
            return handle.read(IMPORT_LIMIT + 1)
    finally:
        target.unlink(missing_ok=True)


async def read_picked(page: ft.Page, picked: Picked) -> bytes:
    """A picked file's bytes (at most one more than `IMPORT_LIMIT`): read where it lies
    in the desktop window; sent to this server's upload address from the browser (a
    path or bytes a tab gives are never read: a tab's word cannot be trusted).

    Raises:
        OSError, TimeoutError, RuntimeError: it could not be read or did not arrive.
    """
    file = picked.file
    folder = upload_folder()
    # The desktop window: its own client on this computer names the file. In the
    # browser version only the file sent to the upload address counts: what a tab says
    # of the file is the browser's word, which a hostile page can forge (a path would
    # have this server open any file of its own disk; bytes would come unsized).
    if folder is None and file.bytes is not None:
        return file.bytes
    if folder is None and file.path:
        with Path(file.path).open("rb") as handle:
            return handle.read(IMPORT_LIMIT + 1)
    if file.size == 0:
        # nothing to send; and Flet's web client reports the end of a 0-byte upload
        # with progress 0, not 1, so waiting for it would never end
        return b""
    if folder is None:
        raise OSError("this app receives no files")
    return await _upload(page, picked, folder)


def _match_line(record: MatchRecord, score: MatchScore) -> str:
    """One match of the file: "Ann & Bob 1,630 – Cy & Di 575"."""
    return " – ".join(
        f"{who(side.name, tuple(side.players))} {points(total)}"
        for side, total in zip(record.sides, score.running_totals, strict=False)
    )


def _match_details(record: MatchRecord, score: MatchScore, there: int | None) -> str:
    """The variant, how many hands, how it stands, and whether it is kept already."""
    info = VARIANT_INFO.get(record.variant)
    parts = [_(info.title) if info else record.variant.value]
    hands = len(record.hands)
    parts.append(ngettext("{n} hand", "{n} hands", hands).format(n=points(hands)))
    if score.finished:
        parts.append(
            _("{winner} won by {points}").format(
                winner=score.winner, points=points(score.margin or 0)
            )
            if score.winner
            else _("Draw")
        )
    else:
        parts.append(_("in progress"))
    if there is not None:
        parts.append(_("already here (match {id}): not imported again").format(id=there))
    return " · ".join(parts)


def _preview(state: ImportFile, nav: Navigation) -> list[ft.Control]:
    preview = state.preview
    assert preview is not None
    count = len(preview.records)
    hands = sum(len(record.hands) for record in preview.records)
    in_all = ngettext("{n} hand", "{n} hands", hands).format(n=i18n.number(hands))
    held = (
        ngettext(
            "A backup of {count} match ({hands}):", "A backup of {count} matches ({hands}):", count
        ).format(count=i18n.number(count), hands=in_all)
        if preview.backup
        else _("A match file ({hands}):").format(hands=in_all)
    )
    controls: list[ft.Control] = [ft.Text(held, weight=ft.FontWeight.BOLD)]
    controls += [
        ft.ListTile(
            title=ft.Text(_match_line(record, score)),
            subtitle=ft.Text(_match_details(record, score, there)),
            leading=ft.Icon(ft.Icons.EMOJI_EVENTS if score.finished else ft.Icons.STYLE),
            key=f"import-match-{number}",
        )
        for number, (record, score, there) in enumerate(
            zip(preview.records, preview.scores, preview.already_there, strict=True)
        )
    ]
    new = state.new
    if new:
        controls.append(
            ft.FilledButton(
                content=ngettext("Import {n} match", "Import {n} matches", new).format(
                    n=i18n.number(new)
                ),
                icon=ft.Icons.UPLOAD_FILE,
                height=48,
                on_click=nav.import_file,
                key="import-confirm",
            )
        )
    else:
        controls.append(
            ft.Text(_("Every match of this file is already here: there is nothing to import."))
        )
    return controls


@screen
def ImportScreen(state: ImportFile, nav: Navigation) -> ft.Control:
    """Choose a file, then what it holds (nothing saved yet) with Import, or why it
    cannot be imported."""
    reading, set_reading = ft.use_state(False)
    # one file at a time: a tab's click reaches here even while its button is
    # disabled (the browser's word), and each pick would start another upload
    choosing = ft.use_ref(False)

    async def choose() -> None:
        if choosing.current:
            return
        choosing.current = True
        try:
            await _choose()
        finally:
            choosing.current = False

    async def _choose() -> None:
        try:
            picked = await pick_file()
        except Exception:
            nav.say(_("The device's file picker could not be opened."), problem=True)
            return
        if picked is None:
            return
        file = picked.file
        if state.too_large(file.name, file.size):
            return
        state.choosing(file.name)
        set_reading(True)
        try:
            data = await read_picked(ft.context.page, picked)
        except Exception:
            log.warning("a file to import could not be read", exc_info=True)
            state.unreadable(file.name)
            return
        finally:
            with contextlib.suppress(Exception):
                set_reading(False)
        nav.read_import(file.name, data)

    controls: list[ft.Control] = [
        ft.Text(
            _(
                "Choose a match file or a backup (JSON, at most {limit}), exported from "
                "this app or from the command line. You will see what it holds before "
                "anything is saved; a file with any problem is not imported at all."
            ).format(limit=limit_words()),
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        ft.Row(
            [
                ft.FilledButton(
                    content=_("Choose a file"),
                    icon=ft.Icons.FOLDER_OPEN,
                    height=48,
                    on_click=choose,
                    disabled=reading,
                    key="import-choose",
                ),
                ft.OutlinedButton(content=_("Cancel"), height=48, on_click=nav.leave_import),
            ],
            wrap=True,
        ),
    ]
    if reading:
        controls.append(ft.Text(_("Reading the file…")))
    if state.name is not None and not reading:
        controls.append(ft.Text(state.name, weight=ft.FontWeight.BOLD))
    if state.refusal:
        controls.append(ft.Text(state.refusal, color=ft.Colors.ERROR))
    if state.problems:
        controls += [
            ft.Text(
                _("This file cannot be read as a match file or backup; nothing will be imported:"),
                color=ft.Colors.ERROR,
            ),
            problem_list(state.problems),
        ]
    if state.findings:
        controls += [
            ft.Text(
                _("Nothing will be imported: these rules are broken."),
                color=ft.Colors.ERROR,
            ),
            ft.Column(
                [
                    rule_row(
                        ft.Icons.ERROR,
                        ft.Colors.ERROR,
                        _("{where}: {problem}").format(
                            where=finding.where or _("(whole match)"),
                            problem=i18n.finding_text(finding),
                        ),
                        i18n.cite(finding.rule),
                        message_color=ft.Colors.ERROR,
                    )
                    for finding in state.findings
                ],
                spacing=8,
            ),
        ]
    if state.preview is not None:
        controls += _preview(state, nav)
    return ft.Column(controls, spacing=12)
