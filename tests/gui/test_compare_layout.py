"""What a user sees of a comparison in a laptop-sized window.

The window compares the demo's four systems (Facebook-AI the baseline A, happypoet
shown as B), sentence 15 selected. At 1280×720 the sentence table shows its
hypothesis column inside the table, not off to the right; the pair detail's legend
is one line at the window's default size on such a screen, each swatch's words in
its tooltip, and breaks between swatches only, when narrow; both hypotheses start
on screen, before the references and the source. With the pair's Δ
column hidden, the Δ filter still filters by it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from PySide6.QtCore import QEvent, QPoint, QSize
from PySide6.QtGui import QHelpEvent, QTextCursor
from PySide6.QtWidgets import QApplication, QScrollArea, QToolTip
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core.pair_ngrams import Side
from bleu_gui.models.sentence_filter import DeltaSide
from bleu_gui.models.sentence_table import ColumnKey, ColumnKind
from bleu_gui.models.session import FileSet
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.pair_detail import PairDetailView, TextKey
from bleu_gui.views.segment_text import SegmentText
from tests.core.demo_systems import DEMO, references, system
from tests.gui.demo_sets import TIMEOUT, make_window

NAMES = ("Facebook-AI", "Online-W", "UEdin", "happypoet")
LAPTOP = QSize(1280, 720)
# The window's size when it opens on a 1280×720 screen: 92% of it
# (`MainWindow._fit_to_screen`); the offscreen platform's screen is another size.
DEFAULT_ON_LAPTOP = QSize(1177, 662)
# The legend's swatches, as a reader sees them, and each one's tooltip.
SWATCHES = {
    "both": "both: counted in A and in B",
    "only A": "only A: counted in A, not in B (dashed)",
    "only B": "only B: counted in B, not in A (wavy)",
    "clipped": "clipped: beyond what a single reference allows",
    "unmatched": "unmatched: in no reference",
    "ref 1": "ref 1: the spans of this reference paired with a counted n-gram are "
    "tinted and underlined in its colour",
    "ref 2": "ref 2: the spans of this reference paired with a counted n-gram are "
    "tinted and underlined in its colour",
}

# The window is shown; the offscreen platform cannot pass size hints on or raise it.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """The four demo systems and the source, sentence 15 shown, 1280×720."""
    main = make_window(qtbot, tmp_path)
    main.resize(LAPTOP)
    systems = tuple(DEMO / f"sys.{name}.txt" for name in NAMES)
    files = FileSet(
        systems[-1],
        (DEMO / "ref.A.txt", DEMO / "ref.B.txt"),
        DEMO / "src.txt",
        systems=systems,
    )
    with qtbot.waitSignal(
        main.session.busy_changed,
        timeout=TIMEOUT,
        check_params_cb=lambda busy: not busy,
    ):
        main.session.open_files(files)
    main.show()
    qtbot.waitExposed(main)
    assert main.session.pair is not None
    assert main.select_sentence(15)
    detail = main.compare.pair_detail
    qtbot.waitUntil(lambda: detail.legend_widget().isVisible(), timeout=TIMEOUT)
    yield main
    main.explainer.shutdown()
    main.session.shutdown()


def lines(text: SegmentText) -> list[str]:
    """The lines `text` is laid out in, as shown (non-breaking spaces as spaces)."""
    document = text.document()
    shown: list[str] = []
    block = document.begin()
    while block.isValid():
        layout = block.layout()
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            start = line.textStart()
            words = block.text()[start : start + line.textLength()]
            shown.append(words.replace("\u00a0", " ").strip())
        block = block.next()
    return shown


def tooltip_at(qtbot: QtBot, text: SegmentText, index: int) -> str:
    """The tooltip a user gets hovering character `index` of `text`."""
    cursor = QTextCursor(text.document())
    cursor.setPosition(index)
    cursor.setPosition(index + 1, QTextCursor.MoveMode.KeepAnchor)
    rect = text.cursorRect(cursor)
    point = QPoint(rect.right() + 1, rect.center().y())
    viewport = text.viewport()
    QApplication.sendEvent(
        viewport,
        QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point)),
    )
    qtbot.waitUntil(QToolTip.isVisible)
    shown = QToolTip.text()
    QToolTip.hideText()
    return shown


def test_the_hypothesis_column_is_inside_the_table(
    qtbot: QtBot, window: MainWindow
) -> None:
    table, model = window.table, window.browser.model
    row = model.table_row(14)  # sentence 15, selected
    assert row is not None
    index = model.index(row, model.hypothesis_column())
    viewport = table.viewport().rect()
    qtbot.waitUntil(lambda: viewport.contains(table.visualRect(index)))
    # Room to read: at least 40 characters of the table's font.
    assert table.visualRect(index).width() >= (
        table.fontMetrics().horizontalAdvance("x" * 40)
    )
    assert table.horizontalScrollBar().maximum() == 0  # nothing off to the right


def test_the_legend_is_one_line_at_the_default_size(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(DEFAULT_ON_LAPTOP)
    legend = window.compare.pair_detail.legend_widget()
    qtbot.waitUntil(lambda: len(lines(legend)) == 1)
    assert lines(legend) == [
        "both    only A    only B    clipped    unmatched   ·   ref 1    ref 2"
    ]
    assert legend.height() < 2 * legend.fontMetrics().lineSpacing() + 12


def test_both_hypotheses_start_on_screen(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(DEFAULT_ON_LAPTOP)
    # The size taken and laid out (the pair bar cannot widen the window any more),
    # so that the check below is of the layout at that size, not of the one before.
    qtbot.waitUntil(lambda: window.size() == DEFAULT_ON_LAPTOP)
    QApplication.sendPostedEvents()
    detail = window.compare.pair_detail
    b_text = detail.text_widget(TextKey.hypothesis(Side.B))
    scroll = b_text.parentWidget()
    while not isinstance(scroll, QScrollArea):
        assert scroll is not None
        scroll = scroll.parentWidget()
    viewport = scroll.viewport()
    first_line = b_text.fontMetrics().lineSpacing()

    def b_starts_on_screen() -> bool:
        top = b_text.mapTo(viewport, QPoint(0, 0)).y()
        return scroll.verticalScrollBar().value() == 0 and (
            top >= 0 and top + first_line <= viewport.height()
        )

    qtbot.waitUntil(b_starts_on_screen)
    for _ in range(3):  # and it stays so once every pending layout has run
        QApplication.processEvents()
    assert b_starts_on_screen()
    source = detail.text_widget(TextKey.source())
    assert (
        source.mapTo(viewport, QPoint(0, 0)).y()
        > b_text.mapTo(viewport, QPoint(0, 0)).y()
    )


def test_each_swatch_says_its_words(qtbot: QtBot, window: MainWindow) -> None:
    detail: PairDetailView = window.compare.pair_detail
    legend = detail.legend_widget()
    text = legend.toPlainText().replace("\u00a0", " ")
    for label, words in SWATCHES.items():
        index = text.index(f" {label} ") + 2  # inside the swatch
        assert tooltip_at(qtbot, legend, index) == words
    between = text.index(" ·") + 1  # the dot between the statuses and references
    assert tooltip_at(qtbot, legend, between) == "<br>".join(SWATCHES.values())


def test_a_narrow_legend_breaks_between_swatches(
    qtbot: QtBot, window: MainWindow
) -> None:
    splitter = window.bottom_splitter
    total = sum(splitter.sizes())
    splitter.setSizes([200, total - 200])
    legend = window.compare.pair_detail.legend_widget()
    qtbot.waitUntil(lambda: len(lines(legend)) > 1)
    for label in SWATCHES:  # no swatch cut in two
        assert any(label in line for line in lines(legend)), label


def test_the_delta_filter_filters_with_its_column_hidden(
    qtbot: QtBot, window: MainWindow
) -> None:
    delta = ColumnKey(ColumnKind.DELTA)
    window.table.set_column_shown(delta, False)
    assert not window.table.is_column_shown(delta)
    side = window.filter_bar.side
    with qtbot.waitSignal(window.browser.model.layoutChanged, timeout=TIMEOUT):
        side.setCurrentIndex(side.findData(DeltaSide.WORSE))
    refs = references()
    metric = BLEU(effective_order=True)

    def scores(name: str) -> npt.NDArray[np.float64]:
        return np.array(
            [
                metric.sentence_score(hyp, [ref[i] for ref in refs]).score
                for i, hyp in enumerate(system(name))
            ]
        )

    worse = np.flatnonzero(scores("happypoet") < scores("Facebook-AI"))
    assert sorted(int(row) for row in window.browser.model.rows) == worse.tolist()


def test_the_baseline_menu_shows_the_whole_name_at_the_docks_width(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(DEFAULT_ON_LAPTOP)
    box = window.compare_systems.table.baseline_box
    qtbot.waitUntil(lambda: box.count() == len(NAMES), timeout=TIMEOUT)
    qtbot.waitUntil(lambda: box.isVisible(), timeout=TIMEOUT)
    longest = max(box.fontMetrics().horizontalAdvance(name) for name in NAMES)
    assert box.currentText() == "Facebook-AI"
    # The box is as wide as it asks to be, which leaves room for the longest name.
    assert box.width() >= box.sizeHint().width() > longest
