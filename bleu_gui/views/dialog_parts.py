"""Parts that the dialogs which open files share: the problem line and Open/Cancel.

Both the Open test set dialog and the roles dialog say why an open failed in one
line under their fields, which the user can select and copy, and both open with an
Open button that Enter presses.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QPushButton, QWidget

__all__ = ["ProblemLine", "open_buttons"]


class ProblemLine(QLabel):
    """A dialog's one line about what went wrong; hidden while there is none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hide()

    def say(self, text: str) -> None:
        """Show `text` ('' hides the line)."""
        self.setText(text)
        self.setVisible(bool(text))

    def warn(self, message: str) -> None:
        """Show `message` as a problem (a warning sign before it)."""
        self.say(f"⚠ {message}")

    @property
    def shown(self) -> str:
        """The line as shown ('' when hidden)."""
        return self.text() if not self.isHidden() else ""


def open_buttons() -> tuple[QDialogButtonBox, QPushButton]:
    """Open and Cancel, Open the default button (Enter presses it)."""
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    ok = box.button(QDialogButtonBox.StandardButton.Ok)
    ok.setText("&Open")
    ok.setDefault(True)
    return box, ok
