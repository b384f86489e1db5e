"""A match as a match file or CSV score sheet, to copy or share."""

from __future__ import annotations

import contextlib

import flet as ft

from canasta_scorer.ui.state import AppState


def export_screen(state: AppState) -> list[ft.Control]:
    """The exported text, selectable, with Copy."""
    kind = "CSV score sheet" if state.export_kind == "csv" else "match file (JSON)"

    async def copy() -> None:
        with contextlib.suppress(Exception):
            await ft.Clipboard().set(state.export_text)
        state.say(f"The {kind} was copied.")

    return [
        ft.Text(
            f"The {kind}: copy it, or import it into another Canasta scorer with "
            "the command: canasta-scorer import",
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        ft.Row(
            [
                ft.FilledButton(content="Copy", icon=ft.Icons.COPY, height=48, on_click=copy),
                ft.OutlinedButton(
                    content="Match file", height=48, on_click=lambda: state.export("json")
                ),
                ft.OutlinedButton(
                    content="CSV sheet", height=48, on_click=lambda: state.export("csv")
                ),
            ],
            wrap=True,
        ),
        ft.Container(
            ft.Text(state.export_text, selectable=True, font_family="monospace", size=12),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            padding=12,
            border_radius=8,
        ),
    ]
