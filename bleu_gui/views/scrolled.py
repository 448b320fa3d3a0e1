"""A tab's content in a frameless scroll area: the one rule for the tabs beside Explain.

The Charts, Effort and Buckets tabs hold charts and tables with minimum heights;
on a short screen they must scroll rather than take the sentence table's rows.
"""

from __future__ import annotations

from PySide6.QtWidgets import QScrollArea, QVBoxLayout, QWidget

__all__ = ["fill_scrolled", "scrolled"]


def scrolled(content: QWidget) -> QScrollArea:
    """`content` in a frameless scroll area that resizes it to its width."""
    scroll = QScrollArea()
    scroll.setWidget(content)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    return scroll


def fill_scrolled(host: QWidget, content: QWidget) -> None:
    """Make `host` show `content`, scrolled, edge to edge."""
    outer = QVBoxLayout(host)
    outer.setContentsMargins(0, 0, 0, 0)
    outer.addWidget(scrolled(content))
