"""The window on a real screen: it fits, it remembers, it says what it shows.

Settings live in a temporary INI file (the `settings` fixture), never the user's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import QPoint, QSettings, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.models.session import FileSet, Session
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.sentence_detail import HYPOTHESIS
from tests.gui.controls_support import (
    HYPS,
    REFS,
    TIMEOUT,
    Files,
    files,
    loaded,
    settings,
    window,
)
from tests.gui.demo_sets import scored

__all__ = ["files", "loaded", "settings", "window"]  # fixtures

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def relayout(widget: QWidget) -> None:
    """Apply the layout changes the last change asked for, now."""
    layout = widget.layout()
    assert layout is not None
    layout.activate()


def show(qtbot: QtBot, window: MainWindow, size: QSize | None = None) -> None:
    if size is not None:
        window.resize(size)
    window.show()
    qtbot.waitExposed(window)


# --- the sentence the panels show ----------------------------------------------


def test_a_sentence_the_search_hides_is_said_to_be_hidden(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    show(qtbot, loaded)
    assert loaded.select_sentence(2)
    loaded.filter_bar.search.setText("lightning")  # sentence 1 only
    assert loaded.table.selected_corpus_row() == 0 or not loaded.table.selectedIndexes()
    assert loaded.hidden_note.isVisible()
    assert loaded.hidden_note.text() == (
        "Sentence 2, shown below, is hidden by the filter. Select a sentence in the "
        "table, or clear the filter to see it there."
    )
    assert loaded.detail.displayed_text(HYPOTHESIS) == HYPS[1]
    loaded.filter_bar.clear.click()
    assert not loaded.hidden_note.isVisible()
    assert loaded.table.selected_corpus_row() == 1


def test_a_histogram_range_that_hides_the_sentence_is_said(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    show(qtbot, loaded)
    assert loaded.select_sentence(2)
    loaded.histogram.range_clicked.emit(25.0, 30.0)  # sentence 1 (27.05) only
    assert loaded.hidden_note.isVisible()
    assert loaded.hidden_note.text().startswith("Sentence 2, shown below, is hidden")
    assert loaded.table.select_corpus_row(0)  # the user picks a shown sentence
    qtbot.waitUntil(lambda: not loaded.sentence_pending, timeout=TIMEOUT)
    assert not loaded.hidden_note.isVisible()
    assert loaded.detail.displayed_text(HYPOTHESIS) == HYPS[0]


# --- copies confirm themselves -------------------------------------------------


def test_copying_a_sentence_says_so(qtbot: QtBot, loaded: MainWindow) -> None:
    assert loaded.select_sentence(2)
    loaded.copy_sentence()
    assert loaded.statusBar().currentMessage() == "Copied sentence 2 with its scores"


def test_copying_the_signature_says_so(qtbot: QtBot, loaded: MainWindow) -> None:
    metric = BLEU()
    metric.corpus_score(HYPS, REFS)
    signature = str(metric.get_signature())
    loaded.summary.copy_signature.click()
    assert QGuiApplication.clipboard().text() == signature
    assert loaded.statusBar().currentMessage() == f"Copied the signature {signature}"


# --- one number, one way of writing it -------------------------------------------


def test_header_formula_and_diagnosis_give_the_score_alike(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    assert loaded.select_sentence(1)
    score = sacrebleu.sentence_bleu(HYPS[0], [ref[0] for ref in REFS]).score
    written = f"{score:.2f}"
    text = loaded.explain.plain_text()
    assert f"Sentence BLEU {written}" in text
    assert f"= {written} (precisions and BLEU in percent" in text
    assert f"Diagnosis: BLEU = {written} (percent): most is lost to" in text


# --- layout ---------------------------------------------------------------------


def test_an_invalid_regex_leaves_the_search_box_and_window_alone(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    show(qtbot, loaded, QSize(1280, 720))
    bar = loaded.filter_bar
    minimum = loaded.minimumSizeHint().width()
    width = bar.search.width()
    bar.regex.setChecked(True)
    with qtbot.waitSignal(loaded.browser.filter_failed, timeout=TIMEOUT) as failed:
        bar.search.setText("(biker|motorist")
    qtbot.waitUntil(lambda: bar.problem.text() != "", timeout=TIMEOUT)
    relayout(bar)
    relayout(loaded)
    assert loaded.minimumSizeHint().width() == minimum
    assert loaded.width() == 1280
    assert bar.search.width() == width
    assert failed.args is not None
    assert bar.problem.toolTip() == failed.args[0]
    # The message is read whole: inside the window, on lines tall enough for it.
    problem = bar.problem
    assert problem.isVisible()
    assert problem.text() == failed.args[0]
    right = problem.mapTo(loaded, QPoint(problem.width(), 0)).x()
    assert right <= loaded.width()
    assert problem.heightForWidth(problem.width()) <= problem.height()
    words = problem.fontMetrics().horizontalAdvance(problem.text())
    assert words <= problem.width() or problem.wordWrap()
    bar.search.clear()  # a valid search again: the row goes
    qtbot.waitUntil(lambda: not problem.isVisible(), timeout=TIMEOUT)


def test_the_options_stay_put_when_the_summary_changes(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    show(qtbot, loaded, QSize(1280, 720))
    panel = loaded.settings_panel

    def place() -> QPoint:
        return panel.compat.mapTo(loaded, QPoint(0, 0))

    before = place()
    loaded.filter_bar.search.setText("biker")  # the summary adds the shown BLEU
    relayout(loaded)
    assert place() == before
    with scored(qtbot, loaded):
        panel.max_order.setValue(2)  # two rows of precisions fewer above
    relayout(loaded)
    assert place() == before
    with scored(qtbot, loaded):
        loaded.session.remove_reference(1)  # another caption, other numbers
    relayout(loaded)
    assert place() == before


def test_the_window_fits_the_screen(qtbot: QtBot, settings: QSettings) -> None:
    session = Session(processes=1)
    window = MainWindow(session, settings)
    qtbot.addWidget(window)
    available = window.screen().availableGeometry()
    assert window.width() <= available.width()
    assert window.height() <= available.height()
    session.shutdown()


def test_at_1280_by_720_the_table_shows_rows_and_the_selection(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    many = [f"{hyp} {k}" for k in range(25) for hyp in HYPS]
    hyp = tmp_path / "many.txt"
    ref = tmp_path / "many-ref.txt"
    hyp.write_text("\n".join(many) + "\n", encoding="utf-8")
    ref.write_text("\n".join(many) + "\n", encoding="utf-8")
    show(qtbot, window, QSize(1280, 720))
    with scored(qtbot, window):
        window.session.open_files(FileSet(hyp, (ref,)))
    table = window.table
    rows = table.viewport().height() // table.verticalHeader().defaultSectionSize()
    assert rows >= 10
    assert window.select_sentence(80)
    selected = table.visualRect(table.model().index(79, 0))
    assert table.viewport().rect().contains(selected)


def test_size_splitters_and_columns_are_remembered(
    qtbot: QtBot, settings: QSettings, files: Files
) -> None:
    first = MainWindow(Session(processes=1), settings)
    qtbot.addWidget(first)
    # As narrow as the window goes: the 800×800 test screen is narrower still, and
    # Qt narrows a restored window that is wider than its screen.
    show(qtbot, first, QSize(first.minimumSizeHint().width(), 600))
    with scored(qtbot, first):
        first.session.open_files(files.fileset())
    first.central_splitter.setSizes([350, 150])
    first.bottom_splitter.setSizes([300, 600])
    first.table.setColumnWidth(1, 123)
    relayout(first)
    central, bottom = first.central_splitter.sizes(), first.bottom_splitter.sizes()
    size = first.size()
    first.close()

    second = MainWindow(Session(processes=1), settings)
    qtbot.addWidget(second)
    show(qtbot, second)
    assert second.size() == size
    with scored(qtbot, second):
        second.session.open_files(files.fileset())
    relayout(second)
    assert second.central_splitter.sizes() == central
    assert second.bottom_splitter.sizes() == bottom
    assert second.table.columnWidth(1) == 123
    second.close()


# --- small things a user reads ---------------------------------------------------


def test_the_search_options_say_what_they_do(window: MainWindow) -> None:
    bar = window.filter_bar
    assert (
        bar.case.toolTip() == "Aa: match case, so that 'Biker' does not find 'biker'."
    )
    for box in (bar.regex, bar.in_hyp, bar.in_refs, bar.in_src):
        assert box.toolTip()
