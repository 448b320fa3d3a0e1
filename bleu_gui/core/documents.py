"""Documents: segments grouped by document id, scored per document, tested as units.

A test set whose segments carry document ids (WMT XML and SGML, a spreadsheet's
document column, a document-id file) can be looked at document by document: the
corpus BLEU of each document's segments for every system, and the Δ of a pair.
No Qt, no I/O: ids in, arrays and frozen results out.

Grouping (`Documents.of`): a document is every segment with its id, wherever it
lies; documents come in the order of their first segment. WMT files keep each
document's segments together, but a document-id file given by hand need not: a
document whose segments are scattered is still one document (its segments in
corpus order), and `Documents.contiguous` says whether any is scattered.

Per-document BLEU is the core's corpus BLEU of those segments (`score_value` of
their summed statistics, the sums `CorpusStats.subset(rows).summed()` gives, made
for every document at once): under any `BleuConfig`, the number sacreBLEU's
`corpus_bleu` gives on that document's lines in sacreBLEU's mode. A document the
emulated library cannot score is NaN.

The document bootstrap (`iter_document_bootstrap`) is **not sacreBLEU's test**: it
resamples whole documents instead of segments, which respects that the segments
of one document are not independent draws (same topic, same translator, same
terminology). It is sacreBLEU's paired bootstrap run on one row per document: each
document's statistics summed into a row (hypothesis length, closest reference
length, matches and totals per order: all additive), and those rows drawn with
sacreBLEU's random stream (`rng.choice(D, (samples, D))` where sacreBLEU draws
`choice(n, (samples, n))`), scored with its float32 arithmetic, its p-value and
its 95% interval. So the seed means what `SACREBLEU_SEED` means, and with one
segment per document the test is exactly sacreBLEU's paired bootstrap, number for
number; with several it is the same procedure on documents. Every result carries
`DOCUMENT_TEST_LABEL`, the words every place that shows it uses.
"""

from __future__ import annotations

import contextlib
from collections.abc import Generator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.scoring import fit_stats, score_value
from bleu_gui.core.significance import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    PairedTest,
    PairedTestResult,
    SampleProgress,
    iter_paired_test,
)
from bleu_gui.core.stats import CorpusStats, SummedStats
from bleu_gui.core.steps import drain

__all__ = [
    "DOCUMENT_TEST_LABEL",
    "MIN_TEST_DOCUMENTS",
    "DocumentTestResult",
    "Documents",
    "document_bootstrap",
    "document_deltas",
    "document_scores",
    "document_stats",
    "document_sums",
    "iter_document_bootstrap",
    "iter_document_scores",
]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

DOCUMENT_TEST_LABEL = "document bootstrap (not sacreBLEU's test)"
"""How every place that shows the document-level test names it."""

MIN_TEST_DOCUMENTS = 2
"""The fewest documents the document bootstrap resamples: one document drawn again
and again is always the same corpus, and would look like the surest difference."""

# Documents scored per step of `iter_document_scores`: a few milliseconds of work.
_SCORE_BLOCK = 256


@dataclass(frozen=True, slots=True, eq=False)
class Documents:
    """Which document each segment belongs to.

    Build it with `Documents.of(ids)`.

    Attributes:
        ids: the documents' ids, in the order of their first segment.
        index: (segments,) each segment's document, a position in `ids`.
        order: (segments,) the segments grouped by document: the first
            document's segments in corpus order, then the second's, and so on.
        starts: (documents + 1,) where each document's segments begin in
            `order`; the last entry is the number of segments.
    """

    ids: tuple[str, ...]
    index: IntArray
    order: IntArray
    starts: IntArray

    @staticmethod
    def of(segment_ids: Sequence[str]) -> Documents:
        """The documents of segments whose document ids are `segment_ids`.

        Raises:
            ValueError: for no segments at all.
        """
        if not segment_ids:
            raise ValueError("no segments: there are no documents")
        first: dict[str, int] = {}
        index = np.fromiter(
            (first.setdefault(doc, len(first)) for doc in segment_ids),
            dtype=np.int64,
            count=len(segment_ids),
        )
        order = np.argsort(index, kind="stable").astype(np.int64)
        sizes = np.bincount(index, minlength=len(first))
        starts = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
        for array in (index, order, starts):
            array.flags.writeable = False
        return Documents(tuple(first), index, order, starts)

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def segments(self) -> int:
        """How many segments the documents hold together."""
        return int(self.index.shape[0])

    @property
    def sizes(self) -> IntArray:
        """(documents,) how many segments each document has."""
        return np.diff(self.starts)

    def rows(self, document: int) -> IntArray:
        """The 0-based segments of document `document` (a position), in order."""
        return self.order[self.starts[document] : self.starts[document + 1]]

    def rows_of(self, ids: frozenset[str] | set[str]) -> IntArray:
        """The 0-based segments of the documents named `ids`, in corpus order.

        An id that names no document keeps nothing.
        """
        wanted = np.array([doc in ids for doc in self.ids], dtype=bool)
        return np.flatnonzero(wanted[self.index]).astype(np.int64)

    @property
    def contiguous(self) -> bool:
        """Whether every document's segments follow each other in the corpus."""
        return bool(np.all(np.diff(self.order) == 1))


def document_sums(
    stats: CorpusStats, documents: Documents, config: BleuConfig
) -> list[SummedStats]:
    """Each document's statistics summed, as `stats.subset(rows).summed()` gives them.

    Cut to the orders `config` scores first (`fit_stats`), so that the sums are
    what `score_corpus` of the document's rows would sum.

    Raises:
        ValueError: if `stats` and `documents` differ in segments, or hold too few
            orders for `config`.
    """
    _check_sizes(stats, documents)
    return _Summer(fit_stats(stats, config), documents).sums(0, len(documents))


def document_scores(
    stats: CorpusStats, documents: Documents, config: BleuConfig
) -> FloatArray:
    """Each document's corpus BLEU (0–100), NaN where the mode cannot score it."""
    return drain(iter_document_scores(stats, documents, config))


def iter_document_scores(
    stats: CorpusStats, documents: Documents, config: BleuConfig
) -> Generator[int, None, FloatArray]:
    """`document_scores` a block of documents at a time, yielding how many are done.

    Thousands of documents take a Python call each: a step generator lets the
    window score them in slices between paints.
    """
    _check_sizes(stats, documents)
    summer = _Summer(fit_stats(stats, config), documents)
    scores = np.full(len(documents), np.nan)
    for start in range(0, len(documents), _SCORE_BLOCK):
        stop = min(start + _SCORE_BLOCK, len(documents))
        for offset, summed in enumerate(summer.sums(start, stop)):
            # NaN where the emulated library would crash on these counts.
            with contextlib.suppress(ValueError):
                scores[start + offset] = score_value(summed, config)
        yield stop
    return scores


def document_deltas(a_scores: FloatArray, b_scores: FloatArray) -> FloatArray:
    """Per document, BLEU of B minus BLEU of A (NaN where either is unscorable).

    A difference of each document's corpus BLEU, not a mean of sentence Δs: the
    number a user gets by scoring the document's lines with each system.
    """
    if a_scores.shape != b_scores.shape:
        raise ValueError(
            f"{a_scores.shape[0]} documents' scores against {b_scores.shape[0]}"
        )
    return np.asarray(b_scores - a_scores, dtype=np.float64)


def _check_sizes(stats: CorpusStats, documents: Documents) -> None:
    if len(stats) != documents.segments:
        raise ValueError(f"{documents.segments} document ids for {len(stats)} segments")


class _Summer:
    """Sums documents of one system's statistics, a block of documents at a time.

    The per-segment reference lengths are chosen once, for every block.
    """

    def __init__(self, stats: CorpusStats, documents: Documents) -> None:
        self._stats = stats
        self._documents = documents
        self._closest = stats.closest_ref_len()
        self._shortest = stats.shortest_ref_len()

    def sums(self, start: int, stop: int) -> list[SummedStats]:
        """The sums of documents start..stop-1, a few array operations for all."""
        stats, documents = self._stats, self._documents
        first, last = int(documents.starts[start]), int(documents.starts[stop])
        rows = documents.order[first:last]
        bounds = documents.starts[start:stop] - first
        totals = stats.totals[rows]
        ends = documents.order[documents.starts[start + 1 : stop + 1] - 1]
        columns = zip(
            np.add.reduceat(stats.hyp_len[rows], bounds).tolist(),
            np.add.reduceat(self._closest[rows], bounds).tolist(),
            np.add.reduceat(self._shortest[rows], bounds).tolist(),
            np.add.reduceat(stats.matches[rows], bounds, axis=0).tolist(),
            np.add.reduceat(totals, bounds, axis=0).tolist(),
            np.add.reduceat(np.maximum(totals, 1), bounds, axis=0).tolist(),
            documents.sizes[start:stop].tolist(),
            stats.hyp_len[ends].tolist(),
            stats.matches[ends].tolist(),
            stats.totals[ends].tolist(),
            strict=True,
        )
        return [
            SummedStats(
                size,
                c,
                r,
                s,
                tuple(m),
                tuple(t),
                tuple(f),
                last_c,
                tuple(lm),
                tuple(lt),
            )
            for c, r, s, m, t, f, size, last_c, lm, lt in columns
        ]


def document_stats(
    stats: CorpusStats, documents: Documents, config: BleuConfig
) -> CorpusStats:
    """One row per document: what sacreBLEU's bootstrap sums, summed per document.

    Hypothesis length, matches and totals are the document's sums; its one
    "reference" length is the sum of its segments' closest reference lengths, so
    that `closest_ref_len()` of the row is exactly what sacreBLEU would add up for
    those segments. (The shortest reference length is not kept: only the
    sacreBLEU mode, which never reads it, has significance tests.)
    """
    _check_sizes(stats, documents)
    fitted = fit_stats(stats, config)
    rows, bounds = documents.order, documents.starts[:-1]
    return CorpusStats(
        np.add.reduceat(fitted.hyp_len[rows], bounds),
        np.add.reduceat(fitted.closest_ref_len()[rows], bounds)[:, None],
        np.add.reduceat(fitted.matches[rows], bounds, axis=0),
        np.add.reduceat(fitted.totals[rows], bounds, axis=0),
    )


@dataclass(frozen=True, slots=True)
class DocumentTestResult:
    """A document bootstrap of B against A: not sacreBLEU's test.

    Attributes:
        documents: how many documents were resampled.
        result: the paired bootstrap's result on one row per document: the
            baseline A's row, then B's (`systems[0]`), with p-value, mean and
            95% half-width.
    """

    documents: int
    result: PairedTestResult

    @property
    def label(self) -> str:
        """The test's name wherever it is shown (`DOCUMENT_TEST_LABEL`)."""
        return DOCUMENT_TEST_LABEL

    @property
    def delta(self) -> float:
        """BLEU of B minus BLEU of A (the real corpus scores)."""
        return self.result.systems[0].score - self.result.baseline.score

    @property
    def p_value(self) -> float:
        """B against A's p-value."""
        p = self.result.systems[0].p_value
        assert p is not None  # a compared system always has one
        return p


def document_bootstrap(
    a: CorpusStats,
    b: CorpusStats,
    documents: Documents,
    config: BleuConfig,
    *,
    samples: int = DEFAULT_SAMPLES[PairedTest.BOOTSTRAP],
    seed: int | None = DEFAULT_SEED,
    texts: tuple[Sequence[str], Sequence[str]] | None = None,
) -> DocumentTestResult:
    """Run `iter_document_bootstrap` to its end."""
    return drain(
        iter_document_bootstrap(
            a, b, documents, config, samples=samples, seed=seed, texts=texts
        )
    )


def iter_document_bootstrap(
    a: CorpusStats,
    b: CorpusStats,
    documents: Documents,
    config: BleuConfig,
    *,
    samples: int = DEFAULT_SAMPLES[PairedTest.BOOTSTRAP],
    seed: int | None = DEFAULT_SEED,
    texts: tuple[Sequence[str], Sequence[str]] | None = None,
) -> Generator[SampleProgress, None, DocumentTestResult]:
    """B against A by paired bootstrap resampling of whole documents.

    See the module docstring: sacreBLEU's paired bootstrap on one row per
    document, its seed semantics, its numbers when every document is one segment.

    Args:
        a: the baseline's statistics.
        b: the other system's, against the same references.
        documents: the segments' documents.
        config: a sacreBLEU-mode configuration.
        samples: resamples (sacreBLEU's default 1000).
        seed: the seed (`None`: unseeded), as `SACREBLEU_SEED`.
        texts: the two systems' lines, to tell identical output from identical
            statistics.

    Raises:
        ConfigError: if `config` is not sacreBLEU's mode.
        ValueError: for fewer than `MIN_TEST_DOCUMENTS` documents, fewer than one
            sample, or statistics of another size than the documents'.
    """
    if len(documents) < MIN_TEST_DOCUMENTS:
        raise ValueError(
            f"a document bootstrap needs at least {MIN_TEST_DOCUMENTS} documents, "
            f"the test set has {len(documents)}"
        )
    rows = [document_stats(stats, documents, config) for stats in (a, b)]
    result = yield from iter_paired_test(
        rows[0],
        rows[1:],
        config,
        PairedTest.BOOTSTRAP,
        samples=samples,
        seed=seed,
        texts=texts,
    )
    return DocumentTestResult(len(documents), result)
