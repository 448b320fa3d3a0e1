"""The Buckets tab's file row: word counts from a training corpus, and Export….

Which counts the word view buckets by is said on the row itself ("Frequencies
in the test set's references", or "Frequencies in train.en (1,234,567 words)"),
as the table's note says it. A corpus is read and counted in the background
(`models.bucket_jobs.BucketFileJobs`) with a progress bar and a Cancel button on
the row; so is the export, which makes every view's buckets as the tab does and
writes them with the project's table writers. Apart from `views.buckets_panel`,
which shows the buckets: this row only chooses files and starts jobs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.core.buckets import BucketEdges
from bleu_gui.core.tokenize import tokenizer_for
from bleu_gui.core.word_buckets import REFERENCE_FREQUENCY, WordFrequency
from bleu_gui.io.errors import display_name
from bleu_gui.io.table_export import ExportFormat
from bleu_gui.models.bucket_jobs import BucketFileJobs
from bleu_gui.models.session import Session
from bleu_gui.models.workspace_change import Moved, follow

__all__ = ["CORPUS_TIP", "EXPORT_FORMATS", "BucketFileBar", "exported_message"]

CORPUS_TIP = (
    "Bucket words by their frequency in a training corpus (a text file, one "
    "segment a line, tokenized as the references are) rather than in the "
    "references. Counted in the background."
)
EXPORT_FORMATS = (
    ExportFormat.CSV,
    ExportFormat.TSV,
    ExportFormat.JSON,
    ExportFormat.XLSX,
)


def exported_message(path: Path) -> str:
    """What the row says once the export is written."""
    return f"Exported the buckets to {display_name(path)}."


class BucketFileBar(QWidget):
    """The row: the counts used, Corpus…, References, Export…, progress, Cancel.

    Signals:
        frequency_changed: the counts words are bucketed by changed.
    """

    frequency_changed = Signal()

    def __init__(
        self,
        session: Session,
        edges: Callable[[], BucketEdges],
        seed: Callable[[], int | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._edges = edges
        self._seed = seed
        self._frequency: WordFrequency | None = None
        self._counted: tuple[Path, object] | None = None  # file, tokenizer key
        self.jobs = BucketFileJobs(self)
        self.source = QLabel(REFERENCE_FREQUENCY)
        self.source.setWordWrap(True)
        self.corpus_button = QPushButton("Corpus…")
        self.corpus_button.setToolTip(CORPUS_TIP)
        self.references_button = QPushButton("References")
        self.references_button.setToolTip(
            "Bucket words by their frequency in the references again."
        )
        self.references_button.hide()
        self.export_button = QPushButton("Export…")
        self.export_button.setToolTip(
            "Write every view's buckets (sentence buckets with Δ, p and intervals "
            "with a pair; word buckets) to a CSV, TSV, JSON or Excel file."
        )
        self.progress = QProgressBar()
        self.progress.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.hide()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()
        # Three short rows: the tab is a third of the window wide.
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        for button in (self.corpus_button, self.references_button, self.export_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        working = QHBoxLayout()
        working.setContentsMargins(0, 0, 0, 0)
        working.addWidget(self.progress, 1)
        working.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.source)
        layout.addLayout(working)
        layout.addWidget(self.message)
        self.corpus_button.clicked.connect(self._choose_corpus)
        self.references_button.clicked.connect(self.use_references)
        self.export_button.clicked.connect(self._choose_export)
        self.cancel_button.clicked.connect(self.jobs.cancel)
        self.jobs.counted.connect(self._on_counted)
        self.jobs.exported.connect(lambda path: self._say(exported_message(path)))
        self.jobs.failed.connect(self._say)
        self.jobs.progressed.connect(self._on_progress)
        self.jobs.busy_changed.connect(self._on_busy)
        follow(session.workspace_changed, Moved.CONFIG, self._on_config_changed, self)

    @property
    def frequency(self) -> WordFrequency | None:
        """The corpus's counts words are bucketed by (None: the references')."""
        return self._frequency

    def count_corpus(self, path: Path) -> None:
        """Count `path`'s words under the session's options, in the background."""
        self._say("")
        config = self._session.config
        self._counted = (path, tokenizer_for(config).key)
        self.jobs.count(path, config)

    def show_source(self, shown: bool) -> None:
        """Say which counts words are bucketed by (the words view) or not."""
        self.source.setVisible(shown)

    def use_references(self) -> None:
        """Bucket words by the references' counts again."""
        if self._frequency is not None:
            self._frequency = None
            self._show_source()
            self.frequency_changed.emit()

    def export(self, path: Path) -> None:
        """Make every view's buckets and write them to `path`, in the background."""
        self._say("")
        scores = self._session.workspace.shown_scores
        signature = () if scores is None else (f"BLEU: {scores.signature}",)
        try:
            seed = self._seed()
        except ValueError:  # the Systems dock says what is wrong with its field
            seed = None
        self.jobs.export(
            path,
            self._session.workspace,
            self._edges(),
            seed,
            self._frequency,
            signature=signature,
            warnings=tuple(self._session.notices()),
        )

    def shutdown(self) -> None:
        """Stop the running job (the window closes)."""
        self.jobs.cancel()

    def _choose_corpus(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self, "Count word frequencies in a training corpus"
        )
        if name:
            self.count_corpus(Path(name))

    def _choose_export(self) -> None:
        filters = [export_format.name_filter for export_format in EXPORT_FORMATS]
        name, chosen = QFileDialog.getSaveFileName(
            self, "Export the buckets", "buckets.csv", ";;".join(filters)
        )
        if not name:
            return
        path = Path(name)
        if not path.suffix:
            index = filters.index(chosen) if chosen in filters else 0
            path = path.with_suffix(EXPORT_FORMATS[index].extensions[0])
        self.export(path)

    def _on_config_changed(self) -> None:
        """Another tokenizer or case: the corpus's words are counted again."""
        counted = self._counted
        if self._frequency is None or counted is None:
            return
        if tokenizer_for(self._session.config).key != counted[1]:
            self.use_references()
            self.count_corpus(counted[0])

    def _on_counted(self, frequency: WordFrequency) -> None:
        self._frequency = frequency
        self._show_source()
        self.frequency_changed.emit()

    def _show_source(self) -> None:
        frequency = self._frequency
        used = frequency is not None
        self.source.setText(
            REFERENCE_FREQUENCY if frequency is None else frequency.description
        )
        self.references_button.setVisible(used)

    def _on_progress(self, done: int, total: int, what: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(min(done, max(total, 1)))
        self.progress.setFormat(f"{what[:1].upper()}{what[1:]}: %p%")
        self.progress.setToolTip(what)

    def _on_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        self.corpus_button.setEnabled(not busy)
        self.export_button.setEnabled(not busy)
        if busy:
            self.progress.setRange(0, 0)

    def _say(self, message: str) -> None:
        self.message.setText(message)
        self.message.setVisible(bool(message))
