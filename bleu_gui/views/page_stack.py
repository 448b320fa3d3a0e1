"""A stack of pages sized by the page it shows, not by the largest of them.

The window's detail holds pages the reader switches between: the one-system and
the two-system views (`views.compare_panels`), and in each the n-grams or the
track changes (`views.changes_view`). A page not shown must not widen the one
that is, so each stack of them is a `PageStack`.
"""

from __future__ import annotations

from PySide6.QtWidgets import QSizePolicy, QStackedWidget, QWidget

__all__ = ["PageStack"]


class PageStack(QStackedWidget):
    """A stack sized by the page it shows, not by the largest of its pages.

    `QStackedWidget` asks for room for its largest page, shown or not: the pair
    view would widen the detail of a one-system window, whose layout must stay
    what it was. A page not shown gets an ignored size policy, which the stack's
    layout leaves out of its size hints, and its own policy back when shown.
    """

    def __init__(self) -> None:
        super().__init__()
        self._policies: dict[QWidget, QSizePolicy] = {}
        self.currentChanged.connect(self._size_by_current)

    def add_page(self, page: QWidget) -> None:
        """Add `page` (the first added is shown)."""
        self._policies[page] = page.sizePolicy()
        self.addWidget(page)
        self._size_by_current()

    def _size_by_current(self) -> None:
        current = self.currentWidget()
        ignored = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        for page, policy in self._policies.items():
            page.setSizePolicy(policy if page is current else ignored)
        self.updateGeometry()
