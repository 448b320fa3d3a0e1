"""The documents table: one row per document, every system's BLEU, the pair's Δ.

`DocumentsModel` takes a `DocumentsInput` (the documents, the systems' names and
statistics, the options, the pair) and shows, per document: its id, its number of
segments, Δ = B − A of the chosen pair (before the systems: it stays in sight in
a narrow dock), and each system's corpus BLEU of the document's segments
(`core.documents.iter_document_scores`). The
header sorts by the numbers (`SORT_ROLE`), not their text; a NaN (a document the
mode cannot score) sorts last either way.

Scores are computed by a `JobRunner` job on the GUI thread in slices
(`SliceWorker`): each document is a Python call (per system, 0.05 s for 4,000
documents of 100,000 segments, 0.3 s for 50,000 documents of two segments,
measured; steps of 256 documents take 10-25 ms), pure-Python work that on a
thread would hold the GIL and stall the paints anyway. Each system's scores
are kept per statistics object and options, so choosing another pair, or adding a
system, scores only what is new. Until a system's scores arrive its cells say
"…".

`DocumentTest` runs the document bootstrap (`core.documents`: not sacreBLEU's
test) in the significance tests' process (`SignificanceJob`), on one row of
statistics per document.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass
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
    Signal,
)
from typing_extensions import override

from bleu_gui.core import BleuConfig, CorpusStats
from bleu_gui.core.config import SIGNIFICANCE_MODE
from bleu_gui.core.documents import (
    DOCUMENT_TEST_LABEL,
    MIN_TEST_DOCUMENTS,
    Documents,
    DocumentTestResult,
    document_deltas,
    document_stats,
    iter_document_scores,
)
from bleu_gui.core.number_text import MINUS
from bleu_gui.core.number_text import signed as signed_text
from bleu_gui.core.significance import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    AllPairsResult,
    PairedTest,
    PairedTestResult,
)
from bleu_gui.io.documents_table import (
    DOCUMENT_HEADER,
    SEGMENTS_HEADER,
    documents_table,
    score_text,
)
from bleu_gui.io.seed import seed_text
from bleu_gui.io.table_export import Table
from bleu_gui.models.jobs import JobRunner
from bleu_gui.models.significance_job import (
    SignificanceJob,
    SignificanceRequest,
    text_groups,
)
from bleu_gui.workers import SliceWorker

__all__ = [
    "DOCUMENT_ROLE",
    "NOT_SCORED_DOCUMENTS",
    "PENDING",
    "SORT_ROLE",
    "DocumentTest",
    "DocumentsInput",
    "DocumentsModel",
    "describe_result",
]

SORT_ROLE = Qt.ItemDataRole.UserRole
"""The raw value a column sorts by (a number, or the id's text)."""
DOCUMENT_ROLE = Qt.ItemDataRole.UserRole + 1
"""The document id of a row, in every column."""

NOT_SCORED_DOCUMENTS = (
    "the documents are still being scored: try again once their scores show"
)
"""Why the documents table cannot be exported or copied yet."""

PENDING = "…"
"""What a cell says while its system's scores are being computed."""

FloatArray = npt.NDArray[np.float64]
_ModelIndex = QModelIndex | QPersistentModelIndex


class _Fixed(IntEnum):
    """The columns before the systems'."""

    DOCUMENT = 0
    SEGMENTS = 1


@dataclass(frozen=True, slots=True, eq=False)
class DocumentsInput:
    """What the documents table shows.

    Attributes:
        documents: the test set's documents.
        names: each system's name, as the headers show it.
        stats: each system's statistics under `config`'s tokenizer, in the same
            order (against the same references).
        config: the scoring options.
        pair: (A, B) positions in `names` of the pair whose Δ = B − A is shown,
            or None (one system, or none chosen).
        texts: each system's lines (optional), to tell identical output apart in
            the document test.
    """

    documents: Documents
    names: tuple[str, ...]
    stats: tuple[CorpusStats, ...]
    config: BleuConfig
    pair: tuple[int, int] | None = None
    texts: tuple[Sequence[str], ...] | None = None

    def __post_init__(self) -> None:
        if len(self.names) != len(self.stats):
            raise ValueError(f"{len(self.names)} names for {len(self.stats)} systems")
        if self.pair is not None and not all(
            0 <= k < len(self.names) for k in self.pair
        ):
            raise ValueError(f"no pair {self.pair} among {len(self.names)} systems")

    @property
    def pair_names(self) -> tuple[str, str] | None:
        """The names of A and B, if there is a pair."""
        if self.pair is None:
            return None
        a, b = self.pair
        return self.names[a], self.names[b]


class DocumentsModel(QAbstractTableModel):
    """One row per document: id, segments, each system's BLEU, Δ of the pair.

    Signals:
        computing_changed: (busy) scores are being computed (True) or all are in.
    """

    computing_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._input: DocumentsInput | None = None
        # Each system's scores, by the identity of its statistics (kept alive
        # here, so an id is never reused for other ones) under `_scored_for`.
        self._scores: dict[int, tuple[CorpusStats, FloatArray]] = {}
        self._scored_for: tuple[Documents, BleuConfig] | None = None
        self._order: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
        self._sort: tuple[int, Qt.SortOrder] | None = None
        self._jobs = JobRunner(self)
        self._jobs.busy_changed.connect(self.computing_changed)

    # --- what the caller gives --------------------------------------------------------

    @property
    def input(self) -> DocumentsInput | None:
        """What the table shows now."""
        return self._input

    @property
    def is_computing(self) -> bool:
        """Whether some system's scores are still being computed."""
        return self._jobs.is_busy

    def set_input(self, given: DocumentsInput | None) -> None:
        """Show `given` (None: nothing); score the systems not scored yet."""
        if given is not None and (
            self._scored_for is None
            or self._scored_for[0] is not given.documents
            or self._scored_for[1] != given.config
        ):
            self._scores.clear()
            self._scored_for = (given.documents, given.config)
        if given is None:
            self._scores.clear()
            self._scored_for = None
        else:
            wanted = {id(stats) for stats in given.stats}
            for key in [key for key in self._scores if key not in wanted]:
                del self._scores[key]
        self.beginResetModel()
        self._input = given
        self._order = np.arange(
            0 if given is None else len(given.documents), dtype=np.int64
        )
        self._apply_sort()
        self.endResetModel()
        self._score_missing()

    def cancel(self) -> None:
        """Stop computing (the window closes)."""
        self._jobs.discard_all()

    # --- questions --------------------------------------------------------------------

    def scores(self, system: int) -> FloatArray | None:
        """System `system`'s BLEU per document (in document order), once computed."""
        given = self._input
        if given is None:
            return None
        found = self._scores.get(id(given.stats[system]))
        return None if found is None else found[1]

    def deltas(self) -> FloatArray | None:
        """Δ = B − A per document (document order), once both are computed."""
        given = self._input
        if given is None or given.pair is None:
            return None
        a, b = (self.scores(k) for k in given.pair)
        if a is None or b is None:
            return None
        return document_deltas(a, b)

    def table(
        self,
        rows: Sequence[int] | None = None,
        *,
        signature: Sequence[str] = (),
        warnings: Sequence[str] = (),
    ) -> Table:
        """Table rows `rows` (None: every row), in the order shown, as exported.

        The same columns as the dock, every system named (`documents_table`),
        with the `warnings` about the systems' files (`io.notices`).

        Raises:
            ValueError: no documents, or some system's scores are still coming
                (`NOT_SCORED_DOCUMENTS`).
        """
        given = self._input
        if given is None:
            raise ValueError("no documents")
        scores = [self.scores(k) for k in range(len(given.names))]
        ready = [found for found in scores if found is not None]
        if len(ready) != len(scores):
            raise ValueError(NOT_SCORED_DOCUMENTS)
        shown = self._order if rows is None else self._order[list(rows)]
        count = len(given.documents)
        return documents_table(
            given.documents,
            given.names,
            ready,
            pair=given.pair,
            rows=[int(k) for k in shown],
            title=f"Documents: {len(shown):,} of {count:,}",
            signature=signature,
            warnings=warnings,
        )

    def document_at(self, row: int) -> str | None:
        """The id of the document shown in table row `row`."""
        given = self._input
        if given is None or not 0 <= row < self._order.size:
            return None
        return given.documents.ids[int(self._order[row])]

    def row_of(self, document: str) -> int | None:
        """The table row showing document `document`, if any."""
        given = self._input
        if given is None or document not in given.documents.ids:
            return None
        position = given.documents.ids.index(document)
        found = np.flatnonzero(self._order == position)
        return int(found[0]) if found.size else None

    # --- Qt's model interface ---------------------------------------------------------

    @override
    def rowCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            return 0
        return int(self._order.size)

    @override
    def columnCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid() or self._input is None:
            return 0
        given = self._input
        return len(_Fixed) + len(given.names) + (1 if given.pair is not None else 0)

    @override
    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        given = self._input
        if orientation != Qt.Orientation.Horizontal or given is None:
            return None
        if not 0 <= section < self.columnCount():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._header(section, given)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._header_tip(section, given)
        return None

    @override
    def data(
        self,
        index: QModelIndex | QPersistentModelIndex,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        given = self._input
        if given is None or not index.isValid():
            return None
        row, column = index.row(), index.column()
        if not (0 <= row < self._order.size and 0 <= column < self.columnCount()):
            return None
        document = int(self._order[row])
        if role == DOCUMENT_ROLE:
            return given.documents.ids[document]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column == _Fixed.DOCUMENT:
                return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        value = self._value(column, document, given)
        if role == SORT_ROLE:
            return value
        if role == Qt.ItemDataRole.DisplayRole:
            signed = _system_at(column, given) is None
            return _display(value, signed=signed)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(column, document, given, value)
        return None

    @override
    def sort(
        self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder
    ) -> None:
        """Sort the rows by `column`'s values (numbers as numbers, NaN last).

        A column of -1 puts the documents back in their order.
        """
        if column >= self.columnCount():
            return
        self.layoutAboutToBeChanged.emit()
        before = self._order.copy()
        self._sort = (column, order) if column >= 0 else None
        if self._sort is None:
            self._order = np.arange(self._order.size, dtype=np.int64)
        self._apply_sort()
        self._move_persistent(before)
        self.layoutChanged.emit()

    # --- the columns ------------------------------------------------------------------

    def _header(self, section: int, given: DocumentsInput) -> str:
        if section == _Fixed.DOCUMENT:
            return DOCUMENT_HEADER
        if section == _Fixed.SEGMENTS:
            return SEGMENTS_HEADER
        system = _system_at(section, given)
        return "Δ B − A" if system is None else given.names[system]

    def _header_tip(self, section: int, given: DocumentsInput) -> str:
        if section == _Fixed.DOCUMENT:
            return "The document's id, as the test set gives it"
        if section == _Fixed.SEGMENTS:
            return "How many segments the document has"
        system = _system_at(section, given)
        if system is not None:
            return (
                f"Corpus BLEU of {given.names[system]} on the document's segments "
                "alone (sacreBLEU's number for those lines)"
            )
        pair = given.pair_names
        assert pair is not None
        a, b = pair
        return f"BLEU of {b} (B) minus BLEU of {a} (A), per document"

    def _value(self, column: int, document: int, given: DocumentsInput) -> object:
        """The raw value of a cell: the id, a count, a score, NaN or None (pending)."""
        if column == _Fixed.DOCUMENT:
            return given.documents.ids[document]
        if column == _Fixed.SEGMENTS:
            return int(given.documents.sizes[document])
        system = _system_at(column, given)
        numbers = self.deltas() if system is None else self.scores(system)
        return None if numbers is None else float(numbers[document])

    def _tip(
        self, column: int, document: int, given: DocumentsInput, value: object
    ) -> str | None:
        if value is None:
            return "Being computed…"
        if isinstance(value, float) and math.isnan(value):
            return "This mode cannot score the document"
        if column == _Fixed.DOCUMENT:
            size = int(given.documents.sizes[document])
            return f"Document {value!s}: {size} segment{'s' if size != 1 else ''}"
        return None

    # --- sorting ----------------------------------------------------------------------

    def _apply_sort(self) -> None:
        """Order `_order` by the sort column (stable: ties keep document order)."""
        given = self._input
        if given is None or self._sort is None:
            return
        column, order = self._sort
        if column >= self.columnCount():
            self._sort = None
            self._order = np.arange(len(given.documents), dtype=np.int64)
            return
        count = len(given.documents)
        descending = order == Qt.SortOrder.DescendingOrder
        if column == _Fixed.DOCUMENT:
            ids = given.documents.ids
            ranked = sorted(range(count), key=ids.__getitem__, reverse=descending)
            self._order = np.asarray(ranked, dtype=np.int64)
            return
        if column == _Fixed.SEGMENTS:
            keys = given.documents.sizes.astype(np.float64)
        else:
            system = _system_at(column, given)
            numbers = self.deltas() if system is None else self.scores(system)
            keys = np.full(count, np.nan) if numbers is None else numbers.copy()
        missing = np.isnan(keys)
        keys = np.where(missing, 0.0, -keys if descending else keys)
        # lexsort: last key first; NaN last in either direction, then by value.
        self._order = np.lexsort((np.arange(count), keys, missing)).astype(np.int64)

    def _move_persistent(self, before: npt.NDArray[np.int64]) -> None:
        """Point persistent indexes at their document's new row."""
        new_row = np.empty_like(self._order)
        new_row[self._order] = np.arange(self._order.size)
        old, new = [], []
        for index in self.persistentIndexList():
            row = index.row()
            if 0 <= row < before.size:
                old.append(index)
                new.append(
                    self.index(int(new_row[before[row]]), index.column(), QModelIndex())
                )
        self.changePersistentIndexList(old, new)

    # --- computing --------------------------------------------------------------------

    def _score_missing(self) -> None:
        """Score, in slices, every system whose scores are not kept yet."""
        given = self._input
        if given is None:
            self._jobs.discard_all()
            return
        missing = [s for s in dict.fromkeys(given.stats) if id(s) not in self._scores]
        if not missing:
            return
        documents, config = given.documents, given.config
        self._jobs.start(
            "documents",
            SliceWorker(lambda: _score_job(missing, documents, config)),
            lambda found: self._on_scored(given, found),
            on_failed=lambda _message: None,  # the options refuse: cells stay "…"
        )

    def _on_scored(
        self, given: DocumentsInput, found: list[tuple[CorpusStats, FloatArray]]
    ) -> None:
        if given is not self._input:
            return
        for stats, scores in found:
            self._scores[id(stats)] = (stats, scores)
        if self.rowCount() == 0 or self.columnCount() == 0:
            return
        self.layoutAboutToBeChanged.emit()
        before = self._order.copy()
        self._apply_sort()
        self._move_persistent(before)
        self.layoutChanged.emit()
        self.dataChanged.emit(
            self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
        )


def _system_at(column: int, given: DocumentsInput) -> int | None:
    """The system whose BLEU a column (after the fixed ones) shows; None: the Δ.

    With a pair the Δ comes first, right after the segments: the number a
    comparison is about stays in sight in a narrow dock, however many systems.
    """
    shift = len(_Fixed) + (1 if given.pair is not None else 0)
    return None if column < shift else column - shift


def _score_job(
    systems: list[CorpusStats], documents: Documents, config: BleuConfig
) -> Generator[tuple[int, int, str], None, list[tuple[CorpusStats, FloatArray]]]:
    """Each system's per-document scores, with progress in documents."""
    total = len(systems) * len(documents)
    found = []
    for k, stats in enumerate(systems):
        steps = iter_document_scores(stats, documents, config)
        while True:
            try:
                done = next(steps)
            except StopIteration as end:
                found.append((stats, end.value))
                break
            yield k * len(documents) + done, total, "scoring documents"
    return found


def _display(value: object, *, signed: bool) -> str:
    """A cell's text: a number as every documents table shows it (`score_text`)."""
    if value is None:
        return PENDING
    if isinstance(value, float):
        return score_text(value, signed=signed)
    return str(value)


# --- the document bootstrap --------------------------------------------------------


def describe_result(result: DocumentTestResult, names: tuple[str, str]) -> str:
    """The result in the words the view shows: labelled as not sacreBLEU's test.

    "document bootstrap (not sacreBLEU's test), 12 documents, 1000 resamples,
    seed 12345: Δ happypoet − Facebook-AI = −6.61, p = 0.0010".
    """
    a, b = names
    delta = signed_text(result.delta, 2, minus=MINUS)
    identical = result.result.identical[0]
    if identical is not None:
        return (
            f"{result.label}, {result.documents} documents: {b} and {a} have "
            f"{identical.value}; there is nothing to test"
        )
    return (
        f"{result.label}, {result.documents} documents, "
        f"{result.result.samples} resamples, seed {seed_text(result.result.seed)}: "
        f"Δ {b} − {a} = {delta}, "
        f"p = {result.p_value:.4f}"
    )


class DocumentTest(QObject):
    """Runs the document bootstrap of the pair in the significance tests' process.

    Signals:
        finished: (DocumentTestResult, names of A and B).
        failed: (one line) it could not run.
        running_changed: (running).
    """

    finished = Signal(object, object)
    failed = Signal(str)
    running_changed = Signal(bool)

    def __init__(
        self, job: SignificanceJob | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.job = job if job is not None else SignificanceJob(self)
        self.samples = DEFAULT_SAMPLES[PairedTest.BOOTSTRAP]
        self._asked: tuple[SignificanceRequest, int, tuple[str, str]] | None = None
        self.job.finished.connect(self._on_finished)
        self.job.failed.connect(self._on_failed)
        self.job.busy_changed.connect(self.running_changed)

    @property
    def is_running(self) -> bool:
        """Whether a test runs."""
        return self.job.is_running

    @staticmethod
    def why_not(given: DocumentsInput | None) -> str | None:
        """Why the test cannot run on `given` (None: it can), in one line."""
        if given is None or given.pair is None:
            return "choose two systems (A and B) to test"
        if not given.config.capabilities.significance:
            name = SIGNIFICANCE_MODE.name
            return f"the document bootstrap follows {name}: choose the {name} mode"
        if len(given.documents) < MIN_TEST_DOCUMENTS:
            return (
                f"a document bootstrap needs at least {MIN_TEST_DOCUMENTS} documents, "
                f"the test set has {len(given.documents)}"
            )
        return None

    def start(
        self, given: DocumentsInput | None, seed: int | None = DEFAULT_SEED
    ) -> None:
        """Test B against A of `given`; `failed` says why not, if it cannot.

        `seed`: as `SACREBLEU_SEED` means it (None: unseeded); the window's is
        the Systems dock's Seed field, as for the paired tests.
        """
        reason = self.why_not(given)
        if reason is not None or given is None or given.pair is None:
            self.failed.emit(reason or "nothing to test")
            return
        a, b = given.pair
        try:
            rows = tuple(
                document_stats(given.stats[k], given.documents, given.config)
                for k in (a, b)
            )
        except ValueError as error:
            self.failed.emit(str(error))
            return
        groups = None
        if given.texts is not None:
            groups = text_groups([given.texts[a], given.texts[b]])
        request = SignificanceRequest(
            rows,
            given.config,
            PairedTest.BOOTSTRAP,
            self.samples,
            seed,
            baseline=0,
            text_groups=groups,
        )
        names = given.pair_names
        assert names is not None
        self._asked = (request, len(given.documents), names)
        self.job.start(request)

    def cancel(self) -> None:
        """Stop the running test (nothing of it is reported)."""
        self._asked = None
        self.job.cancel()

    def shutdown(self) -> None:
        """Stop the test's process (the window closes)."""
        self._asked = None
        self.job.shutdown()

    def _on_finished(
        self, request: SignificanceRequest, result: PairedTestResult | AllPairsResult
    ) -> None:
        asked = self._asked
        if asked is None or request is not asked[0]:
            return
        self._asked = None
        assert isinstance(result, PairedTestResult)
        self.finished.emit(DocumentTestResult(asked[1], result), asked[2])

    def _on_failed(self, request: SignificanceRequest, message: str) -> None:
        asked = self._asked
        if asked is None or request is not asked[0]:
            return
        self._asked = None
        self.failed.emit(f"{DOCUMENT_TEST_LABEL}: {message}")
