"""Pieces the one-system and the two-system detail views share.

`views.sentence_detail` (one hypothesis) and `views.pair_detail` (two) lay out
different texts, but head each text the same way, keep what they show the same
way (`ShownTexts`, under one kind of key, `TextKey`), grow and shrink their rows
of references and lanes alike (`fit_rows`), bound the source alike
(`shown_source`, `source_note`), say the same notes about tokens (`token_notes`,
`numbered_references`) and end with the same kind of legend; those pieces live
here so both read alike and change together. The widgets both are built of
are in `views.detail_panes`.

The two-system legend is compact (`paint_compact_legend`): its swatches on one line,
each one's words in its tooltip. With each swatch's words written out it took four
lines of a 340-pixel column at 1280×720, the height of two lines of hypothesis.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QLabel, QLayout

from bleu_gui.core.pair_ngrams import Side
from bleu_gui.views.highlight_runs import (
    ELLIPSIS,
    EMPTY_TOKEN_NOTE,
    PaintedSpan,
    Shown,
    shown_token,
)
from bleu_gui.views.ngram_tooltips import join
from bleu_gui.views.palette import LegendItem, muted_text_color, reference_color
from bleu_gui.views.segment_text import SegmentText

__all__ = [
    "SOURCE_LIMIT",
    "LegendChip",
    "Row",
    "ShownTexts",
    "TextKey",
    "TextKind",
    "fit_rows",
    "header_html",
    "header_label",
    "legend_words",
    "numbered_references",
    "paint_compact_legend",
    "paint_legend",
    "reference_title",
    "selected_or_all",
    "shown_source",
    "source_note",
    "token_notes",
    "token_words",
]

SOURCE_LIMIT = 20_000
"""Characters of the source shown: it is not highlighted, and laying out a
megabyte-long line on the GUI thread freezes the window for seconds."""

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")
Row = tuple[QLabel, SegmentText]
"""A row of a detail view: a text's header and the text."""


class TextKind(Enum):
    """What a text of a detail view is."""

    SOURCE = "source"
    HYPOTHESIS = "hypothesis"
    REFERENCE = "reference"


@dataclass(frozen=True, slots=True)
class TextKey:
    """One text of a detail view, in both views alike.

    References are numbered from 0 here as everywhere in the code; only what a
    reader sees ("Reference 1", `str`) counts from 1. One numbering keeps a
    view from painting or naming reference k as another.

    Attributes:
        kind: source, a hypothesis or a reference.
        side: the system of a hypothesis in the two-system view (`None` in the
            one-system view, and for a source or a reference).
        lane: for a hypothesis, the order of its all-orders lane; 0 for the text
            showing the selected order.
        reference: for a reference, its index (0-based).
    """

    kind: TextKind
    side: Side | None = None
    lane: int = 0
    reference: int = 0

    @staticmethod
    def source() -> TextKey:
        """The source text."""
        return TextKey(TextKind.SOURCE)

    @staticmethod
    def hypothesis(side: Side | None = None, lane: int = 0) -> TextKey:
        """The hypothesis (`side`'s, with two); `lane` n: its lane of n-grams."""
        return TextKey(TextKind.HYPOTHESIS, side, lane)

    @staticmethod
    def reference_of(index: int) -> TextKey:
        """Reference `index` (0-based)."""
        return TextKey(TextKind.REFERENCE, reference=index)

    def __str__(self) -> str:
        """The text as an error message names it ("reference 2", "hypothesis B")."""
        if self.kind is TextKind.REFERENCE:
            return f"reference {self.reference + 1}"
        words = [self.kind.value]
        if self.side is not None:
            words.append(self.side.value)
        if self.lane:
            words.append(f"lane {self.lane}")
        return " ".join(words)


class ShownTexts(Generic[K]):
    """What a detail view shows under each key: its widget, its text, its runs.

    A mixin: the view sets `_texts`, `_shown` and `_painted` in its `__init__`
    and records each text it shows with `_show`.
    """

    _texts: dict[K, SegmentText]
    _shown: dict[K, Shown]
    _painted: dict[K, list[PaintedSpan]]

    def _show(
        self,
        key: K,
        widget: SegmentText,
        shown: Shown,
        runs: list[PaintedSpan],
        formats: dict[str, QTextCharFormat],
    ) -> None:
        widget.set_segment(shown.text)
        widget.paint(runs, formats)
        self._texts[key] = widget
        self._shown[key] = shown
        self._painted[key] = runs

    def text_keys(self) -> tuple[K, ...]:
        """The keys of the texts on display, top to bottom."""
        return tuple(self._shown)

    def _shown_for(self, key: K) -> Shown:
        shown = self._shown.get(key)
        if shown is None:
            keys = ", ".join(str(k) for k in self._shown) or "none"
            raise KeyError(f"no text {key!r} on display (showing: {keys})")
        return shown


def fit_rows(
    rows: list[Row],
    count: int,
    layout: QLayout,
    make: Callable[[int], Row],
    place: Callable[[int, Row], None],
) -> None:
    """Grow or shrink `rows` (a header and a text each) to `count`.

    Removed rows leave `layout` and are deleted; new ones are made by
    `make(index)` and put in place by `place(index, row)`.
    """
    while len(rows) > count:
        for widget in rows.pop():
            layout.removeWidget(widget)
            widget.deleteLater()
    while len(rows) < count:
        row = make(len(rows))
        place(len(rows), row)
        rows.append(row)


def selected_or_all(orders: Mapping[int, T], order: int) -> list[T]:
    """The orders painted: `order`'s (if there is one), or all of them for 0."""
    if order == 0:
        return list(orders.values())
    return [orders[order]] if order in orders else []


def shown_source(source: str) -> Shown:
    """The source as shown: untokenized, cut after `SOURCE_LIMIT` characters."""
    cut = len(source) > SOURCE_LIMIT
    text = source[:SOURCE_LIMIT] + ELLIPSIS if cut else source
    return Shown(text, (), tokenized=False, truncated=cut)


def source_note(source: str | None) -> str:
    """Where the source is cut (see `shown_source`); "" if it is shown in full."""
    if source is None or len(source) <= SOURCE_LIMIT:
        return ""
    return f"The source is shown up to character {SOURCE_LIMIT:,} of {len(source):,}."


def numbered_references(references: Sequence[T | None]) -> list[tuple[str, T]]:
    """Each reference there is, with what the notes call it ("reference 2")."""
    return [
        (f"reference {k + 1}", reference)
        for k, reference in enumerate(references)
        if reference is not None
    ]


def reference_title(k: int, names: Sequence[str], palette: QPalette) -> str:
    """Reference `k`'s (0-based) title: its colour, "Reference k+1", its name."""
    color = reference_color(k, palette).name()
    name = f" ({html.escape(names[k])})" if k < len(names) and names[k] else ""
    return (
        f'<span style="color:{color}">&#9632;</span>&nbsp;'
        f"<b>Reference {k + 1}</b>{name}"
    )


def token_words(words: Sequence[str], tokens: tuple[int, int]) -> str:
    """What a tooltip calls tokens `tokens` of `words`: one, or the space between."""
    first, last = shown_token(words[tokens[0]]), shown_token(words[tokens[1]])
    if tokens[0] == tokens[1]:
        return f"“{first}”"
    return f"the space between “{first}” and “{last}”"


def token_notes(named: Sequence[tuple[str, Shown]], show_tokens: bool) -> list[str]:
    """The notes about tokens shown instead of the texts `named` (name, shown)."""
    notes = []
    if show_tokens:
        notes.append(
            "Showing the tokens as the scorer sees them, joined by single spaces."
        )
    else:
        changed = [
            name for name, shown in named if shown.tokenized and not shown.empty_tokens
        ]
        if changed:
            notes.append(
                f"Showing the tokens as the scorer sees them for {join(changed)}: "
                "the tokenizer changed this text in a way that cannot be traced "
                "back to its original characters."
            )
    if any(shown.empty_tokens for _, shown in named):
        notes.append(EMPTY_TOKEN_NOTE)
    return notes


# Legend descriptions up to this length are kept on one line with their swatch.
_UNBROKEN_DESCRIPTION = 32


def header_label() -> QLabel:
    """A selectable rich-text label that wraps, for a text's header."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def header_html(parts: Sequence[str]) -> str:
    """Header parts that each stay on one line; the line breaks between parts."""
    return "&nbsp;&nbsp; ".join(
        f'<span style="white-space:nowrap">{part}</span>' for part in parts
    )


def paint_legend(
    legend: SegmentText, items: Sequence[LegendItem], palette: QPalette
) -> None:
    """Write `items` into `legend`: each swatch, its words; the references last.

    The references' items are gathered at the end after "reference spans
    paired in".
    """
    muted = QTextCharFormat()
    muted.setForeground(muted_text_color(palette))
    legend.set_segment("")
    cursor = QTextCursor(legend.document())
    cursor.beginEditBlock()  # one layout at the end, as in `SegmentText.paint`
    nbsp = "\u00a0"
    for item in items:
        if item.reference is not None:
            continue
        description = item.description
        if len(description) <= _UNBROKEN_DESCRIPTION:
            description = description.replace(" ", nbsp)
        cursor.insertText(f"{nbsp}{item.label}{nbsp}", item.text_format)
        cursor.insertText(f"{nbsp}{description}{nbsp * 3} ", muted)
    refs = [item for item in items if item.reference is not None]
    if refs:
        cursor.insertText(f"reference{nbsp}spans{nbsp}paired{nbsp}in{nbsp}", muted)
        for item in refs:
            label = item.label.replace(" ", nbsp)
            cursor.insertText(f"{nbsp}{label}{nbsp}", item.text_format)
            cursor.insertText(nbsp, muted)
    cursor.endEditBlock()


@dataclass(frozen=True, slots=True)
class LegendChip:
    """A swatch of a compact legend: its characters and what it means in words."""

    start: int
    end: int
    words: str


def _chip_words(item: LegendItem) -> str:
    """What `item`'s swatch means, as its tooltip says it."""
    if item.reference is not None:
        return (
            f"{item.label}: the spans of this reference paired with a counted "
            "n-gram are tinted and underlined in its colour"
        )
    return f"{item.label}: {item.description}"


def legend_words(items: Sequence[LegendItem]) -> str:
    """Every swatch of a legend and its words, one per line (the legend's tooltip)."""
    return "\n".join(_chip_words(item) for item in items).replace("\u00a0", " ")


def paint_compact_legend(
    legend: SegmentText, items: Sequence[LegendItem], palette: QPalette
) -> tuple[LegendChip, ...]:
    """Write `items` into `legend` as swatches on one line; return where each is.

    A line breaks only between swatches, when the legend is too narrow for all.
    The references' swatches come last, after a muted "·". Each swatch's words are
    its `LegendChip.words`, for a tooltip.
    """
    muted = QTextCharFormat()
    muted.setForeground(muted_text_color(palette))
    nbsp = "\u00a0"
    legend.set_segment("")
    cursor = QTextCursor(legend.document())
    cursor.beginEditBlock()
    chips: list[LegendChip] = []
    length = 0
    first_reference = True
    for item in sorted(items, key=lambda item: item.reference is not None):
        if item.reference is not None and first_reference:
            first_reference = False
            cursor.insertText(f"·{nbsp} ", muted)
            length += 3
        label = f"{nbsp}{item.label.replace(' ', nbsp)}{nbsp}"
        cursor.insertText(label, item.text_format)
        chips.append(LegendChip(length, length + len(label), _chip_words(item)))
        length += len(label)
        cursor.insertText(f"{nbsp} ", muted)
        length += 2
    cursor.endEditBlock()
    return tuple(chips)
