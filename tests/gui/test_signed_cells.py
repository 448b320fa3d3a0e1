"""No negative zero in the sentence table: a Δ or a swap effect that rounds to zero
shows "0.0" / "0.000", never "-0.0" / "-0.000" (exactly zero still shows "0").

The demo's Facebook-AI (A) against happypoet (B), as the window opens them. The
rows are ones whose value is a hair below zero; each value is checked to be so
with sacreBLEU (or NLTK in its mode) before the cell is read.
"""

from __future__ import annotations

import warnings

import pytest
import sacrebleu
from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import Compat
from bleu_gui.models.sentence_table import ColumnKey, ColumnKind
from bleu_gui.views.main_window import MainWindow
from tests.core.demo_systems import references, system
from tests.gui.demo_sets import scored
from tests.gui.test_compare_systems_dock import open_systems

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

A, B = "Facebook-AI", "happypoet"


def cell(window: MainWindow, corpus_row: int, kind: ColumnKind) -> str:
    """What the sentence table shows for `corpus_row` in column `kind`."""
    model = window.browser.model
    column = model.column_of(ColumnKey(kind))
    assert column is not None
    row = [int(r) for r in model.rows].index(corpus_row)
    return str(model.index(row, column).data(Qt.ItemDataRole.DisplayRole))


def sacre_swap(row: int) -> float:
    refs = [list(stream) for stream in references()]
    base = list(system(A))
    swapped = list(base)
    swapped[row] = system(B)[row]
    return float(
        sacrebleu.corpus_bleu(swapped, refs).score
        - sacrebleu.corpus_bleu(base, refs).score
    )


def sacre_delta(row: int) -> float:
    refs = [stream[row] for stream in references()]
    b = sacrebleu.sentence_bleu(system(B)[row], refs).score
    a = sacrebleu.sentence_bleu(system(A)[row], refs).score
    return float(b - a)


def nltk_delta(row: int) -> float:
    refs = [stream[row].split() for stream in references()]
    with warnings.catch_warnings():  # NLTK warns of the zero counts it scores
        warnings.simplefilter("ignore", UserWarning)
        b = nltk_sentence_bleu(refs, system(B)[row].split())
        a = nltk_sentence_bleu(refs, system(A)[row].split())
    return 100.0 * float(b) - 100.0 * float(a)


def test_a_swap_effect_that_rounds_to_zero_shows_no_sign(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_systems(qtbot, window)
    for row in (347, 428):  # segments 348 and 429
        assert -0.0005 < sacre_swap(row) < 0
        assert cell(window, row, ColumnKind.SWAP) == "0.000"
    assert cell(window, 0, ColumnKind.SWAP) == "0"  # the same sentence: exactly 0


def test_a_delta_that_rounds_to_zero_shows_no_sign(
    qtbot: QtBot, window: MainWindow
) -> None:
    open_systems(qtbot, window)
    assert -0.05 < sacre_delta(52) < 0  # segment 53: -0.042
    assert cell(window, 52, ColumnKind.DELTA) == "0.0"
    assert cell(window, 0, ColumnKind.DELTA) == "0"


def test_nltks_tiny_deltas_show_no_sign(qtbot: QtBot, window: MainWindow) -> None:
    open_systems(qtbot, window)
    panel = window.settings_panel
    with scored(qtbot, window):
        panel.compat.setCurrentIndex(panel.compat.findData(Compat.NLTK))
    qtbot.waitUntil(lambda: not window.session.is_busy, timeout=60_000)
    # Segment 27: NLTK scores both sentences ~1e-229 (no 4-gram matched, no
    # smoothing); happypoet's is the smaller.
    assert -0.05 < nltk_delta(26) < 0
    assert cell(window, 26, ColumnKind.DELTA) == "0.0"
