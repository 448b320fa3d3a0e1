"""The comparing window fits a 1280×720 screen: nothing the user reads is cut off.

With the demo's four systems tested (paired bootstrap, then all pairs): the
systems table shows its columns without scrolling sideways, with the test and the
signature said under it (their columns one click away in the header's menu); the
all-pairs matrix shows every row and column; the Δ panel's corpus part is whole;
the bar of A and B never makes the window wider than the screen, and the window
keeps the size it opened with on such a screen when the systems arrive (the bar
wraps its Δ filter onto a second line instead).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QScrollArea,
    QStyle,
    QStyleOptionButton,
)
from pytestqt.qtbot import QtBot

from bleu_gui.cli import demo_paths
from bleu_gui.models.session import FileSet
from bleu_gui.models.systems_model import SystemColumn
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.main_window import MainWindow

TIMEOUT = 60_000
SIGNATURE = (
    "nrefs:2|bs:1000|seed:12345|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
)

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def tested(qtbot: QtBot, window: MainWindow) -> MainWindow:
    """The window (1280×720) with the demo's four systems scored and tested."""
    _, refs, candidate, others = demo_paths()
    session = window.session
    session.open_files(
        FileSet(others[-1], tuple(refs), None, systems=(candidate, *others))
    )
    qtbot.waitUntil(
        lambda: (
            len(session.systems) == 4
            and all(s.scores is not None for s in session.systems)
            and not session.is_busy
        ),
        timeout=TIMEOUT,
    )
    compare = window.compare_systems
    with qtbot.waitSignal(compare.test_finished, timeout=TIMEOUT):
        compare.table.run_button.click()
    return window


def test_the_systems_table_does_not_scroll_sideways(
    qtbot: QtBot, tested: MainWindow
) -> None:
    table = tested.compare_systems.table
    view, model = table.table, table.model
    header = view.horizontalHeader()
    qtbot.waitUntil(lambda: header.length() <= view.viewport().width())
    assert not view.horizontalScrollBar().isVisible()
    shown = [
        model.headerData(header.logicalIndex(v), header.orientation())
        for v in range(header.count())
        if not header.isSectionHidden(header.logicalIndex(v))
    ]
    assert shown == ["System", "BLEU", "Δ", "Why Δ", "p", "μ ± 95% CI", "QA"]


def test_the_test_and_signature_are_said_under_the_table(tested: MainWindow) -> None:
    status = tested.compare_systems.table.status
    assert status.isVisible()
    assert status.text() == f"Test: bootstrap ×1000, seed 12345. {SIGNATURE}"


def test_the_header_menu_shows_the_signature_column(
    qtbot: QtBot, tested: MainWindow
) -> None:
    table = tested.compare_systems.table
    menu = table.column_menu()
    texts = [action.text() for action in menu.actions()]
    assert texts == [
        "BLEU", "Δ", "p", "μ ± 95% CI", "Why Δ", "QA", "Test", "Signature"
    ]  # fmt: skip
    checked = [a.text() for a in menu.actions() if a.isChecked()]
    assert checked == ["BLEU", "Δ", "p", "μ ± 95% CI", "Why Δ", "QA"]
    signature = next(a for a in menu.actions() if a.text() == "Signature")
    signature.trigger()
    column = table.model.column_of(SystemColumn.SIGNATURE)
    assert not table.table.horizontalHeader().isSectionHidden(column)
    assert table.model.index(1, column).data() == SIGNATURE
    # Shown in its column, the signature is no longer repeated under the table.
    assert table.status.text() == "Test: bootstrap ×1000, seed 12345."


@pytest.mark.parametrize("holm", [False, True], ids=["uncorrected", "holm"])
def test_the_all_pairs_matrix_shows_every_row_and_column(
    qtbot: QtBot, tested: MainWindow, holm: bool
) -> None:
    compare = tested.compare_systems
    compare.table.all_pairs_box.setChecked(True)
    with qtbot.waitSignal(compare.test_finished, timeout=TIMEOUT):
        compare.table.run_button.click()
    compare.tabs.setCurrentIndex(1)
    matrix = compare.all_pairs.table
    qtbot.waitUntil(matrix.isVisible)
    if holm:
        box = compare.all_pairs.holm_box
        option = QStyleOptionButton()
        box.initStyleOption(option)
        tick = box.style().subElementRect(
            QStyle.SubElement.SE_CheckBoxIndicator, option, box
        )
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=tick.center())
        assert compare.all_pairs.model.holm
    assert matrix.model().rowCount() == 4
    assert matrix.horizontalHeader().length() <= matrix.viewport().width()
    assert matrix.verticalHeader().length() <= matrix.viewport().height()
    assert not matrix.horizontalScrollBar().isVisible()
    assert not matrix.verticalScrollBar().isVisible()


def test_the_corpus_delta_is_whole(qtbot: QtBot, tested: MainWindow) -> None:
    panel = tested.compare.delta_panel
    qtbot.waitUntil(panel.isVisible)
    part = panel.findChild(QScrollArea)
    assert part is not None
    words = [label for label in part.findChildren(QLabel) if label.wordWrap()]
    last = max(words, key=lambda label: label.geometry().bottom())
    assert last.text().endswith("rounded together, they add up to it as shown</span>")
    assert last.geometry().bottom() <= part.viewport().height()
    assert not part.verticalScrollBar().isVisible()


def test_the_window_is_never_wider_than_the_screen(tested: MainWindow) -> None:
    assert tested.minimumSizeHint().width() <= 1280
    assert tested.pair_bar.minimumSizeHint().width() < 1280 - 360


def test_the_systems_arriving_do_not_resize_the_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    on_laptop = QSize(1177, 662)  # 92% of a 1280×720 screen (`_fit_to_screen`)
    window.resize(on_laptop)
    qtbot.waitUntil(lambda: window.size() == on_laptop)
    alone = window.minimumSizeHint().width()
    _, refs, candidate, others = demo_paths()
    session = window.session
    session.open_files(FileSet(candidate, tuple(refs), None))
    qtbot.waitUntil(lambda: session.scores is not None, timeout=TIMEOUT)
    with qtbot.waitSignal(
        session.workspace_changed, check_params_cb=moves(Moved.SCORED), timeout=TIMEOUT
    ):
        session.add_system(others[0])
    bar = window.pair_bar
    qtbot.waitUntil(lambda: bar.isVisible() and window.compare_systems.dock.isVisible())
    QApplication.processEvents()
    assert window.minimumSizeHint().width() <= alone
    assert window.size() == on_laptop
    # The bar took a second line rather than width: every control of it is whole.
    inside = QRect(0, 0, bar.width(), bar.height())
    for control in (bar.baseline, bar.swap, bar.shown, window.filter_bar.max_delta):
        corner = control.mapTo(bar, control.rect().topLeft())
        assert inside.contains(QRect(corner, control.size())), control
    qtbot.waitUntil(lambda: not session.is_busy, timeout=TIMEOUT)
