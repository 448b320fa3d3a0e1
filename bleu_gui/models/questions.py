"""What the shown system's texts and statistics answer at once, on the GUI thread.

A subset's corpus BLEU (summed from the cached statistics) and what explaining one
sentence takes (its texts and the options). Apart from `session` because these
answers hold no state: the session gives them its shown system and its options.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from bleu_gui.core import BleuConfig, BleuScore, CorpusStats, score_corpus
from bleu_gui.core.explain import ExplainRequest
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io import Corpus

__all__ = ["explain_request", "subset_score"]


def subset_score(
    stats: CorpusStats | None, rows: npt.ArrayLike, config: BleuConfig
) -> OrUnavailable[BleuScore]:
    """Corpus BLEU of the given rows of `stats` under `config`; or why not."""
    index = np.asarray(rows)
    if stats is None or index.size == 0:
        return Unavailable("no sentences")
    try:
        return score_corpus(stats.subset(index), config)
    except ValueError as error:
        return Unavailable(str(error))


def explain_request(
    corpus: Corpus | None, row: int, config: BleuConfig, hypothesis: str | None
) -> ExplainRequest | None:
    """What explaining `row` of `corpus` under `config` takes; None: no such row.

    `hypothesis`: another text for the row (an edit being typed).
    """
    if corpus is None or not 0 <= row < corpus.num_segments:
        return None
    refs = tuple(ref.lines[row] for ref in corpus.references)
    text = corpus.hypothesis.lines[row] if hypothesis is None else hypothesis
    return ExplainRequest(text, refs, config)
