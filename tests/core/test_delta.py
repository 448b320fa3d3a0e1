"""Two systems sentence by sentence: Δ of sentence BLEU and the swap effect.

The oracle is sacreBLEU 2.6.0: its `sentence_bleu` for the sentence scores and their
terms, its `corpus_bleu` of the actually swapped file for the swap effect.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.translate.bleu_score import SmoothingFunction
from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig, Compat, Smoothing, corpus_bleu, corpus_stats
from bleu_gui.core import analysis as analysis_module
from bleu_gui.core.delta import (
    iter_swap_effects,
    sentence_delta,
    sentence_deltas,
    swap_effects,
)
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.steps import drain
from tests.core.demo_systems import references, system
from tests.core.strategies import corpora, segments
from tests.oracles import sacrebleu_refs

SACRE_CONFIGS = [
    pytest.param(BleuConfig(), BLEU(), id="exp"),
    pytest.param(
        BleuConfig(smoothing=Smoothing.NONE), BLEU(smooth_method="none"), id="none"
    ),
    pytest.param(
        BleuConfig(smoothing=Smoothing.FLOOR, smooth_value=0.5),
        BLEU(smooth_method="floor", smooth_value=0.5),
        id="floor",
    ),
    pytest.param(
        BleuConfig(smoothing=Smoothing.ADD_K, max_order=3, lowercase=True),
        BLEU(smooth_method="add-k", max_ngram_order=3, lowercase=True),
        id="add-k-order3-lc",
    ),
]
PAIR = ("happypoet", "Online-W")
SAMPLED_ROWS = [0, 1, 2, 3, 7, 42, 99, 123, 250, 311, 404, 499]


def _sentence_metric(metric: BLEU) -> BLEU:
    """The same options with effective order on, as `sacrebleu.sentence_bleu` has."""
    return BLEU(
        smooth_method=metric.smooth_method,
        smooth_value=metric.smooth_value,
        max_ngram_order=metric.max_ngram_order,
        lowercase=metric.lowercase,
        effective_order=True,
    )


@pytest.mark.parametrize(("config", "metric"), SACRE_CONFIGS)
def test_sentence_deltas_equal_sacrebleu_sentence_score_differences(
    config: BleuConfig, metric: BLEU
) -> None:
    refs = references()
    hyps_a, hyps_b = system(PAIR[0]), system(PAIR[1])
    deltas = sentence_deltas(
        corpus_stats(hyps_a, refs, config), corpus_stats(hyps_b, refs, config), config
    )
    sentence = _sentence_metric(metric)
    expected = [
        sentence.sentence_score(b, [r[i] for r in refs]).score
        - sentence.sentence_score(a, [r[i] for r in refs]).score
        for i, (a, b) in enumerate(zip(hyps_a, hyps_b, strict=True))
    ]
    assert deltas.tolist() == expected


@pytest.mark.parametrize(("config", "metric"), SACRE_CONFIGS)
def test_sentence_delta_says_what_changed_as_sacrebleu_counts_it(
    config: BleuConfig, metric: BLEU
) -> None:
    refs = references()
    hyps_a, hyps_b = system(PAIR[0]), system(PAIR[1])
    stats_a = corpus_stats(hyps_a, refs, config)
    stats_b = corpus_stats(hyps_b, refs, config)
    sentence = _sentence_metric(metric)
    for row in SAMPLED_ROWS:
        row_refs = [r[row] for r in refs]
        want_a = sentence.sentence_score(hyps_a[row], row_refs)
        want_b = sentence.sentence_score(hyps_b[row], row_refs)
        got = sentence_delta(stats_a, stats_b, row, config)
        assert got.delta == want_b.score - want_a.score
        for ours, theirs in ((got.a, want_a), (got.b, want_b)):
            assert ours.score == theirs.score
            assert (ours.sys_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)
            assert ours.bp == theirs.bp
        for change in got.orders:
            n = change.order - 1
            # sacreBLEU's counts/totals carry add-k's +k; the raw counts do not.
            plus = 1 if config.smoothing_method is Smoothing.ADD_K and n > 0 else 0
            assert change.matches_a == want_a.counts[n] - plus
            assert change.matches_b == want_b.counts[n] - plus
            assert change.total_a == want_a.totals[n] - plus
            assert change.total_b == want_b.totals[n] - plus
            assert change.matches_delta == change.matches_b - change.matches_a
            assert change.total_delta == change.total_b - change.total_a
        assert math.fsum(part.points for part in got.parts) == pytest.approx(
            want_b.score - want_a.score, abs=1e-9
        )


def test_sentence_delta_words_and_parts_for_a_pinned_row() -> None:
    # Row 4 of the demo: happypoet is 21 tokens against r = 34 (BP 0.538), Online-W
    # 36 tokens (BP 1), and better at every order.
    refs = references()
    config = BleuConfig()
    stats_a = corpus_stats(system(PAIR[0]), refs, config)
    stats_b = corpus_stats(system(PAIR[1]), refs, config)
    got = sentence_delta(stats_a, stats_b, 3, config, names=PAIR)
    row_refs = [r[3] for r in refs]
    want_a = BLEU(effective_order=True).sentence_score(system(PAIR[0])[3], row_refs)
    want_b = BLEU(effective_order=True).sentence_score(system(PAIR[1])[3], row_refs)
    # The split, recomputed from sacreBLEU's own BP and precisions.
    logs = [math.log(want_b.bp) - math.log(want_a.bp)] + [
        (math.log(pb / 100) - math.log(pa / 100)) / 4
        for pa, pb in zip(want_a.precisions, want_b.precisions, strict=True)
    ]
    delta = want_b.score - want_a.score
    expected = [term * delta / math.fsum(logs) for term in logs]
    assert [part.points for part in got.parts] == pytest.approx(expected, rel=1e-12)
    assert [part.log_term for part in got.parts] == pytest.approx(logs, rel=1e-12)
    assert got.log_exact
    assert got.diagnosis == (
        "Online-W gains 37.94 BLEU over happypoet: +16.36 from length, "
        "+11.20 from 4-gram precision, +6.33 from 3-gram precision, "
        "+3.24 from 2-gram precision, +0.81 from 1-gram precision"
    )


def test_nltk_sentence_deltas_equal_nltks_sentence_bleu_differences() -> None:
    refs = references()
    hyps_a, hyps_b = system(PAIR[0]), system(PAIR[1])
    config = BleuConfig(compat=Compat.NLTK, smoothing=Smoothing.METHOD1)
    stats_a = corpus_stats(hyps_a, refs, config)
    stats_b = corpus_stats(hyps_b, refs, config)
    deltas = sentence_deltas(stats_a, stats_b, config)
    smoother = SmoothingFunction().method1
    for row in SAMPLED_ROWS:
        row_refs = [r[row].split() for r in refs]
        want_a, want_b = (
            nltk_sentence_bleu(row_refs, hyps[row].split(), smoothing_function=smoother)
            for hyps in (hyps_a, hyps_b)
        )
        assert deltas[row] == 100.0 * want_b - 100.0 * want_a
        got = sentence_delta(stats_a, stats_b, row, config)
        assert (got.a.native_score, got.b.native_score) == (want_a, want_b)
        assert math.fsum(part.points for part in got.parts) == pytest.approx(
            got.delta, abs=1e-9
        )


def _swapped(hyps_a: Sequence[str], hyps_b: Sequence[str], row: int) -> list[str]:
    out = list(hyps_a)
    out[row] = hyps_b[row]
    return out


@pytest.mark.parametrize(("config", "metric"), SACRE_CONFIGS)
def test_swap_effect_equals_sacrebleu_on_the_swapped_file(
    config: BleuConfig, metric: BLEU
) -> None:
    refs = references()
    hyps_a, hyps_b = system(PAIR[0]), system(PAIR[1])
    effects = swap_effects(
        corpus_stats(hyps_a, refs, config), corpus_stats(hyps_b, refs, config), config
    )
    assert effects.shape == (len(hyps_a),)
    base = metric.corpus_score(list(hyps_a), [list(r) for r in refs]).score
    strongest = np.argsort(-np.abs(effects), kind="stable")[:3].tolist()
    for row in [*SAMPLED_ROWS, *strongest]:
        swapped = _swapped(hyps_a, hyps_b, row)
        want = metric.corpus_score(swapped, [list(r) for r in refs]).score - base
        assert effects[row] == want


def test_swapping_an_identical_sentence_changes_nothing() -> None:
    hyps_a = ["the cat sat on the mat", "a dog bit a man"]
    hyps_b = ["the cat sat on the mat", "the dog bit the man"]
    refs = [["the cat sat on a mat", "the dog bit the man"]]
    config = BleuConfig()
    effects = swap_effects(
        corpus_stats(hyps_a, refs, config), corpus_stats(hyps_b, refs, config), config
    )
    assert effects[0] == 0.0
    assert effects[1] > 0


@settings(max_examples=60, deadline=None)
@given(
    corpus=corpora(max_refs=3),
    others=st.lists(segments, min_size=8, max_size=8),
    smoothing=st.sampled_from(["exp", "none", "floor", "add-k"]),
    order=st.integers(1, 5),
)
def test_swap_effect_equals_sacrebleu_on_random_corpora(
    corpus: tuple[list[str], list[list[str | None]]],
    others: list[str],
    smoothing: str,
    order: int,
) -> None:
    hyps_a, refs = corpus
    hyps_b = others[: len(hyps_a)]
    config = BleuConfig(smoothing=Smoothing(smoothing), max_order=order)
    metric = BLEU(smooth_method=smoothing, max_ngram_order=order)
    effects = swap_effects(
        corpus_stats(hyps_a, refs, config), corpus_stats(hyps_b, refs, config), config
    )
    base = metric.corpus_score(hyps_a, sacrebleu_refs(refs)).score
    for row in range(len(hyps_a)):
        swapped = _swapped(hyps_a, hyps_b, row)
        want = metric.corpus_score(swapped, sacrebleu_refs(refs)).score - base
        assert effects[row] == want


COMPAT_CONFIGS = [
    pytest.param(
        BleuConfig(compat=Compat.NLTK, smoothing=Smoothing.METHOD3), id="nltk"
    ),
    pytest.param(
        BleuConfig(compat=Compat.TF_NMT, smoothing=Smoothing.ADD_ONE), id="tf"
    ),
    pytest.param(BleuConfig(compat=Compat.MULTI_BLEU), id="multi-bleu"),
]


@pytest.mark.parametrize("config", COMPAT_CONFIGS)
def test_swap_effect_in_other_modes_is_the_swapped_corpus_score(
    config: BleuConfig,
) -> None:
    # The other modes' corpus scores are checked against their libraries elsewhere
    # (test_compat_nltk, test_tf_nmt, test_multi_bleu); here: the row arithmetic.
    refs = references()
    hyps_a, hyps_b = system(PAIR[0])[:60], system(PAIR[1])[:60]
    refs60 = [r[:60] for r in refs]
    effects = swap_effects(
        corpus_stats(hyps_a, refs60, config),
        corpus_stats(hyps_b, refs60, config),
        config,
    )
    base = corpus_bleu(hyps_a, refs60, config).score
    for row in (0, 3, 17, 59):
        want = corpus_bleu(_swapped(hyps_a, hyps_b, row), refs60, config).score - base
        assert effects[row] == pytest.approx(want, rel=1e-12, abs=1e-12)


def test_systems_of_other_test_sets_are_refused() -> None:
    config = BleuConfig()
    stats_a = corpus_stats(["a b", "c"], [["a b", "c d"]], config)
    shorter = corpus_stats(["a b"], [["a b"]], config)
    other_refs = corpus_stats(["a b", "c"], [["a b c", "c d"]], config)
    with pytest.raises(ValueError, match="have 2 and 1 segments"):
        swap_effects(stats_a, shorter, config)
    with pytest.raises(ValueError, match="not counted against the same references"):
        sentence_delta(stats_a, other_refs, 0, config)


def test_blocks_and_worker_processes_give_the_same_swap_effects(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = BleuConfig()
    refs = references()
    stats_a = corpus_stats(system(PAIR[0]), refs, config)
    stats_b = corpus_stats(system(PAIR[1]), refs, config)
    whole = swap_effects(stats_a, stats_b, config)
    monkeypatch.setattr(analysis_module, "ROW_BLOCK", 37)
    np.testing.assert_array_equal(swap_effects(stats_a, stats_b, config), whole)
    with WorkerPool(1) as pool:
        blocks = drain(iter_swap_effects(stats_a, stats_b, config, pool))
    np.testing.assert_array_equal(blocks, whole)


def test_sentence_delta_calls_the_systems_a_and_b_by_default() -> None:
    # Row 4 of the demo, as above: Online-W (B) gains over happypoet (A).
    refs = references()
    config = BleuConfig()
    stats_a = corpus_stats(system(PAIR[0]), refs, config)
    stats_b = corpus_stats(system(PAIR[1]), refs, config)
    got = sentence_delta(stats_a, stats_b, 3, config)
    assert (got.name_a, got.name_b) == ("A", "B")
    assert got.diagnosis.startswith("B gains 37.94 BLEU over A: ")
