"""Track changes as a spreadsheet cell's rich text: what a translator's Excel shows.

A sentence export's "Changes" column (XLSX only) holds each hypothesis's changes
into its closest reference (`core.changes`) styled as Word and memoQ show tracked
changes: deleted words red and struck through, inserted words blue and
underlined, and inside a replaced word the letters that changed in bold; a
replaced word's old and new sides stand one space apart. The styles carry what
changed, so the cell's text is both sides' words as typed.

The colours are the light palette's of the window's Changes view: a workbook has
no dark mode, and Excel draws on white.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bleu_gui.core.changes import ChangeKind, TextChanges, markup

__all__ = ["DELETED_RGB", "INSERTED_RGB", "rich_text"]

DELETED_RGB = "FFB3261E"
"""Deleted words and letters: red (ARGB, as Excel writes colours)."""
INSERTED_RGB = "FF1A56B8"
"""Inserted words and letters: blue."""


def rich_text(changes: TextChanges, clean: Callable[[str], str]) -> Any:
    """`changes` as an openpyxl `CellRichText` (as plain text when too long).

    Texts too long to compare give the words saying so. `clean` makes each
    piece of text one a cell may hold (the workbook writer's rule for control
    characters).
    """
    from openpyxl.cell.rich_text import CellRichText, TextBlock
    from openpyxl.cell.text import InlineFont

    if changes.too_long is not None:
        return clean(markup(changes))
    deleted = InlineFont(strike=True, color=DELETED_RGB)
    deleted_bold = InlineFont(strike=True, color=DELETED_RGB, b=True)
    inserted = InlineFont(u="single", color=INSERTED_RGB)
    inserted_bold = InlineFont(u="single", color=INSERTED_RGB, b=True)
    # Pieces of one style are joined: a kept run of letters inside a word is
    # one piece with the changed letters around it, never one per letter.
    pieces: list[tuple[str, InlineFont | None]] = []

    def add(text: str, font: InlineFont | None) -> None:
        if not text:
            return
        if pieces and pieces[-1][1] is font:
            pieces[-1] = (pieces[-1][0] + text, font)
        else:
            pieces.append((text, font))

    add(changes.new_lead, None)

    for change in changes.changes:
        match change.kind:
            case ChangeKind.EQUAL:
                add(change.new + change.new_space, None)
            case ChangeKind.DELETED:
                add(change.old, deleted)
                add(change.old_space, None)
            case ChangeKind.INSERTED:
                add(change.new, inserted)
                add(change.new_space, None)
            case _:
                if change.chars:  # the letters that changed, in bold
                    for char in change.chars:
                        bold = char.kind is not ChangeKind.EQUAL
                        add(char.old, deleted_bold if bold else deleted)
                else:
                    add(change.old, deleted)
                add(" ", None)
                if change.chars:
                    for char in change.chars:
                        bold = char.kind is not ChangeKind.EQUAL
                        add(char.new, inserted_bold if bold else inserted)
                else:
                    add(change.new, inserted)
                add(change.new_space, None)
    return CellRichText(
        [
            clean(text) if font is None else TextBlock(font, clean(text))
            for text, font in pieces
        ]
    )
