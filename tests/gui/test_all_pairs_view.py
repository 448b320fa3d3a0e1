"""The all-pairs matrix: every cell sacreBLEU's paired test, Holm on request.

Each cell's p-value is checked against sacreBLEU's `PairedTest` run with the
column's system as the baseline; Holm's correction against a computation written
out here from its definition.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bleu_gui.core import BleuConfig, corpus_stats
from bleu_gui.core.significance import PairedTest
from bleu_gui.models.systems_model import SystemEntry, SystemsModel
from bleu_gui.views.all_pairs_view import EMPTY_TEXT, AllPairsView
from tests.core.demo_systems import references
from tests.gui.systems_support import (
    SIGNATURE,
    demo_entries,
    demo_texts,
    sacrebleu_rows,
    sacrebleu_score,
)

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

_TIMEOUT_MS = 60_000


@pytest.fixture
def model(qtbot: QtBot) -> Iterator[SystemsModel]:
    model = SystemsModel()
    model.set_systems(demo_entries(), BleuConfig(), SIGNATURE)
    yield model
    model.job.shutdown()


@pytest.fixture
def view(qtbot: QtBot, model: SystemsModel) -> AllPairsView:
    widget = AllPairsView(model.all_pairs_model)
    qtbot.addWidget(widget)
    return widget


def run_all_pairs(qtbot: QtBot, model: SystemsModel, samples: int) -> None:
    with qtbot.waitSignal(model.job.finished, timeout=_TIMEOUT_MS):
        model.run(PairedTest.BOOTSTRAP, samples, all_pairs=True)


def star(p: float) -> str:
    return f"{p:.4f}" + ("*" if p <= 0.05 else "")


def holm_by_hand(p_values: list[float]) -> list[float]:
    """Holm (1979), from its definition: sorted, (m − i)·p, running maximum, ≤ 1."""
    m = len(p_values)
    ranked = sorted(range(m), key=lambda k: p_values[k])
    out = [0.0] * m
    largest = 0.0
    for i, k in enumerate(ranked):
        largest = max(largest, min(1.0, (m - i) * p_values[k]))
        out[k] = largest
    return out


def sacrebleu_p_values(monkeypatch: pytest.MonkeyPatch) -> dict[tuple[int, int], float]:
    """p of (row i, column j): sacreBLEU's test of i against the baseline j."""
    out = {}
    for j in range(4):
        order = [j, *(k for k in range(4) if k != j)]
        rows = sacrebleu_rows(monkeypatch, order, PairedTest.BOOTSTRAP, 1000)
        for i, row in zip(order[1:], rows[1:], strict=True):
            assert row.p_value is not None
            out[i, j] = row.p_value
    return out


def test_before_a_result_the_view_says_how_to_get_one(
    view: AllPairsView, qtmodeltester: Any
) -> None:
    assert view.model.rowCount() == 0
    assert view.legend.text() == EMPTY_TEXT
    assert EMPTY_TEXT == (
        "No all-pairs test yet: tick All pairs in the systems table and press Run."
    )
    qtmodeltester.check(view.model)


def test_every_cell_is_sacrebleus_paired_test(
    qtbot: QtBot,
    model: SystemsModel,
    view: AllPairsView,
    monkeypatch: pytest.MonkeyPatch,
    qtmodeltester: Any,
) -> None:
    run_all_pairs(qtbot, model, 1000)
    matrix = view.model
    qtmodeltester.check(matrix)
    theirs = sacrebleu_p_values(monkeypatch)
    for i in range(4):
        assert matrix.index(i, i).data() == "—"
        for j in range(4):
            if i != j:
                delta = sacrebleu_score(i) - sacrebleu_score(j)
                assert matrix.index(i, j).data() == (
                    f"{delta:+.2f}\np = {star(theirs[i, j])}"
                )
    assert matrix.index(2, 0).data() == "-1.34\np = 0.0080*"
    assert matrix.headerData(2, Qt.Orientation.Vertical) == "3: UEdin"
    assert matrix.headerData(2, Qt.Orientation.Horizontal) == "3"
    assert view.legend.text() == (
        "Paired bootstrap resampling, 1000 resamples, seed 12345, on 500 sentences. "
        "Each cell: BLEU of the row's system minus BLEU of the column's system, and "
        "the p-value of that difference (sacreBLEU's paired test with either as the "
        "baseline). p-values are not corrected for testing 6 pairs (see Holm); * "
        "marks 0.05 or less."
    )


def test_holm_corrects_every_pair_on_request(
    qtbot: QtBot,
    model: SystemsModel,
    view: AllPairsView,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    run_all_pairs(qtbot, model, 1000)
    theirs = sacrebleu_p_values(monkeypatch)
    pairs = list(combinations(range(4), 2))
    corrected = dict(
        zip(pairs, holm_by_hand([theirs[j, i] for i, j in pairs]), strict=True)
    )
    view.holm_box.setChecked(True)
    matrix = view.model
    for (i, j), p in corrected.items():
        for row, column in ((i, j), (j, i)):
            text = matrix.index(row, column).data()
            assert text.endswith(f"\np = {star(p)}")
            tip = matrix.index(row, column).data(Qt.ItemDataRole.ToolTipRole)
            assert tip.endswith(f" BLEU, Holm-corrected p = {star(p)}")
            font = matrix.index(row, column).data(Qt.ItemDataRole.FontRole)
            assert font.bold() is (p <= 0.05)
    assert "p-values are corrected by Holm's method for the 6 pairs tested" in (
        view.legend.text()
    )


def test_a_changed_config_marks_the_matrix_stale(
    qtbot: QtBot, model: SystemsModel, view: AllPairsView
) -> None:
    run_all_pairs(qtbot, model, 200)
    model.set_config(BleuConfig(lowercase=True), "nrefs:2|case:lc|…")
    assert view.legend.text().endswith(
        "Stale: The scoring options changed since the test ran: run it again."
    )
    assert view.model.index(0, 1).data(Qt.ItemDataRole.FontRole).italic()


def _ten_systems() -> list[SystemEntry]:
    """The four demo systems and six mixtures of their lines."""
    texts = demo_texts()
    refs = references()
    entries = demo_entries()
    for j in range(6):
        lines = tuple(texts[(i // (j + 1) + j) % 4][i] for i in range(len(texts[0])))
        stats = corpus_stats(lines, refs, BleuConfig())
        entries.append(SystemEntry(f"mix-{j + 1}", stats, lines))
    return entries


def test_ten_systems_fit_a_1280_pixel_window_with_holm(
    qtbot: QtBot, model: SystemsModel, view: AllPairsView
) -> None:
    model.set_systems(_ten_systems(), BleuConfig(), SIGNATURE)
    run_all_pairs(qtbot, model, 200)
    view.holm_box.setChecked(True)
    view.resize(1280, 720)
    view.show()
    qtbot.waitExposed(view)
    table = view.table
    assert view.model.rowCount() == 10
    assert not table.horizontalScrollBar().isVisible()
    assert not table.verticalScrollBar().isVisible()
    metrics = table.fontMetrics()
    for column in range(10):
        widest = max(
            metrics.horizontalAdvance(line)
            for row in range(10)
            for line in str(view.model.index(row, column).data()).split("\n")
        )
        assert table.columnWidth(column) >= widest
