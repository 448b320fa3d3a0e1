"""multi-bleu.perl (Moses), reproduced.

It is sacreBLEU with `-tok none -s none` in spirit, but not in every bit:

* it works on a 0-1 scale (`exp((log p1 + … + log p4) / 4)`, then `100 * bleu`), so
  the last digits of the score can differ from sacreBLEU's percent arithmetic;
* it splits on ASCII whitespace only and `-lc` lowercases ASCII only (it reads
  undecoded bytes), which the tokenizer in `core.tokenize` reproduces;
* always four orders, no smoothing, no effective order; an order without n-grams has
  precision 0;
* a zero reference length prints `BLEU = 0, 0/0/0/0 (…)` and exits 1, an empty
  hypothesis set dies with "Illegal division by zero". Both are refused here with
  that explanation rather than given a number the script never prints.
"""

from __future__ import annotations

import math

from bleu_gui.core.bleu import floored_log
from bleu_gui.core.config import BleuConfig, Compat
from bleu_gui.core.result import BleuScore, OrderTerm
from bleu_gui.core.summed import SummedStats

__all__ = ["format_line", "score"]


def score(
    summed: SummedStats, config: BleuConfig, *, sentence: bool, detailed: bool
) -> BleuScore:
    """BLEU as multi-bleu.perl computes it; `native_score` is its `100*$bleu`."""
    del sentence, detailed  # one computation for both; smoothing never applies
    order = config.max_order
    sys_len, ref_len = summed.hyp_len, summed.closest_ref_len
    if ref_len == 0:
        raise ValueError(
            "the reference length is 0: multi-bleu.perl prints "
            "'BLEU = 0, 0/0/0/0 (BP=0, ratio=0, hyp_len=0, ref_len=0)' and exits 1"
        )
    if sys_len == 0:
        raise ValueError(
            "the hypothesis is empty: multi-bleu.perl dies with "
            "'Illegal division by zero'"
        )
    precisions = [
        summed.matches[n] / summed.totals[n] if summed.totals[n] else 0
        for n in range(order)
    ]
    bp = 1.0
    if sys_len < ref_len:
        bp = math.exp(1 - ref_len / sys_len)
    log_sum = 0.0
    for p in precisions:
        log_sum += floored_log(p)
    bleu = bp * math.exp(log_sum / 4)
    terms = tuple(
        OrderTerm(
            n + 1,
            summed.matches[n],
            summed.totals[n],
            summed.matches[n],
            summed.totals[n],
            100 * precisions[n],
            None,
            True,
            0.25,
        )
        for n in range(order)
    )
    note = None
    if 0 in precisions:
        zero = precisions.index(0) + 1
        note = (
            f"no {zero}-gram matches and multi-bleu.perl does not smooth, so BLEU is 0"
        )
    return BleuScore(
        100 * bleu,
        100 * bleu,
        bp,
        sys_len,
        ref_len,
        sys_len / ref_len,
        terms,
        Compat.MULTI_BLEU,
        note,
    )


def format_line(result: BleuScore) -> str:
    """The line multi-bleu.perl prints for this result."""
    precisions = "/".join(f"{term.precision:.1f}" for term in result.terms)
    return (
        f"BLEU = {result.native_score:.2f}, {precisions} (BP={result.bp:.3f}, "
        f"ratio={result.ratio:.3f}, hyp_len={result.sys_len}, ref_len={result.ref_len})"
    )
