"""The sentence exports' QA columns: the count and the issues in words.

The issues are written here by hand (a `QaResult` of our own, not one the checks
found), so that the tables are tested on their own: the command line's table
(`io.sentence_export`) and the window's (`models.export_rows`), in every format's
cells. A system without a source has no QA columns; an issue list still being
counted is exported empty, never refused.
"""

from __future__ import annotations

from types import MappingProxyType

import numpy as np
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.qa import QaIssue, QaResult, Span
from bleu_gui.core.qa_checks import ALL_CHECKS, CheckKind
from bleu_gui.core.scoring import iter_prepare, score_corpus, score_sentences
from bleu_gui.core.stats import CorpusStats
from bleu_gui.core.steps import drain
from bleu_gui.io.qa_text import issues_text
from bleu_gui.io.sentence_export import SystemSentences, sentences_table
from bleu_gui.models.export_rows import sentence_table
from bleu_gui.models.sentence_table import ColumnKey, ColumnKind, SentenceTableModel
from bleu_gui.models.workspace import Scores

CONFIG = BleuConfig()
REFS = ("It costs 15 euros.", "Thanks a lot.", "Yes.")
HYPS = ("It costs 16 euros.", "Thanks  a lot", "Yes.")
ISSUES = (
    QaIssue(0, CheckKind.NUMBERS, "number 15 of the source is 16 here", Span(9, 11)),
    QaIssue(1, CheckKind.PUNCTUATION, "ends without the source's '.'", Span(12, 13)),
    QaIssue(1, CheckKind.SPACES, "two spaces in a row", Span(6, 8)),
)
RESULT = QaResult(
    3,
    ALL_CHECKS,
    MappingProxyType({0: ISSUES[:1], 1: ISSUES[1:]}),
    MappingProxyType(
        {CheckKind.NUMBERS: 1, CheckKind.PUNCTUATION: 1, CheckKind.SPACES: 1}
    ),
    MappingProxyType({}),
    (),
)
ROW_2 = "End punctuation: ends without the source's '.'; Spaces: two spaces in a row"


def prepared() -> CorpusStats:
    _, stats = drain(iter_prepare(HYPS, [REFS], CONFIG))
    return stats


def test_the_issues_read_as_check_then_message_joined_by_semicolons() -> None:
    assert issues_text(ISSUES[1:]) == ROW_2
    assert issues_text(()) == ""


def test_the_command_lines_table_has_the_count_and_the_issues_after_the_band() -> None:
    stats = prepared()
    system = SystemSentences(
        "a", score_sentences(stats, CONFIG), stats.hyp_len, HYPS, qa=RESULT
    )
    table = sentences_table([system], title="t")
    assert table.headers[-3:] == ("QA", "QA issues", "Hypothesis")
    qa, issues = table.headers.index("QA"), table.headers.index("QA issues")
    assert [row[qa] for row in table.values] == [1, 2, 0]
    assert [row[qa] for row in table.texts] == ["1", "2", "0"]
    assert [row[issues] for row in table.texts] == [
        "Numbers: number 15 of the source is 16 here",
        ROW_2,
        "",
    ]
    # Several systems: each its own, named for it; one without a source, none.
    plain = SystemSentences("b", score_sentences(stats, CONFIG), stats.hyp_len, HYPS)
    both = sentences_table([system, plain], title="t")
    assert "QA: a" in both.headers
    assert "QA issues: a" in both.headers
    assert not any(
        header.startswith("QA") and header.endswith(": b") for header in both.headers
    )


def test_the_windows_export_takes_the_columns_as_shown(qtbot: QtBot) -> None:
    stats = prepared()
    model = SentenceTableModel()
    scores = Scores(
        CONFIG,
        score_corpus(stats, CONFIG),
        score_sentences(stats, CONFIG),
        np.zeros(len(HYPS)),
        "sig",
        "sig",
    )
    model.set_content(scores, HYPS, stats.hyp_len)
    shown = [
        ColumnKey(ColumnKind.NUMBER),
        ColumnKey(ColumnKind.QA),
        ColumnKey(ColumnKind.QA_ISSUES),
    ]
    # Still being counted: empty cells, not a refusal.
    pending = sentence_table(model, shown, title="t")
    assert pending.headers == ("#", "QA", "QA issues")
    assert pending.values[0] == (1, None, None)
    assert pending.texts[0] == ("1", "", "")
    model.set_qa(RESULT)
    counted = sentence_table(model, shown, title="t")
    assert counted.values == [
        (1, 1, "Numbers: number 15 of the source is 16 here"),
        (2, 2, ROW_2),
        (3, 0, ""),
    ]
    assert counted.texts[1] == ("2", "2", ROW_2)
