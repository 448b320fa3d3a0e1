"""The sentence table's column specs and layout (`io/sentence_columns.py`)."""

from __future__ import annotations

import pytest

from bleu_gui.io.cell_text import Shown
from bleu_gui.io.sentence_columns import (
    COLUMN_SPECS,
    PAIR_KINDS,
    ColumnKey,
    ColumnKind,
    column_layout,
    column_words,
)
from bleu_gui.models.sentence_table import Column, SentenceTableModel

K = ColumnKind


def _kinds(keys: tuple[ColumnKey, ...]) -> list[str]:
    return [
        f"p{key.order}" if key.kind is K.PRECISION else key.kind.name for key in keys
    ]


def test_every_kind_has_a_spec_with_its_own_stored_name() -> None:
    assert set(COLUMN_SPECS) == set(ColumnKind)
    stored = [spec.stored for spec in COLUMN_SPECS.values()]
    assert len(set(stored)) == len(stored)


def test_a_plain_corpus_has_the_fixed_columns_then_the_precisions_then_the_text() -> (
    None
):
    keys = column_layout(4, units=False, pair=False)
    assert _kinds(keys) == [
        "NUMBER", "BLEU", "COST", "HYP_LEN", "REF_LEN", "BP",
        "p1", "p2", "p3", "p4", "WORD_EDITS", "CHAR_EDITS", "BAND",
        "CLOSEST_REF", "QA", "QA_ISSUES", "HYPOTHESIS",
    ]  # fmt: skip
    for place in Column:  # the places tests and benches address by number
        assert keys[place] == ColumnKey(ColumnKind[place.name])


def test_units_come_after_the_number_and_a_pair_before_the_text() -> None:
    keys = column_layout(2, units=True, pair=True)
    assert _kinds(keys) == [
        "NUMBER", "UNIT", "BLEU", "COST", "HYP_LEN", "REF_LEN", "BP", "p1", "p2",
        "WORD_EDITS", "CHAR_EDITS", "BAND", "CLOSEST_REF", "QA", "QA_ISSUES",
        "A_BLEU", "B_BLEU", "DELTA", "SWAP", "HYPOTHESIS",
    ]  # fmt: skip
    assert PAIR_KINDS == (K.A_BLEU, K.B_BLEU, K.DELTA, K.SWAP)


@pytest.mark.parametrize(
    ("key", "words"),
    [
        (ColumnKey(K.NUMBER), ("#", "Segment number (line in the files)")),
        (ColumnKey(K.PRECISION, 3), ("p3", "3-gram precision (%)")),
        (ColumnKey(K.DELTA), ("Δ", "Sentence BLEU of B minus A's")),
        (
            ColumnKey(K.REF_LEN),
            (
                "Ref len",
                "Length in tokens of the reference the brevity penalty used",
            ),
        ),
    ],
)
def test_the_words_of_a_header(key: ColumnKey, words: tuple[str, str]) -> None:
    assert column_words(key) == words


def test_text_columns_are_left_aligned_and_counts_read_as_integers() -> None:
    texts = {kind for kind, spec in COLUMN_SPECS.items() if spec.text}
    assert texts == {K.UNIT, K.QA_ISSUES, K.HYPOTHESIS}
    counts = {kind for kind, spec in COLUMN_SPECS.items() if spec.count}
    assert counts == {K.HYP_LEN, K.REF_LEN, K.QA}
    assert COLUMN_SPECS[K.SWAP].shown is Shown.SWAP
    hidden = {kind for kind, spec in COLUMN_SPECS.items() if spec.hidden_with_pair}
    assert hidden == {
        K.BLEU,
        K.COST,
        K.HYP_LEN,
        K.REF_LEN,
        K.BP,
        K.PRECISION,
        K.WORD_EDITS,
        K.CHAR_EDITS,
        K.BAND,
        K.CLOSEST_REF,
        K.QA,
        K.QA_ISSUES,
    }
    assert COLUMN_SPECS[K.BAND].shown is Shown.BAND
    hidden = {kind for kind, spec in COLUMN_SPECS.items() if spec.hidden_by_default}
    assert hidden == {K.WORD_EDITS, K.CHAR_EDITS, K.CLOSEST_REF, K.QA_ISSUES}


def test_the_model_follows_the_layout() -> None:
    model = SentenceTableModel()
    keys = [model.column_key(c) for c in range(model.columnCount())]
    assert keys == list(column_layout(4, units=False, pair=False))
    assert model.column_of(ColumnKey(K.UNIT)) is None
    assert model.column_of(ColumnKey(K.PRECISION, 5)) is None
    assert model.column_key(model.columnCount()) is None
    assert model.hypothesis_column() == 16
