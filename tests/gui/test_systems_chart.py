"""The systems chart: every demo system's precisions and BP, as sacreBLEU gives them."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache

import pytest
from PySide6.QtCharts import QBarSet, QChart
from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU, BLEUScore

from bleu_gui.core import corpus_bleu
from bleu_gui.core.result import BleuScore
from bleu_gui.views.palette import system_color
from bleu_gui.views.systems_chart import SystemsChart
from tests.core.demo_systems import SYSTEM_NAMES, references, system
from tests.gui.palettes import dark_palette, light_palette


@cache
def ours() -> tuple[tuple[str, BleuScore], ...]:
    return tuple(
        (name, corpus_bleu(system(name), references())) for name in SYSTEM_NAMES
    )


@cache
def theirs() -> dict[str, BLEUScore]:
    refs = [list(r) for r in references()]
    return {
        name: BLEU().corpus_score(list(system(name)), refs) for name in SYSTEM_NAMES
    }


def _values(bar_set: QBarSet) -> list[float]:
    return [bar_set.at(i) for i in range(bar_set.count())]


@pytest.fixture
def chart(qtbot: QtBot) -> SystemsChart:
    widget = SystemsChart()
    qtbot.addWidget(widget)
    widget.resize(400, 300)
    widget.set_systems(ours(), baseline=0)
    return widget


def test_bars_are_sacrebleu_precisions_and_brevity_penalty(chart: SystemsChart) -> None:
    sets = chart.bar_sets()

    assert [s.label() for s in sets] == list(SYSTEM_NAMES)
    for name, bar_set in zip(SYSTEM_NAMES, sets, strict=True):
        expected = theirs()[name]
        assert _values(bar_set) == [*expected.precisions, 100.0 * expected.bp]
        shown = next(s for s in chart.systems() if s.name == name)
        assert list(shown.precisions) == expected.precisions
        assert shown.bp == expected.bp
        assert shown.ratio == pytest.approx(expected.sys_len / expected.ref_len)
    assert chart.categories() == ["1-gram", "2-gram", "3-gram", "4-gram", "BP"]


def test_one_palette_colour_per_system(chart: SystemsChart) -> None:
    colours = [s.color().name() for s in chart.bar_sets()]

    assert colours == [
        system_color(k, chart.palette()).name() for k in range(len(SYSTEM_NAMES))
    ]
    assert len(set(colours)) == len(SYSTEM_NAMES)


def test_ten_systems_get_ten_colours(qtbot: QtBot) -> None:
    widget = SystemsChart()
    qtbot.addWidget(widget)
    scores = [score for _name, score in ours()]
    widget.set_systems([(f"s{k}", scores[k % 4]) for k in range(10)], baseline=3)

    assert len({s.color().name() for s in widget.bar_sets()}) == 10
    assert widget.legend_text() == (
        "s0   s1   s2   s3 (baseline)   s4   s5   s6   s7   s8   s9"
    )


def test_legend_names_the_systems_and_the_baseline(chart: SystemsChart) -> None:
    assert chart.legend_text() == (
        "Facebook-AI (baseline)   Online-W   UEdin   happypoet"
    )

    chart.set_systems(ours(), baseline=None)
    assert chart.legend_text() == "Facebook-AI   Online-W   UEdin   happypoet"
    assert chart.baseline_marks() == []


def test_baseline_is_marked_across_each_group(
    qtbot: QtBot, chart: SystemsChart
) -> None:
    chart.set_systems(ours(), baseline=2)
    chart.show()
    qtbot.waitExposed(chart)
    qtbot.waitUntil(lambda: len(chart.baseline_marks()) == 5)

    series = chart.chart().series()[0]
    uedin = theirs()["UEdin"]
    heights = [*uedin.precisions, 100.0 * uedin.bp]
    for group, ((_left, y), height) in enumerate(
        zip(chart.baseline_marks(), heights, strict=True)
    ):
        top = chart.chart().mapToPosition(QPointF(group, height), series)
        assert y == pytest.approx(top.y(), abs=0.5)


def test_hover_lists_every_system_value_of_the_group(chart: SystemsChart) -> None:
    sacre = theirs()

    chart.bar_sets()[1].hovered.emit(True, 1)
    assert chart.chart().toolTip() == "\n".join(
        ["2-gram precision"]
        + [
            f"{name}{' (baseline)' if name == 'Facebook-AI' else ''}: "
            f"{sacre[name].precisions[1]:.1f} %"
            for name in SYSTEM_NAMES
        ]
    )
    chart.bar_sets()[0].hovered.emit(True, 4)
    assert chart.chart().toolTip() == "\n".join(
        ["Brevity penalty (length ratio)"]
        + [
            f"{name}{' (baseline)' if name == 'Facebook-AI' else ''}: "
            f"{sacre[name].bp:.3f} ({sacre[name].sys_len / sacre[name].ref_len:.3f})"
            for name in SYSTEM_NAMES
        ]
    )
    chart.bar_sets()[0].hovered.emit(False, 4)
    assert chart.chart().toolTip() == ""


def test_hover_pins_the_words(qtbot: QtBot) -> None:
    widget = SystemsChart()
    qtbot.addWidget(widget)
    widget.set_systems(ours()[:2], baseline=1)

    widget.bar_sets()[0].hovered.emit(True, 0)

    assert widget.chart().toolTip() == (
        "1-gram precision\nFacebook-AI: 80.8 %\nOnline-W (baseline): 79.8 %"
    )


def test_labels_shorten_when_narrow(qtbot: QtBot) -> None:
    widget = SystemsChart()
    qtbot.addWidget(widget)
    score = ours()[0][1]
    widget.resize(320, 220)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_systems([("a", score)])

    assert widget.categories() == ["1", "2", "3", "4", "BP"]


def test_nan_precision_is_an_empty_bar(qtbot: QtBot) -> None:
    widget = SystemsChart()
    qtbot.addWidget(widget)
    score = ours()[0][1]
    terms = tuple(
        replace(t, precision=math.nan) if t.order == 4 else t for t in score.terms
    )
    nan_score = replace(score, terms=terms)
    widget.set_systems([("x", nan_score)], baseline=None)

    assert _values(widget.bar_sets()[0])[3] == 0.0
    widget.bar_sets()[0].hovered.emit(True, 3)
    assert widget.chart().toolTip() == "4-gram precision\nx: not defined"


def test_dark_palette_changes_colours_not_numbers(chart: SystemsChart) -> None:
    chart.setPalette(light_palette())
    light = [s.color().name() for s in chart.bar_sets()]
    values = [_values(s) for s in chart.bar_sets()]
    chart.setPalette(dark_palette())

    assert chart.chart().theme() == QChart.ChartTheme.ChartThemeDark
    assert [s.color().name() for s in chart.bar_sets()] == [
        system_color(k, dark_palette()).name() for k in range(4)
    ]
    assert [s.color().name() for s in chart.bar_sets()] != light
    assert [_values(s) for s in chart.bar_sets()] == values
    assert not chart.chart().legend().isVisible()


def test_a_system_added_or_renamed_keeps_the_bars_of_the_others(
    qtbot: QtBot,
) -> None:
    # Every system scored refreshes the chart, and the short names shift as systems
    # come: bar sets deleted and made anew made the chart lay every bar out again.
    widget = SystemsChart()
    qtbot.addWidget(widget)
    two, four = ours()[:2], ours()
    widget.set_systems(two, baseline=0)
    kept = widget.bar_sets()

    renamed = [(f"sys-{name}", score) for name, score in reversed(four)]
    widget.set_systems(renamed, baseline=1)

    sets = widget.bar_sets()
    assert sets[:2] == kept
    assert [s.label() for s in sets] == [name for name, _ in renamed]
    for (name, _), bar_set in zip(renamed, sets, strict=True):
        expected = theirs()[name.removeprefix("sys-")]
        assert _values(bar_set) == [*expected.precisions, 100.0 * expected.bp]
    assert [s.baseline for s in widget.systems()] == [False, True, False, False]

    widget.set_systems(two[:1], baseline=0)
    assert widget.bar_sets() == kept[:1]
    assert widget.bar_sets()[0].label() == SYSTEM_NAMES[0]
    assert _values(widget.bar_sets()[0]) == [
        *theirs()[SYSTEM_NAMES[0]].precisions,
        100.0 * theirs()[SYSTEM_NAMES[0]].bp,
    ]
