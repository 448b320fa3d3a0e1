"""Chart widgets: they show exactly the numbers given and turn clicks into signals."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PySide6.QtCharts import QBarSeries, QBarSet, QChart, QChartView
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from bleu_gui.views.precision_chart import PrecisionChart
from bleu_gui.views.score_histogram import ScoreHistogram, histogram_bins
from tests.gui.palettes import dark_palette, light_palette

NAN = math.nan


def _values(bar_set: QBarSet) -> list[float]:
    return [bar_set.at(i) for i in range(bar_set.count())]


@pytest.fixture
def precision(qtbot: QtBot) -> PrecisionChart:
    chart = PrecisionChart()
    qtbot.addWidget(chart)
    chart.resize(520, 300)
    return chart


@pytest.fixture
def histogram(qtbot: QtBot) -> ScoreHistogram:
    chart = ScoreHistogram()
    qtbot.addWidget(chart)
    chart.resize(520, 300)
    return chart


# --- PrecisionChart -----------------------------------------------------------------


def test_bar_sets_hold_the_given_numbers(precision: PrecisionChart) -> None:
    precision.set_corpus([76.0, 52.1, 36.9, 26.4], 1.0, 1.007)
    precision.set_sentence([100.0, 80.0, 60.0, 40.0], 0.867, 0.875)

    corpus, sentence = precision.bar_sets()
    assert (corpus.label(), sentence.label()) == ("Corpus", "Sentence")
    assert _values(corpus) == [76.0, 52.1, 36.9, 26.4]
    assert _values(sentence) == [100.0, 80.0, 60.0, 40.0]
    assert precision.length_text() == (
        "Corpus BP 1.000 · ratio 1.007",
        "Sentence BP 0.867 · ratio 0.875",
    )


@pytest.mark.parametrize("orders", [1, 2, 3, 4, 5, 6], ids=lambda n: f"{n}-orders")
def test_category_labels_name_every_order(
    precision: PrecisionChart, orders: int
) -> None:
    precision.set_corpus([50.0] * orders, 1.0, 1.0)

    assert precision.categories() == [f"{n}-gram" for n in range(1, orders + 1)]
    assert precision.bar_sets()[0].count() == orders


def test_labels_shorten_to_numbers_when_too_narrow(
    qtbot: QtBot, precision: PrecisionChart
) -> None:
    precision.set_corpus([50.0] * 12, 1.0, 1.0)
    precision.resize(320, 220)
    precision.show()
    qtbot.waitExposed(precision)

    assert precision.categories() == [str(n) for n in range(1, 13)]


def test_sentence_set_is_cleared_on_none(precision: PrecisionChart) -> None:
    precision.set_corpus([76.0, 52.1, 36.9, 26.4], 1.0, 1.007)
    precision.set_sentence([100.0, 80.0, 60.0, 40.0], 0.867, 0.875)
    precision.set_sentence(None)

    corpus, sentence = precision.bar_sets()
    assert sentence.count() == 0
    series = precision.chart().series()[0]
    assert isinstance(series, QBarSeries)
    assert sentence not in series.barSets()
    assert _values(corpus) == [76.0, 52.1, 36.9, 26.4]
    assert precision.length_text()[1] == "Sentence: none selected"

    precision.set_sentence([10.0, 20.0, 30.0, 40.0])
    assert _values(sentence) == [10.0, 20.0, 30.0, 40.0]
    assert precision.length_text()[1] == "Sentence BP – · ratio –"


def test_nan_is_an_empty_bar_without_a_label(
    qtbot: QtBot, precision: PrecisionChart
) -> None:
    precision.set_corpus([76.0, NAN, 0.0, 26.4], 1.0, 1.007)
    precision.show()
    qtbot.waitExposed(precision)
    qtbot.waitUntil(lambda: bool(precision.value_labels()))

    assert _values(precision.bar_sets()[0]) == [76.0, 0.0, 0.0, 26.4]
    assert precision.value_labels() == {
        ("Corpus", 1): "76.0",
        ("Corpus", 3): "0.0",
        ("Corpus", 4): "26.4",
    }


def test_sentence_longer_than_corpus_pads_the_corpus(
    precision: PrecisionChart,
) -> None:
    precision.set_corpus([76.0, 52.1], 1.0, 1.0)
    precision.set_sentence([100.0, 80.0, 60.0])

    corpus, sentence = precision.bar_sets()
    assert precision.categories() == ["1-gram", "2-gram", "3-gram"]
    assert _values(corpus) == [76.0, 52.1, 0.0]
    assert _values(sentence) == [100.0, 80.0, 60.0]


@pytest.mark.parametrize("which", [0, 1], ids=["corpus-bar", "sentence-bar"])
def test_clicking_a_bar_emits_its_order(
    qtbot: QtBot, precision: PrecisionChart, which: int
) -> None:
    precision.set_corpus([76.0, 52.1, 36.9, 26.4], 1.0, 1.007)
    precision.set_sentence([100.0, 80.0, 60.0, 40.0], 0.867, 0.875)

    with qtbot.waitSignal(precision.order_clicked, timeout=1000) as blocker:
        precision.bar_sets()[which].clicked.emit(2)

    assert blocker.args == [3]


def test_a_real_mouse_click_on_a_bar_emits_its_order(
    qtbot: QtBot, precision: PrecisionChart
) -> None:
    precision.set_corpus([76.0, 52.1, 36.9, 26.4], 1.0, 1.007)
    precision.show()
    qtbot.waitExposed(precision)
    chart = precision.chart()
    qtbot.waitUntil(lambda: chart.plotArea().width() > 0)
    series = chart.series()[0]
    # The middle of the fourth bar, in scene and then viewport coordinates.
    point = chart.mapToScene(chart.mapToPosition(QPointF(3.0, 10.0), series))
    view = precision.findChild(QChartView)
    assert view is not None

    with qtbot.waitSignal(precision.order_clicked, timeout=1000) as blocker:
        qtbot.mouseClick(
            view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(point)
        )

    assert blocker.args == [4]


def test_hovering_a_bar_puts_both_precisions_in_the_tooltip(
    precision: PrecisionChart,
) -> None:
    precision.set_corpus([76.0, NAN, 36.9, 26.4], 1.0, 1.007)
    precision.set_sentence([100.0, 80.0, 60.0, 40.0], 0.867, 0.875)

    precision.bar_sets()[1].hovered.emit(True, 1)
    assert precision.chart().toolTip() == (
        "2-gram precision\nCorpus: not defined\nSentence: 80.0 %"
    )
    precision.bar_sets()[1].hovered.emit(False, 1)
    assert precision.chart().toolTip() == ""


def test_selected_order_is_highlighted(qtbot: QtBot, precision: PrecisionChart) -> None:
    precision.set_corpus([76.0, 52.1, 36.9, 26.4], 1.0, 1.007)
    precision.show()
    qtbot.waitExposed(precision)
    assert precision.order_highlight() is None

    precision.set_selected_order(2)
    assert precision.selected_order() == 2
    qtbot.waitUntil(lambda: precision.order_highlight() is not None)
    plot = precision.chart().plotArea()
    band = precision.order_highlight()
    assert band is not None
    step = plot.width() / 4
    assert band.left() == pytest.approx(plot.left() + step, abs=1)
    assert band.width() == pytest.approx(step, abs=1)

    precision.set_selected_order(0)
    assert precision.order_highlight() is None


# --- histogram ---------------------------------------------------------------------


def test_histogram_bins_count_a_known_array() -> None:
    scores = np.array([0.0, 4.9, 5.0, 12.5, 40.0, 44.99, 95.0, 99.9, 100.0, NAN])

    result = histogram_bins(scores)

    assert result.edges == tuple(float(5 * i) for i in range(21))
    expected = [0] * 20
    expected[0] = 2  # 0.0, 4.9
    expected[1] = 1  # 5.0
    expected[2] = 1  # 12.5
    expected[8] = 2  # 40.0, 44.99
    expected[19] = 3  # 95.0, 99.9, 100.0 (the last bin is closed)
    assert list(result.counts) == expected
    assert result.unscored == 1


def test_histogram_keeps_a_hair_over_100_in_the_last_bin() -> None:
    # sacreBLEU scores an identical corpus 100.00000000000004.
    result = histogram_bins([100.00000000000004, 100.0])

    assert result.counts[-1] == 2
    assert sum(result.counts) == 2


def test_histogram_widget_counts_and_edges(histogram: ScoreHistogram) -> None:
    histogram.set_scores([0.0, 100.0, 100.0, 50.0, NAN, NAN])

    counts = histogram.bin_counts()
    assert counts[0] == 1
    assert counts[10] == 1
    assert counts[19] == 2
    assert sum(counts) == 4
    assert histogram.bin_edges() == [float(5 * i) for i in range(21)]
    assert _values(histogram.bar_set()) == [float(c) for c in counts]
    assert histogram.note_text() == "2 sentences cannot be scored (not shown)"


def test_histogram_note_is_empty_without_nan(histogram: ScoreHistogram) -> None:
    histogram.set_scores(np.linspace(0.0, 100.0, 41))

    assert histogram.note_text() == ""
    assert sum(histogram.bin_counts()) == 41


@pytest.mark.parametrize(
    ("index", "bounds"),
    [(0, (0.0, 5.0)), (8, (40.0, 45.0)), (19, (95.0, 100.0))],
    ids=["first", "middle", "last"],
)
def test_clicking_a_bin_emits_its_range(
    qtbot: QtBot,
    histogram: ScoreHistogram,
    index: int,
    bounds: tuple[float, float],
) -> None:
    histogram.set_scores([42.0, 3.0, 99.0])

    with qtbot.waitSignal(histogram.range_clicked, timeout=1000) as blocker:
        histogram.bar_set().clicked.emit(index)

    assert tuple(blocker.args) == bounds


def test_a_real_mouse_click_on_a_bin_emits_its_range(
    qtbot: QtBot, histogram: ScoreHistogram
) -> None:
    histogram.set_scores([41.0] * 10 + [99.0])
    histogram.show()
    qtbot.waitExposed(histogram)
    chart = histogram.chart()
    qtbot.waitUntil(lambda: chart.plotArea().width() > 0)
    # Bin 8 ([40, 45)) is category 8 of the bar series, 5 sentences up.
    point = chart.mapToScene(chart.mapToPosition(QPointF(8.0, 5.0), chart.series()[0]))
    view = histogram.findChild(QChartView)
    assert view is not None

    with qtbot.waitSignal(histogram.range_clicked, timeout=1000) as blocker:
        qtbot.mouseClick(
            view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(point)
        )

    assert blocker.args == [40.0, 45.0]


def _selected(bar_set: QBarSet) -> list[int]:
    return [i for i in range(bar_set.count()) if bar_set.isBarSelected(i)]


@pytest.mark.parametrize(
    ("low", "high", "bins"),
    [
        (40.0, 60.0, [8, 9, 10, 11]),
        (42.0, 47.0, [8, 9]),
        (None, 10.0, [0, 1]),
        (90.0, None, [18, 19]),
        (100.0, 100.0, [19]),
        (None, None, []),
    ],
    ids=["40-60", "42-47", "open-low", "open-high", "exactly-100", "cleared"],
)
def test_selected_range_colours_its_bins(
    histogram: ScoreHistogram,
    low: float | None,
    high: float | None,
    bins: list[int],
) -> None:
    histogram.set_scores(np.linspace(0.0, 100.0, 101))
    bar_set = histogram.bar_set()

    histogram.set_selected_range(low, high)

    assert _selected(bar_set) == bins
    assert bar_set.selectedColor() != bar_set.color()


def test_selected_range_survives_new_scores(histogram: ScoreHistogram) -> None:
    histogram.set_selected_range(40.0, 50.0)
    histogram.set_scores([41.0, 43.0, 80.0])

    assert _selected(histogram.bar_set()) == [8, 9]


def test_hovering_a_bin_puts_its_count_in_the_tooltip(
    histogram: ScoreHistogram,
) -> None:
    histogram.set_scores([96.0, 100.0, 100.0, 41.0])

    histogram.bar_set().hovered.emit(True, 19)
    assert histogram.chart().toolTip() == "BLEU [95, 100]: 3 sentences"
    histogram.bar_set().hovered.emit(True, 8)
    assert histogram.chart().toolTip() == "BLEU [40, 45): 1 sentence"
    histogram.bar_set().hovered.emit(False, 8)
    assert histogram.chart().toolTip() == ""


# --- palettes ----------------------------------------------------------------------


@pytest.mark.parametrize("widget_type", [PrecisionChart, ScoreHistogram])
def test_dark_palette_gives_a_dark_chart(
    qtbot: QtBot, widget_type: type[PrecisionChart | ScoreHistogram]
) -> None:
    widget = widget_type()
    qtbot.addWidget(widget)

    widget.setPalette(light_palette())
    light_theme = widget.chart().theme()
    light_background = widget.chart().backgroundBrush().color()
    widget.setPalette(dark_palette())
    dark_theme = widget.chart().theme()
    dark_background = widget.chart().backgroundBrush().color()

    assert light_theme == QChart.ChartTheme.ChartThemeLight
    assert dark_theme == QChart.ChartTheme.ChartThemeDark
    assert light_background.lightness() > 128 > dark_background.lightness()
    assert not widget.chart().legend().isVisible()


def test_dark_palette_keeps_the_numbers(qtbot: QtBot) -> None:
    chart = PrecisionChart()
    qtbot.addWidget(chart)
    chart.set_corpus([76.0, 52.1, 36.9, 26.4], 1.0, 1.007)
    chart.set_sentence([100.0, 80.0, 60.0, 40.0], 0.867, 0.875)

    chart.setPalette(dark_palette())

    corpus, sentence = chart.bar_sets()
    assert _values(corpus) == [76.0, 52.1, 36.9, 26.4]
    assert _values(sentence) == [100.0, 80.0, 60.0, 40.0]
    assert corpus.color() != sentence.color()


def test_minimum_size_is_usable(precision: PrecisionChart) -> None:
    size = precision.minimumSize()
    assert (size.width(), size.height()) == (320, 220)
    hint = precision.sizeHint()
    assert hint.width() >= 320
    assert hint.height() >= 220
