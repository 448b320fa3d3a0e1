"""One system's two signatures, made in one place, are sacreBLEU's own strings."""

from __future__ import annotations

import pytest
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig, Smoothing
from bleu_gui.core.signature import signatures


@pytest.mark.parametrize(
    ("config", "options"),
    [
        pytest.param(BleuConfig(), {}, id="default"),
        pytest.param(
            BleuConfig(tokenizer="intl", lowercase=True),
            {"tokenize": "intl", "lowercase": True},
            id="intl-lc",
        ),
        pytest.param(
            BleuConfig(tokenizer="char", smoothing=Smoothing.FLOOR, smooth_value=0.1),
            {"tokenize": "char", "smooth_method": "floor", "smooth_value": 0.1},
            id="char-floor",
        ),
    ],
)
def test_corpus_and_sentence_signatures_are_sacrebleus(
    config: BleuConfig, options: dict[str, object]
) -> None:
    signed = signatures(config, 2)
    corpus = BLEU(**options)  # type: ignore[arg-type]
    corpus.corpus_score(["a b"], [["a b"], ["a c"]])
    sentence = BLEU(effective_order=True, **options)  # type: ignore[arg-type]
    sentence.sentence_score("a b", ["a b", "a c"])
    assert signed.corpus == str(corpus.get_signature())
    assert signed.sentence == str(sentence.get_signature())
    assert "eff:no" in signed.corpus
    assert "eff:yes" in signed.sentence


def test_a_dropped_mark_is_said_in_both() -> None:
    signed = signatures(BleuConfig(), 1, dropped_bom=True)
    assert signed.corpus == (
        "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|bom:dropped|version:2.6.0"
    )
    assert signed.sentence == (
        "nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|bom:dropped|version:2.6.0"
    )
