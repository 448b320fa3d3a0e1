"""The bucket chart: a value per bucket and system, with the bootstrap's interval.

One bar per bucket for the shown system, or one per system side by side for a
pair (A, B), each system in its colour of the comparison charts
(`palette.system_color`). Where a bucket was tested, an error bar over each bar
spans the system's bootstrap mean ± its 95 % half-width (sacreBLEU's "μ ± ci"),
drawn as line items over the plot and placed again whenever the plot area
moves; QtCharts has no error bars of its own. A click on a bar says which bucket
(`bucket_clicked`); the bucket the table is filtered to is drawn selected. Like
every chart it only displays the numbers it is given (see `chart_base`).
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from PySide6.QtCharts import QBarCategoryAxis, QBarSeries, QBarSet, QValueAxis
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QGraphicsLineItem, QLabel, QWidget
from typing_extensions import override

from bleu_gui.views.chart_base import ChartWidget, Colors, legend_entry
from bleu_gui.views.histogram_chart import nice_step
from bleu_gui.views.palette import system_color

__all__ = ["BucketBars", "BucketChart"]

_CAP = 3.0  # half the width of an error bar's caps, in pixels


@dataclass(frozen=True, slots=True)
class BucketBars:
    """One system's bars: its name, colour index, values and intervals.

    Attributes:
        name: the system's short name.
        colour: its place in the session (its comparison colour).
        values: per bucket, the bar's height (NaN: no bar).
        low: per bucket, the error bar's bottom (NaN: none).
        high: per bucket, its top (NaN: none).
    """

    name: str
    colour: int
    values: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]


class BucketChart(ChartWidget):
    """A value per bucket, one bar set per system, error bars where tested.

    Signals:
        bucket_clicked: (bucket) its index among the labels given.
    """

    bucket_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bars: tuple[BucketBars, ...] = ()
        self._labels: tuple[str, ...] = ()
        self._sets: list[QBarSet] = []
        self._whiskers: list[tuple[int, int, list[QGraphicsLineItem]]] = []
        self._selected: int | None = None
        self._clickable = False
        self._series = QBarSeries()
        self._chart.addSeries(self._series)
        self._bucket_axis = QBarCategoryAxis()
        self._bucket_axis.setGridLineVisible(False)
        self._value_axis = QValueAxis()
        self._value_axis.setLabelFormat("%g")
        self._chart.addAxis(self._bucket_axis, Qt.AlignmentFlag.AlignBottom)
        self._chart.addAxis(self._value_axis, Qt.AlignmentFlag.AlignLeft)
        self._series.attachAxis(self._bucket_axis)
        self._series.attachAxis(self._value_axis)
        self._legend = QLabel()
        self._legend.setWordWrap(True)
        self._legend.setContentsMargins(6, 0, 6, 2)
        self._layout.addWidget(self._legend)
        self._chart.plotAreaChanged.connect(self._place_whiskers)
        self.setMinimumSize(260, 200)
        self._finish_init()

    def set_bars(
        self,
        labels: Sequence[str],
        bars: Sequence[BucketBars],
        *,
        axis_title: str,
        value_title: str,
        clickable: bool,
    ) -> None:
        """Show these systems' values per bucket (none: an empty chart).

        `clickable`: whether a click shows the bucket's sentences (the tooltip
        says so); word buckets are no sentences.
        """
        self._labels, self._bars = tuple(labels), tuple(bars)
        self._clickable = clickable
        self._series.clear()  # deletes the old sets
        self._sets = []
        self._clear_whiskers()
        self._bucket_axis.clear()
        # Escaped: QtCharts reads a label as rich text, where "< 10" opens a tag.
        self._bucket_axis.append([html.escape(label) for label in labels])
        self._bucket_axis.setTitleText(axis_title)
        self._value_axis.setTitleText(value_title)
        for position, one in enumerate(self._bars):
            bar_set = QBarSet(one.name)
            bar_set.append([0.0 if math.isnan(v) else v for v in one.values])
            bar_set.clicked.connect(self.bucket_clicked.emit)
            bar_set.hovered.connect(partial(self._on_hovered, position))
            self._sets.append(bar_set)
        if self._sets:
            self._series.append(self._sets)
        finite = [
            v
            for one in self._bars
            for v in (*one.values, *one.high)
            if not math.isnan(v)
        ]
        largest = max(finite, default=0.0)
        step = nice_step(largest, 4)
        top = max(step * math.ceil(largest / step), step)
        self._value_axis.setRange(0.0, top)
        self._value_axis.setTickCount(round(top / step) + 1)
        self._make_whiskers()
        self._restyle(self._colors)
        self._show_selected()

    def set_selected(self, bucket: int | None) -> None:
        """Draw bucket `bucket` selected (every system's bar); None: none."""
        self._selected = bucket
        self._show_selected()

    def bar_sets(self) -> list[QBarSet]:
        """One bar set per system, for tests; callers must not change them."""
        return list(self._sets)

    def error_bars(self) -> list[tuple[int, int, float, float]]:
        """(system, bucket, low, high) of each error bar drawn, for tests."""
        return [
            (k, b, self._bars[k].low[b], self._bars[k].high[b])
            for k, b, _ in self._whiskers
        ]

    def _show_selected(self) -> None:
        for bar_set in self._sets:
            bar_set.deselectAllBars()
            if self._selected is not None:
                bar_set.selectBar(self._selected)

    def _clear_whiskers(self) -> None:
        scene = self._chart.scene()
        for _, _, items in self._whiskers:
            for item in items:
                if scene is not None:
                    scene.removeItem(item)
        self._whiskers = []

    def _make_whiskers(self) -> None:
        """Three lines per tested bar (the span and its caps), placed later."""
        for k, one in enumerate(self._bars):
            for b, (low, high) in enumerate(zip(one.low, one.high, strict=True)):
                if math.isnan(low) or math.isnan(high):
                    continue
                items = [QGraphicsLineItem(self._chart) for _ in range(3)]
                for item in items:
                    item.setZValue(10)
                self._whiskers.append((k, b, items))
        self._place_whiskers()

    def _place_whiskers(self, _area: QRectF | None = None) -> None:
        """Put each error bar over its bar: bars of a bucket share its width."""
        sets = len(self._bars)
        if not sets:
            return
        width = self._series.barWidth()
        for k, b, items in self._whiskers:
            x = b - width / 2 + (k + 0.5) * width / sets
            one = self._bars[k]
            bottom = self._chart.mapToPosition(QPointF(x, one.low[b]), self._series)
            top = self._chart.mapToPosition(QPointF(x, one.high[b]), self._series)
            span, low_cap, high_cap = items
            span.setLine(bottom.x(), bottom.y(), top.x(), top.y())
            low_cap.setLine(
                bottom.x() - _CAP, bottom.y(), bottom.x() + _CAP, bottom.y()
            )
            high_cap.setLine(top.x() - _CAP, top.y(), top.x() + _CAP, top.y())

    @override
    def _restyle(self, colors: Colors) -> None:
        """Each system in its colour, the selected bars and error bars in text's."""
        palette = self.palette()
        entries = []
        for one, bar_set in zip(self._bars, self._sets, strict=True):
            color = system_color(one.colour, palette)
            bar_set.setColor(color)
            bar_set.setBorderColor(colors.background)
            bar_set.setSelectedColor(colors.highlight)
            entries.append(legend_entry(color, one.name))
        pen = QPen(colors.text)
        pen.setWidthF(1.2)
        for _, _, items in self._whiskers:
            for item in items:
                item.setPen(pen)
        self._legend.setText(" &nbsp; ".join(entries))
        self._legend.setVisible(len(self._bars) > 1)

    def _on_hovered(self, position: int, status: bool, bucket: int) -> None:
        """The hovered bar in words, with its interval where tested."""
        if not status or position >= len(self._bars):
            self._chart.setToolTip("")
            return
        one = self._bars[position]
        value = one.values[bucket]
        text = f"{one.name}, {self._labels[bucket]}: " + (
            "no sentences" if math.isnan(value) else f"{value:.2f}"
        )
        low, high = one.low[bucket], one.high[bucket]
        if not (math.isnan(low) or math.isnan(high)):
            text += (
                f"; bootstrap 95 % interval {low:.2f}–{high:.2f} "
                "(mean ± half-width, on this bucket's sentences)"
            )
        self._chart.setToolTip(
            f"{text}. Click to show them." if self._clickable else f"{text}."
        )
