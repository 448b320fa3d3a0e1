"""Chart widgets: n-gram precision per order, and the spread of sentence scores.

QtCharts stays behind this module (see DESIGN.md): the widgets take plain sequences of
numbers and emit plain signals, so the rest of the app never sees a `QBarSet` and the
chart library can change without touching anything else. The widgets only display the
numbers they are given; the one computation here, `histogram_bins`, is display logic
(which bar a score is drawn in), not BLEU arithmetic.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QChart,
    QChartView,
    QValueAxis,
)
from PySide6.QtCore import QEvent, QMargins, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QFontMetricsF,
    QPainter,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

__all__ = [
    "HISTOGRAM_BIN_WIDTH",
    "Histogram",
    "PrecisionChart",
    "ScoreHistogram",
    "histogram_bins",
]

HISTOGRAM_BIN_WIDTH = 5.0
_HISTOGRAM_BINS = 20  # 0–100 in bins of 5; the last bin is closed on the right
_MIN_SIZE = (320, 220)
_PREFERRED_SIZE = (480, 300)
_WIDE_HISTOGRAM = 420  # pixels; narrower histograms label every 20 points, not 10
_PRECISION_BAR_WIDTH = 0.8  # of a category, shared by the corpus and sentence bars
_Y_AXIS_ALLOWANCE = 56  # pixels left of the plot: the "100%" labels and margins
_LABEL_PADDING = 12  # pixels QtCharts wants around a category label
# Above the plot background and its shades, below the grid lines and the bars
# (QtCharts draws its plot area at z 0, shades at 1, grid at 2, series above).
_HIGHLIGHT_Z = 1.5
_VALUE_LABEL_Z = 100.0


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


# --- shared styling --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Colors:
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


def _colors_for(palette: QPalette) -> _Colors:
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
    return _Colors(
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


def _text_on(color: QColor) -> QColor:
    """Black or white, whichever reads better on `color`."""
    luma = 0.299 * color.redF() + 0.587 * color.greenF() + 0.114 * color.blueF()
    return QColor(Qt.GlobalColor.black if luma > 0.55 else Qt.GlobalColor.white)


def _nbsp(text: str) -> str:
    """`text` as rich text that never wraps inside."""
    return text.replace(" ", "&nbsp;")


def _legend_entry(color: QColor, text: str) -> str:
    """A coloured square and `text`, its first word in bold, as unbreakable HTML."""
    name, _, rest = text.partition(" ")
    square = f'<span style="color:{color.name()}">&#9632;</span>'
    return f"{square}&nbsp;<b>{name}</b>&nbsp;&nbsp;{_nbsp(rest)}"


class _ChartWidget(QWidget):
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

    def _restyle(self, colors: _Colors) -> None:
        """Recolours the series and overlays; subclasses add their own items."""

    def _finish_init(self) -> None:
        """Styles the chart once the subclass has built its series and axes."""
        self._built = True
        self._apply_palette()


# --- precision per order ---------------------------------------------------------


class PrecisionChart(_ChartWidget):
    """Modified n-gram precision per order, corpus next to the selected sentence.

    Grouped bars on a 0–100 % scale, one group per n-gram order; the brevity penalty
    and length ratio of both sit in a line under the chart, which is also its legend.
    A NaN precision is drawn as an empty bar without a value label.

    Signals:
        order_clicked: The user clicked a bar; carries its 1-based n-gram order.
    """

    order_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._corpus: tuple[float, ...] = ()
        self._sentence: tuple[float, ...] | None = None
        self._corpus_length: tuple[float, float] = (math.nan, math.nan)
        self._sentence_length: tuple[float | None, float | None] = (None, None)
        self._selected_order = 0

        self._corpus_set = QBarSet("Corpus")
        self._sentence_set = QBarSet("Sentence")
        self._series = QBarSeries()
        self._series.setBarWidth(_PRECISION_BAR_WIDTH)
        self._series.append(self._corpus_set)
        self._chart.addSeries(self._series)
        self._x_axis = QBarCategoryAxis()
        self._y_axis = QValueAxis()
        self._y_axis.setRange(0.0, 100.0)
        self._y_axis.setTickCount(6)
        self._y_axis.setLabelFormat("%d%%")
        self._x_axis.setGridLineVisible(False)  # the order highlight marks groups
        self._chart.addAxis(self._x_axis, Qt.AlignmentFlag.AlignBottom)
        self._chart.addAxis(self._y_axis, Qt.AlignmentFlag.AlignLeft)
        self._series.attachAxis(self._x_axis)
        self._series.attachAxis(self._y_axis)

        self._highlight = QGraphicsRectItem(self._chart)
        self._highlight.setZValue(_HIGHLIGHT_Z)
        self._highlight.setPen(QPen(Qt.PenStyle.NoPen))
        self._highlight.setVisible(False)
        self._label_pool: list[QGraphicsSimpleTextItem] = []
        self._value_items: list[tuple[QGraphicsSimpleTextItem, int, int, float]] = []

        self._length_plain = ("", "")
        # One label that wraps between the corpus and the sentence part when narrow
        # (each part is kept whole with non-breaking spaces).
        self._length_label = QLabel()
        self._length_label.setWordWrap(True)
        self._length_label.setContentsMargins(6, 0, 6, 2)
        self._length_label.setToolTip(
            "Brevity penalty (BP) and hypothesis / reference length ratio"
        )
        self._layout.addWidget(self._length_label)

        self._corpus_set.clicked.connect(self._on_bar_clicked)
        self._sentence_set.clicked.connect(self._on_bar_clicked)
        self._corpus_set.hovered.connect(self._on_hovered)
        self._sentence_set.hovered.connect(self._on_hovered)
        self._chart.plotAreaChanged.connect(self._place_overlays)
        self._finish_init()
        self._refresh()

    # --- public API ---------------------------------------------------------------

    def set_corpus(self, precisions: Sequence[float], bp: float, ratio: float) -> None:
        """Shows the corpus precisions (percent), brevity penalty and length ratio.

        Args:
            precisions: One precision per n-gram order, order 1 first, in percent.
            bp: The corpus brevity penalty.
            ratio: Hypothesis length over reference length.
        """
        self._corpus = tuple(float(p) for p in precisions)
        self._corpus_length = (float(bp), float(ratio))
        self._refresh()

    def set_sentence(
        self,
        precisions: Sequence[float] | None,
        bp: float | None = None,
        ratio: float | None = None,
    ) -> None:
        """Shows one sentence's precisions next to the corpus, or clears them.

        Args:
            precisions: One precision per order in percent, or None for no sentence.
            bp: The sentence brevity penalty, if known.
            ratio: The sentence length ratio, if known.
        """
        if precisions is None:
            self._sentence = None
            self._sentence_length = (None, None)
        else:
            self._sentence = tuple(float(p) for p in precisions)
            self._sentence_length = (bp, ratio)
        self._refresh()

    def set_selected_order(self, order: int) -> None:
        """Emphasises one n-gram order (1-based); 0 or an unknown order clears it."""
        self._selected_order = order
        self._place_overlays()

    def selected_order(self) -> int:
        """The emphasised n-gram order (1-based), or 0 for none."""
        return self._selected_order

    def order_highlight(self) -> QRectF | None:
        """The selected order's highlight band in chart coordinates, if shown."""
        return self._highlight.rect() if self._highlight.isVisible() else None

    def categories(self) -> list[str]:
        """The axis labels, one per shown order ("1-gram", … or "1", … if narrow)."""
        return list(self._x_axis.categories())

    def bar_sets(self) -> tuple[QBarSet, QBarSet]:
        """The corpus and sentence bar sets, for tests; callers must not change them."""
        return self._corpus_set, self._sentence_set

    def value_labels(self) -> dict[tuple[str, int], str]:
        """The value labels drawn on the bars, keyed by (set label, 1-based order)."""
        labels = {}
        for item, set_index, category, _value in self._value_items:
            if item.isVisible():
                name = self._series.barSets()[set_index].label()
                labels[name, category + 1] = item.text()
        return labels

    def length_text(self) -> tuple[str, str]:
        """The corpus and sentence BP / ratio lines as plain text."""
        return self._length_plain

    # --- drawing ------------------------------------------------------------------

    def _orders(self) -> int:
        """How many orders to show: the longer of the two sequences."""
        return max(len(self._corpus), len(self._sentence or ()))

    def _refresh(self) -> None:
        """Rebuilds the bars, categories, value labels and the BP / ratio line."""
        orders = self._orders()
        self._update_categories()
        _fill(self._corpus_set, self._corpus, orders)
        in_series = self._sentence_set in self._series.barSets()
        if self._sentence is None:
            if in_series:
                # take() hands the set back without deleting it; it is kept for reuse.
                self._series.take(self._sentence_set)
            self._sentence_set.remove(0, self._sentence_set.count())
        else:
            _fill(self._sentence_set, self._sentence, orders)
            if not in_series:
                self._series.append(self._sentence_set)
        self._restyle(self._colors)
        self._update_length_text()

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        """Switches between long and short order labels to fit the width."""
        super().resizeEvent(event)
        self._update_categories()

    def _update_categories(self) -> None:
        """Labels the orders "1-gram", "2-gram", …, or "1", "2", … when too narrow.

        QtCharts would otherwise truncate every label to "1-g…".
        """
        orders = self._orders()
        longest = QFontMetrics(self._axis_font()).horizontalAdvance(f"{orders}-gram")
        per_order = (self.width() - _Y_AXIS_ALLOWANCE) / max(orders, 1)
        suffix = "-gram" if longest + _LABEL_PADDING <= per_order else ""
        categories = [f"{n}{suffix}" for n in range(1, orders + 1)]
        if list(self._x_axis.categories()) != categories:
            self._x_axis.clear()
            if categories:
                self._x_axis.append(categories)

    def _update_length_text(self) -> None:
        """Writes the BP / ratio line, which also serves as the chart's legend."""
        colors = self._colors
        bp, ratio = self._corpus_length
        corpus = f"Corpus BP {_fmt(bp)} · ratio {_fmt(ratio)}"
        parts = [_legend_entry(colors.corpus, corpus)]
        if self._sentence is None:
            sentence = "Sentence: none selected"
            muted = colors.muted.name(QColor.NameFormat.HexArgb)
            parts.append(f'<span style="color:{muted}">{_nbsp(sentence)}</span>')
        else:
            s_bp, s_ratio = self._sentence_length
            sentence = f"Sentence BP {_fmt(s_bp)} · ratio {_fmt(s_ratio)}"
            parts.append(_legend_entry(colors.sentence, sentence))
        self._length_plain = (corpus, sentence)
        self._length_label.setText(" &nbsp; &nbsp; ".join(parts))

    @override
    def _restyle(self, colors: _Colors) -> None:
        """Recolours the bars, the value labels and the order highlight."""
        for bar_set, color in (
            (self._corpus_set, colors.corpus),
            (self._sentence_set, colors.sentence),
        ):
            bar_set.setColor(color)
            bar_set.setBorderColor(color)
        self._highlight.setBrush(QBrush(colors.highlight))
        self._update_length_text()
        self._rebuild_value_items()

    def _value_font(self) -> QFont:
        """The font of the value labels on the bars."""
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF() * 0.85, 7.0))
        return font

    def _rebuild_value_items(self) -> None:
        """Creates one value label per bar with a number; NaN bars get none."""
        font = self._value_font()
        sequences = [self._corpus]
        if self._sentence is not None:
            sequences.append(self._sentence)
        self._value_items = []
        for set_index, values in enumerate(sequences):
            for category, value in enumerate(values):
                if math.isnan(value):
                    continue
                # Items are reused, not deleted: the chart (their parent) owns them.
                if len(self._value_items) == len(self._label_pool):
                    pooled = QGraphicsSimpleTextItem(self._chart)
                    pooled.setZValue(_VALUE_LABEL_Z)
                    self._label_pool.append(pooled)
                item = self._label_pool[len(self._value_items)]
                item.setText(f"{value:.1f}")
                item.setFont(font)
                self._value_items.append((item, set_index, category, value))
        for unused in self._label_pool[len(self._value_items) :]:
            unused.setVisible(False)
        self._place_overlays()

    def _place_overlays(self) -> None:
        """Positions the value labels and the selected-order highlight on the plot."""
        orders = self._orders()
        plot = self._chart.plotArea()
        if orders == 0 or plot.width() <= 0 or plot.height() <= 0:
            self._highlight.setVisible(False)
            for item, *_ in self._value_items:
                item.setVisible(False)
            return
        if 1 <= self._selected_order <= orders:
            left = self._map(self._selected_order - 1.5, 0.0).x()
            right = self._map(self._selected_order - 0.5, 0.0).x()
            band = QRectF(left, plot.top(), right - left, plot.height())
            self._highlight.setRect(band)
            self._highlight.setVisible(True)
        else:
            self._highlight.setVisible(False)

        sets = len(self._series.barSets())
        bar = _PRECISION_BAR_WIDTH / sets
        bar_pixels = self._map(bar, 0.0).x() - self._map(0.0, 0.0).x()
        items = self._value_items
        # One decimal if every label fits its bar, else whole numbers, else none:
        # all labels or none, since a lone unlabelled bar would read as "not defined".
        metrics = QFontMetricsF(self._value_font())
        decimals: int | None = None
        for candidate in (1, 0):
            widest = max(
                (metrics.horizontalAdvance(f"{v:.{candidate}f}") for *_, v in items),
                default=0.0,
            )
            if widest + 2 <= bar_pixels:
                decimals = candidate
                break
        fills = (self._colors.corpus, self._colors.sentence)
        for item, set_index, category, value in items:
            item.setVisible(decimals is not None)
            if decimals is None:
                continue
            item.setText(f"{value:.{decimals}f}")
            text = item.boundingRect()
            centre = category - _PRECISION_BAR_WIDTH / 2 + (set_index + 0.5) * bar
            top = self._map(centre, min(max(value, 0.0), 100.0))
            base = self._map(centre, 0.0)
            inside = base.y() - top.y() >= text.height() + 4
            y = top.y() + 2 if inside else top.y() - text.height() - 1
            item.setBrush(
                QBrush(_text_on(fills[set_index]) if inside else self._colors.text)
            )
            item.setPos(top.x() - text.width() / 2, y)

    def _map(self, x: float, y: float) -> QPointF:
        """Chart coordinates of a point in the series' value space."""
        return self._chart.mapToPosition(QPointF(x, y), self._series)

    # --- interaction --------------------------------------------------------------

    def _on_bar_clicked(self, index: int) -> None:
        """Turns a click on a bar (0-based category) into `order_clicked(order)`."""
        self.order_clicked.emit(index + 1)

    def _on_hovered(self, status: bool, index: int) -> None:
        """Puts both precisions of the hovered order in the chart's tooltip.

        The chart item carries the text and Qt shows it with its usual delay (the
        scene shows the tooltip of the topmost item that has one, and bars have
        none). Calling `QToolTip.showText` here instead would pop it up at once.
        """
        if not status:
            self._chart.setToolTip("")
            return
        lines = [f"{index + 1}-gram precision"]
        lines.append(f"Corpus: {_fmt_percent(_at(self._corpus, index))}")
        if self._sentence is not None:
            lines.append(f"Sentence: {_fmt_percent(_at(self._sentence, index))}")
        self._chart.setToolTip("\n".join(lines))


def _fill(bar_set: QBarSet, values: Sequence[float], length: int) -> None:
    """Replaces a bar set's values; NaN and missing values become 0-height bars."""
    bar_set.remove(0, bar_set.count())
    padded = [_at(values, i) for i in range(length)]
    bar_set.append([0.0 if math.isnan(v) else v for v in padded])


def _at(values: Sequence[float], index: int) -> float:
    """`values[index]`, or NaN past the end."""
    return values[index] if 0 <= index < len(values) else math.nan


def _fmt(value: float | None) -> str:
    """Three decimals, or a dash for a missing or NaN number."""
    if value is None or math.isnan(value):
        return "–"
    return f"{value:.3f}"


def _fmt_percent(value: float) -> str:
    """A percentage with one decimal, or a note that it cannot be computed."""
    return "not defined" if math.isnan(value) else f"{value:.1f} %"


# --- score histogram -------------------------------------------------------------


class ScoreHistogram(_ChartWidget):
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
    def _restyle(self, colors: _Colors) -> None:
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
