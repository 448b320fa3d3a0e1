"""A system's scoring jobs: tokenize, count and score it, or score it again; a pair.

`workers.Job` generators the session runs on a `Worker` thread under a system's
key (`models.session`), each ending in a `Computed` (or, for the pair, the
`PairScores`). No Qt calls and no state changes here: the session puts the
result in its workspace when the job ends. The large loops run in the session's
worker processes, which `pool_for` gives for a corpus this large (None: on the
calling thread).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bleu_gui.core import BleuConfig, CorpusStats
from bleu_gui.core.delta import iter_swap_effects
from bleu_gui.core.edits import Edits
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.score_delta import ScoreDelta, corpus_delta
from bleu_gui.core.scoring import (
    Progress,
    TokenizedCorpus,
    iter_count,
    iter_prepare,
    required_order,
)
from bleu_gui.core.steps import relabel
from bleu_gui.core.system_score import ScorePhase, ScoreStep, iter_system_score
from bleu_gui.core.token_table import TokenTable
from bleu_gui.core.unavailable import OrUnavailable, Unavailable
from bleu_gui.io import Corpus
from bleu_gui.io.notices import TokenizerHint, file_notices, tokenizer_hint
from bleu_gui.models.workspace import PairScores, Scores, System
from bleu_gui.workers import Job

__all__ = [
    "COUNTED_ORDERS",
    "Computed",
    "PoolFor",
    "pair_job",
    "prepare_job",
    "recount_job",
    "rescore_job",
    "score_job",
]

# Orders counted up front, so that raising the maximum order up to here re-scores
# without counting again.
COUNTED_ORDERS = 6


PoolFor = Callable[[int, Corpus | None], WorkerPool | None]
"""The worker processes for a corpus of this many segments (and these texts, when
they are to be tokenized), or None: run on the calling thread."""


@dataclass(frozen=True, slots=True, eq=False)
class Computed:
    """A system job's end: its scores, and its tokens and statistics if counted.

    Attributes:
        config: the options of the scores.
        scores: the scores.
        counted: (tokenizer key, tokens, statistics) when counted anew.
        notices: warnings about its files, when tokenized anew.
        hint: the language hint under `config`'s tokenizer, when tokenized anew
            (`notices` not None).
    """

    config: BleuConfig
    scores: Scores
    counted: tuple[tuple[str, bool, bool], TokenizedCorpus, CorpusStats] | None = None
    notices: tuple[str, ...] | None = None
    hint: TokenizerHint | None = None

    @property
    def edits(self) -> Edits:
        """The edits the scores include."""
        return self.scores.edits


STEP_SEGMENTS = 2_048
"""Segments per step of preparing a system: ~5 ms of this thread's GIL-holding
lookups. A worker thread gives way to the GUI thread only between steps; steps of
4,096 held it 15-20 ms (up to 98 ms), and the GUI thread, drawing the systems
scored so far, waited for it."""


def prepare_job(
    corpus: Corpus, config: BleuConfig, table: TokenTable, pool_for: PoolFor
) -> Job:
    """Tokenize (what `table` lacks), count and score a corpus that was read."""
    tokenized, stats = yield from relabel(
        iter_prepare(
            corpus.hypothesis.lines,
            [ref.lines for ref in corpus.references],
            config,
            max_order=max(required_order(config), COUNTED_ORDERS),
            pool=pool_for(corpus.num_segments, corpus),
            table=table,
            chunk=STEP_SEGMENTS,
        ),
        _progress_item,
    )
    notices = file_notices(
        corpus, config, stats, how_to_drop="File › Drop byte-order marks"
    )
    hint = tokenizer_hint(
        corpus, config, stats, how_to_tokenize="choose Tokenizer {} in the settings"
    )
    scores = yield from score_job(stats, config, corpus.dropped_bom, pool_for)
    return Computed(config, scores, (table.key, tokenized, stats), notices, hint)


def recount_job(system: System, config: BleuConfig, pool_for: PoolFor) -> Job:
    """Count more orders from the cached tokens (no re-tokenizing), and score."""
    tokenized, stats = system.read_tokenized, system.read_stats
    key = system.tokenizer_key
    assert tokenized is not None
    assert stats is not None
    assert key is not None
    order = required_order(config)
    pool = pool_for(len(stats), system.corpus)
    counted = yield from relabel(iter_count(tokenized, order, pool), _progress_item)
    scores = yield from score_job(counted, config, system.corpus.dropped_bom, pool_for)
    return Computed(config, scores, (key, tokenized, counted))


def rescore_job(
    stats: CorpusStats,
    config: BleuConfig,
    dropped_bom: bool,
    edits: Edits,
    pool_for: PoolFor,
) -> Job:
    """Score the cached statistics (which include `edits`) again."""
    scores = yield from score_job(stats, config, dropped_bom, pool_for, edits)
    return Computed(config, scores)


def score_job(
    stats: CorpusStats,
    config: BleuConfig,
    dropped_bom: bool,
    pool_for: PoolFor,
    edits: Edits | None = None,
) -> Job:
    """Score the corpus and every sentence, and rank sentences by cost.

    The core's one way of scoring a system (`core.system_score`), as the
    command line and the report score it. `dropped_bom`: a byte-order mark was
    dropped from a scored file (the signatures say so). `edits`: the what-if
    edits `stats` include.
    """
    size = len(stats)
    scored = yield from relabel(
        iter_system_score(
            stats,
            config,
            num_refs=int(stats.ref_lens.shape[1]),
            dropped_bom=dropped_bom,
            sentences=True,
            gains=True,
            pool=pool_for(size, None),
        ),
        _score_step,
    )
    assert scored.sentences is not None
    assert scored.gains is not None
    summed = stats.summed() if size else None  # for the systems table
    return Scores(
        config=config,
        corpus=scored.corpus,
        sentences=scored.sentences,
        gains=scored.gains,
        signature=scored.signatures.corpus,
        sentence_signature=scored.signatures.sentence,
        summed=summed,
        edits=edits if edits is not None else Edits(),
    )


_SCORE_WORDS = {
    ScorePhase.SENTENCES: "scoring sentences",
    ScorePhase.GAINS: "ranking sentences by cost",
}


def _score_step(step: ScoreStep) -> tuple[int, int, str]:
    """A scoring step as the window's progress says it."""
    done, total, phase = step
    return done, total, _SCORE_WORDS[phase]


def pair_job(
    a: System,
    b: System,
    config: BleuConfig,
    names: tuple[str, str],
    pool_for: PoolFor,
) -> Job:
    """Compare baseline A with B: sentence Δ, swap effects, the corpus Δ.

    `names` are A's and B's names as the corpus Δ's words give them.

    The sentence Δ is B's sentence BLEU minus A's, both already computed under
    `config` (what `core.delta.sentence_deltas` computes, without scoring
    every sentence twice more); the swap effects run in the worker processes
    for a large corpus, like the cost column.
    """
    assert a.stats is not None
    assert b.stats is not None
    assert a.scores is not None
    assert b.scores is not None
    yield 0, 1, "comparing systems"
    deltas = b.scores.sentences.score - a.scores.sentences.score
    size = len(a.stats)
    swaps = yield from relabel(
        iter_swap_effects(a.stats, b.stats, config, pool_for(size, None)),
        lambda done: (done, size, "comparing systems"),
    )
    try:
        corpus: OrUnavailable[ScoreDelta] = corpus_delta(
            a.stats, b.stats, config, names=names
        )
    except ValueError as error:
        corpus = Unavailable(str(error))
    return PairScores(a.id, b.id, config, deltas, swaps, corpus)


def _progress_item(progress: Progress) -> tuple[int, int, str]:
    """A scoring step's progress as a job reports it."""
    return progress.done, progress.total, progress.phase
