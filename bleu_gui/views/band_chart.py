"""The band histogram: how many sentences fall in each fuzzy-match band, per system.

One bar per band (`core.bands.BANDS`, best first) for the shown system, or two
side by side for a pair (A, B), each system in its colour of the comparison
charts (`palette.system_color`). A click on a bar says which system and band
(`band_clicked`); the band the table is filtered to is drawn selected. Like every
chart it only displays the numbers it is given (see `chart_base`).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from PySide6.QtCharts import QBarCategoryAxis, QBarSeries, QBarSet, QValueAxis
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QWidget
from typing_extensions import override

from bleu_gui.core.bands import BANDS
from bleu_gui.views.chart_base import ChartWidget, Colors, legend_entry
from bleu_gui.views.histogram_chart import nice_step, plural
from bleu_gui.views.palette import system_color

__all__ = ["BandBars", "BandChart", "short_band_labels"]


def short_band_labels() -> list[str]:
    """The bands as the chart's axis names them: "100", "95+", …, "<50".

    Six labels of "95–99 %" do not fit a tab a third of the window wide (QtCharts
    cut them to "95–…"); the lower edge does, and the tooltip says the band.
    """
    last = len(BANDS) - 1
    return [
        str(band.low)
        if band.low == 100
        else f"<{BANDS[last - 1].low}"
        if index == last
        else f"{band.low}+"
        for index, band in enumerate(BANDS)
    ]


@dataclass(frozen=True, slots=True)
class BandBars:
    """One system's bars: its name, its colour index, sentences and words per band."""

    name: str
    colour: int
    counts: tuple[int, ...]
    words: tuple[int, ...]


class BandChart(ChartWidget):
    """Sentences per band, one bar set per system.

    Signals:
        band_clicked: (system, band): the position of the system among those
            given, and the band's index in `BANDS`.
    """

    band_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bars: tuple[BandBars, ...] = ()
        self._sets: list[QBarSet] = []
        self._selected: tuple[int, int] | None = None
        self._series = QBarSeries()
        self._chart.addSeries(self._series)
        self._band_axis = QBarCategoryAxis()
        # Escaped: QtCharts reads a label as rich text, where "<50" is a tag.
        self._band_axis.append([html.escape(label) for label in short_band_labels()])
        self._band_axis.setGridLineVisible(False)
        self._band_axis.setTitleText("Band (%): 100 − character edit rate")
        self._count_axis = QValueAxis()
        self._count_axis.setLabelFormat("%d")
        self._count_axis.setTitleText("Sentences")
        self._chart.addAxis(self._band_axis, Qt.AlignmentFlag.AlignBottom)
        self._chart.addAxis(self._count_axis, Qt.AlignmentFlag.AlignLeft)
        self._series.attachAxis(self._band_axis)
        self._series.attachAxis(self._count_axis)
        self._legend = QLabel()
        self._legend.setWordWrap(True)
        self._legend.setContentsMargins(6, 0, 6, 2)
        self._layout.addWidget(self._legend)
        self.setMinimumSize(260, 200)  # below the table, in a tab of a third's width
        self._finish_init()

    def set_bars(self, bars: Sequence[BandBars]) -> None:
        """Show these systems' sentences per band (none: an empty chart)."""
        bars = tuple(bars)
        if bars == self._bars:
            return
        self._bars = bars
        self._series.clear()  # deletes the old sets
        self._sets = []
        for position, one in enumerate(bars):
            bar_set = QBarSet(one.name)
            bar_set.append([float(count) for count in one.counts])
            bar_set.clicked.connect(partial(self.band_clicked.emit, position))
            bar_set.hovered.connect(partial(self._on_hovered, position))
            self._sets.append(bar_set)
        if self._sets:
            self._series.append(self._sets)
        largest = max((max(one.counts, default=0) for one in bars), default=0)
        step = nice_step(float(largest), 4)
        top = max(step * -(-largest // step), step)
        self._count_axis.setRange(0.0, top)
        self._count_axis.setTickCount(round(top / step) + 1)
        self._restyle(self._colors)
        self._show_selected()

    def set_selected(self, selected: tuple[int, int] | None) -> None:
        """Draw bar (system, band) selected; None: none."""
        self._selected = selected
        self._show_selected()

    def bar_sets(self) -> list[QBarSet]:
        """One bar set per system, for tests; callers must not change them."""
        return list(self._sets)

    def selected(self) -> tuple[int, int] | None:
        """The bar drawn selected, if any."""
        return self._selected

    def legend_text(self) -> str:
        """The names under the chart ('' with one system)."""
        return "   ".join(one.name for one in self._bars) if len(self._bars) > 1 else ""

    def _show_selected(self) -> None:
        for position, bar_set in enumerate(self._sets):
            bar_set.deselectAllBars()
            if self._selected is not None and self._selected[0] == position:
                bar_set.selectBar(self._selected[1])

    @override
    def _restyle(self, colors: Colors) -> None:
        """Each system in its colour; the selected bar in the text's colour."""
        palette = self.palette()
        entries = []
        for one, bar_set in zip(self._bars, self._sets, strict=True):
            color = system_color(one.colour, palette)
            bar_set.setColor(color)
            bar_set.setBorderColor(colors.background)
            bar_set.setSelectedColor(colors.text)  # no system has that colour
            entries.append(legend_entry(color, one.name))
        self._legend.setText(" &nbsp; ".join(entries))
        self._legend.setVisible(len(self._bars) > 1)

    def _on_hovered(self, position: int, status: bool, band: int) -> None:
        """The hovered bar in words: "happypoet, 95–99 %: 12 sentences, 340 words"."""
        if not status or position >= len(self._bars):
            self._chart.setToolTip("")
            return
        one = self._bars[position]
        self._chart.setToolTip(
            f"{one.name}, {BANDS[band].label}: "
            f"{plural(one.counts[band], 'sentence')}, "
            f"{plural(one.words[band], 'reference word')}. Click to show them."
        )
