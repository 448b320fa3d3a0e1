"""Which sentences the table shows: a text search and a score range, as one value.

Filtering and sorting 100,000 rows through `QSortFilterProxyModel` would call Python
once per row and once per comparison (millions of calls per sort). Instead the filter
is a frozen value applied with one pass over the texts and numpy over the scores, and
the table model shows the resulting row order.

A regular expression is never matched here on the GUI's behalf: it may run for ever
(`(a+)+$`), so the browser sends it to a search process (`models.regex_search`).
`filter_rows` still takes one, for callers that are not a GUI.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bleu_gui.core.text_search import (
    SearchTexts,
    TextQuery,
    compile_query,
    rows_matching,
)

__all__ = ["SCORE_TOLERANCE", "SentenceFilter", "filter_rows"]

SCORE_TOLERANCE = 1e-9
"""How far outside a score range a score may lie and still count as in it.

Scores are sacreBLEU's floats, bit for bit: arithmetic on percentages puts a perfect
sentence at 100.00000000000004, and other sums land a few ulps beside the number a
user reads. A range is typed (or clicked on the histogram) on that 0-100 scale with a
few decimals, so a score within float noise of a bound is on the bound: a range up to
100 keeps the perfect sentences.
"""


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
    """

    text: str = ""
    regex: bool = False
    case_sensitive: bool = False
    in_hypothesis: bool = True
    in_references: bool = True
    in_source: bool = True
    min_score: float = 0.0
    max_score: float = 100.0

    @property
    def is_active(self) -> bool:
        """Whether this filter hides anything at all."""
        return bool(self.text) or self.min_score > 0.0 or self.max_score < 100.0

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


def filter_rows(
    spec: SentenceFilter,
    scores: npt.NDArray[np.float64],
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    source: Sequence[str] | None,
) -> npt.NDArray[np.int64]:
    """The indices of the rows `spec` keeps, in corpus order.

    A sentence whose score is NaN (the mode cannot score it) passes the score range
    only when the range is the whole 0-100. A score within `SCORE_TOLERANCE` of a
    bound is in the range.

    Raises:
        ValueError: for an invalid regular expression or a line break in the text.
    """
    keep = np.ones(len(scores), dtype=bool)
    if spec.min_score > 0.0 or spec.max_score < 100.0:
        low = spec.min_score - SCORE_TOLERANCE
        high = spec.max_score + SCORE_TOLERANCE
        with np.errstate(invalid="ignore"):
            keep &= (scores >= low) & (scores <= high)
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
