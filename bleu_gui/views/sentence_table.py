"""The sentence table and its filter bar.

The view asks for sorting and filtering (`sort_requested`, `filter_requested`); the
`SentenceBrowser` model does them in numpy and tells the view what is shown.

The filter bar's pair part (B better / worse / same, a Δ range) is a widget of its
own, `FilterBar.pair_controls`, shown only while two systems are compared
(`set_pair_names`); the window may place it elsewhere (beside the pair's menus), and
the bar still reads and clears it.

A salient n-gram clicked (`set_ngram`) filters too: the bar shows it as a chip in a
row of its own under the controls (hidden otherwise), with a × button that removes
it; Clear removes it with the rest. A document clicked in the documents view
(`set_documents`) shows as a chip the same way, in a row of its own. The chip is
`views.filter_chip.FilterChip`.

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
    QTimer,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.io.sentence_columns import COLUMN_SPECS
from bleu_gui.models.sentence_filter import (
    DELTA_LIMIT,
    DeltaRange,
    DeltaSide,
    DocumentRows,
    EffortRows,
    MarginRows,
    NgramRows,
    SentenceFilter,
)
from bleu_gui.models.sentence_table import (
    ROW_ROLE,
    ColumnKey,
    ColumnKind,
    SentenceTableModel,
)
from bleu_gui.views.filter_chip import FilterChip
from bleu_gui.views.margin_chip import MarginChip
from bleu_gui.views.settings_panel import COMMIT_PAUSE_MS, typed_number

__all__ = [
    "ALWAYS_SHOWN",
    "DEFAULT_COLUMNS",
    "REMOVE_DOCUMENTS",
    "REMOVE_EFFORT",
    "REMOVE_NGRAM",
    "SEARCHING",
    "FilterBar",
    "SentenceTableView",
    "shown_by_default",
]

SEARCHING = "Searching…"
"""What the filter bar says while a search runs (its Stop button shown)."""

REMOVE_NGRAM = "Remove the n-gram filter"
"""The name (and tooltip) of the n-gram chip's × button."""

REMOVE_DOCUMENTS = "Remove the document filter"
"""The name (and tooltip) of the document chip's × button."""

REMOVE_EFFORT = "Remove the effort filter"
"""The name (and tooltip) of the effort chip's × button."""

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


class FilterBar(QWidget):
    """Search, a score range; with a pair, a side, a Δ range and a salient n-gram.

    The search is plain or a regex, in the hypotheses, references and source; the
    pair part's side and Δ range are `pair_controls`, its n-gram `ngram_row`.

    The score fields are typed at a human pace, as the settings panel's are: they
    commit after a pause in the typing (`COMMIT_PAUSE_MS`), on Enter or on leaving
    the field, never on each key (typing 50 must not filter by 5 first), and nothing
    rewrites a field that has the focus.

    Signals:
        filter_requested: the `SentenceFilter` the controls describe.
        stop_requested: the user asked to stop the running search.
    """

    filter_requested = Signal(object)
    stop_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._last: SentenceFilter | None = None  # the filter last requested
        self.typing_pause = QTimer(self)
        self.typing_pause.setSingleShot(True)
        self.typing_pause.setInterval(COMMIT_PAUSE_MS)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search hypothesis, references, source…")
        self.search.setClearButtonEnabled(True)
        self.regex = QCheckBox("Regex")
        self.case = QCheckBox("Aa")
        self.case.setToolTip("Aa: match case, so that 'Biker' does not find 'biker'.")
        self.regex.setToolTip(
            "Regex: search with a regular expression (Python syntax), e.g. "
            "'bik(e|ing)'."
        )
        self.in_hyp = QCheckBox("Hyp")
        self.in_refs = QCheckBox("Refs")
        self.in_src = QCheckBox("Src")
        self.in_hyp.setToolTip("Search the candidate (hypothesis) sentences.")
        self.in_refs.setToolTip("Search the reference translations.")
        self.in_src.setToolTip("Search the source sentences.")
        for box in (self.in_hyp, self.in_refs, self.in_src):
            box.setChecked(True)
        self.min_score = QDoubleSpinBox()
        self.max_score = QDoubleSpinBox()
        for spin, value in ((self.min_score, 0.0), (self.max_score, 100.0)):
            spin.setRange(0.0, 100.0)
            spin.setDecimals(1)
            spin.setValue(value)
            spin.setKeyboardTracking(False)
        self.clear = QPushButton("Clear")
        self.stop = QPushButton("Stop")
        self.stop.setToolTip("Stop the running search; the table keeps what it shows.")
        self.stop.hide()
        self.problem = QLabel()
        self.problem.setStyleSheet("color: palette(highlight);")
        # A row of its own under the search, shown while it has something to say,
        # wrapped: in the room left beside the search row, a long message (an
        # invalid regex: "missing ), unterminated subpattern at position 0") was
        # cut at the window's edge at 1280×720.
        self.problem.setWordWrap(True)
        self.problem.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.problem.hide()
        # Stop beside "Searching…", on that row: on the search row it made the
        # bar (and a window at its minimum width) 86 pixels wider while a search ran.
        self.problem_row = QWidget()
        problem_layout = QHBoxLayout(self.problem_row)
        problem_layout.setContentsMargins(0, 0, 0, 0)
        problem_layout.addWidget(self.problem, 1)
        problem_layout.addWidget(self.stop)
        self.problem_row.hide()
        self.search.setMinimumWidth(self.fontMetrics().horizontalAdvance("x" * 16))
        self._build_pair_controls()
        self._ngram: NgramRows | None = None
        self.ngram_row = ngram = FilterChip(
            "ngram-chip", REMOVE_NGRAM, "show the sentences of every n-gram again", self
        )
        self.ngram_chip, self.ngram_label = ngram.chip, ngram.label
        self.ngram_remove = ngram.remove_button
        self._documents: DocumentRows | None = None
        self.documents_row = documents = FilterChip(
            "document-chip",
            REMOVE_DOCUMENTS,
            "show the sentences of every document",
            self,
        )
        self.documents_chip, self.documents_label = documents.chip, documents.label
        self.documents_remove = documents.remove_button
        self._effort: EffortRows | None = None
        self.effort_row = FilterChip(
            "effort-chip", REMOVE_EFFORT, "show the sentences of every band", self
        )
        self.margin_row = MarginChip(self)

        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        layout = QHBoxLayout()
        column.addLayout(layout)
        layout.addWidget(self.search, 3)
        for widget in (self.regex, self.case, self.in_hyp, self.in_refs, self.in_src):
            layout.addWidget(widget)
        layout.addWidget(QLabel("BLEU"))
        layout.addWidget(self.min_score)
        layout.addWidget(QLabel("–"))
        layout.addWidget(self.max_score)
        layout.addWidget(self.clear)
        column.addWidget(self.problem_row)
        column.addWidget(self.ngram_row)
        column.addWidget(self.documents_row)
        column.addWidget(self.effort_row)
        column.addWidget(self.margin_row)
        self._connect_signals()

    def _connect_signals(self) -> None:
        self.search.textChanged.connect(self._emit)
        for box in (self.regex, self.case, self.in_hyp, self.in_refs, self.in_src):
            box.toggled.connect(self._emit)
        self.typing_pause.timeout.connect(self._commit_range)
        for spin in (self.min_score, self.max_score):
            # Arrows, the wheel, Enter and focus-out; keys only through the pause.
            spin.valueChanged.connect(self._commit_range)
            spin.editingFinished.connect(self._commit_range)
            spin.lineEdit().textEdited.connect(self.typing_pause.start)
        self.clear.clicked.connect(self.reset)
        self.ngram_remove.clicked.connect(lambda: self.set_ngram(None))
        self.documents_remove.clicked.connect(lambda: self.set_documents(None))
        self.effort_row.remove_button.clicked.connect(lambda: self.set_effort(None))
        self.margin_row.remove_button.clicked.connect(lambda: self.set_margin(None))
        self.stop.clicked.connect(self.stop_requested)
        self.side.currentIndexChanged.connect(self._emit)
        for spin in (self.min_delta, self.max_delta):
            spin.valueChanged.connect(self._on_delta_typed)
            spin.editingFinished.connect(self._on_delta_typed)
            spin.lineEdit().textEdited.connect(self.typing_pause.start)

    def _build_pair_controls(self) -> None:
        """The pair part: which side of A, and a Δ range; hidden until a pair."""
        self.pair_controls = QWidget()
        self.side = QComboBox()
        self.side.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for side in DeltaSide:
            self.side.addItem(side.value, side)
        self.side.setToolTip(
            "Show the sentences where B's sentence BLEU is higher than A's (B "
            "better), lower (B worse) or equal (same), or all of them."
        )
        self.min_delta = QDoubleSpinBox()
        self.max_delta = QDoubleSpinBox()
        for spin, value in (
            (self.min_delta, -DELTA_LIMIT),
            (self.max_delta, DELTA_LIMIT),
        ):
            spin.setRange(-DELTA_LIMIT, DELTA_LIMIT)
            spin.setDecimals(1)
            spin.setValue(value)
            spin.setKeyboardTracking(False)
            spin.setToolTip(
                "Show the sentences whose Δ (B's sentence BLEU minus A's) lies in "
                "this range, bounds included. A click on a bar of the Δ histogram "
                "sets the bar's own range: from its low bound (included, except "
                "0: equal sentences are in no bar) to its high bound (excluded)."
            )
        # The range in force in words, when it is a bar's (half-open but the last).
        self.delta_rule = QLabel()
        self.delta_rule.hide()
        self._delta_bar: DeltaRange | None = None  # the bar clicked, until typing
        delta_label = QLabel("Δ")
        delta_label.setBuddy(self.min_delta)
        show_label = QLabel("S&how")
        show_label.setBuddy(self.side)
        layout = QHBoxLayout(self.pair_controls)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(show_label)
        layout.addWidget(self.side)
        layout.addWidget(delta_label)
        layout.addWidget(self.min_delta)
        layout.addWidget(QLabel("–"))
        layout.addWidget(self.max_delta)
        layout.addWidget(self.delta_rule)
        self.pair_controls.hide()

    @property
    def ngram(self) -> NgramRows | None:
        """The salient n-gram whose sentences are shown, if any."""
        return self._ngram

    def set_ngram(self, ngram: NgramRows | None) -> None:
        """Show only the sentences of `ngram` (None: of every n-gram), and say so.

        The other parts of the filter stay: they combine with it.
        """
        self._ngram = ngram
        self._show_ngram()
        self._emit()

    def _show_ngram(self) -> None:
        ngram = self._ngram
        if ngram is None:
            self.ngram_row.show_filter(None, "")
            return
        count = len(ngram.rows)
        noun = "sentence" if count == 1 else "sentences"
        self.ngram_row.show_filter(
            f"Only {ngram.describe()}",
            f"The {ngram.order}-gram “{' '.join(ngram.gram)}” chosen in the "
            f"salient n-grams: {count:,} {noun} in all, fewer if the filters "
            "above hide some. × or Clear removes it.",
        )

    @property
    def documents(self) -> DocumentRows | None:
        """The documents whose sentences are shown, if only some."""
        return self._documents

    def set_documents(
        self, documents: DocumentRows | None, *, apply: bool = True
    ) -> None:
        """Show only the sentences of `documents` (None: of all), and say so.

        The other parts of the filter stay: they combine with it. `apply=False`
        only shows it, for a caller that requests the whole filter next (a
        session put back: one search, not two).
        """
        self._documents = documents
        self._show_documents()
        if apply:
            self._emit()

    def _show_documents(self) -> None:
        documents = self._documents
        if documents is None:
            self.documents_row.show_filter(None, "")
            return
        count = len(documents.rows)
        noun = "sentence" if count == 1 else "sentences"
        self.documents_row.show_filter(
            f"Only {documents.describe()}",
            f"Chosen in the documents view: {count:,} {noun} in all, fewer if the "
            "filters above hide some. × or Clear removes it.",
        )

    @property
    def effort(self) -> EffortRows | None:
        """The effort band (or "B needs less work") whose sentences are shown."""
        return self._effort

    def set_effort(self, effort: EffortRows | None) -> None:
        """Show only the sentences of `effort` (None: all), as a chip that says so."""
        self._effort = effort
        self._show_effort()
        self._emit()

    def _show_effort(self) -> None:
        effort = self._effort
        text = None if effort is None else f"Only {effort.words}"
        count = 0 if effort is None else len(effort.rows)
        self.effort_row.show_filter(
            text,
            f"Chosen in the Effort tab: {count:,} "
            f"{'sentence' if count == 1 else 'sentences'} in all, fewer if the "
            "filters above hide some. × or Clear removes it.",
        )

    def set_margin(self, margin: MarginRows | None) -> None:
        """Show only the sentences of `margin` (None: all), as a chip that says so."""
        self.margin_row.show_rows(margin)
        self._emit()

    def current_filter(self) -> SentenceFilter:
        """The filter the controls describe."""
        return SentenceFilter(
            text=self.search.text(),
            regex=self.regex.isChecked(),
            case_sensitive=self.case.isChecked(),
            in_hypothesis=self.in_hyp.isChecked(),
            in_references=self.in_refs.isChecked(),
            in_source=self.in_src.isChecked(),
            min_score=typed_number(self.min_score, self.min_score.value()),
            max_score=typed_number(self.max_score, self.max_score.value()),
            side=self.side.currentData(),
            delta=self._delta_range(),
            ngram=self._ngram,
            documents=self._documents,
            effort=self._effort,
            margin=self.margin_row.rows,
        )

    def _delta_range(self) -> DeltaRange:
        """The Δ range the fields say: a clicked bar's, or the typed bounds."""
        low = typed_number(self.min_delta, self.min_delta.value())
        high = typed_number(self.max_delta, self.max_delta.value())
        bar = self._delta_bar
        if bar is not None and (bar.low, bar.high) == (low, high):
            return bar
        return DeltaRange(low, high)

    def set_pair_names(self, names: tuple[str, str] | None) -> None:
        """Show the pair part for systems A and B so named; None: hide it.

        Hidden, the pair part keeps its values (they apply again with the next
        pair); Clear resets them.
        """
        self.pair_controls.setVisible(names is not None)
        self.pair_controls.setEnabled(names is not None)
        if names is None:
            return
        a, b = names
        for index in range(self.side.count()):
            self.side.setItemText(index, self.side.itemData(index).words(b))
        self.side.setItemData(
            1,
            f"B ({b}) scores the sentence higher than A ({a})",
            Qt.ItemDataRole.ToolTipRole,
        )
        self.side.setItemData(
            2,
            f"B ({b}) scores the sentence lower than A ({a})",
            Qt.ItemDataRole.ToolTipRole,
        )
        self.side.setItemData(
            3,
            f"{a} and {b} score the sentence the same (Δ = 0)",
            Qt.ItemDataRole.ToolTipRole,
        )

    def set_delta_bar(self, bar: DeltaRange) -> None:
        """Show only the sentences of a Δ histogram bar (its half-open range).

        The side goes back to all: a bar is on one side of 0 already. A field
        being typed in keeps what the user types.
        """
        self._delta_bar = bar
        for spin, value in ((self.min_delta, bar.low), (self.max_delta, bar.high)):
            if not spin.hasFocus():
                spin.blockSignals(True)
                spin.setValue(value)
                spin.blockSignals(False)
        self.side.blockSignals(True)
        self.side.setCurrentIndex(0)
        self.side.blockSignals(False)
        self._emit()

    def _on_delta_typed(self) -> None:
        """A Δ field committed: its bounds are typed ones now (inclusive)."""
        low = typed_number(self.min_delta, self.min_delta.value())
        high = typed_number(self.max_delta, self.max_delta.value())
        bar = self._delta_bar
        if bar is not None and (bar.low, bar.high) != (low, high):
            self._delta_bar = None
        self._commit_range()

    def set_score_range(self, low: float, high: float) -> None:
        """Show only sentences scoring in [low, high] (e.g. from a histogram click).

        A field being typed in keeps what the user types.
        """
        for spin, value in ((self.min_score, low), (self.max_score, high)):
            if not spin.hasFocus():
                spin.blockSignals(True)
                spin.setValue(value)
                spin.blockSignals(False)
        self._emit()

    def reset(self) -> None:
        """Show every sentence."""
        widgets = (
            self.search,
            self.min_score,
            self.max_score,
            self.side,
            self.min_delta,
            self.max_delta,
        )
        for widget in widgets:
            widget.blockSignals(True)
        self.search.clear()
        self.min_score.setValue(0.0)
        self.max_score.setValue(100.0)
        self.side.setCurrentIndex(0)
        self.min_delta.setValue(-DELTA_LIMIT)
        self.max_delta.setValue(DELTA_LIMIT)
        self._delta_bar = None
        self._ngram = None
        self._show_ngram()
        self._documents = None
        self._show_documents()
        self._effort = None
        self._show_effort()
        self.margin_row.show_rows(None)
        for widget in widgets:
            widget.blockSignals(False)
        self._emit()

    def show_problem(self, message: str) -> None:
        """Say why the filter was not applied (an invalid regex, a stopped search)."""
        self.problem.setText(message)
        self.problem.setToolTip(message)
        self.problem.setVisible(bool(message))
        self._show_problem_row()

    def set_searching(self, searching: bool) -> None:
        """Say that a search runs, and offer to stop it."""
        self.stop.setVisible(searching)
        if searching:
            self.show_problem(SEARCHING)
        elif self.problem.text() == SEARCHING:
            self.show_problem("")
        self._show_problem_row()

    def _show_problem_row(self) -> None:
        """The row under the search, while it has a message or a Stop to show."""
        self.problem_row.setVisible(
            not self.problem.isHidden() or not self.stop.isHidden()
        )

    def _commit_range(self) -> None:
        """A score field committed (pause, Enter, focus-out, arrows): filter by it."""
        self.typing_pause.stop()
        if self.current_filter() != self._last:
            self._emit()

    def _emit(self) -> None:
        self.typing_pause.stop()
        self.show_problem("")
        self._last = self.current_filter()
        delta = self._last.delta
        bar = delta == self._delta_bar  # a bar's range: say which bounds count
        self.delta_rule.setText(delta.describe() if bar else "")
        self.delta_rule.setVisible(bar)
        self.filter_requested.emit(self._last)
