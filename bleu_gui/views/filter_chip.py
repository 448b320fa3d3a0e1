"""A filter chosen outside the filter bar, shown in it as a chip that removes it.

The sentence table's filter bar (`views.filter_bar.FilterBar`) shows a
salient n-gram and the documents chosen elsewhere each as a framed label with a
× button, in a row of its own. The chip is a widget of its own because it keeps
its colours in step with the palette (its style sheet is written out in the
palette's colours, see `chip_style`), which has nothing to do with filtering.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

from bleu_gui.models.sentence_filter import BucketRows
from bleu_gui.views.palette import keep_styled

__all__ = ["REMOVE_BUCKET", "BucketChip", "FilterChip", "chip_style"]


class FilterChip(QWidget):
    """A row holding a chip: a label saying the filter, and a × that removes it.

    Hidden until `show_filter` gives it a text. The chip (`chip`, object name
    `name`) takes its colours from `source`'s palette; `remove` names the ×
    (`remove_button`), whose tooltip adds ": `then`".
    """

    def __init__(self, name: str, remove: str, then: str, source: QWidget) -> None:
        super().__init__()
        self.chip, self.label = QFrame(), QLabel()
        self.chip.setObjectName(name)
        self.label.setMinimumWidth(1)  # a long text shrinks; the tooltip says all
        button = self.remove_button = QToolButton(self.chip)
        button.setText("×")
        button.setAutoRaise(True)
        button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        button.setToolTip(f"{remove}: {then}")
        button.setAccessibleName(remove)
        inside = QHBoxLayout(self.chip)
        inside.setContentsMargins(6, 0, 0, 0)
        inside.setSpacing(2)
        inside.addWidget(self.label, 1)
        inside.addWidget(button)
        line = QHBoxLayout(self)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.chip)
        line.addStretch(1)
        self.hide()
        keep_styled(self.chip, partial(chip_style, name=name), source=source)

    def show_filter(self, text: str | None, tooltip: str) -> None:
        """Show the row with `text` on the chip and `tooltip` on it; None hides it."""
        self.setVisible(text is not None)
        self.label.setText(text or "")
        self.chip.setToolTip(tooltip)


class BucketChip(FilterChip):
    """The chip of a bucket chosen in the Buckets tab; it holds the bucket's rows."""

    def __init__(self, source: QWidget) -> None:
        super().__init__(
            "bucket-chip", REMOVE_BUCKET, "show the sentences of every bucket", source
        )
        self.rows: BucketRows | None = None

    def set_rows(self, rows: BucketRows | None) -> None:
        """Hold `rows` (None: none) and say them on the chip."""
        self.rows = rows
        count = 0 if rows is None else len(rows.rows)
        self.show_filter(
            None if rows is None else f"Only {rows.words}",
            f"Chosen in the Buckets tab: {count:,} "
            f"{'sentence' if count == 1 else 'sentences'} in all, fewer if the "
            "filters above hide some. × or Clear removes it.",
        )


REMOVE_BUCKET = "Remove the bucket filter"
"""The name (and tooltip) of the bucket chip's × button."""


def chip_style(palette: QPalette, name: str) -> str:
    """A chip's style sheet (`name`: its object name), in `palette`'s colours.

    A frame in the highlight colour; the label and the × in the window's text
    colour (the × is drawn on the window's background, not on a button's face),
    the × framed when it has the keyboard focus. The colours are the palette's,
    written out: a style sheet's `palette(…)` keeps the palette it was set under.
    """
    frame = palette.color(QPalette.ColorRole.Highlight).name()
    text = palette.color(QPalette.ColorRole.WindowText).name()
    hover = palette.color(QPalette.ColorRole.Midlight).name()
    return (
        f"QFrame#{name} {{ border: 1px solid {frame}; border-radius: 4px; }}"
        f" QFrame#{name} QLabel {{ color: {text}; }}"
        f" QFrame#{name} QToolButton {{ color: {text};"
        " border: 1px solid transparent; border-radius: 3px; padding: 0 4px; }"
        f" QFrame#{name} QToolButton:hover {{ background: {hover}; }}"
        f" QFrame#{name} QToolButton:focus {{ border-color: {frame}; }}"
    )
