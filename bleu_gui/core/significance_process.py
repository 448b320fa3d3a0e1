"""Paired significance tests in a process of their own, with progress and cancel.

`core.significance` scores every resample in a Python loop (sacreBLEU's arithmetic,
operation for operation, so that the numbers are sacreBLEU's); that loop holds the
GIL, so on a thread of the GUI process it would stall every paint (see
`core.parallel`). It runs here instead, in one spawned process that serves
requests one after another: a request carries the systems' statistics and the
test's options, the process reports progress after each block of resamples and
the result at the end. A newer request (or a cancel) waiting in the pipe makes
the process drop the running one at its next block, without a reply.

Requests go through a sending thread, so that handing over the statistics of
large corpora (megabytes through a pipe) never blocks the caller; replies are read
without waiting (`replies`).

No Qt here: `models.significance_job` drives it from the event loop.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import pickle
import queue
import threading
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection

import numpy as np
import numpy.typing as npt

from bleu_gui.core.config import BleuConfig, ConfigError
from bleu_gui.core.margin import Margin, MarginRequest, NoMargin
from bleu_gui.core.parallel import start_worker
from bleu_gui.core.significance import (
    AllPairsResult,
    PairedTest,
    PairedTestResult,
    SampleProgress,
    iter_all_pairs,
    iter_paired_test,
)
from bleu_gui.core.stats import CorpusStats

__all__ = [
    "SignificanceFailed",
    "SignificanceFinished",
    "SignificanceProcess",
    "SignificanceProgress",
    "SignificanceRequest",
    "run_request",
    "text_groups",
]

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True, eq=False)
class SignificanceRequest:
    """One significance test of some systems, as the window asks for it.

    Attributes:
        systems: each system's statistics against the same references.
        config: the scoring options (sacreBLEU's mode only).
        test: paired bootstrap or approximate randomization.
        samples: resamples (bootstrap) or trials (randomization).
        seed: the seed, `None` for unseeded.
        baseline: the position of the baseline in `systems` for a paired test of
            every other system against it (sacreBLEU's), or `None` for every pair
            at once (`core.significance.all_pairs`).
        rows: the segments to test (a subset, ascending indices), or `None` for
            all of them.
        text_groups: per system, the position of the first system whose output is
            the same text line for line (see `text_groups`), or `None` if the texts
            are not known: two systems of one group are "identical output", two
            with equal statistics only "identical statistics".
    """

    systems: tuple[CorpusStats, ...]
    config: BleuConfig
    test: PairedTest
    samples: int
    seed: int | None
    baseline: int | None = 0
    rows: npt.NDArray[np.int64] | None = None
    text_groups: tuple[int, ...] | None = None

    @property
    def order(self) -> tuple[int, ...]:
        """The systems' positions in the order the core tests them.

        For a paired test the baseline first, then the others in their order
        (the rows of `PairedTestResult.systems`); for all pairs, as given.
        """
        every = range(len(self.systems))
        if self.baseline is None:
            return tuple(every)
        return (self.baseline, *(k for k in every if k != self.baseline))


@dataclass(frozen=True, slots=True)
class SignificanceProgress:
    """Request `request` has `done` of its `total` resamples (or trials)."""

    request: int
    done: int
    total: int


@dataclass(frozen=True, slots=True)
class SignificanceFinished:
    """Request `request`'s result, the core's frozen value."""

    request: int
    result: PairedTestResult | AllPairsResult | Margin | NoMargin


@dataclass(frozen=True, slots=True)
class SignificanceFailed:
    """Request `request` could not run; `message` is one line for the user."""

    request: int
    message: str


Reply = SignificanceProgress | SignificanceFinished | SignificanceFailed


@dataclass(frozen=True, slots=True)
class _Run:
    request: int
    what: SignificanceRequest | MarginRequest


@dataclass(frozen=True, slots=True)
class _Cancel:
    request: int


def text_groups(texts: Sequence[Sequence[str]]) -> tuple[int, ...]:
    """Per system, the position of the first system with the same lines.

    Sequences of equal type compare in C, a difference usually ends the comparison
    at its first line, so this costs little even for large corpora; only the
    groups, not the texts, then travel to the test's process.
    """
    groups: list[int] = []
    for k, lines in enumerate(texts):
        same = next((g for g in range(k) if _equal_lines(texts[g], lines)), k)
        groups.append(groups[same] if same != k else k)
    return tuple(groups)


def _equal_lines(a: Sequence[str], b: Sequence[str]) -> bool:
    if len(a) != len(b):
        return False
    if type(a) is type(b) and isinstance(a, tuple | list):
        return a == b
    return all(x == y for x, y in zip(a, b, strict=True))


def run_request(
    what: SignificanceRequest | MarginRequest,
) -> Generator[
    tuple[int, int], None, PairedTestResult | AllPairsResult | Margin | NoMargin
]:
    """The core's step generator for `what`: (done, total) out, the result back.

    A margin's progress is the resamples of its running test (it runs several).

    A test keeps no reference to `what`'s statistics once it has made its
    matrices of them (`core.significance`): a caller that drops `what` too lets
    them be freed before the resampling, whose memory is then the process's peak.

    Raises:
        ConfigError: if the mode is not sacreBLEU's.
        ValueError: for systems, samples or rows the test cannot take.
    """
    if isinstance(what, MarginRequest):
        searching = what.steps()
        try:
            while True:
                step = next(searching)
                yield step.done, step.total
        except StopIteration as end:
            found: Margin | NoMargin = end.value
            return found
    systems = what.systems
    if what.rows is not None:
        if what.rows.size == 0:
            raise ValueError("no sentences are shown: there is nothing to test")
        systems = tuple(stats.subset(what.rows) for stats in systems)
    ordered = [systems[k] for k in what.order]
    texts = None
    if what.text_groups is not None:
        # One line per system that stands for its whole text: equal for a group.
        texts = [(str(what.text_groups[k]),) for k in what.order]
    steps: Generator[SampleProgress, None, PairedTestResult | AllPairsResult]
    if what.baseline is None:
        steps = iter_all_pairs(
            ordered,
            what.config,
            what.test,
            samples=what.samples,
            seed=what.seed,
            texts=texts,
        )
    else:
        steps = iter_paired_test(
            ordered[0],
            ordered[1:],
            what.config,
            what.test,
            samples=what.samples,
            seed=what.seed,
            texts=texts,
        )
    del what, systems, ordered  # only `steps` holds the statistics now
    try:
        while True:
            progress = next(steps)
            yield progress.done, progress.total
    except StopIteration as end:
        result: PairedTestResult | AllPairsResult = end.value
        return result


class SignificanceProcess:
    """One spawned process that runs significance tests on request."""

    def __init__(self, *, niceness: int = 10) -> None:
        context = multiprocessing.get_context("spawn")
        self._replies, child_replies = context.Pipe(duplex=False)
        child_requests, requests = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_serve,
            args=(child_requests, child_replies, niceness, os.getpid()),
            daemon=True,
            name="bleu-gui significance",
        )
        self._process.start()
        child_requests.close()
        child_replies.close()
        self._outbox: queue.SimpleQueue[_Run | _Cancel | None] = queue.SimpleQueue()
        self._sender = threading.Thread(
            target=_send_all, args=(requests, self._outbox), daemon=True
        )
        self._sender.start()

    @property
    def alive(self) -> bool:
        """Whether the process still runs."""
        return self._process.is_alive()

    def run(self, request: int, what: SignificanceRequest | MarginRequest) -> None:
        """Run `what` as request number `request`; abandons a running one."""
        self._outbox.put(_Run(request, what))

    def cancel(self, request: int) -> None:
        """Abandon request `request` at its next block (no reply comes for it)."""
        self._outbox.put(_Cancel(request))

    def replies(self) -> list[Reply]:
        """The replies that have arrived, without waiting for more."""
        replies: list[Reply] = []
        with contextlib.suppress(EOFError, OSError):  # the process is gone
            while self._replies.poll():
                replies.append(self._replies.recv())
        return replies

    def kill(self) -> None:
        """End the process now, whatever it is doing."""
        self._outbox.put(None)
        self._process.kill()
        self._process.join()
        self._replies.close()
        self._process.close()


def _send_all(
    requests: Connection, outbox: queue.SimpleQueue[_Run | _Cancel | None]
) -> None:
    """Send what the owner posts, in order, until it posts None or the process ends.

    Pickling happens here, off the caller's thread.
    """
    with requests:
        while (message := outbox.get()) is not None:
            try:
                _send_message(requests, message)
            except OSError:  # killed: nobody reads any more
                return


def _send_message(connection: Connection, message: _Run | _Cancel) -> None:
    """Send `message` pickled, its arrays out of band (see `_receive_message`).

    Pickled in band, the statistics of ten 100,000-segment systems are copied
    into one bytes object of 115 MB while the GIL is held: some 80 ms in which
    the window's event loop waits. Out of band, pickling copies no array, and
    each array's memory is written to the pipe as it is (writing releases the
    GIL). Sent as: the number of buffers, the pickle, then each buffer.
    """
    buffers: list[pickle.PickleBuffer] = []
    data = pickle.dumps(message, protocol=5, buffer_callback=buffers.append)
    connection.send_bytes(len(buffers).to_bytes(4, "little"))
    connection.send_bytes(data)
    for buffer in buffers:
        connection.send_bytes(buffer.raw())


def _receive_message(connection: Connection) -> _Run | _Cancel:
    """The next message `_send_message` sent (its arrays read-only)."""
    count = int.from_bytes(connection.recv_bytes(), "little")
    data = connection.recv_bytes()
    buffers = [connection.recv_bytes() for _ in range(count)]
    message: _Run | _Cancel = pickle.loads(data, buffers=buffers)
    return message


def _serve(
    requests: Connection, replies: Connection, niceness: int, parent: int
) -> None:
    """The process: run each request, until its owner goes away."""
    start_worker(niceness, parent)
    waiting: _Run | _Cancel | None = None
    while True:
        try:
            message = waiting or _receive_message(requests)
        except EOFError:  # the owner closed the pipe
            return
        waiting = None
        if isinstance(message, _Run):
            number, steps = message.request, run_request(message.what)
            # The steps hold the statistics now, and let them go (`run_request`).
            del message
            waiting = _serve_one(number, steps, requests, replies)


def _serve_one(
    number: int,
    steps: Generator[tuple[int, int], None, object],
    requests: Connection,
    replies: Connection,
) -> _Run | _Cancel | None:
    """Run request `number`'s steps; return the message that interrupted them."""
    try:
        while True:
            if requests.poll():
                news = _receive_message(requests)
                if isinstance(news, _Run) or news.request == number:
                    return news
                continue  # a late cancel of an earlier request
            done, total = next(steps)
            replies.send(SignificanceProgress(number, done, total))
    except StopIteration as end:
        replies.send(SignificanceFinished(number, end.value))
    except (ConfigError, ValueError) as error:
        replies.send(SignificanceFailed(number, " ".join(str(error).split())))
    except Exception as error:  # a bug: one line for the user, the rest logged
        _log.exception("significance test failed")
        replies.send(
            SignificanceFailed(
                number, f"internal error ({type(error).__name__}): {error}"
            )
        )
    return None
