"""Entry module for `flet build` (Android, iOS, desktop bundles): runs the app with
the store in the app's own data folder. See the README, "Phones and tablets"."""

from __future__ import annotations

import os
from pathlib import Path

import flet as ft

from canasta_scorer.store import Store
from canasta_scorer.ui.app import AccessGate, build_main, load_settings


def _url() -> str:
    folder = Path(os.environ.get("FLET_APP_STORAGE_DATA", "."))
    return f"sqlite:///{folder / 'canasta.db'}"


if __name__ == "__main__":
    ft.run(build_main(Store.open(_url()), load_settings(), AccessGate(None)))
