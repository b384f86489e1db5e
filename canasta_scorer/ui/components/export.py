"""A match as a match file, a CSV score sheet or an image of the score sheet: to save as
a file (a download in the browser), or to copy."""

from __future__ import annotations

import asyncio
import contextlib

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import _
from canasta_scorer.ui.state import Navigation, OpenMatch

from .common import points, screen, signed

#: Seconds to wait for the device to save a file before saying it could not.
SAVE_TIMEOUT = 120


#: Letters of a side's name that its column's heading shows on one line; a longer name
#: wraps in a column of a fixed width (`_column_name`).
_COLUMN_LETTERS = 14
#: That width, in logical pixels.
_COLUMN_WIDTH = 120


def _column_name(name: str) -> ft.Control:
    """A side's name heading its column: a long one wraps over three lines at most in a
    narrow column, so that the sheet stays as wide as the screen (a name on one line
    pushed the other columns off the image)."""
    if len(name) <= _COLUMN_LETTERS:
        return ft.Text(name)
    return ft.Container(
        ft.Text(name, max_lines=3, overflow=ft.TextOverflow.ELLIPSIS), width=_COLUMN_WIDTH
    )


def _sheet(state: OpenMatch) -> ft.Control:
    """The score sheet as a paper would have it: a row per hand, totals, the result."""
    match = state.current
    assert match is not None
    record, score = match.record, match.score
    rows = [
        ft.DataRow(
            cells=[ft.DataCell(ft.Text(str(number + 1)))]
            + [
                # the hand's score over the running total, as on paper: two short lines
                # where "+1,630 = 3,260" wrapped at a phone's width
                ft.DataCell(
                    ft.Column(
                        [
                            ft.Text(
                                signed(total),
                                size=12,
                                no_wrap=True,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                            ft.Text(points(running), no_wrap=True, weight=ft.FontWeight.BOLD),
                        ],
                        spacing=0,
                        tight=True,
                        alignment=ft.MainAxisAlignment.CENTER,
                    )
                )
                for total, running in zip(totals.totals, totals.running, strict=True)
            ]
        )
        for number, totals in enumerate(score.hands)
    ]
    result = (
        _("{winner} wins by {points}").format(winner=score.winner, points=points(score.margin or 0))
        if score.finished and score.winner
        else _("A draw")
        if score.finished
        else _("Not finished")
    )
    long_names = any(len(side.name) > _COLUMN_LETTERS for side in record.sides)
    return ft.Container(
        ft.Column(
            [
                ft.Text(
                    " – ".join(side.name for side in record.sides),
                    size=18,
                    weight=ft.FontWeight.BOLD,
                ),
                ft.DataTable(
                    columns=[ft.DataColumn(label=ft.Text(_("Hand")))]
                    + [ft.DataColumn(label=_column_name(side.name)) for side in record.sides],
                    rows=rows,
                    # room for a long name over three lines
                    heading_row_height=72 if long_names else None,
                    column_spacing=16,
                    data_row_min_height=44,
                    data_row_max_height=52,
                ),
                ft.Text(
                    _("Totals: {totals}").format(
                        totals=i18n.spoken_list(
                            [
                                f"{side.name} {points(total)}"
                                for side, total in zip(
                                    record.sides, score.running_totals, strict=True
                                )
                            ]
                        )
                    ),
                    weight=ft.FontWeight.BOLD,
                ),
                ft.Text(result),
            ],
            spacing=8,
        ),
        bgcolor=ft.Colors.SURFACE,
        padding=16,
    )


def export_words(kind: str) -> str:
    """What the export tab holds and what it is for, in the words of that tab (only
    the match file can be imported again, so only it names the command)."""
    if kind == "csv":
        return _(
            "The CSV score sheet: a row per hand with each side's score and running "
            "total, for a spreadsheet."
        )
    if kind == "image":
        return _("The score sheet as an image (PNG), to send to the players or print.")
    return _(
        "The match file (JSON): every hand as entered. Another Canasta scorer imports "
        "it: Past matches, Import (or the command canasta-scorer import)."
    )


@screen
def ExportScreen(state: OpenMatch, nav: Navigation) -> ft.Control:
    """The export in the chosen form (a view-only choice), with Save as file and (for
    text) Copy."""
    export_kind, set_kind = ft.use_state("json")
    export_text = ft.use_memo(lambda: state.export_text(export_kind), [export_kind])
    kind = {"csv": _("CSV score sheet"), "image": _("score sheet image (PNG)")}.get(
        export_kind, _("match file (JSON)")
    )
    shot = ft.Ref[ft.Screenshot]()

    async def save() -> None:
        data = export_text.encode()
        try:
            if export_kind == "image" and shot.current is not None:
                data = await asyncio.wait_for(shot.current.capture(pixel_ratio=2), 30)
            saved = await asyncio.wait_for(
                ft.FilePicker().save_file(
                    dialog_title=_("Save the {kind}").format(kind=kind),
                    file_name=state.export_file_name(export_kind),
                    src_bytes=data,
                ),
                SAVE_TIMEOUT,
            )
        except Exception:
            nav.say(
                _("The {kind} could not be saved on this device.").format(kind=kind), problem=True
            )
            return
        if saved is not None:
            nav.say(_("The {kind} was saved.").format(kind=kind))
        elif ft.context.page.web:
            # the browser downloads it: it tells no path back, nor whether it was kept
            nav.say(
                _("The {kind} is downloaded as {name}.").format(
                    kind=kind, name=state.export_file_name(export_kind)
                )
            )

    async def copy() -> None:
        with contextlib.suppress(Exception):
            await ft.Clipboard().set(export_text)
        nav.say(_("The {kind} was copied.").format(kind=kind))

    buttons: list[ft.Control] = [
        ft.FilledButton(
            content=_("Save as a file"), icon=ft.Icons.DOWNLOAD, height=48, on_click=save
        )
    ]
    if export_kind != "image":
        buttons.append(
            ft.OutlinedButton(content=_("Copy"), icon=ft.Icons.COPY, height=48, on_click=copy)
        )
    buttons += [
        ft.OutlinedButton(content=label, height=48, on_click=lambda _, k=key: set_kind(k))
        for key, label in (
            ("json", _("Match file")),
            ("csv", _("CSV sheet")),
            ("image", _("Image")),
        )
        if key != export_kind
    ]
    controls: list[ft.Control] = [
        ft.Text(export_words(export_kind), color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row(buttons, wrap=True),
    ]
    if export_kind == "image":
        controls.append(ft.Screenshot(ref=shot, content=_sheet(state)))
    else:
        controls.append(
            ft.Container(
                ft.Text(export_text, selectable=True, font_family="monospace", size=12),
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                padding=12,
                border_radius=8,
            )
        )
    return ft.Column(controls, spacing=12)
