"""The main window: lays out the panels, builds the menus, and wires them.

It computes nothing. It forwards user intents to the `Session` and the
`SentenceBrowser`, and shows what they report. All wiring is in `_connect_signals`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
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
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core import BleuConfig, BleuScore
from bleu_gui.core.explain import SentenceExplanation
from bleu_gui.io import Corpus
from bleu_gui.models.recent import RecentFiles
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.session import FileSet, Session
from bleu_gui.views.explain_panel import ExplainPanel
from bleu_gui.views.order_bar import OrderBar
from bleu_gui.views.precision_chart import PrecisionChart
from bleu_gui.views.score_histogram import ScoreHistogram
from bleu_gui.views.sentence_detail import SentenceDetailView
from bleu_gui.views.sentence_table import FilterBar, SentenceTableView
from bleu_gui.views.settings_panel import SettingsPanel
from bleu_gui.views.summary_panel import SummaryPanel

__all__ = ["FileRole", "MainWindow"]

FileRole = str  # "candidate", "reference", "source" or "" (skip)
_ROLES = ("candidate", "reference", "source")


@dataclass(frozen=True, slots=True, eq=False)
class _Explained:
    """The sentence the panels show, with the texts and options it was explained by."""

    row: int
    corpus: Corpus | None
    config: BleuConfig
    explanation: SentenceExplanation | str

    def is_for(self, row: int, corpus: Corpus | None, config: BleuConfig) -> bool:
        """Whether explaining `row` of `corpus` under `config` would give this."""
        return self.row == row and self.corpus is corpus and self.config == config


class MainWindow(QMainWindow):
    """The bleu-gui window.

    Signals:
        sentence_shown: the corpus row whose detail is now displayed.
    """

    sentence_shown = Signal(int)

    def __init__(self, session: Session, settings: QSettings) -> None:
        super().__init__()
        self.session = session
        self.browser = SentenceBrowser(session, self)
        self.recent = RecentFiles(settings, self)
        # Replaced in tests: asks which role a dropped file plays.
        self.choose_role: Callable[[Path], FileRole] = self._ask_role
        self._row: int | None = None
        self._explained: _Explained | None = None
        # Explains `_row` at the next event-loop turn (see `show_sentence`).
        self._explain_timer = QTimer(self)
        self._explain_timer.setSingleShot(True)
        self._explain_timer.setInterval(0)
        self.setWindowTitle("bleu-gui")
        self.setAcceptDrops(True)
        self._build_panels()
        self._build_menus()
        self._connect_signals()
        self.resize(1400, 900)

    # --- layout --------------------------------------------------------------------

    def _build_panels(self) -> None:
        self.summary = SummaryPanel()
        self.settings_panel = SettingsPanel()
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.addWidget(self.summary)
        side_layout.addWidget(self.settings_panel)
        side_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(340)
        dock = QDockWidget("Corpus", self)
        dock.setObjectName("corpus-dock")
        dock.setWidget(scroll)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        self.resizeDocks([dock], [360], Qt.Orientation.Horizontal)

        self.filter_bar = FilterBar()
        self.table = SentenceTableView()
        self.table.set_table_model(self.browser.model)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(4, 4, 4, 0)
        top_layout.addWidget(self.filter_bar)
        top_layout.addWidget(self.table)

        self.detail = SentenceDetailView()
        self.order_bar = OrderBar()
        self.order_buttons = self.order_bar.orders
        self.tokens_button = self.order_bar.tokens
        detail_box = QWidget()
        detail_layout = QVBoxLayout(detail_box)
        detail_layout.setContentsMargins(4, 0, 4, 4)
        detail_layout.addWidget(self.order_bar)
        detail_layout.addWidget(self.detail)

        self.explain = ExplainPanel()
        self.precision_chart = PrecisionChart()
        self.histogram = ScoreHistogram()
        charts = QWidget()
        charts_layout = QVBoxLayout(charts)
        charts_layout.addWidget(self.precision_chart)
        charts_layout.addWidget(self.histogram)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.explain, "Explain")
        self.tabs.addTab(charts, "Charts")

        bottom = QSplitter(Qt.Orientation.Horizontal)
        bottom.addWidget(detail_box)
        bottom.addWidget(self.tabs)
        bottom.setStretchFactor(0, 3)
        bottom.setStretchFactor(1, 2)
        central = QSplitter(Qt.Orientation.Vertical)
        central.addWidget(top)
        central.addWidget(bottom)
        central.setStretchFactor(0, 2)
        central.setStretchFactor(1, 3)
        central.setSizes([380, 520])
        self.setCentralWidget(central)

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
        self.statusBar().addPermanentWidget(self.progress)
        self.statusBar().addPermanentWidget(self.cancel_button)

    def _build_menus(self) -> None:
        menu = self.menuBar()
        files = menu.addMenu("&File")
        self.open_action = self._action(
            files,
            "&Open candidate…",
            QKeySequence.StandardKey.Open,
            self._on_open_candidate,
        )
        self.add_ref_action = self._action(
            files, "&Add reference…", "Ctrl+R", self._on_add_reference
        )
        self.source_action = self._action(
            files, "Open &source…", "Ctrl+Shift+O", self._on_open_source
        )
        self.remove_menu = files.addMenu("Re&move reference")
        self.reload_action = self._action(
            files, "Re&load", QKeySequence.StandardKey.Refresh, self.session.reload
        )
        self.recent_menu = files.addMenu("Recent &files")
        files.addSeparator()
        self._action(files, "&Quit", QKeySequence.StandardKey.Quit, self.close)

        view = menu.addMenu("&View")
        for order in (1, 2, 3, 4, 0):
            label = f"&{order}-grams" if order else "&All orders"
            self._action(view, label, f"Ctrl+{order or 5}", self._order_slot(order))
        self.tokens_action = self._action(
            view, "Show &tokens", "Ctrl+T", self.tokens_button.toggle
        )

        go = menu.addMenu("&Go")
        self._action(go, "&Next sentence", "Ctrl+Down", lambda: self.table.step(1))
        self._action(go, "&Previous sentence", "Ctrl+Up", lambda: self.table.step(-1))
        self._action(go, "&Jump to sentence…", "Ctrl+G", self._on_jump)
        self._action(
            go, "&Copy sentence with scores", "Ctrl+Shift+C", self.copy_sentence
        )
        self._refresh_file_menus()

    def _order_slot(self, order: int) -> Callable[[], None]:
        return lambda: self.show_order(order)

    def _action(
        self,
        menu: QWidget,
        text: str,
        shortcut: QKeySequence.StandardKey | str,
        slot: Callable[[], object],
    ) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    # --- wiring ---------------------------------------------------------------------

    def _connect_signals(self) -> None:
        session, browser = self.session, self.browser
        session.scores_changed.connect(self._on_scores_changed)
        session.files_changed.connect(self._on_files_changed)
        session.config_changed.connect(self.settings_panel.set_config)
        session.busy_changed.connect(self._on_busy_changed)
        session.progress_changed.connect(self._on_progress)
        session.error_occurred.connect(self.show_error)
        session.warning_occurred.connect(self._on_warning)
        self.settings_panel.config_requested.connect(session.set_config)
        self.cancel_button.clicked.connect(session.cancel)
        self.filter_bar.filter_requested.connect(browser.set_filter)
        browser.filter_failed.connect(self.filter_bar.show_problem)
        browser.shown_changed.connect(self._on_shown_changed)
        self.table.sort_requested.connect(browser.sort_by)
        browser.sort_changed.connect(self._on_sort_changed)
        self.table.sentence_selected.connect(self.show_sentence)
        self._explain_timer.timeout.connect(self._explain_now)
        browser.model.modelReset.connect(self._on_table_changed)
        browser.model.layoutChanged.connect(self._on_table_changed)
        browser.filter_changed.connect(self._on_filter_changed)
        self.order_buttons.idClicked.connect(self.show_order)
        self.tokens_button.toggled.connect(self.detail.set_show_tokens)
        self.precision_chart.order_clicked.connect(self.show_order)
        self.histogram.range_clicked.connect(self.filter_bar.set_score_range)
        self.recent.changed.connect(self._refresh_file_menus)

    # --- public slots -----------------------------------------------------------------

    def show_sentence(self, row: int) -> None:
        """Show the detail, explanation and precisions of corpus row `row`.

        A sentence already explained under the same texts and options is shown at
        once. A new one is explained and painted at the next event-loop turn, once:
        one change of scores asks for the same sentence up to three times in a turn
        (the table's reset selects it again, then the scores handler shows it), and
        the table should paint its new rows before a long sentence's explanation
        (tens of milliseconds) holds the GUI thread. `select_sentence` shows it at
        once.
        """
        self._row = row
        shown = self._explained
        if shown is not None and shown.is_for(
            row, self.session.corpus, self.session.config
        ):
            self._explain_timer.stop()
            self._show_status(row, shown.explanation)
        else:
            self._explain_timer.start()

    @property
    def sentence_pending(self) -> bool:
        """Whether a sentence waits to be explained at the next event-loop turn."""
        return self._explain_timer.isActive()

    def _explain_now(self) -> None:
        """Explain the sentence `show_sentence` asked for, and show it."""
        self._explain_timer.stop()
        row = self._row
        if row is None:
            return
        corpus, config = self.session.corpus, self.session.config
        explanation = self.session.explain(row)
        self._explained = _Explained(row, corpus, config, explanation)
        self._show_explanation(row, explanation)
        self._show_status(row, explanation)

    def _show_status(self, row: int, explanation: SentenceExplanation | str) -> None:
        if isinstance(explanation, str):
            self.status_text.setText(f"Sentence {row + 1}: {explanation}")
        else:
            score = explanation.score.score
            self.status_text.setText(f"Sentence {row + 1}: BLEU {score:.2f}")
        self.sentence_shown.emit(row)

    def _show_explanation(
        self, row: int, explanation: SentenceExplanation | str
    ) -> None:
        """Put one sentence's explanation in the detail, explain and chart panels."""
        corpus = self.session.corpus
        source = None
        if corpus is not None and corpus.source is not None:
            source = corpus.source.lines[row]
        if isinstance(explanation, str):
            self.detail.set_explanation(None, source)
            self.explain.set_explanation(None)
            self.precision_chart.set_sentence(None)
        else:
            self.detail.set_explanation(explanation, source)
            self.explain.set_explanation(explanation)
            result = explanation.score
            self.precision_chart.set_sentence(
                result.precisions, result.bp, result.ratio
            )

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
        if self.sentence_pending:
            self._explain_now()
        return selected

    def copy_sentence(self) -> None:
        """Copy the selected sentence, its references and scores to the clipboard."""
        row = self._row
        explanation = self.session.explain(row) if row is not None else None
        if row is None or not isinstance(explanation, SentenceExplanation):
            return
        result = explanation.score
        lines = [f"Sentence {row + 1}: BLEU {result.score:.2f}"]
        corpus = self.session.corpus
        if corpus is not None and corpus.source is not None:
            lines.append(f"SRC\t{corpus.source.lines[row]}")
        lines.append(f"HYP\t{explanation.hypothesis.text}")
        for k, ref in enumerate(explanation.references, start=1):
            lines.append(f"REF{k}\t{ref.text if ref is not None else ''}")
        terms = " ".join(
            f"p{t.order}={t.numerator}/{t.denominator}" for t in result.terms
        )
        lines.append(
            f"{terms} BP={result.bp:.4f} c={result.sys_len} r={result.ref_len}"
        )
        scores = self.session.scores
        if scores is not None:
            lines.append(scores.sentence_signature)
        QGuiApplication.clipboard().setText("\n".join(lines))

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

    def _on_files_changed(self) -> None:
        files = self.session.files
        if files is None:
            return
        self.recent.add(files)
        self.detail.set_reference_names([path.name for path in files.references])
        self.setWindowTitle(f"bleu-gui — {files.hypothesis.name}")
        self._refresh_file_menus()
        # Stay on the sentence shown (re-tokenized, reloaded, another candidate):
        # `_on_scores_changed` shows it anew. Only when there is none, show the first.
        corpus = self.session.corpus
        if corpus is None or self._row is None or self._row >= corpus.num_segments:
            self._row = None
            self.table.step(0)

    def _on_table_changed(self) -> None:
        """Keep the shown sentence selected when the table's rows change.

        New content (new scores) clears the selection, and a filter may have hidden
        the row for a while; `Next sentence` continues from the selection.
        """
        if self._row is not None:
            self.table.select_corpus_row(self._row)

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
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        if busy:
            self.progress.setRange(0, 0)
            self.status_text.setText("Working…")
        elif not self.banner.isVisible() and self._row is None:
            self.status_text.setText("Ready")

    def _on_progress(self, done: int, total: int, what: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        self.status_text.setText(f"{what.capitalize()}… {done:,} of {total:,}")

    def _on_warning(self, message: str) -> None:
        self.statusBar().showMessage(message, 10_000)

    def _on_shown_changed(self, shown: int, total: int, subset: object) -> None:
        if isinstance(subset, BleuScore | str):
            self.summary.set_shown(shown, total, subset)

    def _refresh_file_menus(self) -> None:
        self.remove_menu.clear()
        files = self.session.files
        for k, path in enumerate(files.references if files else ()):
            action = self.remove_menu.addAction(f"{k + 1}: {path.name}")
            action.triggered.connect(
                lambda _c=False, k=k: self.session.remove_reference(k)
            )
        self.remove_menu.setEnabled(bool(files and len(files.references) > 1))
        self.recent_menu.clear()
        for entry in self.recent.entries():
            refs = len(entry.references)
            text = (
                f"{entry.hypothesis.name} (+{refs} reference{'s' if refs > 1 else ''})"
            )
            action = self.recent_menu.addAction(text)
            action.triggered.connect(
                lambda _c=False, e=entry: self.session.open_files(e)
            )
        self.recent_menu.setEnabled(not self.recent_menu.isEmpty())
        has_files = files is not None
        self.add_ref_action.setEnabled(has_files)
        self.source_action.setEnabled(has_files)
        self.reload_action.setEnabled(has_files)

    def _on_open_candidate(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open candidate (system output)")
        if not path:
            return
        if self.session.files is None:
            refs, _ = QFileDialog.getOpenFileNames(self, "Choose the reference file(s)")
            if refs:
                self.session.open_files(FileSet(Path(path), tuple(map(Path, refs))))
            return
        self.session.set_hypothesis(Path(path))

    def _on_add_reference(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Add a reference")
        if path:
            self.session.add_reference(Path(path))

    def _on_open_source(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open the source")
        if path:
            self.session.set_source(Path(path))

    def _on_jump(self) -> None:
        corpus = self.session.corpus
        if corpus is None:
            return
        number, ok = QInputDialog.getInt(
            self, "Jump to sentence", "Sentence number:", 1, 1, corpus.num_segments
        )
        if ok and not self.select_sentence(number):
            self.show_error(
                f"sentence {number} is hidden by the filter; clear it first"
            )

    def _ask_role(self, path: Path) -> FileRole:
        box = QMessageBox(self)
        box.setWindowTitle("What is this file?")
        box.setText(f"Open {path.name} as…")
        buttons = {
            box.addButton(role.capitalize(), QMessageBox.ButtonRole.AcceptRole): role
            for role in _ROLES
        }
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        clicked = box.clickedButton()
        return next((role for button, role in buttons.items() if button is clicked), "")

    def open_dropped(self, paths: list[Path]) -> None:
        """Open dropped files in the roles the user gives them."""
        roles = {path: self.choose_role(path) for path in paths}
        candidates = [p for p, role in roles.items() if role == "candidate"]
        refs = tuple(p for p, role in roles.items() if role == "reference")
        sources = [p for p, role in roles.items() if role == "source"]
        files = self.session.files
        hypothesis = (
            candidates[-1] if candidates else (files.hypothesis if files else None)
        )
        references = (files.references if files else ()) + refs
        source = sources[-1] if sources else (files.source if files else None)
        if hypothesis is None or not references:
            self.show_error("drop a candidate and at least one reference")
            return
        encoding = files.encoding if files else "utf-8"
        self.session.open_files(FileSet(hypothesis, references, source, encoding))

    @override
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    @override
    def dropEvent(self, event: QDropEvent) -> None:
        paths = [
            Path(url.toLocalFile())
            for url in event.mimeData().urls()
            if url.isLocalFile()
        ]
        if paths:
            event.acceptProposedAction()
            self.open_dropped(paths)

    @override
    def closeEvent(self, event: QCloseEvent) -> None:
        self.browser.cancel()
        self.session.shutdown()
        self.recent.close()
        super().closeEvent(event)
