"""Salient n-grams of a pair of systems: what B gets right that A does not, and back.

For each order n and each n-gram g, count over the corpus how often each system
gets g right, by BLEU's own rule: in sentence i, system X matches g
mₓ(g, i) = min(X's count of g, the most any one reference of sentence i has it)
times (its clipped matches), and Mₓ(g) = Σᵢ mₓ(g, i). Then

    gain(g) = M_B(g) − M_A(g)

and the n-grams with the largest gain are what B gets right that A does not (the
largest −gain the reverse). Each comes with both counts and the sentences where the
favoured system matches it more often than the other.

Why a difference of clipped match counts and not compare-mt's smoothed ratio
(M_A + α) / (M_A + M_B + 2α), α = 1:

* the gains of an order sum exactly to the change in that order's matched n-grams,
  the numerator of its precision in the corpus score, so the list explains the
  precision parts of the corpus difference (`core.score_delta`): an n-gram's gain is
  how many of B's extra matches it accounts for;
* the ratio ranks by proportion: 3 matches against 0 comes before 300 against 200,
  though the second moves BLEU 33 times more, and where the list starts depends on
  α, a constant with no meaning here. (MT-ComparEval's "improving n-grams" are
  ranked by a difference of counts too.)

The counts are clipped against every reference (the most any one has g), as BLEU
clips, per order (compare-mt pools the orders and takes one reference), from the
tokens the scorer counted (`TokenizedCorpus`, so case and tokenizer are the
score's). Σ_g M_X(g) over an order equals X's clipped matches in `CorpusStats`.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from heapq import nsmallest

from bleu_gui.core.pair_ngrams import Side
from bleu_gui.core.parallel import WorkerPool, map_ordered
from bleu_gui.core.scoring import TokenizedCorpus
from bleu_gui.core.steps import drain
from bleu_gui.core.tokenize import split_tokens

__all__ = [
    "SalientNgram",
    "SalientOrder",
    "iter_salient_ngrams",
    "salient_ngrams",
]

# Segments per block of counting handed to a worker process. Smaller than the
# scorer's blocks: a count stopped for an edit still finishes the blocks in flight,
# and the edit's re-scoring waits for those processes.
_BLOCK = 1_000

Gram = tuple[str, ...]

# Inside the count an n-gram is its tokens joined by single spaces (no token holds
# one), and the rows where it wins are 8-byte integers in a bytes value: a block's
# result then unpickles into a few dictionaries of strings and bytes, which the
# garbage collector does not follow, instead of tens of thousands of tuples and
# lists, which it did (its collections on the GUI thread took 30-80 ms while a large
# pair was counted).
_Text = str
_ROW = "q"  # the rows' array type code


@dataclass(frozen=True, slots=True)
class SalientNgram:
    """One n-gram one system gets right more often than the other.

    Attributes:
        gram: its tokens.
        matches_a: A's clipped matches of it, summed over the corpus.
        matches_b: B's.
        rows: the sentences (0-based) where the favoured system matches it more
            often than the other, in corpus order.
    """

    gram: Gram
    matches_a: int
    matches_b: int
    rows: tuple[int, ...]

    @property
    def gain(self) -> int:
        """How many more times the favoured system matches it (always > 0)."""
        return abs(self.matches_b - self.matches_a)


@dataclass(frozen=True, slots=True)
class SalientOrder:
    """The salient n-grams of one order, largest gain first.

    Attributes:
        order: n.
        b_over_a: what B gets right more often than A.
        a_over_b: what A gets right more often than B.
        matches_a: A's clipped matches of this order, all n-grams together.
        matches_b: B's.
    """

    order: int
    b_over_a: tuple[SalientNgram, ...]
    a_over_b: tuple[SalientNgram, ...]
    matches_a: int
    matches_b: int


def salient_ngrams(
    a: TokenizedCorpus,
    b: TokenizedCorpus,
    *,
    max_order: int = 4,
    top: int | None = 20,
) -> tuple[SalientOrder, ...]:
    """Per order 1..max_order, the salient n-grams of B against A (see the module)."""
    return drain(iter_salient_ngrams(a, b, max_order=max_order, top=top))


def iter_salient_ngrams(
    a: TokenizedCorpus,
    b: TokenizedCorpus,
    *,
    max_order: int = 4,
    top: int | None = 20,
    pool: WorkerPool | None = None,
) -> Generator[int, None, tuple[SalientOrder, ...]]:
    """`salient_ngrams` a block of sentences at a time, yielding how many are done.

    With a `pool`, its workers count the blocks (see `bleu_gui.core.parallel`).

    Args:
        a: system A's tokenized corpus.
        b: system B's, with the same references.
        max_order: the highest order listed.
        top: how many n-grams each list keeps (`None`: all of them).
        pool: worker processes to count in.

    Raises:
        ValueError: if the two corpora do not share their references, or
            `max_order` or `top` is below 1.
    """
    if max_order < 1 or (top is not None and top < 1):
        raise ValueError(f"max_order and top must be at least 1 ({max_order}, {top})")
    if len(a.hypotheses) != len(b.hypotheses) or a.references != b.references:
        raise ValueError(
            "the two systems must be tokenized against the same references"
        )
    size = len(a.hypotheses)
    jobs = (
        (
            a.hypotheses[start : start + _BLOCK],
            b.hypotheses[start : start + _BLOCK],
            tuple(stream[start : start + _BLOCK] for stream in a.references),
            start,
            max_order,
        )
        for start in range(0, size, _BLOCK)
    )
    merged = [_OrderCounts() for _ in range(max_order)]
    done = 0
    for block in map_ordered(_count_block, jobs, pool):
        for total, part in zip(merged, block, strict=True):
            total.merge(part)
        done = min(done + _BLOCK, size)
        yield done
    orders: list[SalientOrder] = []
    for n, counts in enumerate(merged, start=1):
        orders.append(
            SalientOrder(
                n,
                counts.ranked(Side.B, top),
                counts.ranked(Side.A, top),
                sum(counts.matched[Side.A].values()),
                sum(counts.matched[Side.B].values()),
            )
        )
        merged[n - 1] = _OrderCounts()  # freed now, a step of its own
        yield size  # an order's ranking is a step: the GUI thread's turns go between
    return tuple(orders)


@dataclass(slots=True)
class _OrderCounts:
    """One order's clipped matches per n-gram and system, and where each one wins.

    `matched[side][g]` sums the side's clipped matches of g; `wins[side][g]` lists
    the rows where that side matches g more often than the other. n-grams are
    their text (`_Text`).
    """

    matched: dict[Side, Counter[_Text]] = field(
        default_factory=lambda: {side: Counter() for side in Side}
    )
    wins: dict[Side, dict[_Text, bytes]] = field(
        default_factory=lambda: {side: {} for side in Side}
    )

    def merge(self, later: _OrderCounts) -> None:
        """Add the counts of a later block of rows."""
        for side in Side:
            self.matched[side].update(later.matched[side])
            wins = self.wins[side]
            for gram, rows in later.wins[side].items():
                kept = wins.get(gram)
                wins[gram] = rows if kept is None else kept + rows

    def ranked(self, side: Side, top: int | None) -> tuple[SalientNgram, ...]:
        """The n-grams `side` matches more often than the other, largest gain first.

        Then those spread over more sentences; then by their text, so that the
        order never depends on the order in which they were found. Only the `top`
        kept are made into `SalientNgram`s (with their rows copied): ranking every
        4-gram of a large corpus that way held the GIL for a step too long.
        """
        other = Side.A if side is Side.B else Side.B
        mine, theirs = self.matched[side], self.matched[other]
        wins = self.wins[side]

        def key(gram: _Text) -> tuple[int, int, _Text]:
            # More rows, more bytes: the bytes' length orders as the rows' number.
            return theirs[gram] - mine[gram], -len(wins.get(gram, b"")), gram

        ahead = [gram for gram, count in mine.items() if count > theirs[gram]]
        # `nsmallest` is `sorted(...)[:top]`, ties included, in less time.
        kept = sorted(ahead, key=key) if top is None else nsmallest(top, ahead, key)
        a, b = self.matched[Side.A], self.matched[Side.B]
        return tuple(
            SalientNgram(
                tuple(gram.split(" ")),
                a[gram],
                b[gram],
                tuple(array(_ROW, wins.get(gram, b""))),
            )
            for gram in kept
        )


_BlockJob = tuple[
    tuple[str, ...], tuple[str, ...], tuple[tuple[str | None, ...], ...], int, int
]


def _count_block(job: _BlockJob) -> list[_OrderCounts]:
    """Per order, the counts of one block of rows (a worker-process job)."""
    hyps_a, hyps_b, references, start, max_order = job
    counts = [_OrderCounts() for _ in range(max_order)]
    wins: list[dict[Side, dict[_Text, list[int]]]] = [
        {side: {} for side in Side} for _ in range(max_order)
    ]
    for offset, (hyp_a, hyp_b) in enumerate(zip(hyps_a, hyps_b, strict=True)):
        row = start + offset
        tokens = {Side.A: split_tokens(hyp_a), Side.B: split_tokens(hyp_b)}
        refs = [
            split_tokens(ref)
            for stream in references
            if (ref := stream[offset]) is not None
        ]
        for n, order in enumerate(counts, start=1):
            grams = {side: _grams(tokens[side], n) for side in Side}
            ceiling = _ceiling(refs, n, grams[Side.A].keys() | grams[Side.B].keys())
            matched = {side: grams[side] & ceiling for side in Side}
            for side in Side:
                order.matched[side].update(matched[side])
            for gram in matched[Side.A].keys() | matched[Side.B].keys():
                a, b = matched[Side.A][gram], matched[Side.B][gram]
                if a != b:
                    side = Side.B if b > a else Side.A
                    wins[n - 1][side].setdefault(gram, []).append(row)
    for order, found in zip(counts, wins, strict=True):
        for side in Side:
            order.wins[side] = {
                gram: array(_ROW, rows).tobytes() for gram, rows in found[side].items()
            }
    return counts


def _grams(tokens: Sequence[str], n: int) -> Counter[_Text]:
    return Counter(_iter_grams(tokens, n))


def _iter_grams(tokens: Sequence[str], n: int) -> Iterator[_Text]:
    return map(" ".join, zip(*(tokens[i:] for i in range(n)), strict=False))


def _ceiling(
    refs: Sequence[Sequence[str]], n: int, wanted: set[_Text]
) -> Counter[_Text]:
    """Per wanted n-gram, the most any one reference has it: the clipping limit."""
    ceiling: Counter[_Text] = Counter()
    for ref in refs:
        ceiling |= Counter(filter(wanted.__contains__, _iter_grams(ref, n)))
    return ceiling
