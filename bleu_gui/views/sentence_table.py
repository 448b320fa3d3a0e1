"""The sentence table (its filter bar is `views.filter_bar.FilterBar`).

The view asks for sorting and filtering (`sort_requested`, `filter_requested`); the
`SentenceBrowser` model does them in numpy and tells the view what is shown.

The table's columns are chosen in a menu on its header (a right-click: a check per
column, and "Default columns"). By default every column shows with one system;
with a pair, the shown system's own columns hide (its BLEU is the pair's B column,
its costs, lengths, brevity penalty and precisions are in the detail and explain
panels), so that at 1280×720 the hypothesis, the one thing a user reads, keeps the
room left by #, A, B, Δ and Swap. A user's choice holds for the rest of the
session, with and without a pair, until "Default columns". Choices are kept by
what a column shows (`ColumnKey`), not by its position, which changes with the
pair and the maximum order. Hiding changes no filter; hiding the column the table
is sorted by returns it to corpus order (#, ascending): the table is never sorted
by a column that does not show, where no indicator says so.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import (
    QByteArray,
    QItemSelectionModel,
    QModelIndex,
    QPoint,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QMenu,
    QTableView,
    QWidget,
)
from typing_extensions import override

from bleu_gui.io.sentence_columns import COLUMN_SPECS
from bleu_gui.models.sentence_table import (
    ROW_ROLE,
    ColumnKey,
    ColumnKind,
    SentenceTableModel,
)

__all__ = [
    "ALWAYS_SHOWN",
    "DEFAULT_COLUMNS",
    "SentenceTableView",
    "shown_by_default",
]

DEFAULT_COLUMNS = "Default columns"
"""The column menu's last item: forget the columns chosen, show the default ones."""

ALWAYS_SHOWN = "always shown: the text is what the other columns are about"
"""Added to the text column's tooltip in the column menu, where it cannot be hidden."""


def shown_by_default(key: ColumnKey, paired: bool) -> bool:
    """Whether column `key` shows when the user chose nothing (`paired`: a pair).

    The Unit column shows whenever there are units (`offered`).
    """
    spec = COLUMN_SPECS[key.kind]
    return not (spec.hidden_by_default or (paired and spec.hidden_with_pair))


def offered(model: SentenceTableModel, key: ColumnKey) -> bool:
    """Whether column `key` can be shown: the Unit column only with units.

    A text file's segments have no unit but their line, which "#" is.
    """
    return key.kind is not ColumnKind.UNIT or model.units is not None


class _ColumnHeader(QHeaderView):
    """The table's horizontal header; says when a saved state was put back.

    A saved header state hides sections by position, and positions change with
    the pair and the maximum order: the view applies its column choices again.
    It holds a sort indicator by position too, which is not put back: the sort
    stays as it is (a remembered sort is put back by its column, see
    `MainWindow`), so that a saved state never sorts by another column.

    Signals:
        state_restored: `restoreState` was called.
    """

    state_restored = Signal()

    @override
    def restoreState(self, state: QByteArray | bytes | bytearray | memoryview) -> bool:
        sort = self.sortIndicatorSection(), self.sortIndicatorOrder()
        blocked = self.blockSignals(True)
        try:
            restored = super().restoreState(state)
            self.setSortIndicator(*sort)
        finally:
            self.blockSignals(blocked)
        self.state_restored.emit()
        return restored


class SentenceTableView(QTableView):
    """All shown sentences; several may be selected, the current one is shown.

    A right-click on the header opens `column_menu`, a check per column; a
    window may add the same menu to its menu bar (it fills itself as it opens).

    Signals:
        sentence_selected: the corpus row (0-based) of the sentence to show
            (`selected_corpus_row`), after the selection or the current row changed.
        sort_requested: (column, Qt.SortOrder) from a header click.
    """

    sentence_selected = Signal(int)
    sort_requested = Signal(int, Qt.SortOrder)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        header = _ColumnHeader(Qt.Orientation.Horizontal, self)
        self.setHorizontalHeader(header)
        # The columns the user showed (True) or hid (False), by what they show.
        self._choices: dict[ColumnKey, bool] = {}
        # Filled as it opens: from the header, or from a window's menu bar.
        self.column_menu = QMenu("&Columns", self)
        self.column_menu.setToolTipsVisible(True)
        self.column_menu.aboutToShow.connect(self.fill_column_menu)
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._on_header_menu_requested)
        header.state_restored.connect(self._apply_columns)
        header.sortIndicatorChanged.connect(self._on_sort_moved)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # Several rows for Edit › Copy rows; the last one clicked is the one shown.
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.setShowGrid(False)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        header.setSectionsClickable(True)
        header.setSortIndicatorShown(True)
        header.setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        header.setHighlightSections(False)
        header.sortIndicatorChanged.connect(self._on_sort_indicator_changed)
        self._fitted_headers: tuple[object, ...] = ()  # sized for these headers

    def set_table_model(self, model: SentenceTableModel) -> None:
        """Show `model` and follow its selection."""
        self.setModel(model)
        self._fitted_headers = ()
        selection = self.selectionModel()
        selection.selectionChanged.connect(self._on_selection_changed)
        selection.currentRowChanged.connect(self._on_current_row_changed)
        # After a reset the header's sort indicator still holds the old place
        # until the browser announces the sort at the new one (more precision
        # columns move the text right): it is judged then (`sortIndicatorChanged`).
        model.modelReset.connect(self._on_reset)
        # The pair's columns come and go, and their tooltips name the systems.
        model.columnsInserted.connect(self._on_columns_changed)
        model.columnsRemoved.connect(self._on_columns_changed)
        model.headerDataChanged.connect(self._on_columns_changed)
        self._on_columns_changed()

    # --- which columns show --------------------------------------------------------

    def is_column_shown(self, key: ColumnKey) -> bool:
        """Whether the column `key` is there and not hidden."""
        model = self.model()
        column = model.column_of(key) if isinstance(model, SentenceTableModel) else None
        return column is not None and not self.isColumnHidden(column)

    def shown_columns(self) -> tuple[ColumnKey, ...]:
        """The columns that show, left to right."""
        model = self.model()
        if not isinstance(model, SentenceTableModel):
            return ()
        keys = (model.column_key(column) for column in range(model.columnCount()))
        return tuple(
            key for key in keys if key is not None and self.is_column_shown(key)
        )

    def set_column_shown(self, key: ColumnKey, shown: bool) -> None:
        """Show or hide the column `key`, now and whenever it is there this session.

        The text column always shows.
        """
        if key.kind is ColumnKind.HYPOTHESIS:
            return
        self._choices[key] = shown
        self._apply_columns()

    def column_choices(self) -> dict[ColumnKey, bool]:
        """The user's choices (shown or hidden) by column, against the defaults."""
        return dict(self._choices)

    def reset_columns(self) -> None:
        """Forget the user's choices: the default columns, with or without a pair."""
        self._choices.clear()
        self._apply_columns()

    def fill_column_menu(self) -> QMenu:
        """`column_menu` with a check per column as they are now, then the reset.

        Each item is named in full (`column_title`), its tooltip the header's.
        """
        menu = self.column_menu
        menu.clear()
        model = self.model()
        if not isinstance(model, SentenceTableModel):
            return menu
        horizontal = Qt.Orientation.Horizontal
        for column in range(model.columnCount()):
            key = model.column_key(column)
            if key is None or not offered(model, key):
                continue
            action = menu.addAction(model.column_title(column))
            action.setCheckable(True)
            action.setChecked(not self.isColumnHidden(column))
            tip = str(model.headerData(column, horizontal, Qt.ItemDataRole.ToolTipRole))
            if key.kind is ColumnKind.HYPOTHESIS:
                action.setEnabled(False)
                tip = f"{tip}; {ALWAYS_SHOWN}"
            action.setToolTip(tip)
            action.toggled.connect(partial(self.set_column_shown, key))
        menu.addSeparator()
        reset = menu.addAction(DEFAULT_COLUMNS)
        reset.setToolTip(
            "Show the default columns again: with one system all but the edit "
            "rates; with a pair, #, the unit (if the files have units), A, B, Δ, "
            "Swap and the text"
        )
        reset.triggered.connect(self.reset_columns)
        return menu

    def _on_header_menu_requested(self, position: QPoint) -> None:
        """A right-click on the header: the column menu, where the click was."""
        viewport = self.horizontalHeader().viewport()
        self.column_menu.popup(viewport.mapToGlobal(position))

    def _on_columns_changed(self) -> None:
        self._fit_columns()
        self._apply_columns()

    def _on_reset(self) -> None:
        self._fit_columns()
        self._apply_columns(keep_sort=False)

    def _on_sort_moved(self) -> None:
        """The sort's indicator moved (a click, or the browser's announcement)."""
        model = self.model()
        if isinstance(model, SentenceTableModel):
            self._keep_sort_in_view(model)

    def _apply_columns(self, *, keep_sort: bool = True) -> None:
        """Hide and show the columns as chosen, else as by default."""
        model = self.model()
        if not isinstance(model, SentenceTableModel):
            return
        paired = model.pair is not None
        for column in range(model.columnCount()):
            key = model.column_key(column)
            if key is None:
                continue
            shown = key.kind is ColumnKind.HYPOTHESIS or (
                offered(model, key)
                and self._choices.get(key, shown_by_default(key, paired))
            )
            if self.isColumnHidden(column) == shown:
                self.setColumnHidden(column, not shown)
        if keep_sort:
            self._keep_sort_in_view(model)

    def _keep_sort_in_view(self, model: SentenceTableModel) -> None:
        """Sorted by a column that is hidden: back to corpus order (#, ascending).

        A sort nobody sees (no indicator in sight) would leave the rows in an
        order no one can tell; the sort goes through the header, as a click's.
        """
        header = self.horizontalHeader()
        section = header.sortIndicatorSection()
        number = model.column_of(ColumnKey(ColumnKind.NUMBER))
        if number is None or section == number or not 0 <= section < header.count():
            return
        if header.isSectionHidden(section):
            header.setSortIndicator(number, Qt.SortOrder.AscendingOrder)

    def _first_shown_column(self) -> int:
        """The leftmost column that shows (scrolling to a hidden one does nothing)."""
        header = self.horizontalHeader()
        for visual in range(header.count()):
            column = header.logicalIndex(visual)
            if not header.isSectionHidden(column):
                return column
        return 0

    def select_corpus_row(self, corpus_row: int) -> bool:
        """Select and show the sentence of corpus row `corpus_row`; False if hidden."""
        model = self.model()
        if not isinstance(model, SentenceTableModel):
            return False
        row = model.table_row(corpus_row)
        if row is None:
            return False
        self._select_only(row)
        self.scrollTo(
            model.index(row, self._first_shown_column()),
            QAbstractItemView.ScrollHint.PositionAtCenter,
        )
        return True

    def _select_only(self, row: int) -> None:
        """Select table row `row` alone, and make it current.

        Not `selectRow`: with several rows selectable it adds to the selection
        while Ctrl is held, which it is for Ctrl+Down (the next sentence).
        """
        flags = QItemSelectionModel.SelectionFlag
        self.selectionModel().setCurrentIndex(
            self.model().index(row, self._first_shown_column()),
            flags.ClearAndSelect | flags.Rows,
        )

    def selected_corpus_row(self) -> int | None:
        """The corpus row of the sentence shown: the current row if selected, if any.

        Several rows may be selected (for Edit › Copy rows); the one shown is the
        one last clicked or moved to, the current row. Unselected by a Ctrl+click,
        it is not highlighted, so the topmost highlighted row is shown instead.
        """
        selection = self.selectionModel()
        current = self.currentIndex()
        if current.isValid() and selection.isRowSelected(current.row()):
            return int(current.data(ROW_ROLE))
        rows = sorted(selection.selectedRows(), key=QModelIndex.row)
        return int(rows[0].data(ROW_ROLE)) if rows else None

    def step(self, delta: int) -> None:
        """Select the sentence `delta` rows below (negative: above) the selected one."""
        model = self.model()
        if model is None or model.rowCount() == 0:
            return
        current = self.currentIndex().row()
        row = 0 if current < 0 else min(max(current + delta, 0), model.rowCount() - 1)
        self._select_only(row)
        self.scrollTo(model.index(row, self._first_shown_column()))

    def _fit_columns(self) -> None:
        """Size the columns, when there are new ones or new headers.

        New headers: the maximum order changed, or the Cost column's unit (its
        header says it, and must not be cut). Not on every reset: the widths a
        user dragged stay, and re-applying widths and the text column's stretch
        made Qt lay out and repaint the whole table once more in the next
        event-loop turn, after every re-score.
        """
        model = self.model()
        if not isinstance(model, SentenceTableModel):
            return
        horizontal = Qt.Orientation.Horizontal
        headers = tuple(
            model.headerData(column, horizontal)
            for column in range(model.columnCount())
        )
        if headers == self._fitted_headers:
            return
        before, self._fitted_headers = self._fitted_headers, headers
        # Same columns, some headers new (the Cost unit): only those are fitted,
        # so the widths a user gave (or the last run's, put back) stay.
        if len(before) == len(headers):
            changed = [c for c, text in enumerate(headers) if text != before[c]]
        else:
            changed = list(range(len(headers)))
        header = self.horizontalHeader()
        width = self.fontMetrics().horizontalAdvance("00000.0") + 12
        for column in changed:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            fitted = header.sectionSizeFromContents(column).width()
            self.setColumnWidth(column, max(width, fitted))
        header.setSectionResizeMode(
            model.hypothesis_column(), QHeaderView.ResizeMode.Stretch
        )

    def _on_sort_indicator_changed(self, column: int, order: Qt.SortOrder) -> None:
        # The header's sort now, not the signal's: `_on_sort_moved` (connected
        # first) may have sent a sort on a hidden column back to corpus order.
        header = self.horizontalHeader()
        del column, order
        self.sort_requested.emit(
            header.sortIndicatorSection(), header.sortIndicatorOrder()
        )

    def _on_selection_changed(self) -> None:
        self._emit_shown()

    def _on_current_row_changed(self) -> None:
        self._emit_shown()

    def _emit_shown(self) -> None:
        """Name the sentence shown (`selected_corpus_row`) after a change.

        Both the selection and the current row say: a click inside a selection
        (after Ctrl+A) only unselects the other rows, and a Ctrl+click or
        Shift+click moves the current row after the selection changed.
        """
        row = self.selected_corpus_row()
        if row is not None:
            self.sentence_selected.emit(row)
