"""Typing in the settings at a human pace: every key lands, nothing is rewritten.

Each test types one key at a time with real key events and, between keys, waits
for whatever the panel committed to be scored, as the slowest typist would: the
worst case for a field that re-scores while it is being typed in.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import Compat, Smoothing
from bleu_gui.models.sentence_table import RAW_ROLE, ROW_ROLE, Column
from bleu_gui.views.main_window import MainWindow
from tests.gui.controls_support import (
    TIMEOUT,
    files,
    focus,
    loaded,
    sacrebleu_sentences,
    settings,
    settle,
    start_typing,
    window,
)
from tests.gui.demo_sets import scored

__all__ = ["files", "loaded", "settings", "window"]  # fixtures

# Showing a main window offscreen: the plugin says it cannot pass size hints on.
pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def bleu_column(window: MainWindow) -> list[float]:
    model = window.browser.model
    cells = {
        int(model.index(r, 0).data(ROW_ROLE)): float(
            model.index(r, Column.BLEU).data(RAW_ROLE)
        )
        for r in range(model.rowCount())
    }
    return [cells[row] for row in sorted(cells)]


def type_slowly(qtbot: QtBot, window: MainWindow, widget: QWidget, text: str) -> None:
    """Type `text` a key at a time; after each key, let the pause commit and score."""
    pause = window.settings_panel.typing_pause
    for key in text:
        qtbot.keyClicks(widget, key)
        if pause.isActive():
            with qtbot.waitSignal(pause.timeout, timeout=TIMEOUT):
                pass
        settle(qtbot, window)


def test_typing_a_floor_value_keeps_every_key(qtbot: QtBot, loaded: MainWindow) -> None:
    panel = loaded.settings_panel
    with scored(qtbot, loaded):
        panel.smoothing.setCurrentIndex(panel.smoothing.findData(Smoothing.FLOOR))
    box = panel.smooth_value
    start_typing(qtbot, loaded, box)
    type_slowly(qtbot, loaded, box.lineEdit(), "0.25")
    assert box.text() == "0.25"
    assert loaded.session.config.smooth_value == 0.25
    # Enter takes the value into the box for good; the scores stay those of 0.25.
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    settle(qtbot, loaded)
    assert box.value() == 0.25
    assert loaded.session.config.smooth_value == 0.25
    scores = loaded.session.scores
    assert scores is not None
    assert "floor[0.25]" in scores.sentence_signature
    expected = sacrebleu_sentences(smooth_method="floor", smooth_value=0.25)
    assert bleu_column(loaded) == expected


def test_a_rescore_never_rewrites_the_field_being_typed_in(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    panel = loaded.settings_panel
    box = panel.max_order
    start_typing(qtbot, loaded, box)
    type_slowly(qtbot, loaded, box.lineEdit(), "3")
    assert loaded.session.config.max_order == 3
    qtbot.keyClicks(box.lineEdit(), "\b")  # the user deletes it to type another
    assert box.text() == ""
    # Scores arriving now (here: a lowercase change elsewhere) leave the field be.
    with scored(qtbot, loaded):
        panel.lowercase.setChecked(True)
    assert box.text() == ""
    type_slowly(qtbot, loaded, box.lineEdit(), "2")
    assert box.text() == "2"
    assert loaded.session.config.max_order == 2
    assert loaded.session.config.lowercase


def test_typing_weights_commits_on_a_pause(qtbot: QtBot, loaded: MainWindow) -> None:
    panel = loaded.settings_panel
    with scored(qtbot, loaded):
        panel.compat.setCurrentIndex(panel.compat.findData(Compat.NLTK))
    field = panel.weights
    focus(qtbot, loaded, field)
    type_slowly(qtbot, loaded, field, "0.5 0.5")
    assert field.text() == "0.5 0.5"
    assert loaded.session.config.weights == (0.5, 0.5)
    assert loaded.session.config.order == 2


@pytest.mark.parametrize("text", ["12", "0.3"])
def test_the_score_range_fields_accept_typing(
    qtbot: QtBot, loaded: MainWindow, text: str
) -> None:
    """The filter's range fields filter on Enter, with every key typed kept."""
    box = loaded.filter_bar.min_score
    start_typing(qtbot, loaded, box)
    for key in text:
        qtbot.keyClicks(box.lineEdit(), key)
    with qtbot.waitSignal(loaded.filter_bar.filter_requested, timeout=TIMEOUT) as sent:
        qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert sent.args is not None
    assert sent.args[0].min_score == float(text)
    assert box.text() == f"{float(text):.1f}"
