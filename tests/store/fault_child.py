"""Children for the fault tests (test_faults.py): each does one thing to a SQLite
database in its own process and prints what happened, one line of JSON.

Usage:
    python fault_child.py hold URL          take the write lock, print "locked", sleep
    python fault_child.py open URL          open, list, add a player (read-only folder)
    python fault_child.py fill URL LIMIT    add matches under RLIMIT_FSIZE=LIMIT until refused
"""

from __future__ import annotations

import json
import resource
import sqlite3
import sys
import time

from storekit import record


def say(**what: object) -> None:
    sys.stdout.write(json.dumps(what) + "\n")
    sys.stdout.flush()


def hold(url: str) -> None:
    connection = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
    connection.execute("BEGIN IMMEDIATE")
    connection.execute(
        "INSERT INTO player (name, key, created_at) VALUES ('Holder', 'holder', '2026-01-01')"
    )
    say(locked=True)
    time.sleep(120)


def open_(url: str) -> None:
    from canasta_scorer.store import Store, StoreError

    try:
        store = Store.open(url)
    except StoreError as error:
        say(step="open", kind=type(error).__name__, message=str(error))
        return
    try:
        say(step="list", count=len(store.matches()), read_only=store.read_only)
        store.add_player("Ana")
        say(step="write", ok=True)
    except StoreError as error:
        say(step="write", kind=type(error).__name__, message=str(error))


def fill(url: str, limit: int) -> None:
    from canasta_scorer.store import Store, StoreError

    store = Store.open(url)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    saved = 0
    try:
        for _ in range(100_000):
            store.create_match(record())
            saved += 1
    except StoreError as error:
        say(saved=saved, kind=type(error).__name__, message=str(error))
        return
    say(saved=saved, kind=None, message="never refused")


if __name__ == "__main__":
    command, url = sys.argv[1], sys.argv[2]
    if command == "hold":
        hold(url)
    elif command == "open":
        open_(url)
    else:
        fill(url, int(sys.argv[3]))
