"""The sentence filter's QA part: the rows it keeps, and its words.

`QaRows` is built from a `QaResult` written by hand (not one the checks found).
"""

from __future__ import annotations

from types import MappingProxyType

import numpy as np

from bleu_gui.core.qa import QaIssue, QaResult, Span
from bleu_gui.core.qa_checks import ALL_CHECKS, CheckKind
from bleu_gui.models.qa_filter import QaRows
from bleu_gui.models.sentence_filter import SentenceFilter, filter_rows

RESULT = QaResult(
    5,
    ALL_CHECKS,
    MappingProxyType(
        {
            1: (QaIssue(1, CheckKind.NUMBERS, "n", Span(0, 1)),),
            3: (
                QaIssue(3, CheckKind.NUMBERS, "n", Span(0, 1)),
                QaIssue(3, CheckKind.SPACES, "s", Span(0, 1)),
            ),
            4: (QaIssue(4, CheckKind.SPACES, "s", Span(0, 1)),),
        }
    ),
    MappingProxyType({CheckKind.NUMBERS: 2, CheckKind.SPACES: 2}),
    MappingProxyType({}),
    (),
)
HYPS = ("a", "b", "c", "d", "e")


def kept(spec: SentenceFilter) -> list[int]:
    scores = np.array([10.0, 20.0, 30.0, 40.0, 50.0])
    return [int(row) for row in filter_rows(spec, scores, HYPS, [HYPS], None)]


def test_the_rows_of_any_check_or_of_one() -> None:
    assert QaRows.of(RESULT, None) == QaRows(None, (1, 3, 4))
    assert QaRows.of(RESULT, CheckKind.SPACES) == QaRows(CheckKind.SPACES, (3, 4))
    assert QaRows.of(RESULT, CheckKind.TAGS).rows == ()


def test_the_filter_keeps_them_with_its_other_parts() -> None:
    spec = SentenceFilter(qa=QaRows.of(RESULT, CheckKind.NUMBERS))
    assert spec.is_active
    assert kept(spec) == [1, 3]
    assert kept(SentenceFilter(qa=QaRows.of(RESULT, None), min_score=35.0)) == [3, 4]
    assert kept(SentenceFilter(qa=QaRows(None, (2, 99)))) == [2]  # past the end: none
    assert spec.without_pair().qa is None
    assert not SentenceFilter().is_active


def test_the_chip_says_which_sentences() -> None:
    assert QaRows(None, ()).describe() == "sentences with QA issues"
    assert QaRows(CheckKind.PUNCTUATION, ()).describe() == (
        "sentences with End punctuation issues"
    )
