"""tf-nmt mode with tokenizer split-space reproduces tensorflow/nmt's file pipeline.

tensorflow/nmt's `_bleu` (nmt/utils/evaluation_utils.py) reads each line, strips it
and splits it with `split(" ")`: an empty line is one empty token and a double space
makes an empty token. Its own test (`evaluation_utils_test.testEvaluate`) expects
22.5855084573 for the files in tests/data/tf_nmt/ (see the README there), with the
references' BPE marks removed after stripping. tensorflow/nmt does not install here;
the oracle of `tests/oracles.py` is written from its published behaviour and fed
with `line.strip().split(" ")`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleu_gui.core import (
    BleuConfig,
    Compat,
    ConfigError,
    Smoothing,
    corpus_bleu,
    corpus_stats,
    get_tokenizer,
)
from bleu_gui.core.explain import explain_sentence
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.scoring import iter_corpus_stats
from bleu_gui.core.steps import drain
from bleu_gui.core.tokenize import join_tokens, split_tokens
from tests.oracles import tf_nmt_bleu

DATA = Path(__file__).parent.parent / "data" / "tf_nmt"
TF_NMT_TEST_VALUE = 22.5855084573
"""`expected_bleu_score` of tensorflow/nmt's testEvaluate, to the digits it gives."""

SPLIT_SPACE = BleuConfig(compat=Compat.TF_NMT, tokenizer="split-space")


def read_lines(name: str) -> list[str]:
    """A file's lines, as tensorflow/nmt's reader gives them, newline dropped."""
    text = (DATA / name).read_text(encoding="utf-8")
    return text.split("\n")[:-1]


def debpe(line: str) -> str:
    """tensorflow/nmt's reference cleaning for subword_option="bpe" (test input)."""
    return line.strip().replace("@@ ", "")


def deen() -> tuple[list[str], list[str]]:
    """(hypotheses, de-BPE'd references) of tensorflow/nmt's test."""
    return read_lines("deen_output"), [
        debpe(line) for line in read_lines("deen_ref_bpe")
    ]


def test_the_repositorys_own_test_value() -> None:
    hyps, refs = deen()
    score = corpus_bleu(hyps, [refs], SPLIT_SPACE)
    assert abs(score.score - TF_NMT_TEST_VALUE) < 1e-10
    expected = tf_nmt_bleu(
        [line.strip().split(" ") for line in hyps],
        [[line.strip().split(" ")] for line in refs],
    )
    assert score.native_score == expected[0]
    assert (score.sys_len, score.ref_len) == (expected[4], expected[5])


def test_the_three_empty_lines_are_the_whole_difference() -> None:
    """Without the empty tokens ('none'), three tokens fewer and another number."""
    hyps, refs = deen()
    assert sum(not line.strip() for line in hyps) == 3
    ours = corpus_bleu(hyps, [refs], SPLIT_SPACE)
    spaces = corpus_bleu(
        hyps, [refs], BleuConfig(compat=Compat.TF_NMT, tokenizer="none")
    )
    assert spaces.sys_len == ours.sys_len - 3
    assert round(spaces.score, 10) == 22.5846775212


def test_worker_processes_count_the_same_empty_tokens() -> None:
    hyps, refs = deen()
    alone = corpus_stats(hyps, [refs], SPLIT_SPACE)
    with WorkerPool(2) as pool:
        pooled = drain(iter_corpus_stats(hyps, [refs], SPLIT_SPACE, pool=pool))
    assert pooled.hyp_len.tolist() == alone.hyp_len.tolist()
    assert pooled.matches.tolist() == alone.matches.tolist()
    assert int(alone.hyp_len.sum()) == 63214  # tensorflow/nmt's translation_length


@pytest.mark.parametrize(
    ("line", "tokens"),
    [
        ("", [""]),
        ("   ", [""]),
        ("\t\n", [""]),
        ("a  b", ["a", "", "b"]),
        ("  a b  ", ["a", "b"]),
        ("a\tb c", ["a\tb", "c"]),
        ("a   b", ["a", "", "", "b"]),
        ("A\u00a0B", ["A\u00a0B"]),
        ("\u3000x y\u3000", ["x", "y"]),
    ],
)
def test_split_space_is_strip_then_split_on_each_space(
    line: str, tokens: list[str]
) -> None:
    assert split_tokens(get_tokenizer("split-space")(line)) == tokens
    assert split_tokens(get_tokenizer("split-space", lowercase=True)(line.upper())) == [
        token.lower() for token in tokens
    ]


@pytest.mark.parametrize("tokens", [[], [""], ["", ""], ["a", ""], ["", "b", ""]])
def test_join_tokens_round_trips_empty_tokens(tokens: list[str]) -> None:
    assert split_tokens(join_tokens(tokens)) == tokens


def test_empty_tokens_match_as_tensorflow_nmt_counts_them() -> None:
    """By hand: hypotheses [""] and ["a", "", "b"] against the same lines.

    4 tokens; unigrams 4 of 4 match ("" with "" too); bigrams ("a", "") and ("", "b")
    2 of 2; the trigram 1 of 1; no 4-gram at all, so tensorflow/nmt's precision 0
    and BLEU 0.
    """
    lines = ["", "a  b"]
    score = corpus_bleu(lines, [lines], SPLIT_SPACE)
    assert [term.matches for term in score.terms] == [4, 2, 1, 0]
    assert [term.total for term in score.terms] == [4, 2, 1, 0]
    assert (score.sys_len, score.ref_len, score.score) == (4, 4, 0.0)
    one_more = corpus_bleu(["", "a  b c"], [["", "a  b c"]], SPLIT_SPACE)
    assert one_more.score == 100.0


LINE = st.lists(
    st.sampled_from(["", " ", "  ", "a", "b", "a a", "\t", "b  a", " a"]), max_size=6
).map("".join)


@settings(max_examples=300, deadline=None)
@given(
    hyps=st.lists(LINE, min_size=1, max_size=6),
    smooth=st.booleans(),
)
def test_empty_lines_and_double_spaces_as_the_oracle_counts_them(
    hyps: list[str], smooth: bool
) -> None:
    refs = list(reversed(hyps))
    config = BleuConfig(
        compat=Compat.TF_NMT,
        tokenizer="split-space",
        smoothing=Smoothing.ADD_ONE if smooth else Smoothing.NONE,
    )
    expected = tf_nmt_bleu(
        [line.strip().split(" ") for line in hyps],
        [[line.strip().split(" ")] for line in refs],
        4,
        smooth,
    )
    score = corpus_bleu(hyps, [refs], config)
    assert score.native_score == expected[0]
    assert [term.precision for term in score.terms] == [100 * p for p in expected[1]]
    assert (score.sys_len, score.ref_len) == (expected[4], expected[5])


@pytest.mark.parametrize("compat", [Compat.SACREBLEU, Compat.NLTK, Compat.MULTI_BLEU])
def test_split_space_exists_only_in_tf_nmt_mode(compat: Compat) -> None:
    with pytest.raises(ConfigError) as error:
        BleuConfig(compat=compat, tokenizer="split-space")
    assert str(error.value) == "tokenizer 'split-space' exists only in tf-nmt mode"
    assert error.value.field == "tokenizer"


def test_an_empty_line_is_explained_as_one_empty_token() -> None:
    explained = explain_sentence("", ["a b"], SPLIT_SPACE)
    assert explained.hypothesis.tokens == ("",)
    assert explained.score.sys_len == 1
    assert explained.orders[0].term.total == 1
