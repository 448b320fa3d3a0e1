"""The Effort tab: the sentences by fuzzy-match band, and a click to show a band's.

A line on what is shown (or why nothing is yet: no system, not scored, "Counting
effort…"), the band histogram (`views.band_chart`), and a table with, per band,
the sentences, their closest references' words and the corpus BLEU of those
sentences (`models.effort_bands`, made in steps when the tab is on screen).
With a pair, A's and B's side by side, and a button that shows the sentences
where B needs less work than A (B's character edit rate below A's), with their
count.

A bar or a table cell clicked filters the sentence table to that system's band
(`FilterBar.set_effort`), where it combines with the other filters and shows as a
chip with a × button; a second click on the same band, the ×, or Clear removes
it. The rows belong to the efforts they were counted from: a new count (an edit,
another pair) drops the filter, and `dropped(message)` says so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core.bands import BANDS
from bleu_gui.models.effort_bands import BandInputs, EffortBands, EffortBandsJob
from bleu_gui.models.sentence_filter import EffortRows, SentenceFilter
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import SystemId, TextsKey, Workspace
from bleu_gui.models.workspace_change import Moved, follow
from bleu_gui.views.band_chart import BandBars, BandChart
from bleu_gui.views.filter_bar import FilterBar
from bleu_gui.views.scrolled import fill_scrolled

__all__ = ["EFFORT_TAB", "EffortPanel", "dropped_message", "less_work_text"]

EFFORT_TAB = "Effort"

_METRICS = ("Sentences", "Words", "BLEU")
_TIPS = (
    "Sentences in the band.",
    "Words of their closest references (split at white space): what a "
    "post-editing analysis counts.",
    "Corpus BLEU of the band's sentences, summed from their statistics (– none).",
)


def less_work_text(b: str, count: int) -> str:
    """The button's words: "happypoet needs less work: 212 sentences"."""
    return f"{b} needs less work: {count:,} sentence{'' if count == 1 else 's'}"


def dropped_message(words: str) -> str:
    """What the window says when the effort filter is dropped."""
    return f"The effort filter ({words}) was removed: the effort was counted anew."


@dataclass(frozen=True, slots=True, eq=False)
class _Chosen:
    """What the effort filter in the bar was made from.

    Attributes:
        bar: (system position, band) clicked; None: "needs less work".
        shown: the systems the tab showed, in order.
        texts: the keys of the texts their efforts were counted from (texts
            counted anew make other rows).
    """

    bar: tuple[int, int] | None
    shown: tuple[SystemId, ...]
    texts: tuple[TextsKey, ...]

    def holds(self, workspace: Workspace) -> bool:
        """Whether the rows still are those of the tab's systems' efforts."""
        if _shown_ids(workspace) != self.shown:
            return False
        return all(
            workspace.system(texts.system).current_effort is not None
            and workspace.system(texts.system).texts_key == texts
            for texts in self.texts
        )


def _shown_ids(workspace: Workspace) -> tuple[SystemId, ...]:
    """The systems the tab shows: the pair (A, B), or the shown one."""
    pair = workspace.pair
    if pair is not None:
        return pair[0].id, pair[1].id
    return () if workspace.shown is None else (workspace.shown,)


class EffortPanel(QWidget):
    """The tab's widgets, kept in step with the session and the filter bar.

    Signals:
        dropped: (message) the effort filter was removed: its effort was
            counted anew, or the tab shows other systems.
    """

    dropped = Signal(str)

    def __init__(
        self, session: Session, filter_bar: FilterBar, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._filter_bar = filter_bar
        self._bands = EffortBands()
        self._chosen: _Chosen | None = None
        self._stale = True  # something shown changed while the tab was hidden
        self._inputs: BandInputs | None = None  # of the content shown or being made
        self._job = EffortBandsJob(self)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.chart = BandChart()
        self.chart.setMaximumHeight(240)  # the table under it in sight sooner
        self.table = QTableWidget(len(BANDS), 1)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.less_work = QPushButton()
        self.less_work.setCheckable(True)
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.status)
        layout.addWidget(self.less_work)
        layout.addWidget(self.chart)
        layout.addWidget(self.table)
        layout.addStretch(1)
        # Scrolled: the table's rows and the chart's minimum height must not take
        # the detail's room on a short screen (as the Charts tab).
        fill_scrolled(self, content)
        self._connect_signals()
        self._show(self._bands)

    def _connect_signals(self) -> None:
        session = self._session
        follow(
            session.workspace_changed,
            Moved.EFFORT
            | Moved.SCORED
            | Moved.SYSTEMS
            | Moved.ROWS
            | Moved.CONFIG
            | Moved.PAIR,
            self.refresh,
            self,
        )
        self._job.ready.connect(self._show)
        self._job.failed.connect(self._show_failure)
        self.chart.band_clicked.connect(self.choose_band)
        self.table.cellClicked.connect(self._on_cell_clicked)
        self.less_work.clicked.connect(self._on_less_work_clicked)
        self._filter_bar.filter_requested.connect(self._on_filter_requested)

    # --- what is shown --------------------------------------------------------------

    def refresh(self) -> None:
        """Something shown changed: drop a stale filter; remake the tab if on screen."""
        workspace = self._session.workspace
        chosen = self._chosen
        effort = self._filter_bar.effort
        if chosen is not None and effort is not None and not chosen.holds(workspace):
            self._chosen = None
            self._filter_bar.set_effort(None)
            self.dropped.emit(dropped_message(effort.words))
        if self.isVisible():
            self._request(workspace)
        else:
            self._stale = True

    @override
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self._request(self._session.workspace)

    def _request(self, workspace: Workspace) -> None:
        """Make the content anew, unless it is of the same inputs."""
        inputs = BandInputs.of(workspace)
        if not inputs.same(self._inputs):
            self._inputs = inputs
            self._job.request(workspace)

    @property
    def bands(self) -> EffortBands:
        """What the tab shows."""
        return self._bands

    @property
    def busy(self) -> bool:
        """Whether the tab's content is being made."""
        return self._job.busy

    def _show(self, bands: EffortBands) -> None:
        self._bands = bands
        systems = bands.systems
        notes = [bands.waiting] if bands.waiting else []
        if len(systems) == 2:
            notes.insert(0, f"A: {systems[0].name} · B: {systems[1].name}")
        elif systems:
            notes.insert(0, f"{systems[0].name} against the closest references")
        for one in systems:
            if one.table.uncounted:
                notes.append(
                    f"{one.name}: {one.table.uncounted:,} too long to count, "
                    "in no band."
                )
        self.status.setText(" — ".join(notes))
        positions = self._positions()
        self.chart.set_bars(
            [
                BandBars(
                    one.name,
                    positions.get(one.system_id, 0),
                    tuple(row.count for row in one.table.rows),
                    tuple(row.words for row in one.table.rows),
                )
                for one in systems
            ]
        )
        self._fill_table()
        self.table.setVisible(bool(systems))
        self.chart.setVisible(bool(systems))
        less = bands.less_work
        self.less_work.setVisible(less is not None)
        if less is not None:
            a, b = systems[0].name, systems[1].name
            self.less_work.setText(less_work_text(b, int(less.size)))
            self.less_work.setToolTip(
                f"Show only the sentences where {b}'s character edit rate is below "
                f"{a}'s: those a post-editor would finish sooner with {b}. Click "
                "again to show every sentence."
            )
        self._show_chosen()

    def _positions(self) -> dict[SystemId, int]:
        """Each system's place in the session (its colour in the comparison charts)."""
        return {system.id: k for k, system in enumerate(self._session.systems)}

    def _fill_table(self) -> None:
        """A row per band; with a pair, A's row then B's, the band's cell spanning both.

        Rows, not columns, per system: a tab a third of the window wide shows
        five columns whole, and a click on a row says one system's band.
        """
        systems = self._bands.systems
        pair = len(systems) == 2
        headers = ["Band", *(["System"] if pair else []), *_METRICS]
        tips = ["The fuzzy-match band: 100 − the character edit rate.", *_TIPS]
        if pair:
            tips.insert(1, "A: the baseline; B: the shown system.")
        self.table.clearSpans()
        self.table.clearContents()
        self.table.setColumnCount(len(headers))
        self.table.setRowCount(len(BANDS) * max(len(systems), 1))
        self.table.setHorizontalHeaderLabels(headers)
        for column, tip in enumerate(tips):
            header = self.table.horizontalHeaderItem(column)
            if header is not None:
                header.setToolTip(tip)
        first = len(headers) - len(_METRICS)
        for index, band in enumerate(BANDS):
            for k, one in enumerate(systems):
                line = index * len(systems) + k
                row = one.table.rows[index]
                bleu = "–" if math.isnan(row.bleu) else f"{row.bleu:.2f}"
                tip = f"Click to show the sentences in band {band.label} of {one.name}."
                if k == 0:  # with a pair, the cell spans B's row too
                    self._set_cell(line, 0, band.label, tip, left=True)
                if pair:
                    self._set_cell(line, 1, "AB"[k], f"{'AB'[k]}: {one.name}. {tip}")
                cells = (f"{row.count:,}", f"{row.words:,}", bleu)
                for m, text in enumerate(cells):
                    self._set_cell(line, first + m, text, tip)
            if pair:
                self.table.setSpan(index * 2, 0, 2, 1)
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
        self.status.setText(f"The bands could not be summed: {message}")

    # --- choosing a band -------------------------------------------------------------

    def choose_band(self, position: int, band: int) -> None:
        """Filter the table to system `position`'s band `band`; again: show all."""
        systems = self._bands.systems
        if not 0 <= position < len(systems) or not 0 <= band < len(BANDS):
            return
        if self._chosen is not None and self._chosen.bar == (position, band):
            self._filter_bar.set_effort(None)
            return
        one = systems[position]
        words = f"sentences in band {BANDS[band].label} of {one.name}"
        self._choose((position, band), EffortRows(words, one.band_rows(band)))

    def choose_less_work(self) -> None:
        """Filter the table to the sentences where B needs less work than A."""
        systems, less = self._bands.systems, self._bands.less_work
        if less is None or len(systems) != 2:
            return
        a, b = systems[0].name, systems[1].name
        words = f"sentences where {b} needs less work than {a}"
        self._choose(None, EffortRows(words, tuple(less.tolist())))

    def _choose(self, bar: tuple[int, int] | None, rows: EffortRows) -> None:
        systems = self._bands.systems
        self._chosen = _Chosen(
            bar,
            tuple(one.system_id for one in systems),
            tuple(one.texts for one in systems),
        )
        self._filter_bar.set_effort(rows)

    def _on_cell_clicked(self, row: int, _column: int) -> None:
        systems = len(self._bands.systems)
        if systems:
            self.choose_band(row % systems, row // systems)

    def _on_less_work_clicked(self) -> None:
        if self._chosen is not None and self._chosen.bar is None:
            self._filter_bar.set_effort(None)
        else:
            self.choose_less_work()

    def _on_filter_requested(self, spec: SentenceFilter) -> None:
        """The effort filter removed (×, Clear, dropped): nothing drawn chosen."""
        if spec.effort is None:
            self._chosen = None
        self._show_chosen()

    def _show_chosen(self) -> None:
        chosen = self._chosen
        self.chart.set_selected(None if chosen is None else chosen.bar)
        self.less_work.setChecked(chosen is not None and chosen.bar is None)
