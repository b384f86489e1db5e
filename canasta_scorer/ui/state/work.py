"""How an area's actions reach the store: at once (`Work`), or off the tab's event
loop (the app's `canasta_scorer.ui.worker.TabWork`).

An action that writes to the store is written as *steps*: a generator that yields
each store call (a function of no arguments) and is sent back its result, or has the
store's error thrown in at the ``yield``. Everything between the yields is the area
changing its own data, so it always runs where the area lives (the tab's event loop
in the app): the areas stay the only writers of their data, while a store call that
waits (a database another program is saving to waits up to 10 s) waits elsewhere.

    def saving(self) -> Steps[bool]:
        try:
            state = yield lambda: self.store.add_hand(...)
        except StoreError as error:
            self.nav.say(store_problem(error))
            return False
        self.current = state
        return True

`Work.run` drives the steps; `Work.later` makes a store call nobody waits for (the
hand being entered kept as a draft), in order with every other one.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, TypeVar

__all__ = ["Job", "Steps", "Work", "drive"]

T = TypeVar("T")

#: One store call, made where the work is done; its result is sent back to the steps.
Job = Callable[[], Any]
#: An action as steps: yields each store call, returns the action's result.
Steps = Generator[Job, Any, T]


def drive(steps: Steps[T]) -> T:
    """Run every step here and now: each store call in turn, its result (or its
    error) handed back.

    Returns:
        What the steps return.

    Raises:
        whatever the steps let through.
    """
    try:
        job = next(steps)
        while True:
            try:
                result = job()
            except Exception as error:
                job = steps.throw(error)
            else:
                job = steps.send(result)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]


class Work:
    """Store calls made at once, by the caller (the Python-level tests, the desktop
    window): `run` returns the action's result."""

    @property
    def busy(self) -> bool:
        """True while an action waits for the store (never, here)."""
        return False

    def run(self, steps: Steps[T]) -> T | None:
        """Do an action's steps (see the module's docstring).

        Returns:
            The action's result; ``None`` where the action goes on after this returns
            (off the event loop) or was refused (another one of this tab still runs).
        """
        return drive(steps)

    def later(self, job: Job) -> None:
        """Make a store call nobody waits for, after every one asked for before."""
        job()
