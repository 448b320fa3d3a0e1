"""NLTK 3.10's `corpus_bleu` / `sentence_bleu`, computed from summed statistics.

NLTK is the BLEU most Python users meet first, and its numbers differ from
sacreBLEU's for reasons that are easy to miss. This module reproduces them bit for
bit (same value, same type) from `SummedStats`, so a change of smoothing or weights
re-scores without counting n-grams again. What NLTK does, and this module with it:

* denominators are `max(1, hypothesis n-grams)` per segment, summed, so short
  segments add an unmatched n-gram to every order they are too short for;
* no unigram match at all returns the *int* `0`, before any smoothing;
* the brevity penalty is the int `1` when c > r, `exp(1 - r/c)` otherwise;
* a precision of 0 after smoothing is left out of the mean instead of making
  BLEU 0, and weights and precisions are paired by `zip`, so the shorter wins;
* method0 replaces a zero precision by `sys.float_info.min`: BLEU is about
  1e-77, not 0 (NLTK also warns; this module does not);
* the corpus-level smoothing methods 4-7 read the *last* segment: method4 takes
  the corpus hypothesis length, method5 the last segment's 5-gram precision (always
  order 5, appended after the last weighted order), method6 the number of n-grams
  of the last hypothesis, so a perfect corpus can score above 1 (nltk PR #3903);
* `auto_reweigh` applies only to the exact weights `(0.25,) * 4` and c < 4.

Fractions: NLTK keeps its precisions as unnormalised `Fraction`s and methods 1-4
read their raw numerator and denominator, which is why both are kept here as
integers. Where NLTK only takes the logarithm of a fraction, the float `n / d` is
used: `float(Fraction(n, d))` is that same correctly rounded division, so the
logarithm is identical. Methods 5-7 do exact `Fraction` arithmetic (mixed with
floats where NLTK mixes them), which is reproduced operation for operation.

Where NLTK crashes (method6 without a trigram match, fewer than three orders, a
zero divisor from `k` or `alpha`, an overflow), this module raises `ValueError`
saying why, since a number NLTK never produces would be an invention.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from fractions import Fraction

from bleu_gui.core.config import BleuConfig, Compat, Smoothing
from bleu_gui.core.result import BleuScore, OrderTerm
from bleu_gui.core.summed import SummedStats

__all__ = ["score"]

# A precision at some point of NLTK's smoothing: an exact fraction or a float.
Value = Fraction | float

# The weights for which NLTK's auto_reweigh may fire (compared with `==`).
_REWEIGH_WEIGHTS = (0.25, 0.25, 0.25, 0.25)
# method5 always appends the precision of this order, whatever the weights.
_METHOD5_ORDER = 5

_ORDER_WORDS = {1: "unigram", 2: "bigram", 3: "trigram"}


def score(
    summed: SummedStats, config: BleuConfig, *, sentence: bool, detailed: bool
) -> BleuScore:
    """BLEU as NLTK's `corpus_bleu(list_of_references, hypotheses, …)`.

    With one segment and `sentence=True` this is NLTK's `sentence_bleu`, which is
    `corpus_bleu` of that one segment.

    Args:
        summed: the statistics of the segments, in corpus order (the last segment's
            own counts feed methods 4-7 as in NLTK).
        config: an NLTK-mode config: smoothing method0..method7, epsilon
            (`effective_smooth_value`), `nltk_alpha`, `nltk_k`, `weights`, and
            `effective_order` as `auto_reweigh`.
        sentence: whether this is a sentence score (decides the default of
            `auto_reweigh`, which is off either way unless asked for).
        detailed: describe in words what smoothing did to each order.

    Returns:
        The score; `native_score` is exactly NLTK's return value (a float, or the
        int 0 when no unigram matches).

    Raises:
        ValueError: where NLTK raises instead of returning a number, or when the
            statistics hold fewer orders than the config needs.
    """
    weights = _weights(config)
    order = len(weights)
    method = config.smoothing_method
    _check_orders(summed, order, method)
    nums = list(summed.matches[:order])
    dens = list(summed.floored_totals[:order])
    sys_len, ref_len = summed.hyp_len, summed.closest_ref_len
    bp = _brevity_penalty(ref_len, sys_len)
    ratio = sys_len / ref_len if ref_len else 0.0

    if nums[0] == 0:
        terms = tuple(
            OrderTerm(n + 1, nums[n], dens[n], nums[n], dens[n], 0.0, None, False, w)
            for n, w in enumerate(weights)
        )
        why = (
            "the hypothesis is empty: NLTK returns 0"
            if sys_len == 0
            else "no unigram matches: NLTK returns 0 (an int) before any smoothing"
        )
        return BleuScore(
            0.0, 0, float(bp), sys_len, ref_len, ratio, terms, Compat.NLTK, why
        )

    try:
        smoothed = _smooth(method, nums, dens, summed, config)
        used = weights
        if (
            config.uses_effective_order(sentence=sentence)
            and sys_len < 4
            and used == _REWEIGH_WEIGHTS
        ):
            used = (1 / sys_len,) * sys_len
        logs = (w * math.log(p) for w, p in zip(used, smoothed, strict=False) if p > 0)
        native = bp * math.exp(math.fsum(logs))
    except _NltkRaisesError:
        raise
    except (ArithmeticError, ValueError) as error:
        # Overflow in exp, 2**i or a square, or inf - inf in fsum: NLTK raises too.
        raise ValueError(f"NLTK's arithmetic fails on this input: {error}") from error

    terms = _terms(nums, dens, smoothed, used, method, summed, config, detailed)
    note = _note(terms, weights, used, method, native, sys_len)
    return BleuScore(
        100.0 * native,
        native,
        float(bp),
        sys_len,
        ref_len,
        ratio,
        terms,
        Compat.NLTK,
        note,
    )


class _NltkRaisesError(ValueError):
    """An input on which NLTK raises; the message says what NLTK does."""


def _weights(config: BleuConfig) -> tuple[float, ...]:
    """The weights NLTK receives: the config's, or uniform over `max_order`."""
    if config.weights is not None:
        return config.weights
    return (1 / config.max_order,) * config.max_order


def _check_orders(summed: SummedStats, order: int, method: Smoothing) -> None:
    """Refuse statistics counted for fewer orders than the scoring reads."""
    needed = order
    if method in (Smoothing.METHOD5, Smoothing.METHOD7):
        needed = max(order, _METHOD5_ORDER)
    if len(summed.matches) < needed or len(summed.last_matches) < needed:
        raise ValueError(
            f"these statistics hold {len(summed.matches)} orders, NLTK's "
            f"{method.value} with {order} weights needs {needed}"
        )


def _brevity_penalty(ref_len: int, sys_len: int) -> float:
    """NLTK's `brevity_penalty(r, c)`: int 1 if c > r, int 0 if c == 0."""
    if sys_len > ref_len:
        return 1
    if sys_len == 0:
        return 0
    return math.exp(1 - ref_len / sys_len)


def _smooth(
    method: Smoothing,
    nums: Sequence[int],
    dens: Sequence[int],
    summed: SummedStats,
    config: BleuConfig,
) -> list[Value]:
    """The precisions after NLTK's `SmoothingFunction().methodN(p_n, …)`."""
    pairs = list(zip(nums, dens, strict=True))
    if method is Smoothing.METHOD0:
        return [n / d if n != 0 else sys.float_info.min for n, d in pairs]
    if method is Smoothing.METHOD1:
        epsilon = _epsilon(config)
        return [(n + epsilon) / d if n == 0 else n / d for n, d in pairs]
    if method is Smoothing.METHOD2:
        first, *rest = pairs
        return [first[0] / first[1], *((n + 1) / (d + 1) for n, d in rest)]
    if method is Smoothing.METHOD3:
        out: list[Value] = []
        step = 1
        for n, d in pairs:
            if n == 0:
                out.append(1 / (2**step * d))
                step += 1
            else:
                out.append(n / d)
        return out
    if method is Smoothing.METHOD4:
        return _method4([n / d for n, d in pairs], nums, dens, summed, config)
    fractions: list[Value] = [Fraction(n, d) for n, d in pairs]
    if method is Smoothing.METHOD5:
        return _method5(fractions, summed)
    if method is Smoothing.METHOD6:
        return _method6(fractions, nums, summed, config)
    return _method5(_method4(fractions, nums, dens, summed, config), summed)


def _epsilon(config: BleuConfig) -> float:
    value = config.effective_smooth_value
    return 0.1 if value is None else value


def _method4(
    p_n: list[Value],
    nums: Sequence[int],
    dens: Sequence[int],
    summed: SummedStats,
    config: BleuConfig,
) -> list[Value]:
    """Zero precisions become 1/(2^i·k/ln(c))/den, c the corpus hypothesis length."""
    hyp_len, k = summed.hyp_len, config.nltk_k
    if hyp_len <= 1:
        return p_n
    step = 1
    for i, (n, d) in enumerate(zip(nums, dens, strict=True)):
        if n == 0:
            scaled = 2**step * k / math.log(hyp_len)
            if scaled == 0:
                raise _NltkRaisesError(
                    f"NLTK's method4 divides by 2^i·k/ln(c), which is 0 with k = {k:g} "
                    "(it raises ZeroDivisionError)"
                )
            p_n[i] = 1 / scaled / d
            step += 1
    return p_n


def _method5(p_n: list[Value], summed: SummedStats) -> list[Value]:
    """Each precision becomes the mean of its predecessor, itself and its successor.

    The predecessor is the already smoothed value (unigram precision + 1 for the
    first order); the successor of the last order is the last segment's 5-gram
    precision, whatever the number of orders.
    """
    extra = Fraction(
        summed.last_matches[_METHOD5_ORDER - 1],
        max(1, summed.last_totals[_METHOD5_ORDER - 1]),
    )
    following = [*p_n[1:], extra]
    previous: Value = p_n[0] + 1
    for i, (p_i, next_p) in enumerate(zip(p_n, following, strict=True)):
        previous = (previous + p_i + next_p) / 3
        p_n[i] = previous
    return p_n


def _method6(
    p_n: list[Value], nums: Sequence[int], summed: SummedStats, config: BleuConfig
) -> list[Value]:
    """Orders >= 3 interpolate (m + alpha·pi0)/(l + alpha), pi0 = p_{n-1}^2/p_{n-2}."""
    if len(p_n) < 3:
        raise _NltkRaisesError(
            "NLTK's method6 needs at least 3 n-gram orders (with fewer weights it "
            "raises IndexError)"
        )
    if nums[2] == 0:
        raise _NltkRaisesError(
            "NLTK's method6 needs a non-zero trigram precision, and no trigram "
            "matches here (it raises AssertionError)"
        )
    alpha = config.nltk_alpha
    for i in range(2, len(p_n)):
        before = p_n[i - 2]
        prior: Value = 0 if before == 0 else p_n[i - 1] ** 2 / before
        count = max(0, summed.last_hyp_len - i)
        if count + alpha == 0:
            raise _NltkRaisesError(
                f"NLTK's method6 divides by l + alpha = {count} + {alpha:g} = 0, l "
                f"being the {i + 1}-grams of the last hypothesis (it raises "
                "ZeroDivisionError)"
            )
        p_n[i] = (nums[i] + alpha * prior) / (count + alpha)
    return p_n


def _terms(
    nums: Sequence[int],
    dens: Sequence[int],
    smoothed: Sequence[Value],
    used: tuple[float, ...],
    method: Smoothing,
    summed: SummedStats,
    config: BleuConfig,
    detailed: bool,
) -> tuple[OrderTerm, ...]:
    """One term per order; `smoothing` in words only when `detailed`."""
    notes = None
    if detailed:
        notes = _smoothing_notes(nums, dens, smoothed, method, summed, config)
    terms = []
    for i, (n, d, p) in enumerate(zip(nums, dens, smoothed, strict=True)):
        weighted = i < len(used)
        plus = 1 if method is Smoothing.METHOD2 and i > 0 else 0
        terms.append(
            OrderTerm(
                order=i + 1,
                matches=n,
                total=d,
                numerator=n + plus,
                denominator=d + plus,
                precision=100.0 * float(p) if p > 0 else 0.0,
                smoothing=None if notes is None else notes[i],
                in_mean=weighted and p > 0,
                weight=used[i] if weighted else 0.0,
            )
        )
    return tuple(terms)


def _smoothing_notes(
    nums: Sequence[int],
    dens: Sequence[int],
    smoothed: Sequence[Value],
    method: Smoothing,
    summed: SummedStats,
    config: BleuConfig,
) -> list[str | None]:
    """What the smoothing method did to each order, in words."""
    notes: list[str | None] = [None] * len(nums)
    step = 1
    for i, (n, d) in enumerate(zip(nums, dens, strict=True)):
        if method is Smoothing.METHOD0 and n == 0:
            notes[i] = (
                "method0: no match, precision set to sys.float_info.min (≈2.2e-308)"
            )
        elif method is Smoothing.METHOD1 and n == 0:
            notes[i] = (
                f"method1: no match, numerator set to epsilon {_epsilon(config):g}"
                f" (precision {_epsilon(config):g}/{d})"
            )
        elif method is Smoothing.METHOD2 and i > 0:
            notes[i] = "method2: added 1 to matches and to total"
        elif method is Smoothing.METHOD3 and n == 0:
            notes[i] = f"method3: no match, precision set to 1/(2^{step}×{d})"
            step += 1
        elif method in (Smoothing.METHOD4, Smoothing.METHOD7) and n == 0:
            notes[i] = _method4_note(step, d, summed.hyp_len, config.nltk_k)
            step += 1 if summed.hyp_len > 1 else 0
    if method in (Smoothing.METHOD5, Smoothing.METHOD7):
        for i in range(len(nums)):
            after = (
                f"the last segment's {_METHOD5_ORDER}-gram precision"
                if i == len(nums) - 1
                else f"the {_gram(i + 2)} precision"
            )
            before = "unigram precision + 1" if i == 0 else f"smoothed {_gram(i)} value"
            text = (
                f"method5: mean of the {before}, this order and {after} "
                f"= {float(smoothed[i]):.4f}"
            )
            notes[i] = text if notes[i] is None else f"{notes[i]}; then {text}"
    if method is Smoothing.METHOD6:
        for i in range(2, len(nums)):
            count = max(0, summed.last_hyp_len - i)
            notes[i] = (
                f"method6: interpolated ({nums[i]} + {config.nltk_alpha:g}×prior)/"
                f"({count} + {config.nltk_alpha:g}) = {float(smoothed[i]):.4f}, with "
                f"prior p{i}²/p{i - 1} and {count} = the {_gram(i + 1)}s of the last "
                "hypothesis only"
            )
    return notes


def _method4_note(step: int, den: int, hyp_len: int, k: float) -> str:
    if hyp_len <= 1:
        return (
            "method4: no match, and with a hypothesis length of 1 (ln 1 = 0) NLTK "
            "leaves the precision at 0"
        )
    return f"method4: no match, precision set to 1/(2^{step}×{k:g}/ln {hyp_len})/{den}"


def _note(
    terms: Sequence[OrderTerm],
    weights: tuple[float, ...],
    used: tuple[float, ...],
    method: Smoothing,
    native: float,
    sys_len: int,
) -> str | None:
    """Why the score is what it is when one of NLTK's rules decides it."""
    parts = []
    if used != weights:
        parts.append(
            f"auto_reweigh: the hypothesis length {sys_len} is below 4, so the weights "
            f"became (1/{sys_len},)×{sys_len}"
        )
    if method is Smoothing.METHOD0:
        zero = [t.order for t in terms if t.matches == 0 and t.in_mean]
        if zero:
            grams = " or ".join(f"{n}-gram" for n in zero)
            parts.append(
                f"method0: no {grams} matches, precision set to sys.float_info.min "
                f"(≈2.2e-308), so BLEU is {native:.2g} rather than 0"
            )
    dropped = [t.order for t in terms if t.order <= len(used) and not t.in_mean]
    if dropped:
        grams = ", ".join(f"{n}-gram" for n in dropped)
        parts.append(
            f"the smoothed {grams} precision is not positive, and NLTK leaves it out "
            "of the mean instead of returning 0"
        )
    if native > 1:
        parts.append(
            f"{method.value} lifts the smoothed precisions above the counts, so NLTK's "
            "BLEU exceeds 1 here"
        )
    return "; ".join(parts) if parts else None


def _gram(n: int) -> str:
    return _ORDER_WORDS.get(n, f"{n}-gram")
