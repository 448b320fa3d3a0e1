"""Why B scores differently from A: one sentence, and the corpus.

For the selected sentence the panel sets A's and B's sentence scores side by side
with what they are made of (`core.delta.sentence_delta`: per order the matches and
n-grams of each, the hypothesis length, the reference length each brevity penalty
used, the penalty itself), says which orders changed, gives the corpus effect of
swapping the sentence (A's corpus BLEU with this sentence taken from B, minus A's:
the value the sentence table's swap column holds, passed in) and the core's
diagnosis. Below it, the corpus difference (`core.score_delta.corpus_delta`) as a
bar of its parts (length, each order's precision; they sum to the difference)
and the core's words.

It computes nothing: every number is a field of a `ScoreDelta` (or the swap
effect handed in), printed by the formatters of `core.explain` so that it shows the
digits the explanation and the table show.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core.config import Compat
from bleu_gui.core.explain import (
    format_bp,
    format_parts,
    format_points,
    format_score,
    join_words,
    ref_len_rule,
)
from bleu_gui.core.result import Number
from bleu_gui.core.score_delta import DeltaPart, Factor, ScoreDelta
from bleu_gui.views.palette import delta_part_color, is_palette_change, muted_text_color

__all__ = [
    "CORPUS_EMPTY_TEXT",
    "EMPTY_TEXT",
    "PARTS_NOTE",
    "DeltaBar",
    "DeltaPanel",
    "changed_orders_text",
    "swap_text",
]

_CORPUS_LINES_AT_LEAST = 3  # the corpus part shrinks to this, then scrolls

EMPTY_TEXT = "Select a sentence to see why the two systems score it differently."
CORPUS_EMPTY_TEXT = "No corpus difference yet."
PARTS_NOTE = {
    True: "the parts are each factor's share of the difference in log terms; "
    "rounded together, they add up to it as shown",
    False: "the parts are each factor's share of the difference in log terms; "
    "they sum to it (each is rounded on its own)",
}
"""The note under the corpus Δ's parts: whether they add up as shown."""


def changed_orders_text(delta: ScoreDelta) -> str:
    """Which orders' matches and n-grams changed from A to B, in words.

    E.g. "B against A: 3-gram matches +1; 4-gram matches +2, n-grams -1", or
    that nothing changed.
    """
    changes = []
    for change in delta.orders:
        moved = []
        if change.matches_delta:
            moved.append(f"matches {_signed(change.matches_delta)}")
        if change.total_delta:
            moved.append(f"n-grams {_signed(change.total_delta)}")
        if moved:
            changes.append(f"{change.order}-gram {', '.join(moved)}")
    if not changes:
        return "No order's matches or n-grams changed."
    return f"{delta.name_b} against {delta.name_a}: " + "; ".join(changes) + "."


def swap_text(delta: ScoreDelta, swap_effect: float | None) -> str:
    """The corpus effect of taking this sentence from B into A, in words."""
    if swap_effect is None:
        return ""
    a, b = delta.name_a, delta.name_b
    if math.isnan(swap_effect):
        return (
            f"With {b}'s translation of this sentence, {a}'s corpus could not be "
            "scored."
        )
    if swap_effect == 0:
        return (
            f"Taking {b}'s translation of this sentence into {a}'s output leaves "
            f"{a}'s corpus BLEU unchanged."
        )
    amount = format_points(swap_effect, delta.a.compat, signed=True)
    return (
        f"Taking {b}'s translation of this sentence into {a}'s output changes "
        f"{a}'s corpus BLEU by {amount}."
    )


@dataclass(frozen=True, slots=True)
class _BarPiece:
    """One part of the bar: its label, points, colour and rectangle."""

    label: str
    points: float
    color: QColor
    rect: QRectF


class DeltaBar(QWidget):
    """The parts of a difference as one bar: gains right of zero, losses left.

    Each part's length is its share of the largest side, so the two sides are on
    one scale; a thin line marks zero. Hovering a piece names it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._parts: tuple[DeltaPart, ...] = ()
        self._compat = Compat.SACREBLEU
        self.setMinimumHeight(20)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(True)

    def set_parts(self, parts: Sequence[DeltaPart], compat: Compat) -> None:
        """Show `parts` (points on 0-100, printed on `compat`'s scale)."""
        self._parts = tuple(parts)
        self._compat = compat
        self.setToolTip(self._tooltip())
        self.update()

    def pieces(self) -> list[_BarPiece]:
        """The pieces as drawn at the current size (zero-point parts left out)."""
        width, height = float(self.width()), float(self.height())
        gains = math.fsum(p.points for p in self._parts if p.points > 0)
        losses = -math.fsum(p.points for p in self._parts if p.points < 0)
        total = gains + losses
        if total == 0:
            return []
        zero = width * losses / total
        palette = self.palette()
        out = []
        right, left = zero, zero
        for k, part in enumerate(self._parts):
            size = width * abs(part.points) / total
            if size == 0:
                continue
            if part.points > 0:
                rect = QRectF(right, 2, size, height - 4)
                right += size
            else:
                left -= size
                rect = QRectF(left, 2, size, height - 4)
            out.append(
                _BarPiece(part.label, part.points, delta_part_color(k, palette), rect)
            )
        return out

    def zero_x(self) -> float:
        """Where zero is drawn."""
        gains = math.fsum(p.points for p in self._parts if p.points > 0)
        losses = -math.fsum(p.points for p in self._parts if p.points < 0)
        total = gains + losses
        return 0.0 if total == 0 else self.width() * losses / total

    @override
    def sizeHint(self) -> QSize:
        return QSize(240, 20)

    @override
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        for piece in self.pieces():
            painter.fillRect(piece.rect, piece.color)
        pen = QPen(self.palette().color(QPalette.ColorRole.Text))
        pen.setWidth(2)
        painter.setPen(pen)
        x = round(self.zero_x())
        painter.drawLine(x, 0, x, self.height())
        painter.end()

    def _tooltip(self) -> str:
        """Each part as the panel's chips write it (adding up to the Δ shown)."""
        points = [part.points for part in self._parts]
        texts, _ = format_parts(points, math.fsum(points), self._compat)
        rows = [
            f"{html.escape(part.label)}: {text}"
            for part, text in zip(self._parts, texts, strict=True)
        ]
        return "<br>".join(rows)


class _CorpusPart(QScrollArea):
    """The corpus Δ: whole when the panel has room, scrolled when it is short.

    Its words wrap, so the height it needs depends on its width: asked for at
    each width (`sizeHint`), never squeezed below it into a clipped last line.
    """

    def __init__(self, content: QWidget) -> None:
        super().__init__()
        self._content = content
        self.setWidget(content)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._width = -1

    @override
    def sizeHint(self) -> QSize:
        content = self._content
        hint = content.sizeHint()
        layout = content.layout()
        width = self.viewport().width() if self._width > 0 else hint.width()
        if layout is not None and layout.hasHeightForWidth():
            hint.setHeight(layout.totalHeightForWidth(width))
        # As wide as it must be, no wider: its words wrap to the width it gets.
        width = content.minimumSizeHint().width()
        return QSize(width, hint.height() + 2 * self.frameWidth())

    @override
    def minimumSizeHint(self) -> QSize:
        lines = self.fontMetrics().height() * _CORPUS_LINES_AT_LEAST
        return QSize(0, min(self.sizeHint().height(), lines))

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != self._width:
            self._width = event.size().width()
            self.updateGeometry()  # another width, another height to show it whole


class DeltaPanel(QWidget):
    """The sentence Δ (numbers and words) and the corpus Δ (a bar and words)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sentence: ScoreDelta | None = None
        self._row: int | None = None
        self._swap: float | None = None
        self._corpus: ScoreDelta | None = None
        self._message: str | None = None
        self._rows: list[tuple[str, str, str, str]] = []
        self._browser_html: str | None = None  # what `_browser` was last given
        self._browser = QTextBrowser()
        self._browser.setOpenLinks(False)
        self._browser.setFrameShape(QFrame.Shape.NoFrame)
        self._browser.document().setDocumentMargin(10)
        # The browser scrolls its own text: it takes the height the corpus part
        # leaves, rather than squeezing the corpus part into a scroll of its own.
        self._browser.setSizePolicy(
            QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored
        )
        self._corpus_title = QLabel()
        self._corpus_title.setTextFormat(Qt.TextFormat.RichText)
        self._corpus_title.setWordWrap(True)
        self._bar = DeltaBar()
        self._corpus_words = QLabel()
        self._corpus_words.setWordWrap(True)
        self._corpus_words.setTextFormat(Qt.TextFormat.RichText)
        self._corpus_words.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        corpus = QWidget()
        corpus_layout = QVBoxLayout(corpus)
        corpus_layout.setContentsMargins(10, 6, 10, 8)
        corpus_layout.setSpacing(4)
        corpus_layout.addWidget(self._corpus_title)
        corpus_layout.addWidget(self._bar)
        corpus_layout.addWidget(self._corpus_words)
        separator = QFrame()
        separator.setFrameShape(QFrame.Shape.HLine)
        separator.setFrameShadow(QFrame.Shadow.Plain)
        separator.setForegroundRole(QPalette.ColorRole.Mid)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(_CorpusPart(corpus))
        layout.addWidget(separator)
        layout.addWidget(self._browser, stretch=1)
        self._ready = True
        self._render()

    # --- public API -------------------------------------------------------------------

    def set_sentence(
        self,
        delta: ScoreDelta | None,
        *,
        row: int | None = None,
        swap_effect: float | None = None,
    ) -> None:
        """Explain `delta` (from `core.delta.sentence_delta`); `None`: the empty state.

        Args:
            delta: B's sentence score minus A's, with its terms.
            row: the sentence's 0-based index, shown 1-based in the heading.
            swap_effect: A's corpus BLEU with this row taken from B, minus A's
                (`core.delta.swap_effects`); `None` if not known yet.
        """
        self._sentence, self._row, self._swap = delta, row, swap_effect
        self._message = None
        self._render_sentence(muted_text_color(self.palette()).name())

    def set_corpus(self, delta: ScoreDelta | None) -> None:
        """Show the corpus difference (from `core.score_delta.corpus_delta`)."""
        self._corpus = delta
        self._render_corpus(muted_text_color(self.palette()).name())

    def show_message(self, message: str) -> None:
        """Show `message` instead of a sentence ("choose a second system")."""
        self._sentence, self._row, self._swap = None, None, None
        self._message = message
        self._render_sentence(muted_text_color(self.palette()).name())

    def table_rows(self) -> list[tuple[str, str, str, str]]:
        """The sentence table as shown: (what, A, B, Δ) per row, header first."""
        return list(self._rows)

    def plain_text(self) -> str:
        """The sentence block's text as a user would copy it."""
        return self._browser.toPlainText()

    def corpus_text(self) -> str:
        """The corpus block's words (title and diagnosis), plain."""
        parts = []
        for label in (self._corpus_title, self._corpus_words):
            document = QTextDocument()
            document.setHtml(label.text())
            parts.append(document.toPlainText())
        return "\n".join(part for part in parts if part)

    def bar(self) -> DeltaBar:
        """The corpus bar."""
        return self._bar

    @override
    def changeEvent(self, event: QEvent) -> None:
        """Redraw with the new palette's colours when the palette changes."""
        super().changeEvent(event)
        if getattr(self, "_ready", False) and is_palette_change(event):
            self._render()

    # --- rendering --------------------------------------------------------------------

    def _render(self) -> None:
        muted = muted_text_color(self.palette()).name()
        self._render_corpus(muted)
        self._render_sentence(muted)

    def _render_sentence(self, muted: str) -> None:
        """The sentence block; the same text is not laid out again.

        Every system scored refreshes the pair's panels: the sentence block is
        then the same, and laying its document out again took 10–20 ms a time.
        """
        delta = self._sentence
        if delta is None:
            self._rows = []
            message = self._message if self._message is not None else EMPTY_TEXT
            text = (
                f'<p align="center" style="color:{muted}; margin-top:24px">'
                f"{html.escape(message)}</p>"
            )
        else:
            self._rows = _table(delta)
            text = self._sentence_html(delta, muted)
        if text != self._browser_html:
            self._browser_html = text
            self._browser.setHtml(text)

    def _render_corpus(self, muted: str) -> None:
        delta = self._corpus
        if delta is None:
            self._corpus_title.setText(
                f'<span style="color:{muted}">{html.escape(CORPUS_EMPTY_TEXT)}</span>'
            )
            self._bar.set_parts((), Compat.SACREBLEU)
            self._corpus_words.setText("")
            self._bar.setVisible(False)
            return
        compat = delta.a.compat
        self._bar.setVisible(True)
        self._bar.set_parts(delta.parts, compat)
        a, b = html.escape(delta.name_a), html.escape(delta.name_b)
        self._corpus_title.setText(
            f"<b>Corpus: {b} − {a} = "
            f"{format_points(delta.delta, compat, signed=True)} BLEU</b> "
            f'<span style="color:{muted}">({format_score(delta.b)} against '
            f"{format_score(delta.a)})</span>"
        )
        palette = self.palette()
        texts, add_up = delta.part_texts()
        chips = "&nbsp;&nbsp; ".join(
            f'<span style="white-space:nowrap">'
            f'<span style="color:{delta_part_color(k, palette).name()}">&#9632;</span>'
            f"&nbsp;{_part_name(part)} {text}</span>"
            for k, (part, text) in enumerate(zip(delta.parts, texts, strict=True))
        )
        self._corpus_words.setText(
            f"{chips}<br>{html.escape(delta.diagnosis)}"
            f'<br><span style="color:{muted}">{PARTS_NOTE[add_up]}</span>'
        )

    def _sentence_html(self, delta: ScoreDelta, muted: str) -> str:
        a, b = html.escape(delta.name_a), html.escape(delta.name_b)
        title = "This sentence" if self._row is None else f"Sentence {self._row + 1}"
        head, *body = self._rows
        cells = "".join(
            f'<td style="color:{muted}; padding-right:14px">{html.escape(c)}</td>'
            for c in head
        )
        rows = [f"<tr>{cells}</tr>"]
        for row in body:
            what, *values = row
            changed = bool(values[2]) and values[0] != values[1]
            rendered = [
                "<td style='padding-right:14px; white-space:nowrap'>"
                f"{html.escape(what).replace('-', '&#8209;')}</td>"
            ]
            rendered += [
                f"<td align='right' style='padding-right:14px'>{html.escape(v)}</td>"
                for v in values[:2]
            ]
            last = html.escape(values[2])
            rendered.append(
                f"<td align='right'>{f'<b>{last}</b>' if changed else last}</td>"
            )
            rows.append("<tr>" + "".join(rendered) + "</tr>")
        swap = swap_text(delta, self._swap)
        parts = [
            f'<p style="margin:0"><span style="font-size:large"><b>{title}: '
            f"{b} − {a} = {format_points(delta.delta, delta.a.compat, signed=True)}"
            "</b></span></p>",
            f'<table cellspacing="0" cellpadding="2">{"".join(rows)}</table>',
            f"<p>{html.escape(changed_orders_text(delta))}</p>",
            f"<p>{html.escape(_length_text(delta))}</p>",
        ]
        if swap:
            parts.append(f"<p><b>Corpus effect.</b> {html.escape(swap)}</p>")
        parts.append(f"<p><b>Diagnosis: {html.escape(delta.diagnosis)}</b></p>")
        return "".join(parts)


def _table(delta: ScoreDelta) -> list[tuple[str, str, str, str]]:
    """The sentence table's cells: what, A, B, Δ = B − A (blank: not a difference).

    An order's row gives matches/n-grams, as the precision's fraction.
    """
    compat = delta.a.compat
    a, b = delta.a, delta.b
    rows = [
        ("", delta.name_a, delta.name_b, "Δ"),
        (
            "sentence BLEU",
            format_score(a),
            format_score(b),
            format_points(delta.delta, compat, signed=True),
        ),
    ]
    for change in delta.orders:
        rows.append(
            (
                f"{change.order}-grams matched",
                f"{change.matches_a:g}/{change.total_a:g}",
                f"{change.matches_b:g}/{change.total_b:g}",
                f"{_signed(change.matches_delta)}/{_signed(change.total_delta)}",
            )
        )
    rows += [
        ("hypothesis length c", str(a.sys_len), str(b.sys_len), ""),
        ("reference length r", str(a.ref_len), str(b.ref_len), ""),
        ("brevity penalty", format_bp(a.bp), format_bp(b.bp), ""),
    ]
    return rows


def _length_text(delta: ScoreDelta) -> str:
    """Which reference length each system's brevity penalty used, in words."""
    a, b = delta.a, delta.b
    rule = ref_len_rule(a.compat)
    if a.ref_len == b.ref_len:
        return (
            f"Both brevity penalties used r = {a.ref_len} ({rule}): "
            f"{delta.name_a} has c = {a.sys_len} tokens (BP {format_bp(a.bp)}), "
            f"{delta.name_b} c = {b.sys_len} (BP {format_bp(b.bp)})."
        )
    systems = join_words(
        [
            f"{delta.name_a}'s used r = {a.ref_len} (c = {a.sys_len}, "
            f"BP {format_bp(a.bp)})",
            f"{delta.name_b}'s r = {b.ref_len} (c = {b.sys_len}, BP {format_bp(b.bp)})",
        ]
    )
    return (
        f"The brevity penalties used different reference lengths ({rule}): {systems}."
    )


def _part_name(part: DeltaPart) -> str:
    """A part's short rich-text name beside its colour: "length", "2&#8209;gram"."""
    if part.factor is Factor.LENGTH:
        return part.label
    return f"{part.order}&#8209;gram"


def _signed(value: Number) -> str:
    """A count change, signed as `format_points` signs points: +2, -1, 0."""
    return f"+{value:g}" if value > 0 else f"{value + 0.0:g}"  # never "-0"
