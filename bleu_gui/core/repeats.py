"""Segments that repeat an earlier one are counted once.

A segment's statistics depend on its hypothesis and its references only, so a
segment whose hypothesis and every reference equal an earlier segment's has that
segment's statistics: it need not be counted again. Test sets do repeat segments
(short ones above all, and corpora built from copies: the window's
million-segment row is four copies of 262,883 segments, and counting was most of
its time). `RepeatedSegments` finds them chunk by chunk, as `iter_prepare` sends
chunks to be counted, and puts the counted rows back in the corpus's order.

The search costs a dictionary of each distinct hypothesis's first row while the
corpus is prepared (about 70 bytes a segment), and looks at a segment's references
only when its hypothesis was seen before.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from bleu_gui.core.stats import CorpusStats

__all__ = ["RepeatedSegments"]


class RepeatedSegments:
    """Which segments of a corpus repeat an earlier one, found chunk by chunk.

    Call `to_count` for consecutive chunks, in order, count the rows it gives, and
    `expand` the counted statistics (concatenated in the same order).
    """

    def __init__(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str | None]]
    ) -> None:
        self._hypotheses = hypotheses
        self._references = references
        self._firsts: dict[str, int] = {}
        # Each segment's row among the counted ones (its first occurrence's row).
        self._rows = np.empty(len(hypotheses), dtype=np.int64)
        self._counted = 0
        self.repeats = 0
        """How many segments were found to repeat an earlier one so far."""

    def to_count(self, start: int, stop: int) -> npt.NDArray[np.intp] | None:
        """The rows of segments start..stop-1 to count (offsets from `start`).

        None: every one (none repeats an earlier segment). A chunk where some
        segment lacks a reference is counted whole, so that the error that
        segment raises names it by its own number.
        """
        firsts = np.fromiter(
            map(
                self._firsts.setdefault,
                self._hypotheses[start:stop],
                range(start, stop),
            ),
            dtype=np.int64,
            count=stop - start,
        )
        repeat = firsts != np.arange(start, stop)
        if repeat.any() and any(
            None in stream[start:stop] for stream in self._references
        ):
            repeat[:] = False
        offsets = np.flatnonzero(repeat)
        for offset, first in zip(
            offsets.tolist(), firsts[offsets].tolist(), strict=True
        ):
            row = start + offset
            if any(stream[first] != stream[row] for stream in self._references):
                repeat[offset] = False
        counted = np.flatnonzero(~repeat)
        rows = self._rows[start:stop]
        rows[counted] = np.arange(self._counted, self._counted + counted.size)
        self._counted += counted.size
        repeated = np.flatnonzero(repeat)
        rows[repeated] = self._rows[firsts[repeated]]
        self.repeats += repeated.size
        return None if repeated.size == 0 else counted

    def expand(self, counted: CorpusStats) -> CorpusStats:
        """Every segment's statistics from the counted segments' (in their order)."""
        if self.repeats == 0:
            return counted
        return counted.subset(self._rows)
