"""The systems table: one row per system, its BLEU, Δ to the baseline and significance.

Rows are the systems a caller gives (`set_systems`: names and statistics against one
set of references); the baseline is the caller's too (`set_baseline`: the session
owns it, this model only shows it). Scores, Δ and the Δ's decomposition
(`core.score_delta`) are computed here at once (sums of arrays: milliseconds); the
paired significance test runs in the background (`run`, through a
`SignificanceJob`), and its rows are the core's, so sacreBLEU's numbers.

A result belongs to the options, baseline and sentences it was computed for. When
one of them changes the numbers stay on screen, marked stale (`STALE_ROLE`,
`stale_reason`), until the test runs again; an all-pairs result serves every
baseline (`AllPairsResult.against`), so a new baseline does not make it stale.

**Significance of what is shown.** Given the rows the sentence table shows
(`set_shown_rows`) and asked to (`set_subset`), the scores and the test are those
of the shown sentences only, labelled with their number (`subset_label`) and with
a note (`SUBSET_NOTE`): sentences picked after looking at them are not a fresh
sample, so the p-value describes them and proves nothing.

Rows and columns are `io.systems_table`'s (`SystemRow`; `SYSTEM_COLUMNS`: header,
tooltip, sort key, text, said once for the window and the command line). Sorting
is the model's own (`sort`), missing values last either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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
from PySide6.QtGui import QFont
from typing_extensions import override

from bleu_gui.core import (
    BleuConfig,
    CorpusStats,
    SummedStats,
    required_order,
)
from bleu_gui.core.config import SIGNIFICANCE_REFUSAL
from bleu_gui.core.explain import format_points
from bleu_gui.core.significance import (
    DEFAULT_SEED,
    AllPairsResult,
    PairedTest,
    PairedTestResult,
)
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io.significance_text import SUBSET_NOTE, p_value_text
from bleu_gui.io.systems_table import (
    SYSTEM_COLUMNS,
    SystemColumn,
    SystemColumnSpec,
    SystemRow,
    TestRun,
    paired_rows,
    system_rows,
)
from bleu_gui.models.all_pairs_model import AllPairsModel
from bleu_gui.models.significance_job import (
    SignificanceJob,
    SignificanceRequest,
    text_groups,
)
from bleu_gui.models.workspace import StatsKey

__all__ = [
    "DELTA_ROLE",
    "RAW_ROLE",
    "STALE_ROLE",
    "SUBSET_NOTE",
    "SYSTEM_ROLE",
    "SystemColumn",
    "SystemEntry",
    "SystemsModel",
]

RAW_ROLE = Qt.ItemDataRole.UserRole + 1
"""The unformatted value a column sorts by (float, str or None)."""
DELTA_ROLE = Qt.ItemDataRole.UserRole + 2
"""The row's `ScoreDelta` against the baseline (None for the baseline itself)."""
STALE_ROLE = Qt.ItemDataRole.UserRole + 3
"""True where a cell shows a test result computed before a change."""
SYSTEM_ROLE = Qt.ItemDataRole.UserRole + 4
"""The row's system: its position in the systems given to `set_systems`."""

_ModelIndex = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True, slots=True)
class SystemEntry:
    """One system of the table.

    Attributes:
        name: how the table names it.
        stats: its statistics, against the same references as every other system.
        texts: its lines, if known: a copy of another system's lines is then
            "identical output" rather than "identical statistics".
        summed: `stats.summed()`, if the caller has it (summed in the background):
            the table then sums nothing of every sentence on the GUI thread.
        edits: how many of its sentences have what-if edits (`stats` include
            them); the table names it "name (3 edited)".
        qa: its QA issues, if counted for its texts as they are (None: not).
        stats_key: the key of `stats` (`System.stats_key`), for a system of the
            session's: statistics are then told by it (`same_stats`); None: by
            which object they are, for statistics nobody keyed.
    """

    name: str
    stats: CorpusStats
    texts: Sequence[str] | None = None
    summed: SummedStats | None = None
    edits: int = 0
    qa: int | None = None
    stats_key: StatsKey | None = None

    def same_stats(self, other: SystemEntry) -> bool:
        """Whether `other` holds the statistics this one does.

        By their keys when both are keyed (issue 25): statistics rebuilt equal
        are the same, the very object at a later generation is not.
        """
        if self.stats_key is not None and other.stats_key is not None:
            return self.stats_key == other.stats_key
        return self.stats is other.stats

    @property
    def shown_name(self) -> str:
        """Its name as the table and its exports show it: with its edits, if any."""
        return f"{self.name} ({self.edits} edited)" if self.edits else self.name


_DISPLAY = Qt.ItemDataRole.DisplayRole
_TOOLTIP = Qt.ItemDataRole.ToolTipRole
_ALIGN = Qt.ItemDataRole.TextAlignmentRole
_FONT = Qt.ItemDataRole.FontRole
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_LEFT_COLUMNS = frozenset(
    {SystemColumn.NAME, SystemColumn.TEST, SystemColumn.SIGNATURE}
)


class SystemsModel(QAbstractTableModel):
    """One row per system: BLEU, Δ, the paired test's numbers, the Δ's parts.

    Signals:
        baseline_changed: (position) the baseline shown now.
        result_changed: the test's result, its staleness or the scope changed.
        failed: (one line) the test could not run.
    """

    baseline_changed = Signal(int)
    result_changed = Signal()
    failed = Signal(str)

    def __init__(
        self, job: SignificanceJob | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.job = job if job is not None else SignificanceJob(self)
        self.all_pairs_model = AllPairsModel(self)
        self._entries: tuple[SystemEntry, ...] = ()
        self._config = BleuConfig()
        self._signature = ""
        self._baseline = 0
        self._shown: npt.NDArray[np.int64] | None = None
        self._subset = False
        self._asked: SignificanceRequest | None = None  # the running test's
        self._asked_signature = ""
        self._result: PairedTestResult | AllPairsResult | None = None
        self._request: SignificanceRequest | None = None  # the result's
        # The entries the running test's request and the result's were made of.
        self._asked_of: tuple[SystemEntry, ...] = ()
        self._request_of: tuple[SystemEntry, ...] = ()
        self._result_signature = ""
        # Per system: its statistics and their sums over the scope (`_summed_of`).
        self._sums: dict[int, tuple[CorpusStats, SummedStats]] = {}
        # An edit being typed: the edited system's sums with it (all sentences).
        self._live: tuple[int, SummedStats] | None = None
        self._rows: list[SystemRow] = []
        self._extent: tuple[float, float] | None = None  # of `_rows`: delta_extent
        self._order: list[int] = []  # table row -> index in `_rows`
        self._sort: tuple[int, Qt.SortOrder] | None = None
        self.job.finished.connect(self._on_finished)
        self.job.failed.connect(self._on_failed)

    # --- what the caller gives -------------------------------------------------

    @property
    def entries(self) -> tuple[SystemEntry, ...]:
        """The systems, in the order given."""
        return self._entries

    @property
    def baseline(self) -> int:
        """The baseline's position among the systems."""
        return self._baseline

    @property
    def config(self) -> BleuConfig:
        """The scoring options the table shows scores for."""
        return self._config

    def set_systems(
        self,
        entries: Sequence[SystemEntry],
        config: BleuConfig,
        signature: str,
        baseline: int = 0,
    ) -> None:
        """Show these systems, scored with `config` (`signature`: its plain one).

        A result of other systems is dropped; one of the same systems under other
        options stays, marked stale.
        """
        entries = tuple(entries)
        same_systems = [e.name for e in entries] == [e.name for e in self._entries]
        # New statistics of the same systems by their edits: a result goes stale.
        edited_only = same_systems and all(
            new.same_stats(old) or new.edits or old.edits
            for new, old in zip(entries, self._entries, strict=True)
        )
        if not edited_only:
            self._result = self._request = None
            self.cancel()
        if not same_systems:
            self._live = None  # its position may be another system's now
        self._entries = entries
        self._config = config
        self._signature = signature
        self._baseline = baseline if 0 <= baseline < len(entries) else 0
        self._refresh()
        self.baseline_changed.emit(self._baseline)

    def set_live(self, system: int | None, summed: SummedStats | None = None) -> None:
        """Show system `system` with `summed` (an edit being typed); None: stop.

        Its BLEU, its Δ (every Δ, for the baseline) and their parts move; a test
        result on screen is then of the numbers before the edit (`stale_reason`).
        """
        live = None if system is None or summed is None else (system, summed)
        if live is None and self._live is None:
            return
        self._live = live
        self._refresh()

    def edits_note(self) -> str:
        """Which systems' edits a current test result includes ("" for none)."""
        if self._result is None or self.stale_reason() is not None:
            return ""
        edited = [e.shown_name for e in self._entries if e.edits]
        if not edited:
            return ""
        return f"The test includes the what-if edits: {', '.join(edited)}."

    def set_config(self, config: BleuConfig, signature: str) -> None:
        """Score with other options: a result of the old ones becomes stale."""
        self._config = config
        self._signature = signature
        self._refresh()

    def set_baseline(self, baseline: int) -> None:
        """Show Δ and p against system `baseline` (the caller owns the choice)."""
        if not 0 <= baseline < len(self._entries) or baseline == self._baseline:
            return
        self._baseline = baseline
        self._refresh()
        self.baseline_changed.emit(baseline)

    def set_shown_rows(self, rows: npt.ArrayLike | None) -> None:
        """The sentences the table shows (ascending), or None for all of them.

        The same sentences again (a re-filter that keeps them: a new pair, new
        options) change nothing: their sums stay, and the table is not made again.
        """
        shown = (
            None
            if rows is None
            else np.unique(np.asarray(rows, dtype=np.int64))  # sorted, once each
        )
        if _same_rows(shown, self._shown):
            return
        self._shown = shown
        if self._subset:
            self._sums.clear()
            self._refresh()
        else:
            self.result_changed.emit()

    def set_subset(self, enabled: bool) -> None:
        """Whether scores and tests are those of the shown sentences only."""
        if enabled != self._subset:
            self._subset = enabled
            self._sums.clear()
            self._refresh()

    @property
    def subset(self) -> bool:
        """Whether the shown sentences only are scored and tested."""
        return self._subset

    @property
    def shown_count(self) -> int | None:
        """How many sentences are shown, None when all of them are."""
        return None if self._shown is None else int(self._shown.size)

    def scope_rows(self) -> npt.NDArray[np.int64] | None:
        """The sentences scored and tested: the shown ones, or None for all."""
        return self._shown if self._subset else None

    # --- the test -----------------------------------------------------------------

    def why_not_run(self) -> str | None:
        """Why the test cannot run now, in one line, or None if it can."""
        if len(self._entries) < 2:
            return "Add a second system to compare."
        if not self._config.capabilities.significance:
            return f"{SIGNIFICANCE_REFUSAL[0].upper()}{SIGNIFICANCE_REFUSAL[1:]}."
        rows = self.scope_rows()
        if rows is not None and rows.size == 0:
            return "No sentences are shown: there is nothing to test."
        return None

    def make_request(
        self,
        test: PairedTest,
        samples: int,
        *,
        seed: int | None = DEFAULT_SEED,
        all_pairs: bool = False,
    ) -> SignificanceRequest:
        """The request for the test of the current systems, options and scope.

        `seed`: as `SACREBLEU_SEED` means it (None: unseeded).
        """
        texts = [e.texts for e in self._entries if e.texts is not None]
        groups = text_groups(texts) if len(texts) == len(self._entries) else None
        return SignificanceRequest(
            tuple(e.stats for e in self._entries),
            self._config,
            test,
            samples,
            seed,
            None if all_pairs else self._baseline,
            self.scope_rows(),
            groups,
        )

    def run(
        self,
        test: PairedTest,
        samples: int,
        *,
        seed: int | None = DEFAULT_SEED,
        all_pairs: bool = False,
    ) -> None:
        """Start the test in the background; a running one is superseded."""
        self._asked = self.make_request(test, samples, seed=seed, all_pairs=all_pairs)
        self._asked_of = self._entries
        self._asked_signature = self._signature
        self.job.start(self._asked)

    def cancel(self) -> None:
        """Stop the running test; the result on screen stays."""
        if self._asked is not None:
            self._asked = None
            self.job.cancel()

    @property
    def result(self) -> PairedTestResult | AllPairsResult | None:
        """The result on screen (maybe stale), the core's value."""
        return self._result

    @property
    def current_request(self) -> SignificanceRequest | None:
        """The request of the result on screen, if any."""
        return self._request if self._result is not None else None

    def stale_reason(self) -> str | None:
        """Why the result on screen is no longer that of the table, or None."""
        request = self._request
        if request is None:
            return None
        if request.config != self._config:
            return "The scoring options changed since the test ran: run it again."
        if self._live is not None:
            return "An edit is being typed: the test is of the numbers before it."
        if any(
            not tested.same_stats(entry)
            for tested, entry in zip(self._request_of, self._entries, strict=False)
        ):
            return "The edits changed since the test ran: run it again."
        if not _same_rows(request.rows, self.scope_rows()):
            return "The shown sentences changed since the test ran: run it again."
        if request.baseline is not None and request.baseline != self._baseline:
            return "The baseline changed since the test ran: run it again."
        return None

    def subset_label(self, system: int) -> str | None:
        """For a test on the shown sentences: system − baseline and p in words.

        "on the 132 shown sentences: B − A = +2.10, p = 0.0300*"; None for the
        baseline, without a result, or for a test of every sentence.
        """
        row = next((r for r in self._rows if r.system == system), None)
        request = self._request
        if (
            row is None
            or request is None
            or request.rows is None
            or row.baseline
            or row.result is None
            or row.result.p_value is None
            or row.delta is None
        ):
            return None
        base = self._entries[self._baseline].name
        delta = format_points(row.delta.delta, row.compat, signed=True)
        p = p_value_text(row.result.p_value, row.identity)
        return (
            f"on the {request.rows.size} shown sentences: {row.name} − {base} = "
            f"{delta}, p = {p}"
        )

    def _on_finished(
        self, request: SignificanceRequest, result: PairedTestResult | AllPairsResult
    ) -> None:
        if request is not self._asked:
            return
        self._asked = None
        self._request, self._result = request, result
        self._request_of = self._asked_of
        self._result_signature = self._asked_signature
        self._refresh()

    def _on_failed(self, request: SignificanceRequest, message: str) -> None:
        if request is self._asked:
            self._asked = None
            self.failed.emit(message)

    # --- rows ---------------------------------------------------------------------

    def _refresh(self) -> None:
        self.beginResetModel()
        self._rows = self._compute_rows()
        self._extent = None
        self._order = list(range(len(self._rows)))
        if self._sort is not None:
            self._apply_sort(*self._sort)
        self.endResetModel()
        self._update_all_pairs()
        self.result_changed.emit()

    def delta_extent(self) -> tuple[float, float]:
        """The largest total gain and the largest total loss of any row's Δ (points).

        The scale every row's Δ bar is drawn to. Kept until the rows change: the
        delegate asks at every cell it paints, and a pass over every row's Δ there
        made painting ten systems' bars quadratic, on the GUI thread.
        """
        if self._extent is None:
            self._extent = _delta_extent(self._rows)
        return self._extent

    def _summed_or_why(
        self, k: int, entry: SystemEntry, rows: npt.NDArray[np.int64] | None
    ) -> OrUnavailable[SummedStats]:
        """`_summed_of`, or why the scope cannot be summed (no sentence in it)."""
        try:
            return self._summed_of(k, entry, rows)
        except ValueError as error:
            return Unavailable(str(error))

    def _summed_of(
        self, system: int, entry: SystemEntry, rows: npt.NDArray[np.int64] | None
    ) -> SummedStats:
        """A system's sums over the scope, for the orders the config scores.

        Every order counted is summed, and kept until the system's statistics or
        the scope change: summing 100,000 segments takes about 20 ms, re-scoring
        sums after a new baseline, smoothing or order microseconds. The sums of
        every sentence come from the caller when it has them (`SystemEntry`).
        """
        live = self._live
        if live is not None and live[0] == system and rows is None:
            return live[1].truncated(required_order(self._config))
        cached = self._sums.get(system)
        if cached is not None and cached[0] is entry.stats:
            summed = cached[1]
        elif rows is None and entry.summed is not None:
            summed = entry.summed
        else:
            summed = (
                entry.stats if rows is None else entry.stats.subset(rows)
            ).summed()
            self._sums[system] = (entry.stats, summed)
        return summed.truncated(required_order(self._config))

    def _compute_rows(self) -> list[SystemRow]:
        rows = self.scope_rows()
        entries = self._entries
        result, request = self._result, self._request
        run = tested = None
        if result is not None and request is not None:
            run = TestRun(
                request.test, request.samples, request.seed, self._tested_sentences()
            )
            tested_against = request.baseline if request.baseline is not None else 0
            tested = paired_rows(result, tested_against, self._baseline)
        return system_rows(
            [e.shown_name for e in entries],
            [e.stats for e in entries],
            [self._summed_or_why(k, e, rows) for k, e in enumerate(entries)],
            self._config,
            self._baseline,
            self._signature,
            run=run,
            tested=tested,
            tested_signature=self._result_signature,
            qa=[e.qa for e in entries],
        )

    def _update_all_pairs(self) -> None:
        result = self._result
        self.all_pairs_model.set_result(
            [e.shown_name for e in self._entries],
            result if isinstance(result, AllPairsResult) else None,
            stale=self.stale_reason(),
            rows=None if self._request is None else self._request.rows,
            sentences=self._tested_sentences(),
        )

    def _tested_sentences(self) -> int:
        request = self._request
        if request is None:
            return 0
        return len(request.systems[0]) if request.rows is None else request.rows.size

    def rows_shown(self) -> list[SystemRow]:
        """The rows in the order the table shows them (what an export writes)."""
        return [self._rows[k] for k in self._order]

    # --- Qt's model interface -----------------------------------------------------

    @override
    def rowCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._order)

    @override
    def columnCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(SYSTEM_COLUMNS)

    def column_of(self, key: SystemColumn) -> int:
        """The position of the column that shows `key`."""
        return next(k for k, column in enumerate(SYSTEM_COLUMNS) if column.key is key)

    @override
    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation is not Qt.Orientation.Horizontal or not (
            0 <= section < len(SYSTEM_COLUMNS)
        ):
            return None
        column = SYSTEM_COLUMNS[section]
        if role == _DISPLAY:
            return column.key.value
        if role == _TOOLTIP:
            return column.tooltip
        return None

    @override
    def data(self, index: _ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[self._order[index.row()]]
        column = SYSTEM_COLUMNS[index.column()]
        if role == _DISPLAY:
            return column.text(row)
        if role == _TOOLTIP:
            tip = column.cell_tip(row) if column.cell_tip else ""
            stale = self.stale_reason() if column.of_test and row.run else None
            return "\n".join(t for t in (tip, stale and f"Stale: {stale}") if t)
        if role == _ALIGN:
            return _LEFT if column.key in _LEFT_COLUMNS else _RIGHT
        if role == _FONT:
            font = QFont()
            font.setBold(row.baseline and column.key is SystemColumn.NAME)
            font.setItalic(self._is_stale(row, column))
            return font
        if role == RAW_ROLE:
            return column.value(row)
        if role == DELTA_ROLE:
            return row.delta
        if role == STALE_ROLE:
            return self._is_stale(row, column)
        if role == SYSTEM_ROLE:
            return row.system
        return None

    def _is_stale(self, row: SystemRow, column: SystemColumnSpec) -> bool:
        return (
            column.of_test and row.run is not None and self.stale_reason() is not None
        )

    @override
    def sort(
        self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder
    ) -> None:
        """Sort by a column's raw value; missing values last in either order."""
        if not 0 <= column < len(SYSTEM_COLUMNS):
            return
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        systems = [self._order[i.row()] for i in before]
        self._sort = (column, order)
        self._apply_sort(column, order)
        position = {r: k for k, r in enumerate(self._order)}
        self.changePersistentIndexList(
            before,
            [
                self.index(position[s], i.column())
                for s, i in zip(systems, before, strict=True)
            ],
        )
        self.layoutChanged.emit()

    def _apply_sort(self, column: int, order: Qt.SortOrder) -> None:
        value = SYSTEM_COLUMNS[column].value
        present = [
            k for k in range(len(self._rows)) if value(self._rows[k]) is not None
        ]
        missing = [k for k in range(len(self._rows)) if value(self._rows[k]) is None]
        present.sort(
            key=lambda k: value(self._rows[k]),  # type: ignore[arg-type,return-value]
            reverse=order is Qt.SortOrder.DescendingOrder,
        )
        self._order = present + missing


def _delta_extent(rows: Sequence[SystemRow]) -> tuple[float, float]:
    """The largest total gain and the largest total loss of any row's Δ (points)."""
    gains = losses = 0.0
    for row in rows:
        if row.delta is not None:
            parts = [part.points for part in row.delta.parts]
            gains = max(gains, sum(p for p in parts if p > 0))
            losses = max(losses, -sum(p for p in parts if p < 0))
    return gains, losses


def _same_rows(
    a: npt.NDArray[np.int64] | None, b: npt.NDArray[np.int64] | None
) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return a.shape == b.shape and bool((a == b).all())
