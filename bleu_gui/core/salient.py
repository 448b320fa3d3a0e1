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
  α, a constant with no meaning here. MT-ComparEval's "improving n-grams" rank by a
  difference for the same reason.

The counts are clipped against every reference (the most any one has g), as BLEU
clips, per order (compare-mt pools the orders and takes one reference), from the
tokens the scorer counted (`TokenizedCorpus`, so case and tokenizer are the
score's). Σ_g M_X(g) over an order equals X's clipped matches in `CorpusStats`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass

from bleu_gui.core.scoring import TokenizedCorpus
from bleu_gui.core.steps import drain
from bleu_gui.core.tokenize import split_tokens

__all__ = [
    "SalientNgram",
    "SalientOrder",
    "iter_salient_ngrams",
    "salient_ngrams",
]

Gram = tuple[str, ...]

# Rows between two progress steps.
_STEP = 1_000


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
) -> Generator[int, None, tuple[SalientOrder, ...]]:
    """`salient_ngrams`, yielding how many sentences are counted, now and then.

    Args:
        a: system A's tokenized corpus.
        b: system B's, with the same references.
        max_order: the highest order listed.
        top: how many n-grams each list keeps (`None`: all of them).

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
    orders = range(1, max_order + 1)
    totals_a: list[Counter[Gram]] = [Counter() for _ in orders]
    totals_b: list[Counter[Gram]] = [Counter() for _ in orders]
    rows_a: list[defaultdict[Gram, list[int]]] = [defaultdict(list) for _ in orders]
    rows_b: list[defaultdict[Gram, list[int]]] = [defaultdict(list) for _ in orders]
    size = len(a.hypotheses)
    for i in range(size):
        hyp_a = split_tokens(a.hypotheses[i])
        hyp_b = split_tokens(b.hypotheses[i])
        refs = [
            split_tokens(ref)
            for stream in a.references
            if (ref := stream[i]) is not None
        ]
        for k, n in enumerate(orders):
            grams_a, grams_b = _grams(hyp_a, n), _grams(hyp_b, n)
            ceiling = _ceiling(refs, n, grams_a.keys() | grams_b.keys())
            matched_a, matched_b = grams_a & ceiling, grams_b & ceiling
            totals_a[k].update(matched_a)
            totals_b[k].update(matched_b)
            for gram in matched_a.keys() | matched_b.keys():
                if matched_b[gram] > matched_a[gram]:
                    rows_b[k][gram].append(i)
                elif matched_a[gram] > matched_b[gram]:
                    rows_a[k][gram].append(i)
        if (i + 1) % _STEP == 0:
            yield i + 1
    if size % _STEP:
        yield size
    return tuple(
        SalientOrder(
            n,
            _ranked(totals_a[k], totals_b[k], rows_b[k], 1, top),
            _ranked(totals_a[k], totals_b[k], rows_a[k], -1, top),
            sum(totals_a[k].values()),
            sum(totals_b[k].values()),
        )
        for k, n in enumerate(orders)
    )


def _grams(tokens: Sequence[str], n: int) -> Counter[Gram]:
    return Counter(_iter_grams(tokens, n))


def _iter_grams(tokens: Sequence[str], n: int) -> Iterator[Gram]:
    return zip(*(tokens[i:] for i in range(n)), strict=False)


def _ceiling(refs: Sequence[Sequence[str]], n: int, wanted: set[Gram]) -> Counter[Gram]:
    """Per wanted n-gram, the most any one reference has it: the clipping limit."""
    ceiling: Counter[Gram] = Counter()
    for ref in refs:
        ceiling |= Counter(filter(wanted.__contains__, _iter_grams(ref, n)))
    return ceiling


def _ranked(
    totals_a: Counter[Gram],
    totals_b: Counter[Gram],
    rows: dict[Gram, list[int]],
    sign: int,
    top: int | None,
) -> tuple[SalientNgram, ...]:
    """The n-grams whose gain for the favoured side (`sign` 1: B) is positive.

    Largest gain first; then those spread over more sentences; then by their
    tokens, so that the order never depends on the corpus's order of discovery.
    """
    found = [
        SalientNgram(gram, totals_a[gram], totals_b[gram], tuple(rows.get(gram, ())))
        for gram in totals_a.keys() | totals_b.keys()
        if sign * (totals_b[gram] - totals_a[gram]) > 0
    ]
    found.sort(key=lambda item: (-item.gain, -len(item.rows), item.gram))
    return tuple(found if top is None else found[:top])
