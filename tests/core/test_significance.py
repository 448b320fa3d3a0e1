"""Paired bootstrap, approximate randomization and confidence equal to sacreBLEU 2.6.0.

Every expected number comes from the installed sacreBLEU at test time: its
`PairedTest` (with `SACREBLEU_SEED` set as its command line reads it) for the paired
tests, and `BLEU.corpus_score(n_bootstrap=)` for the single-system interval. The
comparison is `==` on score, p-value, mean and half-width.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.base import Score
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.significance import PairedTest as SacrePairedTest

from bleu_gui.core import (
    BleuConfig,
    Compat,
    ConfigError,
    CorpusStats,
    Smoothing,
    corpus_stats,
)
from bleu_gui.core.significance import (
    ConfidenceResult,
    PairedTest,
    PairedTestResult,
    SampleProgress,
    SystemResult,
    confidence,
    is_starred,
    iter_paired_test,
    paired_test,
)
from bleu_gui.io.significance_text import p_value_text
from tests.core.strategies import corpora, segments
from tests.core.wmt21_excerpt import HAPPYPOET, ONLINE_W, REF_A, REF_B
from tests.oracles import sacrebleu_refs

Refs = Sequence[Sequence[str | None]]


@dataclass(frozen=True)
class Opts:
    """One set of BLEU options, spelled for both sides."""

    smooth_method: str = "exp"
    smooth_value: float | None = None
    max_order: int = 4
    effective_order: bool = False
    lowercase: bool = False

    def config(self) -> BleuConfig:
        return BleuConfig(
            smoothing=Smoothing(self.smooth_method),
            smooth_value=self.smooth_value,
            max_order=self.max_order,
            effective_order=self.effective_order,
            lowercase=self.lowercase,
        )

    def metric(self) -> BLEU:
        return BLEU(
            smooth_method=self.smooth_method,
            smooth_value=self.smooth_value,
            max_ngram_order=self.max_order,
            effective_order=self.effective_order,
            lowercase=self.lowercase,
        )


def sacrebleu_paired(
    monkeypatch: pytest.MonkeyPatch,
    systems: Sequence[Sequence[str]],
    refs: Refs,
    opts: Opts,
    test: PairedTest,
    samples: int,
    seed: int,
) -> list[SystemResult]:
    """sacreBLEU's rows (baseline first) as `SystemResult`s."""
    monkeypatch.setenv("SACREBLEU_SEED", str(seed))
    named: list[tuple[str, Sequence[str]]] = [
        (f"s{k}", list(hyps)) for k, hyps in enumerate(systems)
    ]
    tester = SacrePairedTest(
        named,
        {"BLEU": opts.metric()},
        references=sacrebleu_refs(refs),
        test_type=test.value,
        n_samples=samples,
    )
    _, scores = tester()
    rows = []
    for result in scores["BLEU"]:
        assert not isinstance(result, str)
        rows.append(SystemResult(result.score, result.p_value, result.mean, result.ci))
    return rows


def ours_paired(
    systems: Sequence[Sequence[str]],
    refs: Refs,
    opts: Opts,
    test: PairedTest,
    samples: int,
    seed: int,
) -> PairedTestResult:
    config = opts.config()
    stats = [corpus_stats(hyps, refs, config) for hyps in systems]
    return paired_test(stats[0], stats[1:], config, test, samples=samples, seed=seed)


def assert_paired_parity(
    monkeypatch: pytest.MonkeyPatch,
    systems: Sequence[Sequence[str]],
    refs: Refs,
    opts: Opts,
    test: PairedTest,
    samples: int,
    seed: int = 12345,
) -> PairedTestResult:
    ours = ours_paired(systems, refs, opts, test, samples, seed)
    theirs = sacrebleu_paired(monkeypatch, systems, refs, opts, test, samples, seed)
    assert [ours.baseline, *ours.systems] == theirs
    return ours


def sacrebleu_confidence(
    monkeypatch: pytest.MonkeyPatch,
    hyps: Sequence[str],
    refs: Refs,
    opts: Opts,
    samples: int,
    seed: int,
) -> tuple[float, float, float]:
    monkeypatch.setenv("SACREBLEU_SEED", str(seed))
    score: Score = opts.metric().corpus_score(
        list(hyps), sacrebleu_refs(refs), n_bootstrap=samples
    )
    return score.score, score._mean, score._ci


# --------------------------------------------------------------------------------
# The WMT21 excerpt
# --------------------------------------------------------------------------------

SYSTEMS = (ONLINE_W, HAPPYPOET, REF_B)


@pytest.mark.parametrize("test", list(PairedTest))
@pytest.mark.parametrize("smooth", ["exp", "none", "floor", "add-k"])
def test_wmt21_paired_equals_sacrebleu(
    monkeypatch: pytest.MonkeyPatch, test: PairedTest, smooth: str
) -> None:
    samples = 1000 if test is PairedTest.BOOTSTRAP else 2000
    result = assert_paired_parity(
        monkeypatch, SYSTEMS, [REF_A], Opts(smooth), test, samples
    )
    assert result.test is test
    assert result.samples == samples
    assert result.seed == 12345
    assert len(result.systems) == 2
    # Not a degenerate comparison: the systems really differ.
    assert result.systems[0].score != result.baseline.score


def test_wmt21_two_references_other_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    for test in PairedTest:
        assert_paired_parity(
            monkeypatch, (ONLINE_W, HAPPYPOET), [REF_A, REF_B], Opts(), test, 300, 7
        )


def test_wmt21_bootstrap_values_are_float32_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bootstrap mean depends on sacreBLEU's float32 precisions: the float64
    arithmetic of randomization would give a different mean on these resamples."""
    ours = assert_paired_parity(
        monkeypatch, SYSTEMS[:2], [REF_A], Opts(), PairedTest.BOOTSTRAP, 1000
    )
    assert ours.baseline.mean is not None
    assert ours.systems[0].p_value is not None
    assert 0 < ours.systems[0].p_value <= 1


def test_identical_system_gets_the_smallest_p(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in sacreBLEU (multeval's strict `>`): a copy of the baseline, p = 1/(N+1)."""
    for test, samples in ((PairedTest.BOOTSTRAP, 99), (PairedTest.RANDOMIZATION, 199)):
        ours = assert_paired_parity(
            monkeypatch, (ONLINE_W, ONLINE_W), [REF_A], Opts(), test, samples
        )
        assert ours.systems[0].p_value == 1 / (samples + 1)


@pytest.mark.parametrize("samples", [2, 19, 33, 1000])
def test_wmt21_confidence_equals_sacrebleu(
    monkeypatch: pytest.MonkeyPatch, samples: int
) -> None:
    stats = corpus_stats(HAPPYPOET, [REF_A, REF_B], BleuConfig())
    ours = confidence(stats, BleuConfig(), samples=samples)
    theirs = sacrebleu_confidence(
        monkeypatch, HAPPYPOET, [REF_A, REF_B], Opts(), samples, 12345
    )
    assert (ours.score, ours.mean, ours.ci) == theirs
    assert ours == ConfidenceResult(*theirs, samples, 12345)


# --------------------------------------------------------------------------------
# Blocks, progress, seeds
# --------------------------------------------------------------------------------


def test_blocks_give_the_same_stream(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Blocks of 32 rows, and blocks of 64 rows drawn 32 at a time (tiny budgets),
    change nothing, for either test, with an odd number of segments."""
    import bleu_gui.core.significance as significance

    hyps = [*ONLINE_W[:11]]
    other = [*HAPPYPOET[:11]]
    refs = [REF_A[:11]]
    whole = {
        test: ours_paired((hyps, other), refs, Opts(), test, 250, 3)
        for test in PairedTest
    }
    monkeypatch.setattr(significance, "_BLOCK_CELLS", 1)
    monkeypatch.setattr(significance, "_DRAW_CELLS", 1)
    for least, expected in (
        (32, [32, 64, 96, 128, 160, 192, 224, 250]),
        (64, [64, 128, 192, 250]),
    ):
        monkeypatch.setattr(significance, "_MIN_BLOCK_ROWS", least)
        for test in PairedTest:
            _check_blocks(hyps, other, refs, test, expected, whole[test])
    theirs = sacrebleu_paired(
        monkeypatch, (hyps, other), refs, Opts(), PairedTest.RANDOMIZATION, 250, 3
    )
    assert [
        whole[PairedTest.RANDOMIZATION].baseline,
        *whole[PairedTest.RANDOMIZATION].systems,
    ] == theirs


def _check_blocks(
    hyps: list[str],
    other: list[str],
    refs: list[list[str]],
    test: PairedTest,
    expected: list[int],
    whole: PairedTestResult,
) -> None:
    """The progress steps are `expected` and the result is `whole`."""
    steps = iter_paired_test(
        corpus_stats(hyps, refs, BleuConfig()),
        [corpus_stats(other, refs, BleuConfig())],
        BleuConfig(),
        test,
        samples=250,
        seed=3,
    )
    progress: list[SampleProgress] = []
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as done:
            result: PairedTestResult = done.value
            break
    assert [p.done for p in progress] == expected
    assert {p.total for p in progress} == {250}
    assert result == whole


def _synthetic_stats(segments: int, seed: int) -> CorpusStats:
    """WMT-like statistics of `segments` segments (lengths up to 120 tokens)."""
    rng = np.random.default_rng(seed)
    hyp_len = rng.integers(1, 120, segments)
    orders = np.arange(4)
    totals = np.maximum(hyp_len[:, None] - orders[None, :], 0)
    matches = (totals * rng.uniform(0.1, 0.9, (segments, 1))).astype(np.int64)
    ref_lens = rng.integers(1, 120, (segments, 1))
    return CorpusStats(hyp_len, ref_lens, matches, totals)


def test_bootstrap_memory_at_19k_segments_times_5() -> None:
    """The paired bootstrap of five systems of 19,008 segments (issue 28's run)
    allocates at most 48 MiB: blocks of 4 Mi counts in float32 while exact, draws of
    1 Mi indices. (Blocks of 16 Mi float64 counts and 4 Mi draws took 190 MiB, most
    of `score --paired-bs`'s peak memory at that size.)"""
    systems = [_synthetic_stats(19_008, seed) for seed in range(5)]
    tracemalloc.start()
    try:
        paired_test(systems[0], systems[1:], BleuConfig(), PairedTest.BOOTSTRAP)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= 48 * 2**20


def test_float64_sums_where_float32_would_not_be_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Beyond float32's exact range (here made tiny) the sums are float64: both
    tests still equal sacreBLEU's."""
    import bleu_gui.core.significance as significance

    monkeypatch.setattr(significance, "_FLOAT32_EXACT", 1)
    for test in PairedTest:
        assert_paired_parity(
            monkeypatch, (ONLINE_W, HAPPYPOET, REF_B), [REF_A], Opts(), test, 300
        )


def test_unseeded_runs_still_complete() -> None:
    stats = corpus_stats(ONLINE_W, [REF_A], BleuConfig())
    other = corpus_stats(HAPPYPOET, [REF_A], BleuConfig())
    result = paired_test(
        stats, [other], BleuConfig(), PairedTest.BOOTSTRAP, samples=50, seed=None
    )
    assert result.seed is None
    p = result.systems[0].p_value
    assert p is not None
    assert 1 / 51 <= p <= 1
    assert confidence(stats, BleuConfig(), samples=20, seed=None).seed is None


def test_default_samples_are_sacrebleus() -> None:
    stats = corpus_stats(ONLINE_W[:3], [REF_A[:3]], BleuConfig())
    other = corpus_stats(HAPPYPOET[:3], [REF_A[:3]], BleuConfig())
    steps = iter_paired_test(stats, [other], BleuConfig(), PairedTest.BOOTSTRAP)
    assert next(steps) == SampleProgress(1000, 1000)
    steps.close()
    steps = iter_paired_test(stats, [other], BleuConfig(), PairedTest.RANDOMIZATION)
    assert next(steps) == SampleProgress(1024, 10000)
    steps.close()


# --------------------------------------------------------------------------------
# Refusals
# --------------------------------------------------------------------------------


def test_refusals() -> None:
    config = BleuConfig()
    a = corpus_stats(ONLINE_W, [REF_A], config)
    b = corpus_stats(HAPPYPOET[:5], [REF_A[:5]], config)
    with pytest.raises(ValueError, match="as many segments as the baseline"):
        paired_test(a, [b], config, PairedTest.BOOTSTRAP, samples=10)
    with pytest.raises(ValueError, match="at least one system"):
        paired_test(a, [], config, PairedTest.BOOTSTRAP, samples=10)
    with pytest.raises(ValueError, match="at least 2 resamples, not 1"):
        confidence(a, config, samples=1)
    with pytest.raises(ValueError, match="at least 1, not 0"):
        paired_test(a, [a], config, PairedTest.RANDOMIZATION, samples=0)
    with pytest.raises(ConfigError, match="sacreBLEU mode"):
        confidence(a, BleuConfig(compat=Compat.NLTK), samples=10)
    empty = a.subset(np.array([], dtype=np.int64))
    with pytest.raises(ValueError, match="empty set of segments"):
        confidence(empty, config, samples=10)


# --------------------------------------------------------------------------------
# Random corpora
# --------------------------------------------------------------------------------

_options = st.builds(
    Opts,
    smooth_method=st.sampled_from(["none", "floor", "add-k", "exp"]),
    smooth_value=st.one_of(st.none(), st.sampled_from([0.01, 0.5, 1, 1.5, 2])),
    max_order=st.integers(1, 5),
    effective_order=st.booleans(),
    lowercase=st.booleans(),
)


def _fits(opts: Opts) -> Opts:
    """sacreBLEU ignores a smoothing value for `none` and `exp`; so does bleu-gui's
    configuration, which refuses it instead: drop it there."""
    if opts.smooth_method in ("none", "exp"):
        return Opts(
            opts.smooth_method,
            None,
            opts.max_order,
            opts.effective_order,
            opts.lowercase,
        )
    return opts


@settings(max_examples=40, deadline=None)
@given(
    corpus=corpora(max_segments=12, max_refs=4),
    data=st.data(),
    opts=_options,
    test=st.sampled_from(list(PairedTest)),
    samples=st.integers(1, 200),
    seed=st.integers(1, 2**32),
)
def test_random_corpora_paired_equals_sacrebleu(
    corpus: tuple[list[str], list[list[str | None]]],
    data: st.DataObject,
    opts: Opts,
    test: PairedTest,
    samples: int,
    seed: int,
) -> None:
    hyps, refs = corpus
    others = data.draw(
        st.lists(
            st.lists(segments, min_size=len(hyps), max_size=len(hyps)),
            min_size=1,
            max_size=2,
        )
    )
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert_paired_parity(
            monkeypatch, [hyps, *others], refs, _fits(opts), test, samples, seed
        )


@settings(max_examples=30, deadline=None)
@given(
    corpus=corpora(max_segments=12, max_refs=4),
    opts=_options,
    samples=st.integers(2, 200),
    seed=st.integers(0, 2**32),
)
def test_random_corpora_confidence_equals_sacrebleu(
    corpus: tuple[list[str], list[list[str | None]]],
    opts: Opts,
    samples: int,
    seed: int,
) -> None:
    hyps, refs = corpus
    opts = _fits(opts)
    stats = corpus_stats(hyps, refs, opts.config())
    ours = confidence(stats, opts.config(), samples=samples, seed=seed)
    with pytest.MonkeyPatch.context() as monkeypatch:
        theirs = sacrebleu_confidence(monkeypatch, hyps, refs, opts, samples, seed)
    assert (ours.score, ours.mean, ours.ci) == theirs


@pytest.mark.parametrize("smooth_value", [0.5, 1.5, 2])
@pytest.mark.parametrize("test", list(PairedTest))
def test_fractional_add_k(
    monkeypatch: pytest.MonkeyPatch, test: PairedTest, smooth_value: float
) -> None:
    """sacreBLEU's randomization adds k in place to an int64 row, so 1.5 acts as 1
    there (the bootstrap's float32 rows keep 1.5); the real scores keep 1.5."""
    assert_paired_parity(
        monkeypatch,
        SYSTEMS[:2],
        [REF_A],
        Opts("add-k", smooth_value, max_order=3),
        test,
        200,
    )


def test_fractional_add_k_truncated_in_randomization(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A corpus where the truncation decides the p-value (found by hypothesis):
    with k = 0.01 sacreBLEU's shuffled 2-gram totals stay 0, so order 2 is cut."""
    hyps = ["", "", "0", " ", "", "", "", "", "", "the "]
    refs: list[list[str | None]] = [
        [""] * 10,
        ["", "", "", "the ", "", "", "", "", "", "the "],
    ]
    for seed in (1, 2, 3):
        assert_paired_parity(
            monkeypatch,
            (hyps, [""] * 10),
            refs,
            Opts("add-k", 0.01, max_order=2),
            PairedTest.RANDOMIZATION,
            20,
            seed,
        )


def test_a_p_value_of_exactly_the_level_is_starred_as_sacrebleu_stars_it() -> None:
    """sacreBLEU 2.6.0's `_color_p_value` leaves out the star only when `p > 0.05`.

    Its legend says "< 0.05"; its code, which decides what users read, stars 0.05.
    """
    assert is_starred(0.05)
    assert not is_starred(0.0501)
    assert p_value_text(0.05, None) == "0.0500*"
    assert p_value_text(0.0501, None) == "0.0501"
    # A p-value whose four decimals read 0.0500 but lies above the level: no star,
    # as sacreBLEU compares the value, not its printed digits.
    assert p_value_text(0.05004, None) == "0.0500"
