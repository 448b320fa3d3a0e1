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
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QPalette, QTextCharFormat

from bleu_gui.core.explain import NgramStatus

__all__ = [
    "REFERENCE_COLOR_COUNT",
    "LegendItem",
    "checked_button_style",
    "delta_part_color",
    "is_dark",
    "legend_items",
    "muted_text_color",
    "reference_color",
    "reference_link_format",
    "reference_match_format",
    "status_color",
    "status_format",
    "status_text_color",
    "swatch_html",
]

# (light palette, dark palette) pairs.
_STATUS_BACKGROUNDS: dict[NgramStatus, tuple[str, str]] = {
    NgramStatus.MATCHED: ("#bfe6ea", "#1a5a5e"),  # teal
    NgramStatus.CLIPPED: ("#ffe88c", "#806a12"),  # amber
    NgramStatus.UNMATCHED: ("#ec9fb0", "#6c2236"),  # rose
}
_STATUS_TEXT = ("#1b1f23", "#f5f5f5")

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
    """

    key: str
    label: str
    description: str
    text_format: QTextCharFormat


def is_palette_change(event: QEvent) -> bool:
    """Whether `event` means the widget's colours changed and it must repaint."""
    return event.type() in (
        QEvent.Type.PaletteChange,
        QEvent.Type.ApplicationPaletteChange,
    )


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


def reference_color(index: int, palette: QPalette) -> QColor:
    """The attribution colour of reference `index` (0-based; cycles after eight)."""
    return QColor(_REFERENCE_COLORS[index % REFERENCE_COLOR_COUNT][is_dark(palette)])


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


def delta_part_color(index: int, palette: QPalette) -> QColor:
    """The colour of part `index` of a score difference (0: length, n: order n).

    The reference hues (distinct under colour vision deficiencies); a bar of parts
    is never drawn next to a reference, and each part is named beside its colour.
    """
    return reference_color(index, palette)


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
