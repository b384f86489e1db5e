"""The kill test's child: saves hands in a loop until it is killed (test_kill.py).

Usage: python kill_child.py DATABASE_URL SEED MATCH_ID...
       python kill_child.py              (forks the children, on commands on stdin)

Started without arguments it imports the store once and then, for each line
``start OUT DATABASE_URL SEED MATCH_ID...`` on standard input, forks a child that
saves as below with its output in the file OUT, and answers ``started PID``; for
``wait PID`` it answers ``ended PID STATUS`` once that child is dead (STATUS as
`subprocess.Popen.returncode`: -9 when it was killed by SIGKILL). Forked, a child
is killable within milliseconds of being asked for, where a new Python process
spends most of a second importing.

For every save it writes two lines to standard output, flushed:

    intent MATCH VERSION DIGEST   before the save: the state the match will have
    done MATCH VERSION DIGEST     after the save returned (it is committed)

DIGEST is `storekit.hands_digest` of the match's hands. Killed at any moment, the
database must hold, for each match, the state of its last ``done`` line or of the
``intent`` line after it. It writes ``ready`` once the store is open, and stops by
itself when the process that started it is gone (a test that was interrupted).
"""

from __future__ import annotations

import os
import random
import sys
import traceback

from storekit import hand, hands_digest, random_hand

from canasta_scorer.rules import MatchHand
from canasta_scorer.store import Store

MAX_HANDS = 12


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main(url: str, seed: int, match_ids: list[int]) -> None:
    rng = random.Random(seed)
    store = Store.open(url)
    hands: dict[int, list[MatchHand]] = {}
    versions: dict[int, int] = {}
    # This run's own changes, for undo and redo: (hands before, hands after).
    done: dict[int, list[tuple[list[MatchHand], list[MatchHand]]]] = {}
    undone: dict[int, list[tuple[list[MatchHand], list[MatchHand]]]] = {}
    for match_id in match_ids:
        state = store.match(match_id)
        hands[match_id] = list(state.record.hands)
        versions[match_id] = state.version
        done[match_id], undone[match_id] = [], []
    say("ready")
    parent = os.getppid()
    while os.getppid() == parent:  # the test (or the forking process) is still there
        match_id = rng.choice(match_ids)
        now = hands[match_id]
        version = versions[match_id]
        roll = rng.random()
        if roll < 0.12 and done[match_id]:
            before, after = done[match_id].pop()
            undone[match_id].append((before, after))
            wanted = before
            say(f"intent {match_id} {version + 1} {hands_digest(wanted)}")
            state = store.undo(match_id, version)
        elif roll < 0.18 and undone[match_id]:
            before, after = undone[match_id].pop()
            done[match_id].append((before, after))
            wanted = after
            say(f"intent {match_id} {version + 1} {hands_digest(wanted)}")
            state = store.redo(match_id, version)
        else:
            if roll < 0.35 and now:
                number = rng.randrange(len(now))
                wanted = [*now[:number], random_hand(rng), *now[number + 1 :]]
                action = "edit"
            elif len(now) >= MAX_HANDS:
                number = rng.randrange(len(now))
                wanted = [*now[:number], *now[number + 1 :]]
                action = "delete"
            else:
                number = len(now)
                wanted = [*now, random_hand(rng) if rng.random() < 0.7 else hand(note="x" * 500)]
                action = "add"
            say(f"intent {match_id} {version + 1} {hands_digest(wanted)}")
            if action == "edit":
                state = store.edit_hand(match_id, number, wanted[number], version)
            elif action == "delete":
                state = store.delete_hand(match_id, number, version)
            else:
                state = store.add_hand(match_id, wanted[-1], version)
            done[match_id].append((now, wanted))
            undone[match_id].clear()
        assert list(state.record.hands) == wanted and state.version == version + 1
        hands[match_id] = wanted
        versions[match_id] = state.version
        say(f"done {match_id} {state.version} {hands_digest(wanted)}")


def fork_children() -> None:
    """Fork a saving child for each ``start`` line on standard input (see above)."""
    for line in sys.stdin:
        command, *words = line.split()
        if command == "start":
            out, url, seed, *ids = words
            pid = os.fork()
            if pid == 0:  # the child: its reports (and any traceback) go to OUT
                try:
                    sink = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                    os.dup2(sink, 1)
                    os.dup2(sink, 2)
                    os.close(sink)
                    main(url, int(seed), [int(match_id) for match_id in ids])
                except BaseException:
                    traceback.print_exc()
                    sys.stderr.flush()
                finally:
                    os._exit(1)
            print(f"started {pid}", flush=True)
        elif command == "wait":
            pid = int(words[0])
            _, status = os.waitpid(pid, 0)
            print(f"ended {pid} {os.waitstatus_to_exitcode(status)}", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(sys.argv[1], int(sys.argv[2]), [int(arg) for arg in sys.argv[3:]])
    else:
        fork_children()
