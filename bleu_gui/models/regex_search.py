"""Regular-expression searches that can never freeze the window.

`RegexSearch` sends each search to a `core.search_process.SearchProcess` and watches
it from the event loop: replies are polled by a timer, so the GUI thread never waits
on a match. A search has a time budget counted from the moment the process begins
it; past the budget the process is killed and the search fails with `stopped_message`
(one `re.search` cannot be interrupted in any other way).

Each search is a `models.jobs.ReplyJob` that the caller runs under a key of its
`JobRunner` (`job`): the runner, not this driver, supersedes an older search with a
newer one and drops whatever the older one would still report. Cancelling a search
the process has begun kills the process (a line may hold it for ever); one it has
not begun is only forgotten, and if the process begins it anyway and does not take
up the newer search within `GRACE_MS`, it is killed and a new process searches
instead.

The texts of a test set are pickled once and kept, so that a new process gets them
without the test set being pickled again; a search of the same texts sends only the
search itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
from bleu_gui.models.jobs import ReplyJob

__all__ = ["GRACE_MS", "POLL_MS", "RegexSearch", "stopped_message"]

POLL_MS = 20
"""How often the replies of the search process are looked for while a search runs."""

GRACE_MS = 300
"""How long a running search may hold the process after a newer one was asked for."""

_NO_TEXTS = pickle_texts(SearchTexts((), (), None))


def stopped_message(seconds: float) -> str:
    """Why a search that ran out of its time budget of `seconds` failed."""
    return (
        f"search stopped after {seconds:g} s: the regular expression is "
        "too slow on these texts; simplify it"
    )


@dataclass(frozen=True, slots=True, eq=False)
class _Search:
    """A search for the process: its number (in the replies), query and job."""

    number: int
    query: TextQuery
    job: ReplyJob


class RegexSearch(QObject):
    """Runs one regular-expression search at a time, in a process it may kill.

    `job` makes a search's job; its result is the matching segments, ascending, as
    an int64 array; it fails in one line when the search could not run or ran out
    of its time budget (`stopped_message`).

    Signals:
        began: (number): the process has begun a search (its budget runs).
    """

    began = Signal(int)

    def __init__(self, parent: QObject | None = None, *, budget: float = 5.0) -> None:
        super().__init__(parent)
        self.budget = budget  # seconds a search may run in the process
        self._process: SearchProcess | None = None
        self._texts_for: object = None  # the key of the texts pickled in `_texts`
        self._texts = b""
        self._number = 0  # the newest search's number
        self._pending: _Search | None = None  # begun, its job not ended
        self._started = False  # the process has begun the pending search
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
        """Whether a search has begun and its job has not ended."""
        return self._pending is not None

    def job(
        self, key: object, texts: Callable[[], SearchTexts], query: TextQuery
    ) -> ReplyJob:
        """A job searching the texts known as `key` for `query`, to run under a key.

        `texts` is called when the job starts, and only when `key` is not the key
        of the last texts searched.
        """
        self._number += 1
        job = ReplyJob(
            lambda: self._begin(key, texts, search),
            lambda: self._stop(search),
        )
        search = _Search(self._number, query, job)
        return job

    def _begin(
        self, key: object, texts: Callable[[], SearchTexts], search: _Search
    ) -> None:
        """Send `search` to the process (one search at a time)."""
        if self._pending is not None:  # another caller's: it ends first
            self._pending.job.cancel()
        if key is not self._texts_for:
            self._texts_for, self._texts = key, pickle_texts(texts())
            if self._process is not None:
                self._process.load(self._texts)
        self._pending, self._started = search, False
        self._deadline.stop()
        if self._process is None:
            self._start_process()
        else:
            self._process.search(search.number, search.query)
        self._poll.start()

    def _stop(self, search: _Search) -> None:
        """`search`'s job was cancelled or superseded: kill the process if busy with it.

        One it has not begun is forgotten; the process skips it or, if it begins
        it still, the grace runs out (see `_on_poll`).
        """
        if self._pending is not search:
            return
        if self._started:
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
        """Stop the process (the window closes); a running search is cancelled."""
        if self._pending is not None:
            self._pending.job.cancel()
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
            self._process.search(self._pending.number, self._pending.query)

    def _kill(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process = None

    def _end(self) -> None:
        self._pending, self._started = None, False
        for timer in (self._poll, self._deadline, self._grace):
            timer.stop()

    def _on_poll(self) -> None:
        process, search = self._process, self._pending
        if process is None or search is None:
            self._poll.stop()
            return
        for reply in process.replies():
            if reply.request != search.number:  # of an ended search: no job waits
                started = isinstance(reply, SearchStarted)
                if started and not self._started and not self._grace.isActive():
                    self._grace.start()  # it may be stuck in that one
                continue
            if isinstance(reply, SearchStarted):
                self._started = True
                self._grace.stop()
                self._deadline.start(round(self.budget * 1000))
                self.began.emit(search.number)
            elif isinstance(reply, Found):
                self._end()
                search.job.finish(np.asarray(reply.rows, dtype=np.int64))
                return
            elif isinstance(reply, SearchFailed):
                self._end()
                search.job.fail(reply.message)
                return
        if not process.alive:
            self._kill()
            self._end()
            search.job.fail("the search stopped unexpectedly; try again")

    def _on_deadline(self) -> None:
        """The search ran out of time: kill it, say so."""
        search = self._pending
        if search is None:
            return
        self._kill()
        self._end()
        search.job.fail(stopped_message(self.budget))

    def _on_grace_over(self) -> None:
        """An ended search still holds the process: a new one takes the pending."""
        if self._pending is not None and not self._started:
            self._start_process()
