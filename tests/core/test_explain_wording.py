"""The words of an explanation, pinned: brevity, mean and diagnosis in every mode.

Each text is written out in full. The numbers in it are checked against the library
the mode reproduces (sacreBLEU, NLTK, the tensorflow/nmt oracle, sacreBLEU with
multi-bleu.perl's options), never against our own scorer, so that a wrong digit, a
wrong weight, a wrong scale or a wrong rule in the wording fails here.

Demo sentence 3 is "Motorist overlooks biker" (Facebook-AI, WMT21 de-en), whose two
references have 7 and 5 tokens: a hypothesis shorter than 4 tokens, so sacreBLEU's
sentence score averages over 3 orders (effective order).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from nltk.translate.bleu_score import SmoothingFunction
from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core.config import BleuConfig, Compat, ScoreScale
from bleu_gui.core.explain import SentenceExplanation, explain_sentence
from tests.oracles import tf_nmt_bleu

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def demo_line(name: str, number: int) -> str:
    """Line `number` (1-based) of a demo file."""
    lines = (DEMO / name).read_text(encoding="utf-8").splitlines()
    return lines[number - 1]


def demo(number: int) -> tuple[str, list[str]]:
    """Facebook-AI's sentence `number` and its two references."""
    refs = [
        demo_line("ref.A.txt", number),
        demo_line("ref.B.txt", number),
    ]
    return demo_line("sys.Facebook-AI.txt", number), refs


def explain(
    hyp: str, refs: Sequence[str | None], **options: Any
) -> SentenceExplanation:
    return explain_sentence(hyp, refs, BleuConfig(**options))


def sacrebleu_sentence(hyp: str, refs: Sequence[str], **options: Any) -> Any:
    options.setdefault("effective_order", True)
    return BLEU(**options).sentence_score(hyp, list(refs))


def nltk_sentence(hyp: str, refs: Sequence[str], method: int = 0, **kw: Any) -> Any:
    smoother = getattr(SmoothingFunction(), f"method{method}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # method0 warns that BLEU will be tiny
        return nltk_sentence_bleu(
            [ref.split() for ref in refs],
            hyp.split(),
            smoothing_function=smoother,
            **kw,
        )


def test_demo_sentence_3_is_the_short_one() -> None:
    hyp, refs = demo(3)
    assert hyp == "Motorist overlooks biker"
    assert refs == [
        "A female car driver overlooks a biker",
        "Car driver doesn’t see biker",
    ]


# --- sacreBLEU ----------------------------------------------------------------------


def test_sacrebleu_effective_order_averages_over_the_orders_it_has() -> None:
    hyp, refs = demo(3)
    oracle = sacrebleu_sentence(hyp, refs)
    assert (oracle.sys_len, oracle.ref_len) == (3, 5)
    assert f"{oracle.bp:.4f}" == "0.5134"
    assert [f"{p:.2f}" for p in oracle.precisions[:3]] == ["66.67", "25.00", "25.00"]
    assert f"{oracle.score:.2f}" == "17.80"
    explanation = explain(hyp, refs)
    assert explanation.score_text == "17.80"
    assert explanation.scale is ScoreScale.PERCENT
    assert (
        explanation.ref_len_rule == "the closest reference length, ties to the shorter"
    )
    assert explanation.length_refs == (1,)
    assert explanation.brevity == (
        "BP = exp(1 − r/c) = exp(1 − 5/3) = 0.5134 (c = 3 < r = 5)"
    )
    assert explanation.mean == (
        "BLEU = BP × exp((log 66.67 + log 25.00 + log 25.00) / 3) = 0.5134 × 34.67 "
        "= 17.80 (precisions and BLEU in percent, as sacreBLEU computes them; "
        "effective order: the mean is over the 3 orders the hypothesis has)"
    )
    assert explanation.diagnosis == (
        "BLEU = 17.80 (percent): most is lost to the brevity penalty ×0.5134 "
        "(3 tokens against r = 5); then the 2-gram precision 0/2 "
        "(exp: no match, precision set to 1/(2×2))"
    )
    assert [term.smoothing for term in explanation.score.terms] == [
        None,
        "exp: no match, precision set to 1/(2×2)",
        "exp: no match, precision set to 1/(4×1)",
        None,
    ]


def test_losses_are_ranked_with_the_weights_of_the_mean() -> None:
    # Two orders averaged: the 2-gram's loss is ½·ln 10 = 1.15, more than the
    # brevity penalty's 1.0 (with a weight of ¼ it would be 0.58, less).
    oracle = sacrebleu_sentence("the mat", ["the cat on mat"], smooth_method="floor")
    assert f"{oracle.bp:.4f}" == "0.3679"
    assert [f"{p:.2f}" for p in oracle.precisions[:2]] == ["100.00", "10.00"]
    assert f"{oracle.score:.2f}" == "11.63"
    explanation = explain("the mat", ["the cat on mat"], smoothing="floor")
    assert explanation.mean == (
        "BLEU = BP × exp((log 100.00 + log 10.00) / 2) = 0.3679 × 31.62 = 11.63 "
        "(precisions and BLEU in percent, as sacreBLEU computes them; effective "
        "order: the mean is over the 2 orders the hypothesis has)"
    )
    assert explanation.diagnosis == (
        "BLEU = 11.63 (percent): most is lost to the 2-gram precision 0/1 "
        "(floor: no match, precision set to 0.1/1); then the brevity penalty "
        "×0.3679 (2 tokens against r = 4)"
    )


def test_sacrebleu_without_effective_order_has_no_4gram_in_3_tokens() -> None:
    hyp, refs = demo(3)
    assert sacrebleu_sentence(hyp, refs, effective_order=False).score == 0.0
    explanation = explain(hyp, refs, effective_order=False)
    assert explanation.score_text == "0.00"
    assert explanation.mean == (
        "BLEU = 0.00: the hypothesis (3 tokens) has no 4-gram, with effective order "
        "off, p = 0/0 counts as 0, and a zero precision makes BLEU 0"
    )
    assert explanation.diagnosis == (
        "BLEU = 0.00 (percent) because the hypothesis (3 tokens) has no 4-gram, with "
        "effective order off, p = 0/0 counts as 0, and a zero precision makes BLEU 0"
    )


def test_sacrebleu_without_smoothing() -> None:
    hyp, refs = demo(3)
    assert sacrebleu_sentence(hyp, refs, smooth_method="none").score == 0.0
    explanation = explain(hyp, refs, smoothing="none")
    assert explanation.diagnosis == (
        "BLEU = 0.00 (percent) because no 2-gram matches, smoothing 'none' leaves "
        "its precision at 0, and a zero precision makes BLEU 0"
    )


def test_empty_hypothesis_is_called_empty() -> None:
    oracle = sacrebleu_sentence("", ["a b c"])
    assert (oracle.score, oracle.bp, oracle.ref_len) == (0.0, 0.0, 3)
    explanation = explain("", ["a b c"])
    assert explanation.brevity == "BP = 0: the hypothesis is empty (c = 0, r = 3)"
    assert explanation.mean == "BLEU = 0.00: the hypothesis is empty"
    assert (
        explanation.diagnosis == "BLEU = 0.00 (percent) because the hypothesis is empty"
    )


def test_empty_references_are_called_empty() -> None:
    oracle = sacrebleu_sentence("a b", [""])
    assert (oracle.score, oracle.bp, oracle.ref_len) == (0.0, 1.0, 0)
    explanation = explain("a b", [""])
    assert explanation.brevity == (
        "BP = 1: the hypothesis is not shorter than r (c = 2 > r = 0)"
    )
    assert explanation.diagnosis == (
        "BLEU = 0.00 (percent) because the reference is empty, so no n-gram can match"
    )
    several = explain("a b", ["", None, ""])
    assert several.length_refs == (0, 2)
    assert several.diagnosis == (
        "BLEU = 0.00 (percent) because every reference is empty, so no n-gram can match"
    )


def test_nothing_matches() -> None:
    assert sacrebleu_sentence("x y z w", ["a b c d"]).score == 0.0
    explanation = explain("x y z w", ["a b c d"])
    assert explanation.diagnosis == (
        "BLEU = 0.00 (percent) because no n-gram of any order matches, and then "
        "sacreBLEU returns 0 whatever the smoothing"
    )


def test_a_perfect_hypothesis() -> None:
    text = "the cat sat on the mat"
    assert sacrebleu_sentence(text, [text]).score == 100.00000000000004
    explanation = explain(text, [text])
    assert explanation.score_text == "100.00"
    assert explanation.brevity == (
        "BP = 1: the hypothesis is not shorter than r (c = 6 = r = 6)"
    )
    assert explanation.diagnosis == (
        "BLEU = 100.00 (percent): every n-gram matches and the hypothesis is not too "
        "short"
    )


def test_every_order_matches_but_the_hypothesis_is_short() -> None:
    oracle = sacrebleu_sentence("the cat sat on", ["the cat sat on the mat"])
    assert f"{oracle.score:.2f}" == "60.65"
    assert f"{oracle.bp:.4f}" == "0.6065"
    explanation = explain("the cat sat on", ["the cat sat on the mat"])
    assert explanation.diagnosis == (
        "BLEU = 60.65 (percent): every n-gram matches; all is lost to the brevity "
        "penalty ×0.6065 (4 tokens against r = 6)"
    )


def test_a_hypothesis_of_one_token() -> None:
    oracle = sacrebleu_sentence("cat", ["the cat sat"])
    assert f"{oracle.score:.2f}" == "13.53"
    explanation = explain("cat", ["the cat sat"])
    assert explanation.mean == (
        "BLEU = BP × exp((log 100.00) / 1) = 0.1353 × 100.00 = 13.53 (precisions "
        "and BLEU in percent, as sacreBLEU computes them; effective order: the mean "
        "is over the order the hypothesis has)"
    )
    assert explanation.diagnosis == (
        "BLEU = 13.53 (percent): every n-gram matches; all is lost to the brevity "
        "penalty ×0.1353 (1 token against r = 3)"
    )


def test_a_maximum_order_of_2() -> None:
    hyp, refs = demo(1)
    oracle = sacrebleu_sentence(hyp, refs, max_ngram_order=2)
    assert [f"{p:.2f}" for p in oracle.precisions] == ["75.00", "42.86"]
    assert f"{oracle.score:.2f}" == "56.69"
    explanation = explain(hyp, refs, max_order=2)
    assert explanation.mean == (
        "BLEU = BP × exp((log 75.00 + log 42.86) / 2) = 1.0000 × 56.69 = 56.69 "
        "(precisions and BLEU in percent, as sacreBLEU computes them)"
    )
    assert explanation.diagnosis == (
        "BLEU = 56.69 (percent): most is lost to the 2-gram precision 3/7; then the "
        "1-gram precision 6/8"
    )


# --- NLTK -----------------------------------------------------------------------


def test_nltk_method0_speaks_of_one_scale() -> None:
    hyp, refs = demo(3)
    oracle = nltk_sentence(hyp, refs)
    assert f"{oracle:.2e}" == "8.45e-232"
    explanation = explain(hyp, refs, compat="nltk")
    assert explanation.score_text == "8.45e-232"
    assert explanation.scale is ScoreScale.UNIT
    assert explanation.mean == (
        "BLEU = BP × exp(0.25·log 0.6667 + 0.25·log 2.23e-308 + 0.25·log 2.23e-308 "
        "+ 0.25·log 2.23e-308) = 0.5134 × 1.65e-231 = 8.45e-232 (0–1 scale, as "
        "NLTK returns it)"
    )
    assert explanation.diagnosis == (
        "BLEU = 8.45e-232 (0–1 scale), not 0, because no 2-gram, 3-gram or 4-gram "
        "matches and NLTK's method0 sets a zero precision to sys.float_info.min "
        "(2.23e-308)"
    )


def test_nltk_method1_ranks_the_bigram_first() -> None:
    hyp, refs = demo(3)
    oracle = nltk_sentence(hyp, refs, method=1)
    assert f"{oracle:.4f}" == "0.0694"
    explanation = explain(hyp, refs, compat="nltk", smoothing="method1")
    assert explanation.mean == (
        "BLEU = BP × exp(0.25·log 0.6667 + 0.25·log 0.0500 + 0.25·log 0.1000 + "
        "0.25·log 0.1000) = 0.5134 × 0.1351 = 0.0694 (0–1 scale, as NLTK returns it)"
    )
    assert explanation.diagnosis == (
        "BLEU = 0.0694 (0–1 scale): most is lost to the 2-gram precision 0/2 "
        "(method1: no match, numerator set to epsilon 0.1 (precision 0.1/2)); then "
        "the brevity penalty ×0.5134 (3 tokens against r = 5)"
    )


def test_nltk_brevity_is_1_only_for_a_longer_hypothesis() -> None:
    hyp, refs = demo(1)
    explanation = explain(hyp, refs, compat="nltk", smoothing="method3")
    # NLTK's tokens are whitespace-split: ref B has 7, the hypothesis 8.
    assert explanation.brevity == (
        "BP = 1: the hypothesis is longer than r (c = 8 > r = 7)"
    )
    text = "the cat sat on the mat"
    same = explain(text, [text], compat="nltk")
    assert nltk_sentence(text, [text]) == 1.0
    assert same.brevity == (
        "BP = exp(1 − r/c) = exp(1 − 6/6) = 1.0000 (c = 6 = r = 6; NLTK gives 1 only "
        "when c > r)"
    )
    assert same.score_text == "1.0000"


def test_nltk_method3_and_method4_steps() -> None:
    hyp, refs = demo(1)
    assert f"{nltk_sentence(hyp, refs, method=3):.4f}" == "0.1652"
    assert f"{nltk_sentence(hyp, refs, method=4):.4f}" == "0.1065"
    method3 = explain(hyp, refs, compat="nltk", smoothing="method3")
    assert [term.smoothing for term in method3.score.terms] == [
        None,
        None,
        "method3: no match, precision set to 1/(2^1×6)",
        "method3: no match, precision set to 1/(2^2×5)",
    ]
    assert method3.diagnosis == (
        "BLEU = 0.1652 (0–1 scale): most is lost to the 4-gram precision 0/5 "
        "(method3: no match, precision set to 1/(2^2×5)); then the 3-gram precision "
        "0/6 (method3: no match, precision set to 1/(2^1×6))"
    )
    method4 = explain(hyp, refs, compat="nltk", smoothing="method4")
    assert [term.smoothing for term in method4.score.terms] == [
        None,
        None,
        "method4: no match, precision set to 1/(2^1×5/ln 8)/6",
        "method4: no match, precision set to 1/(2^2×5/ln 8)/5",
    ]
    assert method4.mean == (
        "BLEU = BP × exp(0.25·log 0.6250 + 0.25·log 0.2857 + 0.25·log 0.0347 + "
        "0.25·log 0.0208) = 1.0000 × 0.1065 = 0.1065 (0–1 scale, as NLTK returns it)"
    )


def test_nltk_method2_5_6_7_steps() -> None:
    hyp, refs = demo(1)
    assert f"{nltk_sentence(hyp, refs, method=2):.4f}" == "0.2733"
    assert f"{nltk_sentence(hyp, refs, method=5):.4f}" == "0.2024"
    assert f"{nltk_sentence(hyp, refs, method=7):.4f}" == "0.2287"
    method2 = explain(hyp, refs, compat="nltk", smoothing="method2")
    assert [term.smoothing for term in method2.score.terms] == [
        None,
        *["method2: added 1 to matches and to total"] * 3,
    ]
    assert method2.mean.startswith(
        "BLEU = BP × exp(0.25·log 0.6250 + 0.25·log 0.3750 + 0.25·log 0.1429 + "
        "0.25·log 0.1667) = 1.0000 × 0.2733 = 0.2733"
    )
    method5 = explain(hyp, refs, compat="nltk", smoothing="method5")
    assert [term.smoothing for term in method5.score.terms] == [
        "method5: mean of the unigram precision + 1, this order and the bigram "
        "precision = 0.8452",
        "method5: mean of the smoothed unigram value, this order and the trigram "
        "precision = 0.3770",
        "method5: mean of the smoothed bigram value, this order and the 4-gram "
        "precision = 0.1257",
        "method5: mean of the smoothed trigram value, this order and the last "
        "segment's 5-gram precision = 0.0419",
    ]
    assert method5.mean.startswith(
        "BLEU = BP × exp(0.25·log 0.8452 + 0.25·log 0.3770 + 0.25·log 0.1257 + "
        "0.25·log 0.0419) = 1.0000 × 0.2024 = 0.2024"
    )
    method7 = explain(hyp, refs, compat="nltk", smoothing="method7")
    assert [term.smoothing for term in method7.score.terms][2:] == [
        "method4: no match, precision set to 1/(2^1×5/ln 8)/6; then method5: mean "
        "of the smoothed bigram value, this order and the 4-gram precision = 0.1480",
        "method4: no match, precision set to 1/(2^2×5/ln 8)/5; then method5: mean "
        "of the smoothed trigram value, this order and the last segment's 5-gram "
        "precision = 0.0563",
    ]
    assert method7.score_text == "0.2287"
    # method6 needs a trigram match: demo sentence 2 has 14.
    hyp, refs = demo(2)
    assert f"{nltk_sentence(hyp, refs, method=6):.4f}" == "0.5917"
    method6 = explain(hyp, refs, compat="nltk", smoothing="method6")
    assert [term.smoothing for term in method6.score.terms][2:] == [
        "method6: interpolated (14 + 5×prior)/(25 + 5) = 0.5668, with prior p2²/p1 "
        "and 25 = the trigrams of the last hypothesis only",
        "method6: interpolated (9 + 5×prior)/(24 + 5) = 0.3861, with prior p3²/p2 "
        "and 24 = the 4-grams of the last hypothesis only",
    ]
    assert method6.mean.startswith(
        "BLEU = BP × exp(0.25·log 0.8889 + 0.25·log 0.7308 + 0.25·log 0.5668 + "
        "0.25·log 0.3861) = 0.9636 × 0.6140 = 0.5917"
    )


def test_nltk_custom_weights_are_printed_as_weights() -> None:
    hyp, refs = demo(1)
    weights = (0.5, 0.3, 0.2)
    oracle = nltk_sentence(hyp, refs, method=1, weights=weights)
    assert f"{oracle:.4f}" == "0.2394"
    explanation = explain(
        hyp, refs, compat="nltk", smoothing="method1", weights=weights
    )
    assert explanation.mean == (
        "BLEU = BP × exp(0.5·log 0.6250 + 0.3·log 0.2857 + 0.2·log 0.0167) = 1.0000 "
        "× 0.2394 = 0.2394 (0–1 scale, as NLTK returns it)"
    )
    assert explanation.diagnosis == (
        "BLEU = 0.2394 (0–1 scale): most is lost to the 3-gram precision 0/6 "
        "(method1: no match, numerator set to epsilon 0.1 (precision 0.1/6)); then "
        "the 2-gram precision 2/7"
    )


def test_nltk_integer_zero() -> None:
    oracle = nltk_sentence("x y z", ["a b c"])
    assert oracle == 0
    assert type(oracle) is int
    explanation = explain("x y z", ["a b c"], compat="nltk")
    assert explanation.score_text == "0"
    assert explanation.mean == (
        "BLEU = 0: no unigram matches, and NLTK returns the int 0 before any smoothing"
    )
    assert explanation.diagnosis == (
        "BLEU = 0 (0–1 scale) because no unigram matches, and NLTK returns the int 0 "
        "before any smoothing"
    )
    empty = explain("", ["a b c"], compat="nltk")
    assert nltk_sentence("", ["a b c"]) == 0
    assert empty.diagnosis == (
        "BLEU = 0 (0–1 scale) because the hypothesis is empty, and NLTK returns the "
        "int 0"
    )


def test_nltk_auto_reweigh_is_named() -> None:
    oracle = nltk_sentence("the cat", ["the cat sat"], method=1, auto_reweigh=True)
    assert f"{oracle:.4f}" == "0.6065"
    explanation = explain(
        "the cat",
        ["the cat sat"],
        compat="nltk",
        smoothing="method1",
        effective_order=True,
    )
    assert explanation.mean == (
        "BLEU = BP × exp(0.5·log 1.0000 + 0.5·log 1.0000) = 0.6065 × 1.0000 = 0.6065 "
        "(0–1 scale, as NLTK returns it)"
    )
    assert explanation.diagnosis == (
        "BLEU = 0.6065 (0–1 scale): every n-gram matches; all is lost to the brevity "
        "penalty ×0.6065 (2 tokens against r = 3); auto_reweigh: the hypothesis "
        "length 2 is below 4, so the weights became (1/2,)×2"
    )


def test_nltk_empty_hypothesis_and_reference() -> None:
    assert nltk_sentence("", [""]) == 0
    explanation = explain("", [""], compat="nltk")
    assert explanation.brevity == "BP = 0: the hypothesis is empty (c = 0, r = 0)"
    assert explanation.diagnosis == (
        "BLEU = 0 (0–1 scale) because the hypothesis is empty, and NLTK returns the "
        "int 0"
    )
    # sacreBLEU: c >= r, so BP is 1 even here.
    assert sacrebleu_sentence("", [""]).bp == 1.0
    assert explain("", [""]).brevity == (
        "BP = 1: the hypothesis is not shorter than r (c = 0 = r = 0)"
    )


def test_nltk_orders_left_out_and_scores_above_1() -> None:
    # method4 with c = 1 leaves the zero precisions at 0: NLTK drops them.
    oracle = nltk_sentence("cat", ["the cat sat"], method=4)
    assert f"{oracle:.4f}" == "0.1353"
    dropped = explain("cat", ["the cat sat"], compat="nltk", smoothing="method4")
    assert dropped.mean == (
        "BLEU = BP × exp(0.25·log 1.0000) = 0.1353 × 1.0000 = 0.1353 (0–1 scale, as "
        "NLTK returns it; NLTK leaves the zero 2-gram, 3-gram and 4-gram precisions "
        "out of the mean)"
    )
    text = "a b c d e f"
    above = nltk_sentence(text, [text], method=5)
    assert f"{above:.4f}" == "1.1167"
    lifted = explain(text, [text], compat="nltk", smoothing="method5")
    assert lifted.diagnosis == (
        "BLEU = 1.1167 (0–1 scale): method5 lifts the smoothed precisions above the "
        "counts, so NLTK's BLEU exceeds 1 here"
    )


# --- tensorflow/nmt -------------------------------------------------------------


def test_tf_nmt_takes_the_shortest_reference() -> None:
    hyp, refs = "the cat sat on mat", ["the cat", "the cat sat on the mat"]
    bleu, _, bp, _, c, r = tf_nmt_bleu(
        [hyp.split()], [[ref.split() for ref in refs]], add_one=True
    )
    assert (c, r, bp) == (5, 2, 1.0)
    assert f"{bleu:.4f}" == "0.7953"
    explanation = explain(hyp, refs, compat="tf-nmt", smoothing="add-one")
    assert explanation.ref_len_rule == "the shortest reference length"
    assert explanation.length_refs == (0,)
    assert explanation.brevity == "BP = 1: ratio = c/r = 5/2 > 1"
    assert explanation.mean == (
        "BLEU = BP × exp(0.25·log 1.0000 + 0.25·log 0.8000 + 0.25·log 0.7500 + "
        "0.25·log 0.6667) = 1.0000 × 0.7953 = 0.7953 (0–1 scale, as tensorflow/nmt "
        "returns it)"
    )
    assert explanation.diagnosis == (
        "BLEU = 0.7953 (0–1 scale): most is lost to the 4-gram precision 1/2 "
        "(add-one: added 1 to matches and to total); then the 3-gram precision 2/3 "
        "(add-one: added 1 to matches and to total)"
    )
    # sacreBLEU takes the closest reference on the same sentence.
    closest = explain(hyp, refs)
    assert sacrebleu_sentence(hyp, refs).ref_len == 6
    assert closest.length_refs == (1,)
    assert closest.brevity == (
        "BP = exp(1 − r/c) = exp(1 − 6/5) = 0.8187 (c = 5 < r = 6)"
    )


def test_tf_nmt_without_smoothing() -> None:
    hyp, refs = demo(3)
    texts = [ref.split() for ref in refs]
    bleu, _, bp, _, _, _ = tf_nmt_bleu([hyp.split()], [texts])
    assert bleu == 0
    assert f"{bp:.4f}" == "0.5134"
    explanation = explain(hyp, refs, compat="tf-nmt", tokenizer="none")
    assert explanation.score_text == "0.0000"
    assert explanation.brevity == (
        "BP = exp(1 − 1/ratio) = 0.5134, with ratio = c/r = 3/5, not above 1"
    )
    assert explanation.diagnosis == (
        "BLEU = 0.0000 (0–1 scale) because no 2-gram matches, tensorflow/nmt smooths "
        "only with smooth=True, and a zero precision makes BLEU 0"
    )


def test_tf_nmt_unscorable_rows_raise_the_reason() -> None:
    with pytest.raises(ZeroDivisionError):
        tf_nmt_bleu([[]], [[["a", "b"]]])
    with pytest.raises(ValueError, match="cannot score an empty hypothesis"):
        explain("", ["a b"], compat="tf-nmt")
    with pytest.raises(ValueError, match="reference length, which is 0"):
        explain("a b", [""], compat="tf-nmt")


# --- multi-bleu.perl -----------------------------------------------------------


def test_multi_bleu_prints_percent_from_0_1_arithmetic() -> None:
    hyp, refs = demo(2)
    oracle = BLEU(
        tokenize="none", smooth_method="none", effective_order=False
    ).sentence_score(hyp, refs)
    assert f"{oracle.score:.2f}" == "58.56"
    assert f"{oracle.bp:.4f}" == "0.9636"
    assert [f"{p / 100:.4f}" for p in oracle.precisions] == [
        "0.8889",
        "0.7308",
        "0.5600",
        "0.3750",
    ]
    explanation = explain(hyp, refs, compat="multi-bleu")
    assert explanation.score_text == "58.56"
    assert explanation.scale is ScoreScale.PERCENT
    assert (
        explanation.ref_len_rule == "the closest reference length, ties to the shorter"
    )
    assert explanation.brevity == (
        "BP = exp(1 − r/c) = exp(1 − 28/27) = 0.9636 (c = 27 < r = 28)"
    )
    assert explanation.mean == (
        "BLEU = 100 × BP × exp((log 0.8889 + log 0.7308 + log 0.5600 + log 0.3750) "
        "/ 4) = 100 × 0.9636 × 0.6077 = 58.56 (precisions on the 0–1 scale, BLEU in "
        "percent as it prints it)"
    )
    assert explanation.diagnosis == (
        "BLEU = 58.56 (percent): most is lost to the 4-gram precision 9/24; then the "
        "3-gram precision 14/25"
    )


def test_multi_bleu_does_not_smooth() -> None:
    hyp, refs = demo(3)
    explanation = explain(hyp, refs, compat="multi-bleu")
    assert explanation.diagnosis == (
        "BLEU = 0.00 (percent) because no 2-gram matches, multi-bleu.perl does not "
        "smooth, and a zero precision makes BLEU 0"
    )
    with pytest.raises(ValueError, match="Illegal division by zero"):
        explain("", ["a b"], compat="multi-bleu")


@pytest.mark.parametrize(
    ("compat", "text"),
    [
        (Compat.SACREBLEU, "the closest reference length, ties to the shorter"),
        (Compat.NLTK, "the closest reference length, ties to the shorter"),
        (Compat.TF_NMT, "the shortest reference length"),
        (Compat.MULTI_BLEU, "the closest reference length, ties to the shorter"),
    ],
)
def test_reference_length_rule_per_mode(compat: Compat, text: str) -> None:
    # c = 4 lies between lengths 3 and 5 (a tie: the shorter wins) and above 2.
    hyp, refs = "a b c d", ["a b c", "a b c d e", "x y"]
    explanation = explain(hyp, refs, compat=compat)
    assert explanation.ref_len_rule == text
    expected = 2 if compat is Compat.TF_NMT else 3
    assert explanation.score.ref_len == expected
