"""The n-gram precision chart: corpus and selected sentence, one bar group per order.

With its helpers: the brevity penalty / length ratio line that is also its legend, the
value labels on the bars and the number formats. Like every chart it only displays the
numbers it is given (see `chart_base`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCharts import QBarCategoryAxis, QBarSeries, QBarSet, QValueAxis
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QLabel,
    QWidget,
)
from typing_extensions import override

from bleu_gui.views.chart_base import (
    ChartWidget,
    Colors,
    legend_entry,
    nbsp,
    order_labels,
    percent_text,
    value_at,
)

__all__ = ["PrecisionChart"]

_PRECISION_BAR_WIDTH = 0.8  # of a category, shared by the corpus and sentence bars
_Y_AXIS_ALLOWANCE = 56  # pixels left of the plot: the "100%" labels and margins
# Above the plot background and its shades, below the grid lines and the bars
# (QtCharts draws its plot area at z 0, shades at 1, grid at 2, series above).
_HIGHLIGHT_Z = 1.5
_VALUE_LABEL_Z = 100.0


class PrecisionChart(ChartWidget):
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
        per_order = (self.width() - _Y_AXIS_ALLOWANCE) / max(orders, 1)
        categories = order_labels(orders, per_order, self._axis_font())
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
            parts.append(f'<span style="color:{muted}">{nbsp(sentence)}</span>')
        else:
            s_bp, s_ratio = self._sentence_length
            sentence = f"Sentence BP {_fmt(s_bp)} · ratio {_fmt(s_ratio)}"
            parts.append(_legend_entry(colors.sentence, sentence))
        self._length_plain = (corpus, sentence)
        self._length_label.setText(" &nbsp; &nbsp; ".join(parts))

    @override
    def _restyle(self, colors: Colors) -> None:
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
        lines.append(f"Corpus: {percent_text(value_at(self._corpus, index))}")
        if self._sentence is not None:
            lines.append(f"Sentence: {percent_text(value_at(self._sentence, index))}")
        self._chart.setToolTip("\n".join(lines))


def _fill(bar_set: QBarSet, values: Sequence[float], length: int) -> None:
    """Replaces a bar set's values; NaN and missing values become 0-height bars."""
    bar_set.remove(0, bar_set.count())
    padded = [value_at(values, i) for i in range(length)]
    bar_set.append([0.0 if math.isnan(v) else v for v in padded])


def _fmt(value: float | None) -> str:
    """Three decimals, or a dash for a missing or NaN number."""
    if value is None or math.isnan(value):
        return "–"
    return f"{value:.3f}"


def _text_on(color: QColor) -> QColor:
    """Black or white, whichever reads better on `color`."""
    luma = 0.299 * color.redF() + 0.587 * color.greenF() + 0.114 * color.blueF()
    return QColor(Qt.GlobalColor.black if luma > 0.55 else Qt.GlobalColor.white)


def _legend_entry(color: QColor, text: str) -> str:
    """A coloured square and `text`, its first word in bold, as unbreakable HTML."""
    name, _, rest = text.partition(" ")
    return legend_entry(color, name, rest)
