"""The base of the chart widgets: a compact `QChartView` and the colours it follows.

QtCharts stays behind the chart modules (this one, `precision_chart`, `systems_chart`
and the histograms built on `histogram_chart`: `score_histogram`, `delta_histogram`,
`test_distribution`; see DESIGN.md): the widgets take plain sequences of numbers (or
core values) and emit plain signals, so the rest of the app never sees a `QBarSet` and
the chart library can change without touching anything else. The widgets only display
the numbers they are given.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCharts import QChart, QChartView
from PySide6.QtCore import QEvent, QMargins, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget
from typing_extensions import override

__all__ = [
    "ChartWidget",
    "Colors",
    "legend_entry",
    "nbsp",
    "order_labels",
    "percent_text",
    "value_at",
]

_MIN_SIZE = (320, 220)
_PREFERRED_SIZE = (480, 300)
_LABEL_PADDING = 12  # pixels QtCharts wants around a category label


@dataclass(frozen=True, slots=True)
class Colors:
    """The colours of one palette (light or dark)."""

    dark: bool
    background: QColor
    text: QColor
    muted: QColor
    grid: QColor
    corpus: QColor
    sentence: QColor
    bins: QColor
    selected: QColor
    highlight: QColor


def _colors_for(palette: QPalette) -> Colors:
    """Picks chart colours that read well on the widget's palette."""
    background = palette.color(QPalette.ColorRole.Window)
    text = palette.color(QPalette.ColorRole.WindowText)
    dark = background.lightness() < 128
    muted = QColor(text)
    muted.setAlpha(150)
    grid = QColor(text)
    grid.setAlpha(45)
    highlight = QColor(palette.color(QPalette.ColorRole.Highlight))
    highlight.setAlpha(70 if dark else 45)
    if dark:
        corpus, sentence = QColor("#6ea8e0"), QColor("#f0a04b")
        bins, selected = QColor("#6ea8e0"), QColor("#f0a04b")
    else:
        corpus, sentence = QColor("#2f6fb0"), QColor("#d9731a")
        bins, selected = QColor("#4a86c5"), QColor("#d9731a")
    return Colors(
        dark=dark,
        background=background,
        text=text,
        muted=muted,
        grid=grid,
        corpus=corpus,
        sentence=sentence,
        bins=bins,
        selected=selected,
        highlight=highlight,
    )


def order_labels(orders: int, per_order: float, font: QFont) -> list[str]:
    """The n-gram orders' axis labels: "1-gram", "2-gram", … or "1", "2", … if narrow.

    Args:
        orders: How many orders.
        per_order: The pixels each order's category gets on the axis.
        font: The axis labels' font.

    QtCharts would otherwise truncate every label to "1-g…".
    """
    longest = QFontMetrics(font).horizontalAdvance(f"{orders}-gram")
    suffix = "-gram" if longest + _LABEL_PADDING <= per_order else ""
    return [f"{n}{suffix}" for n in range(1, orders + 1)]


def value_at(values: Sequence[float], index: int) -> float:
    """`values[index]`, or NaN past the end (a system or sentence with fewer orders)."""
    return values[index] if 0 <= index < len(values) else math.nan


def percent_text(value: float) -> str:
    """A percentage with one decimal, or a note that it cannot be computed."""
    return "not defined" if math.isnan(value) else f"{value:.1f} %"


def nbsp(text: str) -> str:
    """`text` as rich text that never wraps inside."""
    return text.replace(" ", "&nbsp;")


def legend_entry(color: QColor, name: str, detail: str = "") -> str:
    """A coloured square, `name` in bold and `detail`, as unbreakable rich text.

    Both texts are plain (HTML-escaped here): a system's name may hold any character.
    """
    square = f'<span style="color:{color.name()}">&#9632;</span>'
    entry = f"{square}&nbsp;<b>{nbsp(html.escape(name))}</b>"
    return f"{entry}&nbsp;&nbsp;{nbsp(html.escape(detail))}" if detail else entry


class ChartWidget(QWidget):
    """A `QChartView` with compact margins that follows the widget's palette."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._built = False  # set by `_finish_init` once the subclass is complete
        self._chart = QChart()
        self._chart.legend().setVisible(False)
        self._chart.setBackgroundRoundness(0)
        self._chart.setMargins(QMargins(2, 6, 10, 2))
        layout = self._chart.layout()
        if layout is not None:
            layout.setContentsMargins(0, 0, 0, 0)
        self._view = QChartView(self._chart)
        self._view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._view.setFrameShape(QChartView.Shape.NoFrame)
        self._view.setSizePolicy(
            QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding
        )
        self._colors = _colors_for(self.palette())
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(2)
        self._layout.addWidget(self._view, stretch=1)
        self.setMinimumSize(*_MIN_SIZE)

    @override
    def sizeHint(self) -> QSize:
        """Room for readable labels; the layout may shrink it to the minimum size."""
        return QSize(*_PREFERRED_SIZE)

    def chart(self) -> QChart:
        """The chart, for tests and screenshots; callers must not restyle it."""
        return self._chart

    @override
    def changeEvent(self, event: QEvent) -> None:
        """Restyles the chart when the palette changes (light ⇄ dark)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._built:
            self._apply_palette()

    def _apply_palette(self) -> None:
        """Sets the chart theme, background and axis colours from the palette."""
        self._colors = colors = _colors_for(self.palette())
        # setTheme resets fonts, brushes and series colours: everything is set after.
        self._chart.setTheme(
            QChart.ChartTheme.ChartThemeDark
            if colors.dark
            else QChart.ChartTheme.ChartThemeLight
        )
        self._chart.legend().setVisible(False)
        self._chart.setBackgroundBrush(QBrush(colors.background))
        self._chart.setBackgroundPen(QPen(Qt.PenStyle.NoPen))
        self._chart.setBackgroundRoundness(0)
        self._chart.setDropShadowEnabled(False)
        self._view.setBackgroundBrush(QBrush(colors.background))
        font = self._axis_font()
        for axis in self._chart.axes():
            axis.setLabelsFont(font)
            axis.setLabelsBrush(QBrush(colors.text))
            axis.setTitleFont(font)
            axis.setTitleBrush(QBrush(colors.muted))
            axis.setGridLineColor(colors.grid)
            axis.setMinorGridLineColor(colors.grid)
            axis.setLinePenColor(colors.grid)
            axis.setShadesVisible(False)
        self._restyle(colors)

    def _axis_font(self) -> QFont:
        """The font of axis labels and titles: a little smaller than the widget's."""
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF() * 0.9, 7.0))
        return font

    def _restyle(self, colors: Colors) -> None:
        """Recolours the series and overlays; subclasses add their own items."""

    def _finish_init(self) -> None:
        """Styles the chart once the subclass has built its series and axes."""
        self._built = True
        self._apply_palette()
