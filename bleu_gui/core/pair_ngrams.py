"""One sentence, two systems: whose n-grams the references confirm, order by order.

`core.explain` tells, for one hypothesis, the fate of every n-gram occurrence:
matched (with the references that license it), clipped or unmatched. For two
systems A and B translating the same sentence against the same references, this
module sets the two explanations side by side and tells, for each matched
occurrence, whether the other system matches it too:

* matched by both: occurrence j of n-gram g in A is matched, and B matches g at
  least j times (B's matched count of g is min(B's count, the most any reference
  has g), the clipping rule); it is paired with B's occurrence j of g;
* matched only by A (or only by B): this system gets it right, the other does not;
* clipped, unmatched: as in the single-system explanation.

So, per order, both + only-A = A's clipped matches, both + only-B = B's, and the
"both" count is the same on either side: min(A's matched count, B's) summed over
n-grams. Only-B occurrences are what B gains there; only-A ones what it loses.

Every matched occurrence keeps its `NgramOccurrence` from the single-system
explanation, with the references that licensed it and the reference occurrence each
is paired with. The matching is `explain_sentence`'s, not a second copy: the other
system's matched count of an n-gram is read off its own explanation. For a text
longer than the explanation's `limit` (explained n-gram by n-gram for its first
tokens only), an n-gram the other system has only beyond its own first `limit`
tokens is not seen there; below that limit (1,000 tokens) everything is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.explain import (
    HIGHLIGHT_LIMIT,
    NgramOccurrence,
    NgramStatus,
    OrderExplanation,
    SentenceExplanation,
    explain_sentence,
)
from bleu_gui.core.score_delta import ScoreDelta, decompose

__all__ = [
    "PairExplanation",
    "PairOccurrence",
    "PairOrder",
    "PairStatus",
    "Side",
    "explain_pair",
]


class Side(StrEnum):
    """Which of the two systems."""

    A = "A"
    B = "B"


class PairStatus(StrEnum):
    """The fate of one system's n-gram occurrence, seen beside the other system's."""

    BOTH = "matched by both"
    ONLY_A = "matched only by A"
    ONLY_B = "matched only by B"
    CLIPPED = "clipped"
    UNMATCHED = "unmatched"


@dataclass(frozen=True, slots=True)
class PairOccurrence:
    """One system's n-gram occurrence, classified against the other's.

    Attributes:
        occurrence: the single-system explanation of it (its tokens, span, rank,
            the references that licensed it and the paired reference occurrences).
        status: both, only this system, clipped or unmatched.
        counterpart: for a match by both, where the other system's paired
            occurrence (same n-gram, same rank) starts; `None` otherwise, or when
            that occurrence lies beyond the other text's explained tokens.
    """

    occurrence: NgramOccurrence
    status: PairStatus
    counterpart: int | None


@dataclass(frozen=True, slots=True)
class PairOrder:
    """Both systems' occurrences of one order, left to right in each hypothesis."""

    order: int
    a: tuple[PairOccurrence, ...]
    b: tuple[PairOccurrence, ...]

    def occurrences(self, side: Side) -> tuple[PairOccurrence, ...]:
        """`a` or `b`."""
        return self.a if side is Side.A else self.b

    def count(self, side: Side, status: PairStatus) -> int:
        """How many of `side`'s occurrences have `status`."""
        return sum(1 for item in self.occurrences(side) if item.status is status)


@dataclass(frozen=True, slots=True)
class PairExplanation:
    """Two systems' explanations of one sentence, classified against each other.

    Attributes:
        a: A's single-system explanation (its score, texts, words).
        b: B's.
        orders: per scored order, both systems' classified occurrences.
        delta: B's sentence score minus A's, split into length and precision parts.
    """

    a: SentenceExplanation
    b: SentenceExplanation
    orders: tuple[PairOrder, ...]
    delta: ScoreDelta


def explain_pair(
    hypothesis_a: str,
    hypothesis_b: str,
    references: Sequence[str | None],
    config: BleuConfig,
    *,
    names: tuple[str, str] = ("A", "B"),
    limit: int = HIGHLIGHT_LIMIT,
) -> PairExplanation:
    """Explain A's and B's sentence against the same references, side by side.

    Args:
        hypothesis_a: A's raw segment.
        hypothesis_b: B's raw segment.
        references: the raw references; `None` for one the segment lacks.
        config: the scoring options.
        names: the systems' names in the words of `delta`.
        limit: how many tokens of each text to explain n-gram by n-gram (see
            `explain_sentence` and the module).

    Raises:
        ValueError: where the emulated library cannot score one of the sentences.
    """
    a = explain_sentence(hypothesis_a, references, config, limit=limit)
    b = explain_sentence(hypothesis_b, references, config, limit=limit)
    orders = tuple(
        PairOrder(
            order_a.order,
            _classify(order_a, order_b, PairStatus.ONLY_A),
            _classify(order_b, order_a, PairStatus.ONLY_B),
        )
        for order_a, order_b in zip(a.orders, b.orders, strict=True)
    )
    return PairExplanation(a, b, orders, decompose(a.score, b.score, names))


_SAME = {
    NgramStatus.CLIPPED: PairStatus.CLIPPED,
    NgramStatus.UNMATCHED: PairStatus.UNMATCHED,
}


def _classify(
    own: OrderExplanation, other: OrderExplanation, only: PairStatus
) -> tuple[PairOccurrence, ...]:
    """`own`'s occurrences, each matched one checked against `other`'s matches."""
    matched, starts = _matches(other)
    out = []
    for item in own.hypothesis:
        if item.status is not NgramStatus.MATCHED:
            out.append(PairOccurrence(item, _SAME[item.status], None))
        elif item.occurrence <= matched.get(item.gram, 0):
            counterpart = starts.get((item.gram, item.occurrence))
            out.append(PairOccurrence(item, PairStatus.BOTH, counterpart))
        else:
            out.append(PairOccurrence(item, only, None))
    return tuple(out)


def _matches(
    explained: OrderExplanation,
) -> tuple[dict[tuple[str, ...], int], dict[tuple[tuple[str, ...], int], int]]:
    """How often the explained text matches each n-gram, and where each match starts.

    The count is the whole text's (min(its count, the clipping limit)), read from
    any of its explained occurrences of the n-gram.
    """
    counts: dict[tuple[str, ...], int] = {}
    starts: dict[tuple[tuple[str, ...], int], int] = {}
    for item in explained.hypothesis:
        counts[item.gram] = min(item.hyp_count, item.max_ref_count)
        if item.status is NgramStatus.MATCHED:
            starts[(item.gram, item.occurrence)] = item.start
    return counts, starts
