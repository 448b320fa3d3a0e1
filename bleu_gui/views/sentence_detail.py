"""One sentence and its references, with every n-gram's fate painted on the text.

The scorer's explanation (`core.explain.SentenceExplanation`) lists every n-gram
occurrence with its status; this view paints those occurrences on the text the user
wrote, so a reader can see a sentence score being made. It does no BLEU arithmetic:
it maps occurrences to characters, and characters to the formats of `views.palette`.

Highlighting scheme, for n-gram order n:

* Hypothesis. Each token takes the best status among the n-grams of order n covering
  it: matched if any covering n-gram is matched, else clipped if any is clipped, else
  unmatched (for n = 1 that is exactly the token's own status). The space between two
  tokens is painted too when one n-gram covers both and its status is the status of
  both tokens, so consecutive tokens inside one matched n-gram read as one block,
  while unigrams always stand alone. Tokens that no n-gram covers (a sentence shorter
  than n) stay plain. Hovering a token lists every n-gram of order n covering it, with
  its counts, rank and licensing references, and lights up the reference spans that
  its matched n-grams were paired with.
* References. Each reference n-gram occurrence of order n that is paired with a
  counted hypothesis occurrence (`matched`) is painted, by the same covering rule, in
  the matched format tinted with that reference's attribution colour; the rest of the
  reference stays plain.
* All orders (order 0). One lane per order under the hypothesis header, each painted
  as above for its order; the references show the union of every order's paired
  spans.

The text shown is the original text when every token's span in it is known, else (or
when the user asks for tokens) the tokens joined by single spaces, with a note.
`highlighted_spans()` returns exactly the runs that were painted, for tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QWidget

from bleu_gui.core.explain import (
    NgramOccurrence,
    NgramStatus,
    OrderExplanation,
    SentenceExplanation,
)
from bleu_gui.core.pair_ngrams import Side
from bleu_gui.views.detail_panes import (
    DetailFrame,
    DetailView,
    HypothesisPane,
    ReferenceList,
)
from bleu_gui.views.detail_parts import (
    SOURCE_LIMIT,
    TextKey,
    TextKind,
    header_html,
    numbered_references,
    paint_legend,
    reference_title,
    selected_or_all,
    shown_source,
    source_note,
    token_notes,
    token_words,
)
from bleu_gui.views.highlight_runs import (
    REFERENCE_MATCH,
    REFERENCE_RANKING,
    STATUS_RANKING,
    Shown,
    covering_reference,
    display,
    painted_runs,
    status_pieces,
    token_range,
)
from bleu_gui.views.ngram_tooltips import (
    counts_caption,
    hypothesis_tooltip,
    join,
    reference_row,
    tooltip_html,
)
from bleu_gui.views.palette import (
    legend_items,
    muted_text_color,
    reference_match_format,
    status_format,
)
from bleu_gui.views.segment_text import SegmentText

__all__ = [
    "EMPTY_TEXT",
    "HYPOTHESIS",
    "SOURCE",
    "SOURCE_LIMIT",
    "SentenceDetailView",
    "TextKey",
]

SOURCE = TextKey.source()
HYPOTHESIS = TextKey.hypothesis()
"""The hypothesis at the order selected (`TextKey.hypothesis(lane=n)`: a lane)."""

EMPTY_TEXT = "Select a sentence to see its n-grams."


class SentenceDetailView(DetailView):
    """Source, hypothesis and references of one sentence, n-grams painted by status.

    The order selector lives in the main window; this view shows the order it is
    given. Texts are addressed by `TextKey`: `SOURCE`, `HYPOTHESIS` (one order),
    `TextKey.hypothesis(lane=n)` (the lanes of the all-orders view) and
    `TextKey.reference_of(k)` (0-based, headed "Reference k+1").

    Signals (and `DetailView`'s):
        hypothesis_activated: the hypothesis (or a lane of it) was
            double-clicked: the user asks to edit it.
    """

    hypothesis_activated = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._explanation: SentenceExplanation | None = None
        self._start()

    # --- public API -------------------------------------------------------------------

    def set_explanation(
        self,
        explanation: SentenceExplanation | None,
        source: str | None = None,
        *,
        heading: str | None = None,
    ) -> None:
        """Show `explanation` (`None`: nothing to explain), with `source` if known.

        `heading`: the sentence's name above it ("Sentence 8 (unit 9)"), when
        the table's "#" alone would not find it in its file; None: none.
        """
        self._explanation = explanation
        self._source = source
        self._message = None
        self._heading.setText(heading or "")
        self._heading.setVisible(heading is not None)
        self._render()
        self.shown_changed.emit()

    def heading(self) -> str:
        """The sentence's name shown above it ("" for none), as a person reads it."""
        return self._heading.text() if self._heading.isVisibleTo(self) else ""

    def show_message(self, message: str) -> None:
        """Show `message` instead of a sentence ("No test set", "explaining…")."""
        self._explanation = None
        self._source = None
        self._message = message
        self._heading.hide()
        self._render()
        self.shown_changed.emit()

    def set_reference_names(self, names: Sequence[str]) -> None:
        """Name the references in their headers (file names, say); optional.

        Only the headers change: the texts need no repainting (a full render of a
        long sentence takes several milliseconds, and a new corpus, which brings
        new names, brings a new explanation right after).
        """
        names = tuple(names)
        if names == self._reference_names:
            return
        self._reference_names = names
        if self._explanation is not None:
            for k, (label, _) in enumerate(self._references.rows):
                label.setText(self._reference_header(k))
        self.shown_changed.emit()

    def explanation(self) -> SentenceExplanation | None:
        """The explanation shown."""
        return self._explanation

    def tooltip_at(self, key: TextKey, index: int) -> str:
        """The rich-text tooltip for character `index` of `key` ("" for none)."""
        explanation = self._explanation
        shown = self._shown.get(key)
        if explanation is None or shown is None:
            return ""
        tokens = token_range(shown.token_spans, index)
        if tokens is None:
            return ""
        if key.kind is TextKind.HYPOTHESIS:
            found = self._orders().get(self._order_of(key))
            if found is None:
                return ""
            return hypothesis_tooltip(
                found, tokens, self._token_text(tokens), self.palette()
            )
        if key.kind is TextKind.REFERENCE:
            return self._reference_tooltip(key.reference, tokens)
        return ""

    # --- what `DetailView` asks -------------------------------------------------------

    def _subject_shown(self) -> bool:
        return self._explanation is not None

    def _hypothesis_occurrences(
        self, key: TextKey, order: int
    ) -> Sequence[NgramOccurrence] | None:
        found = self._orders().get(order)
        return None if found is None else found.hypothesis

    def _hypothesis_header(self, side: Side | None) -> QLabel:
        return self._hypothesis.header

    # --- building ---------------------------------------------------------------------

    def _build(self) -> None:
        legend = SegmentText(scale=0.92)
        legend.setToolTip("How n-grams are coloured")
        self._frame = frame = DetailFrame(EMPTY_TEXT, legend)
        # Plain text, in bold: a unit id is shown as written, never as markup.
        self._heading = QLabel()
        self._heading.setTextFormat(Qt.TextFormat.PlainText)
        self._heading.setWordWrap(True)
        self._heading.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        bold = self._heading.font()
        bold.setBold(True)
        self._heading.setFont(bold)
        self._heading.hide()
        self._hypothesis = HypothesisPane(
            self._hypothesis_text(HYPOTHESIS), selectable_lanes=True
        )
        self._references = ReferenceList()

        body = frame.body
        for widget in (
            self._heading,
            frame.empty,
            frame.note,
            frame.source_header,
            frame.source_text,
        ):
            body.addWidget(widget)
        body.addSpacing(6)
        self._hypothesis.add_to(body)
        body.addSpacing(6)
        body.addWidget(self._references)
        frame.place(self)

    def _hypothesis_text(self, key: TextKey) -> SegmentText:
        """A text of the hypothesis (`key`: one order or a lane), to hover or edit."""
        text = self._hovered_text(key, "(empty hypothesis)")
        text.double_clicked.connect(self.hypothesis_activated)
        return text

    # --- rendering --------------------------------------------------------------------

    def _render(self) -> None:
        explanation = self._explanation
        self._texts.clear()
        self._shown.clear()
        self._painted.clear()
        frame = self._frame
        frame.style(self.palette())

        has_source = self._source is not None
        frame.source_header.setVisible(has_source)
        frame.source_text.setVisible(has_source)
        if self._source is not None:
            self._show(SOURCE, frame.source_text, shown_source(self._source), [], {})

        if self._message is not None:
            frame.empty.setText(self._message)
        elif self._source is None:
            frame.empty.setText(EMPTY_TEXT)
        else:
            frame.empty.setText("There is no n-gram explanation for this sentence.")
        frame.empty.setVisible(explanation is None)
        for widget in (
            frame.note,
            *self._hypothesis.widgets(),
            self._references,
            frame.legend,
            frame.separator,
        ):
            widget.setVisible(explanation is not None)
        if explanation is None:
            return

        hypothesis = display(explanation.hypothesis, self._show_tokens)
        references = [
            None if ref is None else display(ref, self._show_tokens)
            for ref in explanation.references
        ]
        self._render_hypothesis(explanation, hypothesis)
        self._render_references(explanation, references)
        self._render_note(hypothesis, references)
        self._render_legend(len(explanation.references))

    def _render_hypothesis(
        self, explanation: SentenceExplanation, shown: Shown
    ) -> None:
        palette = self.palette()
        formats = {
            status.value: status_format(status, palette) for status in NgramStatus
        }
        orders = self._orders()
        header = [
            f"<b>Hypothesis</b>&nbsp;&nbsp;·&nbsp;&nbsp;sentence BLEU "
            f"<b>{explanation.score.score:.2f}</b>"
        ]
        pane = self._hypothesis
        lanes = self._order == 0
        pane.show_lanes(lanes)
        if lanes:
            pane.lanes.fit(
                len(explanation.orders),
                lambda order: self._hypothesis_text(TextKey.hypothesis(lane=order)),
            )
            for (label, text), order in zip(
                pane.lanes.rows, explanation.orders, strict=True
            ):
                tooltip = counts_caption(order, palette, plain=True)
                pane.lanes.caption(label, order.order, order.term, tooltip, palette)
                runs = painted_runs(
                    shown.token_spans, status_pieces(order), STATUS_RANKING
                )
                self._show(
                    TextKey.hypothesis(lane=order.order), text, shown, runs, formats
                )
        else:
            selected = orders.get(self._order)
            if selected is None:
                caption = f"no {self._order}-grams are scored"
                runs = []
            else:
                caption = counts_caption(selected, palette)
                if explanation.hypothesis.truncated:
                    kept = len(explanation.hypothesis.tokens)
                    caption += f"&nbsp;in&nbsp;the&nbsp;first&nbsp;{kept:,}&nbsp;tokens"
                runs = painted_runs(
                    shown.token_spans, status_pieces(selected), STATUS_RANKING
                )
            header.append(caption)
            self._show(HYPOTHESIS, pane.text, shown, runs, formats)
        pane.header.setText(header_html(header))

    def _render_references(
        self, explanation: SentenceExplanation, references: Sequence[Shown | None]
    ) -> None:
        palette = self.palette()
        self._references.fit(
            len(references),
            lambda k: SegmentText(
                partial(self.tooltip_at, TextKey.reference_of(k)), placeholder="(none)"
            ),
        )
        chosen = self._chosen_orders()
        for k, ((label, text), shown) in enumerate(
            zip(self._references.rows, references, strict=True)
        ):
            key = TextKey.reference_of(k)
            label.setText(self._reference_header(k))
            if explanation.references[k] is None or shown is None:
                self._show(key, text, Shown("", (), tokenized=False), [], {})
                continue
            pieces: list[tuple[int, int, str]] = []
            for order in chosen:
                occurrences = order.references[k]
                pieces.extend(
                    (item.start, item.start + order.order, REFERENCE_MATCH)
                    for item in occurrences
                    if item.matched
                )
            runs = painted_runs(shown.token_spans, pieces, REFERENCE_RANKING)
            formats = {REFERENCE_MATCH: reference_match_format(k, palette)}
            self._show(key, text, shown, runs, formats)

    def _reference_header(self, k: int) -> str:
        """Reference `k`'s header: colour, number, name, its part in BP, pairings."""
        explanation = self._explanation
        palette = self.palette()
        muted = muted_text_color(palette).name()
        parts = [reference_title(k, self._reference_names, palette)]
        ref = explanation.references[k] if explanation is not None else None
        if explanation is None or ref is None:
            parts.append(f'<span style="color:{muted}">(none)</span>')
            return header_html(parts)
        if k in explanation.length_refs:
            parts.append(
                f'<span style="color:{muted}">·&nbsp;its length r = '
                f"{ref.token_count} set the brevity penalty</span>"
            )
        chosen = self._chosen_orders()
        if len(chosen) == 1:
            used = sum(1 for item in chosen[0].references[k] if item.matched)
            where = f" in its first {len(ref.tokens):,} tokens" if ref.truncated else ""
            parts.append(
                f'<span style="color:{muted}">·&nbsp;{used} of '
                f"{len(chosen[0].references[k])} {chosen[0].order}-grams "
                f"paired{where}</span>"
            )
        return header_html(parts)

    def _render_note(
        self, hypothesis: Shown, references: Sequence[Shown | None]
    ) -> None:
        named = [("the hypothesis", hypothesis), *numbered_references(references)]
        notes = token_notes(named, self._show_tokens)
        cut = self._truncation_note()
        if cut:
            notes.append(cut)
        if self._order == 0:
            notes.append(
                "Every order: one lane per order; the references show the spans "
                "paired by any order."
            )
        self._frame.set_note(notes)

    def _truncation_note(self) -> str:
        """Where highlighting stops in texts too long to highlight in full, or ""."""
        explanation = self._explanation
        if explanation is None:
            return ""
        texts = [
            ("the hypothesis", explanation.hypothesis),
            *numbered_references(explanation.references),
        ]
        stops = [
            f"at token {len(text.tokens):,} of {text.token_count:,} in {name}"
            for name, text in texts
            if text.truncated
        ]
        note = ""
        if stops:
            note = (
                f"Too long to highlight in full: highlighting stops "
                f"{join(stops)}; the numbers are for the whole segment."
            )
        return " ".join(part for part in (note, source_note(self._source)) if part)

    def _render_legend(self, references: int) -> None:
        palette = self.palette()
        paint_legend(self._frame.legend, legend_items(palette, references), palette)

    # --- hover and tooltips -----------------------------------------------------------

    def _reference_tooltip(self, k: int, tokens: tuple[int, int]) -> str:
        rows = []
        chosen = self._chosen_orders()
        for order in chosen:
            for item in covering_reference(order, k, tokens):
                if self._order == 0 and not item.matched:
                    continue
                rows.append(reference_row(order, item, self.palette()))
        return tooltip_html(rows) if rows else ""

    def _token_text(self, tokens: tuple[int, int]) -> str:
        explanation = self._explanation
        if explanation is None:
            return ""
        return token_words(explanation.hypothesis.tokens, tokens)

    # --- helpers ----------------------------------------------------------------------

    def _orders(self) -> dict[int, OrderExplanation]:
        if self._explanation is None:
            return {}
        return {order.order: order for order in self._explanation.orders}

    def _chosen_orders(self) -> list[OrderExplanation]:
        """The orders painted on the references: the selected one, or all."""
        return selected_or_all(self._orders(), self._order)
