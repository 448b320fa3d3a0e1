"""Statistics summed over segments.

Apart from `core.stats` (numpy's arrays of per-segment counts) so that scoring
summed statistics, and counting a small corpus in plain Python
(`core.row_counts`), never import numpy: `bleu-gui score` of 500 segments spends a
third of its time importing it otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["SummedStats"]


@dataclass(frozen=True, slots=True)
class SummedStats:
    """The statistics of a set of segments, summed: everything any BLEU needs.

    Attributes:
        segments: how many segments were summed.
        hyp_len: total hypothesis length c.
        closest_ref_len: total closest reference length (sacreBLEU, NLTK, Perl).
        shortest_ref_len: total shortest reference length (tensorflow/nmt).
        matches: clipped matches per order.
        totals: hypothesis n-grams per order.
        floored_totals: per order, the sum of max(1, segment total): NLTK's
            denominators.
        last_hyp_len: the last segment's hypothesis length. NLTK's corpus smoothing
            methods 5-7 look at the last segment only (nltk PR #3903).
        last_matches: the last segment's matches per order.
        last_totals: the last segment's totals per order.
    """

    segments: int
    hyp_len: int
    closest_ref_len: int
    shortest_ref_len: int
    matches: tuple[int, ...]
    totals: tuple[int, ...]
    floored_totals: tuple[int, ...]
    last_hyp_len: int
    last_matches: tuple[int, ...]
    last_totals: tuple[int, ...]

    @property
    def max_order(self) -> int:
        """The highest order summed."""
        return len(self.matches)

    def truncated(self, max_order: int) -> SummedStats:
        """The same sums restricted to orders 1..max_order (as `CorpusStats`'s)."""
        if not 1 <= max_order <= self.max_order:
            raise ValueError(
                f"these sums hold orders 1..{self.max_order}, cannot give {max_order}"
            )
        if max_order == self.max_order:
            return self
        return replace(
            self,
            matches=self.matches[:max_order],
            totals=self.totals[:max_order],
            floored_totals=self.floored_totals[:max_order],
            last_matches=self.last_matches[:max_order],
            last_totals=self.last_totals[:max_order],
        )

    def replaced(
        self, old: SummedStats, new: SummedStats, *, last: bool
    ) -> SummedStats:
        """These sums with one segment's counts `old` replaced by `new`.

        Statistics are additive, so the result is exactly the sums of the set with
        that segment changed. `last`: whether the segment is the set's last, whose
        own counts are kept (NLTK's corpus smoothing reads them). The block form,
        for many rows at once, is `core.stats.replaced_sums`.
        """
        if old.segments != 1 or new.segments != 1:
            raise ValueError("one segment's counts replace one segment's counts")

        def moved(
            total: tuple[int, ...], a: tuple[int, ...], b: tuple[int, ...]
        ) -> tuple[int, ...]:
            return tuple(t - x + y for t, x, y in zip(total, a, b, strict=True))

        own = (
            (new.hyp_len, new.matches, new.totals)
            if last
            else (self.last_hyp_len, self.last_matches, self.last_totals)
        )
        return SummedStats(
            self.segments,
            self.hyp_len - old.hyp_len + new.hyp_len,
            self.closest_ref_len - old.closest_ref_len + new.closest_ref_len,
            self.shortest_ref_len - old.shortest_ref_len + new.shortest_ref_len,
            moved(self.matches, old.matches, new.matches),
            moved(self.totals, old.totals, new.totals),
            moved(self.floored_totals, old.floored_totals, new.floored_totals),
            *own,
        )
