"""Exports mark the what-if edits: the sentence tables (command line, window), report.

An edited row shows the edited text and "yes" in an "Edited" column; its numbers
are sacreBLEU's for the edited text; without edits the tables are as before (no
column). The HTML report says how many sentences were edited and marks them.
Cell texts and the report's words are pinned as users read them.
"""

from __future__ import annotations

import numpy as np
import pytest
import sacrebleu
from pytestqt.qtbot import QtBot

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.edits import Edits, count_edits
from bleu_gui.core.effort import effort_of
from bleu_gui.core.report import ReportRequest, ReportSystem, build_report
from bleu_gui.core.scoring import iter_prepare, score_corpus, score_sentences
from bleu_gui.core.stats import CorpusStats
from bleu_gui.core.steps import drain
from bleu_gui.io.report_html import edits_note, render_report
from bleu_gui.io.sentence_export import SystemSentences, sentences_table
from bleu_gui.models.export_rows import edit_marks, sentence_table
from bleu_gui.models.sentence_table import ColumnKey, ColumnKind, SentenceTableModel
from bleu_gui.models.workspace import Scores

CONFIG = BleuConfig()
REFS = (
    "The cat sat on the mat.",
    "A dog barked twice at the mailman.",
    "It rained all day in Berlin.",
    "Prices rose by 3.5 percent.",
)
HYPS_A = (
    "The cat sat on a mat.",
    "The dog barked at the postman.",
    "Rain all day in Berlin.",
    "Prices went up 3.5 percent.",
)
HYPS_B = (
    "A cat sat on the mat.",
    "A dog barks twice at the postman.",
    "It rained all day in Berlin.",
    "Prices rose 3.5 percent.",
)
EDITED_ROW = 1
EDITED_TEXT = "A dog barked twice at the mailman <script>."


def prepared(hyps: tuple[str, ...]) -> tuple[CorpusStats, Edits]:
    tokenized, stats = drain(iter_prepare(hyps, [REFS], CONFIG))
    edits = count_edits(
        {EDITED_ROW: EDITED_TEXT}, tokenized.references, CONFIG, stats.max_order
    )
    return stats, edits


def sacrebleu_sentence(text: str, row: int) -> float:
    return float(sacrebleu.sentence_bleu(text, [REFS[row]]).score)


# --- the command line's sentence table ------------------------------------------------


def test_an_edited_row_shows_its_text_its_numbers_and_yes() -> None:
    stats, edits = prepared(HYPS_A)
    table = sentences_table(
        [SystemSentences.of("a", stats, HYPS_A, CONFIG, edits)], title="t"
    )
    assert table.headers[-2:] == ("Hypothesis", "Edited")
    bleu = table.headers.index("BLEU")
    assert [row[-2:] for row in table.texts] == [
        ("The cat sat on a mat.", ""),
        (EDITED_TEXT, "yes"),
        ("Rain all day in Berlin.", ""),
        ("Prices went up 3.5 percent.", ""),
    ]
    for row, hyp in enumerate(HYPS_A):
        text = EDITED_TEXT if row == EDITED_ROW else hyp
        value = table.values[row][bleu]
        assert isinstance(value, float)
        assert value == pytest.approx(sacrebleu_sentence(text, row), abs=1e-9)
    assert table.texts[EDITED_ROW][bleu] == "59.0"  # sacreBLEU: 59.00


def test_without_edits_the_table_has_no_edited_column() -> None:
    stats, _ = prepared(HYPS_A)
    plain = SystemSentences("a", score_sentences(stats, CONFIG), stats.hyp_len, HYPS_A)
    table = sentences_table([plain], title="t")
    assert "Edited" not in table.headers
    assert table.headers[-1] == "Hypothesis"
    assert SystemSentences.of("a", stats, HYPS_A, CONFIG).edited == frozenset()


def test_several_systems_each_get_an_edited_column_when_one_has_edits() -> None:
    stats_a, _ = prepared(HYPS_A)
    stats_b, edits_b = prepared(HYPS_B)
    table = sentences_table(
        [
            SystemSentences.of("a", stats_a, HYPS_A, CONFIG),
            SystemSentences.of("b", stats_b, HYPS_B, CONFIG, edits_b),
        ],
        title="t",
    )
    headers = table.headers
    assert headers[headers.index("Hypothesis: a") + 1] == "Edited: a"
    assert headers[-2:] == ("Hypothesis: b", "Edited: b")
    assert [row[headers.index("Edited: a")] for row in table.texts] == [""] * 4
    assert [row[-1] for row in table.texts] == ["", "yes", "", ""]
    delta = table.values[EDITED_ROW][headers.index("Δ − a: b")]
    expected = sacrebleu_sentence(EDITED_TEXT, EDITED_ROW) - sacrebleu_sentence(
        HYPS_A[EDITED_ROW], EDITED_ROW
    )
    assert delta == pytest.approx(expected, abs=1e-9)


# --- the window's sentence table ------------------------------------------------------


def test_the_windows_export_shows_the_edited_text_and_marks_the_row(
    qtbot: QtBot,
) -> None:
    stats, edits = prepared(HYPS_A)
    model = SentenceTableModel()
    scores = Scores(
        CONFIG,
        score_corpus(stats, CONFIG),
        score_sentences(stats, CONFIG),
        np.zeros(len(HYPS_A)),
        "sig",
        "sig",
    )
    model.set_content(scores, HYPS_A, stats.hyp_len)
    model.set_rows(np.array([3, 1, 0], dtype=np.int64))  # filtered and sorted
    shown = [ColumnKey(ColumnKind.NUMBER), ColumnKey(ColumnKind.HYPOTHESIS)]
    table = sentence_table(
        model, shown, title="t", edits=edits, marks=edit_marks(edits)
    )
    assert table.headers == ("#", "Hypothesis", "Edited")
    assert table.texts == [
        ("4", "Prices went up 3.5 percent.", ""),
        ("2", EDITED_TEXT, "yes"),
        ("1", "The cat sat on a mat.", ""),
    ]
    assert table.values[1] == (2, EDITED_TEXT, "yes")
    plain = sentence_table(
        model, shown, title="t", edits=Edits(), marks=edit_marks(Edits())
    )
    assert plain.headers == ("#", "Hypothesis")
    assert plain.texts[1] == ("2", "The dog barked at the postman.")


def test_an_effort_still_being_counted_is_exported_empty(qtbot: QtBot) -> None:
    # Counted after the scores: an export meanwhile is not refused for it.
    stats, _ = prepared(HYPS_A)
    model = SentenceTableModel()
    scores = Scores(
        CONFIG,
        score_corpus(stats, CONFIG),
        score_sentences(stats, CONFIG),
        np.zeros(len(HYPS_A)),
        "sig",
        "sig",
    )
    model.set_content(scores, HYPS_A, stats.hyp_len)
    shown = [ColumnKey(ColumnKind.NUMBER), ColumnKey(ColumnKind.BAND)]
    table = sentence_table(model, shown, title="t")
    assert table.headers == ("#", "Band")
    assert table.texts[0] == ("1", "")
    assert table.values[0] == (1, None)
    model.set_effort(effort_of(HYPS_A, [HYPS_A]))  # each its own reference
    counted = sentence_table(model, shown, title="t")
    assert counted.texts[0] == ("1", "100 %")
    assert counted.values[0] == (1, 100.0)


# --- the HTML report ------------------------------------------------------------------


def test_the_note_counts_the_edited_sentences() -> None:
    stats, edits = prepared(HYPS_A)
    one = ReportSystem("a", HYPS_A, stats).with_edits(edits)
    assert edits_note([one]) == "1 sentence edited (what-if); scores include the edits"
    more = ReportSystem("a", HYPS_A, stats, frozenset({0, 2, 3}))
    assert edits_note([more]) == (
        "3 sentences edited (what-if); scores include the edits"
    )
    plain = ReportSystem("b", HYPS_B, stats)
    assert edits_note([plain, more]) == (
        "3 sentences edited (what-if) in a; scores include the edits"
    )
    assert edits_note([plain]) == ""


def test_the_report_scores_the_edits_says_so_and_marks_the_sentence() -> None:
    stats, edits = prepared(HYPS_A)
    system = ReportSystem("a", HYPS_A, stats).with_edits(edits)
    report = build_report(ReportRequest((REFS,), (system,), CONFIG, "sig", top=4))
    edited = [*HYPS_A[:EDITED_ROW], EDITED_TEXT, *HYPS_A[EDITED_ROW + 1 :]]
    expected = sacrebleu.corpus_bleu(edited, [list(REFS)]).score
    assert report.scores[0].score == pytest.approx(expected, abs=1e-9)
    page = render_report(report)
    assert (
        '<p class="edited-note">1 sentence edited (what-if); scores include the '
        "edits</p>"
    ) in page
    assert page.count('<span class="edited">edited (what-if)</span>') == 1
    heading = page[page.index("Segment 2 ·") :]
    assert heading[: heading.index("</h3>")].endswith(
        '<span class="edited">edited (what-if)</span>'
    )
    assert "&lt;script&gt;" in page
    assert "<script>" not in page


def test_a_report_without_edits_says_nothing_of_them() -> None:
    stats, _ = prepared(HYPS_A)
    page = render_report(
        build_report(
            ReportRequest((REFS,), (ReportSystem("a", HYPS_A, stats),), CONFIG, "s")
        )
    )
    body = page[page.index("<body>") :]
    assert "edited" not in body
