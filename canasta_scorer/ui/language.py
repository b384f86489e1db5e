"""The language of each browser tab: the device's, or the one chosen in the settings.

Several tabs served by one process may speak different languages at once, so nothing
is installed process-wide: each tab's `Navigation` holds its language, the tab's Flet
session keeps a reference to it, and `tab_language` (registered with
`i18n.set_resolver`) finds it for whatever runs for that tab (a render, a tap). A
language chosen in the settings is kept on the device (Flet's shared preferences, the
browser's local storage), never in the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from typing import Any

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.ui.state import Navigation

__all__ = [
    "PREFERENCE",
    "follow_device",
    "keep_choice",
    "page_locale",
    "speak_for",
    "tab_language",
]

#: The key of the chosen language in the device's shared preferences.
PREFERENCE = "canasta_scorer.language"
_NAVIGATION = "canasta_scorer.navigation"
#: Seconds to wait for the device's answer (a client that never answers, in tests).
_WAIT = 5


#: The Flutter locale of each language: what Flutter's own words (a text field's
#: character counter, "77 characters remaining") are said in.
_FLUTTER_LOCALES = {
    "en": ft.Locale("en", "US"),
    "es": ft.Locale("es"),
    "pt_BR": ft.Locale("pt", "BR"),
    "it": ft.Locale("it"),
    "de": ft.Locale("de"),
}


def page_locale(page: ft.Page, code: str) -> None:
    """Let the client's own words (Flutter's: a text field's character counter, its
    tooltips) speak the tab's language ``code`` (an `i18n.LANGUAGES` code), through
    the page's locale configuration; sent to the client only when it changes."""
    wanted = _FLUTTER_LOCALES.get(code, _FLUTTER_LOCALES[i18n.DEFAULT])
    configured = page.locale_configuration
    if configured is not None and configured.current_locale == wanted:
        return
    page.locale_configuration = ft.LocaleConfiguration(
        supported_locales=list(_FLUTTER_LOCALES.values()), current_locale=wanted
    )
    page.update()


def speak_for(page: ft.Page, nav: Navigation) -> None:
    """Let what runs for this tab speak the language of ``nav``."""
    page.session.store.set(_NAVIGATION, nav)


def tab_language() -> i18n.Language | None:
    """The language of the tab being served here, if any."""
    try:
        page = ft.context.page
        nav = page.session.store.get(_NAVIGATION)
    except RuntimeError:  # not inside a tab (the command line, a test)
        return None
    return i18n.language(nav.language) if isinstance(nav, Navigation) else None


async def follow_device(page: ft.Page, nav: Navigation) -> None:
    """Speak the language chosen on this device before, else the device's locale (the
    browser's languages, in order; the desktop's locale variables); never fails."""
    with contextlib.suppress(Exception):
        saved = await asyncio.wait_for(ft.SharedPreferences().get(PREFERENCE), _WAIT)
        if isinstance(saved, str) and saved in i18n.LANGUAGES:
            nav.choose_language(saved)
            return
    preferred: list[str | None] = []
    with contextlib.suppress(Exception):
        if page.web:
            info: Any = await asyncio.wait_for(page.get_device_info(), _WAIT)
            preferred = list(getattr(info, "languages", None) or []) or [
                getattr(info, "language", None)
            ]
    if not preferred:
        preferred = [os.environ.get(name) for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    nav.follow_device(preferred)


async def keep_choice(code: str) -> None:
    """Keep the chosen language on this device (for the next visit); never fails."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ft.SharedPreferences().set(PREFERENCE, code), _WAIT)
