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

One explanation at a time: each request is a `models.jobs.ReplyJob` under one key
of a `JobRunner`, so a newer request supersedes the pending one the way every job of
the application is superseded (the runner drops its result, and its future is
cancelled, or its busy process stopped).

The function run in the process is the explainer's (`explain_or_why_not` by
default); the two-system detail gives its own (`core.pair_request`), so that a
long sentence of a pair takes the same path.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from enum import Enum
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from bleu_gui.core import BleuConfig
from bleu_gui.core.explain import (
    ExplainRequest,
    explain_or_why_not,
)
from bleu_gui.core.parallel import PoolClosedError, WorkerDiedError, WorkerPool
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.io import Corpus
from bleu_gui.models.jobs import JobRunner, ReplyJob
from bleu_gui.models.workspace import TextsKey, ViewedTexts

__all__ = ["LONG_SEGMENT_CHARS", "ExplainKey", "Explainer", "is_long"]

# From this many characters (hypothesis and references together) on, a segment is
# explained in the worker process: below, explaining it takes tens of
# milliseconds at most.
LONG_SEGMENT_CHARS = 20_000
_log = logging.getLogger(__name__)

# How often a running explanation is checked for its end.
_POLL_MS = 20


class _Key(Enum):
    """The one key of the explanations' jobs: a newer one supersedes the pending."""

    EXPLAIN = "long explanation"


def is_long(request: ExplainRequest) -> bool:
    """Whether `request`'s segment is to be explained in the worker process."""
    size = len(request.hypothesis) + sum(
        len(ref) for ref in request.references if ref is not None
    )
    return size >= LONG_SEGMENT_CHARS


class ExplainKey:
    """Which explanation: row `row` of `corpus` under `config`.

    `texts` names the corpus's texts: a system's `texts_key`, a `ReadKey` for
    texts being read, None for texts nobody named (see `same_as`).
    """

    __slots__ = ("config", "corpus", "row", "texts")

    def __init__(
        self,
        row: int,
        corpus: Corpus,
        config: BleuConfig,
        texts: ViewedTexts | None = None,
    ) -> None:
        self.row = row
        self.corpus = corpus
        self.config = config
        self.texts = texts

    def same_as(self, other: ExplainKey) -> bool:
        """Whether `other` asks for this explanation: the same row, texts, config.

        A system's texts are told by their keys, never by which object the corpus
        is (issue 25): the same texts rebuilt are explained once, the very corpus
        at a later generation anew. Texts being read (a `ReadKey`) have no
        generation until a workspace takes them in as a system's; until both
        sides are a system's, the corpus object tells, so that the sentence
        explained while a corpus was being scored is not explained again when
        the very texts join the workspace.
        """
        if (self.row, self.config) != (other.row, other.config):
            return False
        if isinstance(self.texts, TextsKey) and isinstance(other.texts, TextsKey):
            return self.texts == other.texts
        return self.corpus is other.corpus


class Explainer(QObject):
    """Explains long segments in a worker process, one at a time.

    A new request supersedes the pending one (one `JobRunner` key). Short segments
    are for
    `Session.explain`, at once (see `is_long`).

    Args:
        explain: what the worker process runs on a request: a module-level
            function of a module without Qt, returning the explanation or why not
            (one line). `explain_or_why_not` of an `ExplainRequest` by default.

    Signals:
        finished: (key, explanation or why not) of the request `start`ed last.
            Never for a superseded or cancelled request.
    """

    finished = Signal(object, object)

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        explain: Callable[[Any], object] = explain_or_why_not,
    ) -> None:
        super().__init__(parent)
        self._explain = explain
        self._pool: WorkerPool | None = None
        self._jobs = JobRunner(self)
        # The request the worker process works on, until its job ends.
        self._pending: _Pending | None = None
        self._poll = QTimer(self)
        self._poll.setInterval(_POLL_MS)
        self._poll.timeout.connect(self._check)

    @property
    def pending(self) -> Any:
        """The request being explained in the worker process, if any."""
        return self._pending.key if self._pending is not None else None

    def start(self, key: Any, request: Any) -> None:
        """Explain `request` in the worker process; `finished` brings the result.

        The pending request, if any, is dropped.
        """
        job = ReplyJob(
            lambda: self._submit(key, request, job, retried=False),
            lambda: self._drop(job),
        )
        self._jobs.start(
            _Key.EXPLAIN, job, lambda result: self.finished.emit(key, result)
        )

    def _submit(self, key: Any, request: Any, job: ReplyJob, *, retried: bool) -> None:
        try:
            future = self._worker_pool().submit(self._explain, request)
        except WorkerDiedError:  # its process was killed since the last request
            self._close_pool()
            future = self._worker_pool().submit(self._explain, request)
        self._pending = _Pending(key, request, future, retried, job)
        self._poll.start()

    def cancel(self) -> None:
        """Drop the pending request; a running one stops with its process."""
        self._jobs.cancel(_Key.EXPLAIN)

    def _drop(self, job: ReplyJob) -> None:
        """`job` was cancelled or superseded: its future is not waited for."""
        pending = self._pending
        if pending is None or pending.job is not job:
            return
        self._pending = None
        self._poll.stop()
        if pending.future.cancel():
            return
        if not pending.future.done():
            # The only worker is busy with a segment nobody looks at any more, for
            # seconds: stop it, a new one starts with the next long segment.
            self._close_pool()

    def _worker_pool(self) -> WorkerPool:
        """The worker process's pool, a new one if there is none or it broke."""
        if self._pool is not None and self._pool.broken:
            self._close_pool()
        if self._pool is None:
            self._pool = WorkerPool(1)
        return self._pool

    def shutdown(self) -> None:
        """Stop the worker process (on exit); a later request starts another."""
        self._jobs.discard_all()  # nothing of the pending request is reported
        self._pending = None
        self._poll.stop()
        self._close_pool()

    def _close_pool(self) -> None:
        """Stop the worker process; the next request starts a new one."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()

    def _check(self) -> None:
        pending = self._pending
        if pending is None:
            self._poll.stop()
            return
        if not pending.future.done():
            return
        self._pending = None
        self._poll.stop()
        key, pool = pending.key, self._pool
        try:
            future = pending.future
            result = pool.result(future) if pool is not None else future.result()
        except WorkerDiedError as error:
            self._close_pool()  # the next long segment starts a new process
            if not pending.retried:  # killed while idle, noticed only now: again
                self._submit(key, pending.request, pending.job, retried=True)
                return
            result = Unavailable(str(error))
        except PoolClosedError as error:
            self._close_pool()
            result = Unavailable(str(error))
        except Exception as error:  # a bug: said in one line, logged in full
            _log.exception("explaining sentence %d failed", key.row + 1)
            result = Unavailable(f"could not explain this sentence: {error}")
        pending.job.finish(result)


@dataclass(frozen=True, slots=True)
class _Pending:
    """The request being explained: key, texts (for one retry), future, its job."""

    key: Any
    request: Any
    future: Future[Any]
    retried: bool
    job: ReplyJob
