"""sacreBLEU's BLEU arithmetic, reproduced operation for operation.

Bit-for-bit equality with sacreBLEU 2.6.0 depends on doing the same floating-point
operations in the same order: precisions as percentages (`100.0 * m / t`), the
geometric mean as `exp(sum(log p) / n)` summed left to right, `log(0)` floored to
-9999999999, and the early `0.0` when nothing matches at all. That is why an
identical corpus scores 100.00000000000004 here too.

Unlike sacreBLEU, nothing here mutates its arguments: add-k's "+k" goes into the
returned terms, which is exactly what sacreBLEU reports as `counts` and `totals`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bleu_gui.core.config import Compat, Smoothing
from bleu_gui.core.result import BleuScore, Number, OrderTerm

__all__ = ["LOG_ZERO", "brevity_penalty", "floored_log", "sacrebleu_score"]

# sacreBLEU's (and multi-bleu.perl's) stand-in for log(0).
LOG_ZERO = -9999999999


def floored_log(value: float) -> float:
    """`log`, with log(0) = -9999999999 as sacreBLEU's `my_log`."""
    return LOG_ZERO if value == 0.0 else math.log(value)


def brevity_penalty(sys_len: int, ref_len: int) -> float:
    """sacreBLEU's BP: 1 if c >= r, exp(1 - r/c) if 0 < c < r, 0.0 if c = 0 < r."""
    if sys_len >= ref_len:
        return 1.0
    return math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0


def sacrebleu_score(
    correct: Sequence[int],
    total: Sequence[int],
    sys_len: int,
    ref_len: int,
    smoothing: Smoothing,
    smooth_value: float | None,
    effective_order: bool,
    *,
    detailed: bool = True,
) -> BleuScore:
    """BLEU from summed statistics, as sacreBLEU's `BLEU.compute_bleu`.

    Args:
        correct: clipped matches per order (orders 1..len(correct)).
        total: hypothesis n-grams per order.
        sys_len: hypothesis length c.
        ref_len: reference length r.
        smoothing: `none`, `floor`, `add-k` or `exp`.
        smooth_value: k of floor / add-k (already defaulted to 0.1 / 1).
        effective_order: average only over orders up to the last with n-grams.
        detailed: describe each smoothing step in words (the GUI's explain panel);
            off for the bulk scoring of every sentence.
    """
    max_order = len(correct)
    bp = brevity_penalty(sys_len, ref_len)
    ratio = sys_len / ref_len if ref_len else 0
    numerators: list[Number] = list(correct)
    denominators: list[Number] = list(total)
    precisions = [0.0] * max_order
    notes: list[str | None] = [None] * max_order
    in_mean = [False] * max_order

    if not any(correct):
        # sacreBLEU #141: no smoothing may lift a corpus without a single match.
        terms = _terms(correct, total, numerators, denominators, precisions, notes, in_mean)
        note = "no n-gram of any order matches, so BLEU is 0 whatever the smoothing"
        return BleuScore(0.0, 0.0, bp, sys_len, ref_len, ratio, terms, Compat.SACREBLEU, note)

    k = smooth_value if smooth_value is not None else 0
    mteval_divisor = 1.0
    eff_order = max_order
    for n in range(max_order):
        if smoothing is Smoothing.ADD_K and n > 0:
            numerators[n] += k
            denominators[n] += k
            if detailed:
                notes[n] = f"add-k: added {k} to matches and to total"
        if denominators[n] == 0:
            break
        if effective_order:
            eff_order = n + 1
        if numerators[n] == 0:
            if smoothing is Smoothing.EXP:
                mteval_divisor *= 2
                precisions[n] = 100.0 / (mteval_divisor * denominators[n])
                if detailed:
                    notes[n] = (
                        f"exp: no match, precision set to 1/({mteval_divisor:g}×{denominators[n]})"
                    )
            elif smoothing is Smoothing.FLOOR:
                precisions[n] = 100.0 * k / denominators[n]
                if detailed:
                    notes[n] = f"floor: no match, precision set to {k}/{denominators[n]}"
        else:
            precisions[n] = 100.0 * numerators[n] / denominators[n]

    for n in range(eff_order):
        in_mean[n] = True
    log_sum = sum([floored_log(p) for p in precisions[:eff_order]])
    score = bp * math.exp(log_sum / eff_order)
    terms = _terms(correct, total, numerators, denominators, precisions, notes, in_mean)
    return BleuScore(score, score, bp, sys_len, ref_len, ratio, terms, Compat.SACREBLEU)


def _terms(
    correct: Sequence[int],
    total: Sequence[int],
    numerators: Sequence[Number],
    denominators: Sequence[Number],
    precisions: Sequence[float],
    notes: Sequence[str | None],
    in_mean: Sequence[bool],
) -> tuple[OrderTerm, ...]:
    weight = 1.0 / len(correct)
    return tuple(
        OrderTerm(
            order=n + 1,
            matches=correct[n],
            total=total[n],
            numerator=numerators[n],
            denominator=denominators[n],
            precision=precisions[n],
            smoothing=notes[n],
            in_mean=in_mean[n],
            weight=weight,
        )
        for n in range(len(correct))
    )
