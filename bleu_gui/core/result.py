"""What a score is made of: one frozen result per corpus or sentence.

A `BleuScore` keeps every term of the computation (`OrderTerm`), not only the final
number, because explaining the number is the product: the GUI's explain panel, the
command line's JSON and the tests all read the same terms.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bleu_gui.core.config import Compat

if TYPE_CHECKING:  # numpy is imported where arrays are made (see core/__init__)
    import numpy as np
    import numpy.typing as npt

__all__ = ["BleuScore", "OrderTerm", "SentenceScores"]

Number = int | float


@dataclass(frozen=True, slots=True)
class OrderTerm:
    """One n-gram order's contribution to a score.

    Attributes:
        order: n.
        matches: clipped matches as counted.
        total: hypothesis n-grams as counted (NLTK: per-segment `max(1, ·)` summed).
        numerator: the precision's numerator after smoothing touched the counts
            (sacreBLEU's add-k adds k here; what sacreBLEU reports as `counts`).
        denominator: likewise (sacreBLEU's `totals`).
        precision: the precision in percent as it entered the mean (0.0 if absent).
        smoothing: what smoothing did to this order, in words; `None` if nothing.
        in_mean: whether this order entered the geometric mean.
        weight: its weight in the mean (1/orders unless NLTK weights say otherwise).
    """

    order: int
    matches: Number
    total: Number
    numerator: Number
    denominator: Number
    precision: float
    smoothing: str | None
    in_mean: bool
    weight: float


@dataclass(frozen=True, slots=True)
class BleuScore:
    """A BLEU score with everything it was computed from.

    Attributes:
        score: BLEU on the 0-100 scale.
        native_score: the value exactly as the emulated library returns it (equal to
            `score` for sacreBLEU; NLTK's 0-1 float or int 0; tf-nmt's 0-1 float;
            multi-bleu.perl's 100 × its 0-1 value).
        bp: the brevity penalty.
        sys_len: hypothesis length c.
        ref_len: reference length r.
        ratio: c / r, or 0 when r is 0.
        terms: one `OrderTerm` per order.
        compat: which library's arithmetic produced it.
        note: why the score is what it is when a rule short-circuits the mean
            ("no unigram matches"); `None` otherwise.
    """

    score: float
    native_score: Number
    bp: float
    sys_len: int
    ref_len: int
    ratio: float
    terms: tuple[OrderTerm, ...]
    compat: Compat
    note: str | None = None

    @property
    def counts(self) -> tuple[Number, ...]:
        """Per-order numerators, as sacreBLEU's `BLEUScore.counts`."""
        return tuple(term.numerator for term in self.terms)

    @property
    def totals(self) -> tuple[Number, ...]:
        """Per-order denominators, as sacreBLEU's `BLEUScore.totals`."""
        return tuple(term.denominator for term in self.terms)

    @property
    def precisions(self) -> tuple[float, ...]:
        """Per-order precisions in percent, as sacreBLEU's `BLEUScore.precisions`."""
        return tuple(term.precision for term in self.terms)


@dataclass(frozen=True, slots=True, eq=False)
class SentenceScores:
    """Every segment's sentence score, as arrays, for tables and histograms.

    Attributes:
        score: (segments,) BLEU, 0-100.
        bp: (segments,) brevity penalty.
        precisions: (segments, orders) precisions in percent.
        ref_len: (segments,) the reference length each sentence's BP used.
    """

    score: npt.NDArray[np.float64]
    bp: npt.NDArray[np.float64]
    precisions: npt.NDArray[np.float64]
    ref_len: npt.NDArray[np.int64]

    @staticmethod
    def concatenate(parts: Sequence[SentenceScores]) -> SentenceScores:
        """The scores of consecutive blocks of segments, one after the other."""
        if not parts:
            raise ValueError("nothing to concatenate")
        import numpy as np

        return SentenceScores(
            np.concatenate([part.score for part in parts]),
            np.concatenate([part.bp for part in parts]),
            np.concatenate([part.precisions for part in parts]),
            np.concatenate([part.ref_len for part in parts]),
        )
