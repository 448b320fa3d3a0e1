"""The session's worker processes: started on first need, kept, replaced if broken.

Apart from `session` because when processes pay (a large corpus, in segments or
in characters) and how one pool is shared by every job thread (under a lock, a
broken one replaced) is a policy of its own; the thresholds are the session's
(`models.session`) and given here.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from pathlib import Path

from bleu_gui.core.parallel import WorkerPool
from bleu_gui.io import Corpus
from bleu_gui.models.loading import file_size

__all__ = ["SessionPool"]


class SessionPool:
    """The worker processes of one session, for the jobs of its threads."""

    def __init__(
        self,
        processes: int,
        *,
        min_segments: int,
        min_characters: int,
        min_bytes: int,
    ) -> None:
        self._processes = processes
        self._min_segments = min_segments
        self._min_characters = min_characters
        self._min_bytes = min_bytes
        self._pool: WorkerPool | None = None
        self._lock = threading.Lock()

    def for_corpus(
        self, segments: int, tokenized: Corpus | None = None
    ) -> WorkerPool | None:
        """The worker processes to use for a corpus this large, if any.

        Large means many segments, or (for tokenizing a corpus, `tokenized`) many
        characters, counted only when the segments are few: counting is a pass over
        every line, on a thread that holds the GIL the GUI thread waits for. Started
        on first need (by `start_for_files` already, for a large hypothesis
        file), and kept for the session's next requests.
        """
        large = segments >= self._min_segments or (
            tokenized is not None and _characters(tokenized) >= self._min_characters
        )
        if self._processes < 2 or not large:
            return None
        with self._lock:
            if self._pool is not None and self._pool.broken:
                self._pool.close()  # a worker died: its pool runs nothing more
                self._pool = None
            if self._pool is None:
                self._pool = WorkerPool(self._processes)
            return self._pool

    def start_for_files(self, hypotheses: Iterable[Path]) -> None:
        """Start the processes now if a hypothesis file is large: used after reading.

        A file this large probably has that many segments; started before reading,
        while this process is still small (forking a large process holds the GIL
        for tens of milliseconds).
        """
        if self._processes > 1 and any(
            file_size(path) >= self._min_bytes for path in hypotheses
        ):
            self.for_corpus(self._min_segments)

    def close(self) -> None:
        """Stop the worker processes; they start again when next needed."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()


def _characters(corpus: Corpus) -> int:
    """How many characters the hypothesis and references hold (what is tokenized)."""
    files = (corpus.hypothesis, *corpus.references)
    return sum(sum(map(len, file.lines)) for file in files)
