"""One sentence, two systems: both hypotheses against the references, n-gram by n-gram.

`core.pair_ngrams.explain_pair` classifies every n-gram occurrence of system A (the
baseline) and system B: matched by both, matched only by A, matched only by B,
clipped, unmatched. This view paints those classes on both texts, so a reader sees
at a glance which n-grams one system gets right and the other misses. It does no
BLEU arithmetic: it maps the core's occurrences to characters (`views.highlight_runs`)
and the classes to the formats of `views.palette`.

Highlighting scheme, for n-gram order n (the one-system view's, with five classes):

* Hypotheses. Each token takes the first class, in `PAIR_RANKING`, among the
  n-grams of order n covering it: a match of one system only first (what differs is
  what the reader looks for), then a match of both, clipped, unmatched. The space
  between two tokens is painted when one n-gram covers both with that class.
* References. A reference n-gram occurrence paired with a counted occurrence of A
  and of B is painted "both"; with one of them only, "only A" or "only B"; each
  tinted and underlined with the reference's colour. Hovering a hypothesis token
  lights the reference spans its matched n-grams were paired with, as in the
  one-system view, and its tooltip gives the n-gram's counts in both systems.
* All orders (order 0): one lane per order under each hypothesis; the references
  show the spans paired by any order.

An n-gram chosen elsewhere (the salient list) is set bold and overlined, over its
colours, wherever it occurs in either hypothesis at its order (`set_chosen_ngram`).

Layout, top to bottom: A's hypothesis, B's, the references, then the source, so
that at 1280×720 both hypotheses start on screen; the legend is one line of
swatches under the texts, each swatch's words in its tooltip
(`detail_panes.CompactLegend`).

Texts are addressed by `TextKey`. `highlighted_spans()` returns exactly the runs
painted and `emphasised_spans()` the spans emphasised, for tests.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import partial
from typing import TypeVar

from PySide6.QtCore import QPoint, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from bleu_gui.core.explain import NgramOccurrence, SentenceExplanation
from bleu_gui.core.pair_ngrams import PairExplanation, PairOrder, PairStatus, Side
from bleu_gui.core.textspan import Span
from bleu_gui.views.detail_panes import (
    CompactLegend,
    DetailFrame,
    DetailView,
    HypothesisPane,
    ReferenceList,
)
from bleu_gui.views.detail_parts import (
    TextKey,
    TextKind,
    header_html,
    numbered_references,
    reference_title,
    selected_or_all,
    shown_source,
    source_note,
    token_notes,
    token_words,
)
from bleu_gui.views.highlight_runs import (
    PAIR_RANKING,
    Shown,
    display,
    painted_runs,
    token_range,
)
from bleu_gui.views.ngram_tooltips import join
from bleu_gui.views.order_bar import OrderBar
from bleu_gui.views.pair_tooltips import pair_counts_caption, pair_tooltip
from bleu_gui.views.palette import (
    chosen_ngram_format,
    muted_text_color,
    pair_legend_items,
    pair_reference_format,
    pair_status_format,
)
from bleu_gui.views.segment_text import SegmentText

__all__ = [
    "EMPTY_TEXT",
    "PAIR_RANKING",
    "PairDetailView",
    "TextKey",
    "TextKind",
]

EMPTY_TEXT = "Select a sentence to compare the two systems' n-grams."

_REFERENCE_RANKING = PAIR_RANKING[:3]

T = TypeVar("T")


class PairDetailView(DetailView):
    """Two systems' hypotheses of one sentence and its references, n-grams painted.

    Feed it a `PairExplanation` (`set_pair`); the systems' names are the ones the
    explanation was made with (`explain_pair(names=...)`). Its `order_bar` chooses
    the order (1..4, All) and the Tokens view; `set_order` and `set_show_tokens`
    do the same from code.

    Signals (and `DetailView`'s):
        hypothesis_activated: (`Side`) a system's hypothesis was double-clicked:
            the user asks to edit it.
        hypothesis_menu_requested: (`Side`, the text offered, global position) a
            right-click on a hypothesis: the selected text, else the n-gram of
            the shown order (unigram with all orders) that starts at the token
            under the pointer ("" over no token).
    """

    hypothesis_activated = Signal(object)
    hypothesis_menu_requested = Signal(object, str, QPoint)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pair: PairExplanation | None = None
        self._chosen: tuple[int, tuple[str, ...]] | None = None
        self._emphasised: dict[TextKey, list[Span]] = {}
        self._start()

    # --- public API -------------------------------------------------------------------

    def set_pair(self, pair: PairExplanation | None, source: str | None = None) -> None:
        """Show `pair` (`None`: nothing to compare), with the `source` if known."""
        self._pair = pair
        self._source = source
        self._message = None
        self._render()
        self.shown_changed.emit()

    def show_message(self, message: str) -> None:
        """Show `message` instead of a sentence ("explaining…", "choose B")."""
        self._pair = None
        self._source = None
        self._message = message
        self._render()
        self.shown_changed.emit()

    def pair(self) -> PairExplanation | None:
        """The pair shown."""
        return self._pair

    def names(self) -> tuple[str, str]:
        """The names of A and B ("A", "B" when nothing is shown)."""
        if self._pair is None:
            return ("A", "B")
        return (self._pair.delta.name_a, self._pair.delta.name_b)

    def set_reference_names(self, names: Sequence[str]) -> None:
        """Name the references in their headers (file names, say); optional."""
        names = tuple(names)
        if names != self._reference_names:
            self._reference_names = names
            self._render()
            self.shown_changed.emit()

    def set_chosen_ngram(self, order: int, gram: Sequence[str] | None) -> None:
        """Emphasise `gram` (an `order`-gram) in both hypotheses; `None` clears.

        Shows `order` unless every order is shown as lanes already.
        """
        self._chosen = None if gram is None else (order, tuple(gram))
        if gram is not None and self._order not in (0, order):
            self.set_order(order)  # renders
        else:
            self._render()

    def legend_text(self) -> str:
        """The legend's words, as a reader sees them (non-breaking spaces as spaces)."""
        return self._legend.toPlainText().replace("\u00a0", " ")

    def legend_widget(self) -> SegmentText:
        """The legend under the texts (to measure or hover it)."""
        return self._legend

    def emphasised_spans(self, key: TextKey) -> list[Span]:
        """The spans of `key` emphasised as the chosen n-gram."""
        self._shown_for(key)
        return list(self._emphasised.get(key, []))

    def tooltip_at(self, key: TextKey, index: int) -> str:
        """The rich-text tooltip for character `index` of `key` ("" for none)."""
        shown = self._shown.get(key)
        if (
            self._pair is None
            or shown is None
            or key.kind is not TextKind.HYPOTHESIS
            or key.side is None
        ):
            return ""
        tokens = token_range(shown.token_spans, index)
        order = self._pair_orders().get(self._order_of(key))
        if tokens is None or order is None:
            return ""
        return pair_tooltip(
            order,
            key.side,
            tokens,
            self._token_text(key.side, tokens),
            self.names(),
            self.palette(),
        )

    # --- what `DetailView` asks -------------------------------------------------------

    def _subject_shown(self) -> bool:
        return self._pair is not None

    def _hypothesis_occurrences(
        self, key: TextKey, order: int
    ) -> Sequence[NgramOccurrence] | None:
        found = self._pair_orders().get(order)
        if found is None or key.side is None:
            return None
        return [item.occurrence for item in found.occurrences(key.side)]

    def _hypothesis_header(self, side: Side | None) -> QLabel:
        return self._panes[side or Side.A].header

    def _follow_controls(self) -> None:
        """Check the order bar's button of the order shown, and its Tokens button."""
        button = self.order_bar.orders.button(self._order)
        if button is not None and not button.isChecked():
            button.setChecked(True)
        self.order_bar.tokens.setChecked(self._show_tokens)  # signals on a change

    # --- building ---------------------------------------------------------------------

    def _build(self) -> None:
        self.order_bar = OrderBar()
        self.order_bar.orders.idClicked.connect(self.set_order)
        self.order_bar.tokens.toggled.connect(self.set_show_tokens)
        bar = QWidget()
        bar_layout = QVBoxLayout(bar)
        bar_layout.setContentsMargins(8, 4, 8, 2)
        bar_layout.addWidget(self.order_bar)

        self._legend = CompactLegend()
        self._frame = frame = DetailFrame(EMPTY_TEXT, self._legend)
        body = frame.body
        body.addWidget(frame.empty)
        body.addWidget(frame.note)
        self._panes: dict[Side, HypothesisPane] = {}
        for side in Side:
            body.addSpacing(6)
            self._panes[side] = pane = HypothesisPane(
                self._hypothesis_text(side), selectable_lanes=False
            )
            pane.add_to(body)
        self._references = ReferenceList()
        body.addSpacing(6)
        body.addWidget(self._references)
        # The source last: the two hypotheses first, together, where a 720-pixel
        # screen shows both without scrolling.
        body.addSpacing(6)
        body.addWidget(frame.source_header)
        body.addWidget(frame.source_text)
        frame.place(self, above=bar)

    def _hypothesis_text(self, side: Side) -> SegmentText:
        """`side`'s hypothesis at the order shown: to hover, edit, or right-click."""
        key = TextKey.hypothesis(side)
        text = self._hovered_text(key, "(empty)")
        text.double_clicked.connect(partial(self.hypothesis_activated.emit, side))
        text.set_menu_wanted(True)
        text.menu_requested.connect(partial(self._on_menu_requested, key))
        return text

    def _lane_text(self, side: Side, order: int) -> SegmentText:
        """`side`'s lane of `order`-grams: to hover."""
        return self._hovered_text(TextKey.hypothesis(side, order), "(empty)")

    # --- rendering --------------------------------------------------------------------

    def _render(self) -> None:
        pair = self._pair
        for store in (self._texts, self._shown, self._painted, self._emphasised):
            store.clear()
        frame = self._frame
        frame.style(self.palette())
        has_source = self._source is not None and pair is not None
        frame.source_header.setVisible(has_source)
        frame.source_text.setVisible(has_source)
        if self._source is not None and pair is not None:
            shown = shown_source(self._source)
            self._show(TextKey.source(), frame.source_text, shown, [], {})
        frame.empty.setText(self._message if self._message is not None else EMPTY_TEXT)
        frame.empty.setVisible(pair is None)
        widgets: list[QWidget] = [
            frame.note,
            self._references,
            frame.legend,
            frame.separator,
        ]
        for pane in self._panes.values():
            widgets += pane.widgets()
        for widget in widgets:
            widget.setVisible(pair is not None)
        if pair is None:
            return
        shown_hyps = {
            side: display(self._explanation(side).hypothesis, self._show_tokens)
            for side in Side
        }
        references = [
            None if ref is None else display(ref, self._show_tokens)
            for ref in pair.a.references
        ]
        for side in Side:
            self._render_side(pair, side, shown_hyps[side])
        self._render_references(pair, references)
        self._render_note(pair, shown_hyps, references)
        self._render_chosen()
        palette = self.palette()
        self._legend.show_items(pair_legend_items(palette, len(references)), palette)

    def _render_side(self, pair: PairExplanation, side: Side, shown: Shown) -> None:
        palette = self.palette()
        pane = self._panes[side]
        names = self.names()
        formats = {
            status.value: pair_status_format(status, palette) for status in PairStatus
        }
        explanation = self._explanation(side)
        role = "A (baseline)" if side is Side.A else "B"
        header = [
            f"<b>{role}: {html.escape(names[0 if side is Side.A else 1])}</b>"
            f"&nbsp;&nbsp;·&nbsp;&nbsp;sentence BLEU "
            f"<b>{html.escape(explanation.score_text)}</b>"
        ]
        lanes = self._order == 0
        pane.show_lanes(lanes)
        if lanes:
            pane.lanes.fit(len(pair.orders), partial(self._lane_text, side))
            for (label, text), order in zip(pane.lanes.rows, pair.orders, strict=True):
                term = explanation.orders[order.order - 1].term
                tooltip = pair_counts_caption(order, side, palette, plain=True)
                pane.lanes.caption(label, order.order, term, tooltip, palette)
                runs = painted_runs(
                    shown.token_spans, _pieces(order, side), PAIR_RANKING
                )
                self._show(
                    TextKey.hypothesis(side, order.order), text, shown, runs, formats
                )
        else:
            selected = self._pair_orders().get(self._order)
            runs = []
            if selected is None:
                header.append(f"no {self._order}-grams are scored")
            else:
                header.append(pair_counts_caption(selected, side, palette))
                runs = painted_runs(
                    shown.token_spans, _pieces(selected, side), PAIR_RANKING
                )
            self._show(TextKey.hypothesis(side), pane.text, shown, runs, formats)
        title, *caption = header
        pane.header.setText(header_html([title]) + "&nbsp;&nbsp; " + "".join(caption))

    def _render_references(
        self, pair: PairExplanation, references: Sequence[Shown | None]
    ) -> None:
        palette = self.palette()
        self._references.fit(
            len(references), lambda _index: SegmentText(placeholder="(none)")
        )
        chosen = self._chosen_orders()
        for k, ((label, text), shown) in enumerate(
            zip(self._references.rows, references, strict=True)
        ):
            key = TextKey.reference_of(k)
            label.setText(
                _reference_header(
                    pair, k, self.names(), self._reference_names, self.palette()
                )
            )
            if shown is None:
                self._show(key, text, Shown("", (), tokenized=False), [], {})
                continue
            pieces = _reference_pieces(pair, chosen, k)
            runs = painted_runs(shown.token_spans, pieces, _REFERENCE_RANKING)
            formats = {
                status: pair_reference_format(PairStatus(status), k, palette)
                for status in _REFERENCE_RANKING
            }
            self._show(key, text, shown, runs, formats)

    def _render_note(
        self,
        pair: PairExplanation,
        hypotheses: dict[Side, Shown],
        references: Sequence[Shown | None],
    ) -> None:
        names = self.names()
        shown = _named(names, (hypotheses[Side.A], hypotheses[Side.B]), references)
        notes = token_notes(shown, self._show_tokens)
        segments = (pair.a.hypothesis, pair.b.hypothesis)
        cut = [
            f"{what} at token {len(segment.tokens):,}"
            for what, segment in _named(names, segments, pair.a.references)
            if segment.truncated
        ]
        if cut:
            notes.append(
                f"Too long to highlight in full: highlighting stops in {join(cut)};"
                " the numbers are for the whole segments."
            )
        if cut_source := source_note(self._source):
            notes.append(cut_source)
        self._frame.set_note(notes)

    def _render_chosen(self) -> None:
        """Emphasise the chosen n-gram in both hypotheses, at its order."""
        chosen, pair = self._chosen, self._pair
        if chosen is None or pair is None:
            return
        order_n, gram = chosen
        order = self._pair_orders().get(order_n)
        if order is None:
            return
        for side in Side:
            key = TextKey.hypothesis(side, 0 if self._order == order_n else order_n)
            shown = self._shown.get(key)
            if shown is None:
                continue
            spans = _gram_spans(order, side, gram, shown.token_spans)
            self._emphasised[key] = spans
            self._texts[key].merge(spans, chosen_ngram_format())

    # --- hover ------------------------------------------------------------------------

    def offered_text(self, key: TextKey, index: int) -> str:
        """What a right-click at character `index` of `key` offers (see the signal)."""
        selected = self.text_widget(key).textCursor().selectedText().strip()
        if selected:
            return " ".join(selected.split())
        shown = self._shown.get(key)
        if shown is None or index < 0 or self._pair is None:
            return ""
        return _ngram_at(shown, index, max(self._order, 1))

    def _on_menu_requested(self, key: TextKey, index: int, where: QPoint) -> None:
        self.hypothesis_menu_requested.emit(
            key.side, self.offered_text(key, index), where
        )

    def _token_text(self, side: Side, tokens: tuple[int, int]) -> str:
        return token_words(self._explanation(side).hypothesis.tokens, tokens)

    # --- helpers ----------------------------------------------------------------------

    def _explanation(self, side: Side) -> SentenceExplanation:
        pair = self._pair
        assert pair is not None
        return pair.a if side is Side.A else pair.b

    def _pair_orders(self) -> dict[int, PairOrder]:
        if self._pair is None:
            return {}
        return {order.order: order for order in self._pair.orders}

    def _chosen_orders(self) -> list[PairOrder]:
        return selected_or_all(self._pair_orders(), self._order)


def _reference_header(
    pair: PairExplanation,
    k: int,
    names: tuple[str, str],
    reference_names: Sequence[str],
    palette: QPalette,
) -> str:
    """Reference `k`'s header: colour, number, name, its part in each BP."""
    muted = muted_text_color(palette).name()
    parts = [reference_title(k, reference_names, palette)]
    ref = pair.a.references[k]
    if ref is None:
        parts.append(f'<span style="color:{muted}">(none)</span>')
        return header_html(parts)
    users = [
        html.escape(system)
        for system, explanation in zip(names, (pair.a, pair.b), strict=True)
        if k in explanation.length_refs
    ]
    if users:
        parts.append(
            f'<span style="color:{muted}">·&nbsp;its length r = '
            f"{ref.token_count} set the brevity penalty of {join(users)}</span>"
        )
    return header_html(parts)


def _pieces(order: PairOrder, side: Side) -> list[tuple[int, int, str]]:
    """The pieces for `painted_runs`: `side`'s n-grams of `order`, by class."""
    return [
        (item.occurrence.start, item.occurrence.end, item.status.value)
        for item in order.occurrences(side)
    ]


def _named(
    names: tuple[str, str], hypotheses: tuple[T, T], references: Sequence[T | None]
) -> list[tuple[str, T]]:
    """The texts (shown or scored) with what the notes call them."""
    return [
        (f"{name}'s hypothesis", hypothesis)
        for name, hypothesis in zip(names, hypotheses, strict=True)
    ] + numbered_references(references)


def _ngram_at(shown: Shown, index: int, n: int) -> str:
    """The words of the `n` tokens from the one at character `index` of `shown`.

    Fewer at the end of the text; "" off a token.
    """
    spans = shown.token_spans
    tokens = token_range(spans, index)
    if tokens is None or tokens[0] != tokens[1]:
        return ""
    last = min(tokens[0] + n, len(spans)) - 1
    return " ".join(shown.text[spans[tokens[0]][0] : spans[last][1]].split())


def _reference_pieces(
    pair: PairExplanation, orders: Sequence[PairOrder], k: int
) -> list[tuple[int, int, str]]:
    """The pieces for `painted_runs` on reference `k`, by class (`_reference_status`).

    Its n-grams of `orders` paired with A's match, B's or both.
    """
    pieces: list[tuple[int, int, str]] = []
    for order in orders:
        found_a = pair.a.orders[order.order - 1].references[k]
        found_b = pair.b.orders[order.order - 1].references[k]
        for in_a, in_b in zip(found_a, found_b, strict=True):
            status = _reference_status(in_a.matched, in_b.matched)
            if status is not None:
                pieces.append((in_a.start, in_a.start + order.order, status.value))
    return pieces


def _gram_spans(
    order: PairOrder, side: Side, gram: tuple[str, ...], token_spans: Sequence[Span]
) -> list[Span]:
    """Where `side`'s occurrences of `gram` (of `order`) are in its shown text.

    `token_spans`: the characters of each token in that text.
    """
    return [
        (token_spans[item.start][0], token_spans[item.end - 1][1])
        for item in (found.occurrence for found in order.occurrences(side))
        if item.gram == gram and item.end <= len(token_spans)
    ]


def _reference_status(in_a: bool, in_b: bool) -> PairStatus | None:
    """The class of a reference occurrence paired with A's match, B's, or both."""
    if in_a and in_b:
        return PairStatus.BOTH
    if in_a:
        return PairStatus.ONLY_A
    if in_b:
        return PairStatus.ONLY_B
    return None
