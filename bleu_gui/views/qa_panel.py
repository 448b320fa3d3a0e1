"""The QA dock: the shown system's QA issues, the checks, and why some did not run.

What a translator's QA tool (Xbench, a CAT tool's QA) shows, beside the scores:
a line of totals, a check box per check (its count beside its name; unticked, the
check is switched off and the systems are checked again), the checks that could
not run and why ("No source loaded: …", "This format has no inline tags: …"), the
notices of how the checks read the text, a choice of which sentences the table
shows (all, those with issues, those with issues of one check: a chip in the
filter bar, `models.qa_filter.QaRows`), and the list of issues. Clicking an issue
selects its sentence in the table and underlines its span in the detail.

The checks run in the background (`models.qa_counting`); this panel only shows
what `Session.qa` reports, and the words it shows are made by the functions
below, so that tests pin them without a window.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QGridLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.core.qa import NO_SOURCE, NO_TAGS, QaIssue, QaResult
from bleu_gui.core.qa_checks import CHECKS, CheckKind, spec_of
from bleu_gui.models.qa_filter import QaRows
from bleu_gui.models.qa_issues_model import ISSUE_ROLE, IssueColumn, QaIssuesModel
from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import SystemId, TextsKey
from bleu_gui.models.workspace_change import Moved, follow
from bleu_gui.views.filter_bar import FilterBar
from bleu_gui.views.marked_detail import MarkedDetailView
from bleu_gui.views.sentence_detail import HYPOTHESIS, SOURCE

__all__ = [
    "CHECKING",
    "DOCK_NAME",
    "NO_TEST_SET",
    "SHOW_ALL",
    "SHOW_ISSUES",
    "QaPanel",
    "check_label",
    "not_run_lines",
    "show_check",
    "summary_text",
]

_FIT_SAMPLE = 200  # rows whose texts the list's narrow columns are fitted to
_CELL_PADDING = 16  # pixels beside a cell's text (margins and the grid)

DOCK_NAME = "qa-dock"
NO_TEST_SET = "Open a test set to check its translations."
CHECKING = "Checking the translations…"
SHOW_ALL = "Table: all sentences"
SHOW_ISSUES = "Table: with issues"
_ANY = "any"  # the choice's data: issues of any check


def show_check(kind: CheckKind) -> str:
    """The table choice of the sentences with issues of one check."""
    return f"Table: with {spec_of(kind).title} issues"


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def summary_text(result: QaResult, system: str) -> str:
    """The panel's first line: how many issues in how many sentences, of whom."""
    if not result.total:
        return f"{system}: no issues in {_count(result.rows, 'sentence')}"
    return (
        f"{system}: {_count(result.total, 'issue')} in {len(result.by_row):,} "
        f"of {_count(result.rows, 'sentence')}"
    )


def check_label(kind: CheckKind, result: QaResult | None) -> str:
    """A check box's text: the check's title and its count ("not run", none yet)."""
    title = spec_of(kind).title
    if result is None or kind not in result.enabled:
        return title
    if kind in result.not_run:
        return f"{title} (not run)"
    return f"{title} ({result.counts.get(kind, 0):,})"


def not_run_lines(result: QaResult) -> tuple[str, ...]:
    """Why checks switched on did not run, one line per reason, in words.

    The checks that need a source are named together ("No source loaded: …"),
    the tag check by the format ("This format has no inline tags: …"); any
    other reason as the checks say it.
    """
    by_reason: dict[str, list[str]] = {}
    for spec in CHECKS:
        reason = result.not_run.get(spec.kind)
        if reason is not None:
            by_reason.setdefault(reason, []).append(spec.title)
    lines = []
    for reason, titles in by_reason.items():
        named = _listed(titles)
        if reason == NO_SOURCE:
            verb = "needs" if len(titles) == 1 else "need"
            lines.append(
                f"No source loaded: {named} {verb} the source text (File ▸ Open "
                "test set…, Source)."
            )
        elif reason == NO_TAGS:
            lines.append(
                f"This format has no inline tags: {named} runs on XLIFF and TMX "
                "files only."
            )
        else:
            lines.append(f"{named} did not run: {reason}.")
    return tuple(lines)


def _listed(titles: list[str]) -> str:
    """The titles as a sentence lists them: "A", "A and B", "A, B and C"."""
    if len(titles) == 1:
        return titles[0]
    return f"{', '.join(titles[:-1])} and {titles[-1]}"


class QaPanel(QObject):
    """The QA dock and its wiring to the session, the table and the detail.

    `select`: selects sentence n (1-based) in the table and shows it; False when
    a filter hides it. `status`: says a line in the status bar.
    """

    def __init__(
        self,
        session: Session,
        window: QMainWindow,
        *,
        filter_bar: FilterBar,
        detail: MarkedDetailView,
        select: Callable[[int], bool],
        status: Callable[[str], None],
    ) -> None:
        super().__init__(window)
        self.session = session
        self.filter_bar = filter_bar
        self.detail = detail
        self._select = select
        self._status = status
        self._result: QaResult | None = None
        # What `_result` was found in: the texts' key and the checks (None: none).
        self._found_in: tuple[TextsKey, frozenset[CheckKind]] | None = None
        self._system: SystemId | None = None  # whose issues are listed
        self._applying = False  # the filter bar is given the choice's rows
        self.model = QaIssuesModel(self)
        self._build(window)
        self._connect_signals()
        self.sync()

    def _build(self, window: QMainWindow) -> None:
        self.summary = QLabel(NO_TEST_SET)
        self.summary.setWordWrap(True)
        self.checks: dict[CheckKind, QCheckBox] = {}
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(0)
        for index, spec in enumerate(CHECKS):
            box = QCheckBox(spec.title)
            box.setChecked(True)
            box.setToolTip(
                f"{spec.title}: {spec.description}. Untick to switch it off."
            )
            # Its count must not widen the dock (the window's minimum width).
            box.setMinimumWidth(box.fontMetrics().horizontalAdvance("x" * 8))
            self.checks[spec.kind] = box
            grid.addWidget(box, index // 2, index % 2)
        self.reasons = QLabel()
        self.reasons.setWordWrap(True)
        self.reasons.setTextFormat(Qt.TextFormat.PlainText)
        small = self.reasons.font()
        if small.pointSizeF() > 0:
            small.setPointSizeF(small.pointSizeF() * 0.9)
            self.reasons.setFont(small)
        self.reasons.hide()
        self.show_choice = QComboBox()
        self.show_choice.addItem(SHOW_ALL, None)
        self.show_choice.addItem(SHOW_ISSUES, _ANY)
        for spec in CHECKS:  # by name: Qt keeps a str enum as a plain str
            self.show_choice.addItem(show_check(spec.kind), spec.kind.value)
        self.show_choice.setToolTip(
            "Which sentences the table shows: all, those with QA issues, or those "
            "with issues of one check (a chip in the filter bar; × removes it)"
        )
        self.show_choice.setAccessibleName("Show in the table")
        self.show_choice.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.show_choice.setMinimumContentsLength(8)
        # Beside the last check (seven checks leave the grid's last cell free).
        grid.addWidget(self.show_choice, len(CHECKS) // 2, 1)
        self.list = QTableView()
        self.list.setModel(self.model)
        self.list.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setWordWrap(False)
        rows = self.list.verticalHeader()
        rows.hide()
        rows.setDefaultSectionSize(self.list.fontMetrics().height() + 6)
        self.list.setAlternatingRowColors(True)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        # Widths fitted to a bounded sample (`_fit_columns`), never "to contents":
        # that asks every row's text, and 6,000 issues held the window 0.5 s.
        self.list.horizontalHeader().setStretchLastSection(True)
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(6, 6, 6, 6)
        column.addWidget(self.summary)
        column.addLayout(grid)
        column.setSpacing(4)
        column.addWidget(self.reasons)
        column.addWidget(self.list, 1)
        self.dock = QDockWidget("QA", window)
        self.dock.setObjectName(DOCK_NAME)
        self.dock.setWidget(body)
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)

    def _connect_signals(self) -> None:
        session = self.session
        session.qa.counted.connect(self.sync)
        session.qa.enabled_changed.connect(self.sync)
        follow(
            session.workspace_changed,
            Moved.ROWS | Moved.SYSTEMS | Moved.EDITS,
            self.sync,
            self,
        )
        for box in self.checks.values():
            box.toggled.connect(self._on_check_toggled)
        self.show_choice.currentIndexChanged.connect(self._apply_choice)
        self.list.clicked.connect(self._on_issue_clicked)
        self.list.activated.connect(self._on_issue_clicked)
        self.filter_bar.filter_requested.connect(self._on_filter)

    # --- state ---------------------------------------------------------------------

    @property
    def result(self) -> QaResult | None:
        """The issues listed (None: no test set, or still being checked)."""
        return self._result

    def _fit_columns(self, sample: int = _FIT_SAMPLE) -> None:
        """Fit the sentence and check columns to their header and first rows."""
        metrics = self.list.fontMetrics()
        header = self.list.horizontalHeader()
        rows = min(self.model.rowCount(), sample)
        for column in (IssueColumn.SENTENCE, IssueColumn.CHECK):
            texts = [
                str(self.model.headerData(column, Qt.Orientation.Horizontal)),
                *(str(self.model.index(row, column).data()) for row in range(rows)),
            ]
            if column is IssueColumn.CHECK:
                texts += [spec.title for spec in CHECKS]
            widest = max(metrics.horizontalAdvance(text) for text in texts)
            header.resizeSection(column, widest + _CELL_PADDING)

    def sync(self) -> None:
        """Show the shown system's issues as found now, or that they are coming."""
        workspace = self.session.workspace
        shown = workspace.shown_system
        enabled = self.session.qa.enabled
        result = None if shown is None else shown.current_qa(enabled)
        qa = None if shown is None or result is None else shown.qa
        found_in = None if qa is None else (qa.texts, qa.enabled)
        system = None if shown is None else shown.id
        if system != self._system:
            self._show_all()  # another system: its own issues to choose from
        self._system = system
        if found_in != self._found_in:
            self._result, self._found_in = result, found_in
            self.model.set_result(result)
            self._fit_columns()
        for kind, box in self.checks.items():
            box.blockSignals(True)
            box.setChecked(kind in enabled)
            box.setText(check_label(kind, result))
            box.blockSignals(False)
        if shown is None:
            self.summary.setText(NO_TEST_SET)
        elif result is None:
            self.summary.setText(CHECKING)
        else:
            self.summary.setText(summary_text(result, shown.name))
        lines = () if result is None else (*not_run_lines(result), *result.notices)
        lines = tuple(line[:1].upper() + line[1:] for line in lines)  # sentences
        self.reasons.setText("\n".join(lines))
        self.reasons.setVisible(bool(lines))
        self.show_choice.setEnabled(result is not None)
        self._apply_choice()

    def _on_check_toggled(self) -> None:
        boxes = self.checks.items()
        enabled = frozenset(kind for kind, box in boxes if box.isChecked())
        self.session.qa.set_enabled(enabled)

    # --- the table's filter ----------------------------------------------------------

    def _chosen(self) -> tuple[bool, CheckKind | None]:
        """Whether sentences with issues are chosen, and of which check (None: any)."""
        data = self.show_choice.currentData()
        if not isinstance(data, str):
            return False, None
        return True, None if data == _ANY else CheckKind(data)

    def _apply_choice(self) -> None:
        """Give the filter bar the chosen sentences (as found now), or none."""
        chosen, kind = self._chosen()
        result = self._result
        if chosen and result is None:
            return  # being counted again: the rows found last until then
        rows = QaRows.of(result, kind) if chosen and result is not None else None
        if rows != self.filter_bar.qa.rows:
            self._applying = True  # not the chip's ×: the choice stays
            try:
                self.filter_bar.qa.set(rows)
            finally:
                self._applying = False

    def _show_all(self) -> None:
        """Say "all sentences" (the only choice made for the user)."""
        self.show_choice.blockSignals(True)
        self.show_choice.setCurrentIndex(0)
        self.show_choice.blockSignals(False)

    def _on_filter(self, spec: SentenceFilter) -> None:
        """The filter bar's chip removed (× or Clear): the choice says all again."""
        if spec.qa is None and self._chosen()[0] and not self._applying:
            self._show_all()

    # --- an issue clicked ------------------------------------------------------------

    def _on_issue_clicked(self, index: QModelIndex) -> None:
        issue = index.data(ISSUE_ROLE)
        if isinstance(issue, QaIssue):
            self.show_issue(issue)

    def show_issue(self, issue: QaIssue) -> None:
        """Select the issue's sentence and underline its span in the detail."""
        shown = self.session.workspace.shown_system
        if shown is None:
            return
        corpus = shown.corpus
        span = issue.span
        if span.in_source and corpus.source is not None:
            which, text = SOURCE, corpus.source.lines[issue.row]
        else:
            which, text = HYPOTHESIS, corpus.hypothesis.lines[issue.row]
        self.detail.set_mark(which, (span.start, span.end), text)
        if not self._select(issue.row + 1):
            self._status(
                f"Sentence {issue.row + 1} is hidden by the table's filter: Clear "
                "shows it"
            )
