"""The score histogram: how many sentences scored in each 5-point band of BLEU.

With `histogram_bins`, the one computation of the chart modules: display logic (which
bar a score is drawn in), not BLEU arithmetic. Like every chart it only displays the
numbers it is given (see `chart_base`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCharts import QBarCategoryAxis, QBarSeries, QBarSet, QValueAxis
from PySide6.QtCore import QMargins, Qt, Signal
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget
from typing_extensions import override

from bleu_gui.views.chart_base import ChartWidget, Colors

__all__ = [
    "HISTOGRAM_BIN_WIDTH",
    "Histogram",
    "ScoreHistogram",
    "histogram_bins",
]

HISTOGRAM_BIN_WIDTH = 5.0
_HISTOGRAM_BINS = 20  # 0–100 in bins of 5; the last bin is closed on the right
_WIDE_HISTOGRAM = 420  # pixels; narrower histograms label every 20 points, not 10


@dataclass(frozen=True, slots=True)
class Histogram:
    """Sentence scores counted into fixed bins.

    Attributes:
        counts: Sentences per bin, lowest bin first.
        edges: Bin boundaries, one more than `counts`; bin i is
            ``[edges[i], edges[i + 1])``, and the last bin is closed on the right.
        unscored: How many scores were NaN and so fall in no bin.
    """

    counts: tuple[int, ...]
    edges: tuple[float, ...]
    unscored: int


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
    values = np.asarray(scores, dtype=np.float64).ravel()
    nan = np.isnan(values)
    edges = np.arange(_HISTOGRAM_BINS + 1, dtype=np.float64) * HISTOGRAM_BIN_WIDTH
    counts, _ = np.histogram(np.clip(values[~nan], 0.0, 100.0), bins=edges)
    return Histogram(
        counts=tuple(int(count) for count in counts),
        edges=tuple(float(edge) for edge in edges),
        unscored=int(nan.sum()),
    )


class ScoreHistogram(ChartWidget):
    """How many sentences scored in each 5-point band of sentence BLEU.

    Bars can be highlighted for a score range (a filter, a selection), and a note under
    the chart says how many sentences have no score (NaN) and so are not counted.

    Signals:
        range_clicked: The user clicked a bar; carries its bin's (low, high) bounds.
    """

    range_clicked = Signal(float, float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._histogram = histogram_bins(())
        self._selected: tuple[float | None, float | None] = (None, None)

        self._set = QBarSet("Sentences")
        self._series = QBarSeries()
        self._series.setBarWidth(1.0)  # adjacent bars, as a histogram should be
        # Room on the right for half of the "100" label, which QtCharts would clip.
        self._chart.setMargins(QMargins(2, 6, 14, 2))
        self._series.append(self._set)
        self._chart.addSeries(self._series)
        # The bars sit on a hidden category axis (one category per bin, centred on
        # 0, 1, …, 19); a value axis from 0 to 100 drawn in its place spans exactly
        # the same pixels (-0.5 … 19.5), so its ticks fall on the bin edges.
        self._bin_axis = QBarCategoryAxis()
        self._bin_axis.append(
            [f"{lo:g}–{hi:g}" for lo, hi in _pairs(self._histogram.edges)]
        )
        self._bin_axis.setVisible(False)
        self._score_axis = QValueAxis()
        self._score_axis.setRange(0.0, 100.0)
        self._score_axis.setTickCount(11)
        self._score_axis.setLabelFormat("%d")
        self._score_axis.setTitleText("Sentence BLEU")
        self._count_axis = QValueAxis()
        self._count_axis.setLabelFormat("%d")
        self._count_axis.setTitleText("Sentences")
        self._chart.addAxis(self._bin_axis, Qt.AlignmentFlag.AlignBottom)
        self._chart.addAxis(self._score_axis, Qt.AlignmentFlag.AlignBottom)
        self._chart.addAxis(self._count_axis, Qt.AlignmentFlag.AlignLeft)
        self._series.attachAxis(self._bin_axis)
        self._series.attachAxis(self._count_axis)

        self._note = QLabel()
        self._note.setContentsMargins(6, 0, 6, 2)
        self._note.setVisible(False)
        self._layout.addWidget(self._note)

        self._set.clicked.connect(self._on_bar_clicked)
        self._set.hovered.connect(self._on_hovered)
        self._finish_init()
        self._refresh()

    # --- public API ---------------------------------------------------------------

    def set_scores(
        self, scores: Sequence[float] | npt.NDArray[np.floating[Any]]
    ) -> None:
        """Shows the distribution of these sentence scores (percent, NaN = unscored)."""
        self._histogram = histogram_bins(scores)
        self._refresh()

    def set_selected_range(self, low: float | None, high: float | None) -> None:
        """Highlights the bins overlapping [low, high]; a None bound is open.

        Both bounds None clears the highlight. A bin touching the range only at an
        edge is not highlighted, except when the range is a single score.
        """
        self._selected = (low, high)
        self._update_selection()

    def bin_counts(self) -> list[int]:
        """Sentences per bin, lowest bin first."""
        return list(self._histogram.counts)

    def bin_edges(self) -> list[float]:
        """The 21 bin edges from 0 to 100."""
        return list(self._histogram.edges)

    def bar_set(self) -> QBarSet:
        """The bar set, for tests; callers must not change it."""
        return self._set

    def note_text(self) -> str:
        """The note under the chart ('' when every sentence was scored)."""
        return self._note.text() if self._note.isVisibleTo(self) else ""

    # --- drawing ------------------------------------------------------------------

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        """Labels every 10 points when there is room, every 20 when narrow."""
        super().resizeEvent(event)
        ticks = 11 if event.size().width() >= _WIDE_HISTOGRAM else 6
        if self._score_axis.tickCount() != ticks:
            self._score_axis.setTickCount(ticks)

    def _refresh(self) -> None:
        """Redraws the bars, the count axis and the note about unscored sentences."""
        counts = self._histogram.counts
        self._set.remove(0, self._set.count())
        self._set.append([float(c) for c in counts])
        step = _nice_step(max(counts, default=0))
        top = max(step, math.ceil(max(counts, default=0) / step) * step)
        # The interval before the range: with the old, small interval a new range of
        # thousands would first lay out thousands of tick labels (seconds, on 100k).
        self._count_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        self._count_axis.setTickAnchor(0.0)
        self._count_axis.setTickInterval(float(step))
        self._count_axis.setRange(0.0, float(top))
        unscored = self._histogram.unscored
        sentences = "sentence" if unscored == 1 else "sentences"
        self._note.setText(f"{unscored} {sentences} cannot be scored (not shown)")
        self._note.setVisible(unscored > 0)
        self._update_selection()

    def _update_selection(self) -> None:
        """Marks the bins of the selected range as selected bars (their own colour)."""
        self._set.deselectAllBars()
        low, high = self._selected
        if low is None and high is None:
            return
        lo = -math.inf if low is None else low
        hi = math.inf if high is None else high
        edges = self._histogram.edges
        last = len(edges) - 2
        chosen = []
        for i, (bin_lo, bin_hi) in enumerate(_pairs(edges)):
            if lo == hi:
                inside = bin_lo <= lo < bin_hi or (i == last and lo == bin_hi)
            else:
                inside = bin_lo < hi and bin_hi > lo
            if inside:
                chosen.append(i)
        if chosen:
            self._set.selectBars(chosen)

    @override
    def _restyle(self, colors: Colors) -> None:
        """Recolours the bars, the selected bins and the note."""
        self._set.setColor(colors.bins)
        self._set.setSelectedColor(colors.selected)
        # A background-coloured outline separates the adjacent bars.
        self._set.setBorderColor(colors.background)
        muted = colors.muted.name(QColor.NameFormat.HexArgb)
        self._note.setStyleSheet(f"color: {muted}")

    # --- interaction --------------------------------------------------------------

    def _on_bar_clicked(self, index: int) -> None:
        """Turns a click on bin `index` into `range_clicked(low, high)`."""
        edges = self._histogram.edges
        self.range_clicked.emit(edges[index], edges[index + 1])

    def _on_hovered(self, status: bool, index: int) -> None:
        """Puts the hovered bin's range and count in the chart's tooltip."""
        if not status:
            self._chart.setToolTip("")
            return
        edges, count = self._histogram.edges, self._histogram.counts[index]
        closing = "]" if index == len(edges) - 2 else ")"
        sentences = "sentence" if count == 1 else "sentences"
        bounds = f"[{edges[index]:g}, {edges[index + 1]:g}{closing}"
        self._chart.setToolTip(f"BLEU {bounds}: {count} {sentences}")


def _pairs(edges: Sequence[float]) -> list[tuple[float, float]]:
    """Consecutive (low, high) pairs of bin edges."""
    return list(itertools.pairwise(edges))


def _nice_step(largest: int, max_ticks: int = 5) -> int:
    """A 1-2-5 tick step giving at most `max_ticks` intervals up to `largest`."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if largest <= step * factor * max_ticks:
                return step * factor
        step *= 10
