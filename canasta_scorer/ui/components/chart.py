"""The running totals of a match as a line chart, with the target line."""

from __future__ import annotations

import sys
from typing import Any

import flet as ft

from canasta_scorer import i18n
from canasta_scorer.i18n import _
from canasta_scorer.rules import MatchRecord, MatchScore

from .common import points, widget

#: Line colours of the sides, in seat order.
SIDE_COLORS = (ft.Colors.GREEN_700, ft.Colors.RED_700, ft.Colors.BLUE_700)
#: The most points a side's line has: a longer match is drawn through evenly spaced
#: hands (the first and the last always), as a phone's chart has no room for more.
MOST_POINTS = 40


def chart_hands(hands: int, most: int = MOST_POINTS) -> list[int]:
    """The hands (0 is the start, ``hands`` the last) a line is drawn through: every
    one up to ``most``, else ``most`` evenly spaced ones, the first and last included."""
    if hands + 1 <= most:
        return list(range(hands + 1))
    return sorted({round(i * hands / (most - 1)) for i in range(most)})


def axis_values(lowest: int, highest: int, step: int) -> list[int]:
    """The points labelled on the chart's side, every multiple of ``step`` from
    ``lowest`` to ``highest`` (both included where they are multiples).

    >>> axis_values(-120, 5250, 1000)
    [0, 1000, 2000, 3000, 4000, 5000]
    """
    first = -(-lowest // step) * step
    return list(range(first, highest + 1, step))


#: The chart's points drawn last, by (line, hand, points), and its side's labels, by
#: ("label", points, text): handed back as they are, so a hand added makes one new
#: point per line (and no label unless the scale changes) and Flet's diff passes over
#: the others.
KeptPoints = dict[tuple[Any, ...], Any]


def charts() -> Any:
    """``flet_charts``, imported when a chart is first drawn (not at start-up).

    Its Matplotlib and Plotly charts keep the errors of importing those libraries
    (not installed) and with them the errors' tracebacks, whose frames would keep
    alive everything on the stack of the first drawing: the whole screen of the
    first tab that drew a chart. The tracebacks are let go (the errors stay)."""
    import flet_charts  # type: ignore[import-untyped]

    for name, module in list(sys.modules.items()):
        if name.startswith("flet_charts."):
            for value in list(vars(module).values()):
                if isinstance(value, BaseException):
                    value.__traceback__ = None
    return flet_charts


def running_chart(
    record: MatchRecord, score: MatchScore, target: int, kept: KeptPoints | None = None
) -> ft.Control:
    """Each side's running total after each hand (hand 0 is the start), and the target;
    a long match's lines go through `MOST_POINTS` of its hands (see `chart_hands`).
    ``kept``: the points drawn last (see `KeptPoints`), replaced by this drawing's."""
    fch = charts()
    drawn_now: KeptPoints = {}

    def point(line: int, x: int, y: int) -> Any:
        made = kept.get((line, x, y)) if kept is not None else None
        if made is None:
            made = fch.LineChartDataPoint(x, y)
        drawn_now[line, x, y] = made
        return made

    def label(value: int) -> Any:
        text = points(value)
        made = kept.get(("label", value, text)) if kept is not None else None
        if made is None:
            made = fch.ChartAxisLabel(value=value, label=ft.Text(text, size=11))
        drawn_now["label", value, text] = made
        return made

    starts = [side.start_score for side in record.sides]
    series = []
    highest = max([target, *starts, *(t for hand in score.hands for t in hand.running)])
    lowest = min([0, *starts, *(t for hand in score.hands for t in hand.running)])
    drawn = chart_hands(len(score.hands))
    for index in range(len(record.sides)):
        values = [starts[index], *(hand.running[index] for hand in score.hands)]
        series.append(
            fch.LineChartData(
                points=[point(index, x, values[x]) for x in drawn],
                stroke_width=3,
                color=SIDE_COLORS[index % len(SIDE_COLORS)],
                curved=False,
            )
        )
    series.append(
        fch.LineChartData(
            points=[
                point(-1, 0, target),
                point(-1, max(1, len(score.hands)), target),
            ],
            stroke_width=1,
            color=ft.Colors.ON_SURFACE_VARIANT,
            dash_pattern=[6, 4],
        )
    )
    legend = ft.Row(
        [
            ft.Row(
                [
                    ft.Container(width=16, height=4, bgcolor=SIDE_COLORS[i % len(SIDE_COLORS)]),
                    ft.Text(f"{side.name} {points(score.running_totals[i])}"),
                ],
                spacing=6,
            )
            for i, side in enumerate(record.sides)
        ]
        + [
            ft.Text(
                _("- - target {points}").format(points=points(target)),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        ],
        wrap=True,
    )
    step = max(500, ((highest - lowest) // 5 // 500) * 500 or 500)
    hands = max(1, len(score.hands))
    chart = fch.LineChart(
        data_series=series,
        min_x=0,
        max_x=max(1, len(score.hands)),
        min_y=lowest,
        max_y=highest + step // 2,
        height=240,
        # drawn once with the new point: no 150 ms of frames easing the lines over
        animation=ft.Animation(ft.Duration(milliseconds=0), ft.AnimationCurve.LINEAR),
        # the points in the language's form ("5.500" in German), not the chart's own
        # English shorthand ("5.5K")
        left_axis=fch.ChartAxis(
            label_size=52,
            label_spacing=step,
            labels=[label(value) for value in axis_values(lowest, highest + step // 2, step)],
        ),
        # at most about 12 hand numbers, so they never run into each other
        bottom_axis=fch.ChartAxis(label_size=24, label_spacing=max(1, -(-hands // 12))),
        # an empty right axis keeps room for the last hand number, which is centred
        # on the chart's right edge and would be cut in half there
        right_axis=fch.ChartAxis(title=ft.Text(""), title_size=16, show_labels=False),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=step, width=0.5, color=ft.Colors.OUTLINE_VARIANT
        ),
    )
    if kept is not None:
        kept.clear()
        kept.update(drawn_now)
    return ft.Semantics(
        identifier="running-chart",
        label=_("Running totals chart: {totals}; target {points}").format(
            totals=i18n.spoken_list(
                [
                    f"{side.name} {points(score.running_totals[i])}"
                    for i, side in enumerate(record.sides)
                ]
            ),
            points=points(target),
        ),
        content=ft.Column([chart, legend], spacing=8),
    )


def _kept_chart(record: MatchRecord, score: MatchScore, target: int) -> ft.Control:
    kept: KeptPoints = ft.use_memo(dict, [])
    return running_chart(record, score, target, kept)


#: The chart as a memoized component: drawn again only when the match's figures
#: change, its points kept from one drawing to the next.
RunningChart = widget(_kept_chart)
