"""Run the core's step generators without freezing the GUI.

The core exposes long computations as generators that yield progress and return a
result (`bleu_gui.core.steps`). A `Worker` drives one on Qt's thread pool; a
`SliceWorker` drives one on the GUI thread, a time slice per event-loop turn. Both
check a cancel flag between steps, throttle progress signals to a few per second,
and report exactly one of `finished`, `failed` or `cancelled`. A `Worker` never
touches a widget: it only emits, and Qt queues the signals to the GUI thread.

Which to use is decided by the GIL, not by how long the work takes: see `Worker`.

A worker lets go of everything once its end is reported. The slots of its
`models.jobs.JobRunner` capture the job (to tell a current job from a superseded
one), and its owner's callbacks the data the job was for; those slots are held by
the worker's signals object on the C++ side, where Python's garbage collector
cannot see them, so the cycle would keep every finished job and its corpus alive
for the rest of the session. So the job is dropped
when it ends, and the signals object (C++-owned, never deleted by Python from a
pool thread) is deleted by Qt on the GUI thread once its last signal is delivered,
which releases the slots. A `Worker` asks for that deletion from its pool thread
after its last emission has returned (`Worker._run`): never while it still emits.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, TypeVar

# QtCore only: pyproject.toml bans the rest of PySide6 here, QtWidgets and
# QtCharts with their own message (a worker never touches a widget).
from PySide6.QtCore import (  # noqa: TID251
    QCoreApplication,
    QMetaObject,
    QObject,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)

from bleu_gui.core import ConfigError
from bleu_gui.core.parallel import WorkerDiedError
from bleu_gui.gui_pace import Pace, pace
from bleu_gui.io import InputError

__all__ = [
    "Job",
    "Partial",
    "SliceWorker",
    "Worker",
    "WorkerSignals",
    "blocking_call",
]


@dataclass(frozen=True, slots=True)
class Partial:
    """A job's intermediate result, worth showing before the job ends."""

    value: Any


# A job: a generator of progress items (done, total, label) and `Partial`s, returning
# its result.
Job = Generator[tuple[int, int, str] | Partial, None, Any]

_PROGRESS_INTERVAL = 0.1  # seconds between progress signals

# Where a job's unexpected errors go with their traceback (`bleu_gui.logs` sends it
# to a file and stderr): the user only sees one line.
logger = logging.getLogger(__name__)


class WorkerSignals(QObject):
    """Signals of a `Worker` (a QRunnable is not a QObject, so it cannot have them).

    Signals:
        progressed: (done, total, label) at most every 0.1 s.
        partial: an intermediate result (see `Partial`).
        finished: the job's result.
        failed: a one-line message for the user.
        cancelled: the job stopped because it was asked to.
    """

    progressed = Signal(int, int, str)
    partial = Signal(object)
    finished = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def delete_after_the_end(self, target: QObject) -> None:
        """Have Qt delete `target` (this object or its parent) after the end signal.

        `deleteLater` only posts the deletion to `target`'s thread: it happens after
        every slot of the end signal ran (queued or direct), never inside one. For
        signals emitted on `target`'s own thread only (`SliceWorker`): a `Worker`'s
        end is emitted on a pool thread, which must have left the emission before
        the deletion can run (see `Worker._run`).
        """
        for end in (self.finished, self.failed, self.cancelled):
            end.connect(target.deleteLater)


def _owned_by_qt(parent: QObject | None) -> QObject | None:
    """`parent`, or the application: an owner on the C++ side.

    A QObject with a parent is never deleted by Python's reference counting (which
    may drop the last reference on any thread, or inside the object's own slot),
    only by its parent or by `deleteLater`.
    """
    return parent if parent is not None else QCoreApplication.instance()


class _Driver:
    """Advances one job step by step and turns each step into a signal.

    Shared by `Worker` (all steps on a pool thread) and `SliceWorker` (a few steps
    per event-loop turn on the GUI thread), so that both report alike.
    """

    def __init__(
        self,
        make_job: Callable[[], Job],
        signals: WorkerSignals,
        is_cancelled: Callable[[], bool],
    ) -> None:
        self._make_job = make_job
        self._job: Job | None = None
        self._signals = signals
        self._is_cancelled = is_cancelled
        self._last = 0.0

    def step(self) -> bool:
        """Run one step; False once the job has ended and its end was reported.

        A job cancelled while its last step ran reports `cancelled`, not its result
        or its error. After the end the job and its factory are dropped (with the
        data they hold), whoever still holds the worker.
        """
        ongoing = self._step()
        if not ongoing:
            self._make_job = _ended
            self._job = None
        return ongoing

    def _step(self) -> bool:
        signals = self._signals
        try:
            if self._job is None:
                self._job = self._make_job()
            if self._is_cancelled():
                self._job.close()
                signals.cancelled.emit()
                return False
            try:
                step = next(self._job)
            except StopIteration as end:
                if self._is_cancelled():
                    signals.cancelled.emit()
                else:
                    signals.finished.emit(end.value)
                return False
            if isinstance(step, Partial):
                signals.partial.emit(step.value)
                return True
            done, total, label = step
            now = time.monotonic()
            if now - self._last >= _PROGRESS_INTERVAL:
                self._last = now
                signals.progressed.emit(done, total, label)
            return True
        except Exception as error:
            if self._is_cancelled():
                # Whatever broke after a cancel (the session stopping the worker
                # processes this job was waiting on) is not news to the user.
                signals.cancelled.emit()
            elif isinstance(error, InputError | ConfigError | WorkerDiedError):
                signals.failed.emit(" ".join(str(error).split()))
            elif isinstance(error, ValueError):
                # The emulated library's refusal (one line is all the user needs),
                # or a bug that raised ValueError: the traceback tells which.
                logger.info("a job stopped: %s", error, exc_info=error)
                signals.failed.emit(" ".join(str(error).split()))
            else:  # a bug: one line for the user, the traceback in the log
                logger.error("internal error in a background job", exc_info=error)
                signals.failed.emit(f"internal error ({type(error).__name__}): {error}")
        return False


def _ended() -> Job:
    """The factory of a job that has ended (see `_Driver.step`)."""
    raise RuntimeError("this job has ended")


class Worker:
    """Drives one job on a thread pool; cancel() stops it between two steps.

    Errors a user can cause (bad files, impossible options) and errors the emulated
    library would raise become `failed` with their one-line message; anything else is
    a bug, and is reported the same way with its type, so the GUI never shows a
    traceback and never waits forever.

    Only for jobs whose heavy work runs elsewhere (worker processes, I/O): a thread
    that computes in Python holds the GIL, and then every call from Qt into Python on
    the GUI thread waits for it (see `bleu_gui.core.parallel`). Short pure-Python
    work belongs in a `SliceWorker`. Between two steps a worker started on the GUI
    thread gives way while that thread is in a long turn (`bleu_gui.gui_pace`).
    """

    def __init__(self, make_job: Callable[[], Job]) -> None:
        self.signals = WorkerSignals(_owned_by_qt(None))
        self._cancel = threading.Event()
        self._driver = _Driver(make_job, self.signals, self._cancel.is_set)
        self._done = threading.Event()
        self._awaited = threading.Event()
        self._started = False
        self._pace: Pace | None = None
        self._started_at = 0.0

    def start(self, pool: QThreadPool | None = None) -> None:
        """Queue the job on `pool` (the global pool by default).

        The pool is given a function, not a `QRunnable`: PySide keeps a runnable
        that does not delete itself for as long as the pool lives.
        """
        self._started = True
        self._pace = pace()
        if self._pace is not None:
            self._started_at = self._pace.now()
        (pool or QThreadPool.globalInstance()).start(self._run)

    def cancel(self) -> None:
        """Ask the job to stop at its next step."""
        self._cancel.set()

    @property
    def is_cancelled(self) -> bool:
        """Whether cancel() was called."""
        return self._cancel.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job ended (for tests and shutdown); True if it did.

        A job cancelled before it was started has nothing running: True at once
        (started later, it reports `cancelled` and does nothing else).
        """
        if self._cancel.is_set() and not self._started:
            return True
        self._awaited.set()  # whoever waits is not painting: do not give way to it
        return self._done.wait(timeout)

    def _run(self) -> None:
        given_way = self._pace
        try:
            while True:
                if given_way is not None:
                    given_way.give_way(self._must_go_on, self._started_at)
                if not self._driver.step():
                    break
        finally:
            if given_way is not None:
                given_way.release()
            try:
                # Asked for here, once the end signal's emission has returned, not by
                # connecting the end signal to `deleteLater`: that deletion could run
                # on the GUI thread while this thread was still inside the emission
                # (it posts to each receiver in turn), and deleting a sender during
                # another thread's emission leaves Qt a freed connection list. Queued
                # after the end's reports, so it comes after them; and `deleteLater`
                # itself runs on the GUI thread (called from here it would carry no
                # event-loop level, and a modal dialog opened by an end slot would
                # delete the object under that slot).
                QMetaObject.invokeMethod(
                    self.signals, "deleteLater", Qt.ConnectionType.QueuedConnection
                )
            except RuntimeError:  # already deleted, with the application
                pass
            finally:
                self._done.set()

    def _must_go_on(self) -> bool:
        """Whether the next step may not wait for the GUI thread."""
        return self._cancel.is_set() or self._awaited.is_set()


class SliceWorker(QObject):
    """Drives one job on the GUI thread, a slice of steps per event-loop turn.

    For pure-Python work of up to a second or so on data the GUI holds (searching
    the texts of a large corpus): on a thread it would hold the GIL and stall every
    paint, here it runs in slices of about `budget` seconds between which the event
    loop runs, so the window stays responsive and a newer request can cancel it.
    Reports exactly like a `Worker`.
    """

    def __init__(
        self,
        make_job: Callable[[], Job],
        parent: QObject | None = None,
        *,
        budget: float = 0.01,
    ) -> None:
        super().__init__(_owned_by_qt(parent))
        self.signals = WorkerSignals(self)
        self._cancel = threading.Event()  # not a bound method: no cycle via the driver
        self._driver = _Driver(make_job, self.signals, self._cancel.is_set)
        self._budget = budget
        self._done = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._run_slice)

    def start(self) -> None:
        """Run the first slice at the next event-loop turn."""
        self.signals.delete_after_the_end(self)
        self._timer.start()

    def cancel(self) -> None:
        """Stop the job before its next slice; `cancelled` is reported then."""
        self._cancel.set()

    @property
    def is_cancelled(self) -> bool:
        """Whether cancel() was called."""
        return self._cancel.is_set()

    @property
    def is_done(self) -> bool:
        """Whether the job has ended (finished, failed or cancelled)."""
        return self._done

    def wait(self, timeout: float | None = None) -> bool:
        """True: nothing of this job runs in the background (as `Worker.wait`).

        After cancel() no step of the job runs again; its end is reported at the
        next event-loop turn.
        """
        del timeout
        return True

    def _run_slice(self) -> None:
        end = time.monotonic() + self._budget
        while self._driver.step():
            if time.monotonic() >= end:
                self._timer.start()
                return
        self._done = True


_T = TypeVar("_T")

# How long one step of `blocking_call` waits for the call: short enough that a
# slice of a `SliceWorker` ends on time, long enough not to spin.
_BLOCKING_POLL_SECONDS = 0.005


def blocking_call(
    call: Callable[[], _T], label: Callable[[], str]
) -> Generator[tuple[int, int, str], None, _T]:
    """Steps that wait for `call()`, run on a thread of its own, and return its result.

    For system calls that may block for ever (`open()` of a named pipe, a file on a
    hung network mount) in a job driven on the GUI thread: each step waits a few
    milliseconds at most, so the window stays responsive and Cancel stops the job.
    A cancelled job leaves the call behind on a daemon thread, which ends when the
    call returns (its result is dropped) or with the process. `call`'s exception is
    raised here. `label()` is asked at each step for the progress text: it may
    change while the call waits (say what it waits for).
    """
    done = threading.Event()
    outcome: list[_T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as error:  # handed to the job, raised there
            failure.append(error)
        finally:
            done.set()

    threading.Thread(target=run, name=f"blocking: {label()}", daemon=True).start()
    while not done.wait(_BLOCKING_POLL_SECONDS):
        yield 0, 1, label()
    if failure:
        raise failure[0]
    return outcome[0]
