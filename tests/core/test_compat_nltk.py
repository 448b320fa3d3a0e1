"""NLTK mode returns exactly what nltk 3.10.4's corpus_bleu / sentence_bleu return.

Exactly means `==` on the value and the same type (NLTK returns the int 0 when no
unigram matches). The oracle is the installed nltk package itself; NLTK warns in
method0, so its calls run with warnings ignored, while ours run under the suite's
`filterwarnings = error` and so must not warn.
"""

from __future__ import annotations

import functools
import math
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from nltk.translate.bleu_score import SmoothingFunction
from nltk.translate.bleu_score import corpus_bleu as nltk_corpus_bleu
from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu

from bleu_gui.core import (
    BleuConfig,
    BleuScore,
    Compat,
    Smoothing,
    Unavailable,
    corpus_bleu,
    corpus_stats,
    iter_sentence_scores,
    score_sentence,
    sentence_bleu,
)

# Everything NLTK raises on inputs it cannot score (see the module docstring of
# bleu_gui.core.compat.nltk): ours raises ValueError for each of them.
NLTK_ERRORS = (
    AssertionError,
    IndexError,
    KeyError,
    OverflowError,
    ValueError,
    ZeroDivisionError,
)

UNIFORM4 = (0.25, 0.25, 0.25, 0.25)


def make_config(
    method: int = 0,
    weights: tuple[float, ...] | None = None,
    *,
    reweigh: bool | None = None,
    epsilon: float | None = None,
    alpha: float = 5,
    k: float = 5,
    max_order: int = 4,
) -> BleuConfig:
    return BleuConfig(
        compat=Compat.NLTK,
        tokenizer="none",
        smoothing=Smoothing(f"method{method}"),
        smooth_value=epsilon if method == 1 else None,
        max_order=max_order,
        weights=weights,
        effective_order=reweigh,
        nltk_alpha=alpha,
        nltk_k=k,
    )


def nltk_kwargs(config: BleuConfig) -> dict[str, Any]:
    """The keyword arguments that make NLTK compute what `config` describes."""
    epsilon = config.effective_smooth_value
    assert epsilon is not None
    smoother = SmoothingFunction(epsilon, config.nltk_alpha, config.nltk_k)
    weights = config.weights or (1 / config.max_order,) * config.max_order
    return {
        "weights": weights,
        "smoothing_function": getattr(smoother, config.smoothing_method.value),
        "auto_reweigh": bool(config.effective_order),
    }


def to_streams(refs: Sequence[Sequence[str]]) -> list[list[str | None]]:
    """Per-segment reference lists -> reference streams refs[k][i] (None = absent)."""
    width = max((len(r) for r in refs), default=0)
    return [[r[k] if k < len(r) else None for r in refs] for k in range(width)]


def nltk_corpus(
    hyps: Sequence[str], refs: Sequence[Sequence[str]], config: BleuConfig
) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return nltk_corpus_bleu(
            [[r.split() for r in seg] for seg in refs],
            [h.split() for h in hyps],
            **nltk_kwargs(config),
        )


def nltk_sentence(hyp: str, refs: Sequence[str], config: BleuConfig) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return nltk_sentence_bleu(
            [r.split() for r in refs], hyp.split(), **nltk_kwargs(config)
        )


def assert_same(ours: BleuScore, theirs: Any) -> None:
    assert type(ours.native_score) is type(theirs)
    if isinstance(theirs, float) and math.isnan(theirs):
        assert math.isnan(ours.native_score)
        return
    assert ours.native_score == theirs
    assert ours.score == 100 * float(theirs)
    assert type(ours.score) is float
    assert ours.compat is Compat.NLTK


def compare(
    ours: Callable[[], BleuScore], theirs: Callable[[], Any]
) -> BleuScore | None:
    """Both give the same number, or NLTK raises and ours raises ValueError."""
    try:
        expected = theirs()
    except NLTK_ERRORS:
        with pytest.raises(ValueError):  # noqa: PT011 - any of NLTK's crashes
            ours()
        return None
    result = ours()
    assert_same(result, expected)
    return result


def compare_corpus(
    hyps: Sequence[str], refs: Sequence[Sequence[str]], config: BleuConfig
) -> BleuScore | None:
    return compare(
        lambda: corpus_bleu(hyps, to_streams(refs), config),
        lambda: nltk_corpus(hyps, refs, config),
    )


def compare_sentence(
    hyp: str, refs: Sequence[str], config: BleuConfig
) -> BleuScore | None:
    return compare(
        lambda: sentence_bleu(hyp, refs, config),
        lambda: nltk_sentence(hyp, refs, config),
    )


# --- published examples ------------------------------------------------------

FOX = "the quick brown fox jumped over the lazy dog"
GUIDE_HYP = (
    "It is a guide to action which ensures that the military always obeys the "
    "commands of the party"
)
GUIDE_HYP2 = (
    "It is to insure the troops forever hearing the activity guidebook that party "
    "direct"
)
GUIDE_REFS = (
    "It is a guide to action that ensures that the military will forever heed "
    "Party commands",
    "It is the guiding principle which guarantees the military forces always being "
    "under the command of the Party",
    "It is the practical guide for the army always to heed the directions of the party",
)
BOOK_HYP = "he read the book because he was interested in world history"
BOOK_REF = "he was interested in world history because he read the book"
PERFECT = ("the cat sat on the mat", "a quick brown fox jumps over the lazy dog")

SENTENCE_EXAMPLES = [
    pytest.param(
        "the fast brown fox jumped over the lazy dog",
        [FOX],
        make_config(),
        0.7506238537503395,
        id="fox-one-word-changed",
    ),
    pytest.param(
        "the fast brown fox jumped over the sleepy dog",
        [FOX],
        make_config(),
        0.4854917717073234,
        id="fox-two-words-changed",
    ),
    pytest.param(
        "the quick brown fox jumped over the",
        [FOX],
        make_config(),
        0.7514772930752859,
        id="fox-shorter",
    ),
    pytest.param(
        "the quick brown fox jumped over the lazy dog from space",
        [FOX],
        make_config(),
        0.7860753021519787,
        id="fox-longer",
    ),
    pytest.param(FOX, [FOX], make_config(), 1.0, id="fox-identical"),
    pytest.param(
        GUIDE_HYP, list(GUIDE_REFS), make_config(), 0.5045666840058485, id="guide"
    ),
    pytest.param(
        "i love eating red apples",
        ["i do love eating ice cream", "i love eating cream"],
        make_config(weights=(1 / 3, 1 / 3, 1 / 3)),
        0.4641588833612779,
        id="love-tie-to-shorter-ref",
    ),
    pytest.param(
        "left right",
        ["left right"],
        make_config(0),
        1.491668146240062e-154,
        id="nltk-issue-2217",
    ),
    pytest.param(
        "left right",
        ["left right"],
        make_config(0, reweigh=True),
        1.0,
        id="nltk-issue-2217-auto-reweigh",
    ),
    pytest.param("a b c", [FOX], make_config(), 0, id="disjoint-int-0"),
    pytest.param("", [FOX], make_config(), 0, id="empty-hypothesis-int-0"),
]


@pytest.mark.parametrize(("hyp", "refs", "config", "expected"), SENTENCE_EXAMPLES)
def test_published_sentence_examples(
    hyp: str, refs: list[str], config: BleuConfig, expected: float
) -> None:
    assert nltk_sentence(hyp, refs, config) == expected
    ours = sentence_bleu(hyp, refs, config)
    assert_same(ours, nltk_sentence(hyp, refs, config))
    assert ours.native_score == expected
    assert type(ours.native_score) is type(expected)


CORPUS_EXAMPLES = [
    pytest.param(
        [GUIDE_HYP, BOOK_HYP],
        [list(GUIDE_REFS), [BOOK_REF]],
        make_config(),
        0.5920778868801042,
        id="nltk-corpus-docstring",
    ),
    pytest.param(
        list(PERFECT),
        [[s] for s in PERFECT],
        make_config(6),
        1.2134792501051308,
        id="perfect-corpus-method6-pr3903",
    ),
    pytest.param(
        [FOX, "hello world"],
        [[FOX], ["hello world"]],
        make_config(),
        0.9306048591020996,
        id="identical-corpus-with-short-segment",
    ),
    pytest.param(
        ["a b", "c d e"],
        [["x y"], ["f g h"]],
        make_config(3),
        0,
        id="disjoint-corpus-int-0",
    ),
]


@pytest.mark.parametrize(("hyps", "refs", "config", "expected"), CORPUS_EXAMPLES)
def test_published_corpus_examples(
    hyps: list[str], refs: list[list[str]], config: BleuConfig, expected: float
) -> None:
    theirs = nltk_corpus(hyps, refs, config)
    assert theirs == expected
    ours = corpus_bleu(hyps, to_streams(refs), config)
    assert_same(ours, theirs)
    assert type(ours.native_score) is type(expected)


# --- every method x weights x auto_reweigh, corpus and sentence ------------------

CORPORA: list[tuple[list[str], list[list[str]]]] = [
    ([GUIDE_HYP, BOOK_HYP], [list(GUIDE_REFS), [BOOK_REF]]),
    ([GUIDE_HYP2], [list(GUIDE_REFS)]),
    (["the cat sat on the mat", "hello world"], [["the cat sat on a mat"], ["hello"]]),
    (["let go it"], [["let it go"]]),
    (
        [BOOK_HYP, "", "the the the the the the the", "a"],
        [
            [BOOK_REF],
            ["x y"],
            ["the cat is on the mat", "there is a cat on the mat"],
            [""],
        ],
    ),
    (list(PERFECT), [[s] for s in PERFECT]),
    ([FOX, "the quick"], [[FOX], ["the quick brown", "quick"]]),
]

WEIGHTS = [
    pytest.param((1.0,), id="w1"),
    pytest.param((0.7, 0.3), id="w2"),
    pytest.param((1 / 3, 1 / 3, 1 / 3), id="w3"),
    pytest.param(UNIFORM4, id="w4-uniform"),
    pytest.param((0.1, 0.3, 0.5, 0.1), id="w4-skewed"),
    pytest.param((0.2, 0.2, 0.2, 0.2, 0.2), id="w5"),
    pytest.param((0.4, 0.3, 0.2, 0.05, 0.03, 0.02), id="w6"),
]

METHODS = [pytest.param(m, id=f"method{m}") for m in range(8)]
REWEIGH = [pytest.param(False, id="no-reweigh"), pytest.param(True, id="reweigh")]


@pytest.mark.parametrize("reweigh", REWEIGH)
@pytest.mark.parametrize("weights", WEIGHTS)
@pytest.mark.parametrize("method", METHODS)
def test_every_method_corpus(
    method: int, weights: tuple[float, ...], reweigh: bool
) -> None:
    config = make_config(method, weights, reweigh=reweigh)
    for hyps, refs in CORPORA:
        compare_corpus(hyps, refs, config)
        compare_corpus(hyps[::-1], refs[::-1], config)  # methods 4-7: the last counts


@pytest.mark.parametrize("reweigh", REWEIGH)
@pytest.mark.parametrize("weights", WEIGHTS)
@pytest.mark.parametrize("method", METHODS)
def test_every_method_sentence(
    method: int, weights: tuple[float, ...], reweigh: bool
) -> None:
    config = make_config(method, weights, reweigh=reweigh)
    for hyps, refs in CORPORA:
        for hyp, seg_refs in zip(hyps, refs, strict=True):
            compare_sentence(hyp, seg_refs, config)


@pytest.mark.parametrize(
    ("epsilon", "alpha", "k"),
    [
        pytest.param(0.1, 5, 5, id="defaults"),
        pytest.param(0.0, 0, 1, id="zero-epsilon-alpha"),
        pytest.param(1, 2.5, 0.5, id="int-epsilon-float-alpha"),
        pytest.param(0.5, 5.0, 5.0, id="float-alpha-k"),
        pytest.param(0.01, 1, -2, id="negative-k"),
        pytest.param(0.1, 5, 0, id="k-zero"),
    ],
)
@pytest.mark.parametrize("method", METHODS)
def test_smoothing_parameters(
    method: int, epsilon: float, alpha: float, k: float
) -> None:
    config = make_config(method, epsilon=epsilon, alpha=alpha, k=k)
    for hyps, refs in CORPORA:
        compare_corpus(hyps, refs, config)
        for hyp, seg_refs in zip(hyps, refs, strict=True):
            compare_sentence(hyp, seg_refs, config)


def test_default_weights_follow_max_order() -> None:
    for max_order in range(1, 7):
        config = make_config(2, max_order=max_order)
        for hyps, refs in CORPORA:
            compare_corpus(hyps, refs, config)


def test_sentence_scores_of_a_corpus_are_nltk_sentence_bleu() -> None:
    hyps = [h for corpus, _ in CORPORA for h in corpus]
    refs = [r for _, corpus in CORPORA for r in corpus]
    for method in range(8):
        config = make_config(method, reweigh=method % 2 == 0)
        stats = corpus_stats(hyps, to_streams(refs), config)
        for row, (hyp, seg_refs) in enumerate(zip(hyps, refs, strict=True)):
            compare(
                functools.partial(score_sentence, stats, row, config),
                functools.partial(nltk_sentence, hyp, seg_refs, config),
            )
        results = list(iter_sentence_scores(stats, config))
        for result, hyp, seg_refs in zip(results, hyps, refs, strict=True):
            try:
                value = nltk_sentence(hyp, seg_refs, config)
            except NLTK_ERRORS:
                # One sentence NLTK cannot score must not sink the others.
                assert isinstance(result, Unavailable)
                assert "trigram" in result.reason
                continue
            assert isinstance(result, BleuScore)
            assert_same(result, value)
            assert all(term.smoothing is None for term in result.terms)


# --- what the result says ----------------------------------------------------


def test_no_unigram_match_is_int_zero_with_a_note() -> None:
    result = corpus_bleu(["a b c"], [["x y z"]], make_config(3))
    assert result.native_score == 0
    assert type(result.native_score) is int
    assert result.score == 0.0
    assert type(result.score) is float
    assert result.note is not None
    assert "no unigram matches" in result.note
    assert not any(term.in_mean for term in result.terms)


def test_method0_explains_the_tiny_score() -> None:
    result = sentence_bleu("left right", ["left right"], make_config(0))
    assert result.native_score == 1.491668146240062e-154
    assert result.note is not None
    assert "sys.float_info.min" in result.note
    assert "3-gram or 4-gram" in result.note
    assert result.terms[2].smoothing is not None
    assert "sys.float_info.min" in result.terms[2].smoothing


def test_method0_does_not_warn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = corpus_bleu(["left right"], [["left right"]], make_config(0))
    assert result.native_score == 1.491668146240062e-154


def test_brevity_penalty_and_lengths() -> None:
    longer = sentence_bleu(FOX + " again", [FOX], make_config())
    assert longer.bp == 1.0
    assert type(longer.bp) is float
    assert (longer.sys_len, longer.ref_len) == (10, 9)
    assert longer.ratio == 10 / 9
    shorter = sentence_bleu("the quick brown fox jumped over the", [FOX], make_config())
    assert shorter.bp == math.exp(1 - 9 / 7)


def test_method2_terms_add_one() -> None:
    result = sentence_bleu(GUIDE_HYP2, list(GUIDE_REFS), make_config(2))
    first, *rest = result.terms
    assert (first.numerator, first.denominator) == (first.matches, first.total)
    for term in rest:
        assert (term.numerator, term.denominator) == (term.matches + 1, term.total + 1)
        assert term.smoothing == "method2: added 1 to matches and to total"
        assert term.precision == 100 * ((term.matches + 1) / (term.total + 1))


def test_auto_reweigh_weights_and_note() -> None:
    result = sentence_bleu("let it go", ["let it go"], make_config(0, reweigh=True))
    assert [term.weight for term in result.terms] == [1 / 3, 1 / 3, 1 / 3, 0.0]
    assert [term.in_mean for term in result.terms] == [True, True, True, False]
    assert result.note is not None
    assert "auto_reweigh" in result.note
    assert "method0" not in result.note  # the zero 4-gram order has no weight


def test_auto_reweigh_needs_the_exact_default_weights() -> None:
    config = make_config(0, (0.25, 0.25, 0.25, 0.25000001), reweigh=True)
    result = sentence_bleu("let go it", ["let it go"], config)
    assert [term.weight for term in result.terms] == list(config.weights or ())
    assert_same(result, nltk_sentence("let go it", ["let it go"], config))


def test_zero_precision_left_out_of_the_mean() -> None:
    # method4 cannot smooth when the hypothesis has one token (ln 1 = 0).
    config = make_config(4)
    result = sentence_bleu("a", ["a"], config)
    assert_same(result, nltk_sentence("a", ["a"], config))
    assert result.native_score == 1.0
    assert [term.in_mean for term in result.terms] == [True, False, False, False]
    assert result.note is not None
    assert "out of the mean" in result.note


def test_above_one_is_explained() -> None:
    result = corpus_bleu(list(PERFECT), [list(PERFECT)], make_config(6))
    assert result.native_score > 1
    assert result.note is not None
    assert "exceeds 1" in result.note
    assert result.terms[3].smoothing is not None
    assert "last hypothesis" in result.terms[3].smoothing


def test_method5_reads_the_last_segments_5grams() -> None:
    hyps = [FOX, "the fast brown fox jumped over the lazy dog"]
    refs = [[FOX], [FOX]]
    forward = compare_corpus(hyps, refs, make_config(5))
    backward = compare_corpus(hyps[::-1], refs[::-1], make_config(5))
    assert forward is not None
    assert backward is not None
    assert forward.native_score != backward.native_score  # NLTK is order-dependent


def test_method6_without_trigram_match_raises_value_error() -> None:
    config = make_config(6)
    with pytest.raises(AssertionError):
        nltk_sentence(GUIDE_HYP2, list(GUIDE_REFS), config)
    with pytest.raises(ValueError, match="non-zero trigram precision"):
        sentence_bleu(GUIDE_HYP2, list(GUIDE_REFS), config)


def test_method6_with_two_orders_raises_value_error() -> None:
    config = make_config(6, (0.5, 0.5))
    with pytest.raises(IndexError):
        nltk_sentence(FOX, [FOX], config)
    with pytest.raises(ValueError, match="at least 3"):
        sentence_bleu(FOX, [FOX], config)


def test_method4_with_k_zero_raises_value_error() -> None:
    config = make_config(4, k=0)
    with pytest.raises(ZeroDivisionError):
        nltk_sentence("a b c d", ["a b x y"], config)
    with pytest.raises(ValueError, match="k = 0"):
        sentence_bleu("a b c d", ["a b x y"], config)


def test_overflow_raises_value_error() -> None:
    # Negative weights on method0's sys.float_info.min: exp(+2124) overflows.
    config = make_config(0, (-1.0, -1.0, -1.0, -1.0))
    with pytest.raises(OverflowError):
        nltk_sentence("a b c d", ["a x y z"], config)
    with pytest.raises(ValueError, match="NLTK's arithmetic fails"):
        sentence_bleu("a b c d", ["a x y z"], config)


def test_missing_references_raise_value_error() -> None:
    config = make_config()
    with pytest.raises(KeyError):
        nltk_sentence("a b", [], config)
    with pytest.raises(ValueError, match="no reference"):
        sentence_bleu("a b", [], config)
    with pytest.raises(ZeroDivisionError):
        nltk_corpus([], [], config)
    with pytest.raises(ValueError, match="empty set of segments"):
        corpus_bleu([], [], config)


# --- random corpora against NLTK -----------------------------------------------

VOCAB = ("a", "b", "c", "d")
tokens = st.lists(st.sampled_from(VOCAB), max_size=12).map(" ".join)
# One to four references; one time in 30 none at all (NLTK crashes, ours refuses).
references = st.integers(0, 29).flatmap(
    lambda n: st.lists(tokens, min_size=1, max_size=4) if n else st.just([])
)
segments = st.lists(st.tuples(tokens, references), min_size=1, max_size=6)
weight_values = st.sampled_from([0.25, 0.5, 1 / 3, 0.1, 0.0, 1.0, 2.0, -0.5, 0.7])
weights_strategy = st.one_of(
    st.none(),
    st.just(UNIFORM4),
    st.lists(weight_values, min_size=1, max_size=6).map(tuple),
)
configs = st.builds(
    make_config,
    method=st.integers(0, 7),
    weights=weights_strategy,
    reweigh=st.sampled_from([None, False, True]),
    epsilon=st.sampled_from([0.1, 0.0, 0.5, 1, 2.0]),
    alpha=st.sampled_from([5, 0, 1, 2.5, 5.0]),
    k=st.sampled_from([5, 1, 0.5, 3.0, -2, 0]),
    max_order=st.integers(1, 6),
)


def _outcome(result: BleuScore | None, config: BleuConfig) -> str:
    """What kind of case this was, for `--hypothesis-show-statistics`."""
    method = config.smoothing_method.value
    if result is None:
        return f"{method}: NLTK raised"
    if isinstance(result.native_score, int):
        return "int 0"
    return f"{method}: float {'> 1' if result.native_score > 1 else '<= 1'}"


@settings(max_examples=700, deadline=None)
@given(corpus=segments, config=configs)
def test_random_corpora_match_nltk(
    corpus: list[tuple[str, list[str]]], config: BleuConfig
) -> None:
    hyps = [hyp for hyp, _ in corpus]
    refs = [seg_refs for _, seg_refs in corpus]
    result = compare_corpus(hyps, refs, config)
    event(_outcome(result, config))


@settings(max_examples=300, deadline=None)
@given(segment=st.tuples(tokens, references), config=configs)
def test_random_sentences_match_nltk_and_equal_one_segment_corpora(
    segment: tuple[str, list[str]], config: BleuConfig
) -> None:
    hyp, refs = segment
    result = compare_sentence(hyp, refs, config)
    event(_outcome(result, config))
    if result is None:
        with pytest.raises(ValueError):  # noqa: PT011
            corpus_bleu([hyp], to_streams([refs]), config)
        return
    assert corpus_bleu([hyp], to_streams([refs]), config) == result
