"""The filter bar above the sentence table: a search, a score range, and chips.

The bar's pair part (B better / worse / same, a Δ range) is a widget of its own,
`FilterBar.pair_controls`, shown only while two systems are compared
(`set_pair_names`); the window may place it elsewhere (beside the pair's menus), and
the bar still reads and clears it.

A salient n-gram clicked (`set_ngram`) filters too: the bar shows it as a chip in a
row of its own under the controls (hidden otherwise), with a × button that removes
it; Clear removes it with the rest. A document clicked in the documents view
(`set_documents`), an effort band, a bucket (`set_buckets`), the QA panel's
choice and a significance margin (`set_margin`) show as chips the same way, each
in a row of its own. The chip is `views.filter_chip.FilterChip`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.models.sentence_filter import (
    DELTA_LIMIT,
    BucketRows,
    DeltaRange,
    DeltaSide,
    DocumentRows,
    EffortRows,
    MarginRows,
    NgramRows,
    SentenceFilter,
)
from bleu_gui.views.filter_chip import BucketChip, FilterChip
from bleu_gui.views.margin_chip import MarginChip
from bleu_gui.views.qa_chip import QaChip
from bleu_gui.views.settings_panel import COMMIT_PAUSE_MS, typed_number

__all__ = [
    "REMOVE_DOCUMENTS",
    "REMOVE_EFFORT",
    "REMOVE_NGRAM",
    "SEARCHING",
    "FilterBar",
]

SEARCHING = "Searching…"
"""What the filter bar says while a search runs (its Stop button shown)."""

REMOVE_NGRAM = "Remove the n-gram filter"
"""The name (and tooltip) of the n-gram chip's × button."""

REMOVE_DOCUMENTS = "Remove the document filter"
"""The name (and tooltip) of the document chip's × button."""

REMOVE_EFFORT = "Remove the effort filter"
"""The name (and tooltip) of the effort chip's × button."""


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
        self.bucket_row = BucketChip(self)
        self.qa = QaChip(self, self._emit)  # the QA dock's choice
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
        column.addWidget(self.bucket_row)
        column.addWidget(self.qa.row)
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
        self.bucket_row.remove_button.clicked.connect(lambda: self.set_buckets(None))
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

    def set_buckets(self, rows: BucketRows | None) -> None:
        """Show only the sentences of a bucket (None: all), as a chip."""
        self.bucket_row.set_rows(rows)
        self._emit()

    def set_margin(self, margin: MarginRows | None) -> None:
        """Show only the sentences of `margin` (None: all), as a chip that says so."""
        self.margin_row.show_rows(margin)
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
            buckets=self.bucket_row.rows,
            qa=self.qa.rows,
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
        self.bucket_row.set_rows(None)
        self.qa.set(None, apply=False)
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
