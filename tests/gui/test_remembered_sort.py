"""A sort is remembered between runs, and restored only where it can be seen.

The rule (README, "Sessions and settings"): the table is never sorted by a column
that does not show. The sort in force at close is restored in the next run on the
first test set opened, if that table has its column and the column shows, with
the header's indicator on it; else the table opens in corpus order (#, ascending).
A column the table is sorted by that is hidden (by the user, or by a pair, which
hides the shown system's own columns) returns the table to corpus order, also when
another test set is opened. Before, the header's saved state put back a sort by
position: on another test set or with a pair it could be a hidden column, sorted
with no indicator in sight.

Each "run" is a window on the same INI file (`QSettings`), as two starts of the
application are (tests/gui/test_remembered.py).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from bleu_gui.models.sentence_table import ROW_ROLE, ColumnKey, ColumnKind
from bleu_gui.models.session import FileSet
from bleu_gui.views.main_window import MainWindow
from tests.core.demo_systems import DEMO
from tests.gui.demo_sets import TIMEOUT, demo_set, other_set
from tests.gui.test_remembered import ini, start, windows

__all__ = ["ini", "windows"]  # fixtures

pytestmark = pytest.mark.qt_log_ignore(
    "propagateSizeHints", "raise", "grabbing the keyboard"
)

COST = ColumnKey(ColumnKind.COST)
NUMBER = ColumnKey(ColumnKind.NUMBER)
Descending = Qt.SortOrder.DescendingOrder
Ascending = Qt.SortOrder.AscendingOrder


def shown(qtbot: QtBot, window: MainWindow) -> MainWindow:
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    return window


def opened(qtbot: QtBot, window: MainWindow, files: FileSet, systems: int = 1) -> None:
    """Open `files` and wait until every system (and a pair) is scored."""
    session, model = window.session, window.browser.model
    session.open_files(files)
    qtbot.waitUntil(
        lambda: (
            len(session.systems) == systems
            and all(s.scores is not None for s in session.systems)
            and not session.is_busy
            and (systems == 1 or model.pair is not None)
        ),
        timeout=TIMEOUT,
    )


def column_of(window: MainWindow, key: ColumnKey) -> int:
    column = window.browser.model.column_of(key)
    assert column is not None
    return column


def click_header(qtbot: QtBot, window: MainWindow, key: ColumnKey) -> None:
    """Click the header of the column `key`, as a person sorts by it."""
    header = window.table.horizontalHeader()
    column = column_of(window, key)
    assert not header.isSectionHidden(column)
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    pos = QPoint(x, header.height() // 2)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def hide_in_column_menu(qtbot: QtBot, window: MainWindow, key: ColumnKey) -> None:
    """Right-click the header (its context-menu event), click the column's item.

    As tests/gui/test_column_chooser.py does: a right-click reaches a widget as
    a context-menu event, which QTest's mouse clicks do not make.
    """
    title = window.browser.model.column_title(column_of(window, key))
    viewport = window.table.horizontalHeader().viewport()
    point = QPoint(5, viewport.height() // 2)
    event = QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, point, viewport.mapToGlobal(point)
    )
    QApplication.sendEvent(viewport, event)
    menu = window.table.column_menu
    qtbot.waitUntil(menu.isVisible)
    action = next(a for a in menu.actions() if a.text() == title)
    qtbot.mouseClick(
        menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center()
    )
    qtbot.waitUntil(lambda: not menu.isVisible())


def indicator(window: MainWindow) -> tuple[ColumnKey | None, Qt.SortOrder, bool]:
    """What the header's sort indicator is on, its order, and whether it shows."""
    header = window.table.horizontalHeader()
    section = header.sortIndicatorSection()
    return (
        window.browser.model.column_key(section),
        header.sortIndicatorOrder(),
        not header.isSectionHidden(section),
    )


def corpus_rows(window: MainWindow) -> list[int]:
    """The corpus rows in the order the table shows them."""
    model = window.browser.model
    return [int(model.index(r, 0).data(ROW_ROLE)) for r in range(model.rowCount())]


def costs(window: MainWindow) -> list[float]:
    """The Cost column's values, top to bottom (NaN: no cost)."""
    values = window.browser.model.sort_key(COST)
    return [float(values[row]) for row in corpus_rows(window)]


def sorted_down(values: list[float]) -> bool:
    """Largest first, NaN last."""
    numbers = [v for v in values if not np.isnan(v)]
    return values[: len(numbers)] == numbers == sorted(numbers, reverse=True)


def sorted_by_cost_in_run_one(
    qtbot: QtBot, windows: list[MainWindow], ini: Path, tmp_path: Path
) -> None:
    """Run 1: the demo, sorted by Cost (largest first) by clicks, then closed."""
    window = shown(qtbot, start(qtbot, windows, ini))
    opened(qtbot, window, demo_set(tmp_path / "demo").file_set())
    click_header(qtbot, window, COST)
    if indicator(window)[1] != Descending:
        click_header(qtbot, window, COST)
    assert indicator(window) == (COST, Descending, True)
    assert sorted_down(costs(window))
    assert window.close()


def test_a_sort_comes_back_where_its_column_shows(
    qtbot: QtBot, windows: list[MainWindow], ini: Path, tmp_path: Path
) -> None:
    sorted_by_cost_in_run_one(qtbot, windows, ini, tmp_path)
    window = shown(qtbot, start(qtbot, windows, ini))
    opened(qtbot, window, other_set(tmp_path / "other").file_set())
    assert indicator(window) == (COST, Descending, True)
    assert sorted_down(costs(window))
    assert corpus_rows(window) != sorted(corpus_rows(window))


def test_a_sort_by_a_column_a_pair_hides_is_not_restored(
    qtbot: QtBot, windows: list[MainWindow], ini: Path, tmp_path: Path
) -> None:
    """Run 2 opens a pair: Cost is hidden, so the table opens in corpus order."""
    sorted_by_cost_in_run_one(qtbot, windows, ini, tmp_path)
    window = shown(qtbot, start(qtbot, windows, ini))
    refs = (DEMO / "ref.A.txt", DEMO / "ref.B.txt")
    a, b = DEMO / "sys.Facebook-AI.txt", DEMO / "sys.happypoet.txt"
    opened(qtbot, window, FileSet(b, refs, None, systems=(a, b)), systems=2)
    assert not window.table.is_column_shown(COST)
    assert indicator(window) == (NUMBER, Ascending, True)
    assert corpus_rows(window) == list(range(500))


def test_hiding_the_sorted_column_returns_to_corpus_order(
    qtbot: QtBot, windows: list[MainWindow], ini: Path, tmp_path: Path
) -> None:
    """In one run: sorted by Cost, Cost hidden in the column menu; then reopened."""
    window = shown(qtbot, start(qtbot, windows, ini))
    opened(qtbot, window, demo_set(tmp_path / "demo").file_set())
    click_header(qtbot, window, COST)
    assert indicator(window)[0] == COST
    assert corpus_rows(window) != list(range(500))
    hide_in_column_menu(qtbot, window, COST)
    qtbot.waitUntil(lambda: not window.table.is_column_shown(COST))
    assert indicator(window) == (NUMBER, Ascending, True)
    assert corpus_rows(window) == list(range(500))
    # Another test set opens in corpus order too.
    opened(qtbot, window, other_set(tmp_path / "other").file_set())
    assert indicator(window) == (NUMBER, Ascending, True)
    assert corpus_rows(window) == list(range(len(corpus_rows(window))))
