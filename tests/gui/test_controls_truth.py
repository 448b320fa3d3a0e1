"""Every control and label of the window tells the truth of the current mode.

Numbers are checked against sacreBLEU itself; labels are pinned to the exact words
users read.
"""

from __future__ import annotations

import pytest
import sacrebleu
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core.config import BleuConfig, Compat, Smoothing
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.settings_panel import SettingsPanel
from tests.gui.controls_support import (
    HYPS,
    REFS,
    files,
    loaded,
    settings,
    window,
)
from tests.gui.demo_sets import scored

__all__ = ["files", "loaded", "settings", "window"]  # fixtures

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def choose_mode(qtbot: QtBot, window: MainWindow, compat: Compat) -> None:
    panel = window.settings_panel
    with scored(qtbot, window):
        panel.compat.setCurrentIndex(panel.compat.findData(compat))


def test_switching_modes_and_back_restores_sacrebleu_defaults(
    qtbot: QtBot, loaded: MainWindow
) -> None:
    for compat in (Compat.NLTK, Compat.MULTI_BLEU, Compat.SACREBLEU):
        choose_mode(qtbot, loaded, compat)
    panel = loaded.settings_panel
    assert panel.smoothing.currentText() == "exp"
    assert panel.tokenizer.currentText() == "13a"
    assert panel.max_order.value() == 4
    assert panel.effective.currentText() == (
        "sacreBLEU default (corpus: off, sentences: on)"
    )
    metric = BLEU()
    expected = metric.corpus_score(HYPS, REFS).score
    assert loaded.summary.signature.text() == str(metric.get_signature())
    assert loaded.summary.score.text() == f"{expected:.2f}"
    sentence = sacrebleu.sentence_bleu(HYPS[1], [ref[1] for ref in REFS]).score
    assert sentence > 0.0  # exp smoothing; with 'none' this sentence scores 0.0
    loaded.select_sentence(2)
    assert loaded.status_text.text() == f"Sentence 2: BLEU {sentence:.2f}"


def test_a_mode_keeps_the_users_last_choice(qtbot: QtBot, loaded: MainWindow) -> None:
    panel = loaded.settings_panel
    with scored(qtbot, loaded):
        panel.smoothing.setCurrentIndex(panel.smoothing.findData(Smoothing.ADD_K))
    with scored(qtbot, loaded):
        panel.smooth_value.setValue(2.0)
    choose_mode(qtbot, loaded, Compat.NLTK)
    with scored(qtbot, loaded):
        panel.smoothing.setCurrentIndex(panel.smoothing.findData(Smoothing.METHOD2))
    choose_mode(qtbot, loaded, Compat.SACREBLEU)
    assert loaded.session.config == BleuConfig(
        smoothing=Smoothing.ADD_K, smooth_value=2.0
    )
    assert panel.smoothing.currentText() == "add-k"
    assert panel.smooth_value.value() == 2.0
    choose_mode(qtbot, loaded, Compat.NLTK)
    assert panel.smoothing.currentText() == "method2"
    assert panel.tokenizer.currentText() == "none"


def row_label(panel: SettingsPanel, field: QWidget) -> str:
    label = panel._form.labelForField(field)
    assert isinstance(label, QLabel)
    return label.text()


def row_fields(panel: SettingsPanel) -> list[QWidget]:
    """The settings whose rows a mode shows or hides, top to bottom."""
    return [
        panel.tokenizer,
        panel.smoothing,
        panel.smooth_value,
        panel.max_order,
        panel.weights,
        panel.nltk_alpha,
        panel.nltk_k,
        panel.effective,
    ]


def visible_rows(panel: SettingsPanel) -> list[str]:
    return [
        row_label(panel, field) for field in row_fields(panel) if not field.isHidden()
    ]


def items(panel: SettingsPanel) -> list[str]:
    return [panel.effective.itemText(i) for i in range(panel.effective.count())]


@pytest.mark.parametrize(
    ("compat", "effective", "rows"),
    [
        (
            Compat.SACREBLEU,
            ["sacreBLEU default (corpus: off, sentences: on)", "on", "off"],
            [
                "Tokenizer",
                "Smoothing",
                "Smoothing value",
                "Max n-gram order",
                "Effective order",
            ],
        ),
        (
            Compat.NLTK,
            ["NLTK default (off)", "on", "off"],
            [
                "Tokenizer",
                "Smoothing",
                "Epsilon (method1)",
                "Max n-gram order",
                "Weights",
                "Alpha (method6)",
                "k (method4, 7)",
                "Auto-reweigh",
            ],
        ),
        (Compat.TF_NMT, None, ["Tokenizer", "Smoothing", "Max n-gram order"]),
        (Compat.MULTI_BLEU, None, ["Tokenizer", "Smoothing", "Max n-gram order"]),
    ],
)
def test_the_panel_shows_what_the_mode_has(
    qtbot: QtBot, compat: Compat, effective: list[str] | None, rows: list[str]
) -> None:
    panel = SettingsPanel()
    qtbot.addWidget(panel)
    panel.compat.setCurrentIndex(panel.compat.findData(compat))
    assert visible_rows(panel) == rows
    if effective is not None:
        assert items(panel) == effective
    # NLTK scores sentences without auto-reweighing: no label may say otherwise.
    if compat is not Compat.SACREBLEU:
        assert all("sentences: on" not in text for text in items(panel))


def test_multi_bleu_fixes_its_tokenizer_and_order(qtbot: QtBot) -> None:
    panel = SettingsPanel()
    qtbot.addWidget(panel)
    panel.compat.setCurrentIndex(panel.compat.findData(Compat.MULTI_BLEU))
    assert panel.tokenizer.currentText() == "none"
    assert not panel.tokenizer.isEnabled()
    assert (panel.max_order.minimum(), panel.max_order.maximum()) == (4, 4)
    assert panel.tokenizer.toolTip() == (
        "multi-bleu.perl reads text that is already tokenized: tokenizer 'none'."
    )


@pytest.mark.parametrize("compat", list(Compat))
def test_every_setting_and_method_has_a_tooltip(qtbot: QtBot, compat: Compat) -> None:
    panel = SettingsPanel()
    qtbot.addWidget(panel)
    panel.compat.setCurrentIndex(panel.compat.findData(compat))
    for field in [panel.compat, panel.lowercase, *row_fields(panel)]:
        if not field.isHidden():
            assert field.toolTip(), field
    for i in range(panel.smoothing.count()):
        tip = panel.smoothing.itemData(i, Qt.ItemDataRole.ToolTipRole)
        assert isinstance(tip, str)
        assert tip.startswith(panel.smoothing.itemText(i))


def test_smoothing_tooltips_say_what_the_methods_do(qtbot: QtBot) -> None:
    panel = SettingsPanel()
    qtbot.addWidget(panel)

    def tip(name: str) -> str:
        index = panel.smoothing.findText(name)
        return str(panel.smoothing.itemData(index, Qt.ItemDataRole.ToolTipRole))

    assert tip("exp") == (
        "exp (sacreBLEU's default): the first order with no match counts 1/2 match, "
        "the next 1/4, then 1/8, and so on."
    )
    assert tip("floor") == (
        "floor: an order with no match counts the smoothing value (default 0.1) as "
        "its matches instead of 0."
    )
    panel.smoothing.setCurrentIndex(panel.smoothing.findText("add-k"))
    assert panel.smooth_value.toolTip().startswith("The value of add-k: adds")
    panel.compat.setCurrentIndex(panel.compat.findData(Compat.NLTK))
    assert panel.effective.toolTip().startswith("auto_reweigh: when a hypothesis")
