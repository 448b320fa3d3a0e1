"""A long segment's explanation lists its first tokens only, with whole-segment facts.

`explain_sentence(..., limit=N)` keeps the n-gram occurrences lying in the first N
tokens of each text. Each kept occurrence must say exactly what the explanation of
the whole segment says about it (its status, rank, counts, licensing references
and paired reference occurrences), and the numbers must be sacreBLEU's for the
whole segment. (Core only: no Qt; kept with the GUI's long-segment tests.)
"""

from __future__ import annotations

from itertools import cycle, islice

import pytest
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.cli import demo_paths
from bleu_gui.core import BleuConfig
from bleu_gui.core.explain import SentenceExplanation, explain_sentence

LIMIT = 300
WHOLE = 10**9


def long_line(lines: list[str], count: int, offset: int) -> str:
    """`count` demo sentences on one line: repeated n-grams, so some are clipped."""
    return " ".join(islice(cycle(lines), offset, offset + count))


@pytest.fixture(scope="module")
def texts() -> tuple[str, list[str]]:
    _, refs, candidate, _ = demo_paths()
    hyp = candidate.read_text(encoding="utf-8").splitlines()
    ref_a = refs[0].read_text(encoding="utf-8").splitlines()
    ref_b = refs[1].read_text(encoding="utf-8").splitlines()
    # 120 sentences (~3,000 tokens), the references shifted so counts differ.
    return long_line(hyp, 120, 0), [long_line(ref_a, 90, 5), long_line(ref_b, 150, 0)]


@pytest.fixture(scope="module")
def both(
    texts: tuple[str, list[str]],
) -> tuple[SentenceExplanation, SentenceExplanation]:
    hyp, refs = texts
    config = BleuConfig()
    return (
        explain_sentence(hyp, refs, config, limit=LIMIT),
        explain_sentence(hyp, refs, config, limit=WHOLE),
    )


def test_the_numbers_are_the_whole_segments(
    texts: tuple[str, list[str]],
    both: tuple[SentenceExplanation, SentenceExplanation],
) -> None:
    cut, whole = both
    hyp, refs = texts
    expected = BLEU(effective_order=True).sentence_score(hyp, refs)
    assert cut.score.score == whole.score.score == expected.score
    assert [t.matches for t in cut.score.terms] == expected.counts
    assert [t.total for t in cut.score.terms] == expected.totals
    assert (cut.score.sys_len, cut.score.ref_len) == (
        expected.sys_len,
        expected.ref_len,
    )
    assert cut.length_refs == whole.length_refs
    assert (cut.brevity, cut.mean, cut.diagnosis) == (
        whole.brevity,
        whole.mean,
        whole.diagnosis,
    )


def test_the_kept_tokens_are_the_first_and_say_how_many_there_are(
    both: tuple[SentenceExplanation, SentenceExplanation],
) -> None:
    cut, whole = both
    segments = [(cut.hypothesis, whole.hypothesis)] + [
        (a, b)
        for a, b in zip(cut.references, whole.references, strict=True)
        if a is not None and b is not None
    ]
    for kept, full in segments:
        assert len(full.tokens) > LIMIT
        assert not full.truncated
        assert kept.truncated
        assert kept.tokens == full.tokens[:LIMIT]
        assert kept.char_spans == full.char_spans[:LIMIT]
        assert kept.token_count == len(full.tokens)
        assert kept.text == full.text


def test_each_kept_occurrence_is_as_in_the_whole_explanation(
    both: tuple[SentenceExplanation, SentenceExplanation],
) -> None:
    cut, whole = both
    statuses = set()
    for kept, full in zip(cut.orders, whole.orders, strict=True):
        assert kept.term == full.term
        first = [item for item in full.hypothesis if item.end <= LIMIT]
        assert list(kept.hypothesis) == first
        statuses |= {item.status for item in first}
        for kept_ref, full_ref in zip(kept.references, full.references, strict=True):
            assert list(kept_ref) == [
                item for item in full_ref if item.start + item.order <= LIMIT
            ]
    # The sample has all three fates, so each rule was exercised.
    assert {status.value for status in statuses} == {"matched", "clipped", "unmatched"}
