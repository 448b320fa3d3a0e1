"""The source and target languages of a TMX file, chosen among the file's own.

A translation memory may hold a unit in many languages; BLEU needs two. Typed
codes invite typos ("de_DE" for "de-DE") that the reader can only refuse, so the
open dialogs offer the languages the file writes in its `<tuv xml:lang>`, as
found by the reader (`io.errors.LanguagesNotChosenError.languages`), in two combo
boxes. Nothing is chosen until the user chooses: a memory's first two languages
are not its source and target more often than any others.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSizePolicy, QWidget

__all__ = ["LanguagePair"]


class LanguagePair(QWidget):
    """Two combo boxes, source → target, listing a TMX file's languages.

    Signals:
        chosen: the user picked a language in either box.
    """

    chosen = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.source = _combo("source", "The source language: the text translated")
        self.target = _combo("target", "The target language: the text scored")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.source)
        layout.addWidget(QLabel("→"))
        layout.addWidget(self.target)
        layout.addStretch(1)
        self.source.activated.connect(self.chosen)
        self.target.activated.connect(self.chosen)

    def offer(
        self, languages: Sequence[str], chosen: tuple[str, str] | None = None
    ) -> None:
        """List `languages` in both boxes; `chosen` (if listed) stays chosen."""
        for combo, keep in zip(
            (self.source, self.target), chosen or (None, None), strict=True
        ):
            combo.clear()
            combo.addItems(list(languages))
            combo.setCurrentIndex(combo.findText(keep) if keep else -1)

    @property
    def offered(self) -> tuple[str, ...]:
        """The languages listed."""
        return tuple(self.source.itemText(k) for k in range(self.source.count()))

    def languages(self) -> tuple[str, str] | None:
        """(source, target) chosen, or None while either is not."""
        source, target = self.source.currentText(), self.target.currentText()
        if self.source.currentIndex() < 0 or self.target.currentIndex() < 0:
            return None
        return source, target


def _combo(role: str, tip: str) -> QComboBox:
    combo = QComboBox()
    combo.setPlaceholderText(f"{role}…")
    combo.setAccessibleName(f"{role.capitalize()} language")
    combo.setToolTip(tip)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    combo.setMinimumContentsLength(8)
    combo.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    return combo
