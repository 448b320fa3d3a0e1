"""The machinery every histogram shares: bins counted, bars drawn, clicks and markers.

`count_bins` (`core.histogram`, shared with the HTML report) is the one computation:
values into given bins. `HistogramChart` draws a `Histogram` as
adjacent bars and turns a click on a bar into its bin's bounds; the sentence-score,
sentence-Δ and test-distribution charts are thin subclasses that choose the bins and
the words. Overlays (a vertical line with a label, a shaded region) are placed in value
coordinates, so they stay on their value when the chart is resized.

Bins must be of equal width: the bars sit on a hidden category axis (one category per
bin, centred on 0, 1, …), and a value axis drawn in its place spans exactly the same
pixels (from the first edge to the last), so its ticks fall on the bin edges.
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
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import (
    QGraphicsLineItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QLabel,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core.histogram import Histogram, count_bins
from bleu_gui.views.chart_base import ChartWidget, Colors

__all__ = [
    "Histogram",
    "HistogramChart",
    "Marker",
    "count_bins",
    "nice_step",
    "plural",
]

Values = Sequence[float] | npt.NDArray[np.floating[Any]]

# Above the plot background and its shades, below the grid lines and the bars
# (QtCharts draws its plot area at z 0, shades at 1, grid at 2, series above).
_SHADE_Z = 1.5
_MARKER_Z = 100.0
_MARKER_HEADROOM = 0.15  # of the tallest bar, kept free above it for marker labels


@dataclass(frozen=True, slots=True)
class Marker:
    """A vertical line across the plot at `value`, labelled `label` at its top."""

    value: float
    label: str


def nice_step(largest: float, max_ticks: int = 5) -> float:
    """A 1-2-5 step (…, 0.1, 0.2, 0.5, 1, 2, …) giving at most `max_ticks` intervals.

    The intervals reach `largest`; 1 when there is nothing to show.
    """
    if not largest > 0 or not math.isfinite(largest):
        return 1.0
    step = 10.0 ** math.floor(math.log10(largest / max_ticks))
    for factor in (1, 2, 5, 10):
        if largest <= step * factor * max_ticks * (1 + 1e-9):
            return step * factor
    return step * 10  # not reached: factor 10 always fits


def plural(count: int, singular: str, many: str | None = None) -> str:
    """`count` and the noun that goes with it: "1 sentence", "3 sentences"."""
    return f"{count} {singular if count == 1 else (many or singular + 's')}"


class HistogramChart(ChartWidget):
    """Adjacent bars of a `Histogram` on a value axis, a note, markers and a shade.

    Subclasses choose the bins (`_set_histogram`), the axis titles and the words of
    the tooltip (`_hover_text`).

    Signals:
        range_clicked: The user clicked a bar; carries its bin's (low, high) bounds.
    """

    range_clicked = Signal(float, float)

    def __init__(
        self,
        value_title: str,
        count_title: str,
        parent: QWidget | None = None,
        *,
        labelled: bool = False,
    ) -> None:
        """Builds the axes and bars.

        Args:
            value_title: the value axis' title.
            count_title: the count axis' title.
            parent: the parent widget.
            labelled: whether markers with labels will be drawn: the count axis then
                keeps room above the tallest bar, so no label covers a bar.
        """
        super().__init__(parent)
        self._labelled = labelled
        self._histogram = Histogram((), (0.0, 1.0), 0)
        self._selected: tuple[float | None, float | None] = (None, None)
        self._markers: tuple[Marker, ...] = ()
        self._shade_from: float | None = None

        self._set = QBarSet(count_title)
        self._series = QBarSeries()
        self._series.setBarWidth(1.0)  # adjacent bars, as a histogram should be
        self._series.append(self._set)
        self._chart.addSeries(self._series)
        self._bin_axis = QBarCategoryAxis()
        self._bin_axis.setVisible(False)
        self._value_axis = QValueAxis()
        self._value_axis.setTitleText(value_title)
        self._count_axis = QValueAxis()
        self._count_axis.setLabelFormat("%d")
        self._count_axis.setTitleText(count_title)
        self._chart.addAxis(self._bin_axis, Qt.AlignmentFlag.AlignBottom)
        self._chart.addAxis(self._value_axis, Qt.AlignmentFlag.AlignBottom)
        self._chart.addAxis(self._count_axis, Qt.AlignmentFlag.AlignLeft)
        self._series.attachAxis(self._bin_axis)
        self._series.attachAxis(self._count_axis)

        self._shade = QGraphicsRectItem(self._chart)
        self._shade.setZValue(_SHADE_Z)
        self._shade.setPen(QPen(Qt.PenStyle.NoPen))
        self._shade.setVisible(False)
        self._marker_items: list[tuple[QGraphicsLineItem, QGraphicsSimpleTextItem]] = []

        self._note = QLabel()
        self._note.setContentsMargins(6, 0, 6, 2)
        self._note.setWordWrap(True)
        self._note.setVisible(False)
        self._layout.addWidget(self._note)

        self._set.clicked.connect(self._on_bar_clicked)
        self._set.hovered.connect(self._on_hovered)
        self._chart.plotAreaChanged.connect(self._place_overlays)

    # --- public API ---------------------------------------------------------------

    def set_selected_range(self, low: float | None, high: float | None) -> None:
        """Highlights the bins overlapping [low, high]; a None bound is open.

        Both bounds None clears the highlight. A bin touching the range only at an
        edge is not highlighted, except when the range is a single value.
        """
        self._selected = (low, high)
        self._update_selection()

    def bin_counts(self) -> list[int]:
        """Values per bin, lowest bin first."""
        return list(self._histogram.counts)

    def bin_edges(self) -> list[float]:
        """The bin edges, one more than the bins."""
        return list(self._histogram.edges)

    def bar_set(self) -> QBarSet:
        """The bar set, for tests; callers must not change it."""
        return self._set

    def note_text(self) -> str:
        """The note under the chart ('' when hidden)."""
        return self._note.text() if self._note.isVisibleTo(self) else ""

    def markers(self) -> tuple[Marker, ...]:
        """The vertical lines drawn over the bars, with their labels."""
        return self._markers

    def marker_line(self, index: int) -> QRectF | None:
        """Where marker `index` is drawn (chart coordinates), if it is; for tests."""
        line, _label = self._marker_items[index]
        return line.boundingRect() if line.isVisible() else None

    def shaded_from(self) -> float | None:
        """The value from which the plot is shaded to its right end, if it is."""
        return self._shade_from

    def shaded_rect(self) -> QRectF | None:
        """The shaded region in chart coordinates, if drawn; for tests."""
        return self._shade.rect() if self._shade.isVisible() else None

    # --- for subclasses -------------------------------------------------------------

    def _set_histogram(self, histogram: Histogram) -> None:
        """Draws `histogram`: bars, categories, the value and count axes."""
        if histogram.edges != self._histogram.edges:
            self._bin_axis.clear()
            self._bin_axis.append(
                [f"{lo:g}–{hi:g}" for lo, hi in itertools.pairwise(histogram.edges)]
            )
            self._value_axis.setRange(histogram.edges[0], histogram.edges[-1])
        self._histogram = histogram
        counts = histogram.counts
        self._set.remove(0, self._set.count())
        self._set.append([float(c) for c in counts])
        largest = max(counts, default=0)
        # Room above the tallest bar for the markers' labels, if there are any.
        room = largest * (1.0 + _MARKER_HEADROOM) if self._labelled else largest
        step = max(1, round(nice_step(room)))
        top = max(step, math.ceil(room / step) * step)
        # The interval before the range: with the old, small interval a new range of
        # thousands would first lay out thousands of tick labels (seconds, on 100k).
        self._count_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        self._count_axis.setTickAnchor(0.0)
        self._count_axis.setTickInterval(float(step))
        self._count_axis.setRange(0.0, float(top))
        self._update_selection()
        self._place_overlays()

    def _set_note(self, text: str) -> None:
        """Shows `text` under the chart; '' hides the note."""
        self._note.setText(text)
        self._note.setVisible(bool(text))

    def _set_markers(self, markers: Sequence[Marker]) -> None:
        """Draws a labelled vertical line per marker (replacing the previous ones)."""
        self._markers = tuple(markers)
        while len(self._marker_items) < len(self._markers):
            # Items are reused, not deleted: the chart (their parent) owns them.
            line = QGraphicsLineItem(self._chart)
            label = QGraphicsSimpleTextItem(self._chart)
            line.setZValue(_MARKER_Z)
            label.setZValue(_MARKER_Z)
            self._marker_items.append((line, label))
        self._restyle(self._colors)

    def _set_shade_from(self, value: float | None) -> None:
        """Shades the plot from `value` to its right end; None removes the shade."""
        self._shade_from = value
        self._place_overlays()

    def _hover_text(self, index: int) -> str:
        """The tooltip of bar `index`: its bounds and count."""
        return f"{self._bounds_text(index)}: {self._histogram.counts[index]}"

    def _bounds_text(self, index: int) -> str:
        """Bin `index` as an interval, "[5, 10)", or "[95, 100]" for the last bin."""
        edges = self._histogram.edges
        closing = "]" if index == len(edges) - 2 else ")"
        return f"[{edges[index]:g}, {edges[index + 1]:g}{closing}"

    # --- drawing ------------------------------------------------------------------

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
        for i, (bin_lo, bin_hi) in enumerate(itertools.pairwise(edges)):
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
        """Recolours the bars, the selected bins, the note and the overlays."""
        self._set.setColor(colors.bins)
        self._set.setSelectedColor(colors.selected)
        # A background-coloured outline separates the adjacent bars.
        self._set.setBorderColor(colors.background)
        muted = colors.muted.name(QColor.NameFormat.HexArgb)
        self._note.setStyleSheet(f"color: {muted}")
        shade = QColor(colors.selected)
        shade.setAlpha(70 if colors.dark else 50)
        self._shade.setBrush(QBrush(shade))
        pen = QPen(colors.text)
        pen.setWidthF(1.5)
        pen.setStyle(Qt.PenStyle.DashLine)
        for line, label in self._marker_items:
            line.setPen(pen)
            label.setBrush(QBrush(colors.text))
            label.setFont(self._axis_font())
        self._place_overlays()

    def _x(self, value: float) -> float:
        """The chart x coordinate of `value` on the value axis."""
        edges = self._histogram.edges
        width = (edges[-1] - edges[0]) / max(len(edges) - 1, 1)
        category = (value - edges[0]) / width - 0.5
        return self._chart.mapToPosition(QPointF(category, 0.0), self._series).x()

    def _place_overlays(self) -> None:
        """Positions the markers and the shade on the plot."""
        plot = self._chart.plotArea()
        shown = plot.width() > 0 and plot.height() > 0 and bool(self._histogram.counts)
        for index, (line, label) in enumerate(self._marker_items):
            if not shown or index >= len(self._markers):
                line.setVisible(False)
                label.setVisible(False)
                continue
            marker = self._markers[index]
            x = min(max(self._x(marker.value), plot.left()), plot.right())
            line.setLine(x, plot.top(), x, plot.bottom())
            label.setText(marker.label)
            text = label.boundingRect()
            # Right of the line if it fits, else left of it.
            fits = x + 4 + text.width() <= plot.right()
            left = x + 4 if fits else x - 4 - text.width()
            label.setPos(max(left, plot.left()), plot.top() + 1 + index * text.height())
            line.setVisible(True)
            label.setVisible(True)
        if not shown or self._shade_from is None:
            self._shade.setVisible(False)
            return
        left = min(max(self._x(self._shade_from), plot.left()), plot.right())
        width = plot.right() - left
        self._shade.setRect(QRectF(left, plot.top(), width, plot.height()))
        self._shade.setVisible(True)

    # --- interaction --------------------------------------------------------------

    def _on_bar_clicked(self, index: int) -> None:
        """Turns a click on bin `index` into `range_clicked(low, high)`."""
        edges = self._histogram.edges
        self.range_clicked.emit(edges[index], edges[index + 1])

    def _on_hovered(self, status: bool, index: int) -> None:
        """Puts the hovered bin's range and count in the chart's tooltip.

        The chart item carries the text and Qt shows it with its usual delay.
        """
        self._chart.setToolTip(self._hover_text(index) if status else "")
