"""What each browser frame costs, from Chrome's trace of the benchmark's own pages.

Traces (Playwright's ``browser.start_tracing``: every process of the browser) the round
trips ``ui_speed.py`` times, on its servers, pages and ``ROUND_TRIP_JS``: (a) the bare
button of the minimal Flet app, (b) a red-threes ``+`` tap in hand entry, (c) Save
hand. Each is traced from the click to the new text shown and ``TRAILING_MS`` after
it. The renderer's main thread is split by frame (Flutter draws a frame in one
``requestAnimationFrame`` callback) and, within a frame, by what its sampled stacks
were running:

- ``dart``: the app's compiled Dart, before the frame's rasterisation: Flutter's
  build, layout, paint and the semantics tree's update (the client is minified, so
  these four are not told apart; CanvasKit rasterises the scene last, after them);
- ``text layout``: CanvasKit laying out paragraphs (part of Flutter's layout);
- ``record``: CanvasKit recording the paint calls into pictures (Flutter's paint);
- ``raster: draw``: CanvasKit drawing the scene (Skia's GPU backend and its WebGL
  calls); ``raster: handover``: ``createImageBitmap``, the copy of the drawn frame
  from CanvasKit's offscreen canvas to the page's (it waits for the GPU process);
- ``dom calls``: the Dart code's calls into the DOM (the semantics tree's elements);
- ``gc``, ``other``; and Chrome's own style, layout and paint of the DOM, outside
  the samples (``dom``).

Beside it: the GPU process's CPU time in the same window (SwiftShader: Chromium runs
with ``--disable-gpu``), the frames after the new text shows (a button's ink splash
and highlight keep Flutter drawing frames for about 0.4 s after a tap), and counts a
busy machine does not move: the frames run and the WebGL calls (and draw calls) made,
until the new text shows and after it (``COUNT_JS``; ``--count-only`` counts without
tracing, faster and with the page undisturbed).

Usage::

    python tests/benchmarks/frame_trace.py [--clicks 6] [--saves 3] [--no-bare] [--json]
        [--count-only] [--tree CHECKOUT]

``--tree`` traces another checkout's app with its own ``ui_speed.py`` (run with
``PYTHONPATH`` set to that checkout), to compare two versions in alternating runs.

``FRAME_TRACE_DUMP=DIR`` keeps each raw trace there (to open in DevTools). Figures
are medians per traced round trip, in ms of the thread's CPU time (``tdur``), which
a busy machine moves less than wall time; tracing slows the page a little.
"""

from __future__ import annotations

import argparse
import bisect
import importlib.util
import json
import os
import re
import statistics
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "disabled-by-default-v8.cpu_profiler",
    "v8.execute",
    "v8",
    "blink.user_timing",
    "toplevel",
    "gpu",
]
#: A folder to keep each raw trace in (``FRAME_TRACE_DUMP``), to open in DevTools.
DUMP = Path(os.environ["FRAME_TRACE_DUMP"]) if os.environ.get("FRAME_TRACE_DUMP") else None
#: Milliseconds traced after the new text shows (the frames that follow it).
TRAILING_MS = 300
#: Chrome's own rendering of the DOM, on the renderer's main thread.
DOM_EVENTS = {
    "UpdateLayoutTree",
    "Layout",
    "PrePaint",
    "Paint",
    "Layerize",
    "UpdateLayer",
    "Commit",
    "ParseHTML",
    "HitTest",
    "IntersectionObserverController::computeIntersections",
    "Document::updateStyle",
    "LocalFrameView::RunPostLifecycleSteps",
}
#: CanvasKit's functions by what they do (the first that matches, innermost first).
WASM_KINDS = [
    ("raster: draw (Skia, WebGL)", re.compile(r"\bGr[A-Z]|skgpu|ganesh|emscripten_gl|SkSurface")),
    ("text layout", re.compile(r"skia::textlayout|Paragraph|SkShaper|hb_|icu_")),
    ("record (paint calls)", re.compile(r"SkRecord|SkPictureRecord|SkRecorder|SkPicture")),
]


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _symbols() -> dict[str, dict[int, str]]:
    """CanvasKit's wasm function names by index, per build (``canvaskit`` and
    ``chromium``), from the ``.symbols`` files Flet ships."""
    import flet_web  # type: ignore[import-untyped]

    web = Path(flet_web.__file__).parent / "web" / "canvaskit"
    out: dict[str, dict[int, str]] = {}
    for kind, path in (("chromium", web / "chromium"), ("canvaskit", web)):
        table: dict[int, str] = {}
        file = path / "canvaskit.js.symbols"
        if file.exists():
            for line in file.read_text(errors="replace").splitlines():
                index, _, name = line.partition(":")
                if index.isdigit():
                    table[int(index)] = name
        out[kind] = table
    return out


def _wasm_name(frame: dict[str, Any], symbols: dict[str, dict[int, str]]) -> str | None:
    """The CanvasKit function a sampled frame ran, or None if it is not wasm."""
    url = str(frame.get("url", ""))
    name = str(frame.get("functionName", ""))
    if not (url.startswith("wasm://") or url.endswith(".wasm") or frame.get("codeType") == "wasm"):
        return None
    found = re.search(r"(?:\$func|wasm-function\[)(\d+)", name)
    if found:
        table = symbols["chromium"] if "chromium" in url else symbols["canvaskit"]
        return table.get(int(found.group(1)), name) or name
    return name or "wasm"


#: Native calls (no script) that hand the drawn frame over: CanvasKit draws into an
#: offscreen WebGL canvas and Flutter copies it to the page's canvas as a bitmap.
HANDOVER = {"createImageBitmap", "transferFromImageBitmap", "readPixels", "finish", "flush"}


def _kind(stack: list[tuple[str, str, str | None]]) -> str:
    """What a sample was doing, from its stack (innermost first: script's file name,
    function name, and the CanvasKit function's name for wasm frames)."""
    leaf_file, leaf_name, _ = stack[0] if stack else ("", "", None)
    if leaf_name == "(garbage collector)":
        return "gc"
    if leaf_name in ("(program)", "(idle)", "(root)", "") and leaf_file != "main.dart.js":
        return "other"
    files = {f for f, _, _ in stack}
    if not leaf_file and leaf_name in HANDOVER:
        return "raster: handover (createImageBitmap)"
    if "canvaskit.wasm" in files or "canvaskit.js" in files:
        for _, _, w in stack:
            for kind, pattern in WASM_KINDS if w else ():
                if pattern.search(w or ""):
                    return kind
        if not leaf_file and leaf_name:  # a WebGL call from CanvasKit's glue
            return "raster: draw (Skia, WebGL)"
        return "canvaskit other"
    if "main.dart.js" in files:
        return "dom calls" if not leaf_file else "dart"
    return "other"


def _top_level(tasks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tasks not inside another (Chrome nests ``RunTask`` events in each other)."""
    kept: list[dict[str, Any]] = []
    for task in sorted(tasks, key=lambda e: (e["ts"], -e["dur"])):
        if not kept or task["ts"] >= kept[-1]["ts"] + kept[-1]["dur"]:
            kept.append(task)
    return kept


def analyse(trace: dict[str, Any], symbols: dict[str, dict[int, str]]) -> dict[str, Any]:
    """Split one traced round trip (the click, marked ``trip-start``, to ``trip-end``
    and ``TRAILING_MS`` after it) by frame and by kind, in ms of thread CPU time."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    names: dict[tuple[int, int], str] = {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            names[(e["pid"], e["tid"])] = e["args"]["name"]
    marks = {e["name"]: e["ts"] for e in events if e.get("name") in ("trip-start", "trip-end")}
    start, end = marks["trip-start"], marks["trip-end"] + TRAILING_MS * 1000
    main = [k for k, v in names.items() if v == "CrRendererMain"]
    # the page's renderer: the one whose main thread ran the marks
    mark_thread = next((e["pid"], e["tid"]) for e in events if e.get("name") == "trip-start")
    thread = mark_thread if mark_thread in main else main[0]

    def on(e: dict[str, Any]) -> bool:
        return (e["pid"], e["tid"]) == thread and e.get("ph") == "X"

    tasks = _top_level(
        [
            e
            for e in events
            if on(e)
            and e["name"] in ("ThreadControllerImpl::RunTask", "RunTask")
            and start <= e["ts"] <= end
        ]
    )
    frames = [
        e for e in events if on(e) and e["name"] == "FireAnimationFrame" and start <= e["ts"] <= end
    ]
    dom = [e for e in events if on(e) and e["name"] in DOM_EVENTS and start <= e["ts"] <= end]
    # the samples of the main thread
    nodes: dict[tuple[Any, int], dict[str, Any]] = {}
    samples: list[tuple[float, int, Any]] = []
    profile_start: dict[Any, float] = {}
    clock: dict[Any, float] = {}
    for e in events:
        if e.get("name") == "Profile" and (e["pid"], e["tid"]) == thread:
            profile_start[e["id"]] = e["args"]["data"]["startTime"]
    for e in events:
        if e.get("name") != "ProfileChunk" or e["pid"] != thread[0]:
            continue
        pid_id = e["id"]
        if pid_id not in profile_start:
            continue
        data = e["args"]["data"]
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            nodes[(pid_id, node["id"])] = node
        t = clock.get(pid_id, profile_start[pid_id])
        for sample, delta in zip(
            profile.get("samples", []), data.get("timeDeltas", []), strict=True
        ):
            t += delta
            samples.append((t, sample, pid_id))
        clock[pid_id] = t
    samples.sort()
    times = [s[0] for s in samples]

    cache: dict[tuple[Any, int], tuple[str, str]] = {}

    def classify(pid_id: Any, node_id: int) -> tuple[str, str]:
        key = (pid_id, node_id)
        if key in cache:
            return cache[key]
        stack: list[tuple[str, str, str | None]] = []
        node = nodes.get(key)
        wasm_leaf = ""
        while node is not None:
            frame = node["callFrame"]
            w = _wasm_name(frame, symbols)
            if w and not wasm_leaf:
                wasm_leaf = w
            stack.append(
                (frame.get("url", "").rsplit("/", 1)[-1], frame.get("functionName", ""), w)
            )
            parent = node.get("parent")
            node = nodes.get((pid_id, parent)) if parent is not None else None
        cache[key] = (_kind(stack), wasm_leaf)
        return cache[key]

    per_frame = []
    wasm_tops: dict[str, int] = defaultdict(int)
    for f in frames:
        lo = bisect.bisect_left(times, f["ts"])
        hi = bisect.bisect_right(times, f["ts"] + f["dur"])
        kinds = [(samples[i][0], *classify(samples[i][2], samples[i][1])) for i in range(lo, hi)]
        raster_times = [t for t, k, _ in kinds if k.startswith("raster")]
        split: dict[str, int] = defaultdict(int)
        for t, k, w in kinds:
            if k in ("dart", "dom calls") and raster_times and t > raster_times[-1]:
                k += " after raster"
            split[k] += 1
            if w:
                wasm_tops[w] += 1
        total_samples = sum(split.values()) or 1
        cpu = f.get("tdur", f["dur"]) / 1000
        inner_dom = (
            sum(d.get("tdur", d["dur"]) for d in dom if f["ts"] <= d["ts"] <= f["ts"] + f["dur"])
            / 1000
        )
        per_frame.append(
            {
                "at_ms": (f["ts"] - start) / 1000,
                "cpu_ms": cpu,
                "wall_ms": f["dur"] / 1000,
                "dom_inside_ms": inner_dom,
                "split_ms": {
                    k: round((cpu - inner_dom) * n / total_samples, 2)
                    for k, n in sorted(split.items())
                },
                "samples": total_samples,
            }
        )
    trip_end = marks["trip-end"]
    main_cpu = sum(t.get("tdur", t["dur"]) for t in tasks if t["ts"] <= trip_end) / 1000
    main_cpu_after = sum(t.get("tdur", t["dur"]) for t in tasks if t["ts"] > trip_end) / 1000
    dom_outside = (
        sum(
            d.get("tdur", d["dur"])
            for d in dom
            if not any(f["ts"] <= d["ts"] <= f["ts"] + f["dur"] for f in frames)
        )
        / 1000
    )
    gpu = [k for k, v in names.items() if v == "CrGpuMain"]
    gpu_cpu = (
        sum(
            e.get("tdur", e["dur"])
            for e in _top_level(
                [
                    e
                    for e in events
                    if (e["pid"], e["tid"]) in gpu
                    and e.get("ph") == "X"
                    and e["name"] in ("ThreadControllerImpl::RunTask", "RunTask")
                    and start <= e["ts"] <= end
                ]
            )
        )
        / 1000
    )
    return {
        "round_trip_ms": (trip_end - start) / 1000,
        "main_thread_cpu_ms": main_cpu,
        "main_thread_cpu_after_ms": main_cpu_after,
        "frames": per_frame,
        "frames_before_shown": sum(1 for f in frames if f["ts"] <= trip_end),
        "dom_outside_frames_ms": dom_outside,
        "gpu_process_cpu_ms": gpu_cpu,
        "wasm_top": sorted(wasm_tops.items(), key=lambda kv: -kv[1])[:15],
    }


#: In every page, before its scripts: counts of the WebGL calls (of them, the draw
#: calls) and of the animation frames run, in ``window.__frames`` (counts are not
#: moved by a busy machine, as times are).
COUNT_JS = """(() => {
    const c = window.__frames = {gl: 0, draws: 0, frames: 0};
    for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
        for (const name of Object.getOwnPropertyNames(proto)) {
            const d = Object.getOwnPropertyDescriptor(proto, name);
            if (!d || typeof d.value !== 'function' || name === 'constructor') continue;
            const real = d.value, draw = name.startsWith('draw');
            proto[name] = function (...args) {
                c.gl++;
                if (draw) c.draws++;
                return real.apply(this, args);
            };
        }
    }
    const raf = window.requestAnimationFrame;
    window.requestAnimationFrame = cb => raf.call(window, t => { c.frames++; cb(t); });
})()"""

#: In-page: the round trip of ``ROUND_TRIP_JS`` between two marks, with the counts
#: of ``COUNT_JS`` until the new text showed.
MARKED_JS = """async ([args, js]) => {
    const c = window.__frames, before = {...c};
    performance.mark('trip-start');
    const ms = await (eval(js))(args);
    performance.mark('trip-end');
    const shown = {...c};
    return {ms, before, shown};
}"""


def _counts(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    return {k: after[k] - before[k] for k in before}


def make_bench(base: ModuleType, trace: bool) -> type:
    class TracedBench(base.Bench):  # type: ignore[name-defined,misc]
        """The benchmark's servers and pages, each round trip traced (``trace``) and
        its WebGL calls and frames counted."""

        traced: list[tuple[str, dict[str, Any]]]
        symbols: dict[str, dict[int, str]]

        @contextmanager
        def tab(self) -> Iterator[Any]:
            with super().tab() as page:
                page.add_init_script(COUNT_JS)
                yield page

        def click_round_trip(self, page: Any, name: str, selector: str, expected: str) -> float:
            if trace:
                self.browser.start_tracing(page=page, categories=CATEGORIES)
            try:
                got = page.evaluate(
                    MARKED_JS, [[name, selector, expected, 15_000], base.ROUND_TRIP_JS]
                )
                page.wait_for_timeout(TRAILING_MS)
                after = page.evaluate("({...window.__frames})")
            finally:
                raw = self.browser.stop_tracing() if trace else b""
            if DUMP and trace:
                (DUMP / f"{len(self.traced):02d}-{name[:20]}.json").write_bytes(raw)
            result = analyse(json.loads(raw), self.symbols) if trace else {}
            result["counts_until_shown"] = _counts(got["before"], got["shown"])
            result["counts_after_shown"] = _counts(got["shown"], after)
            result.setdefault("round_trip_ms", got["ms"])
            self.traced.append((name, result))
            ms: float = got["ms"]
            return ms

    return TracedBench


def _summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    def med(values: list[float]) -> float:
        return round(statistics.median(values), 2) if values else 0.0

    counts: dict[str, Any] = {}
    for when in ("until_shown", "after_shown"):
        for k in ("frames", "gl", "draws"):
            counts[f"{k}_{when}"] = med([r[f"counts_{when}"][k] for r in runs])
        counts[f"gl_per_frame_{when}"] = med(
            [
                r[f"counts_{when}"]["gl"] / r[f"counts_{when}"]["frames"]
                for r in runs
                if r[f"counts_{when}"]["frames"]
            ]
        )
    out: dict[str, Any] = {
        "runs": len(runs),
        "round_trip_ms": med([r["round_trip_ms"] for r in runs]),
        "counts": counts,
    }
    if "frames" not in runs[0]:
        return out
    frames_shown = [r["frames_before_shown"] for r in runs]
    totals: list[dict[str, float]] = []
    for r in runs:
        total: dict[str, float] = defaultdict(float)
        for f in r["frames"]:
            if f["at_ms"] <= r["round_trip_ms"]:  # the frames until the new text shows
                for k, v in f["split_ms"].items():
                    total[k] += v
                total["dom inside frame"] += f["dom_inside_ms"]
        totals.append(total)
    kinds = sorted({k for total in totals for k in total})
    after = [f for r in runs for f in r["frames"] if f["at_ms"] > r["round_trip_ms"]]
    return out | {
        "main_thread_cpu_ms": med([r["main_thread_cpu_ms"] for r in runs]),
        "frames_before_shown": med(frames_shown),
        "frames_cpu_ms_each_run": [[round(f["cpu_ms"], 1) for f in r["frames"]] for r in runs],
        "split_of_frames_before_shown_ms": {
            k: med([total.get(k, 0.0) for total in totals]) for k in kinds
        },
        "frames_after_shown": med(
            [sum(1 for f in r["frames"] if f["at_ms"] > r["round_trip_ms"]) for r in runs]
        ),
        "frame_after_shown_cpu_ms": med([f["cpu_ms"] for f in after]),
        "frame_after_shown_handover_ms": med(
            [f["split_ms"].get("raster: handover (createImageBitmap)", 0.0) for f in after]
        ),
        "dom_outside_frames_ms": med([r["dom_outside_frames_ms"] for r in runs]),
        "gpu_process_cpu_ms": med([r["gpu_process_cpu_ms"] for r in runs]),
        "gpu_process_cpu_per_frame_ms": med(
            [r["gpu_process_cpu_ms"] / max(1, len(r["frames"])) for r in runs]
        ),
        "main_thread_cpu_after_ms": med([r["main_thread_cpu_after_ms"] for r in runs]),
        "wasm_top": runs[-1]["wasm_top"][:8],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=3, help="Saves traced (each with 4 taps)")
    parser.add_argument("--clicks", type=int, default=6, help="bare button clicks traced")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    parser.add_argument("--no-bare", action="store_true", help="leave out the bare button")
    parser.add_argument(
        "--count-only", action="store_true", help="count WebGL calls and frames, no trace"
    )
    parser.add_argument(
        "--tree",
        type=Path,
        default=ROOT,
        help="the checkout whose ui_speed.py and app are traced (default this one)",
    )
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    base = _load(args.tree / "tests" / "benchmarks" / "ui_speed.py", "ui_speed")
    bench_class = make_bench(base, not args.count_only)
    symbols = _symbols()
    with tempfile.TemporaryDirectory(prefix="frame-trace-") as folder, sync_playwright() as p:
        bench = bench_class(Path(folder), p)
        bench.symbols = symbols
        bench.traced = []
        try:
            if not args.no_bare:
                bench.minimal_clicks(args.clicks)
            bench.save_clicks(args.saves, Path(folder))
        finally:
            bench.close()
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for i, (name, result) in enumerate(bench.traced):
        if name == "Add one" and i == 0 and not args.no_bare:
            continue  # warm-up
        group = {
            "Add one": "bare button",
            "More red threes of North-South": "+ tap",
            "Save hand": "Save",
        }.get(name)
        if group:
            groups[group].append(result)
    groups["+ tap"] = groups["+ tap"][2:]  # the first pair warms up, as in ui_speed
    groups["Save"] = groups["Save"][1:]
    out = {k: _summary(v) for k, v in groups.items() if v}
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"== {k} ({v['runs']} traced)")
            for field, value in v.items():
                if field != "runs":
                    print(f"   {field}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
