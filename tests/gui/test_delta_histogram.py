"""The sentence Δ histogram: bins, the words under it and what a click emits.

The Δs are sacreBLEU's own sentence scores of two demo systems subtracted here; the
expected bin counts come from `numpy.histogram` over them, the equal / better / worse
counts from plain comparisons.
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import numpy.typing as npt
import pytest
from PySide6.QtCharts import QChart, QChartView, QValueAxis
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.io.report_html import escaped
from bleu_gui.io.report_svg import delta_histogram
from bleu_gui.views.delta_histogram import DeltaCounts, DeltaHistogram, delta_bins
from tests.core.demo_systems import references, system
from tests.gui.palettes import dark_palette, light_palette
from tests.io.report_page import ReportPage

NAN = math.nan
A, B = "happypoet", "Online-W"


@cache
def demo_deltas() -> npt.NDArray[np.float64]:
    """Sentence BLEU of Online-W minus happypoet's, per demo segment, by sacreBLEU."""
    metric = BLEU(effective_order=True)
    refs = references()
    return np.array(
        [
            metric.sentence_score(b, [r[i] for r in refs]).score
            - metric.sentence_score(a, [r[i] for r in refs]).score
            for i, (a, b) in enumerate(zip(system(A), system(B), strict=True))
        ]
    )


@pytest.fixture
def histogram(qtbot: QtBot) -> DeltaHistogram:
    chart = DeltaHistogram()
    qtbot.addWidget(chart)
    chart.resize(400, 300)
    return chart


def test_demo_bins_equal_numpy_histogram_of_the_nonzero_deltas(
    histogram: DeltaHistogram,
) -> None:
    deltas = demo_deltas()
    assert 80 < np.abs(deltas).max() <= 90  # so the axis spans ±90
    edges = np.arange(-90.0, 95.0, 5.0)
    expected, _ = np.histogram(deltas[deltas != 0.0], bins=edges)

    histogram.set_deltas(deltas, (A, B))

    assert histogram.bin_edges() == edges.tolist()
    assert histogram.bin_counts() == expected.tolist()
    assert [histogram.bar_set().at(i) for i in range(len(expected))] == [
        float(c) for c in expected
    ]
    equal = int(sum(1 for d in deltas if d == 0.0))
    better = int(sum(1 for d in deltas if d > 0.0))
    worse = int(sum(1 for d in deltas if d < 0.0))
    assert histogram.counts() == DeltaCounts(equal, better, worse, 0)
    assert (equal, better, worse) == (41, 297, 162)
    assert histogram.summary_text() == (
        "Of 500 sentences, Online-W scores 297 higher than happypoet, "
        "162 lower and 41 the same."
    )
    assert histogram.note_text() == ""
    assert [(m.value, m.label) for m in histogram.markers()] == [(0.0, "41 equal")]


def test_zero_is_in_no_bin_and_bars_split_at_zero() -> None:
    deltas = [0.0, 0.0, 0.0, 2.5, -2.5, 5.0, -5.0, -0.001, 9.999, NAN]

    result = delta_bins(deltas)

    assert result.edges == tuple(float(x) for x in range(-10, 15, 5))
    # [-10, -5), [-5, 0), [0, 5) without 0 itself, [5, 10]
    assert result.counts == (0, 3, 1, 2)
    assert result.unscored == 1


@pytest.mark.parametrize(
    ("largest", "span"),
    [
        (0.0, 10.0),
        (3.0, 10.0),
        (10.0, 10.0),
        (10.5, 20.0),
        (47.0, 50.0),
        (100.0, 100.0),
    ],
)
def test_span_is_the_smallest_multiple_of_ten_holding_every_delta(
    largest: float, span: float
) -> None:
    result = delta_bins([largest, -1.0, 0.0])

    assert (result.edges[0], result.edges[-1]) == (-span, span)
    assert all(
        hi - lo == 5.0 for lo, hi in zip(result.edges, result.edges[1:], strict=False)
    )
    assert sum(result.counts) == (1 if largest == 0.0 else 2)  # Δ = 0 in no bin


def test_a_hair_over_100_stays_in_the_last_bin() -> None:
    # sacreBLEU scores an identical sentence 100.00000000000004.
    result = delta_bins([100.00000000000004, -100.00000000000004])

    assert (result.counts[0], result.counts[-1], sum(result.counts)) == (1, 1, 2)


def test_words_for_unscored_and_single_sentences(histogram: DeltaHistogram) -> None:
    histogram.set_deltas([1.0, NAN, NAN], ("base", "new"))

    assert histogram.summary_text() == (
        "Of 1 sentence, new scores 1 higher than base, 0 lower and 0 the same."
    )
    assert histogram.note_text() == "2 sentences cannot be scored (not shown)"

    histogram.set_deltas([])
    assert histogram.summary_text() == "No sentences to compare."
    assert histogram.note_text() == ""


@pytest.mark.parametrize(
    ("index", "bounds"),
    [(0, (-90.0, -85.0)), (17, (-5.0, 0.0)), (18, (0.0, 5.0)), (35, (85.0, 90.0))],
    ids=["first", "left-of-zero", "right-of-zero", "last"],
)
def test_clicking_a_bar_emits_its_delta_range(
    qtbot: QtBot, histogram: DeltaHistogram, index: int, bounds: tuple[float, float]
) -> None:
    histogram.set_deltas(demo_deltas(), (A, B))

    with qtbot.waitSignal(histogram.range_clicked, timeout=1000) as blocker:
        histogram.bar_set().clicked.emit(index)

    assert tuple(blocker.args) == bounds


def test_a_real_mouse_click_on_a_bar_emits_its_range(
    qtbot: QtBot, histogram: DeltaHistogram
) -> None:
    histogram.set_deltas([12.0] * 10 + [-3.0, 0.0])  # span ±20: 8 bins
    histogram.show()
    qtbot.waitExposed(histogram)
    chart = histogram.chart()
    qtbot.waitUntil(lambda: chart.plotArea().width() > 0)
    # Bin 6 ([10, 15)) is category 6 of the bar series, 5 sentences up.
    point = chart.mapToScene(chart.mapToPosition(QPointF(6.0, 5.0), chart.series()[0]))
    view = histogram.findChild(QChartView)
    assert view is not None

    with qtbot.waitSignal(histogram.range_clicked, timeout=1000) as blocker:
        qtbot.mouseClick(
            view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(point)
        )

    assert blocker.args == [10.0, 15.0]


def test_hover_names_the_range_and_the_side(histogram: DeltaHistogram) -> None:
    histogram.set_deltas([1.0, 2.0, -3.0, 0.0, 7.0], (A, B))

    histogram.bar_set().hovered.emit(True, 2)
    assert histogram.chart().toolTip() == "Δ (0, 5): 2 sentences, Online-W better"
    histogram.bar_set().hovered.emit(True, 1)
    assert histogram.chart().toolTip() == "Δ [-5, 0): 1 sentence, Online-W worse"
    histogram.bar_set().hovered.emit(True, 3)
    assert histogram.chart().toolTip() == "Δ [5, 10]: 1 sentence, Online-W better"
    histogram.bar_set().hovered.emit(False, 3)
    assert histogram.chart().toolTip() == ""


def test_zero_line_is_drawn_at_delta_zero(
    qtbot: QtBot, histogram: DeltaHistogram
) -> None:
    histogram.set_deltas(demo_deltas(), (A, B))
    histogram.show()
    qtbot.waitExposed(histogram)
    chart = histogram.chart()
    qtbot.waitUntil(lambda: histogram.marker_line(0) is not None)

    line = histogram.marker_line(0)
    assert line is not None
    plot = chart.plotArea()
    # The axis is symmetric (±90), so zero is the middle of the plot.
    assert line.center().x() == pytest.approx(plot.center().x(), abs=1.5)
    assert line.height() == pytest.approx(plot.height(), abs=3)
    # The label at the line's top sits above the tallest bar, not on it.
    (count_axis,) = chart.axes(Qt.Orientation.Vertical)
    assert isinstance(count_axis, QValueAxis)
    assert count_axis.max() >= 1.15 * max(histogram.bin_counts())


def test_selected_range_colours_its_bins(histogram: DeltaHistogram) -> None:
    histogram.set_deltas(demo_deltas(), (A, B))

    histogram.set_selected_range(-10.0, 0.0)

    bar_set = histogram.bar_set()
    selected = [i for i in range(bar_set.count()) if bar_set.isBarSelected(i)]
    assert selected == [16, 17]


def test_dark_palette_gives_a_dark_chart_with_the_same_numbers(
    histogram: DeltaHistogram,
) -> None:
    histogram.set_deltas(demo_deltas(), (A, B))
    histogram.setPalette(light_palette())
    light = histogram.bin_counts()
    histogram.setPalette(dark_palette())

    assert histogram.chart().theme() == QChart.ChartTheme.ChartThemeDark
    assert histogram.chart().backgroundBrush().color().lightness() < 128
    assert histogram.bin_counts() == light
    assert histogram.markers()[0].label == "41 equal"


def test_the_report_draws_the_windows_bars_and_the_ties_apart(
    histogram: DeltaHistogram,
) -> None:
    """One binning rule: the HTML report's Δ bars hold what the window's hold."""
    deltas = demo_deltas()
    histogram.set_deltas(deltas, (A, B))
    page = ReportPage(
        delta_histogram("Δ", deltas.tolist(), names=(A, B), axis="Δ", escape=escaped)
    )
    kinds = [kind for kind, _ in page.bars]
    half = len(histogram.bin_counts()) // 2
    assert kinds == ["loss"] * half + ["tie"] + ["gain"] * half
    shown = [int(title.split(": ")[1].split()[0]) for _, title in page.bars]
    assert shown[:half] + shown[half + 1 :] == histogram.bin_counts()
    assert page.bars[half] == ("tie", f"Δ = 0 (ties): 41 sentences, {A} = {B}")
    assert [m.label for m in histogram.markers()] == ["41 equal"]
