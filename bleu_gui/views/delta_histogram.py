"""The sentence Δ histogram: how far system B moved each sentence's BLEU from A's.

Two systems usually agree on many sentences word for word, so Δ = 0 is a spike that
would flatten every other bar. The equal sentences are therefore said in words and
marked by the zero line instead of drawn as a bar; the other Δs are counted in bins of
5 points with 0 as an edge, so every bar is wholly "B better" (right of the line) or
wholly "B worse" (left of it). The axis spans the smallest multiple of 10 points on
each side that holds the largest |Δ| (at least ±10, at most ±100). The rule is
`core.histogram.delta_bins`, which the HTML report's histogram uses too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCharts import QValueAxis
from PySide6.QtCore import QMargins
from PySide6.QtWidgets import QLabel, QWidget
from typing_extensions import override

from bleu_gui.core.histogram import DeltaCounts, delta_bins, delta_counts
from bleu_gui.views.histogram_chart import HistogramChart, Marker, plural
from bleu_gui.views.score_histogram import unscored_note

__all__ = ["DeltaCounts", "DeltaHistogram", "delta_bins", "delta_counts"]


class DeltaHistogram(HistogramChart):
    """How many sentences system B scores above or below system A, and by how much.

    A dashed line marks Δ = 0, labelled with the number of equal sentences; a line of
    words under the chart says how many are equal, better and worse. Bars can be
    highlighted for a Δ range, as the score histogram's.

    Signals:
        range_clicked: The user clicked a bar; carries its bin's (low, high) bounds.
            Every bin is [low, high) (the last [low, high]); the bin starting at 0
            never holds Δ = 0 itself.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Sentence BLEU Δ (B − A)", "Sentences", parent, labelled=True)
        self._chart.setMargins(QMargins(2, 6, 14, 2))
        self._value_axis.setLabelFormat("%+d")
        self._value_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        self._value_axis.setTickAnchor(0.0)
        self._names = ("A", "B")
        self._counts = DeltaCounts(0, 0, 0, 0)
        self._summary = QLabel()
        self._summary.setWordWrap(True)
        self._summary.setContentsMargins(6, 0, 6, 2)
        self._layout.insertWidget(1, self._summary)
        self._finish_init()
        self.set_deltas(())

    # --- public API ---------------------------------------------------------------

    def set_deltas(
        self,
        deltas: Sequence[float] | npt.NDArray[np.floating[Any]],
        names: tuple[str, str] = ("A", "B"),
    ) -> None:
        """Shows the distribution of per-sentence Δ = BLEU of B − BLEU of A.

        Args:
            deltas: One Δ per sentence in BLEU points, NaN where either system's
                sentence cannot be scored (see `core.delta.sentence_deltas`).
            names: The names of A and B, for the words under the chart.
        """
        self._names = names
        self._counts = delta_counts(deltas)
        histogram = delta_bins(deltas)
        span = histogram.edges[-1]
        # A label every 5, 10 or 20 points: at most 11 labels on the axis.
        self._value_axis.setTickInterval(
            5.0 if span <= 20 else 10.0 if span <= 50 else 20.0
        )
        self._set_histogram(histogram)
        equal = self._counts.equal
        self._set_markers([Marker(0.0, f"{equal} equal")])
        self._summary.setText(self.summary_text())
        self._set_note(unscored_note(self._counts.unscored))

    def counts(self) -> DeltaCounts:
        """The equal, better, worse and unscored sentences now shown."""
        return self._counts

    def summary_text(self) -> str:
        """The words under the chart: how many sentences are equal, better, worse."""
        a, b = self._names
        c = self._counts
        if c.equal + c.better + c.worse == 0:
            return "No sentences to compare."
        total = c.equal + c.better + c.worse
        return (
            f"Of {plural(total, 'sentence')}, {b} scores {c.better} higher than {a}, "
            f"{c.worse} lower and {c.equal} the same."
        )

    # --- drawing ------------------------------------------------------------------

    @override
    def _hover_text(self, index: int) -> str:
        """The tooltip: "Δ [5, 10): 12 sentences, B better"."""
        count = self._histogram.counts[index]
        low = self._histogram.edges[index]
        bounds = self._bounds_text(index)
        if low == 0.0:
            bounds = bounds.replace("[", "(", 1)  # Δ = 0 is not in this bar
        side = "better" if low >= 0.0 else "worse"
        return f"Δ {bounds}: {plural(count, 'sentence')}, {self._names[1]} {side}"
