"""Chunks of core work run in worker processes, in order, a bounded few ahead.

Tokenizing, counting and per-row scoring are pure Python loops that hold the GIL.
Run in a thread of the GUI process, they starve the GUI thread: every call from Qt
into Python (each `data()` of a table being painted) waits for the GIL, and a paint
that needs hundreds of them stalls for hundreds of milliseconds. Run in worker
processes, they leave the GUI process only the hand-over of their results, and they
use every core besides.

`WorkerPool` keeps its processes for as long as its owner wants (the GUI keeps one per
session, so a re-score does not pay their start-up again), and `map_ordered` submits
only a few chunks ahead of the one being consumed: a caller that stops early (a
cancelled load) leaves at most that many chunks running, not the whole corpus.
Without a pool the same functions run here, in this process, one chunk at a time.

`multiprocessing` and `concurrent.futures` are imported when a pool starts, not with
this module: they cost ~15 ms, and `bleu-gui score` on a small file, which starts no
pool, must start as fast as `sacrebleu`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future
    from multiprocessing.process import BaseProcess

__all__ = [
    "PoolClosedError",
    "WorkerDiedError",
    "WorkerPool",
    "map_ordered",
    "start_worker",
]

# How often a caller waiting for a result checks whether the pool was closed, and
# how often a worker checks that the process that started it is still alive.
_POLL_SECONDS = 0.05
_ORPHAN_POLL_SECONDS = 1.0
# How long `WorkerPool.close` waits for a stopped worker's exit status at most.
_REAP_SECONDS = 1.0
# How long `close` lets the executor's thread notice the stopped workers before it
# unblocks the thread (see `_end_executor_thread`).
_EXECUTOR_THREAD_SECONDS = 2.0


class PoolClosedError(RuntimeError):
    """The pool was closed while a caller was waiting for one of its results."""


class WorkerDiedError(RuntimeError):
    """A worker process died (killed, typically by the out-of-memory killer).

    Its chunk is lost, and so is every chunk still pending: the pool is broken and
    its owner must start a new one (`WorkerPool.broken`).
    """


_Job = TypeVar("_Job")
_Result = TypeVar("_Result")


class WorkerPool:
    """A set of spawned worker processes that run picklable top-level functions.

    'spawn', not 'fork': the GUI uses the pool from a worker thread, and forking a
    process that runs threads (Qt's among them) is unsafe. The workers run at a lower
    priority (`niceness` added): they use every core that is free, but never take one
    from the process that drives them, whose GUI thread must answer within
    milliseconds while they work flat out.

    A `concurrent.futures` executor, not a `multiprocessing.Pool`: when a worker is
    killed, a `multiprocessing.Pool` quietly replaces it and its chunk never
    arrives, so a caller waits for ever; the executor fails every pending result
    instead, which `result` turns into `WorkerDiedError`. Workers ignore Ctrl-C (the
    owner decides what an interrupt stops) and exit by themselves when the process
    that started them is gone, so none outlives a killed application.
    """

    def __init__(self, processes: int, *, niceness: int = 10) -> None:
        if processes < 1:
            raise ValueError(f"a pool needs at least one process, not {processes}")
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.size = processes
        self._closed = threading.Event()
        self._broken = False
        self._executor = ProcessPoolExecutor(
            processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=start_worker,
            initargs=(niceness, os.getpid()),
        )
        # The executor spawns a worker per job that finds none idle: a job each
        # starts them all now, while their owner is small and idle, not at its
        # first real job.
        for _ in range(processes):
            self.submit(_ready, None)

    @property
    def broken(self) -> bool:
        """Whether a worker died: the pool runs nothing more and must be replaced."""
        return self._broken

    def submit(self, function: Callable[[_Job], _Result], job: _Job) -> Future[_Result]:
        """Start `function(job)` in a worker; `result()` waits for it.

        Raises:
            WorkerDiedError: if a worker of this pool has died already.
        """
        from concurrent.futures.process import BrokenProcessPool

        try:
            if not self._all_started():
                # The executor spawns its workers in `submit`, as work arrives.
                with _signals_held():
                    return self._executor.submit(function, job)
            return self._executor.submit(function, job)
        except BrokenProcessPool:
            self._broken = True
            raise WorkerDiedError(_DIED) from None
        except RuntimeError:
            if self._closed.is_set():
                raise PoolClosedError("the worker processes were stopped") from None
            raise

    def _all_started(self) -> bool:
        """Whether every worker process has been spawned (none will be again)."""
        processes = getattr(self._executor, "_processes", None)
        return processes is not None and len(processes) >= self.size

    def result(self, pending: Future[_Result]) -> _Result:
        """Wait for a submitted job's result; a job's exception is raised here.

        Raises:
            PoolClosedError: if the pool is closed first (a caller waiting for a
                result must not keep the application from exiting).
            WorkerDiedError: if a worker process died before the result came.
        """
        from concurrent.futures import TimeoutError as FutureTimeout
        from concurrent.futures.process import BrokenProcessPool

        while True:
            if self._closed.is_set():
                raise PoolClosedError("the worker processes were stopped")
            try:
                return pending.result(_POLL_SECONDS)
            except FutureTimeout:
                continue
            except BrokenProcessPool:
                if self._closed.is_set():
                    raise PoolClosedError("the worker processes were stopped") from None
                self._broken = True
                raise WorkerDiedError(_DIED) from None

    def close(self) -> None:
        """Stop the workers at once (running chunks are abandoned) and wait for them.

        Callers waiting in `result` get `PoolClosedError`. A second call does
        nothing (the executor forgets its processes when it shuts down).
        """
        if self._closed.is_set():
            return
        self._closed.set()
        processes = list((getattr(self._executor, "_processes", None) or {}).values())
        for process in processes:
            with contextlib.suppress(OSError, ValueError):
                process.terminate()
        # Waits for the executor's own thread too (it ends once it sees the workers
        # gone): left running, it races the interpreter's exit handler, which then
        # writes to a pipe the thread is closing ("Bad file descriptor" at exit).
        # Its thread and result pipe, taken before `shutdown` forgets them.
        thread = getattr(self._executor, "_executor_manager_thread", None)
        results = getattr(self._executor, "_result_queue", None)
        self._executor.shutdown(wait=False, cancel_futures=True)
        _end_executor_thread(thread, results)
        for process in processes:
            with contextlib.suppress(OSError, ValueError, AssertionError):
                process.join()
                _until_reaped(process)

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def _end_executor_thread(thread: object, results: object) -> None:
    """Wait until the executor's own `thread` has ended, unblocking it if need be.

    A worker killed while it was writing a result (by the system, or `close`)
    leaves half a message in the `results` pipe, and the thread waits for the rest
    for ever (CPython 3.11): `shutdown(wait=True)` and the interpreter's exit then
    hang too (seen: the window froze on closing after a worker was killed). The
    pipe's other writers are the dead workers; closing this process's write end
    gives the thread end-of-file, which it takes for a broken pool, and it ends.
    The pipe is closed afterwards, as `shutdown(wait=True)` closes it.
    """
    if isinstance(thread, threading.Thread):
        thread.join(_EXECUTOR_THREAD_SECONDS)
        if thread.is_alive():
            writer = getattr(results, "_writer", None)
            if writer is not None:
                with contextlib.suppress(OSError):
                    writer.close()
            thread.join()
    close = getattr(results, "close", None)
    if close is not None:
        with contextlib.suppress(OSError):
            close()


def _until_reaped(process: BaseProcess) -> None:
    """Wait (a second at most) until `process`'s exit status is known.

    The executor's own thread joins the same processes when it shuts down: when it
    reaps one first, our `join` returns early (its `waitpid` fails) and the process
    still counts as running for a moment, a child left behind
    (`multiprocessing.active_children`), as seen once in four runs.
    """
    deadline = time.monotonic() + _REAP_SECONDS
    while process.exitcode is None and time.monotonic() < deadline:
        time.sleep(0.005)


def _ready(_: object) -> None:
    """A job that does nothing: it makes the executor start a worker."""


_DIED = "a worker process died (killed by the system: out of memory?)"


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """While workers are spawned: Ctrl-C held for them, Ctrl-C and SIGTERM for us.

    SIGINT is blocked in this thread, so the children start with it blocked (and
    `start_worker` ignores it): Ctrl-C, which a terminal sends to the whole process
    group, stays with the process that drives the pool, which stops the workers
    with `close`. (The resource tracker is started first: starting it unblocks
    SIGINT, `multiprocessing.resource_tracker.ensure_running`.) In this process,
    SIGINT and SIGTERM wait until the spawning is done (in the main thread, where
    Python runs signal handlers; another thread, numpy's, may take the signal): a
    spawn cut in half left a child that printed a traceback. Children get SIGTERM's
    default action, so `close` stops them even while they start.
    """
    deferred: list[int] = []
    previous: dict[signal.Signals, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for held in (signal.SIGINT, signal.SIGTERM):
            handler = signal.getsignal(held)
            if handler is not None:  # None: not set from Python; leave it alone
                previous[held] = handler
                signal.signal(held, lambda number, _: deferred.append(number))
    mask = None
    if hasattr(signal, "pthread_sigmask"):
        from multiprocessing import resource_tracker

        resource_tracker.ensure_running()
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for held, handler in previous.items():
            signal.signal(held, handler)
        for number in dict.fromkeys(deferred):
            signal.raise_signal(number)


def start_worker(niceness: int, parent: int) -> None:
    """A worker's first acts: step back, leave interrupts to its owner, watch it.

    Ctrl-C, which a terminal sends to the whole process group, is the owner's to
    handle (otherwise each worker printed a KeyboardInterrupt traceback of its
    own); a worker whose owner is gone ends.
    """
    with contextlib.suppress(OSError, AttributeError):  # no os.nice on Windows
        os.nice(niceness)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_when_orphaned, args=(parent,), daemon=True).start()


def _exit_when_orphaned(parent: int) -> None:
    """End this worker once the process that started it is gone.

    A killed parent cannot stop its workers, and they would wait for work for ever.
    """
    while os.getppid() == parent:
        time.sleep(_ORPHAN_POLL_SECONDS)
    os._exit(1)


def map_ordered(
    function: Callable[[_Job], _Result],
    jobs: Iterable[_Job],
    pool: WorkerPool | None = None,
) -> Generator[_Result, None, None]:
    """`function` of each job, in the jobs' order; on `pool`'s workers if given.

    With a pool, twice as many jobs as it has workers are in flight: enough that no
    worker idles while the caller handles a result, few enough that a caller who
    stops early wastes little. A job's exception is raised here, at its turn.
    """
    if pool is None:
        yield from map(function, jobs)
        return
    pending: deque[Future[_Result]] = deque()
    remaining = iter(jobs)
    for job in remaining:
        pending.append(pool.submit(function, job))
        if len(pending) >= 2 * pool.size:
            break
    while pending:
        result = pool.result(pending.popleft())
        for job in remaining:
            pending.append(pool.submit(function, job))
            break
        yield result
