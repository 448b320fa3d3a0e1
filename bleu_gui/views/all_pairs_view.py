"""The all-pairs matrix: every pair of systems' Δ and p-value at once.

A square table (`models.all_pairs_model`): row i, column j holds BLEU(i) − BLEU(j)
over its p-value, in bold where sacreBLEU would star it; columns are numbered and
rows named, so that ten systems fit. A check box shows the p-values Holm-corrected
for testing every pair; a line under the matrix says what it shows (the test, its
samples and seed, the correction, a subset's caveat, staleness).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.models.all_pairs_model import AllPairsModel

__all__ = ["EMPTY_TEXT", "AllPairsView"]

EMPTY_TEXT = "No all-pairs test yet: tick All pairs in the systems table and press Run."
"""What the view says before any all-pairs result."""

_ROWS_SHOWN = 6  # the matrix's rows shown without scrolling


class AllPairsView(QWidget):
    """The matrix of every pair, a Holm check box and a legend."""

    def __init__(self, model: AllPairsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.holm_box = QCheckBox("Holm-corrected p-values")
        self.holm_box.setToolTip(
            "Correct the p-values for testing every pair at once (Holm's step-down "
            "method): with many systems, some pairs look significant by chance"
        )
        self.table = QTableView()
        self.table.setModel(model)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setWordWrap(False)
        self.table.setCornerButtonEnabled(False)
        for header in (self.table.horizontalHeader(), self.table.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            header.setHighlightSections(False)
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        self.legend.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )

        layout = QVBoxLayout(self)
        layout.addWidget(self.holm_box)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.legend)

        self.holm_box.toggled.connect(self._on_holm)
        model.modelReset.connect(self._show_legend)
        model.modelReset.connect(self._fit_rows)
        self.holm_box.setChecked(model.holm)
        self._show_legend()

    def _fit_rows(self) -> None:
        """Tall enough for every row of a few systems: the dock scrolls, not the matrix.

        A matrix that scrolls inside a dock hides a row or a column behind its
        scroll bars; from `_ROWS_SHOWN` systems on it scrolls (ten would not fit).
        """
        table = self.table
        table.resizeRowsToContents()
        rows = min(self.model.rowCount(), _ROWS_SHOWN)
        height = sum(table.rowHeight(row) for row in range(rows))
        header = table.horizontalHeader().sizeHint().height()
        table.setMinimumHeight(height + header + 2 * table.frameWidth())

    def _on_holm(self, holm: bool) -> None:
        self.model.set_holm(holm)
        self._show_legend()

    def _show_legend(self) -> None:
        self.legend.setText(self.model.legend() or EMPTY_TEXT)
