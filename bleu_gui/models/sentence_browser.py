"""What the sentence table shows: the session's scores through a filter and a sort.

`SentenceBrowser` keeps the table model in step with the session and owns the filter
and the sort order, so the main window only forwards user requests. After every
change it reports how many sentences are shown and their corpus BLEU, computed from
the statistics of exactly those rows.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QObject, Qt, Signal

from bleu_gui.core import BleuScore
from bleu_gui.io import Corpus
from bleu_gui.models.sentence_filter import SentenceFilter, filter_rows
from bleu_gui.models.sentence_table import Column, SentenceTableModel
from bleu_gui.models.session import Session
from bleu_gui.workers import Job, SliceWorker

__all__ = ["SentenceBrowser"]

# Rows searched per step of a large search: a few milliseconds, even for a regex.
_FILTER_CHUNK = 2_500


class SentenceBrowser(QObject):
    """Filter and sort state of the sentence table.

    Signals:
        shown_changed: (rows shown, corpus rows, BLEU of the shown rows or why not).
        filter_failed: a one-line message (an invalid regular expression).
        filter_changed: the filter now in force.
    """

    shown_changed = Signal(int, int, object)
    filter_failed = Signal(str)
    filter_changed = Signal(object)

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.model = SentenceTableModel(self)
        self._filter = SentenceFilter()
        self._sort_column = int(Column.NUMBER)
        self._sort_order = Qt.SortOrder.AscendingOrder
        self._worker: SliceWorker | None = None
        # Corpora up to this size are searched at once, on the GUI thread.
        self.sync_rows = 5_000
        session.scores_changed.connect(self._on_scores_changed)
        session.texts_loaded.connect(self._on_texts_loaded)
        session.busy_changed.connect(self._on_busy_changed)

    @property
    def filter(self) -> SentenceFilter:
        """The filter in force."""
        return self._filter

    @property
    def sort(self) -> tuple[int, Qt.SortOrder]:
        """The sort column and order in force."""
        return self._sort_column, self._sort_order

    def set_filter(self, spec: SentenceFilter) -> None:
        """Show only the sentences `spec` keeps (once scored, for a corpus in load)."""
        corpus = self._session.corpus
        if corpus is None or self.model.hypotheses is not corpus.hypothesis.lines:
            # Texts of a corpus still being scored: filter when its scores arrive.
            self._filter = spec
            self.filter_changed.emit(spec)
            return
        try:
            spec.pattern()
        except ValueError as error:
            self.filter_failed.emit(str(error))
            return
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        if not spec.text or corpus.num_segments <= self.sync_rows:
            self._apply_filter(spec, self._filtered(spec))
            return
        # Searching the texts of a large corpus takes a while: a chunk at a time
        # between events, so typing stays fluid and a newer search cancels it. (On
        # a thread, the search would hold the GIL and stall every paint meanwhile.)
        worker = SliceWorker(lambda: self._filter_job(spec))
        self._worker = worker
        worker.signals.finished.connect(
            lambda rows: self._on_filtered(worker, spec, rows)
        )
        worker.signals.failed.connect(self.filter_failed.emit)
        worker.start()

    def cancel(self) -> None:
        """Stop a running search (on shutdown)."""
        if self._worker is not None:
            self._worker.cancel()
            self._worker.wait(5.0)
            self._worker = None

    def _filter_job(self, spec: SentenceFilter) -> Job:
        corpus, scores = self._session.corpus, self._session.scores
        if corpus is None or scores is None:
            return np.zeros(0, dtype=np.int64)
        size = corpus.num_segments
        source = corpus.source.lines if corpus.source is not None else None
        parts = []
        for start in range(0, size, _FILTER_CHUNK):
            stop = min(start + _FILTER_CHUNK, size)
            rows = filter_rows(
                spec,
                scores.sentences.score[start:stop],
                corpus.hypothesis.lines[start:stop],
                [ref.lines[start:stop] for ref in corpus.references],
                source[start:stop] if source is not None else None,
            )
            parts.append(rows + start)
            yield stop, size, "searching"
        return np.concatenate(parts)

    def _on_filtered(
        self, worker: SliceWorker, spec: SentenceFilter, rows: npt.NDArray[np.int64]
    ) -> None:
        if worker is self._worker:
            self._worker = None
            self._apply_filter(spec, rows)

    def _apply_filter(self, spec: SentenceFilter, rows: npt.NDArray[np.int64]) -> None:
        self._filter = spec
        self.filter_changed.emit(spec)
        self.model.set_rows(self._sorted(rows))
        self._report()

    def sort_by(self, column: int, order: Qt.SortOrder) -> None:
        """Sort the shown sentences by `column` (numerically; NaN last)."""
        self._sort_column, self._sort_order = column, order
        self.model.set_rows(self._sorted(self.model.rows))

    def shown_score(self) -> BleuScore | str:
        """Corpus BLEU of the shown sentences, or why there is none."""
        return self._session.subset_score(np.sort(self.model.rows))

    def _on_texts_loaded(self, corpus: Corpus) -> None:
        """Show the texts of a corpus being scored, in corpus order."""
        size = corpus.num_segments
        self.model.set_content(
            None, corpus.hypothesis.lines, np.zeros(size, dtype=np.int64)
        )
        self.shown_changed.emit(size, size, "scoring…")

    def _on_busy_changed(self, busy: bool) -> None:
        """After work ended without new scores (failed, cancelled), show the old."""
        corpus = self._session.corpus
        texts = corpus.hypothesis.lines if corpus is not None else ()
        if not busy and self.model.hypotheses is not texts:
            if corpus is None:
                self.model.set_content(None, (), np.zeros(0, dtype=np.int64))
                self.shown_changed.emit(0, 0, "no sentences")
            else:
                self._on_scores_changed()

    def _on_scores_changed(self) -> None:
        corpus, scores = self._session.corpus, self._session.scores
        stats = self._session.stats
        if corpus is None or scores is None or stats is None:
            return
        self.model.set_content(scores, corpus.hypothesis.lines, stats.hyp_len)
        try:
            rows = self._filtered(self._filter)
        except ValueError:
            rows = np.arange(corpus.num_segments, dtype=np.int64)
        self.model.set_rows(self._sorted(rows))
        self._report()

    def _filtered(self, spec: SentenceFilter) -> npt.NDArray[np.int64]:
        corpus, scores = self._session.corpus, self._session.scores
        if corpus is None or scores is None:
            return np.zeros(0, dtype=np.int64)
        return filter_rows(
            spec,
            scores.sentences.score,
            corpus.hypothesis.lines,
            [ref.lines for ref in corpus.references],
            corpus.source.lines if corpus.source is not None else None,
        )

    def _sorted(self, rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """`rows` ordered by the sort column; ties keep corpus order; NaN last."""
        key = self.model.sort_key(self._sort_column)
        if key.size == 0 or rows.size == 0:
            return rows
        values = key[rows].astype(np.float64)
        if self._sort_order == Qt.SortOrder.DescendingOrder:
            values = -values
        # Stable sort on the defined values, then the rows that have none (NaN).
        defined = ~np.isnan(values)
        order = np.argsort(values[defined], kind="stable")
        return np.concatenate((rows[defined][order], rows[~defined]))

    def _report(self) -> None:
        corpus = self._session.corpus
        total = corpus.num_segments if corpus is not None else 0
        self.shown_changed.emit(int(self.model.rows.size), total, self.shown_score())
