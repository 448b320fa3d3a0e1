"""The sentence table's pair columns: A's and B's sentence BLEU, Δ and swap effect.

The session compares the demo's Facebook-AI (A) with happypoet (B); every number is
checked against sacreBLEU's sentence and corpus BLEU.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
import sacrebleu
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from bleu_gui.models.sentence_table import (
    RAW_ROLE,
    ColumnKey,
    ColumnKind,
    SentenceTableModel,
)
from bleu_gui.models.session import FileSet, PairScores, Session
from tests.core.demo_systems import DEMO, references, system

A_NAME, B_NAME = "Facebook-AI", "happypoet"
PAIR_KEYS = [
    ColumnKey(kind)
    for kind in (
        ColumnKind.A_BLEU,
        ColumnKind.B_BLEU,
        ColumnKind.DELTA,
        ColumnKind.SWAP,
    )
]


@pytest.fixture
def compared(qtbot: QtBot) -> Iterator[Session]:
    """A session comparing A (baseline) with B (shown), pair computed."""
    session = Session(processes=1)
    a, b = DEMO / f"sys.{A_NAME}.txt", DEMO / f"sys.{B_NAME}.txt"
    files = FileSet(b, (DEMO / "ref.A.txt", DEMO / "ref.B.txt"), systems=(a, b))
    with qtbot.waitSignal(
        session.busy_changed, timeout=60_000, check_params_cb=lambda busy: not busy
    ):
        session.open_files(files)
    assert session.pair is not None
    yield session
    session.shutdown()


def loaded_model(session: Session) -> SentenceTableModel:
    model = SentenceTableModel()
    scores, corpus, stats = session.scores, session.corpus, session.stats
    assert scores is not None
    assert corpus is not None
    assert stats is not None
    model.set_content(scores, corpus.hypothesis.lines, stats.hyp_len)
    return model


def with_pair(session: Session) -> SentenceTableModel:
    model = loaded_model(session)
    pair = session.pair
    assert pair is not None
    a, b = (session.workspace.system(i) for i in (pair.a, pair.b))
    assert a.scores is not None
    assert b.scores is not None
    model.set_pair(pair, a.scores.sentences.score, b.scores.sentences.score)
    return model


def sentence_bleu(name: str, row: int) -> float:
    refs = [ref[row] for ref in references()]
    return float(sacrebleu.sentence_bleu(system(name)[row], refs).score)


def raw(model: SentenceTableModel, row: int, key: ColumnKey) -> object:
    column = model.column_of(key)
    assert column is not None
    return model.data(model.index(row, column), RAW_ROLE)


def text(model: SentenceTableModel, row: int, key: ColumnKey) -> object:
    column = model.column_of(key)
    assert column is not None
    return model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole)


def test_the_pair_columns_come_before_the_text(compared: Session) -> None:
    model = with_pair(compared)
    headers = [
        model.headerData(c, Qt.Orientation.Horizontal)
        for c in range(model.columnCount())
    ]
    assert headers[-5:] == ["A", "B", "Δ", "Swap", "Hypothesis"]
    assert model.column_of(ColumnKey(ColumnKind.HYPOTHESIS)) == model.columnCount() - 1
    assert model.column_of(ColumnKey(ColumnKind.BLEU)) == 1  # the old keys stay


def test_each_pair_cell_is_sacrebleus_number(compared: Session) -> None:
    model = with_pair(compared)
    refs = list(references())
    base = sacrebleu.corpus_bleu(list(system(A_NAME)), refs).score
    for row in (0, 264, 499):
        a, b = sentence_bleu(A_NAME, row), sentence_bleu(B_NAME, row)
        assert raw(model, row, PAIR_KEYS[0]) == a
        assert raw(model, row, PAIR_KEYS[1]) == b
        assert raw(model, row, PAIR_KEYS[2]) == b - a
        swapped = list(system(A_NAME))
        swapped[row] = system(B_NAME)[row]
        effect = sacrebleu.corpus_bleu(swapped, refs).score - base
        value = raw(model, row, PAIR_KEYS[3])
        assert isinstance(value, float)
        assert value == pytest.approx(effect, abs=1e-9)
    # Segment 265 (row 264): 100 for one system, far less for the other.
    assert text(model, 264, PAIR_KEYS[2]) == (
        f"{sentence_bleu(B_NAME, 264) - sentence_bleu(A_NAME, 264):+.1f}"
    )


def test_the_pair_columns_sort_by_their_raw_values(compared: Session) -> None:
    model = with_pair(compared)
    pair = compared.pair
    assert pair is not None
    np.testing.assert_array_equal(model.sort_key(PAIR_KEYS[2]), pair.deltas)
    np.testing.assert_array_equal(model.sort_key(PAIR_KEYS[3]), pair.swap_effects)


def test_the_pair_columns_are_inserted_and_removed_keeping_the_selection(
    qtbot: QtBot, compared: Session
) -> None:
    model = loaded_model(compared)
    columns = model.columnCount()
    kept = QPersistentModelIndex(model.index(7, model.columnCount() - 1))
    pair = compared.pair
    assert pair is not None
    a, b = (compared.workspace.system(i) for i in (pair.a, pair.b))
    assert a.scores is not None
    assert b.scores is not None
    with qtbot.waitSignal(model.columnsInserted):
        model.set_pair(pair, a.scores.sentences.score, b.scores.sentences.score)
    assert model.columnCount() == columns + 4
    assert kept.isValid()
    assert (kept.row(), kept.column()) == (7, model.columnCount() - 1)
    with qtbot.waitSignal(model.columnsRemoved):
        model.set_pair(None)
    assert model.columnCount() == columns
    assert model.column_of(PAIR_KEYS[0]) is None
    assert np.isnan(model.sort_key(PAIR_KEYS[0])).all()
    assert model.sort_key(PAIR_KEYS[0]).size == 500


def test_a_pair_of_another_size_is_refused(compared: Session) -> None:
    model = loaded_model(compared)
    pair = compared.pair
    assert pair is not None
    short = PairScores(
        pair.a, pair.b, pair.config, pair.deltas[:3], pair.swap_effects[:3], pair.corpus
    )
    scores = np.zeros(3)
    with pytest.raises(ValueError, match="the pair has 3 rows, the table 500"):
        model.set_pair(short, scores, scores)


def test_the_model_with_pair_columns_passes_qts_model_tests(
    compared: Session, qtmodeltester: ModelTester
) -> None:
    model = with_pair(compared)
    qtmodeltester.check(model)
    assert model.data(QModelIndex(), RAW_ROLE) is None
