"""Worker processes give exactly the results of working here, in order.

The GUI moves tokenizing, counting and per-row scoring into worker processes; these
tests run the same inputs with and without a pool (with chunks made small, so that a
handful of segments spreads over several workers) and compare everything.
"""

import os
import threading
import time
from collections.abc import Iterator

import numpy as np
import pytest

from bleu_gui.core import BleuConfig, Compat, Smoothing, get_tokenizer
from bleu_gui.core import analysis as analysis_module
from bleu_gui.core import scoring as scoring_module
from bleu_gui.core.analysis import iter_perfect_gains
from bleu_gui.core.parallel import PoolClosedError, WorkerPool, map_ordered
from bleu_gui.core.scoring import (
    corpus_stats,
    iter_count,
    iter_prepare,
    iter_score_sentences,
)
from bleu_gui.core.steps import drain
from tests.core.wmt21_excerpt import HAPPYPOET, ONLINE_W, REF_A, REF_B

HYPS = [*HAPPYPOET, *ONLINE_W, *HAPPYPOET[:3]]  # repeats cross chunk boundaries
REFS: list[list[str | None]] = [
    [*REF_A, *REF_A, *REF_A[:3]],
    [*REF_B, *REF_B, *REF_B[:3]],
]
REFS[1][4] = None  # a segment with one reference of two


@pytest.fixture(scope="module")
def pool() -> Iterator[WorkerPool]:
    with WorkerPool(2) as workers:
        yield workers


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of a few segments, so that the test corpus makes many jobs."""
    monkeypatch.setattr(scoring_module, "CHUNK", 4)
    monkeypatch.setattr(scoring_module, "_MIN_JOB_SEGMENTS", 1)
    monkeypatch.setattr(scoring_module, "ROW_BLOCK", 3)
    monkeypatch.setattr(analysis_module, "ROW_BLOCK", 3)


def _square(x: int) -> int:
    if x < 0:
        raise ValueError(f"negative: {x}")
    return x * x


def test_map_ordered_keeps_the_order_of_the_jobs(pool: WorkerPool) -> None:
    jobs = list(range(50))
    assert list(map_ordered(_square, jobs, pool)) == [x * x for x in jobs]
    assert list(map_ordered(_square, jobs)) == [x * x for x in jobs]


def test_map_ordered_raises_a_jobs_error_at_its_turn(pool: WorkerPool) -> None:
    results = map_ordered(_square, [1, 2, -3, 4], pool)
    assert next(results) == 1
    assert next(results) == 4
    with pytest.raises(ValueError, match="negative: -3"):
        next(results)


def test_map_ordered_submits_only_a_few_jobs_ahead(pool: WorkerPool) -> None:
    """A caller who stops after one result leaves few jobs behind, not all."""
    pulled = []

    def jobs() -> Iterator[int]:
        for x in range(1000):
            pulled.append(x)
            yield x

    results = map_ordered(_square, jobs(), pool)
    assert next(results) == 0
    results.close()
    assert len(pulled) == 2 * pool.size + 1


def _niceness(_: object) -> int:
    return os.nice(0)


def test_workers_run_at_a_lower_priority(pool: WorkerPool) -> None:
    """The driving process (the GUI) keeps the CPU it needs while workers compute."""
    assert (
        list(map_ordered(_niceness, [None, None], pool))
        == [min(os.nice(0) + 10, 19)] * 2
    )


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_closing_the_pool_releases_a_caller_waiting_for_a_result() -> None:
    """A terminated pool never completes its pending results: the wait must end.

    (In the GUI, a job thread left waiting kept the application from exiting.)
    """
    pool = WorkerPool(1)
    results = map_ordered(_sleep, [60.0], pool)
    closer = threading.Timer(0.5, pool.close)
    closer.start()
    start = time.monotonic()
    with pytest.raises(PoolClosedError, match="stopped"):
        next(results)
    assert time.monotonic() - start < 10
    closer.join()


def test_a_pool_needs_a_process() -> None:
    with pytest.raises(ValueError, match="at least one process"):
        WorkerPool(0)


def test_tokenizing_in_workers_gives_the_same_tokens(pool: WorkerPool) -> None:
    tokenizer = get_tokenizer("13a", lowercase=True)
    lines = [*HYPS, *REF_A]
    expected = [tokenizer(line) for line in lines]
    assert tokenizer.tokenize_all(lines, pool=pool) == expected


CONFIGS = [
    pytest.param(BleuConfig(), id="sacrebleu"),
    pytest.param(BleuConfig(lowercase=True, max_order=3), id="sacrebleu-lc-3"),
    pytest.param(
        BleuConfig(compat=Compat.NLTK, smoothing=Smoothing.METHOD7), id="nltk-m7"
    ),
    pytest.param(BleuConfig(compat=Compat.TF_NMT), id="tf-nmt"),
]


@pytest.mark.usefixtures("small_chunks")
@pytest.mark.parametrize("config", CONFIGS)
def test_preparing_in_workers_gives_the_same_tokens_and_counts(
    pool: WorkerPool, config: BleuConfig
) -> None:
    tokens, stats = drain(iter_prepare(HYPS, REFS, config, max_order=6))
    tokens_p, stats_p = drain(iter_prepare(HYPS, REFS, config, max_order=6, pool=pool))
    assert tokens_p.hypotheses == tokens.hypotheses
    assert tokens_p.references == tokens.references
    for name in ("hyp_len", "ref_lens", "matches", "totals"):
        np.testing.assert_array_equal(getattr(stats_p, name), getattr(stats, name))
    counted = drain(iter_count(tokens, 7, pool))
    np.testing.assert_array_equal(counted.matches[:, :6], stats.matches)
    assert counted.max_order == 7


@pytest.mark.usefixtures("small_chunks")
@pytest.mark.parametrize("config", CONFIGS)
def test_scoring_rows_in_workers_gives_the_same_scores_and_costs(
    pool: WorkerPool, config: BleuConfig
) -> None:
    stats = corpus_stats(HYPS, REFS, config)
    here = drain(iter_score_sentences(stats, config))
    there = drain(iter_score_sentences(stats, config, pool))
    for name in ("score", "bp", "precisions", "ref_len"):
        np.testing.assert_array_equal(getattr(there, name), getattr(here, name))
    np.testing.assert_array_equal(
        drain(iter_perfect_gains(stats, config, pool)),
        drain(iter_perfect_gains(stats, config)),
    )


def test_progress_counts_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scoring_module, "ROW_BLOCK", 10)
    stats = corpus_stats(HYPS, REFS, BleuConfig())
    steps = iter_score_sentences(stats, BleuConfig())
    done = []
    while True:
        try:
            done.append(next(steps))
        except StopIteration:
            break
    assert done == [10, 20, len(HYPS)]


@pytest.mark.usefixtures("small_chunks")
def test_a_segment_without_references_is_named_from_a_worker(
    pool: WorkerPool,
) -> None:
    refs: list[list[str | None]] = [list(REFS[0]), list(REFS[1])]
    refs[0][9] = refs[1][9] = None
    with pytest.raises(ValueError, match=r"^segment 10 has no reference$"):
        drain(iter_prepare(HYPS, refs, BleuConfig(), pool=pool))


def test_corpus_stats_in_processes_equals_one_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[int] = []

    class CountedPool(WorkerPool):
        def __init__(self, processes: int) -> None:
            started.append(processes)
            super().__init__(processes)

    monkeypatch.setattr(scoring_module, "WorkerPool", CountedPool)
    monkeypatch.setattr(scoring_module, "CHUNK", 5)
    one = corpus_stats(HYPS, REFS, BleuConfig(), processes=2)
    assert started == []  # too few distinct lines to be worth the processes
    monkeypatch.setattr(scoring_module, "_PARALLEL_MIN_LINES", 10)
    two = corpus_stats(HYPS, REFS, BleuConfig(), processes=2)
    assert started == [2]
    np.testing.assert_array_equal(two.matches, one.matches)
    np.testing.assert_array_equal(two.ref_lens, one.ref_lens)


def test_closing_a_pool_twice_is_closing_it_once() -> None:
    """The window closes its pool when it closes, then again when the app ends.

    Before, the second close raised AttributeError (the executor forgets its
    processes when it shuts down).
    """
    import multiprocessing

    before = set(multiprocessing.active_children())  # other tests' leftovers
    pool = WorkerPool(1)
    pool.close()
    pool.close()
    assert set(multiprocessing.active_children()) <= before


def test_systems_counted_where_they_are_tokenized_score_as_sacrebleu(
    pool: WorkerPool, small_chunks: None
) -> None:
    """The command line's path: each job tokenizes and counts a chunk of every system.

    Four real systems of the bundled WMT21 set, 40 segments in jobs of one segment
    of each system (about CHUNK hypotheses a job), two references: each system's
    corpus BLEU is sacreBLEU's, and its statistics are those of tokenizing and
    counting it alone here.
    """
    from sacrebleu.metrics.bleu import BLEU

    from bleu_gui.core.scoring import iter_count_in_workers, score_corpus
    from tests.core import demo_systems

    size = 40
    references = [list(stream[:size]) for stream in demo_systems.references()]
    systems = [
        list(demo_systems.system(name)[:size]) for name in demo_systems.SYSTEM_NAMES
    ]
    config = BleuConfig()
    counted = drain(iter_count_in_workers(systems, references, config, pool))
    assert len(counted) == len(systems)
    for hypotheses, stats in zip(systems, counted, strict=True):
        expected = BLEU().corpus_score(hypotheses, references)
        assert score_corpus(stats, config).score == expected.score
        alone = corpus_stats(hypotheses, references, config)
        np.testing.assert_array_equal(stats.matches, alone.matches)
        np.testing.assert_array_equal(stats.ref_lens, alone.ref_lens)
        np.testing.assert_array_equal(stats.hyp_len, alone.hyp_len)


def test_a_segment_without_references_is_named_from_a_worker_job(
    pool: WorkerPool, small_chunks: None
) -> None:
    """The segment's number in the corpus, not in its chunk, as the other paths say."""
    from bleu_gui.core.scoring import iter_count_in_workers

    references: list[list[str | None]] = [list(REF_A[:10]), list(REF_B[:10])]
    references[0][6] = references[1][6] = None
    with pytest.raises(ValueError, match="segment 7 has no reference"):
        drain(
            iter_count_in_workers(
                [list(HAPPYPOET[:10])], references, BleuConfig(), pool
            )
        )
