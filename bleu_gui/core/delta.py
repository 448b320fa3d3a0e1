"""Two systems, sentence by sentence: what changed, and what it does to the corpus.

For a sentence of the test set, systems A and B (same references) each have a
sentence BLEU; their difference is split into what changed (matches and totals per
order, hypothesis length, the reference length each one's brevity penalty used, the
brevity penalty each got) and into length and precision parts that sum to it
(`core.score_delta`).

Sentence BLEU says little about the corpus score, though: a short sentence can gain
40 sentence-BLEU points and move the corpus by nothing. The **swap effect** of row i
is what the comparison is about: corpus BLEU of A with sentence i replaced by B's,
minus corpus BLEU of A. It comes from the summed statistics (`core.analysis`'s
replacement effects, the computation behind the cost column), every row at once,
without tokenizing anything; sorting by it ranks the sentences that move corpus
BLEU, and it is exactly the unit approximate randomization shuffles.
"""

from __future__ import annotations

from collections.abc import Generator

import numpy as np
import numpy.typing as npt

from bleu_gui.core.analysis import iter_replacement_effects
from bleu_gui.core.config import BleuConfig
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.score_delta import ScoreDelta, check_same_references, decompose
from bleu_gui.core.scoring import score_sentence, score_sentences
from bleu_gui.core.stats import CorpusStats
from bleu_gui.core.steps import drain

__all__ = [
    "iter_swap_effects",
    "sentence_delta",
    "sentence_deltas",
    "swap_effects",
]


def sentence_delta(
    stats_a: CorpusStats,
    stats_b: CorpusStats,
    row: int,
    config: BleuConfig,
    *,
    names: tuple[str, str] = ("A", "B"),
) -> ScoreDelta:
    """Sentence BLEU of B's row minus A's, with what changed and its parts.

    `ScoreDelta.a` and `.b` hold both sentence scores term by term (lengths, the
    reference length each used, BP), `.orders` the matches and totals per order,
    `.parts` the length and precision parts.

    Raises:
        ValueError: if the statistics are not of the same test set, or the
            emulated library cannot score one of the two sentences.
    """
    check_same_references(stats_a, stats_b)
    return decompose(
        score_sentence(stats_a, row, config),
        score_sentence(stats_b, row, config),
        names,
    )


def sentence_deltas(
    stats_a: CorpusStats, stats_b: CorpusStats, config: BleuConfig
) -> npt.NDArray[np.float64]:
    """Per row, sentence BLEU of B minus sentence BLEU of A (NaN if unscorable)."""
    check_same_references(stats_a, stats_b)
    return (
        score_sentences(stats_b, config).score - score_sentences(stats_a, config).score
    )


def swap_effects(
    stats_a: CorpusStats, stats_b: CorpusStats, config: BleuConfig
) -> npt.NDArray[np.float64]:
    """Per row, corpus BLEU of A with that row taken from B, minus BLEU of A."""
    return drain(iter_swap_effects(stats_a, stats_b, config))


def iter_swap_effects(
    stats_a: CorpusStats,
    stats_b: CorpusStats,
    config: BleuConfig,
    pool: WorkerPool | None = None,
) -> Generator[int, None, npt.NDArray[np.float64]]:
    """`swap_effects` a block of rows at a time, yielding how many rows are done.

    With a `pool`, its workers compute the blocks (see `bleu_gui.core.parallel`). A
    row whose swapped corpus the emulated library cannot score gets NaN. A row
    where both systems say the same has effect 0.

    Raises:
        ValueError: if the statistics are not of the same test set.
    """
    check_same_references(stats_a, stats_b)
    return (yield from iter_replacement_effects(stats_a, stats_b, config, pool))
