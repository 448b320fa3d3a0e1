"""Tokenizers: the canonical form is exactly the tokens sacreBLEU counts.

sacreBLEU preprocesses a segment as `tokenizer(line.lower().rstrip())` and splits
the result with `str.split()`; ours must give those tokens joined by single spaces.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import (
    BleuConfig,
    Compat,
    ConfigError,
    TokenizerUnavailableError,
    available_tokenizers,
    corpus_bleu,
    get_tokenizer,
    tokenizer_for,
)
from bleu_gui.core import tokenize as tokenize_module
from bleu_gui.core.tokenize import TOKENIZER_NAMES, Tokenizer, split_tokens
from tests.core.strategies import segments

ALL_TOKENIZERS = ("13a", "intl", "zh", "char", "none", "ja-mecab", "ko-mecab")
FAST_TOKENIZERS = ("13a", "intl", "zh", "char", "none")


def sacrebleu_tokens(line: str, name: str, lowercase: bool) -> str:
    """What sacreBLEU counts: its own preprocessing, then `str.split()`."""
    if lowercase:
        line = line.lower()
    tokenizer = BLEU(tokenize=name).tokenizer
    return " ".join(tokenizer(line.rstrip()).split())


LINES = [
    "",
    "   ",
    "The cat sat on the mat.",
    "“Hello,” she said — «really?» ¿Qué? It’s 5 o’clock…",
    "It rose 5% in 2021. The U.S. e-mail cost $5,000.50 - really?",
    "Sané &amp; Co. <skipped> won &lt;3 &quot;games&quot;",
    "the\u00a0cat sat\u3000on the\u2009mat \t ",
    "我喜欢吃苹果。今天天气很好，我们去公园吧！",
    "猫が好きです。東京は大きい都市です",
    "나는 고양이를 좋아한다. 서울은 큰 도시입니다",
    "İstanbul'da ΟΔΟΣ ist eine STRASSE. ǅemal ﬁnished",
    "emoji 😀 👍🏽 ok\tand\nnew-\nline",
]


@pytest.mark.parametrize("name", ALL_TOKENIZERS)
@pytest.mark.parametrize("lowercase", [False, True], ids=["mixed", "lc"])
@pytest.mark.parametrize("line", LINES, ids=range(len(LINES)))
def test_canonical_form_equals_sacrebleu(name: str, lowercase: bool, line: str) -> None:
    tokenizer = get_tokenizer(name, lowercase=lowercase)
    assert tokenizer(line) == sacrebleu_tokens(line, name, lowercase)


@settings(max_examples=600, deadline=None)
@given(
    line=st.one_of(segments, st.text(max_size=40)),
    name=st.sampled_from(FAST_TOKENIZERS),
    lowercase=st.booleans(),
)
def test_random_canonical_form_equals_sacrebleu(
    line: str, name: str, lowercase: bool
) -> None:
    tokenized = get_tokenizer(name, lowercase=lowercase)(line)
    assert tokenized == sacrebleu_tokens(line, name, lowercase)
    # Canonical: single spaces, no empty tokens, no other whitespace.
    assert split_tokens(tokenized) == tokenized.split()


@pytest.mark.parametrize("name", ALL_TOKENIZERS)
def test_signature_equals_sacrebleu(name: str) -> None:
    assert get_tokenizer(name).signature == BLEU(tokenize=name).tokenizer_signature


def test_available_tokenizers_here() -> None:
    available = available_tokenizers()
    assert "ja-mecab" in available
    assert "ko-mecab" in available
    assert set(available) == set(ALL_TOKENIZERS)
    assert (*ALL_TOKENIZERS, "split-space") == TOKENIZER_NAMES
    assert available_tokenizers(("split-space",)) == (*available, "split-space")


@pytest.mark.parametrize("name", ["13b", "spm", "flores200", "", "13A"])
def test_unknown_tokenizer_error(name: str) -> None:
    with pytest.raises(ConfigError) as error:
        get_tokenizer(name)
    assert str(error.value) == (
        f"unknown tokenizer {name!r} (choose one of: 13a, intl, zh, char, none, "
        "ja-mecab, ko-mecab; split-space in tf-nmt mode)"
    )
    assert not isinstance(error.value, TokenizerUnavailableError)


def test_unknown_tokenizer_in_a_config_fails_when_scoring() -> None:
    config = BleuConfig(tokenizer="13b")
    with pytest.raises(ConfigError, match="unknown tokenizer '13b'"):
        corpus_bleu(["a"], [["a"]], config)


def test_perl_semantics_only_for_none() -> None:
    with pytest.raises(ConfigError, match="only for tokenizer 'none'"):
        get_tokenizer("13a", perl=True)


def test_tokenizer_for_config() -> None:
    tokenizer = tokenizer_for(BleuConfig(tokenizer="intl", lowercase=True))
    assert (tokenizer.name, tokenizer.lowercase, tokenizer.perl) == (
        "intl",
        True,
        False,
    )
    perl = tokenizer_for(BleuConfig(compat=Compat.MULTI_BLEU))
    assert (perl.name, perl.signature, perl.perl) == ("none", "none", True)
    assert perl("a\u00a0b  c") == "a\u00a0b c"


def test_split_tokens() -> None:
    assert split_tokens("") == []
    assert split_tokens("a b c") == ["a", "b", "c"]


# --------------------------------------------------------------------------------
# tokenize_all / tokenize_distinct
# --------------------------------------------------------------------------------


def counting_tokenizer() -> tuple[Tokenizer, list[str]]:
    seen: list[str] = []

    def split(line: str) -> str:
        seen.append(line)
        return line.upper()

    return Tokenizer("upper", "upper", False, False, split), seen


def test_tokenize_all_tokenizes_each_distinct_line_once() -> None:
    tokenizer, seen = counting_tokenizer()
    lines = ["a b", "c", "a b", "", "c", "a b"]
    assert tokenizer.tokenize_all(lines) == ["A B", "C", "A B", "", "C", "A B"]
    assert sorted(seen) == sorted(["a b", "c", ""])


@settings(max_examples=200, deadline=None)
@given(
    lines=st.lists(st.sampled_from(LINES) | segments, max_size=15),
    name=st.sampled_from(FAST_TOKENIZERS),
    lowercase=st.booleans(),
)
def test_tokenize_all_gives_the_same_results(
    lines: list[str], name: str, lowercase: bool
) -> None:
    tokenizer = get_tokenizer(name, lowercase=lowercase)
    expected = [tokenizer(line) for line in lines]
    assert tokenizer.tokenize_all(lines) == expected
    table = tokenizer.tokenize_distinct(lines)
    assert set(table) == set(lines)
    assert [table[line] for line in lines] == expected


def test_iter_tokenize_reports_progress_per_chunk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tokenize_module, "_CHUNK_LINES", 4)
    tokenizer = get_tokenizer("13a")
    lines = [f"line {i}." for i in range(10)] + ["line 0."]
    steps = tokenizer.iter_tokenize(lines)
    progress = []
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as done:
            table = done.value
            break
    assert progress == [(4, 10), (8, 10), (10, 10)]
    assert table == {line: tokenizer(line) for line in lines}


def test_mecab_tokenizers_are_available_here() -> None:
    for name in ("ja-mecab", "ko-mecab"):
        assert get_tokenizer(name).signature.startswith(name)
