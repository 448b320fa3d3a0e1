"""The row of buttons above the sentence detail: which n-gram order, and tokens.

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

from bleu_gui.views.palette import checked_button_style, keep_styled

__all__ = ["OrderBar"]


class OrderBar(QWidget):
    """Order buttons 1–4 and All (id 0) in one exclusive group, and a Tokens toggle."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.orders = QButtonGroup(self)
        layout = QHBoxLayout(self)
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
        layout.addStretch(1)
        keep_styled(self, checked_button_style)
