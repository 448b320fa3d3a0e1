"""How solid is a significant difference? The margin: sentences to swap until it is not.

"B is significantly better than A (p = 0.003)" says nothing of how much of B's
advantage the verdict could lose. The **margin** of a pair whose difference is
significant (sacreBLEU's paired bootstrap, p ≤ 0.05, its star) is the fewest
sentences whose output, taken from A into B, make the difference no longer
significant in B's favour: the paired bootstrap of A against the swapped B' gives
p > 0.05 (or turns the difference around). A margin of 3 out of 2,000 sentences
is a fragile verdict; one of 300 is a solid one.

Which sentences: greedily, those with the largest swap effect first (the sentence
table's Swap column, `core.delta.swap_effects`: corpus BLEU of A with that sentence
taken from B, minus A's), the ones that carry B's advantage; when B is the worse
system, the most negative first. Only sentences whose effect points B's way are
candidates (a sentence where B is worse, swapped, would widen the gap). Rows are
replaced in the statistics (A's row for B's), never re-tokenised.

How the count is found: the paired test at k swaps is a step of its own (a full
sacreBLEU bootstrap, at the same seed and number of resamples as the first test,
so every test draws the same resamples). Testing k = 1, 2, 3, … would cost as many
tests as the margin; instead k doubles (1, 2, 4, …) until the difference is no
longer significant, then a binary search between the last two counts. That assumes
monotonicity: each further swap, of a smaller effect, takes more of B's advantage
away, and with the same resamples at every k the p-value rises with the swaps
(common random numbers make it a smooth function of the statistics, not a fresh
draw each time). It is an assumption, not a proof (the effects are each measured
on the unswapped corpus and do not add exactly; a p-value can dip by a resample),
so the answer is *confirmed*, not inferred: the binary search ends with two counts
both tested exactly, k − 1 still significant and k not, and those two p-values are
in the result. Under the assumption k is the fewest; without it, k is a count at
which the verdict is lost right after the k − 1 before it still held. About
2·log2(k) + 2 tests in all.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from bleu_gui.core.config import SIGNIFICANCE_MODE, BleuConfig
from bleu_gui.core.delta import iter_swap_effects
from bleu_gui.core.significance import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    PairedTest,
    PairedTestResult,
    is_starred,
    iter_paired_test,
)
from bleu_gui.core.stats import CorpusStats
from bleu_gui.core.steps import drain

__all__ = [
    "Margin",
    "MarginProgress",
    "MarginRequest",
    "NoMargin",
    "NoMarginReason",
    "iter_margin",
    "margin",
    "swapped_stats",
]


@dataclass(frozen=True, slots=True)
class MarginProgress:
    """Where the search is.

    Attributes:
        tests: paired tests finished so far.
        swaps: the count of swapped sentences the running test is at (0: the
            unswapped pair; -1 while the swap effects are computed).
        done: resamples of the running test done (rows of effects, at -1).
        total: of `total`.
    """

    tests: int
    swaps: int
    done: int
    total: int


class NoMarginReason(StrEnum):
    """Why a pair has no margin, in words a user reads."""

    NOT_SACREBLEU = f"significance needs the {SIGNIFICANCE_MODE.name} mode"
    NOT_SIGNIFICANT = "the difference is not significant at 0.05"
    IDENTICAL = "the two systems cannot be told apart"
    NEVER_LOST = (
        "the difference stays significant after swapping every sentence where B "
        "and A differ in its favour"
    )


@dataclass(frozen=True, slots=True)
class NoMargin:
    """A pair without a margin, and why; `p_value` of the unswapped test if run."""

    reason: NoMarginReason
    p_value: float | None = None


@dataclass(frozen=True, slots=True)
class Margin:
    """The margin of a significant difference (see the module docstring).

    Attributes:
        count: the fewest sentences to swap (B's output replaced by A's).
        rows: the swapped sentences' 0-based rows, in swap order (largest effect
            first); `count` of them.
        better: whether B was the better system (B's BLEU above A's).
        p_before: the paired test's p-value of the pair as it is.
        p_one_fewer: p after swapping `count` − 1 of the rows (still ≤ 0.05).
        p_at: p after swapping all `count` (above 0.05, or the difference turned).
        samples: resamples of every test.
        seed: the seed of every test (`None`: unseeded, so not repeatable).
        tests: how many paired tests the search ran.
    """

    count: int
    rows: tuple[int, ...]
    better: bool
    p_before: float
    p_one_fewer: float
    p_at: float
    samples: int
    seed: int | None
    tests: int


@dataclass(frozen=True, slots=True, eq=False)
class MarginRequest:
    """A margin to find, as the window sends it to the tests' process.

    Attributes: as `iter_margin`'s arguments (`samples` and `seed` those of the
    paired test that found the difference significant); `rows`: the segments
    that test was run on (the Systems dock's "shown only", ascending), or None
    for all of them.
    """

    stats_a: CorpusStats
    stats_b: CorpusStats
    config: BleuConfig
    samples: int
    seed: int | None
    rows: npt.NDArray[np.int64] | None = None

    def steps(self) -> Generator[MarginProgress, None, Margin | NoMargin]:
        """The search's step generator: on `rows` only, when given.

        A subset's margin is the subset's own (its test is sacreBLEU's on those
        lines alone); its rows are given back as rows of the whole test set.
        """
        if self.rows is None:
            return iter_margin(
                self.stats_a,
                self.stats_b,
                self.config,
                samples=self.samples,
                seed=self.seed,
            )
        return _on_rows(self, self.rows)


def _on_rows(
    request: MarginRequest, rows: npt.NDArray[np.int64]
) -> Generator[MarginProgress, None, Margin | NoMargin]:
    """`iter_margin` on the statistics of `rows`, its rows mapped back to the set's."""
    found = yield from iter_margin(
        request.stats_a.subset(rows),
        request.stats_b.subset(rows),
        request.config,
        samples=request.samples,
        seed=request.seed,
    )
    if not isinstance(found, Margin):
        return found
    return replace(found, rows=tuple(int(rows[row]) for row in found.rows))


def margin(
    stats_a: CorpusStats,
    stats_b: CorpusStats,
    config: BleuConfig,
    *,
    effects: npt.NDArray[np.float64] | None = None,
    samples: int | None = None,
    seed: int | None = DEFAULT_SEED,
) -> Margin | NoMargin:
    """Run `iter_margin` to its end."""
    return drain(
        iter_margin(
            stats_a, stats_b, config, effects=effects, samples=samples, seed=seed
        )
    )


def iter_margin(
    stats_a: CorpusStats,
    stats_b: CorpusStats,
    config: BleuConfig,
    *,
    effects: npt.NDArray[np.float64] | None = None,
    samples: int | None = None,
    seed: int | None = DEFAULT_SEED,
) -> Generator[MarginProgress, None, Margin | NoMargin]:
    """The margin of B against baseline A, one resample block at a time.

    Args:
        stats_a: the baseline's statistics.
        stats_b: the compared system's, against the same references.
        config: the scoring options (the margin needs sacreBLEU's mode).
        effects: the swap effects (`core.delta.swap_effects(stats_a, stats_b)`) if
            already known (the window has them); computed here otherwise.
        samples: bootstrap resamples per test; `None` for sacreBLEU's 1000.
        seed: the seed of every test, as `core.significance`.

    Raises:
        ValueError: if the statistics differ in length or `effects` does.
    """
    if not config.capabilities.significance:
        return NoMargin(NoMarginReason.NOT_SACREBLEU)
    count = DEFAULT_SAMPLES[PairedTest.BOOTSTRAP] if samples is None else samples
    if effects is None:
        size = len(stats_a)
        effects = yield from _relabelled_effects(stats_a, stats_b, config, size)
    if effects.shape != (len(stats_b),):
        raise ValueError(f"{effects.shape[0]} swap effects for {len(stats_b)} rows")
    search = _Search(stats_a, stats_b, config, count, seed)
    first = yield from search.test(0)
    if first.identical[0] is not None:
        return NoMargin(NoMarginReason.IDENTICAL, _p(first))
    if not is_starred(_p(first)):
        return NoMargin(NoMarginReason.NOT_SIGNIFICANT, _p(first))
    better = first.systems[0].score > first.baseline.score
    order = _candidates(effects, better)
    search.order = order
    if order.size == 0:
        return NoMargin(NoMarginReason.NEVER_LOST, _p(first))
    held, probe = 0, 1
    while True:  # doubling: the first count at which the verdict is lost
        if not (yield from search.still_holds(probe, better)):
            lost = probe
            break
        held = probe
        if probe == order.size:
            return NoMargin(NoMarginReason.NEVER_LOST, _p(first))
        probe = min(2 * probe, order.size)
    while lost - held > 1:  # binary search: held still holds, lost does not
        middle = (held + lost) // 2
        if (yield from search.still_holds(middle, better)):
            held = middle
        else:
            lost = middle
    return Margin(
        lost,
        tuple(order[:lost].tolist()),
        better,
        _p(first),
        search.p_values[held],
        search.p_values[lost],
        count,
        seed,
        search.tests,
    )


def swapped_stats(
    stats_b: CorpusStats, stats_a: CorpusStats, rows: npt.ArrayLike
) -> CorpusStats:
    """B's statistics with the given rows replaced by A's (same references)."""
    index = np.asarray(rows, dtype=np.int64)
    hyp_len = stats_b.hyp_len.copy()
    matches = stats_b.matches.copy()
    totals = stats_b.totals.copy()
    hyp_len[index] = stats_a.hyp_len[index]
    matches[index] = stats_a.matches[index]
    totals[index] = stats_a.totals[index]
    return CorpusStats(hyp_len, stats_b.ref_lens, matches, totals)


def _candidates(
    effects: npt.NDArray[np.float64], better: bool
) -> npt.NDArray[np.int64]:
    """Rows whose effect points B's way, largest first; ties in row order."""
    signed = effects if better else -effects
    rows = np.flatnonzero(signed > 0)  # NaN compares False: never a candidate
    ordered = rows[np.argsort(-signed[rows], kind="stable")]
    return ordered.astype(np.int64)


def _p(result: PairedTestResult) -> float:
    p = result.systems[0].p_value
    assert p is not None
    return p


def _relabelled_effects(
    stats_a: CorpusStats, stats_b: CorpusStats, config: BleuConfig, size: int
) -> Generator[MarginProgress, None, npt.NDArray[np.float64]]:
    steps = iter_swap_effects(stats_a, stats_b, config)
    while True:
        try:
            done = next(steps)
        except StopIteration as end:
            effects: npt.NDArray[np.float64] = end.value
            return effects
        yield MarginProgress(0, -1, done, size)


class _Search:
    """The paired tests of the search, each count tested at most once."""

    def __init__(
        self,
        stats_a: CorpusStats,
        stats_b: CorpusStats,
        config: BleuConfig,
        samples: int,
        seed: int | None,
    ) -> None:
        self.stats_a = stats_a
        self.stats_b = stats_b
        self.config = config
        self.samples = samples
        self.seed = seed
        self.order: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
        self.tests = 0
        self.p_values: dict[int, float] = {}

    def test(self, swaps: int) -> Generator[MarginProgress, None, PairedTestResult]:
        """The paired bootstrap of A against B with the first `swaps` rows swapped."""
        b = self.stats_b
        if swaps:
            b = swapped_stats(b, self.stats_a, self.order[:swaps])
        steps = iter_paired_test(
            self.stats_a,
            [b],
            self.config,
            PairedTest.BOOTSTRAP,
            samples=self.samples,
            seed=self.seed,
        )
        while True:
            try:
                step = next(steps)
            except StopIteration as end:
                result: PairedTestResult = end.value
                break
            yield MarginProgress(self.tests, swaps, step.done, step.total)
        self.tests += 1
        self.p_values[swaps] = _p(result)
        return result

    def still_holds(
        self, swaps: int, better: bool
    ) -> Generator[MarginProgress, None, bool]:
        """Whether B' is still significantly better (or worse) in the same way."""
        result = yield from self.test(swaps)
        if result.identical[0] is not None:
            return False
        same_way = (result.systems[0].score > result.baseline.score) == better
        return same_way and is_starred(_p(result))
