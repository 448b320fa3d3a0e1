"""Run the core's step generators off the GUI thread.

The core exposes long computations as generators that yield progress and return a
result (`bleu_gui.core.steps`). A `Worker` drives one on Qt's thread pool, checks a
cancel flag between steps, throttles progress signals to a few per second, and
reports exactly one of `finished`, `failed` or `cancelled`. It never touches a widget:
it only emits, and Qt queues the signals to the GUI thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from typing_extensions import override

from bleu_gui.core import ConfigError
from bleu_gui.io import InputError

__all__ = ["Job", "Partial", "Worker", "WorkerSignals"]


@dataclass(frozen=True, slots=True)
class Partial:
    """A job's intermediate result, worth showing before the job ends."""

    value: Any


# A job: a generator of progress items (done, total, label) and `Partial`s, returning
# its result.
Job = Generator[tuple[int, int, str] | Partial, None, Any]

_PROGRESS_INTERVAL = 0.1  # seconds between progress signals


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


class Worker(QRunnable):
    """Drives one job on a thread pool; cancel() stops it between two steps.

    Errors a user can cause (bad files, impossible options) and errors the emulated
    library would raise become `failed` with their one-line message; anything else is
    a bug, and is reported the same way with its type, so the GUI never shows a
    traceback and never waits forever.
    """

    def __init__(self, make_job: Callable[[], Job]) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.signals = WorkerSignals()
        self._make_job = make_job
        self._cancel = threading.Event()
        self._done = threading.Event()

    def start(self, pool: QThreadPool | None = None) -> None:
        """Queue the job on `pool` (the global pool by default)."""
        (pool or QThreadPool.globalInstance()).start(self)

    def cancel(self) -> None:
        """Ask the job to stop at its next step."""
        self._cancel.set()

    @property
    def is_cancelled(self) -> bool:
        """Whether cancel() was called."""
        return self._cancel.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job ended (for tests and shutdown); True if it did."""
        return self._done.wait(timeout)

    @override
    def run(self) -> None:
        try:
            self._drive()
        finally:
            self._done.set()

    def _drive(self) -> None:
        last = 0.0
        try:
            job = self._make_job()
            while True:
                if self._cancel.is_set():
                    job.close()
                    self.signals.cancelled.emit()
                    return
                try:
                    step = next(job)
                except StopIteration as end:
                    result = end.value
                    break
                if isinstance(step, Partial):
                    self.signals.partial.emit(step.value)
                    continue
                done, total, label = step
                now = time.monotonic()
                if now - last >= _PROGRESS_INTERVAL:
                    last = now
                    self.signals.progressed.emit(done, total, label)
        except (InputError, ConfigError, ValueError) as error:
            self.signals.failed.emit(" ".join(str(error).split()))
            return
        except Exception as error:  # a bug: report it, never hang the GUI
            self.signals.failed.emit(
                f"internal error ({type(error).__name__}): {error}"
            )
            return
        if self._cancel.is_set():
            self.signals.cancelled.emit()
        else:
            self.signals.finished.emit(result)
