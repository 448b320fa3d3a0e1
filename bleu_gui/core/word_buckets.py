"""Word accuracy by frequency bucket: are rare words the ones a system gets wrong?

compare-mt's word-frequency analysis, on BLEU's own tokens (the tokens of the
configured tokenizer and case, as `core.tokenize` makes them: the caller passes
the canonical tokenized lines it already holds). The matching rule, stated in
`MATCHING_RULE` and printed with every table:

* a word's *frequency* is how often it occurs in the test set's references (every
  reference stream, every segment), or in a training corpus the user gives
  (`WordFrequency`, counted with the same tokenizer by `iter_count_frequency`);
  its bucket is the one its frequency falls in
  (`BucketEdges.word_frequency`: 1, 2, 3–4, 5–9, 10–99, 100–999, ≥ 1000, and 0
  for a hypothesis word that no reference holds);
* per sentence and word, the reference count is its count in the reference (with
  several references, the largest count in any one of them, as BLEU clips), the
  hypothesis count its count in the hypothesis, and the *matched* count the
  smaller of the two (clipped, as compare-mt counts);
* per bucket, summed over the sentences: precision = matched / hypothesis words,
  recall = matched / reference words, F-measure their harmonic mean; NaN where a
  denominator is 0.

Which counts a table used is part of it (`WordTable.frequency`), so every view
says it with the numbers. No Qt, no I/O.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from bleu_gui.core.buckets import Bucket, BucketEdges, bucket_label
from bleu_gui.core.steps import drain
from bleu_gui.core.tokenize import split_tokens

__all__ = [
    "MATCHING_RULE",
    "REFERENCE_FREQUENCY",
    "WordCounts",
    "WordFrequency",
    "WordRow",
    "WordTable",
    "frequency_buckets",
    "iter_count_frequency",
    "iter_word_table",
    "word_table",
]

MATCHING_RULE = (
    "Per sentence a "
    "word's matches are min(hypothesis count, reference count), the reference "
    "count being its largest count in any one reference (clipped, as compare-mt "
    "and BLEU count); per bucket, precision = matches / hypothesis words, recall = "
    "matches / reference words, F = 2PR / (P + R). Tokens: the scoring tokenizer's."
)
"""The rule, in the words the command line, the window and the report print."""

REFERENCE_FREQUENCY = "Frequencies in the test set's references"
"""Which counts a table used, when no training corpus was given."""

# Sentences counted between two steps: ~25 ms of work (2 systems, 2 references),
# what the window runs between two paints (`SliceWorker`).
_STEP = 250


@dataclass(frozen=True, slots=True)
class WordCounts:
    """One system's words in one bucket, summed over the test set.

    Attributes:
        matched: clipped matches.
        hypothesis: the system's words of the bucket.
        reference: the references' words of the bucket (clipped across references).
    """

    matched: int
    hypothesis: int
    reference: int

    @property
    def precision(self) -> float:
        """Matched / hypothesis words (0–1; NaN for none)."""
        return self.matched / self.hypothesis if self.hypothesis else math.nan

    @property
    def recall(self) -> float:
        """Matched / reference words (0–1; NaN for none)."""
        return self.matched / self.reference if self.reference else math.nan

    @property
    def f_measure(self) -> float:
        """The harmonic mean of precision and recall (NaN if either is; 0 if both 0)."""
        p, r = self.precision, self.recall
        if math.isnan(p) or math.isnan(r):
            return math.nan
        return 0.0 if p + r == 0 else 2 * p * r / (p + r)


@dataclass(frozen=True, slots=True, eq=False)
class WordFrequency:
    """Words' counts in a training corpus, to bucket by in place of the references'.

    compare-mt buckets by training frequency: a word rare in the training data is
    the one a system is expected to miss, whatever the test set holds.

    Attributes:
        counts: each token's occurrences (the scoring tokenizer's tokens).
        name: the corpus as the views name it (its file's name).
        words: the tokens counted in all.
    """

    counts: Mapping[str, int] = field(repr=False)
    name: str
    words: int

    @property
    def description(self) -> str:
        """Which counts these are, as every view says it."""
        return f"Frequencies in {self.name} ({self.words:,} words)"


@dataclass(frozen=True, slots=True)
class WordRow:
    """One frequency bucket: its systems' counts, in the order given."""

    bucket: Bucket
    systems: tuple[WordCounts, ...]


@dataclass(frozen=True, slots=True)
class WordTable:
    """Every frequency bucket, rarest first (the 0 bucket first).

    Attributes:
        rows: one per bucket.
        frequency: which counts the words were bucketed by (`REFERENCE_FREQUENCY`
            or `WordFrequency.description`).
    """

    rows: tuple[WordRow, ...]
    frequency: str = REFERENCE_FREQUENCY


def frequency_buckets(edges: BucketEdges) -> tuple[Bucket, ...]:
    """The buckets of word frequency: "0", then as `edges.word_frequency` cuts."""
    cuts = edges.word_frequency
    bounds = (0.0, *cuts, math.inf)
    return tuple(
        Bucket(bucket_label(low, high, whole=True), low, high)
        for low, high in itertools.pairwise(bounds)
    )


def word_table(
    references: Sequence[Sequence[str | None]],
    systems: Sequence[Sequence[str]],
    edges: BucketEdges | None = None,
    frequency: WordFrequency | None = None,
) -> WordTable:
    """Run `iter_word_table` to its end."""
    return drain(iter_word_table(references, systems, edges, frequency))


def iter_count_frequency(
    lines: Iterable[str], tokenize: Callable[[str], str], name: str, total: int
) -> Generator[tuple[int, int], None, WordFrequency]:
    """Count a training corpus's tokens, yielding (lines done, `total`) per block.

    Args:
        lines: the corpus's lines (segments), as read.
        tokenize: the scoring tokenizer (`core.tokenize.Tokenizer`): the corpus's
            words must be the references' tokens, or they would never match.
        name: the corpus as the views name it.
        total: how many lines there are, for the progress.
    """
    counts: Counter[str] = Counter()
    done = 0
    for line in lines:
        counts.update(split_tokens(tokenize(line)))
        done += 1
        if done % _STEP == 0:
            yield done, total
    yield done, total
    return WordFrequency(counts, name, counts.total())


def iter_word_table(
    references: Sequence[Sequence[str | None]],
    systems: Sequence[Sequence[str]],
    edges: BucketEdges | None = None,
    frequency: WordFrequency | None = None,
) -> Generator[tuple[int, int], None, WordTable]:
    """Per frequency bucket and system, matched, hypothesis and reference words.

    Yields (sentences done, sentences in all); a sentence is every system's.
    The references' words are counted first (sentences done: 0).

    Args:
        references: tokenized reference streams (canonical tokenized lines, as
            `Tokenizer` makes them; `None` where a segment lacks that reference).
        systems: each system's tokenized hypotheses.
        edges: the bucket edges (`None`: the defaults).
        frequency: a training corpus's counts to bucket by (`None`: the
            references' own, counted here).

    Raises:
        ValueError: for streams of different lengths.
    """
    buckets = frequency_buckets(edges or BucketEdges())
    size = len(systems[0]) if systems else 0
    if any(len(stream) != size for stream in (*references, *systems)):
        raise ValueError("the references and systems differ in segments")
    counted: Counter[str] = Counter()
    for stream in references if frequency is None else ():
        for start in range(0, size, 4 * _STEP):  # counting is ~4 times faster
            for line in stream[start : start + 4 * _STEP]:
                if line is not None:
                    counted.update(split_tokens(line))
            yield 0, size
    counts = counted if frequency is None else frequency.counts
    bucket_of = _BucketOf(counts, buckets)
    # A reference's words are the same whatever the system: summed once a
    # sentence, and each system's loop walks its own words only (half the
    # work of walking both: docs/design.md, "Buckets").
    reference_sums = [0] * len(buckets)
    sums_of = [[[0, 0] for _ in buckets] for _ in systems]
    for row in range(size):
        reference = _clipped_reference(references, row)
        for word, count in reference.items():
            reference_sums[bucket_of[word]] += count
        for sums, hypotheses in zip(sums_of, systems, strict=True):
            for word, count in Counter(split_tokens(hypotheses[row])).items():
                cell = sums[bucket_of[word]]
                most = reference.get(word, 0)
                cell[0] += count if count < most else most
                cell[1] += count
        if (row + 1) % _STEP == 0:
            yield row + 1, size
    yield size, size
    return WordTable(
        tuple(
            WordRow(
                bucket,
                tuple(
                    WordCounts(sums[index][0], sums[index][1], reference_sums[index])
                    for sums in sums_of
                ),
            )
            for index, bucket in enumerate(buckets)
        ),
        REFERENCE_FREQUENCY if frequency is None else frequency.description,
    )


def _clipped_reference(
    references: Sequence[Sequence[str | None]], row: int
) -> dict[str, int]:
    """Each word's largest count in any one reference of segment `row`."""
    clipped: dict[str, int] = {}
    for stream in references:
        line = stream[row]
        if line is None:
            continue
        counted = Counter(split_tokens(line))
        if not clipped:
            clipped = counted
            continue
        for word, count in counted.items():
            if count > clipped.get(word, 0):
                clipped[word] = count
    return clipped


class _BucketOf(dict[str, int]):
    """Each word's bucket (an index), found the first time it is asked for."""

    def __init__(self, counts: Mapping[str, int], buckets: Sequence[Bucket]) -> None:
        super().__init__()
        self._counts = counts
        self._buckets = buckets

    def __missing__(self, word: str) -> int:
        index = self[word] = _find(self._counts.get(word, 0), self._buckets)
        return index


def _find(count: int, buckets: Sequence[Bucket]) -> int:
    """The bucket of a frequency."""
    return next(i for i, bucket in enumerate(buckets) if count < bucket.high)
