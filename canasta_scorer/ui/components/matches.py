"""Past matches, newest first."""

from __future__ import annotations

import flet as ft

from canasta_scorer.ui.state import AppState

from .home import match_tile


def matches_screen(state: AppState) -> list[ft.Control]:
    """Every match in the store, newest first (50 at a time)."""
    if not state.recent:
        return [ft.Text("No matches yet.")]
    return [match_tile(state, summary) for summary in state.recent]
