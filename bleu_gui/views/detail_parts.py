"""Pieces the one-system and the two-system detail views share: headers and legend.

`views.sentence_detail` (one hypothesis) and `views.pair_detail` (two) lay out
different texts, but head each text the same way and end with the same kind of
legend; those pieces live here so both read alike and change together.

The two-system legend is compact (`paint_compact_legend`): its swatches on one line,
each one's words in its tooltip. With each swatch's words written out it took four
lines of a 340-pixel column at 1280×720, the height of two lines of hypothesis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QLabel

from bleu_gui.views.palette import LegendItem, muted_text_color
from bleu_gui.views.segment_text import SegmentText

__all__ = [
    "LegendChip",
    "header_html",
    "header_label",
    "legend_words",
    "paint_compact_legend",
    "paint_legend",
]

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


@dataclass(frozen=True, slots=True)
class LegendChip:
    """A swatch of a compact legend: its characters and what it means in words."""

    start: int
    end: int
    words: str


def _chip_words(item: LegendItem) -> str:
    """What `item`'s swatch means, as its tooltip says it."""
    if item.key.startswith("reference:"):
        return (
            f"{item.label}: the spans of this reference paired with a counted "
            "n-gram are tinted and underlined in its colour"
        )
    return f"{item.label}: {item.description}"


def legend_words(items: Sequence[LegendItem]) -> str:
    """Every swatch of a legend and its words, one per line (the legend's tooltip)."""
    return "\n".join(_chip_words(item) for item in items).replace("\u00a0", " ")


def paint_compact_legend(
    legend: SegmentText, items: Sequence[LegendItem], palette: QPalette
) -> tuple[LegendChip, ...]:
    """Write `items` into `legend` as swatches on one line; return where each is.

    A line breaks only between swatches, when the legend is too narrow for all.
    The references' swatches come last, after a muted "·". Each swatch's words are
    its `LegendChip.words`, for a tooltip.
    """
    muted = QTextCharFormat()
    muted.setForeground(muted_text_color(palette))
    nbsp = "\u00a0"
    legend.set_segment("")
    cursor = QTextCursor(legend.document())
    cursor.beginEditBlock()
    chips: list[LegendChip] = []
    length = 0
    first_reference = True
    for item in sorted(items, key=lambda item: item.key.startswith("reference:")):
        if item.key.startswith("reference:") and first_reference:
            first_reference = False
            cursor.insertText(f"·{nbsp} ", muted)
            length += 3
        label = f"{nbsp}{item.label.replace(' ', nbsp)}{nbsp}"
        cursor.insertText(label, item.text_format)
        chips.append(LegendChip(length, length + len(label), _chip_words(item)))
        length += len(label)
        cursor.insertText(f"{nbsp} ", muted)
        length += 2
    cursor.endEditBlock()
    return tuple(chips)
