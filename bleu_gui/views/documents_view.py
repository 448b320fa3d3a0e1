"""The Documents dock: per-document BLEU of every system, Δ, a document-level test.

`DocumentsView` is the widget: a line saying how many documents and which pair,
the table (`models.documents_model.DocumentsModel`, sorted by a header click, by
the numbers), and the document bootstrap's button and result, labelled wherever
they show as not sacreBLEU's test. A click on a document, or Enter on it, asks
for the sentence table to show that document's sentences (`document_chosen`).

`DocumentsPanel` places it in a dock and keeps it in step with the `Session`:
the test set's document ids (the dock shows only when there are some), the
systems scored under the current options, the pair (A the baseline, B the shown
system). A chosen document goes to the filter bar (`FilterBar.set_documents`),
where it combines with the other filters and shows as a chip with a × button;
other documents (another test set, other ids) drop it, and `dropped(message)`
says so. The File menu's "Document ids…" (`ids_action`) reads a file of one id
per line for a test set read from text files (`Session.open_documents`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import (
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.core import BleuConfig
from bleu_gui.core.config import ConfigError
from bleu_gui.core.documents import DOCUMENT_TEST_LABEL, Documents, DocumentTestResult
from bleu_gui.core.significance import DEFAULT_SEED
from bleu_gui.models.documents_model import (
    DOCUMENT_ROLE,
    DocumentsInput,
    DocumentsModel,
    DocumentTest,
    describe_result,
)
from bleu_gui.models.sentence_filter import DocumentRows, SentenceFilter
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import StatsKey, System, Workspace
from bleu_gui.models.workspace_change import Moved, follow
from bleu_gui.views.filter_bar import FilterBar

__all__ = [
    "DOCK_NAME",
    "RUN_TEST",
    "DocumentsPanel",
    "DocumentsView",
    "dropped_message",
]

DOCK_NAME = "documents-dock"
"""The dock's object name: the key of its place in the saved layout."""

RUN_TEST = f"Test B against A: {DOCUMENT_TEST_LABEL}"
"""The test button's text."""


def dropped_message(documents: DocumentRows) -> str:
    """What the window says when the filter of `documents` is dropped."""
    return (
        f"The filter to {documents.describe()} was removed: the test set's "
        "documents changed."
    )


class DocumentsView(QWidget):
    """The documents table, what it shows in a line, and the document test.

    Signals:
        document_chosen: (id) a document was clicked, or Enter pressed on it.
        test_requested: the test button was pressed.
    """

    document_chosen = Signal(str)
    test_requested = Signal()

    def __init__(self, model: DocumentsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.table = QTableView()
        self.table.setModel(model)
        # Documents in their order until a header is clicked.
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # Several rows (Ctrl/Shift-click) for Ctrl+C; a click still filters to one.
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        header.setHighlightSections(False)
        # A system's name wider than its number column ends in "…" (its tooltip
        # names it whole): wrapped, "Lan-Bridge" broke into "Lan-" over
        # "Bridge", and a name without a hyphen was cut at both ends.
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.test_button = QPushButton(RUN_TEST)
        self.test_button.setToolTip(
            "Paired bootstrap resampling of whole documents: sacreBLEU's paired "
            "bootstrap with documents drawn instead of segments (the same seed and "
            "arithmetic; with one segment per document it is sacreBLEU's test). "
            "Segments of one document are not independent; this test respects it."
        )
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        test_row = QHBoxLayout()
        test_row.setContentsMargins(0, 0, 0, 0)
        test_row.addWidget(self.test_button)
        test_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 1)
        layout.addLayout(test_row)
        layout.addWidget(self.result)
        self.table.clicked.connect(self._on_chosen)
        self.table.activated.connect(self._on_chosen)  # Enter (and double-click)
        self.test_button.clicked.connect(self.test_requested)
        model.modelReset.connect(self._fit_columns)

    def show_input(self, given: DocumentsInput | None, computing: bool) -> None:
        """Say how many documents, which pair, and whether scores are coming."""
        if given is None:
            self.caption.setText("No document ids in this test set.")
            return
        documents = given.documents
        count = len(documents)
        words = [f"{count:,} document{'s' if count != 1 else ''}"]
        words.append(f"{documents.segments:,} segments")
        pair = given.pair_names
        if pair is None:
            words.append("Δ: choose two systems")
        else:
            a, b = pair
            words.append(f"Δ = B − A: {b} − {a}")
        text = " · ".join(words)
        if not documents.contiguous:
            text += " (some documents' segments are not consecutive)"
        if computing:
            text += " · scoring…"
        self.caption.setText(text)

    def set_test_state(self, why_not: str | None, running: bool) -> None:
        """Enable the test button (or say in its tooltip why it cannot run)."""
        self.test_button.setEnabled(why_not is None and not running)
        self.test_button.setText("Testing…" if running else RUN_TEST)
        self.test_button.setStatusTip(why_not or "")
        if why_not is not None and not running:
            self.test_button.setToolTip(f"Not now: {why_not}.")
        else:
            self.test_button.setToolTip(
                f"{DOCUMENT_TEST_LABEL}: sacreBLEU's paired bootstrap with whole "
                "documents drawn instead of segments."
            )

    def show_result(self, text: str) -> None:
        """Show the test's result (labelled by its own words), or nothing."""
        self.result.setText(text)

    def select_document(self, document: str | None) -> None:
        """Select the row of `document` (None: no row); a selection holding it stays.

        Not `selectRow`, which follows the keyboard's modifiers: during a
        Ctrl+click it took the clicked row out of the selection again.
        """
        row = None if document is None else self.model.row_of(document)
        if row is None:
            self.table.clearSelection()
            return
        index = self.model.index(row, 0)
        selection = self.table.selectionModel()
        if not selection.isRowSelected(row):
            flags = QItemSelectionModel.SelectionFlag
            selection.select(index, flags.ClearAndSelect | flags.Rows)
            selection.setCurrentIndex(index, flags.NoUpdate)
        self.table.scrollTo(index)

    def _on_chosen(self, index: QModelIndex | QPersistentModelIndex) -> None:
        document = index.data(DOCUMENT_ROLE)
        if isinstance(document, str):
            self.document_chosen.emit(document)

    def _fit_columns(self) -> None:
        """Columns as wide as their contents, but narrow enough for a dock.

        The id at most a third of the view; a number column as wide as "−100.00"
        and the sort arrow, its header elided beyond (its tooltip names the
        system): the Δ column, last, stays in sight in a 400-pixel dock.
        """
        table = self.table
        table.resizeColumnsToContents()
        widest = max(80, table.viewport().width() // 3)
        if table.columnWidth(0) > widest:
            table.setColumnWidth(0, widest)
        number = table.fontMetrics().horizontalAdvance("−100.00") + 28
        for column in range(1, self.model.columnCount()):
            if table.columnWidth(column) > number:
                table.setColumnWidth(column, number)


@dataclass(frozen=True, slots=True, eq=False)
class _Fed:
    """What the view was last given, to give it nothing twice.

    The document ids and the statistics by their keys (`Workspace.documents_key`,
    `System.stats_key`): ids given anew, or statistics counted anew, are new.
    """

    ids: int | None
    names: tuple[str, ...]
    stats: tuple[StatsKey, ...]
    config: BleuConfig
    pair: tuple[int, int] | None

    def same(self, other: _Fed) -> bool:
        return (
            self.ids == other.ids
            and self.names == other.names
            and self.stats == other.stats
            and self.config == other.config
            and self.pair == other.pair
        )


class DocumentsPanel(QObject):
    """The Documents dock and its wiring to the session and the filter bar.

    The main window places `dock` and puts `ids_action` in its File menu; it
    calls `shutdown` when it closes.

    Signals:
        dropped: (message) the document filter was removed: other documents.
    """

    dropped = Signal(str)

    def __init__(
        self,
        session: Session,
        filter_bar: FilterBar,
        window: QMainWindow,
        seed: Callable[[], int | None] | None = None,
    ) -> None:
        """Create the panel.

        `seed`: the tests' seed (the Systems dock's field; it raises
        `ConfigError` when the field holds none); None: sacreBLEU's default.
        """
        super().__init__(window)
        self._seed = seed or (lambda: DEFAULT_SEED)
        self.session = session
        self.filter_bar = filter_bar
        self.model = DocumentsModel(self)
        self.test = DocumentTest(parent=self)
        self.view = DocumentsView(self.model)
        self.dock = QDockWidget("Documents", window)
        self.dock.setObjectName(DOCK_NAME)
        self.dock.setWidget(self.view)
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.dock.hide()
        self.ids_action = QAction("Document &ids…", window)
        self.ids_action.setToolTip(
            "Give each segment of the test set a document id: a text file with one "
            "id per line, a line per segment"
        )
        self.ids_action.setEnabled(False)
        # Asks for the document-id file; tests replace it.
        self.choose_file: Callable[[], Path | None] = self._ask_file
        self._documents: Documents | None = None  # of `_ids`
        self._ids: int | None = None  # `Workspace.documents_key`; None: no ids
        self._fed = _Fed(None, (), (), BleuConfig(), None)
        self._connect_signals()
        self.sync()

    def _connect_signals(self) -> None:
        session = self.session
        follow(
            session.workspace_changed,
            Moved.ROWS
            | Moved.SYSTEMS
            | Moved.PAIR
            | Moved.DOCUMENTS
            | Moved.SCORED
            | Moved.CONFIG,
            self.sync,
            self,
        )
        self.view.document_chosen.connect(self.choose)
        self.view.test_requested.connect(self._on_test_requested)
        self.model.computing_changed.connect(self._show_state)
        self.test.running_changed.connect(self._show_state)
        self.test.finished.connect(self._on_test_finished)
        self.test.failed.connect(self.view.show_result)
        self.filter_bar.filter_requested.connect(self._on_filter_requested)
        self.ids_action.triggered.connect(self._on_ids_action)

    # --- the session's state ----------------------------------------------------------

    @property
    def documents(self) -> Documents | None:
        """The test set's documents, if it has document ids."""
        return self._documents

    def sync(self) -> None:
        """Show the session's documents, systems and pair; the dock only with ids."""
        workspace = self.session.workspace
        test_set = workspace.test_set
        self.ids_action.setEnabled(test_set is not None)
        ids = None if test_set is None else test_set.documents
        key = None if ids is None else workspace.documents_key
        if key != self._ids:
            self._ids = key
            self._documents = None if ids is None else Documents.of(ids)
            self._drop_filter()
        given = self._input(workspace)
        if given is None:
            self._fed = _Fed(None, (), (), BleuConfig(), None)
            self.model.set_input(None)
        else:
            stats = tuple(s.stats_key for s in self._usable(workspace))
            fed = _Fed(key, given.names, stats, given.config, given.pair)
            if not fed.same(self._fed):
                self._fed = fed
                self.test.cancel()
                self.view.show_result("")
                self.model.set_input(given)
                chosen = self.filter_bar.documents
                if chosen is not None and len(chosen.ids) == 1:
                    self.view.select_document(next(iter(chosen.ids)))
        if self._documents is None:
            self.dock.hide()
        elif self.dock.isHidden():
            self.dock.show()
            self.dock.raise_()
        self._show_state()

    def _input(self, workspace: Workspace) -> DocumentsInput | None:
        """The systems scored under the options, the pair among them."""
        documents = self._documents
        if documents is None:
            return None
        config = workspace.config
        usable = self._usable(workspace)
        short = workspace.short_names()
        ids = [s.id for s in usable]
        pair = None
        if workspace.pair is not None:
            a, b = workspace.pair
            if a.id in ids and b.id in ids:
                pair = (ids.index(a.id), ids.index(b.id))
        return DocumentsInput(
            documents,
            tuple(short[s.id] for s in usable),
            tuple(s.stats for s in usable if s.stats is not None),
            config,
            pair,
            tuple(s.hypothesis.lines for s in usable),
        )

    def _usable(self, workspace: Workspace) -> list[System]:
        """The systems scored under the options, of the documents' segments."""
        documents = self._documents
        return [
            s
            for s in workspace.systems
            if documents is not None
            and s.scored_under(workspace.config)
            and s.stats is not None
            and len(s.stats) == documents.segments
        ]

    def _show_state(self) -> None:
        given = self.model.input
        self.view.show_input(given, self.model.is_computing)
        self.view.set_test_state(DocumentTest.why_not(given), self.test.is_running)

    # --- user intents ---------------------------------------------------------------

    def choose(self, document: str) -> None:
        """Filter the sentence table to the sentences of `document`."""
        documents = self._documents
        if documents is None or document not in documents.ids:
            return
        self.filter_bar.set_documents(DocumentRows.of(documents, frozenset({document})))

    def _on_filter_requested(self, spec: SentenceFilter) -> None:
        """The document filter's row selected (one document), or none (×, Clear).

        A filter put back from a session file selects its document as a click does.
        """
        chosen = spec.documents
        if chosen is not None and len(chosen.ids) == 1:
            self.view.select_document(next(iter(chosen.ids)))
        else:
            self.view.table.clearSelection()

    def _drop_filter(self) -> None:
        """Other documents: a filter to the old ones' rows goes."""
        chosen = self.filter_bar.documents
        if chosen is None:
            return
        self.filter_bar.set_documents(None)
        self.dropped.emit(dropped_message(chosen))

    def _on_test_requested(self) -> None:
        try:
            seed = self._seed()
        except ConfigError as error:
            self.view.show_result(f"{error}.")
            return
        self.view.show_result("")
        self.test.start(self.model.input, seed)

    def _on_test_finished(
        self, result: DocumentTestResult, names: tuple[str, str]
    ) -> None:
        self.view.show_result(describe_result(result, names))

    def _on_ids_action(self) -> None:
        path = self.choose_file()
        if path is not None:
            self.session.open_documents(path)

    def _ask_file(self) -> Path | None:
        parent = self.parent()
        assert isinstance(parent, QWidget)
        name, _ = QFileDialog.getOpenFileName(
            parent, "Document ids: one per line, a line per segment"
        )
        return Path(name) if name else None

    def shutdown(self) -> None:
        """Stop the test's process and the scoring (the window closes)."""
        self.test.shutdown()
        self.model.cancel()
