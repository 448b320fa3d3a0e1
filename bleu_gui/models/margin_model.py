"""The Systems dock's margin of a significant difference, found in the background.

After a paired bootstrap finds the shown pair's difference significant, the dock
offers its margin (`core.margin`): the fewest sentences to swap from A into B until
it is not. The search runs a dozen paired tests or more, each scoring every
resample in Python (seconds each for large corpora): it runs in a significance
process of its own (`SignificanceJob`, with a `MarginRequest`), so that a paired
test run meanwhile neither waits for it nor cancels it, and the GUI thread only
reads small replies.

A pair offered anew (other systems, options, seed or a new test) drops the running
search and the result on screen: a margin is only ever shown for the test the
table shows.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QObject, Signal

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.margin import Margin, MarginRequest, NoMargin
from bleu_gui.core.stats import CorpusStats
from bleu_gui.models.significance_job import SignificanceJob
from bleu_gui.models.workspace import SystemId

__all__ = ["MarginModel", "MarginPair"]


@dataclass(frozen=True, slots=True, eq=False)
class MarginPair:
    """A pair whose paired bootstrap found a significant difference.

    Attributes:
        name_b: the compared system's short name, for the filter's words.
        stats_a: the baseline's statistics, as tested.
        stats_b: the compared system's, as tested.
        config: the options of the test.
        samples: the test's resamples (the margin's tests use as many).
        seed: the test's seed.
        rows: the sentences the test was run on (the dock's "shown only"),
            ascending; None: all of them. The margin is then the subset's.
        ids: the baseline's and the compared system's ids in the session (the
            report takes the margin of the pair it compares).
    """

    name_b: str
    stats_a: CorpusStats
    stats_b: CorpusStats
    config: BleuConfig
    samples: int
    seed: int | None
    rows: npt.NDArray[np.int64] | None = None
    ids: tuple[SystemId, SystemId] | None = None

    def same(self, other: MarginPair) -> bool:
        """Whether `other` is this pair under the same test (statistics by identity)."""
        return (
            self.stats_a is other.stats_a
            and self.stats_b is other.stats_b
            and (self.config, self.samples, self.seed)
            == (other.config, other.samples, other.seed)
            and _same_rows(self.rows, other.rows)
        )

    @property
    def shown(self) -> int | None:
        """How many sentences a subset's test was run on; None: all."""
        return None if self.rows is None else int(self.rows.size)


def _same_rows(
    first: npt.NDArray[np.int64] | None, second: npt.NDArray[np.int64] | None
) -> bool:
    if first is None or second is None:
        return first is second
    return bool(np.array_equal(first, second))


class MarginModel(QObject):
    """The pair on offer, the search's state and its result.

    Signals:
        changed: the offer, the result, a failure or being busy changed.
        progress_changed: (done, total) resamples of the search's running test.
    """

    changed = Signal()
    progress_changed = Signal(int, int)

    def __init__(
        self, job: SignificanceJob | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.job = job if job is not None else SignificanceJob(self)
        self.pair: MarginPair | None = None
        self.result: Margin | NoMargin | None = None
        self.failure: str | None = None
        self.job.finished.connect(self._on_finished)
        self.job.failed.connect(self._on_failed)
        self.job.cancelled.connect(lambda _request: self.changed.emit())
        self.job.busy_changed.connect(lambda _busy: self.changed.emit())
        self.job.progress_changed.connect(self.progress_changed)

    @property
    def running(self) -> bool:
        """Whether a search runs."""
        return self.job.is_running

    def offer(self, pair: MarginPair | None) -> None:
        """The pair a margin may be found for now (None: none); drops the old one."""
        if pair is None and self.pair is None:
            return
        if pair is not None and self.pair is not None and pair.same(self.pair):
            return  # the same test of the same pair: its margin stands
        self.job.cancel()
        self.pair, self.result, self.failure = pair, None, None
        self.changed.emit()

    def run(self) -> None:
        """Search the offered pair's margin in the background."""
        pair = self.pair
        if pair is None:
            return
        self.result, self.failure = None, None
        self.job.start(
            MarginRequest(
                pair.stats_a,
                pair.stats_b,
                pair.config,
                pair.samples,
                pair.seed,
                pair.rows,
            )
        )
        self.changed.emit()

    def restore(self, pair: MarginPair, found: Margin | NoMargin) -> None:
        """Show a margin found before (a saved session's) for `pair`, untested.

        It goes as a margin found here goes: with a new test, other options or
        another pair (`offer`).
        """
        self.job.cancel()
        self.pair, self.result, self.failure = pair, found, None
        self.changed.emit()

    def cancel(self) -> None:
        """Stop the search (nothing shown of it)."""
        self.job.cancel()

    def shutdown(self) -> None:
        """Stop the search's process (the window closes)."""
        self.job.shutdown()

    def _on_finished(self, request: object, result: object) -> None:
        if isinstance(request, MarginRequest) and isinstance(result, Margin | NoMargin):
            self.result = result
            self.changed.emit()

    def _on_failed(self, _request: object, message: str) -> None:
        self.failure = message
        self.changed.emit()
