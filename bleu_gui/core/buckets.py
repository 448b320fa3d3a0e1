"""Where a system wins: its sentences in buckets, each bucket's corpus BLEU.

compare-mt's best-known view. The sentences are split by one value per sentence
(`BucketKind`) at edges the user may change (`BucketEdges`, one frozen table with
the defaults), and per bucket and system this module gives the number of
sentences and the corpus BLEU of those sentences, summed from their cached
statistics (`CorpusStats.subset`, `score_value`, as per-document and per-band
BLEU are scored): sacreBLEU's `corpus_bleu` on the bucket's lines, bit for bit,
nothing re-tokenised.

Every system is bucketed by the *baseline's* values (the first system given):
the same rows for all, so that a bucket's Δ compares the same sentences and
sacreBLEU's paired bootstrap can be run on them. With one reference the
reference length is the same for all systems anyway; the length difference and
the sentence BLEU are the baseline's. With a pair (or more), each bucket carries
sacreBLEU's paired bootstrap test on its rows only (`core.significance`, the same
seed as the whole-corpus test): a *subset* test, which says whether the systems
differ on these sentences, not whether the bucket's difference explains the
corpus's. No Qt, no I/O.
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from bleu_gui.core.config import SIGNIFICANCE_REFUSAL, BleuConfig, Compat
from bleu_gui.core.scoring import fit_stats, score_sentences, score_value
from bleu_gui.core.significance import (
    DEFAULT_SEED,
    PairedTest,
    SystemResult,
    iter_paired_test,
)
from bleu_gui.core.stats import CorpusStats
from bleu_gui.core.steps import drain

__all__ = [
    "SUBSET_TEST_NOTE",
    "WORD_FREQUENCY",
    "Bucket",
    "BucketEdges",
    "BucketKind",
    "BucketProgress",
    "BucketRow",
    "BucketTable",
    "BucketTest",
    "bp_reference_lengths",
    "bucket_index",
    "bucket_label",
    "bucket_table",
    "bucket_values",
    "buckets_of",
    "iter_bucket_table",
]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


class BucketKind(StrEnum):
    """What a sentence is bucketed by (the value is the command line's word)."""

    REF_LENGTH = "ref-length"
    LENGTH_DIFF = "length-diff"
    BASELINE_BLEU = "baseline-bleu"

    @property
    def heading(self) -> str:
        """The view's title, as a table or a chart heads it."""
        return _TITLES[self]

    @property
    def whole(self) -> bool:
        """Whether the values are whole numbers (labels "10–19"), or scores."""
        return self is not BucketKind.BASELINE_BLEU


_TITLES = {
    BucketKind.REF_LENGTH: "Reference length (tokens)",
    BucketKind.LENGTH_DIFF: "Length difference, hypothesis − reference (tokens)",
    BucketKind.BASELINE_BLEU: "Sentence BLEU of the baseline",
}


WORD_FREQUENCY = "word-frequency"
"""The name of the word-frequency edges, where a kind's value names a kind's."""

SUBSET_TEST_NOTE = (
    "Δ, p and the intervals are sacreBLEU's paired bootstrap run on each bucket's "
    "sentences only (a subset test, the corpus test's seed and resamples): it says "
    "whether the systems differ on those sentences."
)
"""What a bucket's test is, in the words every view and the report print."""


@dataclass(frozen=True, slots=True)
class BucketEdges:
    """The edges of every kind of bucket: the one place they are written.

    Each tuple holds increasing lower edges; a sentence whose value is `v` is in
    the bucket `[edges[i-1], edges[i])`, the first below `edges[0]`, the last at
    or above `edges[-1]`: `len(edges) + 1` buckets. The defaults are compare-mt's
    reference-length cutoffs, a length difference that keeps "equal" apart, and
    tenths of sentence BLEU.

    Raises:
        ValueError: for an empty or non-increasing tuple.
    """

    ref_length: tuple[float, ...] = (10, 20, 30, 40, 50, 60)
    length_diff: tuple[float, ...] = (-10, -5, -2, 0, 1, 3, 6, 11)
    baseline_bleu: tuple[float, ...] = (10, 20, 30, 40, 50, 60, 70, 80, 90)
    word_frequency: tuple[float, ...] = (1, 2, 3, 5, 10, 100, 1000)

    def __post_init__(self) -> None:
        named = [(kind.value, self.of(kind), kind.whole) for kind in BucketKind]
        named.append((WORD_FREQUENCY, self.word_frequency, True))
        for name, edges, whole in named:
            if not edges:
                raise ValueError(f"{name}: no bucket edges")
            if any(not math.isfinite(edge) for edge in edges):
                raise ValueError(f"{name}: bucket edges must be numbers")
            if any(b <= a for a, b in itertools.pairwise(edges)):
                raise ValueError(f"{name}: bucket edges must increase")
            if whole and any(edge != int(edge) for edge in edges):
                raise ValueError(f"{name}: bucket edges must be whole numbers")
        if self.word_frequency[0] < 1:
            raise ValueError(f"{WORD_FREQUENCY}: the first edge must be 1 or more")

    def of(self, kind: BucketKind | None) -> tuple[float, ...]:
        """The edges of one kind (None: of word frequency)."""
        edges: tuple[float, ...] = getattr(self, _FIELDS[kind])
        return edges

    def edited(self, kind: BucketKind | None, edges: tuple[float, ...]) -> BucketEdges:
        """These edges with one kind's replaced (None: word frequency's).

        Raises:
            ValueError: as the constructor, for edges that do not increase.
        """
        edited: BucketEdges = replace(self, **{_FIELDS[kind]: tuple(edges)})
        return edited


_FIELDS: dict[BucketKind | None, str] = {
    BucketKind.REF_LENGTH: "ref_length",
    BucketKind.LENGTH_DIFF: "length_diff",
    BucketKind.BASELINE_BLEU: "baseline_bleu",
    None: "word_frequency",
}


@dataclass(frozen=True, slots=True)
class Bucket:
    """One bucket: values from `low` (included) up to `high` (excluded).

    Attributes:
        label: as the tables and the chart print it ("10–19", "< 10", "[10, 20)").
        low: its lowest value; `-inf` for the first.
        high: the next bucket's lowest; `inf` for the last.
    """

    label: str
    low: float
    high: float


def buckets_of(kind: BucketKind, edges: BucketEdges) -> tuple[Bucket, ...]:
    """The buckets of `kind` under `edges`, lowest first, labelled."""
    cuts = edges.of(kind)
    bounds = (-math.inf, *cuts, math.inf)
    return tuple(
        Bucket(bucket_label(low, high, whole=kind.whole), low, high)
        for low, high in itertools.pairwise(bounds)
    )


def bucket_label(low: float, high: float, *, whole: bool) -> str:
    """A bucket's label: "< 10", "≥ 60", between "10–19" (whole) or "[10, 20)".

    Negative numbers take a real minus sign ("−5–−3"), which a hyphen beside the
    en dash would not read as.
    """
    if low == -math.inf:
        return f"< {_number(high)}"
    if high == math.inf:
        return f"≥ {_number(low)}"
    if whole:
        last = high - 1
        if last == low:
            return _number(low)
        return f"{_number(low)}–{_number(last)}"
    return f"[{_number(low)}, {_number(high)})"


def _number(value: float) -> str:
    return f"{value:g}".replace("-", "\N{MINUS SIGN}")


def bp_reference_lengths(stats: CorpusStats, config: BleuConfig) -> IntArray:
    """Each sentence's reference length as the brevity penalty takes it.

    The closest reference's (ties to the shorter); tensorflow/nmt's, the shortest.
    """
    if config.compat is Compat.TF_NMT:
        return stats.shortest_ref_len()
    return stats.closest_ref_len()


def bucket_values(
    kind: BucketKind, baseline: CorpusStats, config: BleuConfig
) -> FloatArray:
    """The value each sentence is bucketed by, from the baseline's statistics.

    Sentence BLEU is the sentence score the table shows (NaN where the emulated
    library cannot score a sentence: such a sentence is in no bucket).
    """
    if kind is BucketKind.BASELINE_BLEU:
        return np.asarray(score_sentences(baseline, config).score, dtype=np.float64)
    ref_len = bp_reference_lengths(baseline, config)
    if kind is BucketKind.REF_LENGTH:
        return ref_len.astype(np.float64)
    return (baseline.hyp_len - ref_len).astype(np.float64)


def bucket_index(values: FloatArray, buckets: Sequence[Bucket]) -> IntArray:
    """Each value's bucket (index into `buckets`); -1 for NaN."""
    lows = np.array([bucket.low for bucket in buckets[1:]], dtype=np.float64)
    index = np.searchsorted(lows, values, side="right").astype(np.int64)
    return np.where(np.isnan(values), -1, index)


@dataclass(frozen=True, slots=True)
class BucketTest:
    """sacreBLEU's paired bootstrap on one bucket's rows (a subset test).

    Attributes:
        baseline: the baseline's score, bootstrap mean and 95 % half-width.
        systems: per other system, the same and its p-value against the baseline.
    """

    baseline: SystemResult
    systems: tuple[SystemResult, ...]


@dataclass(frozen=True, slots=True)
class BucketRow:
    """One bucket's sentences, scored for every system.

    Attributes:
        bucket: the bucket.
        rows: its sentences (indices in corpus order), the same for every system.
        bleu: per system, the corpus BLEU of those sentences (0–100; NaN: none,
            or a sum the emulated library cannot score).
        test: with two or more systems, the subset test (None: fewer, no
            sentences, or not sacreBLEU's mode).
    """

    bucket: Bucket
    rows: IntArray = field(repr=False, compare=False)
    bleu: tuple[float, ...]
    test: BucketTest | None

    @property
    def sentences(self) -> int:
        """How many sentences the bucket holds."""
        return int(self.rows.size)

    def delta(self, system: int) -> float:
        """System `system`'s BLEU minus the baseline's on this bucket (NaN: none)."""
        return self.bleu[system] - self.bleu[0]


@dataclass(frozen=True, slots=True)
class BucketTable:
    """Every bucket of one kind, lowest first.

    Attributes:
        kind: what the sentences were bucketed by.
        rows: one per bucket.
        unbucketed: sentences in no bucket (their baseline BLEU is unscorable).
        samples: the resamples of each subset test (0: no test).
        seed: their seed.
        untested: why there is no test, or "" when there is one.
    """

    kind: BucketKind
    rows: tuple[BucketRow, ...]
    unbucketed: int
    samples: int
    seed: int | None
    untested: str


@dataclass(frozen=True, slots=True)
class BucketProgress:
    """How far the table is: buckets done of all, and the running test's share."""

    done: int
    total: int


def bucket_table(
    kind: BucketKind,
    systems: Sequence[CorpusStats],
    config: BleuConfig,
    edges: BucketEdges | None = None,
    *,
    samples: int = 1000,
    seed: int | None = DEFAULT_SEED,
) -> BucketTable:
    """Run `iter_bucket_table` to its end."""
    return drain(
        iter_bucket_table(kind, systems, config, edges, samples=samples, seed=seed)
    )


def iter_bucket_table(
    kind: BucketKind,
    systems: Sequence[CorpusStats],
    config: BleuConfig,
    edges: BucketEdges | None = None,
    *,
    samples: int = 1000,
    seed: int | None = DEFAULT_SEED,
    values: FloatArray | None = None,
) -> Generator[BucketProgress, None, BucketTable]:
    """The bucket table of `kind`, a bucket (and a block of resamples) at a time.

    Args:
        kind: what to bucket by.
        systems: each system's statistics, the baseline first; rows are bucketed
            by the baseline's values.
        config: the scoring options.
        edges: the bucket edges (`None`: the defaults).
        samples: bootstrap resamples of each subset test (0: no test).
        seed: their seed (sacreBLEU's `SACREBLEU_SEED`, 12345 by default).
        values: the baseline's values of `kind`, if the caller has them (the
            window holds the sentence scores: scoring 100,000 sentences again
            would take a second); `None`: computed here (`bucket_values`).

    Raises:
        ValueError: for no systems, systems of different lengths, or values of
            another length.
    """
    if not systems:
        raise ValueError("buckets need at least one system")
    if len({len(stats) for stats in systems}) != 1:
        raise ValueError("the systems differ in segments")
    buckets = buckets_of(kind, edges or BucketEdges())
    fitted = [fit_stats(stats, config) for stats in systems]
    if values is None:
        values = bucket_values(kind, fitted[0], config)
    if len(values) != len(fitted[0]):
        raise ValueError(f"{len(values)} values for {len(fitted[0])} segments")
    index = bucket_index(values, buckets)
    untested = _why_untested(len(systems), config, samples)
    out = []
    for number, bucket in enumerate(buckets):
        chosen = np.flatnonzero(index == number).astype(np.int64)
        parts = [stats.subset(chosen) for stats in fitted]
        bleu = tuple(_bleu(part, config) for part in parts)
        test = None
        if chosen.size and not untested:
            steps = iter_paired_test(
                parts[0],
                parts[1:],
                config,
                PairedTest.BOOTSTRAP,
                samples=samples,
                seed=seed,
            )
            while True:
                try:
                    next(steps)
                except StopIteration as done:
                    result = done.value
                    break
                yield BucketProgress(number, len(buckets))
            test = BucketTest(result.baseline, result.systems)
        out.append(BucketRow(bucket, chosen, bleu, test))
        yield BucketProgress(number + 1, len(buckets))
    return BucketTable(
        kind,
        tuple(out),
        int(np.count_nonzero(index < 0)),
        0 if untested else samples,
        seed,
        untested,
    )


def _bleu(stats: CorpusStats, config: BleuConfig) -> float:
    """Corpus BLEU of a bucket's rows; NaN for none or an unscorable sum."""
    if not len(stats):
        return math.nan
    with contextlib.suppress(ValueError):
        return score_value(stats.summed(), config)
    return math.nan


def _why_untested(systems: int, config: BleuConfig, samples: int) -> str:
    """Why buckets get no paired test ("" when they do)."""
    if systems < 2:
        return "one system: nothing to compare"
    if samples < 1:
        return "no resamples asked for"
    if not config.capabilities.significance:
        return SIGNIFICANCE_REFUSAL
    return ""
