"""Word accuracy per frequency bucket (`core.word_buckets`) on a hand-counted corpus."""

from __future__ import annotations

import math

import pytest

from bleu_gui.core.buckets import BucketEdges
from bleu_gui.core.word_buckets import (
    MATCHING_RULE,
    WordCounts,
    frequency_buckets,
    word_table,
)

# Reference words and their frequency in the references (both streams):
#   the ×4 (3 in ref 1, 1 in ref 2)   cat ×2   sat ×1   dog ×2   ran ×2   a ×1
REF_1 = ("the cat sat", "the the dog ran")
REF_2 = ("the cat", "a dog ran")
HYP_A = ("the cat the cat", "the dog walked")
HYP_B = ("sat sat", "the the the dog ran ran")


def _cells(
    systems: tuple[tuple[str, ...], ...],
) -> dict[str, list[tuple[int, int, int]]]:
    edges = BucketEdges(word_frequency=(1, 2, 3, 5))
    table = word_table([REF_1, REF_2], list(systems), edges)
    return {
        row.bucket.label: [(c.matched, c.hypothesis, c.reference) for c in row.systems]
        for row in table.rows
    }


def test_counts_by_hand() -> None:
    cells = _cells((HYP_A, HYP_B))
    assert list(cells) == ["0", "1", "2", "3–4", "≥ 5"]
    # Sentence 1, reference counts (max over refs): the 1, cat 1, sat 1.
    # Sentence 2: the 2 (ref 1), dog 1, ran 1, a 1.
    # A, sentence 1: the 2, cat 2 -> matched the 1, cat 1. Sentence 2: the 1,
    #   dog 1, walked 1 (frequency 0) -> matched the 1, dog 1.
    # B, sentence 1: sat 2 -> matched 1. Sentence 2: the 3, dog 1, ran 2 ->
    #   matched the 2, dog 1, ran 1.
    assert cells["0"] == [(0, 1, 0), (0, 0, 0)]  # walked
    # frequency 1: sat (sentence 1), a (sentence 2)
    assert cells["1"] == [(0, 0, 2), (1, 2, 2)]
    # frequency 2: cat (s1), dog, ran (s2)
    assert cells["2"] == [(2, 3, 3), (2, 3, 3)]
    # frequency 4: the (s1: A the 1 of 2, reference 1; s2: A 1 of 1, reference 2;
    # B none of 0 in s1, 2 of 3 in s2)
    assert cells["3–4"] == [(2, 3, 3), (2, 3, 3)]
    assert cells["≥ 5"] == [(0, 0, 0), (0, 0, 0)]


def test_precision_recall_and_f_measure() -> None:
    counts = WordCounts(matched=2, hypothesis=3, reference=4)
    assert counts.precision == 2 / 3
    assert counts.recall == 2 / 4
    assert counts.f_measure == 2 * (2 / 3) * (2 / 4) / (2 / 3 + 2 / 4)
    assert WordCounts(0, 2, 3).f_measure == 0.0
    assert math.isnan(WordCounts(0, 1, 0).recall)
    assert math.isnan(WordCounts(0, 1, 0).f_measure)
    assert math.isnan(WordCounts(0, 0, 2).precision)


def test_default_frequency_buckets() -> None:
    assert [b.label for b in frequency_buckets(BucketEdges())] == [
        "0",
        "1",
        "2",
        "3–4",
        "5–9",
        "10–99",
        "100–999",
        "≥ 1000",
    ]


def test_a_missing_reference_counts_for_nothing() -> None:
    table = word_table([("x y", "z"), ("x", None)], [("x y", "z z")])
    cells = {row.bucket.label: row.systems[0] for row in table.rows}
    # x twice in the references, y and z once; segment 2's second reference absent.
    assert cells["2"] == WordCounts(1, 1, 1)
    assert cells["1"] == WordCounts(2, 3, 2)


def test_streams_of_other_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="differ in segments"):
        word_table([("a", "b")], [("a",)])


def test_the_rule_is_stated() -> None:
    assert "min(hypothesis count, reference count)" in MATCHING_RULE
    assert "largest count in any one reference" in MATCHING_RULE
