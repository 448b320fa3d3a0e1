"""The sentence table: one row per shown segment, virtual, sorted and filtered in numpy.

The model never creates per-row objects for the whole corpus: `data()` reads the score
arrays at the row's corpus index. `rows` maps table rows to corpus indices; filtering
and sorting replace that array (see `sentence_filter`), which keeps a 100,000-row
corpus instant.

`data()` is the hottest Python in the window: one paint of the table asks it some
1,800 questions (every role of every visible cell), each a call from C++ into Python.
It answers the roles it does not serve before anything else, compares plain ints
(not Qt's Python enums), and formats a row's cells once, keeping them for the
next paint; a paint then costs ~25 ms rather than ~70.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import IntEnum
from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from typing_extensions import override

from bleu_gui.models.session import Scores

__all__ = ["RAW_ROLE", "ROW_ROLE", "Column", "SentenceTableModel"]

_NULL_INDEX = QModelIndex()
RAW_ROLE = Qt.ItemDataRole.UserRole + 1  # the unformatted value (float / int / str)
ROW_ROLE = Qt.ItemDataRole.UserRole + 2  # the corpus index (0-based) of a table row
_ModelIndex = QModelIndex | QPersistentModelIndex

# Roles as plain ints: comparing Qt's enum members costs a Python call each.
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_ANSWERED = frozenset({_DISPLAY, _ALIGNMENT, _TOOLTIP, int(RAW_ROLE), int(ROW_ROLE)})
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class Column(IntEnum):
    """The fixed columns; precision columns p1..pN follow `BP`, the text comes last."""

    NUMBER = 0
    BLEU = 1
    COST = 2
    HYP_LEN = 3
    REF_LEN = 4
    BP = 5


_FIXED = len(Column)  # the number of fixed columns, as a plain int
# Formatted rows kept between paints; more than a screenful of rows, far fewer than a
# corpus (past this many the cache starts again).
_CACHED_ROWS = 2_000

_HEADERS = {
    Column.NUMBER: "#",
    Column.BLEU: "BLEU",
    Column.COST: "Cost",
    Column.HYP_LEN: "Hyp len",
    Column.REF_LEN: "Ref len",
    Column.BP: "BP",
}
_TOOLTIPS = {
    Column.NUMBER: "Segment number (line in the files)",
    Column.BLEU: "Sentence BLEU",
    Column.COST: "How much corpus BLEU would rise if this sentence were perfect",
    Column.HYP_LEN: "Hypothesis length in tokens",
    Column.REF_LEN: "Length of the reference the brevity penalty used",
    Column.BP: "Sentence brevity penalty",
}


class SentenceTableModel(QAbstractTableModel):
    """Every shown sentence with its scores; `set_rows` picks which, in what order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._scores: Scores | None = None
        self._hypotheses: tuple[str, ...] = ()
        self._hyp_len: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
        self._rows: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
        self._orders = 4
        self._columns = _FIXED + self._orders + 1
        self._cells: dict[int, tuple[str, ...]] = {}  # corpus row -> formatted cells

    # --- content -----------------------------------------------------------------

    def set_content(
        self,
        scores: Scores | None,
        hypotheses: tuple[str, ...],
        hyp_len: npt.NDArray[np.int64],
        arrange: Callable[[], npt.NDArray[np.int64]] | None = None,
    ) -> None:
        """Show new content: every row in corpus order, or the rows `arrange` gives.

        With `scores` None the texts are shown while they are being scored, with
        "…" in the score columns. `arrange` is called once the new content is in
        place, so the sort keys it reads (`sort_key`, `hypothesis_column`) are the
        new content's; its rows are shown in the same model reset. Showing all rows
        first and then filtered, sorted ones would make the view lay out, and the
        window re-select and re-explain the shown sentence, twice.
        """
        self.beginResetModel()
        try:
            self._scores = scores
            self._hypotheses = hypotheses
            self._hyp_len = hyp_len
            self._orders = scores.config.order if scores else self._orders
            self._columns = _FIXED + self._orders + 1
            self._cells = {}
            self._rows = np.arange(len(hypotheses), dtype=np.int64)
            if arrange is not None:
                self._rows = arrange().astype(np.int64)
        finally:
            self.endResetModel()

    def set_rows(self, rows: npt.NDArray[np.int64]) -> None:
        """Show exactly these corpus rows, in this order.

        Persistent indexes (the selection, the current row) follow their corpus row
        to its new table row, or become invalid if it is no longer shown. Where each
        row went is one inverse-permutation array, not a Python dict: a dict over
        100,000 rows took ~40 ms of the GUI thread on every re-score.
        """
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        new_rows = rows.astype(np.int64)
        if old:
            old_rows = self._rows[[index.row() for index in old]]
            position = np.full(len(self._hypotheses), -1, dtype=np.int64)
            position[new_rows] = np.arange(new_rows.size, dtype=np.int64)
            new = [
                self.index(int(row), index.column()) if row >= 0 else _NULL_INDEX
                for row, index in zip(position[old_rows].tolist(), old, strict=True)
            ]
            self.changePersistentIndexList(old, new)
        self._rows = new_rows
        self.layoutChanged.emit()

    @property
    def hypotheses(self) -> tuple[str, ...]:
        """The texts shown (all corpus rows, in corpus order)."""
        return self._hypotheses

    @property
    def rows(self) -> npt.NDArray[np.int64]:
        """Corpus indices of the shown rows, in table order."""
        return self._rows

    @property
    def orders(self) -> int:
        """How many precision columns there are."""
        return self._orders

    def corpus_row(self, table_row: int) -> int:
        """The corpus index (0-based) shown in `table_row`."""
        return int(self._rows[table_row])

    def table_row(self, corpus_row: int) -> int | None:
        """Where corpus row `corpus_row` is shown, or None if it is filtered out."""
        found = np.flatnonzero(self._rows == corpus_row)
        return int(found[0]) if found.size else None

    def hypothesis_column(self) -> int:
        """The index of the text column (the last one)."""
        return self._columns - 1

    def precision_column(self, order: int) -> int:
        """The index of the column of precision p_order (1-based order)."""
        return _FIXED + order - 1

    def sort_key(self, column: int) -> npt.NDArray[Any]:
        """The values column `column` sorts by, for every corpus row."""
        scores = self._scores
        if column == Column.NUMBER:
            return np.arange(len(self._hypotheses))
        if column == self.hypothesis_column():
            return np.array([len(text) for text in self._hypotheses])
        if scores is None:
            return np.full(len(self._hypotheses), np.nan)
        sentences = scores.sentences
        keys: dict[int, npt.NDArray[Any]] = {
            Column.BLEU: sentences.score,
            Column.COST: scores.gains,
            Column.HYP_LEN: self._hyp_len,
            Column.REF_LEN: sentences.ref_len,
            Column.BP: sentences.bp,
        }
        if column in keys:
            return keys[column]
        return sentences.precisions[:, column - _FIXED]

    # --- QAbstractTableModel ------------------------------------------------------

    @override
    def rowCount(self, parent: _ModelIndex = _NULL_INDEX) -> int:
        return 0 if parent.isValid() else int(self._rows.size)

    @override
    def columnCount(self, parent: _ModelIndex = _NULL_INDEX) -> int:
        return 0 if parent.isValid() else self._columns

    @override
    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation is not Qt.Orientation.Horizontal:
            return None
        if not 0 <= section < self.columnCount():
            return None
        if section in _HEADERS:
            header, tip = _HEADERS[Column(section)], _TOOLTIPS[Column(section)]
        elif section < self.hypothesis_column():
            order = section - _FIXED + 1
            header, tip = f"p{order}", f"{order}-gram precision (%)"
        else:
            header, tip = "Hypothesis", "The candidate translation"
        if role == Qt.ItemDataRole.DisplayRole:
            return header
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip
        return None

    @override
    def data(self, index: _ModelIndex, role: int = _DISPLAY) -> Any:
        if role not in _ANSWERED:
            return None  # fonts, colours, icons, check states: Qt's defaults
        row, column = index.row(), index.column()  # -1 for an invalid index
        if not (0 <= row < self._rows.size and 0 <= column < self._columns):
            return None
        corpus_row = int(self._rows[row])
        if role == _DISPLAY:
            cells = self._cells.get(corpus_row)
            if cells is None:
                cells = self._format_row(corpus_row)
            return cells[column]
        if role == _ALIGNMENT:
            return _LEFT if column == self._columns - 1 else _RIGHT
        if role == ROW_ROLE:
            return corpus_row
        if role == RAW_ROLE:
            return self._raw(corpus_row, column)
        if column == self._columns - 1:  # the tooltip of the text: all of it
            return self._hypotheses[corpus_row]
        return None

    def _format_row(self, corpus_row: int) -> tuple[str, ...]:
        """Every cell of a row as shown, kept for the next paint."""
        if len(self._cells) >= _CACHED_ROWS:
            self._cells = {}
        cells = tuple(
            _format(column, self._raw(corpus_row, column))
            for column in range(self._columns)
        )
        self._cells[corpus_row] = cells
        return cells

    def _raw(self, corpus_row: int, column: int) -> Any:
        if column == self._columns - 1:
            return self._hypotheses[corpus_row]
        if column == Column.NUMBER:
            return corpus_row + 1
        scores = self._scores
        if scores is None:
            return None  # still being scored
        sentences = scores.sentences
        if column >= _FIXED:
            return float(sentences.precisions[corpus_row, column - _FIXED])
        match column:
            case Column.BLEU:
                return float(sentences.score[corpus_row])
            case Column.COST:
                return float(scores.gains[corpus_row])
            case Column.HYP_LEN:
                return int(self._hyp_len[corpus_row])
            case Column.REF_LEN:
                return int(sentences.ref_len[corpus_row])
            case _:
                return float(sentences.bp[corpus_row])


def _format(column: int, value: Any) -> str:
    if isinstance(value, str):
        return value
    if value is None:
        return "…"
    if isinstance(value, float) and math.isnan(value):
        return "—"
    if column in (Column.NUMBER, Column.HYP_LEN, Column.REF_LEN):
        return str(int(value))
    if column == Column.BP:
        return f"{value:.3f}"
    if column == Column.COST:
        return f"{value:+.3f}"
    return f"{value:.1f}"
