"""The scorer's front door: text or statistics in, `BleuScore`s out, in any mode.

Tokenizing and counting live here; scoring counts lives in `core.score_counts`
(re-exported), numpy-free. Every mode scores from the same counts (`Counts`:
`CorpusStats` here); only the arithmetic differs. A change of smoothing, weights
or effective order calls `score_corpus` again on the cached statistics; only a
change of tokenizer or case needs `corpus_stats` again.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import operator
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from itertools import filterfalse
from typing import TypeGuard, TypeVar, cast

import numpy as np
import numpy.typing as npt

from bleu_gui.core.bleu import sacrebleu_arithmetic
from bleu_gui.core.config import BleuConfig, Compat
from bleu_gui.core.parallel import WorkerPool, map_ordered
from bleu_gui.core.repeats import RepeatedSegments
from bleu_gui.core.result import BleuScore, SentenceScores
from bleu_gui.core.row_counts import PARALLEL_MIN_LINES as _PARALLEL_MIN_LINES
from bleu_gui.core.row_counts import distinct_lines_likely, tokenized_once
from bleu_gui.core.score_counts import (
    fit_stats,
    iter_sentence_scores,
    required_order,
    score_corpus,
    score_described,
    score_summed,
    score_value,
)
from bleu_gui.core.stats import (
    CHUNK,
    CorpusStats,
    StatsCounter,
    count_chunk,
    count_systems_chunk,
)
from bleu_gui.core.steps import drain, relabel
from bleu_gui.core.streams import check_streams, check_systems
from bleu_gui.core.token_table import TokenTable
from bleu_gui.core.tokenize import get_tokenizer, tokenizer_for
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.core.untracked import untracked

__all__ = [
    "Progress",
    "TokenizedCorpus",
    "corpus_bleu",
    "corpus_stats",
    "corpus_stats_of_systems",
    "distinct_lines_likely",
    "fit_stats",
    "iter_corpus_stats",
    "iter_corpus_stats_of_systems",
    "iter_count",
    "iter_count_in_workers",
    "iter_prepare",
    "iter_prepare_systems",
    "iter_score_sentences",
    "iter_sentence_scores",
    "required_order",
    "score_corpus",
    "score_sentence",
    "score_sentences",
    "score_summed",
    "score_value",
    "sentence_bleu",
    "tokenize_and_count_chunk",
]


@dataclass(frozen=True, slots=True)
class Progress:
    """How far `iter_corpus_stats` has come: `done` of `total` in `phase`."""

    phase: str
    done: int
    total: int


def corpus_stats(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    config: BleuConfig,
    *,
    max_order: int | None = None,
    processes: int = 1,
) -> CorpusStats:
    """Tokenize and count: the statistics `score_*` need (see `iter_corpus_stats`).

    With `processes` > 1 and enough distinct lines, the work runs in that many
    worker processes, started for this call.
    """
    if processes < 2 or _distinct_lines(hypotheses, references) < _PARALLEL_MIN_LINES:
        return drain(
            iter_corpus_stats(hypotheses, references, config, max_order=max_order)
        )
    with WorkerPool(processes) as pool:
        (stats,) = drain(
            iter_count_in_workers(
                [hypotheses], references, config, pool, max_order=max_order
            )
        )
        return stats


def _distinct_lines(
    hypotheses: Sequence[str], references: Sequence[Sequence[str | None]]
) -> int:
    return len(set(hypotheses).union(*references))


def iter_corpus_stats(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    config: BleuConfig,
    *,
    max_order: int | None = None,
    pool: WorkerPool | None = None,
) -> Generator[Progress, None, CorpusStats]:
    """Tokenize and count, yielding `Progress` between chunks; return the statistics.

    Args:
        hypotheses: one detokenized (raw) segment per line.
        references: reference streams, `references[k][i]`; `None` = no reference k
            for segment i.
        config: the scoring options (tokenizer, case and orders matter here).
        max_order: count at least this many orders, so that a later change of
            maximum order can re-score without counting again.
        pool: worker processes to tokenize and count in (see `iter_prepare`).
    """
    _, stats = yield from iter_prepare(
        hypotheses, references, config, max_order=max_order, pool=pool
    )
    return stats


def corpus_stats_of_systems(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str | None]],
    config: BleuConfig,
    *,
    max_order: int | None = None,
    processes: int = 1,
    table: TokenTable | None = None,
    pool: WorkerPool | None = None,
) -> list[CorpusStats]:
    """Each system's statistics against the same references, tokens shared.

    What `corpus_stats` gives for each system alone, with every distinct line
    (reference or hypothesis, of any system) tokenized once. With enough distinct
    lines, the work runs in worker processes: `pool`'s if given (the caller's,
    left open; started while the caller read its files, say), else `processes` of
    them started for this call if more than one. `table`: see `iter_prepare`.
    """
    distinct = len(set().union(*systems, *references))
    if (processes < 2 and pool is None) or distinct < _PARALLEL_MIN_LINES:
        return drain(
            iter_corpus_stats_of_systems(
                systems, references, config, max_order=max_order, table=table
            )
        )
    with contextlib.ExitStack() as owned:
        if pool is None:
            pool = owned.enter_context(WorkerPool(processes))
        if table is None:  # nobody wants the tokens: they stay in the workers
            return drain(
                iter_count_in_workers(
                    systems, references, config, pool, max_order=max_order
                )
            )
        return drain(
            iter_corpus_stats_of_systems(
                systems,
                references,
                config,
                max_order=max_order,
                pool=pool,
                table=table,
            )
        )


def iter_count_in_workers(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str | None]],
    config: BleuConfig,
    pool: WorkerPool,
    *,
    max_order: int | None = None,
) -> Generator[Progress, None, list[CorpusStats]]:
    """Each system's statistics, every chunk tokenized and counted in one worker job.

    The statistics `iter_corpus_stats_of_systems` gives, for a caller that needs no
    tokens (the command line): a job carries a chunk of raw segments of every system
    and of the references, and brings back only their statistics. The tokens never
    travel back to be looked up here and sent out again to be counted, and this
    process keeps no token table: at 19,008 segments of five systems that was most
    of the bytes that crossed between processes and most of this process's memory.
    A line is tokenized once per chunk it occurs in (once per corpus in
    `iter_prepare`): repeats across chunks are rare in real test sets.

    Raises:
        ValueError: as `iter_prepare`, for the first system it concerns.
    """
    size = check_systems(systems, references)
    order = max(required_order(config), max_order or 0)
    key = tokenizer_for(config).key
    # A job holds about CHUNK hypotheses in all, whatever the number of systems:
    # five systems in jobs of CHUNK segments made 5 jobs of 19,008 segments for
    # 2 workers, one of which idled through the last (and each job's arrays were
    # five times as large).
    step = max(_MIN_JOB_SEGMENTS, CHUNK // max(1, len(systems)))
    jobs = (
        (
            key,
            [hypotheses[start : start + step] for hypotheses in systems],
            [stream[start : start + step] for stream in references],
            order,
            start,
        )
        for start in range(0, size, step)
    )
    counted: list[list[CorpusStats]] = []
    total = size * len(systems)
    for chunk in map_ordered(tokenize_and_count_chunk, jobs, pool):
        counted.append(chunk)
        done = min(size, len(counted) * step) * len(systems)
        yield Progress("tokenizing and counting", done, total)
    if not counted:
        return [StatsCounter(0, len(references), order).result() for _ in systems]
    return [
        CorpusStats.concatenate([chunk[index] for chunk in counted])
        for index in range(len(systems))
    ]


# Fewer segments a job than this, and the jobs' own costs (pickling, the round
# trip) would show.
_MIN_JOB_SEGMENTS = 256

_RawChunk = tuple[
    tuple[str, bool, bool], list[Sequence[str]], list[Sequence[str | None]], int, int
]


def tokenize_and_count_chunk(job: _RawChunk) -> list[CorpusStats]:
    """A worker's side of `iter_count_in_workers`: one chunk of every system.

    `job` is (tokenizer key, each system's raw segments, each reference stream's
    raw segments, orders to count, offset of the chunk in the corpus). Each
    distinct line of the chunk is tokenized once, whichever systems share it.
    """
    key, systems, references, order, offset = job
    name, lowercase, perl = key
    tokenizer = get_tokenizer(name, lowercase=lowercase, perl=perl)
    hyp_tokens, ref_tokens = tokenized_once(tokenizer, systems, references)
    return count_systems_chunk(hyp_tokens, ref_tokens, order, offset)


def iter_corpus_stats_of_systems(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str | None]],
    config: BleuConfig,
    *,
    max_order: int | None = None,
    pool: WorkerPool | None = None,
    table: TokenTable | None = None,
) -> Generator[Progress, None, list[CorpusStats]]:
    """`iter_prepare_systems`, keeping only the statistics."""
    prepared = yield from iter_prepare_systems(
        systems, references, config, max_order=max_order, pool=pool, table=table
    )
    return [stats for _, stats in prepared]


def iter_prepare_systems(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str | None]],
    config: BleuConfig,
    *,
    max_order: int | None = None,
    pool: WorkerPool | None = None,
    table: TokenTable | None = None,
) -> Generator[Progress, None, list[tuple[TokenizedCorpus, CorpusStats]]]:
    """Tokenize and count several systems against the same references.

    Each system is prepared as `iter_prepare` prepares it alone (its own tokens
    and statistics, equal to what it would get alone), but through one token
    table, so that the references are tokenized for the first system only, and a
    line several systems share for the first that has it. The systems' tokenized
    references are one and the same tuple. `Progress` counts the segments of all
    systems.

    Args:
        systems: each system's hypotheses, one detokenized segment per line.
        references: reference streams, `references[k][i]`, shared by all systems.
        config: the scoring options (tokenizer, case and orders matter here).
        max_order: count at least this many orders.
        pool: worker processes to tokenize and count in (see `iter_prepare`).
        table: tokens known already, for `config`'s tokenizer (see
            `iter_prepare`); without one, a table private to this call.

    Raises:
        ValueError: as `iter_prepare`, for the first system it concerns.
        TokenKeyError: `table` holds another tokenizer's or case's tokens.
    """
    if table is None:
        table = TokenTable.for_config(config)
    else:
        table.check(tokenizer_for(config))
    total = sum(map(len, systems))
    done = 0
    prepared: list[tuple[TokenizedCorpus, CorpusStats]] = []
    for hypotheses in systems:
        tokenized, stats = yield from relabel(
            iter_prepare(
                hypotheses,
                references,
                config,
                max_order=max_order,
                pool=pool,
                table=table,
            ),
            _shifted(done, total),
        )
        if prepared:  # equal to the first system's: keep one copy
            tokenized = TokenizedCorpus(tokenized.hypotheses, prepared[0][0].references)
        prepared.append((tokenized, stats))
        done += len(hypotheses)
    return prepared


def _shifted(offset: int, total: int) -> Callable[[Progress], Progress]:
    """One system's progress as progress over all systems (`offset` segments done)."""

    def shift(step: Progress) -> Progress:
        return Progress(step.phase, offset + step.done, total)

    return shift


@dataclass(frozen=True, slots=True, eq=False)
class TokenizedCorpus:
    """A corpus in canonical tokenized form (see `Tokenizer`), streams as given.

    Tuples, not lists: a tuple of strings can leave the cyclic garbage collector's
    view (`core.untracked` takes it out when made), a list of 100,000 strings is
    walked again by every collection (tens of milliseconds each, on whichever
    thread triggers it).
    """

    hypotheses: tuple[str, ...]
    references: tuple[tuple[str | None, ...], ...]

    def __post_init__(self) -> None:
        # Not walked by the first collection after they were made, either (on the
        # GUI thread, 60-120 ms for ten systems' tokens: `core.untracked`).
        untracked(self.hypotheses)
        for stream in self.references:
            untracked(stream)


def iter_prepare(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    config: BleuConfig,
    *,
    max_order: int | None = None,
    pool: WorkerPool | None = None,
    table: TokenTable | None = None,
    chunk: int | None = None,
) -> Generator[Progress, None, tuple[TokenizedCorpus, CorpusStats]]:
    """Tokenize and count, chunk by chunk; return the tokens and the statistics.

    Every distinct line is tokenized once, in the chunk of segments where it first
    occurs, unless `table` holds it already; a segment that repeats an earlier one
    (hypothesis and references) is not counted again (`core.repeats`). With a
    `pool`, its workers both tokenize and count, a few chunks ahead; this process
    (in the GUI, a thread beside the GUI thread) only looks up tokens and gathers
    results, so it holds the GIL for short moments only.

    Args:
        hypotheses: one detokenized (raw) segment per line.
        references: reference streams, `references[k][i]`; `None` = no reference k
            for segment i.
        config: the scoring options (tokenizer, case and orders matter here).
        max_order: count at least this many orders.
        pool: worker processes to run in (see `bleu_gui.core.parallel`).
        table: tokens known already (of other systems against the same references,
            say), for `config`'s tokenizer; the lines tokenized here are added to
            it. Without one, a table private to this call.
        chunk: segments per step (None: `CHUNK`). Each step holds the GIL for
            its lookups (about 5 ms per 1,000 segments): the window asks for
            smaller steps than `CHUNK`, since a thread beside the GUI thread gives
            way to it only between steps.

    Raises:
        ValueError: if a reference stream's length differs from the hypotheses', or
            a segment has no reference at all.
        TokenKeyError: `table` holds another tokenizer's or case's tokens.
    """
    tokenizer = tokenizer_for(config)
    if table is None:
        table = TokenTable(tokenizer)
    else:
        table.check(tokenizer)
    size = check_streams(hypotheses, references)
    step = CHUNK if chunk is None else chunk
    bounds = [(start, min(start + step, size)) for start in range(0, size, step)]
    # Each chunk's new lines, found as the tokenizer asks for them (not all up front:
    # that would be a long loop before the first chunk is even sent to a worker), and
    # queued until their tokens come back.
    fresh_lines: deque[list[str]] = deque()

    # A reference stream this table has tokenized whole before (the same tuple, for
    # the test set's previous system) is neither searched for new lines nor looked
    # up again: per system, that was two thirds of this thread's GIL-holding work.
    known = [table.stream_tokens(stream) for stream in references]
    unknown_streams = [
        stream
        for stream, tokens in zip(references, known, strict=True)
        if tokens is None
    ]

    def new_lines() -> Iterator[list[str]]:
        for fresh in _first_occurrences(hypotheses, unknown_streams, bounds, table):
            fresh_lines.append(fresh)
            yield fresh

    order = max(required_order(config), max_order or 0)
    hyp_tokens: list[tuple[str, ...]] = []  # per chunk
    ref_tokens: list[list[tuple[str | None, ...]]] = [[] for _ in references]
    parts = tokenizer.iter_tokenize_chunks(new_lines(), pool=pool)
    repeats = RepeatedSegments(hypotheses, references)

    def count_jobs() -> Iterator[_CountJob]:
        for (start, stop), tokenized in zip(bounds, parts, strict=True):
            table.add(fresh_lines.popleft(), tokenized)
            hyp_chunk = table.lookup(hypotheses[start:stop])
            ref_chunks = [
                table.lookup_optional(stream[start:stop])
                if tokens is None
                else tokens[start:stop]
                for stream, tokens in zip(references, known, strict=True)
            ]
            hyp_tokens.append(hyp_chunk)
            for tokens, chunk in zip(ref_tokens, ref_chunks, strict=True):
                tokens.append(chunk)
            rows = repeats.to_count(start, stop)
            if rows is None:
                yield hyp_chunk, ref_chunks, order, start
            else:  # only the segments that repeat no earlier one
                yield (
                    _taken(hyp_chunk, rows),
                    [_taken(chunk, rows) for chunk in ref_chunks],
                    order,
                    start,
                )

    counted = []
    for (_, stop), chunk_stats in zip(
        bounds, map_ordered(count_chunk, count_jobs(), pool), strict=True
    ):
        counted.append(chunk_stats)
        yield Progress("tokenizing and counting", stop, size)
    stats = (
        repeats.expand(CorpusStats.concatenate(counted))
        if counted
        else StatsCounter(0, len(references), order).result()
    )
    tokenized = TokenizedCorpus(
        _joined(hyp_tokens),
        tuple(
            _joined(chunks) if tokens is None else tokens
            for chunks, tokens in zip(ref_tokens, known, strict=True)
        ),
    )
    for stream, tokens in zip(references, tokenized.references, strict=True):
        table.keep_stream(stream, tokens)
    return tokenized, stats


def _joined(chunks: list[tuple[_T, ...]]) -> tuple[_T, ...]:
    return tuple(itertools.chain.from_iterable(chunks))


def _taken(items: tuple[_T, ...], rows: npt.NDArray[np.intp]) -> tuple[_T, ...]:
    """The items at `rows`, in order."""
    return tuple(map(items.__getitem__, rows.tolist()))


_T = TypeVar("_T")


_CountJob = tuple[tuple[str, ...], list[tuple[str | None, ...]], int, int]


def _first_occurrences(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    bounds: Sequence[tuple[int, int]],
    known: TokenTable,
) -> Iterator[list[str]]:
    """Per chunk of segments, the distinct lines that no earlier chunk has.

    Lines `known` holds already are left out: they need no tokenizing.
    """
    seen: dict[str, None] = {}  # not a set: a dict of strings is not walked by the GC
    # `filter` keeps the lines that are not None (a typed view mypy cannot infer).
    given = cast("Callable[[str | None], TypeGuard[str]]", _is_given)
    for start, stop in bounds:
        # C loops only (filter, filterfalse): this runs on a thread beside the GUI
        # thread, once per system, and a Python loop here holds the GIL.
        lines = itertools.chain(
            hypotheses[start:stop],
            *(filter(given, stream[start:stop]) for stream in references),
        )
        fresh = list(filterfalse(seen.__contains__, known.unknown(lines)))
        seen.update(dict.fromkeys(fresh))
        yield fresh


_is_given = functools.partial(operator.is_not, None)


def iter_count(
    tokenized: TokenizedCorpus, max_order: int, pool: WorkerPool | None = None
) -> Generator[Progress, None, CorpusStats]:
    """Count the statistics of a tokenized corpus, yielding `Progress`.

    With a `pool`, its workers count, a few chunks ahead.
    """
    hypotheses, references = tokenized.hypotheses, tokenized.references
    size = check_streams(hypotheses, references)
    jobs = (
        (
            hypotheses[start : start + CHUNK],
            [stream[start : start + CHUNK] for stream in references],
            max_order,
            start,
        )
        for start in range(0, size, CHUNK)
    )
    counted = []
    for chunk_stats in map_ordered(count_chunk, jobs, pool):
        counted.append(chunk_stats)
        yield Progress("counting n-grams", sum(map(len, counted)), size)
    if not counted:
        return StatsCounter(0, len(references), max_order).result()
    return CorpusStats.concatenate(counted)


def score_sentence(stats: CorpusStats, row: int, config: BleuConfig) -> BleuScore:
    """Sentence BLEU of one segment, with every term described."""
    summed = fit_stats(stats.subset([row]), config).summed()
    return score_described(summed, config, sentence=True)


def score_sentences(stats: CorpusStats, config: BleuConfig) -> SentenceScores:
    """Sentence BLEU of every segment, as arrays; NaN where a row is `Unavailable`."""
    fitted = fit_stats(stats, config)
    if config.compat is Compat.SACREBLEU:
        return _sacrebleu_sentences(fitted, config)
    size, order = len(stats), config.order
    score = np.full(size, np.nan)
    bp = np.full(size, np.nan)
    precisions = np.full((size, order), np.nan)
    ref_len = np.zeros(size, dtype=np.int64)
    for i, result in enumerate(iter_sentence_scores(fitted, config)):
        if isinstance(result, Unavailable):
            continue
        score[i] = result.score
        bp[i] = result.bp
        precisions[i] = result.precisions[:order]
        ref_len[i] = result.ref_len
    return SentenceScores(score, bp, precisions, ref_len)


def iter_score_sentences(
    stats: CorpusStats, config: BleuConfig, pool: WorkerPool | None = None
) -> Generator[int, None, SentenceScores]:
    """`score_sentences` a block of rows at a time, yielding how many rows are done.

    With a `pool`, its workers score the blocks (see `bleu_gui.core.parallel`).
    """
    size = len(stats)
    if size == 0:
        return score_sentences(stats, config)
    jobs = (
        (stats.subset(np.arange(start, min(start + ROW_BLOCK, size))), config)
        for start in range(0, size, ROW_BLOCK)
    )
    parts: list[SentenceScores] = []
    for part in map_ordered(_score_sentences_job, jobs, pool):
        parts.append(part)
        yield min(len(parts) * ROW_BLOCK, size)
    return SentenceScores.concatenate(parts)


# Rows per block of per-row work handed to a worker process: a few tenths of a
# second of work, so that progress moves and a cancel is heard.
ROW_BLOCK = 5_000


def _score_sentences_job(job: tuple[CorpusStats, BleuConfig]) -> SentenceScores:
    """A worker process's side of `iter_score_sentences`."""
    return score_sentences(*job)


def _sacrebleu_sentences(stats: CorpusStats, config: BleuConfig) -> SentenceScores:
    """The sacreBLEU arithmetic on every row, without building a result per row."""
    method, value = config.smoothing_method, config.effective_smooth_value
    effective = config.uses_effective_order(sentence=True)
    ref_len = stats.closest_ref_len()
    rows = zip(
        stats.matches.tolist(),
        stats.totals.tolist(),
        stats.hyp_len.tolist(),
        ref_len.tolist(),
        strict=True,
    )
    scores, bps, precisions = [], [], []
    for correct, total, c, r in rows:
        score, bp, _, _, precision, _ = sacrebleu_arithmetic(
            correct, total, c, r, method, value, effective
        )
        scores.append(score)
        bps.append(bp)
        precisions.append(precision)
    return SentenceScores(
        np.array(scores, dtype=np.float64),
        np.array(bps, dtype=np.float64),
        np.array(precisions, dtype=np.float64).reshape(len(stats), config.order),
        ref_len,
    )


def corpus_bleu(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    config: BleuConfig | None = None,
) -> BleuScore:
    """Corpus BLEU of raw text, as `sacrebleu.corpus_bleu(hyps, refs)` by default."""
    config = config or BleuConfig()
    return score_corpus(corpus_stats(hypotheses, references, config), config)


def sentence_bleu(
    hypothesis: str, references: Sequence[str], config: BleuConfig | None = None
) -> BleuScore:
    """Sentence BLEU of raw text, as `sacrebleu.sentence_bleu(hyp, refs)` by default."""
    config = config or BleuConfig()
    stats = corpus_stats([hypothesis], [[ref] for ref in references], config)
    return score_sentence(stats, 0, config)
