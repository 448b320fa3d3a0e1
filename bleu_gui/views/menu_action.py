"""A menu entry that calls a function: how every menu of the window makes its actions.

`QAction.triggered` passes a `checked` flag that most handlers do not take; the
entry drops it, so a handler is any function of no arguments.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

__all__ = ["menu_action"]


def menu_action(
    parent: QObject,
    text: str,
    slot: Callable[[], object],
    shortcut: QKeySequence.StandardKey | str | None = None,
) -> QAction:
    """An action named `text` (owned by `parent`) that calls `slot()`."""
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(lambda _checked=False: slot())
    return action
