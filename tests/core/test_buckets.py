"""Sentence buckets (`core.buckets`) against sacreBLEU run on each bucket's own lines.

Which sentence is in which bucket is decided here from sacreBLEU's `sentence_bleu`
(its `ref_len`, `sys_len` and score), not from our statistics; each bucket's BLEU
is sacreBLEU's `corpus_bleu` on those lines, and each bucket's test sacreBLEU's
`PairedTest` on those lines with the same seed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
import sacrebleu
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.significance import PairedTest as SacrePairedTest

from bleu_gui.core import BleuConfig, Compat, corpus_stats
from bleu_gui.core.buckets import (
    SUBSET_TEST_NOTE,
    BucketEdges,
    BucketKind,
    bucket_table,
    buckets_of,
)
from tests.core.demo_systems import references, system
from tests.oracles import sacrebleu_refs

BASE, OTHER = "Online-W", "happypoet"
# The first 200 segments: every bucket test runs sacreBLEU's bootstrap, which
# materialises its resamples; the whole demo would take a minute.
SIZE = 200


def _lines(name: str) -> list[str]:
    return list(system(name)[:SIZE])


def _refs() -> list[list[str]]:
    return [list(stream[:SIZE]) for stream in references()]


def _value_by_sacrebleu(kind: BucketKind, hyp: str, refs: Sequence[str]) -> float:
    score = sacrebleu.sentence_bleu(hyp, list(refs))
    if kind is BucketKind.REF_LENGTH:
        return float(score.ref_len)
    if kind is BucketKind.LENGTH_DIFF:
        return float(score.sys_len - score.ref_len)
    return float(score.score)


def _members(kind: BucketKind, low: float, high: float) -> list[int]:
    hyps, refs = _lines(BASE), _refs()
    return [
        row
        for row in range(SIZE)
        if low <= _value_by_sacrebleu(kind, hyps[row], [s[row] for s in refs]) < high
    ]


@pytest.mark.parametrize("kind", list(BucketKind))
def test_each_bucket_is_sacrebleus_corpus_bleu_of_its_lines(kind: BucketKind) -> None:
    config = BleuConfig()
    refs = _refs()
    systems = [_lines(BASE), _lines(OTHER)]
    table = bucket_table(
        kind, [corpus_stats(h, refs, config) for h in systems], config, samples=0
    )
    assert table.unbucketed == 0
    assert sum(row.sentences for row in table.rows) == SIZE
    assert table.untested == "no resamples asked for"
    for row in table.rows:
        members = _members(kind, row.bucket.low, row.bucket.high)
        assert row.rows.tolist() == members
        for k, hyps in enumerate(systems):
            if not members:
                assert math.isnan(row.bleu[k])
                continue
            expected = sacrebleu.corpus_bleu(
                [hyps[r] for r in members], [[s[r] for r in members] for s in refs]
            ).score
            assert row.bleu[k] == expected


def test_each_bucket_test_is_sacrebleus_paired_bootstrap_on_its_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = BleuConfig()
    refs = _refs()
    systems = [_lines(BASE), _lines(OTHER)]
    seed = 4321
    table = bucket_table(
        BucketKind.REF_LENGTH,
        [corpus_stats(h, refs, config) for h in systems],
        config,
        samples=200,
        seed=seed,
    )
    assert (table.samples, table.seed, table.untested) == (200, seed, "")
    monkeypatch.setenv("SACREBLEU_SEED", str(seed))
    tested = 0
    for row in table.rows:
        members = row.rows.tolist()
        if not members:
            assert row.test is None
            continue
        named: list[tuple[str, Sequence[str]]] = [
            (f"s{k}", [hyps[r] for r in members]) for k, hyps in enumerate(systems)
        ]
        sacre = SacrePairedTest(
            named,
            {"BLEU": BLEU()},
            references=sacrebleu_refs([[s[r] for r in members] for s in refs]),
            test_type="bs",
            n_samples=200,
        )
        _, scores = sacre()
        base, other = scores["BLEU"]
        assert not isinstance(base, str)
        assert not isinstance(other, str)
        assert row.test is not None
        got_base, (got_other,) = row.test.baseline, row.test.systems
        assert (got_base.score, got_base.mean, got_base.ci) == (
            base.score,
            base.mean,
            base.ci,
        )
        assert (got_other.score, got_other.p_value, got_other.mean, got_other.ci) == (
            other.score,
            other.p_value,
            other.mean,
            other.ci,
        )
        assert row.delta(1) == other.score - base.score
        tested += 1
    assert tested >= 4


def test_default_edges_and_their_labels() -> None:
    edges = BucketEdges()
    assert [b.label for b in buckets_of(BucketKind.REF_LENGTH, edges)] == [
        "< 10",
        "10–19",
        "20–29",
        "30–39",
        "40–49",
        "50–59",
        "≥ 60",
    ]
    assert [b.label for b in buckets_of(BucketKind.LENGTH_DIFF, edges)] == [
        "< −10",
        "−10–−6",
        "−5–−3",
        "−2–−1",
        "0",
        "1–2",
        "3–5",
        "6–10",
        "≥ 11",
    ]
    assert [b.label for b in buckets_of(BucketKind.BASELINE_BLEU, edges)][:3] == [
        "< 10",
        "[10, 20)",
        "[20, 30)",
    ]


def test_edited_edges_are_used_and_bad_ones_refused() -> None:
    edges = BucketEdges(ref_length=(5, 15))
    assert [b.label for b in buckets_of(BucketKind.REF_LENGTH, edges)] == [
        "< 5",
        "5–14",
        "≥ 15",
    ]
    with pytest.raises(ValueError, match="ref-length: bucket edges must increase"):
        BucketEdges(ref_length=(10, 10))
    with pytest.raises(ValueError, match="length-diff: bucket edges must be whole"):
        BucketEdges(length_diff=(0.5,))
    with pytest.raises(ValueError, match="baseline-bleu: no bucket edges"):
        BucketEdges(baseline_bleu=())


def test_one_system_or_another_mode_has_no_test_and_says_why() -> None:
    refs = [["a b c d", "e f"]]
    hyps = ["a b c d", "e"]
    one = bucket_table(
        BucketKind.REF_LENGTH, [corpus_stats(hyps, refs, BleuConfig())], BleuConfig()
    )
    assert one.untested == "one system: nothing to compare"
    assert all(row.test is None for row in one.rows)
    nltk = BleuConfig(compat=Compat.NLTK)
    stats = corpus_stats(hyps, refs, nltk)
    other = bucket_table(BucketKind.REF_LENGTH, [stats, stats], nltk)
    assert other.untested == (
        "significance tests follow sacreBLEU: choose the sacreBLEU mode"
    )
    assert other.samples == 0
    # Both sentences (reference lengths 4 and 2) fall below 10.
    assert other.rows[0].sentences == 2


def test_the_subset_test_is_named_as_such() -> None:
    assert SUBSET_TEST_NOTE == (
        "Δ, p and the intervals are sacreBLEU's paired bootstrap run on each "
        "bucket's sentences only (a subset test, the corpus test's seed and "
        "resamples): it says whether the systems differ on those sentences."
    )
