"""The systems table: its cells are sacreBLEU's numbers, in the words users read.

Every number expected here comes from sacreBLEU itself (`BLEU.corpus_score` and
`PairedTest`, run in the test), and the texts are pinned as written. The test runs
in the background; events are ordered by signals.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig, Compat, CorpusStats, Smoothing
from bleu_gui.core.significance import PairedTest, SystemResult
from bleu_gui.io.systems_table import SYSTEM_COLUMNS
from bleu_gui.models.systems_model import (
    DELTA_ROLE,
    RAW_ROLE,
    STALE_ROLE,
    SystemColumn,
    SystemEntry,
    SystemsModel,
)
from bleu_gui.views.palette import delta_part_color
from bleu_gui.views.system_table import SystemTable
from tests.core.demo_systems import references
from tests.gui.palettes import dark_palette, light_palette
from tests.gui.systems_support import (
    NAMES,
    SIGNATURE,
    demo_entries,
    demo_stats,
    demo_texts,
    sacrebleu_rows,
    sacrebleu_score,
)

# Showing a window under the offscreen platform (to paint the bars) warns.
pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

_TIMEOUT_MS = 60_000
_SUBSET_NOTE = (
    "These sentences were chosen after looking at them, so this is not a fresh "
    "test: the p-value describes them, it is no evidence that the systems differ "
    "on new text."
)
# Under the table once a test ran (its columns are hidden by default); written out.
_TESTED = (
    "Test: bootstrap ×1000, seed 12345. nrefs:2|bs:1000|seed:12345|case:mixed|"
    "eff:no|tok:13a|smooth:exp|version:2.6.0"
)


@pytest.fixture
def model(qtbot: QtBot) -> Iterator[SystemsModel]:
    model = SystemsModel()
    model.set_systems(demo_entries(), BleuConfig(), SIGNATURE)
    yield model
    model.job.shutdown()


@pytest.fixture
def table(qtbot: QtBot, model: SystemsModel) -> SystemTable:
    widget = SystemTable(model)
    qtbot.addWidget(widget)
    widget.resize(1280, 320)
    return widget


def run(
    qtbot: QtBot,
    model: SystemsModel,
    test: PairedTest,
    samples: int,
    *,
    all_pairs: bool = False,
) -> None:
    with qtbot.waitSignal(model.job.finished, timeout=_TIMEOUT_MS):
        model.run(test, samples, all_pairs=all_pairs)


def cells(model: SystemsModel, key: SystemColumn) -> dict[str, str]:
    """Each system's text in column `key`, by name."""
    column = model.column_of(key)
    name = model.column_of(SystemColumn.NAME)
    return {
        model.index(row, name).data(): model.index(row, column).data()
        for row in range(model.rowCount())
    }


def names_in_order(model: SystemsModel) -> list[str]:
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def p_text(row: SystemResult) -> str:
    assert row.p_value is not None
    return f"{row.p_value:.4f}" + ("*" if row.p_value <= 0.05 else "")


def test_before_any_test_the_scores_and_deltas_are_sacrebleus(
    model: SystemsModel, qtmodeltester: Any
) -> None:
    qtmodeltester.check(model)
    base = sacrebleu_score(0)
    assert cells(model, SystemColumn.BLEU) == {
        name: f"{sacrebleu_score(k):.2f}" for k, name in enumerate(NAMES)
    }
    assert cells(model, SystemColumn.BLEU) == {
        "Facebook-AI": "52.27",
        "Online-W": "50.27",
        "UEdin": "50.93",
        "happypoet": "44.32",
    }
    deltas = cells(model, SystemColumn.DELTA)
    assert deltas["Facebook-AI"] == "baseline"
    for k, name in enumerate(NAMES[1:], start=1):
        assert deltas[name] == f"{sacrebleu_score(k) - base:+.2f}"
    assert set(cells(model, SystemColumn.P_VALUE).values()) == {""}
    assert set(cells(model, SystemColumn.SIGNATURE).values()) == {SIGNATURE}
    assert model.headerData(0, Qt.Orientation.Horizontal) == "System"


def test_the_bootstrap_cells_equal_sacrebleus_paired_test(
    qtbot: QtBot,
    model: SystemsModel,
    monkeypatch: pytest.MonkeyPatch,
    qtmodeltester: Any,
) -> None:
    run(qtbot, model, PairedTest.BOOTSTRAP, 1000)
    qtmodeltester.check(model)
    theirs = sacrebleu_rows(monkeypatch, [0, 1, 2, 3], PairedTest.BOOTSTRAP, 1000)
    means = cells(model, SystemColumn.MEAN_CI)
    p_values = cells(model, SystemColumn.P_VALUE)
    for name, row in zip(NAMES, theirs, strict=True):
        assert row.mean is not None
        assert row.ci is not None
        assert means[name] == f"{row.mean:.2f} ± {row.ci:.2f}"
        if name != NAMES[0]:
            assert p_values[name] == p_text(row)
    assert p_values == {
        "Facebook-AI": "—",
        "Online-W": "0.0040*",
        "UEdin": "0.0080*",
        "happypoet": "0.0010*",
    }
    assert means["UEdin"] == "50.92 ± 1.82"
    assert set(cells(model, SystemColumn.TEST).values()) == {
        "bootstrap ×1000, seed 12345"
    }
    assert set(cells(model, SystemColumn.SIGNATURE).values()) == {
        "nrefs:2|bs:1000|seed:12345|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
    }
    assert model.stale_reason() is None


def test_randomization_against_another_baseline_equals_sacrebleu(
    qtbot: QtBot, model: SystemsModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    model.set_baseline(2)
    run(qtbot, model, PairedTest.RANDOMIZATION, 2000)
    theirs = sacrebleu_rows(monkeypatch, [2, 0, 1, 3], PairedTest.RANDOMIZATION, 2000)
    p_values = cells(model, SystemColumn.P_VALUE)
    for k, row in zip([0, 1, 3], theirs[1:], strict=True):
        assert p_values[NAMES[k]] == p_text(row)
    assert p_values["UEdin"] == "—"
    assert set(cells(model, SystemColumn.MEAN_CI).values()) == {"—"}
    deltas = cells(model, SystemColumn.DELTA)
    assert deltas["UEdin"] == "baseline"
    assert deltas["Facebook-AI"] == f"{sacrebleu_score(0) - sacrebleu_score(2):+.2f}"
    assert set(cells(model, SystemColumn.SIGNATURE).values()) == {
        "nrefs:2|ar:2000|seed:12345|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
    }
    assert set(cells(model, SystemColumn.TEST).values()) == {
        "randomization ×2000, seed 12345"
    }


def test_identical_outputs_get_words_instead_of_a_star(
    qtbot: QtBot, model: SystemsModel
) -> None:
    """A copy of the baseline's lines is "identical output"; the same statistics
    without the lines known, "identical statistics"; a real difference keeps its
    star."""
    stats = demo_stats()
    entries = demo_entries()
    copy = SystemEntry("copy", stats[0], entries[0].texts)
    model.set_systems([entries[0], copy, entries[3]], BleuConfig(), SIGNATURE)
    run(qtbot, model, PairedTest.RANDOMIZATION, 999)
    assert cells(model, SystemColumn.P_VALUE) == {
        "Facebook-AI": "—",
        "copy": "0.0010, identical output",
        "happypoet": "0.0010*",
    }
    unknown = SystemEntry("same stats", stats[0])
    model.set_systems([entries[0], unknown], BleuConfig(), SIGNATURE)
    run(qtbot, model, PairedTest.RANDOMIZATION, 999)
    assert cells(model, SystemColumn.P_VALUE)["same stats"] == (
        "0.0010, identical statistics"
    )


@pytest.mark.parametrize("key", list(SystemColumn))
def test_every_column_sorts_by_its_value_with_missing_values_last(
    qtbot: QtBot, model: SystemsModel, key: SystemColumn
) -> None:
    run(qtbot, model, PairedTest.BOOTSTRAP, 300)
    column = model.column_of(key)
    for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
        model.sort(column, order)
        values = [
            model.index(row, column).data(RAW_ROLE) for row in range(model.rowCount())
        ]
        present = [v for v in values if v is not None]
        assert values == present + [None] * (len(values) - len(present))
        expected = sorted(present, reverse=order is Qt.SortOrder.DescendingOrder)
        assert present == expected


def test_sorting_orders_the_systems_by_sacrebleus_numbers(
    qtbot: QtBot, table: SystemTable
) -> None:
    model = table.model
    by_score = sorted(range(4), key=sacrebleu_score)
    table.table.sortByColumn(
        model.column_of(SystemColumn.BLEU), Qt.SortOrder.AscendingOrder
    )
    assert names_in_order(model) == [NAMES[k] for k in by_score]
    assert names_in_order(model) == ["happypoet", "Online-W", "UEdin", "Facebook-AI"]
    table.table.sortByColumn(
        model.column_of(SystemColumn.DELTA), Qt.SortOrder.DescendingOrder
    )
    # The baseline has no Δ: last either way.
    assert names_in_order(model) == ["UEdin", "Online-W", "happypoet", "Facebook-AI"]
    table.table.sortByColumn(
        model.column_of(SystemColumn.NAME), Qt.SortOrder.AscendingOrder
    )
    assert names_in_order(model) == ["Facebook-AI", "happypoet", "Online-W", "UEdin"]


def test_a_config_change_marks_the_result_stale_and_keeps_it(
    qtbot: QtBot, model: SystemsModel
) -> None:
    run(qtbot, model, PairedTest.BOOTSTRAP, 300)
    before = cells(model, SystemColumn.P_VALUE)
    floor = BleuConfig(smoothing=Smoothing.FLOOR)
    model.set_config(floor, "nrefs:2|case:mixed|eff:no|tok:13a|smooth:floor[0.10]|…")
    assert model.stale_reason() == (
        "The scoring options changed since the test ran: run it again."
    )
    assert cells(model, SystemColumn.P_VALUE) == before
    p = model.column_of(SystemColumn.P_VALUE)
    bleu = model.column_of(SystemColumn.BLEU)
    assert model.index(1, p).data(STALE_ROLE) is True
    assert model.index(1, bleu).data(STALE_ROLE) is False
    assert "Stale: The scoring options changed" in model.index(1, p).data(
        Qt.ItemDataRole.ToolTipRole
    )
    run(qtbot, model, PairedTest.BOOTSTRAP, 300)
    assert model.stale_reason() is None


def test_a_new_baseline_stales_a_paired_result_but_not_an_all_pairs_one(
    qtbot: QtBot, model: SystemsModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    run(qtbot, model, PairedTest.BOOTSTRAP, 1000)
    model.set_baseline(2)
    assert model.stale_reason() == (
        "The baseline changed since the test ran: run it again."
    )
    run(qtbot, model, PairedTest.BOOTSTRAP, 1000, all_pairs=True)
    for baseline in (2, 3):
        model.set_baseline(baseline)
        assert model.stale_reason() is None
        order = [baseline, *(k for k in range(4) if k != baseline)]
        theirs = sacrebleu_rows(monkeypatch, order, PairedTest.BOOTSTRAP, 1000)
        p_values = cells(model, SystemColumn.P_VALUE)
        for k, row in zip(order[1:], theirs[1:], strict=True):
            assert p_values[NAMES[k]] == p_text(row)


def test_the_test_of_the_shown_sentences_is_labelled_with_their_number(
    qtbot: QtBot, table: SystemTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = table.model
    rows = np.arange(0, 500, 3, dtype=np.int64)  # 167 sentences
    model.set_shown_rows(rows)
    assert table.subset_box.text() == "Shown only (167 of 500)"
    table.subset_box.setChecked(True)
    assert cells(model, SystemColumn.BLEU)["UEdin"] == (
        f"{sacrebleu_score(2, rows):.2f}"
    )
    with qtbot.waitSignal(model.job.finished, timeout=_TIMEOUT_MS):
        table.run_button.click()
    theirs = sacrebleu_rows(
        monkeypatch, [0, 1, 2, 3], PairedTest.BOOTSTRAP, 1000, rows=rows
    )
    delta = sacrebleu_score(2, rows) - sacrebleu_score(0, rows)
    label = model.subset_label(2)
    assert label == (
        f"on the 167 shown sentences: UEdin − Facebook-AI = {delta:+.2f}, "
        f"p = {p_text(theirs[2])}"
    )
    assert (
        label == "on the 167 shown sentences: UEdin − Facebook-AI = -1.55, p = 0.0759"
    )
    assert model.subset_label(0) is None  # the baseline
    table.table.setCurrentIndex(model.index(1, 0))  # Online-W
    assert table.status_text() == (
        f"{model.subset_label(1)[0].upper()}{model.subset_label(1)[1:]}. "  # type: ignore[index]
        + _SUBSET_NOTE
        + f" {_TESTED}"
    )
    model.set_shown_rows(np.arange(0, 500, 2))
    assert model.stale_reason() == (
        "The shown sentences changed since the test ran: run it again."
    )


def test_the_run_button_says_why_it_cannot_run(
    qtbot: QtBot, table: SystemTable
) -> None:
    model = table.model
    model.set_config(BleuConfig(compat=Compat.NLTK), "compat:…")
    assert not table.run_button.isEnabled()
    assert table.run_button.toolTip() == (
        "Significance tests follow sacreBLEU: choose the sacreBLEU mode."
    )
    model.set_systems(demo_entries()[:1], BleuConfig(), SIGNATURE)
    assert table.run_button.toolTip() == "Add a second system to compare."
    model.set_systems(demo_entries(), BleuConfig(), SIGNATURE)
    model.set_shown_rows(np.zeros(0, dtype=np.int64))
    table.subset_box.setChecked(True)
    assert not table.run_button.isEnabled()
    assert table.status_text() == (
        "No sentences are shown: there is nothing to test. "
        "Scores of the 0 shown sentences only."
    )


def test_choosing_a_baseline_asks_for_it_and_follows_the_model(
    qtbot: QtBot, table: SystemTable
) -> None:
    with qtbot.waitSignal(table.baseline_requested) as blocker:
        table.baseline_box.activated.emit(3)
    assert blocker.args == [3]
    assert table.model.baseline == 0  # the session decides
    table.model.set_baseline(3)
    assert table.baseline_box.currentText() == "happypoet"
    assert cells(table.model, SystemColumn.DELTA)["happypoet"] == "baseline"


def test_progress_and_cancel_while_the_test_runs(
    qtbot: QtBot, table: SystemTable
) -> None:
    table.test_box.setCurrentIndex(1)  # randomization
    assert table.samples_box.value() == 10000
    table.samples_box.setValue(1_000_000)
    with qtbot.waitSignal(table.model.job.progress_changed, timeout=_TIMEOUT_MS):
        table.run_button.click()
    assert table.progress.isVisibleTo(table)
    assert table.cancel_button.isVisibleTo(table)
    with qtbot.waitSignal(table.model.job.busy_changed) as blocker:
        table.cancel_button.click()
    assert blocker.args == [False]
    assert not table.progress.isVisibleTo(table)
    assert table.model.result is None
    assert set(cells(table.model, SystemColumn.P_VALUE).values()) == {""}


def test_a_superseded_run_is_never_shown(qtbot: QtBot, model: SystemsModel) -> None:
    shown: list[str] = []
    model.result_changed.connect(
        lambda: shown.append(cells(model, SystemColumn.TEST)["UEdin"])
    )
    model.run(PairedTest.RANDOMIZATION, 1_000_000)
    run(qtbot, model, PairedTest.BOOTSTRAP, 200)
    assert shown == ["bootstrap ×200, seed 12345"]


@pytest.mark.parametrize("dark", [False, True])
def test_the_delta_bar_is_painted_in_the_parts_colours(
    qtbot: QtBot, table: SystemTable, dark: bool
) -> None:
    """happypoet loses most through 4-gram precision: its bar shows that colour."""
    palette = dark_palette() if dark else light_palette()
    QApplication.setPalette(palette)
    try:
        table.show()
        qtbot.waitExposed(table)
        image = table.table.viewport().grab().toImage()
        model = table.model
        column = model.column_of(SystemColumn.WHY)
        rect = table.table.visualRect(model.index(3, column))  # happypoet
        colours = {
            image.pixelColor(QPoint(x, rect.center().y())).name()
            for x in range(rect.left(), rect.right())
        }
        assert delta_part_color(4, table.palette()).name() in colours
        tip = model.index(3, column).data(Qt.ItemDataRole.ToolTipRole)
        assert tip.startswith("happypoet loses 7.95 BLEU against Facebook-AI: ")
    finally:
        QApplication.setPalette(QApplication.style().standardPalette())


@pytest.mark.parametrize("dark", [False, True])
def test_a_selected_rows_bar_keeps_every_parts_colour(
    qtbot: QtBot, table: SystemTable, dark: bool
) -> None:
    """Clicked, a row's bar stands on the base colour and keeps its parts' colours.

    Before, each part was framed in the base colour: a part a few pixels wide
    was all frame, and a bar of small parts turned white.
    """
    palette = dark_palette() if dark else light_palette()
    QApplication.setPalette(palette)
    try:
        table.show()
        qtbot.waitExposed(table)
        model, view = table.model, table.table
        column = model.column_of(SystemColumn.WHY)
        for row in range(model.rowCount()):
            delta = model.index(row, column).data(DELTA_ROLE)
            if delta is None:
                continue  # the baseline's row
            name_cell = view.visualRect(model.index(row, 0))
            qtbot.mouseClick(
                view.viewport(), Qt.MouseButton.LeftButton, pos=name_cell.center()
            )
            assert view.selectionModel().isRowSelected(row)
            image = view.viewport().grab().toImage()
            rect = view.visualRect(model.index(row, column))
            colours = {
                image.pixelColor(QPoint(x, rect.center().y())).name()
                for x in range(rect.left(), rect.right())
            }
            wanted = {
                delta_part_color(part.order, table.palette()).name()
                for part in delta.parts
                if part.points != 0
            }
            assert wanted <= colours, model.index(row, 0).data()
    finally:
        QApplication.setPalette(QApplication.style().standardPalette())


def test_stats_of_another_test_set_are_refused_in_one_line(
    model: SystemsModel,
) -> None:
    stats = demo_stats()[0]
    shorter = CorpusStats(
        stats.hyp_len[:10], stats.ref_lens[:10], stats.matches[:10], stats.totals[:10]
    )
    model.set_systems(
        [*demo_entries()[:1], SystemEntry("short", shorter)], BleuConfig(), SIGNATURE
    )
    assert cells(model, SystemColumn.DELTA)["short"] == "—"
    delta = model.column_of(SystemColumn.DELTA)
    assert model.index(1, delta).data(Qt.ItemDataRole.ToolTipRole) == (
        "the systems have 500 and 10 segments: they must translate the same test set"
    )


def test_a_failed_test_is_said_in_one_line_and_the_table_stays(
    qtbot: QtBot, table: SystemTable
) -> None:
    model = table.model
    model.run(PairedTest.RANDOMIZATION, 1_000_000)
    with qtbot.waitSignal(model.job.progress_changed, timeout=_TIMEOUT_MS):
        pass
    process = model.job._process
    assert process is not None
    with qtbot.waitSignal(model.failed, timeout=_TIMEOUT_MS):
        process._process.kill()
    assert table.status_text() == (
        "The test failed: the significance test's process ended unexpectedly "
        "(out of memory?); run the test again."
    )
    assert cells(model, SystemColumn.BLEU)["UEdin"] == "50.93"
    with qtbot.waitSignal(model.job.finished, timeout=_TIMEOUT_MS):
        table.run_button.click()
    assert table.status_text() == _TESTED  # the failure is gone


def test_the_context_menu_asks_for_a_system_as_the_baseline(
    qtbot: QtBot, table: SystemTable
) -> None:
    view = table.table
    view.resize(1200, 300)
    menu = table.context_menu_at(view.visualRect(table.model.index(2, 0)).center())
    assert menu is not None
    (action,) = menu.actions()
    assert action.text() == "Use UEdin as the baseline"
    with qtbot.waitSignal(table.baseline_requested) as blocker:
        action.trigger()
    assert blocker.args == [2]
    menu = table.context_menu_at(view.visualRect(table.model.index(0, 0)).center())
    assert menu is not None
    assert not menu.actions()[0].isEnabled()  # already the baseline


def test_a_new_order_rescores_from_the_same_statistics(qtbot: QtBot) -> None:
    """The sums kept between changes are per order: BLEU-2, then BLEU-4, from the
    same statistics, are sacreBLEU's."""
    model = SystemsModel()
    model.set_systems(demo_entries(), BleuConfig(max_order=2), "…")
    refs = [list(r) for r in references()]
    expected = {
        name: f"{BLEU(max_ngram_order=2).corpus_score(list(lines), refs).score:.2f}"
        for name, lines in zip(NAMES, demo_texts(), strict=True)
    }
    assert cells(model, SystemColumn.BLEU) == expected
    model.set_config(BleuConfig(), SIGNATURE)
    assert cells(model, SystemColumn.BLEU)["Facebook-AI"] == "52.27"


def _extent_of_cells(model: SystemsModel) -> tuple[float, float]:
    """The largest gain and loss of any row, read from the Δ cells one by one."""
    column = model.column_of(SystemColumn.WHY)
    gains = losses = 0.0
    for row in range(model.rowCount()):
        delta = model.index(row, column).data(DELTA_ROLE)
        if delta is not None:
            points = [part.points for part in delta.parts]
            gains = max(gains, sum(p for p in points if p > 0))
            losses = max(losses, -sum(p for p in points if p < 0))
    return gains, losses


def test_the_bars_scale_follows_the_baseline(model: SystemsModel) -> None:
    """Every bar is drawn to one scale, kept by the model, renewed with the rows."""
    gains, losses = model.delta_extent()
    assert (gains, losses) == _extent_of_cells(model)
    assert round(losses, 2) >= 7.95  # happypoet loses 7.95 BLEU to Facebook-AI
    model.set_baseline(3)  # happypoet: every other system gains on it
    assert model.delta_extent() == _extent_of_cells(model)
    assert round(model.delta_extent()[0], 2) >= 7.95
    assert model.delta_extent() != (gains, losses)


def test_the_shown_columns_fit_their_contents_and_a_column_shown_later_too(
    qtbot: QtBot, table: SystemTable
) -> None:
    # Fitted column by column (the Why Δ bar fixed, hidden columns when shown):
    # the widths are those of Qt's own fitting of every column.
    view, model = table.table, table.model
    model.set_systems(demo_entries(), BleuConfig(), SIGNATURE)  # fitted at a reset
    header = view.horizontalHeader()
    why = model.column_of(SystemColumn.WHY)
    signature = model.column_of(SystemColumn.SIGNATURE)
    assert header.isSectionHidden(signature)
    ours = {c: view.columnWidth(c) for c in range(header.count())}
    in_view = [header.logicalIndex(visual) for visual in range(header.count())]
    shown = [c for c in in_view if not header.isSectionHidden(c)]
    stretched = shown[-1]  # the last column on screen takes the rest of the width

    for column in shown:
        if column in (why, stretched):
            continue
        view.resizeColumnToContents(column)  # Qt's own fitting of the column
        qt = view.columnWidth(column)
        assert ours[column] >= qt, model.headerData(column, Qt.Orientation.Horizontal)
        if ours[column] > qt:  # only the room kept for a test's numbers
            assert SYSTEM_COLUMNS[column].key in (
                SystemColumn.P_VALUE,
                SystemColumn.MEAN_CI,
            )
    assert ours[why] == 56

    menu = table.column_menu()
    next(a for a in menu.actions() if a.text() == "Signature").toggle()
    assert not header.isSectionHidden(signature)
    fitted = view.columnWidth(signature)
    view.resizeColumnToContents(signature)
    assert fitted == view.columnWidth(signature) > 300


def test_the_same_shown_sentences_again_change_nothing(
    qtbot: QtBot, model: SystemsModel
) -> None:
    """A re-filter that keeps the same sentences (a new pair, new options) leaves
    the subset's sums and rows as they are: no new table, nothing summed again."""
    model.set_subset(True)
    model.set_shown_rows([3, 1, 2])
    resets: list[None] = []
    model.modelReset.connect(lambda: resets.append(None))
    model.set_shown_rows(np.array([1, 2, 3]))
    assert resets == []
    model.set_shown_rows([1, 2])
    assert resets == [None]
    assert model.shown_count == 2


def test_only_the_bar_and_the_tests_columns_have_the_tables_own_delegate(
    table: SystemTable,
) -> None:
    """Qt's own delegate fits and paints the other columns without calling into
    Python (the fitting, when a system's scores come, waited for the GIL)."""
    own = {
        spec.key
        for column, spec in enumerate(SYSTEM_COLUMNS)
        if table.table.itemDelegateForColumn(column) is table.delegate
    }
    assert own == {
        spec.key
        for spec in SYSTEM_COLUMNS
        if spec.of_test or spec.key is SystemColumn.WHY
    }
    assert SystemColumn.BLEU not in own
    assert SystemColumn.WHY in own
