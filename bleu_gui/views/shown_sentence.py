"""The sentence the panels describe: which row, its explanation, and its copy.

The window lays the panels out and wires them. Which sentence they show, when it
is explained (at once, at the next event-loop turn, or in a worker process for a
long one), what the status bar says of it and what a copy of it holds is one piece
of state with rules of its own, kept here so that the window holds none of it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, SignalInstance
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel

from bleu_gui.core.explain import (
    ExplainRequest,
    SentenceExplanation,
    explain_or_why_not,
)
from bleu_gui.core.score_delta import ScoreDelta
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io import Corpus
from bleu_gui.models.explain_scheduler import ExplainScheduler
from bleu_gui.models.explainer import Explainer, ExplainKey, is_long
from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.session import Session
from bleu_gui.models.workspace import ReadKey, ViewedTexts
from bleu_gui.views.compare_panels import pair_sentence_delta
from bleu_gui.views.explain_panel import ExplainPanel
from bleu_gui.views.precision_chart import PrecisionChart
from bleu_gui.views.sentence_copy import PairCopy, sentence_copy
from bleu_gui.views.sentence_detail import SentenceDetailView

__all__ = ["ShownSentence"]


class ShownSentence:
    """The corpus row the panels show, explained for the detail, explain and chart.

    Attributes:
        row: the corpus row whose detail is asked for (None: no sentence).
        loading: the texts of a corpus being scored, which the table shows already.
        explainer: explains long segments in a worker process (`models.explainer`).
    """

    def __init__(
        self,
        parent: QObject,
        session: Session,
        browser: SentenceBrowser,
        *,
        detail: SentenceDetailView,
        explain: ExplainPanel,
        chart: PrecisionChart,
        status: QLabel,
        shown: SignalInstance,
        copied: Callable[[str], None],
    ) -> None:
        self._session = session
        self._browser = browser
        self._detail = detail
        self._explain = explain
        self._chart = chart
        self._status = status
        self._shown = shown
        self._copied = copied
        self.row: int | None = None
        self.loading: Corpus | None = None
        self.explainer = Explainer(parent)
        # Explains `row` at the next event-loop turn (see `show`).
        self._explaining: ExplainScheduler[
            ExplainKey, ExplainRequest, OrUnavailable[SentenceExplanation]
        ]
        self._explaining = ExplainScheduler(
            parent,
            wanted=self._wanted,
            request=lambda key: session.explain_request(key.row, key.corpus),
            is_long=is_long,
            explain=lambda key, _: session.explain(key.row, key.corpus),
            same=lambda one, other: one.same_as(other),
            show=self._show_explained,
            waiting=self._show_waiting,
            explainer=self.explainer,
            again=lambda shown: self._show_status(shown.key.row, shown.explanation),
        )
        session.busy_changed.connect(self._on_busy_changed)

    def show(self, row: int) -> None:
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
        `flush` shows a short one at once.
        """
        self.row = row
        self._explaining.ask()

    @property
    def pending(self) -> bool:
        """Whether the sentence asked for is still being explained."""
        return self._explaining.pending

    def flush(self) -> None:
        """Show the sentence asked for in this event-loop turn now (a short one)."""
        if self._explaining.asked:
            self._explaining.flush()

    def clear(self) -> None:
        """No test set: no sentence asked for, shown or being explained."""
        self._explaining.stop()
        self._explaining.forget()
        self.row = None
        self.loading = None

    def keep_row(self, size: int | None) -> int | None:
        """The row, kept if a corpus of `size` segments has it (None: no corpus)."""
        if self.row is not None and (size is None or self.row >= size):
            self.row = None
        return self.row

    def idle_status(self) -> str | None:
        """The status bar's words once work ends (None: leave them as they are)."""
        explained = self._explaining.shown
        if self.row is None:
            return "Ready"
        if explained is not None:
            return self._sentence_status(self.row, explained.explanation)
        return None

    def _on_busy_changed(self, busy: bool) -> None:
        if not busy:  # scored (now the session's corpus) or given up
            self.loading = None

    def _wanted(self) -> ExplainKey | None:
        """The explanation the selection wants: its row of the table's texts."""
        row, table = self.row, self._table_texts()
        if row is None or table is None:
            return None
        return ExplainKey(row, table[0], self._session.config, table[1])

    def _table_texts(self) -> tuple[Corpus, ViewedTexts] | None:
        """The corpus whose texts the table shows (loaded, or being scored), keyed.

        Told by the key of the texts the table shows (issue 25): the shown
        system's texts as they stand, or (a `ReadKey`) the corpus being read.
        """
        texts = self._browser.model.texts
        shown = self._session.workspace.shown_system
        if shown is not None and texts == shown.texts_key:
            return shown.corpus, shown.texts_key
        if isinstance(texts, ReadKey) and self.loading is not None:
            return self.loading, texts
        return None

    def _table_corpus(self) -> Corpus | None:
        """The corpus whose texts the table shows: loaded, or being scored."""
        table = self._table_texts()
        return None if table is None else table[0]

    def _show_explained(
        self, key: ExplainKey, explanation: OrUnavailable[SentenceExplanation]
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
        self._detail.show_message(message)
        self._explain.show_message(message)
        self._chart.set_sentence(None)
        self._status.setText(message)

    def _show_status(
        self, row: int, explanation: OrUnavailable[SentenceExplanation]
    ) -> None:
        self._status.setText(self._sentence_status(row, explanation))
        self._shown.emit(row)

    def _sentence_status(
        self, row: int, explanation: OrUnavailable[SentenceExplanation]
    ) -> str:
        """The status bar's words for the shown sentence (0-based `row`)."""
        name = self._browser.model.sentence_name(row)
        if isinstance(explanation, Unavailable):
            return f"{name}: {explanation.reason}"
        return f"{name}: BLEU {explanation.score.score:.2f}"

    def _heading(self, row: int) -> str | None:
        """The detail's heading: the sentence and its unit, when there are units."""
        model = self._browser.model
        return None if model.units is None else model.sentence_name(row)

    def _show_explanation(
        self, row: int, corpus: Corpus, explanation: OrUnavailable[SentenceExplanation]
    ) -> None:
        """Put one sentence's explanation in the detail, explain and chart panels."""
        source = None
        if corpus.source is not None:
            source = corpus.source.lines[row]
        heading = self._heading(row)
        if isinstance(explanation, Unavailable):
            self._detail.set_explanation(None, source, heading=heading)
            self._explain.set_explanation(explanation)
            self._chart.set_sentence(None)
        else:
            self._detail.set_explanation(explanation, source, heading=heading)
            self._explain.set_explanation(explanation)
            result = explanation.score
            self._chart.set_sentence(result.precisions, result.bp, result.ratio)

    def show_draft(self, row: int, text: str) -> None:
        """Show sentence `row` explained with the hypothesis `text` (being typed).

        A text too long to explain on the GUI thread keeps what is shown.
        """
        corpus = self._table_corpus()
        request = self._session.explain_request(row, corpus, text)
        if corpus is None or request is None or is_long(request):
            return
        self._explaining.stop()
        self._explaining.forget()  # what is shown is no text of the session's
        self._show_explanation(row, corpus, explain_or_why_not(request))

    def redo(self) -> None:
        """Explain the selected sentence again from the session (an edit ended)."""
        self._explaining.forget()
        if self.row is not None:
            self.show(self.row)

    def copy(self) -> None:
        """Copy the selected sentence, its references and scores to the clipboard.

        From the explanation on display: copying never explains anew (a long
        segment's explanation takes seconds). A long segment still being explained
        is not copied yet; the status bar says so.
        """
        self.flush()  # asked for in this turn: a short one shows now
        row, shown = self.row, self._explaining.shown
        table = self._table_texts()
        if row is None or table is None:
            return
        corpus, texts = table
        session = self._session
        wanted = ExplainKey(row, corpus, session.config, texts)
        if shown is None or not shown.key.same_as(wanted):
            if self.explainer.pending is not None:
                self._copied(
                    f"Sentence {row + 1} is still being explained: "
                    "copy it once it is shown"
                )
            return
        explanation = shown.explanation
        if not isinstance(explanation, SentenceExplanation):
            return
        scores = session.workspace.shown_scores
        own = scores is not None and not isinstance(texts, ReadKey)
        text = sentence_copy(
            self._browser.model.sentence_name(row),
            explanation.score,
            explanation.hypothesis.text,
            [ref.text if ref is not None else "" for ref in explanation.references],
            source=None if corpus.source is None else corpus.source.lines[row],
            signature=scores.sentence_signature if own and scores else None,
            pair=self._pair_copy(row) if own else None,
        )
        QGuiApplication.clipboard().setText(text)
        self._copied(f"Copied sentence {row + 1} with its scores")

    def _pair_copy(self, row: int) -> PairCopy | None:
        """A pair's sentence Δ and A's hypothesis, for the copy; None: B alone.

        B alone also while the pair is being compared (its Δ not known yet).
        """
        workspace = self._session.workspace
        pair = workspace.pair
        delta = pair_sentence_delta(workspace, self._session.config, row)
        if pair is None or not isinstance(delta, ScoreDelta):
            return None
        return delta, pair[0].hypothesis.lines[row]
