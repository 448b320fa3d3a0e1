"""A small corpus counted in plain Python: the same integers as sacreBLEU's and numpy's.

`core.row_counts` counts the test sets of `bleu-gui score` below
`PLAIN_MAX_SEGMENTS` segments without numpy. Its per-segment counts are checked
against sacreBLEU's own statistics on random segments made to match often (repeated
n-grams on both sides, several references, missing references, empty hypotheses),
its sums and every other answer against `CorpusStats`'s on the same corpus, and
`system_counts.counts_of_systems`'s choice of form at the limit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

import numpy as np
import pytest
import sacrebleu
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig, Compat, Smoothing
from bleu_gui.core import system_counts as system_counts_module
from bleu_gui.core.row_counts import RowCounts, count_rows
from bleu_gui.core.score_counts import iter_sentence_scores, score_corpus
from bleu_gui.core.scoring import corpus_stats
from bleu_gui.core.stats import CorpusStats, compute_stats, replaced_sums
from bleu_gui.core.system_counts import PLAIN_MAX_SEGMENTS, counts_of_systems

VOCABULARY = [f"w{i}" for i in range(6)]  # few words: n-grams repeat and match


def _segment(rng: random.Random, longest: int) -> str:
    return " ".join(rng.choice(VOCABULARY) for _ in range(rng.randint(0, longest)))


def _corpus(
    seed: int, references: int, segments: int = 60
) -> tuple[list[str], list[list[str | None]]]:
    rng = random.Random(seed)
    hypotheses = [_segment(rng, 25) for _ in range(segments)]
    streams: list[list[str | None]] = [
        [_segment(rng, 25) for _ in range(segments)] for _ in range(references)
    ]
    for i in range(segments):  # some references missing, never all of a segment's
        for k in range(1, references):
            if rng.random() < 0.3:
                streams[k][i] = None
    return hypotheses, streams


CASES = [(1, 1), (2, 2), (3, 3), (4, 1), (5, 4)]


@pytest.mark.parametrize(("seed", "references"), CASES)
def test_each_segment_is_counted_as_sacrebleu_counts_it(
    seed: int, references: int
) -> None:
    hypotheses, streams = _corpus(seed, references)
    counts = count_rows(hypotheses, streams, 4)
    refs = cast(Sequence[Sequence[str]], streams)  # sacreBLEU takes None too
    expected = BLEU(tokenize="none")._extract_corpus_statistics(hypotheses, refs)
    rows = counts.rows()
    assert [row.hyp_len for row in rows] == [stats[0] for stats in expected]
    assert [row.closest_ref_len for row in rows] == [stats[1] for stats in expected]
    assert [list(row.matches) for row in rows] == [stats[2:6] for stats in expected]
    assert [list(row.totals) for row in rows] == [stats[6:10] for stats in expected]


@pytest.mark.parametrize(("seed", "references"), CASES)
def test_every_answer_is_numpys(seed: int, references: int) -> None:
    """Sums, rows, lengths, fewer orders and the arrays: as `CorpusStats` gives."""
    hypotheses, streams = _corpus(seed, references)
    plain = count_rows(hypotheses, streams, 5)
    arrays = compute_stats(hypotheses, streams, 5)
    assert len(plain) == len(arrays) == len(hypotheses)
    assert plain.max_order == arrays.max_order == 5
    assert plain.summed() == arrays.summed()
    assert plain.rows() == arrays.rows()
    assert plain.row(7) == arrays.row(7)
    assert plain.reference_lengths(9) == arrays.reference_lengths(9)
    assert plain.truncated(2).summed() == arrays.truncated(2).summed()
    made = plain.arrays()
    for name in ("hyp_len", "ref_lens", "matches", "totals"):
        np.testing.assert_array_equal(getattr(made, name), getattr(arrays, name))


@pytest.mark.parametrize(
    "config",
    [
        BleuConfig(),
        BleuConfig(smoothing=Smoothing.FLOOR),
        BleuConfig(compat=Compat.NLTK, smoothing=Smoothing.METHOD7),
        BleuConfig(compat=Compat.TF_NMT),
        BleuConfig(compat=Compat.MULTI_BLEU),
    ],
    ids=["sacrebleu", "floor", "nltk-method7", "tf-nmt", "multi-bleu"],
)
def test_a_corpus_scores_the_same_from_either_form(config: BleuConfig) -> None:
    """Counted in plain Python or by numpy's path (`core.scoring.corpus_stats`),
    with two references, one of them missing for some segments."""
    hypotheses, streams = _corpus(6, 2)
    (plain,) = counts_of_systems([hypotheses], streams, config)
    assert isinstance(plain, RowCounts)
    arrays = corpus_stats(hypotheses, streams, config)
    assert score_corpus(plain, config) == score_corpus(arrays, config)
    assert [str(s) for s in iter_sentence_scores(plain, config)] == [
        str(s) for s in iter_sentence_scores(arrays, config)
    ]


def test_the_plain_score_is_sacrebleus_on_real_lines() -> None:
    from tests.core.wmt21_excerpt import HAPPYPOET, REF_A

    (counts,) = counts_of_systems([HAPPYPOET], [REF_A], BleuConfig())
    expected = sacrebleu.corpus_bleu(HAPPYPOET, [REF_A])
    result = score_corpus(counts, BleuConfig())
    assert result.score == expected.score
    assert list(result.counts) == expected.counts


def test_the_form_changes_above_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(system_counts_module, "PLAIN_MAX_SEGMENTS", 6)
    hypotheses, streams = _corpus(7, 1, segments=3)
    refs = [[line or "" for line in stream] for stream in streams]
    two = counts_of_systems([hypotheses, hypotheses], refs, BleuConfig())
    three = counts_of_systems([hypotheses] * 3, refs, BleuConfig())
    assert all(isinstance(counts, RowCounts) for counts in two)  # 6 segments
    assert all(isinstance(counts, CorpusStats) for counts in three)  # 9
    assert [c.summed() for c in two] == [c.summed() for c in three[:2]]
    assert PLAIN_MAX_SEGMENTS == 5_000  # the module's own value, unpatched


def test_a_segment_without_references_is_named() -> None:
    with pytest.raises(ValueError, match="segment 2 has no reference"):
        count_rows(["a", "b"], [["a", None]], 4)


def test_streams_of_other_lengths_are_refused_as_by_numpy() -> None:
    for count in (count_rows, compute_stats):
        with pytest.raises(ValueError, match="reference stream 1 has 1 segments"):
            count(["a", "b"], [["a"]], 4)
    with pytest.raises(
        ValueError, match="stream 1 has 2 segments, the hypotheses have 1"
    ):
        counts_of_systems([["a", "b"], ["a"]], [["a", "b"]], BleuConfig())


def test_nothing_to_sum_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot score an empty set of segments"):
        count_rows([], [[]], 4).summed()
    assert len(count_rows([], [[]], 4).arrays()) == 0


@pytest.mark.parametrize("last", [False, True])
def test_one_row_replaced_moves_the_sums_as_the_block_form_does(last: bool) -> None:
    hypotheses, streams = _corpus(8, 2, segments=12)
    stats = compute_stats(hypotheses, streams, 4)
    other = compute_stats(hypotheses[::-1], streams, 4)
    index = len(stats) - 1 if last else 4
    (expected,) = replaced_sums(
        stats.summed(),
        stats.subset([index]),
        other.subset([index]),
        holds_last=last,
    )
    moved = stats.summed().replaced(stats.row(index), other.row(index), last=last)
    assert moved == expected
    # and as counting the corpus with that row changed
    changed = list(hypotheses)
    changed[index] = hypotheses[::-1][index]
    assert moved == compute_stats(changed, streams, 4).summed()


@pytest.mark.parametrize("references", [1, 3])
def test_segments_that_repeat_no_ngram_are_counted_as_sacrebleu_counts_them(
    references: int,
) -> None:
    """Many words, few repeats: most orders take the set-intersection path, with
    one reference and with several (a match licensed by any of them)."""
    rng = random.Random(references)
    words = [f"v{i}" for i in range(30)]

    def segment() -> str:
        return " ".join(rng.sample(words, rng.randint(0, 12)))

    hypotheses = [segment() for _ in range(200)]
    streams: list[list[str | None]] = [
        [segment() for _ in range(200)] for _ in range(references)
    ]
    counts = count_rows(hypotheses, streams, 4)
    refs = cast(Sequence[Sequence[str]], streams)
    expected = BLEU(tokenize="none")._extract_corpus_statistics(hypotheses, refs)
    assert [list(row.matches) for row in counts.rows()] == [
        stats[2:6] for stats in expected
    ]
