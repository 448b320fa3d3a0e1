"""Significance of BLEU differences between systems, equal to sacreBLEU 2.6.0's.

Three tests, each a step generator (progress out, a frozen result returned; see
`steps`): paired bootstrap resampling against a baseline (`--paired-bs`), paired
approximate randomization (`--paired-ar`) and one system's bootstrap confidence
interval (`--confidence`). For the same statistics, options, number of samples and
seed they return sacreBLEU's numbers bit for bit: score, p-value, bootstrap mean and
95% half-width.

How exactness is reached, without sacreBLEU's memory (it materialises every
resample: 6 GB for two systems of 105,000 segments):

- Same random stream. One `numpy.random.default_rng(seed)` draws what sacreBLEU
  draws, with the same calls, in blocks of rows. `Generator.choice` is stream-
  identical whatever the block size (PCG64 keeps its spare 32 bits in its own state);
  boolean draws waste the unused bits of their last 32-bit word at the end of each
  call, so randomization blocks hold a multiple of 32 rows. Every system and the
  baseline use the same resamples, as sacreBLEU's per-test generators do when seeded.
- Exact sums. A block's resamples become per-segment counts, and counts @ stats
  gives every resample's summed statistics at once, for all systems, in float64
  arithmetic on integers (exact below 2**53).
- Same arithmetic. sacreBLEU scores bootstrap resamples from float32 sums, and under
  numpy 2 the precisions stay float32 (`100. * correct / total` with float32
  operands). The sums are handed to `bleu.sacrebleu_arithmetic` as numpy float32
  scalars, so that function performs exactly sacreBLEU's float32 operations;
  randomization sums are int64 in sacreBLEU and plain Python integers here, the same
  float64 operations. sacreBLEU's own float32 sums are exact while a resample's
  lengths stay below 2**24 (16.7 million tokens); beyond that its result depends on
  numpy's summation order and this module's exact sums may differ from it.
- Same statistics of the scores: means with the same routine over the same order
  (numpy's mean of the sorted scores for paired bootstrap, `statistics.mean` for
  `--confidence`), p = (count + 1) / (samples + 1) with a strict `>`.
- One quirk kept: in randomization sacreBLEU adds add-k's k to a row of an int64
  array in place, which truncates a fractional k (1.5 acts as 1).

Seeds: `seed` is an integer or `None` (unseeded, fresh entropy). Reading
`SACREBLEU_SEED` (default 12345, `none` for unseeded) is the caller's business.
sacreBLEU seeds the baseline's resamples and each system's separately; with an
integer seed they coincide, which is what this module does for every seed. (With
seed 0 sacreBLEU leaves the systems unseeded while seeding the baseline, so its
paired results are not reproducible there; here seed 0 is an ordinary seed.)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import cast

import numpy as np
import numpy.typing as npt

from bleu_gui.core.bleu import sacrebleu_arithmetic
from bleu_gui.core.config import BleuConfig, Compat, ConfigError, Smoothing
from bleu_gui.core.scoring import fit_stats
from bleu_gui.core.stats import CorpusStats
from bleu_gui.core.steps import drain

__all__ = [
    "DEFAULT_SAMPLES",
    "DEFAULT_SEED",
    "ConfidenceResult",
    "PairedTest",
    "PairedTestResult",
    "SampleProgress",
    "SystemResult",
    "confidence",
    "iter_confidence",
    "iter_paired_test",
    "paired_test",
]

DEFAULT_SEED = 12345
"""sacreBLEU's seed when `SACREBLEU_SEED` is not set."""

# Index cells (resamples x segments) drawn per block: 4 Mi cells keep a block's
# indices and counts near 64 MB whatever the corpus size.
_BLOCK_CELLS = 1 << 22
# At most this many resamples per block, so that progress (and a chance to stop)
# comes often on a small corpus, where scoring the resamples is most of the work.
_MAX_BLOCK_ROWS = 1024
# Boolean draws use one 32-bit word per 32 values and drop the rest of the last word
# at the end of a call; blocks of a multiple of 32 rows keep the stream identical.
_ROW_QUANTUM = 32

FloatArray = npt.NDArray[np.float64]


class PairedTest(StrEnum):
    """sacreBLEU's two paired tests, named as its `test_type`."""

    BOOTSTRAP = "bs"
    RANDOMIZATION = "ar"


DEFAULT_SAMPLES = {PairedTest.BOOTSTRAP: 1000, PairedTest.RANDOMIZATION: 10000}
"""sacreBLEU's default number of resamples / trials per test."""


@dataclass(frozen=True, slots=True)
class SampleProgress:
    """How many of the `total` resamples (or trials) are done."""

    done: int
    total: int


@dataclass(frozen=True, slots=True)
class SystemResult:
    """One system's row, as sacreBLEU's `Result`.

    Attributes:
        score: the real corpus BLEU.
        p_value: the paired test's p against the baseline; `None` for the baseline.
        mean: the bootstrap mean; `None` for approximate randomization.
        ci: half the width of the 95% bootstrap interval (printed `mean ± ci`);
            `None` for approximate randomization.
    """

    score: float
    p_value: float | None = None
    mean: float | None = None
    ci: float | None = None


@dataclass(frozen=True, slots=True)
class PairedTestResult:
    """A paired test of several systems against a baseline.

    Attributes:
        test: bootstrap or approximate randomization.
        samples: resamples (bootstrap) or trials (randomization).
        seed: the seed used, `None` if unseeded.
        baseline: the baseline's row (mean and ci with the bootstrap).
        systems: one row per compared system, in the order given.
    """

    test: PairedTest
    samples: int
    seed: int | None
    baseline: SystemResult
    systems: tuple[SystemResult, ...]


@dataclass(frozen=True, slots=True)
class ConfidenceResult:
    """One system's score with its bootstrap 95% interval (sacreBLEU's `-ci`).

    Attributes:
        score: the real corpus BLEU.
        mean: the mean of the resampled scores.
        ci: half the width of the 95% interval around it.
        samples: the number of resamples.
        seed: the seed used, `None` if unseeded.
    """

    score: float
    mean: float
    ci: float
    samples: int
    seed: int | None


def paired_test(
    baseline: CorpusStats,
    systems: Sequence[CorpusStats],
    config: BleuConfig,
    test: PairedTest,
    *,
    samples: int | None = None,
    seed: int | None = DEFAULT_SEED,
) -> PairedTestResult:
    """Run `iter_paired_test` to its end."""
    return drain(
        iter_paired_test(baseline, systems, config, test, samples=samples, seed=seed)
    )


def iter_paired_test(
    baseline: CorpusStats,
    systems: Sequence[CorpusStats],
    config: BleuConfig,
    test: PairedTest,
    *,
    samples: int | None = None,
    seed: int | None = DEFAULT_SEED,
) -> Generator[SampleProgress, None, PairedTestResult]:
    """Test each system against the baseline, as sacreBLEU's `PairedTest`.

    Yields progress after each block of resamples; returns the result.

    Args:
        baseline: the baseline's statistics.
        systems: the other systems' statistics, against the same references.
        config: a sacreBLEU-mode configuration.
        test: bootstrap or approximate randomization.
        samples: resamples or trials; `None` for sacreBLEU's default (1000 / 10000).
        seed: see the module docstring; `None` draws an unseeded stream.

    Raises:
        ConfigError: if `config` is not sacreBLEU's mode.
        ValueError: if there are no systems, no segments, fewer than one sample, or
            the systems' segment counts differ.
    """
    count = DEFAULT_SAMPLES[test] if samples is None else samples
    if not systems:
        raise ValueError("a paired test needs at least one system besides the baseline")
    every = _stat_matrices([baseline, *systems], config, count)
    real = [_real_score(s, config) for s in every]
    rng = np.random.default_rng(seed)
    if test is PairedTest.BOOTSTRAP:
        scores = yield from _bootstrap_scores(every, config, count, rng)
        base_mean, base_ci = _estimate_numpy(scores[0])
        rows = []
        for k in range(1, len(every)):
            diffs = np.abs(scores[k] - scores[0])
            mean, ci = _estimate_numpy(scores[k])
            p = _p_value(diffs - diffs.mean(), abs(real[0] - real[k]))
            rows.append(SystemResult(real[k], p, mean, ci))
        base = SystemResult(real[0], None, base_mean, base_ci)
    else:
        rows = []
        swaps = yield from _randomization_scores(every, config, count, rng)
        for k in range(1, len(every)):
            a, b = swaps[k - 1]
            rows.append(
                SystemResult(real[k], _p_value(np.abs(a - b), abs(real[0] - real[k])))
            )
        base = SystemResult(real[0])
    return PairedTestResult(test, count, seed, base, tuple(rows))


def confidence(
    stats: CorpusStats,
    config: BleuConfig,
    *,
    samples: int = DEFAULT_SAMPLES[PairedTest.BOOTSTRAP],
    seed: int | None = DEFAULT_SEED,
) -> ConfidenceResult:
    """Run `iter_confidence` to its end."""
    return drain(iter_confidence(stats, config, samples=samples, seed=seed))


def iter_confidence(
    stats: CorpusStats,
    config: BleuConfig,
    *,
    samples: int = DEFAULT_SAMPLES[PairedTest.BOOTSTRAP],
    seed: int | None = DEFAULT_SEED,
) -> Generator[SampleProgress, None, ConfidenceResult]:
    """One system's bootstrap 95% interval, as sacreBLEU's `corpus_score(n_bootstrap=)`.

    That path takes the mean with `statistics.mean` (paired bootstrap's baseline row
    uses numpy's mean instead; the two can differ in the last digit).

    Raises:
        ConfigError: if `config` is not sacreBLEU's mode.
        ValueError: if there are no segments or fewer than two samples (sacreBLEU
            computes no interval from one).
    """
    if samples < 2:
        raise ValueError(
            f"a confidence interval needs at least 2 resamples, not {samples}"
        )
    (matrix,) = _stat_matrices([stats], config, samples)
    rng = np.random.default_rng(seed)
    (scores,) = yield from _bootstrap_scores([matrix], config, samples, rng)
    ordered = sorted(scores.tolist())
    mean = statistics.mean(ordered)
    return ConfidenceResult(
        _real_score(matrix, config), mean, _half_width(ordered), samples, seed
    )


# --- statistics ---------------------------------------------------------------


def _stat_matrices(
    systems: Sequence[CorpusStats], config: BleuConfig, samples: int
) -> list[npt.NDArray[np.int64]]:
    """Per system, sacreBLEU's per-segment rows [c, r, m1..mN, t1..tN] (int64)."""
    if config.compat is not Compat.SACREBLEU:
        raise ConfigError(
            "significance tests follow sacreBLEU: choose the sacreBLEU mode",
            field="compat",
        )
    if samples < 1:
        raise ValueError(f"the number of samples must be at least 1, not {samples}")
    sizes = {len(s) for s in systems}
    if len(sizes) != 1:
        raise ValueError(
            "every system must have as many segments as the baseline "
            f"({len(systems[0])}), not {sorted(sizes - {len(systems[0])})}"
        )
    if not sizes.pop():
        raise ValueError("cannot test an empty set of segments")
    out = []
    for stats in systems:
        fitted = fit_stats(stats, config)
        out.append(
            np.column_stack(
                (
                    fitted.hyp_len,
                    fitted.closest_ref_len(),
                    fitted.matches,
                    fitted.totals,
                )
            ).astype(np.int64)
        )
    return out


def _real_score(matrix: npt.NDArray[np.int64], config: BleuConfig) -> float:
    """The observed corpus BLEU, from exact integer sums (sacreBLEU's float64 path)."""
    return _score_row(
        matrix.sum(axis=0).tolist(), config, config.effective_smooth_value
    )


def _score_row(row: Sequence[object], config: BleuConfig, k: float | None) -> float:
    """The score of one summed row, as sacreBLEU's `compute_bleu`.

    `row` holds Python ints (float64 arithmetic) or numpy float32 scalars (float32
    arithmetic, as sacreBLEU's bootstrap under numpy 2): `sacrebleu_arithmetic`
    performs the same operations on either.
    """
    order = config.max_order
    correct = cast(Sequence[int], row[2 : 2 + order])
    total = cast(Sequence[int], row[2 + order :])
    return sacrebleu_arithmetic(
        correct,
        total,
        int(cast(int, row[0])),
        int(cast(int, row[1])),
        config.smoothing_method,
        k,
        config.uses_effective_order(sentence=False),
    )[0]


# --- resampling -----------------------------------------------------------------


def _blocks(samples: int, segments: int) -> Iterator[int]:
    """Row counts of successive blocks: multiples of 32, about `_BLOCK_CELLS` cells."""
    fitting = (_BLOCK_CELLS // segments) // _ROW_QUANTUM * _ROW_QUANTUM
    rows = min(_MAX_BLOCK_ROWS, max(_ROW_QUANTUM, fitting))
    for start in range(0, samples, rows):
        yield min(rows, samples - start)


def _bootstrap_scores(
    matrices: Sequence[npt.NDArray[np.int64]],
    config: BleuConfig,
    samples: int,
    rng: np.random.Generator,
) -> Generator[SampleProgress, None, list[FloatArray]]:
    """Each system's score on each bootstrap resample (the same resamples for all).

    sacreBLEU draws `rng.choice(n, size=(samples, n))` and scores float32 sums.
    """
    segments = matrices[0].shape[0]
    width = matrices[0].shape[1]
    stacked = np.hstack(matrices).astype(np.float64)
    k = config.effective_smooth_value
    scores: list[list[float]] = [[] for _ in matrices]
    done = 0
    for rows in _blocks(samples, segments):
        idx = rng.choice(segments, size=(rows, segments), replace=True)
        idx += (np.arange(rows, dtype=np.int64) * segments)[:, None]
        counts = np.bincount(idx.ravel(), minlength=rows * segments)
        del idx
        sums = counts.reshape(rows, segments).astype(np.float64) @ stacked
        del counts
        sums32 = sums.astype(np.float32)
        for s, out in enumerate(scores):
            block = sums32[:, s * width : (s + 1) * width]
            out.extend(_score_row(list(row), config, k) for row in block)
        done += rows
        yield SampleProgress(done, samples)
    return [np.array(s, dtype=np.float64) for s in scores]


def _randomization_scores(
    matrices: Sequence[npt.NDArray[np.int64]],
    config: BleuConfig,
    samples: int,
    rng: np.random.Generator,
) -> Generator[SampleProgress, None, list[tuple[FloatArray, FloatArray]]]:
    """Per system, the scores of the two shuffled pseudo-systems of each trial.

    sacreBLEU draws `rng.integers(2, size=(samples, n), dtype=bool)`; where a trial's
    mask is true the baseline's segment goes to pseudo-system A and the system's to B,
    elsewhere the reverse. A's sums are the system's total plus mask @ (bl - sys).
    """
    segments = matrices[0].shape[0]
    base = matrices[0]
    deltas = np.hstack([base - m for m in matrices[1:]]).astype(np.float64)
    pair_totals = [
        (m.sum(axis=0), base.sum(axis=0) + m.sum(axis=0)) for m in matrices[1:]
    ]
    width = base.shape[1]
    k = config.effective_smooth_value
    if config.smoothing_method is Smoothing.ADD_K and k is not None:
        # sacreBLEU adds k in place to an int64 row: the sum is truncated.
        k = math.floor(k)
    scores: list[tuple[list[float], list[float]]] = [([], []) for _ in matrices[1:]]
    done = 0
    for rows in _blocks(samples, segments):
        mask = rng.integers(2, size=(rows, segments), dtype=bool)
        moved = np.rint(mask.astype(np.float64) @ deltas).astype(np.int64)
        del mask
        for s, (a_out, b_out) in enumerate(scores):
            sys_total, both = pair_totals[s]
            a_sums = sys_total + moved[:, s * width : (s + 1) * width]
            b_sums = both - a_sums
            a_out.extend(_score_row(r, config, k) for r in a_sums.tolist())
            b_out.extend(_score_row(r, config, k) for r in b_sums.tolist())
        done += rows
        yield SampleProgress(done, samples)
    return [(np.array(a), np.array(b)) for a, b in scores]


# --- summaries ------------------------------------------------------------------


def _half_width(ordered: Sequence[float]) -> float:
    """Half the distance between the scores at ranks n//40 and n - n//40 - 1."""
    lower = len(ordered) // 40
    return 0.5 * (ordered[len(ordered) - lower - 1] - ordered[lower])


def _estimate_numpy(scores: FloatArray) -> tuple[float, float]:
    """(mean, half-width) as sacreBLEU's `significance.estimate_ci`.

    The mean is numpy's, of the sorted scores: its pairwise summation depends on
    that order.
    """
    ordered = np.sort(scores)
    return float(ordered.mean()), float(_half_width(ordered.tolist()))


def _p_value(statistic: FloatArray, observed: float) -> float:
    """(samples strictly above the observed difference + 1) / (samples + 1)."""
    above = int(np.count_nonzero(statistic > observed))
    return (above + 1) / (statistic.size + 1)
