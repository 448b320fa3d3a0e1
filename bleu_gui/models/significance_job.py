"""The window's significance tests, run without ever blocking it.

A paired bootstrap or randomization test scores every resample in pure Python
(sacreBLEU's arithmetic, so that its numbers are sacreBLEU's): seconds for large
corpora, all of them holding the GIL. `SignificanceJob` hands each request to a
`core.significance_process.SignificanceProcess` and watches its replies from the
event loop (a timer polls them while a test runs), so the GUI thread only ever
posts a request and reads small replies.

One test at a time: each request is a `models.jobs.ReplyJob` under one key of a
`JobRunner`, so a newer request supersedes the running one the way every job of the
application is superseded, and nothing of it (progress, result) is reported even if
its replies arrive later. The process's replies carry the number of their request;
the job polls them and feeds those of the test the process works on to that test's
job. Cancel is immediate for the caller (`cancelled` at once); the process drops
the test at its next block of resamples. The process is started at the first
request, kept for the next ones, and stopped by `shutdown`; one that died (killed
for want of memory) fails its test in one line and is replaced at the next
request.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from PySide6.QtCore import QObject, QSignalBlocker, QTimer, Signal

from bleu_gui.core.margin import Margin, MarginRequest, NoMargin
from bleu_gui.core.significance import AllPairsResult, PairedTestResult
from bleu_gui.core.significance_process import (
    SignificanceFailed,
    SignificanceFinished,
    SignificanceProcess,
    SignificanceProgress,
    SignificanceRequest,
    text_groups,
)
from bleu_gui.models.jobs import JobRunner, ReplyJob

__all__ = [
    "DIED_MESSAGE",
    "POLL_MS",
    "SignificanceJob",
    "SignificanceRequest",
    "text_groups",
]

POLL_MS = 20
"""How often the test's process is asked for replies while a test runs."""

DIED_MESSAGE = (
    "the significance test's process ended unexpectedly (out of memory?); "
    "run the test again"
)

Result = PairedTestResult | AllPairsResult | Margin | NoMargin
Request = SignificanceRequest | MarginRequest


class _Key(Enum):
    """The one key of the tests' jobs: a newer test supersedes the running one."""

    TEST = "significance test"


@dataclass(frozen=True, slots=True, eq=False)
class _Test:
    """The test the process works on: its request's number, the request, its job."""

    number: int
    request: Request
    job: ReplyJob


class SignificanceJob(QObject):
    """Runs one significance test at a time in a process of its own.

    Signals:
        busy_changed: True when a test starts and none was running, False when
            the running test ends (finished, failed or cancelled).
        progress_changed: (done, total) resamples or trials of the running test.
        finished: (request, result): the core's frozen `PairedTestResult` or
            `AllPairsResult` of the request `start`ed last (for a
            `core.margin.MarginRequest`, its `Margin` or `NoMargin`).
        failed: (request, one-line message).
        cancelled: (request): `cancel` stopped it.
    """

    busy_changed = Signal(bool)
    progress_changed = Signal(int, int)
    finished = Signal(object, object)
    failed = Signal(object, str)
    cancelled = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._process: SignificanceProcess | None = None
        self._number = 0  # the newest request's number
        # The test the process works on, until its job ends: its replies go there.
        self._test: _Test | None = None
        self._jobs = JobRunner(self)
        self._jobs.busy_changed.connect(self.busy_changed)
        self._jobs.progress_changed.connect(
            lambda done, total, _: self.progress_changed.emit(done, total)
        )
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._on_poll)

    @property
    def is_running(self) -> bool:
        """Whether a test was started and has not ended."""
        return self._test is not None

    @property
    def pending(self) -> Request | None:
        """The running test's request, if any."""
        return self._test.request if self._test is not None else None

    def start(self, request: Request) -> int:
        """Run `request` in the background; supersedes a running test.

        Returns the request's number. Nothing of a superseded test is reported.
        """
        self._number += 1
        number = self._number
        job = ReplyJob(lambda: self._begin(test), lambda: self._drop(test))
        test = _Test(number, request, job)
        # The end before "not busy", as this job always said it.
        self._jobs.start(
            _Key.TEST,
            job,
            lambda result: self.finished.emit(request, result),
            on_failed=lambda message: self.failed.emit(request, message),
            on_cancelled=lambda: self.cancelled.emit(request),
            report_first=True,
        )
        return number

    def cancel(self) -> None:
        """Stop the running test: `cancelled` now, nothing more of it later."""
        self._jobs.cancel(_Key.TEST)

    def shutdown(self) -> None:
        """Stop the process (the window closes); nothing is reported any more."""
        with QSignalBlocker(self._jobs):  # not even "not busy"
            self._jobs.discard_all()
        self._test = None
        self._poll.stop()
        if self._process is not None:
            self._process.kill()
            self._process = None

    def _begin(self, test: _Test) -> None:
        """Hand `test` to the process (a new one if there is none or it died)."""
        if self._process is None or not self._process.alive:
            self._replace_process()
        assert self._process is not None
        self._test = test
        self._process.run(test.number, test.request)
        self._poll.start()

    def _drop(self, test: _Test) -> None:
        """`test`'s job was cancelled or superseded: the process drops it."""
        if self._test is test:
            self._forget()
        if self._process is not None:
            self._process.cancel(test.number)

    def _forget(self) -> None:
        """The process's test ended: no replies are awaited any more."""
        self._test = None
        self._poll.stop()

    def _replace_process(self) -> None:
        if self._process is not None:
            self._process.kill()
        self._process = SignificanceProcess()

    def _on_poll(self) -> None:
        process, test = self._process, self._test
        if process is None or test is None:
            self._poll.stop()
            return
        progress: SignificanceProgress | None = None
        for reply in process.replies():
            if reply.request != test.number:
                continue  # of an ended test, whose job has reported its end
            if isinstance(reply, SignificanceProgress):
                progress = reply
            elif isinstance(reply, SignificanceFinished):
                self._forget()
                test.job.finish(reply.result)
                return
            elif isinstance(reply, SignificanceFailed):
                self._forget()
                test.job.fail(reply.message)
                return
        if progress is not None:
            test.job.progress(progress.done, progress.total)
        if not process.alive:
            process.kill()
            self._process = None
            self._forget()
            test.job.fail(DIED_MESSAGE)
