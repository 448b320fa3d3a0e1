"""The window's panels when two systems are compared: detail, Δ, charts, n-grams.

With a baseline A and another shown system B (`Workspace.pair`), the sentence
detail shows both hypotheses side by side (`PairDetailView`, from
`core.pair_ngrams.explain_pair`), the Explain tab offers the Δ explanation
(`DeltaPanel`) beside B's own, the Charts tab gains every system's precisions
(`SystemsChart`), the sentence Δ histogram (`DeltaHistogram`) and, once a test
was run, its distribution (`DistributionChart`), and a tab lists the salient
n-grams of the pair (`SalientList`, counted by `models.salient_job`). With one
system (or A = B) every one of them is hidden and the window is the
single-system window it always was.

`ComparePanels` builds those widgets and places them where the window asks
(`detail_area`, `explain_area`, `add_charts`, `add_salient_tab`), then follows the
session and the window's selection (`connect_window`). It computes no BLEU: the
pair explanation is the core's, made at once for a short sentence and in a worker
process for a long one (`models.explainer`, as for one system), the sentence Δ is
`core.delta.sentence_delta` of the statistics already counted, and the swap
effects, sentence deltas and corpus Δ are the session's `PairScores`.

The sentence table's filters listen to the Δ histogram (`delta_histogram`) and the
salient list (`salient_list`) directly (`views.compare_sentences`,
`views.ngram_filter`); `show_test_result(...)` takes a significance test's result,
to draw its distribution.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, SignalInstance
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.core import BleuConfig, BleuScore
from bleu_gui.core.delta import sentence_delta
from bleu_gui.core.pair_ngrams import PairExplanation
from bleu_gui.core.pair_request import PairRequest, explain_pair_or_why_not
from bleu_gui.core.salient import SalientOrder
from bleu_gui.core.score_delta import ScoreDelta
from bleu_gui.core.significance import AllPairsResult, PairedTestResult
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io import Corpus
from bleu_gui.models.explain_scheduler import ExplainScheduler
from bleu_gui.models.explainer import LONG_SEGMENT_CHARS, Explainer
from bleu_gui.models.salient_job import SalientJob, SalientRequest
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import System, TextsKey, Workspace
from bleu_gui.models.workspace_change import Moved, follow
from bleu_gui.views.change_choices import pair_choices
from bleu_gui.views.changes_view import ChangesView, DetailModes
from bleu_gui.views.delta_histogram import DeltaHistogram
from bleu_gui.views.delta_panel import DeltaPanel
from bleu_gui.views.explain_panel import ExplainPanel
from bleu_gui.views.page_stack import PageStack
from bleu_gui.views.pair_detail import PairDetailView
from bleu_gui.views.palette import checked_button_style, keep_styled
from bleu_gui.views.salient_list import SalientList
from bleu_gui.views.systems_chart import SystemsChart
from bleu_gui.views.test_distribution import DistributionChart

if TYPE_CHECKING:
    from PySide6.QtWidgets import QBoxLayout

__all__ = [
    "ALONE_TEXT",
    "COMPARED_TEXT",
    "SALIENT_TAB",
    "ComparePanels",
    "PairKey",
    "WindowHooks",
    "pair_sentence_delta",
]

SALIENT_TAB = "Salient n-grams"
ALONE_TEXT = "B alone"
COMPARED_TEXT = "A vs B"
_COUNTING = "Counting the n-grams both systems get right…"
_WAITING = "The n-grams are listed once both systems are scored."


@dataclass(frozen=True, slots=True, eq=False)
class PairKey:
    """Which pair explanation: a row of A's and B's corpora.

    Under `config`, with the systems' `names`. Told apart by the keys of the
    corpora's texts (`System.texts_key`), not by the objects.
    """

    row: int
    corpus_a: Corpus
    corpus_b: Corpus
    config: BleuConfig
    names: tuple[str, str]
    texts: tuple[TextsKey, TextsKey]

    def same_as(self, other: PairKey | None) -> bool:
        """Whether explaining `other` would give this one."""
        return (
            other is not None
            and self.row == other.row
            and self.texts == other.texts
            and self.config == other.config
            and self.names == other.names
        )


class _ExplainArea(QWidget):
    """The Explain tab: B's explanation, or the Δ explanation, by a toggle."""

    def __init__(self, single: ExplainPanel, delta: DeltaPanel) -> None:
        super().__init__()
        self.alone = QToolButton()
        self.alone.setText(ALONE_TEXT)
        self.compared = QToolButton()
        self.compared.setText(COMPARED_TEXT)
        self.buttons = QButtonGroup(self)
        for index, button in enumerate((self.alone, self.compared)):
            button.setCheckable(True)
            self.buttons.addButton(button, index)
        self.compared.setChecked(True)
        self.bar = QWidget()
        bar_layout = QHBoxLayout(self.bar)
        bar_layout.setContentsMargins(6, 4, 6, 0)
        bar_layout.addWidget(QLabel("Explain:"))
        bar_layout.addWidget(self.alone)
        bar_layout.addWidget(self.compared)
        bar_layout.addStretch(1)
        self.stack = PageStack()
        self.stack.add_page(single)
        self.stack.add_page(delta)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.bar)
        layout.addWidget(self.stack, 1)
        self.buttons.idClicked.connect(self.stack.setCurrentIndex)
        self.bar.hide()
        keep_styled(self.bar, checked_button_style, source=self)

    def set_comparing(self, comparing: bool, names: tuple[str, str]) -> None:
        """Offer the toggle (comparing) or show B's explanation alone (not)."""
        self.bar.setVisible(comparing)
        self.stack.setCurrentIndex(self.buttons.checkedId() if comparing else 0)
        a, b = names
        self.alone.setToolTip(f"Sentence BLEU of {b} alone, order by order")
        self.compared.setToolTip(f"Why {b} scores this sentence differently from {a}")


@dataclass(frozen=True, slots=True)
class WindowHooks:
    """What the compare panels follow and call in the main window, and nothing else.

    Attributes:
        select_sentence: select sentence `number` (1-based) in the table; False if
            it cannot be shown.
        table_texts: the hypotheses the table shows, in corpus order.
        sentence_selected: the table's selection moved (the row).
        sentence_shown: the single-system detail shows another sentence (the row).
        order_changed: the single-system detail's n-gram order changed.
        tokens_toggled: the Tokens button was toggled.
        show_order: show an n-gram order in the single-system detail.
    """

    select_sentence: Callable[[int], bool]
    table_texts: Callable[[], Sequence[str]]
    sentence_selected: SignalInstance
    sentence_shown: SignalInstance
    order_changed: SignalInstance
    tokens_toggled: SignalInstance
    show_order: Callable[[int], None]


class ComparePanels(QObject):
    """Builds and drives the two-system panels of the window (see the module)."""

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.pair_detail = PairDetailView()
        # The window's order bar drives it (`connect_window`).
        self.pair_detail.order_bar.hide()
        self.delta_panel = DeltaPanel()
        self.systems_chart = SystemsChart()
        self.delta_histogram = DeltaHistogram()
        self.distribution_chart = DistributionChart()
        self.salient_list = SalientList()
        self.salient_job = SalientJob(session.worker_pool, self)
        self.explainer = Explainer(self, explain=explain_pair_or_why_not)
        self._detail_stack = PageStack()
        self._explain_area: _ExplainArea | None = None
        self._tabs: QTabWidget | None = None
        self._salient_policy = self.salient_list.sizePolicy()
        self._select: Callable[[int], bool] | None = None
        # The texts the window's table shows (None: not connected to a window).
        self._table_texts: Callable[[], Sequence[str]] | None = None
        self._row: int | None = None
        self._comparing = False
        self._has_test = False
        # Explains `_row` at the next event-loop turn, once (as the window does).
        self.explaining: ExplainScheduler[
            PairKey, PairRequest, OrUnavailable[PairExplanation]
        ]
        self.explaining = ExplainScheduler(
            self,
            wanted=lambda: None if self._row is None else self._key(self._row),
            request=_pair_request_of,
            is_long=lambda request: request.size >= LONG_SEGMENT_CHARS,
            explain=lambda _, request: explain_pair_or_why_not(request),
            same=PairKey.same_as,
            show=self._put_pair,
            waiting=self._show_waiting,
            explainer=self.explainer,
        )
        # One refresh for the several signals one change of the session emits.
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(0)
        self._refresh_timer.timeout.connect(self.refresh)
        # When comparing begins, the explain area's and the salient tab's pages
        # change in a turn of their own: shown for the first time together with the
        # pair's detail, the three were one block of 90 ms while other systems
        # were being scored.
        self._pages_timer = QTimer(self)
        self._pages_timer.setSingleShot(True)
        self._pages_timer.setInterval(0)
        self._pages_timer.timeout.connect(self._show_pages)
        for widget in (
            self.systems_chart,
            self.delta_histogram,
            self.distribution_chart,
        ):
            widget.hide()
        self.salient_list.show_message(_WAITING)

    # --- placing the widgets ----------------------------------------------------------

    def detail_area(self, single: QWidget) -> QWidget:
        """The detail: `single` (the one-system view), or the pair view."""
        self._detail_stack.add_page(single)
        pair = self.pair_detail
        self.pair_changes = ChangesView()
        self.pair_modes = DetailModes(
            pair,
            self.pair_changes,
            pair.shown_changed,
            lambda: pair_choices(pair.pair(), pair.reference_names(), pair.source()),
        )
        self._detail_stack.add_page(self.pair_modes)
        return self._detail_stack

    def explain_area(self, single: ExplainPanel) -> QWidget:
        """The Explain tab: `single`, and the Δ explanation when comparing."""
        self._explain_area = _ExplainArea(single, self.delta_panel)
        return self._explain_area

    def add_charts(self, layout: QBoxLayout) -> None:
        """Put the systems chart, the Δ histogram and the test's chart first."""
        for index, chart in enumerate(
            (self.systems_chart, self.delta_histogram, self.distribution_chart)
        ):
            layout.insertWidget(index, chart)

    def add_salient_tab(self, tabs: QTabWidget) -> None:
        """Add the salient n-grams as a tab of `tabs`, shown when comparing."""
        self._tabs = tabs
        self._salient_policy = self.salient_list.sizePolicy()
        tabs.addTab(self.salient_list, SALIENT_TAB)
        self._show_salient_tab(False)

    def _show_pages(self) -> None:
        """The explain area and the salient tab as `refresh` left the comparing."""
        self._show_salient_tab(self._comparing)
        if self._explain_area is not None:
            workspace = self._session.workspace
            names = (
                _short_pair_names(workspace)
                if workspace.pair is not None
                else ("A", "B")
            )
            self._explain_area.set_comparing(self._comparing, names)

    def _show_salient_tab(self, shown: bool) -> None:
        """Show or hide the salient tab; hidden, it takes no room (see `PageStack`)."""
        tabs = self._tabs
        if tabs is None:
            return
        tabs.setTabVisible(tabs.indexOf(self.salient_list), shown)
        ignored = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.salient_list.setSizePolicy(self._salient_policy if shown else ignored)

    def connect_window(self, window: WindowHooks) -> None:
        """Follow the session, the window's selection, order bar and Tokens."""
        session = self._session
        follow(
            session.workspace_changed,
            Moved.SYSTEMS
            | Moved.ROWS
            | Moved.PAIR
            | Moved.SCORED
            | Moved.SHOWN_SCORES
            | Moved.CONFIG
            | Moved.EDITS,
            self._refresh_timer.start,
            self,
        )
        self._select = window.select_sentence
        self._table_texts = window.table_texts
        window.sentence_selected.connect(self.show_sentence)
        window.sentence_shown.connect(self.show_sentence)
        window.order_changed.connect(self.pair_detail.set_order)
        window.tokens_toggled.connect(self.pair_detail.set_show_tokens)
        self.pair_detail.order_changed.connect(window.show_order)
        self.salient_job.finished.connect(self._on_salient)
        self.salient_job.failed.connect(self.salient_list.show_message)
        self.salient_list.ngram_chosen.connect(self._on_ngram_chosen)
        self.refresh()

    # --- public slots -----------------------------------------------------------------

    def set_changes_shown(self, shown: bool) -> None:
        """Show the pair's track changes (True) or its n-grams (False)."""
        self.pair_modes.set_changes_shown(shown)

    @property
    def comparing(self) -> bool:
        """Whether two different systems are compared (the pair panels shown)."""
        return self._comparing

    @property
    def sentence_pending(self) -> bool:
        """Whether the pair of the selected sentence is still being explained."""
        return self.explaining.pending

    def show_sentence(self, row: int) -> None:
        """Compare the two systems on corpus row `row` (at the next turn, once)."""
        self._row = row
        if not self._comparing:
            return
        if self._key(row) is None:
            return
        self.explaining.ask()
        self._show_delta(row)

    def show_draft(self, row: int, text_a: str, text_b: str) -> None:
        """Compare the two hypotheses as typed (an edit being typed), at once.

        A pair too long to compare on the GUI thread keeps what it shows.
        """
        key = self._key(row) if self._comparing else None
        if key is None:
            return
        request = _pair_request(key, text_a, text_b)
        if request.size >= LONG_SEGMENT_CHARS:
            return
        self.explaining.stop()
        self.explaining.forget()  # what is shown is no text of the session's
        self._put_pair(key, explain_pair_or_why_not(request))

    def show_draft_delta(
        self,
        row: int,
        sentence: OrUnavailable[ScoreDelta],
        corpus: OrUnavailable[ScoreDelta],
    ) -> None:
        """The Δ panel with an edit being typed (`models.what_if.draft_deltas`).

        The swap effect needs the pair compared again: not shown meanwhile.
        """
        if isinstance(sentence, ScoreDelta):
            self.delta_panel.set_sentence(sentence, row=row, swap_effect=None)
        else:
            self.delta_panel.show_message(f"Sentence {row + 1}: {sentence.reason}")
        self.delta_panel.set_corpus(corpus if isinstance(corpus, ScoreDelta) else None)

    def redo_sentence(self) -> None:
        """Compare the selected sentence again from the session (an edit ended)."""
        self.explaining.forget()
        self._refresh_timer.start()  # the corpus Δ, too
        if self._row is not None:
            self.show_sentence(self._row)

    def show_test_result(
        self,
        result: PairedTestResult | AllPairsResult | None,
        first: int = 0,
        second: int = 1,
    ) -> None:
        """Draw a significance test's distribution in the Charts tab; None hides it.

        Args:
            result: a paired test against the baseline, or an all-pairs test.
            first: for a `PairedTestResult`, the compared system's index among
                `result.systems`; for an `AllPairsResult`, the pair's first system.
            second: for an `AllPairsResult`, the pair's second system.
        """
        chart = self.distribution_chart
        if result is None:
            chart.clear()
        elif isinstance(result, PairedTestResult):
            chart.set_paired_result(result, first)
        else:
            chart.set_pair(result, first, second)
        self._has_test = result is not None
        chart.setVisible(self._comparing and self._has_test)

    def shutdown(self) -> None:
        """Stop the background work (on exit)."""
        self.explaining.shutdown()
        self._refresh_timer.stop()
        self._pages_timer.stop()
        self.salient_job.shutdown()

    def refresh(self) -> None:
        """Show or hide the pair panels, and feed them the session's values."""
        self._refresh_timer.stop()
        workspace = self._session.workspace
        pair = workspace.pair
        comparing = pair is not None
        names = _short_pair_names(workspace) if pair is not None else ("A", "B")
        begins = comparing and not self._comparing
        if comparing != self._comparing:
            self._comparing = comparing
            self._detail_stack.setCurrentIndex(1 if comparing else 0)
            self.delta_histogram.setVisible(comparing)
            self.distribution_chart.setVisible(comparing and self._has_test)
        if begins:
            self._pages_timer.start()  # their first showing: a turn of its own
        else:
            self._pages_timer.stop()
            self._show_pages()
        self._refresh_systems_chart()
        if pair is None:
            self._forget_pair()
            return
        self._refresh_pair_scores(names)
        if self._session.pair_is_stale():
            # An edit is being scored and compared: the n-grams are counted after
            # it (both count in the worker processes; the Δs are what the table
            # and the panels wait for).
            self.salient_job.stop()
        else:
            self._refresh_salient(*pair)
        test_set = self._session.workspace.test_set
        if test_set is not None:  # "reference A" for a column of a test-set file
            self.pair_detail.set_reference_names(test_set.reference_names)
        if self._row is not None:
            self.show_sentence(self._row)
        else:
            self.pair_detail.set_pair(None)

    # --- the sentence -----------------------------------------------------------------

    def _key(self, row: int) -> PairKey | None:
        pair = self._session.workspace.pair
        if pair is None:
            return None
        a, b = pair
        if not 0 <= row < a.corpus.num_segments:
            return None
        texts = self._table_texts
        if texts is not None and texts() is not b.corpus.hypothesis.lines:
            return None  # the table shows a test set being opened: not this pair
        names = _short_pair_names(self._session.workspace)
        texts_keys = (a.texts_key, b.texts_key)
        config = self._session.config
        return PairKey(row, a.corpus, b.corpus, config, names, texts_keys)

    def _show_waiting(self, key: PairKey, request: PairRequest) -> None:
        """Say that a long pair is being compared (in a worker process)."""
        self.pair_detail.show_message(
            f"Sentence {key.row + 1} is long ({request.size:,} characters): "
            "comparing the two systems in the background…"
        )

    def _put_pair(
        self, key: PairKey, explanation: OrUnavailable[PairExplanation]
    ) -> None:
        """Show a pair explanation of sentence `key.row` (or why there is none)."""
        if isinstance(explanation, Unavailable):
            self.pair_detail.show_message(
                f"Sentence {key.row + 1}: {explanation.reason}"
            )
            return
        source = key.corpus_b.source
        self.pair_detail.set_pair(
            explanation, source.lines[key.row] if source is not None else None
        )

    def _show_delta(self, row: int) -> None:
        """The Δ panel's sentence part: B's sentence BLEU minus A's, and the swap."""
        workspace, config = self._session.workspace, self._session.config
        pair, delta = workspace.pair, pair_sentence_delta(workspace, config, row)
        if pair is None or delta is None:
            return
        if isinstance(delta, Unavailable):
            self.delta_panel.show_message(delta.reason)
            return
        a, b = pair
        scores = self._session.pair
        swap = None
        if scores is not None and (scores.a, scores.b, scores.config) == (
            a.id,
            b.id,
            config,
        ):
            swap = float(scores.swap_effects[row])
        self.delta_panel.set_sentence(delta, row=row, swap_effect=swap)

    # --- the corpus -------------------------------------------------------------------

    def _refresh_systems_chart(self) -> None:
        """Every scored system's precisions and BP, when there are several."""
        workspace = self._session.workspace
        config = workspace.config
        shown: list[tuple[str, BleuScore]] = []
        short = workspace.short_names()
        baseline: int | None = None
        for system in workspace.systems:
            scores = system.scores
            if scores is None or not system.scored_under(config):
                continue
            if not isinstance(scores.corpus, BleuScore):
                continue
            if system.id == workspace.baseline:
                baseline = len(shown)
            shown.append((short[system.id], scores.corpus))
        several = len(workspace.systems) > 1
        self.systems_chart.setVisible(several)
        if several:
            self.systems_chart.set_systems(shown, baseline)

    def _refresh_pair_scores(self, names: tuple[str, str]) -> None:
        """The Δ histogram and the corpus Δ, from the session's `PairScores`."""
        workspace = self._session.workspace
        pair, scores = workspace.pair, self._session.pair
        fits = (
            scores is not None
            and pair is not None
            and (scores.a, scores.b, scores.config)
            == (pair[0].id, pair[1].id, workspace.config)
            and not self._session.pair_is_stale()  # an edit is being compared
        )
        if scores is None or not fits:
            self.delta_histogram.set_deltas((), names)
            self.delta_panel.set_corpus(None)
            return
        self.delta_histogram.set_deltas(scores.deltas, names)
        corpus = scores.corpus
        self.delta_panel.set_corpus(corpus if isinstance(corpus, ScoreDelta) else None)

    def _forget_pair(self) -> None:
        """One system: nothing compared, nothing computed in the background."""
        self.explaining.stop()
        self.explaining.forget()
        self.pair_detail.set_pair(None)
        self.pair_detail.set_chosen_ngram(1, None)
        self.delta_panel.set_sentence(None)
        self.delta_panel.set_corpus(None)
        self.salient_job.clear()
        self.salient_list.show_message(_WAITING)

    # --- salient n-grams --------------------------------------------------------------

    def _refresh_salient(self, a: System, b: System) -> None:
        request = SalientRequest.of(a, b, _short_pair_names(self._session.workspace))
        if request is None:
            if self.salient_job.request is None:
                self.salient_list.set_pending(_WAITING)
            return
        if self.salient_job.request_count(request):
            self.pair_detail.set_chosen_ngram(1, None)
            self.salient_list.set_pending(_COUNTING)

    def _on_salient(
        self, results: tuple[SalientOrder, ...], names: tuple[str, str]
    ) -> None:
        self.salient_list.set_results(results, names)

    def _on_ngram_chosen(
        self, order: int, gram: tuple[str, ...], rows: tuple[int, ...]
    ) -> None:
        """Emphasise the n-gram in the pair view (`NgramFilter` filters the table).

        A sentence where it counts is selected when the one shown is not among
        them, so that the click shows the n-gram at once.
        """
        self.pair_detail.set_chosen_ngram(order, gram)
        if rows and self._row not in rows and self._select is not None:
            self._select(rows[0] + 1)


def _pair_request_of(key: PairKey) -> PairRequest:
    """The request comparing the session's two texts of `key`'s sentence."""
    return _pair_request(
        key,
        key.corpus_a.hypothesis.lines[key.row],
        key.corpus_b.hypothesis.lines[key.row],
    )


def _pair_request(key: PairKey, text_a: str, text_b: str) -> PairRequest:
    """Explaining sentence `key.row` with these two hypotheses."""
    return PairRequest(
        text_a,
        text_b,
        tuple(ref.lines[key.row] for ref in key.corpus_b.references),
        key.config,
        key.names,
    )


def pair_sentence_delta(
    workspace: Workspace, config: BleuConfig, row: int
) -> OrUnavailable[ScoreDelta] | None:
    """B's sentence BLEU minus A's on corpus row `row`, A and B by short name.

    One rule for the Δ panel and the sentence copied with its scores. A message
    while the two are not both scored under `config` (or the sentence cannot be
    scored); None without a pair, or for a row the systems do not have.
    """
    pair = workspace.pair
    if pair is None:
        return None
    a, b = pair
    if (
        a.stats is None
        or b.stats is None
        or not all(system.scored_under(config) for system in pair)
    ):
        return Unavailable("Comparing once both systems are scored…")
    if not 0 <= row < len(a.stats):
        return None
    try:
        names = _short_pair_names(workspace)
        return sentence_delta(a.stats, b.stats, row, config, names=names)
    except ValueError as error:
        return Unavailable(f"Sentence {row + 1}: {error}")


def _short_pair_names(workspace: Workspace) -> tuple[str, str]:
    """A's and B's names as every compare panel shows them (`short_names`)."""
    pair = workspace.pair
    if pair is None:
        raise ValueError("no pair: the baseline is the shown system")
    names = workspace.short_names()
    return names[pair[0].id], names[pair[1].id]
