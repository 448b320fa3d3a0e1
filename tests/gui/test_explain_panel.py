"""The explain panel shows the scorer's own arithmetic for one sentence."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPalette, QTextCursor
from PySide6.QtWidgets import QTextBrowser
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import BleuConfig, Compat
from bleu_gui.core.explain import NgramStatus, SentenceExplanation, explain_sentence
from bleu_gui.views.explain_panel import EMPTY_TEXT, ExplainPanel
from bleu_gui.views.palette import status_format


@pytest.fixture
def panel(qtbot: QtBot) -> ExplainPanel:
    widget = ExplainPanel()
    qtbot.addWidget(widget)
    widget.resize(600, 500)
    return widget


def browser_of(panel: ExplainPanel) -> QTextBrowser:
    browser = panel.findChild(QTextBrowser)
    assert browser is not None
    return browser


def clipping() -> SentenceExplanation:
    return explain_sentence("the the the cat", ["the cat"], BleuConfig())


def test_empty_state(panel: ExplainPanel) -> None:
    assert panel.plain_text().strip() == EMPTY_TEXT
    panel.set_explanation(clipping())
    panel.set_explanation(None)
    assert panel.plain_text().strip() == EMPTY_TEXT
    assert panel.explanation() is None


def test_every_order_brevity_mean_and_diagnosis_are_shown(panel: ExplainPanel) -> None:
    explanation = clipping()
    panel.set_explanation(explanation)
    text = panel.plain_text()
    for term in explanation.score.terms:
        assert f"{term.order}-gram" in text
        assert f"p{term.order} = {term.matches}/{term.total}" in text
    assert "p1 = 2/4 = 50.00%" in text
    assert "p2 = 1/3 = 33.33%" in text
    # Orders 3 and 4 have no match: sacreBLEU's exp smoothing sets their precision.
    assert "p3 = 0/2 → 25.00%" in text
    assert "exp: no match, precision set to 1/(2×2)" in text
    assert explanation.brevity in text
    assert "r = 2 from reference 1" in text
    assert explanation.ref_len_rule in text
    assert explanation.mean in text
    assert explanation.diagnosis in text
    assert f"Sentence BLEU {explanation.score.score:.2f}" in text


def test_diagnosis_is_bold(panel: ExplainPanel) -> None:
    explanation = clipping()
    panel.set_explanation(explanation)
    document = browser_of(panel).document()
    found = document.find(explanation.diagnosis)
    assert not found.isNull()
    cursor = QTextCursor(document)
    cursor.setPosition(found.selectionStart() + 1)
    assert cursor.charFormat().fontWeight() >= QFont.Weight.Bold


def test_clipped_count_appears_per_order(panel: ExplainPanel) -> None:
    explanation = clipping()
    panel.set_explanation(explanation)
    html = panel.html()
    clipped = status_format(NgramStatus.CLIPPED, panel.palette())
    assert clipped.background().color().name() in html
    assert explanation.orders[0].count(NgramStatus.CLIPPED) == 2


def test_orders_left_out_of_the_mean_say_so(panel: ExplainPanel) -> None:
    panel.set_explanation(explain_sentence("the cat", ["the cat"], BleuConfig()))
    text = panel.plain_text()
    assert "p3 = 0/0 (not in the mean)" in text
    assert "p1 = 2/2 = 100.00%" in text
    assert "weight" not in text


def test_non_uniform_weights_are_shown(panel: ExplainPanel) -> None:
    config = BleuConfig(compat=Compat.NLTK, weights=(0.5, 0.3, 0.2))
    explanation = explain_sentence(
        "the cat sat on the mat", ["the cat is on the mat"], config
    )
    panel.set_explanation(explanation)
    text = panel.plain_text()
    assert "weight" in text
    assert "0.3" in text
    assert "4-gram" not in text


def test_empty_hypothesis_and_absent_reference(panel: ExplainPanel) -> None:
    explanation = explain_sentence("", [None, "a b"], BleuConfig())
    panel.set_explanation(explanation)
    text = panel.plain_text()
    assert explanation.brevity in text
    assert "from reference 2" in text
    assert explanation.diagnosis in text


def test_text_is_selectable(panel: ExplainPanel) -> None:
    panel.set_explanation(clipping())
    browser = browser_of(panel)
    flags = browser.textInteractionFlags()
    assert flags & Qt.TextInteractionFlag.TextSelectableByMouse
    assert flags & Qt.TextInteractionFlag.TextSelectableByKeyboard
    assert browser.isReadOnly()


def test_dark_palette_recolours_the_chips(panel: ExplainPanel) -> None:
    panel.set_explanation(clipping())
    light = status_format(NgramStatus.MATCHED, panel.palette()).background().color()
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Base, QColor("#1e1e20"))
    palette.setColor(QPalette.ColorRole.Text, QColor("#e6e6e6"))
    panel.setPalette(palette)
    dark = status_format(NgramStatus.MATCHED, panel.palette()).background().color()
    assert dark != light
    assert dark.name() in panel.html()
    assert light.name() not in panel.html()
