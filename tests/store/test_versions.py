"""Optimistic versions: two phones on one club server open the same match; the second
to save from an old version gets `ConflictError` and nothing of its change is saved."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from storekit import cache_problems, hand, record

from canasta_scorer.store import ConflictError, MatchState, Store


def two_phones(open_store: Callable[[], Store]) -> tuple[Store, Store, MatchState]:
    first, second = open_store(), open_store()
    assert first.engine is not second.engine
    made = first.create_match(record(hands=(hand(0), hand(1, "mixed"))))
    return first, second, second.match(made.id)


def test_the_second_save_from_an_old_version_is_refused(
    open_store: Callable[[], Store],
) -> None:
    first, second, seen = two_phones(open_store)
    saved = first.add_hand(seen.id, hand(0, "clean", "canasta"), seen.version)
    mine = hand(1, "big", "none")

    with pytest.raises(ConflictError) as caught:
        second.add_hand(seen.id, mine, seen.version)
    message = str(caught.value)
    assert "changed elsewhere" in message
    assert f"match {seen.id}" in message
    assert "version" not in message  # plain words for players, no counters
    assert "nothing was saved" in message

    # Nothing of the refused change is in the store, for either phone.
    assert second.match(seen.id) == saved
    assert first.match(seen.id) == saved
    assert cache_problems(second) == []
    # The caller still has its entry: reopen and save it again.
    fresh = second.match(seen.id)
    again = second.add_hand(seen.id, mine, fresh.version)
    assert again.record.hands[-1] == mine
    assert first.match(seen.id).record.hands == (*saved.record.hands, mine)


@pytest.mark.parametrize(
    "change",
    ["add", "edit", "delete", "undo", "redo", "delete_match"],
)
def test_every_change_checks_the_version(open_store: Callable[[], Store], change: str) -> None:
    first, second, seen = two_phones(open_store)
    if change == "redo":  # something to redo, undone on the second phone
        seen = second.add_hand(seen.id, hand(), seen.version)
        seen = second.undo(seen.id, seen.version)
    first.edit_hand(seen.id, 0, hand(1, "clean", "canasta"), seen.version)
    after = first.match(seen.id)
    stale = seen.version
    actions: dict[str, Callable[[], object]] = {
        "add": lambda: second.add_hand(seen.id, hand(), stale),
        "edit": lambda: second.edit_hand(seen.id, 1, hand(), stale),
        "delete": lambda: second.delete_hand(seen.id, 0, stale),
        "undo": lambda: second.undo(seen.id, stale),
        "redo": lambda: second.redo(seen.id, stale),
        "delete_match": lambda: second.delete_match(seen.id, stale),
    }
    with pytest.raises(ConflictError, match="changed elsewhere"):
        actions[change]()
    assert second.match(seen.id) == after


def test_deleting_a_match_changes_its_version(open_store: Callable[[], Store]) -> None:
    first, second, seen = two_phones(open_store)
    first.delete_match(seen.id, seen.version)
    back = first.restore_match(seen.id)
    with pytest.raises(ConflictError):
        second.add_hand(seen.id, hand(), seen.version)
    second.add_hand(seen.id, hand(), back.version)


def test_simultaneous_saves_from_one_version_let_exactly_one_through(
    open_store: Callable[[], Store],
) -> None:
    """Four phones press "save" at once, all from the same version."""
    phones = [open_store() for _ in range(4)]
    seen = phones[0].create_match(record())
    start = threading.Barrier(len(phones))
    outcomes: list[str] = []
    lock = threading.Lock()

    def save(phone: Store, number: int) -> None:
        entry = hand(number % 2, note=f"phone {number}")
        start.wait()
        try:
            phone.add_hand(seen.id, entry, seen.version)
            result = f"saved {number}"
        except ConflictError:
            result = "conflict"
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=save, args=(phone, n)) for n, phone in enumerate(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    saved = [o for o in outcomes if o.startswith("saved")]
    assert len(saved) == 1, outcomes
    assert outcomes.count("conflict") == len(phones) - 1
    final = phones[0].match(seen.id)
    assert final.version == seen.version + 1
    assert [h.note for h in final.record.hands] == [f"phone {saved[0].split()[1]}"]
