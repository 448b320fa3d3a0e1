"""Which sentences the table shows: a text, a score range, a pair's Δ, as one value.

Filtering and sorting 100,000 rows through `QSortFilterProxyModel` would call Python
once per row and once per comparison (millions of calls per sort). Instead the filter
is a frozen value applied with one pass over the texts and numpy over the scores, and
the table model shows the resulting row order.

A regular expression is never matched here on the GUI's behalf: it may run for ever
(`(a+)+$`), so the browser sends it to a search process (`models.regex_search`).
`filter_rows` still takes one, for callers that are not a GUI.

With a pair of systems (A the baseline, B the shown one) a filter can also keep the
sentences where B scores better, worse or the same as A (`DeltaSide`), and those whose
Δ = B − A lies in a range (`DeltaRange`). A range typed by hand is inclusive; a bar of
the Δ histogram is half-open, as it was counted (`DeltaRange.of_bar`), so a click
shows exactly the sentences the bar counts. Without a pair these parts keep every row.

A salient n-gram clicked (`core.salient`) keeps the sentences where the system whose
list it is in gets it counted more often than the other (`NgramRows`: those rows are
the core's, listed with the n-gram, never searched for again here). Its rows are the
pair's of the moment: whoever sets it drops it when the pair or the tokens change.

A document clicked in the documents view keeps that document's sentences
(`DocumentRows`: its ids and their rows, found once by `core.documents`); whoever
sets it drops it when the test set's documents change. It combines with every
other criterion, pair or not.

A band of the effort view clicked, or its "where B needs less work", keeps those
sentences (`EffortRows`: rows counted from one system's effort, or the pair's);
whoever sets it drops it when that effort is counted anew.

A bucket of the buckets view clicked keeps its sentences (`BucketRows`: rows of
the statistics the buckets were made from); whoever sets it drops it when those
change.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

import numpy as np
import numpy.typing as npt

from bleu_gui.core.documents import Documents
from bleu_gui.core.pair_ngrams import Side
from bleu_gui.core.text_search import (
    SearchTexts,
    TextQuery,
    compile_query,
    rows_matching,
)
from bleu_gui.models.qa_filter import QaRows

__all__ = [
    "DELTA_LIMIT",
    "SCORE_TOLERANCE",
    "BucketRows",
    "DeltaRange",
    "DeltaSide",
    "DocumentRows",
    "EffortRows",
    "MarginRows",
    "NgramRows",
    "SentenceFilter",
    "filter_rows",
]

SCORE_TOLERANCE = 1e-9
"""How far outside a score range a score may lie and still count as in it.

Scores are sacreBLEU's floats, bit for bit: arithmetic on percentages puts a perfect
sentence at 100.00000000000004, and other sums land a few ulps beside the number a
user reads. A range is typed (or clicked on the histogram) on that 0-100 scale with a
few decimals, so a score within float noise of a bound is on the bound: a range up to
100 keeps the perfect sentences.
"""


class DeltaSide(Enum):
    """Which side of A system B's sentence BLEU lies on (Δ = B − A)."""

    ANY = "all sentences"
    BETTER = "B better"
    WORSE = "B worse"
    SAME = "same score"

    def words(self, b: str) -> str:
        """How a menu names this side, B being the system named `b`."""
        return (
            self.value.replace("B", b, 1) if self.value.startswith("B") else self.value
        )

    def keeps(self, deltas: npt.NDArray[np.float64]) -> npt.NDArray[np.bool_]:
        """Which of `deltas` are on this side: Δ > 0, Δ < 0, Δ = 0 (NaN: none).

        "Same" is Δ = 0 exactly, as the Δ histogram counts its equal sentences:
        equal statistics give equal floats.
        """
        keep: npt.NDArray[np.bool_]
        with np.errstate(invalid="ignore"):
            match self:
                case DeltaSide.BETTER:
                    keep = np.greater(deltas, 0.0)
                case DeltaSide.WORSE:
                    keep = np.less(deltas, 0.0)
                case DeltaSide.SAME:
                    keep = np.equal(deltas, 0.0)
                case _:
                    keep = np.ones(deltas.shape, dtype=bool)
        return keep


DELTA_LIMIT = 100.0
"""The largest |Δ|: sentence BLEU is 0–100, so a whole Δ range is −100..100."""


@dataclass(frozen=True, slots=True)
class DeltaRange:
    """A range of Δ = B − A, each bound inclusive unless said open.

    Attributes:
        low: the lowest Δ kept.
        high: the highest Δ kept.
        low_open: `low` itself is not kept (Δ > low).
        high_open: `high` itself is not kept (Δ < high).
    """

    low: float = -DELTA_LIMIT
    high: float = DELTA_LIMIT
    low_open: bool = False
    high_open: bool = False

    @staticmethod
    def of_bar(low: float, high: float, last: bool) -> DeltaRange:
        """The sentences a bar [low, high) of the Δ histogram counts.

        Bars are half-open as `numpy.histogram` counts them, the `last` one closed
        on the right; Δ = 0 is in no bar (`views.delta_histogram`), so the bar
        starting at 0 keeps 0 < Δ only.
        """
        return DeltaRange(low, high, low_open=low == 0.0, high_open=not last)

    @property
    def is_whole(self) -> bool:
        """Whether this range keeps every Δ."""
        return (
            self.low <= -DELTA_LIMIT
            and self.high >= DELTA_LIMIT
            and not (self.low_open or self.high_open)
        )

    def keeps(self, deltas: npt.NDArray[np.float64]) -> npt.NDArray[np.bool_]:
        """Which of `deltas` lie in the range (NaN: none, unless it is whole).

        An inclusive bound takes `SCORE_TOLERANCE` (a typed 5 keeps a Δ that is 5
        in float noise); an open bound is exact, as the histogram's bins are.
        """
        if self.is_whole:
            return np.ones(deltas.shape, dtype=bool)
        with np.errstate(invalid="ignore"):
            if self.low_open:
                above = deltas > self.low
            else:
                above = deltas >= self.low - SCORE_TOLERANCE
            if self.high_open:
                below = deltas < self.high
            else:
                below = deltas <= self.high + SCORE_TOLERANCE
        return above & below

    def describe(self) -> str:
        """The range in words a user reads: "0 < Δ < 5", "−10 ≤ Δ ≤ 10"."""
        left = "<" if self.low_open else "≤"
        right = "<" if self.high_open else "≤"
        return f"{_number(self.low)} {left} Δ {right} {_number(self.high)}"


def _number(value: float) -> str:
    """A bound as typed: no useless decimals, a real minus sign."""
    return f"{value + 0.0:g}".replace("-", "−")  # + 0.0: never "−0"


@dataclass(frozen=True, slots=True)
class NgramRows:
    """The sentences of a salient n-gram: where one system gets it counted more often.

    Attributes:
        order: n, the n-gram's order.
        gram: its tokens, as the scorer counted them.
        favoured: whose list it is in: `Side.B` if B gets it counted more often
            than A over the corpus, `Side.A` the reverse.
        names: the names of A and B, for the words a user reads.
        rows: the 0-based sentences where the favoured system gets it counted more
            often than the other (`SalientNgram.rows`), in corpus order.
    """

    order: int
    gram: tuple[str, ...]
    favoured: Side
    names: tuple[str, str]
    rows: tuple[int, ...]

    def keeps(self, size: int) -> npt.NDArray[np.bool_]:
        """Which of `size` rows are among `rows` (a row past the end: none)."""
        return _among(self.rows, size)

    def describe(self) -> str:
        """Which sentences, in the words of the salient list's "sentences" column.

        "sentences where happypoet gets “the cat” counted more often than
        Facebook-AI".
        """
        a, b = self.names
        favoured, other = (b, a) if self.favoured is Side.B else (a, b)
        return (
            f"sentences where {favoured} gets “{' '.join(self.gram)}” counted "
            f"more often than {other}"
        )


@dataclass(frozen=True, slots=True)
class DocumentRows:
    """The sentences of one or more documents.

    Attributes:
        ids: the documents' ids.
        rows: their 0-based sentences, in corpus order
            (`core.documents.Documents.rows_of`).
    """

    ids: frozenset[str]
    rows: tuple[int, ...]

    @classmethod
    def of(cls, documents: Documents, ids: frozenset[str]) -> DocumentRows:
        """The sentences of the documents named `ids` (a click, or a session's).

        The one place that turns ids into rows, so that a document chosen in the
        documents view and one put back from a session file keep the same rows.
        """
        return cls(ids, tuple(documents.rows_of(ids).tolist()))

    def keeps(self, size: int) -> npt.NDArray[np.bool_]:
        """Which of `size` rows are among `rows` (a row past the end: none)."""
        return _among(self.rows, size)

    def describe(self) -> str:
        """Which documents, as the filter line says it: "document 'd7'".

        Several: "documents 'd1', 'd2'" (sorted, so that the words never change
        with the order of a set).
        """
        names = ", ".join(f"'{doc}'" for doc in sorted(self.ids))
        return f"document{'s' if len(self.ids) != 1 else ''} {names}"


@dataclass(frozen=True, slots=True)
class EffortRows:
    """The sentences of a post-editing effort band, or where B needs less work.

    Attributes:
        words: which sentences, as the filter line says them ("sentences in
            band 95–99 % of happypoet").
        rows: their 0-based rows, in corpus order, as the effort view counted
            them (`Effort.bands`, `core.band_table.less_work_rows`).
    """

    words: str
    rows: tuple[int, ...]

    def keeps(self, size: int) -> npt.NDArray[np.bool_]:
        """Which of `size` rows are among `rows` (a row past the end: none)."""
        return _among(self.rows, size)


@dataclass(frozen=True, slots=True)
class BucketRows:
    """The sentences of a bucket of the Buckets tab.

    Attributes:
        words: which sentences, as the filter line says them ("sentences with
            a reference length of 10–19").
        rows: their 0-based rows, in corpus order (`core.buckets.BucketRow`).
    """

    words: str
    rows: tuple[int, ...]

    def keeps(self, size: int) -> npt.NDArray[np.bool_]:
        """Which of `size` rows are among `rows` (a row past the end: none)."""
        return _among(self.rows, size)


@dataclass(frozen=True, slots=True)
class MarginRows:
    """The sentences of a significance margin (`core.margin`), from the Systems dock.

    Attributes:
        words: which sentences, as the filter line says them ("the 30 sentences
            of happypoet's margin").
        rows: their 0-based rows, in swap order (the filter shows them in the
            table's order).
    """

    words: str
    rows: tuple[int, ...]

    def keeps(self, size: int) -> npt.NDArray[np.bool_]:
        """Which of `size` rows are among `rows` (a row past the end: none)."""
        return _among(self.rows, size)


@dataclass(frozen=True, slots=True)
class SentenceFilter:
    """What to show.

    Attributes:
        text: search text; empty shows everything.
        regex: treat `text` as a regular expression (Python syntax).
        case_sensitive: match case exactly.
        in_hypothesis: search the hypotheses.
        in_references: search the references.
        in_source: search the source.
        min_score: lowest sentence BLEU shown (inclusive).
        max_score: highest sentence BLEU shown (inclusive).
        side: with a pair, where B's sentence BLEU lies against A's.
        delta: with a pair, the range of Δ = B − A shown.
        ngram: with a pair, only the sentences of a salient n-gram (None: all).
        documents: only the sentences of these documents (None: all).
        effort: only the sentences of an effort band, or where B needs less
            work (None: all).
        buckets: only the sentences of a bucket (None: all).
        qa: only the sentences with QA issues (of one check), as the QA panel
            chose them (None: all).
        margin: only the sentences of a significance margin (None: all).
    """

    text: str = ""
    regex: bool = False
    case_sensitive: bool = False
    in_hypothesis: bool = True
    in_references: bool = True
    in_source: bool = True
    min_score: float = 0.0
    max_score: float = 100.0
    side: DeltaSide = DeltaSide.ANY
    delta: DeltaRange = field(default_factory=DeltaRange)
    ngram: NgramRows | None = None
    documents: DocumentRows | None = None
    effort: EffortRows | None = None
    buckets: BucketRows | None = None
    qa: QaRows | None = None
    margin: MarginRows | None = None

    @property
    def is_active(self) -> bool:
        """Whether this filter hides anything at all (with a pair of systems)."""
        return (
            bool(self.text)
            or self.min_score > 0.0
            or self.max_score < 100.0
            or self.compares
            or self.ngram is not None
            or self.documents is not None
            or self.effort is not None
            or self.buckets is not None
            or self.qa is not None
            or self.margin is not None
        )

    @property
    def compares(self) -> bool:
        """Whether the pair part (side, Δ range) hides anything."""
        return self.side is not DeltaSide.ANY or not self.delta.is_whole

    def without_pair(self) -> SentenceFilter:
        """This filter without its pair part, n-gram, documents, effort, bucket, QA.

        What depends on the texts and scores of one system only: the part the
        browser searches the texts with, a slice of rows at a time (the rows of
        an n-gram, of documents, of an effort band, of a bucket or with QA
        issues count from the
        corpus's first, not the slice's, so none belongs there).
        """
        return replace(
            self,
            side=DeltaSide.ANY,
            delta=DeltaRange(),
            ngram=None,
            documents=None,
            effort=None,
            buckets=None,
            qa=None,
            margin=None,
        )

    def pattern(self) -> re.Pattern[str]:
        """The compiled search pattern.

        Raises:
            SearchError: (a ValueError) for an invalid regular expression or a line
                break in the search text, with a one-line reason.
        """
        return compile_query(
            self.text, regex=self.regex, case_sensitive=self.case_sensitive
        )

    def query(self) -> TextQuery:
        """The text part of this filter: what to search, and where."""
        return TextQuery(
            self.text,
            regex=self.regex,
            case_sensitive=self.case_sensitive,
            in_hypothesis=self.in_hypothesis,
            in_references=self.in_references,
            in_source=self.in_source,
        )


def _among(rows: tuple[int, ...], size: int) -> npt.NDArray[np.bool_]:
    """Which of `size` rows are among `rows` (a row past the end: none)."""
    keep = np.zeros(size, dtype=bool)
    chosen = np.asarray(rows, dtype=np.int64)
    keep[chosen[(chosen >= 0) & (chosen < size)]] = True
    return keep


def filter_rows(
    spec: SentenceFilter,
    scores: npt.NDArray[np.float64],
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    source: Sequence[str] | None,
    deltas: npt.NDArray[np.float64] | None = None,
) -> npt.NDArray[np.int64]:
    """The indices of the rows `spec` keeps, in corpus order.

    A sentence whose score is NaN (the mode cannot score it) passes the score range
    only when the range is the whole 0-100. A score within `SCORE_TOLERANCE` of a
    bound is in the range. `deltas` (Δ = B − A per row, NaN: unscorable) are those
    of the pair the side and Δ range filter by; None (no pair): those keep all. The
    n-gram part keeps its rows, pair or not (its setter drops it with the pair);
    the documents and effort parts their rows.

    Raises:
        ValueError: for an invalid regular expression or a line break in the text.
    """
    keep = np.ones(len(scores), dtype=bool)
    if spec.min_score > 0.0 or spec.max_score < 100.0:
        low = spec.min_score - SCORE_TOLERANCE
        high = spec.max_score + SCORE_TOLERANCE
        with np.errstate(invalid="ignore"):
            keep &= (scores >= low) & (scores <= high)
    if deltas is not None and spec.compares:
        keep &= spec.side.keeps(deltas) & spec.delta.keeps(deltas)
    if spec.ngram is not None:
        keep &= spec.ngram.keeps(len(scores))
    if spec.documents is not None:
        keep &= spec.documents.keeps(len(scores))
    if spec.effort is not None:
        keep &= spec.effort.keeps(len(scores))
    if spec.buckets is not None:
        keep &= spec.buckets.keeps(len(scores))
    if spec.qa is not None:
        keep &= spec.qa.keeps(len(scores))
    if spec.margin is not None:
        keep &= spec.margin.keeps(len(scores))
    if spec.text:
        texts = SearchTexts(hypotheses, references, source)
        query = spec.query()
        found = np.zeros(len(scores), dtype=bool)
        if spec.regex:
            found[rows_matching(query, texts) or []] = True
        else:
            spec.pattern()  # refuses a line break: one line at a time
            for field in texts.fields(query):
                found[_lines_containing(spec.text, field, spec.case_sensitive)] = True
        keep &= found
    return np.flatnonzero(keep).astype(np.int64)


def _lines_containing(
    needle: str, lines: Sequence[str], case_sensitive: bool
) -> list[int]:
    """Indices of the lines that contain `needle`, found by one scan of the joined text.

    Searching line by line costs a Python call per line (most of a second for 400,000
    lines); `str.find` over the joined text runs in C. Without case sensitivity both
    sides are lowercased line by line, so the lines keep their boundaries. A needle
    with a line break, which could span two lines, is refused before (`pattern`).
    """
    if not case_sensitive:
        needle = needle.lower()
        lines = [line.lower() for line in lines]
    starts = np.cumsum([0, *(len(line) + 1 for line in lines)])[:-1]
    text = "\n".join(lines)
    positions = []
    found = text.find(needle)
    while found >= 0:
        positions.append(found)
        found = text.find(needle, found + 1)
    hits = np.unique(np.searchsorted(starts, positions, side="right") - 1)
    return [int(row) for row in hits]
