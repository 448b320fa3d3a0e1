"""The order buttons: the checked one stands out in light and dark palettes."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QAbstractButton
from pytestqt.qtbot import QtBot

from bleu_gui.views.order_bar import OrderBar
from tests.gui.palettes import dark_palette, light_palette


def _fill(bar: OrderBar, button: QAbstractButton) -> QColor:
    """The colour just inside the button's left edge, as drawn."""
    image = bar.grab().toImage()
    ratio = image.devicePixelRatio()
    point = button.geometry().topLeft()
    x, y = point.x() + 4, point.y() + button.height() // 2
    return image.pixelColor(int(x * ratio), int(y * ratio))


def _distance(a: QColor, b: QColor) -> int:
    return max(
        abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())
    )


@pytest.mark.parametrize("make_palette", [light_palette, dark_palette])
def test_the_checked_order_is_drawn_in_the_highlight_colour(
    qtbot: QtBot, make_palette: Callable[[], QPalette]
) -> None:
    bar = OrderBar()
    qtbot.addWidget(bar)
    palette = make_palette()
    highlight = QColor(176, 58, 46)  # not Qt's default: the bar must follow the change
    palette.setColor(QPalette.ColorRole.Highlight, highlight)
    bar.setPalette(palette)
    assert bar.orders.checkedId() == 1
    checked, other = bar.orders.button(1), bar.orders.button(2)
    qtbot.waitUntil(lambda: _distance(_fill(bar, checked), highlight) <= 8)
    assert _distance(_fill(bar, other), highlight) > 60
    other.click()
    assert _distance(_fill(bar, other), highlight) <= 8
    assert _distance(_fill(bar, checked), highlight) > 60
    bar.tokens.click()
    assert _distance(_fill(bar, bar.tokens), highlight) <= 8
