"""Compat.MULTI_BLEU reproduces multi-bleu.perl (Moses).

multi-bleu.perl is sacreBLEU with `tokenize='none', smooth_method='none'` in its
counts (reference notes §0, §1), but computes on a 0-1 scale, so the score agrees
with sacreBLEU's to ~1e-15 relative, not bit for bit. It reads undecoded bytes, so
it splits on ASCII whitespace only and `-lc` lowercases ASCII only. Two inputs make
it print no number (an empty reference side, an empty hypothesis side); bleu-gui
refuses those with an explanation.

The closing arithmetic is also checked against Perl itself: a small Perl program,
written here from the published formula, computes BLEU and the printed line from
given counts, and ours must equal it exactly.
"""

import math
import random
import re
import shutil
import subprocess
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import (
    BleuConfig,
    BleuScore,
    Compat,
    corpus_bleu,
    corpus_stats,
    score_corpus,
    sentence_bleu,
    tokenizer_for,
)
from bleu_gui.core.compat.multi_bleu import format_line
from tests.oracles import sacrebleu_refs

Refs = list[list[str | None]]

MULTI = BleuConfig(compat=Compat.MULTI_BLEU)
MULTI_LC = BleuConfig(compat=Compat.MULTI_BLEU, lowercase=True)


def sacre(lowercase: bool = False) -> BLEU:
    return BLEU(tokenize="none", smooth_method="none", lowercase=lowercase)


def sacre_line(s: Any) -> str:
    """multi-bleu.perl's output format, filled with sacreBLEU's values."""
    precisions = "/".join(f"{p:.1f}" for p in s.precisions)
    return (
        f"BLEU = {s.score:.2f}, {precisions} (BP={s.bp:.3f}, ratio={s.ratio:.3f}, "
        f"hyp_len={s.sys_len}, ref_len={s.ref_len})"
    )


def assert_close_to_sacrebleu(ours: BleuScore, theirs: Any) -> None:
    assert list(ours.counts) == list(theirs.counts)
    assert list(ours.totals) == list(theirs.totals)
    assert (ours.sys_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)
    assert ours.bp == theirs.bp
    assert ours.ratio == theirs.ratio
    assert math.isclose(ours.score, theirs.score, rel_tol=1e-9)
    assert ours.native_score == ours.score
    for mine, other in zip(ours.precisions, theirs.precisions, strict=True):
        assert math.isclose(mine, other, rel_tol=1e-9)


# --------------------------------------------------------------------------------
# Random ASCII corpora against sacreBLEU none/none
# --------------------------------------------------------------------------------

ASCII_WORDS = ("the", "The", "CAT", "cat", "sat", "on", "mat", "a", "A", ".", ",", "'s")
ASCII_SPACE = (" ", " ", " ", "  ", "\t", " \t ")


@st.composite
def ascii_segment(draw: st.DrawFn) -> str:
    words = draw(st.lists(st.sampled_from(ASCII_WORDS), max_size=10))
    text = "".join(w + draw(st.sampled_from(ASCII_SPACE)) for w in words)
    return draw(st.sampled_from(("", " ", "\t"))) + text


@st.composite
def ascii_corpus(draw: st.DrawFn) -> tuple[list[str], Refs]:
    size = draw(st.integers(1, 6))
    hyps = [draw(ascii_segment()) for _ in range(size)]
    refs: Refs = []
    for _ in range(draw(st.integers(1, 3))):
        stream: list[str | None] = []
        for hyp in hyps:
            if draw(st.booleans()):
                stream.append(draw(ascii_segment()))
            else:
                words = hyp.split()
                if words:
                    del words[draw(st.integers(0, len(words) - 1))]
                stream.append(
                    " ".join(
                        words + draw(st.lists(st.sampled_from(ASCII_WORDS), max_size=2))
                    )
                )
        refs.append(stream)
    return hyps, refs


def refusal(hyps: list[str], refs: Refs, config: BleuConfig) -> str | None:
    """Which of multi-bleu.perl's two failures this corpus hits, if any."""
    summed = corpus_stats(hyps, refs, config).summed()
    if summed.closest_ref_len == 0:
        return "BLEU = 0, 0/0/0/0"
    if summed.hyp_len == 0:
        return "Illegal division by zero"
    return None


@settings(max_examples=300, deadline=None)
@given(corpus=ascii_corpus(), lowercase=st.booleans())
def test_random_ascii_corpora_match_sacrebleu_none_none(
    corpus: tuple[list[str], Refs], lowercase: bool
) -> None:
    hyps, refs = corpus
    config = MULTI_LC if lowercase else MULTI
    failure = refusal(hyps, refs, config)
    if failure is not None:
        with pytest.raises(ValueError, match=failure):
            corpus_bleu(hyps, refs, config)
        return
    ours = corpus_bleu(hyps, refs, config)
    assert ours.compat is Compat.MULTI_BLEU
    assert_close_to_sacrebleu(
        ours, sacre(lowercase).corpus_score(hyps, sacrebleu_refs(refs))
    )


def random_ascii_corpora(count: int, seed: int) -> list[tuple[list[str], Refs]]:
    rng = random.Random(seed)
    corpora: list[tuple[list[str], Refs]] = []
    while len(corpora) < count:
        size = rng.randint(1, 8)
        hyps = [
            " ".join(rng.choices(ASCII_WORDS, k=rng.randint(1, 15)))
            for _ in range(size)
        ]
        refs: Refs = []
        for _ in range(rng.randint(1, 3)):
            stream: list[str | None] = []
            for hyp in hyps:
                words = hyp.split()
                for _ in range(rng.randint(0, 4)):
                    i = rng.randrange(len(words) + 1)
                    if rng.random() < 0.5 and i < len(words):
                        del words[i]
                    else:
                        words.insert(i, rng.choice(ASCII_WORDS))
                stream.append(" ".join(words))
            refs.append(stream)
        if refusal(hyps, refs, MULTI) is None:
            corpora.append((hyps, refs))
    return corpora


def test_printed_line_matches_sacrebleu_values_in_most_cases() -> None:
    """The 2-decimal line is the same as one printed from sacreBLEU's numbers.

    The two compute on different scales, so a value lying within ~1e-13 of a
    rounding boundary may print differently; that must be rare, and then only by
    one unit of the last printed digit.
    """
    corpora = random_ascii_corpora(400, seed=2026)
    differ = 0
    for hyps, refs in corpora:
        ours = format_line(corpus_bleu(hyps, refs, MULTI))
        theirs = sacre_line(sacre().corpus_score(hyps, sacrebleu_refs(refs)))
        if ours == theirs:
            continue
        differ += 1
        mine, other = NUMBER.findall(ours), NUMBER.findall(theirs)
        assert len(mine) == len(other)
        for a, b in zip(mine, other, strict=True):
            places = len(a.partition(".")[2])
            assert abs(float(a) - float(b)) <= 1.001 * 10**-places, (ours, theirs)
    assert differ <= len(corpora) // 100


NUMBER = re.compile(r"\d+(?:\.\d+)?")


# --------------------------------------------------------------------------------
# Perl's own arithmetic
# --------------------------------------------------------------------------------

# Written from multi-bleu.perl's published closing formula and output format; reads
# "c1 c2 c3 c4 t1 t2 t3 t4 hyp_len ref_len" lines, prints 100*BLEU and the line.
PERL_ORACLE = r"""
sub floored_log { my ($x) = @_; return $x ? log($x) : -9999999999; }
while (my $row = <STDIN>) {
  my @f = split ' ', $row;
  my ($hyp, $ref) = @f[8, 9];
  my @prec = map { $f[4 + $_] ? $f[$_] / $f[4 + $_] : 0 } 0 .. 3;
  my $penalty = $hyp < $ref ? exp(1 - $ref / $hyp) : 1;
  my $sum = floored_log($prec[0]) + floored_log($prec[1])
          + floored_log($prec[2]) + floored_log($prec[3]);
  my $score = $penalty * exp($sum / 4);
  printf "%.17g\t", 100 * $score;
  printf "BLEU = %.2f, %.1f/%.1f/%.1f/%.1f (BP=%.3f, ratio=%.3f, hyp_len=%d, "
    . "ref_len=%d)\n", 100 * $score, (map { 100 * $_ } @prec), $penalty,
    $hyp / $ref, $hyp, $ref;
}
"""

needs_perl = pytest.mark.skipif(shutil.which("perl") is None, reason="needs perl")


def run_perl(results: list[BleuScore]) -> list[tuple[float, str]]:
    lines = [
        " ".join(map(str, [*r.counts, *r.totals, r.sys_len, r.ref_len]))
        for r in results
    ]
    done = subprocess.run(
        ["perl", "-e", PERL_ORACLE],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    out = []
    for row in done.stdout.splitlines():
        value, line = row.split("\t")
        out.append((float(value), line))
    assert len(out) == len(results)
    return out


@needs_perl
def test_closing_arithmetic_equals_perl() -> None:
    results = [corpus_bleu(h, r, MULTI) for h, r in random_ascii_corpora(400, seed=7)]
    # Hand-picked: the README corpus, an order with no n-grams, a zero match order,
    # BP < 1 and ratio > 1.
    results += [
        corpus_bleu(["a b c"], [["a b c"]], MULTI),
        corpus_bleu(["a b c d e"], [["a b x d e f g"]], MULTI),
        corpus_bleu(["a b c d e f g h"], [["a b c"]], MULTI),
        corpus_bleu(
            [
                "The dog bit the man .",
                "It was n't surprising .",
                "The man had just bitten him .",
            ],
            [
                [
                    "The dog bit the man .",
                    "It was not unexpected .",
                    "The man bit him first .",
                ],
                [
                    "The dog had bit the man .",
                    "No one was surprised .",
                    "The man had bitten the dog .",
                ],
            ],
            MULTI,
        ),
    ]
    for ours, (value, line) in zip(results, run_perl(results), strict=True):
        assert ours.native_score == value
        assert format_line(ours) == line


@needs_perl
def test_perl_and_sacrebleu_scales_differ_in_the_last_bits() -> None:
    """Why the sacreBLEU comparison uses a tolerance: the README corpus, 13a-split.

    multi-bleu.perl on the 13a-tokenized text has sacreBLEU's 13a counts, but its
    0-1 scale ends in other last digits than sacreBLEU's percent arithmetic.
    """
    hyps = [
        "The dog bit the man.",
        "It wasn't surprising.",
        "The man had just bitten him.",
    ]
    refs: Refs = [
        ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
        [
            "The dog had bit the man.",
            "No one was surprised.",
            "The man had bitten the dog.",
        ],
    ]
    split = tokenizer_for(BleuConfig())
    tokenized_refs: Refs = [[split(line or "") for line in stream] for stream in refs]
    ours = corpus_bleu([split(h) for h in hyps], tokenized_refs, MULTI)
    theirs = BLEU().corpus_score(hyps, sacrebleu_refs(refs))
    assert list(ours.counts) == list(theirs.counts)
    ((value, _),) = run_perl([ours])
    assert ours.native_score == value
    assert value != theirs.score
    assert math.isclose(value, theirs.score, rel_tol=1e-14)


# --------------------------------------------------------------------------------
# Bytes semantics: ASCII whitespace, ASCII lowercasing
# --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        pytest.param("a\u00a0b c", ["a\u00a0b", "c"], id="nbsp-inside-token"),
        pytest.param("a\u3000b c", ["a\u3000b", "c"], id="ideographic-space-inside"),
        pytest.param("a\u2009b", ["a\u2009b"], id="thin-space-inside"),
        pytest.param("a\x1cb", ["a\x1cb"], id="file-separator-inside"),
        pytest.param("a\x85b", ["a\x85b"], id="next-line-inside"),
        pytest.param(
            " a\tb\x0bc\x0cd\re  ", ["a", "b", "c", "d", "e"], id="ascii-space"
        ),
    ],
)
def test_ascii_whitespace_only(text: str, tokens: list[str]) -> None:
    assert tokenizer_for(MULTI)(text).split(" ") == tokens
    ours = corpus_bleu([text], [["x"]], MULTI)
    assert ours.sys_len == len(tokens)


def test_nbsp_differs_from_sacrebleu_none() -> None:
    hyps, refs = ["a\u00a0b c d e"], [["a b c d e"]]
    ours = corpus_bleu(hyps, refs, MULTI)
    theirs = sacre().corpus_score(hyps, refs)
    assert (ours.sys_len, theirs.sys_len) == (4, 5)
    assert ours.counts[0] == 3


@pytest.mark.parametrize(
    ("text", "lowered"),
    [
        pytest.param("ÉCOLE Paris", "École paris", id="accented-capital-kept"),
        pytest.param("İSTANBUL", "İstanbul", id="dotted-i-kept"),
        pytest.param("ΟΔΟΣ ABC", "ΟΔΟΣ abc", id="greek-kept"),
        pytest.param("STRASSE Straße", "strasse straße", id="ascii-lowered"),
    ],
)
def test_ascii_only_lowercasing(text: str, lowered: str) -> None:
    assert tokenizer_for(MULTI_LC)(text) == lowered


# Characters Python's str.split() or str.lower() treat differently from Perl's byte
# semantics, next to plain ASCII.
TRICKY = (
    "aZ  \t\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2009\u2028\u3000\ufeffÉİΣßǅﬁ😀.,"
)


@needs_perl
def test_whitespace_and_lowercasing_equal_perl_on_bytes() -> None:
    """`perl -ne 'chop; $_ = lc; print join(SEP, split)'` on the UTF-8 bytes."""
    rng = random.Random(11)
    lines = [
        "",
        " ",
        "ÉCOLE İSTANBUL ΟΔΟΣ ABC",
        "a\u00a0b c\x1cd e\x85f g\u3000h i\x0bj",
    ]
    lines += ["".join(rng.choices(TRICKY, k=rng.randint(0, 30))) for _ in range(500)]
    done = subprocess.run(
        ["perl", "-ne", r'chop; $_ = lc; print join("\x01", split), "\n"'],
        input="".join(line + "\n" for line in lines).encode("utf-8"),
        capture_output=True,
        check=True,
        timeout=60,
    )
    perl_lines = done.stdout.decode("utf-8").split("\n")[:-1]
    assert len(perl_lines) == len(lines)
    tokenize = tokenizer_for(MULTI_LC)
    for line, perl in zip(lines, perl_lines, strict=True):
        ours = tokenize(line)
        assert (ours.split(" ") if ours else []) == (perl.split("\x01") if perl else [])


def test_ascii_lowercasing_changes_the_score() -> None:
    hyps, refs = ["ÉCOLE Paris"], [["école paris"]]
    ours = corpus_bleu(hyps, refs, MULTI_LC)
    theirs = sacre(lowercase=True).corpus_score(hyps, refs)
    assert (ours.counts[0], theirs.counts[0]) == (1, 2)


# --------------------------------------------------------------------------------
# Refusals and the rest
# --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hyps", "refs", "message"),
    [
        pytest.param(["a b"], [[""]], r"BLEU = 0, 0/0/0/0 .* exits 1", id="ref-len-0"),
        pytest.param(["", ""], [["", ""]], r"BLEU = 0, 0/0/0/0", id="all-empty"),
        pytest.param(
            ["", ""], [["a", "b"]], "Illegal division by zero", id="empty-hyps"
        ),
    ],
)
def test_refusals_say_what_multi_bleu_perl_does(
    hyps: list[str], refs: Refs, message: str
) -> None:
    with pytest.raises(ValueError, match=r"multi-bleu\.perl") as error:
        corpus_bleu(hyps, refs, MULTI)
    assert error.match(message)


def test_empty_hypothesis_segment_is_fine_when_the_corpus_is_not_empty() -> None:
    hyps, refs = ["", "a b c d"], [["x y", "a b c d"]]
    ours = corpus_bleu(hyps, refs, MULTI)
    assert_close_to_sacrebleu(ours, sacre().corpus_score(hyps, refs))


def test_order_without_ngrams_scores_zero() -> None:
    ours = corpus_bleu(["a b c"], [["a b c"]], MULTI)
    assert ours.score == 0.0
    assert ours.note is not None
    assert "4-gram" in ours.note


def test_sentence_equals_corpus_of_one() -> None:
    hyp, refs = "the cat sat on the mat", ["the cat sat on a mat", "a cat"]
    one = sentence_bleu(hyp, refs, MULTI)
    assert one == corpus_bleu([hyp], [[r] for r in refs], MULTI)
    stats = corpus_stats([hyp], [[r] for r in refs], MULTI)
    assert score_corpus(stats, MULTI) == one
