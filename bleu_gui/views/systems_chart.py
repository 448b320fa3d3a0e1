"""Every system's n-gram precisions and brevity penalty side by side.

One group of bars per n-gram order and a last group for the brevity penalty; in each
group one bar per system, in the system's colour (`palette.system_color`). Precisions
read on the left axis (0–100 %), the brevity penalty on the right one (0–1), which
spans the same pixels, so the BP bars are drawn at 100 × BP. The legend under the
chart names the systems (wrapping when narrow) and marks the baseline, whose value
is drawn across each group as a dashed line. Values show on hover: every system's
value of that group. Like every chart it only displays the numbers it is given (see
`chart_base`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCharts import QBarCategoryAxis, QBarSeries, QBarSet, QValueAxis
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPen, QResizeEvent
from PySide6.QtWidgets import QGraphicsLineItem, QLabel, QWidget
from typing_extensions import override

from bleu_gui.core.result import BleuScore
from bleu_gui.views.chart_base import (
    ChartWidget,
    Colors,
    legend_entry,
    order_labels,
    percent_text,
    value_at,
)
from bleu_gui.views.palette import system_color

__all__ = ["SystemBars", "SystemsChart"]

_BAR_WIDTH = 0.85  # of a group, shared by its systems' bars
_AXES_ALLOWANCE = 96  # pixels beside the plot: both axes' labels and titles
_BP_LABEL = "BP"
_BASELINE_Z = 100.0  # above the bars


@dataclass(frozen=True, slots=True)
class SystemBars:
    """One system's bars as shown.

    Attributes:
        name: the system's name.
        precisions: per order, the precision in percent (NaN: not defined).
        bp: the brevity penalty.
        ratio: hypothesis over reference length.
        baseline: whether this is the baseline.
    """

    name: str
    precisions: tuple[float, ...]
    bp: float
    ratio: float
    baseline: bool


class SystemsChart(ChartWidget):
    """Precision per order and the brevity penalty of several systems, grouped.

    Readable up to ten systems (ten distinct colours; names wrap in the legend).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._systems: tuple[SystemBars, ...] = ()
        self._sets: list[QBarSet] = []
        self._series = QBarSeries()
        self._series.setBarWidth(_BAR_WIDTH)
        self._chart.addSeries(self._series)
        self._x_axis = QBarCategoryAxis()
        self._x_axis.setGridLineVisible(False)
        self._precision_axis = QValueAxis()
        self._precision_axis.setRange(0.0, 100.0)
        self._precision_axis.setTickCount(6)
        self._precision_axis.setLabelFormat("%d%%")
        self._precision_axis.setTitleText("Precision")
        self._bp_axis = QValueAxis()
        self._bp_axis.setRange(0.0, 1.0)
        self._bp_axis.setTickCount(6)
        self._bp_axis.setLabelFormat("%.1f")
        self._bp_axis.setTitleText("Brevity penalty")
        self._bp_axis.setGridLineVisible(False)  # the precision axis draws the grid
        self._chart.addAxis(self._x_axis, Qt.AlignmentFlag.AlignBottom)
        self._chart.addAxis(self._precision_axis, Qt.AlignmentFlag.AlignLeft)
        self._chart.addAxis(self._bp_axis, Qt.AlignmentFlag.AlignRight)
        self._series.attachAxis(self._x_axis)
        self._series.attachAxis(self._precision_axis)

        self._legend = QLabel()
        self._legend.setWordWrap(True)
        self._legend.setContentsMargins(6, 0, 6, 2)
        self._layout.addWidget(self._legend)
        # Per group, a dashed line across it at the baseline's value.
        self._baseline_lines: list[QGraphicsLineItem] = []
        self._chart.plotAreaChanged.connect(self._place_baseline)
        self._finish_init()

    # --- public API ---------------------------------------------------------------

    def set_systems(
        self, systems: Sequence[tuple[str, BleuScore]], baseline: int | None = 0
    ) -> None:
        """Shows these systems' corpus precisions and brevity penalties.

        Args:
            systems: (name, corpus score) per system, in the order to draw them.
            baseline: the position of the baseline among `systems`, or None.
        """
        shown = tuple(
            SystemBars(
                name,
                tuple(float(p) for p in score.precisions),
                float(score.bp),
                float(score.ratio),
                index == baseline,
            )
            for index, (name, score) in enumerate(systems)
        )
        if shown == self._systems:
            return  # every system scored refreshes the panels: nothing to lay out
        self._systems = shown
        orders = self._orders()
        # Bar sets are kept and given new labels and values: a set deleted and
        # made anew makes the chart lay out its bars and markers again (tens of
        # milliseconds each time a system was scored, as names and order shift).
        extra = self._sets[len(shown) :]
        del self._sets[len(shown) :]
        for bar_set in extra:
            self._series.remove(bar_set)  # deletes it
        for system, bar_set in zip(shown, self._sets, strict=False):
            if bar_set.label() != system.name:
                bar_set.setLabel(system.name)
            _set_values(bar_set, _bar_values(system, orders))
        added = []
        for system in shown[len(self._sets) :]:
            bar_set = QBarSet(system.name)
            bar_set.append(_bar_values(system, orders))
            bar_set.hovered.connect(self._on_hovered)
            added.append(bar_set)
        if added:
            self._series.append(added)
            self._sets.extend(added)
        self._update_categories()
        self._restyle(self._colors)

    def systems(self) -> tuple[SystemBars, ...]:
        """The systems shown, with their numbers."""
        return self._systems

    def bar_sets(self) -> list[QBarSet]:
        """One bar set per system, for tests; callers must not change them."""
        return list(self._sets)

    def categories(self) -> list[str]:
        """The group labels: one per order ("1-gram", … or "1", … if narrow), "BP"."""
        return list(self._x_axis.categories())

    def baseline_marks(self) -> list[tuple[float, float]]:
        """Per group, the baseline line's (left, y) in chart coordinates; for tests."""
        return [
            (line.line().x1(), line.line().y1())
            for line in self._baseline_lines
            if line.isVisible()
        ]

    def legend_text(self) -> str:
        """The legend's names as plain text, the baseline marked."""
        return "   ".join(_legend_name(system) for system in self._systems)

    # --- drawing ------------------------------------------------------------------

    def _orders(self) -> int:
        """How many orders to show: the most any system has."""
        return max((len(s.precisions) for s in self._systems), default=0)

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        """Switches between long and short order labels to fit the width."""
        super().resizeEvent(event)
        self._update_categories()

    def _update_categories(self) -> None:
        """Labels the groups: the orders (long or short to fit), then "BP"."""
        orders = self._orders()
        if not self._systems:
            categories: list[str] = []
        else:
            per_group = (self.width() - _AXES_ALLOWANCE) / (orders + 1)
            categories = [
                *order_labels(orders, per_group, self._axis_font()),
                _BP_LABEL,
            ]
        if list(self._x_axis.categories()) != categories:
            self._x_axis.clear()
            if categories:
                self._x_axis.append(categories)

    @override
    def _restyle(self, colors: Colors) -> None:
        """Colours each system's bars and the legend, and the baseline's lines."""
        palette = self.palette()
        entries = []
        for index, (system, bar_set) in enumerate(
            zip(self._systems, self._sets, strict=True)
        ):
            color = system_color(index, palette)
            bar_set.setColor(color)
            bar_set.setBorderColor(color)
            detail = "(baseline)" if system.baseline else ""
            entries.append(legend_entry(color, system.name, detail))
        self._legend.setText(" &nbsp; ".join(entries))
        for line in self._baseline_lines:
            line.setPen(self._baseline_pen())
        self._place_baseline()

    def _baseline_values(self) -> list[float]:
        """The baseline's bar heights per group (precisions, then 100 × BP); [] none."""
        for system in self._systems:
            if system.baseline:
                orders = range(self._orders())
                return [value_at(system.precisions, n) for n in orders] + [
                    100.0 * system.bp
                ]
        return []

    def _place_baseline(self) -> None:
        """Draws the baseline's value across each group, to read the others against."""
        values = self._baseline_values()
        while len(self._baseline_lines) < len(values):
            # Items are reused, not deleted: the chart (their parent) owns them.
            line = QGraphicsLineItem(self._chart)
            line.setZValue(_BASELINE_Z)
            line.setPen(self._baseline_pen())
            self._baseline_lines.append(line)
        plot = self._chart.plotArea()
        drawn = plot.width() > 0 and plot.height() > 0
        for group, line in enumerate(self._baseline_lines):
            value = values[group] if group < len(values) else math.nan
            if not drawn or math.isnan(value):
                line.setVisible(False)
                continue
            half = _BAR_WIDTH / 2
            left = self._chart.mapToPosition(QPointF(group - half, value), self._series)
            right = self._chart.mapToPosition(
                QPointF(group + half, value), self._series
            )
            line.setLine(left.x(), left.y(), right.x(), right.y())
            line.setVisible(True)

    def _map(self, x: float, y: float) -> QPointF:
        """Chart coordinates of a point in the series' value space."""
        return self._chart.mapToPosition(QPointF(x, y), self._series)

    def _baseline_pen(self) -> QPen:
        """A dashed line in the text colour."""
        pen = QPen(self._colors.text)
        pen.setWidthF(1.5)
        pen.setStyle(Qt.PenStyle.DashLine)
        return pen

    # --- interaction --------------------------------------------------------------

    def _on_hovered(self, status: bool, index: int) -> None:
        """Puts every system's value of the hovered group in the chart's tooltip.

        The chart item carries the text and Qt shows it with its usual delay.
        """
        if not status:
            self._chart.setToolTip("")
            return
        if index >= self._orders():
            lines = ["Brevity penalty (length ratio)"]
            lines += [
                f"{_legend_name(s)}: {s.bp:.3f} ({s.ratio:.3f})" for s in self._systems
            ]
        else:
            lines = [f"{index + 1}-gram precision"]
            lines += [
                f"{_legend_name(s)}: {percent_text(value_at(s.precisions, index))}"
                for s in self._systems
            ]
        self._chart.setToolTip("\n".join(lines))


def _bar_values(system: SystemBars, orders: int) -> list[float]:
    """A system's bar heights: its precision per order (0 where undefined), 100 × BP."""
    values = [value_at(system.precisions, n) for n in range(orders)]
    return [0.0 if math.isnan(v) else v for v in values] + [100.0 * system.bp]


def _set_values(bar_set: QBarSet, values: list[float]) -> None:
    """Give `bar_set` these values, changing only those that differ."""
    if bar_set.count() > len(values):
        bar_set.remove(len(values), bar_set.count() - len(values))
    for index in range(bar_set.count()):
        if bar_set.at(index) != values[index]:
            bar_set.replace(index, values[index])
    if bar_set.count() < len(values):
        bar_set.append(values[bar_set.count() :])


def _legend_name(system: SystemBars) -> str:
    """The system's name, with "(baseline)" after the baseline's."""
    return f"{system.name} (baseline)" if system.baseline else system.name
