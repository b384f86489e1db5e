"""The app's walks over a patch's controls (`canasta_scorer.ui.walks`) do what Flet's
own do: on the app's own screens, the same controls added (in the same order, each
with its parent, built and frozen alike) and the same controls removed."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import flet as ft
import pytest
from flet.components.component import Renderer
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import DiffBuilder, ObjectPatch

from canasta_scorer.rules import MatchRecord, score_match
from canasta_scorer.ui import walks
from canasta_scorer.ui.components.chart import running_chart
from canasta_scorer.ui.components.score_sheet import score_sheet

Seen = list[tuple[str, str, bool, bool]]


def _record(hands: int) -> MatchRecord:
    hand = {
        "sides": [
            {"melds": ["K K K K K K K", "9 9 9 9 2"], "went_out": "out"},
            {"melds": ["A A A A", "Q Q Q Q Q Q"], "left_in_hand": "5 5"},
        ]
    }
    data = {
        "target": 10_000_000,
        "sides": [
            {"name": "North-South", "players": ["Ann", "Bob"]},
            {"name": "East-West", "players": ["Cy", "Di"]},
        ],
        "hands": [hand] * hands,
    }
    return MatchRecord.model_validate_json(json.dumps(data))


def _screens() -> Iterator[Callable[[], ft.Control]]:
    record = _record(30)
    score = score_match(record)
    yield lambda: Renderer().render(
        score_sheet, record, score, lambda _n: None, shown=8, more=lambda: None
    )
    yield lambda: Renderer().render(running_chart, record, score, record.target)
    yield lambda: ft.Column(
        [
            ft.Text("North-South", size=16, weight=ft.FontWeight.BOLD, style=ft.TextStyle(size=3)),
            ft.Container(
                ft.Row([ft.Text("+730"), ft.Text("137,970", semantics_label="")]),
                padding=ft.Padding.only(right=12),
                alignment=ft.Alignment.CENTER_RIGHT,
            ),
            ft.TextButton(content="Earlier hands (188)", icon=ft.Icons.EXPAND_LESS),
            ft.ResponsiveRow([ft.Container(col={"xs": 12, "md": 10})]),
        ],
        spacing=0,
    )


def _seen(controls: list[Any]) -> Seen:
    return [
        (
            type(control).__name__,
            type(control.parent).__name__ if control.parent is not None else "",
            bool(getattr(control, "_initialized", False)),
            bool(getattr(control, "_frozen", False)),
        )
        for control in controls
    ]


def _walk(make: Callable[[], ft.Control], frozen: bool) -> tuple[Seen, Seen]:
    """The controls one screen adds, then those it removes when it is replaced."""
    screen = make()
    _, added, _ = ObjectPatch.from_diff(
        {"_b": None}, {"_b": screen}, control_cls=BaseControl, frozen=frozen
    )
    _, _, removed = ObjectPatch.from_diff(
        {"_b": screen}, {"_b": ft.Text("gone")}, control_cls=BaseControl, frozen=frozen
    )
    return _seen(added), _seen(removed)


@pytest.mark.parametrize("frozen", [False, True])
def test_the_walks_find_what_flets_own_find(monkeypatch: pytest.MonkeyPatch, frozen: bool) -> None:
    walks.install()
    assert walks.installed()
    ours = DiffBuilder._configure_dataclass, DiffBuilder._removed_controls
    with monkeypatch.context() as flets:  # Flet's own walks, for this comparison only
        flets.setattr(DiffBuilder, "_configure_dataclass", ours[0].flet_walk)  # type: ignore[attr-defined]
        flets.setattr(DiffBuilder, "_removed_controls", ours[1].flet_walk)  # type: ignore[attr-defined]
        expected = [_walk(make, frozen) for make in _screens()]
    assert (DiffBuilder._configure_dataclass, DiffBuilder._removed_controls) == ours
    found = [_walk(make, frozen) for make in _screens()]
    assert found == expected
    sheet_added, sheet_removed = expected[0]
    assert len(sheet_added) > 100 and len(sheet_removed) == len(sheet_added)
    assert sheet_added[0][:3] == ("Semantics", "", True)
    chart_added = [name for name, _, _, _ in expected[1][0]]
    assert chart_added.count("LineChartDataPoint") == 31 * 2 + 2  # 30 hands and the start
    walks.install()  # once only: not wrapped again
    assert (DiffBuilder._configure_dataclass, DiffBuilder._removed_controls) == ours


def test_plain_values_are_passed_over() -> None:
    walks.install()
    builder = DiffBuilder(None, None, control_cls=BaseControl)
    for value in (None, "text", 12, 1.5, True, b"x", ft.Colors.RED, ft.FontWeight.BOLD, (1, 2)):
        assert list(DiffBuilder._configure_dataclass(builder, value, None, False)) == []
        assert list(DiffBuilder._removed_controls(builder, value, True)) == []
