"""The sentence every panel describes is the table's current row, as clicked.

Several rows may be selected (Ctrl+A, Ctrl+click, Shift+click) for Edit › Copy
rows; the one the detail, Explain, the status bar and F2 (edit the hypothesis)
are about is the row last clicked or moved to, the table's current index. A
click on a row inside a selection (after Ctrl+A) makes that row the only one
selected and the current one: before, Qt's selection change named no newly
selected row, and every panel stayed on the sentence shown before Ctrl+A.
Go › Jump to sentence (Ctrl+G) starts from the current sentence's number.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QInputDialog, QSpinBox
from pytestqt.qtbot import QtBot

from bleu_gui.models.sentence_table import ROW_ROLE
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.sentence_detail import HYPOTHESIS
from tests.gui.demo_sets import TIMEOUT, DemoSet, demo, read_lines, scored

__all__ = ["demo"]  # fixtures

Modifier = Qt.KeyboardModifier

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def loaded(qtbot: QtBot, window: MainWindow, demo: DemoSet) -> MainWindow:
    """The shown window (tests/gui/conftest.py), active, the demo set scored."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    with scored(qtbot, window):
        window.session.open_files(demo.file_set())
    return window


def click_row(
    qtbot: QtBot,
    window: MainWindow,
    row: int,
    modifier: Qt.KeyboardModifier = Modifier.NoModifier,
) -> int:
    """Click table row `row` (its text cell) as a person does; its corpus row."""
    table, model = window.table, window.browser.model
    index = model.index(row, model.hypothesis_column())
    table.scrollTo(index)
    qtbot.mouseClick(
        table.viewport(),
        Qt.MouseButton.LeftButton,
        modifier,
        table.visualRect(index).center(),
    )
    return int(index.data(ROW_ROLE))


def selected_rows(window: MainWindow) -> list[int]:
    """The table rows highlighted, top to bottom."""
    return sorted(i.row() for i in window.table.selectionModel().selectedRows())


def assert_shown(
    qtbot: QtBot, window: MainWindow, demo: DemoSet, corpus_row: int
) -> None:
    """Every panel describes sentence `corpus_row` (0-based), as the status bar says."""
    qtbot.waitUntil(lambda: window.row == corpus_row, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: not window.sentence_pending, timeout=TIMEOUT)
    number = corpus_row + 1
    assert window.status_text.text().startswith(f"Sentence {number}: BLEU ")
    hypothesis = read_lines(demo.candidate)[corpus_row]
    assert window.detail.displayed_text(HYPOTHESIS) == hypothesis
    explanation = window.explain.explanation()
    assert explanation is not None
    assert explanation.hypothesis.text == hypothesis


def test_a_click_inside_a_ctrl_a_selection_shows_the_clicked_sentence(
    qtbot: QtBot, loaded: MainWindow, demo: DemoSet
) -> None:
    window, table = loaded, loaded.table
    assert_shown(qtbot, window, demo, click_row(qtbot, window, 2))
    table.setFocus()
    qtbot.waitUntil(table.hasFocus)
    qtbot.keyClick(table, Qt.Key.Key_A, Modifier.ControlModifier)
    assert len(table.selectionModel().selectedRows()) == 500
    clicked = click_row(qtbot, window, 6)
    assert table.selectionModel().selectedRows() == [table.model().index(6, 0)]
    assert_shown(qtbot, window, demo, clicked)
    # F2 edits the highlighted sentence, not the one shown before Ctrl+A.
    qtbot.keyClick(table, Qt.Key.Key_F2)
    line = window.edit_bar.line
    qtbot.waitUntil(line.hasFocus, timeout=TIMEOUT)
    draft = window.what_if.editor.draft
    assert draft is not None
    assert draft.row == clicked
    assert line.text() == read_lines(demo.candidate)[clicked]
    qtbot.keyClick(line, Qt.Key.Key_Escape)


def test_with_several_rows_selected_the_last_clicked_is_shown(
    qtbot: QtBot, loaded: MainWindow, demo: DemoSet
) -> None:
    """Ctrl+click adds a row and shows it; Shift+click shows the row clicked, not
    the first of the range it selects; Ctrl+click on the shown row unselects it,
    and the panels show the topmost row still highlighted."""
    window = loaded
    first = click_row(qtbot, window, 2)
    assert_shown(qtbot, window, demo, first)
    added = click_row(qtbot, window, 8, Modifier.ControlModifier)
    assert_shown(qtbot, window, demo, added)
    ranged = click_row(qtbot, window, 12, Modifier.ShiftModifier)
    assert selected_rows(window) == [2, 8, 9, 10, 11, 12]
    assert_shown(qtbot, window, demo, ranged)
    # Ctrl+click the shown row: no longer highlighted, it is not the one shown.
    click_row(qtbot, window, 12, Modifier.ControlModifier)
    assert selected_rows(window) == [2, 8, 9, 10, 11]
    assert_shown(qtbot, window, demo, first)


def press_ctrl_g(qtbot: QtBot, window: MainWindow, typed: str) -> str:
    """Ctrl+G; in its dialog, note the number it shows, type `typed` over it and
    press Enter (Escape if `typed` is empty). The number shown first.

    The dialog is modal: the answer runs inside its event loop, at a turn of it
    (re-queued until the dialog is the active modal widget, a bounded number of
    turns).
    """
    seen: list[str] = []
    turns = [0]

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QInputDialog):
            turns[0] += 1
            assert turns[0] < 10_000, "no Jump to sentence dialog"
            QTimer.singleShot(0, answer)
            return
        box = dialog.findChild(QSpinBox)
        assert box is not None
        seen.append(box.text())
        if not typed:
            qtbot.keyClick(box, Qt.Key.Key_Escape)
            return
        qtbot.keyClick(box, Qt.Key.Key_A, Modifier.ControlModifier)
        qtbot.keyClicks(box, typed)
        qtbot.keyClick(box, Qt.Key.Key_Return)

    window.activateWindow()  # back from the last dialog, for the shortcut
    qtbot.waitUntil(window.isActiveWindow)
    QTimer.singleShot(0, answer)
    qtbot.keyClick(window.table, Qt.Key.Key_G, Modifier.ControlModifier)
    assert len(seen) == 1
    return seen[0]


def test_go_to_sentence_starts_from_the_current_sentence(
    qtbot: QtBot, loaded: MainWindow, demo: DemoSet
) -> None:
    """Ctrl+G shows the current sentence's number, ready to be typed over."""
    window = loaded
    clicked = click_row(qtbot, window, 6)
    assert_shown(qtbot, window, demo, clicked)
    assert press_ctrl_g(qtbot, window, "") == str(clicked + 1)
    assert window.row == clicked
    assert press_ctrl_g(qtbot, window, "123") == str(clicked + 1)
    assert_shown(qtbot, window, demo, 122)
    assert press_ctrl_g(qtbot, window, "") == "123"
