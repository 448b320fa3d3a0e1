"""The widgets the one-system and the two-system detail views are built of.

`views.sentence_detail` and `views.pair_detail` paint different n-grams, but
they lay their texts out alike: a frame of a scroll area over a legend, with a
message where there is no sentence and a note above the texts (`DetailFrame`);
a hypothesis headed once, shown as one text or as one lane per order
(`HypothesisPane`, `LaneGrid`); the references, each headed, lit up together when
a hypothesis token is hovered (`ReferenceList`). Built here once, the two views
look alike and change together; `views.detail_parts` holds the functions they
share, which need no widget of their own.

The two-system legend keeps where each swatch is, for its tooltip
(`CompactLegend`).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from bleu_gui.core.result import OrderTerm
from bleu_gui.core.textspan import Span
from bleu_gui.views.detail_parts import (
    LegendChip,
    Row,
    fit_rows,
    header_label,
    legend_words,
    paint_compact_legend,
)
from bleu_gui.views.palette import LegendItem, muted_text_color, reference_link_format
from bleu_gui.views.segment_text import SegmentText

__all__ = [
    "CompactLegend",
    "DetailFrame",
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
