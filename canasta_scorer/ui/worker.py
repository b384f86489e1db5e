"""The store's writes made off the server's event loop.

A save that waits for a database another program is saving to (SQLite waits up to
10 s for its write lock) must not stall every tab of every player: the server's
event loop runs the screens of all of them. So the app's writes are made by one
`StoreWorker` thread per process, one after another in the order they were asked
for (a draft kept before the Save that follows it), while the tabs go on; each
tab's `TabWork` hands its actions' store calls to that thread and applies their
results back on the loop (see `canasta_scorer.ui.state.work`). Reads stay on the
loop: they never wait for a writer (write-ahead log; PostgreSQL's snapshots).
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from canasta_scorer.store import StoreBusyError

from .state.work import Job, Steps, Work

__all__ = ["StoreWorker", "TabWork"]

log = logging.getLogger("canasta_scorer")

T = TypeVar("T")


class StoreWorker:
    """One thread making store calls in the order they were submitted.

    The thread is a daemon: a call still waiting when the process ends is abandoned
    (a transaction not committed leaves nothing behind); `close` gives the calls
    queued a bounded time to finish first.

    Args:
        name: the thread's name.
        retry: made by the thread when no call has been queued for ``retry_every``
            seconds (`Store.write_held`: the entries whose write gave up while
            another program held the database are written once it can take them);
            returns how many are still left, a failure is logged.
        retry_every: seconds.
    """

    def __init__(
        self,
        name: str = "canasta-store",
        *,
        retry: Callable[[], int] | None = None,
        retry_every: float = 1.0,
    ) -> None:
        self._retry = retry
        self._retry_every = retry_every
        self._jobs: queue.SimpleQueue[tuple[Job, Future[Any]] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name=name, daemon=True)
        self._started = False
        self._closed = False
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self._waiting = 0
        self._refused = 0

    def refused(self, error: StoreBusyError) -> None:
        """A background write gave up at once because another program holds the
        database's write lock (the store holds the entry; ``retry`` writes it once
        the lock is released). Logged as a warning once for the time the lock is
        held, each one after at debug level: the entry is kept about once a second
        while a player types."""
        with self._lock:
            self._refused += 1
            first = self._refused == 1
        if first:
            log.warning(
                "another program holds the database's write lock: the entries typed "
                "meanwhile are held and written once it is released"
            )
        else:
            log.debug("a background write waits for the database's write lock: %s", error)

    def took(self) -> None:
        """A background write went through: after writes were refused (`refused`),
        the log says the database takes them again."""
        with self._lock:
            count, self._refused = self._refused, 0
        if count:
            log.info("the database takes writes again (%d background writes were refused)", count)

    def submit(self, job: Job) -> Future[Any]:
        """Queue a store call; the future holds its result or its error.

        Raises:
            RuntimeError: the worker was closed.
        """
        future: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the store worker is closed")
            if not self._started:
                self._started = True
                self._thread.start()
            self._waiting += 1
            self._idle.clear()
        self._jobs.put((job, future))
        return future

    @property
    def pending(self) -> int:
        """Calls queued or running."""
        with self._lock:
            return self._waiting

    def _work(self) -> None:
        while True:
            try:
                item = self._jobs.get(timeout=self._retry_every if self._retry else None)
            except queue.Empty:
                self._try_again()
                continue
            if item is None:
                return
            job, future = item
            if future.set_running_or_notify_cancel():
                try:
                    result = job()
                except BaseException as error:
                    future.set_exception(error)
                else:
                    future.set_result(result)
            with self._lock:
                self._waiting -= 1
                if self._waiting == 0:
                    self._idle.set()

    def _try_again(self) -> None:
        """Make the ``retry`` call (the queue is empty), counted as a call queued."""
        assert self._retry is not None
        with self._lock:
            if self._closed:
                return
            self._waiting += 1
            self._idle.clear()
        try:
            if self._retry() == 0:
                self.took()
        except Exception as error:
            log.error("writing again what the database could not take failed: %s", error)
        finally:
            with self._lock:
                self._waiting -= 1
                if self._waiting == 0:
                    self._idle.set()

    def wait_idle(self, timeout: float) -> bool:
        """Wait until every call queued has been made (at most ``timeout`` s).

        Returns:
            True if none is left.
        """
        return self._idle.wait(timeout)

    def close(self, timeout: float) -> bool:
        """Take no more calls; let those queued finish (at most ``timeout`` s).

        Returns:
            True if every queued call was made.
        """
        with self._lock:
            self._closed = True
            started = self._started
        if not started:
            return True
        finished = self._idle.wait(timeout)
        self._jobs.put(None)
        if finished:
            self._thread.join(timeout)
        return finished


class TabWork(Work):
    """One tab's actions, their store calls made by the `StoreWorker`.

    `run` does an action's first step at once (on the loop: what it changes before
    its first store call shows with the tap), then goes on in a task of the tab,
    each store call awaited off the loop and each next step run on the loop. One
    action of a tab at a time: a tap meanwhile is not taken (the tab shows
    "Working…").

    Args:
        worker: the process's store worker.
        start_task: runs a coroutine function as a task of the tab (its page bound).
        on_busy: told True when an action starts waiting, False when it is done.
        on_error: an error the action let through (called inside ``except``).
    """

    def __init__(
        self,
        worker: StoreWorker,
        start_task: Callable[[Callable[[], Awaitable[None]]], object],
        on_busy: Callable[[bool], None],
        on_error: Callable[[BaseException], None],
    ) -> None:
        self._worker = worker
        self._start_task = start_task
        self._on_busy = on_busy
        self._on_error = on_error
        self._busy = False

    @property
    def busy(self) -> bool:
        """True while an action of this tab waits for the store."""
        return self._busy

    def run(self, steps: Steps[T]) -> T | None:
        """See `Work.run`; returns the result only when the action made no store call."""
        if self._busy:
            steps.close()
            return None
        try:
            job = next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        self._busy = True
        self._on_busy(True)

        async def go() -> None:
            step = job
            try:
                while True:
                    try:
                        result = await asyncio.wrap_future(self._worker.submit(step))
                    except Exception as error:
                        step = steps.throw(error)
                    else:
                        step = steps.send(result)
            except StopIteration:
                pass
            except Exception as error:
                self._on_error(error)
            finally:
                self._busy = False
                self._on_busy(False)

        self._start_task(go)
        return None

    def later(self, job: Job) -> None:
        """Queue a store call nobody waits for; a failure is logged (a write refused
        while another program holds the lock, once for the time it is held:
        `StoreWorker.refused`)."""

        def logged(done: Future[Any]) -> None:
            error = done.exception()
            if error is None:
                self._worker.took()
            elif isinstance(error, StoreBusyError):  # held, written again later
                self._worker.refused(error)
            else:
                log.error("a store call made in the background failed: %s", error)

        try:
            self._worker.submit(job).add_done_callback(logged)
        except RuntimeError:
            log.error("the store worker is closed: a background store call was dropped")
