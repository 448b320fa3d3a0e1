"""BleuConfig: every refusal, with its message, and how `None` fields resolve."""

import dataclasses
import math

import pytest
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.core import BleuConfig, Compat, ConfigError, Smoothing

INVALID = [
    # Smoothing methods that do not exist in a mode.
    pytest.param(
        {"smoothing": "method1"},
        "smoothing 'method1' does not exist in sacrebleu mode "
        "(choose one of: none, floor, add-k, exp)",
        id="sacrebleu-nltk-method",
    ),
    pytest.param(
        {"smoothing": "add-one"},
        "smoothing 'add-one' does not exist in sacrebleu mode",
        id="sacrebleu-add-one",
    ),
    pytest.param(
        {"compat": "nltk", "smoothing": "exp"},
        "smoothing 'exp' does not exist in nltk mode (choose one of: method0, "
        "method1, method2, method3, method4, method5, method6, method7)",
        id="nltk-exp",
    ),
    pytest.param(
        {"compat": "tf-nmt", "smoothing": "exp"},
        "smoothing 'exp' does not exist in tf-nmt mode (choose one of: none, add-one)",
        id="tf-nmt-exp",
    ),
    pytest.param(
        {"compat": "tf-nmt", "smoothing": "add-k"},
        "smoothing 'add-k' does not exist in tf-nmt mode",
        id="tf-nmt-add-k",
    ),
    pytest.param(
        {"compat": "multi-bleu", "smoothing": "exp"},
        "smoothing 'exp' does not exist in multi-bleu mode (choose one of: none)",
        id="multi-bleu-exp",
    ),
    pytest.param(
        {"compat": "multi-bleu", "smoothing": "floor"},
        "smoothing 'floor' does not exist in multi-bleu mode",
        id="multi-bleu-floor",
    ),
    pytest.param(
        {"smoothing": "laplace"},
        "unknown smoothing method 'laplace' (choose one of: none, floor, add-k, exp, "
        "add-one, method0",
        id="unknown-smoothing",
    ),
    pytest.param(
        {"compat": "bleurt"},
        "unknown compatibility mode 'bleurt' (choose one of: sacrebleu, nltk, "
        "tf-nmt, multi-bleu)",
        id="unknown-mode",
    ),
    # Smoothing values.
    pytest.param(
        {"smoothing": "exp", "smooth_value": 0.1},
        "smoothing 'exp' in sacrebleu mode takes no value",
        id="value-for-exp",
    ),
    pytest.param(
        {"smooth_value": 0.1},
        "smoothing 'exp' in sacrebleu mode takes no value",
        id="value-for-default-exp",
    ),
    pytest.param(
        {"smoothing": "none", "smooth_value": 1},
        "smoothing 'none' in sacrebleu mode takes no value",
        id="value-for-none",
    ),
    pytest.param(
        {"compat": "nltk", "smoothing": "method3", "smooth_value": 0.1},
        "smoothing 'method3' in nltk mode takes no value "
        "(epsilon is used by method1 only)",
        id="value-for-nltk-method3",
    ),
    pytest.param(
        {"compat": "tf-nmt", "smoothing": "add-one", "smooth_value": 1},
        "smoothing 'add-one' in tf-nmt mode takes no value",
        id="value-for-tf-nmt-add-one",
    ),
    pytest.param(
        {"compat": "multi-bleu", "smooth_value": 0.1},
        "smoothing 'none' in multi-bleu mode takes no value",
        id="value-for-multi-bleu",
    ),
    pytest.param(
        {"smoothing": "floor", "smooth_value": -0.1},
        "smoothing value must be from 0 to 1,000,000, not -0.1",
        id="negative-value",
    ),
    pytest.param(
        {"smoothing": "add-k", "smooth_value": math.inf},
        "smoothing value must be a finite number, not inf",
        id="infinite-value",
    ),
    pytest.param(
        {"smoothing": "add-k", "smooth_value": math.nan},
        "smoothing value must be a finite number, not nan",
        id="nan-value",
    ),
    pytest.param(
        {"smoothing": "floor", "smooth_value": True},
        "smoothing value must be a number, not True",
        id="bool-value",
    ),
    pytest.param(
        {"smoothing": "floor", "smooth_value": "0.1"},
        "smoothing value must be a number, not '0.1'",
        id="string-value",
    ),
    # Weights.
    pytest.param(
        {"weights": (0.5, 0.5)},
        "n-gram weights exist only in nltk mode; sacrebleu averages the orders "
        "uniformly",
        id="weights-in-sacrebleu",
    ),
    pytest.param(
        {"compat": "tf-nmt", "weights": (1.0,)},
        "n-gram weights exist only in nltk mode; tf-nmt averages",
        id="weights-in-tf-nmt",
    ),
    pytest.param(
        {"compat": "nltk", "weights": ()},
        "weights must not be empty",
        id="empty-weights",
    ),
    pytest.param(
        {"compat": "nltk", "weights": (0.5, math.nan)},
        "a weight must be a finite number, not nan",
        id="nan-weight",
    ),
    # Maximum order.
    pytest.param({"max_order": 0}, "from 1 to 100, not 0", id="max-order-0"),
    pytest.param({"max_order": -2}, "from 1 to 100, not -2", id="max-order-negative"),
    pytest.param(
        {"max_order": True}, "must be an integer, not True", id="max-order-bool"
    ),
    pytest.param(
        {"max_order": 4.0}, "must be an integer, not 4.0", id="max-order-float"
    ),
    pytest.param(
        {"max_order": "4"}, "must be an integer, not '4'", id="max-order-string"
    ),
    # Effective order.
    pytest.param(
        {"compat": "tf-nmt", "effective_order": True},
        "tf-nmt has no effective order",
        id="tf-nmt-effective-order",
    ),
    pytest.param(
        {"compat": "multi-bleu", "effective_order": True},
        "multi-bleu has no effective order",
        id="multi-bleu-effective-order",
    ),
    # multi-bleu.perl.
    pytest.param(
        {"compat": "multi-bleu", "tokenizer": "13a"},
        "multi-bleu.perl does not tokenize (use tokenizer 'none'); for "
        "multi-bleu-detok.perl use sacrebleu mode with smoothing 'none'",
        id="multi-bleu-tokenizer",
    ),
    pytest.param(
        {"compat": "multi-bleu", "max_order": 3},
        "multi-bleu.perl always uses 4-grams",
        id="multi-bleu-max-order",
    ),
    # NLTK's SmoothingFunction parameters.
    pytest.param(
        {"compat": "nltk", "nltk_alpha": math.inf},
        "nltk_alpha must be a finite number, not inf",
        id="nltk-alpha",
    ),
    pytest.param(
        {"compat": "nltk", "nltk_k": "5"},
        "nltk_k must be a number, not '5'",
        id="nltk-k",
    ),
]


@pytest.mark.parametrize(("kwargs", "message"), INVALID)
def test_invalid_configs_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as error:
        BleuConfig(**kwargs)  # type: ignore[arg-type]
    assert message in str(error.value)


def test_config_error_is_a_value_error() -> None:
    assert issubclass(ConfigError, ValueError)


VALID = [
    pytest.param({"smoothing": "floor", "smooth_value": 0}, id="floor-zero"),
    pytest.param({"smoothing": "add-k", "smooth_value": 0.5}, id="add-k-half"),
    pytest.param({"smoothing": Smoothing.FLOOR, "smooth_value": 2}, id="enum-member"),
    pytest.param({"max_order": 1}, id="max-order-1"),
    pytest.param({"max_order": 9}, id="max-order-9"),
    pytest.param({"compat": "nltk", "weights": [0.5, 0.5]}, id="nltk-weights-list"),
    pytest.param(
        {"compat": "nltk", "weights": (2, 0, -1)}, id="nltk-weights-unnormalised"
    ),
    pytest.param(
        {"compat": "nltk", "smoothing": "method1", "smooth_value": 0.2},
        id="nltk-epsilon",
    ),
    pytest.param({"compat": "tf-nmt", "effective_order": False}, id="tf-nmt-eff-off"),
    pytest.param({"compat": "multi-bleu", "lowercase": True}, id="multi-bleu-lc"),
]


@pytest.mark.parametrize("kwargs", VALID)
def test_valid_configs(kwargs: dict[str, object]) -> None:
    BleuConfig(**kwargs)  # type: ignore[arg-type]


def test_weights_become_a_tuple_of_floats() -> None:
    config = BleuConfig(compat="nltk", weights=[1, 2])  # type: ignore[arg-type]
    assert config.weights == (1.0, 2.0)
    assert all(type(w) is float for w in config.weights)
    assert config.order == 2


# --------------------------------------------------------------------------------
# Defaults
# --------------------------------------------------------------------------------


def test_sacrebleu_defaults_are_sacrebleus() -> None:
    config = BleuConfig()
    assert config.compat is Compat.SACREBLEU
    metric = BLEU()
    assert config.tokenizer == BLEU.TOKENIZER_DEFAULT == metric.tokenizer_signature
    assert config.smoothing is Smoothing(metric.smooth_method)
    assert config.max_order == metric.max_ngram_order
    assert config.lowercase is metric.lowercase
    assert config.uses_effective_order(sentence=False) is metric.effective_order


@pytest.mark.parametrize("method", ["floor", "add-k"])
def test_sacrebleu_smoothing_value_defaults(method: str) -> None:
    config = BleuConfig(smoothing=method)  # type: ignore[arg-type]
    assert config.smooth_value is None
    assert config.effective_smooth_value == BLEU.SMOOTH_DEFAULTS[method]
    assert BleuConfig(smoothing=method, smooth_value=3).effective_smooth_value == 3  # type: ignore[arg-type]


@pytest.mark.parametrize("method", ["none", "exp"])
def test_sacrebleu_methods_without_value(method: str) -> None:
    config = BleuConfig(smoothing=method)  # type: ignore[arg-type]
    assert config.effective_smooth_value is None


@pytest.mark.parametrize(
    ("compat", "tokenizer", "smoothing"),
    [
        pytest.param(Compat.SACREBLEU, "13a", Smoothing.EXP, id="sacrebleu"),
        pytest.param(Compat.NLTK, "none", Smoothing.METHOD0, id="nltk"),
        pytest.param(Compat.TF_NMT, "13a", Smoothing.NONE, id="tf-nmt"),
        pytest.param(Compat.MULTI_BLEU, "none", Smoothing.NONE, id="multi-bleu"),
    ],
)
def test_defaults_per_mode(
    compat: Compat, tokenizer: str, smoothing: Smoothing
) -> None:
    for spelled in (compat, compat.value):
        config = BleuConfig(compat=spelled)  # type: ignore[arg-type]
        assert config.compat is compat
        assert config.tokenizer == config.tokenizer_name == tokenizer
        assert config.smoothing is config.smoothing_method is smoothing
        assert config.max_order == 4
        assert config.order == 4
        assert config.lowercase is False
        assert compat.label


def test_nltk_epsilon_default() -> None:
    assert BleuConfig(compat="nltk").effective_smooth_value == 0.1  # type: ignore[arg-type]
    config = BleuConfig(compat="nltk", smoothing="method1", smooth_value=0.3)  # type: ignore[arg-type]
    assert config.effective_smooth_value == 0.3


@pytest.mark.parametrize("compat", [Compat.TF_NMT, Compat.MULTI_BLEU])
def test_modes_without_a_smoothing_value(compat: Compat) -> None:
    assert BleuConfig(compat=compat).effective_smooth_value is None


@pytest.mark.parametrize(
    ("compat", "effective_order", "corpus", "sentence"),
    [
        pytest.param(Compat.SACREBLEU, None, False, True, id="sacrebleu-default"),
        pytest.param(Compat.SACREBLEU, True, True, True, id="sacrebleu-on"),
        pytest.param(Compat.SACREBLEU, False, False, False, id="sacrebleu-off"),
        pytest.param(Compat.NLTK, None, False, False, id="nltk-default"),
        pytest.param(Compat.NLTK, True, True, True, id="nltk-auto-reweigh"),
        pytest.param(Compat.TF_NMT, None, False, False, id="tf-nmt-default"),
        pytest.param(Compat.TF_NMT, False, False, False, id="tf-nmt-off"),
        pytest.param(Compat.MULTI_BLEU, None, False, False, id="multi-bleu-default"),
    ],
)
def test_uses_effective_order(
    compat: Compat, effective_order: bool | None, corpus: bool, sentence: bool
) -> None:
    config = BleuConfig(compat=compat, effective_order=effective_order)
    assert config.uses_effective_order(sentence=False) is corpus
    assert config.uses_effective_order(sentence=True) is sentence


def test_nltk_order_follows_the_weights() -> None:
    config = BleuConfig(compat=Compat.NLTK, weights=(0.5, 0.3, 0.2))
    assert config.order == 3
    assert BleuConfig(compat=Compat.NLTK, max_order=2).order == 2


def test_configs_are_frozen_values() -> None:
    config = BleuConfig()
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.max_order = 3  # type: ignore[misc]
    assert config == BleuConfig(tokenizer="13a", smoothing="exp")  # type: ignore[arg-type]
    assert hash(config) == hash(BleuConfig(compat="sacrebleu"))  # type: ignore[arg-type]
    assert config != BleuConfig(lowercase=True)


def test_negative_nltk_alpha_is_refused() -> None:
    message = "nltk_alpha must be from 0 to 1,000,000, not -1"
    with pytest.raises(ConfigError, match=message):
        BleuConfig(compat=Compat.NLTK, smoothing=Smoothing.METHOD6, nltk_alpha=-1)
