"""Per-segment sufficient statistics, computed fast, summed for any subset.

BLEU of any set of segments is a function of summed per-segment counts: hypothesis
length, the reference lengths, and per order the clipped matches and the number of
hypothesis n-grams. `CorpusStats` holds those counts as arrays, one row per segment,
so corpus BLEU, the BLEU of a filtered subset, a re-score after a smoothing change or a
bootstrap sample are sums, never a re-tokenization.

Counting is vectorized. Within one segment every token gets a small local id (the
position of its first occurrence among the segment's hypothesis and reference
tokens), an n-gram becomes an integer by packing its ids, and one sort per order and
chunk of segments counts every (segment, n-gram, stream) at once. This is exact: two
n-grams of the same segment share a key if and only if their tokens are equal. When
a segment is so long that the packed key would overflow 63 bits, the n-1-gram keys are
renumbered densely first, which is slower but just as exact.
"""

from __future__ import annotations

import itertools
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bleu_gui.core.steps import drain
from bleu_gui.core.streams import check_streams
from bleu_gui.core.summed import SummedStats
from bleu_gui.core.tokenize import split_tokens

__all__ = [
    "CHUNK",
    "CorpusStats",
    "StatsCounter",
    "SummedStats",
    "compute_stats",
    "count_chunk",
    "count_systems_chunk",
    "iter_compute_stats",
    "replaced_sums",
]

IntArray = npt.NDArray[np.int64]

# Segments per counting chunk: large enough to amortize numpy's per-call cost, small
# enough that a chunk's arrays stay in cache and peak memory stays flat.
CHUNK = 4096
# Segments whose n-grams are sorted at once: each row is counted on its own, so the
# pieces change no number. A whole CHUNK of long segments at once (4,096 WMT lines
# joined in twos) took 52 MiB in each worker process and 0.98 s per 19,008
# segments; pieces of 1,024 take 13 MiB and 0.51 s (smaller sorts, fewer key bits).
_COUNT_SEGMENTS = 1024
_KEY_BITS = 63


@dataclass(frozen=True, slots=True, eq=False)
class CorpusStats:
    """Sufficient statistics of every segment of one system against its references.

    Attributes:
        hyp_len: (segments,) hypothesis length in tokens.
        ref_lens: (segments, references) each reference's length; -1 where a
            segment has no such reference (sacreBLEU's `None`). `''` is a real,
            empty reference of length 0.
        matches: (segments, orders) clipped n-gram matches per order.
        totals: (segments, orders) hypothesis n-grams per order.
    """

    hyp_len: IntArray
    ref_lens: IntArray
    matches: IntArray
    totals: IntArray

    def __len__(self) -> int:
        return int(self.hyp_len.shape[0])

    @property
    def max_order(self) -> int:
        """The highest order these statistics were counted for."""
        return int(self.matches.shape[1])

    @property
    def num_refs(self) -> IntArray:
        """(segments,) how many references each segment has."""
        return np.asarray((self.ref_lens >= 0).sum(axis=1), dtype=np.int64)

    def closest_ref_len(self) -> IntArray:
        """(segments,) the closest reference length; ties go to the shorter."""
        present = self.ref_lens >= 0
        diff = np.abs(self.ref_lens - self.hyp_len[:, None])
        # Order by (distance, length): both are < 2**31, so one integer key sorts both.
        key = np.where(present, (diff << 32) | self.ref_lens, np.iinfo(np.int64).max)
        best = np.take_along_axis(self.ref_lens, key.argmin(axis=1)[:, None], axis=1)[
            :, 0
        ]
        return np.where(present.any(axis=1), best, 0)

    def shortest_ref_len(self) -> IntArray:
        """(segments,) the shortest reference length (tensorflow/nmt's choice)."""
        big = np.iinfo(np.int64).max
        shortest = np.where(self.ref_lens >= 0, self.ref_lens, big).min(axis=1)
        return np.where(shortest == big, 0, shortest)

    def summed(self) -> SummedStats:
        """All segments summed, in exact Python integers."""
        if len(self) == 0:
            raise ValueError("cannot score an empty set of segments")
        return SummedStats(
            segments=len(self),
            hyp_len=int(self.hyp_len.sum()),
            closest_ref_len=int(self.closest_ref_len().sum()),
            shortest_ref_len=int(self.shortest_ref_len().sum()),
            matches=tuple(self.matches.sum(axis=0).tolist()),
            totals=tuple(self.totals.sum(axis=0).tolist()),
            floored_totals=tuple(np.maximum(self.totals, 1).sum(axis=0).tolist()),
            last_hyp_len=int(self.hyp_len[-1]),
            last_matches=tuple(self.matches[-1].tolist()),
            last_totals=tuple(self.totals[-1].tolist()),
        )

    def rows(self) -> list[SummedStats]:
        """Each segment on its own, as `SummedStats` (for sentence-level scores)."""
        closest = self.closest_ref_len().tolist()
        shortest = self.shortest_ref_len().tolist()
        hyp = self.hyp_len.tolist()
        out = []
        for i, (matches, totals) in enumerate(
            zip(self.matches.tolist(), self.totals.tolist(), strict=True)
        ):
            m, t = tuple(matches), tuple(totals)
            floored = tuple(max(1, x) for x in t)
            out.append(
                SummedStats(
                    1, hyp[i], closest[i], shortest[i], m, t, floored, hyp[i], m, t
                )
            )
        return out

    def row(self, index: int) -> SummedStats:
        """Segment `index` on its own, as `SummedStats`."""
        return self.subset([index]).summed()

    def reference_lengths(self, limit: int) -> list[int]:
        """The first reference's length in the first `limit` segments (-1: none)."""
        lengths: list[int] = self.ref_lens[:limit, 0].tolist()
        return lengths

    def arrays(self) -> CorpusStats:
        """These statistics (they are arrays already: `Counts`'s other form is not)."""
        return self

    def subset(self, rows: npt.ArrayLike) -> CorpusStats:
        """The statistics of the given rows (indices or a boolean mask), in order."""
        index = np.asarray(rows)
        if index.size == 0:
            # `np.asarray([])` is a float array, which numpy refuses as an index.
            index = index.astype(np.int64)
        return CorpusStats(
            self.hyp_len[index],
            self.ref_lens[index],
            self.matches[index],
            self.totals[index],
        )

    @staticmethod
    def concatenate(parts: Sequence[CorpusStats]) -> CorpusStats:
        """The statistics of consecutive chunks, one after the other."""
        if not parts:
            raise ValueError("nothing to concatenate")
        return CorpusStats(
            np.concatenate([part.hyp_len for part in parts]),
            np.concatenate([part.ref_lens for part in parts]),
            np.concatenate([part.matches for part in parts]),
            np.concatenate([part.totals for part in parts]),
        )

    def truncated(self, max_order: int) -> CorpusStats:
        """The same statistics restricted to orders 1..max_order."""
        if not 1 <= max_order <= self.max_order:
            raise ValueError(
                f"statistics hold orders 1..{self.max_order}, cannot give {max_order}"
            )
        return CorpusStats(
            self.hyp_len,
            self.ref_lens,
            self.matches[:, :max_order],
            self.totals[:, :max_order],
        )


def replaced_sums(
    total: SummedStats,
    rows: CorpusStats,
    replacements: CorpusStats,
    *,
    holds_last: bool,
) -> Iterator[SummedStats]:
    """`total` with row i of `rows` replaced by row i of `replacements`, for every i.

    The question "what would corpus BLEU be if this one sentence were different?"
    is asked of every row at once: by a cost column (the sentence made perfect), by
    the swap effect of a comparison (the sentence taken from another system) and by
    live editing (the sentence as the user typed it). Statistics are additive, so
    each answer is `total - row + replacement`, computed here for a whole block of
    rows with a few array operations, then handed out one `SummedStats` at a time.

    Args:
        total: the whole corpus's sums.
        rows: a block of consecutive rows of that corpus.
        replacements: what each of those rows is replaced by, counted against the
            same references (one row each, as many orders).
        holds_last: whether the block ends with the corpus's last segment, whose
            own counts `SummedStats` keeps (NLTK's corpus smoothing reads them).

    Raises:
        ValueError: if the two blocks differ in size or orders.
    """
    size = len(rows)
    if len(replacements) != size or replacements.max_order != rows.max_order:
        raise ValueError(
            f"{len(replacements)} replacement rows of {replacements.max_order} "
            f"orders cannot replace {size} rows of {rows.max_order} orders"
        )
    hyp_len = total.hyp_len - rows.hyp_len + replacements.hyp_len
    closest = (
        total.closest_ref_len - rows.closest_ref_len() + replacements.closest_ref_len()
    )
    shortest = (
        total.shortest_ref_len
        - rows.shortest_ref_len()
        + replacements.shortest_ref_len()
    )
    matches = np.asarray(total.matches) - rows.matches + replacements.matches
    totals = np.asarray(total.totals) - rows.totals + replacements.totals
    floored = (
        np.asarray(total.floored_totals)
        - np.maximum(rows.totals, 1)
        + np.maximum(replacements.totals, 1)
    )
    sums = zip(
        hyp_len.tolist(),
        closest.tolist(),
        shortest.tolist(),
        matches.tolist(),
        totals.tolist(),
        floored.tolist(),
        strict=True,
    )
    last = size - 1 if holds_last else -1
    for i, (c, r, s, m, t, f) in enumerate(sums):
        if i == last:
            own = (
                int(replacements.hyp_len[i]),
                tuple(replacements.matches[i].tolist()),
                tuple(replacements.totals[i].tolist()),
            )
        else:
            own = (total.last_hyp_len, total.last_matches, total.last_totals)
        yield SummedStats(total.segments, c, r, s, tuple(m), tuple(t), tuple(f), *own)


def compute_stats(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    max_order: int,
) -> CorpusStats:
    """Count the sufficient statistics of every segment (see `iter_compute_stats`)."""
    return drain(iter_compute_stats(hypotheses, references, max_order))


def iter_compute_stats(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    max_order: int,
) -> Generator[int, None, CorpusStats]:
    """Count the sufficient statistics of every segment, a chunk at a time.

    Yields the number of segments counted so far after each chunk, so that a worker
    can report progress and stop between chunks; returns the statistics.

    Args:
        hypotheses: canonical tokenized hypotheses (see `Tokenizer`), one per segment.
        references: reference *streams*: `references[k][i]` is reference k of segment
            i, canonical tokenized, or `None` where segment i has no reference k.
        max_order: count orders 1..max_order.

    Raises:
        ValueError: if a reference stream's length differs from the hypotheses', or
            a segment has no reference at all.
    """
    size = check_streams(hypotheses, references)
    counter = StatsCounter(size, len(references), max_order)
    for start in range(0, size, CHUNK):
        stop = min(start + CHUNK, size)
        counter.count(hypotheses, references, start, stop)
        yield stop
    return counter.result()


def count_chunk(
    job: tuple[Sequence[str], Sequence[Sequence[str | None]], int, int],
) -> CorpusStats:
    """The statistics of one chunk of tokenized segments (a worker-process job).

    `job` is (hypotheses, reference streams, max_order, offset): the chunk's own
    sequences, and where it starts in the corpus, so that an error names the
    corpus's segment number.
    """
    hypotheses, references, max_order, offset = job
    (stats,) = count_systems_chunk([hypotheses], references, max_order, offset)
    return stats


def count_systems_chunk(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str | None]],
    max_order: int,
    offset: int = 0,
) -> list[CorpusStats]:
    """Each system's statistics for one chunk of tokenized segments, in one pass.

    What `count_chunk` gives for each system alone; the references' n-grams are
    sorted once for all the systems, not once per system (with five systems, they
    were a third of the counting).
    """
    size = len(systems[0]) if systems else 0
    counter = StatsCounter(size, len(references), max_order, systems=len(systems))
    counter.count_systems(systems, references, 0, size, offset=offset)
    return counter.results()


class StatsCounter:
    """Counts the statistics of a corpus chunk by chunk, in any order of chunks.

    For pipelines that tokenize and count at once: a chunk can be counted as soon as
    its segments are tokenized, while other processes tokenize the next ones. Counts
    one system, or several against the same references (`systems`).
    """

    def __init__(
        self, size: int, num_refs: int, max_order: int, *, systems: int = 1
    ) -> None:
        if max_order < 1:
            raise ValueError(f"max_order must be at least 1, not {max_order}")
        self._max_order = max_order
        self._systems = systems
        self._hyp_len = np.zeros((size, systems), dtype=np.int64)
        self._ref_lens = np.full((size, num_refs), -1, dtype=np.int64)
        self._matches = np.zeros((size, systems, max_order), dtype=np.int64)

    def count(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]],
        start: int,
        stop: int,
        *,
        offset: int = 0,
    ) -> None:
        """Count segments start..stop-1 (indices into the given sequences).

        Raises:
            ValueError: if one of them has no reference at all (numbered from
                `offset` + 1).
        """
        self.count_systems([hypotheses], references, start, stop, offset=offset)

    def count_systems(
        self,
        systems: Sequence[Sequence[str]],
        references: Sequence[Sequence[str | None]],
        start: int,
        stop: int,
        *,
        offset: int = 0,
    ) -> None:
        """`count` for each of the counter's systems, references counted once."""
        if len(systems) != self._systems:
            raise ValueError(f"{len(systems)} systems for a counter of {self._systems}")
        for first in range(start, stop, _COUNT_SEGMENTS):
            _count_chunk(
                systems,
                references,
                first,
                min(stop, first + _COUNT_SEGMENTS),
                offset,
                self._max_order,
                self._hyp_len,
                self._ref_lens,
                self._matches,
            )

    def result(self) -> CorpusStats:
        """The statistics of every counted segment (of the counter's one system)."""
        (stats,) = self.results()
        return stats

    def results(self) -> list[CorpusStats]:
        """Each system's statistics of every counted segment."""
        orders = np.arange(self._max_order, dtype=np.int64)
        stats = []
        for system in range(self._systems):
            hyp_len = np.ascontiguousarray(self._hyp_len[:, system])
            totals = np.maximum(hyp_len[:, None] - orders[None, :], 0)
            matches = np.ascontiguousarray(self._matches[:, system, :])
            stats.append(CorpusStats(hyp_len, self._ref_lens, matches, totals))
        return stats


def _count_chunk(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str | None]],
    start: int,
    stop: int,
    offset: int,
    max_order: int,
    hyp_len: IntArray,
    ref_lens: IntArray,
    matches: IntArray,
) -> None:
    """Fill rows start..stop of the output arrays.

    Streams are numbered systems first, then references: stream `s` < len(systems)
    is system `s`'s hypothesis.
    """
    num_systems = len(systems)
    num_streams = num_systems + len(references)
    ids: list[int] = []
    piece_lens: list[int] = []  # per (segment, stream), segment-major
    for i in range(start, stop):
        tokens: list[str] = []
        for hypotheses in systems:
            hyp_tokens = split_tokens(hypotheses[i])
            piece_lens.append(len(hyp_tokens))
            tokens += hyp_tokens
        present = 0
        for stream in references:
            ref = stream[i]
            if ref is None:
                piece_lens.append(0)
                continue
            ref_tokens = split_tokens(ref)
            piece_lens.append(len(ref_tokens))
            tokens += ref_tokens
            present += 1
        if not present:
            raise ValueError(f"segment {offset + i + 1} has no reference")
        local: dict[str, int] = {}
        ids.extend(map(local.setdefault, tokens, itertools.count()))

    lens = np.array(piece_lens, dtype=np.int64).reshape(stop - start, num_streams)
    hyp_len[start:stop] = lens[:, :num_systems]
    chunk_refs = ref_lens[start:stop]
    for k, stream in enumerate(references):
        has = np.fromiter((stream[i] is not None for i in range(start, stop)), bool)
        chunk_refs[:, k] = np.where(has, lens[:, num_systems + k], -1)

    token_ids = np.array(ids, dtype=np.int64)
    if token_ids.size == 0:
        return
    flat_lens = lens.reshape(-1)
    piece = np.repeat(np.arange(flat_lens.size, dtype=np.int64), flat_lens)
    piece_start = np.concatenate(([0], np.cumsum(flat_lens)[:-1]))
    room = flat_lens[piece] - (np.arange(token_ids.size) - piece_start[piece])
    segment = piece // num_streams
    stream_label = piece % num_streams

    label_bits = int(num_streams - 1).bit_length()
    seg_bits = int(stop - start - 1).bit_length()
    id_bits = max(1, int(token_ids.max()).bit_length())
    key = (
        token_ids.copy()
    )  # key[p] identifies the n-gram starting at p, within its segment
    key_bits = id_bits
    for n in range(1, max_order + 1):
        if n > 1:
            if seg_bits + key_bits + id_bits + label_bits > _KEY_BITS:
                key, key_bits = _renumber(key, room >= n - 1)
            key = (key[:-1] << id_bits) | token_ids[n - 1 :]
            key_bits += id_bits
            room, segment, stream_label = room[:-1], segment[:-1], stream_label[:-1]
        valid = room >= n
        if not valid.any():
            break
        packed = (
            ((segment[valid] << key_bits) | key[valid]) << label_bits
        ) | stream_label[valid]
        matches[start:stop, :, n - 1] = _clipped_matches(
            np.sort(packed), label_bits, key_bits, stop - start, num_systems
        )


def _renumber(key: IntArray, valid: npt.NDArray[np.bool_]) -> tuple[IntArray, int]:
    """Replace the keys of valid positions by dense ids (0, 1, 2, ...).

    Equal keys get equal ids and different keys different ids, so keys stay exact
    within each segment (the segment index is packed in beside them). Invalid
    positions (too close to a segment's end to start an n-gram) get 0; the caller
    masks them out.
    """
    dense = np.zeros_like(key)
    _, inverse = np.unique(key[valid], return_inverse=True)
    dense[valid] = inverse.reshape(-1)
    return dense, max(1, int(dense.max()).bit_length())


def _clipped_matches(
    packed: IntArray, label_bits: int, key_bits: int, segments: int, systems: int
) -> IntArray:
    """Per segment and system, sum over n-grams of min(hyp count, max ref count).

    `packed` is sorted (segment, n-gram, stream) keys, one per occurrence; streams
    below `systems` are the systems' hypotheses, the others references. Returns a
    (segments, systems) array.
    """
    boundaries = np.flatnonzero(packed[1:] != packed[:-1]) + 1
    run_start = np.concatenate(([0], boundaries))
    run_len = np.diff(np.concatenate((run_start, [packed.size])))
    run_key = packed[run_start]
    label = run_key & ((1 << label_bits) - 1)
    gram = run_key >> label_bits
    # A group is one n-gram of one segment: its runs are its streams' counts.
    new_group = np.concatenate(([True], gram[1:] != gram[:-1]))
    group_start = np.flatnonzero(new_group)
    ref_count = np.where(label >= systems, run_len, 0)
    ref_max = np.maximum.reduceat(ref_count, group_start)
    hyp = label < systems
    group_of_hyp = (np.cumsum(new_group) - 1)[hyp]
    clipped = np.minimum(run_len[hyp], ref_max[group_of_hyp])
    row = (gram[hyp] >> key_bits) * systems + label[hyp]
    counts = np.bincount(row, weights=clipped, minlength=segments * systems)
    return counts.astype(np.int64).reshape(segments, systems)
