"""The test distribution chart: bars, the observed line, the shade and the caption.

The caption's numbers are checked against sacreBLEU's own `PairedTest` on the demo
systems (Online-W as the baseline, happypoet and UEdin compared): its p-value, and its
observed difference of corpus scores; the count of exceeding resamples is counted here
with numpy.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCharts import QChart, QChartView
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.significance import PairedTest as SacrePairedTest

from bleu_gui.core import BleuConfig, corpus_stats
from bleu_gui.core.significance import (
    Identity,
    PairDistribution,
    PairedTest,
    PairedTestResult,
    all_pairs,
    paired_test,
)
from bleu_gui.core.stats import CorpusStats
from bleu_gui.views.test_distribution import DistributionChart, distribution_edges
from tests.core.demo_systems import references, system
from tests.gui.palettes import dark_palette, light_palette

NAMES = ("Online-W", "happypoet", "UEdin")
SAMPLES = 1000
SEED = 12345
_OURS: dict[PairedTest, PairedTestResult] = {}
_THEIRS: dict[PairedTest, list[tuple[float, float | None]]] = {}
_STATS: list[CorpusStats] = []


def _stats() -> list[CorpusStats]:
    if not _STATS:
        _STATS.extend(
            corpus_stats(system(n), references(), BleuConfig()) for n in NAMES
        )
    return _STATS


def ours(test: PairedTest) -> PairedTestResult:
    if test not in _OURS:
        stats = _stats()
        _OURS[test] = paired_test(
            stats[0], stats[1:], BleuConfig(), test, samples=SAMPLES, seed=SEED
        )
    return _OURS[test]


def theirs(
    monkeypatch: pytest.MonkeyPatch, test: PairedTest
) -> list[tuple[float, float | None]]:
    """sacreBLEU's (score, p-value) per system, baseline first."""
    if test not in _THEIRS:
        monkeypatch.setenv("SACREBLEU_SEED", str(SEED))
        tester = SacrePairedTest(
            [(name, list(system(name))) for name in NAMES],
            {"BLEU": BLEU()},
            references=[list(r) for r in references()],
            test_type=test.value,
            n_samples=SAMPLES,
        )
        _, scores = tester()
        rows = []
        for row in scores["BLEU"]:
            assert not isinstance(row, str)
            rows.append((row.score, row.p_value))
        _THEIRS[test] = rows
    return _THEIRS[test]


@pytest.fixture
def chart(qtbot: QtBot) -> DistributionChart:
    widget = DistributionChart()
    qtbot.addWidget(widget)
    widget.resize(400, 300)
    return widget


CAPTIONS = [
    (
        PairedTest.BOOTSTRAP,
        0,
        "bootstrap, 1000 resamples, seed 12345: 0 of 1000 resampled differences "
        "exceed the observed 5.94, p = 0.0010",
    ),
    (
        PairedTest.BOOTSTRAP,
        1,
        "bootstrap, 1000 resamples, seed 12345: 136 of 1000 resampled differences "
        "exceed the observed 0.66, p = 0.1369",
    ),
    (
        PairedTest.RANDOMIZATION,
        0,
        "approximate randomization, 1000 trials, seed 12345: 0 of 1000 shuffled "
        "differences exceed the observed 5.94, p = 0.0010",
    ),
    (
        PairedTest.RANDOMIZATION,
        1,
        "approximate randomization, 1000 trials, seed 12345: 374 of 1000 shuffled "
        "differences exceed the observed 0.66, p = 0.3746",
    ),
]


@pytest.mark.parametrize(
    ("test", "index", "caption"),
    CAPTIONS,
    ids=["bs-happypoet", "bs-uedin", "ar-happypoet", "ar-uedin"],
)
def test_caption_words_agree_with_sacrebleu(
    monkeypatch: pytest.MonkeyPatch,
    chart: DistributionChart,
    test: PairedTest,
    index: int,
    caption: str,
) -> None:
    result = ours(test)
    sacre = theirs(monkeypatch, test)
    distribution = result.distributions[index]

    chart.set_paired_result(result, index)

    assert chart.caption_text() == caption
    # Every number in the words is sacreBLEU's, or counted here.
    sacre_p = sacre[index + 1][1]
    assert sacre_p is not None
    above = int(np.count_nonzero(distribution.resampled > distribution.observed))
    assert (above + 1) / (SAMPLES + 1) == sacre_p
    observed = abs(sacre[index + 1][0] - sacre[0][0])
    assert f": {above} of {SAMPLES} " in caption
    assert f"exceed the observed {observed:.2f}, p = {sacre_p:.4f}" in caption
    assert distribution.observed == pytest.approx(observed, abs=1e-9)


@pytest.mark.parametrize("test", list(PairedTest))
def test_bins_count_the_resamples_as_numpy_does(
    chart: DistributionChart, test: PairedTest
) -> None:
    result = ours(test)
    distribution = result.distributions[1]

    chart.set_paired_result(result, 1)

    edges = np.array(chart.bin_edges())
    widths = np.diff(edges)
    assert np.allclose(widths, widths[0])
    assert len(widths) <= 31
    values = distribution.resampled
    assert edges[0] <= values.min()
    assert values.max() <= edges[-1]
    assert edges[0] <= distribution.observed <= edges[-1]
    expected, _ = np.histogram(values, bins=edges)
    assert chart.bin_counts() == expected.tolist()
    assert sum(chart.bin_counts()) == SAMPLES


def test_observed_line_and_shade_mark_what_p_counts(
    qtbot: QtBot, chart: DistributionChart
) -> None:
    result = ours(PairedTest.BOOTSTRAP)
    chart.set_paired_result(result, 1)
    chart.show()
    qtbot.waitExposed(chart)
    qtbot.waitUntil(lambda: chart.shaded_rect() is not None)

    observed = result.distributions[1].observed
    assert [(m.value, m.label) for m in chart.markers()] == [
        (observed, "observed 0.66")
    ]
    assert chart.shaded_from() == observed
    line, shade = chart.marker_line(0), chart.shaded_rect()
    assert line is not None
    assert shade is not None
    plot = chart.chart().plotArea()
    assert shade.left() == pytest.approx(line.center().x(), abs=1)
    assert shade.right() == pytest.approx(plot.right(), abs=1)
    edges = chart.bin_edges()
    expected_x = plot.left() + (observed - edges[0]) / (edges[-1] - edges[0]) * (
        plot.width()
    )
    assert line.center().x() == pytest.approx(expected_x, abs=1.5)


def test_all_pairs_pair_shows_its_raw_p() -> None:
    stats = _stats()
    result = all_pairs(
        stats, BleuConfig(), PairedTest.BOOTSTRAP, samples=SAMPLES, seed=SEED
    )
    widget = DistributionChart()

    widget.set_pair(result, 0, 2)

    # The same resamples as the paired test with Online-W as the baseline.
    assert widget.caption_text() == CAPTIONS[1][2]
    widget.deleteLater()


def test_a_p_value_not_from_the_distribution_is_refused(
    chart: DistributionChart,
) -> None:
    distribution = ours(PairedTest.BOOTSTRAP).distributions[1]

    with pytest.raises(ValueError, match=r"not \(count \+ 1\) / \(samples \+ 1\)"):
        chart.set_distribution(
            distribution, test=PairedTest.BOOTSTRAP, seed=SEED, p_value=0.05
        )
    assert chart.caption_text() == "No test run yet."


def test_identical_systems_are_named_not_called_significant(
    chart: DistributionChart,
) -> None:
    zeros = PairDistribution(np.zeros(1000), 0.0)

    chart.set_distribution(
        zeros,
        test=PairedTest.BOOTSTRAP,
        seed=SEED,
        p_value=1 / 1001,
        identical=Identity.TEXT,
    )

    assert chart.caption_text() == (
        "bootstrap, 1000 resamples, seed 12345: identical output, so every resampled "
        "difference and the observed one are 0; the test cannot tell the two apart "
        "(its p = 0.0010 means nothing)"
    )
    assert sum(chart.bin_counts()) == 1000


def test_singular_words_and_unseeded(chart: DistributionChart) -> None:
    one_above = PairDistribution(np.array([0.0, 0.5, 2.0]), 1.0)

    chart.set_distribution(
        one_above, test=PairedTest.RANDOMIZATION, seed=None, p_value=2 / 4
    )

    assert chart.caption_text() == (
        "approximate randomization, 3 trials, unseeded: 1 of 3 shuffled differences "
        "exceeds the observed 1.00, p = 0.5000"
    )


def test_an_observed_value_far_beyond_is_drawn_at_the_edge(
    chart: DistributionChart,
) -> None:
    rng = np.random.default_rng(0)
    narrow = PairDistribution(rng.normal(0.0, 0.1, 1000), 8.0)

    chart.set_distribution(
        narrow, test=PairedTest.BOOTSTRAP, seed=SEED, p_value=1 / 1001
    )

    edges = distribution_edges(narrow)
    assert edges[-1] < 8.0
    assert len(edges) - 1 <= 31
    assert chart.observed_off_scale()
    assert chart.markers()[0].label == "observed 8.00 →"


@pytest.mark.parametrize("index", [0, 5, -1], ids=["first", "middle", "last"])
def test_clicking_a_bar_emits_its_range(
    qtbot: QtBot, chart: DistributionChart, index: int
) -> None:
    chart.set_paired_result(ours(PairedTest.BOOTSTRAP), 1)
    edges = chart.bin_edges()
    bin_index = index % (len(edges) - 1)

    with qtbot.waitSignal(chart.range_clicked, timeout=1000) as blocker:
        chart.bar_set().clicked.emit(bin_index)

    assert blocker.args == [edges[bin_index], edges[bin_index + 1]]


def test_a_real_mouse_click_on_a_bar_emits_its_range(
    qtbot: QtBot, chart: DistributionChart
) -> None:
    values = np.array([0.05] * 10 + [0.95, 0.0])
    chart.set_distribution(
        PairDistribution(values, 0.5),
        test=PairedTest.RANDOMIZATION,
        seed=SEED,
        p_value=2 / 13,
    )
    chart.show()
    qtbot.waitExposed(chart)
    plot_chart = chart.chart()
    qtbot.waitUntil(lambda: plot_chart.plotArea().width() > 0)
    edges = chart.bin_edges()
    target = int(np.searchsorted(edges, 0.05, side="right")) - 1
    point = plot_chart.mapToScene(
        plot_chart.mapToPosition(QPointF(target, 5.0), plot_chart.series()[0])
    )
    view = chart.findChild(QChartView)
    assert view is not None

    with qtbot.waitSignal(chart.range_clicked, timeout=1000) as blocker:
        qtbot.mouseClick(
            view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(point)
        )

    assert blocker.args == [edges[target], edges[target + 1]]
    assert edges[target] <= 0.05 < edges[target + 1]


def test_hover_counts_in_the_tests_words(chart: DistributionChart) -> None:
    chart.set_distribution(
        PairDistribution(np.array([0.05, 0.05, 0.95]), 0.5),
        test=PairedTest.RANDOMIZATION,
        seed=SEED,
        p_value=2 / 4,
    )

    # Bins of 0.05 from 0.05 (the smallest value) to 0.95 (the largest, closed).
    chart.bar_set().hovered.emit(True, 0)
    assert chart.chart().toolTip() == "[0.05, 0.1): 2 trials"
    chart.bar_set().hovered.emit(True, 1)
    assert chart.chart().toolTip() == "[0.1, 0.15): 0 trials"
    chart.bar_set().hovered.emit(True, 17)
    assert chart.chart().toolTip() == "[0.9, 0.95]: 1 trial"
    chart.bar_set().hovered.emit(False, 1)
    assert chart.chart().toolTip() == ""


def test_dark_palette_keeps_the_numbers(chart: DistributionChart) -> None:
    chart.set_paired_result(ours(PairedTest.BOOTSTRAP), 1)
    chart.setPalette(light_palette())
    counts, caption = chart.bin_counts(), chart.caption_text()
    chart.setPalette(dark_palette())

    assert chart.chart().theme() == QChart.ChartTheme.ChartThemeDark
    assert chart.chart().backgroundBrush().color().lightness() < 128
    assert (chart.bin_counts(), chart.caption_text()) == (counts, caption)
