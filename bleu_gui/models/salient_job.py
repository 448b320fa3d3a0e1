"""The salient n-grams of the window's pair, computed in the background.

`core.salient.iter_salient_ngrams` takes a blink for the demo's 500 segments and
seconds for 100,000, so it never runs on the GUI thread: a `Worker` drives it under
the `JobRunner` key "salient" (a new pair supersedes the running count), and for a
large corpus its blocks are counted in the session's worker processes
(`Session.worker_pool`), so that the driving thread only merges counts.

What the lists show depends on the two systems' tokens only: they are counted
again when the pair changes (another baseline or shown system) or when the systems
are tokenized anew (tokenizer or case); a change of smoothing re-scores without new
tokens and keeps them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.salient import SalientOrder, iter_salient_ngrams
from bleu_gui.core.scoring import TokenizedCorpus
from bleu_gui.core.steps import relabel
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.workspace import System, SystemId, TokensKey
from bleu_gui.workers import Job, Worker

__all__ = ["SALIENT_KEY", "SALIENT_ORDERS", "SalientJob", "SalientRequest"]

SALIENT_KEY = "salient"
# The orders listed (the list's order buttons are 1-4, BLEU's default orders).
SALIENT_ORDERS = 4
_WHAT = "finding salient n-grams"


@dataclass(frozen=True, slots=True, eq=False)
class SalientRequest:
    """What one count is for: two systems and the tokens they were scored by.

    Two requests are the same when they name the same systems by the same names
    and their tokens have the same keys (`System.tokens_key`: a re-tokenize or
    an edit makes new ones; a smoothing change does not).
    """

    a: SystemId
    b: SystemId
    names: tuple[str, str]
    tokens_a: TokenizedCorpus
    tokens_b: TokenizedCorpus
    keys: tuple[TokensKey, TokensKey]

    @staticmethod
    def of(
        a: System, b: System, names: tuple[str, str] | None = None
    ) -> SalientRequest | None:
        """The request for baseline `a` and shown `b`; None until both have tokens.

        `names`: how the lists name A and B (default: the systems' names).
        """
        if a.tokenized is None or b.tokenized is None:
            return None
        if a.tokenizer_key != b.tokenizer_key:
            return None  # one of them is still being tokenized anew
        names = (a.name, b.name) if names is None else names
        keys = (a.tokens_key, b.tokens_key)
        return SalientRequest(a.id, b.id, names, a.tokenized, b.tokenized, keys)

    def same_as(self, other: SalientRequest | None) -> bool:
        """Whether `other` asks for the same count."""
        return other is not None and (self.a, self.b, self.names, self.keys) == (
            other.a,
            other.b,
            other.names,
            other.keys,
        )


class SalientJob(QObject):
    """Counts the salient n-grams of a pair, one count at a time.

    Args:
        pool_for: the worker processes for a corpus of this many segments (None:
            count on the job's thread); `Session.worker_pool`.

    Signals:
        started: (names) a count started; its result will come by `finished`.
        progressed: (done, total, what) of the running count.
        finished: (results, names): the `salient_ngrams` result of the latest
            request, for systems `names` (A, B).
        failed: (message) the latest request's count failed, in one line.
    """

    started = Signal(object)
    progressed = Signal(int, int, str)
    finished = Signal(object, object)
    failed = Signal(str)

    def __init__(
        self,
        pool_for: Callable[[int], WorkerPool | None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._pool_for = pool_for
        self._jobs = JobRunner(self)
        self._jobs.progress_changed.connect(self.progressed)
        self._request: SalientRequest | None = None
        self._results: tuple[SalientOrder, ...] | None = None

    @property
    def request(self) -> SalientRequest | None:
        """The count asked for last (running or done), if any."""
        return self._request

    @property
    def results(self) -> tuple[SalientOrder, ...] | None:
        """The finished result of `request`, if it has come."""
        return self._results

    @property
    def is_running(self) -> bool:
        """Whether a count runs."""
        return self._jobs.is_running(SALIENT_KEY)

    def request_count(self, request: SalientRequest) -> bool:
        """Count for `request`, unless it is running or done; True if started."""
        if request.same_as(self._request):
            return False
        self._request, self._results = request, None
        size = len(request.tokens_a.hypotheses)
        pool = self._pool_for(size)
        self._jobs.start(
            SALIENT_KEY,
            Worker(lambda: _count(request, size, pool)),
            lambda results: self._on_finished(request, results),
            on_failed=self.failed.emit,
        )
        self.started.emit(request.names)
        return True

    def stop(self) -> None:
        """Stop a running count (its texts are changing); the next one starts anew."""
        if self.is_running:
            self._request = None
            self._jobs.discard_all()

    def clear(self) -> None:
        """No pair: stop the running count and forget the last result."""
        self._request, self._results = None, None
        self._jobs.discard_all()

    def shutdown(self, timeout: float = 5.0) -> None:
        """Stop the running count and wait for its thread (on exit)."""
        self._jobs.shutdown(timeout)

    def _on_finished(
        self, request: SalientRequest, results: tuple[SalientOrder, ...]
    ) -> None:
        if request.same_as(self._request):  # still the latest asked for
            self._results = results
            self.finished.emit(results, request.names)


def _count(request: SalientRequest, size: int, pool: WorkerPool | None) -> Job:
    """The count as a job: progress in segments, the salient n-grams at the end."""
    yield 0, size, _WHAT
    results = yield from relabel(
        iter_salient_ngrams(
            request.tokens_a,
            request.tokens_b,
            max_order=SALIENT_ORDERS,
            pool=pool,
        ),
        lambda done: (done, size, _WHAT),
    )
    return results
