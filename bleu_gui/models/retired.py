"""Replaced values kept alive until a turn of their own, then freed.

Freeing the old tokens (300,000 strings for a 100,000-segment corpus with two
references) takes some 30 ms: not in the turn that has the new scores to show, nor
in the next ones, which paint them and explain the shown sentence, but in one of
its own after them. Apart from `session` because it is one timer and a list, used
wherever the session replaces a workspace, a system or a token table.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

__all__ = ["Retired"]


class Retired:
    """Values to free `after_ms` after the last one was retired."""

    def __init__(self, parent: QObject, after_ms: int) -> None:
        self._values: list[object] = []
        self._release = QTimer(parent)
        self._release.setSingleShot(True)
        self._release.setInterval(after_ms)
        self._release.timeout.connect(self._values.clear)

    def retire(self, value: object) -> None:
        """Keep `value` alive until a turn of its own, then free it."""
        self._values.append(value)
        self._release.start()
