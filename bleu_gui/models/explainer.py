"""Explanations of long segments, computed in a worker process.

Explaining a sentence tokenizes its texts, locates the tokens in them and counts
every n-gram: quick for a sentence, seconds for a document on one line, even with
the occurrences bounded by `core.explain.HIGHLIGHT_LIMIT` (docs/design.md has the
numbers). Those are regular-expression calls and Python
loops that hold the GIL, so on a thread of the GUI process they would freeze every
paint (see `core.parallel`); they run in a process of their own instead, and only
the result, bounded, comes back.

Short segments are explained at once, on the GUI thread, as before: starting a
process for them would cost more than the work.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future

from PySide6.QtCore import QObject, QTimer, Signal

from bleu_gui.core import BleuConfig
from bleu_gui.core.explain import (
    ExplainRequest,
    SentenceExplanation,
    explain_or_why_not,
)
from bleu_gui.core.parallel import PoolClosedError, WorkerDiedError, WorkerPool
from bleu_gui.io import Corpus

__all__ = ["LONG_SEGMENT_CHARS", "ExplainKey", "Explainer", "is_long"]

# From this many characters (hypothesis and references together) on, a segment is
# explained in the worker process: below, explaining it takes tens of
# milliseconds at most.
LONG_SEGMENT_CHARS = 20_000
_log = logging.getLogger(__name__)

# How often a running explanation is checked for its end.
_POLL_MS = 20


def is_long(request: ExplainRequest) -> bool:
    """Whether `request`'s segment is to be explained in the worker process."""
    size = len(request.hypothesis) + sum(
        len(ref) for ref in request.references if ref is not None
    )
    return size >= LONG_SEGMENT_CHARS


class ExplainKey:
    """Which explanation: row `row` of `corpus` (the object) under `config`."""

    __slots__ = ("config", "corpus", "row")

    def __init__(self, row: int, corpus: Corpus, config: BleuConfig) -> None:
        self.row = row
        self.corpus = corpus
        self.config = config

    def is_for(self, row: int, corpus: Corpus | None, config: BleuConfig) -> bool:
        """Whether explaining `row` of `corpus` under `config` would give this one."""
        return self.row == row and self.corpus is corpus and self.config == config


class Explainer(QObject):
    """Explains long segments in a worker process, one at a time.

    A new request supersedes the pending one. Short segments are for
    `Session.explain`, at once (see `is_long`).

    Signals:
        finished: (key, explanation or why not) of the request `start`ed last.
            Never for a superseded or cancelled request.
    """

    finished = Signal(object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool: WorkerPool | None = None
        self._pending: tuple[ExplainKey, Future[SentenceExplanation | str]] | None = (
            None
        )
        self._poll = QTimer(self)
        self._poll.setInterval(_POLL_MS)
        self._poll.timeout.connect(self._check)

    @property
    def pending(self) -> ExplainKey | None:
        """The request being explained in the worker process, if any."""
        return self._pending[0] if self._pending is not None else None

    def start(self, key: ExplainKey, request: ExplainRequest) -> None:
        """Explain `request` in the worker process; `finished` brings the result.

        The pending request, if any, is dropped.
        """
        self.cancel()
        if self._pool is None or self._pool.broken:
            self._pool = WorkerPool(1)
        future = self._pool.submit(explain_or_why_not, request)
        self._pending = (key, future)
        self._poll.start()

    def cancel(self) -> None:
        """Drop the pending request; a running one stops with its process."""
        pending, self._pending = self._pending, None
        self._poll.stop()
        if pending is None or pending[1].cancel():
            return
        if not pending[1].done():
            # The only worker is busy with a segment nobody looks at any more, for
            # seconds: stop it, a new one starts with the next long segment.
            self.shutdown()

    def shutdown(self) -> None:
        """Stop the worker process (on exit); a later request starts another."""
        self._pending = None
        self._poll.stop()
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()

    def _check(self) -> None:
        pending = self._pending
        if pending is None:
            self._poll.stop()
            return
        key, future = pending
        if not future.done():
            return
        self._pending = None
        self._poll.stop()
        pool = self._pool
        try:
            result = pool.result(future) if pool is not None else future.result()
        except (WorkerDiedError, PoolClosedError) as error:
            self._pool = None
            result = str(error)
        except Exception as error:  # a bug: said in one line, logged in full
            _log.exception("explaining sentence %d failed", key.row + 1)
            result = f"could not explain this sentence: {error}"
        self.finished.emit(key, result)
