"""A layout that places its widgets left to right and wraps them onto new lines.

Qt has no such layout. The pair bar above the sentence table needs one: its A and B
menus and the Δ filter fit on one line in a wide window, but on one line they would
make the central area at least 810 pixels wide, and with the Systems dock beside it
the window would grow past a 1280-pixel screen the moment a second system arrives.
Wrapped, the bar asks only for its widest part and takes a second line when the
window is narrow.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget
from typing_extensions import override

__all__ = ["FlowLayout"]


class FlowLayout(QLayout):
    """Items left to right at their preferred sizes, a new line when one would not fit.

    An item that does not fit at its preferred width but fits at its minimum stays
    on the line, squeezed to what is left; one wider than the whole line is given
    the line's width (a word-wrapped label then takes the height it needs there).
    Hidden widgets take no room. The layout's height follows its width
    (`heightForWidth`), so the widget holding it grows a line taller when it wraps.
    """

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing

    @override
    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self.invalidate()

    @override
    def count(self) -> int:
        return len(self._items)

    @override
    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    @override
    def takeAt(self, index: int) -> QLayoutItem | None:
        if not 0 <= index < len(self._items):
            return None
        item = self._items.pop(index)
        self.invalidate()
        return item

    @override
    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    @override
    def hasHeightForWidth(self) -> bool:
        return True

    @override
    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    @override
    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    @override
    def sizeHint(self) -> QSize:
        """Everything on one line."""
        shown = self._shown()
        width = sum(item.sizeHint().width() for item in shown)
        width += self._gap * max(len(shown) - 1, 0)
        height = max((item.sizeHint().height() for item in shown), default=0)
        return self._with_margins(QSize(width, height))

    @override
    def minimumSize(self) -> QSize:
        """As wide as the widest item's minimum: the rest can wrap."""
        size = QSize(0, 0)
        for item in self._shown():
            size = size.expandedTo(item.minimumSize())
        return self._with_margins(size)

    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _with_margins(self, size: QSize) -> QSize:
        margins: QMargins = self.contentsMargins()
        return size + QSize(
            margins.left() + margins.right(), margins.top() + margins.bottom()
        )

    def _place(self, rect: QRect, *, move: bool) -> int:
        """Lay the items out in `rect` (or only measure); the height they take.

        Each line's items are centred on the line's height, as a box layout
        centres a label beside a taller menu.
        """
        area = rect.marginsRemoved(self.contentsMargins())
        lines: list[list[tuple[QLayoutItem, QSize]]] = [[]]
        x = area.x()
        right = area.x() + area.width()
        for item in self._shown():
            hint = item.sizeHint()
            least = item.minimumSize().width()
            if x > area.x() and x + least > right:
                lines.append([])
                x = area.x()
            # Its preferred width, or less down to its minimum before it wraps:
            # as a box layout squeezes a line, a few pixels short never wrap it.
            width = max(min(hint.width(), right - x), least)
            height = item.heightForWidth(width) if item.hasHeightForWidth() else -1
            height = height if height >= 0 else hint.height()
            lines[-1].append((item, QSize(width, height)))
            x += width + self._gap
        y = area.y()
        for line in lines:
            line_height = max((size.height() for _, size in line), default=0)
            x = area.x()
            for item, size in line:
                if move:
                    top = y + (line_height - size.height()) // 2
                    item.setGeometry(QRect(QPoint(x, top), size))
                x += size.width() + self._gap
            y += line_height + self._gap
        used = y - self._gap - area.y() if any(lines) else 0
        margins = self.contentsMargins()
        return margins.top() + used + margins.bottom()
