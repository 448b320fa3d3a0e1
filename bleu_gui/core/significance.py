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
  gives every resample's summed statistics at once, for all systems, in float32
  arithmetic on integers while the largest sum a resample can reach is below 2**24
  (exact in any order of the additions; half the memory of float64), in float64
  beyond (exact below 2**53).
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

Beyond sacreBLEU, and labelled as such in the results' docstrings: every pair of
systems tested on the same resamples (`all_pairs`, with Holm's correction, `holm`);
the test's own distribution per pair (`PairDistribution`: the resampled differences
the p-value counts and the observed one); and the fact that two systems cannot be
told apart (`Identity`), where the strict `>` gives a copy of the baseline the
smallest p-value.

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
from itertools import combinations
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from bleu_gui.core.bleu import sacrebleu_arithmetic
from bleu_gui.core.config import (
    SIGNIFICANCE_REFUSAL,
    BleuConfig,
    ConfigError,
    Smoothing,
)
from bleu_gui.core.scoring import fit_stats
from bleu_gui.core.significance_names import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    STAR_LEVEL,
    Identity,
    PairedTest,
    is_starred,
)
from bleu_gui.core.stats import CorpusStats
from bleu_gui.core.steps import drain

__all__ = [
    "DEFAULT_SAMPLES",
    "DEFAULT_SEED",
    "MAX_SAMPLES",
    "STAR_LEVEL",
    "AllPairsResult",
    "ConfidenceResult",
    "Identity",
    "PairDistribution",
    "PairResult",
    "PairedTest",
    "PairedTestResult",
    "SampleProgress",
    "SystemResult",
    "all_pairs",
    "confidence",
    "holm",
    "is_starred",
    "iter_all_pairs",
    "iter_confidence",
    "iter_paired_test",
    "paired_test",
]

# Cells (resamples x segments) of a block's counts: 4 Mi cells, 16 MB in float32
# (32 MB in float64). A block of 16 Mi cells (float64, 128 MB) was most of the
# command line's peak memory at 19,008 segments x 5 systems, for no speed: the
# product costs the same in four blocks as in one.
_BLOCK_CELLS = 1 << 22
# Cells drawn per call of the generator within a block: the int64 indices of 1 Mi
# cells and their bincount take 8 MB each.
_DRAW_CELLS = 1 << 20
# At least this many resamples per block (memory permitting, a multiple of 32):
# OpenBLAS's threads make a product of a few rows by 100,000 segments 10-40 times
# slower on a busy 2-core machine than one of 64 rows or more (measured).
_MIN_BLOCK_ROWS = 64
# At most this many resamples per block, so that progress (and a chance to stop)
# comes often on a small corpus, where scoring the resamples is most of the work.
_MAX_BLOCK_ROWS = 1024
# Boolean draws use one 32-bit word per 32 values and drop the rest of the last word
# at the end of a call; blocks of a multiple of 32 rows keep the stream identical.
_ROW_QUANTUM = 32
# float32 sums of non-negative integers are exact, in any order, while every
# partial sum stays below 2**24: the resampled sums use float32 when the largest
# sum a resample can reach does (half the memory, about twice the speed of float64).
_FLOAT32_EXACT = 1 << 24

FloatArray = npt.NDArray[np.float64]


MAX_SAMPLES = 1_000_000
"""The most resamples / trials the window (and a session file) takes: a thousand
times sacreBLEU's bootstrap default, minutes of work on a large test set."""


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


@dataclass(frozen=True, slots=True, eq=False)
class PairDistribution:
    """What a pair's p-value counts, for a chart (beyond sacreBLEU, which keeps it).

    p = (the `resampled` values strictly above `observed`, + 1) / (`samples` + 1).

    Attributes:
        resampled: bootstrap: each resample's |Δ| minus the mean |Δ| (the centred
            differences sacreBLEU counts); randomization: |A − B| of each trial's two
            shuffled pseudo-systems. One float per resample, read-only.
        observed: |Δ| of the real corpus scores.
    """

    resampled: FloatArray
    observed: float

    @property
    def samples(self) -> int:
        """The number of resamples (or trials)."""
        return int(self.resampled.size)

    @property
    def p_value(self) -> float:
        """(samples strictly above the observed difference + 1) / (samples + 1).

        Strict, as multeval's and sacreBLEU's: a copy of a system gets the smallest p.
        """
        above = int(np.count_nonzero(self.resampled > self.observed))
        return (above + 1) / (self.resampled.size + 1)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PairDistribution):
            return NotImplemented
        return self.observed == other.observed and np.array_equal(
            self.resampled, other.resampled
        )

    def __hash__(self) -> int:
        return hash((self.observed, self.resampled.tobytes()))


@dataclass(frozen=True, slots=True)
class PairedTestResult:
    """A paired test of several systems against a baseline.

    Attributes:
        test: bootstrap or approximate randomization.
        samples: resamples (bootstrap) or trials (randomization).
        seed: the seed used, `None` if unseeded.
        baseline: the baseline's row (mean and ci with the bootstrap).
        systems: one row per compared system, in the order given (sacreBLEU's).
        distributions: per compared system, the test's own distribution against the
            baseline (beyond sacreBLEU).
        identical: per compared system, whether it cannot be told apart from the
            baseline (`None`: it can); beyond sacreBLEU.
    """

    test: PairedTest
    samples: int
    seed: int | None
    baseline: SystemResult
    systems: tuple[SystemResult, ...]
    distributions: tuple[PairDistribution, ...]
    identical: tuple[Identity | None, ...]


@dataclass(frozen=True, slots=True)
class PairResult:
    """One pair of an all-pairs test, seen from `first`.

    Attributes:
        first: the position of one system in the list tested.
        second: the position of the other.
        delta: BLEU of `second` minus BLEU of `first` (the real scores).
        p_value: the paired test's p-value, sacreBLEU's with either of the two as
            the baseline (the test is symmetric).
        holm_p_value: `p_value` after Holm's step-down correction over every pair of
            the matrix (see `holm`).
        identical: why the two cannot be told apart, or `None`.
        distribution: the test's own distribution for this pair.
    """

    first: int
    second: int
    delta: float
    p_value: float
    holm_p_value: float
    identical: Identity | None
    distribution: PairDistribution


@dataclass(frozen=True, slots=True)
class AllPairsResult:
    """Every pair of systems tested on the same resamples (beyond sacreBLEU).

    sacreBLEU tests each system against one baseline only. Here the resamples (or
    trials) are drawn once, as sacreBLEU draws them, and serve every pair: the row
    of any system as the baseline is exactly sacreBLEU's paired test with that
    system first (`against`).

    Attributes:
        test: bootstrap or approximate randomization.
        samples: resamples or trials.
        seed: the seed used, `None` if unseeded.
        systems: per system, its score (and bootstrap mean and ci); no p-value.
        pairs: every pair (i, j) with i < j, in the order (0, 1), (0, 2), …, (1, 2), …
    """

    test: PairedTest
    samples: int
    seed: int | None
    systems: tuple[SystemResult, ...]
    pairs: tuple[PairResult, ...]

    def pair(self, first: int, second: int) -> PairResult:
        """The pair of two systems, seen from `first` (its delta is second − first).

        Raises:
            IndexError: for a position out of range, or one system with itself.
        """
        count = len(self.systems)
        if first == second or not (0 <= first < count and 0 <= second < count):
            raise IndexError(f"no pair ({first}, {second}) among {count} systems")
        low, high = sorted((first, second))
        found = self.pairs[low * (2 * count - low - 1) // 2 + high - low - 1]
        if first == low:
            return found
        return PairResult(
            first,
            second,
            0.0 - found.delta,  # not -0.0 when the scores are equal
            found.p_value,
            found.holm_p_value,
            found.identical,
            found.distribution,
        )

    def against(self, baseline: int) -> PairedTestResult:
        """Every other system against `baseline`, as `paired_test` gives it.

        Equal to `paired_test(stats[baseline], the others in order, …)` with the
        same options and seed, and so to sacreBLEU's.
        """
        others = [k for k in range(len(self.systems)) if k != baseline]
        pairs = [self.pair(baseline, k) for k in others]
        return PairedTestResult(
            self.test,
            self.samples,
            self.seed,
            self.systems[baseline],
            tuple(
                SystemResult(row.score, pair.p_value, row.mean, row.ci)
                for row, pair in zip(
                    (self.systems[k] for k in others), pairs, strict=True
                )
            ),
            tuple(pair.distribution for pair in pairs),
            tuple(pair.identical for pair in pairs),
        )


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
    texts: Sequence[Sequence[str]] | None = None,
) -> PairedTestResult:
    """Run `iter_paired_test` to its end."""
    return drain(
        iter_paired_test(
            baseline, systems, config, test, samples=samples, seed=seed, texts=texts
        )
    )


def iter_paired_test(
    baseline: CorpusStats,
    systems: Sequence[CorpusStats],
    config: BleuConfig,
    test: PairedTest,
    *,
    samples: int | None = None,
    seed: int | None = DEFAULT_SEED,
    texts: Sequence[Sequence[str]] | None = None,
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
        texts: the hypothesis lines, baseline first, if known: a system whose
            lines are the baseline's is then `Identity.TEXT` rather than
            `Identity.STATISTICS`.

    Raises:
        ConfigError: if `config` is not sacreBLEU's mode.
        ValueError: if there are no systems, no segments, fewer than one sample, or
            the systems' segment counts differ.
    """
    count = DEFAULT_SAMPLES[test] if samples is None else samples
    if not systems:
        raise ValueError("a paired test needs at least one system besides the baseline")
    every = _stat_matrices([baseline, *systems], config, count)
    del baseline, systems  # freeable while resampling (`_stat_matrices`)
    _check_texts(texts, len(every))
    pairs = [(0, k) for k in range(1, len(every))]
    rows, tested = yield from _run(every, config, test, count, seed, pairs)
    return PairedTestResult(
        test,
        count,
        seed,
        rows[0],
        tuple(
            SystemResult(row.score, dist.p_value, row.mean, row.ci)
            for row, dist in zip(rows[1:], tested, strict=True)
        ),
        tuple(tested),
        tuple(_identity(every, texts, i, j) for i, j in pairs),
    )


def all_pairs(
    systems: Sequence[CorpusStats],
    config: BleuConfig,
    test: PairedTest,
    *,
    samples: int | None = None,
    seed: int | None = DEFAULT_SEED,
    texts: Sequence[Sequence[str]] | None = None,
) -> AllPairsResult:
    """Run `iter_all_pairs` to its end."""
    return drain(
        iter_all_pairs(systems, config, test, samples=samples, seed=seed, texts=texts)
    )


def iter_all_pairs(
    systems: Sequence[CorpusStats],
    config: BleuConfig,
    test: PairedTest,
    *,
    samples: int | None = None,
    seed: int | None = DEFAULT_SEED,
    texts: Sequence[Sequence[str]] | None = None,
) -> Generator[SampleProgress, None, AllPairsResult]:
    """Test every pair of systems on the same resamples (beyond sacreBLEU).

    The bootstrap costs what one paired test of all the systems costs (each system
    is scored once per resample; a pair only subtracts). Randomization scores two
    pseudo-systems per pair and trial, so its cost grows with the number of pairs.

    Args: as `iter_paired_test`, with the systems in one list.

    Raises:
        ConfigError: if `config` is not sacreBLEU's mode.
        ValueError: if there are fewer than two systems, no segments, fewer than one
            sample, or the systems' segment counts differ.
    """
    count = DEFAULT_SAMPLES[test] if samples is None else samples
    if len(systems) < 2:
        raise ValueError("an all-pairs test needs at least two systems")
    every = _stat_matrices(systems, config, count)
    del systems  # freeable while resampling (`_stat_matrices`)
    _check_texts(texts, len(every))
    pairs = list(combinations(range(len(every)), 2))
    rows, tested = yield from _run(every, config, test, count, seed, pairs)
    p_values = [dist.p_value for dist in tested]
    return AllPairsResult(
        test,
        count,
        seed,
        tuple(rows),
        tuple(
            PairResult(
                i,
                j,
                rows[j].score - rows[i].score,
                p,
                adjusted,
                _identity(every, texts, i, j),
                dist,
            )
            for (i, j), dist, p, adjusted in zip(
                pairs, tested, p_values, holm(p_values), strict=True
            )
        ),
    )


def holm(p_values: Sequence[float]) -> tuple[float, ...]:
    """Holm's step-down adjusted p-values, in the order given.

    Holm (1979): sort the m p-values, p(1) ≤ … ≤ p(m); the adjusted p(k) is the
    largest of (m − i + 1)·p(i) for i ≤ k, at most 1. Rejecting where the adjusted
    value is ≤ α keeps the chance of any false rejection among the m at α or less,
    whatever their dependence, which suits the pairs of one matrix (they share
    systems and resamples). The same numbers as statsmodels' `multipletests(…,
    method="holm")` and R's `p.adjust(…, "holm")`; ties get equal values.
    """
    count = len(p_values)
    order = sorted(range(count), key=lambda index: p_values[index])
    adjusted = [0.0] * count
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, (count - rank) * p_values[index])
        adjusted[index] = min(1.0, running)
    return tuple(adjusted)


def _check_texts(texts: Sequence[Sequence[str]] | None, systems: int) -> None:
    if texts is not None and len(texts) != systems:
        raise ValueError(f"texts: one per system ({systems}), not {len(texts)}")


def _identity(
    matrices: Sequence[npt.NDArray[np.int32]],
    texts: Sequence[Sequence[str]] | None,
    first: int,
    second: int,
) -> Identity | None:
    """Whether two systems are one to the test: the same statistics on every row."""
    if not np.array_equal(matrices[first], matrices[second]):
        return None
    if texts is not None:
        a, b = texts[first], texts[second]
        if len(a) == len(b) and all(x == y for x, y in zip(a, b, strict=True)):
            return Identity.TEXT
    return Identity.STATISTICS


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
) -> list[npt.NDArray[np.int32]]:
    """Per system, sacreBLEU's per-segment rows [c, r, m1..mN, t1..tN].

    int32, not sacreBLEU's int64: a segment's lengths and counts fit (a 2 MB
    segment has fewer than 2**31 tokens), and every sum of them is taken in int64
    or in an exact float (`_exact_float`). Ten systems of 100,000 segments keep
    40 MB less this way in the significance process (the window's memory target,
    docs/design.md).

    The tests drop their references to `systems` once these are made, so that a
    caller who hands the statistics over (the significance process) has them
    freed before the resampling begins: there, the peak of that process.
    """
    if not config.capabilities.significance:
        raise ConfigError(
            SIGNIFICANCE_REFUSAL,
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
            ).astype(np.int32)
        )
    return out


def _real_score(matrix: npt.NDArray[np.int32], config: BleuConfig) -> float:
    """The observed corpus BLEU, from exact integer sums (sacreBLEU's float64 path)."""
    return _score_row(
        matrix.sum(axis=0, dtype=np.int64).tolist(),
        config,
        config.effective_smooth_value,
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


def _run(
    matrices: Sequence[npt.NDArray[np.int32]],
    config: BleuConfig,
    test: PairedTest,
    samples: int,
    seed: int | None,
    pairs: Sequence[tuple[int, int]],
) -> Generator[SampleProgress, None, tuple[list[SystemResult], list[PairDistribution]]]:
    """Each system's row (no p-value) and each pair's distribution.

    A pair (i, j) is tested with i in the baseline's place, as sacreBLEU tests j
    against the baseline i; both tests are symmetric, so the same numbers come out
    with j first.
    """
    real = [_real_score(m, config) for m in matrices]
    rng = np.random.default_rng(seed)
    if test is PairedTest.BOOTSTRAP:
        scores = yield from _bootstrap_scores(matrices, config, samples, rng)
        rows = [
            SystemResult(score, None, *_estimate_numpy(resampled))
            for score, resampled in zip(real, scores, strict=True)
        ]
        tested = []
        for i, j in pairs:
            diffs = np.abs(scores[j] - scores[i])
            tested.append(_distribution(diffs - diffs.mean(), abs(real[i] - real[j])))
        return rows, tested
    swaps = yield from _randomization_scores(matrices, config, samples, rng, pairs)
    return [SystemResult(score) for score in real], [
        _distribution(np.abs(a - b), abs(real[i] - real[j]))
        for (a, b), (i, j) in zip(swaps, pairs, strict=True)
    ]


def _distribution(resampled: FloatArray, observed: float) -> PairDistribution:
    resampled.flags.writeable = False
    return PairDistribution(resampled, observed)


def _blocks(samples: int, segments: int) -> Iterator[int]:
    """Row counts of successive blocks: multiples of 32, about `_BLOCK_CELLS` cells."""
    rows = _rows_within(_BLOCK_CELLS, segments, _MIN_BLOCK_ROWS)
    for start in range(0, samples, rows):
        yield min(rows, samples - start)


def _draws(rows: int, segments: int) -> Iterator[tuple[int, int]]:
    """(start, stop) of the generator calls that fill a block of `rows` rows.

    Multiples of 32 rows but maybe the last, about `_DRAW_CELLS` cells each.
    """
    step = _rows_within(_DRAW_CELLS, segments, _ROW_QUANTUM)
    for start in range(0, rows, step):
        yield start, min(rows, start + step)


def _rows_within(cells: int, segments: int, least: int) -> int:
    """About `cells` cells in rows of `segments`: a multiple of 32 rows.

    At least `least` rows, at most `_MAX_BLOCK_ROWS`.
    """
    fitting = (cells // segments) // _ROW_QUANTUM * _ROW_QUANTUM
    return min(_MAX_BLOCK_ROWS, max(least, fitting))


def _stacked(
    matrices: Sequence[npt.NDArray[np.int32]], exact: type[np.floating[Any]]
) -> npt.NDArray[np.floating[Any]]:
    """The matrices side by side, as `exact` floats, written straight into one array.

    Not `np.hstack(matrices).astype(exact)`, which makes an integer copy of all
    the matrices side by side first.
    """
    width = matrices[0].shape[1]
    stacked = np.empty((matrices[0].shape[0], width * len(matrices)), dtype=exact)
    for n, matrix in enumerate(matrices):
        stacked[:, n * width : (n + 1) * width] = matrix
    return stacked


def _exact_float(largest: int) -> type[np.floating[Any]]:
    """The float type whose sums of non-negative integers up to `largest` are exact.

    float32 while every partial sum stays below 2**24 (then in any order of the
    additions, as BLAS chooses it), float64 beyond (exact below 2**53).
    """
    return np.float32 if largest < _FLOAT32_EXACT else np.float64


def _bootstrap_scores(
    matrices: Sequence[npt.NDArray[np.int32]],
    config: BleuConfig,
    samples: int,
    rng: np.random.Generator,
) -> Generator[SampleProgress, None, list[FloatArray]]:
    """Each system's score on each bootstrap resample (the same resamples for all).

    sacreBLEU draws `rng.choice(n, size=(samples, n))` and scores float32 sums.
    """
    segments = matrices[0].shape[0]
    width = matrices[0].shape[1]
    # A resample draws `segments` rows: its sums are at most that many times the
    # largest entry of a column.
    exact = _exact_float(segments * max(int(m.max()) for m in matrices))
    stacked = _stacked(matrices, exact)
    k = config.effective_smooth_value
    scores = [np.empty(samples) for _ in matrices]
    done = 0
    for rows in _blocks(samples, segments):
        counts = np.empty((rows, segments), dtype=exact)
        for start, stop in _draws(rows, segments):
            idx = rng.choice(segments, size=(stop - start, segments), replace=True)
            idx += (np.arange(stop - start, dtype=np.int64) * segments)[:, None]
            found = np.bincount(idx.ravel(), minlength=idx.size)
            counts[start:stop] = found.reshape(stop - start, segments)
            del idx, found
        sums32 = (counts @ stacked).astype(np.float32, copy=False)
        del counts
        for s, out in enumerate(scores):
            block = sums32[:, s * width : (s + 1) * width]
            out[done : done + rows] = [
                _score_row(list(row), config, k) for row in block
            ]
        done += rows
        yield SampleProgress(done, samples)
    return scores


def _randomization_scores(
    matrices: Sequence[npt.NDArray[np.int32]],
    config: BleuConfig,
    samples: int,
    rng: np.random.Generator,
    pairs: Sequence[tuple[int, int]],
) -> Generator[SampleProgress, None, list[tuple[FloatArray, FloatArray]]]:
    """Per pair (i, j), the scores of the two shuffled pseudo-systems of each trial.

    sacreBLEU draws `rng.integers(2, size=(samples, n), dtype=bool)`; where a trial's
    mask is true the baseline's (i's) segment goes to pseudo-system A and j's to B,
    elsewhere the reverse. A's sums are j's total plus mask @ S_i − mask @ S_j: one
    product per system serves every pair, exact in float64 (integers below 2**53),
    and in float32 while every column's total is below 2**24 (a masked sum never
    exceeds it).
    """
    segments = matrices[0].shape[0]
    width = matrices[0].shape[1]
    used = sorted({k for pair in pairs for k in pair})
    column = {k: n * width for n, k in enumerate(used)}
    totals = [m.sum(axis=0, dtype=np.int64) for m in matrices]
    exact = _exact_float(max(int(totals[k].max()) for k in used))
    stacked = _stacked([matrices[k] for k in used], exact)
    k = config.effective_smooth_value
    if config.smoothing_method is Smoothing.ADD_K and k is not None:
        # sacreBLEU adds k in place to an int64 row: the sum is truncated.
        k = math.floor(k)
    scores = [(np.empty(samples), np.empty(samples)) for _ in pairs]
    done = 0
    for rows in _blocks(samples, segments):
        mask = np.empty((rows, segments), dtype=exact)
        for start, stop in _draws(rows, segments):
            mask[start:stop] = rng.integers(
                2, size=(stop - start, segments), dtype=bool
            )
        moved = (mask @ stacked).astype(np.int64)
        del mask
        for (i, j), (a_out, b_out) in zip(pairs, scores, strict=True):
            a_sums = (
                totals[j]
                + moved[:, column[i] : column[i] + width]
                - moved[:, column[j] : column[j] + width]
            )
            b_sums = totals[i] + totals[j] - a_sums
            a_out[done : done + rows] = [
                _score_row(r, config, k) for r in a_sums.tolist()
            ]
            b_out[done : done + rows] = [
                _score_row(r, config, k) for r in b_sums.tolist()
            ]
        done += rows
        yield SampleProgress(done, samples)
    return scores


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
