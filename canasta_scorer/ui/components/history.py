"""Past matches, newest first, a page at a time, with filters."""

from __future__ import annotations

import asyncio
import contextlib

import flet as ft

from canasta_scorer.i18n import N_, _
from canasta_scorer.rules import VARIANT_INFO
from canasta_scorer.ui.state import FILTER_DAYS, History, Navigation

from .common import TOUCH, named, screen, scroll_key
from .home import match_tile

#: The "When" filter's choices: any time, then the periods the filters know.
PERIODS = {"": N_("Any time"), **{str(days): words for days, words in FILTER_DAYS.items()}}


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
                + [
                    ft.DropdownOption(key=p, text=p)
                    # the player chosen stays listed while chosen (their matches deleted)
                    for p in (
                        state.known_players
                        if not f.player or f.player in state.known_players
                        else (f.player, *state.known_players)
                    )
                ],
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
        _status_filter(f.status, state),
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


#: The status filter's choices: the filter's value ("": every match) and its label.
STATUSES = (("", N_("All")), ("in_progress", N_("Unfinished")), ("finished", N_("Finished")))


def _status_filter(status: str | None, state: History) -> ft.Control:
    """All, Unfinished or Finished: one 48 px button each in a row, the chosen one
    filled, each label in its button's middle (Material's segmented button drew its
    highlight and labels off the middle of a 48 px box)."""
    buttons: list[ft.Control] = []
    for value, label in STATUSES:
        chosen = (status or "") == value
        buttons.append(
            ft.Semantics(
                selected=chosen,
                content=ft.OutlinedButton(
                    content=_(label),  # a button centres its label
                    height=TOUCH,
                    expand=True,
                    style=ft.ButtonStyle(
                        bgcolor=ft.Colors.SECONDARY_CONTAINER if chosen else None,
                        padding=ft.Padding.symmetric(horizontal=4),
                        shape=ft.RoundedRectangleBorder(radius=8),
                    ),
                    on_click=lambda _e, v=value: state.set_filter(status=v or None),
                ),
                expand=True,
            )
        )
    return ft.Row(buttons, spacing=6, key="history-status")
