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

Which columns there are, and everything about each kind, is `sentence_columns`'s
(`COLUMN_SPECS`, `column_layout`); the model keeps the current layout and answers
from it. What a column holds for a corpus row, and what it sorts by, is
`sentence_values`'s (`SentenceValues`, without Qt); the model formats it.

With a pair of systems (`set_pair`: baseline A, shown system B) four columns come
before the text: A's sentence BLEU, B's, the Δ (B − A) and the swap effect (corpus
BLEU of A with the sentence taken from B, minus A's). They are inserted and removed
as columns, not by a reset, so the selection and the sort stay. Their headers are
short ("A", "B", "Δ B − A", "Swap"), so that they stay narrow; given the systems'
names, the tooltips name them and say in words what Δ and the swap effect mean for
these two systems, and `column_title` names them for the view's column menu.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from enum import Enum, IntEnum
from typing import TYPE_CHECKING, Any

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

from bleu_gui.io.bundle import Units
from bleu_gui.io.cell_text import Shown
from bleu_gui.io.sentence_columns import (
    COLUMN_SPECS,
    PAIR_KINDS,
    ColumnKey,
    ColumnKind,
    column_layout,
    column_words,
)
from bleu_gui.models.sentence_values import SentenceValues
from bleu_gui.models.session import PairScores, Scores
from bleu_gui.models.workspace import ViewedTexts

if TYPE_CHECKING:
    from bleu_gui.core.effort import Effort
    from bleu_gui.core.qa import QaResult

__all__ = [
    "EDITED_MARK",
    "PAIR_KINDS",
    "RAW_ROLE",
    "ROW_ROLE",
    "Column",
    "ColumnKey",
    "ColumnKind",
    "CostUnit",
    "SentenceTableModel",
]

_NULL_INDEX = QModelIndex()
EDITED_MARK = "✎"
"""After the number of a sentence with a what-if edit (its tooltip says whose)."""
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
    """Where the first columns are when the test set has no units.

    With units (XLIFF, TMX, a spreadsheet) a Unit column comes after "#" and every
    later column is one further right (`column_layout`; `SentenceTableModel.
    column_of` says where a column is). For tests and benches that address a
    plain text corpus's columns by number.
    """

    NUMBER = 0
    BLEU = 1
    COST = 2
    HYP_LEN = 3
    REF_LEN = 4
    BP = 5


_NUMBER_AT = 0  # "#" is every layout's first column (`column_layout`)
_COST = ColumnKey(ColumnKind.COST)


def _named_pair_header(kind: ColumnKind, a: str, b: str) -> tuple[str, str]:
    """A pair column's header and tooltip naming the systems A = `a` and B = `b`.

    The headers stay letters ("A", not "A: Facebook-AI"): a system's name made its
    column as wide as the name, and with the four pair columns the text column
    went off a 1280-pixel screen. The pair bar above the table and the tooltips
    name the systems; `SentenceTableModel.column_title` names them in menus.
    """
    match kind:
        case ColumnKind.A_BLEU:
            return "A", f"Sentence BLEU of {a}, the baseline A (0–100)"
        case ColumnKind.B_BLEU:
            return "B", f"Sentence BLEU of {b}, the compared system B (0–100)"
        case ColumnKind.DELTA:
            return "Δ B − A", (
                f"Δ: {b}'s sentence BLEU minus {a}'s, in BLEU points. Positive: "
                f"{b} (B) scores this sentence higher; negative: {a} (A) does; "
                "0: the same"
            )
        case _:
            return "Swap", (
                f"Swap effect: how much {a}'s corpus BLEU would change if this one "
                f"sentence were {b}'s translation instead, in BLEU points. "
                f"Positive: {b}'s sentence would raise {a}'s corpus score; the "
                "sentences with the largest effects are where B's gain over A comes "
                "from"
            )


# Formatted rows kept between paints; more than a screenful of rows, far fewer than a
# corpus (past this many the cache starts again).
_CACHED_ROWS = 2_000
# A cell and a tooltip show a hypothesis up to this many characters: Qt lays out the
# whole string to elide it, so a document on one line froze every paint. The
# sentence detail shows it, bounded too.
_TEXT_SHOWN = 2_000


class CostUnit(Enum):
    """The unit the Cost column shows its numbers in: BLEU points or a fraction.

    A sentence's cost shrinks with the corpus: about 10⁻⁵ BLEU points per
    sentence of a 262,883-segment corpus, which three decimals of a BLEU point
    showed as +0.000 on every row. The column takes the largest unit in which its
    largest cost is at least 1, and shows four significant digits in it.
    """

    POINTS = (0, "", "BLEU points")
    THOUSANDTHS = (3, " ×10⁻³", "thousandths of a BLEU point")
    MILLIONTHS = (6, " ×10⁻⁶", "millionths of a BLEU point")
    BILLIONTHS = (9, " ×10⁻⁹", "billionths of a BLEU point")

    def __init__(self, exponent: int, suffix: str, words: str) -> None:
        self.exponent = exponent
        self.suffix = suffix  # after "Cost" in the header
        self.words = words  # in the header's tooltip

    @staticmethod
    def for_costs(costs: npt.NDArray[np.float64]) -> CostUnit:
        """The unit in which the largest of `costs` (in BLEU points) reads ≥ 1."""
        finite = np.abs(costs[np.isfinite(costs)])
        largest = float(finite.max()) if finite.size else 0.0
        for unit in CostUnit:
            if largest * 10.0**unit.exponent >= 1.0:
                return unit
        return CostUnit.POINTS if largest == 0.0 else CostUnit.BILLIONTHS

    def header(self) -> str:
        """The Cost column's header text."""
        return column_words(_COST)[0] + self.suffix

    def tooltip(self) -> str:
        """The Cost column's header tooltip: what the number means, in which unit."""
        return column_words(_COST, unit=self.words)[1]

    def format(self, cost: float) -> str:
        """`cost` (BLEU points) in this unit: signed, four significant digits."""
        if cost == 0.0:
            return "0"
        return f"{cost * 10.0**self.exponent:+#.4g}".rstrip(".")


class SentenceTableModel(QAbstractTableModel):
    """Every shown sentence with its scores; `set_rows` picks which, in what order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._content = SentenceValues()
        self._rows: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
        self._orders = 4
        self._pair_names: tuple[str, str] | None = None
        # The columns, left to right (`column_layout`), and what each one needs
        # in `data()`, the hottest Python of the window, as plain tuples.
        self._keys: tuple[ColumnKey, ...] = ()
        self._where: dict[ColumnKey, int] = {}
        self._aligns: tuple[int, ...] = ()
        self._counts: tuple[bool, ...] = ()
        self._shows: tuple[Shown, ...] = ()
        self._cost_at = -1
        self._columns = 0
        self._relayout()
        self._cost_unit = CostUnit.POINTS
        self._cells: dict[int, tuple[str, ...]] = {}  # corpus row -> formatted cells
        # Rows with what-if edits: corpus row -> what the number's tooltip says.
        self._edited: Mapping[int, str] = {}

    # --- content -----------------------------------------------------------------

    def set_content(
        self,
        scores: Scores | None,
        hypotheses: tuple[str, ...],
        hyp_len: npt.NDArray[np.int64],
        arrange: Callable[[], npt.NDArray[np.int64]] | None = None,
        *,
        units: Units | None = None,
        texts: ViewedTexts | None = None,
        test_set: int | None = None,
    ) -> None:
        """Show new content: every row in corpus order, or the rows `arrange` gives.

        `units`: each row's unit, when the test set has them: a Unit column
        after "#" (inserted and removed with the content's reset). `texts` and
        `test_set`: the keys of `hypotheses` and of the test set `units` come
        with (`SentenceValues.set_content`); under the keys held, the effort and
        QA issues shown stay.

        The pair's columns stay if the new scores are of the pair's config and
        size (the caller calls `set_pair` when the pair changes), else they go.

        With `scores` None the texts are shown while they are being scored, with
        "…" in the score columns. `arrange` is called once the new content is in
        place, so the sort keys it reads (`sort_key`, `column_of`) are the new
        content's; its rows are shown in the same model reset. Showing all rows
        first and then filtered, sorted ones would make the view lay out, and the
        window re-select and re-explain the shown sentence, twice.
        """
        self.beginResetModel()
        try:
            self._content.set_content(
                scores, hypotheses, hyp_len, units, texts=texts, test_set=test_set
            )
            self._orders = scores.config.order if scores else self._orders
            if self._content.pair is None:
                self._pair_names = None  # the pair was of other scores
            self._relayout()
            self._cost_unit = (
                CostUnit.for_costs(scores.gains) if scores else CostUnit.POINTS
            )
            self._cells = {}
            self._rows = np.arange(len(hypotheses), dtype=np.int64)
            if arrange is not None:
                self._rows = arrange().astype(np.int64)
        finally:
            self.endResetModel()

    def set_live_row(
        self,
        row: int,
        values: Mapping[ColumnKey, float | None] | None,
        text: str | None = None,
    ) -> None:
        """Show corpus row `row` with `values` (and `text`) while an edit is typed.

        Only that row's cells change (None: "…", being computed); the sort keys
        stay the session's, so the row does not move under the typing. `values`
        None: the row as the content has it again.
        """
        live = self._content.live
        if values is None:
            if live.pop(row, None) is None:
                return
        else:
            live[row] = (dict(values), text)
        self._row_changed(row)

    def clear_live(self) -> None:
        """Every row as the content has it."""
        rows, self._content.live = list(self._content.live), {}
        for row in rows:
            self._row_changed(row)

    @property
    def live_rows(self) -> tuple[int, ...]:
        """The rows shown with an edit's values (`set_live_row`)."""
        return tuple(self._content.live)

    def set_edited(self, edited: Mapping[int, str]) -> None:
        """Mark the rows with what-if edits (corpus row -> the mark's tooltip)."""
        if edited == self._edited:
            return
        was, self._edited = self._edited, dict(edited)
        changed = [r for r in was.keys() | edited.keys() if was.get(r) != edited.get(r)]
        for table_row in self.table_rows(changed).tolist():  # the number's cell only
            index = self.index(table_row, 0)
            self.dataChanged.emit(index, index)

    @property
    def edited(self) -> Mapping[int, str]:
        """The rows marked as edited, with their tooltips."""
        return self._edited

    def _row_changed(self, corpus_row: int) -> None:
        """Repaint one corpus row, if shown."""
        self._cells.pop(corpus_row, None)
        table_row = self.table_row(corpus_row)
        if table_row is not None:
            self.dataChanged.emit(
                self.index(table_row, 0), self.index(table_row, self._columns - 1)
            )

    def set_effort(self, effort: Effort | None) -> None:
        """Show the content's post-editing effort (None: still being counted)."""
        if effort is self._content.effort:
            return
        self._content.set_effort(effort)
        self._cells = {}
        if self._rows.size:
            self.dataChanged.emit(
                self.index(0, 0), self.index(self._rows.size - 1, self._columns - 1)
            )

    @property
    def effort(self) -> Effort | None:
        """The post-editing effort the effort columns show, if counted."""
        return self._content.effort

    def set_qa(self, qa: QaResult | None) -> None:
        """Show the content's QA issues (None: still being checked)."""
        if qa is self._content.qa:
            return
        self._content.set_qa(qa)
        self._cells = {}
        if self._rows.size:
            self.dataChanged.emit(
                self.index(0, 0), self.index(self._rows.size - 1, self._columns - 1)
            )

    @property
    def qa(self) -> QaResult | None:
        """The QA issues the QA columns show, if found."""
        return self._content.qa

    def set_pair(
        self,
        pair: PairScores | None,
        a_sentences: npt.NDArray[np.float64] | None = None,
        b_sentences: npt.NDArray[np.float64] | None = None,
        *,
        names: tuple[str, str] | None = None,
    ) -> None:
        """Show the pair's columns for these values, or (None) no pair columns.

        `a_sentences`, `b_sentences`: each system's sentence BLEU (from its
        `Scores`), for as many rows as the content. `names`: A's and B's names
        for the headers and tooltips (None: "A" and "B"). Columns are inserted or
        removed (never a reset): the selection and the sort keys stay.

        Raises:
            ValueError: a pair without both systems' sentence scores, or of
                another number of rows than the content.
        """
        if pair is not None:
            if a_sentences is None or b_sentences is None:
                raise ValueError("a pair needs both systems' sentence scores")
            size = len(self._content.hypotheses)
            if not (pair.deltas.size == a_sentences.size == b_sentences.size == size):
                raise ValueError(
                    f"the pair has {pair.deltas.size} rows, the table {size}"
                )
        count = len(PAIR_KINDS)
        had, has = self._content.pair is not None, pair is not None
        first = self._pair_at(paired=has or had)
        if had and not has:
            self.beginRemoveColumns(_NULL_INDEX, first, first + count - 1)
        elif has and not had:
            self.beginInsertColumns(_NULL_INDEX, first, first + count - 1)
        self._content.set_pair(pair, a_sentences, b_sentences)
        self._pair_names = names if pair is not None else None
        self._relayout()
        self._cells = {}
        if had and not has:
            self.endRemoveColumns()
        elif has and not had:
            self.endInsertColumns()
        elif has and self._rows.size:
            self.dataChanged.emit(
                self.index(0, first),
                self.index(self._rows.size - 1, first + count - 1),
            )
        if has or had:
            self.headerDataChanged.emit(
                Qt.Orientation.Horizontal, first, self._columns - 1
            )

    @property
    def pair(self) -> PairScores | None:
        """The pair whose columns are shown, if any."""
        return self._content.pair

    @property
    def pair_names(self) -> tuple[str, str] | None:
        """A's and B's names in the pair's headers (None: unnamed, or no pair)."""
        return self._pair_names

    def _relayout(self) -> None:
        """Lay the columns out for the order, the units and the pair now shown."""
        content = self._content
        keys = column_layout(
            self._orders, units=content.units is not None, pair=content.pair is not None
        )
        specs = [COLUMN_SPECS[key.kind] for key in keys]
        self._keys = keys
        self._where = {key: column for column, key in enumerate(keys)}
        self._aligns = tuple(_LEFT if spec.text else _RIGHT for spec in specs)
        self._counts = tuple(spec.count for spec in specs)
        self._shows = tuple(spec.shown or Shown.SCORE for spec in specs)
        self._cost_at = self._where.get(_COST, -1)
        self._columns = len(keys)

    def _pair_at(self, *, paired: bool) -> int:
        """Where the pair's first column is, or would be (`paired`: in any case)."""
        units = self._content.units is not None
        keys = column_layout(self._orders, units=units, pair=paired)
        return keys.index(ColumnKey(PAIR_KINDS[0]))

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
            position = np.full(len(self._content.hypotheses), -1, dtype=np.int64)
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
        return self._content.hypotheses

    @property
    def texts(self) -> ViewedTexts | None:
        """The key of the texts shown (None: none, or texts nobody named)."""
        return self._content.texts

    @property
    def units(self) -> Units | None:
        """Each corpus row's unit, when the test set has them."""
        return self._content.units

    def sentence_name(self, corpus_row: int) -> str:
        """How the window names corpus row `corpus_row`: "Sentence 8 (unit 9)".

        "#8" is the eighth segment kept; a translator looks for unit 9 in the
        CAT tool, a spreadsheet's user for row 9, so their unit comes with it.
        Without units: "Sentence 8" (the line in the files).
        """
        name = f"Sentence {corpus_row + 1}"
        units = self._content.units
        return name if units is None else f"{name} ({units.place(corpus_row)})"

    @property
    def rows(self) -> npt.NDArray[np.int64]:
        """Corpus indices of the shown rows, in table order."""
        return self._rows

    @property
    def orders(self) -> int:
        """How many precision columns there are."""
        return self._orders

    @property
    def cost_unit(self) -> CostUnit:
        """The unit the Cost column shows (chosen for the scores shown)."""
        return self._cost_unit

    def corpus_row(self, table_row: int) -> int:
        """The corpus index (0-based) shown in `table_row`."""
        return int(self._rows[table_row])

    def table_rows(self, corpus_rows: Collection[int]) -> npt.NDArray[np.int64]:
        """Where these corpus rows are shown (those filtered out left out), ascending.

        One pass over the rows shown, however many are asked for.
        """
        if not corpus_rows:
            return np.zeros(0, dtype=np.int64)
        wanted = np.fromiter(corpus_rows, dtype=np.int64, count=len(corpus_rows))
        return np.flatnonzero(np.isin(self._rows, wanted))

    def table_row(self, corpus_row: int) -> int | None:
        """Where corpus row `corpus_row` is shown, or None if it is filtered out."""
        found = np.flatnonzero(self._rows == corpus_row)
        return int(found[0]) if found.size else None

    def hypothesis_column(self) -> int:
        """The index of the text column (the last one)."""
        return self._columns - 1

    def precision_column(self, order: int) -> int:
        """The index of the column of precision p_order (1-based order).

        Raises:
            KeyError: the maximum order is lower than `order`.
        """
        return self._where[ColumnKey(ColumnKind.PRECISION, order)]

    def column_key(self, column: int) -> ColumnKey | None:
        """What column `column` shows, or None if there is no such column."""
        return self._keys[column] if 0 <= column < self._columns else None

    def column_of(self, key: ColumnKey) -> int | None:
        """Where the column `key` is now, or None if the columns no longer have it."""
        return self._where.get(key)

    def sort_key(self, key: ColumnKey) -> npt.NDArray[np.float64]:
        """What column `key` sorts by, for every corpus row (`SentenceValues.sort_key`).

        Raises:
            ValueError: `key` is a precision column the columns no longer have.
        """
        if key.kind is ColumnKind.PRECISION and self.column_of(key) is None:
            raise ValueError(
                f"no column p{key.order}: the maximum order is {self._orders}"
            )
        return self._content.sort_key(key)

    def row_export(self, table_row: int) -> tuple[tuple[Any, ...], tuple[str, ...]]:
        """Table row `table_row`'s raw values and its cells as shown, every column.

        What an export writes (`export_rows`): the same values and texts as
        `data()`'s RAW_ROLE and DisplayRole, without a model index per cell.
        """
        corpus_row = int(self._rows[table_row])
        cells = self._cells.get(corpus_row) or self._format_row(corpus_row)
        raw, keys, counts = self._content.raw, self._keys, self._counts
        values = tuple(
            raw(corpus_row, key, count) for key, count in zip(keys, counts, strict=True)
        )
        return values, cells

    def column_title(self, column: int) -> str:
        """Column `column`'s name in full, for a menu that lists the columns.

        The header itself, but for A's and B's sentence BLEU, whose headers are
        letters: "A: Facebook-AI" once the systems are named. "" for no column.
        """
        key = self.column_key(column)
        if key is None:
            return ""
        header = str(self.headerData(column, Qt.Orientation.Horizontal))
        names = self._pair_names
        if names is not None and key.kind in (ColumnKind.A_BLEU, ColumnKind.B_BLEU):
            return f"{header}: {names[0 if key.kind is ColumnKind.A_BLEU else 1]}"
        return header

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
        key = self.column_key(section)
        if key is None:
            return None
        header, tip = column_words(key)
        names = self._pair_names
        if key.kind is ColumnKind.COST:
            header, tip = self._cost_unit.header(), self._cost_unit.tooltip()
        elif key.kind is ColumnKind.UNIT and self._content.units is not None:
            header = self._content.units.header
        elif key.kind in PAIR_KINDS and names is not None:
            header, tip = _named_pair_header(key.kind, *names)
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
            if column == _NUMBER_AT and corpus_row in self._edited:
                return f"{cells[column]} {EDITED_MARK}"  # exports say "Edited"
            return cells[column]
        if role == _ALIGNMENT:
            return self._aligns[column]
        if role == ROW_ROLE:
            return corpus_row
        if role == RAW_ROLE:
            return self._raw(corpus_row, column)
        if column == self._columns - 1:  # the tooltip of the text: all of a sentence
            return _shortened(self._raw(corpus_row, column))
        if column == _NUMBER_AT and corpus_row in self._edited:
            return self._edited[corpus_row]
        if column == self._cost_at:  # a cost's tooltip: exact, in points
            cost = self._raw(corpus_row, column)
            if isinstance(cost, float) and not math.isnan(cost):
                return f"{cost:+.6g} BLEU points"
        return None

    def _format_row(self, corpus_row: int) -> tuple[str, ...]:
        """Every cell of a row as shown, kept for the next paint."""
        if len(self._cells) >= _CACHED_ROWS:
            self._cells = {}
        raw, keys, counts = self._content.raw, self._keys, self._counts
        cells = tuple(
            self._format(column, raw(corpus_row, key, count))
            for column, (key, count) in enumerate(zip(keys, counts, strict=True))
        )
        self._cells[corpus_row] = cells
        return cells

    def _raw(self, corpus_row: int, column: int) -> Any:
        """A cell's unformatted value (`SentenceValues.raw`)."""
        return self._content.raw(corpus_row, self._keys[column], self._counts[column])

    def _format(self, column: int, value: Any) -> str:
        """The text of a cell of `column` whose raw value is `value`."""
        if isinstance(value, str):
            return _shortened(value)
        if value is None:
            return "…"
        if column == self._cost_at and not math.isnan(value):
            return self._cost_unit.format(value)
        return self._shows[column].text(value)


def _shortened(text: str) -> str:
    """`text`, or its first `_TEXT_SHOWN` characters and an ellipsis when longer."""
    return text if len(text) <= _TEXT_SHOWN else text[:_TEXT_SHOWN] + " …"
