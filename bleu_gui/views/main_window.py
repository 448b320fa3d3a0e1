"""The main window: lays out the panels, builds the menus, and wires them.

It computes nothing. It forwards user intents to the `Session` and the
`SentenceBrowser`, and shows what they report. All wiring is in `_connect_signals`.

The window fits the screen it opens on (a laptop's 1280×720 included) and
remembers its size, docks, splitters and columns in the settings it is given, so
tests pass a temporary file. The scores and the scoring options sit in two docks
of their own: text of changing length in the summary can never move the option a
user is about to click.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core import BleuScore
from bleu_gui.core.explain import (
    ExplainRequest,
    SentenceExplanation,
    explain_or_why_not,
)
from bleu_gui.core.score_delta import ScoreDelta
from bleu_gui.io import Corpus
from bleu_gui.models.explain_scheduler import ExplainScheduler
from bleu_gui.models.explainer import Explainer, ExplainKey, is_long
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.sentence_table import ColumnKey
from bleu_gui.models.session import Session
from bleu_gui.models.session_state import (
    choices_from_json,
    choices_to_json,
    sort_from_json,
    sort_of,
    sort_to_json,
)
from bleu_gui.views.compare_panels import (
    ComparePanels,
    WindowHooks,
    pair_sentence_delta,
)
from bleu_gui.views.compare_sentences import CompareSentences, PairBar
from bleu_gui.views.compare_systems import CompareSystems
from bleu_gui.views.documents_view import DocumentsPanel
from bleu_gui.views.explain_panel import ExplainPanel
from bleu_gui.views.export_actions import ExportActions
from bleu_gui.views.file_actions import FileActions, FileRole
from bleu_gui.views.hypothesis_editor import HypothesisEditor
from bleu_gui.views.menu_action import menu_action
from bleu_gui.views.ngram_filter import NgramFilter
from bleu_gui.views.order_bar import OrderBar
from bleu_gui.views.precision_chart import PrecisionChart
from bleu_gui.views.report_action import ReportAction
from bleu_gui.views.save_hypothesis import install as install_save_hypothesis
from bleu_gui.views.score_histogram import ScoreHistogram
from bleu_gui.views.sentence_copy import PairCopy, sentence_copy
from bleu_gui.views.sentence_detail import SentenceDetailView
from bleu_gui.views.sentence_table import FilterBar, SentenceTableView
from bleu_gui.views.session_actions import SessionActions
from bleu_gui.views.settings_panel import SettingsPanel
from bleu_gui.views.summary_panel import SummaryPanel
from bleu_gui.views.warnings_button import HintLabel, WarningsButton
from bleu_gui.views.what_if_view import WhatIfView

__all__ = ["FileRole", "MainWindow"]

NO_TEST_SET = "No test set"

# The window's preferred size, and the share of the screen it may take at most.
_PREFERRED = QSize(1400, 900)
_SCREEN_SHARE = 0.92
# Where the layout is remembered (QSettings keys, QByteArray values).
_LAYOUT_KEYS = ("geometry", "docks", "central", "bottom", "columns")


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
        self.report_action = ReportAction(session, self)
        self.recent = self.file_actions.recent
        self._row: int | None = None
        # Long segments are explained in a worker process (`models.explainer`).
        self.explainer = Explainer(self)
        # The texts of a corpus being scored, which the table shows already.
        self._loading_corpus: Corpus | None = None
        # Explains `_row` at the next event-loop turn (see `show_sentence`).
        self.explaining: ExplainScheduler[
            ExplainKey, ExplainRequest, SentenceExplanation | str
        ]
        self.explaining = ExplainScheduler(
            self,
            wanted=self._wanted,
            request=lambda key: self.session.explain_request(key.row, key.corpus),
            is_long=is_long,
            explain=lambda key, _: self.session.explain(key.row, key.corpus),
            same=lambda one, other: one.is_for(other.row, other.corpus, other.config),
            show=self._show_explained,
            waiting=self._show_waiting,
            explainer=self.explainer,
            again=lambda shown: self._show_status(shown.key.row, shown.explanation),
        )
        self._settings = settings
        self._saved_columns: QByteArray | None = None
        # The last run's sort, for the first table of this run (`_restore_columns`).
        self._saved_sort: tuple[ColumnKey, Qt.SortOrder] | None = None
        self.setWindowTitle("bleu-gui")
        self.setAcceptDrops(True)
        self._build_panels()
        self._build_menus()
        self._connect_signals()
        # After `_connect_signals`: its title follows the window's own.
        self.session_actions = SessionActions(self, self)
        # Open session, Save session, Save as, Export ▸: what keeps the work.
        before = self.file_actions.drop_bom_action
        self.session_actions.fill_menu(self.file_menu, before)
        self.file_menu.insertMenu(before, self.exports.export_menu)
        self.file_menu.insertSeparator(before)
        self._fit_to_screen()
        self._restore_layout()
        self.compare_systems.sync()  # the saved layout's Systems dock only with systems
        self.documents.sync()  # and its Documents dock only with document ids
        # What if: editing a hypothesis (after the panels and menus it uses).
        self.what_if = WhatIfView(self, self)
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

    def _build_panels(self) -> None:
        self.summary = SummaryPanel()
        self.settings_panel = SettingsPanel()
        corpus_dock = self._dock("Corpus", "corpus-dock", self.summary)
        options_dock = self._dock(
            "Scoring options", "options-dock", self.settings_panel
        )
        # From two systems on, the Systems dock, in front of the corpus summary.
        self.compare_systems = CompareSystems(self.session, self.browser, self)
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
        self.table = SentenceTableView()
        self.table.set_table_model(self.browser.model)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(4, 4, 4, 0)
        self.pair_bar = PairBar()  # hidden with one system
        top_layout.addWidget(self.pair_bar)
        top_layout.addWidget(self.filter_bar)
        top_layout.addWidget(self.table)

        self.detail = SentenceDetailView()
        self.order_bar = OrderBar()
        self.order_buttons = self.order_bar.orders
        self.tokens_button = self.order_bar.tokens
        # Said when the filter hides the sentence the panels below still show.
        self.hidden_note = QLabel()
        self.hidden_note.setWordWrap(True)
        self.hidden_note.setStyleSheet(
            "QLabel { background: palette(highlight); color: palette(highlighted-text);"
            " padding: 4px; }"
        )
        self.hidden_note.hide()
        detail_box = QWidget()
        detail_layout = QVBoxLayout(detail_box)
        detail_layout.setContentsMargins(4, 0, 4, 4)
        detail_layout.addWidget(self.order_bar)
        # What if: the hypothesis being edited, above its detail.
        self.edit_bar = HypothesisEditor()
        detail_layout.addWidget(self.edit_bar)
        # Two systems compared: the pair panels (`views.compare_panels`).
        self.compare = ComparePanels(self.session, self)
        detail_layout.addWidget(self.compare.detail_area(self.detail))

        self.explain = ExplainPanel()
        self.precision_chart = PrecisionChart()
        self.histogram = ScoreHistogram()
        charts = QWidget()
        charts_layout = QVBoxLayout(charts)
        charts_layout.addWidget(self.precision_chart)
        charts_layout.addWidget(self.histogram)
        self.compare.add_charts(charts_layout)
        # Scrolled: the two charts' minimum heights must not take the table's rows
        # on a short screen.
        charts_scroll = QScrollArea()
        charts_scroll.setWidget(charts)
        charts_scroll.setWidgetResizable(True)
        charts_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.compare.explain_area(self.explain), "Explain")
        self.tabs.addTab(charts_scroll, "Charts")
        self.compare.add_salient_tab(self.tabs)

        bottom = QSplitter(Qt.Orientation.Horizontal)
        bottom.setObjectName("bottom-splitter")
        bottom.addWidget(detail_box)
        bottom.addWidget(self.tabs)
        bottom.setStretchFactor(0, 3)
        bottom.setStretchFactor(1, 2)
        below = QWidget()
        below_layout = QVBoxLayout(below)
        below_layout.setContentsMargins(4, 0, 4, 0)
        below_layout.setSpacing(2)
        below_layout.addWidget(self.hidden_note)
        below_layout.addWidget(bottom, 1)
        central = QSplitter(Qt.Orientation.Vertical)
        central.setObjectName("central-splitter")
        central.addWidget(top)
        central.addWidget(below)
        central.setStretchFactor(0, 1)
        central.setStretchFactor(1, 1)
        self.setCentralWidget(central)
        self.central_splitter, self.bottom_splitter = central, bottom

        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(
            "QLabel { background: palette(highlight); color: palette(highlighted-text);"
            " padding: 6px; }"
        )
        self.banner.hide()
        top_layout.insertWidget(0, self.banner)

        self.status_text = QLabel()
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(240)
        self.progress.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.hide()
        self.statusBar().addWidget(self.status_text, 1)
        self.hint_label = HintLabel()
        self.statusBar().addPermanentWidget(self.hint_label)
        self.warnings_button = WarningsButton()
        self.statusBar().addPermanentWidget(self.warnings_button)
        self.statusBar().addPermanentWidget(self.progress)
        self.statusBar().addPermanentWidget(self.cancel_button)

    def _dock(self, title: str, name: str, panel: QWidget) -> QDockWidget:
        """A left dock showing `panel`, scrolled when the window is short."""
        scroll = QScrollArea()
        scroll.setWidget(panel)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(340)
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(scroll)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        return dock

    def _fit_to_screen(self) -> None:
        """Take the preferred size, or less: never more than the screen has."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        available = screen.availableGeometry()
        width = min(_PREFERRED.width(), int(available.width() * _SCREEN_SHARE))
        height = min(_PREFERRED.height(), int(available.height() * _SCREEN_SHARE))
        self.resize(width, height)
        # The table gets as much height as the detail below it; the detail three
        # fifths of the width below the table, as its stretch says (from its size
        # hint, the explain panel took more than half: a pair's two hypotheses
        # then wrapped into so many lines that B's started below the fold).
        self.central_splitter.setSizes([height // 2, height // 2])
        self.bottom_splitter.setSizes([3 * width // 5, 2 * width // 5])

    def _restore_layout(self) -> None:
        """Put back the size, docks, splitters and columns of the last session."""
        saved = {key: self._settings.value(f"window/{key}") for key in _LAYOUT_KEYS}
        if isinstance(saved["geometry"], QByteArray):
            self.restoreGeometry(saved["geometry"])
        if isinstance(saved["docks"], QByteArray):
            self.restoreState(saved["docks"])
        if isinstance(saved["central"], QByteArray):
            self.central_splitter.restoreState(saved["central"])
        if isinstance(saved["bottom"], QByteArray):
            self.bottom_splitter.restoreState(saved["bottom"])
        if isinstance(saved["columns"], QByteArray):
            # Applied once the table has its columns (see `_restore_columns`).
            self._saved_columns = saved["columns"]
        # The columns chosen shown or hidden (kept for columns yet to come).
        choices = choices_from_json(self._settings.value("window/column-choices", ""))
        self._saved_sort = sort_from_json(self._settings.value("window/sort", ""))
        for key, shown in choices.items():
            self.table.set_column_shown(key, shown)

    def _restore_columns(self) -> None:
        """Give the first table of this run the last run's widths and sort.

        The widths as they were; the sort only where it can be seen: this table
        has its column and it shows (the header's indicator on it). Else the
        table stays in corpus order: a sort by a column that is not there, or is
        hidden (a pair hides Cost), would be an order nobody can tell.
        """
        model = self.browser.model
        if model.columnCount() == 0:
            return
        state, self._saved_columns = self._saved_columns, None
        if state is not None:
            self.table.horizontalHeader().restoreState(state)
        saved, self._saved_sort = self._saved_sort, None
        if saved is not None and self.table.is_column_shown(saved[0]):
            column = model.column_of(saved[0])
            assert column is not None
            self.table.horizontalHeader().setSortIndicator(column, saved[1])

    def save_layout(self) -> None:
        """Remember the size, docks, splitters and columns (on close)."""
        values = {
            "geometry": self.saveGeometry(),
            "docks": self.saveState(),
            "central": self.central_splitter.saveState(),
            "bottom": self.bottom_splitter.saveState(),
            "columns": self.table.horizontalHeader().saveState(),
        }
        for key, value in values.items():
            self._settings.setValue(f"window/{key}", value)
        choices = choices_to_json(self.table.column_choices())
        self._settings.setValue("window/column-choices", choices)
        self._settings.setValue("window/sort", sort_to_json(sort_of(self.browser)))
        self._settings.sync()

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
        session.scores_changed.connect(self._on_scores_changed)
        session.files_changed.connect(self._on_files_changed)
        session.config_changed.connect(self.settings_panel.set_config)
        session.busy_changed.connect(self._on_busy_changed)
        session.progress_changed.connect(self._on_progress)
        session.error_occurred.connect(self.show_error)
        self.file_actions.error_occurred.connect(self.show_error)
        self.report_action.failed.connect(self.show_error)
        self.report_action.written.connect(
            lambda path: self.status_text.setText(f"Report written to {path}")
        )
        self.report_action.progressed.connect(
            lambda done, total, what: self._on_progress(
                done, total, f"HTML report: {what}"
            )
        )
        self.report_action.busy_changed.connect(self._on_report_busy)
        session.warning_occurred.connect(self._on_warning)
        session.hint_changed.connect(self._on_hint_changed)
        self.settings_panel.config_requested.connect(session.set_config)
        self.cancel_button.clicked.connect(self._cancel_work)
        self.filter_bar.filter_requested.connect(browser.set_filter)
        browser.filter_failed.connect(self.filter_bar.show_problem)
        browser.searching_changed.connect(self.filter_bar.set_searching)
        self.filter_bar.stop_requested.connect(browser.stop_search)
        browser.shown_changed.connect(self._on_shown_changed)
        self.table.sort_requested.connect(browser.sort_by)
        browser.sort_changed.connect(self._on_sort_changed)
        self.table.sentence_selected.connect(self.show_sentence)
        browser.model.modelReset.connect(self._restore_columns)
        browser.model.modelReset.connect(self._on_table_changed)
        browser.model.layoutChanged.connect(self._on_table_changed)
        browser.filter_changed.connect(self._on_filter_changed)
        self.order_buttons.idClicked.connect(self.show_order)
        self.tokens_button.toggled.connect(self.detail.set_show_tokens)
        self.precision_chart.order_clicked.connect(self.show_order)
        self.histogram.range_clicked.connect(self.filter_bar.set_score_range)
        self.summary.copied.connect(self._on_copied)
        self.exports.done.connect(self._on_copied)
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
        self.ngram_filter.dropped.connect(self._on_warning)
        self.documents.dropped.connect(self._on_warning)
        # A document chosen: its first sentence shown, unless one of it is.
        self.documents.view.document_chosen.connect(lambda _id: self.table.step(0))

    # --- public slots -----------------------------------------------------------------

    def show_sentence(self, row: int) -> None:
        """Show the detail, explanation and precisions of corpus row `row`.

        Of the corpus the table shows (the texts of a corpus still being scored,
        too), so that the table and the panels always describe the same sentence.
        A sentence already explained under the same texts and options is shown at
        once. A new one is explained and painted at the next event-loop turn, once:
        one change of scores asks for the same sentence up to three times in a turn
        (the table's reset selects it again, then the scores handler shows it), and
        the table should paint its new rows before a sentence's explanation holds
        the GUI thread. A long segment is explained in a worker process meanwhile
        (`models.explainer`); the panels say so until it is shown.
        `select_sentence` shows a short one at once.
        """
        self._row = row
        self.hidden_note.hide()
        self.explaining.ask()

    @property
    def sentence_pending(self) -> bool:
        """Whether the sentence asked for is still being explained."""
        return self.explaining.pending

    def _wanted(self) -> ExplainKey | None:
        """The explanation the selection wants: its row of the table's texts."""
        row, corpus = self._row, self._table_corpus()
        if row is None or corpus is None:
            return None
        return ExplainKey(row, corpus, self.session.config)

    def _table_corpus(self) -> Corpus | None:
        """The corpus whose texts the table shows: loaded, or being scored."""
        texts = self.browser.model.hypotheses
        for corpus in (self.session.corpus, self._loading_corpus):
            if corpus is not None and corpus.hypothesis.lines is texts:
                return corpus
        return None

    def _show_explained(
        self, key: ExplainKey, explanation: SentenceExplanation | str
    ) -> None:
        """Show the explanation the selection wanted, in the panels and status."""
        self._show_explanation(key.row, key.corpus, explanation)
        self._show_status(key.row, explanation)

    def _show_waiting(self, key: ExplainKey, request: ExplainRequest) -> None:
        """Say that a long segment is being explained (in a worker process)."""
        size = len(request.hypothesis)
        message = (
            f"Sentence {key.row + 1} is long ({size:,} characters): "
            "explaining it in the background…"
        )
        self.detail.show_message(message)
        self.explain.show_message(message)
        self.precision_chart.set_sentence(None)
        self.status_text.setText(message)

    def _show_status(self, row: int, explanation: SentenceExplanation | str) -> None:
        self.status_text.setText(self._sentence_status(row, explanation))
        self.sentence_shown.emit(row)

    def _sentence_status(self, row: int, explanation: SentenceExplanation | str) -> str:
        """The status bar's words for the shown sentence (0-based `row`)."""
        name = self.browser.model.sentence_name(row)
        if isinstance(explanation, str):
            return f"{name}: {explanation}"
        return f"{name}: BLEU {explanation.score.score:.2f}"

    def _heading(self, row: int) -> str | None:
        """The detail's heading: the sentence and its unit, when there are units."""
        model = self.browser.model
        return None if model.units is None else model.sentence_name(row)

    def _show_explanation(
        self, row: int, corpus: Corpus, explanation: SentenceExplanation | str
    ) -> None:
        """Put one sentence's explanation in the detail, explain and chart panels."""
        source = None
        if corpus.source is not None:
            source = corpus.source.lines[row]
        heading = self._heading(row)
        if isinstance(explanation, str):
            self.detail.set_explanation(None, source, heading=heading)
            self.explain.set_explanation(explanation)
            self.precision_chart.set_sentence(None)
        else:
            self.detail.set_explanation(explanation, source, heading=heading)
            self.explain.set_explanation(explanation)
            result = explanation.score
            self.precision_chart.set_sentence(
                result.precisions, result.bp, result.ratio
            )

    def show_draft(self, row: int, text: str) -> None:
        """Show sentence `row` explained with the hypothesis `text` (being typed).

        A text too long to explain on the GUI thread keeps what is shown.
        """
        corpus = self._table_corpus()
        request = self.session.explain_request(row, corpus, text)
        if corpus is None or request is None or is_long(request):
            return
        self.explaining.stop()
        self.explaining.forget()  # what is shown is no text of the session's
        self._show_explanation(row, corpus, explain_or_why_not(request))

    def redo_sentence(self) -> None:
        """Explain the selected sentence again from the session (an edit ended)."""
        self.explaining.forget()
        if self._row is not None:
            self.show_sentence(self._row)

    @property
    def row(self) -> int | None:
        """The corpus row whose detail is asked for (None: no sentence)."""
        return self._row

    def show_order(self, order: int) -> None:
        """Highlight n-grams of `order` (0: every order as lanes)."""
        button = self.order_buttons.button(order)
        if button is not None:
            button.setChecked(True)
        self.detail.set_order(order)
        self.precision_chart.set_selected_order(order)

    def select_sentence(self, number: int) -> bool:
        """Select and show sentence `number` (1-based); False if missing or hidden.

        The panels show it when this returns (a selection by the user is shown at
        the next event-loop turn, see `show_sentence`).
        """
        selected = self.table.select_corpus_row(number - 1)
        if self.explaining.asked:
            self.explaining.flush()
        return selected

    def copy_sentence(self) -> None:
        """Copy the selected sentence, its references and scores to the clipboard.

        From the explanation on display: copying never explains anew (a long
        segment's explanation takes seconds). A long segment still being explained
        is not copied yet; the status bar says so.
        """
        if self.explaining.asked:
            self.explaining.flush()  # asked for in this turn: a short one shows now
        row, shown = self._row, self.explaining.shown
        corpus = self._table_corpus()
        if row is None or corpus is None:
            return
        if shown is None or not shown.key.is_for(row, corpus, self.session.config):
            if self.explainer.pending is not None:
                self._on_copied(
                    f"Sentence {row + 1} is still being explained: "
                    "copy it once it is shown"
                )
            return
        explanation = shown.explanation
        if not isinstance(explanation, SentenceExplanation):
            return
        scores = self.session.scores
        own = scores is not None and corpus is self.session.corpus
        text = sentence_copy(
            self.browser.model.sentence_name(row),
            explanation.score,
            explanation.hypothesis.text,
            [ref.text if ref is not None else "" for ref in explanation.references],
            source=None if corpus.source is None else corpus.source.lines[row],
            signature=scores.sentence_signature if own and scores else None,
            pair=self._pair_copy(row) if own else None,
        )
        QGuiApplication.clipboard().setText(text)
        self._on_copied(f"Copied sentence {row + 1} with its scores")

    def _pair_copy(self, row: int) -> PairCopy | None:
        """A pair's sentence Δ and A's hypothesis, for the copy; None: B alone.

        B alone also while the pair is being compared (its Δ not known yet).
        """
        workspace = self.session.workspace
        pair = workspace.pair
        delta = pair_sentence_delta(workspace, self.session.config, row)
        if pair is None or not isinstance(delta, ScoreDelta):
            return None
        return delta, pair[0].hypothesis.lines[row]

    def show_error(self, message: str) -> None:
        """Show a one-line error; whatever was loaded stays loaded."""
        self.banner.setText(f"⚠ {message}")
        self.banner.show()
        self.status_text.setText(message)

    # --- handlers ---------------------------------------------------------------------

    def _on_scores_changed(self) -> None:
        scores = self.session.scores
        corpus = self.session.corpus
        if scores is None or corpus is None:
            return
        self.banner.hide()
        self.summary.set_scores(scores, corpus.num_segments, len(corpus.references))
        result = scores.corpus
        if isinstance(result, BleuScore):
            self.precision_chart.set_corpus(result.precisions, result.bp, result.ratio)
        self.histogram.set_scores(scores.sentences.score)
        if self._row is not None and self._row < corpus.num_segments:
            self.show_sentence(self._row)

    def _on_texts_loaded(self, corpus: Corpus) -> None:
        """The table shows a new corpus's texts: the panels follow it.

        Its sentence at the same row is shown (explained from its texts, before any
        score arrives); with no such row, its first.
        """
        self._loading_corpus = corpus
        if self._row is not None and self._row >= corpus.num_segments:
            self._row = None
        if self._row is None:
            self.table.step(0)
        else:
            self._on_table_changed()
            self.show_sentence(self._row)

    def _on_files_changed(self) -> None:
        files = self.session.files
        self.warnings_button.set_warnings(self.session.warnings)
        self.hint_label.set_hint(self.session.language_hint)
        for action in self.sentence_actions:
            action.setEnabled(files is not None)
        if files is None:
            self._show_no_test_set()
            return
        for chart in (self.precision_chart, self.histogram):
            chart.chart().setTitle("")
        test_set = self.session.workspace.test_set
        if test_set is not None:  # "reference A" for a column of a test-set file
            self.detail.set_reference_names(test_set.reference_names)
        self.setWindowTitle(f"bleu-gui — {files.hypothesis.name}")
        # Stay on the sentence shown (re-tokenized, reloaded, another candidate):
        # `_on_scores_changed` shows it anew. Only when there is none, show the first.
        corpus = self.session.corpus
        if corpus is None or self._row is None or self._row >= corpus.num_segments:
            self._row = None
            self.table.step(0)

    def _show_no_test_set(self) -> None:
        """After Close: nothing of the old test set stays on screen."""
        self.explaining.stop()
        self.explaining.forget()
        self._row = None
        self._loading_corpus = None
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
        row = self._row
        if row is None:
            return
        if self.table.select_corpus_row(row):
            self.hidden_note.hide()
        else:
            self.hidden_note.setText(
                f"Sentence {row + 1}, shown below, is hidden by the filter. "
                "Select a sentence in the table, or clear the filter to see it there."
            )
            self.hidden_note.show()

    def _on_sort_changed(self, column: int, order: Qt.SortOrder) -> None:
        """Show the sort in force on the header (it fell back, or its column moved)."""
        self.table.horizontalHeader().setSortIndicator(column, order)

    def _on_filter_changed(self, spec: SentenceFilter) -> None:
        """Mark the filter's score range on the histogram (none: the whole range)."""
        whole = spec.min_score <= 0.0 and spec.max_score >= 100.0
        self.histogram.set_selected_range(
            None if whole else spec.min_score, None if whole else spec.max_score
        )

    def _on_busy_changed(self, busy: bool) -> None:
        if not busy:  # scored (now the session's corpus) or given up
            self._loading_corpus = None
        working = busy or self.report_action.busy
        self.progress.setVisible(working)
        self.cancel_button.setVisible(working)
        if busy:
            self.progress.setRange(0, 0)
            self.status_text.setText("Working…")
        elif not self.banner.isVisible():
            # The last progress text ("… 500 of 500") would stay otherwise.
            explained = self.explaining.shown
            if self._row is None:
                self.status_text.setText("Ready")
            elif explained is not None:
                self.status_text.setText(
                    self._sentence_status(self._row, explained.explanation)
                )

    def _on_report_busy(self, busy: bool) -> None:
        """The HTML report shows its progress and can be cancelled, as a load can."""
        if self.session.is_busy:
            return  # the session's progress shows; the report's follows it
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        if busy:
            self.progress.setRange(0, 0)
        elif not self.banner.isVisible():
            self.status_text.setText("Ready")

    def _cancel_work(self) -> None:
        """Cancel: the session's work first (a load), else the report being built."""
        if self.session.is_busy:
            self.session.cancel()
        else:
            self.report_action.cancel()

    def _on_progress(self, done: int, total: int, what: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        # Not str.capitalize(): it lowercases the rest (file names among it).
        text = what[:1].upper() + what[1:]
        counted = f" {done:,} of {total:,}" if total > 1 else ""
        self.status_text.setText(f"{text}…{counted}")

    def _on_copied(self, message: str) -> None:
        """Confirm a copy to the clipboard in the status bar."""
        self.statusBar().showMessage(message, 5_000)

    def _on_warning(self, message: str) -> None:
        self.statusBar().showMessage(message, 10_000)
        self.warnings_button.set_warnings(self.session.warnings)

    def _on_hint_changed(self) -> None:
        """The language hint came or went: the status line and the list say so."""
        self.hint_label.set_hint(self.session.language_hint)
        self.warnings_button.set_warnings(self.session.warnings)

    def _on_shown_changed(self, shown: int, total: int, subset: object) -> None:
        if isinstance(subset, BleuScore | str):
            self.summary.set_shown(shown, total, subset)

    def _on_jump(self) -> None:
        """Ask for a sentence number, the current sentence's to start from."""
        corpus = self.session.corpus
        if corpus is None:
            return
        size = corpus.num_segments
        current = 1 if self._row is None else min(self._row + 1, size)
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
        self.session.shutdown()
        self.explainer.shutdown()
        self.file_actions.close()
        super().closeEvent(event)
