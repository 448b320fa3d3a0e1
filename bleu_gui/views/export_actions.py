"""File › Export and Edit › Copy: the window's tables to files and to the clipboard.

Exports go through `io.table_export` (the command line's code path too); the rows
come from the models (`models.export_rows`), never from the widgets' text. Each
action says what it did in the status bar ("Exported 132 sentences to x.csv",
"Copied 3 rows"); a failure is one line (the status bar and the error banner),
never a traceback, and leaves no half-written file (`safe_write`).

Exporting 100,000 sentences takes seconds (collecting 11 columns' cells ~3 s,
laying out a workbook ~10 s more; docs/design.md), so the rows are collected and
the workbook laid out in slices on the GUI thread between which the window stays
responsive (`SliceWorker`), and the file is made on a thread of its own. The
systems table (a row per system) and a copy of the selected rows are immediate.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QStackedWidget, QWidget

from bleu_gui.core.edits import Edits
from bleu_gui.io import InputError
from bleu_gui.io.safe_write import write_bytes
from bleu_gui.io.systems_table import SYSTEMS_FORMATS
from bleu_gui.io.table_export import (
    ExportFormat,
    Table,
    format_of,
    rows_as_tsv,
    write_table,
    xlsx_steps,
)
from bleu_gui.models.export_rows import (
    NOT_SCORED,
    EditMarks,
    edit_marks,
    sentence_table,
    sentence_table_steps,
    systems_table,
)
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.session import Session
from bleu_gui.models.systems_model import SystemsModel
from bleu_gui.views.delta_panel import DeltaPanel
from bleu_gui.views.documents_view import DocumentsView
from bleu_gui.views.explain_panel import ExplainPanel
from bleu_gui.views.menu_action import menu_action
from bleu_gui.views.sentence_table import SentenceTableView
from bleu_gui.workers import Job, SliceWorker, blocking_call

if TYPE_CHECKING:  # its library loads when changes are exported
    from bleu_gui.core.changes import TextChanges

__all__ = [
    "DOCUMENTS_FORMATS",
    "SENTENCE_FORMATS",
    "SYSTEMS_FORMATS",
    "ExportActions",
]

_EXPORT = "export"  # the key of the export's job: one at a time

SENTENCE_FORMATS = (
    ExportFormat.CSV,
    ExportFormat.TSV,
    ExportFormat.JSON,
    ExportFormat.XLSX,
)


def _format_words(formats: Sequence[ExportFormat]) -> str:
    """The formats a tooltip names ("CSV, TSV or LaTeX"), from the list offered."""
    labels = [f.label for f in formats]
    return ", ".join(labels[:-1]) + " or " + labels[-1]


DOCUMENTS_FORMATS = SYSTEMS_FORMATS
"""The documents table's formats: a table of a row per document, as the systems'."""

# Asks where to save: (title, name filters, the filter selected) -> (path, filter);
# replaced in tests.
AskPath = Callable[[str, Sequence[ExportFormat]], tuple[Path, ExportFormat] | None]


class ExportActions(QObject):
    """The export and copy actions of a window, and what they do.

    Signals:
        done: what an action did, in words for the status bar.
        failed: why an action failed, one line.
        export_finished: a file was written (its path).
    """

    done = Signal(str)
    failed = Signal(str)
    export_finished = Signal(object)

    def __init__(
        self,
        window: QWidget,
        session: Session,
        browser: SentenceBrowser,
        table: SentenceTableView,
        systems: SystemsModel,
        explain: ExplainPanel,
        delta: DeltaPanel,
        documents: DocumentsView,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._session = session
        self._browser = browser
        self._table = table
        self._systems = systems
        self._explain = explain
        self._delta = delta
        self._documents = documents
        # One export at a time: a new one supersedes the one being made.
        self._jobs = JobRunner(self)
        self._jobs.progress_changed.connect(self._on_progress)
        self.ask_path: AskPath = self._ask_path
        self.export_menu = QMenu("&Export", window)
        self.sentences_action = self._action(
            "&Sentences as shown…", self.export_sentences
        )
        self.sentences_action.setToolTip(
            "The sentence table as shown (the filtered rows, in their order, with "
            "the columns shown) as " + _format_words(SENTENCE_FORMATS)
        )
        self.systems_action = self._action("S&ystems table…", self.export_systems)
        self.systems_action.setToolTip(
            "The systems table (BLEU, Δ to the baseline and why, the test) as "
            + _format_words(SYSTEMS_FORMATS)
        )
        self.documents_action = self._action("&Documents table…", self.export_documents)
        self.documents_action.setToolTip(
            "The Documents dock's table (each document's segments, every system's "
            "BLEU on it, the pair's Δ) in the order shown, as "
            + _format_words(DOCUMENTS_FORMATS)
        )
        self.export_menu.addAction(self.sentences_action)
        self.export_menu.addAction(self.systems_action)
        self.export_menu.addAction(self.documents_action)
        # Enabled while the test set has document ids (the dock shows them).
        self.documents_action.setEnabled(False)
        documents.model.modelReset.connect(
            lambda: self.documents_action.setEnabled(documents.model.rowCount() > 0)
        )
        self.copy_rows_action = self._action("&Copy rows", self.copy_rows)
        self.copy_rows_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Copy))
        # Ctrl+C copies rows where the table has the focus; elsewhere (a text
        # field, the explain panel) it copies what is selected there.
        self.copy_rows_action.setShortcutContext(
            Qt.ShortcutContext.WidgetWithChildrenShortcut
        )
        table.addAction(self.copy_rows_action)
        # Ctrl+C in the Documents dock: its selected rows, every cell (Qt's own
        # copy would take the current cell's text, the id alone).
        self.copy_documents_action = QAction("Copy documents", documents.table)
        self.copy_documents_action.setShortcut(
            QKeySequence(QKeySequence.StandardKey.Copy)
        )
        self.copy_documents_action.setShortcutContext(
            Qt.ShortcutContext.WidgetWithChildrenShortcut
        )
        self.copy_documents_action.triggered.connect(self.copy_documents)
        documents.table.addAction(self.copy_documents_action)
        self.copy_explanation_action = self._action(
            "Copy &explanation", self.copy_explanation
        )

    def _action(self, text: str, slot: Callable[[], object]) -> QAction:
        return menu_action(self._window, text, slot)

    def fill_edit_menu(self, edit_menu: QMenu) -> None:
        """Add the copies to `edit_menu` (the window places `export_menu`)."""
        edit_menu.addAction(self.copy_rows_action)
        edit_menu.addAction(self.copy_explanation_action)

    @property
    def busy(self) -> bool:
        """Whether an export of the sentences is running."""
        return self._jobs.is_busy

    # --- the sentence table ----------------------------------------------------------

    def _shown_name(self) -> str:
        """The shown system as the table's headers and the pair bar name it."""
        session = self._session
        names = session.workspace.short_names()
        if session.shown in names:
            return names[session.shown]
        files = session.files
        return files.hypotheses[0].name if files and files.hypotheses else "the system"

    def _changes(self) -> Callable[[int], TextChanges | None]:
        """A corpus row's track changes into its closest reference (XLSX only).

        From the texts the shown system's effort was counted from (its edits
        included), against the reference its edit rates are of; None while the
        effort is still being counted, as the effort's own cells are.
        """
        from bleu_gui.core.changes import text_changes

        shown = self._session.workspace.shown_system
        counted = None if shown is None else shown.effort
        if shown is None or counted is None or not counted.is_of(shown.texts_key):
            return lambda _row: None
        hypotheses = counted.corpus.hypothesis.lines
        references = [reference.lines for reference in counted.corpus.references]
        closest = counted.effort.closest

        def changes(row: int) -> TextChanges:
            reference = references[int(closest[row])][row]
            return text_changes(hypotheses[row], reference or "")

        return changes

    def _shown_edits(self) -> Edits:
        """The shown system's what-if edits: the text column shows them."""
        shown = self._session.shown
        return Edits() if shown is None else self._session.edits(shown)

    def _edit_marks(self) -> tuple[EditMarks, ...]:
        """The "Edited" columns: the shown system's, or A's and B's of a pair."""
        pair, model = self._session.workspace.pair, self._browser.model
        names = model.pair_names
        if pair is None or model.pair is None or names is None:
            return edit_marks(self._shown_edits())
        a, b = pair
        return edit_marks(
            self._shown_edits(), ((names[0], a.edits), (names[1], b.edits))
        )

    def _sentences_warnings(self) -> tuple[str, ...]:
        """The warnings about the files of the systems the sentence table shows."""
        workspace = self._session.workspace
        pair = workspace.pair
        if pair is not None and self._browser.model.pair is not None:
            return self._session.notices(system.id for system in pair)
        shown = workspace.shown
        return () if shown is None else self._session.notices([shown])

    def _segment_documents(self) -> tuple[str, ...] | None:
        """Each segment's document id, when the test set has them."""
        test_set = self._session.workspace.test_set
        return None if test_set is None else test_set.documents

    def _sentences_words(self) -> tuple[str, list[str]]:
        """The sentence table's title and signature lines, as exported."""
        model = self._browser.model
        shown, total = model.rowCount(), len(model.hypotheses)
        title = f"Sentences of {self._shown_name()}: {shown:,} of {total:,} shown"
        signature: list[str] = []
        scores = self._session.workspace.shown_scores
        if scores is not None:
            signature.append(f"Sentence BLEU: {scores.sentence_signature}")
        names = model.pair_names
        if model.pair is not None and names is not None:
            signature.append(f"A: {names[0]} (baseline); B: {names[1]}")
        return title, signature

    def export_sentences(self, path: Path | None = None) -> None:
        """Export the sentence table as shown to `path` (None: ask where).

        In slices on the GUI thread (`SliceWorker`): collecting 100,000 rows'
        cells takes seconds, and the window stays responsive meanwhile. A change
        of the table on the way (a filter, a sort, new scores) stops the export,
        which says so: the file would not be the table shown.
        """
        model = self._browser.model
        if model.rowCount() == 0:
            self.failed.emit("Nothing to export: no sentence is shown")
            return
        chosen = self._choose("Export the sentences as shown", SENTENCE_FORMATS, path)
        if chosen is None:
            return
        target, export_format = chosen
        if self._session.workspace.shown_scores is None:
            self.failed.emit(f"Cannot export yet: {NOT_SCORED}")
            return
        title, signature = self._sentences_words()
        shown = self._table.shown_columns()
        edits, marks = self._shown_edits(), self._edit_marks()
        warnings = self._sentences_warnings()
        documents = self._segment_documents()
        changes = self._changes() if export_format is ExportFormat.XLSX else None

        collecting = [True]  # the table is read from the model until it is False

        def job() -> Job:
            table = yield from sentence_table_steps(
                model,
                shown,
                title=title,
                signature=signature,
                edits=edits,
                marks=marks,
                warnings=warnings,
                documents=documents,
                changes=changes,
            )
            collecting[0] = False  # a change of the model from now on is harmless
            yield from self._write_steps(target, table, export_format)
            return len(table.values)

        self._run(job, target, collecting)

    # --- the systems table -----------------------------------------------------------

    def export_systems(self, path: Path | None = None) -> None:
        """Export the systems table to `path` (None: ask where)."""
        count = self._systems.rowCount()
        if count == 0:
            self.failed.emit("Nothing to export: no system is open")
            return
        chosen = self._choose("Export the systems table", SYSTEMS_FORMATS, path)
        if chosen is None:
            return
        target, export_format = chosen
        table = systems_table(self._systems, self._session.notices())
        self._write(
            target, table, export_format, f"{count} system{'s' if count != 1 else ''}"
        )

    # --- the documents table ---------------------------------------------------------

    def _documents_table(self, rows: Sequence[int] | None = None) -> Table:
        """The Documents dock's rows `rows` (None: all), as exported.

        With the corpus signature and the pair named.

        Raises:
            ValueError: no documents, or their scores are still coming.
        """
        model = self._documents.model
        given = model.input
        signature: list[str] = []
        scores = self._session.workspace.shown_scores
        if scores is not None:
            signature.append(f"BLEU: {scores.signature}")
        names = None if given is None else given.pair_names
        if names is not None:
            signature.append(f"A: {names[0]} (baseline); B: {names[1]}")
        return model.table(rows, signature=signature, warnings=self._session.notices())

    def export_documents(self, path: Path | None = None) -> None:
        """Export the Documents dock's table, in its order, to `path` (None: ask)."""
        if self._documents.model.rowCount() == 0:
            self.failed.emit(
                "Nothing to export: the test set has no document ids (File › "
                "Document ids… gives them)"
            )
            return
        chosen = self._choose("Export the documents table", DOCUMENTS_FORMATS, path)
        if chosen is None:
            return
        target, export_format = chosen
        try:
            table = self._documents_table()
        except ValueError as error:
            self.failed.emit(f"Cannot export yet: {error}")
            return
        count = len(table.values)
        self._write(
            target, table, export_format, f"{count} document{'s' if count != 1 else ''}"
        )

    def copy_documents(self) -> None:
        """Copy the Documents dock's selected rows, every cell, as TSV with a header."""
        selection = self._documents.table.selectionModel()
        rows = sorted({index.row() for index in selection.selectedRows()})
        if not rows:
            self.done.emit("No documents selected: select rows of the Documents table")
            return
        try:
            table = self._documents_table(rows)
        except ValueError as error:
            self.failed.emit(f"Cannot copy yet: {error}")
            return
        QGuiApplication.clipboard().setText(rows_as_tsv(table))
        count = len(rows)
        self.done.emit(f"Copied {count} document{'s' if count != 1 else ''}")

    # --- copies ----------------------------------------------------------------------

    def copy_rows(self) -> None:
        """Copy the selected rows of the sentence table as TSV, with a header."""
        selection = self._table.selectionModel()
        rows = sorted({index.row() for index in selection.selectedRows()})
        if not rows:
            self.done.emit("No rows selected: select rows of the sentence table")
            return
        title, signature = self._sentences_words()
        try:
            table = sentence_table(
                self._browser.model,
                self._table.shown_columns(),
                title=title,
                signature=signature,
                table_rows=rows,
                edits=self._shown_edits(),
                marks=self._edit_marks(),
                documents=self._segment_documents(),
            )
        except ValueError as error:
            self.failed.emit(f"Cannot copy yet: {error}")
            return
        QGuiApplication.clipboard().setText(rows_as_tsv(table))
        self.done.emit(f"Copied {len(rows)} row{'s' if len(rows) != 1 else ''}")

    def copy_explanation(self) -> None:
        """Copy the Explain tab's words as plain text: the page it shows.

        Comparing two systems with "A vs B" chosen, the Δ's explanation (the
        corpus's and the sentence's); else the sentence's BLEU, order by order.
        """
        delta = self._delta
        stack = delta.parentWidget()
        if isinstance(stack, QStackedWidget) and stack.currentWidget() is delta:
            text = "\n\n".join(
                part for part in (delta.corpus_text(), delta.plain_text()) if part
            )
        elif self._explain.explanation() is not None:
            text = self._explain.plain_text()
        else:
            text = ""
        if not text.strip():
            self.done.emit("No explanation shown: select a sentence first")
            return
        QGuiApplication.clipboard().setText(text)
        self.done.emit("Copied the explanation")

    # --- writing ---------------------------------------------------------------------

    def _choose(
        self, title: str, formats: Sequence[ExportFormat], path: Path | None
    ) -> tuple[Path, ExportFormat] | None:
        """Where to write and in which format: `path` by its extension, or asked."""
        if path is None:
            return self.ask_path(title, formats)
        try:
            return path, format_of(path, formats)
        except InputError as error:
            self.failed.emit(str(error))
            return None

    def _ask_path(
        self, title: str, formats: Sequence[ExportFormat]
    ) -> tuple[Path, ExportFormat] | None:
        filters = [f.name_filter for f in formats]
        name, chosen_filter = QFileDialog.getSaveFileName(
            self._window, title, "", ";;".join(filters), filters[0]
        )
        if not name:
            return None
        path = Path(name)
        export_format = (
            formats[filters.index(chosen_filter)]
            if (chosen_filter in filters)
            else formats[0]
        )
        for candidate in formats:  # an extension typed wins over the filter
            if path.suffix.lower() in candidate.extensions:
                return path, candidate
        return path.with_name(path.name + export_format.extensions[0]), export_format

    def _write(
        self, path: Path, table: Table, export_format: ExportFormat, what: str
    ) -> None:
        try:
            write_table(path, table, export_format)
        except InputError as error:
            self.failed.emit(str(error))
            return
        self.done.emit(f"Exported {what} to {path.name}")
        self.export_finished.emit(path)

    @staticmethod
    def _write_steps(path: Path, table: Table, export_format: ExportFormat) -> Job:
        """Write `table` in steps, whole or not at all.

        A workbook is laid out in steps and compressed on a thread; a text
        format is made and written on a thread (a second for 100,000 rows).
        """
        if export_format is ExportFormat.XLSX:
            buffer = io.BytesIO()
            save = yield from xlsx_steps(table, buffer)
            yield from blocking_call(save, lambda: f"Compressing {path.name}")
            write_bytes(path, buffer.getvalue())
        else:
            yield from blocking_call(
                lambda: write_table(path, table, export_format),
                lambda: f"Writing {path.name}",
            )

    def _run(self, job: Callable[[], Job], path: Path, collecting: list[bool]) -> None:
        """Run an export job in slices.

        A change of the table stops it while `collecting[0]`: the rows are being
        read from the model, and the file would be of no table ever shown.
        """
        worker = SliceWorker(job, self)
        model = self._browser.model
        changes = (
            model.modelReset,
            model.layoutChanged,
            model.columnsInserted,
            model.columnsRemoved,
        )

        def changed() -> None:
            if not collecting[0] or worker.is_cancelled:
                return
            worker.cancel()
            self.failed.emit(
                f"The sentence table changed while it was exported: {path.name} was "
                "not written; export it again"
            )

        def ended() -> None:  # superseded too: its worker still says it ended
            for signal in changes:
                signal.disconnect(changed)

        for signal in changes:
            signal.connect(changed)
        signals = worker.signals
        for end in (signals.finished, signals.failed, signals.cancelled):
            end.connect(ended)
        self._jobs.start(
            _EXPORT,
            worker,
            lambda count: self._exported(path, count),
            on_failed=self.failed.emit,
        )

    def _on_progress(self, done: int, total: int, label: str) -> None:
        self.done.emit(
            f"{label}… {done:,} of {total:,} rows" if total > 1 else f"{label}…"
        )

    def _exported(self, path: Path, count: int) -> None:
        self.done.emit(
            f"Exported {count:,} sentence{'s' if count != 1 else ''} to {path.name}"
        )
        self.export_finished.emit(path)
