"""The difference of two BLEU scores, split exactly into what made it.

BLEU is a product, BP × exp(Σ wₙ log pₙ), so the difference of two scores is a
difference of products; it splits into a sum only in log space:

    log(B / A) = [log BPᴮ − log BPᴬ] + Σₙ [wₙᴮ log pₙᴮ − wₙᴬ log pₙᴬ]

one term for the brevity penalty ("length") and one per order ("n-gram precision"),
with pₙ on the 0-1 scale (sacreBLEU's percent constant log 100 is the same on both
sides and cancels) and wₙ the weight the order really had in the mean (0 for an order
left out of it: effective order, NLTK's dropped zero precisions). In every mode this
is exact: the score is 100 × BP × exp(Σ wₙ log pₙ) there.

**From log terms to BLEU points.** Each part gets the share of Δ = B − A its log term
has of log(B / A): partₖ = Lₖ × Δ / Σ Lₖ, so the parts sum to Δ to the last bits and
each keeps its sign. Δ / log(B / A) is the logarithmic mean of A and B, so this is the
"log mean Divisia index" of index decomposition, the split that leaves no residual
term. When A = B, Δ / Σ Lₖ is 0/0 and its limit, A, is used: the parts then show
what cancelled (precision gained, length lost) and sum to 0.

**Smoothing** is inside the terms: pₙ is the precision as it entered the mean, after
smoothing, so an order without a match under sacreBLEU's `exp` smoothing takes part
with the log of 100 / (2ᵏ × total), and NLTK's method0 with sys.float_info.min.

**A score of 0** has log −∞, and no share of an infinite sum means anything. When
one score is 0 (an empty hypothesis: BP = 0; a zero precision that no smoothing
lifted; no match at all), the whole Δ goes to what is 0 in that system, split
equally among those factors (every order, when nothing matches at all), and
`log_exact` is False. When both are 0, Δ = 0 and every part is 0.

Sentence scores and corpus scores split the same way; `core.delta` uses this for
sentences, `corpus_delta` here for corpora.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from bleu_gui.core.config import BleuConfig, Compat, ScoreScale
from bleu_gui.core.explain import (
    format_parts,
    format_points,
    join_words,
    mean_weights,
    score_scale,
)
from bleu_gui.core.result import BleuScore, Number
from bleu_gui.core.scoring import score_corpus
from bleu_gui.core.stats import CorpusStats

__all__ = [
    "DeltaPart",
    "Factor",
    "OrderChange",
    "ScoreDelta",
    "check_same_references",
    "corpus_delta",
    "decompose",
]


class Factor(StrEnum):
    """What a part of a difference comes from."""

    LENGTH = "length"
    PRECISION = "precision"


@dataclass(frozen=True, slots=True)
class DeltaPart:
    """One factor's part of a difference.

    Attributes:
        factor: the brevity penalty (length) or an order's precision.
        order: n for a precision, 0 for the brevity penalty.
        log_a: the factor's weighted log in A (log BP, or wₙ log pₙ; 0 when the
            order is not in A's mean; −inf when it is 0).
        log_b: the same in B.
        log_term: log_b − log_a (nan when a side is 0).
        points: its part of the difference, in BLEU points (0-100); the parts sum
            to the difference.
    """

    factor: Factor
    order: int
    log_a: float
    log_b: float
    log_term: float
    points: float

    @property
    def label(self) -> str:
        """Its name in words: "length", "3-gram precision"."""
        if self.factor is Factor.LENGTH:
            return "length"
        return f"{self.order}-gram precision"


@dataclass(frozen=True, slots=True)
class OrderChange:
    """What changed in one order's counts from A to B."""

    order: int
    matches_a: Number
    matches_b: Number
    total_a: Number
    total_b: Number

    @property
    def matches_delta(self) -> Number:
        """Clipped matches gained by B (negative: lost)."""
        return self.matches_b - self.matches_a

    @property
    def total_delta(self) -> Number:
        """Hypothesis n-grams B has more than A."""
        return self.total_b - self.total_a


@dataclass(frozen=True, slots=True)
class ScoreDelta:
    """B's score minus A's, with what each factor contributed.

    Attributes:
        a: A's score, every term kept.
        b: B's score.
        name_a: A's name in the words.
        name_b: B's name.
        delta: b.score − a.score, BLEU points (0-100).
        parts: length first, then one per order; their points sum to `delta`.
        log_exact: whether the parts are shares of log terms (False when a score
            is 0, see the module).
        diagnosis: the difference in words, e.g. "B gains 1.10 BLEU over A: +0.50
            from 4-gram precision, +0.30 from 3-gram precision, +0.30 from length".
    """

    a: BleuScore
    b: BleuScore
    name_a: str
    name_b: str
    delta: float
    parts: tuple[DeltaPart, ...]
    log_exact: bool
    diagnosis: str

    @property
    def orders(self) -> tuple[OrderChange, ...]:
        """Per order, the counts of A and of B (as counted, before smoothing)."""
        return tuple(
            OrderChange(ta.order, ta.matches, tb.matches, ta.total, tb.total)
            for ta, tb in zip(self.a.terms, self.b.terms, strict=True)
        )

    def part_texts(self) -> tuple[tuple[str, ...], bool]:
        """The parts as every text shows them, and whether they add up as shown.

        Rounded together (`explain.format_parts`) so that they add up exactly to
        `format_points(delta)`; True then. False only when the difference is too
        small for the decimals (shown in e-form): each part rounded alone.
        """
        return _part_texts(self.parts, self.delta, self.a.compat)


def _part_texts(
    parts: tuple[DeltaPart, ...], delta: float, compat: Compat
) -> tuple[tuple[str, ...], bool]:
    return format_parts([part.points for part in parts], delta, compat)


def corpus_delta(
    stats_a: CorpusStats,
    stats_b: CorpusStats,
    config: BleuConfig,
    *,
    names: tuple[str, str] = ("A", "B"),
) -> ScoreDelta:
    """Corpus BLEU of B minus corpus BLEU of A, decomposed (see the module).

    Both are counted against the same references.

    Raises:
        ValueError: if the two are not of the same test set (number of segments,
            reference lengths), or where the emulated library cannot score one.
    """
    check_same_references(stats_a, stats_b)
    return decompose(
        score_corpus(stats_a, config), score_corpus(stats_b, config), names
    )


def check_same_references(stats_a: CorpusStats, stats_b: CorpusStats) -> None:
    """Refuse two systems' statistics that were not counted on the same test set.

    Only what the statistics show can be checked: as many segments, and every
    reference of the same length.
    """
    if len(stats_a) != len(stats_b):
        raise ValueError(
            f"the systems have {len(stats_a)} and {len(stats_b)} segments: "
            "they must translate the same test set"
        )
    if (
        stats_a.ref_lens.shape != stats_b.ref_lens.shape
        or (stats_a.ref_lens != stats_b.ref_lens).any()
    ):
        raise ValueError(
            "the systems were not counted against the same references "
            "(their reference lengths differ)"
        )


def decompose(
    a: BleuScore, b: BleuScore, names: tuple[str, str] = ("A", "B")
) -> ScoreDelta:
    """B's score minus A's, split into length and per-order parts (see the module).

    Raises:
        ValueError: if the two scores are of different modes or orders.
    """
    if a.compat is not b.compat or len(a.terms) != len(b.terms):
        raise ValueError("only two scores of the same mode and orders can be compared")
    delta = b.score - a.score
    logs_a, logs_b = _weighted_logs(a), _weighted_logs(b)
    log_exact = a.score > 0 and b.score > 0
    if log_exact:
        terms = [lb - la for la, lb in zip(logs_a, logs_b, strict=True)]
        points = _apportion(terms, a.score, b.score)
    else:
        terms = [math.nan] * len(logs_a)
        points = _zero_rule(logs_a, logs_b, a.score, b.score)
    parts = tuple(
        DeltaPart(Factor.LENGTH if k == 0 else Factor.PRECISION, k, la, lb, term, share)
        for k, (la, lb, term, share) in enumerate(
            zip(logs_a, logs_b, terms, points, strict=True)
        )
    )
    name_a, name_b = names
    words = _diagnosis(delta, parts, log_exact, a, b, names)
    return ScoreDelta(a, b, name_a, name_b, delta, parts, log_exact, words)


def _weighted_logs(score: BleuScore) -> list[float]:
    """[log BP, w₁ log p₁, …] on the 0-1 scale; −inf for a factor that is 0.

    An order outside the mean contributes 0. When a rule made the score 0 before
    any mean (nothing matches at all; NLTK: no unigram matches), every order with
    no match is a zero factor.
    """
    logs = [_log(score.bp)] + [0.0] * len(score.terms)
    weighted = mean_weights(score)
    for term, weight in weighted:
        logs[term.order] = weight * _log(term.precision / 100)
    if score.bp > 0 and not weighted:
        for term in score.terms:
            if term.matches == 0:
                logs[term.order] = -math.inf
    return logs


def _log(value: float) -> float:
    return math.log(value) if value > 0 else -math.inf


def _apportion(terms: list[float], score_a: float, score_b: float) -> list[float]:
    """Δ shared in proportion to the log terms (log mean Divisia index)."""
    total = math.fsum(terms)
    delta = score_b - score_a
    scale = score_a if score_a == score_b or total == 0 else delta / total
    return [term * scale for term in terms]


def _zero_rule(
    logs_a: list[float], logs_b: list[float], score_a: float, score_b: float
) -> list[float]:
    """Δ shared equally by the factors that are 0 in the system that scores 0."""
    delta = score_b - score_a
    if score_a == 0 and score_b == 0:
        return [0.0] * len(logs_a)
    zero_side = logs_a if score_a == 0 else logs_b
    zeros = [k for k, value in enumerate(zero_side) if value == -math.inf]
    if not zeros:
        # The product underflowed without any factor being 0: the logs are finite.
        terms = [lb - la for la, lb in zip(logs_a, logs_b, strict=True)]
        total = math.fsum(terms)
        return [term * delta / total for term in terms]
    return [delta / len(zeros) if k in zeros else 0.0 for k in range(len(logs_a))]


# --- the words ----------------------------------------------------------------


def _diagnosis(
    delta: float,
    parts: tuple[DeltaPart, ...],
    log_exact: bool,
    a: BleuScore,
    b: BleuScore,
    names: tuple[str, str],
) -> str:
    """The difference in words, on the library's scale, as `format_points` prints it.

    Each factor is named with its part, largest first, so that the reader sees
    which orders moved and whether length did. The parts are written as the
    panel's chips write them (`ScoreDelta.part_texts`: adding up to the amount
    shown); a part shown as zero is left out (rounded alone: a part below half
    the last digit, 0.005 BLEU points on either scale).
    """
    name_a, name_b = names
    compat = a.compat
    scale = f" ({_UNIT.value})" if score_scale(compat) is _UNIT else ""
    amount = format_points(abs(delta), compat)
    if delta > 0:
        head = f"{name_b} gains {amount} BLEU{scale} over {name_a}"
    elif delta < 0:
        head = f"{name_b} loses {amount} BLEU{scale} against {name_a}"
    elif a.score == 0:
        head = f"{name_b} scores the same as {name_a}: both score 0"
    else:
        head = f"{name_b} scores the same as {name_a}"
    texts, add_up = _part_texts(parts, delta, compat)
    paired = zip(parts, texts, strict=True)
    groups = sorted(
        ((part.points, part.label, text) for part, text in paired),
        key=lambda group: abs(group[0]),
        reverse=True,
    )
    # A part shown as zero says nothing: left out (rounded alone, below _SHOWN).
    shown = [
        f"{text} from {what}"
        for points, what, text in groups
        if (float(text) != 0 if add_up else abs(points) >= _SHOWN)
    ]
    text = head + (": " + ", ".join(shown) if shown else "")
    if not log_exact and delta != 0:
        in_a = a.score == 0
        zeros = [
            part for part in parts if (part.log_a if in_a else part.log_b) == -math.inf
        ]
        if zeros:
            zero = name_a if in_a else name_b
            text += (
                f" ({zero} scores 0 because of its {_factor_words(zeros)}, "
                "so all of the difference is put there)"
            )
    return text


def _factor_words(parts: list[DeltaPart]) -> str:
    """Factors as prose: "length and 3- and 4-gram precision"."""
    words = [part.label for part in parts if part.factor is Factor.LENGTH]
    orders = [part.order for part in parts if part.factor is Factor.PRECISION]
    if orders:
        grams = [f"{n}-" for n in orders[:-1]] + [f"{orders[-1]}-gram precision"]
        words.append(join_words(grams))
    return " and ".join(words)


_UNIT = ScoreScale.UNIT
# Half the last digit a difference is shown with: 0.005 on 0-100 (2 decimals),
# 0.00005 on 0-1 (4 decimals), the same amount of BLEU.
_SHOWN = 0.005
