"""The command line's output read by a pipe that closes early (``canasta-scorer matches
| head -1``): it ends quietly, as Unix tools do, with no message and status 0; run as a
real process, its stdout a real pipe."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from canasta_scorer.rules import load_match
from canasta_scorer.store import Store

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "assets" / "samples"


def _database(path: Path, matches: int) -> str:
    url = f"sqlite:///{path}"
    store = Store.open(url)
    try:
        record = load_match((SAMPLES / "evening-match.json").read_text(encoding="utf-8"))
        for _ in range(matches):
            store.create_match(record)
    finally:
        store.close()
    return url


def _run_into_closed_pipe(*argv: str) -> tuple[int, str]:
    """Run ``python -m canasta_scorer argv`` with its stdout a pipe whose reader has
    gone already (every write finds it closed); its exit status and stderr."""
    read, write = os.pipe()
    os.close(read)  # the reader went before the first line (head -1 gone)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "canasta_scorer", *argv],
            stdout=write,
            stderr=subprocess.PIPE,
            env=env,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write)
    return done.returncode, done.stderr.decode()


@pytest.mark.parametrize(
    "matches",
    [
        pytest.param(50, id="more than a buffer: written while listing"),
        pytest.param(1, id="one line: written as the process ends"),
    ],
)
def test_a_closed_pipe_ends_the_listing_quietly(tmp_path: Path, matches: int) -> None:
    url = _database(tmp_path / "x.db", matches)
    status, err = _run_into_closed_pipe("--db", url, "matches")
    assert (status, err) == (0, "")


def test_head_takes_the_first_line_and_the_rest_ends_quietly(tmp_path: Path) -> None:
    url = _database(tmp_path / "x.db", 50)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    listing = subprocess.Popen(
        [sys.executable, "-m", "canasta_scorer", "--db", url, "matches"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert listing.stdout is not None and listing.stderr is not None
    first = listing.stdout.readline()
    listing.stdout.close()  # as head -1 does
    err = listing.stderr.read()
    listing.stderr.close()
    assert listing.wait(timeout=120) == 0
    assert first.split() == [b"match", b"started", b"variant", b"hands", b"result"]
    assert err == b""
