"""The window's central area: the sentence table above, the sentence's panels below.

Above, the error banner, the pair bar, the filter and the table; below, the note
on a sentence the filter hides, then the detail (with its order bar and the What
if editor; the n-grams, or the track changes when the bar's Changes button is on)
beside the Explain and Charts tabs. Kept apart from the window, which
adds the docks and menus and wires everything, because how these panels nest and
share the space is a layout of its own, and what the window tests reads by name.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.sentence_table import SentenceTableModel
from bleu_gui.views.change_choices import sentence_choices
from bleu_gui.views.changes_view import ChangesView, DetailModes
from bleu_gui.views.compare_panels import ComparePanels
from bleu_gui.views.compare_sentences import PairBar
from bleu_gui.views.explain_panel import ExplainPanel
from bleu_gui.views.filter_bar import FilterBar
from bleu_gui.views.hypothesis_editor import HypothesisEditor
from bleu_gui.views.marked_detail import MarkedDetailView
from bleu_gui.views.order_bar import OrderBar
from bleu_gui.views.precision_chart import PrecisionChart
from bleu_gui.views.score_histogram import ScoreHistogram
from bleu_gui.views.scrolled import scrolled
from bleu_gui.views.sentence_detail import SentenceDetailView
from bleu_gui.views.sentence_table import SentenceTableView

__all__ = ["CentralArea"]


def _note(padding: int) -> QLabel:
    """A hidden line of text in the highlight colours, to be noticed."""
    label = QLabel()
    label.setWordWrap(True)
    label.setStyleSheet(
        "QLabel { background: palette(highlight); color: palette(highlighted-text);"
        f" padding: {padding}px; }}"
    )
    label.hide()
    return label


class CentralArea:
    """The table and the selected sentence's panels, in two splitters.

    Attributes:
        splitter: the whole area (the table above, the sentence below).
        bottom: the detail beside the tabs.
        banner: the last error, above the table.
        hidden_note: said when the filter hides the sentence the panels show.
    """

    def __init__(
        self, model: SentenceTableModel, filter_bar: FilterBar, compare: ComparePanels
    ) -> None:
        self.table = SentenceTableView()
        self.table.set_table_model(model)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(4, 4, 4, 0)
        self.pair_bar = PairBar()  # hidden with one system
        top_layout.addWidget(self.pair_bar)
        top_layout.addWidget(filter_bar)
        top_layout.addWidget(self.table)

        # Typed as the plain detail for its readers; the QA dock marks it.
        self.marked_detail = MarkedDetailView()
        self.detail: SentenceDetailView = self.marked_detail
        self.order_bar = OrderBar()
        self.hidden_note = _note(4)
        detail_box = QWidget()
        detail_layout = QVBoxLayout(detail_box)
        detail_layout.setContentsMargins(4, 0, 4, 4)
        detail_layout.addWidget(self.order_bar)
        # What if: the hypothesis being edited, above its detail.
        self.edit_bar = HypothesisEditor()
        detail_layout.addWidget(self.edit_bar)
        # The n-grams, or the same sentence's track changes (`views.changes_view`).
        detail = self.detail
        self.changes = ChangesView()
        self.detail_modes = DetailModes(
            detail,
            self.changes,
            detail.shown_changed,
            lambda: sentence_choices(
                detail.explanation(), detail.reference_names(), detail.source()
            ),
        )
        self.order_bar.changes.toggled.connect(self.detail_modes.set_changes_shown)
        self.order_bar.changes.toggled.connect(compare.set_changes_shown)
        # Two systems compared: the pair panels (`views.compare_panels`).
        detail_layout.addWidget(compare.detail_area(self.detail_modes))

        self.explain = ExplainPanel()
        self.precision_chart = PrecisionChart()
        self.histogram = ScoreHistogram()
        charts = QWidget()
        charts_layout = QVBoxLayout(charts)
        charts_layout.addWidget(self.precision_chart)
        charts_layout.addWidget(self.histogram)
        compare.add_charts(charts_layout)
        # Scrolled: the two charts' minimum heights must not take the table's rows
        # on a short screen.
        charts_scroll = scrolled(charts)
        self.tabs = QTabWidget()
        self.tabs.addTab(compare.explain_area(self.explain), "Explain")
        self.tabs.addTab(charts_scroll, "Charts")
        compare.add_salient_tab(self.tabs)

        self.bottom = QSplitter(Qt.Orientation.Horizontal)
        self.bottom.setObjectName("bottom-splitter")
        self.bottom.addWidget(detail_box)
        self.bottom.addWidget(self.tabs)
        self.bottom.setStretchFactor(0, 3)
        self.bottom.setStretchFactor(1, 2)
        below = QWidget()
        below_layout = QVBoxLayout(below)
        below_layout.setContentsMargins(4, 0, 4, 0)
        below_layout.setSpacing(2)
        below_layout.addWidget(self.hidden_note)
        below_layout.addWidget(self.bottom, 1)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setObjectName("central-splitter")
        self.splitter.addWidget(top)
        self.splitter.addWidget(below)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)

        self.banner = _note(6)
        top_layout.insertWidget(0, self.banner)

    def show_order(self, order: int) -> None:
        """Highlight n-grams of `order` (0: every order as lanes), leaving Changes."""
        self.order_bar.changes.setChecked(False)
        button = self.order_bar.orders.button(order)
        if button is not None:
            button.setChecked(True)
        self.detail.set_order(order)
        self.precision_chart.set_selected_order(order)

    def keep_selected(self, row: int) -> None:
        """Select corpus row `row` in the table, or say the filter hides it."""
        if self.table.select_corpus_row(row):
            self.hidden_note.hide()
        else:
            self.hidden_note.setText(
                f"Sentence {row + 1}, shown below, is hidden by the filter. "
                "Select a sentence in the table, or clear the filter to see it there."
            )
            self.hidden_note.show()

    def mark_filter(self, spec: SentenceFilter) -> None:
        """Mark the filter's score range on the histogram (none: the whole range)."""
        whole = spec.min_score <= 0.0 and spec.max_score >= 100.0
        self.histogram.set_selected_range(
            None if whole else spec.min_score, None if whole else spec.max_score
        )
