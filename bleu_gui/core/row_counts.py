"""A small corpus counted in plain Python: `RowCounts`.

`core.stats` counts with numpy: one sort per order over thousands of segments at
once, far faster on a large corpus. But `bleu-gui score` of a few hundred segments
is mostly start-up, and importing numpy was a third of it (see docs/design.md,
"What 0.7 at 500 segments takes"). Below `PLAIN_MAX_SEGMENTS` segments a command
that scores once counts here instead, with `collections.Counter` as sacreBLEU does,
and never imports numpy unless something asks for arrays (`RowCounts.arrays`);
which of the two ways counts is `core.system_counts`'s choice.
Both ways give the same integers: `tests/core/test_row_counts.py` checks them
against each other and against sacreBLEU's own statistics.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.score_counts import required_order
from bleu_gui.core.streams import check_streams
from bleu_gui.core.summed import SummedStats
from bleu_gui.core.tokenize import split_tokens, tokenizer_for

if TYPE_CHECKING:
    from bleu_gui.core.stats import CorpusStats

__all__ = [
    "PARALLEL_MIN_LINES",
    "RowCounts",
    "count_rows",
    "distinct_lines_likely",
    "plain_counts_of_systems",
    "tokenized_once",
]

# Below this many distinct lines (hypotheses and references), starting worker
# processes costs more than it saves: a corpus that repeats a few lines is tokenized
# in a moment here.
PARALLEL_MIN_LINES = 20_000


def distinct_lines_likely(total_bytes: int) -> bool:
    """Whether files this large in all likely hold enough lines for worker processes.

    For a caller that starts the processes before it reads its files (they take
    a few tenths of a second to start) and passes them to
    `system_counts.counts_of_systems` as `pool`. Files whose lines turn out to be
    fewer or repeated leave it unused.
    """
    return total_bytes >= PARALLEL_MIN_LINES * _BYTES_PER_LINE


# A real segment with its newline: the WMT and TED lines average 100-150 bytes.
_BYTES_PER_LINE = 60


@dataclass(frozen=True, slots=True, eq=False)
class RowCounts:
    """Per-segment counts of one system, as Python integers (`Counts`'s small form).

    Attributes:
        max_order: the highest order counted.
        hyp_len: each segment's hypothesis length in tokens.
        ref_lens: each segment's reference lengths, one per reference stream; -1
            where the segment has no such reference.
        matches: each segment's clipped matches per order.
    """

    max_order: int
    hyp_len: tuple[int, ...]
    ref_lens: tuple[tuple[int, ...], ...]
    matches: tuple[tuple[int, ...], ...]

    def __len__(self) -> int:
        return len(self.hyp_len)

    def truncated(self, max_order: int) -> RowCounts:
        """The same counts restricted to orders 1..max_order."""
        if not 1 <= max_order <= self.max_order:
            raise ValueError(
                f"statistics hold orders 1..{self.max_order}, cannot give {max_order}"
            )
        if max_order == self.max_order:
            return self
        cut = tuple(row[:max_order] for row in self.matches)
        return RowCounts(max_order, self.hyp_len, self.ref_lens, cut)

    def row(self, index: int) -> SummedStats:
        """Segment `index` on its own, by `CorpusStats`'s length rules.

        The closest reference length (ties to the shorter), the shortest, 0 with none.
        """
        c = self.hyp_len[index]
        present = [length for length in self.ref_lens[index] if length >= 0]
        closest = min(present, key=lambda r: (abs(r - c), r)) if present else 0
        shortest = min(present) if present else 0
        matches = self.matches[index]
        totals = tuple(max(c - n, 0) for n in range(self.max_order))
        floored = tuple(max(1, total) for total in totals)
        return SummedStats(
            1, c, closest, shortest, matches, totals, floored, c, matches, totals
        )

    def rows(self) -> list[SummedStats]:
        """Each segment on its own."""
        return [self.row(index) for index in range(len(self))]

    def summed(self) -> SummedStats:
        """All segments summed."""
        if not self.hyp_len:
            raise ValueError("cannot score an empty set of segments")
        rows = self.rows()
        last = rows[-1]

        def total(field: Iterable[tuple[int, ...]]) -> tuple[int, ...]:
            return tuple(map(sum, zip(*field, strict=True)))

        return SummedStats(
            segments=len(rows),
            hyp_len=sum(row.hyp_len for row in rows),
            closest_ref_len=sum(row.closest_ref_len for row in rows),
            shortest_ref_len=sum(row.shortest_ref_len for row in rows),
            matches=total(row.matches for row in rows),
            totals=total(row.totals for row in rows),
            floored_totals=total(row.floored_totals for row in rows),
            last_hyp_len=last.hyp_len,
            last_matches=last.matches,
            last_totals=last.totals,
        )

    def reference_lengths(self, limit: int) -> list[int]:
        """The first reference's length in the first `limit` segments (-1: none)."""
        return [lengths[0] for lengths in self.ref_lens[:limit]]

    def arrays(self) -> CorpusStats:
        """The same counts as `CorpusStats` (imports numpy)."""
        import numpy as np

        from bleu_gui.core.stats import CorpusStats

        size, streams = len(self), len(self.ref_lens[0]) if self.ref_lens else 0
        hyp_len = np.array(self.hyp_len, dtype=np.int64)
        orders = np.arange(self.max_order, dtype=np.int64)
        return CorpusStats(
            hyp_len,
            np.array(self.ref_lens, dtype=np.int64).reshape(size, streams),
            np.array(self.matches, dtype=np.int64).reshape(size, self.max_order),
            np.maximum(hyp_len[:, None] - orders[None, :], 0),
        )


def count_rows(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    max_order: int,
) -> RowCounts:
    """The counts of tokenized segments (as `core.stats.compute_stats`'s).

    Args:
        hypotheses: canonical tokenized hypotheses (see `Tokenizer`).
        references: reference streams, `references[k][i]` canonical tokenized or
            `None` where segment i has no reference k.
        max_order: count orders 1..max_order.

    Raises:
        ValueError: if a stream's length differs, or a segment has no reference.
    """
    if max_order < 1:
        raise ValueError(f"max_order must be at least 1, not {max_order}")
    size = check_streams(hypotheses, references)
    hyp_len, ref_lens, matches = [], [], []
    for i in range(size):
        hyp = split_tokens(hypotheses[i])
        refs = [
            None if (line := s[i]) is None else split_tokens(line) for s in references
        ]
        if all(ref is None for ref in refs):
            raise ValueError(f"segment {i + 1} has no reference")
        hyp_len.append(len(hyp))
        ref_lens.append(tuple(-1 if ref is None else len(ref) for ref in refs))
        present = [ref for ref in refs if ref is not None]
        matches.append(_clipped_matches(hyp, present, max_order))
    return RowCounts(max_order, tuple(hyp_len), tuple(ref_lens), tuple(matches))


def _grams(tokens: list[str], n: int) -> Iterable[Hashable]:
    """The n-grams of `tokens`, in order (tokens themselves for n = 1)."""
    return tokens if n == 1 else zip(*(tokens[k:] for k in range(n)), strict=False)


def _clipped_matches(
    hyp: list[str], refs: list[list[str]], max_order: int
) -> tuple[int, ...]:
    """Per order, the clipped matches: sacreBLEU's clipping.

    The sum over the hypothesis's n-grams of min(its count, the most any one
    reference has of it). Where the hypothesis repeats none of its n-grams of an
    order (most of order 2 and up, many of order 1), each counts once, so the
    matches are those of its n-grams found in some reference: a set intersection,
    which runs in C. Else the n-grams are counted.
    """
    out = []
    for n in range(1, max_order + 1):
        size = len(hyp) - n + 1
        if size <= 0:
            out.append(0)
            continue
        hyp_set = set(_grams(hyp, n))
        if len(hyp_set) == size:
            found = hyp_set.intersection(_grams(refs[0], n))
            for ref in refs[1:]:
                found |= hyp_set.intersection(_grams(ref, n))
            out.append(len(found))
            continue
        most: Counter[Hashable] = Counter(_grams(refs[0], n))
        for ref in refs[1:]:
            most |= Counter(_grams(ref, n))  # a Counter's union keeps the larger
        grams = Counter(_grams(hyp, n))
        common = grams.keys() & most.keys()
        clipped = map(
            min, map(grams.__getitem__, common), map(most.__getitem__, common)
        )
        out.append(sum(clipped))
    return tuple(out)


def plain_counts_of_systems(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str | None]],
    config: BleuConfig,
    *,
    max_order: int | None = None,
) -> list[RowCounts]:
    """Each system's counts of raw text, in plain Python.

    Every distinct line is tokenized once; at least `max_order` orders are
    counted (else those `config` scores).

    Raises:
        ValueError: as `count_rows`.
    """
    order = max(required_order(config), max_order or 0)
    hyp_tokens, ref_tokens = tokenized_once(tokenizer_for(config), systems, references)
    return [count_rows(tokens, ref_tokens, order) for tokens in hyp_tokens]


def tokenized_once(
    tokenizer: Callable[[str], str],
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str | None]],
) -> tuple[list[list[str]], list[list[str | None]]]:
    """Every system's and reference stream's lines, tokenized.

    Each distinct line is tokenized once, whichever systems and references share it.
    """
    tokens: dict[str, str] = {}

    def tokenized(line: str) -> str:
        known = tokens.get(line)
        if known is None:
            known = tokens[line] = tokenizer(line)
        return known

    ref_tokens = [
        [None if line is None else tokenized(line) for line in stream]
        for stream in references
    ]
    return [list(map(tokenized, hypotheses)) for hypotheses in systems], ref_tokens
