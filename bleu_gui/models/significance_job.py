"""The window's significance tests, run without ever blocking it.

A paired bootstrap or randomization test scores every resample in pure Python
(sacreBLEU's arithmetic, so that its numbers are sacreBLEU's): seconds for large
corpora, all of them holding the GIL. `SignificanceJob` hands each request to a
`core.significance_process.SignificanceProcess` and watches its replies from the
event loop (a timer polls them while a test runs), so the GUI thread only ever
posts a request and reads small replies.

One test at a time: a newer request supersedes the running one, whose progress and
result are never reported, even if they arrive later (replies carry the number of
their request). Cancel is immediate for the caller (`cancelled` at once); the
process drops the test at its next block of resamples. The process is started at
the first request, kept for the next ones, and stopped by `shutdown`; one that died
(killed for want of memory) fails its test in one line and is replaced at the next
request.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject, QTimer, Signal

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
        self._number = 0  # the newest request's number; replies of others drop
        self._pending: Request | None = None
        self._busy = False  # as last announced by `busy_changed`
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._on_poll)

    @property
    def is_running(self) -> bool:
        """Whether a test was started and has not ended."""
        return self._pending is not None

    @property
    def pending(self) -> Request | None:
        """The running test's request, if any."""
        return self._pending

    def start(self, request: Request) -> int:
        """Run `request` in the background; supersedes a running test.

        Returns the request's number. Nothing of a superseded test is reported.
        """
        self._number += 1
        self._pending = request
        if self._process is None or not self._process.alive:
            self._replace_process()
        assert self._process is not None
        self._process.run(self._number, request)
        self._poll.start()
        self._announce()
        return self._number

    def cancel(self) -> None:
        """Stop the running test: `cancelled` now, nothing more of it later."""
        request = self._pending
        if request is None:
            return
        if self._process is not None:
            self._process.cancel(self._number)
        self._end(lambda: self.cancelled.emit(request))

    def shutdown(self) -> None:
        """Stop the process (the window closes); nothing is reported any more."""
        self._pending = None
        self._busy = False
        self._poll.stop()
        if self._process is not None:
            self._process.kill()
            self._process = None

    def _replace_process(self) -> None:
        if self._process is not None:
            self._process.kill()
        self._process = SignificanceProcess()

    def _end(self, report: Callable[[], None]) -> None:
        """The test ended: `report` it, then "not busy" unless `report` started one."""
        self._pending = None
        self._poll.stop()
        report()
        self._announce()

    def _announce(self) -> None:
        """Emit `busy_changed` if being busy changed since it was last emitted."""
        busy = self._pending is not None
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)

    def _on_poll(self) -> None:
        process, request = self._process, self._pending
        if process is None or request is None:
            self._poll.stop()
            return
        progress: SignificanceProgress | None = None
        for reply in process.replies():
            if reply.request != self._number:
                continue  # superseded or cancelled
            if isinstance(reply, SignificanceProgress):
                progress = reply
            elif isinstance(reply, SignificanceFinished):
                self._end(partial(self.finished.emit, request, reply.result))
                return
            elif isinstance(reply, SignificanceFailed):
                self._end(partial(self.failed.emit, request, reply.message))
                return
        if progress is not None:
            self.progress_changed.emit(progress.done, progress.total)
        if not process.alive:
            process.kill()
            self._process = None
            self._end(lambda: self.failed.emit(request, DIED_MESSAGE))
