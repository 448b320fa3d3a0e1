"""One list of salient n-grams of a pair of systems, as a Qt table model.

`core.salient` finds, per order, the n-grams system B gets counted more often than
system A (and the reverse), with both systems' counts and the sentences where the
favoured one wins. This model shows one of those lists: one order, one direction.
It never computes them: for 500 segments `salient_ngrams` takes a blink, but for
100,000 it takes seconds, so whoever owns the systems runs `iter_salient_ngrams`
as a background job (`models.jobs.JobRunner`) and hands the finished result to
`set_results`; until then `set_pending` says why the list is empty. For example,
with the session's `JobRunner` and a `Worker` over a step generator that adapts
`iter_salient_ngrams`' row counts to `(done, total, what)`:

    lists.set_pending("Counting the n-grams of both systems…")
    runner.start(("salient", name_a, name_b), worker,
                 lambda result: lists.set_results(result, (name_a, name_b)))

(`views.salient_list.SalientList` forwards both calls to its two models.)

Columns come from one list of specs (header, tooltip, value, display), so the
header, the cell, its raw sort value (`RAW_ROLE`, for a `QSortFilterProxyModel`)
and its tooltip cannot disagree. `ITEM_ROLE` gives a row's `SalientNgram`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from typing_extensions import override

from bleu_gui.core.highlight_runs import shown_gram
from bleu_gui.core.pair_ngrams import Side
from bleu_gui.core.salient import SalientNgram, SalientOrder

__all__ = ["ITEM_ROLE", "RAW_ROLE", "SalientColumn", "SalientModel"]

RAW_ROLE = Qt.ItemDataRole.UserRole + 1  # the unformatted value, to sort by
ITEM_ROLE = Qt.ItemDataRole.UserRole + 2  # the row's SalientNgram
_ModelIndex = QModelIndex | QPersistentModelIndex


class SalientColumn(IntEnum):
    """The columns, left to right."""

    NGRAM = 0
    GAIN = 1
    MATCHES_A = 2
    MATCHES_B = 3
    SENTENCES = 4


@dataclass(frozen=True, slots=True)
class _Names:
    """Who is favoured in this list, and who is not, by name."""

    a: str
    b: str
    favoured: str
    other: str


@dataclass(frozen=True, slots=True)
class _ColumnSpec:
    """One column: its header and tooltip (given the names), its value and text."""

    header: Callable[[_Names], str]
    tooltip: Callable[[_Names], str]
    value: Callable[[SalientNgram], int | str]
    display: Callable[[SalientNgram], str]


_COLUMNS: dict[SalientColumn, _ColumnSpec] = {
    SalientColumn.NGRAM: _ColumnSpec(
        lambda _: "n-gram",
        lambda names: (
            f"An n-gram {names.favoured} gets counted more often than {names.other}"
        ),
        lambda item: " ".join(item.gram),
        lambda item: shown_gram(item.gram),
    ),
    SalientColumn.GAIN: _ColumnSpec(
        lambda _: "gain",
        lambda names: (
            f"How many more times {names.favoured} gets it counted than "
            f"{names.other}, over the corpus (clipped matches)"
        ),
        lambda item: item.gain,
        lambda item: f"+{item.gain}",
    ),
    # A and B by letter, as the sentence table's pair columns: two system names
    # do not fit a dock's width; the tooltip names the system.
    SalientColumn.MATCHES_A: _ColumnSpec(
        lambda _: "A",
        lambda names: f"How many times A ({names.a}) gets it counted (clipped matches)",
        lambda item: item.matches_a,
        lambda item: str(item.matches_a),
    ),
    SalientColumn.MATCHES_B: _ColumnSpec(
        lambda _: "B",
        lambda names: f"How many times B ({names.b}) gets it counted (clipped matches)",
        lambda item: item.matches_b,
        lambda item: str(item.matches_b),
    ),
    SalientColumn.SENTENCES: _ColumnSpec(
        lambda _: "sentences",
        lambda names: (
            f"In how many sentences {names.favoured} gets it counted more often "
            f"than {names.other}"
        ),
        lambda item: len(item.rows),
        lambda item: str(len(item.rows)),
    ),
}

_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


class SalientModel(QAbstractTableModel):
    """The salient n-grams of one order that one system gets right more often.

    Args:
        favoured: `Side.B` lists what B gets right that A does not; `Side.A` the
            reverse.
    """

    def __init__(self, favoured: Side, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._favoured = favoured
        self._results: tuple[SalientOrder, ...] = ()
        self._names = ("A", "B")
        self._order = 1
        self._items: tuple[SalientNgram, ...] = ()
        self._pending: str | None = None

    # --- what it shows ----------------------------------------------------------------

    def set_results(
        self, results: Sequence[SalientOrder] | None, names: tuple[str, str]
    ) -> None:
        """Show the finished `salient_ngrams` result (`None`: nothing to show).

        Args:
            results: per order, as `core.salient.salient_ngrams` returns them,
                computed wherever the caller likes (a background job for a large
                corpus).
            names: the names of A and B, for the headers and tooltips.
        """
        self.beginResetModel()
        self._results = tuple(results or ())
        self._names = names
        self._pending = None
        self._items = self._list()
        self.endResetModel()
        self.headerDataChanged.emit(
            Qt.Orientation.Horizontal, 0, len(SalientColumn) - 1
        )

    def set_pending(self, message: str) -> None:
        """Empty the list while its n-grams are computed; `message` says so.

        Already so, nothing is reset: every system that arrives while ten are
        scored asks again, and a reset re-lays the views on the GUI thread.
        """
        if self._pending == message and not self._results and not self._items:
            return
        self.beginResetModel()
        self._results = ()
        self._items = ()
        self._pending = message
        self.endResetModel()

    def set_order(self, order: int) -> None:
        """List the `order`-grams (an order the results lack lists nothing)."""
        if order == self._order:
            return
        self.beginResetModel()
        self._order = order
        self._items = self._list()
        self.endResetModel()

    def favoured(self) -> Side:
        """The system this list is about."""
        return self._favoured

    def order(self) -> int:
        """The order listed."""
        return self._order

    def orders(self) -> tuple[int, ...]:
        """The orders the results have."""
        return tuple(result.order for result in self._results)

    def pending(self) -> str | None:
        """Why the list is empty while computing, or `None`."""
        return self._pending

    def names(self) -> tuple[str, str]:
        """The names of A and B."""
        return self._names

    def item(self, row: int) -> SalientNgram:
        """The n-gram of `row` (in this model's own order: largest gain first)."""
        return self._items[row]

    # --- QAbstractTableModel ----------------------------------------------------------

    @override
    def rowCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._items)

    @override
    def columnCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(SalientColumn)

    @override
    def data(self, index: _ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._items):
            return None
        item = self._items[index.row()]
        spec = _COLUMNS[SalientColumn(index.column())]
        role = int(role)
        if role == int(Qt.ItemDataRole.DisplayRole):
            return spec.display(item)
        if role == int(RAW_ROLE):
            return spec.value(item)
        if role == int(ITEM_ROLE):
            return item
        if role == int(Qt.ItemDataRole.TextAlignmentRole):
            return _LEFT if index.column() == SalientColumn.NGRAM else _RIGHT
        if role == int(Qt.ItemDataRole.ToolTipRole):
            return (
                f"{shown_gram(item.gram)}: {self._names[0]} {item.matches_a}×, "
                f"{self._names[1]} {item.matches_b}×, in {len(item.rows)} "
                "sentences; click to show them"
            )
        return None

    @override
    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not (
            0 <= section < len(SalientColumn)
        ):
            return None
        spec = _COLUMNS[SalientColumn(section)]
        if int(role) == int(Qt.ItemDataRole.DisplayRole):
            return spec.header(self._who())
        if int(role) == int(Qt.ItemDataRole.ToolTipRole):
            return spec.tooltip(self._who())
        return None

    # --- helpers ----------------------------------------------------------------------

    def _who(self) -> _Names:
        name_a, name_b = self._names
        if self._favoured is Side.B:
            return _Names(name_a, name_b, name_b, name_a)
        return _Names(name_a, name_b, name_a, name_b)

    def _list(self) -> tuple[SalientNgram, ...]:
        for result in self._results:
            if result.order == self._order:
                return result.b_over_a if self._favoured is Side.B else result.a_over_b
        return ()
