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

__all__ = [
    "LOG_ZERO",
    "brevity_penalty",
    "floored_log",
    "sacrebleu_arithmetic",
    "sacrebleu_score",
]

# sacreBLEU's (and multi-bleu.perl's) stand-in for log(0).
LOG_ZERO = -9999999999


def floored_log(value: float) -> float:
    """`log`, with log(0) = -9999999999 as sacreBLEU's `my_log`."""
    return LOG_ZERO if value == 0.0 else math.log(value)


def brevity_penalty(sys_len: int, ref_len: int) -> float:
    """SacreBLEU's BP: 1 if c >= r, exp(1 - r/c) if 0 < c < r, 0.0 if c = 0 < r."""
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
    """
    arith = sacrebleu_arithmetic(
        correct, total, sys_len, ref_len, smoothing, smooth_value, effective_order
    )
    score, bp, numerators, denominators, precisions, eff_order = arith
    ratio = sys_len / ref_len if ref_len else 0
    if eff_order == 0:
        # sacreBLEU #141: no smoothing may lift a corpus without a single match.
        terms = _terms(
            correct,
            total,
            numerators,
            denominators,
            precisions,
            [None] * len(correct),
            0,
        )
        note = "no n-gram of any order matches, so BLEU is 0 whatever the smoothing"
        return BleuScore(
            0.0, 0.0, bp, sys_len, ref_len, ratio, terms, Compat.SACREBLEU, note
        )
    notes = _smoothing_notes(numerators, denominators, smoothing, smooth_value)
    terms = _terms(
        correct, total, numerators, denominators, precisions, notes, eff_order
    )
    return BleuScore(score, score, bp, sys_len, ref_len, ratio, terms, Compat.SACREBLEU)


def sacrebleu_arithmetic(
    correct: Sequence[int],
    total: Sequence[int],
    sys_len: int,
    ref_len: int,
    smoothing: Smoothing,
    smooth_value: float | None,
    effective_order: bool,
) -> tuple[float, float, list[Number], list[Number], list[float], int]:
    """The bare arithmetic of `sacrebleu_score`, for scoring 100,000 sentences fast.

    Returns:
        (score, bp, numerators, denominators, precisions, orders in the mean); the
        last is 0 when nothing matched at all and the score is 0.0 by rule.
    """
    max_order = len(correct)
    bp = brevity_penalty(sys_len, ref_len)
    numerators: list[Number] = list(correct)
    denominators: list[Number] = list(total)
    precisions = [0.0] * max_order
    if not any(correct):
        return 0.0, bp, numerators, denominators, precisions, 0
    k = smooth_value if smooth_value is not None else 0
    mteval_divisor = 1.0
    eff_order = max_order
    for n in range(max_order):
        if smoothing is Smoothing.ADD_K and n > 0:
            numerators[n] += k
            denominators[n] += k
        if denominators[n] == 0:
            break
        if effective_order:
            eff_order = n + 1
        if numerators[n] == 0:
            if smoothing is Smoothing.EXP:
                mteval_divisor *= 2
                precisions[n] = 100.0 / (mteval_divisor * denominators[n])
            elif smoothing is Smoothing.FLOOR:
                precisions[n] = 100.0 * k / denominators[n]
        else:
            precisions[n] = 100.0 * numerators[n] / denominators[n]
    log_sum = sum([floored_log(p) for p in precisions[:eff_order]])
    return (
        bp * math.exp(log_sum / eff_order),
        bp,
        numerators,
        denominators,
        precisions,
        eff_order,
    )


def _smoothing_notes(
    numerators: Sequence[Number],
    denominators: Sequence[Number],
    smoothing: Smoothing,
    smooth_value: float | None,
) -> list[str | None]:
    """What smoothing did to each order, in words, replaying `sacrebleu_arithmetic`."""
    k = smooth_value if smooth_value is not None else 0
    notes: list[str | None] = [None] * len(numerators)
    mteval_divisor = 1
    for n, (numerator, denominator) in enumerate(
        zip(numerators, denominators, strict=True)
    ):
        if smoothing is Smoothing.ADD_K and n > 0:
            notes[n] = f"add-k: added {k:g} to matches and to total"
        if denominator == 0:
            break
        if numerator == 0 and smoothing is Smoothing.EXP:
            mteval_divisor *= 2
            notes[n] = (
                f"exp: no match, precision set to 1/({mteval_divisor}×{denominator:g})"
            )
        elif numerator == 0 and smoothing is Smoothing.FLOOR:
            notes[n] = f"floor: no match, precision set to {k:g}/{denominator:g}"
    return notes


def _terms(
    correct: Sequence[int],
    total: Sequence[int],
    numerators: Sequence[Number],
    denominators: Sequence[Number],
    precisions: Sequence[float],
    notes: Sequence[str | None],
    mean_orders: int,
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
            in_mean=n < mean_orders,
            weight=weight,
        )
        for n in range(len(correct))
    )
