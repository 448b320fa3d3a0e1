"""Values into bins: the one rule for every histogram, the window's and the report's.

Display logic (which bar a value is drawn in), not BLEU arithmetic; it lives in the
core so that the window's charts (`views.histogram_chart`) and the HTML report
(`io.report_svg`) count the same bars.

The sentence Δ histogram (B's sentence BLEU minus A's) has a rule of its own,
`delta_bins`: two systems often agree on many sentences word for word, and a bar
must never hold sentences on which B is better and sentences on which it is worse.
So 0 is a bin edge, every bin is wholly Δ < 0 or wholly Δ > 0, and the ties (Δ
exactly 0) are in no bin: they are counted apart (`delta_counts`), and each view
shows them on their own (the window as a labelled line at 0, the report as a grey
bar of their own).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "BIN_WIDTH",
    "DeltaCounts",
    "Histogram",
    "count_bins",
    "delta_bins",
    "delta_counts",
]

Values = Sequence[float] | npt.NDArray[np.floating[Any]]

BIN_WIDTH = 5.0
"""BLEU points a bin of a sentence histogram spans (scores and Δs alike)."""

_SPAN_STEP = 10.0  # the Δ axis reaches a multiple of this on each side of zero
_MAX_SPAN = 100.0  # sentence BLEU is 0–100, so |Δ| ≤ 100


@dataclass(frozen=True, slots=True)
class Histogram:
    """Values counted into equal bins.

    Attributes:
        counts: Values per bin, lowest bin first.
        edges: Bin boundaries, one more than `counts`; bin i is
            ``[edges[i], edges[i + 1])``, and the last bin is closed on the right.
        unscored: How many values were NaN and so fall in no bin.
    """

    counts: tuple[int, ...]
    edges: tuple[float, ...]
    unscored: int


def count_bins(values: Values, edges: Values) -> Histogram:
    """Counts values into the bins between `edges`, as `numpy.histogram` does.

    Values outside the edges count in the end bins rather than vanishing (sacreBLEU
    scores an identical corpus 100.00000000000004); NaN values are counted apart as
    `unscored`.
    """
    data = np.asarray(values, dtype=np.float64).ravel()
    bounds = np.asarray(edges, dtype=np.float64)
    nan = np.isnan(data)
    counts, _ = np.histogram(np.clip(data[~nan], bounds[0], bounds[-1]), bins=bounds)
    return Histogram(
        counts=tuple(int(count) for count in counts),
        edges=tuple(float(edge) for edge in bounds),
        unscored=int(nan.sum()),
    )


@dataclass(frozen=True, slots=True)
class DeltaCounts:
    """How many sentences B scores equal to, above and below A (NaN Δ: unscored)."""

    equal: int
    better: int
    worse: int
    unscored: int


def delta_counts(deltas: Values) -> DeltaCounts:
    """Counts the equal (Δ = 0), better (Δ > 0), worse (Δ < 0) and NaN deltas."""
    values = np.asarray(deltas, dtype=np.float64).ravel()
    return DeltaCounts(
        equal=int(np.count_nonzero(values == 0.0)),
        better=int(np.count_nonzero(values > 0.0)),
        worse=int(np.count_nonzero(values < 0.0)),
        unscored=int(np.count_nonzero(np.isnan(values))),
    )


def delta_bins(deltas: Values) -> Histogram:
    """Counts the non-zero Δs into bins of `BIN_WIDTH` points, symmetric around 0.

    The edges run from -span to span, span being the smallest multiple of 10 (10 to
    100) that holds every |Δ|; 0 is an edge, so no bin mixes signs. Δ = 0 falls in
    no bin (the ties: `delta_counts(...).equal`); the bin [0, 5) therefore holds
    0 < Δ < 5, and [-5, 0) holds -5 ≤ Δ < 0. NaN Δs are `unscored`.
    """
    values = np.asarray(deltas, dtype=np.float64).ravel()
    moved = values[values != 0.0]  # NaN != 0 stays, and is counted as unscored
    finite = moved[~np.isnan(moved)]
    largest = float(np.abs(finite).max()) if finite.size else 0.0
    span = min(_MAX_SPAN, max(_SPAN_STEP, math.ceil(largest / _SPAN_STEP) * _SPAN_STEP))
    bins = round(2 * span / BIN_WIDTH)
    edges = np.linspace(-span, span, bins + 1)
    return count_bins(moved, edges)
