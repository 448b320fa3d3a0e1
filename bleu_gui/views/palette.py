"""Colours and text formats for n-gram fates: the one place styling is decided.

Every widget that paints matched, clipped or unmatched n-grams, or a reference's share
of the matches, takes its formats from here, so the text view, its legend and the
explain panel always agree. Each function reads the widget's current `QPalette` and
answers for it: on a dark base the backgrounds are dark and the text light, so the
highlighting stays readable when the desktop theme is dark.

The three status backgrounds were picked to stay apart in lightness and hue under
simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009), and clipped
n-grams carry a second, colour-free cue: they are struck out (present in a reference,
but not counted).

Two systems side by side (`views.pair_detail`) add two statuses, matched only by A
and matched only by B, to matched by both (the matched colour), clipped and
unmatched. Their backgrounds (olive for A, blue for B) keep a CIE76 distance of 18 or
more from every other status background and from the text base, under each simulated
colour vision deficiency, in light and in dark palettes
(`tests/gui/test_pair_detail.py` checks it); and each carries a second cue that
needs no colour: a dashed underline for only A, a wavy one for only B.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QColor, QPalette, QTextCharFormat
from PySide6.QtWidgets import QWidget

from bleu_gui.core.explain import NgramStatus
from bleu_gui.core.pair_ngrams import PairStatus

__all__ = [
    "REFERENCE_COLOR_COUNT",
    "SYSTEM_COLOR_COUNT",
    "LegendItem",
    "checked_button_style",
    "chosen_ngram_format",
    "delta_part_color",
    "is_dark",
    "legend_items",
    "muted_text_color",
    "pair_legend_items",
    "pair_reference_format",
    "pair_status_color",
    "pair_status_format",
    "pair_status_label",
    "reference_color",
    "reference_link_format",
    "reference_match_format",
    "status_color",
    "status_format",
    "status_text_color",
    "swatch_html",
    "system_color",
]

# (light palette, dark palette) pairs.
_STATUS_BACKGROUNDS: dict[NgramStatus, tuple[str, str]] = {
    NgramStatus.MATCHED: ("#bfe6ea", "#1a5a5e"),  # teal
    NgramStatus.CLIPPED: ("#ffe88c", "#806a12"),  # amber
    NgramStatus.UNMATCHED: ("#ec9fb0", "#6c2236"),  # rose
}
_STATUS_TEXT = ("#1b1f23", "#f5f5f5")

# Two systems: matched by both is the single view's matched; clipped and unmatched
# keep their colours, so a reader of one view reads the other.
_PAIR_BACKGROUNDS: dict[PairStatus, tuple[str, str]] = {
    PairStatus.BOTH: _STATUS_BACKGROUNDS[NgramStatus.MATCHED],
    PairStatus.ONLY_A: ("#a3b374", "#4d521d"),  # olive
    PairStatus.ONLY_B: ("#6caef0", "#2b2aa8"),  # blue
    PairStatus.CLIPPED: _STATUS_BACKGROUNDS[NgramStatus.CLIPPED],
    PairStatus.UNMATCHED: _STATUS_BACKGROUNDS[NgramStatus.UNMATCHED],
}
# The colour-free cue of each status (clipped is struck out, as in the single view).
_PAIR_UNDERLINES = {
    PairStatus.ONLY_A: QTextCharFormat.UnderlineStyle.DashUnderline,
    PairStatus.ONLY_B: QTextCharFormat.UnderlineStyle.WaveUnderline,
}

# One attribution colour per reference (Okabe–Ito and Paul Tol hues, none of them the
# status hues), cycling after eight.
_REFERENCE_COLORS: tuple[tuple[str, str], ...] = (
    ("#0072b2", "#56b4e9"),  # blue
    ("#aa4499", "#e08fd2"),  # purple
    ("#997700", "#ddcc77"),  # ochre
    ("#332288", "#9d8ff0"),  # indigo
    ("#882255", "#ee88aa"),  # wine
    ("#117777", "#66cccc"),  # dark cyan
    ("#666633", "#c8c88a"),  # olive
    ("#555555", "#bbbbbb"),  # grey
)
REFERENCE_COLOR_COUNT = len(_REFERENCE_COLORS)

# One colour per system in charts that compare systems: ten qualitative hues (Tableau
# 10, lighter on a dark palette), told apart when up to ten systems sit side by side.
_SYSTEM_COLORS: tuple[tuple[str, str], ...] = (
    ("#4e79a7", "#7aa6d6"),  # blue
    ("#f28e2b", "#ffa95a"),  # orange
    ("#59a14f", "#7fc775"),  # green
    ("#e15759", "#ff8587"),  # red
    ("#76b7b2", "#99d6d1"),  # teal
    ("#edc948", "#f5dc7a"),  # yellow
    ("#b07aa1", "#d5a3c7"),  # purple
    ("#ff9da7", "#ffbfc6"),  # pink
    ("#9c755f", "#c59d86"),  # brown
    ("#79706e", "#bab0ac"),  # grey
)
SYSTEM_COLOR_COUNT = len(_SYSTEM_COLORS)

# How much of the reference's colour tints the matched background in a reference.
_TINT = 0.3
# The hover emphasis: how much of the reference's colour fills the linked span.
_LINK_STRENGTH = 0.75


@dataclass(frozen=True, slots=True)
class LegendItem:
    """One entry of a legend.

    Attributes:
        key: a stable name ("matched", "clipped", "unmatched", "reference:1" …).
        label: the short text painted with `text_format`.
        description: what it means, in a few words.
        text_format: the format the text views use for it.
        reference: for a reference's swatch, the reference's index (0-based);
            None for any other.
    """

    key: str
    label: str
    description: str
    text_format: QTextCharFormat
    reference: int | None = None


def is_palette_change(event: QEvent) -> bool:
    """Whether `event` means the widget's colours changed and it must repaint."""
    return event.type() in (
        QEvent.Type.PaletteChange,
        QEvent.Type.ApplicationPaletteChange,
    )


class _PaletteStyler(QObject):
    """Keeps a widget's style sheet made from a palette (see `keep_styled`)."""

    def __init__(
        self,
        widget: QWidget,
        style_of: Callable[[QPalette], str],
        source: QWidget,
    ) -> None:
        super().__init__(widget)
        self._widget = widget
        self._style_of = style_of
        self._source = source
        source.installEventFilter(self)
        self.apply()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self._source and is_palette_change(event):
            # At the next turn: a style sheet set while Qt hands the new palette
            # down to the children is not applied (measured); in the next turn it is.
            QTimer.singleShot(0, self, self.apply)
        return False

    def apply(self) -> None:
        """Set the style sheet for the source's palette now, if it differs."""
        style = self._style_of(self._source.palette())
        if style != self._widget.styleSheet():  # setting it again would repolish
            self._widget.setStyleSheet(style)


def keep_styled(
    widget: QWidget,
    style_of: Callable[[QPalette], str],
    source: QWidget | None = None,
) -> None:
    """Give `widget` the style sheet `style_of(palette)`, and again at each change.

    A style sheet's colours are fixed when it is set, so a sheet made from the
    palette (checked buttons in the highlight colour, a chip's frame) must be made
    anew when the palette changes, light to dark and back. The palette is
    `source`'s (default: the widget's own). Give the widget's owner as `source`
    when the sheet styles the widget itself: a widget with a style sheet of its own
    may stop inheriting its parent's palette, and then hears of no change.
    """
    _PaletteStyler(widget, style_of, widget if source is None else source)


def is_dark(palette: QPalette) -> bool:
    """Whether `palette` is a dark one (its base, where text is drawn, is dark)."""
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def status_color(status: NgramStatus, palette: QPalette) -> QColor:
    """The background of a hypothesis n-gram with `status`."""
    return QColor(_STATUS_BACKGROUNDS[status][is_dark(palette)])


def status_text_color(palette: QPalette) -> QColor:
    """The text colour drawn on any highlight background of `palette`."""
    return QColor(_STATUS_TEXT[is_dark(palette)])


def status_format(status: NgramStatus, palette: QPalette) -> QTextCharFormat:
    """The character format of hypothesis text whose n-gram status is `status`."""
    text_format = QTextCharFormat()
    text_format.setBackground(status_color(status, palette))
    text_format.setForeground(status_text_color(palette))
    if status is NgramStatus.CLIPPED:
        text_format.setFontStrikeOut(True)
    return text_format


def pair_status_color(status: PairStatus, palette: QPalette) -> QColor:
    """The background of an n-gram with two-system `status`."""
    return QColor(_PAIR_BACKGROUNDS[status][is_dark(palette)])


def pair_status_format(status: PairStatus, palette: QPalette) -> QTextCharFormat:
    """The character format of hypothesis text whose two-system status is `status`.

    Besides its background: clipped is struck out, only A has a dashed underline
    and only B a wavy one, in the text colour.
    """
    text_format = QTextCharFormat()
    text_format.setBackground(pair_status_color(status, palette))
    text_format.setForeground(status_text_color(palette))
    if status is PairStatus.CLIPPED:
        text_format.setFontStrikeOut(True)
    underline = _PAIR_UNDERLINES.get(status)
    if underline is not None:
        text_format.setUnderlineStyle(underline)
        text_format.setUnderlineColor(status_text_color(palette))
    return text_format


def pair_reference_format(
    status: PairStatus, index: int, palette: QPalette
) -> QTextCharFormat:
    """A span of reference `index` paired with a match of both, only A or only B.

    The status background tinted with the reference's colour and underlined in
    that colour, as `reference_match_format` does for one system; the underline
    keeps the status' shape (dashed for only A, wavy for only B, straight for both).
    """
    color = reference_color(index, palette)
    text_format = QTextCharFormat()
    text_format.setBackground(_mix(pair_status_color(status, palette), color, _TINT))
    text_format.setForeground(status_text_color(palette))
    text_format.setUnderlineStyle(
        _PAIR_UNDERLINES.get(status, QTextCharFormat.UnderlineStyle.SingleUnderline)
    )
    text_format.setUnderlineColor(color)
    return text_format


def delta_part_color(index: int, palette: QPalette) -> QColor:
    """The colour of part `index` of a score difference (0: length, n: order n).

    The reference hues (distinct under colour vision deficiencies); a bar of parts
    is never drawn next to a reference, and each part is named beside its colour.
    """
    return reference_color(index, palette)


def pair_status_label(status: PairStatus, names: tuple[str, str]) -> str:
    """The status in words with the systems' names: "matched only by UEdin"."""
    name_a, name_b = names
    if status is PairStatus.ONLY_A:
        return f"matched only by {name_a}"
    if status is PairStatus.ONLY_B:
        return f"matched only by {name_b}"
    return status.value


def reference_color(index: int, palette: QPalette) -> QColor:
    """The attribution colour of reference `index` (0-based; cycles after eight)."""
    return QColor(_REFERENCE_COLORS[index % REFERENCE_COLOR_COUNT][is_dark(palette)])


def system_color(index: int, palette: QPalette) -> QColor:
    """The colour of system `index` (0-based; cycles after ten) in comparison charts."""
    return QColor(_SYSTEM_COLORS[index % SYSTEM_COLOR_COUNT][is_dark(palette)])


def reference_match_format(index: int, palette: QPalette) -> QTextCharFormat:
    """The format of a span of reference `index` that a counted n-gram was paired with.

    It is the matched background tinted with the reference's colour, underlined in
    that colour, so the matched spans of each reference are told apart.
    """
    color = reference_color(index, palette)
    text_format = QTextCharFormat()
    text_format.setBackground(
        _mix(status_color(NgramStatus.MATCHED, palette), color, _TINT)
    )
    text_format.setForeground(status_text_color(palette))
    text_format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
    text_format.setUnderlineColor(color)
    return text_format


def reference_link_format(index: int, palette: QPalette) -> QTextCharFormat:
    """The emphasis of a span of reference `index` linked to the hovered n-gram."""
    color = reference_color(index, palette)
    fill = _mix(palette.color(QPalette.ColorRole.Base), color, _LINK_STRENGTH)
    text_format = QTextCharFormat()
    text_format.setBackground(fill)
    text_format.setForeground(_readable_on(fill))
    return text_format


def chosen_ngram_format() -> QTextCharFormat:
    """The emphasis of an n-gram the user chose (in a list): bold and overlined.

    Laid over the painted formats without hiding them: no colour of its own, and
    the overline is a line no status uses.
    """
    text_format = QTextCharFormat()
    text_format.setFontWeight(700)
    text_format.setFontOverline(True)
    return text_format


_QA_MARK = ("#c62828", "#ff8a80")  # light, dark: a red that reads on either


def qa_mark_format(palette: QPalette) -> QTextCharFormat:
    """The emphasis of a QA issue's span: a red outline-like wavy underline.

    The spell checker's underline, which every translator reads as "a problem
    here", in red; with a faint red fill so that a one-character span (a missing
    tag's place) is seen. Laid over the n-gram colours without hiding them.
    """
    color = QColor(_QA_MARK[1 if is_dark(palette) else 0])
    text_format = QTextCharFormat()
    text_format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
    text_format.setUnderlineColor(color)
    text_format.setFontUnderline(True)
    fill = QColor(color)
    fill.setAlpha(60)
    text_format.setBackground(fill)
    return text_format


def muted_text_color(palette: QPalette) -> QColor:
    """A secondary text colour (captions, notes) that still reads on `palette`."""
    return _mix(
        palette.color(QPalette.ColorRole.Text),
        palette.color(QPalette.ColorRole.Base),
        0.4,
    )


def checked_button_style(palette: QPalette) -> str:
    """A style sheet that draws checked tool buttons in `palette`'s highlight colour.

    Qt's own styles shade a checked tool button a few percent darker than the others:
    visible on a light palette if one looks for it, invisible on a dark one. A choice
    the user made (which n-gram order is shown) must be seen at a glance.
    """
    fill = palette.color(QPalette.ColorRole.Highlight)
    text = palette.color(QPalette.ColorRole.HighlightedText)
    return (
        "QToolButton:checked {"
        f" background-color: {fill.name()}; color: {text.name()};"
        f" border: 1px solid {fill.darker(130).name()}; border-radius: 3px;"
        " }"
    )


def legend_items(palette: QPalette, references: int = 0) -> tuple[LegendItem, ...]:
    """The legend entries: the three statuses, then one per reference.

    Args:
        palette: the palette the legend is drawn on.
        references: how many references to list (0: none).
    """
    items = [
        LegendItem(
            NgramStatus.MATCHED.value,
            "matched",
            "counted: a reference has it",
            status_format(NgramStatus.MATCHED, palette),
        ),
        LegendItem(
            NgramStatus.CLIPPED.value,
            "clipped",
            "in a reference, but more often here than in any single reference",
            status_format(NgramStatus.CLIPPED, palette),
        ),
        LegendItem(
            NgramStatus.UNMATCHED.value,
            "unmatched",
            "in no reference",
            status_format(NgramStatus.UNMATCHED, palette),
        ),
    ]
    items.extend(
        LegendItem(
            f"reference:{k + 1}",
            f"ref {k + 1}",
            "",
            reference_match_format(k, palette),
            reference=k,
        )
        for k in range(references)
    )
    return tuple(items)


def pair_legend_items(palette: QPalette, references: int = 0) -> tuple[LegendItem, ...]:
    """The two-system legend: the five statuses, then the references.

    The systems are "A" and "B" here, not their names: the headers above the two
    hypotheses say which system each letter is, and file names long enough to be
    useful made this legend six lines tall in a 400-pixel column.

    Args:
        palette: the palette the legend is drawn on.
        references: how many references to list (0: none).
    """
    descriptions = {
        PairStatus.BOTH: "counted in A and in B",
        PairStatus.ONLY_A: "counted in A, not in B (dashed)",
        PairStatus.ONLY_B: "counted in B, not in A (wavy)",
        PairStatus.CLIPPED: "beyond what a single reference allows",
        PairStatus.UNMATCHED: "in no reference",
    }
    labels = {
        PairStatus.BOTH: "both",
        PairStatus.ONLY_A: "only\u00a0A",
        PairStatus.ONLY_B: "only\u00a0B",
        PairStatus.CLIPPED: "clipped",
        PairStatus.UNMATCHED: "unmatched",
    }
    items = [
        LegendItem(
            status.value,
            labels[status],
            descriptions[status],
            pair_status_format(status, palette),
        )
        for status in PairStatus
    ]
    items.extend(
        LegendItem(
            f"reference:{k + 1}",
            f"ref {k + 1}",
            "",
            pair_reference_format(PairStatus.BOTH, k, palette),
            reference=k,
        )
        for k in range(references)
    )
    return tuple(items)


def swatch_html(
    text_format: QTextCharFormat, text: str, *, decorate: bool = True
) -> str:
    """`text` (already HTML-escaped) as a rich-text chip in `text_format`'s colours.

    Args:
        text_format: the format whose background and text colours to use.
        text: the chip's text.
        decorate: also copy the strike-out (off for numbers, which it would garble).
    """
    background = text_format.background().color().name()
    foreground = text_format.foreground().color().name()
    strike = decorate and text_format.fontStrikeOut()
    decoration = "line-through" if strike else "none"
    return (
        f'<span style="background-color:{background}; color:{foreground}; '
        f'text-decoration:{decoration}">&nbsp;{text}&nbsp;</span>'
    )


def _mix(base: QColor, other: QColor, amount: float) -> QColor:
    """`base` moved `amount` (0..1) of the way towards `other`."""
    keep = 1.0 - amount
    return QColor.fromRgbF(
        base.redF() * keep + other.redF() * amount,
        base.greenF() * keep + other.greenF() * amount,
        base.blueF() * keep + other.blueF() * amount,
    )


def _readable_on(background: QColor) -> QColor:
    """Near-black or near-white, whichever reads better on `background`."""
    light = background.lightnessF() > 0.55
    return QColor(_STATUS_TEXT[0] if light else _STATUS_TEXT[1])
