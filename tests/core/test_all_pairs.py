"""All pairs on the same resamples, Holm's correction, test distributions, identity.

These go beyond sacreBLEU, but each piece is pinned to something independent of the
code under test: a pair's p-value to sacreBLEU's `PairedTest` with either system as
the baseline; a pair's distribution to the very array sacreBLEU's `_compute_p_value`
receives; Holm's adjusted values to a hand computation and to R's `multtest`
results published in statsmodels' test suite.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pytest
import sacrebleu.significance as sacre_significance

from bleu_gui.cli import demo_paths
from bleu_gui.core import BleuConfig, corpus_stats
from bleu_gui.core.significance import (
    AllPairsResult,
    Identity,
    PairedTest,
    SampleProgress,
    SystemResult,
    all_pairs,
    holm,
    iter_all_pairs,
    paired_test,
)
from tests.core.test_significance import Opts, sacrebleu_paired
from tests.core.wmt21_excerpt import HAPPYPOET, ONLINE_W, REF_A, REF_B

SEGMENTS = 120


def _demo() -> tuple[list[list[str]], list[str]]:
    """The first segments of the demo's four systems, and of its reference A."""
    _, references, hypothesis, others = demo_paths()

    def lines(path: object) -> list[str]:
        with open(str(path), encoding="utf-8") as handle:
            return handle.read().split("\n")[:SEGMENTS]

    return [lines(p) for p in [hypothesis, *others]], lines(references[0])


SYSTEMS, REFERENCE = _demo()
SAMPLES = {PairedTest.BOOTSTRAP: 200, PairedTest.RANDOMIZATION: 320}


def _ours(
    systems: Sequence[Sequence[str]], test: PairedTest, samples: int, seed: int = 7
) -> AllPairsResult:
    config = BleuConfig()
    stats = [corpus_stats(hyps, [REFERENCE[: len(hyps)]], config) for hyps in systems]
    return all_pairs(stats, config, test, samples=samples, seed=seed, texts=systems)


@pytest.mark.parametrize("test", list(PairedTest))
def test_every_baseline_row_is_sacrebleus(
    monkeypatch: pytest.MonkeyPatch, test: PairedTest
) -> None:
    """Each system as the baseline: the matrix's row equals `paired_test` and
    sacreBLEU's `PairedTest` with that system first, the others in order."""
    samples = SAMPLES[test]
    result = _ours(SYSTEMS, test, samples)
    config = BleuConfig()
    stats = [corpus_stats(hyps, [REFERENCE], config) for hyps in SYSTEMS]
    for baseline in range(len(SYSTEMS)):
        order = [baseline, *(k for k in range(len(SYSTEMS)) if k != baseline)]
        row = result.against(baseline)
        direct = paired_test(
            stats[baseline],
            [stats[k] for k in order[1:]],
            config,
            test,
            samples=samples,
            seed=7,
        )
        assert row == direct
        theirs = sacrebleu_paired(
            monkeypatch,
            [SYSTEMS[k] for k in order],
            [REFERENCE],
            Opts(),
            test,
            samples,
            7,
        )
        assert [row.baseline, *row.systems] == theirs
    # the systems differ enough for the matrix to say something
    p_values = [pair.p_value for pair in result.pairs]
    assert min(p_values) < 0.05 < max(p_values)


@pytest.mark.parametrize("test", list(PairedTest))
def test_pairs_are_every_pair_in_order(test: PairedTest) -> None:
    result = _ours(SYSTEMS, test, 64)
    assert [(p.first, p.second) for p in result.pairs] == [
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 2),
        (1, 3),
        (2, 3),
    ]
    for pair in result.pairs:
        assert pair.delta == (
            result.systems[pair.second].score - result.systems[pair.first].score
        )
        assert result.pair(pair.first, pair.second) is pair
        turned = result.pair(pair.second, pair.first)
        assert (turned.first, turned.second) == (pair.second, pair.first)
        assert turned.delta == -pair.delta
        assert turned.p_value == pair.p_value
        assert turned.distribution is pair.distribution
    with pytest.raises(IndexError, match=r"no pair \(2, 2\) among 4 systems"):
        result.pair(2, 2)
    with pytest.raises(IndexError, match=r"no pair \(0, 4\) among 4 systems"):
        result.pair(0, 4)


def test_bootstrap_rows_carry_mean_and_interval() -> None:
    result = _ours(SYSTEMS, PairedTest.BOOTSTRAP, 64)
    for row in result.systems:
        assert row.p_value is None
        assert row.mean is not None
        assert row.ci is not None
    randomized = _ours(SYSTEMS, PairedTest.RANDOMIZATION, 64)
    assert [row.score for row in randomized.systems] == [
        row.score for row in result.systems
    ]
    assert all(row == SystemResult(row.score) for row in randomized.systems)


# --------------------------------------------------------------------------------
# The test's own distribution
# --------------------------------------------------------------------------------

Counted = list[tuple[npt.NDArray[np.float64], float]]


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counted:
    """What sacreBLEU's p-value function receives, call by call."""
    calls: Counted = []
    original = sacre_significance._compute_p_value

    def spy(stats: npt.NDArray[np.float64], real_difference: float) -> float:
        calls.append((np.array(stats), real_difference))
        return original(stats, real_difference)

    monkeypatch.setattr(sacre_significance, "_compute_p_value", spy)
    return calls


@pytest.mark.parametrize("test", list(PairedTest))
def test_distribution_is_what_sacrebleu_counts(
    monkeypatch: pytest.MonkeyPatch, counted: Counted, test: PairedTest
) -> None:
    """Bootstrap: the centred |Δ| of each resample; randomization: |A − B| of each
    trial; and the observed |Δ|: the arrays sacreBLEU hands its p-value function."""
    samples = SAMPLES[test]
    result = _ours(SYSTEMS, test, samples)
    sacrebleu_paired(monkeypatch, SYSTEMS, [REFERENCE], Opts(), test, samples, 7)
    assert len(counted) == 3
    for k, (stats, observed) in enumerate(counted, start=1):
        dist = result.pair(0, k).distribution
        assert dist.samples == samples
        assert np.array_equal(dist.resampled, stats)
        assert dist.observed == observed
        assert dist.p_value == result.pair(0, k).p_value
        assert not dist.resampled.flags.writeable
    if test is PairedTest.BOOTSTRAP:
        # centred: the differences minus their mean
        assert abs(float(counted[0][0].mean())) < 1e-9
    else:
        assert bool((counted[0][0] >= 0).all())


def test_baseline_test_carries_its_distributions(
    monkeypatch: pytest.MonkeyPatch, counted: Counted
) -> None:
    config = BleuConfig()
    stats = [corpus_stats(hyps, [REF_A], config) for hyps in (ONLINE_W, HAPPYPOET)]
    ours = paired_test(
        stats[0], stats[1:], config, PairedTest.RANDOMIZATION, samples=96, seed=3
    )
    sacrebleu_paired(
        monkeypatch,
        (ONLINE_W, HAPPYPOET),
        [REF_A],
        Opts(),
        PairedTest.RANDOMIZATION,
        96,
        3,
    )
    ((stats_theirs, observed),) = counted
    (dist,) = ours.distributions
    assert np.array_equal(dist.resampled, stats_theirs)
    assert dist.observed == observed
    assert ours.identical == (None,)


# --------------------------------------------------------------------------------
# Systems that cannot be told apart
# --------------------------------------------------------------------------------


@pytest.mark.parametrize("test", list(PairedTest))
def test_identical_outputs_are_named(test: PairedTest) -> None:
    """A copy of a system: its text is the same; a system whose lines differ only
    in a word neither matches (in a segment where both have as many tokens): the
    same statistics. Both get the smallest p-value, as in sacreBLEU."""
    first = SYSTEMS[0]
    changed = _unmatched_word_replaced(first)
    assert changed != first
    config = BleuConfig()
    assert np.array_equal(
        corpus_stats(changed, [REFERENCE], config).matches,
        corpus_stats(first, [REFERENCE], config).matches,
    )
    result = _ours([first, SYSTEMS[1], list(first), changed], test, 64)
    identities = {(p.first, p.second): p.identical for p in result.pairs}
    assert identities == {
        (0, 1): None,
        (0, 2): Identity.TEXT,
        (0, 3): Identity.STATISTICS,
        (1, 2): None,
        (1, 3): None,
        (2, 3): Identity.STATISTICS,
    }
    for pair in result.pairs:
        if pair.identical is not None:
            assert pair.p_value == 1 / 65
            assert pair.delta == 0
            assert not pair.distribution.resampled.any()
    # without the texts, only the statistics are known
    stats = [corpus_stats(h, [REFERENCE], config) for h in (first, list(first))]
    assert all_pairs(stats, config, test, samples=32).pairs[0].identical is (
        Identity.STATISTICS
    )
    assert str(Identity.TEXT) == "identical output"
    assert str(Identity.STATISTICS) == "identical statistics"


def _unmatched_word_replaced(lines: Sequence[str]) -> list[str]:
    """`lines` with one word that the reference lacks replaced by another it lacks.

    Every n-gram with either word is unmatched and the token count is the same, so
    every segment's statistics stay the same.
    """
    out = list(lines)
    for index, (line, reference) in enumerate(zip(lines, REFERENCE, strict=False)):
        for word in line.split():
            if word.isalpha() and word not in reference:
                out[index] = line.replace(word, "Qqqq", 1)
                return out
    raise AssertionError("no word to replace")


def test_identical_in_the_baseline_test() -> None:
    config = BleuConfig()
    texts = [ONLINE_W, HAPPYPOET, list(ONLINE_W)]
    stats = [corpus_stats(h, [REF_A, REF_B], config) for h in texts]
    result = paired_test(
        stats[0], stats[1:], config, PairedTest.BOOTSTRAP, samples=50, texts=texts
    )
    assert result.identical == (None, Identity.TEXT)
    assert result.systems[1].p_value == 1 / 51


# --------------------------------------------------------------------------------
# Holm
# --------------------------------------------------------------------------------


def test_holm_by_hand() -> None:
    """Four p-values: sorted 0.005, 0.01, 0.03, 0.04 are multiplied by 4, 3, 2, 1
    (0.02, 0.03, 0.06, 0.04), then made non-decreasing (0.04 -> 0.06); returned in
    the order given."""
    assert holm([0.01, 0.04, 0.03, 0.005]) == (
        0.01 * 3,
        0.03 * 2,
        0.03 * 2,
        0.005 * 4,
    )
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx((0.03, 0.06, 0.06, 0.02))
    assert holm([0.5, 0.6]) == (1.0, 1.0)  # at most 1
    assert holm([0.02, 0.02, 0.5]) == (0.06, 0.06, 0.5)  # ties: equal values
    assert holm([0.2]) == (0.2,)
    assert holm([]) == ()


def test_holm_equals_r_multtest() -> None:
    """R's multtest `mt.rawp2adjp(…, "Holm")`, as published in statsmodels'
    `stats/tests/test_multi.py` (`res_multtest1`, columns rawp and Holm)."""
    raw = [
        5.2365677720800003e-05,
        2.8140506198000000e-04,
        1.4987731079600001e-02,
        2.0273268879800001e-02,
        1.7709695272300000e-01,
        6.4219392379499995e-01,
        6.8084594763299999e-01,
        7.1626938238000004e-01,
        8.3854136755300002e-01,
        9.6783382430900000e-01,
    ]
    published = [
        5.2365677720800005e-04,
        2.5326455578199999e-03,
        1.1990184863680001e-01,
        1.4191288215860001e-01,
        1.0,
        1.0,
        1.0,
        1.0,
        1.0,
        1.0,
    ]
    assert holm(raw) == pytest.approx(published, rel=1e-15, abs=0)
    shuffled = [raw[k] for k in (7, 2, 9, 0, 5, 3, 8, 1, 6, 4)]
    expected = [published[k] for k in (7, 2, 9, 0, 5, 3, 8, 1, 6, 4)]
    assert holm(shuffled) == pytest.approx(expected, rel=1e-15, abs=0)


def test_matrix_holm_is_over_every_pair() -> None:
    result = _ours(SYSTEMS, PairedTest.BOOTSTRAP, 64)
    raw = [pair.p_value for pair in result.pairs]
    assert [pair.holm_p_value for pair in result.pairs] == list(holm(raw))
    assert all(p.holm_p_value >= p.p_value for p in result.pairs)


# --------------------------------------------------------------------------------
# Progress and refusals
# --------------------------------------------------------------------------------


def test_progress_and_refusals() -> None:
    config = BleuConfig()
    stats = [corpus_stats(h, [REF_A], config) for h in (ONLINE_W, HAPPYPOET)]
    steps = iter_all_pairs(stats, config, PairedTest.RANDOMIZATION, samples=40)
    assert next(steps) == SampleProgress(40, 40)
    steps.close()
    with pytest.raises(ValueError, match="at least two systems"):
        all_pairs(stats[:1], config, PairedTest.BOOTSTRAP, samples=10)
    with pytest.raises(ValueError, match=r"texts: one per system \(2\), not 1"):
        all_pairs(stats, config, PairedTest.BOOTSTRAP, samples=10, texts=[ONLINE_W])


def test_randomization_in_float64_past_float32s_exact_range(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Columns whose totals reach 2**24 are summed in float64 (here: a threshold of
    1 forces it); the numbers stay sacreBLEU's either way."""
    import bleu_gui.core.significance as significance

    samples = SAMPLES[PairedTest.RANDOMIZATION]
    in_float32 = _ours(SYSTEMS[:3], PairedTest.RANDOMIZATION, samples)
    monkeypatch.setattr(significance, "_FLOAT32_EXACT", 1)
    in_float64 = _ours(SYSTEMS[:3], PairedTest.RANDOMIZATION, samples)
    assert in_float64 == in_float32
    theirs = sacrebleu_paired(
        monkeypatch,
        SYSTEMS[:3],
        [REFERENCE],
        Opts(),
        PairedTest.RANDOMIZATION,
        samples,
        7,
    )
    row = in_float64.against(0)
    assert [row.baseline, *row.systems] == theirs


def test_a_pair_of_equal_scores_seen_from_the_second_has_delta_plus_zero() -> None:
    """Two systems of equal BLEU differ by 0 either way round: the command line's
    JSON writes `0.0`, never `-0.0`, whichever system is first."""
    result = _ours([SYSTEMS[0], SYSTEMS[0]], PairedTest.BOOTSTRAP, 32)
    assert json.dumps(result.pair(0, 1).delta) == "0.0"
    assert json.dumps(result.pair(1, 0).delta) == "0.0"
