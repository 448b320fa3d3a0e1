"""The text box the sentence detail view shows each text in.

A read-only `QTextEdit` as tall as its wrapped text, addressed in Python string
indices: it paints labelled runs, emphasises spans on top of them, and reports hover
and tooltips by character. Qt counts document positions in UTF-16 code units, so the
conversion lives here, next to the only widget that needs it. Kept apart from
`views.sentence_detail`, which decides what to show, because this part only knows
how to show characters.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import (
    QHelpEvent,
    QMouseEvent,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
    QTextLine,
)
from PySide6.QtWidgets import (
    QFrame,
    QSizePolicy,
    QTextEdit,
    QToolTip,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core.textspan import Span
from bleu_gui.views.highlight_runs import PaintedSpan

__all__ = ["SegmentText"]

_TEXT_SCALE = 1.12
BOM = "\ufeff"
BOM_STAND_IN = "\u25cc"  # ◌, a dotted circle: the usual sign for an invisible mark


class _Utf16Map:
    """Python string indices ⇄ Qt document positions (UTF-16 code units)."""

    def __init__(self, text: str) -> None:
        self._offsets: list[int] | None = None
        if any(ord(char) > 0xFFFF for char in text):
            offsets = [0]
            for char in text:
                offsets.append(offsets[-1] + (2 if ord(char) > 0xFFFF else 1))
            self._offsets = offsets

    def to_qt(self, index: int) -> int:
        """The document position of character `index`."""
        return index if self._offsets is None else self._offsets[index]

    def from_qt(self, position: int) -> int:
        """The character at document `position`."""
        if self._offsets is None:
            return position
        return bisect_right(self._offsets, position) - 1


class SegmentText(QTextEdit):
    """A read-only text box as tall as its text, reporting hover by character index.

    Signals:
        hovered: the character index under the mouse, -1 when none.
        double_clicked: the text was double-clicked (a word is selected too).
        menu_requested: (character index or -1, global position) the text's
            context menu was asked for, when `set_menu_wanted` is on.
    """

    hovered = Signal(int)
    double_clicked = Signal()
    menu_requested = Signal(int, QPoint)

    def __init__(
        self,
        tooltip: Callable[[int], str] | None = None,
        placeholder: str = "",
        scale: float = _TEXT_SCALE,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._tooltip = tooltip
        self._map = _Utf16Map("")
        self._hover = -1
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.setPlaceholderText(placeholder)
        self.viewport().setMouseTracking(True)
        self.document().setDocumentMargin(6)
        font = self.font()
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * scale)
            self.setFont(font)
        layout = self.document().documentLayout()
        layout.documentSizeChanged.connect(self._fit_height)
        self._fit_height()

    def set_menu_wanted(self, wanted: bool) -> None:
        """Whether a right-click asks its owner for a menu (`menu_requested`)."""
        if wanted:
            self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            self.customContextMenuRequested.connect(self._on_menu_requested)
        else:
            self.setContextMenuPolicy(Qt.ContextMenuPolicy.DefaultContextMenu)

    def _on_menu_requested(self, point: QPoint) -> None:
        index = self.index_at(self.viewport().mapFrom(self, point))
        self.menu_requested.emit(
            -1 if index is None else index, self.mapToGlobal(point)
        )

    def set_segment(self, text: str) -> None:
        """Show `text`, plain (formats are applied afterwards).

        Qt drops a byte-order mark at the start of a document, which would shift
        every highlight by one; a dotted circle stands in for it, at its index, and
        shows the reader the mark sacreBLEU keeps glued to the first word.
        """
        self._map = _Utf16Map(text)
        self.setExtraSelections([])
        if text.startswith(BOM):
            text = BOM_STAND_IN + text[1:]
        self.setPlainText(text)

    def position(self, index: int) -> int:
        """The document position of character `index` of the shown text."""
        return self._map.to_qt(index)

    def paint(
        self, runs: Sequence[PaintedSpan], formats: dict[str, QTextCharFormat]
    ) -> None:
        """Apply `formats[label]` to each run.

        In one edit block, so the document lays its text out once at the end rather
        than after every run (a long sentence has a hundred runs: ~15 ms less).
        """
        cursor = QTextCursor(self.document())
        cursor.beginEditBlock()
        for start, end, label in runs:
            cursor.setPosition(self.position(start))
            cursor.setPosition(self.position(end), QTextCursor.MoveMode.KeepAnchor)
            cursor.setCharFormat(formats[label])
        cursor.endEditBlock()

    def merge(self, spans: Sequence[Span], text_format: QTextCharFormat) -> None:
        """Merge `text_format` into the painted formats of `spans` (bold, say).

        Unlike `emphasise`, which can only recolour, this changes the text itself
        (weight, lines) and keeps each span's painted colours.
        """
        cursor = QTextCursor(self.document())
        cursor.beginEditBlock()
        for start, end in spans:
            cursor.setPosition(self.position(start))
            cursor.setPosition(self.position(end), QTextCursor.MoveMode.KeepAnchor)
            cursor.mergeCharFormat(text_format)
        cursor.endEditBlock()

    def emphasise(self, spans: Sequence[Span], text_format: QTextCharFormat) -> None:
        """Show `spans` in `text_format` on top of the painted formats."""
        selections = []
        for start, end in spans:
            selection = QTextEdit.ExtraSelection()
            cursor = QTextCursor(self.document())
            cursor.setPosition(self.position(start))
            cursor.setPosition(self.position(end), QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            selection.format = text_format
            selections.append(selection)
        self.setExtraSelections(selections)

    def index_at(self, point: QPoint) -> int | None:
        """The character index under viewport `point`, or `None` off the text."""
        document = self.document()
        if document.isEmpty():
            return None
        target = QPointF(point) + QPointF(
            self.horizontalScrollBar().value(), self.verticalScrollBar().value()
        )
        block = document.begin()
        while block.isValid():
            layout = block.layout()
            origin = layout.position()
            for i in range(layout.lineCount()):
                line = layout.lineAt(i)
                if line.naturalTextRect().translated(origin).contains(target):
                    column = line.xToCursor(
                        target.x() - origin.x(),
                        QTextLine.CursorPosition.CursorOnCharacter,
                    )
                    return self._map.from_qt(block.position() + column)
            block = block.next()
        return None

    @override
    def viewportEvent(self, event: QEvent) -> bool:
        """Tooltips and hover by character; everything else as `QTextEdit` does."""
        kind = event.type()
        if kind == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.index_at(event.pos())
            text = (
                "" if index is None or self._tooltip is None else self._tooltip(index)
            )
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        if kind == QEvent.Type.MouseButtonDblClick:
            self.double_clicked.emit()
        if kind == QEvent.Type.MouseMove and isinstance(event, QMouseEvent):
            index = self.index_at(event.position().toPoint())
            self._set_hover(-1 if index is None else index)
        elif kind == QEvent.Type.Leave:
            self._set_hover(-1)
        return super().viewportEvent(event)

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the box exactly as tall as its wrapped text."""
        super().resizeEvent(event)
        self._fit_height()

    def _set_hover(self, index: int) -> None:
        if index != self._hover:
            self._hover = index
            self.hovered.emit(index)

    def _fit_height(self) -> None:
        margins = self.contentsMargins()
        height = (
            math.ceil(self.document().size().height())
            + margins.top()
            + margins.bottom()
        )
        if height != self.height():
            self.setFixedHeight(height)
