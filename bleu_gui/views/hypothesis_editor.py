"""The edit bar: a hypothesis being edited, and every number the edit moves.

It sits right above the sentence's detail, which repaints the n-grams of the text
as typed; the bar says whose sentence is edited and, after each keystroke, the
sentence BLEU, the corpus BLEU, the Δ of the pair and the sentence's cost before
the edit and now. It computes nothing: the window gives it a `Draft`
(`models.what_if`) to show and listens to what the user types.

Enter (or leaving the field for another part of the window) keeps the edit, Esc
cancels it. Line breaks pasted into the field become spaces: a hypothesis is one
line of its file.
"""

from __future__ import annotations

import html
import math

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core import BleuScore
from bleu_gui.core.number_text import signed
from bleu_gui.core.unavailable import OrUnavailable
from bleu_gui.models.what_if import Draft, single_line

__all__ = ["HypothesisEditor", "numbers_text"]


def _score(result: OrUnavailable[BleuScore]) -> str:
    return f"{result.score:.2f}" if isinstance(result, BleuScore) else "—"


def _signed(value: float) -> str:
    return "—" if math.isnan(value) else signed(value, 2)


def _points(value: float) -> str:
    return "—" if math.isnan(value) else f"{value:.3f}"


def numbers_text(draft: Draft, names: tuple[str, str] | None) -> str:
    """The bar's line of numbers, before → now, as plain text.

    `names`: (A, B) of the pair, for the Δ's label; None: no pair, no Δ.
    """
    before, now = draft.before, draft.now
    parts = [
        f"sentence BLEU {_score(before.sentence)} → {_score(now.sentence)}",
        f"corpus BLEU {_score(before.corpus)} → {_score(now.corpus)}",
    ]
    if names is not None and not math.isnan(draft.shown_delta):
        parts.append(
            f"Δ {names[1]} − {names[0]} {_signed(draft.delta_before)} → "
            f"{_signed(draft.shown_delta)}"
        )
    parts.append(f"cost {_points(before.cost)} → {_points(now.cost)}")
    return " · ".join(parts)


MAX_EDIT_LENGTH = 2**31 - 1
"""The edit field's limit: Qt's largest, so that no segment is ever cut."""


class _Line(QLineEdit):
    """The field: Esc cancels; leaving it for the window keeps the edit.

    Leaving it for a menu or another window keeps typing open (a menu of the
    window may be where the user takes an n-gram from).
    """

    cancelled = Signal()
    left = Signal()

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.cancelled.emit()
            return
        super().keyPressEvent(event)

    @override
    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        if event.reason() in (
            Qt.FocusReason.MouseFocusReason,
            Qt.FocusReason.TabFocusReason,
            Qt.FocusReason.BacktabFocusReason,
            Qt.FocusReason.ShortcutFocusReason,
        ):
            self.left.emit()


class HypothesisEditor(QFrame):
    """The edit bar (hidden while nothing is edited).

    Signals:
        text_edited: the text as typed now (one line).
        commit_requested: keep the edit (Enter, Keep, or the field left).
        cancel_requested: forget it (Esc, Cancel).
    """

    text_edited = Signal(str)
    commit_requested = Signal()
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("edit-bar")
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        self.line = _Line()
        # Qt's default limit of 32,767 characters cut a longer segment at the
        # first keystroke: an edit of 5 characters kept 32,763 of 200,000.
        self.line.setMaxLength(MAX_EDIT_LENGTH)
        self.line.setClearButtonEnabled(False)
        self.line.setPlaceholderText("(an empty hypothesis)")
        self.numbers = QLabel()
        self.numbers.setWordWrap(True)
        self.numbers.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.original_button = QToolButton()
        self.original_button.setText("File's text")
        self.original_button.setToolTip(
            "Put the sentence's text as read from the file back in the field"
        )
        self.keep_button = QToolButton()
        self.keep_button.setText("Keep")
        self.keep_button.setToolTip("Keep the edit (Enter); Edit › Undo takes it back")
        self.cancel_button = QToolButton()
        self.cancel_button.setText("Cancel")
        self.cancel_button.setToolTip("Forget what was typed (Esc)")
        for button in (self.original_button, self.keep_button, self.cancel_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._original = ""

        # The title and the buttons on one row: the field and the numbers get the
        # pane's whole width (the detail pane is narrow at 1280×720).
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title, 1)
        top.addWidget(self.original_button)
        top.addWidget(self.keep_button)
        top.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(3)
        layout.addLayout(top)
        layout.addWidget(self.line)
        layout.addWidget(self.numbers)

        self.line.textEdited.connect(self._on_text_edited)
        self.line.returnPressed.connect(self.commit_requested)
        self.line.left.connect(self._on_left)
        self.line.cancelled.connect(self.cancel_requested)
        self.keep_button.clicked.connect(self.commit_requested)
        self.cancel_button.clicked.connect(self.cancel_requested)
        self.original_button.clicked.connect(self._put_original)
        self.hide()

    # --- what the window gives --------------------------------------------------

    def open(self, draft: Draft, name: str) -> None:
        """Start editing: the draft's text in the field, the cursor at its end."""
        self.title.setText(
            f"Editing <b>{html.escape(name)}</b>, sentence {draft.row + 1}"
        )
        self.title.setToolTip(
            "What-if: the edit changes the numbers shown, never the file "
            "(File › Save hypothesis as… writes a new one). Enter keeps the edit, "
            "Esc cancels it."
        )
        self._original = draft.original
        self.line.setText(draft.text)
        self.original_button.setEnabled(draft.text != draft.original)
        self.show()
        self.line.setFocus(Qt.FocusReason.OtherFocusReason)
        self.line.end(False)

    def show_numbers(self, draft: Draft, names: tuple[str, str] | None) -> None:
        """The draft's numbers, before → now."""
        self.numbers.setText(numbers_text(draft, names))
        self.original_button.setEnabled(draft.text != draft.original)

    def close_bar(self) -> None:
        """Nothing is edited any more."""
        self.hide()
        self.numbers.clear()

    def insert(self, text: str) -> None:
        """Insert `text` at the cursor, as if typed (a space kept on each side)."""
        line = self.line
        before = line.text()[: line.cursorPosition()]
        after = line.text()[line.cursorPosition() :]
        piece = text
        if before and not before.endswith(" "):
            piece = " " + piece
        if after and not after.startswith(" "):
            piece = piece + " "
        line.insert(piece)
        line.setFocus(Qt.FocusReason.OtherFocusReason)
        self.text_edited.emit(line.text())

    @property
    def text(self) -> str:
        """The text in the field."""
        return self.line.text()

    # --- internals --------------------------------------------------------------

    def _on_text_edited(self, text: str) -> None:
        one = single_line(text)
        if one != text:  # a pasted paragraph: one line
            position = self.line.cursorPosition()
            self.line.setText(one)
            self.line.setCursorPosition(min(position, len(one)))
        self.text_edited.emit(one)

    def _on_left(self) -> None:
        if self.isVisible():
            self.commit_requested.emit()

    def _put_original(self) -> None:
        self.line.setText(self._original)
        self.text_edited.emit(self._original)
        self.line.setFocus(Qt.FocusReason.OtherFocusReason)
