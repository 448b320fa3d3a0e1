"""The window's HTML report buckets as the Buckets tab does: its edges, its counts.

The pair of `tests.gui.test_buckets_tab` in the real window, edges typed on the
tab and a training corpus counted there (`tests.gui.test_buckets_files`' corpus,
counted by hand); the report written by File › Export › HTML report… is read
back: each bucket's BLEU is sacreBLEU's `corpus_bleu` of the bucket's lines,
the word table the hand counts the tab shows. Events are ordered by signals
and states.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sacrebleu
from pytestqt.qtbot import QtBot

from bleu_gui.core.edits import count_edits
from bleu_gui.io.report_html import escaped
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.report_action import report_request
from tests.gui.test_buckets_files import CORPUS
from tests.gui.test_buckets_tab import HYP_A, HYP_B, REF, TIMEOUT, open_pair, pick
from tests.io.report_page import ReportPage

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def test_the_report_has_the_tabs_edges_and_corpus_counts(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    panel = open_pair(qtbot, window, tmp_path)
    old = panel.content
    panel.edges_box.setText("3, 12")
    panel.edges_box.editingFinished.emit()
    qtbot.waitUntil(lambda: panel.content is not old and not panel.busy)
    corpus = tmp_path / "train.txt"
    corpus.write_text(CORPUS, encoding="utf-8")
    with qtbot.waitSignal(panel.files.frequency_changed, timeout=TIMEOUT):
        panel.files.count_corpus(corpus)
    target = tmp_path / "report.html"
    with qtbot.waitSignal(window.report_action.written, timeout=TIMEOUT):
        window.report_action.export(target)
    html = target.read_text(encoding="utf-8")
    page = ReportPage(html)
    lengths = page.bucket_tables[0]
    assert lengths[0][:4] == ["Bucket", "Sentences", "a.txt", "b.txt"]
    # Reference lengths 3, 12, 2, 11 at the edges typed, 3 and 12.
    members = {"< 3": [2], "3–11": [0, 3], "≥ 12": [1]}
    expected = []
    for label, rows in members.items():
        refs = [pick(REF, rows)]
        a = sacrebleu.corpus_bleu(pick(HYP_A, rows), refs).score
        b = sacrebleu.corpus_bleu(pick(HYP_B, rows), refs).score
        expected.append([label, f"{len(rows)}", f"{a:.2f}", f"{b:.2f}", f"{b - a:.2f}"])
    assert [row[:5] for row in lengths[1:]] == expected
    # The tab's hand counts: frequency 0, A 19 of 23 words matched, B 24 of 24,
    # 25 reference words; 1: cat (A), dog (B); 2: the, hello.
    words = page.bucket_tables[-1]
    assert words[1:4] == [
        ["0", "25", "23", "82.61", "76.00", "79.17", "24", "100.00", "96.00", "97.96"],
        ["1", "1", "1", "100.00", "100.00", "100.00", "1", "0.00", "0.00", "0.00"],
        ["2", "2", *["2", "100.00", "100.00", "100.00"] * 2],
    ]
    assert escaped("P, R, F in %. Frequencies in train.txt (6 words). Per") in html


def test_the_report_counts_the_words_the_window_scored(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_pair(qtbot, window, tmp_path)
    workspace = window.session.workspace
    request = report_request(workspace, buckets=window.buckets.choice)
    assert request is not None
    systems = {system.name: system for system in workspace.systems}
    for reported in request.systems:
        tokenized = systems[reported.name].tokenized
        assert tokenized is not None
        assert reported.tokens is tokenized.hypotheses
    first = systems[request.systems[0].name].tokenized
    assert first is not None
    assert request.reference_tokens is first.references


def test_an_edited_systems_words_are_its_edited_tokens(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    open_pair(qtbot, window, tmp_path)
    session = window.session
    b = next(system for system in session.systems if system.name == "b.txt")
    assert b.tokenized is not None
    assert b.stats is not None
    edits = count_edits(
        {0: "the cat sat ."}, b.tokenized.references, session.config, b.stats.max_order
    )
    session.set_edits(b.id, edits)
    qtbot.waitUntil(
        lambda: (
            session.workspace.system(b.id).scored_under(session.config)
            and not session.is_busy
        ),
        timeout=TIMEOUT,
    )
    request = report_request(session.workspace)
    assert request is not None
    reported = request.systems[1]
    assert reported.name == "b.txt"
    assert reported.lines[0] == "the cat sat ."
    assert reported.tokens is not None
    assert reported.tokens[0] == "the cat sat ."  # 13a splits nothing more
    assert list(reported.tokens[1:]) == HYP_B[1:]
