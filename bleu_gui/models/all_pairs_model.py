"""The all-pairs matrix: every pair of systems' Δ and p-value at once.

A square table, one row and one column per system, in the systems' order. The cell
of row i and column j is BLEU(i) − BLEU(j) and the p-value of that difference
(`AllPairsResult.pair(j, i)`), as the command line's `--all-pairs` matrix prints it,
so that a row reads "this system against each other one". The p-values are
sacreBLEU's for each pair, or Holm-corrected over every pair of the matrix on
request (`set_holm`): with ten systems, 45 tests at 0.05 would find about two
"significant" differences by chance alone.

Columns are headed by number (the rows say which system is which), so that ten
systems fit a panel; their tooltips name them.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from PySide6.QtGui import QFont
from typing_extensions import override

from bleu_gui.core.config import Compat
from bleu_gui.core.explain import format_points
from bleu_gui.core.significance import AllPairsResult, PairResult, is_starred
from bleu_gui.io.significance_text import (
    SUBSET_NOTE,
    p_value_text,
    test_description,
)

__all__ = ["PAIR_ROLE", "AllPairsModel"]

PAIR_ROLE = Qt.ItemDataRole.UserRole + 1
"""The cell's `PairResult`, seen from its column's system (None on the diagonal)."""

_ModelIndex = QModelIndex | QPersistentModelIndex
_DISPLAY = Qt.ItemDataRole.DisplayRole
_TOOLTIP = Qt.ItemDataRole.ToolTipRole
_ALIGN = Qt.ItemDataRole.TextAlignmentRole
_FONT = Qt.ItemDataRole.FontRole
_CENTER = int(Qt.AlignmentFlag.AlignCenter)


class AllPairsModel(QAbstractTableModel):
    """Row i, column j: BLEU(i) − BLEU(j) and its p-value; empty without a result."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._names: tuple[str, ...] = ()
        self._result: AllPairsResult | None = None
        self._stale: str | None = None
        self._rows: npt.NDArray[np.int64] | None = None
        self._tested = 0
        self._holm = False

    @property
    def result(self) -> AllPairsResult | None:
        """The result shown, the core's value."""
        return self._result

    @property
    def holm(self) -> bool:
        """Whether the p-values shown are Holm-corrected."""
        return self._holm

    def set_result(
        self,
        names: Sequence[str],
        result: AllPairsResult | None,
        *,
        stale: str | None = None,
        rows: npt.NDArray[np.int64] | None = None,
        sentences: int = 0,
    ) -> None:
        """Show `result` for the systems `names` (None: an empty matrix).

        Args:
            names: the systems, in the result's order.
            result: the all-pairs test, or None.
            stale: why the result no longer matches the table, if it does not.
            rows: the sentences tested, None for all of them.
            sentences: how many sentences were tested.
        """
        self.beginResetModel()
        self._names = tuple(names) if result is not None else ()
        self._result = result
        self._stale = stale if result is not None else None
        self._rows = rows
        self._tested = sentences
        self.endResetModel()

    def set_holm(self, holm: bool) -> None:
        """Show Holm-corrected p-values (True) or each pair's own (False)."""
        if holm != self._holm:
            self._holm = holm
            if self._names:
                last = len(self._names) - 1
                self.dataChanged.emit(self.index(0, 0), self.index(last, last))

    def legend(self) -> str:
        """What the matrix shows, in words (empty without a result)."""
        result = self._result
        if result is None:
            return ""
        pairs = len(result.pairs)
        said = [
            test_description(result.test, result.samples, result.seed, self._tested)
            + ".",
            "Each cell: BLEU of the row's system minus BLEU of the column's system, "
            "and the p-value of that difference (sacreBLEU's paired test with "
            "either as the baseline).",
        ]
        if self._holm:
            said.append(
                f"p-values are corrected by Holm's method for the {pairs} pairs "
                "tested; * marks 0.05 or less."
            )
        else:
            said.append(
                f"p-values are not corrected for testing {pairs} pairs "
                "(see Holm); * marks 0.05 or less."
            )
        if self._rows is not None:
            said.append(SUBSET_NOTE)
        if self._stale is not None:
            said.append(f"Stale: {self._stale}")
        return " ".join(said)

    def _pair(self, row: int, column: int) -> PairResult | None:
        if self._result is None or row == column:
            return None
        return self._result.pair(column, row)  # delta: row minus column

    def _p(self, pair: PairResult) -> float:
        return pair.holm_p_value if self._holm else pair.p_value

    # --- Qt's model interface -----------------------------------------------------

    @override
    def rowCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._names)

    @override
    def columnCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._names)

    @override
    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if not 0 <= section < len(self._names):
            return None
        name = self._names[section]
        if role == _DISPLAY:
            if orientation is Qt.Orientation.Horizontal:
                return str(section + 1)
            return f"{section + 1}: {name}"
        if role == _TOOLTIP:
            return f"{section + 1}: {name}"
        return None

    @override
    def data(self, index: _ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        pair = self._pair(row, column)
        if role == PAIR_ROLE:
            return pair
        if role == _ALIGN:
            return _CENTER
        if pair is None:
            return "—" if role == _DISPLAY else None
        p_text = p_value_text(self._p(pair), pair.identical)
        if role == _DISPLAY:
            # "p = …" corrected or not: the check box above the matrix, the legend
            # under it and each cell's tooltip say which; "Holm p = …" made the
            # columns so wide that the fourth of four systems went behind a
            # scroll bar at 1280×720.
            return f"{_points(pair.delta)}\np = {p_text}"
        if role == _TOOLTIP:
            label = "Holm-corrected p" if self._holm else "p"
            said = (
                f"{self._names[row]} − {self._names[column]} = {_points(pair.delta)} "
                f"BLEU, {label} = {p_text}"
            )
            return said + (f"\nStale: {self._stale}" if self._stale else "")
        if role == _FONT:
            font = QFont()
            font.setBold(pair.identical is None and is_starred(self._p(pair)))
            font.setItalic(self._stale is not None)
            return font
        return None


def _points(delta: float) -> str:
    """A difference as the systems table prints it (the tests are sacreBLEU's)."""
    return format_points(delta, Compat.SACREBLEU, signed=True)
