"""Every warning about the open test set, kept where the user can read them all.

A test set can deserve several warnings at once (a WMT file's skipped test-suite
documents, a reference missing for some segments, a byte-order mark): the status
bar shows each for a few seconds, and the next one replaces it. This button stays in
the status bar while there are any: it counts them, its tooltip lists them, and a
click opens them in a window whose text can be selected and copied.

The language hint (a Chinese test set scored with 13a) is a warning that holds
only while the tokenizer it names is not chosen: besides being in the list, it
stays in the status line in a few words (`HintLabel`), the full line in its
tooltip, and goes from both once that tokenizer is chosen.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.io.notices import TokenizerHint

__all__ = ["HintLabel", "WarningsButton", "warnings_label"]


def warnings_label(count: int) -> str:
    """The button's text: '⚠ 1 warning', '⚠ 3 warnings'."""
    return f"⚠ {count} warning" if count == 1 else f"⚠ {count:,} warnings"


class WarningsButton(QToolButton):
    """'⚠ N warnings' in the status bar; hidden while there are none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAutoRaise(True)
        self.setAccessibleName("Warnings about the open test set")
        self._warnings: tuple[str, ...] = ()
        self.dialog: QDialog | None = None
        self.clicked.connect(self.show_all)
        self.hide()

    @property
    def warnings(self) -> tuple[str, ...]:
        """The warnings shown."""
        return self._warnings

    def set_warnings(self, warnings: Sequence[str]) -> None:
        """Show `warnings` (none: hide the button)."""
        self._warnings = tuple(warnings)
        self.setVisible(bool(self._warnings))
        self.setText(warnings_label(len(self._warnings)))
        self.setToolTip("\n".join(self._warnings))
        if self.dialog is not None and self.dialog.isVisible():
            self._fill(self.dialog)

    def show_all(self) -> None:
        """Open (or raise) the window that lists every warning."""
        if self.dialog is None:
            self.dialog = self._make_dialog()
        self._fill(self.dialog)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()

    def _make_dialog(self) -> QDialog:
        dialog = QDialog(self.window())
        dialog.setWindowTitle("Warnings about the open test set")
        text = QPlainTextEdit(dialog)
        text.setObjectName("warnings-text")
        text.setReadOnly(True)
        text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
        buttons.rejected.connect(dialog.close)
        layout = QVBoxLayout(dialog)
        layout.addWidget(text)
        layout.addWidget(buttons)
        dialog.resize(640, 280)
        return dialog

    def _fill(self, dialog: QDialog) -> None:
        text = dialog.findChild(QPlainTextEdit, "warnings-text")
        assert isinstance(text, QPlainTextEdit)
        text.setPlainText("\n".join(self._warnings))


class HintLabel(QLabel):
    """The language hint in a few words, while it holds; hidden otherwise.

    A permanent status bar widget, not a temporary message: a message goes at
    the next status tip (a menu looked at) or after its time, and this hint
    holds until the user chooses the tokenizer it names; other messages show
    beside it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Language hint")
        self.hide()

    def set_hint(self, hint: TokenizerHint | None) -> None:
        """Show `hint` (None: hide)."""
        self.setVisible(hint is not None)
        self.setText("" if hint is None else f"⚠ {hint.short}")
        self.setToolTip("" if hint is None else hint.line)
