"""The window's status line names the tokenizer a Chinese test set needs.

The hint is `io.notices.tokenizer_hint`, which the session keeps while the
tokenizer in use is not the one it names (`Session.language_hint`, `hint_changed`):
the window shows it in its status line in a few words (the full line in the
tooltip) for as long as it holds, not as a message that passes, and the warnings
button lists it while it holds.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMenu
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.models.session import FileSet
from bleu_gui.views.main_window import MainWindow
from tests.core.cjk_lines import ZH_HYP, ZH_REF
from tests.gui.demo_sets import TIMEOUT, make_window, scored, write_lines
from tests.gui.test_compare_sentences import choose_with_mouse

pytestmark = pytest.mark.qt_log_ignore(
    "propagateSizeHints", "raise", "grabbing the keyboard"
)


def _chinese(folder: Path) -> FileSet:
    ref = write_lines(folder / "ref.zh.txt", ZH_REF)
    return FileSet(write_lines(folder / "hyp.zh.txt", ZH_HYP), (ref,))


def _score(window: MainWindow) -> float:
    scores = window.session.scores
    assert scores is not None
    assert not isinstance(scores.corpus, Unavailable)
    return scores.corpus.score


def _hint_line(files: FileSet) -> str:
    return (
        f"{files.references[0]}: looks like Chinese text, which tokenizer 13a leaves "
        "unsplit (22.1 characters a token), so BLEU counts whole sentences; choose "
        "Tokenizer zh in the settings (sacreBLEU's tokenizer for Chinese)"
    )


SHORT_HINT = (
    "⚠ Chinese text left unsplit by tokenizer 13a: choose Tokenizer zh in the settings"
)


def test_the_status_line_shows_the_hint(qtbot: QtBot, tmp_path: Path) -> None:
    files = _chinese(tmp_path)
    window = make_window(qtbot, tmp_path)
    with scored(qtbot, window):
        window.session.open_files(files)
    hint = _hint_line(files)
    label = window.hint_label
    assert (label.isHidden(), label.text(), label.toolTip()) == (
        False,
        SHORT_HINT,
        hint,
    )
    assert window.session.warnings == (hint,)
    assert window.warnings_button.text() == "⚠ 1 warning"
    assert _score(window) == sacrebleu.corpus_bleu(ZH_HYP, [ZH_REF]).score
    qtbot.waitUntil(lambda: not window.session.is_busy, timeout=TIMEOUT)


def test_no_hint_with_the_tokenizer_it_names(qtbot: QtBot, tmp_path: Path) -> None:
    files = _chinese(tmp_path)
    window = make_window(qtbot, tmp_path)
    window.session.set_config(BleuConfig(tokenizer="zh"))
    warnings: list[str] = []
    window.session.warning_occurred.connect(warnings.append)
    with scored(qtbot, window):
        window.session.open_files(files)
    assert warnings == []
    assert window.statusBar().currentMessage() == ""
    assert window.hint_label.isHidden()
    assert window.session.warnings == ()
    expected = sacrebleu.corpus_bleu(ZH_HYP, [ZH_REF], tokenize="zh").score
    assert _score(window) == expected
    qtbot.waitUntil(lambda: not window.session.is_busy, timeout=TIMEOUT)


def _status_line(window: MainWindow) -> list[str]:
    """What a person reads in the status line: its message and its shown labels."""
    bar = window.statusBar()
    message = [bar.currentMessage()] if bar.currentMessage() else []
    labels = [
        label.text()
        for label in bar.findChildren(QLabel)
        if label.isVisible() and label.text()
    ]
    return message + labels


def _click_row(qtbot: QtBot, window: MainWindow, row: int) -> None:
    table, model = window.table, window.browser.model
    rect = table.visualRect(model.index(row, model.hypothesis_column()))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: window.row == row, timeout=TIMEOUT)


def _hover_menu_item(qtbot: QtBot, window: MainWindow, action: QAction) -> None:
    """Open the menu of `action` with a click, point at it, close the menu (Esc).

    The action's status tip replaces the status bar's message, and leaving the
    menu clears it: what a person's first look at a menu does to a message.
    """
    bar = window.menuBar()
    menu = next(
        m
        for m in window.findChildren(QMenu)
        if action in m.actions() and m.menuAction() in bar.actions()
    )
    qtbot.mouseClick(
        bar,
        Qt.MouseButton.LeftButton,
        pos=bar.actionGeometry(menu.menuAction()).center(),
    )
    qtbot.waitUntil(menu.isVisible)
    qtbot.mouseMove(menu, menu.actionGeometry(action).center())
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == action.statusTip())
    qtbot.keyClick(menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not menu.isVisible())
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == "")


def test_the_hint_stays_while_it_holds_and_goes_with_its_tokenizer(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Shown until the user chooses zh; back with 13a; the warnings list alike."""
    files = _chinese(tmp_path)
    with scored(qtbot, window):
        window.session.open_files(files)
    hint = _hint_line(files)
    button = window.warnings_button
    assert SHORT_HINT in _status_line(window)
    assert (button.isVisible(), button.text(), button.warnings) == (
        True,
        "⚠ 1 warning",
        (hint,),
    )
    # A message goes when a menu is looked at (or after its time): the hint stays.
    _hover_menu_item(qtbot, window, window.what_if.edit_action)
    for row in (2, 5):
        _click_row(qtbot, window, row)
        assert SHORT_HINT in _status_line(window)
        assert window.hint_label.toolTip() == hint
    combo = window.settings_panel.tokenizer
    with scored(qtbot, window):
        choose_with_mouse(qtbot, combo, combo.findData("zh"))
    assert not any("Chinese" in words for words in _status_line(window))
    assert not button.isVisible()
    assert window.session.warnings == ()
    with scored(qtbot, window):
        choose_with_mouse(qtbot, combo, combo.findData("13a"))
    assert SHORT_HINT in _status_line(window)
    assert (button.isVisible(), button.text()) == (True, "⚠ 1 warning")
    _hover_menu_item(qtbot, window, window.what_if.edit_action)
    assert SHORT_HINT in _status_line(window)
