"""tensorflow/nmt's `compute_bleu` (also Hugging Face `evaluate`'s "bleu").

What differs from sacreBLEU, reproduced on purpose:

* r is the *shortest* reference length of each segment, not the closest;
* `smooth=True` (our `add-one`) adds one to the matches and the total of *every*
  order, unigrams included, so two disjoint texts score above zero;
* without smoothing, any zero precision makes the score 0;
* BP is computed from the ratio, `exp(1 - 1/ratio)`, which can differ in the last bit
  from `exp(1 - r/c)`;
* everything is on a 0-1 scale; an empty hypothesis set or a zero reference length
  raises `ZeroDivisionError` in the original. Here they raise `ValueError` with the
  reason, since a number the original never produces would be an invention.
"""

from __future__ import annotations

import math

from bleu_gui.core.config import BleuConfig, Compat, Smoothing
from bleu_gui.core.result import BleuScore, OrderTerm
from bleu_gui.core.summed import SummedStats

__all__ = ["score"]


def score(
    summed: SummedStats, config: BleuConfig, *, sentence: bool, detailed: bool
) -> BleuScore:
    """BLEU as tf-nmt's `compute_bleu(references, translations, max_order, smooth)`."""
    del sentence  # tf-nmt has one function for both
    order = config.max_order
    smooth = config.smoothing_method is Smoothing.ADD_ONE
    ref_len, sys_len = summed.shortest_ref_len, summed.hyp_len
    if ref_len == 0:
        raise ValueError(
            "tensorflow/nmt divides by the reference length, which is 0 here "
            "(it raises ZeroDivisionError)"
        )
    if sys_len == 0:
        raise ValueError(
            "tensorflow/nmt cannot score an empty hypothesis: its ratio is 0 and "
            "exp(1 - 1/ratio) raises ZeroDivisionError"
        )
    precisions: list[float] = []
    terms: list[OrderTerm] = []
    for n in range(order):
        matches, total = summed.matches[n], summed.totals[n]
        note = None
        if smooth:
            precision = (matches + 1.0) / (total + 1.0)
            numerator, denominator = matches + 1, total + 1
            if detailed:
                note = "add-one: added 1 to matches and to total"
        else:
            precision = float(matches) / total if total > 0 else 0.0
            numerator, denominator = matches, total
        precisions.append(precision)
        terms.append(
            OrderTerm(
                n + 1,
                matches,
                total,
                numerator,
                denominator,
                100 * precision,
                note,
                True,
                1.0 / order,
            )
        )
    note = None
    if min(precisions) > 0:
        log_sum = sum((1.0 / order) * math.log(p) for p in precisions)
        geo_mean = math.exp(log_sum)
    else:
        geo_mean = 0
        zero = next(n for n, p in enumerate(precisions) if p == 0) + 1
        note = f"no {zero}-gram matches and tf-nmt does not smooth, so BLEU is 0"
    ratio = float(sys_len) / ref_len
    bp = 1.0 if ratio > 1.0 else math.exp(1 - 1.0 / ratio)
    bleu = geo_mean * bp
    return BleuScore(
        100 * bleu, bleu, bp, sys_len, ref_len, ratio, tuple(terms), Compat.TF_NMT, note
    )
