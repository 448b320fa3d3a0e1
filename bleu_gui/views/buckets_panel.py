"""The Buckets tab: where a system wins, by bucket, and a click to show a bucket's.

A row to choose the view (reference length, length difference, sentence BLEU of
A, word frequency) and its bucket edges; a line on what is shown (or why nothing
is yet); the bar chart (`views.bucket_chart`: each system's corpus BLEU of the
bucket's sentences, with a pair the bootstrap interval as error bars; for words,
the F-measure); and the table. Made in steps by `models.bucket_views` when the
tab is on screen and the session is idle.

A bar or a row of a sentence view clicked filters the sentence table to that
bucket's sentences (`FilterBar.set_buckets`), shown as a chip with a × button;
the same bucket again, the ×, or Clear removes it. The rows belong to the content
they were made from: new content (other edges, another pair, an edit) drops the
filter and `dropped(message)` says so.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core.buckets import (
    SUBSET_TEST_NOTE,
    Bucket,
    BucketEdges,
    BucketTable,
    BucketTest,
)
from bleu_gui.core.significance import DEFAULT_SEED
from bleu_gui.core.word_buckets import MATCHING_RULE, WordTable
from bleu_gui.io.session_file import SavedBucketKind, SavedBuckets
from bleu_gui.models.bucket_views import (
    BUSY,
    BucketChoice,
    BucketContent,
    BucketInputs,
    BucketsJob,
    BucketView,
    bucket_words,
)
from bleu_gui.models.sentence_filter import BucketRows, SentenceFilter
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import SystemId
from bleu_gui.models.workspace_change import Moved, follow
from bleu_gui.views.bucket_chart import BucketBars, BucketChart
from bleu_gui.views.bucket_files import BucketFileBar
from bleu_gui.views.filter_bar import FilterBar
from bleu_gui.views.scrolled import fill_scrolled

__all__ = [
    "BUCKETS_TAB",
    "EDGES_TIP",
    "BucketsPanel",
    "dropped_message",
    "short_label",
]

BUCKETS_TAB = "Buckets"

EDGES_TIP = (
    "The buckets' lower edges, increasing, separated by commas: a value v is in "
    "the bucket from one edge (included) to the next (excluded). Enter applies."
)


def dropped_message(words: str) -> str:
    """What the window says when the bucket filter is dropped."""
    return f"The bucket filter ({words}) was removed: the buckets were made anew."


class BucketsPanel(QWidget):
    """The tab's widgets, kept in step with the session and the filter bar.

    Signals:
        dropped: (message) the bucket filter was removed: the buckets were
            made anew.
    """

    dropped = Signal(str)

    def __init__(
        self,
        session: Session,
        filter_bar: FilterBar,
        parent: QWidget | None = None,
        *,
        seed: Callable[[], int | None] = lambda: DEFAULT_SEED,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._filter_bar = filter_bar
        self._seed = seed
        self._edges = BucketEdges()
        self._content = BucketContent()
        self._chosen: tuple[BucketContent, int] | None = None
        self._stale = True
        self._inputs: BucketInputs | None = None
        self._pending: tuple[BucketView, int] | None = None  # a session's filter
        self._job = BucketsJob(self)
        self.files = BucketFileBar(session, lambda: self._edges, self._safe_seed)
        self.view_box = QComboBox()
        for view in BucketView:
            self.view_box.addItem(view.label)
        self.view_box.setToolTip("What the sentences (or words) are bucketed by.")
        self.edges_box = QLineEdit()
        self.edges_box.setToolTip(EDGES_TIP)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.hide()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.chart = BucketChart()
        self.chart.setMaximumHeight(260)
        self.table = QTableWidget(0, 1)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.note = QLabel()
        self.note.setWordWrap(True)
        choose = QHBoxLayout()
        choose.addWidget(self.view_box)
        choose.addWidget(QLabel("Edges"))
        choose.addWidget(self.edges_box, 1)
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(choose)
        layout.addWidget(self.files)
        layout.addWidget(self.problem)
        layout.addWidget(self.status)
        layout.addWidget(self.chart)
        layout.addWidget(self.table)
        layout.addWidget(self.note)
        layout.addStretch(1)
        fill_scrolled(self, content)  # as the Effort and Charts tabs
        self._show_edges()
        self._connect_signals()
        self._show(self._content)

    def _connect_signals(self) -> None:
        session = self._session
        follow(
            session.workspace_changed,
            Moved.SCORED | Moved.SYSTEMS | Moved.ROWS | Moved.CONFIG | Moved.PAIR,
            self.refresh,
            self,
        )
        session.busy_changed.connect(self.refresh)
        self.files.frequency_changed.connect(self.refresh)
        self._job.ready.connect(self._show)
        self._job.failed.connect(self._show_failure)
        self.view_box.currentIndexChanged.connect(self._on_view_changed)
        self.edges_box.editingFinished.connect(self._on_edges_typed)
        self.chart.bucket_clicked.connect(self.choose_bucket)
        self.table.cellClicked.connect(self._on_cell_clicked)
        self._filter_bar.filter_requested.connect(self._on_filter_requested)

    # --- what is shown --------------------------------------------------------------

    @property
    def view(self) -> BucketView:
        """The view chosen."""
        # By position: Qt hands a str enum's data back as a plain str.
        return list(BucketView)[max(self.view_box.currentIndex(), 0)]

    @property
    def edges(self) -> BucketEdges:
        """The bucket edges in use."""
        return self._edges

    @property
    def choice(self) -> BucketChoice:
        """The edges and word counts set here, as the window's report takes them."""
        return BucketChoice(self._edges, self.files.frequency)

    @property
    def content(self) -> BucketContent:
        """What the tab shows."""
        return self._content

    @property
    def busy(self) -> bool:
        """Whether the tab's content is being made."""
        return self._job.busy

    def refresh(self) -> None:
        """Something shown changed: remake the tab if on screen, else later.

        A session's bucket filter waiting for its buckets has them made now.
        """
        if self.isVisible() or self._pending is not None:
            self._request()
        else:
            self._stale = True

    @override
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self._request()

    def _safe_seed(self) -> int | None:
        try:
            return self._seed()
        except ValueError:
            return DEFAULT_SEED  # the Systems dock says what is wrong with its field

    def _request(self) -> None:
        """Make the content anew, unless it is of the same inputs."""
        seed = self._safe_seed()
        workspace = self._session.workspace
        frequency = self.files.frequency
        inputs = BucketInputs.of(workspace, self.view, self._edges, seed, frequency)
        if inputs.same(self._inputs):
            return
        if self._session.is_busy:
            # Never while systems are read or scored: asked again when that ends.
            self._job.shutdown()
            self._inputs = None
            self._show(BucketContent(self.view, waiting=BUSY))
            return
        self._inputs = inputs
        self._job.request(workspace, self.view, self._edges, seed, frequency)

    def shutdown(self) -> None:
        """Stop making the content and the file jobs (the window closes)."""
        self._job.shutdown()
        self.files.shutdown()

    # --- sessions ---------------------------------------------------------------

    def saved(self) -> SavedBuckets:
        """The view, edges and bucket filter, as a session keeps them."""
        chosen = None
        table = self._content.table
        if self._chosen is not None and table is not None:
            chosen = (SavedBucketKind.of(table.kind), self._chosen[1])
        elif self._pending is not None:
            chosen = (SavedBucketKind.of(self._pending[0].kind), self._pending[1])
        return SavedBuckets(SavedBucketKind.of(self.view.kind), self._edges, chosen)

    def restore(self, saved: SavedBuckets) -> None:
        """Put a session's view and edges back; its bucket filter once made.

        The filter's rows come from the buckets made anew from the files (they
        may have changed): the view is made now, on screen or not.
        """
        self._filter_bar.set_buckets(None)
        self._edges = saved.edges
        chosen = saved.chosen
        self._pending = None
        if chosen is not None:
            self._pending = (_view_of(chosen[0]), chosen[1])
        view = self._pending[0] if self._pending is not None else _view_of(saved.view)
        self.view_box.blockSignals(True)
        self.view_box.setCurrentIndex(list(BucketView).index(view))
        self.view_box.blockSignals(False)
        self._show_edges()
        if self._pending is not None:
            self._request()
        else:
            self.refresh()

    def _on_view_changed(self) -> None:
        self._show_edges()
        self.refresh()

    def _show_edges(self) -> None:
        self.files.show_source(self.view is BucketView.WORDS)
        edges = self._edges.of(self.view.kind)
        self.edges_box.setText(", ".join(f"{edge:g}" for edge in edges))

    def _on_edges_typed(self) -> None:
        """Edges typed: used if they are edges, else the problem said in one line."""
        text = self.edges_box.text()
        try:
            cuts = tuple(float(part) for part in text.split(",") if part.strip())
            edges = self._edges.edited(self.view.kind, cuts)
        except ValueError as error:
            message = str(error)
            if "could not convert" in message:
                message = "the edges must be numbers separated by commas"
            self.problem.setText(f"Edges not applied: {message}.")
            self.problem.show()
            return
        self.problem.hide()
        if edges != self._edges:
            self._edges = edges
            self.refresh()

    def _show(self, content: BucketContent) -> None:
        previous = self._content
        self._content = content
        self._drop_stale_filter(previous)
        self._apply_pending(content)
        names = content.names
        notes = [content.waiting] if content.waiting else []
        if len(names) == 2:
            notes.insert(0, f"A: {names[0]} · B: {names[1]}")
        elif names:
            notes.insert(0, names[0])
        table, words = content.table, content.words
        if table is not None and table.unbucketed:
            notes.append(f"{table.unbucketed:,} sentences unscorable, in no bucket.")
        self.status.setText(" — ".join(notes))
        shown = table is not None or words is not None
        self.chart.setVisible(shown)
        self.table.setVisible(shown)
        self.note.setVisible(shown)
        if table is not None:
            self._show_table(table)
        elif words is not None:
            self._show_words(words)
        self._show_chosen()

    def _positions(self) -> dict[SystemId, int]:
        """Each system's place in the session (its colour in the comparison charts)."""
        return {system.id: k for k, system in enumerate(self._session.systems)}

    def _colours(self) -> list[int]:
        positions = self._positions()
        return [positions.get(system_id, 0) for system_id in self._content.system_ids]

    def _show_table(self, table: BucketTable) -> None:
        names = self._content.names
        nan = math.nan
        bars = []
        for k, (name, colour) in enumerate(zip(names, self._colours(), strict=True)):
            lows, highs = [], []
            for row in table.rows:
                test = row.test
                result = None if test is None else (test.baseline, *test.systems)[k]
                if result is None or result.mean is None or result.ci is None:
                    lows.append(nan)
                    highs.append(nan)
                else:
                    lows.append(result.mean - result.ci)
                    highs.append(result.mean + result.ci)
            bars.append(
                BucketBars(
                    name,
                    colour,
                    tuple(row.bleu[k] for row in table.rows),
                    tuple(lows),
                    tuple(highs),
                )
            )
        self.chart.set_bars(
            [short_label(row.bucket) for row in table.rows],
            bars,
            axis_title=table.kind.heading,
            value_title="BLEU",
            clickable=True,
        )
        pair = len(names) == 2
        headers = ["Bucket", "Sentences", *(["A", "B", "Δ", "p"] if pair else ["BLEU"])]
        self._start_table(headers, len(table.rows))
        for line, row in enumerate(table.rows):
            tip = f"Click to show the {row.sentences:,} sentences of bucket " + (
                f"{row.bucket.label}."
            )
            cells = [row.bucket.label, f"{row.sentences:,}"]
            cells += [_number(score) for score in row.bleu]
            tips = [tip, tip]
            tips += [self._interval_tip(row.test, k, tip) for k in range(len(names))]
            if pair:
                p = "–" if row.test is None else f"{row.test.systems[0].p_value:.4f}"
                cells += [_number(row.delta(1)), p]
                tips += [tip, tip]
            for column, (text, cell_tip) in enumerate(zip(cells, tips, strict=True)):
                self._set_cell(line, column, text, cell_tip, left=column == 0)
        self._finish_table()
        note = (
            f"BLEU: the corpus BLEU of the bucket's sentences. Buckets by {names[0]}."
        )
        if pair and table.samples:
            note += (
                f" {SUBSET_TEST_NOTE} {table.samples:,} resamples, seed {table.seed}."
            )
        elif pair:
            note += f" No paired test: {table.untested}."
        self.note.setText(note)

    @staticmethod
    def _interval_tip(test: BucketTest | None, k: int, tip: str) -> str:
        """A BLEU cell's tooltip: with a test, the system's bootstrap μ ± ci."""
        if test is None:
            return tip
        result = (test.baseline, *test.systems)[k]
        if result.mean is None or result.ci is None:
            return tip
        return f"Bootstrap μ = {result.mean:.2f} ± {result.ci:.2f}. {tip}"

    def _show_words(self, words: WordTable) -> None:
        names = self._content.names
        nan = math.nan
        self.chart.set_bars(
            [short_label(row.bucket) for row in words.rows],
            [
                BucketBars(
                    name,
                    colour,
                    tuple(100 * row.systems[k].f_measure for row in words.rows),
                    (nan,) * len(words.rows),
                    (nan,) * len(words.rows),
                )
                for k, (name, colour) in enumerate(
                    zip(names, self._colours(), strict=True)
                )
            ],
            axis_title="Word frequency",
            value_title="F-measure (%)",
            clickable=False,
        )
        pair = len(names) == 2
        headers = ["Frequency", *(["System"] if pair else []), "Words", "P", "R", "F"]
        self._start_table(headers, len(words.rows) * len(names))
        for index, row in enumerate(words.rows):
            for k, counts in enumerate(row.systems):
                line = index * len(names) + k
                tip = (
                    f"{names[k]}: {counts.matched:,} matched of {counts.hypothesis:,} "
                    f"words and {counts.reference:,} reference words."
                )
                if k == 0:
                    self._set_cell(line, 0, row.bucket.label, tip, left=True)
                cells = [] if not pair else ["AB"[k]]
                cells += [
                    f"{counts.hypothesis:,}",
                    _number(100 * counts.precision),
                    _number(100 * counts.recall),
                    _number(100 * counts.f_measure),
                ]
                for m, text in enumerate(cells):
                    self._set_cell(line, 1 + m, text, tip)
            if pair:
                self.table.setSpan(index * 2, 0, 2, 1)
        self._finish_table()
        self.note.setText(f"P, R, F in %. {words.frequency}. {MATCHING_RULE}")

    def _start_table(self, headers: list[str], rows: int) -> None:
        self.table.clearSpans()
        self.table.clearContents()
        self.table.setColumnCount(len(headers))
        self.table.setRowCount(rows)
        self.table.setHorizontalHeaderLabels(headers)

    def _finish_table(self) -> None:
        self.table.resizeColumnsToContents()
        self.table.resizeRowsToContents()
        height = self.table.horizontalHeader().height() + 2 * self.table.frameWidth()
        height += sum(self.table.rowHeight(row) for row in range(self.table.rowCount()))
        self.table.setFixedHeight(height)

    def _set_cell(
        self, row: int, column: int, text: str, tip: str, *, left: bool = False
    ) -> None:
        item = QTableWidgetItem(text)
        align = Qt.AlignmentFlag.AlignLeft if left else Qt.AlignmentFlag.AlignRight
        item.setTextAlignment(align | Qt.AlignmentFlag.AlignVCenter)
        item.setToolTip(tip)
        self.table.setItem(row, column, item)

    def _show_failure(self, message: str) -> None:
        self._inputs = None  # the same inputs may be tried again
        self.status.setText(f"The buckets could not be made: {message}")

    # --- choosing a bucket -----------------------------------------------------------

    def choose_bucket(self, bucket: int) -> None:
        """Filter the table to bucket `bucket`'s sentences; again: show all."""
        content, table = self._content, self._content.table
        if table is None or not 0 <= bucket < len(table.rows):
            return
        if self._chosen is not None and self._chosen == (content, bucket):
            self._filter_bar.set_buckets(None)
            return
        row = table.rows[bucket]
        words = bucket_words(table.kind, row.bucket.label, content.names[0])
        self._chosen = (content, bucket)
        self._filter_bar.set_buckets(BucketRows(words, tuple(row.rows.tolist())))

    def _apply_pending(self, content: BucketContent) -> None:
        """A session's bucket filter, once its view's buckets are made."""
        pending = self._pending
        table = content.table
        if pending is None or content.view is not pending[0] or table is None:
            return
        self._pending = None
        self.choose_bucket(pending[1])

    def _on_cell_clicked(self, row: int, _column: int) -> None:
        self.choose_bucket(row)

    def _drop_stale_filter(self, previous: BucketContent) -> None:
        """New content: a bucket filter made from the old one no longer holds."""
        rows = self._filter_bar.bucket_row.rows
        if self._chosen is None or rows is None or self._chosen[0] is not previous:
            return
        self._chosen = None
        self._filter_bar.set_buckets(None)
        self.dropped.emit(dropped_message(rows.words))

    def _on_filter_requested(self, spec: SentenceFilter) -> None:
        """The bucket filter removed (×, Clear): nothing drawn chosen."""
        if spec.buckets is None:
            self._chosen = None
        self._show_chosen()

    def _show_chosen(self) -> None:
        chosen = self._chosen
        selected = chosen[1] if chosen is not None else None
        self.chart.set_selected(selected)


def _view_of(saved: SavedBucketKind) -> BucketView:
    """The tab's view a session's stored kind names."""
    return next(view for view in BucketView if view.kind is saved.kind)


def short_label(bucket: Bucket) -> str:
    """A bucket as the chart's axis names it: its lower edge ("<10", "20", "≥60").

    Nine labels of "20–29" do not fit a tab a third of the window wide (QtCharts
    cut them to "20…"); the lower edge does, and the tooltip and table say all.
    """
    if bucket.low == -math.inf:
        return f"<{_edge(bucket.high)}"
    if bucket.high == math.inf:
        return f"≥{_edge(bucket.low)}"
    return _edge(bucket.low)


def _edge(value: float) -> str:
    """An edge as short as it reads: "−5", "20", "1k" for 1000 (a label's room)."""
    if value >= 1000 and value % 1000 == 0:
        return f"{value / 1000:g}k"
    return f"{value:g}".replace("-", "\N{MINUS SIGN}")


def _number(value: float) -> str:
    """A cell's number with two decimals; "–" for none."""
    return "–" if math.isnan(value) else f"{value:.2f}"
