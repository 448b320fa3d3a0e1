"""What the explain panel shows, word for word: per-order counts, scale, decimals.

The panel lays out the core's explanation; these tests pin the text a user reads
(and copies into a bug report), so a miscounted order, a score on the wrong scale or
a number with other decimals than the formula's fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import BleuConfig, Compat, Smoothing
from bleu_gui.core.explain import explain_sentence
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.explain_panel import EMPTY_TEXT, UNSCORABLE_TEXT, ExplainPanel
from bleu_gui.views.main_window import MainWindow

DEMO_3 = "Motorist overlooks biker"
DEMO_3_REFS = ["A female car driver overlooks a biker", "Car driver doesn’t see biker"]
TIMEOUT = 20_000


@pytest.fixture
def panel(qtbot: QtBot) -> ExplainPanel:
    widget = ExplainPanel()
    qtbot.addWidget(widget)
    widget.resize(700, 600)
    return widget


def order_rows(text: str, orders: int) -> list[tuple[str, tuple[int, ...], str]]:
    """Per order: the precision cell, the matched/clipped/unmatched chips, smoothing."""
    lines = text.split("\n")
    rows = []
    for n in range(1, orders + 1):
        at = lines.index(f"{n}-gram")
        chips = tuple(int(count) for count in lines[at + 2].split())
        rows.append((lines[at + 1], chips, lines[at + 3]))
    return rows


def test_demo_sentence_3_per_order(panel: ExplainPanel) -> None:
    panel.set_explanation(explain_sentence(DEMO_3, DEMO_3_REFS, BleuConfig()))
    text = panel.plain_text()
    assert order_rows(text, 4) == [
        ("p1 = 2/3 = 66.67%", (2, 0, 1), "—"),
        ("p2 = 0/2 → 25.00%", (0, 0, 2), "exp: no match, precision set to 1/(2×2)"),
        ("p3 = 0/1 → 25.00%", (0, 0, 1), "exp: no match, precision set to 1/(4×1)"),
        ("p4 = 0/0 (not in the mean)", (0, 0, 0), "—"),
    ]
    # One number, one set of decimals: heading, formula and diagnosis agree.
    assert text.startswith("Sentence BLEU 17.80\nsacreBLEU 2.6.0 · percent\n")
    assert (
        "Combination\nBLEU = BP × exp((log 66.67 + log 25.00 + log 25.00) / 3) = "
        "0.5134 × 34.67 = 17.80 (" in text
    )
    assert "Diagnosis: BLEU = 17.80 (percent): most is lost to the brevity" in text
    assert (
        "c = 3 hypothesis tokens; r = 5 from reference 2 (the closest reference "
        "length, ties to the shorter)" in text
    )


def test_clipped_and_unmatched_counts_per_order(panel: ExplainPanel) -> None:
    panel.set_explanation(
        explain_sentence("the the the cat", ["the cat"], BleuConfig())
    )
    assert [chips for _, chips, _ in order_rows(panel.plain_text(), 4)] == [
        (2, 2, 0),
        (1, 0, 2),
        (0, 0, 2),
        (0, 0, 1),
    ]


def test_nltk_is_shown_on_its_0_1_scale(panel: ExplainPanel) -> None:
    config = BleuConfig(compat=Compat.NLTK, smoothing=Smoothing.METHOD1)
    panel.set_explanation(explain_sentence(DEMO_3, DEMO_3_REFS, config))
    text = panel.plain_text()
    assert text.startswith(
        "Sentence BLEU 0.0694\nNLTK 3.10 corpus_bleu / sentence_bleu · 0–1 scale "
        "(the sentence table shows it ×100, on the 0–100 scale)\n"
    )
    assert order_rows(text, 4) == [
        ("p1 = 2/3 = 0.6667", (2, 0, 1), "—"),
        (
            "p2 = 0/2 → 0.0500",
            (0, 0, 2),
            "method1: no match, numerator set to epsilon 0.1 (precision 0.1/2)",
        ),
        (
            "p3 = 0/1 → 0.1000",
            (0, 0, 1),
            "method1: no match, numerator set to epsilon 0.1 (precision 0.1/1)",
        ),
        # NLTK counts max(1, n-grams) = 1 four-gram where the hypothesis has none.
        (
            "p4 = 0/1 → 0.1000",
            (0, 0, 0),
            "method1: no match, numerator set to epsilon 0.1 (precision 0.1/1)",
        ),
    ]
    assert "= 0.5134 × 0.1351 = 0.0694 (0–1 scale, as NLTK returns it)" in text
    assert "Diagnosis: BLEU = 0.0694 (0–1 scale): most is lost to the 2-gram" in text


def test_an_unscorable_sentence_says_why(panel: ExplainPanel) -> None:
    config = BleuConfig(compat=Compat.TF_NMT)
    with pytest.raises(ValueError, match="empty hypothesis") as raised:
        explain_sentence("", ["a b"], config)
    panel.set_explanation(Unavailable(str(raised.value)))
    assert panel.plain_text() == (
        f"{UNSCORABLE_TEXT}\ntensorflow/nmt cannot score an empty hypothesis: its "
        "ratio is 0 and exp(1 - 1/ratio) raises ZeroDivisionError"
    )
    assert panel.explanation() is None
    panel.set_explanation(None)
    assert panel.plain_text().strip() == EMPTY_TEXT


def test_the_window_shows_why_a_row_is_unscorable(qtbot: QtBot, tmp_path: Path) -> None:
    hyp = tmp_path / "hyp.txt"
    ref = tmp_path / "ref.txt"
    hyp.write_text("the cat sat\n\n", encoding="utf-8")
    ref.write_text("the cat sat on\na b\n", encoding="utf-8")
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    session = Session(processes=1)
    window = MainWindow(session, settings)
    qtbot.addWidget(window)
    try:
        session.set_config(BleuConfig(compat=Compat.TF_NMT))
        with qtbot.waitSignals(
            [session.workspace_changed, session.busy_changed],
            check_params_cbs=[moves(Moved.SHOWN_SCORES), lambda busy: not busy],
            timeout=TIMEOUT,
        ):
            session.open_files(FileSet(hyp, (ref,), None))
        assert window.select_sentence(2)
        assert window.explain.plain_text() == (
            f"{UNSCORABLE_TEXT}\ntensorflow/nmt cannot score an empty hypothesis: "
            "its ratio is 0 and exp(1 - 1/ratio) raises ZeroDivisionError"
        )
        assert window.select_sentence(1)
        assert window.explain.plain_text().startswith("Sentence BLEU 0.0000\n")
    finally:
        session.shutdown()
