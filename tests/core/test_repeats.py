"""A segment that repeats an earlier one is counted once (`core.repeats`).

`iter_prepare` counts only the segments whose hypothesis and references are not an
earlier segment's; every segment's statistics must still be what sacreBLEU
extracts, in the corpus's order, and an error must still name its own segment.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

import numpy as np
import pytest
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig
from bleu_gui.core import scoring as scoring_module
from bleu_gui.core.stats import CorpusStats, count_chunk
from bleu_gui.core.steps import drain

WORDS = ["the", "cat", "sat", "on", "a", "mat", ",", "dog", "ran", "."]


def _segment(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 12)))


_CountJob = tuple[Sequence[str], Sequence[Sequence[str | None]], int, int]


def _prepared(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[CorpusStats, list[int]]:
    """The statistics `iter_prepare` gives in chunks of 16, and each job's size."""
    sizes: list[int] = []

    def counting(job: _CountJob) -> CorpusStats:
        sizes.append(len(job[0]))
        return count_chunk(job)

    monkeypatch.setattr(scoring_module, "CHUNK", 16)
    monkeypatch.setattr(scoring_module, "count_chunk", counting)
    _, stats = drain(
        scoring_module.iter_prepare(hypotheses, references, BleuConfig(), max_order=4)
    )
    return stats, sizes


def _assert_sacrebleus(
    stats: CorpusStats, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
) -> None:
    expected = np.array(BLEU()._extract_corpus_statistics(hypotheses, references))
    np.testing.assert_array_equal(stats.hyp_len, expected[:, 0])
    np.testing.assert_array_equal(stats.closest_ref_len(), expected[:, 1])
    np.testing.assert_array_equal(stats.matches, expected[:, 2:6])
    np.testing.assert_array_equal(stats.totals, expected[:, 6:10])


def test_each_repeated_segment_is_counted_once_and_gets_sacrebleus_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(7)
    base = [(f"{i} {_segment(rng)}", _segment(rng), _segment(rng)) for i in range(50)]
    rows = base * 4
    rng.shuffle(rows)  # repeats within a chunk of 16 and across chunks
    # Five hypotheses seen before, against other references: counted too.
    rows += [(hyp, f"other {a}", b) for hyp, a, b in base[:5]]
    hypotheses = [hyp for hyp, _, _ in rows]
    references = [[a for _, a, _ in rows], [b for _, _, b in rows]]
    stats, sizes = _prepared(hypotheses, references, monkeypatch)
    assert sum(sizes) == 55  # of 205 segments
    _assert_sacrebleus(stats, hypotheses, references)


def test_a_chunk_with_a_missing_reference_is_counted_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(8)
    hypotheses = [_segment(rng) for _ in range(20)] * 2
    first: list[str | None] = [_segment(rng) for _ in range(20)]
    second: list[str | None] = [_segment(rng) for _ in range(20)]
    first, second = first * 2, second * 2
    second[33] = None  # the chunk of rows 32-39 keeps its repeats
    stats, sizes = _prepared(hypotheses, [first, second], monkeypatch)
    assert sizes == [16, 4, 8]  # rows 16-19 new; 20-31 repeats
    # sacreBLEU takes `None` for a missing reference; its annotation does not.
    _assert_sacrebleus(
        stats, hypotheses, cast(Sequence[Sequence[str]], [first, second])
    )


def test_a_repeated_segment_without_references_is_named_by_its_own_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hypotheses = ["a b", "c d", "a b", "c d"] * 5
    references: list[list[str | None]] = [["a b", "c", "a b", "c"] * 5]
    references[0][18] = None  # a repeat of segment 3, now without a reference
    with pytest.raises(ValueError, match="segment 19 has no reference"):
        _prepared(hypotheses, references, monkeypatch)
