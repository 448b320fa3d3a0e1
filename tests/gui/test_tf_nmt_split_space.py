"""The window offers tensorflow/nmt's file reading (split-space) in tf-nmt mode.

A person picks the mode and the tokenizer in the settings panel with the mouse and
reads the number; an empty hypothesis line, one empty token under split-space, opens
in the detail view with that token shown and explained. The number is checked
against the oracle of `tests/oracles.py` fed with tensorflow/nmt's own reading of a
line, `line.strip().split(" ")` (tensorflow/nmt does not install here).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import Compat
from bleu_gui.models.session import FileSet
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.sentence_detail import HYPOTHESIS
from tests.gui.controls_support import TIMEOUT, settings, window
from tests.gui.demo_sets import scored, write_lines
from tests.oracles import tf_nmt_bleu

__all__ = ["settings", "window"]  # fixtures

# The offscreen platform's words about an open menu's popup, not the app's.
pytestmark = pytest.mark.qt_log_ignore(
    "propagateSizeHints", "does not support raise", "grabbing the keyboard"
)

HYPS = [
    "The cat sat on the mat .",
    "",
    "A dog  barked at the postman this morning .",
    "It rained all day in the city .",
]
REFS = [
    "The cat sat on the mat .",
    "Nobody said anything .",
    "A dog barked at the postman this morning .",
    "It rained all day long in the city .",
]


def choose_with_mouse(qtbot: QtBot, combo: QComboBox, text: str) -> None:
    """Open `combo`'s list with a click, point at the item `text`, take it.

    The offscreen platform does not pass a click's release on to the open list
    (the popup holds the mouse), so the pointed item is taken with Return.
    """
    index = combo.findText(text)
    assert index >= 0, f"{text!r} is not in the menu"
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
    view = combo.view()
    qtbot.waitUntil(view.isVisible, timeout=TIMEOUT)
    rect = view.visualRect(view.model().index(index, 0))
    qtbot.mouseMove(view.viewport(), rect.center())
    qtbot.waitUntil(lambda: view.currentIndex().row() == index, timeout=TIMEOUT)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not view.isVisible(), timeout=TIMEOUT)


def menu(combo: QComboBox) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


@pytest.fixture
def loaded(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> MainWindow:
    files = FileSet(
        write_lines(tmp_path / "hyp.txt", HYPS),
        (write_lines(tmp_path / "ref.txt", REFS),),
    )
    window.show()
    qtbot.waitExposed(window)
    with scored(qtbot, window):
        window.session.open_files(files)
    return window


def test_choosing_split_space_in_tf_nmt_mode_shows_tensorflow_nmts_number(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    panel = loaded.settings_panel
    assert "split-space" not in menu(panel.tokenizer)  # sacreBLEU has no such reading
    with scored(qtbot, loaded):
        choose_with_mouse(qtbot, panel.compat, Compat.TF_NMT.label)
    assert menu(panel.tokenizer) == [
        "13a", "intl", "zh", "char", "none", "ja-mecab", "ko-mecab", "split-space"
    ]  # fmt: skip
    index = panel.tokenizer.findText("split-space")
    assert panel.tokenizer.itemData(index, Qt.ItemDataRole.ToolTipRole) == (
        "split-space: tensorflow/nmt's file reading: strip, then split on each "
        "single space; an empty line is one empty token."
    )
    with_13a = loaded.summary.score.text()
    with scored(qtbot, loaded):
        choose_with_mouse(qtbot, panel.tokenizer, "split-space")

    bleu, *_, c, r = tf_nmt_bleu(
        [line.strip().split(" ") for line in HYPS],
        [[line.strip().split(" ")] for line in REFS],
    )
    assert (c, r) == (26, 29)  # with the empty line's and the double space's tokens
    assert loaded.summary.score.text() == f"{100 * bleu:.2f}" == "69.36"
    assert with_13a != "69.36"
    assert "|tok:split-space|" in loaded.summary.signature.text()


def test_an_empty_line_under_split_space_is_one_empty_token_in_the_detail(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    panel = loaded.settings_panel
    with scored(qtbot, loaded):
        choose_with_mouse(qtbot, panel.compat, Compat.TF_NMT.label)
    with scored(qtbot, loaded):
        choose_with_mouse(qtbot, panel.tokenizer, "split-space")
    assert loaded.select_sentence(2)
    detail = loaded.detail
    qtbot.waitUntil(lambda: detail.explanation() is not None, timeout=TIMEOUT)
    assert detail.displayed_text(HYPOTHESIS) == "∅"
    assert detail.note() == (
        "∅ is an empty token: split-space (tensorflow/nmt's split on each single "
        "space) makes one of an empty line and of each double space, and counts it "
        "like a word."
    )
    explanation = detail.explanation()
    assert explanation is not None
    assert explanation.orders[0].term.total == 1  # one token, counted
    assert loaded.status_text.text() == "Sentence 2: BLEU 0.00"
    assert "1-gram covering “∅”" in detail.tooltip_at(HYPOTHESIS, 0)
    # The double space of sentence 3: its tokens, the empty one between "dog" and
    # "barked", all shown.
    assert loaded.select_sentence(3)
    qtbot.waitUntil(
        lambda: detail.displayed_text(HYPOTHESIS).startswith("A dog ∅"),
        timeout=TIMEOUT,
    )
    assert detail.displayed_text(HYPOTHESIS) == (
        "A dog ∅ barked at the postman this morning ."
    )
