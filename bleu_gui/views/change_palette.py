"""Colours and text formats of track changes: the one place they are decided.

Translators know track changes from Word and memoQ: deleted words struck
through in red, inserted words underlined in blue. The Changes mode of the
detail (`views.changes_view`) draws them so, and lays a tint of the same hue
under the characters that differ inside a replaced word. As in
`views.palette`, each colour is a (light, dark) pair picked by the palette the
text is drawn on (`palette.is_dark`), and every text colour keeps a WCAG
contrast of 4.5 or more against the base and against its tint, in both
(`tests/gui/test_changes_view.py` checks it). Red and blue stay apart under the
common colour vision deficiencies, and each mark has a cue without colour: the
strike-through, the underline, and bold for the characters that differ.
"""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtGui import QColor, QPalette, QTextCharFormat

from bleu_gui.views.palette import LegendItem, is_dark

__all__ = [
    "Mark",
    "change_legend_items",
    "mark_color",
    "mark_format",
    "mark_tint",
]


class Mark(StrEnum):
    """How a run of the track-changes text is drawn."""

    DELETED = "deleted"
    INSERTED = "inserted"
    DELETED_CHARS = "deleted characters"
    INSERTED_CHARS = "inserted characters"


# (light palette, dark palette): the text of a deleted or inserted run.
_COLORS: dict[Mark, tuple[str, str]] = {
    Mark.DELETED: ("#b3261e", "#ff8a80"),  # red
    Mark.INSERTED: ("#0b57d0", "#8ab4f8"),  # blue
}
# The tint under the characters that differ inside a replaced word.
_TINTS: dict[Mark, tuple[str, str]] = {
    Mark.DELETED_CHARS: ("#fde0dc", "#4a1f1f"),
    Mark.INSERTED_CHARS: ("#d8e6fd", "#1f3552"),
}
# Each character mark is drawn as its word mark, tinted.
_WORD_MARK = {
    Mark.DELETED: Mark.DELETED,
    Mark.INSERTED: Mark.INSERTED,
    Mark.DELETED_CHARS: Mark.DELETED,
    Mark.INSERTED_CHARS: Mark.INSERTED,
}


def mark_color(mark: Mark, palette: QPalette) -> QColor:
    """The text colour of `mark` on `palette`."""
    return QColor(_COLORS[_WORD_MARK[mark]][is_dark(palette)])


def mark_tint(mark: Mark, palette: QPalette) -> QColor | None:
    """The background of `mark` on `palette`; `None` for none (a whole word)."""
    tint = _TINTS.get(mark)
    return None if tint is None else QColor(tint[is_dark(palette)])


def mark_format(mark: Mark, palette: QPalette) -> QTextCharFormat:
    """The character format of `mark`: coloured, struck or underlined, tinted."""
    text_format = QTextCharFormat()
    color = mark_color(mark, palette)
    text_format.setForeground(color)
    if _WORD_MARK[mark] is Mark.DELETED:
        text_format.setFontStrikeOut(True)
    else:
        text_format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
        text_format.setUnderlineColor(color)
    tint = mark_tint(mark, palette)
    if tint is not None:
        text_format.setBackground(tint)
        text_format.setFontWeight(700)
    return text_format


def change_legend_items(
    palette: QPalette, old_name: str, new_name: str
) -> tuple[LegendItem, ...]:
    """The legend of the Changes mode, naming the two texts compared.

    Args:
        palette: the palette the legend is drawn on.
        old_name: what the old text is called ("the hypothesis", "A").
        new_name: what the new text is called ("reference 1", "B").
    """
    return (
        LegendItem(
            Mark.DELETED.value,
            "deleted",
            f"in {old_name}, not in {new_name}",
            mark_format(Mark.DELETED, palette),
        ),
        LegendItem(
            Mark.INSERTED.value,
            "inserted",
            f"in {new_name}, not in {old_name}",
            mark_format(Mark.INSERTED, palette),
        ),
        LegendItem(
            Mark.INSERTED_CHARS.value,
            "changed\u00a0letters",
            "shaded inside a replaced word",
            mark_format(Mark.INSERTED_CHARS, palette),
        ),
    )
