"""Salient n-grams of a pair: a hand-made corpus whose answer is known, and sums.

The hand-made lists are written out from reading the sentences; on the demo data
the counts must add up to sacreBLEU's clipped matches of each system.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig
from bleu_gui.core import salient as salient_module
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.salient import (
    SalientNgram,
    SalientOrder,
    iter_salient_ngrams,
    salient_ngrams,
)
from bleu_gui.core.scoring import TokenizedCorpus, iter_prepare
from bleu_gui.core.steps import drain
from tests.core.demo_systems import references, system

REFS: list[list[str | None]] = [
    [
        "the cat sat on the mat",
        "the dog ate the bone",
        "it is raining today",
        "the the cat",
    ],
    [None, None, "rain falls today", "the cat the cat"],
]
HYPS_A = [
    "a cat sat on a mat",
    "the dog ate a bone",
    "it is raining today",
    "the cat",
]
HYPS_B = [
    "the cat sat on the mat",
    "the dog ate a bone",
    "it rains today",
    "the the the cat",
]


def _tokenized(
    hyps: Sequence[str], refs: Sequence[Sequence[str | None]], config: BleuConfig
) -> TokenizedCorpus:
    tokenized, _ = drain(iter_prepare(hyps, refs, config))
    return tokenized


def _view(
    items: tuple[SalientNgram, ...],
) -> list[tuple[str, int, int, tuple[int, ...]]]:
    return [(" ".join(i.gram), i.matches_a, i.matches_b, i.rows) for i in items]


def _hand_made(top: int | None = None) -> tuple[SalientOrder, ...]:
    config = BleuConfig()
    return salient_ngrams(
        _tokenized(HYPS_A, REFS, config),
        _tokenized(HYPS_B, REFS, config),
        max_order=3,
        top=top,
    )


def test_unigrams_of_a_hand_made_corpus() -> None:
    unigrams = _hand_made()[0]
    assert unigrams.order == 1
    # "the": A matches it once in row 1 and once in row 3; B twice in row 0, once
    # in row 1, twice in row 3 (three "the", but no reference has more than two).
    # B matches it more often in rows 0 and 3.
    assert _view(unigrams.b_over_a) == [("the", 2, 5, (0, 3))]
    assert _view(unigrams.a_over_b) == [
        ("is", 1, 0, (2,)),
        ("raining", 1, 0, (2,)),
    ]
    assert (unigrams.matches_a, unigrams.matches_b) == (4 + 4 + 4 + 2, 6 + 4 + 2 + 3)
    assert [order.matches_a for order in _hand_made()] == [14, 2 + 2 + 3 + 1, 4]
    assert [order.matches_b for order in _hand_made()] == [15, 5 + 2 + 0 + 2, 4 + 1 + 1]


def test_bigrams_and_trigrams_of_a_hand_made_corpus() -> None:
    _, bigrams, trigrams = _hand_made()
    assert _view(bigrams.b_over_a) == [
        ("on the", 0, 1, (0,)),
        ("the cat", 1, 2, (0,)),
        ("the mat", 0, 1, (0,)),
        ("the the", 0, 1, (3,)),
    ]
    assert _view(bigrams.a_over_b) == [
        ("is raining", 1, 0, (2,)),
        ("it is", 1, 0, (2,)),
        ("raining today", 1, 0, (2,)),
    ]
    # "cat sat on" is in both systems' row 0: not salient.
    assert _view(trigrams.b_over_a) == [
        ("on the mat", 0, 1, (0,)),
        ("sat on the", 0, 1, (0,)),
        ("the cat sat", 0, 1, (0,)),
        ("the the cat", 0, 1, (3,)),
    ]
    assert _view(trigrams.a_over_b) == [
        ("is raining today", 1, 0, (2,)),
        ("it is raining", 1, 0, (2,)),
    ]


def test_top_keeps_the_largest_gains() -> None:
    _, bigrams, _ = _hand_made(top=1)
    assert _view(bigrams.b_over_a) == [("on the", 0, 1, (0,))]
    assert len(bigrams.a_over_b) == 1


def test_lowercasing_merges_what_the_score_merges() -> None:
    config = BleuConfig(lowercase=True)
    refs: list[list[str | None]] = [["The cat sat"]]
    orders = salient_ngrams(
        _tokenized(["the cat sat"], refs, config),
        _tokenized(["a cat sat"], refs, config),
        max_order=1,
    )
    assert _view(orders[0].a_over_b) == [("the", 1, 0, (0,))]
    assert orders[0].b_over_a == ()


def test_demo_counts_add_up_to_sacrebleus_matches() -> None:
    config = BleuConfig()
    refs = references()
    names = ("happypoet", "Online-W")
    a, b = (_tokenized(system(name), refs, config) for name in names)
    orders = salient_ngrams(a, b, top=None)
    metric = BLEU()
    want_a, want_b = (
        metric.corpus_score(list(system(name)), [list(r) for r in refs])
        for name in names
    )
    for order in orders:
        n = order.order
        assert order.matches_a == want_a.counts[n - 1]
        assert order.matches_b == want_b.counts[n - 1]
        gains = sum(item.gain for item in order.b_over_a)
        losses = sum(item.gain for item in order.a_over_b)
        assert gains - losses == want_b.counts[n - 1] - want_a.counts[n - 1]
        gains_first = [item.gain for item in order.b_over_a]
        assert gains_first == sorted(gains_first, reverse=True)
        for item in order.b_over_a:
            assert item.matches_b > item.matches_a
            assert item.rows == tuple(sorted(item.rows))
    # The sentences of the first n-grams of each list, recounted here.
    tokens_a = [hyp.split(" ") for hyp in a.hypotheses]
    tokens_b = [hyp.split(" ") for hyp in b.hypotheses]
    ref_tokens = [
        [ref.split(" ") for ref in row if ref is not None]
        for row in zip(*a.references, strict=True)
    ]
    for order in orders:
        n = order.order
        for items, better, worse in (
            (order.b_over_a, tokens_b, tokens_a),
            (order.a_over_b, tokens_a, tokens_b),
        ):
            for item in items[:5]:
                rows = tuple(
                    i
                    for i, refs in enumerate(ref_tokens)
                    if _clipped_count(item.gram, better[i], refs)
                    > _clipped_count(item.gram, worse[i], refs)
                )
                assert item.rows == rows


def _clipped_count(gram: tuple[str, ...], hyp: list[str], refs: list[list[str]]) -> int:
    def count(tokens: list[str]) -> int:
        n = len(gram)
        return sum(
            1 for i in range(len(tokens) - n + 1) if tuple(tokens[i : i + n]) == gram
        )

    return min(count(hyp), max(count(ref) for ref in refs))


def test_systems_of_other_references_are_refused() -> None:
    config = BleuConfig()
    a = _tokenized(["a b"], [["a b"]], config)
    b = _tokenized(["a b"], [["a c"]], config)
    with pytest.raises(ValueError, match="same references"):
        salient_ngrams(a, b)
    with pytest.raises(ValueError, match="at least 1"):
        salient_ngrams(a, a, top=0)


def test_blocks_and_worker_processes_give_the_same_lists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = BleuConfig()
    refs = references()
    a, b = (_tokenized(system(name), refs, config) for name in ("UEdin", "happypoet"))
    whole = salient_ngrams(a, b, top=None)
    monkeypatch.setattr(salient_module, "_BLOCK", 37)
    steps: list[int] = []
    generator = iter_salient_ngrams(a, b, top=None)
    while True:
        try:
            steps.append(next(generator))
        except StopIteration as done:
            blocks = done.value
            break
    # a step per block of rows, then one per order ranked (the default four)
    assert steps == [*range(37, 500, 37), 500, *[500] * 4]
    assert blocks == whole
    with WorkerPool(1) as pool:
        assert drain(iter_salient_ngrams(a, b, top=None, pool=pool)) == whole


def test_the_top_lists_are_the_heads_of_the_whole_lists() -> None:
    """Keeping the top n (`heapq.nsmallest`) ranks exactly as sorting them all."""
    config = BleuConfig()
    refs = references()
    a, b = (_tokenized(system(name), refs, config) for name in ("UEdin", "happypoet"))
    whole = salient_ngrams(a, b, top=None)
    for top in (1, 5, 20):
        heads = salient_ngrams(a, b, top=top)
        for kept, every in zip(heads, whole, strict=True):
            assert kept.b_over_a == every.b_over_a[:top]
            assert kept.a_over_b == every.a_over_b[:top]
            assert len(kept.b_over_a) == min(top, len(every.b_over_a))


def test_equal_gains_list_the_ngram_spread_over_more_sentences_first() -> None:
    """ "q" and "p" are both B's twice more than A's: "q" in two sentences, "p" in
    one. The wider gain comes first, though "p" comes first by its text."""
    config = BleuConfig()
    refs: list[list[str | None]] = [["q w", "q w", "p p w"]]
    a = _tokenized(["w", "w", "w"], refs, config)
    b = _tokenized(["q w", "q w", "p p w"], refs, config)
    (unigrams,) = salient_ngrams(a, b, max_order=1)
    assert _view(unigrams.b_over_a) == [("q", 0, 2, (0, 1)), ("p", 0, 2, (2,))]
    assert unigrams.a_over_b == ()


def test_an_order_below_one_is_refused() -> None:
    config = BleuConfig()
    a = _tokenized(HYPS_A, REFS, config)
    with pytest.raises(ValueError, match="at least 1"):
        salient_ngrams(a, a, max_order=0)
