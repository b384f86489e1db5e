"""Killed mid-save, the store keeps every match whole: before or after that save.

A child process (kill_child.py) saves hands in a loop — adds, edits, deletes, undo and
redo — and reports each save before and after it is committed. The test kills it with
SIGKILL at random moments, then checks the database: it opens, SQLite's integrity
check says ``ok``, and every match equals the last committed state the child reported
or the one it was saving. The seed is printed; replay with CANASTA_SCORER_TEST_SEED.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from sqlalchemy import make_url
from storekit import cache_problems, hands_digest, record

from canasta_scorer.store import Store

CHILD = Path(__file__).resolve().parent / "kill_child.py"
KILLS = {"sqlite": 30, "postgresql": 8}
MATCHES = 3


def wait_for_ready(out: Path, child: subprocess.Popen[bytes], deadline: float) -> None:
    while time.monotonic() < deadline:
        if out.exists() and out.read_bytes().startswith(b"ready\n"):
            return
        if child.poll() is not None:
            raise AssertionError(f"the child stopped by itself:\n{out.read_text()}")
        time.sleep(0.005)
    raise AssertionError("the child did not get ready in time")


def expected_states(
    lines: list[str], start: dict[int, tuple[int, str]]
) -> dict[int, tuple[tuple[int, str], tuple[int, str] | None]]:
    """Per match: the last committed (version, digest) and the save under way, if any."""
    committed = dict(start)
    pending: dict[int, tuple[int, str] | None] = dict.fromkeys(start)
    for line in lines:
        kind, *rest = line.split()
        if kind not in ("intent", "done"):
            continue
        match_id, version, digest = int(rest[0]), int(rest[1]), rest[2]
        if kind == "intent":
            pending[match_id] = (version, digest)
        else:
            assert pending[match_id] == (version, digest), line
            committed[match_id] = (version, digest)
            pending[match_id] = None
    return {m: (committed[m], pending[m]) for m in start}


def database_states(url: str) -> dict[int, tuple[int, str]]:
    store = Store.open(url)
    try:
        assert cache_problems(store) == []
        states = {}
        for summary in store.matches():
            state = store.match(summary.id)
            states[state.id] = (state.version, hands_digest(state.record.hands))
        return states
    finally:
        store.close()


def integrity(url: str) -> None:
    path = make_url(url).database
    assert path
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    connection.close()


def test_a_killed_save_leaves_every_match_before_or_after_it(db_url: str, tmp_path: Path) -> None:
    kind = "sqlite" if db_url.startswith("sqlite") else "postgresql"
    seed = int(os.environ.get("CANASTA_SCORER_TEST_SEED", random.randrange(1_000_000)))
    print(f"kill test on {kind}: seed {seed} (replay with CANASTA_SCORER_TEST_SEED={seed})")
    rng = random.Random(seed)
    store = Store.open(db_url)
    ids = [store.create_match(record(target=1_000_000)).id for _ in range(MATCHES)]
    store.close()
    states = database_states(db_url)
    outcomes: Counter[str] = Counter()
    saves = 0
    started = time.monotonic()
    for run in range(KILLS[kind]):
        out = tmp_path / f"child-{run}.txt"
        with out.open("wb") as sink:
            child = subprocess.Popen(
                [sys.executable, str(CHILD), db_url, str(rng.randrange(1 << 30)), *map(str, ids)],
                stdout=sink,
                stderr=subprocess.STDOUT,
                cwd=CHILD.parent,
            )
        try:
            wait_for_ready(out, child, time.monotonic() + 30)
            time.sleep(rng.choice([rng.uniform(0.001, 0.02), rng.uniform(0.02, 0.3)]))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=30)
        assert child.returncode == -signal.SIGKILL, out.read_text()
        text = out.read_text(errors="replace")
        assert "Traceback" not in text, text
        lines = text.split("\n")[:-1]  # a last line cut short by the kill is not a report
        saves += sum(line.startswith("done") for line in lines)

        if kind == "sqlite":
            integrity(db_url)
        expected = expected_states(lines, states)
        states = database_states(db_url)
        assert set(states) == set(ids)
        for match_id, (committed, pending) in expected.items():
            found = states[match_id]
            assert found in (committed, pending), (
                f"run {run}, seed {seed}: match {match_id} is {found}; the child last "
                f"committed {committed} and was saving {pending}"
            )
            if pending is None:
                continue
            saved = "saved" if found == pending else "not saved"
            outcomes[f"killed mid-save: {saved}"] += 1
        if all(pending is None for _, pending in expected.values()):
            outcomes["killed between saves"] += 1
    elapsed = time.monotonic() - started
    print(f"{KILLS[kind]} kills, {saves} reported saves, {elapsed:.1f} s: {dict(outcomes)}")
    assert saves > KILLS[kind]  # the kills did land among saves
