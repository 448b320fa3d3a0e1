"""The main window: lays out the panels, builds the menus, and wires them.

It computes nothing. It forwards user intents to the `Session` and the
`SentenceBrowser`, and shows what they report. Its wiring is in `_connect_signals`.
The table and the sentence's panels are laid out in `views.central_area`; the
sentence they describe (`views.shown_sentence`) and the status bar
(`views.work_status`) follow the session themselves.

The window fits the screen it opens on (a laptop's 1280×720 included) and
remembers its size, docks, splitters and columns in the settings it is given, so
tests pass a temporary file (`views.window_layout`). The scores and the scoring
options sit in two docks of their own: text of changing length in the summary can
never move the option a user is about to click.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QInputDialog,
    QMainWindow,
    QMenu,
    QScrollArea,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core import BleuScore
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.io import Corpus
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import Workspace
from bleu_gui.models.workspace_change import Change, Moved
from bleu_gui.views.buckets_panel import BUCKETS_TAB, BucketsPanel
from bleu_gui.views.central_area import CentralArea
from bleu_gui.views.compare_panels import ComparePanels, WindowHooks
from bleu_gui.views.compare_sentences import CompareSentences
from bleu_gui.views.compare_systems import CompareSystems
from bleu_gui.views.documents_view import DocumentsPanel
from bleu_gui.views.effort_panel import EFFORT_TAB, EffortPanel
from bleu_gui.views.export_actions import ExportActions
from bleu_gui.views.file_actions import FileActions, FileRole
from bleu_gui.views.filter_bar import FilterBar
from bleu_gui.views.menu_action import menu_action
from bleu_gui.views.ngram_filter import NgramFilter
from bleu_gui.views.qa_panel import QaPanel
from bleu_gui.views.report_action import ReportAction
from bleu_gui.views.save_hypothesis import install as install_save_hypothesis
from bleu_gui.views.session_actions import SessionActions, SessionParts
from bleu_gui.views.settings_panel import SettingsPanel
from bleu_gui.views.shown_sentence import ShownSentence
from bleu_gui.views.summary_panel import SummaryPanel
from bleu_gui.views.what_if_view import WhatIfParts, WhatIfView
from bleu_gui.views.window_layout import LayoutMemory
from bleu_gui.views.work_status import WorkStatus

__all__ = ["FileRole", "MainWindow"]

NO_TEST_SET = "No test set"


class MainWindow(QMainWindow):
    """The bleu-gui window.

    Signals:
        sentence_shown: the corpus row whose detail is now displayed.
    """

    sentence_shown = Signal(int)

    def __init__(self, session: Session, settings: QSettings) -> None:
        super().__init__()
        self._ask_on_close = True  # False: closed by a signal (`close_unasked`)
        self.session = session
        self.browser = SentenceBrowser(session, self)
        self.file_actions = FileActions(self, session, settings)
        self.recent = self.file_actions.recent
        self.setWindowTitle("bleu-gui")
        self.setAcceptDrops(True)
        self._build_panels(settings)
        self._build_menus()
        self._connect_signals()
        # After `_connect_signals`: its title follows the window's own.
        self.session_actions = SessionActions(
            session, self.browser, _session_parts(self), self
        )
        # Open session, Save session, Save as, Export ▸: what keeps the work.
        before = self.file_actions.drop_bom_action
        self.session_actions.fill_menu(self.file_menu, before)
        self.file_menu.insertMenu(before, self.exports.export_menu)
        self.file_menu.insertSeparator(before)
        self._layout_memory.fit_to_screen()
        self._layout_memory.restore()
        self.compare_systems.sync()  # the saved layout's Systems dock only with systems
        self.documents.sync()  # and its Documents dock only with document ids
        # What if: editing a hypothesis (after the panels and menus it uses).
        self.what_if = WhatIfView(session, self.browser, _what_if_parts(self), self)
        self.what_if.fill_menu(self.edit_menu)
        self.what_if.fill_go_menu(self.go_menu)
        self.save_hypothesis = install_save_hypothesis(
            self,
            self.session,
            self.session,
            menu=self.file_menu,
            before=self.export_menu.menuAction(),
            show_error=self.show_error,
            show_status=self.status_text.setText,
        )

    # --- layout --------------------------------------------------------------------

    def _build_panels(self, settings: QSettings) -> None:
        self.summary = SummaryPanel()
        self.settings_panel = SettingsPanel()
        corpus_dock = _left_dock(self, "Corpus", "corpus-dock", self.summary)
        options_dock = _left_dock(
            self, "Scoring options", "options-dock", self.settings_panel
        )
        # From two systems on, the Systems dock, in front of the corpus summary.
        self.compare_systems = CompareSystems(self.session, self.browser, self)
        self.report_action = ReportAction(
            self.session, self, self.compare_systems.margin, lambda: self.buckets.choice
        )
        self.addDockWidget(
            Qt.DockWidgetArea.LeftDockWidgetArea, self.compare_systems.dock
        )
        self.tabifyDockWidget(corpus_dock, self.compare_systems.dock)
        self.resizeDocks([corpus_dock], [360], Qt.Orientation.Horizontal)
        self.resizeDocks(
            [corpus_dock, options_dock], [420, 380], Qt.Orientation.Vertical
        )

        self.filter_bar = FilterBar()
        # With document ids, the Documents dock, tabbed with the Systems dock.
        self.documents = DocumentsPanel(
            self.session,
            self.filter_bar,
            self,
            seed=lambda: self.compare_systems.table.seed,
        )
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.documents.dock)
        self.tabifyDockWidget(self.compare_systems.dock, self.documents.dock)
        # Two systems compared: the pair panels (`views.compare_panels`).
        self.compare = ComparePanels(self.session, self)
        area = self.central_area = CentralArea(
            self.browser.model, self.filter_bar, self.compare
        )
        self.setCentralWidget(area.splitter)
        # Post-editing effort by band, the last tab.
        self.effort = EffortPanel(self.session, self.filter_bar)
        area.tabs.addTab(self.effort, EFFORT_TAB)
        # Where a system wins, by bucket, beside it.
        self.buckets = BucketsPanel(
            self.session,
            self.filter_bar,
            seed=lambda: self.compare_systems.table.seed,
        )
        area.tabs.addTab(self.buckets, BUCKETS_TAB)
        # Its panels under the names the What if view, the session and tests use.
        self.table, self.pair_bar, self.banner = area.table, area.pair_bar, area.banner
        self.detail, self.edit_bar = area.detail, area.edit_bar
        self.explain, self.tabs = area.explain, area.tabs
        self.order_bar, self.hidden_note = area.order_bar, area.hidden_note
        self.order_buttons = self.order_bar.orders
        self.tokens_button = self.order_bar.tokens
        self.precision_chart, self.histogram = area.precision_chart, area.histogram
        self.central_splitter, self.bottom_splitter = area.splitter, area.bottom
        self._layout_memory = LayoutMemory(
            self,
            settings,
            self.browser,
            self.table,
            self.central_splitter,
            self.bottom_splitter,
        )
        self.work_status = WorkStatus(
            self.statusBar(),
            self.session,
            self.report_action,
            banner=self.banner,
            idle_text=lambda: self.shown_sentence.idle_status(),
        )
        self.status_text = self.work_status.text
        self.progress = self.work_status.progress
        self.cancel_button = self.work_status.cancel_button
        self.hint_label = self.work_status.hint_label
        self.warnings_button = self.work_status.warnings_button
        # The sentence the panels describe, and its explanation.
        self.shown_sentence = ShownSentence(
            self,
            self.session,
            self.browser,
            detail=self.detail,
            explain=self.explain,
            chart=self.precision_chart,
            status=self.status_text,
            shown=self.sentence_shown,
            copied=self.work_status.copied,
        )
        self.explainer = self.shown_sentence.explainer
        # The QA checks' issues, tabbed with the corpus summary.
        self.qa = QaPanel(
            self.session,
            self,
            filter_bar=self.filter_bar,
            detail=area.marked_detail,
            select=self.select_sentence,
            status=self.status_text.setText,
        )
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.qa.dock)
        scores_dock = self.findChild(QDockWidget, "corpus-dock")
        assert isinstance(scores_dock, QDockWidget)
        self.tabifyDockWidget(scores_dock, self.qa.dock)
        scores_dock.raise_()  # the scores in front; QA a tab beside them

    def save_layout(self) -> None:
        """Remember the size, docks, splitters and columns (on close)."""
        self._layout_memory.save()

    def _build_menus(self) -> None:
        menu = self.menuBar()
        files = self.file_menu = menu.addMenu("&File")
        actions = self.file_actions
        actions.fill_menu(files)
        files.insertAction(actions.reload_action, self.documents.ids_action)
        self.open_test_set_action = actions.open_test_set_action
        self.open_action = actions.open_action
        self.add_ref_action = actions.add_ref_action
        self.source_action = actions.source_action
        self.remove_menu = actions.remove_menu
        self.reload_action = actions.reload_action
        self.close_action = actions.close_action
        self.recent_menu = actions.recent_menu
        self.exports = ExportActions(
            self,
            self.session,
            self.browser,
            self.table,
            self.compare_systems.model,
            self.explain,
            self.compare.delta_panel,
            self.documents.view,
        )
        self.exports.fill_edit_menu(edit := QMenu("&Edit", self))
        self.edit_menu = edit
        self.export_menu = self.exports.export_menu
        self.export_menu.addSeparator()
        self.export_menu.addAction(self.report_action.action)
        files.addSeparator()
        self._action(files, "&Quit", QKeySequence.StandardKey.Quit, self.close)
        menu.addMenu(edit)

        view = menu.addMenu("&View")
        for order in (1, 2, 3, 4, 0):
            label = f"&{order}-grams" if order else "&All orders"
            self._action(view, label, f"Ctrl+{order or 5}", self._order_slot(order))
        self.tokens_action = self._action(
            view, "Show &tokens", "Ctrl+T", self.tokens_button.toggle
        )
        self.changes_action = self._action(
            view, "Show &changes", "Ctrl+D", self.order_bar.changes.toggle
        )
        view.addMenu(self.table.column_menu)

        go = self.go_menu = menu.addMenu("&Go")
        # Enabled only with a test set open (see `_on_files_changed`).
        self.sentence_actions = [
            self._action(go, "&Next sentence", "Ctrl+Down", lambda: self.table.step(1)),
            self._action(
                go, "&Previous sentence", "Ctrl+Up", lambda: self.table.step(-1)
            ),
            self._action(go, "&Jump to sentence…", "Ctrl+G", self._on_jump),
            self._action(
                go, "&Copy sentence with scores", "Ctrl+Shift+C", self.copy_sentence
            ),
        ]
        for action in self.sentence_actions:
            action.setEnabled(False)

    def _order_slot(self, order: int) -> Callable[[], None]:
        return lambda: self.show_order(order)

    def _action(
        self,
        menu: QWidget,
        text: str,
        shortcut: QKeySequence.StandardKey | str,
        slot: Callable[[], object],
    ) -> QAction:
        action = menu_action(self, text, slot, shortcut)
        menu.addAction(action)
        return action

    # --- wiring ---------------------------------------------------------------------

    def _connect_signals(self) -> None:
        session, browser = self.session, self.browser
        session.texts_loaded.connect(self._on_texts_loaded)
        session.workspace_changed.connect(self._on_workspace_changed)
        session.error_occurred.connect(self.show_error)
        self.file_actions.error_occurred.connect(self.show_error)
        self.report_action.failed.connect(self.show_error)
        self.settings_panel.config_requested.connect(session.set_config)
        self.filter_bar.filter_requested.connect(browser.set_filter)
        browser.filter_failed.connect(self.filter_bar.show_problem)
        browser.searching_changed.connect(self.filter_bar.set_searching)
        self.filter_bar.stop_requested.connect(browser.stop_search)
        self.compare_systems.margin_rows_requested.connect(self.filter_bar.set_margin)
        browser.shown_changed.connect(self._on_shown_changed)
        self.table.sort_requested.connect(browser.sort_by)
        browser.sort_changed.connect(self._on_sort_changed)
        self.table.sentence_selected.connect(self.show_sentence)
        browser.model.modelReset.connect(self._layout_memory.restore_columns)
        browser.model.modelReset.connect(self._on_table_changed)
        browser.model.layoutChanged.connect(self._on_table_changed)
        browser.filter_changed.connect(self.central_area.mark_filter)
        self.order_buttons.idClicked.connect(self.show_order)
        self.tokens_button.toggled.connect(self.detail.set_show_tokens)
        self.precision_chart.order_clicked.connect(self.show_order)
        self.histogram.range_clicked.connect(self.filter_bar.set_score_range)
        self.summary.copied.connect(self.work_status.copied)
        self.exports.done.connect(self.work_status.copied)
        self.exports.failed.connect(self.show_error)
        self.compare.connect_window(
            WindowHooks(
                select_sentence=self.select_sentence,
                table_texts=lambda: self.browser.model.hypotheses,
                sentence_selected=self.table.sentence_selected,
                sentence_shown=self.sentence_shown,
                order_changed=self.detail.order_changed,
                tokens_toggled=self.tokens_button.toggled,
                show_order=self.show_order,
            )
        )
        self.compare_sentences = CompareSentences(
            session, browser, self.pair_bar, self.filter_bar, self.summary, self
        )
        self.compare_sentences.connect_histogram(self.compare.delta_histogram)
        self.compare_systems.test_finished.connect(self.compare.show_test_result)
        self.ngram_filter = NgramFilter(
            session, browser, self.compare, self.filter_bar, self
        )
        self.ngram_filter.dropped.connect(self.work_status.warn)
        self.documents.dropped.connect(self.work_status.warn)
        self.effort.dropped.connect(self.work_status.warn)
        self.buckets.dropped.connect(self.work_status.warn)
        # A document chosen: its first sentence shown, unless one of it is.
        self.documents.view.document_chosen.connect(lambda _id: self.table.step(0))

    # --- public slots -----------------------------------------------------------------

    def show_sentence(self, row: int) -> None:
        """Show the detail, explanation and precisions of corpus row `row`.

        At once if explained already, else at the next event-loop turn or, for a
        long segment, once a worker process has explained it (`ShownSentence.show`).
        """
        self.hidden_note.hide()
        self.shown_sentence.show(row)

    @property
    def sentence_pending(self) -> bool:
        """Whether the sentence asked for is still being explained."""
        return self.shown_sentence.pending

    def show_draft(self, row: int, text: str) -> None:
        """Show sentence `row` explained with the hypothesis `text` (being typed)."""
        self.shown_sentence.show_draft(row, text)

    def redo_sentence(self) -> None:
        """Explain the selected sentence again from the session (an edit ended)."""
        self.shown_sentence.redo()

    @property
    def row(self) -> int | None:
        """The corpus row whose detail is asked for (None: no sentence)."""
        return self.shown_sentence.row

    def show_order(self, order: int) -> None:
        """Highlight n-grams of `order` (0: every order as lanes)."""
        self.central_area.show_order(order)

    def select_sentence(self, number: int) -> bool:
        """Select and show sentence `number` (1-based); False if missing or hidden.

        The panels show it when this returns (a selection by the user is shown at
        the next event-loop turn, see `show_sentence`).
        """
        selected = self.table.select_corpus_row(number - 1)
        self.shown_sentence.flush()
        return selected

    def copy_sentence(self) -> None:
        """Copy the selected sentence, its references and scores to the clipboard."""
        self.shown_sentence.copy()

    def show_error(self, message: str) -> None:
        """Show a one-line error; whatever was loaded stays loaded."""
        self.banner.setText(f"⚠ {message}")
        self.banner.show()
        self.status_text.setText(message)

    # --- handlers ---------------------------------------------------------------------

    def _on_workspace_changed(
        self, _old: Workspace, new: Workspace, change: Change
    ) -> None:
        if change.any(Moved.CONFIG):
            self.settings_panel.set_config(new.config)
        if change.any(Moved.ROWS):
            self._on_files_changed(new)
        if change.any(Moved.SHOWN_SCORES):
            self._on_scores_changed(new)

    def _on_scores_changed(self, workspace: Workspace) -> None:
        scores, corpus = workspace.shown_scores, workspace.shown_corpus
        if scores is None or corpus is None:
            return
        self.banner.hide()
        self.summary.set_scores(scores, corpus.num_segments, len(corpus.references))
        result = scores.corpus
        if isinstance(result, BleuScore):
            self.precision_chart.set_corpus(result.precisions, result.bp, result.ratio)
        self.histogram.set_scores(scores.sentences.score)
        if self.row is not None and self.row < corpus.num_segments:
            self.show_sentence(self.row)

    def _on_texts_loaded(self, corpus: Corpus) -> None:
        """The table shows a new corpus's texts: the panels follow it.

        Its sentence at the same row is shown (explained from its texts, before any
        score arrives); with no such row, its first.
        """
        self.shown_sentence.loading = corpus
        row = self.shown_sentence.keep_row(corpus.num_segments)
        if row is None:
            self.table.step(0)
        else:
            self._on_table_changed()
            self.show_sentence(row)

    def _on_files_changed(self, workspace: Workspace) -> None:
        shown, test_set = workspace.shown_system, workspace.test_set
        self.work_status.show_hints()
        for action in self.sentence_actions:
            action.setEnabled(shown is not None)
        if shown is None or test_set is None:
            self._show_no_test_set()
            return
        for chart in (self.precision_chart, self.histogram):
            chart.chart().setTitle("")
        # "reference A" for a column of a test-set file
        self.detail.set_reference_names(test_set.reference_names)
        self.setWindowTitle(f"bleu-gui — {shown.path.name}")
        # Stay on the sentence shown (re-tokenized, reloaded, another candidate):
        # `_on_scores_changed` shows it anew. Only when there is none, show the first.
        if self.shown_sentence.keep_row(shown.corpus.num_segments) is None:
            self.table.step(0)

    def _show_no_test_set(self) -> None:
        """After Close: nothing of the old test set stays on screen."""
        self.shown_sentence.clear()
        self.setWindowTitle("bleu-gui")
        self.banner.hide()
        self.status_text.setText(NO_TEST_SET)
        self.summary.set_scores(None, 0, 0)
        self.summary.caption.setText(f"{NO_TEST_SET}: File › Open test set… opens one.")
        self.detail.show_message(NO_TEST_SET)
        self.explain.show_message(NO_TEST_SET)
        self.precision_chart.set_sentence(None)
        self.precision_chart.set_corpus((), math.nan, math.nan)
        self.histogram.set_scores(())
        for chart in (self.precision_chart, self.histogram):
            chart.chart().setTitle(NO_TEST_SET)

    def _on_table_changed(self) -> None:
        """Keep the shown sentence selected when the table's rows change.

        New content (new scores) clears the selection, and a filter may have hidden
        the row for a while; `Next sentence` continues from the selection.
        """
        row = self.row
        if row is None:
            return
        self.central_area.keep_selected(row)

    def _on_sort_changed(self, column: int, order: Qt.SortOrder) -> None:
        """Show the sort in force on the header (it fell back, or its column moved)."""
        self.table.horizontalHeader().setSortIndicator(column, order)

    def _on_shown_changed(self, shown: int, total: int, subset: object) -> None:
        if isinstance(subset, BleuScore | Unavailable):
            self.summary.set_shown(shown, total, subset)

    def _on_jump(self) -> None:
        """Ask for a sentence number, the current sentence's to start from."""
        corpus = self.session.workspace.shown_corpus
        if corpus is None:
            return
        size = corpus.num_segments
        current = 1 if self.row is None else min(self.row + 1, size)
        number, ok = QInputDialog.getInt(
            self, "Jump to sentence", "Sentence number:", current, 1, size
        )
        if ok and not self.select_sentence(number):
            self.show_error(
                f"sentence {number} is hidden by the filter; clear it first"
            )

    @property
    def choose_role(self) -> Callable[[Path], FileRole | str]:
        """Asks which role a dropped file plays (see `FileActions.choose_role`)."""
        return self.file_actions.choose_role

    @choose_role.setter
    def choose_role(self, choose: Callable[[Path], FileRole | str]) -> None:
        self.file_actions.choose_role = choose

    def open_dropped(self, paths: list[Path]) -> None:
        """Open dropped files in the roles the user gives them."""
        self.file_actions.open_dropped(paths)

    @override
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.file_actions.drag_enter(event)

    @override
    def dropEvent(self, event: QDropEvent) -> None:
        self.file_actions.drop(event)

    def close_unasked(self) -> None:
        """Close as a close does, without asking about a changed session.

        For a close nobody may be there to answer (Ctrl-C in the terminal,
        SIGTERM at logout: `views.signal_closer`).
        """
        self._ask_on_close = False
        self.close()

    @override
    def closeEvent(self, event: QCloseEvent) -> None:
        if self._ask_on_close and not self.session_actions.confirm_close():
            # Cancel: the window stays
            event.ignore()
            return
        self.save_layout()
        self.browser.cancel()
        self.compare.shutdown()
        self.compare_systems.shutdown()
        self.documents.shutdown()
        self.buckets.shutdown()
        self.session.shutdown()
        self.explainer.shutdown()
        self.file_actions.close()
        super().closeEvent(event)


def _left_dock(
    window: QMainWindow, title: str, name: str, panel: QWidget
) -> QDockWidget:
    """A left dock of `window` showing `panel`, scrolled when the window is short."""
    scroll = QScrollArea()
    scroll.setWidget(panel)
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setMinimumWidth(340)
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    dock.setWidget(scroll)
    dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    return dock


def _session_parts(window: MainWindow) -> SessionParts:
    """What the session actions keep and put back of `window`, and call there."""
    return SessionParts(
        table=window.table,
        filter_bar=window.filter_bar,
        compare_systems=window.compare_systems,
        documents=window.documents,
        buckets=window.buckets,
        central_splitter=window.central_splitter,
        bottom_splitter=window.bottom_splitter,
        session_dropped=window.file_actions.session_dropped,
        start_directory=lambda: window.file_actions.directory,
        select_sentence=window.select_sentence,
        show_error=window.show_error,
    )


def _what_if_parts(window: MainWindow) -> WhatIfParts:
    """What the editing drives of `window`, and follows and calls there."""
    return WhatIfParts(
        table=window.table,
        summary=window.summary,
        compare=window.compare,
        compare_systems=window.compare_systems,
        edit_bar=window.edit_bar,
        hypothesis_activated=window.detail.hypothesis_activated,
        sentence_shown=window.sentence_shown,
        shown_row=lambda: window.row,
        say=window.status_text.setText,
        select_sentence=window.select_sentence,
        show_draft=window.show_draft,
        redo_sentence=window.redo_sentence,
    )
