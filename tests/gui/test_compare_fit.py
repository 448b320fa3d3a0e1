"""What users see of the compare views' menus: the column menu in View.

The sentence table's column menu (a right-click on its header) is also in the
View menu, so keyboard and menu-bar users reach it too: the same menu, whose
items hide and show the same columns.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from bleu_gui.views.main_window import MainWindow
from tests.gui.demo_sets import demo, loaded, other, window  # noqa: F401


def view_menu(main: MainWindow) -> QMenu:
    for action in main.menuBar().actions():
        if action.text() == "&View":
            menu = action.menu()
            assert isinstance(menu, QMenu)
            return menu
    raise AssertionError("no View menu")


def test_the_view_menu_holds_the_tables_column_menu(loaded: MainWindow) -> None:  # noqa: F811
    submenus = [a.menu() for a in view_menu(loaded).actions() if a.menu() is not None]
    assert loaded.table.column_menu in submenus
    assert loaded.table.column_menu.title() == "&Columns"
