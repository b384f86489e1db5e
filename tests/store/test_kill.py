"""Killed mid-save, the store keeps every match whole: before or after that save.

A child process (kill_child.py) saves hands in a loop — adds, edits, deletes, undo and
redo — and reports each save before and after it is committed. The test kills it with
SIGKILL at random moments, then checks the database: it opens, SQLite's integrity
check says ``ok``, and every match equals the last committed state the child reported
or the one it was saving. The seed is printed; replay with CANASTA_SCORER_TEST_SEED.
The children are forked by one kill_child.py process that has imported the store
already, so that each run costs a few saves, not a Python start-up.

The moments are counted from the child's progress, not from the clock: each kill comes
a random few saves after the store opened, then a random delay, so that a slow machine
(a loaded PostgreSQL can take longer than the delay for one save) still kills among
saves. On PostgreSQL the server finishes the killed child's connections on its own time
(a COMMIT it has read is still carried out); the test waits for them to end before it
reads the database, or a late commit could land after the check.
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

import pytest
from sqlalchemy import create_engine, make_url, text
from storekit import cache_problems, hands_digest, record

from canasta_scorer.store import Store

CHILD = Path(__file__).resolve().parent / "kill_child.py"
KILLS = {"sqlite": 30, "postgresql": 8}
MATCHES = 3
#: Seconds the child may take to open the store and make its first saves, and the server
#: to end a killed child's connections: bounds against hanging, not measures.
PATIENCE = 120.0


class Children:
    """kill_child.py forking the children: imported once, not once per child."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(CHILD)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=CHILD.parent,
        )

    def ask(self, line: str) -> list[str]:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().split()
        assert answer, f"kill_child.py stopped (status {self.process.wait()})"
        return answer

    def start(self, out: Path, url: str, seed: int, ids: list[int]) -> int:
        """Fork a child saving on ``url`` (its output in ``out``); its process id."""
        assert " " not in url and " " not in str(out)
        started, pid = self.ask(" ".join(["start", str(out), url, str(seed), *map(str, ids)]))
        assert started == "started"
        return int(pid)

    def kill(self, pid: int) -> int:
        """SIGKILL the child and wait until it is dead; its exit status."""
        os.kill(pid, signal.SIGKILL)
        ended, dead, status = self.ask(f"wait {pid}")
        assert (ended, int(dead)) == ("ended", pid)
        return int(status)

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        assert self.process.wait(timeout=30) == 0


def wait_for_saves(out: Path, saves: int) -> None:
    """Wait until the child has reported ``ready`` and then ``saves`` committed saves."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if out.exists():
            text = out.read_bytes()
            if text.startswith(b"ready\n") and text.count(b"\ndone ") >= saves:
                return
            if b"Traceback" in text:
                raise AssertionError(f"the child failed:\n{out.read_text()}")
        time.sleep(0.005)
    raise AssertionError(f"the child did not make {saves} saves in {PATIENCE:.0f} s")


def wait_for_no_connections(url: str, application: str) -> None:
    """Wait until PostgreSQL has ended every connection named ``application``: each
    one's last transaction is then committed or rolled back, for good."""
    engine = create_engine(url)
    query = text("SELECT count(*) FROM pg_stat_activity WHERE application_name = :name")
    deadline = time.monotonic() + PATIENCE
    try:
        while True:
            with engine.connect() as connection:
                if connection.scalar(query, {"name": application}) == 0:
                    return
            if time.monotonic() > deadline:
                raise AssertionError(f"{application}'s connections outlived it by {PATIENCE} s")
            time.sleep(0.02)
    finally:
        engine.dispose()


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


def test_a_killed_save_leaves_every_match_before_or_after_it(
    db_url: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
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
    children = Children()
    request.addfinalizer(children.close)
    for run in range(KILLS[kind]):
        out = tmp_path / f"child-{run}.txt"
        application = f"canasta-kill-test-{os.getpid()}-{run}"
        child_url = db_url
        if kind == "postgresql":  # its connections, known by name on the server
            child_url = (
                make_url(db_url)
                .update_query_dict({"application_name": application})
                .render_as_string(hide_password=False)
            )
        pid = children.start(out, child_url, rng.randrange(1 << 30), ids)
        try:
            wait_for_saves(out, rng.randrange(1, 4))
            time.sleep(rng.choice([rng.uniform(0.0, 0.02), rng.uniform(0.02, 0.3)]))
        finally:
            status = children.kill(pid)
        assert status == -signal.SIGKILL, out.read_text()
        if kind == "postgresql":
            wait_for_no_connections(db_url, application)
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
    # the child is saving nearly all the time: some kills did land in the middle of a save
    assert outcomes["killed mid-save: saved"] + outcomes["killed mid-save: not saved"] > 0
