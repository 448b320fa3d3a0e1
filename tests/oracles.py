"""Test oracles for the libraries that do not install here, written for these tests.

tensorflow/nmt is not on PyPI. `tf_nmt_bleu` re-derives, from its documented
behaviour, what its `compute_bleu` returns: clipped matches against the largest count
in any one reference, the *shortest* reference length per segment, add-one on every
order when smoothing, 0 when any precision is 0, a brevity penalty computed from the
length ratio, all on a 0-1 scale. The floating-point operations are the ones that
behaviour implies (a weighted sum of logs, the ratio inverted inside the exponent), so
the result can be compared with `==`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import cast

Tokens = Sequence[str]


def sacrebleu_refs(refs: Sequence[Sequence[str | None]]) -> Sequence[Sequence[str]]:
    """Reference streams as sacreBLEU's type hints describe them.

    sacreBLEU takes `None` for a segment that lacks that reference (`nrefs:var`), but
    its hints say `str` only; this names that one difference instead of silencing the
    type checker at every call.
    """
    return cast(Sequence[Sequence[str]], refs)


def _grams(tokens: Tokens, n: int) -> Counter[tuple[str, ...]]:
    return Counter(zip(*(tokens[i:] for i in range(n)), strict=False))


def tf_nmt_bleu(
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    max_order: int = 4,
    add_one: bool = False,
) -> tuple[float, list[float], float, float, int, int]:
    """(bleu, precisions, bp, ratio, c, r); `references[i]` = segment i's refs.

    Raises:
        ZeroDivisionError: where tensorflow/nmt does (c = 0 or r = 0).
    """
    hits = [0] * max_order
    possible = [0] * max_order
    c = r = 0
    for hyp, refs in zip(hypotheses, references, strict=True):
        c += len(hyp)
        r += min(len(ref) for ref in refs)
        for n in range(1, max_order + 1):
            ceiling: dict[tuple[str, ...], int] = {}
            for ref in refs:
                for gram, count in _grams(ref, n).items():
                    ceiling[gram] = max(ceiling.get(gram, 0), count)
            found = _grams(hyp, n)
            hits[n - 1] += sum(min(k, ceiling.get(g, 0)) for g, k in found.items())
            possible[n - 1] += max(len(hyp) - n + 1, 0)
    if add_one:
        precisions = [
            (h + 1.0) / (t + 1.0) for h, t in zip(hits, possible, strict=True)
        ]
    else:
        precisions = [
            h / t if t > 0 else 0.0 for h, t in zip(hits, possible, strict=True)
        ]
    weight = 1.0 / max_order
    geo_mean = (
        math.exp(sum(weight * math.log(p) for p in precisions))
        if min(precisions) > 0
        else 0
    )
    ratio = c / r
    bp = 1.0 if ratio > 1.0 else math.exp(1 - 1.0 / ratio)
    return geo_mean * bp, precisions, bp, ratio, c, r


def signed_cell(value: float, decimals: int) -> str:
    """A signed number as the window's cells write it, stated for the tests.

    Exactly zero is "0"; otherwise the sign and `decimals` decimals, except that a
    value whose shown digits are all zero has no sign ("0.0", never "-0.0").
    """
    if value == 0:
        return "0"
    text = f"{value:+.{decimals}f}"
    return text[1:] if set(text[1:]) <= {"0", "."} else text


def levenshtein(a: Sequence[str], b: Sequence[str]) -> int:
    """Insertions, deletions and substitutions from `a` to `b` (dynamic programming)."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i]
        for j, y in enumerate(b, start=1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y))
            )
        previous = current
    return previous[-1]


def common_subsequence(a: Sequence[str], b: Sequence[str]) -> int:
    """How long a longest common subsequence of `a` and `b` is (dynamic programming)."""
    previous = [0] * (len(b) + 1)
    for x in a:
        current = [0]
        for j, y in enumerate(b, start=1):
            current.append(
                previous[j - 1] + 1 if x == y else max(previous[j], current[j - 1])
            )
        previous = current
    return previous[-1]
