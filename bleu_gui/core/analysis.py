"""Corpus-level questions about single sentences, answered from the statistics.

"Which sentences cost the most BLEU?" No tool ranks sentences by what they do to the
corpus score; sorting by sentence BLEU finds short sentences, not expensive ones. The
cost of a sentence here is how much corpus BLEU would rise if that sentence were
perfect: replaced by the reference whose length the brevity penalty uses (the closest
one; tensorflow/nmt: the shortest). It is computed from the summed statistics, row by
row, without tokenizing anything.
"""

from __future__ import annotations

import contextlib
from collections.abc import Generator

import numpy as np
import numpy.typing as npt

from bleu_gui.core.config import BleuConfig, Compat
from bleu_gui.core.parallel import WorkerPool, map_ordered
from bleu_gui.core.scoring import ROW_BLOCK, fit_stats, score_value
from bleu_gui.core.stats import CorpusStats, SummedStats
from bleu_gui.core.steps import drain

__all__ = ["iter_perfect_gains", "perfect_gains"]


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
    size = len(fitted)
    total = fitted.summed()
    try:
        base = score_value(total, config)
    except ValueError:
        base = np.nan
    jobs = (
        (
            fitted.subset(np.arange(start, min(start + ROW_BLOCK, size))),
            total,
            base,
            config,
            start + ROW_BLOCK >= size,
        )
        for start in range(0, size, ROW_BLOCK)
    )
    parts: list[npt.NDArray[np.float64]] = []
    for part in map_ordered(_gains_job, jobs, pool):
        parts.append(part)
        yield min(len(parts) * ROW_BLOCK, size)
    return np.concatenate(parts)


_GainsJob = tuple[CorpusStats, SummedStats, float, BleuConfig, bool]


def _gains_job(job: _GainsJob) -> npt.NDArray[np.float64]:
    """The gains of one block of rows, given the whole corpus's sums and score.

    `holds_last` says whether the block ends with the corpus's last segment, the one
    NLTK's corpus smoothing looks at.
    """
    block, total, base, config, holds_last = job
    size, order = len(block), block.max_order
    shortest = block.shortest_ref_len()
    target = shortest if config.compat is Compat.TF_NMT else block.closest_ref_len()
    orders = np.arange(order)
    perfect = np.maximum(target[:, None] - orders[None, :], 0)
    # Corpus sums with row i replaced by its perfect version, for every i at once.
    hyp_len = total.hyp_len - block.hyp_len + target
    closest = total.closest_ref_len - block.closest_ref_len() + target
    shortest_sum = np.full(size, total.shortest_ref_len)
    matches = np.asarray(total.matches) - block.matches + perfect
    totals = np.asarray(total.totals) - block.totals + perfect
    floored = (
        np.asarray(total.floored_totals)
        - np.maximum(block.totals, 1)
        + np.maximum(perfect, 1)
    )
    gains = np.full(size, np.nan)
    rows = zip(
        hyp_len.tolist(),
        closest.tolist(),
        shortest_sum.tolist(),
        matches.tolist(),
        totals.tolist(),
        floored.tolist(),
        strict=True,
    )
    last = size - 1 if holds_last else -1
    for i, (c, r, s, m, t, f) in enumerate(rows):
        is_last = i == last
        summed = SummedStats(
            segments=total.segments,
            hyp_len=c,
            closest_ref_len=r,
            shortest_ref_len=s,
            matches=tuple(m),
            totals=tuple(t),
            floored_totals=tuple(f),
            last_hyp_len=int(target[i]) if is_last else total.last_hyp_len,
            last_matches=tuple(perfect[i].tolist()) if is_last else total.last_matches,
            last_totals=tuple(perfect[i].tolist()) if is_last else total.last_totals,
        )
        with contextlib.suppress(ValueError):  # unscorable: stays NaN
            gains[i] = score_value(summed, config) - base
    return gains
