"""The score histogram: how many sentences scored in each 5-point band of BLEU.

With `histogram_bins`, its bins: display logic (which bar a score is drawn in), not BLEU
arithmetic. The bars, clicks and selection are `histogram_chart`'s. Like every chart it
only displays the numbers it is given (see `chart_base`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QMargins
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget
from typing_extensions import override

from bleu_gui.core.histogram import BIN_WIDTH
from bleu_gui.views.histogram_chart import (
    Histogram,
    HistogramChart,
    count_bins,
    plural,
)

__all__ = [
    "HISTOGRAM_BIN_WIDTH",
    "Histogram",
    "ScoreHistogram",
    "histogram_bins",
    "unscored_note",
]

HISTOGRAM_BIN_WIDTH = BIN_WIDTH
_HISTOGRAM_BINS = 20  # 0–100 in bins of 5; the last bin is closed on the right
_EDGES = np.arange(_HISTOGRAM_BINS + 1, dtype=np.float64) * HISTOGRAM_BIN_WIDTH
_WIDE_HISTOGRAM = 420  # pixels; narrower histograms label every 20 points, not 10


def histogram_bins(
    scores: Sequence[float] | npt.NDArray[np.floating[Any]],
) -> Histogram:
    """Counts scores on the 0–100 scale into 20 bins of 5.

    A score of exactly 100 falls in the last bin, [95, 100]. Scores a hair outside the
    scale (sacreBLEU scores an identical corpus 100.00000000000004) count in the end
    bins rather than vanishing; NaN scores are counted apart as `unscored`.

    Args:
        scores: Sentence scores in percent, NaN for a sentence that cannot be scored.

    Returns:
        The bin counts, the bin edges and the number of NaN scores.
    """
    return count_bins(scores, _EDGES)


def unscored_note(unscored: int) -> str:
    """The note under a sentence histogram: how many sentences have no bar ('' none)."""
    if not unscored:
        return ""
    return f"{plural(unscored, 'sentence')} cannot be scored (not shown)"


class ScoreHistogram(HistogramChart):
    """How many sentences scored in each 5-point band of sentence BLEU.

    Bars can be highlighted for a score range (a filter, a selection), and a note under
    the chart says how many sentences have no score (NaN) and so are not counted.

    Signals:
        range_clicked: The user clicked a bar; carries its bin's (low, high) bounds.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Sentence BLEU", "Sentences", parent)
        # Room on the right for half of the "100" label, which QtCharts would clip.
        self._chart.setMargins(QMargins(2, 6, 14, 2))
        self._value_axis.setTickCount(11)
        self._value_axis.setLabelFormat("%d")
        self._finish_init()
        self._set_histogram(histogram_bins(()))

    def set_scores(
        self, scores: Sequence[float] | npt.NDArray[np.floating[Any]]
    ) -> None:
        """Shows the distribution of these sentence scores (percent, NaN = unscored)."""
        histogram = histogram_bins(scores)
        self._set_histogram(histogram)
        self._set_note(unscored_note(histogram.unscored))

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        """Labels every 10 points when there is room, every 20 when narrow."""
        super().resizeEvent(event)
        ticks = 11 if event.size().width() >= _WIDE_HISTOGRAM else 6
        if self._value_axis.tickCount() != ticks:
            self._value_axis.setTickCount(ticks)

    @override
    def _hover_text(self, index: int) -> str:
        """The tooltip: "BLEU [40, 45): 1 sentence"."""
        count = self._histogram.counts[index]
        return f"BLEU {self._bounds_text(index)}: {plural(count, 'sentence')}"
