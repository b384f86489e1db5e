"""Home: resume the match in progress, start a new one, past matches."""

from __future__ import annotations

import flet as ft

from canasta_scorer.ui.state import AppState

from .common import heading, plural, points


def home_screen(state: AppState) -> list[ft.Control]:
    """The home screen's controls."""
    resume = state.in_progress()
    controls: list[ft.Control] = [
        ft.Text(
            "Keep score of a real game of Canasta: enter each hand, see every rule "
            "broken, the totals and each side's initial meld minimum.",
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
    ]
    if resume is not None:
        totals = " – ".join(
            f"{name} {points(total)}"
            for name, total in zip(resume.sides, resume.running_totals, strict=False)
        )
        controls.append(
            ft.FilledButton(
                content=f"Resume: {totals}",
                icon=ft.Icons.PLAY_ARROW,
                height=56,
                key="resume",
                on_click=lambda: state.open_match(resume.id),
            )
        )
    controls += [
        ft.FilledTonalButton(
            content="New match",
            icon=ft.Icons.ADD,
            height=56,
            key="new-match",
            on_click=lambda: state.new_match(),
        ),
        ft.OutlinedButton(
            content="Past matches",
            icon=ft.Icons.HISTORY,
            height=56,
            key="past-matches",
            on_click=state.show_matches,
        ),
        ft.OutlinedButton(
            content="Rule checker",
            icon=ft.Icons.GAVEL,
            height=56,
            key="rule-checker",
            on_click=state.show_checker,
        ),
    ]
    if state.recent:
        controls.append(heading("Recent"))
        for summary in state.recent[:5]:
            controls.append(match_tile(state, summary))
    return controls


def match_tile(state: AppState, summary: object) -> ft.Control:
    """One match in a list: sides, totals, status; tap to open."""
    from canasta_scorer.store import MatchSummary

    assert isinstance(summary, MatchSummary)
    totals = "  ".join(
        f"{name} {points(total)}"
        for name, total in zip(summary.sides, summary.running_totals, strict=False)
    )
    if summary.status == "finished":
        status = (
            f"{summary.winner} won by {points(summary.margin or 0)}" if summary.winner else "Draw"
        )
    else:
        status = f"In progress, {plural(summary.hand_count, 'hand')}"
    when = summary.created_at.astimezone().strftime("%d %b %Y")
    return ft.ListTile(
        title=ft.Text(totals),
        subtitle=ft.Text(f"{when} · {summary.variant} · {status}"),
        leading=ft.Icon(ft.Icons.EMOJI_EVENTS if summary.status == "finished" else ft.Icons.STYLE),
        on_click=lambda: state.open_match(summary.id),
        min_height=56,
    )
