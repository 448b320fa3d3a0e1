"""Corpus-level questions about single sentences, answered from the statistics.

"Which sentences cost the most BLEU?" No tool ranks sentences by what they do to the
corpus score; sorting by sentence BLEU finds short sentences, not expensive ones. The
cost of a sentence here is how much corpus BLEU would rise if that sentence were
perfect: replaced by the reference whose length the brevity penalty uses (the closest
one; tensorflow/nmt: the shortest). It is computed from the summed statistics, row by
row, without tokenizing anything.

Both it and the swap effect of a comparison (`core.delta`: the sentence taken from
another system) are one computation, `iter_replacement_effects`: corpus BLEU with
row i replaced by another row, minus corpus BLEU, for every i, from the sums
`core.stats.replaced_sums` gives.
"""

from __future__ import annotations

import contextlib
from collections.abc import Generator

import numpy as np
import numpy.typing as npt

from bleu_gui.core.config import BleuConfig, Compat
from bleu_gui.core.parallel import WorkerPool, map_ordered
from bleu_gui.core.scoring import ROW_BLOCK, fit_stats, score_value
from bleu_gui.core.stats import CorpusStats, SummedStats, replaced_sums
from bleu_gui.core.steps import drain

__all__ = [
    "iter_perfect_gains",
    "iter_replacement_effects",
    "perfect_gains",
    "perfect_rows",
]


def perfect_gains(stats: CorpusStats, config: BleuConfig) -> npt.NDArray[np.float64]:
    """Per segment, corpus BLEU if it were perfect minus corpus BLEU (see module)."""
    return drain(iter_perfect_gains(stats, config))


def iter_perfect_gains(
    stats: CorpusStats, config: BleuConfig, pool: WorkerPool | None = None
) -> Generator[int, None, npt.NDArray[np.float64]]:
    """`perfect_gains` a block of rows at a time, yielding how many rows are done.

    With a `pool`, its workers compute the blocks (see `bleu_gui.core.parallel`). A
    row whose perfect version the emulated library cannot score gets NaN.
    """
    fitted = fit_stats(stats, config)
    return (
        yield from iter_replacement_effects(
            fitted, perfect_rows(fitted, config), config, pool
        )
    )


def perfect_rows(stats: CorpusStats, config: BleuConfig) -> CorpusStats:
    """Every row made perfect: the reference whose length BP uses, word for word.

    That reference is the closest one (tensorflow/nmt: the shortest); its n-grams
    all match, so matches = totals = its n-gram count, and the closest reference
    length of the perfect row is its own length.
    """
    if config.compat is Compat.TF_NMT:
        target = stats.shortest_ref_len()
    else:
        target = stats.closest_ref_len()
    orders = np.arange(stats.max_order)
    perfect = np.maximum(target[:, None] - orders[None, :], 0)
    return CorpusStats(target, stats.ref_lens, perfect, perfect.copy())


def iter_replacement_effects(
    stats: CorpusStats,
    replacements: CorpusStats,
    config: BleuConfig,
    pool: WorkerPool | None = None,
) -> Generator[int, None, npt.NDArray[np.float64]]:
    """Per row i, corpus BLEU with row i replaced by `replacements[i]`, minus BLEU.

    Both are counted against the same references. A block of rows at a time,
    yielding how many rows are done; with a `pool`, its workers compute the blocks.
    A row whose replaced corpus the emulated library cannot score gets NaN (all
    rows do when it cannot score the corpus itself).

    Raises:
        ValueError: if the two hold different numbers of rows, or too few orders.
    """
    fitted = fit_stats(stats, config)
    others = fit_stats(replacements, config)
    size = len(fitted)
    if len(others) != size:
        raise ValueError(f"{len(others)} replacement rows for {size} rows")
    total = fitted.summed()
    try:
        base = score_value(total, config)
    except ValueError:
        base = np.nan
    jobs = (
        (
            fitted.subset(np.arange(start, min(start + ROW_BLOCK, size))),
            others.subset(np.arange(start, min(start + ROW_BLOCK, size))),
            total,
            base,
            config,
            start + ROW_BLOCK >= size,
        )
        for start in range(0, size, ROW_BLOCK)
    )
    parts: list[npt.NDArray[np.float64]] = []
    for part in map_ordered(_effects_job, jobs, pool):
        parts.append(part)
        yield min(len(parts) * ROW_BLOCK, size)
    return np.concatenate(parts)


_EffectsJob = tuple[CorpusStats, CorpusStats, SummedStats, float, BleuConfig, bool]


def _effects_job(job: _EffectsJob) -> npt.NDArray[np.float64]:
    """The effects of one block of rows, given the whole corpus's sums and score.

    `holds_last` says whether the block ends with the corpus's last segment, the one
    NLTK's corpus smoothing looks at.
    """
    block, replacements, total, base, config, holds_last = job
    effects = np.full(len(block), np.nan)
    sums = replaced_sums(total, block, replacements, holds_last=holds_last)
    for i, summed in enumerate(sums):
        with contextlib.suppress(ValueError):  # unscorable: stays NaN
            effects[i] = score_value(summed, config) - base
    return effects
