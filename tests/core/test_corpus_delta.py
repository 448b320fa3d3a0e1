"""Corpus Δ split into length and per-order parts that sum to sacreBLEU's Δ.

The Δ is sacreBLEU's own (`corpus_bleu` of each system); the parts are checked to sum
to it, and the log terms against logs of sacreBLEU's BP and precisions. The words are
pinned in full.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.bleu import BLEU, BLEUScore

from bleu_gui.core import (
    BleuConfig,
    Compat,
    CorpusStats,
    Smoothing,
    corpus_stats,
    score_corpus,
)
from bleu_gui.core.score_delta import Factor, ScoreDelta, corpus_delta, decompose
from tests.core.demo_systems import SYSTEM_NAMES, references, system
from tests.core.strategies import corpora, segments
from tests.oracles import sacrebleu_refs

OPTIONS = [
    pytest.param({}, id="exp"),
    pytest.param({"smooth_method": "none"}, id="none"),
    pytest.param({"smooth_method": "floor", "smooth_value": 0.01}, id="floor"),
    pytest.param({"smooth_method": "add-k", "smooth_value": 2}, id="add-k"),
    pytest.param({"max_ngram_order": 2, "lowercase": True}, id="order2-lc"),
    pytest.param({"effective_order": True}, id="effective"),
]


def _config(options: dict[str, object]) -> BleuConfig:
    method = options.get("smooth_method", "exp")
    value = options.get("smooth_value")
    order = options.get("max_ngram_order", 4)
    assert isinstance(method, str)
    assert value is None or isinstance(value, int | float)
    assert isinstance(order, int)
    return BleuConfig(
        smoothing=Smoothing(method),
        smooth_value=value,
        max_order=order,
        lowercase=bool(options.get("lowercase", False)),
        effective_order=bool(options.get("effective_order", False)),
    )


def _sacre_log_terms(a: BLEUScore, b: BLEUScore) -> list[float]:
    """[Δ log BP, Δ (1/N) log p_n ...] from sacreBLEU's own results."""
    pa, pb = a.precisions, b.precisions
    return [math.log(b.bp) - math.log(a.bp)] + [
        (math.log(y / 100) - math.log(x / 100)) / len(pa)
        for x, y in zip(pa, pb, strict=True)
    ]


def _sums_to(got: ScoreDelta, delta: float) -> None:
    assert got.delta == delta
    assert math.fsum(part.points for part in got.parts) == pytest.approx(
        delta, abs=1e-9
    )


@pytest.mark.parametrize("options", OPTIONS)
def test_demo_pairs_split_exactly_into_sacrebleus_delta(
    options: dict[str, object],
) -> None:
    config = _config(options)
    metric = BLEU(**options)  # type: ignore[arg-type]
    refs = references()
    ref_lists = [list(r) for r in refs]
    scores = {
        name: metric.corpus_score(list(system(name)), ref_lists)
        for name in SYSTEM_NAMES
    }
    stats = {name: corpus_stats(system(name), refs, config) for name in SYSTEM_NAMES}
    for name_a, name_b in itertools.permutations(SYSTEM_NAMES, 2):
        got = corpus_delta(stats[name_a], stats[name_b], config)
        want_a, want_b = scores[name_a], scores[name_b]
        _sums_to(got, want_b.score - want_a.score)
        assert got.log_exact
        logs = _sacre_log_terms(want_a, want_b)
        assert [part.log_term for part in got.parts] == pytest.approx(
            logs, rel=1e-9, abs=1e-12
        )
        assert math.fsum(logs) == pytest.approx(
            math.log(want_b.score / want_a.score), rel=1e-9
        )
        assert [part.factor for part in got.parts] == [Factor.LENGTH] + [
            Factor.PRECISION
        ] * config.order


def test_demo_diagnosis_words() -> None:
    config = BleuConfig()
    refs = references()
    names = ("happypoet", "Online-W")
    stats = [corpus_stats(system(name), refs, config) for name in names]
    got = corpus_delta(stats[0], stats[1], config, names=names)
    # Both systems are longer than the references (BP = 1): no length part.
    metric = BLEU()
    want_a, want_b = (
        metric.corpus_score(list(system(name)), [list(r) for r in refs])
        for name in names
    )
    logs = _sacre_log_terms(want_a, want_b)
    delta = want_b.score - want_a.score
    points = [term * delta / math.fsum(logs) for term in logs]
    assert [round(x, 2) for x in points] == [0.0, 0.57, 1.29, 1.86, 2.22]
    assert round(delta, 2) == 5.94
    assert got.diagnosis == (
        "Online-W gains 5.94 BLEU over happypoet: +2.22 from 4-gram precision, "
        "+1.86 from 3-gram precision, +1.29 from 2-gram precision, "
        "+0.57 from 1-gram precision"
    )


# A hand-made test set: every hypothesis is scored against one reference.
REFS = [["the cat sat on the mat today", "a dog bit the old man in the park"]]
PERFECT = ["the cat sat on the mat today", "a dog bit the old man in the park"]
SHORT = ["the cat sat on the mat", "a dog bit the man in the park"]


def _hand_delta(
    hyps_a: list[str], hyps_b: list[str], config: BleuConfig | None = None
) -> ScoreDelta:
    config = config or BleuConfig()
    return corpus_delta(
        corpus_stats(hyps_a, REFS, config), corpus_stats(hyps_b, REFS, config), config
    )


def test_words_of_a_loss_with_a_length_part() -> None:
    # sacreBLEU: PERFECT scores 100.00000000000004, SHORT 71.33 (c = 14, r = 16:
    # BP = exp(1 - 16/14) = 0.867, precisions 14/14, 11/12, 8/10, 5/8).
    short = BLEU().corpus_score(SHORT, REFS)
    assert (short.sys_len, short.ref_len) == (14, 16)
    assert round(short.score, 2) == 71.33
    got = _hand_delta(PERFECT, SHORT)
    assert got.diagnosis == (
        "B loses 28.67 BLEU against A: -12.12 from length, -9.97 from 4-gram "
        "precision, -4.73 from 3-gram precision, -1.85 from 2-gram precision"
    )
    # The unigram precision is 100% on both sides: no part, not even a rounded one.
    assert got.parts[1].points == 0.0
    assert got.parts[0].points == pytest.approx(
        (short.score - 100.00000000000004)
        * math.log(short.bp)
        / math.log(short.score / 100.00000000000004),
        rel=1e-12,
    )


def test_words_on_the_0_to_1_scale() -> None:
    config = BleuConfig(compat=Compat.NLTK, smoothing=Smoothing.METHOD1)
    got = _hand_delta(PERFECT, SHORT, config)
    assert got.diagnosis == (
        "B loses 0.2867 BLEU (0–1 scale) against A: -0.1212 from length, "
        "-0.0997 from 4-gram precision, -0.0473 from 3-gram precision, "
        "-0.0185 from 2-gram precision"
    )


def test_an_empty_system_loses_everything_to_length() -> None:
    got = _hand_delta(["", ""], SHORT)
    assert not got.log_exact
    assert got.parts[0].log_a == -math.inf
    assert [part.points for part in got.parts] == [got.delta, 0.0, 0.0, 0.0, 0.0]
    assert got.diagnosis == (
        "B gains 71.33 BLEU over A: +71.33 from length (A scores 0 because of its "
        "length, so all of the difference is put there)"
    )


def test_a_system_without_a_match_shares_it_among_the_orders() -> None:
    got = _hand_delta(SHORT, ["xx yy zz", "qq"])
    assert not got.log_exact
    share = got.delta / 4
    assert [part.points for part in got.parts] == [0.0, share, share, share, share]
    # Four equal shares of -17.8325: shown -17.83 three times and -17.84 once,
    # so that they add up to the -71.33 shown (ties: the earlier orders first).
    assert got.diagnosis == (
        "B loses 71.33 BLEU against A: -17.83 from 1-gram precision, -17.83 from "
        "2-gram precision, -17.83 from 3-gram precision, -17.84 from 4-gram "
        "precision (B scores 0 because of its 1-, 2-, 3- and 4-gram precision, "
        "so all of the difference is put there)"
    )


def test_an_unsmoothed_zero_precision_takes_the_whole_difference() -> None:
    # Without smoothing, "the cat on the mat" has no matching 4-gram: BLEU 0.
    config = BleuConfig(smoothing=Smoothing.NONE)
    got = _hand_delta(["the cat on the mat", "a man"], SHORT, config)
    assert got.a.score == 0.0
    assert [part.points for part in got.parts] == [0.0, 0.0, 0.0, 0.0, got.delta]
    assert got.diagnosis == (
        "B gains 71.33 BLEU over A: +71.33 from 4-gram precision (A scores 0 "
        "because of its 4-gram precision, so all of the difference is put there)"
    )


def test_identical_systems_and_two_zeros() -> None:
    same = _hand_delta(SHORT, list(SHORT))
    assert same.delta == 0.0
    assert [part.points for part in same.parts] == [0.0] * 5
    assert same.diagnosis == "B scores the same as A"
    zeros = _hand_delta(["", ""], ["xx", "yy"])
    assert zeros.diagnosis == "B scores the same as A: both score 0"
    assert [part.points for part in zeros.parts] == [0.0] * 5


def test_scores_of_different_modes_are_refused() -> None:
    stats = corpus_stats(SHORT, REFS, BleuConfig())
    a = score_corpus(stats, BleuConfig())
    b = score_corpus(stats, BleuConfig(compat=Compat.NLTK))
    with pytest.raises(ValueError, match="same mode and orders"):
        decompose(a, b)


@pytest.mark.parametrize(
    "config",
    [
        pytest.param(BleuConfig(compat=Compat.NLTK), id="nltk-method0"),
        pytest.param(
            BleuConfig(compat=Compat.NLTK, smoothing=Smoothing.METHOD4), id="nltk-m4"
        ),
        pytest.param(
            BleuConfig(compat=Compat.NLTK, weights=(0.5, 0.3, 0.2)), id="nltk-weights"
        ),
        pytest.param(
            BleuConfig(compat=Compat.TF_NMT, smoothing=Smoothing.ADD_ONE), id="tf"
        ),
        pytest.param(BleuConfig(compat=Compat.MULTI_BLEU), id="multi-bleu"),
    ],
)
def test_other_modes_split_their_own_delta(config: BleuConfig) -> None:
    refs = references()
    for name_a, name_b in (("happypoet", "UEdin"), ("Facebook-AI", "Online-W")):
        stats_a = corpus_stats(system(name_a), refs, config)
        stats_b = corpus_stats(system(name_b), refs, config)
        got = corpus_delta(stats_a, stats_b, config)
        _sums_to(got, got.b.score - got.a.score)
        assert got.log_exact
        assert math.fsum(part.log_term for part in got.parts) == pytest.approx(
            math.log(got.b.score / got.a.score), rel=1e-9
        )


@settings(max_examples=100, deadline=None)
@given(
    corpus=corpora(max_refs=4),
    others=st.lists(segments, min_size=8, max_size=8),
    smoothing=st.sampled_from(["exp", "none", "floor", "add-k"]),
    smooth_value=st.sampled_from([None, 0.01, 0.5, 2.0]),
    order=st.integers(1, 5),
    effective=st.booleans(),
)
def test_random_corpora_split_exactly_into_sacrebleus_delta(
    corpus: tuple[list[str], list[list[str | None]]],
    others: list[str],
    smoothing: str,
    smooth_value: float | None,
    order: int,
    effective: bool,
) -> None:
    hyps_a, refs = corpus
    hyps_b = others[: len(hyps_a)]
    value = smooth_value if smoothing in ("floor", "add-k") else None
    config = BleuConfig(
        smoothing=Smoothing(smoothing),
        smooth_value=value,
        max_order=order,
        effective_order=effective,
    )
    metric = BLEU(
        smooth_method=smoothing,
        smooth_value=value,
        max_ngram_order=order,
        effective_order=effective,
    )
    want_a = metric.corpus_score(hyps_a, sacrebleu_refs(refs))
    want_b = metric.corpus_score(hyps_b, sacrebleu_refs(refs))
    got = corpus_delta(
        corpus_stats(hyps_a, refs, config), corpus_stats(hyps_b, refs, config), config
    )
    _sums_to(got, want_b.score - want_a.score)
    assert got.log_exact == (want_a.score > 0 and want_b.score > 0)
    if got.log_exact:
        assert math.fsum(part.log_term for part in got.parts) == pytest.approx(
            math.log(want_b.score / want_a.score), rel=1e-9, abs=1e-12
        )
        for part in got.parts:
            # Each share has the sign of its log term: Δ and log(B/A) agree.
            assert part.points * part.log_term >= 0


def test_a_difference_below_the_last_digit_names_each_part_that_shows() -> None:
    """Δ too small for 2 decimals (written 3.59e-03): each part is rounded alone,
    and a part that rounds to 0.00 is left out; -0.0065 shows as -0.01 and stays.

    Counts by hand: A has 10,000 tokens against r = 10,000 (BP 1), B 9,997 (BP
    < 1) with 4 more unigram matches; the parts are split from sacreBLEU's own
    BP and precisions of those counts, in proportion to their log terms.
    """
    a_counts = ([6000, 3000, 1500, 800], [10000, 9999, 9998, 9997], 10000)
    b_counts = ([6004, 3000, 1500, 800], [9997, 9996, 9995, 9994], 9997)

    def stats(counts: tuple[list[int], list[int], int]) -> CorpusStats:
        matches, totals, length = counts
        return CorpusStats(
            np.array([length]),
            np.array([[10000]]),
            np.array([matches]),
            np.array([totals]),
        )

    sacre_a = BLEU.compute_bleu(a_counts[0], a_counts[1], a_counts[2], 10000)
    sacre_b = BLEU.compute_bleu(b_counts[0], b_counts[1], b_counts[2], 10000)
    terms = _sacre_log_terms(sacre_a, sacre_b)
    delta = sacre_b.score - sacre_a.score
    parts = [term * delta / math.fsum(terms) for term in terms]
    assert f"{delta:.2f}" == "0.00"  # below the last digit
    shown = [f"{part:+.2f}" for part in parts]
    assert shown == ["-0.01", "+0.01", "+0.00", "+0.00", "+0.00"]
    got = corpus_delta(stats(a_counts), stats(b_counts), BleuConfig())
    assert got.delta == pytest.approx(delta, rel=1e-9)
    assert got.diagnosis == (
        "B gains 3.59e-03 BLEU over A: -0.01 from length, +0.01 from 1-gram precision"
    )
