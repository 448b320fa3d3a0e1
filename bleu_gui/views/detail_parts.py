"""Pieces the one-system and the two-system detail views share: headers and legend.

`views.sentence_detail` (one hypothesis) and `views.pair_detail` (two) lay out
different texts, but head each text the same way and end with the same kind of
legend; those pieces live here so both read alike and change together.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QLabel

from bleu_gui.views.palette import LegendItem, muted_text_color
from bleu_gui.views.segment_text import SegmentText

__all__ = ["header_html", "header_label", "paint_legend"]

# Legend descriptions up to this length are kept on one line with their swatch.
_UNBROKEN_DESCRIPTION = 32


def header_label() -> QLabel:
    """A selectable rich-text label that wraps, for a text's header."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def header_html(parts: Sequence[str]) -> str:
    """Header parts that each stay on one line; the line breaks between parts."""
    return "&nbsp;&nbsp; ".join(
        f'<span style="white-space:nowrap">{part}</span>' for part in parts
    )


def paint_legend(
    legend: SegmentText, items: Sequence[LegendItem], palette: QPalette
) -> None:
    """Write `items` into `legend`: each swatch, its words; the references last.

    Items whose key starts with "reference:" are gathered at the end after
    "reference spans paired in".
    """
    muted = QTextCharFormat()
    muted.setForeground(muted_text_color(palette))
    legend.set_segment("")
    cursor = QTextCursor(legend.document())
    cursor.beginEditBlock()  # one layout at the end, as in `SegmentText.paint`
    nbsp = "\u00a0"
    for item in items:
        if item.key.startswith("reference:"):
            continue
        description = item.description
        if len(description) <= _UNBROKEN_DESCRIPTION:
            description = description.replace(" ", nbsp)
        cursor.insertText(f"{nbsp}{item.label}{nbsp}", item.text_format)
        cursor.insertText(f"{nbsp}{description}{nbsp * 3} ", muted)
    refs = [item for item in items if item.key.startswith("reference:")]
    if refs:
        cursor.insertText(f"reference{nbsp}spans{nbsp}paired{nbsp}in{nbsp}", muted)
        for item in refs:
            label = item.label.replace(" ", nbsp)
            cursor.insertText(f"{nbsp}{label}{nbsp}", item.text_format)
            cursor.insertText(nbsp, muted)
    cursor.endEditBlock()
