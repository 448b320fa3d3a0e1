"""The sentence table's chip for a significance margin's sentences.

Clicking a margin in the Systems dock keeps only the sentences it swaps
(`models.sentence_filter.MarginRows`); this chip says so over the table, and its ×
shows every sentence again, as the band and document chips do. It holds the rows
itself, so that the filter bar only asks it for them.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from bleu_gui.models.sentence_filter import MarginRows
from bleu_gui.views.filter_chip import FilterChip

__all__ = ["MARGIN_CHIP_TIP", "REMOVE_MARGIN", "MarginChip"]

REMOVE_MARGIN = "Remove the margin filter"
"""The name (and tooltip) of the margin chip's × button."""

MARGIN_CHIP_TIP = (
    "Chosen in the Systems dock: the sentences whose output, taken from A into B, "
    "makes the difference no longer significant. × or Clear removes it."
)


class MarginChip(FilterChip):
    """A chip "Only the 30 sentences of B's margin", hidden when there are none."""

    def __init__(self, source: QWidget) -> None:
        super().__init__("margin-chip", REMOVE_MARGIN, "show every sentence", source)
        self.rows: MarginRows | None = None

    def show_rows(self, rows: MarginRows | None) -> None:
        """Hold `rows` and say them on the chip (None: hide it)."""
        self.rows = rows
        self.show_filter(
            None if rows is None else f"Only {rows.words}", MARGIN_CHIP_TIP
        )
