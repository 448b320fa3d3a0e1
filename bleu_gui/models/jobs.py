"""Background jobs under keys: a new job supersedes only the running job of its key.

A request's job (reading files, scoring a system) runs in a `Worker` or a
`SliceWorker`; work that runs in a process of its own or in a future (a
significance test, a regular-expression search, a long explanation) runs as a
`ReplyJob`, which its process's owner feeds with the replies. A newer request for
the same thing makes the running job's result stale, so it cancels it; a request
for something else must not ("score:B" never cancels "score:A"). `JobRunner` holds
one current job per key, and is the one place in the application that tells a
current job from a superseded one: a superseded job's end never reaches its
caller's callbacks, whenever its worker or its process gets to report it.

What a key names is the caller's rule (the session's is in `models.session`): the
result a job will replace, so that a new job supersedes exactly the running jobs
whose results it makes stale.

Together the jobs look like one piece of work to the window: `busy_changed(True)`
when the first starts, `busy_changed(False)` when the last ends, and one progress,
that of the most recently started job still running (see `progress_changed`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QThreadPool, QTimer, Signal

from bleu_gui.workers import Worker, WorkerSignals

__all__ = ["JobHandle", "JobRunner", "ReplyJob"]


class JobHandle(Protocol):
    """What the runner needs of a job: a `Worker`, a `SliceWorker`, a `ReplyJob`.

    `signals` reports exactly one end (finished, failed or cancelled), progress
    before it; `start` begins the work (a `Worker` is given the runner's pool);
    `cancel` asks it to stop; `wait` blocks until nothing of it runs (shutdown).
    """

    @property
    def signals(self) -> WorkerSignals:
        """Where the job's progress and its one end are reported."""
        ...

    def start(self) -> None:
        """Begin the work."""
        ...

    def cancel(self) -> None:
        """Ask the work to stop; its end (`cancelled`, or a result) still comes."""
        ...

    def wait(self, timeout: float | None = None) -> bool:
        """Block until nothing of the work runs; True if nothing does."""
        ...


class ReplyJob(QObject):
    """A job whose work runs elsewhere (a process, a future), reported like a worker.

    The owner of that process makes one per request and gives the two things only
    it knows: `begin`, which hands the request to the process, and `stop`, which
    makes the process drop it. It then feeds the replies it reads for this request
    to `progress`, `finish` and `fail`. The job reports exactly one end, as a
    worker does; whatever is fed after it is ignored. Which replies still matter
    is not the owner's to decide: a `JobRunner` drops the reports of a job a newer
    one superseded.

    `cancel` reports `cancelled` at once (the process drops the work when it
    gets to it, and nothing of it is fed any more).
    """

    def __init__(self, begin: Callable[[], None], stop: Callable[[], None]) -> None:
        # Owned by the application, not by its owner, and deleted once its end is
        # delivered (which releases the runner's slots): a child deleted with its
        # owner, while Python collects the owner, drops the slots' lambdas inside
        # that collection, and the test process crashed so (a segmentation fault).
        super().__init__(QCoreApplication.instance())
        self.signals = WorkerSignals(self)
        self.signals.delete_after_the_end(self)
        self._begin = begin
        self._stop = stop
        self._ended = False

    @property
    def ended(self) -> bool:
        """Whether the job's end was reported (nothing more will be)."""
        return self._ended

    def start(self) -> None:
        """Hand the request to the process."""
        if not self._ended:
            self._begin()

    def cancel(self) -> None:
        """Make the process drop the request; `cancelled` now, nothing later."""
        if not self._ended:
            stop = self._stop
            self._end()
            stop()
            self.signals.cancelled.emit()

    def wait(self, timeout: float | None = None) -> bool:
        """True: the owner's process, not this object, holds the work."""
        del timeout
        return True

    def progress(self, done: int, total: int, what: str = "") -> None:
        """A progress reply of the request."""
        if not self._ended:
            self.signals.progressed.emit(done, total, what)

    def finish(self, result: object) -> None:
        """The request's result came."""
        if not self._ended:
            self._end()
            self.signals.finished.emit(result)

    def fail(self, message: str) -> None:
        """The request failed, or the process died: `message` in one line."""
        if not self._ended:
            self._end()
            self.signals.failed.emit(message)

    def _end(self) -> None:
        """Ended: let go of the owner's calls (and the request they hold) now."""
        self._ended = True
        self._begin = self._stop = _nothing


def _nothing() -> None:
    """What an ended `ReplyJob` begins or stops."""


@dataclass(eq=False, slots=True)
class _Running:
    """A started job, its worker, its caller's callbacks and its latest progress."""

    key: Hashable
    worker: JobHandle
    on_finished: Callable[[Any], None]
    on_failed: Callable[[str], None] | None
    on_cancelled: Callable[[], None] | None
    report_first: bool
    progress: tuple[int, int, str] | None = None


class JobRunner(QObject):
    """Runs jobs under keys; a new job cancels only the running job of its key.

    A job is the key's *current* one from `start` until its end is delivered, or a
    newer job under the key supersedes it, or `discard_all`. Only a current job's
    progress and end reach anyone; a superseded job is cancelled and its reports
    are dropped.

    The end of a current job is delivered once, in an order that lets callers
    keep their signals in order:

    - finished: `on_finished(result)` runs while the job is still current (a
      follow-up job it starts under the same key supersedes it, so the runner stays
      busy throughout), then the job ends: "not busy" comes after the new state.
    - failed: the job ends, then `on_failed(message)`: "not busy", then why.
    - cancelled: the job ends, then `on_cancelled()`.

    A caller whose own signals always put the end before "not busy" (the
    significance tests') starts its jobs with `report_first`: `on_failed` and
    `on_cancelled` then run while the job is still current, as `on_finished` does.

    Signals:
        busy_changed: True when a job starts and none was running, False when the
            last running job ends.
        progress_changed: (done, total, what) of the most recently started job that
            is still running; when it ends, the progress of the next most recent
            (its latest report, if it has made one). Not a sum: jobs count
            different things (pieces of files, segments), so summed numbers would
            mean nothing, and the newest job is the one the user just asked for.
    """

    busy_changed = Signal(bool)
    progress_changed = Signal(int, int, str)

    def __init__(
        self, parent: QObject | None = None, *, pool: QThreadPool | None = None
    ) -> None:
        """A runner whose `Worker` jobs run on `pool` (Qt's global pool by default)."""
        super().__init__(parent)
        self._pool = pool
        # Current jobs in the order they started: the last one is the one whose
        # progress is shown.
        self._jobs: dict[Hashable, _Running] = {}
        self._busy = False  # as last announced by `busy_changed`

    @property
    def is_busy(self) -> bool:
        """Whether any job is running."""
        return bool(self._jobs)

    def is_running(self, key: Hashable) -> bool:
        """Whether a job is running under `key`."""
        return key in self._jobs

    def worker(self, key: Hashable) -> JobHandle | None:
        """The worker of the job running under `key`, if any (to wait for it)."""
        job = self._jobs.get(key)
        return job.worker if job is not None else None

    def start(
        self,
        key: Hashable,
        worker: JobHandle,
        on_finished: Callable[[Any], None],
        *,
        on_failed: Callable[[str], None] | None = None,
        on_cancelled: Callable[[], None] | None = None,
        after_ms: int | None = None,
        report_first: bool = False,
    ) -> None:
        """Start a job under `key`, superseding (cancelling) the key's running one.

        Args:
            key: what the job's result replaces (a small frozen value or string).
            worker: the job, not yet started: a `Worker` (on the runner's thread
                pool) or a `SliceWorker` (on the GUI thread, for short pure-Python
                work), `bleu_gui.workers` says which when; or a `ReplyJob` of
                work in a process or a future.
            on_finished: gets the result (see the class docstring for the order).
            on_failed: gets the one-line message of a failure.
            on_cancelled: called when the job stopped because it was cancelled.
            after_ms: start the work this much later; the job is running (and can
                be cancelled or superseded) from now on.
            report_first: deliver a failure or a cancel before the job ends
                (see the class docstring).
        """
        previous = self._jobs.pop(key, None)
        if previous is not None:
            previous.worker.cancel()
        begin: Callable[[], None] = (
            partial(worker.start, self._pool)
            if isinstance(worker, Worker)
            else worker.start
        )
        job = _Running(key, worker, on_finished, on_failed, on_cancelled, report_first)
        self._jobs[key] = job
        # Lambdas, guarded by `_is_gone` in each handler: not the runner's methods
        # found by `sender()`, which Qt may give for a queued report whose sender
        # (the worker's signals) is already deleted, a dangling object (a
        # segmentation fault under load); not a relay object per job, whose
        # Python wrapper Qt's parent does not keep (a crash too).
        signals = worker.signals
        signals.progressed.connect(
            lambda done, total, what: self._on_progress(job, done, total, what)
        )
        signals.finished.connect(lambda result: self._on_finished(job, result))
        signals.failed.connect(lambda message: self._on_failed(job, message))
        signals.cancelled.connect(lambda: self._on_cancelled(job))
        self._announce_busy()
        if after_ms is None:
            begin()
        else:
            # The runner as the timer's context: deleted with its session before
            # the time comes, it starts no worker for a session that is gone.
            QTimer.singleShot(after_ms, self, begin)

    def fail(self, key: Hashable, message: str) -> None:
        """End the key's job as failed with `message`, as if its worker had failed.

        For a caller's `on_finished` whose result is a refusal it recognises (a
        typed result): "not busy", then the job's `on_failed(message)`; whatever
        the caller emits after this call comes after both.
        """
        job = self._jobs.get(key)
        if job is not None:
            self._on_failed(job, message)

    def cancel(self, key: Hashable) -> None:
        """Ask the key's running job to stop.

        It stays the key's current job until its worker reports the end:
        `cancelled`, or its result if it had finished before it saw the request.
        """
        job = self._jobs.get(key)
        if job is not None:
            job.worker.cancel()

    def cancel_all(self) -> None:
        """Ask every running job to stop (as `cancel`, for each key)."""
        for job in self._jobs.values():
            job.worker.cancel()

    def discard_all(self, then: Callable[[], None] | None = None) -> None:
        """Cancel every job and forget it at once: none of its reports is delivered.

        `then()` runs once they are forgotten (`is_busy` is False) and before
        `busy_changed(False)`: the caller's new state, which listeners to
        `busy_changed` then find in place. No callback of a discarded job runs.
        """
        jobs = list(self._jobs.values())
        self._jobs.clear()
        for job in jobs:
            job.worker.cancel()
        if then is not None:
            then()
        self._announce_busy()

    def shutdown(self, timeout: float = 5.0) -> bool:
        """Cancel every job and wait up to `timeout` seconds in all for their ends.

        On application exit. True if nothing of them runs any more. Their
        `cancelled` reports are delivered as usual, at the next event-loop turns.
        """
        deadline = time.monotonic() + timeout
        workers = [job.worker for job in self._jobs.values()]
        for worker in workers:
            worker.cancel()
        ended = True
        for worker in workers:
            ended &= worker.wait(max(0.0, deadline - time.monotonic()))
        return ended

    # --- reports of the workers (GUI thread) --------------------------------------

    def _is_gone(self) -> bool:
        """Whether this runner's C++ half was deleted (its session is gone).

        A worker may report after that; its report then reaches nobody. Before,
        it emitted on the deleted runner: "Signal source has been deleted".
        """
        return not shiboken6.isValid(self)

    def _is_current(self, job: _Running) -> bool:
        return not self._is_gone() and self._jobs.get(job.key) is job

    def _shown(self) -> _Running | None:
        """The job whose progress is shown: the most recently started one."""
        return next(reversed(self._jobs.values()), None)

    def _on_progress(self, job: _Running, done: int, total: int, what: str) -> None:
        if self._is_current(job):
            job.progress = done, total, what
            if self._shown() is job:
                self.progress_changed.emit(done, total, what)

    def _on_finished(self, job: _Running, result: Any) -> None:
        if not self._is_current(job):
            return  # superseded by a newer job of its key
        job.on_finished(result)  # the new state first, then "no longer busy"
        if self._is_current(job):  # not superseded by a follow-up, nor failed
            self._end(job)

    def _on_failed(self, job: _Running, message: str) -> None:
        on_failed = job.on_failed
        report = None if on_failed is None else partial(on_failed, message)
        self._deliver_end(job, report)

    def _on_cancelled(self, job: _Running) -> None:
        self._deliver_end(job, job.on_cancelled)

    def _deliver_end(self, job: _Running, report: Callable[[], None] | None) -> None:
        """A failure or a cancel of `job`: end it and `report`, in the job's order."""
        if not self._is_current(job):
            return  # superseded by a newer job of its key
        if not job.report_first:
            self._end(job)
        if report is not None:
            report()
        if job.report_first and self._is_current(job):  # not followed up
            self._end(job)

    def _end(self, job: _Running) -> None:
        """`job` ended: forget it; say "not busy", or show the next job's progress."""
        shown = self._shown() is job
        del self._jobs[job.key]
        self._announce_busy()
        following = self._shown()
        if shown and following is not None and following.progress is not None:
            self.progress_changed.emit(*following.progress)

    def _announce_busy(self) -> None:
        """Emit `busy_changed` if being busy changed since it was last emitted.

        Not on every start and end: a job that supersedes another, or a follow-up
        started from `on_finished` (or from `discard_all`'s `then`), continues the
        work the window already shows.
        """
        busy = bool(self._jobs)
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)
