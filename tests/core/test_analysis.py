"""The cost column: corpus BLEU if one sentence were perfect, minus corpus BLEU."""

import math

import pytest

from bleu_gui.core import BleuConfig, Compat, Smoothing, corpus_bleu, corpus_stats
from bleu_gui.core.analysis import perfect_gains

# WMT21 news task de-en (newstest2021), first segments: system output and references.
HYPS = [
    "Biker reacts at lightning speed and prevents worse",
    "Motorist overlooks biker",
    "The accident happened on Friday evening on the road.",
    "He was only slightly injured.",
    "",
]
REFS = [
    [
        "Motorcyclist reacts with lightning speed and prevents worse",
        "Car driver overlooks motorcyclist",
        "The accident happened on the road on Friday evening.",
        "Thanks to his quick reaction he was only slightly injured.",
        "Police are investigating.",
    ],
    [
        "Motorcyclist reacts lightning fast and prevents worse",
        "Driver misses motorcyclist",
        "On Friday evening the accident occurred on the road.",
        "He was only lightly injured.",
        "The police investigate.",
    ],
]

CONFIGS = [
    pytest.param(BleuConfig(), id="sacrebleu-exp"),
    pytest.param(BleuConfig(smoothing=Smoothing.NONE), id="sacrebleu-none"),
    pytest.param(BleuConfig(max_order=2, lowercase=True), id="sacrebleu-order2-lc"),
    pytest.param(
        BleuConfig(compat=Compat.NLTK, smoothing=Smoothing.METHOD1), id="nltk-m1"
    ),
    pytest.param(
        BleuConfig(compat=Compat.TF_NMT, smoothing=Smoothing.ADD_ONE), id="tf-nmt"
    ),
]


def _perfect_reference(i: int, config: BleuConfig) -> str:
    """The reference whose length BP uses: what 'perfect' replaces sentence i by."""
    stats = corpus_stats(HYPS, REFS, config)
    lengths = stats.ref_lens[i].tolist()
    if config.compat is Compat.TF_NMT:
        target = min(lengths)
    else:
        target = int(stats.closest_ref_len()[i])
    reference = REFS[lengths.index(target)][i]
    assert isinstance(reference, str)
    return reference


@pytest.mark.parametrize("config", CONFIGS)
def test_gain_equals_rescoring_the_corpus_with_that_sentence_perfect(
    config: BleuConfig,
) -> None:
    base = corpus_bleu(HYPS, REFS, config).score
    gains = perfect_gains(corpus_stats(HYPS, REFS, config), config)
    assert len(gains) == len(HYPS)
    for i in range(len(HYPS)):
        fixed = list(HYPS)
        fixed[i] = _perfect_reference(i, config)
        expected = corpus_bleu(fixed, REFS, config).score - base
        assert gains[i] == pytest.approx(expected, rel=1e-12, abs=1e-12)
        assert gains[i] >= -1e-9  # a perfect sentence never lowers corpus BLEU here


def test_unscorable_perfect_rows_are_nan() -> None:
    # tf-nmt cannot score a corpus whose shortest reference length is 0.
    config = BleuConfig(compat=Compat.TF_NMT)
    gains = perfect_gains(corpus_stats(["a b"], [[""]], config), config)
    assert math.isnan(gains[0])
