"""Documents: grouping, per-document BLEU against sacreBLEU, the document bootstrap.

Oracles: sacreBLEU's `corpus_score` on each document's lines, sacreBLEU's own
`PairedTest` (one segment per document is its test, number for number), and a
small example resampled by hand with sacreBLEU scoring each resample's lines.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.significance import PairedTest as SacrePairedTest

from bleu_gui.core import BleuConfig, Compat, ConfigError, CorpusStats, corpus_stats
from bleu_gui.core.config import Smoothing
from bleu_gui.core.documents import (
    DOCUMENT_TEST_LABEL,
    Documents,
    document_bootstrap,
    document_deltas,
    document_scores,
    document_sums,
    iter_document_scores,
)
from bleu_gui.core.significance import Identity
from bleu_gui.core.steps import drain
from tests.core.demo_systems import SYSTEM_NAMES, references, system

SIZE = 500


def demo_ids() -> list[str]:
    """Made-up document ids of a few sizes for the demo's 500 segments.

    One-segment documents, small and large ones, and two documents whose segments
    are scattered (every 7th of the first 70 segments alternates between them).
    """
    ids: list[str] = []
    for i in range(SIZE):
        if i < 70:
            ids.append("scattered-a" if i % 2 else "scattered-b")
        elif i < 75:
            ids.append(f"single-{i}")
        elif i < 300:
            ids.append(f"mid-{(i - 75) // 45}")
        else:
            ids.append(f"big-{(i - 300) // 100}")
    return ids


def stats_of(name: str, config: BleuConfig | None = None) -> CorpusStats:
    return corpus_stats(system(name), references(), config or BleuConfig())


def sacre_document_score(
    hyps: Sequence[str],
    refs: Sequence[Sequence[str]],
    rows: Sequence[int],
    **kw: object,
) -> float:
    metric = BLEU(**kw)  # type: ignore[arg-type]
    return float(
        metric.corpus_score(
            [hyps[r] for r in rows], [[ref[r] for r in rows] for ref in refs]
        ).score
    )


# --- grouping -------------------------------------------------------------------


def test_documents_come_in_the_order_of_their_first_segment() -> None:
    docs = Documents.of(["b", "a", "b", "c", "a", "a"])
    assert docs.ids == ("b", "a", "c")
    assert docs.sizes.tolist() == [2, 3, 1]
    assert docs.rows(0).tolist() == [0, 2]
    assert docs.rows(1).tolist() == [1, 4, 5]
    assert docs.rows(2).tolist() == [3]
    assert docs.index.tolist() == [0, 1, 0, 2, 1, 1]
    assert docs.segments == 6
    assert not docs.contiguous


def test_contiguous_documents_are_recognised() -> None:
    assert Documents.of(["x", "x", "y", "z", "z"]).contiguous
    assert Documents.of(["only"]).contiguous


def test_rows_of_a_set_of_ids_are_in_corpus_order() -> None:
    docs = Documents.of(["b", "a", "b", "c", "a"])
    assert docs.rows_of(frozenset({"a", "c"})).tolist() == [1, 3, 4]
    assert docs.rows_of(frozenset({"nowhere"})).tolist() == []


def test_no_segments_no_documents() -> None:
    with pytest.raises(ValueError, match="no segments"):
        Documents.of([])


def test_ids_of_another_length_are_refused() -> None:
    with pytest.raises(ValueError, match="3 document ids for 500 segments"):
        document_scores(stats_of("UEdin"), Documents.of(["a", "b", "c"]), BleuConfig())


# --- per-document BLEU ----------------------------------------------------------


@pytest.mark.parametrize("name", SYSTEM_NAMES)
def test_each_document_scores_what_sacrebleu_gives_its_lines(name: str) -> None:
    docs = Documents.of(demo_ids())
    scores = document_scores(stats_of(name), docs, BleuConfig())
    hyps, refs = system(name), references()
    expected = [
        sacre_document_score(hyps, refs, docs.rows(d).tolist())
        for d in range(len(docs))
    ]
    assert scores.tolist() == expected  # bit for bit


def test_documents_under_other_options_score_as_sacrebleu() -> None:
    config = BleuConfig(lowercase=True, smoothing=Smoothing.FLOOR, smooth_value=0.1)
    docs = Documents.of(demo_ids())
    scores = document_scores(stats_of("happypoet", config), docs, config)
    hyps, refs = system("happypoet"), references()
    expected = [
        sacre_document_score(
            hyps,
            refs,
            docs.rows(d).tolist(),
            lowercase=True,
            smooth_method="floor",
            smooth_value=0.1,
        )
        for d in range(len(docs))
    ]
    assert scores.tolist() == expected


def test_sums_are_those_of_each_documents_rows_in_every_mode() -> None:
    """The vectorised sums equal `subset(rows).summed()`, NLTK's last row included."""
    config = BleuConfig(compat=Compat.NLTK)
    stats = stats_of("Online-W", config)
    docs = Documents.of(demo_ids())
    sums = document_sums(stats, docs, config)
    assert sums == [stats.subset(docs.rows(d)).summed() for d in range(len(docs))]


def test_scores_come_in_blocks_with_progress() -> None:
    docs = Documents.of([f"d{i}" for i in range(SIZE)])  # 500 one-line documents
    steps = iter_document_scores(stats_of("UEdin"), docs, BleuConfig())
    done: list[int] = []
    while True:
        try:
            done.append(next(steps))
        except StopIteration as end:
            scores = end.value
            break
    assert done == [256, 500]
    assert len(scores) == SIZE


def test_delta_is_b_minus_a_per_document() -> None:
    docs = Documents.of(demo_ids())
    a = document_scores(stats_of("Facebook-AI"), docs, BleuConfig())
    b = document_scores(stats_of("happypoet"), docs, BleuConfig())
    refs = references()
    expected = [
        sacre_document_score(system("happypoet"), refs, docs.rows(d).tolist())
        - sacre_document_score(system("Facebook-AI"), refs, docs.rows(d).tolist())
        for d in range(len(docs))
    ]
    assert document_deltas(a, b).tolist() == expected


# --- the document bootstrap -----------------------------------------------------


def sacrebleu_paired(
    monkeypatch: pytest.MonkeyPatch, a: str, b: str, samples: int, seed: int
) -> tuple[float, float, float, float, float]:
    """sacreBLEU's paired bootstrap of b against a: scores, p, means, ci."""
    monkeypatch.setenv("SACREBLEU_SEED", str(seed))
    tester = SacrePairedTest(
        [("a", list(system(a))), ("b", list(system(b)))],
        {"BLEU": BLEU()},
        references=[list(r) for r in references()],
        test_type="bs",
        n_samples=samples,
    )
    _, scores = tester()
    base, other = scores["BLEU"]
    assert not isinstance(base, str)
    assert not isinstance(other, str)
    assert other.p_value is not None
    assert other.mean is not None
    assert other.ci is not None
    return base.score, other.score, other.p_value, other.mean, other.ci


@pytest.mark.parametrize(("seed", "samples"), [(12345, 1000), (7, 300)])
def test_one_segment_per_document_is_sacrebleus_paired_bootstrap(
    monkeypatch: pytest.MonkeyPatch, seed: int, samples: int
) -> None:
    docs = Documents.of([f"seg{i}" for i in range(SIZE)])
    result = document_bootstrap(
        stats_of("UEdin"),
        stats_of("Online-W"),
        docs,
        BleuConfig(),
        samples=samples,
        seed=seed,
    )
    a, b, p, mean, ci = sacrebleu_paired(
        monkeypatch, "UEdin", "Online-W", samples, seed
    )
    row = result.result.systems[0]
    assert (result.result.baseline.score, row.score) == (a, b)
    assert (row.p_value, row.mean, row.ci) == (p, mean, ci)
    assert result.p_value == p
    assert result.delta == b - a
    assert result.documents == SIZE


def test_the_test_is_deterministic_under_a_seed() -> None:
    docs = Documents.of(demo_ids())
    a, b = stats_of("UEdin"), stats_of("happypoet")
    first = document_bootstrap(a, b, docs, BleuConfig(), samples=200, seed=3)
    again = document_bootstrap(a, b, docs, BleuConfig(), samples=200, seed=3)
    other = document_bootstrap(a, b, docs, BleuConfig(), samples=200, seed=4)
    assert first == again
    assert first.result.distributions != other.result.distributions


# Three documents of short, made-up sentences; A is good on d1, B on d3, and on d2
# they tie: the distribution of Δ over resampled documents has few values.
_HAND_DOCS = ["d1", "d1", "d2", "d3", "d3", "d3"]
_HAND_REFS = [
    "the cat sat on the mat today",
    "a dog barked at the old man",
    "we went to the market in the morning",
    "rain is expected across the north tonight",
    "the minister resigned after the vote",
    "prices rose sharply in the last quarter",
]
_HAND_A = [
    "the cat sat on the mat today",
    "a dog barked at the old man",
    "we went to the market in the evening",
    "rain expected in north",
    "minister has resigned",
    "prices went up",
]
_HAND_B = [
    "the cat is on a mat",
    "the dog barked at a man",
    "we went to the market in the evening",
    "rain is expected across the north tonight",
    "the minister resigned after the vote",
    "prices rose sharply in the last quarter",
]


def test_a_small_example_resampled_by_hand() -> None:
    """Each resample drawn as sacreBLEU draws segments, its lines scored by sacreBLEU.

    The draws are `default_rng(seed).choice(3, (N, 3))` over the documents; each
    resample's corpus is the drawn documents' lines, one after the other; p counts
    the centred |Δ| above the observed one, as sacreBLEU's paired bootstrap does.
    """
    samples, seed = 400, 11
    config = BleuConfig()
    refs = [_HAND_REFS]
    docs = Documents.of(_HAND_DOCS)
    result = document_bootstrap(
        corpus_stats(_HAND_A, refs, config),
        corpus_stats(_HAND_B, refs, config),
        docs,
        config,
        samples=samples,
        seed=seed,
    )
    members = [docs.rows(d).tolist() for d in range(len(docs))]

    def score(hyps: list[str], drawn: Sequence[int]) -> float:
        rows = [r for d in drawn for r in members[d]]
        return float(
            BLEU()
            .corpus_score([hyps[r] for r in rows], [[_HAND_REFS[r] for r in rows]])
            .score
        )

    draws = np.random.default_rng(seed).choice(3, size=(samples, 3), replace=True)
    diffs = np.array(
        [abs(score(_HAND_B, drawn) - score(_HAND_A, drawn)) for drawn in draws.tolist()]
    )
    observed = abs(score(_HAND_B, [0, 1, 2]) - score(_HAND_A, [0, 1, 2]))
    centred = diffs - diffs.mean()
    expected_p = (np.count_nonzero(centred > observed) + 1) / (samples + 1)
    assert result.p_value == expected_p
    assert result.delta == pytest.approx(observed)
    distribution = result.result.distributions[0]
    assert distribution.resampled == pytest.approx(centred, abs=1e-3)
    # Resampling three documents gives at most 10 different corpora (multisets).
    assert len({tuple(sorted(drawn)) for drawn in draws.tolist()}) <= 10


def test_one_document_cannot_be_resampled() -> None:
    docs = Documents.of(["all"] * SIZE)
    with pytest.raises(ValueError, match="at least 2 documents, the test set has 1"):
        document_bootstrap(stats_of("UEdin"), stats_of("happypoet"), docs, BleuConfig())


def test_only_the_sacrebleu_mode_is_tested() -> None:
    config = BleuConfig(compat=Compat.NLTK)
    docs = Documents.of(demo_ids())
    with pytest.raises(ConfigError):
        document_bootstrap(
            stats_of("UEdin", config), stats_of("happypoet", config), docs, config
        )


def test_identical_output_is_named() -> None:
    docs = Documents.of(demo_ids())
    lines = system("UEdin")
    result = document_bootstrap(
        stats_of("UEdin"),
        stats_of("UEdin"),
        docs,
        BleuConfig(),
        samples=50,
        texts=(lines, lines),
    )
    assert result.result.identical == (Identity.TEXT,)


def test_the_label_says_it_is_not_sacrebleus_test() -> None:
    docs = Documents.of(demo_ids())
    result = document_bootstrap(
        stats_of("UEdin"), stats_of("happypoet"), docs, BleuConfig(), samples=20
    )
    assert DOCUMENT_TEST_LABEL == "document bootstrap (not sacreBLEU's test)"
    assert result.label == DOCUMENT_TEST_LABEL


def test_document_scores_drains_as_the_generator() -> None:
    docs = Documents.of(demo_ids())
    stats = stats_of("UEdin")
    assert (
        document_scores(stats, docs, BleuConfig()).tolist()
        == drain(iter_document_scores(stats, docs, BleuConfig())).tolist()
    )
