"""Scoring one system: the one place its scores and their signatures are made.

The window's score jobs (`models.system_jobs`), the command line (`cli_render`,
and every command that prints a signature) and the HTML report
(`core.report`) all score a system here, so that the corpus score, the sentence
scores, the costs and the two signatures cannot drift apart between them: the
same counts and options give the same numbers and the same signature text
everywhere.

A generator (`iter_system_score`) yields progress between the long steps, so
that the window can show it and stop; `system_score` runs it to its end.
Scoring only the corpus (what a plain `bleu-gui score` does) imports no numpy:
the sentence scores and costs, numpy's arrays, are imported when asked for.
"""

from __future__ import annotations

import enum
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.counts import Counts
from bleu_gui.core.result import BleuScore, SentenceScores
from bleu_gui.core.score_counts import iter_sentence_scores, score_corpus
from bleu_gui.core.signature import Signatures, signatures
from bleu_gui.core.steps import drain, relabel
from bleu_gui.core.unavailable import OrUnavailable, Unavailable

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from bleu_gui.core.parallel import WorkerPool

__all__ = [
    "ScorePhase",
    "ScoreStep",
    "SystemScore",
    "corpus_signature",
    "iter_system_score",
    "system_score",
]


class ScorePhase(enum.Enum):
    """The long steps of scoring a system, for a caller to say in its own words."""

    SENTENCES = "sentences"
    """Scoring every sentence (the first step's (0, 1) comes before the corpus)."""
    GAINS = "gains"
    """Ranking the sentences by cost: corpus BLEU gained were each perfect."""


ScoreStep = tuple[int, int, ScorePhase]
"""Progress of `iter_system_score`: (done, total, the step being done)."""


@dataclass(frozen=True, slots=True, eq=False)
class SystemScore:
    """One system scored under one config: what every caller shows of it.

    Attributes:
        config: the options it was scored with.
        counts: the counts it was scored from (`each_sentence` scores them).
        corpus: corpus BLEU, or the reason the emulated library cannot compute it.
        sentences: every sentence's BLEU, BP and precisions, if asked for.
        gains: per sentence, how much corpus BLEU would rise were it perfect
            (its cost), if asked for.
        signatures: the corpus score's and the sentence scores' signatures.
    """

    config: BleuConfig
    counts: Counts
    corpus: OrUnavailable[BleuScore]
    sentences: SentenceScores | None
    gains: npt.NDArray[np.float64] | None
    signatures: Signatures

    def corpus_score(self) -> BleuScore:
        """The corpus score, for a caller that stops where there is none.

        Raises:
            ValueError: with the reason, as scoring the corpus itself raises it.
        """
        if isinstance(self.corpus, Unavailable):
            raise ValueError(self.corpus.reason)
        return self.corpus

    def each_sentence(self) -> Iterator[OrUnavailable[BleuScore]]:
        """Every sentence's full result (terms, counts), one at a time, in order.

        What the command line prints per segment. One at a time rather than
        kept: a million segments' results would hold far more memory than the
        lines printed from them. A segment the emulated library cannot score
        gives `Unavailable` with the reason.
        """
        return iter_sentence_scores(self.counts, self.config)


def iter_system_score(
    counts: Counts,
    config: BleuConfig,
    *,
    num_refs: int,
    dropped_bom: bool,
    sentences: bool = False,
    gains: bool = False,
    pool: WorkerPool | None = None,
) -> Generator[ScoreStep, None, SystemScore]:
    """Score a system: its corpus, its sentences and costs if asked, its signatures.

    Args:
        counts: its counts against its references.
        config: the scoring options.
        num_refs: references per segment (the signatures' `nrefs`).
        dropped_bom: a byte-order mark was dropped from a scored file (the
            signatures say `bom:dropped`).
        sentences: also score every sentence (numpy arrays).
        gains: also rank the sentences by cost (`core.analysis`).
        pool: worker processes for the sentences and costs of a large corpus
            (None: on the calling thread).

    Yields (0, 1, SENTENCES) first when the sentences are asked for, then each
    step's rows done.
    """
    size = len(counts)
    if sentences:
        yield 0, 1, ScorePhase.SENTENCES
    try:
        corpus: OrUnavailable[BleuScore] = score_corpus(counts, config)
    except ValueError as error:
        corpus = Unavailable(str(error))
    scored = costs = None
    if sentences or gains:
        # Imported here: numpy's arrays, which scoring the corpus alone never needs.
        from bleu_gui.core.analysis import iter_perfect_gains
        from bleu_gui.core.scoring import iter_score_sentences

        arrays = counts.arrays()
        if sentences:
            scored = yield from relabel(
                iter_score_sentences(arrays, config, pool),
                lambda done: (done, size, ScorePhase.SENTENCES),
            )
        if gains:
            costs = yield from relabel(
                iter_perfect_gains(arrays, config, pool),
                lambda done: (done, size, ScorePhase.GAINS),
            )
    signed = signatures(config, num_refs, dropped_bom=dropped_bom)
    return SystemScore(config, counts, corpus, scored, costs, signed)


def corpus_signature(config: BleuConfig, num_refs: int, *, dropped_bom: bool) -> str:
    """The corpus signature a system scored here under `config` carries.

    For scores made from a system's counts elsewhere that must be labelled as
    these are: the systems table scores summed statistics under new options at
    once, before each system's own re-scoring ends.
    """
    return signatures(config, num_refs, dropped_bom=dropped_bom).corpus


def system_score(
    counts: Counts,
    config: BleuConfig,
    *,
    num_refs: int,
    dropped_bom: bool,
    sentences: bool = False,
) -> SystemScore:
    """`iter_system_score` run to its end, without the costs.

    The corpus alone imports no numpy; `sentences` scores every sentence too.
    """
    return drain(
        iter_system_score(
            counts,
            config,
            num_refs=num_refs,
            dropped_bom=dropped_bom,
            sentences=sentences,
        )
    )
