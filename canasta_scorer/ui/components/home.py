"""Home: resume the match in progress, start a new one, past matches."""

from __future__ import annotations

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import _, ngettext
from canasta_scorer.rules import VARIANT_INFO, Variant
from canasta_scorer.store import MatchSummary
from canasta_scorer.ui.language import keep_choice
from canasta_scorer.ui.state import History, Navigation

from .common import TOUCH, heading, named, players_besides, points, screen, scroll_key

VARIANTS = {variant.value for variant in Variant}


@screen
def HomeScreen(history: History, nav: Navigation) -> ft.Control:
    """The home screen: resume, new match, past matches, the rule checker, recent."""
    resume = history.in_progress()
    controls: list[ft.Control] = [
        ft.Text(
            _(
                "Keep score of a real game of Canasta: enter each hand, see every rule "
                "broken, the totals and each side's initial meld minimum."
            ),
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
    ]
    if history.store.read_only:  # a SQLite file in a folder that cannot be written
        controls.append(
            ft.Text(
                _(
                    "The scores are kept in a folder that cannot be written: the matches "
                    "can be looked at but not changed."
                ),
                color=ft.Colors.ERROR,
                key="read-only",
            )
        )
    if resume is not None:
        controls.append(
            ft.FilledButton(
                content=_("Resume: {score_line}").format(
                    score_line=score_line(resume, with_players=False)
                ),
                icon=ft.Icons.PLAY_ARROW,
                height=56,
                key="resume",
                on_click=lambda: nav.open_match(resume.id),
            )
        )
    controls += [
        ft.FilledTonalButton(
            content=_("New match"),
            icon=ft.Icons.ADD,
            height=56,
            key="new-match",
            on_click=lambda: nav.new_match(),
        ),
        ft.OutlinedButton(
            content=_("Past matches"),
            icon=ft.Icons.HISTORY,
            height=56,
            key="past-matches",
            on_click=nav.show_matches,
        ),
        ft.OutlinedButton(
            content=_("Rule checker"),
            icon=ft.Icons.GAVEL,
            height=56,
            key="rule-checker",
            on_click=nav.show_checker,
        ),
    ]
    if history.recent:
        controls.append(heading(_("Recent")))
        for summary in history.recent[:5]:
            controls.append(match_tile(nav, summary))
    controls += [heading(_("Settings")), language_setting(nav)]
    return ft.Column(controls, spacing=12)


def language_menu(nav: Navigation) -> ft.Control:
    """The language, in the app bar of Home: reachable at the top of a phone's screen
    however many recent matches push the Settings below the fold."""
    return ft.PopupMenuButton(
        # named on the icon too: Flutter's web semantics do not name it after its tooltip
        icon=ft.Icon(ft.Icons.TRANSLATE, semantics_label=_("Language")),
        tooltip=_("Language"),
        width=TOUCH,  # a 48 px target (Flutter's own icon button is 40 px)
        height=TOUCH,
        items=[
            ft.PopupMenuItem(
                content=name,
                checked=code == nav.language,
                on_click=lambda _e, code=code: _choose(nav, code),
                key=f"language-{code}",
            )
            for code, name in i18n.LANGUAGES.items()
        ],
        key="language-menu",
    )


def _choose(nav: Navigation, code: str | None) -> None:
    """Speak ``code`` in this tab and keep the choice on the device."""
    if code in i18n.LANGUAGES:
        nav.choose_language(code)
        ft.context.page.run_task(keep_choice, code)


def language_setting(nav: Navigation) -> ft.Control:
    """The language of the app on this device, each named in its own words; the choice
    is kept on the device (never in the database)."""

    return named(
        ft.Dropdown(
            label=_("Language"),
            value=nav.language,
            options=[
                ft.DropdownOption(key=code, text=name) for code, name in i18n.LANGUAGES.items()
            ],
            on_select=lambda e: _choose(nav, e.control.value),
            key="language",
        )
    )


def who(name: str, players: tuple[str, ...]) -> str:
    """A side as the scoreboard heads it: its name, then its players in brackets when
    it has some besides its name ("North-South (Ann, Bob)")."""
    seats = players_besides(name, players)
    return _("{side} ({players})").format(side=name, players=", ".join(seats)) if seats else name


def score_line(summary: MatchSummary, *, with_players: bool = True) -> str:
    """The sides and the score: "North-South (Ann, Bob) 1,630 – East-West (Cy, Di) 575";
    the sides' names only (``with_players`` False): "North-South 1,630 – East-West 575"."""
    players = summary.players or tuple(() for _ in summary.sides)
    return " – ".join(
        f"{who(name, tuple(seats) if with_players else ())} {points(total)}"
        for name, seats, total in zip(summary.sides, players, summary.running_totals, strict=False)
    )


def match_tile(nav: Navigation, summary: MatchSummary) -> ft.Control:
    """One match in a list: its players and score, when, the variant, how it stands;
    tap to open."""
    if summary.status == "finished":
        status = (
            _("{winner} won by {points}").format(
                winner=summary.winner, points=points(summary.margin or 0)
            )
            if summary.winner
            else _("Draw")
        )
    else:
        status = ngettext(
            "In progress, {n} hand", "In progress, {n} hands", summary.hand_count
        ).format(n=points(summary.hand_count))
    when = i18n.day(summary.created_at.astimezone())
    info = VARIANT_INFO.get(Variant(summary.variant)) if summary.variant in VARIANTS else None
    variant = _(info.title) if info else summary.variant
    return ft.ListTile(
        title=ft.Text(score_line(summary)),
        subtitle=ft.Text(f"{when} · {variant} · {status}"),
        leading=ft.Icon(ft.Icons.EMOJI_EVENTS if summary.status == "finished" else ft.Icons.STYLE),
        on_click=lambda: nav.open_match(summary.id),
        key=scroll_key(f"match-{summary.id}"),
        min_height=56,
    )
