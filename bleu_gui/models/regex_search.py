"""Regular-expression searches that can never freeze the window.

`RegexSearch` sends each search to a `core.search_process.SearchProcess` and watches
it from the event loop: replies are polled by a timer, so the GUI thread never waits
on a match. A search has a time budget counted from the moment the process begins
it; past the budget the process is killed and `stopped` says after how long (one
`re.search` cannot be interrupted in any other way). A newer search abandons the
running one; if the process does not take the newer one up within `GRACE_MS` (a line
holds it), it is killed and a new process searches instead.

The texts of a test set are pickled once and kept, so that a new process gets them
without the test set being pickled again; a search of the same texts sends only the
search itself.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal

from bleu_gui.core.search_process import (
    Found,
    SearchFailed,
    SearchProcess,
    SearchStarted,
    pickle_texts,
)
from bleu_gui.core.text_search import SearchTexts, TextQuery

__all__ = ["GRACE_MS", "POLL_MS", "RegexSearch"]

POLL_MS = 20
"""How often the replies of the search process are looked for while a search runs."""

GRACE_MS = 300
"""How long a running search may hold the process after a newer one was asked for."""

_NO_TEXTS = pickle_texts(SearchTexts((), (), None))


class RegexSearch(QObject):
    """Runs one regular-expression search at a time, in a process it may kill.

    Signals:
        began: (request): the process has begun the search (its budget runs).
        finished: (request, rows): the segments, ascending, as an int64 array.
        failed: (request, one-line message): the search could not run.
        stopped: (request, seconds): the search ran out of its time budget.
    """

    began = Signal(int)
    finished = Signal(int, object)
    failed = Signal(int, str)
    stopped = Signal(int, float)

    def __init__(self, parent: QObject | None = None, *, budget: float = 5.0) -> None:
        super().__init__(parent)
        self.budget = budget  # seconds a search may run in the process
        self._process: SearchProcess | None = None
        self._texts_for: object = None  # the key of the texts pickled in `_texts`
        self._texts = b""
        self._request = 0  # the newest request; earlier ones are superseded
        self._pending: tuple[int, TextQuery] | None = None  # asked for, not ended
        self._started = False  # the process has begun the pending request
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._on_poll)
        self._deadline = QTimer(self)
        self._deadline.setSingleShot(True)
        self._deadline.timeout.connect(self._on_deadline)
        self._grace = QTimer(self)
        self._grace.setSingleShot(True)
        self._grace.setInterval(GRACE_MS)
        self._grace.timeout.connect(self._on_grace_over)

    @property
    def is_running(self) -> bool:
        """Whether a search has been asked for and has not ended."""
        return self._pending is not None

    def search(
        self, key: object, texts: Callable[[], SearchTexts], query: TextQuery
    ) -> int:
        """Search the texts known as `key` for `query`; returns the request number.

        `texts` is called only when `key` is not the key of the last texts searched.
        A running search is superseded: its result is never reported.
        """
        if key is not self._texts_for:
            self._texts_for, self._texts = key, pickle_texts(texts())
            if self._process is not None:
                self._process.load(self._texts)
        self._request += 1
        superseded = self._pending is not None and self._started
        self._pending, self._started = (self._request, query), False
        self._deadline.stop()
        if self._process is None:
            self._start_process()
        else:
            self._process.search(self._request, query)
            if superseded:  # the process may be stuck in it
                self._grace.start()
        self._poll.start()
        return self._request

    def cancel(self) -> None:
        """Forget the running search; kill the process if it is busy with it."""
        if self._pending is not None and self._started:
            self._kill()
        self._end()

    def forget_texts(self, keep: object = None) -> None:
        """Let go of texts no longer shown (here and in the process), unless `keep`'s.

        A running search keeps them: it is cancelled or superseded first.
        """
        if self.is_running or self._texts_for is None or self._texts_for is keep:
            return
        self._texts_for, self._texts = None, b""
        if self._process is not None:
            self._process.load(_NO_TEXTS)

    def shutdown(self) -> None:
        """Stop the process (the window closes); nothing is reported any more."""
        self._end()
        self._kill()
        self._texts_for, self._texts = None, b""

    def _start_process(self) -> None:
        """A new process, given the texts and the pending search."""
        self._kill()
        self._process = SearchProcess()
        if self._texts:
            self._process.load(self._texts)
        if self._pending is not None:
            self._process.search(*self._pending)

    def _kill(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process = None

    def _end(self) -> None:
        self._pending, self._started = None, False
        for timer in (self._poll, self._deadline, self._grace):
            timer.stop()

    def _on_poll(self) -> None:
        process = self._process
        if process is None or self._pending is None:
            self._poll.stop()
            return
        request = self._pending[0]
        for reply in process.replies():
            if reply.request != request:  # superseded
                started = isinstance(reply, SearchStarted)
                if started and not self._started and not self._grace.isActive():
                    self._grace.start()  # it may be stuck in that one
                continue
            if isinstance(reply, SearchStarted):
                self._started = True
                self._grace.stop()
                self._deadline.start(round(self.budget * 1000))
                self.began.emit(request)
            elif isinstance(reply, Found):
                self._end()
                self.finished.emit(request, np.asarray(reply.rows, dtype=np.int64))
                return
            elif isinstance(reply, SearchFailed):
                self._end()
                self.failed.emit(request, reply.message)
                return
        if not process.alive:
            self._kill()
            self._end()
            self.failed.emit(request, "the search stopped unexpectedly; try again")

    def _on_deadline(self) -> None:
        """The search ran out of time: kill it, say so."""
        if self._pending is None:
            return
        request = self._pending[0]
        self._kill()
        self._end()
        self.stopped.emit(request, self.budget)

    def _on_grace_over(self) -> None:
        """A superseded search still holds the process: a new one takes the newer."""
        if self._pending is not None and not self._started:
            self._start_process()
