"""The filter bar's QA chip: the sentences with QA issues the QA dock chose.

Its own object beside `views.filter_bar.FilterBar`, which holds it: the rows
(`models.qa_filter.QaRows`), their chip (`views.filter_chip.FilterChip`) and the
words on it. The bar reads `rows` into its `SentenceFilter` and clears it with
the rest; the QA dock sets it (`set`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from bleu_gui.models.qa_filter import QaRows
from bleu_gui.views.filter_chip import FilterChip

__all__ = ["REMOVE_QA", "QaChip"]

REMOVE_QA = "Remove the QA filter"
"""The name (and tooltip) of the QA chip's × button."""


class QaChip:
    """The QA part of the filter bar: its rows, and the chip that says them.

    `changed`: the bar's own "filter again" (called after each `set`).
    """

    def __init__(self, bar: QWidget, changed: Callable[[], None]) -> None:
        self.row = FilterChip(
            "qa-chip", REMOVE_QA, "show the sentences with and without issues", bar
        )
        self.rows: QaRows | None = None
        self._changed = changed
        self.row.remove_button.clicked.connect(lambda: self.set(None))

    def set(self, rows: QaRows | None, *, apply: bool = True) -> None:
        """Show only the sentences of `rows` (None: all), say so, and filter.

        `apply=False` only shows it (the bar's Clear, which filters once after).
        """
        self.rows = rows
        count = 0 if rows is None else len(rows.rows)
        self.row.show_filter(
            None if rows is None else f"Only {rows.describe()}",
            f"Chosen in the QA panel: {count:,} sentence{'' if count == 1 else 's'} "
            "in all, fewer if the filters above hide some. × or Clear removes it.",
        )
        if apply:
            self._changed()
