"""Salient n-grams of a pair: what B gets right that A misses, and the reverse.

Two sortable lists of one n-gram order (`models.salient_model`), B's gains above
A's, with the systems' names in their titles. Clicking an n-gram emits
`ngram_chosen(order, gram, rows)`: the window filters the sentence table to `rows`
and emphasises the n-gram in the two-system detail view.

The lists are fed a finished `core.salient.salient_ngrams` result (`set_results`);
for a large corpus it is computed in a background job by the caller, and
`set_pending` shows that it is on its way.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from bleu_gui.core.pair_ngrams import Side
from bleu_gui.core.salient import SalientNgram, SalientOrder
from bleu_gui.models.salient_model import (
    ITEM_ROLE,
    RAW_ROLE,
    SalientColumn,
    SalientModel,
)
from bleu_gui.views.palette import (
    checked_button_style,
    is_palette_change,
    muted_text_color,
)

__all__ = ["EMPTY_TEXT", "SalientList"]

EMPTY_TEXT = "Choose two systems to see what one gets right and the other misses."


class SalientList(QWidget):
    """Per order, the n-grams B gets right more often than A, and the reverse.

    Signals:
        ngram_chosen: `(order, gram, rows)`: the n-gram clicked (its tokens, a
            tuple of str) and the 0-based sentences where its list's system gets
            it counted more often (a tuple of int).
    """

    ngram_chosen = Signal(int, object, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._names = ("A", "B")
        self._message: str | None = None
        self._models: dict[Side, SalientModel] = {}
        self._proxies: dict[Side, QSortFilterProxyModel] = {}
        self._tables: dict[Side, QTableView] = {}
        self._titles: dict[Side, QLabel] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(4)
        layout.addWidget(self._build_order_bar())
        self._empty = QLabel(EMPTY_TEXT)
        self._empty.setWordWrap(True)
        self._empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self._empty)
        for side in (Side.B, Side.A):
            title = QLabel()
            title.setTextFormat(Qt.TextFormat.RichText)
            title.setWordWrap(True)
            self._titles[side] = title
            layout.addWidget(title)
            layout.addWidget(self._build_table(side), stretch=1)
        self._ready = True
        self._render()

    # --- public API -------------------------------------------------------------------

    def set_results(
        self, results: Sequence[SalientOrder] | None, names: tuple[str, str]
    ) -> None:
        """Show a finished `salient_ngrams` result for systems `names` (A, B)."""
        self._names = names
        self._message = None
        for model in self._models.values():
            model.set_results(results, names)
        orders = set(self._models[Side.B].orders())
        for button in self._order_buttons.buttons():
            button.setEnabled(self._order_buttons.id(button) in orders)
        self._render()

    def set_pending(self, message: str) -> None:
        """Empty both lists while the n-grams are computed ("counting n-grams…")."""
        for model in self._models.values():
            model.set_pending(message)
        self._message = message
        self._render()

    def show_message(self, message: str) -> None:
        """Empty both lists and say why ("choose a second system")."""
        self.set_results(None, self._names)
        self._message = message
        self._render()

    def set_order(self, order: int) -> None:
        """List the `order`-grams."""
        button = self._order_buttons.button(order)
        if button is not None and not button.isChecked():
            button.setChecked(True)
        for model in self._models.values():
            model.set_order(order)
        self._render()

    def order(self) -> int:
        """The order listed."""
        return self._models[Side.B].order()

    def order_buttons(self) -> QButtonGroup:
        """The order buttons 1-4 (ids are the orders)."""
        return self._order_buttons

    def table(self, favoured: Side) -> QTableView:
        """The table of what `favoured` gets right more often than the other."""
        return self._tables[favoured]

    def model(self, favoured: Side) -> SalientModel:
        """The (unsorted) model behind `table(favoured)`."""
        return self._models[favoured]

    def title(self, favoured: Side) -> str:
        """The words above `table(favoured)`, plain."""
        document = QTextDocument()
        document.setHtml(self._titles[favoured].text())
        return document.toPlainText()

    def message(self) -> str:
        """The text shown instead of the lists ("" when they are shown)."""
        return self._empty.text() if self._empty.isVisibleTo(self) else ""

    @override
    def changeEvent(self, event: QEvent) -> None:
        """Restyle the order buttons and captions when the palette changes."""
        super().changeEvent(event)
        if getattr(self, "_ready", False) and is_palette_change(event):
            QTimer.singleShot(0, self, self._render)

    # --- building ---------------------------------------------------------------------

    def _build_order_bar(self) -> QWidget:
        bar = QWidget()
        layout = QHBoxLayout(bar)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("n-grams:"))
        self._order_buttons = QButtonGroup(self)
        for order in (1, 2, 3, 4):
            button = QToolButton()
            button.setText(str(order))
            button.setCheckable(True)
            button.setToolTip(f"List {order}-grams")
            self._order_buttons.addButton(button, order)
            layout.addWidget(button)
        self._order_buttons.button(1).setChecked(True)
        self._order_buttons.idClicked.connect(self.set_order)
        layout.addStretch(1)
        self._order_bar = bar
        return bar

    def _build_table(self, side: Side) -> QTableView:
        model = SalientModel(side, self)
        proxy = QSortFilterProxyModel(self)
        proxy.setSourceModel(model)
        proxy.setSortRole(RAW_ROLE)
        proxy.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        table = QTableView()
        table.setModel(proxy)
        table.setSortingEnabled(True)
        table.sortByColumn(SalientColumn.GAIN, Qt.SortOrder.DescendingOrder)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().setVisible(False)
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
        header = table.horizontalHeader()
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        header.setSectionResizeMode(SalientColumn.NGRAM, QHeaderView.ResizeMode.Stretch)
        for column in (SalientColumn.GAIN, SalientColumn.SENTENCES):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        # The systems' names can be long: their columns keep a count's width and
        # elide the name (the header's tooltip gives it whole).
        width = table.fontMetrics().horizontalAdvance("000000") + 12
        for column in (SalientColumn.MATCHES_A, SalientColumn.MATCHES_B):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(column, width)
        table.clicked.connect(self._on_clicked)
        self._models[side] = model
        self._proxies[side] = proxy
        self._tables[side] = table
        return table

    # --- rendering --------------------------------------------------------------------

    def _render(self) -> None:
        palette = self.palette()
        style = checked_button_style(palette)
        if style != self._order_bar.styleSheet():
            self._order_bar.setStyleSheet(style)
        muted = muted_text_color(palette).name()
        name_a, name_b = (html.escape(name) for name in self._names)
        order = self.order()
        has = bool(self._models[Side.B].orders())
        message = self._message if self._message is not None else EMPTY_TEXT
        self._empty.setText(message)
        self._empty.setStyleSheet(f"color: {muted}; padding: 12px;")
        self._empty.setVisible(not has)
        for side, (good, bad) in (
            (Side.B, (name_b, name_a)),
            (Side.A, (name_a, name_b)),
        ):
            model = self._models[side]
            self._titles[side].setText(
                f"<b>{good}</b> gets these {order}-grams right more often than "
                f"<b>{bad}</b> "
                f'<span style="color:{muted}">({model.rowCount()} listed)</span>'
            )
            self._titles[side].setVisible(has)
            self._tables[side].setVisible(has)

    def _on_clicked(self, index: QModelIndex) -> None:
        item = index.data(ITEM_ROLE)
        if isinstance(item, SalientNgram):
            self.ngram_chosen.emit(self.order(), item.gram, item.rows)
