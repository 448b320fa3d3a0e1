"""Comparing two systems sentence by sentence: which pair, and filters by its Δ.

`PairBar` is a compact row above the sentence table: which system is A (the
baseline) and which is B (the shown one, whose sentences the table and the detail
view show), and a button that swaps them. It is hidden with one system, so the
window looks as it does without comparisons. A load of several systems shows it,
with the filter's pair part and the summary's line naming the pair, in the turn
the load starts, its menus empty until the systems are scored: shown with the
first scores, the three were laid out in the turn that also shows the first
numbers (a third of a 60-70 ms block with ten systems of 100,000 segments), and
they moved the table down under the user's hand.

`CompareSentences` wires it: the bar follows the session's systems and asks the
session for another baseline or shown system; the filter bar's pair part (B better
/ worse / same, a Δ range) is placed in the bar and shown while there is a pair; a
click on a bar of the Δ histogram (`connect_histogram`) filters the table to the
sentences that bar counts, and the histogram marks the Δ range in force. The pair's
columns themselves follow the session in `SentenceBrowser`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from bleu_gui.models.open_request import systems_asked
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_filter import DeltaRange, SentenceFilter
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import SystemId
from bleu_gui.models.workspace_change import Moved, follow
from bleu_gui.views.delta_histogram import DeltaHistogram, delta_bins
from bleu_gui.views.filter_bar import FilterBar
from bleu_gui.views.flow_layout import FlowLayout
from bleu_gui.views.summary_panel import SummaryPanel

__all__ = ["SAME_SYSTEM", "SCORING", "CompareSentences", "PairBar"]

SAME_SYSTEM = "A and B are the same system: choose another B to compare."
SCORING = "being scored…"
"""What the empty system menus say while a load of several systems is scored."""
_MIN_NAME_CHARACTERS = 11  # a system menu's width, in characters
"""What the bar says when the baseline is also the shown system."""


class PairBar(QWidget):
    """Two menus, A (baseline) and B (shown), and a swap button.

    Signals:
        baseline_requested: the user chose this system id as A.
        shown_requested: the user chose this system id as B.
        swap_requested: the user asked to swap A and B.
    """

    baseline_requested = Signal(int)
    shown_requested = Signal(int)
    swap_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.baseline = QComboBox()
        self.shown = QComboBox()
        self.baseline.setToolTip(
            "A, the baseline: the system the shown one is compared with"
        )
        self.shown.setToolTip(
            "B, the shown system: its sentences are in the table and the detail "
            "view, compared with A's"
        )
        for combo in (self.baseline, self.shown):
            # A fixed width, long file names elided (whole in the open list), so
            # that the bar never makes the window wider than a 1280-pixel screen.
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(_MIN_NAME_CHARACTERS)
            combo.setPlaceholderText(SCORING)
        a_label = QLabel("&A (baseline)")
        a_label.setBuddy(self.baseline)
        b_label = QLabel("&B")
        b_label.setBuddy(self.shown)
        self.swap = QPushButton("⇄ S&wap")
        self.swap.setToolTip("Swap A and B: B becomes the baseline, A the shown system")
        self.note = QLabel()
        self.note.setStyleSheet("color: palette(highlight);")
        self.note.setWordWrap(True)  # a long note takes two lines, not the width
        self.note.hide()
        # The menus stay together on one line; the note and the trailing filter
        # part wrap below them when the window is too narrow for one line.
        menus = QWidget()
        menus_layout = QHBoxLayout(menus)
        menus_layout.setContentsMargins(0, 0, 0, 0)
        for widget in (a_label, self.baseline, self.swap, b_label, self.shown):
            menus_layout.addWidget(widget)
        self._layout = FlowLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(menus)
        self._layout.addWidget(self.note)
        self._ids: tuple[SystemId, ...] = ()
        self.baseline.activated.connect(
            lambda index: self.baseline_requested.emit(int(self._ids[index]))
        )
        self.shown.activated.connect(
            lambda index: self.shown_requested.emit(int(self._ids[index]))
        )
        self.swap.clicked.connect(self.swap_requested)
        self.hide()

    def add_trailing(self, widget: QWidget) -> None:
        """Put `widget` at the right end of the bar (the filter's pair part)."""
        self._layout.addWidget(widget)

    def set_systems(
        self,
        systems: Sequence[tuple[SystemId, str, str]],
        baseline: SystemId | None,
        shown: SystemId | None,
        *,
        more_coming: bool = False,
    ) -> None:
        """Offer `systems` in both menus, A and B chosen; one system: hidden.

        Each system is (id, short name, full name): the menus say the short name,
        as every other panel does (`Workspace.short_names`); an item's tooltip
        says the full one. `more_coming`: a load of several systems is being
        scored, so the bar shows even with fewer than two (its menus say
        `SCORING` while empty).
        """
        self._ids = tuple(system_id for system_id, _, _ in systems)
        for combo, chosen in ((self.baseline, baseline), (self.shown, shown)):
            combo.blockSignals(True)
            combo.clear()
            for index, (_, short, full) in enumerate(systems):
                combo.addItem(short)
                combo.setItemData(index, full, Qt.ItemDataRole.ToolTipRole)
            if chosen in self._ids:
                combo.setCurrentIndex(self._ids.index(chosen))
            combo.blockSignals(False)
        same = baseline is not None and baseline == shown
        self.note.setText(SAME_SYSTEM if same else "")
        self.note.setVisible(same)
        self.swap.setEnabled(
            baseline is not None and baseline != shown and len(systems) > 1
        )
        self.setVisible(len(systems) > 1 or more_coming)


class CompareSentences(QObject):
    """Wires the pair bar, the filter bar's pair part and a Δ histogram together."""

    def __init__(
        self,
        session: Session,
        browser: SentenceBrowser,
        bar: PairBar,
        filter_bar: FilterBar,
        summary: SummaryPanel | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._browser = browser
        self._bar = bar
        self._filter_bar = filter_bar
        self._summary = summary
        self._histograms: list[DeltaHistogram] = []
        bar.add_trailing(filter_bar.pair_controls)
        # Tab goes through the row as it reads, then on to the search.
        chain = [
            bar.baseline,
            bar.swap,
            bar.shown,
            filter_bar.side,
            filter_bar.min_delta,
            filter_bar.max_delta,
            filter_bar.search,
        ]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)
        follow(session.workspace_changed, Moved.SYSTEMS, self._on_systems_changed, self)
        # A change of systems shows the pair too.
        follow(session.workspace_changed, Moved.PAIR, self._on_pair_changed, self)
        session.busy_changed.connect(self._on_systems_changed)
        bar.baseline_requested.connect(lambda i: session.set_baseline(SystemId(i)))
        bar.shown_requested.connect(lambda i: session.set_shown(SystemId(i)))
        bar.swap_requested.connect(self.swap)
        browser.filter_changed.connect(self._on_filter_changed)
        self._on_systems_changed()

    def connect_histogram(self, histogram: DeltaHistogram) -> None:
        """A click on one of `histogram`'s bars filters the table to that bar.

        The histogram must show the session's pair's Δs; it marks the Δ range of
        the filter in force.
        """
        self._histograms.append(histogram)
        histogram.range_clicked.connect(self.show_delta_bar)
        self._on_filter_changed(self._browser.filter)

    def show_delta_bar(self, low: float, high: float) -> None:
        """Filter the table to the sentences of the Δ histogram's bar [low, high)."""
        pair = self._session.pair
        if pair is None:
            return
        last = high >= delta_bins(pair.deltas).edges[-1]
        self._filter_bar.set_delta_bar(DeltaRange.of_bar(low, high, last))

    def swap(self) -> None:
        """B becomes the baseline, A the shown system."""
        a, b = self._session.baseline, self._session.shown
        if a is None or b is None or a == b:
            return
        self._session.set_baseline(b)
        self._session.set_shown(a)

    def _on_systems_changed(self) -> None:
        session = self._session
        short = session.workspace.short_names()
        systems = [(s.id, short[s.id], s.name) for s in session.systems]
        self._bar.set_systems(
            systems, session.baseline, session.shown, more_coming=self._more_coming()
        )
        self._on_pair_changed()

    def _more_coming(self) -> bool:
        """Whether a load of several systems is being read or scored."""
        loading = self._session.loading
        return loading is not None and systems_asked(loading) > 1

    def _on_pair_changed(self) -> None:
        """The pair part of the filter shows while the table has the pair's columns."""
        names = self._browser.model.pair_names
        self._filter_bar.set_pair_names(names)
        several = len(self._session.systems) > 1 or self._more_coming()
        # Kept in place (disabled) while a new pair is being compared.
        self._filter_bar.pair_controls.setVisible(several)
        if self._summary is not None:
            self._summary.set_system(self._system_words())

    def _system_words(self) -> str:
        """The summary's line naming the shown system; empty with one system.

        Short names (`short_names`), as in the pair bar's menus; the full names
        are in their tooltips and the window title.
        """
        workspace = self._session.workspace
        shown, baseline = workspace.shown, workspace.baseline
        if shown is None or baseline is None or len(workspace.systems) < 2:
            loading = self._session.loading
            if loading is not None and (asked := systems_asked(loading)) > 1:
                return f"Scoring {asked} systems…"
            return ""
        names = workspace.short_names()
        if shown == baseline:
            return f"Shown: {names[shown]} (A and B)"
        return f"Shown: {names[shown]} (B), compared with {names[baseline]} (A)"

    def _on_filter_changed(self, spec: SentenceFilter) -> None:
        delta = spec.delta
        whole = delta.is_whole
        for histogram in self._histograms:
            histogram.set_selected_range(
                None if whole else delta.low, None if whole else delta.high
            )
