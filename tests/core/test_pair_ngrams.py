"""Two systems' n-gram occurrences classified against the references, per order.

The counts are checked against numbers the classification does not compute:
sacreBLEU's clipped matches and totals for each system's sentence, and a clipped
intersection of n-gram counters written here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig, get_tokenizer
from bleu_gui.core.explain import NgramStatus
from bleu_gui.core.pair_ngrams import (
    PairExplanation,
    PairStatus,
    Side,
    explain_pair,
)
from tests.core.demo_systems import references, system
from tests.core.strategies import corpora, segments

Gram = tuple[str, ...]


def _view(pair: PairExplanation, order: int, side: Side) -> list[tuple[str, str]]:
    return [
        (" ".join(item.occurrence.gram), item.status.value)
        for item in pair.orders[order - 1].occurrences(side)
    ]


REFS = ["the cat sat on the mat", "a cat sat on a mat"]


def test_a_hand_made_pair_is_classified_as_read() -> None:
    pair = explain_pair(
        "the cat the cat sat on the mat",
        "the dog sat on the mat mat",
        REFS,
        BleuConfig(),
    )
    assert _view(pair, 1, Side.A) == [
        ("the", "matched by both"),
        ("cat", "matched only by A"),
        ("the", "matched by both"),
        ("cat", "clipped"),
        ("sat", "matched by both"),
        ("on", "matched by both"),
        ("the", "clipped"),
        ("mat", "matched by both"),
    ]
    assert _view(pair, 1, Side.B) == [
        ("the", "matched by both"),
        ("dog", "unmatched"),
        ("sat", "matched by both"),
        ("on", "matched by both"),
        ("the", "matched by both"),
        ("mat", "matched by both"),
        ("mat", "clipped"),
    ]
    assert _view(pair, 2, Side.A) == [
        ("the cat", "matched only by A"),
        ("cat the", "unmatched"),
        ("the cat", "clipped"),
        ("cat sat", "matched only by A"),
        ("sat on", "matched by both"),
        ("on the", "matched by both"),
        ("the mat", "matched by both"),
    ]
    # B's second "the" (token 4) is paired with A's second (token 2).
    unigrams = pair.orders[0]
    assert [item.counterpart for item in unigrams.b] == [0, None, 4, 5, 2, 7, None]
    # Each match keeps the references that licensed it: "the" twice only in ref 1.
    assert [item.occurrence.licensed_by for item in unigrams.a[:3]] == [
        (0,),
        (0, 1),
        (0,),
    ]
    # The parts shown add up to the 24.57 shown: the 3-gram part, -7.0035…,
    # shows as -7.01 (largest remainder: it is the one rounded the other way).
    assert pair.delta.diagnosis == (
        "B loses 24.57 BLEU against A: -12.00 from 4-gram precision, -7.01 from "
        "3-gram precision, -4.89 from 2-gram precision, -0.67 from 1-gram precision"
    )


def _grams(tokens: Sequence[str], n: int) -> Counter[Gram]:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def _clipped(
    hyp: Sequence[str], refs: Sequence[Sequence[str]], n: int
) -> Counter[Gram]:
    """Per n-gram, min(hypothesis count, the most any one reference has it)."""
    ceiling: Counter[Gram] = Counter()
    for ref in refs:
        ceiling |= _grams(ref, n)
    return _grams(hyp, n) & ceiling


def _check_pair(hyp_a: str, hyp_b: str, refs: Sequence[str]) -> None:
    config = BleuConfig()
    pair = explain_pair(hyp_a, hyp_b, refs, config)
    metric = BLEU(effective_order=True)
    sacre = {
        Side.A: metric.sentence_score(hyp_a, list(refs)),
        Side.B: metric.sentence_score(hyp_b, list(refs)),
    }
    tokenizer = get_tokenizer("13a")
    tokens = {Side.A: tokenizer(hyp_a).split(), Side.B: tokenizer(hyp_b).split()}
    ref_tokens = [tokenizer(ref).split() for ref in refs]
    only = {Side.A: PairStatus.ONLY_A, Side.B: PairStatus.ONLY_B}
    for order in pair.orders:
        n = order.order
        clipped = {side: _clipped(tokens[side], ref_tokens, n) for side in Side}
        both = sum((clipped[Side.A] & clipped[Side.B]).values())
        for side, other in ((Side.A, Side.B), (Side.B, Side.A)):
            count = {status: order.count(side, status) for status in PairStatus}
            # A's matched occurrences are A's clipped matches, as sacreBLEU counts.
            matched = count[PairStatus.BOTH] + count[only[side]]
            assert matched == sacre[side].counts[n - 1]
            assert (
                matched + count[PairStatus.CLIPPED] + count[PairStatus.UNMATCHED]
                == (sacre[side].totals[n - 1])
            )
            assert count[only[other]] == 0
            assert count[PairStatus.BOTH] == both
            assert count[only[side]] == sum((clipped[side] - clipped[other]).values())
            for item in order.occurrences(side):
                single = item.occurrence.status
                if item.status in (PairStatus.BOTH, only[side]):
                    assert single is NgramStatus.MATCHED
                    assert item.occurrence.licensed_by
                else:
                    assert single.value == item.status.value
                if item.counterpart is not None:
                    assert item.status is PairStatus.BOTH
                    start = item.counterpart
                    assert tuple(tokens[other][start : start + n]) == (
                        item.occurrence.gram
                    )


@pytest.mark.parametrize("row", [0, 1, 2, 3, 4, 5, 17, 99, 256, 499])
def test_demo_rows_agree_with_each_systems_statistics(row: int) -> None:
    refs = [stream[row] for stream in references()]
    _check_pair(system("happypoet")[row], system("Online-W")[row], refs)
    _check_pair(system("Facebook-AI")[row], system("UEdin")[row], refs)


@settings(max_examples=80, deadline=None)
@given(
    hyp_a=segments,
    hyp_b=segments,
    refs=st.lists(segments, min_size=1, max_size=3),
)
def test_random_pairs_agree_with_each_systems_statistics(
    hyp_a: str, hyp_b: str, refs: list[str]
) -> None:
    _check_pair(hyp_a, hyp_b, refs)


@settings(max_examples=80, deadline=None)
@given(corpus=corpora(max_segments=2, allow_missing=False), data=st.data())
def test_pairs_near_their_references_agree_with_the_statistics(
    corpus: tuple[list[str], list[list[str | None]]], data: st.DataObject
) -> None:
    # Both hypotheses near the references, so that many n-grams match.
    hyps, streams = corpus
    refs = [ref for stream in streams for ref in stream[:1] if ref is not None]
    hyp_b = data.draw(st.sampled_from([*refs, *hyps]))
    _check_pair(hyps[0], hyp_b, refs)


def test_the_same_sentence_is_matched_by_both_everywhere() -> None:
    pair = explain_pair(
        "the cat sat on a mat", "the cat sat on a mat", REFS, BleuConfig()
    )
    for order in pair.orders:
        for side in Side:
            statuses = {item.status for item in order.occurrences(side)}
            assert PairStatus.ONLY_A not in statuses
            assert PairStatus.ONLY_B not in statuses
    assert pair.delta.diagnosis == "B scores the same as A"
