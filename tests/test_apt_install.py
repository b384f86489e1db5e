"""tests/apt-install.sh waits for another apt process's locks instead of failing at once.

apt is pointed at folders of the test's own (package lists, dpkg status copied from the
machine), so the machine's apt is neither used nor blocked. The package asked for is
one that is installed already (bash), so nothing is downloaded or changed.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "apt-install.sh"
STATUS = Path("/var/lib/dpkg/status")

pytestmark = pytest.mark.skipif(
    shutil.which("apt-get") is None or not STATUS.exists() or os.geteuid() != 0,
    reason="needs Debian's apt-get, run as root (as tests/run does on Debian)",
)


def _apt_env(folder: Path, wait: int) -> dict[str, str]:
    lists = folder / "lists"
    (lists / "partial").mkdir(parents=True)
    admin = folder / "dpkg"
    admin.mkdir()
    shutil.copyfile(STATUS, admin / "status")
    (folder / "cache" / "archives" / "partial").mkdir(parents=True)
    (folder / "sources.list.d").mkdir()
    (folder / "sources.list").write_text("")
    options = [
        f"-o Dir::State::Lists={lists}",
        f"-o Dir::State::status={admin / 'status'}",
        f"-o Dir::Cache={folder / 'cache'}",
        f"-o Dir::Etc::sourcelist={folder / 'sources.list'}",
        f"-o Dir::Etc::sourceparts={folder / 'sources.list.d'}",
    ]
    return dict(os.environ, APT_OPTIONS=" ".join(options), APT_LOCK_WAIT=str(wait))


def _hold(lock: Path, seconds: float) -> threading.Thread:
    """Hold apt's kind of lock (fcntl) on ``lock`` for ``seconds``, as another apt would."""
    handle = os.open(lock, os.O_RDWR | os.O_CREAT, 0o640)
    fcntl.lockf(handle, fcntl.LOCK_EX)

    def release() -> None:
        time.sleep(seconds)
        fcntl.lockf(handle, fcntl.LOCK_UN)
        os.close(handle)

    thread = threading.Thread(target=release)
    thread.start()
    return thread


def _install(env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], float]:
    start = time.monotonic()
    done = subprocess.run(
        [str(SCRIPT), "bash"], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    return done, time.monotonic() - start


@pytest.mark.parametrize("lock", ["lists/lock", "dpkg/lock-frontend"])
def test_it_waits_for_a_lock_held_by_another_apt(tmp_path: Path, lock: str) -> None:
    env = _apt_env(tmp_path, wait=60)
    holder = _hold(tmp_path / lock, 4)
    done, took = _install(env)
    holder.join()
    assert done.returncode == 0, done.stderr
    assert took >= 4  # it waited for the lock instead of failing at once


def test_it_gives_up_after_the_wait_with_apt_s_message(tmp_path: Path) -> None:
    env = _apt_env(tmp_path, wait=3)
    holder = _hold(tmp_path / "lists" / "lock", 8)
    done, took = _install(env)
    holder.join()
    assert done.returncode != 0
    assert "Could not get lock" in done.stderr
    # bash counts the wait in whole seconds, so a wait of 3 may end after 2.x s; the
    # lock was still held (8 s), so it gave up rather than got it
    assert 2 <= took < 8
