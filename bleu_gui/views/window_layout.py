"""The window's size and layout: fitted to the screen, remembered across runs.

The window opens at its preferred size or less (a laptop's 1280×720 included) and
puts back the size, docks, splitters, columns and sort of the last run from the
settings it is given (tests pass a temporary file). Kept apart from the window,
which builds the panels, because what is remembered, and when a remembered column
state can be applied, are rules of their own.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QSplitter

from bleu_gui.models.sentence_browser import SentenceBrowser
from bleu_gui.models.sentence_table import ColumnKey
from bleu_gui.models.session_state import (
    choices_from_json,
    choices_to_json,
    sort_from_json,
    sort_of,
    sort_to_json,
)
from bleu_gui.views.sentence_table import SentenceTableView

__all__ = ["LayoutMemory"]

# The window's preferred size, and the share of the screen it may take at most.
_PREFERRED = QSize(1400, 900)
_SCREEN_SHARE = 0.92
# Where the layout is remembered (QSettings keys, QByteArray values).
_LAYOUT_KEYS = ("geometry", "docks", "central", "bottom", "columns")


class LayoutMemory:
    """Fits `window` to its screen, and saves and restores its layout."""

    def __init__(
        self,
        window: QMainWindow,
        settings: QSettings,
        browser: SentenceBrowser,
        table: SentenceTableView,
        central: QSplitter,
        bottom: QSplitter,
    ) -> None:
        self._window = window
        self._settings = settings
        self._browser = browser
        self._table = table
        self._central = central
        self._bottom = bottom
        self._saved_columns: QByteArray | None = None
        # The last run's sort, for the first table of this run (`restore_columns`).
        self._saved_sort: tuple[ColumnKey, Qt.SortOrder] | None = None

    def fit_to_screen(self) -> None:
        """Take the preferred size, or less: never more than the screen has."""
        window = self._window
        screen = window.screen() or QGuiApplication.primaryScreen()
        available = screen.availableGeometry()
        width = min(_PREFERRED.width(), int(available.width() * _SCREEN_SHARE))
        height = min(_PREFERRED.height(), int(available.height() * _SCREEN_SHARE))
        window.resize(width, height)
        # The table gets as much height as the detail below it; the detail three
        # fifths of the width below the table, as its stretch says (from its size
        # hint, the explain panel took more than half: a pair's two hypotheses
        # then wrapped into so many lines that B's started below the fold).
        self._central.setSizes([height // 2, height // 2])
        self._bottom.setSizes([3 * width // 5, 2 * width // 5])

    def restore(self) -> None:
        """Put back the size, docks, splitters and columns of the last session."""
        saved = {key: self._settings.value(f"window/{key}") for key in _LAYOUT_KEYS}
        if isinstance(saved["geometry"], QByteArray):
            self._window.restoreGeometry(saved["geometry"])
        if isinstance(saved["docks"], QByteArray):
            self._window.restoreState(saved["docks"])
        if isinstance(saved["central"], QByteArray):
            self._central.restoreState(saved["central"])
        if isinstance(saved["bottom"], QByteArray):
            self._bottom.restoreState(saved["bottom"])
        if isinstance(saved["columns"], QByteArray):
            # Applied once the table has its columns (see `restore_columns`).
            self._saved_columns = saved["columns"]
        # The columns chosen shown or hidden (kept for columns yet to come).
        choices = choices_from_json(self._settings.value("window/column-choices", ""))
        self._saved_sort = sort_from_json(self._settings.value("window/sort", ""))
        for key, shown in choices.items():
            self._table.set_column_shown(key, shown)

    def restore_columns(self) -> None:
        """Give the first table of this run the last run's widths and sort.

        The widths as they were; the sort only where it can be seen: this table
        has its column and it shows (the header's indicator on it). Else the
        table stays in corpus order: a sort by a column that is not there, or is
        hidden (a pair hides Cost), would be an order nobody can tell.
        """
        model = self._browser.model
        if model.columnCount() == 0:
            return
        state, self._saved_columns = self._saved_columns, None
        if state is not None:
            self._table.horizontalHeader().restoreState(state)
        saved, self._saved_sort = self._saved_sort, None
        if saved is not None and self._table.is_column_shown(saved[0]):
            column = model.column_of(saved[0])
            assert column is not None
            self._table.horizontalHeader().setSortIndicator(column, saved[1])

    def save(self) -> None:
        """Remember the size, docks, splitters and columns (on close)."""
        values = {
            "geometry": self._window.saveGeometry(),
            "docks": self._window.saveState(),
            "central": self._central.saveState(),
            "bottom": self._bottom.saveState(),
            "columns": self._table.horizontalHeader().saveState(),
        }
        for key, value in values.items():
            self._settings.setValue(f"window/{key}", value)
        choices = choices_to_json(self._table.column_choices())
        self._settings.setValue("window/column-choices", choices)
        self._settings.setValue("window/sort", sort_to_json(sort_of(self._browser)))
        self._settings.sync()
