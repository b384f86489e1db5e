"""Small widgets shared by the screens: steppers, headings, findings."""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import _
from canasta_scorer.rules import Finding, Severity
from canasta_scorer.ui.state import Navigation

P = ParamSpec("P")

#: Smallest touch target, in logical pixels (Material guidance).
TOUCH = 48
#: The lines a field's error may take: it wraps and is read whole, even on a phone
#: (Flet cuts it to one line with an ellipsis otherwise).
ERROR_LINES = 12
# A form's column on a wide screen: the whole width of a phone, narrower and centred on a
# tablet or a desktop (a `ResponsiveRow` child's `col`)
CENTRED: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {
    "xs": 12,
    "md": 10,
    "lg": 8,
    "xl": 6,
}


def widget(fn: Callable[P, ft.Control]) -> Callable[..., ft.Control]:
    """A repeated widget as a memoized component: drawn again only when one of its
    arguments changes (call it with a ``key``)."""
    return ft.memo(ft.component(fn))  # type: ignore[no-any-return,no-untyped-call]


class Latest:
    """Stands for the function given it last (``.fn``), and is one object for the
    life of a component (made with ``ft.use_memo``): a memoized widget handed it
    sees the same argument on every render, where a setter or lambda made anew
    each render would redraw it every time."""

    def __init__(self) -> None:
        self.fn: Callable[..., Any] | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the function given last (nothing before one is given)."""
        return self.fn(*args, **kwargs) if self.fn is not None else None


def screen(fn: Callable[P, ft.Control]) -> Callable[..., ft.Control]:
    """A screen as a component that never leaves a frozen tab: if drawing it fails,
    it says so in plain words (the error is logged), with a way home when the screen
    has the navigation."""

    @functools.wraps(fn)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> ft.Control:
        try:
            return fn(*args, **kwargs)
        except Exception:
            logging.getLogger("canasta_scorer").exception("a screen failed to draw")
            nav = next((a for a in (*args, *kwargs.values()) if isinstance(a, Navigation)), None)
            return failed_screen(nav)

    return ft.component(guarded)


def memo_screen(fn: Callable[P, ft.Control]) -> Callable[..., ft.Control]:
    """A screen (`screen`) that is also memoized (`widget`): drawn again only when
    one of its arguments changes."""
    return ft.memo(screen(fn))  # type: ignore[no-any-return,no-untyped-call]


def failed_screen(nav: Navigation | None) -> ft.Control:
    """What a screen that could not be drawn shows instead."""
    controls: list[ft.Control] = [
        ft.Semantics(
            identifier="screen-failed",
            label=_("This screen could not be shown"),
            content=ft.Text(
                _(
                    "This screen could not be shown. Everything saved is safe, and the hand "
                    "being entered is kept. Go back home and open the match again."
                ),
                color=ft.Colors.ERROR,
            ),
        )
    ]
    if nav is not None:
        controls.append(
            ft.FilledButton(content=_("Home"), icon=ft.Icons.HOME, height=48, on_click=nav.go_home)
        )
    return ft.Column(controls, spacing=12)


def scroll_key(value: str) -> ft.ScrollKey:
    """A control's key that a scroll can be sent to (``View.scroll_to(scroll_key=…)``)."""
    return ft.ScrollKey(value)  # type: ignore[call-arg]  # Flet's dataclass decorator hides __init__


def points(value: int) -> str:
    """Points as the player's language writes them: ``1,630`` (English), ``1.630``
    (German, Spanish, Italian, Portuguese)."""
    return i18n.number(value)


def signed(value: int) -> str:
    """Points with a sign: ``+1,630``, ``-75``, ``0``."""
    return i18n.number(value, sign=True) if value else "0"


def switch(
    label: str, value: bool, on_change: Callable[[bool], None], explain: str = "", note: str = ""
) -> ft.Control:
    """A switch with a short label (Flutter does not wrap a switch's label), the
    longer explanation below it in text that wraps, and an optional small note. The
    switch and its label are `TOUCH` (48 px) high (Flutter's switch is 40 px)."""
    rows: list[ft.Control] = [
        ft.Switch(
            label=label,
            value=value,
            on_change=lambda e: on_change(bool(e.control.value)),
            height=TOUCH,
        )
    ]
    if explain:
        rows.append(ft.Text(explain, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    if note:
        rows.append(ft.Text(note, size=11, italic=True, color=ft.Colors.ON_SURFACE_VARIANT))
    if len(rows) == 1:
        return rows[0]
    return ft.Column(rows, spacing=2)


def players_besides(name: str, players: Sequence[str]) -> list[str]:
    """A side's players to show under or beside its name: all of them, but not one
    whose name is the side's (a side of one player, as in three-player Canasta, is
    named by that player: "Ann", not "Ann / Ann")."""
    return [player for player in players if player.strip() != name.strip()]


def heading(text: str) -> ft.Text:
    """A section heading."""
    return ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD)


@dataclass
class Typed:
    """A text field's text kept by its view (from `use_typed`): ``shown`` is what the
    view was drawn with; `now` the text as last typed, for a button's handler (the
    browser may send its click right behind the field's change, before the view is
    drawn again with the new text, so a handler must not read ``shown``)."""

    shown: str
    _latest: Any
    _set: Callable[[str], None]

    def now(self) -> str:
        """The text as last typed (or set)."""
        return str(self._latest.current)

    def set(self, text: str) -> None:
        """Type ``text`` (from the field's change) or set it (e.g. ``""`` when kept)."""
        self._latest.current = text
        self._set(text)


def use_typed(initial: str = "") -> Typed:
    """A hook: a text field's text as the view's own (`Typed`)."""
    shown, set_shown = ft.use_state(initial)
    latest = ft.use_ref(initial)
    return Typed(shown, latest, set_shown)


def focus_soon(page: ft.Page, ref: Any) -> None:
    """Give the keyboard's focus to the control a `ft.use_ref` holds, once the draw
    under way is sent (nothing if it holds none, or the control is gone by then)."""

    async def take_focus() -> None:
        control = ref.current
        with contextlib.suppress(Exception):  # gone already: nothing to focus
            if control is not None:
                await control.focus()

    page.run_task(take_focus)


def use_escape(answer: Callable[[], object], focus: Any = None) -> None:
    """Esc gives ``answer`` while the calling component is shown (the page's keyboard
    handler is this one from its first draw; the one before it again when it goes),
    and ``focus`` (a `ft.use_ref` of a button), if given, takes the keyboard's focus
    when it comes: a question's safe answer, or a screen's way back."""
    latest = ft.use_memo(Latest, [])
    latest.fn = answer  # the answer of the latest draw

    def shown() -> Callable[[], None]:
        page = ft.context.page
        before = page.on_keyboard_event

        def pressed(e: ft.KeyboardEvent) -> None:
            if e.key == "Escape":
                latest()

        page.on_keyboard_event = pressed
        if focus is not None:
            focus_soon(page, focus)

        def gone() -> None:
            if page.on_keyboard_event is pressed:  # not another's since
                page.on_keyboard_event = before

        return gone

    ft.use_effect(shown, [])


def field_label(label: str, text: str) -> str | ft.Control:
    """A text field's label, read by screen readers with the text the field holds
    ("North-South player 1: Ann"): Flutter's web semantics give a field's ``<input>``
    its text only while it has the focus, so a field the app filled (a remembered name,
    the form drawn again) would be read as empty until then. The label shown is
    ``label`` alone."""
    if not text.strip():
        return label
    return ft.Text(label, semantics_label=_("{label}: {text}").format(label=label, text=text))


def quiet_tooltip(message: str) -> ft.Tooltip:
    """A tooltip (on a long press, or the pointer resting on it) that screen readers
    do not hear, for a control already named by the same words: Flutter adds a
    tooltip's words to the nearest semantics node around the control, so a row of
    buttons would be read with one button's name again beside the row's own text
    ("1 joker (50) in Ann's hand Ann")."""
    return ft.Tooltip(message=message, exclude_from_semantics=True)


def icon_button(icon: ft.IconData, label: str, **kwargs: Any) -> ft.IconButton:
    """An icon button named by ``label``: its tooltip (`quiet_tooltip`), and its name
    for screen readers (Flutter's web semantics do not name a button after its
    tooltip); `TOUCH` (48 px) square unless sized otherwise (Flutter's own is 40 px)."""
    kwargs.setdefault("width", TOUCH)
    kwargs.setdefault("height", TOUCH)
    return ft.IconButton(
        ft.Icon(icon, semantics_label=label), tooltip=quiet_tooltip(label), **kwargs
    )


def named(dropdown: ft.Dropdown) -> ft.Control:
    """A dropdown named for screen readers by its label and choice, e.g. "Variant:
    Classic" (Flutter's web semantics leave a dropdown unnamed), and as wide as the
    screen allows."""
    if dropdown.expand is None:
        # as wide as the screen allows: a dropdown sized by its options cuts off a
        # long choice, shown larger in the field than in the menu
        dropdown.expand = True
    label = str(dropdown.label or "")
    chosen = next(
        (o.text or o.key for o in dropdown.options or () if o.key == dropdown.value), None
    )
    said = _("{label}: {choice}").format(label=label, choice=chosen) if chosen else label
    return ft.Semantics(label=said, content=dropdown)


def stepper(
    label: str,
    value: int,
    on_change: Callable[[int], None],
    *,
    minimum: int = 0,
    maximum: int | None = None,
    fewer: str,
    more: str,
    said: str,
) -> ft.Control:
    """A − value + row for a count, each button at least 48 px; for screen readers
    the − button is named ``fewer`` ("Fewer 2s in the meld of Js"), the + button
    ``more`` and the value ``said`` ("2s in the meld of Js: 2"), each a whole sentence
    in the language in force; − stops at ``minimum``, + at ``maximum`` (``None``: no
    limit)."""

    return ft.Row(
        [
            ft.Text(label, width=92),
            icon_button(
                ft.Icons.REMOVE,
                fewer,
                width=TOUCH,
                height=TOUCH,
                disabled=value <= minimum,
                on_click=lambda: on_change(value - 1),
            ),
            ft.Semantics(
                label=said,
                exclude_semantics=True,  # read once, by its label: not "…: 3" and "3"
                content=ft.Text(
                    str(value),
                    size=22,
                    weight=ft.FontWeight.BOLD,
                    width=36,
                    text_align=ft.TextAlign.CENTER,
                ),
            ),
            icon_button(
                ft.Icons.ADD,
                more,
                width=TOUCH,
                height=TOUCH,
                disabled=maximum is not None and value >= maximum,
                on_click=lambda: on_change(value + 1),
            ),
        ],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def rule_row(
    icon: ft.IconData, color: str, message: str, rule: str, *, message_color: str | None = None
) -> ft.Control:
    """One line of a verdict or finding: an icon, the plain words, the rule below them."""
    return ft.Row(
        [
            ft.Icon(icon, color=color, size=20),
            ft.Column(
                [
                    ft.Text(
                        message,
                        color=message_color,
                        selectable=True,
                        # selectable text is an empty textbox to screen readers
                        semantics_label=message,
                    ),
                    ft.Text(rule, size=12, italic=True, color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                spacing=2,
                expand=True,
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def findings_list(findings: Sequence[Finding]) -> ft.Control:
    """Findings in plain words with their rule, errors first."""
    rows: list[ft.Control] = []
    for finding in sorted(findings, key=lambda f: f.severity is not Severity.ERROR):
        error = finding.severity is Severity.ERROR
        rows.append(
            rule_row(
                ft.Icons.ERROR if error else ft.Icons.WARNING_AMBER,
                ft.Colors.ERROR if error else ft.Colors.AMBER_800,
                i18n.finding_text(finding),
                i18n.cite(finding.rule),
                message_color=ft.Colors.ERROR if error else None,
            )
        )
    return ft.Column(rows, spacing=8)


def problem_list(problems: Sequence[tuple[str, str]]) -> ft.Control:
    """Fields that cannot be read, with where they are."""
    return ft.Column(
        [
            ft.Text(
                _("{where}: {problem}").format(where=where, problem=_(message))
                if where
                else _(message),
                color=ft.Colors.ERROR,
            )
            for where, message in problems
        ],
        spacing=4,
    )
