"""The row of buttons above the sentence detail: which n-gram order, tokens, changes.

The Changes button switches the detail to its track-changes mode
(`views.changes_view`); an order button, or Tokens, switches it back to the
n-grams, so the n-gram view is always one click away. The n-gram buttons and
Changes are two groups in a wrapping layout: in a narrow detail column Changes
takes a second line rather than widening the column.

Its own widget because it restyles itself when the palette changes: the checked
buttons are drawn in the highlight colour (see `palette.checked_button_style`), and a
style sheet's colours are fixed when it is set.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QWidget,
)

from bleu_gui.views.flow_layout import FlowLayout
from bleu_gui.views.palette import checked_button_style, keep_styled

__all__ = ["CHANGES_TOOLTIP", "OrderBar"]

CHANGES_TOOLTIP = (
    "Track changes: the words deleted, inserted and replaced from the hypothesis "
    "to a reference (or from A to B), on the text as typed"
)


class OrderBar(QWidget):
    """Order buttons 1–4 and All (id 0) in one exclusive group; Tokens and Changes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.orders = QButtonGroup(self)
        ngrams = QWidget()
        layout = QHBoxLayout(ngrams)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("n-grams:"))
        for order in (1, 2, 3, 4, 0):
            button = QToolButton()
            button.setText(str(order) if order else "All")
            button.setCheckable(True)
            button.setToolTip(f"Highlight {order}-grams" if order else "Every order")
            self.orders.addButton(button, order)
            layout.addWidget(button)
        self.orders.button(1).setChecked(True)
        self.tokens = QToolButton()
        self.tokens.setText("Tokens")
        self.tokens.setCheckable(True)
        self.tokens.setToolTip("Show the tokens exactly as the scorer sees them")
        layout.addSpacing(12)
        layout.addWidget(self.tokens)
        self.changes = QToolButton()
        self.changes.setText("Changes")
        self.changes.setCheckable(True)
        self.changes.setToolTip(CHANGES_TOOLTIP)
        self.orders.idClicked.connect(self._show_ngrams)
        self.tokens.clicked.connect(self._show_ngrams)
        bar = FlowLayout(self, spacing=12)
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(ngrams)
        bar.addWidget(self.changes)
        keep_styled(self, checked_button_style)

    def _show_ngrams(self, *_args: object) -> None:
        """Leave the Changes mode: the reader asked for n-grams."""
        self.changes.setChecked(False)
