"""Past matches, newest first, a page at a time, with filters."""

from __future__ import annotations

import asyncio
import contextlib

import flet as ft

from canasta_scorer.i18n import N_, _
from canasta_scorer.rules import VARIANT_INFO
from canasta_scorer.ui.state import History, Navigation

from .common import named, screen, scroll_key
from .home import match_tile

PERIODS = {
    "": N_("Any time"),
    "7": N_("Last 7 days"),
    "30": N_("Last 30 days"),
    "365": N_("Last year"),
}


@screen
def HistoryScreen(state: History, nav: Navigation) -> ft.Control:
    """Filters, the matches, and "Load more"; back from a match, that match is
    scrolled into view again."""
    f = state.filter
    listed = nav.listed

    def back_where_it_was() -> None:
        if listed is None or not any(m.id == listed for m in state.recent):
            return

        async def scroll() -> None:
            # a scroll the page cannot make leaves the list where it is
            with contextlib.suppress(Exception):
                await asyncio.wait_for(
                    ft.context.page.scroll_to(scroll_key=scroll_key(f"match-{listed}")), 5
                )

        ft.context.page.run_task(scroll)

    ft.use_effect(back_where_it_was, [])
    controls: list[ft.Control] = [
        named(
            ft.Dropdown(
                label=_("Player"),
                value=f.player or "",
                options=[ft.DropdownOption(key="", text=_("Everyone"))]
                + [ft.DropdownOption(key=p, text=p) for p in state.known_players],
                on_select=lambda e: state.set_filter(player=e.control.value or None),
            )
        ),
        named(
            ft.Dropdown(
                label=_("Variant"),
                value=f.variant or "",
                options=[ft.DropdownOption(key="", text=_("Every variant"))]
                + [
                    ft.DropdownOption(key=v.id.value, text=_(v.title))
                    for v in VARIANT_INFO.values()
                ],
                on_select=lambda e: state.set_filter(variant=e.control.value or None),
            )
        ),
        named(
            ft.Dropdown(
                label=_("When"),
                value=str(f.days or ""),
                options=[ft.DropdownOption(key=k, text=_(t)) for k, t in PERIODS.items()],
                on_select=lambda e: state.set_filter(
                    days=int(e.control.value) if e.control.value else None
                ),
            )
        ),
        ft.SegmentedButton(
            segments=[
                ft.Segment(value="all", label=_("All")),
                ft.Segment(value="in_progress", label=_("Unfinished")),
                ft.Segment(value="finished", label=_("Finished")),
            ],
            selected=[f.status or "all"],
            on_change=lambda e: state.set_filter(
                status=None if e.control.selected[0] == "all" else e.control.selected[0]
            ),
            key="history-status",
            # 48 px high from its own padding (a touch target a thumb can hit, where
            # Material's default is 40), so the highlight fills it and the labels sit
            # in its middle; no check mark pushing the chosen label aside
            show_selected_icon=False,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8, vertical=14)),
        ),
        ft.OutlinedButton(
            content=_("Player statistics"),
            icon=ft.Icons.LEADERBOARD,
            height=48,
            on_click=nav.show_stats,
        ),
        ft.OutlinedButton(
            content=_("Import"),
            icon=ft.Icons.UPLOAD_FILE,
            height=48,
            on_click=nav.show_import,
            tooltip=_("Import a match file or a backup"),
        ),
    ]
    if not state.recent:
        controls.append(ft.Text(_("No matches yet.")))
    controls += [match_tile(nav, summary) for summary in state.recent]
    if state.more:
        controls.append(ft.TextButton(content=_("Load more"), height=48, on_click=state.load_more))
    return ft.Column(controls, spacing=12)
