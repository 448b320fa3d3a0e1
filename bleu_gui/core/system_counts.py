"""Each system's counts, counted the cheaper way for its size.

Plain Python (`core.row_counts`) for a small test set scored once, numpy's arrays
(`core.scoring`, imported only then) for a large one: `bleu-gui score` of a few
hundred segments never imports numpy. Apart from both, so that neither imports the
other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.counts import Counts
from bleu_gui.core.row_counts import plain_counts_of_systems
from bleu_gui.core.streams import check_systems

if TYPE_CHECKING:
    from bleu_gui.core.parallel import WorkerPool
    from bleu_gui.core.token_table import TokenTable

__all__ = ["PLAIN_MAX_SEGMENTS", "counts_of_systems"]

PLAIN_MAX_SEGMENTS = 5_000
"""Up to this many segments (summed over the systems), `counts_of_systems` counts
in plain Python. Measured on WMT21 and TED lines (docs/design.md, "Plain or
numpy, again"): plain counting costs ~0.01 ms a segment more than numpy's since the
hypotheses' n-grams are intersected as sets, numpy's import ~70 ms, so plain is
the cheaper up to ~7,000 segments."""


def counts_of_systems(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str | None]],
    config: BleuConfig,
    *,
    processes: int = 1,
    pool: WorkerPool | None = None,
    table: TokenTable | None = None,
) -> list[Counts]:
    """Each system's counts against the same references, for a command that scores once.

    In plain Python up to `PLAIN_MAX_SEGMENTS` segments in all (numpy never
    imported), unless the caller started worker processes (`pool`: its files were
    large in bytes) or wants the tokens (`table`, filled with every distinct
    line's: `bleu-gui report`'s word table); else
    `core.scoring.corpus_stats_of_systems`'s arrays (with `pool` or `processes`
    as there).

    Raises:
        ValueError: as `corpus_stats_of_systems`.
    """
    size = check_systems(systems, references)
    plain = size * len(systems) <= PLAIN_MAX_SEGMENTS
    if pool is not None or table is not None or not plain:
        from bleu_gui.core.scoring import corpus_stats_of_systems

        return list(
            corpus_stats_of_systems(
                systems,
                references,
                config,
                processes=processes,
                pool=pool,
                table=table,
            )
        )
    return list(plain_counts_of_systems(systems, references, config))
