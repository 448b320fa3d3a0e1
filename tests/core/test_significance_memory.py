"""The significance process lets a request's statistics go before it resamples.

The process receives every system's statistics (115 MB for ten systems of 100,000
segments), makes its matrices of them, and resamples. Held through the
resampling, the statistics put the window's ten-systems tree over its memory
target (docs/design.md); dropped, that process's peak is some 90 MB lower.
Here: once the test has begun, nothing of the request's arrays is alive.
"""

from __future__ import annotations

import gc
import weakref

import numpy as np
import numpy.typing as npt
import pytest

from bleu_gui.core import BleuConfig, CorpusStats
from bleu_gui.core.significance import PairedTest
from bleu_gui.core.significance_process import SignificanceRequest, run_request

_SEGMENTS = 2_000


def some_stats(rng: np.random.Generator) -> CorpusStats:
    hyp = rng.integers(5, 40, _SEGMENTS)
    totals = np.stack([np.maximum(hyp - n, 0) for n in range(4)], axis=1)
    matches = (totals * rng.uniform(0.2, 0.8, (_SEGMENTS, 4))).astype(np.int64)
    refs = np.stack([hyp + rng.integers(-3, 4, _SEGMENTS) for _ in range(2)], axis=1)
    return CorpusStats(hyp, refs, matches, totals)


def request(
    baseline: int | None, rows: npt.NDArray[np.int64] | None
) -> SignificanceRequest:
    rng = np.random.default_rng(3)
    return SignificanceRequest(
        tuple(some_stats(rng) for _ in range(3)),
        BleuConfig(),
        PairedTest.BOOTSTRAP,
        20,
        12345,
        baseline,
        rows,
    )


def arrays_of(what: SignificanceRequest) -> list[weakref.ref[npt.NDArray[np.int64]]]:
    return [
        weakref.ref(array)
        for stats in what.systems
        for array in (stats.hyp_len, stats.ref_lens, stats.matches, stats.totals)
    ]


@pytest.mark.parametrize(
    ("baseline", "rows"),
    [
        (0, None),
        (None, None),
        (1, np.arange(0, _SEGMENTS, 3, dtype=np.int64)),
    ],
    ids=["paired", "all pairs", "paired, shown rows"],
)
def test_the_statistics_are_freed_once_the_test_has_begun(
    baseline: int | None, rows: npt.NDArray[np.int64] | None
) -> None:
    what = request(baseline, rows)
    arrays = arrays_of(what)
    steps = run_request(what)
    del what
    assert next(steps) == (20, 20)
    gc.collect()
    assert [ref() for ref in arrays] == [None] * len(arrays)


def test_a_request_kept_by_its_caller_gives_the_same_result() -> None:
    """Dropping the statistics changes nothing of the numbers."""
    kept = request(0, None)
    dropped = request(0, None)

    def drained(what: SignificanceRequest) -> object:
        steps = run_request(what)
        try:
            while True:
                next(steps)
        except StopIteration as end:
            return end.value

    from_kept = drained(kept)
    from_dropped = drained(dropped)
    del dropped
    assert from_kept == from_dropped
    assert kept.systems[0].hyp_len.shape == (_SEGMENTS,)  # the caller's, untouched
