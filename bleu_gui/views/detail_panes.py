"""The widgets the one-system and the two-system detail views are built of.

`views.sentence_detail` and `views.pair_detail` paint different n-grams, but
they lay their texts out alike: a frame of a scroll area over a legend, with a
message where there is no sentence and a note above the texts (`DetailFrame`);
a hypothesis headed once, shown as one text or as one lane per order
(`HypothesisPane`, `LaneGrid`); the references, each headed, lit up together when
a hypothesis token is hovered (`ReferenceList`). Built here once, the two views
look alike and change together; `views.detail_parts` holds the functions they
share, which need no widget of their own.

What the two views do alike beyond their widgets is `DetailView`, the class
both are: texts kept under `TextKey`s, the order and the tokens switch, the
references lit up from a hovered token, a new palette repainted.

The two-system legend keeps where each swatch is, for its tooltip
(`CompactLegend`).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from functools import partial

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QPalette, QTextDocument
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core.explain import NgramOccurrence
from bleu_gui.core.pair_ngrams import Side
from bleu_gui.core.result import OrderTerm
from bleu_gui.core.textspan import Span
from bleu_gui.views.detail_parts import (
    LegendChip,
    Row,
    ShownTexts,
    TextKey,
    TextKind,
    fit_rows,
    header_label,
    legend_words,
    paint_compact_legend,
)
from bleu_gui.views.highlight_runs import (
    PaintedSpan,
    Shown,
    linked_reference_spans,
    token_range,
)
from bleu_gui.views.palette import (
    LegendItem,
    is_palette_change,
    muted_text_color,
    reference_link_format,
)
from bleu_gui.views.segment_text import SegmentText

__all__ = [
    "CompactLegend",
    "DetailFrame",
    "DetailView",
    "HypothesisPane",
    "LaneGrid",
    "ReferenceList",
]


class DetailFrame:
    """A detail view's frame: its texts in a scroll area, the legend under a rule.

    The view adds its texts to `body` in its own order, between the messages
    (`empty`: why no sentence is shown; `note`: what the texts show) and the
    source (`source_header`, `source_text`) as it chooses, then `place`s the
    frame in itself.
    """

    def __init__(self, empty_text: str, legend: SegmentText) -> None:
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._content = QWidget()
        self._content.setSizePolicy(
            QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred
        )
        self.body = QVBoxLayout(self._content)
        self.body.setContentsMargins(8, 6, 8, 6)
        self.body.setSpacing(3)
        self.empty = QLabel(empty_text)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.source_header = header_label()
        self.source_header.setText("<b>Source</b>")
        self.source_text = SegmentText(placeholder="(empty)", scale=1.0)
        self.legend = legend
        self.separator = QFrame()
        self.separator.setFrameShape(QFrame.Shape.HLine)
        self.separator.setFrameShadow(QFrame.Shadow.Plain)
        self.separator.setForegroundRole(QPalette.ColorRole.Mid)

    def place(self, view: QWidget, above: QWidget | None = None) -> None:
        """Lay the frame out in `view`, under `above` if given (a bar of buttons)."""
        self.body.addStretch(1)
        self.scroll.setWidget(self._content)
        layout = QVBoxLayout(view)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        if above is not None:
            layout.addWidget(above)
        layout.addWidget(self.scroll, stretch=1)
        layout.addWidget(self.separator)
        layout.addWidget(self.legend)

    def style(self, palette: QPalette) -> None:
        """Set the messages in `palette`'s muted colour."""
        muted = muted_text_color(palette).name()
        self.empty.setStyleSheet(f"color: {muted}; padding: 24px;")
        self.note.setStyleSheet(
            f"color: {muted}; font-style: italic; padding: 0 0 4px 0;"
        )

    def set_note(self, notes: Sequence[str]) -> None:
        """Say `notes` above the texts; none hides the note."""
        self.note.setText(" ".join(notes))
        self.note.setVisible(bool(notes))


class LaneGrid(QWidget):
    """One lane per n-gram order: its order and counts, and the text painted for it.

    `rows` holds each lane's label and text, the lane of order n at n - 1.
    """

    def __init__(self, selectable: bool) -> None:
        """`selectable`: whether the reader can select the lanes' labels."""
        super().__init__()
        self._selectable = selectable
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(8)
        self._grid.setVerticalSpacing(3)
        self._grid.setColumnStretch(1, 1)
        self.rows: list[Row] = []

    def fit(self, count: int, make_text: Callable[[int], SegmentText]) -> None:
        """Keep `count` lanes; a new lane's text is `make_text(its order)`."""

        def make(index: int) -> Row:
            label = QLabel()
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            if self._selectable:
                label.setTextInteractionFlags(
                    Qt.TextInteractionFlag.TextSelectableByMouse
                )
            return label, make_text(index + 1)

        def place(index: int, row: Row) -> None:
            self._grid.addWidget(row[0], index, 0)
            self._grid.addWidget(row[1], index, 1)

        fit_rows(self.rows, count, self._grid, make, place)

    @staticmethod
    def caption(
        label: QLabel, order: int, term: OrderTerm, tooltip: str, palette: QPalette
    ) -> None:
        """Label a lane with its `order` and counts (m/t), `tooltip` on hover."""
        label.setText(
            f"<b>{order}-gram</b><br>"
            f'<span style="color:{muted_text_color(palette).name()}">'
            f"{term.matches:g}/{term.total:g}</span>"
        )
        label.setToolTip(tooltip)


class HypothesisPane:
    """A hypothesis: its header, then its text painted for one order or its lanes."""

    def __init__(self, text: SegmentText, selectable_lanes: bool) -> None:
        self.header = header_label()
        self.text = text
        self.lanes = LaneGrid(selectable_lanes)

    def add_to(self, layout: QVBoxLayout) -> None:
        """Add the header, the text and the lanes to `layout`, in that order."""
        for widget in self.widgets():
            layout.addWidget(widget)

    def widgets(self) -> tuple[QWidget, ...]:
        """The pane's widgets: header, text and lanes."""
        return (self.header, self.text, self.lanes)

    def show_lanes(self, lanes: bool) -> None:
        """Show the lanes (every order) or the text (one order)."""
        self.text.setVisible(not lanes)
        self.lanes.setVisible(lanes)


class ReferenceList(QWidget):
    """The references one under another, each a header over its text.

    `rows` holds each reference's header and text, reference k (0-based) at k.
    """

    def __init__(self) -> None:
        super().__init__()
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(3)
        self.rows: list[Row] = []

    def fit(self, count: int, make_text: Callable[[int], SegmentText]) -> None:
        """Keep `count` references; a new one's text is `make_text(its index)`."""

        def place(_index: int, row: Row) -> None:
            for widget in row:
                self._layout.addWidget(widget)

        fit_rows(
            self.rows,
            count,
            self._layout,
            lambda index: (header_label(), make_text(index)),
            place,
        )

    def emphasise(self, spans: Callable[[int], list[Span]], palette: QPalette) -> None:
        """Light up `spans(k)` of each reference k in its colour (none: clear)."""
        for k, (_, text) in enumerate(self.rows):
            text.emphasise(spans(k), reference_link_format(k, palette))


class CompactLegend(SegmentText):
    """A legend of swatches on one line; a swatch's tooltip gives its words.

    Between swatches, the tooltip gives every swatch's words.
    """

    def __init__(self) -> None:
        super().__init__(self._swatch_words, scale=0.92)
        self._chips: tuple[LegendChip, ...] = ()
        self._all = ""  # every swatch's words

    def show_items(self, items: Sequence[LegendItem], palette: QPalette) -> None:
        """Show `items`' swatches, in `palette`'s colours."""
        self._chips = paint_compact_legend(self, items, palette)
        self._all = legend_words(items)

    def _swatch_words(self, index: int) -> str:
        """The words of the swatch at character `index`; between: all."""
        for chip in self._chips:
            if chip.start <= index < chip.end:
                return html.escape(chip.words.replace("\u00a0", " "))
        return html.escape(self._all).replace("\n", "<br>")


class DetailView(QWidget, ShownTexts[TextKey]):
    """What the one-system and the two-system detail views do alike.

    A view sets what it shows, then calls `_start` at the end of its `__init__`;
    it lays out `_frame` and `_references` in `_build` and paints in `_render`.
    It says whether it shows a sentence (`_subject_shown`), which occurrences a
    hypothesis text is painted from (`_hypothesis_occurrences`) and which label
    heads a hypothesis (`_hypothesis_header`).

    Signals:
        order_changed: the highlighted order changed (0: every order, as lanes).
        shown_changed: another sentence, message or reference names are shown
            (the Changes mode follows it, `views.changes_view`).
    """

    order_changed = Signal(int)
    shown_changed = Signal()

    _frame: DetailFrame
    _references: ReferenceList

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._source: str | None = None
        self._message: str | None = None
        self._order = 1
        self._show_tokens = False
        self._reference_names: tuple[str, ...] = ()
        self._texts: dict[TextKey, SegmentText] = {}
        self._shown: dict[TextKey, Shown] = {}
        self._painted: dict[TextKey, list[PaintedSpan]] = {}

    def _start(self) -> None:
        """Build and paint the view: the last step of a view's `__init__`."""
        self._build()
        # An explicit minimum keeps the layout from deriving one from the texts'
        # heights, which change with every sentence and would resize the window.
        self.setMinimumSize(240, 160)
        self._ready = True
        self._render()

    # --- what each view does its own way ----------------------------------------------

    def _build(self) -> None:
        raise NotImplementedError

    def _render(self) -> None:
        raise NotImplementedError

    def _subject_shown(self) -> bool:
        """Whether a sentence is shown (else a message)."""
        raise NotImplementedError

    def _hypothesis_occurrences(
        self, key: TextKey, order: int
    ) -> Sequence[NgramOccurrence] | None:
        """The `order`-grams hypothesis `key` is painted from (None: no such order)."""
        raise NotImplementedError

    def _hypothesis_header(self, side: Side | None) -> QLabel:
        """The label heading `side`'s hypothesis."""
        raise NotImplementedError

    def _follow_controls(self) -> None:
        """Set the view's own controls to the order and tokens shown (none here)."""

    # --- public API -------------------------------------------------------------------

    def set_order(self, order: int) -> None:
        """Highlight n-grams of `order`; 0 shows every order as stacked lanes.

        Raises:
            ValueError: if `order` is negative.
        """
        if order < 0:
            raise ValueError(f"n-gram order must be 0 (all) or more, not {order}")
        if order == self._order:
            return
        self._order = order
        self._follow_controls()
        self._render()
        self.order_changed.emit(order)

    def order(self) -> int:
        """The order highlighted (0: all orders)."""
        return self._order

    def set_show_tokens(self, show: bool) -> None:
        """Show the tokens as the scorer sees them instead of the original texts."""
        if show != self._show_tokens:
            self._show_tokens = show
            self._follow_controls()
            self._render()

    def show_tokens(self) -> bool:
        """Whether the tokens are shown instead of the original texts."""
        return self._show_tokens

    def reference_names(self) -> tuple[str, ...]:
        """The references' names given (`set_reference_names`)."""
        return self._reference_names

    def source(self) -> str | None:
        """The source shown with the sentence, if known."""
        return self._source

    def note(self) -> str:
        """The note above the texts ("" for none): tokens shown, highlighting cut."""
        note = self._frame.note
        return note.text() if note.isVisibleTo(self) else ""

    def message(self) -> str:
        """The text shown where there is no sentence ("" with one)."""
        return "" if self._subject_shown() else self._frame.empty.text()

    def displayed_text(self, key: TextKey) -> str:
        """The text shown under `key` (original text or joined tokens)."""
        return self._shown_for(key).text

    def is_tokenized(self, key: TextKey) -> bool:
        """Whether `key` shows the tokens rather than the original text."""
        return self._shown_for(key).tokenized

    def document(self, key: TextKey) -> QTextDocument:
        """The document displaying `key`, for reading its character formats."""
        self._shown_for(key)
        return self._texts[key].document()

    def text_widget(self, key: TextKey) -> SegmentText:
        """The widget displaying `key` (to hover or point at it)."""
        self._shown_for(key)
        return self._texts[key]

    def header_text(self, key: TextKey) -> str:
        """The plain words of the header above `key`, as a reader sees them."""
        if key.kind is TextKind.HYPOTHESIS:
            label = self._hypothesis_header(key.side)
        elif key.kind is TextKind.REFERENCE:
            label = self._references.rows[key.reference][0]
        else:
            label = self._frame.source_header
        document = QTextDocument()
        document.setHtml(label.text())
        return document.toPlainText()

    def highlighted_spans(self, key: TextKey) -> list[PaintedSpan]:
        """Exactly what was painted on `key`, left to right.

        Returns:
            `(start, end, label)` runs, in character indices of `displayed_text`
            (Python `str` indices, not UTF-16 positions); the label is the class
            painted (an n-gram status, or the pair view's `PairStatus` value).
        """
        self._shown_for(key)
        return list(self._painted.get(key, []))

    def linked_spans_at(self, key: TextKey, index: int) -> dict[TextKey, list[Span]]:
        """The reference spans paired with the matched n-grams at `index` of `key`.

        Args:
            key: a hypothesis (or one of its lanes).
            index: a character index into its displayed text.

        Returns:
            Per reference, the character spans in its displayed text.
        """
        shown = self._shown.get(key)
        if shown is None or key.kind is not TextKind.HYPOTHESIS:
            return {}
        tokens = token_range(shown.token_spans, index)
        order = self._order_of(key)
        occurrences = self._hypothesis_occurrences(key, order)
        if tokens is None or occurrences is None:
            return {}
        linked = linked_reference_spans(
            occurrences,
            tokens,
            order,
            lambda k: self._shown[TextKey.reference_of(k)].token_spans,
        )
        return {TextKey.reference_of(k): spans for k, spans in linked.items()}

    def tooltip_at(self, key: TextKey, index: int) -> str:
        """The rich-text tooltip for character `index` of `key` ("" for none)."""
        raise NotImplementedError

    # --- Qt overrides -----------------------------------------------------------------

    @override
    def changeEvent(self, event: QEvent) -> None:
        """Repaint with the new palette's formats when the palette changes."""
        super().changeEvent(event)
        if getattr(self, "_ready", False) and is_palette_change(event):
            self._render()

    # --- for the views ----------------------------------------------------------------

    def _hovered_text(self, key: TextKey, placeholder: str) -> SegmentText:
        """A text shown under `key`, with its tooltips, lighting references on hover."""
        text = SegmentText(partial(self.tooltip_at, key), placeholder=placeholder)
        text.hovered.connect(partial(self._on_hovered, key))
        return text

    def _on_hovered(self, key: TextKey, index: int) -> None:
        linked = self.linked_spans_at(key, index) if index >= 0 else {}
        self._references.emphasise(
            lambda k: linked.get(TextKey.reference_of(k), []), self.palette()
        )

    def _order_of(self, key: TextKey) -> int:
        """The order `key` shows: its lane's, or the one selected."""
        return key.lane or self._order
