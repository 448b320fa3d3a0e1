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
from bleu_gui.core.scoring import fit_stats, score_value
from bleu_gui.core.stats import CorpusStats, SummedStats
from bleu_gui.core.steps import drain

__all__ = ["iter_perfect_gains", "perfect_gains"]

_STEP = 5_000


def perfect_gains(stats: CorpusStats, config: BleuConfig) -> npt.NDArray[np.float64]:
    """Per segment, corpus BLEU if it were perfect minus corpus BLEU (see module)."""
    return drain(iter_perfect_gains(stats, config))


def iter_perfect_gains(
    stats: CorpusStats, config: BleuConfig
) -> Generator[int, None, npt.NDArray[np.float64]]:
    """`perfect_gains`, yielding the number of rows done every few thousand rows.

    A row whose perfect version the emulated library cannot score gets NaN.
    """
    fitted = fit_stats(stats, config)
    size, order = len(fitted), fitted.max_order
    total = fitted.summed()
    try:
        base = score_value(total, config)
    except ValueError:
        base = np.nan
    shortest = fitted.shortest_ref_len()
    target = shortest if config.compat is Compat.TF_NMT else fitted.closest_ref_len()
    orders = np.arange(order)
    perfect = np.maximum(target[:, None] - orders[None, :], 0)
    # Corpus sums with row i replaced by its perfect version, for every i at once.
    hyp_len = total.hyp_len - fitted.hyp_len + target
    closest = total.closest_ref_len - fitted.closest_ref_len() + target
    shortest_sum = np.full(size, total.shortest_ref_len)
    matches = np.asarray(total.matches) - fitted.matches + perfect
    totals = np.asarray(total.totals) - fitted.totals + perfect
    floored = (
        np.asarray(total.floored_totals)
        - np.maximum(fitted.totals, 1)
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
    last = size - 1
    for i, (c, r, s, m, t, f) in enumerate(rows):
        is_last = i == last
        summed = SummedStats(
            segments=size,
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
        if (i + 1) % _STEP == 0:
            yield i + 1
    return gains
