"""The capabilities table agrees with the libraries it describes and with validation.

Defaults are checked against sacreBLEU's and NLTK's own objects; every option the
table offers must be accepted, every option it does not must be refused.
"""

from __future__ import annotations

import inspect

import pytest
from nltk.translate.bleu_score import SmoothingFunction, corpus_bleu
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core.config import (
    CAPABILITIES,
    SMOOTHING_HELP,
    BleuConfig,
    Compat,
    ConfigError,
    Option,
    ScoreScale,
    Smoothing,
)


def test_sacrebleu_defaults_are_sacrebleus() -> None:
    caps = CAPABILITIES[Compat.SACREBLEU]
    defaults = inspect.signature(BLEU.__init__).parameters
    assert caps.default_smoothing.value == defaults["smooth_method"].default
    assert caps.default_max_order == defaults["max_ngram_order"].default
    assert caps.default_tokenizer == BLEU.TOKENIZER_DEFAULT
    assert [m.value for m in caps.smoothings] == list(BLEU.SMOOTH_DEFAULTS)
    assert {m.value: v for m, v in caps.smooth_values.items()} == {
        m: v for m, v in BLEU.SMOOTH_DEFAULTS.items() if v is not None
    }


def test_nltk_defaults_are_nltks() -> None:
    caps = CAPABILITIES[Compat.NLTK]
    smoothing = SmoothingFunction()
    assert [m.value for m in caps.smoothings] == [
        name for name in dir(SmoothingFunction) if name.startswith("method")
    ]
    assert caps.smooth_values == {Smoothing.METHOD1: smoothing.epsilon}
    config = BleuConfig(compat=Compat.NLTK)
    assert (config.nltk_alpha, config.nltk_k) == (smoothing.alpha, smoothing.k)
    auto_reweigh = inspect.signature(corpus_bleu).parameters["auto_reweigh"].default
    assert caps.effective_order_default == (auto_reweigh, auto_reweigh)
    weights = inspect.signature(corpus_bleu).parameters["weights"].default
    assert caps.default_max_order == len(weights)


@pytest.mark.parametrize("compat", list(Compat))
def test_every_smoothing_the_table_offers_is_accepted(compat: Compat) -> None:
    caps = CAPABILITIES[compat]
    for method in Smoothing:
        if method in caps.smoothings:
            config = BleuConfig(compat=compat, smoothing=method)
            assert config.smoothing_method is method
        else:
            with pytest.raises(ConfigError, match="does not exist in"):
                BleuConfig(compat=compat, smoothing=method)


@pytest.mark.parametrize("compat", list(Compat))
def test_only_the_methods_with_a_value_take_one(compat: Compat) -> None:
    caps = CAPABILITIES[compat]
    for method in caps.smoothings:
        if caps.takes_value(method):
            assert (
                BleuConfig(
                    compat=compat, smoothing=method, smooth_value=0.5
                ).effective_smooth_value
                == 0.5
            )
        else:
            with pytest.raises(ConfigError, match="takes no value"):
                BleuConfig(compat=compat, smoothing=method, smooth_value=0.5)


@pytest.mark.parametrize("compat", list(Compat))
def test_options_a_mode_lacks_are_refused(compat: Compat) -> None:
    caps = CAPABILITIES[compat]
    if caps.has(Option.WEIGHTS):
        assert BleuConfig(compat=compat, weights=(0.5, 0.5)).order == 2
    else:
        with pytest.raises(ConfigError, match="weights exist only in nltk"):
            BleuConfig(compat=compat, weights=(0.5, 0.5))
    if caps.has(Option.EFFECTIVE_ORDER):
        assert BleuConfig(compat=compat, effective_order=True).effective_order
    else:
        with pytest.raises(ConfigError, match="has no effective order"):
            BleuConfig(compat=compat, effective_order=True)
    if caps.fixed_tokenizer is not None:
        with pytest.raises(ConfigError, match="does not tokenize"):
            BleuConfig(compat=compat, tokenizer="13a")
    if caps.max_order_range.maximum == caps.max_order_range.minimum:
        with pytest.raises(ConfigError, match="always uses 4-grams"):
            BleuConfig(compat=compat, max_order=3)
    else:
        assert BleuConfig(compat=compat, max_order=6).order == 6


def test_the_effective_order_defaults_are_what_the_config_uses() -> None:
    sacre = BleuConfig()
    assert not sacre.uses_effective_order(sentence=False)
    assert sacre.uses_effective_order(sentence=True)  # as sacrebleu.sentence_bleu
    nltk = BleuConfig(compat=Compat.NLTK)
    assert not nltk.uses_effective_order(sentence=True)


def test_every_method_is_explained() -> None:
    assert set(SMOOTHING_HELP) == set(Smoothing)
    for method, text in SMOOTHING_HELP.items():
        assert text.startswith(method.value)


def test_each_modes_library_scales_and_tests_are_its_capabilities() -> None:
    """One table says what each library returns and whether the tests run."""
    facts = {
        caps.compat: (
            caps.name,
            caps.score_scale,
            caps.precision_scale,
            caps.significance,
        )
        for caps in CAPABILITIES.values()
    }
    assert facts == {
        Compat.SACREBLEU: ("sacreBLEU", ScoreScale.PERCENT, ScoreScale.PERCENT, True),
        Compat.NLTK: ("NLTK", ScoreScale.UNIT, ScoreScale.UNIT, False),
        Compat.TF_NMT: ("tensorflow/nmt", ScoreScale.UNIT, ScoreScale.UNIT, False),
        Compat.MULTI_BLEU: (
            "multi-bleu.perl",
            ScoreScale.PERCENT,
            ScoreScale.UNIT,
            False,
        ),
    }
