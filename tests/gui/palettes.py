"""Light and dark palettes for the tests: the four roles the views read colours from."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

_DARK = {
    QPalette.ColorRole.Window: QColor(40, 40, 44),
    QPalette.ColorRole.WindowText: QColor(225, 225, 225),
    QPalette.ColorRole.Base: QColor(30, 30, 30),
    QPalette.ColorRole.Text: QColor(225, 225, 225),
}
_LIGHT = {
    QPalette.ColorRole.Window: QColor(240, 240, 240),
    QPalette.ColorRole.WindowText: QColor(20, 20, 20),
    QPalette.ColorRole.Base: QColor(255, 255, 255),
    QPalette.ColorRole.Text: QColor(20, 20, 20),
}


def dark_palette() -> QPalette:
    """A dark desktop theme: light text on a dark base and window."""
    return _palette(_DARK)


def light_palette() -> QPalette:
    """A light desktop theme: dark text on a white base."""
    return _palette(_LIGHT)


def _palette(colors: dict[QPalette.ColorRole, QColor]) -> QPalette:
    palette = QPalette()
    for role, color in colors.items():
        palette.setColor(role, color)
    return palette
