"""The Systems dock's margin line: "Margin" to find it, its count, a click to see them.

Shown under the systems table once a paired bootstrap finds the shown pair's
difference significant (`models.margin_model`); hidden otherwise. "Margin" starts
the search (progress and Cancel while it runs), then the line reads "margin: 30
sentences (p = 0.0509 after swapping them)" (the words of `io.margin_text`, as
the command line's) with "Show them", which asks for the sentence table to keep
only those sentences (`rows_requested`). The definition is every part's tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.core.margin import Margin
from bleu_gui.io.margin_text import MARGIN_DEFINITION, margin_text, subset_words
from bleu_gui.models.margin_model import MarginModel
from bleu_gui.models.sentence_filter import MarginRows

__all__ = ["FIND_TEXT", "SEARCHING_TEXT", "SHOW_TEXT", "MarginBar"]

FIND_TEXT = "Margin"
SHOW_TEXT = "Show them"
SEARCHING_TEXT = "margin: searching…"


class MarginBar(QWidget):
    """The margin's line of the Systems dock (see the module).

    Signals:
        rows_requested: (MarginRows) keep only the margin's sentences.
    """

    rows_requested = Signal(object)

    def __init__(self, model: MarginModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.find_button = QPushButton(FIND_TEXT)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.show_button = QPushButton(SHOW_TEXT)
        self.progress = QProgressBar()
        self.cancel_button = QPushButton("Cancel")
        for widget in (self.find_button, self.label, self.show_button):
            widget.setToolTip(MARGIN_DEFINITION)
        self.show_button.setToolTip(
            "Keep only these sentences in the sentence table. " + MARGIN_DEFINITION
        )
        line = QHBoxLayout()
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.find_button)
        line.addWidget(self.label, 1)
        line.addWidget(self.show_button)
        self.progress_row = QWidget()
        running = QHBoxLayout(self.progress_row)
        running.setContentsMargins(0, 0, 0, 0)
        running.addWidget(self.progress, 1)
        running.addWidget(self.cancel_button)
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 0, 6, 6)
        column.addLayout(line)
        column.addWidget(self.progress_row)
        self.find_button.clicked.connect(model.run)
        self.cancel_button.clicked.connect(model.cancel)
        self.show_button.clicked.connect(self._on_show)
        model.changed.connect(self._show)
        model.progress_changed.connect(self._on_progress)
        self._show()

    def _show(self) -> None:
        model = self.model
        running = model.running
        self.setVisible(model.pair is not None)
        self.progress_row.setVisible(running)
        if running:
            self.progress.setValue(0)
        self.find_button.setEnabled(not running and model.result is None)
        self.show_button.setVisible(isinstance(model.result, Margin))
        if running:
            text = SEARCHING_TEXT
        elif model.failure is not None:
            text = f"margin: {model.failure}"
        elif model.result is not None:
            shown = None if model.pair is None else model.pair.shown
            text = margin_text(model.result, shown)
        else:
            text = ""
        self.label.setText(text)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(done)

    def _on_show(self) -> None:
        found, pair = self.model.result, self.model.pair
        if isinstance(found, Margin) and pair is not None:
            noun = "sentence" if found.count == 1 else "sentences"
            words = f"the {found.count} {noun} of {pair.name_b}'s margin"
            if pair.shown is not None:
                words += f" {subset_words(pair.shown)}"
            self.rows_requested.emit(MarginRows(words, found.rows))
