"""The flow layout: one line when wide enough, wrapped lines when not.

The pair bar above the sentence table relies on it to keep the window from
growing when a second system arrives (tests/gui/test_dock_fit.py).
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from bleu_gui.views.flow_layout import FlowLayout

# The widgets are shown; the offscreen platform cannot pass size hints on.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def _buttons(
    qtbot: QtBot, widths: tuple[int, ...]
) -> tuple[QWidget, list[QPushButton]]:
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = FlowLayout(holder, spacing=10)
    layout.setContentsMargins(0, 0, 0, 0)
    buttons = []
    for width in widths:
        button = QPushButton("x")
        button.setFixedSize(width, 20)
        layout.addWidget(button)
        buttons.append(button)
    return holder, buttons


def test_items_sit_on_one_line_when_they_fit(qtbot: QtBot) -> None:
    holder, buttons = _buttons(qtbot, (100, 50, 80))
    holder.resize(300, 20)
    holder.show()
    qtbot.waitExposed(holder)
    assert [b.geometry().getRect() for b in buttons] == [
        (0, 0, 100, 20),
        (110, 0, 50, 20),
        (170, 0, 80, 20),
    ]
    layout = holder.layout()
    assert isinstance(layout, FlowLayout)
    assert layout.sizeHint().width() == 100 + 10 + 50 + 10 + 80
    assert layout.heightForWidth(250) == 20


def test_an_item_that_would_not_fit_starts_a_new_line(qtbot: QtBot) -> None:
    holder, buttons = _buttons(qtbot, (100, 50, 80))
    holder.resize(200, 50)
    holder.show()
    qtbot.waitExposed(holder)
    assert [b.geometry().getRect() for b in buttons] == [
        (0, 0, 100, 20),
        (110, 0, 50, 20),
        (0, 30, 80, 20),
    ]
    layout = holder.layout()
    assert isinstance(layout, FlowLayout)
    assert layout.heightForWidth(200) == 50
    assert layout.heightForWidth(100) == 80  # one item a line


def test_the_minimum_is_the_widest_item_and_hidden_items_take_no_room(
    qtbot: QtBot,
) -> None:
    holder, buttons = _buttons(qtbot, (100, 150, 80))
    layout = holder.layout()
    assert isinstance(layout, FlowLayout)
    assert layout.minimumSize().width() == 150
    buttons[1].hide()
    layout.invalidate()
    assert layout.minimumSize().width() == 100
    assert layout.sizeHint().width() == 100 + 10 + 80


def test_an_item_shrinks_to_its_minimum_before_it_wraps(qtbot: QtBot) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = FlowLayout(holder, spacing=10)
    layout.setContentsMargins(0, 0, 0, 0)
    first, last = QPushButton("x"), QPushButton("y")
    first.setFixedSize(100, 20)
    last.setMinimumWidth(60)  # prefers more: its size hint is wider
    last.setFixedHeight(20)
    layout.addWidget(first)
    layout.addWidget(last)
    preferred = last.sizeHint().width()
    assert preferred > 60
    holder.resize(100 + 10 + 60, 20)  # room for its minimum, not its preference
    holder.show()
    qtbot.waitExposed(holder)
    assert last.geometry().getRect() == (110, 0, 60, 20)
    assert layout.heightForWidth(100 + 10 + 59) == 50  # one pixel less: wrapped


def test_a_line_centres_a_short_item_beside_a_tall_one(qtbot: QtBot) -> None:
    holder, buttons = _buttons(qtbot, (100,))
    label = QLabel("short")
    label.setFixedSize(40, 10)
    layout = holder.layout()
    assert isinstance(layout, FlowLayout)
    layout.addWidget(label)
    holder.resize(300, 20)
    holder.show()
    qtbot.waitExposed(holder)
    assert label.geometry().getRect() == (110, 5, 40, 10)
    assert buttons[0].geometry().top() == 0
