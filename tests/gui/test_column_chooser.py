"""The sentence table's column menu: which columns show, with and without a pair.

A right-click on the header opens a menu with a check per column; clicking an item
hides or shows its column, for the rest of the session, with or without a pair.
By default every column shows with one system; with a pair (the demo's Facebook-AI
as A, happypoet as B) the shown system's own columns hide, leaving #, A, B, Δ, Swap
and the text. The menu is driven as a user drives it: a context-menu event on the
header, a mouse click on an item.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QByteArray, QEventLoop, QPoint, Qt
from PySide6.QtGui import QAction, QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from bleu_gui.models.sentence_table import ColumnKey, ColumnKind, SentenceTableModel
from bleu_gui.models.session import FileSet, Session
from bleu_gui.views.sentence_table import (
    ALWAYS_SHOWN,
    DEFAULT_COLUMNS,
    SentenceTableView,
)
from tests.core.demo_systems import DEMO

A_NAME, B_NAME = "Facebook-AI", "happypoet"

NUMBER, BLEU, COST = (
    ColumnKey(k) for k in (ColumnKind.NUMBER, ColumnKind.BLEU, ColumnKind.COST)
)
HYP_LEN, REF_LEN, BP = (
    ColumnKey(k) for k in (ColumnKind.HYP_LEN, ColumnKind.REF_LEN, ColumnKind.BP)
)
P1, P2, P3, P4 = (ColumnKey(ColumnKind.PRECISION, n) for n in (1, 2, 3, 4))
A, B, DELTA, SWAP = (
    ColumnKey(k)
    for k in (ColumnKind.A_BLEU, ColumnKind.B_BLEU, ColumnKind.DELTA, ColumnKind.SWAP)
)
TEXT = ColumnKey(ColumnKind.HYPOTHESIS)
BAND = ColumnKey(ColumnKind.BAND)  # the edit rates are hidden until chosen
QA = ColumnKey(ColumnKind.QA)  # the issues' texts are hidden until chosen
ONE_SYSTEM = (NUMBER, BLEU, COST, HYP_LEN, REF_LEN, BP, P1, P2, P3, P4, BAND, QA, TEXT)
WITH_PAIR = (NUMBER, A, B, DELTA, SWAP, TEXT)
# The menu's items with the pair, as a user reads them (the Cost unit is the demo's).
PAIR_MENU = [
    "#",
    "BLEU",
    "Cost ×10⁻³",
    "Hyp len",
    "Ref len",
    "BP",
    "p1",
    "p2",
    "p3",
    "p4",
    "Word edits %",
    "Char edits %",
    "Band",
    "Closest ref",
    "QA",
    "QA issues",
    "A: Facebook-AI",
    "B: happypoet",
    "Δ B − A",
    "Swap",
    "Hypothesis",
    "",  # the separator
    DEFAULT_COLUMNS,
]

# The menu pops up; the offscreen platform cannot raise it or grab the keyboard.
pytestmark = pytest.mark.qt_log_ignore(
    "grabbing the keyboard", "does not support raise", "propagateSizeHints"
)


@pytest.fixture(scope="module")
def session(qapp: QApplication) -> Iterator[Session]:
    """The demo's Facebook-AI (A, baseline) and happypoet (B, shown), compared.

    Once for the module (the views under test only read it); the load ends
    when the session says it is no longer busy.
    """
    compared = Session(processes=1)
    a, b = DEMO / f"sys.{A_NAME}.txt", DEMO / f"sys.{B_NAME}.txt"
    files = FileSet(b, (DEMO / "ref.A.txt", DEMO / "ref.B.txt"), systems=(a, b))
    loop = QEventLoop()
    compared.busy_changed.connect(lambda busy: None if busy else loop.quit())
    compared.open_files(files)
    if compared.is_busy:
        loop.exec()
    assert compared.pair is not None
    yield compared
    compared.shutdown()


class Table:
    """A sentence table view on a model of the session's B, the pair on or off."""

    def __init__(self, qtbot: QtBot, session: Session) -> None:
        self.session = session
        self.model = SentenceTableModel()
        scores, corpus, stats = session.scores, session.corpus, session.stats
        assert scores is not None
        assert corpus is not None
        assert stats is not None
        self.model.set_content(scores, corpus.hypothesis.lines, stats.hyp_len)
        self.view = SentenceTableView()
        self.view.set_table_model(self.model)
        self.view.resize(1000, 400)
        qtbot.addWidget(self.view)
        self.view.show()
        qtbot.waitExposed(self.view)

    def pair(self, on: bool) -> None:
        if not on:
            self.model.set_pair(None)
            return
        pair = self.session.pair
        assert pair is not None
        a, b = (self.session.workspace.system(i).scores for i in (pair.a, pair.b))
        assert a is not None
        assert b is not None
        self.model.set_pair(
            pair,
            a.sentences.score,
            b.sentences.score,
            names=(A_NAME, B_NAME),
        )

    def open_menu(self, qtbot: QtBot) -> QMenu:
        """Right-click the header's first section; the column menu pops up."""
        viewport = self.view.horizontalHeader().viewport()
        point = QPoint(5, viewport.height() // 2)
        event = QContextMenuEvent(
            QContextMenuEvent.Reason.Mouse, point, viewport.mapToGlobal(point)
        )
        QApplication.sendEvent(viewport, event)
        menu = self.view.column_menu
        qtbot.waitUntil(menu.isVisible)
        return menu

    def click_item(self, qtbot: QtBot, text: str) -> None:
        """Open the menu and click its item `text`; the menu closes."""
        menu = self.open_menu(qtbot)
        action = item(menu, text)
        qtbot.mouseClick(
            menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center()
        )
        qtbot.waitUntil(lambda: not menu.isVisible())


def item(menu: QMenu, text: str) -> QAction:
    found = [action for action in menu.actions() if action.text() == text]
    assert len(found) == 1, text
    return found[0]


@pytest.fixture
def table(qtbot: QtBot, session: Session) -> Table:
    return Table(qtbot, session)


def test_one_system_shows_every_column(table: Table) -> None:
    assert table.view.shown_columns() == ONE_SYSTEM


def test_a_pair_shows_number_a_b_delta_swap_and_the_text(table: Table) -> None:
    table.pair(True)
    assert table.view.shown_columns() == WITH_PAIR
    table.pair(False)
    assert table.view.shown_columns() == ONE_SYSTEM


def test_the_menu_has_a_check_per_column(qtbot: QtBot, table: Table) -> None:
    table.pair(True)
    menu = table.open_menu(qtbot)
    assert [action.text() for action in menu.actions()] == PAIR_MENU
    checked = [action.text() for action in menu.actions() if action.isChecked()]
    assert checked == [
        "#",
        "A: Facebook-AI",
        "B: happypoet",
        "Δ B − A",
        "Swap",
        "Hypothesis",
    ]
    text = item(menu, "Hypothesis")
    assert not text.isEnabled()  # the text column always shows
    assert text.toolTip().endswith(f"; {ALWAYS_SHOWN}")
    assert item(menu, "A: Facebook-AI").toolTip() == (
        "Sentence BLEU of Facebook-AI, the baseline A (0–100)"
    )
    menu.hide()


def test_clicking_an_item_hides_then_shows_its_column(
    qtbot: QtBot, table: Table
) -> None:
    table.pair(True)
    table.click_item(qtbot, "Swap")
    assert table.view.shown_columns() == (NUMBER, A, B, DELTA, TEXT)
    assert table.view.isColumnHidden(table.model.column_of(SWAP) or -1)
    table.click_item(qtbot, "p2")
    assert table.view.shown_columns() == (NUMBER, P2, A, B, DELTA, TEXT)
    menu = table.open_menu(qtbot)
    assert not item(menu, "Swap").isChecked()
    assert item(menu, "p2").isChecked()
    menu.hide()
    table.click_item(qtbot, "Swap")
    assert table.view.shown_columns() == (NUMBER, P2, A, B, DELTA, SWAP, TEXT)


def test_choices_last_the_session_with_and_without_a_pair(
    qtbot: QtBot, table: Table
) -> None:
    table.click_item(qtbot, "BP")  # hidden with one system
    table.pair(True)
    table.click_item(qtbot, "p4")  # shown with the pair
    assert table.view.shown_columns() == (NUMBER, P4, A, B, DELTA, SWAP, TEXT)
    table.pair(False)
    assert table.view.shown_columns() == tuple(k for k in ONE_SYSTEM if k != BP)
    table.pair(True)
    assert table.view.shown_columns() == (NUMBER, P4, A, B, DELTA, SWAP, TEXT)
    table.click_item(qtbot, DEFAULT_COLUMNS)
    assert table.view.shown_columns() == WITH_PAIR
    table.pair(False)
    assert table.view.shown_columns() == ONE_SYSTEM


def test_a_saved_header_state_keeps_the_chosen_columns(
    qtbot: QtBot, table: Table
) -> None:
    """A header state saved with one system (positions!) put back with a pair
    must not show p1..p4 again, nor hide A, B, Δ by their old positions."""
    one_system: QByteArray = table.view.horizontalHeader().saveState()
    table.pair(True)
    table.view.horizontalHeader().restoreState(one_system)
    assert table.view.shown_columns() == WITH_PAIR
    paired: QByteArray = table.view.horizontalHeader().saveState()
    table.pair(False)
    table.view.horizontalHeader().restoreState(paired)
    assert table.view.shown_columns() == ONE_SYSTEM


def test_the_text_column_cannot_be_hidden(table: Table) -> None:
    table.view.set_column_shown(TEXT, False)
    assert table.view.is_column_shown(TEXT)


def test_hidden_columns_keep_their_width(qtbot: QtBot, table: Table) -> None:
    """A column shown again from the menu is as wide as its header needs."""
    table.pair(True)
    table.click_item(qtbot, "Cost ×10⁻³")
    column = table.model.column_of(COST)
    assert column is not None
    header = table.view.horizontalHeader()
    assert header.sectionSize(column) >= header.sectionSizeFromContents(column).width()


def test_the_menu_fills_itself_wherever_it_opens(qtbot: QtBot, table: Table) -> None:
    """A window may put the menu in its menu bar: it lists the columns as they
    are when it opens, not as they were at the last right-click."""
    table.open_menu(qtbot).hide()
    table.pair(True)
    menu = table.view.column_menu
    menu.popup(table.view.mapToGlobal(QPoint(10, 10)))
    qtbot.waitUntil(menu.isVisible)
    assert [action.text() for action in menu.actions()] == PAIR_MENU
    menu.hide()
