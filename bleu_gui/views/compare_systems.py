"""The Systems dock: every system's BLEU, Δ and significance, fed by the session.

`CompareSystems` builds the dock (the systems table, and the all-pairs matrix in a
tab beside it) and keeps it in step with the `Session`: the systems scored under
the current tokenizer, the options, the baseline, and the sentences the sentence
table shows. It only forwards what the user asks for: a baseline chosen in the
table goes to `Session.set_baseline`, a row clicked to `Session.set_shown` (the
baseline stays A; clicking it shows nothing new). The session owns every choice;
the table follows it.

The dock shows from the second system on; with one system the window is as it
was. A table of ten 100,000-segment systems must not sum a million rows on the GUI
thread at each new score: the session sums every system in the background
(`Scores.summed`) and the table takes those sums.

A test run on the shown sentences is the "Shown only" box's business: ticking it
(or unticking it) after a test re-runs the test on the new scope, so that the
numbers on screen are never those of another set of sentences for long. Each
finished test's result (the core's `PairedTestResult` or `AllPairsResult`) is
announced by `test_finished`, for the chart of its distribution.

Under the table, a paired bootstrap of every sentence that finds the shown pair's
difference significant offers its margin (`MarginBar`, `models.margin_model`);
a new result, a stale one or another pair withdraws the offer. "Show them" is
announced by `margin_rows_requested`, for the sentence table's filter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QMainWindow,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.core import (
    BleuConfig,
    CorpusStats,
    required_order,
    tokenizer_for,
)
from bleu_gui.core.margin import Margin, NoMargin
from bleu_gui.core.qa_checks import CheckKind
from bleu_gui.core.significance import (
    AllPairsResult,
    PairedTest,
    PairedTestResult,
    is_starred,
)
from bleu_gui.core.system_score import corpus_signature
from bleu_gui.models.margin_model import MarginModel, MarginPair
from bleu_gui.models.open_request import systems_asked
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.session import Session, SystemId
from bleu_gui.models.significance_job import SignificanceRequest
from bleu_gui.models.systems_model import SYSTEM_ROLE, SystemEntry, SystemsModel
from bleu_gui.models.workspace import StatsKey, System, Workspace
from bleu_gui.models.workspace_change import Change, Moved
from bleu_gui.views.all_pairs_view import AllPairsView
from bleu_gui.views.margin_bar import MarginBar
from bleu_gui.views.system_table import SystemTable

__all__ = ["DOCK_NAME", "CompareSystems"]

DOCK_NAME = "systems-dock"
"""The dock's object name: the key of its place in the saved layout."""

_MIN_SYSTEMS = 2  # the dock shows from this many systems on
_HEIGHT_SHARE = 0.6  # of the window's height, for the dock when it appears


@dataclass(frozen=True, slots=True, eq=False)
class _Fed:
    """What the table was last given, to give it nothing twice.

    Statistics are told by their keys (`keys`: each system's `stats_key`), never
    by which object they are (issue 25).
    """

    ids: tuple[SystemId, ...]
    names: tuple[str, ...]
    stats: tuple[CorpusStats | None, ...]
    config: BleuConfig
    qa: tuple[int | None, ...] = ()  # each system's QA issues, where counted
    keys: tuple[StatsKey, ...] = ()

    def same(self, other: _Fed) -> bool:
        return (
            self.qa == other.qa
            and self.ids == other.ids
            and self.names == other.names
            and self.keys == other.keys
            and self.config == other.config
        )


class CompareSystems(QObject):
    """The Systems dock and its wiring to the session and the sentence browser.

    The main window places `dock`, and calls `sync` once its saved layout is
    restored, and `shutdown` when it closes (the test's process ends).

    Signals:
        test_finished: (result, first, second) a significance test ended: the
            core's `PairedTestResult` (every other system against the baseline,
            in the systems' order; `first` is the shown system's index among
            them) or `AllPairsResult` (`first`, `second`: the baseline's and the
            shown system's indices), as `ComparePanels.show_test_result` takes
            them; `None` when the result says nothing of the shown pair.
        margin_rows_requested: (MarginRows) keep only a margin's sentences.
    """

    test_finished = Signal(object, int, int)
    margin_rows_requested = Signal(object)

    def __init__(
        self, session: Session, browser: SentenceBrowser, window: QMainWindow
    ) -> None:
        super().__init__(window)
        self.session = session
        self.browser = browser
        self.model = SystemsModel(parent=self)
        self.table = SystemTable(self.model)
        self.all_pairs = AllPairsView(self.model.all_pairs_model)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.margin = MarginModel(parent=self)
        self.margin_bar = MarginBar(self.margin)
        against = QWidget()
        page = QVBoxLayout(against)
        page.setContentsMargins(0, 0, 0, 0)
        page.setSpacing(0)
        page.addWidget(self.table, 1)
        page.addWidget(self.margin_bar)
        self.tabs.addTab(against, "Against the baseline")
        self.tabs.addTab(self.all_pairs, "All pairs")
        self.dock = QDockWidget("Systems", window)
        self.dock.setObjectName(DOCK_NAME)
        self.dock.setWidget(self.tabs)
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.dock.hide()
        self._fed = _Fed((), (), (), BleuConfig())
        self._last_test: tuple[object, PairedTestResult | AllPairsResult] | None = None
        self._connect_signals()

    def _connect_signals(self) -> None:
        session, table = self.session, self.table
        session.workspace_changed.connect(self._on_workspace_changed)
        session.qa.counted.connect(self.sync)
        session.qa.enabled_changed.connect(self.sync)
        session.busy_changed.connect(self._on_busy_changed)
        self.browser.shown_changed.connect(self._on_shown_changed)
        table.baseline_requested.connect(self._on_baseline_requested)
        table.table.clicked.connect(self._on_row_clicked)
        # After the table's own slot, which sets the model's scope.
        table.subset_box.toggled.connect(self._on_subset_toggled)
        self.model.job.finished.connect(self._on_test_finished)
        self.model.result_changed.connect(self._on_result_changed)
        self.margin_bar.rows_requested.connect(self.margin_rows_requested)
        # A reset (new numbers) clears the selection: the shown system's again.
        self.model.modelReset.connect(
            lambda: self._select_shown(self.session.workspace)
        )

    # --- the session's state ---------------------------------------------------------

    @property
    def system_ids(self) -> tuple[SystemId, ...]:
        """The session's id of each row of the table, in the table's system order."""
        return self._fed.ids

    def sync(self) -> None:
        """Show the session's systems, baseline and shown system; the dock from two."""
        workspace = self.session.workspace
        self._feed(workspace)
        self._show_dock(len(workspace.systems) >= _MIN_SYSTEMS)
        self._select_shown(workspace)

    def _on_workspace_changed(
        self, _old: Workspace, new: Workspace, change: Change
    ) -> None:
        if change.any(Moved.CONFIG):
            self._on_config_changed(new.config)
        if change.any(Moved.SYSTEMS | Moved.SCORED):
            self.sync()
        if change.any(Moved.PAIR):
            self._on_pair_changed()

    def _on_busy_changed(self, busy: bool) -> None:
        """A test set of several systems being opened shows the dock at once.

        Its rows come as the systems are scored. Shown when the first scores
        arrived, the dock changed the window's layout under the user's hand, in
        the turn that also shows the first numbers (a block of 50-90 ms with ten
        systems of 100,000 segments). A load that ends without them hides it.
        """
        loading = self.session.loading
        if busy and loading is not None:
            if systems_asked(loading) >= _MIN_SYSTEMS:
                self._show_dock(True)
        elif not busy:
            self.sync()

    def _show_dock(self, visible: bool) -> None:
        if visible and self.dock.isHidden():
            self.dock.show()
            self.dock.raise_()  # tabbed with another dock: the new one in front
            self._make_room()
        elif not visible and not self.dock.isHidden():
            self.dock.hide()

    def _make_room(self) -> None:
        """Give the dock most of its column's height and the table's width.

        The docks below it scroll; ten systems' rows, the test's controls and
        the legend do not fit in a third of a 720-pixel screen. The table's
        columns (BLEU, Δ, its bar, p, mean ± CI) need more than the settings'
        width; the sentence table, right of it, keeps the rest (never less than
        half the window).
        """
        window = self.parent()
        assert isinstance(window, QMainWindow)
        wanted = int(window.height() * _HEIGHT_SHARE)
        if self.dock.height() < wanted:
            window.resizeDocks([self.dock], [wanted], Qt.Orientation.Vertical)
        width = min(self.table.wanted_width(), window.width() // 2)
        if self.dock.width() < width:
            window.resizeDocks([self.dock], [width], Qt.Orientation.Horizontal)

    def _feed(self, workspace: Workspace) -> bool:
        """Give the table the systems that have statistics under the options.

        Returns whether they (or the options) differ from those it had.
        """
        config = workspace.config
        key, order = tokenizer_for(config).key, required_order(config)
        usable = [s for s in workspace.systems if _usable(s, key, order)]
        short = workspace.short_names()
        if not any(s.id == workspace.baseline for s in usable):
            usable = []  # no Δ without the baseline's scores
        checks = self.session.qa.enabled
        entries = [_entry(system, short[system.id], checks) for system in usable]
        fed = _Fed(
            tuple(s.id for s in usable),
            tuple(short[s.id] for s in usable),
            tuple(s.stats for s in usable),
            config,
            tuple(entry.qa for entry in entries),
            tuple(s.stats_key for s in usable),
        )
        baseline = fed.ids.index(workspace.baseline) if usable else 0
        if fed.same(self._fed):
            self.model.set_baseline(baseline)
            return False
        self._fed = fed
        self.model.set_systems(entries, config, self._signature(workspace), baseline)
        return True

    def _signature(self, workspace: Workspace) -> str:
        """SacreBLEU's signature of the table's scores under the session's options.

        The table scores each system from its summed statistics under these
        options at once, before a system's own re-scoring ends: its signature is
        that of those options (`core.system_score.corpus_signature`, what the
        systems' own scores carry), `bom:dropped` if a mark was dropped from any
        file scored. A paired test run meanwhile is labelled with it too.
        """
        test_set = workspace.test_set
        return corpus_signature(
            workspace.config,
            0 if test_set is None else len(test_set.references),
            dropped_bom=any(system.corpus.dropped_bom for system in workspace.systems),
        )

    def _on_config_changed(self, config: BleuConfig) -> None:
        """New options: the numbers re-scored now, a result on screen stale."""
        workspace = self.session.workspace
        # Systems whose statistics no longer fit leave first (counted again).
        if not self._feed(workspace):
            self.model.set_config(config, self._signature(workspace))

    def _select_shown(self, workspace: Workspace) -> None:
        """Keep the shown system's row selected (not the baseline's)."""
        if workspace.shown not in self._fed.ids:
            return
        system = self._fed.ids.index(workspace.shown)
        view = self.table.table
        for row in range(self.model.rowCount()):
            if self.model.index(row, 0).data(SYSTEM_ROLE) == system:
                if view.currentIndex().row() != row:
                    view.selectRow(row)
                    view.scrollTo(self.model.index(row, 0))
                return

    # --- the sentence table's rows ---------------------------------------------------

    def _on_shown_changed(self, shown: int, total: int, _score: object) -> None:
        """The sentences the table shows: all of them (None), or those rows."""
        rows = self.browser.model.rows
        everything = shown == total or rows.size != shown
        self.model.set_shown_rows(None if everything else rows)

    def _on_subset_toggled(self, _subset: bool) -> None:
        """A test already run runs again on the new scope (shown or all sentences)."""
        tested = self.model.result is not None or self.model.job.is_running
        if tested and self.model.why_not_run() is None:
            self.table.run_test()

    # --- user intents ---------------------------------------------------------------

    def _on_baseline_requested(self, position: int) -> None:
        if 0 <= position < len(self._fed.ids):
            self.session.set_baseline(self._fed.ids[position])

    def _on_row_clicked(self, index: QModelIndex | QPersistentModelIndex) -> None:
        """A clicked system becomes B of the pair, unless it is the baseline (A)."""
        system = index.data(SYSTEM_ROLE)
        if not isinstance(system, int) or not 0 <= system < len(self._fed.ids):
            return
        system_id = self._fed.ids[system]
        if system_id == self.session.baseline:
            self._select_shown(self.session.workspace)
        else:
            self.session.set_shown(system_id)

    def _on_pair_changed(self) -> None:
        """Another pair shown: the margin of its B, if the last test found one."""
        if self._last_test is not None and self.model.result is not None:
            self._offer_margin(*self._last_test)

    def _on_result_changed(self) -> None:
        """A result gone, stale or of another scope: no margin of it on offer."""
        model = self.model
        if model.result is None or model.stale_reason() is not None:
            self.margin.offer(None)

    def _offer_margin(
        self, request: object, result: PairedTestResult | AllPairsResult
    ) -> None:
        """Offer the margin of a significant bootstrap of the shown pair.

        Of the rows the test ran on: a test of the shown sentences only offers
        the margin of those sentences (labelled so, `MarginPair.rows`).
        """
        self._last_test = (request, result)
        ids, fed = self._fed.ids, self._fed
        a, b = self.session.workspace.baseline, self.session.workspace.shown
        pair = None
        if (
            isinstance(request, SignificanceRequest)
            and isinstance(result, PairedTestResult)
            and result.test is PairedTest.BOOTSTRAP
            and request.baseline is not None
            and a is not None
            and b is not None
            and a != b
            and a in ids
            and b in ids
            and len(request.systems) == len(ids)
        ):
            first, second = ids.index(a), ids.index(b)
            others = [k for k in request.order if k != first]
            tested = result.systems[others.index(second)]
            same = result.identical[others.index(second)]
            stats_a, stats_b = request.systems[first], request.systems[second]
            if (
                request.order[0] == first
                and tested.p_value is not None
                and is_starred(tested.p_value)
                and same is None
            ):
                pair = MarginPair(
                    fed.names[second],
                    stats_a,
                    stats_b,
                    request.config,
                    result.samples,
                    result.seed,
                    request.rows,
                    (a, b),
                )
        self.margin.offer(pair)

    def restore_margin(
        self,
        positions: tuple[int, int],
        found: Margin | NoMargin,
        test: tuple[int, int | None],
        tested: Sequence[int] | None,
    ) -> bool:
        """Show a saved session's margin of the systems at `positions` (A, B).

        Only when they are the baseline and the shown system with statistics
        under the options in force; `test`: its (resamples, seed); `tested`:
        the rows its test ran on (None: every sentence). False: not shown.
        """
        workspace = self.session.workspace
        systems = workspace.systems
        if not all(0 <= k < len(systems) for k in positions):
            return False
        a, b = (systems[k].id for k in positions)
        fed = self._fed
        if (a, b) != (workspace.baseline, workspace.shown) or {a, b} - set(fed.ids):
            return False
        first, second = fed.ids.index(a), fed.ids.index(b)
        stats_a, stats_b = fed.stats[first], fed.stats[second]
        if stats_a is None or stats_b is None:
            return False
        rows = None if tested is None else np.asarray(tested, dtype=np.int64)
        samples, seed = test
        pair = MarginPair(
            fed.names[second],
            stats_a,
            stats_b,
            fed.config,
            samples,
            seed,
            rows,
            (a, b),
        )
        self.margin.restore(pair, found)
        return True

    def _on_test_finished(
        self, request: object, result: PairedTestResult | AllPairsResult
    ) -> None:
        """Announce the result with where the shown pair (A, B) is in it."""
        self._offer_margin(request, result)
        ids = self._fed.ids
        workspace = self.session.workspace
        a, b = workspace.baseline, workspace.shown
        tested = len(result.systems) + (0 if isinstance(result, AllPairsResult) else 1)
        if a is None or b is None or a == b or {a, b} - set(ids) or tested != len(ids):
            self.test_finished.emit(None, 0, 0)
        elif isinstance(result, AllPairsResult):
            self.test_finished.emit(result, ids.index(a), ids.index(b))
        else:
            others = [system for system in ids if system != a]
            self.test_finished.emit(result, others.index(b), 0)

    def shutdown(self) -> None:
        """Stop the tests' processes (the window closes)."""
        self.model.job.shutdown()
        self.margin.shutdown()


def _usable(system: System, key: tuple[str, bool, bool], order: int) -> bool:
    """Whether `system`'s statistics fit the options' tokenizer `key` and `order`.

    Statistics of another tokenizer (being counted again) or of too few orders
    would give numbers of other options.
    """
    stats = system.stats
    return (
        stats is not None and system.tokenizer_key == key and stats.max_order >= order
    )


def _entry(system: System, name: str, checks: frozenset[CheckKind]) -> SystemEntry:
    """A usable system as the table takes it (named `name`), with the session's sums.

    The sums only if its scores are of its edits as they are (the table sums
    the edited statistics itself until they are). Its QA issues if found for its
    texts and the checks switched on (`checks`).
    """
    assert system.stats is not None
    scores = system.scores
    current = scores is not None and scores.edits == system.edits
    return SystemEntry(
        name,
        system.stats,
        system.hypothesis.lines,
        scores.summed if current and scores is not None else None,
        len(system.edits),
        None if (qa := system.current_qa(checks)) is None else qa.total,
        system.stats_key,
    )
