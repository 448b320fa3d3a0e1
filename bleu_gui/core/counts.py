"""What any form of per-segment counts offers: the `Counts` protocol.

Above both forms (`core.stats`'s numpy arrays, `core.row_counts`'s Python integers)
and `core.summed`, which the forms sum into, so that none of them imports another
for the type.
"""

from __future__ import annotations

from collections.abc import Sized
from typing import TYPE_CHECKING, Protocol, Self

from bleu_gui.core.summed import SummedStats

if TYPE_CHECKING:
    from bleu_gui.core.stats import CorpusStats

__all__ = ["Counts"]


class Counts(Sized, Protocol):
    """Per-segment counts of one system against its references, in either form.

    `core.stats.CorpusStats` (numpy arrays, counted in chunks, in worker processes
    when large) or `core.row_counts.RowCounts` (plain Python, for a small corpus
    scored once). Scoring the corpus, its sentences, a byte-order mark's cost and
    the language hint need only this; whatever needs arrays asks `arrays()`.
    """

    @property
    def max_order(self) -> int:
        """The highest order these counts hold."""
        ...

    def truncated(self, max_order: int) -> Self:
        """The same counts restricted to orders 1..max_order."""
        ...

    def summed(self) -> SummedStats:
        """All segments summed, in exact Python integers."""
        ...

    def rows(self) -> list[SummedStats]:
        """Each segment on its own (for sentence-level scores)."""
        ...

    def row(self, index: int) -> SummedStats:
        """One segment on its own."""
        ...

    def reference_lengths(self, limit: int) -> list[int]:
        """The first reference's length in the first `limit` segments (-1: none)."""
        ...

    def arrays(self) -> CorpusStats:
        """The same counts as numpy arrays."""
        ...
