"""What a kept byte-order mark costs: corpus BLEU with it and with it dropped.

Apart from `io.bom`, which the readers use: this needs a corpus as they read it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bleu_gui.core import BleuConfig
from bleu_gui.core.counts import Counts
from bleu_gui.core.row_counts import plain_counts_of_systems
from bleu_gui.core.score_counts import fit_stats, score_summed
from bleu_gui.io.bom import BOM, Bom, BomCost

if TYPE_CHECKING:
    from bleu_gui.io.readers import Corpus

__all__ = ["bom_costs"]


def bom_costs(corpus: Corpus, config: BleuConfig, stats: Counts) -> tuple[BomCost, ...]:
    """What each kept byte-order mark of the hypothesis and references costs.

    Only line 1 changes when a mark is dropped, so only its statistics are counted
    again, and the corpus's sums move by that one row (`SummedStats.replaced`:
    total - old row + new row, in exact integers): the cost takes microseconds
    whatever the size of the corpus, and its numbers are those of scoring the
    corpus again without the mark.

    Args:
        corpus: The corpus as read (with the marks kept).
        config: The scoring options.
        stats: `corpus`'s statistics under `config` (as scored).

    Returns:
        One cost per scored file whose mark was kept, hypothesis first; none for a
        mode that cannot score this corpus.
    """
    scored = (corpus.hypothesis, *corpus.references)
    marked = [index for index, file in enumerate(scored) if file.bom is Bom.KEPT]
    if not marked:
        return ()
    try:
        fitted = fit_stats(stats, config)
        total = fitted.summed()
        with_mark = score_summed(total, config).score
    except ValueError:  # the emulated library cannot score it at all
        return ()
    first = [file.lines[0] for file in scored]
    old_row = fitted.row(0)
    costs = []
    for index in marked:
        lines = list(first)
        lines[index] = lines[index].removeprefix(BOM)
        references = [[line] for line in lines[1:]]
        (row,) = plain_counts_of_systems(
            [lines[:1]], references, config, max_order=stats.max_order
        )
        moved = total.replaced(
            old_row, fit_stats(row, config).row(0), last=len(stats) == 1
        )
        try:
            without = score_summed(moved, config).score
        except ValueError:
            continue
        costs.append(BomCost(scored[index].path, with_mark, without))
    return tuple(costs)
