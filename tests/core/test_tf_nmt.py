"""Compat.TF_NMT reproduces tensorflow/nmt's `compute_bleu` (HF evaluate's "bleu").

tensorflow/nmt is not pip-installable, so the oracle (`tests/oracles.py`) is written
independently from its published behaviour (reference notes §4): per segment the
*shortest* reference length, matches clipped by the largest count in one reference,
`smooth=True` adding one to the matches and the possible matches of every order
(unigrams included), any zero precision giving 0, BP = exp(1 - 1/ratio) unless
ratio > 1, everything on a 0-1 scale. Where the original raises ZeroDivisionError,
bleu-gui raises ValueError.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleu_gui.core import (
    BleuConfig,
    Compat,
    Smoothing,
    Unavailable,
    corpus_bleu,
    corpus_stats,
    iter_sentence_scores,
    score_sentences,
    sentence_bleu,
)
from tests.oracles import tf_nmt_bleu


def tf_config(smooth: bool = False, max_order: int = 4) -> BleuConfig:
    return BleuConfig(
        compat=Compat.TF_NMT,
        tokenizer="none",
        smoothing=Smoothing.ADD_ONE if smooth else Smoothing.NONE,
        max_order=max_order,
    )


def check(
    hyps: list[list[str]],
    refs: list[list[list[str]]],
    smooth: bool,
    max_order: int,
) -> None:
    """Ours == the oracle on every returned value, or both refuse."""
    hyp_text = [" ".join(tokens) for tokens in hyps]
    width = max(len(r) for r in refs)
    streams: list[list[str | None]] = [
        [" ".join(r[k]) if k < len(r) else None for r in refs] for k in range(width)
    ]
    config = tf_config(smooth, max_order)
    try:
        expected = tf_nmt_bleu(hyps, refs, max_order, smooth)
    except ZeroDivisionError:
        with pytest.raises(ValueError, match="tensorflow/nmt"):
            corpus_bleu(hyp_text, streams, config)
        return
    bleu, precisions, bp, ratio, translation_length, reference_length = expected
    ours = corpus_bleu(hyp_text, streams, config)
    assert ours.native_score == bleu
    assert ours.score == 100 * bleu
    assert ours.bp == bp
    assert ours.ratio == ratio
    assert (ours.sys_len, ours.ref_len) == (translation_length, reference_length)
    assert list(ours.precisions) == [100 * p for p in precisions]
    assert ours.compat is Compat.TF_NMT


WORDS = st.sampled_from(["a", "b", "c", "d", "the", "cat", "mat", "."])
SEGMENT = st.lists(WORDS, max_size=9)


@st.composite
def tf_corpus(draw: st.DrawFn) -> tuple[list[list[str]], list[list[list[str]]]]:
    size = draw(st.integers(1, 6))
    hyps = [draw(SEGMENT) for _ in range(size)]
    refs: list[list[list[str]]] = []
    for hyp in hyps:
        segment_refs: list[list[str]] = []
        for _ in range(draw(st.integers(1, 3))):
            if draw(st.booleans()):
                segment_refs.append(draw(SEGMENT))
            else:
                ref: list[str] = list(hyp)
                if len(ref) > 0 and draw(st.booleans()):
                    del ref[draw(st.integers(0, len(ref) - 1))]
                ref += draw(st.lists(WORDS, max_size=2))
                segment_refs.append(ref)
        refs.append(segment_refs)
    return hyps, refs


@settings(max_examples=800, deadline=None)
@given(corpus=tf_corpus(), smooth=st.booleans(), max_order=st.integers(1, 6))
def test_random_corpora_equal_the_published_algorithm(
    corpus: tuple[list[list[str]], list[list[list[str]]]], smooth: bool, max_order: int
) -> None:
    hyps, refs = corpus
    check(hyps, refs, smooth, max_order)


@settings(max_examples=200, deadline=None)
@given(corpus=tf_corpus(), smooth=st.booleans())
def test_sentence_scores_equal_the_published_algorithm(
    corpus: tuple[list[list[str]], list[list[list[str]]]], smooth: bool
) -> None:
    hyps, refs = corpus
    config = tf_config(smooth)
    for hyp, segment_refs in zip(hyps, refs, strict=True):
        text_refs = [" ".join(r) for r in segment_refs]
        try:
            bleu = tf_nmt_bleu([hyp], [segment_refs], 4, smooth)[0]
        except ZeroDivisionError:
            with pytest.raises(ValueError, match="tensorflow/nmt"):
                sentence_bleu(" ".join(hyp), text_refs, config)
            continue
        assert sentence_bleu(" ".join(hyp), text_refs, config).native_score == bleu


# --------------------------------------------------------------------------------
# Published values
# --------------------------------------------------------------------------------

# NLTK's bleu_score docstring example (nltk/translate/bleu_score.py).
GUIDE_HYP = (
    "It is a guide to action which ensures that the military always obeys the "
    "commands of the party"
)
GUIDE_REFS = [
    "It is a guide to action that ensures that the military will forever heed "
    "Party commands",
    "It is the guiding principle which guarantees the military forces always being "
    "under the command of the Party",
    "It is the practical guide for the army always to heed the directions of the party",
]


def test_guide_to_action_example() -> None:
    ours = sentence_bleu(GUIDE_HYP, GUIDE_REFS, tf_config())
    assert ours.native_score == 0.5045666840058485
    tokens = [GUIDE_HYP.split()], [[r.split() for r in GUIDE_REFS]]
    assert tf_nmt_bleu(*tokens)[0] == 0.5045666840058485


def test_shortest_reference_tf_nmt_issue_244() -> None:
    """tensorflow/nmt #244 / #450: the shortest reference 'Bye' makes BP 1 → 1.0."""
    ours = sentence_bleu("I ate an apple", ["Bye", "I ate an apple here"], tf_config())
    assert ours.native_score == 1.0
    assert ours.ref_len == 1
    # sacreBLEU's closest-length rule would use the 5-token reference instead.
    closest = sentence_bleu(
        "I ate an apple",
        ["Bye", "I ate an apple here"],
        BleuConfig(tokenizer="none", effective_order=True),
    )
    assert closest.ref_len == 5


def test_disjoint_with_smoothing_is_above_zero() -> None:
    """Add-one on every order: disjoint 4-token texts score 120**-0.25 (§4)."""
    ours = sentence_bleu("a b c d", ["e f g h"], tf_config(smooth=True))
    assert ours.native_score == 0.3021375397356768
    assert sentence_bleu("a b c d", ["e f g h"], tf_config()).native_score == 0


def test_unsmoothed_zero_precision_is_int_zero_times_bp() -> None:
    ours = sentence_bleu("a b c", ["a b d"], tf_config())
    expected = tf_nmt_bleu([["a", "b", "c"]], [[["a", "b", "d"]]])[0]
    assert ours.native_score == expected == 0
    assert ours.note is not None


@pytest.mark.parametrize(
    ("hyps", "refs"),
    [
        pytest.param(["", ""], [["a b", "c"]], id="empty-hypotheses"),
        pytest.param(["a b", "c"], [["", ""]], id="empty-references"),
        pytest.param(["a b"], [[""], ["a b"]], id="shortest-reference-empty"),
        pytest.param([""], [[""]], id="both-empty"),
    ],
)
@pytest.mark.parametrize("smooth", [False, True], ids=["none", "add-one"])
def test_zero_division_cases_raise_value_error(
    hyps: list[str], refs: list[list[str]], smooth: bool
) -> None:
    tokens = [[stream[i].split() for stream in refs] for i in range(len(hyps))]
    with pytest.raises(ZeroDivisionError):
        tf_nmt_bleu([h.split() for h in hyps], tokens, 4, smooth)
    with pytest.raises(ValueError, match="ZeroDivisionError"):
        corpus_bleu(hyps, refs, tf_config(smooth))


def test_unscorable_sentences_are_marked_not_invented() -> None:
    config = tf_config()
    stats = corpus_stats(["a b c d", "", "a b"], [["a b c d", "x", ""]], config)
    results = list(iter_sentence_scores(stats, config))
    assert not isinstance(results[0], Unavailable)
    assert results[0].native_score == 1.0
    assert isinstance(results[1], Unavailable)
    assert isinstance(results[2], Unavailable)
    arrays = score_sentences(stats, config)
    assert arrays.score[0] == 100.0
    assert np.isnan(arrays.score[1:]).all()


def test_default_tokenizer_is_13a_as_hugging_face_evaluate() -> None:
    config = BleuConfig(compat=Compat.TF_NMT)
    assert config.tokenizer == "13a"
    ours = corpus_bleu(["The cat sat."], [["The cat sat ."]], config)
    assert (
        ours.native_score
        == tf_nmt_bleu([["The", "cat", "sat", "."]], [[["The", "cat", "sat", "."]]])[0]
    )
