"""The reproducibility signature: which BLEU a number is, in one string.

In sacrebleu mode the string is sacreBLEU's own, key for key
(`nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0`), so a number from
bleu-gui can be compared with a published sacreBLEU number by comparing signatures.
Like sacreBLEU's, it does not record the maximum n-gram order; bleu-gui appends
`ngram:N` only when N is not 4, where sacreBLEU would have said nothing at all. In the
same way it appends `bom:dropped` when a byte-order mark was dropped from a scored
file: sacreBLEU keeps the mark glued to the first word, and its number differs.

Compatibility modes get a signature of the same shape that starts with `compat:` and
the emulated library (`Capabilities.signature_name`), so it can never be mistaken for
a sacreBLEU signature.
"""

from __future__ import annotations

from dataclasses import dataclass

from bleu_gui.core.config import BleuConfig, Compat, Smoothing
from bleu_gui.core.sacrebleu_parts import sacrebleu_version
from bleu_gui.core.tokenize import tokenizer_for

__all__ = ["Signatures", "signature", "signatures", "test_signature"]


@dataclass(frozen=True, slots=True)
class Signatures:
    """The signatures of one system's scores: its corpus score's and its sentences'.

    They differ where the options do (effective order is on for sentences by
    default in sacreBLEU).
    """

    corpus: str
    sentence: str


def signatures(
    config: BleuConfig, num_refs: int | None, *, dropped_bom: bool = False
) -> Signatures:
    """Both signatures of scores computed with `config` (see `signature`).

    Made for every caller by `core.system_score` (a system scored is the only
    thing that has signatures), the tokenizer's own signature taken from
    `config`'s tokenizer.
    """
    tokenizer = tokenizer_for(config).signature
    return Signatures(
        signature(config, num_refs, tokenizer, dropped_bom=dropped_bom),
        signature(config, num_refs, tokenizer, sentence=True, dropped_bom=dropped_bom),
    )


def signature(
    config: BleuConfig,
    num_refs: int | None,
    tokenizer_signature: str,
    *,
    sentence: bool = False,
    dropped_bom: bool = False,
) -> str:
    """The signature of scores computed with `config`.

    Args:
        config: the scoring options.
        num_refs: references per segment, or `None` when it varies (`nrefs:var`).
        tokenizer_signature: the tokenizer's own signature (`Tokenizer.signature`).
        sentence: whether it labels sentence scores (effective order may differ).
        dropped_bom: whether a byte-order mark was dropped from the hypothesis or a
            reference (`bleu_gui.io.Corpus.dropped_bom`): appends `bom:dropped`.
    """
    nrefs = "var" if num_refs is None else str(num_refs)
    case = "lc" if config.lowercase else "mixed"
    eff = "yes" if config.uses_effective_order(sentence=sentence) else "no"
    smooth = _smooth(config)
    emulated = config.capabilities.signature_name
    if emulated is None:  # sacreBLEU's own signature
        parts = [
            f"nrefs:{nrefs}",
            f"case:{case}",
            f"eff:{eff}",
            f"tok:{tokenizer_signature}",
        ]
        parts.append(f"smooth:{smooth}")
        if config.max_order != 4:
            parts.append(f"ngram:{config.max_order}")
        if dropped_bom:
            parts.append("bom:dropped")
        parts.append(f"version:{sacrebleu_version()}")
        return "|".join(parts)
    parts = [
        f"compat:{emulated}",
        f"nrefs:{nrefs}",
        f"case:{case}",
    ]
    if config.compat is Compat.NLTK:
        parts.append(f"reweigh:{eff}")
    parts += [f"tok:{tokenizer_signature}", f"smooth:{smooth}"]
    if config.compat is Compat.NLTK:
        weights = config.weights or (1 / config.max_order,) * config.max_order
        parts.append("weights:" + ",".join(f"{w:g}" for w in weights))
    elif config.max_order != 4:
        parts.append(f"ngram:{config.max_order}")
    if dropped_bom:
        parts.append("bom:dropped")
    from importlib import metadata  # ~10 ms to import: only for the other modes

    parts.append(f"version:bleu-gui-{metadata.version('bleu-gui')}")
    return "|".join(parts)


def test_signature(sig: str, key: str, samples: int, seed: int | None) -> str:
    """`sig` with a resampling test's `bs:N`/`ar:N` and `seed:S` after `nrefs:`.

    Where sacreBLEU puts them, so that a significance result carries the same
    signature on the command line and in the window (`key` is the test's
    `PairedTest` value, "bs" or "ar"; an unseeded test reads `seed:none`).
    """
    nrefs, _, rest = sig.partition("|")
    seed_text = "none" if seed is None else str(seed)
    return f"{nrefs}|{key}:{samples}|seed:{seed_text}|{rest}"


def _smooth(config: BleuConfig) -> str:
    method = config.smoothing_method
    value = config.effective_smooth_value
    if config.compat is Compat.SACREBLEU and value is not None:
        return f"{method.value}[{value:.2f}]"
    if config.compat is Compat.NLTK:
        if method is Smoothing.METHOD1:
            return f"{method.value}[eps={value:g}]"
        if method in (Smoothing.METHOD4, Smoothing.METHOD7):
            return f"{method.value}[k={config.nltk_k:g}]"
        if method is Smoothing.METHOD6:
            return f"{method.value}[alpha={config.nltk_alpha:g}]"
    return method.value
