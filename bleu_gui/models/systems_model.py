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

Columns are known by what they show (`SystemColumn`) and described once each in
`_COLUMNS` (header, tooltip, sort key, text). Sorting is the model's own (`sort`),
missing values last either way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
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
    BleuScore,
    Compat,
    CorpusStats,
    SummedStats,
    required_order,
)
from bleu_gui.core.explain import format_points
from bleu_gui.core.score_delta import ScoreDelta, check_same_references, decompose
from bleu_gui.core.scoring import score_summed
from bleu_gui.core.signature import test_signature
from bleu_gui.core.significance import (
    DEFAULT_SEED,
    AllPairsResult,
    Identity,
    PairedTest,
    PairedTestResult,
    SystemResult,
)
from bleu_gui.models.all_pairs_model import AllPairsModel
from bleu_gui.models.significance_job import (
    SignificanceJob,
    SignificanceRequest,
    text_groups,
)
from bleu_gui.models.significance_text import (
    SUBSET_NOTE,
    p_value_text,
    test_description,
    test_words,
)

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
    """

    name: str
    stats: CorpusStats
    texts: Sequence[str] | None = None
    summed: SummedStats | None = None


class SystemColumn(Enum):
    """What a column of the systems table shows."""

    NAME = "System"
    BLEU = "BLEU"
    DELTA = "Δ"
    P_VALUE = "p"
    MEAN_CI = "μ ± 95% CI"
    WHY = "Why Δ"
    TEST = "Test"
    SIGNATURE = "Signature"


@dataclass(frozen=True, slots=True)
class _Row:
    """Everything one row shows, computed once per change."""

    system: int
    name: str
    baseline: bool
    score: BleuScore | None
    error: str | None  # why `score` or `delta` is None
    delta: ScoreDelta | None
    result: SystemResult | None
    identity: Identity | None
    request: SignificanceRequest | None
    signature: str
    compat: Compat


@dataclass(frozen=True, slots=True)
class _Column:
    """One column, said once: header, tooltip, sort key, text, tooltip of a cell."""

    key: SystemColumn
    tooltip: str
    value: Callable[[_Row], object]
    text: Callable[[_Row], str]
    cell_tip: Callable[[_Row], str] | None = None
    of_test: bool = False  # shows the significance test's result


def _score_text(row: _Row) -> str:
    return "—" if row.score is None else format_points(row.score.score, row.compat)


def _delta_value(row: _Row) -> float | None:
    return None if row.delta is None else row.delta.delta


def _delta_text(row: _Row) -> str:
    if row.baseline:
        return "baseline"
    if row.delta is None:
        return "—"
    return format_points(row.delta.delta, row.compat, signed=True)


def _mean_ci_text(row: _Row) -> str:
    result = row.result
    if result is None or result.mean is None or result.ci is None:
        return "" if row.request is None else "—"
    mean = format_points(result.mean, row.compat)
    return f"{mean} ± {format_points(result.ci, row.compat)}"


def _p_text(row: _Row) -> str:
    if row.result is None or row.result.p_value is None:
        return "" if row.request is None or not row.baseline else "—"
    return p_value_text(row.result.p_value, row.identity)


def _p_tip(row: _Row) -> str:
    if row.baseline and row.request is not None:
        return "The baseline: every other system is tested against it"
    if row.identity is not None:
        return (
            f"{row.identity.value}: the test has nothing to compare, and its "
            "p-value, the smallest possible, does not mean that the systems differ "
            "(sacreBLEU stars it)"
        )
    return "The paired test's p-value against the baseline; * at 0.05 or less"


def _test_text(row: _Row) -> str:
    request = row.request
    if request is None:
        return ""
    return test_words(request.test, request.samples, request.seed)


def _test_tip(row: _Row) -> str:
    request = row.request
    if request is None:
        return "No significance test has run: press Run"
    segments = len(request.systems[0]) if request.rows is None else request.rows.size
    return test_description(request.test, request.samples, request.seed, segments)


def _why_value(row: _Row) -> float | None:
    """The length part: sorting the bar column groups the Δs that length made."""
    return None if row.delta is None else row.delta.parts[0].points


def _why_text(row: _Row) -> str:
    return "" if row.delta is None else row.delta.diagnosis


_COLUMNS = (
    _Column(
        SystemColumn.NAME, "The system", lambda r: r.name.casefold(), lambda r: r.name
    ),
    _Column(
        SystemColumn.BLEU,
        "Corpus BLEU of the system",
        lambda r: None if r.score is None else r.score.score,
        _score_text,
        lambda r: r.error or "",
    ),
    _Column(
        SystemColumn.DELTA,
        "BLEU of the system minus BLEU of the baseline",
        _delta_value,
        _delta_text,
        lambda r: r.error or "",
    ),
    _Column(
        SystemColumn.P_VALUE,
        "The paired test's p-value against the baseline; sacreBLEU's * marks 0.05 "
        "or less",
        lambda r: None if r.result is None else r.result.p_value,
        _p_text,
        _p_tip,
        of_test=True,
    ),
    _Column(
        SystemColumn.MEAN_CI,
        "The bootstrap's mean score ± half the width of its 95% confidence "
        "interval (paired bootstrap only)",
        lambda r: None if r.result is None else r.result.mean,
        _mean_ci_text,
        of_test=True,
    ),
    _Column(
        SystemColumn.WHY,
        "The Δ split into its parts: length (the brevity penalty) and each "
        "order's precision; right of the line a gain, left a loss (sorts by the "
        "length part)",
        _why_value,
        _why_text,
        _why_text,
    ),
    _Column(
        SystemColumn.TEST,
        "The paired test, its number of resamples or trials, and its seed",
        lambda r: _test_text(r) or None,
        _test_text,
        _test_tip,
        of_test=True,
    ),
    _Column(
        SystemColumn.SIGNATURE,
        "sacreBLEU's signature of the numbers in the row, with the test's "
        "bs:N|seed:S or ar:N|seed:S",
        lambda r: r.signature,
        lambda r: r.signature,
        lambda r: r.signature,
        of_test=True,
    ),
)

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
        self.seed: int | None = DEFAULT_SEED
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
        self._result_signature = ""
        # Per system: its statistics and their sums over the scope (`_summed_of`).
        self._sums: dict[int, tuple[CorpusStats, SummedStats]] = {}
        self._rows: list[_Row] = []
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
        same_stats = [e.stats for e in entries] == [e.stats for e in self._entries]
        if not same_stats or [e.name for e in entries] != [
            e.name for e in self._entries
        ]:
            self._result = self._request = None
            self.cancel()
        self._entries = entries
        self._config = config
        self._signature = signature
        self._baseline = baseline if 0 <= baseline < len(entries) else 0
        self._refresh()
        self.baseline_changed.emit(self._baseline)

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
        """The sentences the table shows (ascending), or None for all of them."""
        self._shown = (
            None
            if rows is None
            else np.unique(np.asarray(rows, dtype=np.int64))  # sorted, once each
        )
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
        if self._config.compat is not Compat.SACREBLEU:
            return "Significance tests follow sacreBLEU: choose the sacreBLEU mode."
        rows = self.scope_rows()
        if rows is not None and rows.size == 0:
            return "No sentences are shown: there is nothing to test."
        return None

    def make_request(
        self, test: PairedTest, samples: int, *, all_pairs: bool = False
    ) -> SignificanceRequest:
        """The request for the test of the current systems, options and scope."""
        texts = [e.texts for e in self._entries if e.texts is not None]
        groups = text_groups(texts) if len(texts) == len(self._entries) else None
        return SignificanceRequest(
            tuple(e.stats for e in self._entries),
            self._config,
            test,
            samples,
            self.seed,
            None if all_pairs else self._baseline,
            self.scope_rows(),
            groups,
        )

    def run(self, test: PairedTest, samples: int, *, all_pairs: bool = False) -> None:
        """Start the test in the background; a running one is superseded."""
        self._asked = self.make_request(test, samples, all_pairs=all_pairs)
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
        self._order = list(range(len(self._rows)))
        if self._sort is not None:
            self._apply_sort(*self._sort)
        self.endResetModel()
        self._update_all_pairs()
        self.result_changed.emit()

    def _summed_of(
        self, system: int, entry: SystemEntry, rows: npt.NDArray[np.int64] | None
    ) -> SummedStats:
        """A system's sums over the scope, for the orders the config scores.

        Every order counted is summed, and kept until the system's statistics or
        the scope change: summing 100,000 segments takes about 20 ms, re-scoring
        sums after a new baseline, smoothing or order microseconds. The sums of
        every sentence come from the caller when it has them (`SystemEntry`).
        """
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

    def _compute_rows(self) -> list[_Row]:
        rows = self.scope_rows()
        scores: list[BleuScore | None] = []
        errors: list[str | None] = []
        for k, entry in enumerate(self._entries):
            try:
                scores.append(
                    score_summed(self._summed_of(k, entry, rows), self._config)
                )
                errors.append(None)
            except ValueError as error:
                scores.append(None)
                errors.append(" ".join(str(error).split()))
        base_score = scores[self._baseline] if scores else None
        results = self._paired_rows()
        out = []
        for k, (entry, score) in enumerate(zip(self._entries, scores, strict=True)):
            delta = None
            if k != self._baseline and score is not None and base_score is not None:
                base = self._entries[self._baseline]
                try:
                    check_same_references(base.stats, entry.stats)
                    delta = decompose(base_score, score, (base.name, entry.name))
                except ValueError as error:
                    errors[k] = " ".join(str(error).split())
            result, identity = results.get(k, (None, None))
            request = self._request if self._result is not None else None
            signature = (
                self._signature
                if request is None
                else test_signature(
                    self._result_signature,
                    request.test.value,
                    request.samples,
                    request.seed,
                )
            )
            out.append(
                _Row(
                    k,
                    entry.name,
                    k == self._baseline,
                    score,
                    errors[k],
                    delta,
                    result,
                    identity,
                    request,
                    signature,
                    self._config.compat,
                )
            )
        return out

    def _paired_rows(self) -> dict[int, tuple[SystemResult, Identity | None]]:
        """Each system's row of the result against the baseline it is shown with."""
        result, request = self._result, self._request
        if result is None or request is None:
            return {}
        if isinstance(result, AllPairsResult):
            base = self._baseline
            paired = result.against(base)
        else:
            base = request.baseline if request.baseline is not None else 0
            paired = result
        others = [k for k in range(len(result_systems(result))) if k != base]
        rows: dict[int, tuple[SystemResult, Identity | None]] = {
            base: (paired.baseline, None)
        }
        for k, row, same in zip(others, paired.systems, paired.identical, strict=True):
            rows[k] = (row, same)
        return rows

    def _update_all_pairs(self) -> None:
        result = self._result
        self.all_pairs_model.set_result(
            [e.name for e in self._entries],
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

    # --- Qt's model interface -----------------------------------------------------

    @override
    def rowCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._order)

    @override
    def columnCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(_COLUMNS)

    def column_of(self, key: SystemColumn) -> int:
        """The position of the column that shows `key`."""
        return next(k for k, column in enumerate(_COLUMNS) if column.key is key)

    @override
    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation is not Qt.Orientation.Horizontal or not (
            0 <= section < len(_COLUMNS)
        ):
            return None
        column = _COLUMNS[section]
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
        column = _COLUMNS[index.column()]
        if role == _DISPLAY:
            return column.text(row)
        if role == _TOOLTIP:
            tip = column.cell_tip(row) if column.cell_tip else ""
            stale = self.stale_reason() if column.of_test and row.request else None
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

    def _is_stale(self, row: _Row, column: _Column) -> bool:
        return (
            column.of_test
            and row.request is not None
            and self.stale_reason() is not None
        )

    @override
    def sort(
        self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder
    ) -> None:
        """Sort by a column's raw value; missing values last in either order."""
        if not 0 <= column < len(_COLUMNS):
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
        value = _COLUMNS[column].value
        present = [
            k for k in range(len(self._rows)) if value(self._rows[k]) is not None
        ]
        missing = [k for k in range(len(self._rows)) if value(self._rows[k]) is None]
        present.sort(
            key=lambda k: value(self._rows[k]),  # type: ignore[arg-type,return-value]
            reverse=order is Qt.SortOrder.DescendingOrder,
        )
        self._order = present + missing


def result_systems(
    result: PairedTestResult | AllPairsResult,
) -> tuple[SystemResult, ...]:
    """Every system's row of a result, in the order the request gave them."""
    if isinstance(result, AllPairsResult):
        return result.systems
    return (result.baseline, *result.systems)


def _same_rows(
    a: npt.NDArray[np.int64] | None, b: npt.NDArray[np.int64] | None
) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return a.shape == b.shape and bool((a == b).all())
