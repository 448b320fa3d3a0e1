"""The documents table model: sacreBLEU's numbers per document, sorted as numbers.

Every expected score is sacreBLEU's `corpus_score` of the document's lines; the
document test's numbers are the core's `document_bootstrap`, itself checked
against sacreBLEU in `tests/core/test_documents.py`.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache

import numpy as np
import pytest
from PySide6.QtCore import QPersistentModelIndex, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig, Compat, CorpusStats, corpus_stats
from bleu_gui.core.documents import (
    Documents,
    DocumentTestResult,
    document_bootstrap,
)
from bleu_gui.models.documents_model import (
    DOCUMENT_ROLE,
    PENDING,
    SORT_ROLE,
    DocumentsInput,
    DocumentsModel,
    DocumentTest,
    describe_result,
)
from bleu_gui.models.sentence_filter import DocumentRows, SentenceFilter, filter_rows
from tests.core.demo_systems import SYSTEM_NAMES, references, system

TIMEOUT = 30_000


def doc_ids() -> list[str]:
    """Made-up ids for the demo's 500 segments: sizes 1 to 120, two scattered."""
    ids = []
    for i in range(500):
        if i < 40:
            ids.append("mix-a" if i % 2 else "mix-b")
        elif i < 43:
            ids.append(f"one-{i}")
        elif i < 380:
            ids.append(f"mid-{(i - 43) // 30:02d}")
        else:
            ids.append("long")
    return ids


@cache
def demo_documents() -> Documents:
    return Documents.of(doc_ids())


@cache
def demo_stats() -> tuple[CorpusStats, ...]:
    return tuple(
        corpus_stats(system(n), references(), BleuConfig()) for n in SYSTEM_NAMES
    )


def demo_input(pair: tuple[int, int] | None = (0, 3)) -> DocumentsInput:
    return DocumentsInput(
        demo_documents(),
        SYSTEM_NAMES,
        demo_stats(),
        BleuConfig(),
        pair,
        tuple(system(n) for n in SYSTEM_NAMES),
    )


def sacre(name: str, document: str) -> float:
    rows = [i for i, d in enumerate(doc_ids()) if d == document]
    lines = system(name)
    return float(
        BLEU()
        .corpus_score(
            [lines[r] for r in rows], [[ref[r] for r in rows] for ref in references()]
        )
        .score
    )


def filled(qtbot: QtBot, given: DocumentsInput) -> DocumentsModel:
    model = DocumentsModel()
    with qtbot.waitSignal(model.computing_changed, timeout=TIMEOUT) as ended:
        model.set_input(given)
        assert model.is_computing
    del ended
    qtbot.waitUntil(lambda: not model.is_computing, timeout=TIMEOUT)
    return model


def cell(model: DocumentsModel, row: int, column: int, role: int) -> object:
    return model.data(model.index(row, column), role)


def test_headers_name_the_systems_and_the_pair(qtbot: QtBot) -> None:
    model = filled(qtbot, demo_input())
    headers = [
        model.headerData(c, Qt.Orientation.Horizontal)
        for c in range(model.columnCount())
    ]
    assert headers == ["Document", "Segments", "Δ B − A", *SYSTEM_NAMES]
    tip = model.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert tip == "BLEU of happypoet (B) minus BLEU of Facebook-AI (A), per document"


def test_every_cell_is_sacrebleus_score_of_the_documents_lines(qtbot: QtBot) -> None:
    model = filled(qtbot, demo_input())
    assert model.rowCount() == len(demo_documents())
    for row in range(model.rowCount()):
        document = cell(model, row, 0, DOCUMENT_ROLE)
        assert isinstance(document, str)
        assert cell(model, row, 0, Qt.ItemDataRole.DisplayRole) == document
        size = doc_ids().count(document)
        assert cell(model, row, 1, SORT_ROLE) == size
        for k, name in enumerate(SYSTEM_NAMES):
            expected = sacre(name, document)
            assert cell(model, row, 3 + k, SORT_ROLE) == expected
            shown = cell(model, row, 3 + k, Qt.ItemDataRole.DisplayRole)
            assert shown == f"{expected:.2f}"
        delta = sacre("happypoet", document) - sacre("Facebook-AI", document)
        assert cell(model, row, 2, SORT_ROLE) == delta
        want = f"{delta:+.2f}".replace("-", "−")
        if float(want.replace("−", "-")) == 0:  # the same BLEU: no sign
            want = "0.00"
        assert cell(model, row, 2, Qt.ItemDataRole.DisplayRole) == want


def test_without_a_pair_there_is_no_delta_column(qtbot: QtBot) -> None:
    model = filled(qtbot, demo_input(pair=None))
    assert model.columnCount() == 2 + len(SYSTEM_NAMES)
    assert model.deltas() is None


def test_cells_say_pending_until_their_scores_come(qtbot: QtBot) -> None:
    model = DocumentsModel()
    model.set_input(demo_input())
    assert cell(model, 0, 2, Qt.ItemDataRole.DisplayRole) == PENDING
    assert cell(model, 0, 0, Qt.ItemDataRole.DisplayRole) == "mix-b"
    with qtbot.waitSignal(model.computing_changed, timeout=TIMEOUT):
        pass
    assert cell(model, 0, 2, Qt.ItemDataRole.DisplayRole) != PENDING


def test_another_pair_scores_nothing_again(qtbot: QtBot) -> None:
    model = filled(qtbot, demo_input())
    model.set_input(demo_input(pair=(1, 2)))
    assert not model.is_computing
    assert model.headerData(2, Qt.Orientation.Horizontal) == "Δ B − A"
    first = model.document_at(0)
    assert first is not None
    assert cell(model, 0, 2, SORT_ROLE) == sacre("UEdin", first) - sacre(
        "Online-W", first
    )


@pytest.mark.parametrize("column", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize(
    "order", [Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder]
)
def test_the_header_sorts_by_the_number(
    qtbot: QtBot, column: int, order: Qt.SortOrder
) -> None:
    model = filled(qtbot, demo_input())
    model.sort(column, order)
    values = [cell(model, row, column, SORT_ROLE) for row in range(model.rowCount())]
    numbers = [float(v) for v in values]  # type: ignore[arg-type]
    assert not any(math.isnan(v) for v in numbers)
    descending = order == Qt.SortOrder.DescendingOrder
    assert numbers == sorted(numbers, reverse=descending)
    # By their text the rows would come in another order (10.5 before 9.3).
    texts = [
        str(cell(model, row, column, Qt.ItemDataRole.DisplayRole))
        for row in range(model.rowCount())
    ]
    assert texts != sorted(texts, reverse=descending)


def test_sorting_by_id_and_back(qtbot: QtBot) -> None:
    model = filled(qtbot, demo_input())
    model.sort(0, Qt.SortOrder.DescendingOrder)
    ids = [model.document_at(row) for row in range(model.rowCount())]
    assert ids == sorted(demo_documents().ids, reverse=True)
    assert model.row_of("long") == ids.index("long")


def test_a_sort_keeps_persistent_indexes_on_their_document(qtbot: QtBot) -> None:
    model = filled(qtbot, demo_input())

    kept = QPersistentModelIndex(model.index(0, 2))
    document = kept.data(DOCUMENT_ROLE)
    model.sort(2, Qt.SortOrder.DescendingOrder)
    assert kept.data(DOCUMENT_ROLE) == document
    assert kept.column() == 2


def test_nan_sorts_last(qtbot: QtBot) -> None:
    """tensorflow/nmt cannot score an empty hypothesis: those documents are NaN."""
    config = BleuConfig(compat=Compat.TF_NMT)
    hyps = ["", "the cat sat", "", "a dog ran"]
    refs = [["the cat", "the cat sat on it", "the day", "a dog ran off"]]
    stats = corpus_stats(hyps, refs, config)
    given = DocumentsInput(
        Documents.of(["empty", "cat", "empty-too", "dog"]), ("tf",), (stats,), config
    )
    model = filled(qtbot, given)
    for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
        model.sort(2, order)
        shown = [cell(model, row, 2, Qt.ItemDataRole.DisplayRole) for row in range(4)]
        assert shown[2:] == ["—", "—"]
        assert [model.document_at(row) for row in (2, 3)] == ["empty", "empty-too"]
        tip = cell(model, 3, 2, Qt.ItemDataRole.ToolTipRole)
        assert tip == "This mode cannot score the document"


def test_qtmodeltester(qtbot: QtBot, qtmodeltester: ModelTester) -> None:
    model = DocumentsModel()
    model.set_input(demo_input())
    qtmodeltester.check(model)  # while computing
    qtbot.waitUntil(lambda: not model.is_computing, timeout=TIMEOUT)
    model.sort(3, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(model)
    model.set_input(demo_input(pair=None))
    qtmodeltester.check(model)
    model.set_input(None)
    qtmodeltester.check(model)


# --- the document test --------------------------------------------------------


def test_the_document_test_gives_the_cores_numbers(qtbot: QtBot) -> None:
    test = DocumentTest()
    test.samples = 200
    try:
        with qtbot.waitSignal(test.finished, timeout=60_000) as done:
            test.start(demo_input())
    finally:
        test.shutdown()
    result, names = done.args
    expected = document_bootstrap(
        demo_stats()[0], demo_stats()[3], demo_documents(), BleuConfig(), samples=200
    )
    assert isinstance(result, DocumentTestResult)
    assert result == expected
    assert names == ("Facebook-AI", "happypoet")


def test_the_result_is_labelled_as_not_sacrebleus_test() -> None:
    result = document_bootstrap(
        demo_stats()[0], demo_stats()[3], demo_documents(), BleuConfig(), samples=100
    )
    delta = f"{result.delta:+.2f}".replace("-", "−")
    assert describe_result(result, ("Facebook-AI", "happypoet")) == (
        "document bootstrap (not sacreBLEU's test), 18 documents, 100 resamples, "
        "seed 12345: "
        f"Δ happypoet − Facebook-AI = {delta}, p = {result.p_value:.4f}"
    )


def test_reasons_the_test_cannot_run() -> None:
    assert DocumentTest.why_not(None) == "choose two systems (A and B) to test"
    assert DocumentTest.why_not(demo_input(pair=None)) == (
        "choose two systems (A and B) to test"
    )
    one = DocumentsInput(
        Documents.of(["d"] * 500), SYSTEM_NAMES, demo_stats(), BleuConfig(), (0, 1)
    )
    assert DocumentTest.why_not(one) == (
        "a document bootstrap needs at least 2 documents, the test set has 1"
    )
    assert DocumentTest.why_not(demo_input()) is None


def test_a_refused_test_fails_in_one_line(qtbot: QtBot) -> None:
    test = DocumentTest()
    with qtbot.waitSignal(test.failed) as failed:
        test.start(demo_input(pair=None))
    assert failed.args == ["choose two systems (A and B) to test"]
    test.shutdown()


# --- the document criterion of the sentence filter -------------------------------


def test_a_document_criterion_says_which_documents() -> None:
    one = DocumentRows(frozenset({"d7"}), (3, 4))
    assert one.describe() == "document 'd7'"
    two = DocumentRows(frozenset({"d2", "d10"}), (0, 9))
    assert two.describe() == "documents 'd10', 'd2'"


def test_the_document_criterion_combines_with_the_others() -> None:
    documents = demo_documents()
    rows = documents.rows_of(frozenset({"mid-02"}))
    spec = SentenceFilter(
        min_score=30.0, documents=DocumentRows(frozenset({"mid-02"}), tuple(rows))
    )
    assert spec.is_active
    assert spec.without_pair().documents is None
    scores = np.array([float(i % 100) for i in range(500)])
    hyps = system("UEdin")
    kept = filter_rows(spec, scores, hyps, [], None)
    assert kept.tolist() == [r for r in rows.tolist() if r % 100 >= 30]
    assert kept.tolist() != rows.tolist()  # the score range took some away
    texts = replace(spec, text="the", in_references=False, in_source=False)
    found = filter_rows(texts, scores, hyps, [], None)
    assert found.tolist() == [r for r in kept.tolist() if "the" in hyps[r].lower()]
