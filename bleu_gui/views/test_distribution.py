"""A paired test's own distribution: what its p-value counts, drawn and said in words.

A p-value alone says little about how a test reached it. `DistributionChart` draws the
test's resampled statistic (`core.significance.PairDistribution`: each bootstrap
resample's centred |Δ|, or each randomization trial's |A − B|) as a histogram, the
observed |Δ| as a labelled line, and shades the region right of it: the resamples the
p-value counts. The caption says it in words, with the numbers the test computed: the
p-value is the result's, the count is the distribution's, and the two must agree
(p = (count + 1) / (samples + 1)), or the chart refuses them.

About 30 bins of a 1-2-5 width span the resamples; an observed value far beyond them
(a clear difference) is drawn at the right edge with an arrow rather than squeezing
the distribution into a few bars.
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCharts import QValueAxis
from PySide6.QtCore import QMargins
from PySide6.QtWidgets import QWidget
from typing_extensions import override

from bleu_gui.core.significance import (
    AllPairsResult,
    Identity,
    PairDistribution,
    PairedTest,
    PairedTestResult,
)
from bleu_gui.views.histogram_chart import HistogramChart, Marker, count_bins, nice_step

__all__ = ["DistributionChart", "distribution_caption", "distribution_edges"]

_TARGET_BINS = 30
_AXIS_TICKS = 6
_TEST_NAMES = {
    PairedTest.BOOTSTRAP: "bootstrap",
    PairedTest.RANDOMIZATION: "approximate randomization",
}
# (samples, singular and plural; what is counted, singular and plural; axis title)
_WORDS = {
    PairedTest.BOOTSTRAP: (
        ("resample", "resamples"),
        ("resampled difference", "resampled differences"),
        "Resampled |Δ| minus its mean (BLEU)",
    ),
    PairedTest.RANDOMIZATION: (
        ("trial", "trials"),
        ("shuffled difference", "shuffled differences"),
        "|Δ| of shuffled pseudo-systems (BLEU)",
    ),
}


def distribution_edges(distribution: PairDistribution) -> tuple[float, ...]:
    """Bin edges over the resamples, and over the observed value if it is near them.

    The width is a 1-2-5 step giving at most 30 bins; the edges are multiples of it.
    The observed value is inside the edges unless it lies farther beyond the
    resamples than their own spread.
    """
    values = distribution.resampled
    low, high = float(values.min()), float(values.max())
    spread = high - low
    observed = distribution.observed
    if low - spread <= observed <= high + spread:
        low, high = min(low, observed), max(high, observed)
    width = nice_step(high - low, _TARGET_BINS) if high > low else 0.1
    first = math.floor(low / width)
    last = math.floor(high / width) + 1
    # The divisions round: make sure the edges really hold both ends.
    while first * width > low:
        first -= 1
    while last * width < high:
        last += 1
    return tuple(float(k * width) for k in range(first, last + 1))


def distribution_caption(
    distribution: PairDistribution,
    *,
    test: PairedTest,
    seed: int | None,
    p_value: float,
    identical: Identity | None = None,
) -> str:
    """The caption in words: the test, its count of exceeding resamples and p.

    Raises:
        ValueError: if `p_value` is not what `distribution` counts.
    """
    samples = distribution.samples
    above = int(np.count_nonzero(distribution.resampled > distribution.observed))
    if not math.isclose(p_value, (above + 1) / (samples + 1), rel_tol=1e-12):
        raise ValueError(
            f"p = {p_value} is not (count + 1) / (samples + 1) = "
            f"({above} + 1) / ({samples} + 1) of its distribution"
        )
    (one, many), (counted, counted_many), _title = _WORDS[test]
    seeded = "unseeded" if seed is None else f"seed {seed}"
    head = f"{_TEST_NAMES[test]}, {samples} {one if samples == 1 else many}, {seeded}"
    if identical is not None:
        return (
            f"{head}: {identical.value}, so every {counted} and the observed one are 0;"
            f" the test cannot tell the two apart (its p = {p_value:.4f} means nothing)"
        )
    verb = "exceeds" if above == 1 else "exceed"
    noun = counted if samples == 1 else counted_many
    return (
        f"{head}: {above} of {samples} {noun} {verb} the observed "
        f"{distribution.observed:.2f}, p = {p_value:.4f}"
    )


class DistributionChart(HistogramChart):
    """The distribution a paired test's p-value is counted from, with a caption.

    Signals:
        range_clicked: The user clicked a bar; carries its bin's (low, high) bounds.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            _WORDS[PairedTest.BOOTSTRAP][2], "Resamples", parent, labelled=True
        )
        self._chart.setMargins(QMargins(2, 6, 14, 2))
        self._test = PairedTest.BOOTSTRAP
        self._observed_off_scale = False
        self._finish_init()
        self.clear()

    # --- public API ---------------------------------------------------------------

    def set_distribution(
        self,
        distribution: PairDistribution,
        *,
        test: PairedTest,
        seed: int | None,
        p_value: float,
        identical: Identity | None = None,
    ) -> None:
        """Shows one pair's test distribution and says what its p-value counts.

        Args:
            distribution: the pair's resampled statistic and observed |Δ|.
            test: which test produced it.
            seed: the test's seed (`None`: unseeded).
            p_value: the p-value the test reported for this pair.
            identical: why the two systems cannot be told apart, if so.

        Raises:
            ValueError: if `p_value` is not the one `distribution` gives.
        """
        caption = distribution_caption(
            distribution, test=test, seed=seed, p_value=p_value, identical=identical
        )
        self._test = test
        (_one, many), _counted, title = _WORDS[test]
        self._value_axis.setTitleText(title)
        self._count_axis.setTitleText(many.capitalize())
        edges = distribution_edges(distribution)
        histogram = count_bins(distribution.resampled, edges)
        interval = nice_step(edges[-1] - edges[0], _AXIS_TICKS)
        decimals = max(0, -math.floor(math.log10(interval)))
        self._value_axis.setLabelFormat(f"%.{decimals}f")
        self._value_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        self._value_axis.setTickAnchor(0.0)
        self._value_axis.setTickInterval(interval)
        self._set_histogram(histogram)
        observed = distribution.observed
        self._observed_off_scale = observed > edges[-1]
        arrow = " →" if self._observed_off_scale else ""
        self._set_markers([Marker(observed, f"observed {observed:.2f}{arrow}")])
        self._set_shade_from(observed)
        self._set_note(caption)

    def set_paired_result(self, result: PairedTestResult, index: int) -> None:
        """Shows the distribution of compared system `index` against the baseline."""
        self.set_distribution(
            result.distributions[index],
            test=result.test,
            seed=result.seed,
            p_value=_known(result.systems[index].p_value),
            identical=result.identical[index],
        )

    def set_pair(self, result: AllPairsResult, first: int, second: int) -> None:
        """Shows the distribution of one pair of an all-pairs test (its raw p)."""
        pair = result.pair(first, second)
        self.set_distribution(
            pair.distribution,
            test=result.test,
            seed=result.seed,
            p_value=pair.p_value,
            identical=pair.identical,
        )

    def clear(self) -> None:
        """Shows nothing, and says so."""
        self._set_histogram(count_bins((), (0.0, 1.0)))
        self._set_markers([])
        self._set_shade_from(None)
        self._set_note("No test run yet.")

    def caption_text(self) -> str:
        """The caption under the chart."""
        return self.note_text()

    def observed_off_scale(self) -> bool:
        """Whether the observed value lies beyond the axis (drawn at its right end)."""
        return self._observed_off_scale

    # --- drawing ------------------------------------------------------------------

    @override
    def _hover_text(self, index: int) -> str:
        """The tooltip: "[0.1, 0.2): 12 resamples"."""
        (one, many), _counted, _title = _WORDS[self._test]
        count = self._histogram.counts[index]
        return f"{self._bounds_text(index)}: {count} {one if count == 1 else many}"


def _known(p_value: float | None) -> float:
    """A compared system's p-value (only the baseline's row has none)."""
    if p_value is None:
        raise ValueError("the baseline has no p-value")
    return p_value
