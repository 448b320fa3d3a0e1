"""Regular-expression searches in a process of their own, which can be killed.

Python's `re` cannot be interrupted: one `search` of `(a+)+$` on a line of forty
a's and a '!' runs for ever, holding the GIL, and no thread or time slice gets it
back. So searches run in a spawned process: the texts of a test set are sent to it
once (as pickled bytes, which its owner keeps to send again to a new process), each
search is a small request, and its owner kills the process when a search runs too
long or is no longer wanted. A new request abandons a running search at the process's
next look (every few hundred lines), unless one line holds it, which only killing
ends.

No Qt here: `models.regex_search` drives it from the event loop (polls `replies`,
keeps the time budget).
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import multiprocessing
import os
import pickle
import queue
import signal
import sys
import threading
from dataclasses import dataclass
from multiprocessing.connection import Connection

from bleu_gui.core.parallel import start_worker
from bleu_gui.core.text_search import SearchError, SearchTexts, TextQuery, rows_matching

__all__ = ["Found", "SearchFailed", "SearchProcess", "SearchStarted", "pickle_texts"]


@dataclass(frozen=True, slots=True)
class SearchStarted:
    """The process has begun searching for request `request`."""

    request: int


@dataclass(frozen=True, slots=True)
class Found:
    """Request `request` found matches in `rows` (ascending segment indices)."""

    request: int
    rows: list[int]


@dataclass(frozen=True, slots=True)
class SearchFailed:
    """Request `request` could not run; `message` is one line for the user."""

    request: int
    message: str


Reply = SearchStarted | Found | SearchFailed


@dataclass(frozen=True, slots=True)
class _Search:
    request: int
    query: TextQuery


def pickle_texts(texts: SearchTexts) -> bytes:
    """`texts` as the process receives them (pickled once, sent to every process)."""
    return pickle.dumps(texts, protocol=pickle.HIGHEST_PROTOCOL)


class SearchProcess:
    """One spawned process that searches one test set's texts on request.

    Requests go through a sending thread, so that handing over the texts of a large
    test set (megabytes through a pipe) never blocks the caller; replies are read
    without waiting (`replies`).
    """

    def __init__(self, *, niceness: int = 10) -> None:
        context = multiprocessing.get_context("spawn")
        self._replies, child_replies = context.Pipe(duplex=False)
        child_requests, requests = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_serve,
            args=(child_requests, child_replies, niceness, os.getpid()),
            daemon=True,
            name="bleu-gui search",
        )
        self._process.start()
        child_requests.close()
        child_replies.close()
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._sender = threading.Thread(
            target=_send_all, args=(requests, self._outbox), daemon=True
        )
        self._sender.start()

    @property
    def pid(self) -> int | None:
        """The process's id (None before it started)."""
        return self._process.pid

    @property
    def alive(self) -> bool:
        """Whether the process still runs."""
        return self._process.is_alive()

    def load(self, texts: bytes) -> None:
        """Search these texts (from `pickle_texts`) from now on."""
        self._outbox.put(texts)

    def search(self, request: int, query: TextQuery) -> None:
        """Search the loaded texts for `query`; abandons a running search."""
        self._outbox.put(pickle.dumps(_Search(request, query)))

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


def _send_all(requests: Connection, outbox: queue.SimpleQueue[bytes | None]) -> None:
    """Send what the owner posts, in order, until it posts None or the process ends."""
    with requests:
        while (message := outbox.get()) is not None:
            try:
                requests.send_bytes(message)
            except OSError:  # killed: nobody reads any more
                return


def _serve(
    requests: Connection, replies: Connection, niceness: int, parent: int
) -> None:
    """The search process: load texts, search them, until its owner goes away."""
    start_worker(niceness, parent)
    _die_with_parent(parent)
    texts = SearchTexts((), (), None)
    while True:
        try:
            message = pickle.loads(requests.recv_bytes())
        except EOFError:  # the owner closed the pipe
            return
        if isinstance(message, SearchTexts):
            texts = message
        elif isinstance(message, _Search):
            replies.send(SearchStarted(message.request))
            try:
                # Abandoned (None) as soon as a newer request waits.
                rows = rows_matching(message.query, texts, requests.poll)
            except SearchError as error:
                replies.send(SearchFailed(message.request, str(error)))
            else:
                if rows is not None:
                    replies.send(Found(message.request, rows))


_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _die_with_parent(parent: int) -> None:
    """Have the kernel kill this process when its parent dies (Linux).

    The orphan watch of `start_worker` is a thread, and a thread never runs while
    `re` holds the GIL in a match that does not end: a killed GUI would leave this
    process spinning for ever. A parent-death signal needs no thread.
    """
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it died before the signal was asked for
        os._exit(1)
