"""Property tests: an explanation agrees with the statistics it explains.

`core.explain` recounts one segment's n-grams in plain Python to say which occurrence
matched, was clipped or matched nothing, and which reference licensed it. Those
counts must be the scorer's own: per order, the matched occurrences equal the
statistics' clipped matches, and matched + clipped + unmatched equal the hypothesis
n-grams that `corpus_stats` counted; every licensing reference really holds the
n-gram that often; the reference length the texts name is the one the brevity
penalty used, chosen by the mode's rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from bleu_gui.core.config import BleuConfig, Compat, Smoothing
from bleu_gui.core.explain import (
    NgramStatus,
    SentenceExplanation,
    TokenizedSegment,
    explain_sentence,
)
from bleu_gui.core.scoring import corpus_stats, score_sentence
from bleu_gui.core.stats import CorpusStats
from tests.core.strategies import corpora

Gram = tuple[str, ...]


@st.composite
def configs(draw: st.DrawFn) -> BleuConfig:
    """A config of any mode, with the tokenizers and options that mode has."""
    compat = draw(st.sampled_from(list(Compat)))
    if compat is Compat.MULTI_BLEU:
        return BleuConfig(compat=compat, lowercase=draw(st.booleans()))
    tokenizer = draw(st.sampled_from(("13a", "intl", "char", "none", "zh")))
    lowercase = draw(st.booleans())
    if compat is Compat.NLTK:
        weights = draw(
            st.one_of(
                st.none(),
                st.lists(
                    st.sampled_from((0.1, 0.25, 0.5, 1.0)), min_size=1, max_size=5
                ).map(tuple),
            )
        )
        smoothing = draw(
            st.sampled_from(
                (
                    Smoothing.METHOD0,
                    Smoothing.METHOD1,
                    Smoothing.METHOD2,
                    Smoothing.METHOD3,
                )
            )
        )
        return BleuConfig(
            compat=compat,
            tokenizer=tokenizer,
            lowercase=lowercase,
            weights=weights,
            smoothing=smoothing,
            effective_order=draw(st.sampled_from((None, True, False))),
        )
    if compat is Compat.TF_NMT:
        return BleuConfig(
            compat=compat,
            tokenizer=tokenizer,
            lowercase=lowercase,
            smoothing=draw(st.sampled_from((Smoothing.NONE, Smoothing.ADD_ONE))),
            max_order=draw(st.integers(1, 5)),
        )
    return BleuConfig(
        compat=compat,
        tokenizer=tokenizer,
        lowercase=lowercase,
        smoothing=draw(
            st.sampled_from(
                (Smoothing.NONE, Smoothing.FLOOR, Smoothing.ADD_K, Smoothing.EXP)
            )
        ),
        max_order=draw(st.integers(1, 5)),
        effective_order=draw(st.sampled_from((None, True, False))),
    )


def grams(tokens: Sequence[str], n: int) -> list[Gram]:
    return [tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]


def check_order_counts(
    explanation: SentenceExplanation, stats: CorpusStats, row: int
) -> None:
    for order in explanation.orders:
        n = order.order
        matched = order.count(NgramStatus.MATCHED)
        clipped = order.count(NgramStatus.CLIPPED)
        unmatched = order.count(NgramStatus.UNMATCHED)
        assert matched == stats.matches[row, n - 1]
        assert matched + clipped + unmatched == stats.totals[row, n - 1]
        assert len(order.hypothesis) == stats.totals[row, n - 1]


def check_licences(explanation: SentenceExplanation) -> None:
    refs = explanation.references
    for order in explanation.orders:
        n = order.order
        ref_counts = [
            Counter(grams(ref.tokens, n)) if ref is not None else Counter[Gram]()
            for ref in refs
        ]
        for item in order.hypothesis:
            assert item.gram == tuple(
                explanation.hypothesis.tokens[item.start : item.end]
            )
            counts = tuple(counter[item.gram] for counter in ref_counts)
            assert item.ref_counts == counts
            assert item.max_ref_count == max(counts, default=0)
            holders = tuple(
                k for k, count in enumerate(counts) if count >= item.occurrence
            )
            if item.status is NgramStatus.MATCHED:
                assert item.occurrence <= item.max_ref_count
                assert item.licensed_by == holders
                assert holders
                for link in item.links:
                    ref = refs[link.reference]
                    assert ref is not None
                    assert tuple(ref.tokens[link.start : link.start + n]) == item.gram
                    # The j-th occurrence is paired with the j-th in the reference.
                    before = grams(ref.tokens, n)[: link.start].count(item.gram)
                    assert before == item.occurrence - 1
                assert [link.reference for link in item.links] == list(holders)
            elif item.status is NgramStatus.CLIPPED:
                assert 0 < item.max_ref_count < item.occurrence
                assert item.licensed_by == ()
            else:
                assert item.max_ref_count == 0
                assert item.licensed_by == ()


def check_reference_length(
    explanation: SentenceExplanation, stats: CorpusStats, row: int, compat: Compat
) -> None:
    c = len(explanation.hypothesis.tokens)
    lengths = [len(ref.tokens) for ref in explanation.references if ref is not None]
    if compat is Compat.TF_NMT:
        expected = min(lengths)
        assert stats.shortest_ref_len()[row] == expected
    else:
        expected = min(lengths, key=lambda length: (abs(length - c), length))
        assert stats.closest_ref_len()[row] == expected
    assert explanation.score.ref_len == expected
    assert explanation.score.sys_len == c == stats.hyp_len[row]
    named = [
        k
        for k, ref in enumerate(explanation.references)
        if ref is not None and len(ref.tokens) == expected
    ]
    assert list(explanation.length_refs) == named


def explained(
    hyps: list[str], refs: list[list[str | None]], config: BleuConfig
) -> list[tuple[int, SentenceExplanation]]:
    out = []
    for row, hyp in enumerate(hyps):
        try:
            out.append((row, explain_sentence(hyp, [ref[row] for ref in refs], config)))
        except ValueError:
            continue  # an Unavailable row: checked in test_explain_wording
    return out


@settings(max_examples=150, deadline=None)
@given(corpus=corpora(max_segments=4), config=configs())
def test_explanation_agrees_with_the_statistics(
    corpus: tuple[list[str], list[list[str | None]]], config: BleuConfig
) -> None:
    hyps, refs = corpus
    stats = corpus_stats(hyps, refs, config, max_order=config.order)
    for row, explanation in explained(hyps, refs, config):
        assert len(explanation.orders) == config.order
        check_order_counts(explanation, stats, row)
        check_licences(explanation)
        check_reference_length(explanation, stats, row, config.compat)
        expected = score_sentence(stats, row, config)
        assert explanation.score.score == expected.score
        assert explanation.score.native_score == expected.native_score
        assert type(explanation.score.native_score) is type(expected.native_score)
        assert explanation.score.terms == expected.terms


@settings(max_examples=100, deadline=None)
@given(corpus=corpora(max_segments=3), config=configs())
def test_reference_occurrences_are_paired_with_counted_hypothesis_ones(
    corpus: tuple[list[str], list[list[str | None]]], config: BleuConfig
) -> None:
    hyps, refs = corpus
    for _, explanation in explained(hyps, refs, config):
        hyp = explanation.hypothesis
        for order in explanation.orders:
            hyp_counts = Counter(grams(hyp.tokens, order.order))
            for ref, items in zip(
                explanation.references, order.references, strict=True
            ):
                if ref is None:
                    assert items == ()
                    continue
                assert len(items) == max(0, len(ref.tokens) - order.order + 1)
                for item in items:
                    assert item.matched == (item.occurrence <= hyp_counts[item.gram])


def tokens_of(segment: TokenizedSegment) -> tuple[str, ...]:
    return segment.tokens


@settings(max_examples=100, deadline=None)
@given(corpus=corpora(max_segments=3), config=configs())
def test_every_explained_token_is_one_the_statistics_counted(
    corpus: tuple[list[str], list[list[str | None]]], config: BleuConfig
) -> None:
    hyps, refs = corpus
    stats = corpus_stats(hyps, refs, config, max_order=config.order)
    for row, explanation in explained(hyps, refs, config):
        assert len(tokens_of(explanation.hypothesis)) == stats.hyp_len[row]
        for k, ref in enumerate(explanation.references):
            length = -1 if ref is None else len(tokens_of(ref))
            assert stats.ref_lens[row, k] == length
