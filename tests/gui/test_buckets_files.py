"""The Buckets tab's files: a session keeps its buckets, a corpus counted, Export….

The pair of `tests.gui.test_buckets_tab` opened in the real window. Word counts
by a training corpus are counted by hand; the export is read back and its BLEU
checked against sacreBLEU's `corpus_bleu` on each bucket's lines and against
the cells the tab shows. Events are ordered by signals and states.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sacrebleu
from pytestqt.qtbot import QtBot

from bleu_gui.core.word_buckets import REFERENCE_FREQUENCY
from bleu_gui.models.bucket_views import BucketView
from bleu_gui.views.bucket_files import exported_message
from bleu_gui.views.main_window import MainWindow
from tests.gui.test_buckets_tab import (
    HYP_A,
    HYP_B,
    REF,
    TIMEOUT,
    open_pair,
    pick,
    shown_rows,
    shown_when,
    table_texts,
)
from tests.gui.test_sessions import make, open_session, windows

__all__ = ["windows"]  # the fixture, used here

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

# A training corpus counted by hand: the 2, hello 2, cat 1, dog 1: 6 words.
CORPUS = "the the cat\nhello hello\ndog\n"


def test_a_session_keeps_the_edges_and_the_bucket_filter(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, windows: list[MainWindow]
) -> None:
    panel = open_pair(qtbot, window, tmp_path)
    old = panel.content
    panel.edges_box.setText("3, 12")
    panel.edges_box.editingFinished.emit()
    qtbot.waitUntil(lambda: panel.content is not old and not panel.busy)
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        panel.choose_bucket(1)  # reference lengths 3 and 11: "3–11"
    assert shown_rows(window) == [0, 3]
    path = tmp_path / "study.bleu-session"
    assert window.session_actions.save_to(path)
    saved = json.loads(path.read_text(encoding="utf-8"))["buckets"]
    assert saved["view"] == "ref_length"
    assert saved["edges"]["ref_length"] == [3, 12]
    assert saved["filter"] == {"view": "ref_length", "bucket": 1}
    second = make(qtbot, windows, tmp_path / "second.ini")
    open_session(qtbot, second, path)
    qtbot.waitUntil(lambda: shown_rows(second) == [0, 3], timeout=TIMEOUT)
    again = second.buckets
    assert again.edges.ref_length == (3.0, 12.0)
    assert again.edges_box.text() == "3, 12"
    assert again.view is BucketView.REF_LENGTH
    assert second.filter_bar.bucket_row.rows is not None
    assert second.filter_bar.bucket_row.rows.words == (
        "sentences with a reference length of 3–11"
    )


def test_a_corpus_counted_in_the_background_buckets_the_words(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    panel = open_pair(qtbot, window, tmp_path)
    old = panel.content
    panel.view_box.setCurrentIndex(list(BucketView).index(BucketView.WORDS))
    qtbot.waitUntil(lambda: panel.content is not old, timeout=TIMEOUT)
    shown_when(qtbot, panel)
    assert panel.files.source.text() == REFERENCE_FREQUENCY
    corpus = tmp_path / "train.txt"
    corpus.write_text(CORPUS, encoding="utf-8")
    with qtbot.waitSignal(panel.files.frequency_changed, timeout=TIMEOUT):
        panel.files.count_corpus(corpus)
    described = "Frequencies in train.txt (6 words)"
    assert panel.files.source.text() == described
    qtbot.waitUntil(
        lambda: (
            panel.content.words is not None
            and panel.content.words.frequency == described
            and not panel.busy
        ),
        timeout=TIMEOUT,
    )
    rows = table_texts(panel)
    # Frequency 0: the references' 25 other words. A: 23 words (sat, one…ten,
    # there, a…h, x, y, z), 19 matched; B: 24 words, all matched.
    # 1: cat (reference), dog (B only); 2: the, hello.
    assert rows[0] == ["0", "A", "23", "82.61", "76.00", "79.17"]
    assert rows[1] == ["", "B", "24", "100.00", "96.00", "97.96"]
    assert rows[2] == ["1", "A", "1", "100.00", "100.00", "100.00"]
    assert rows[3] == ["", "B", "1", "0.00", "0.00", "0.00"]
    assert rows[4] == ["2", "A", "2", "100.00", "100.00", "100.00"]
    assert rows[5] == ["", "B", "2", "100.00", "100.00", "100.00"]
    assert f"P, R, F in %. {described}. Per sentence" in panel.note.text()
    assert not panel.files.references_button.isHidden()
    panel.files.use_references()
    qtbot.waitUntil(
        lambda: (
            panel.content.words is not None
            and panel.content.words.frequency == REFERENCE_FREQUENCY
            and not panel.busy
        ),
        timeout=TIMEOUT,
    )
    assert table_texts(panel)[2] == ["1", "A", "22", "100.00", "78.57", "88.00"]


def test_a_corpus_count_cancelled_changes_nothing(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    panel = open_pair(qtbot, window, tmp_path)
    corpus = tmp_path / "big.txt"
    corpus.write_text("the cat sat on the mat .\n" * 50_000, encoding="utf-8")
    changed: list[bool] = []
    panel.files.frequency_changed.connect(lambda: changed.append(True))
    with qtbot.waitSignal(panel.files.jobs.busy_changed, timeout=TIMEOUT):
        panel.files.count_corpus(corpus)
    assert not panel.files.cancel_button.isHidden()
    with qtbot.waitSignal(
        panel.files.jobs.busy_changed,
        check_params_cb=lambda busy: not busy,
        timeout=TIMEOUT,
    ):
        panel.files.cancel_button.click()
    assert panel.files.frequency is None
    assert changed == []
    assert panel.files.cancel_button.isHidden()
    assert panel.files.source.text() == REFERENCE_FREQUENCY


def test_a_missing_corpus_is_one_line_on_the_tab(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    panel = open_pair(qtbot, window, tmp_path)
    missing = tmp_path / "none.txt"
    with qtbot.waitSignal(panel.files.jobs.failed, timeout=TIMEOUT):
        panel.files.count_corpus(missing)
    assert panel.files.message.text().startswith(f"{missing}: ")
    assert "\n" not in panel.files.message.text()
    assert panel.files.frequency is None


def test_export_writes_both_tables_with_the_tabs_numbers(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    panel = open_pair(qtbot, window, tmp_path)
    shown = table_texts(panel)
    path = tmp_path / "buckets.json"
    with qtbot.waitSignal(panel.files.jobs.exported, timeout=TIMEOUT):
        panel.files.export(path)
    assert panel.files.message.text() == exported_message(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    names = [column["name"] for column in data["columns"]]
    rows = [dict(zip(names, row, strict=True)) for row in data["rows"]]
    kinds = {row["Kind"] for row in rows}
    assert kinds == {"ref-length", "length-diff", "baseline-bleu", "word-frequency"}
    ref_length = [row for row in rows if row["Kind"] == "ref-length"]
    members = {"< 10": [0, 2], "10–19": [1, 3]}
    a_name, b_name = panel.content.names
    for label, lines in members.items():
        refs = [pick(REF, lines)]
        a = sacrebleu.corpus_bleu(pick(HYP_A, lines), refs).score
        b = sacrebleu.corpus_bleu(pick(HYP_B, lines), refs).score
        row_a, row_b = (row for row in ref_length if row["Bucket"] == label)
        assert (row_a["System"], row_b["System"]) == (a_name, b_name)
        assert row_a["BLEU"] == a
        assert row_b["BLEU"] == b
        assert row_b["Δ BLEU against the baseline"] == b - a
        line = next(cells for cells in shown if cells[0] == label)
        # The tab's cells: A, B, Δ and p, the export's values rounded.
        assert line[2:] == [
            f"{a:.2f}",
            f"{b:.2f}",
            f"{b - a:.2f}",
            f"{row_b['p-value (subset test)']:.4f}",
        ]
    notes = " ".join(data["signature"])
    assert "a subset test" in notes
    assert "1,000 resamples, seed 12345" in notes
    assert "Frequencies in the test set's references" in notes
    assert "min(hypothesis count, reference count)" in notes
    words = [row for row in rows if row["Kind"] == "word-frequency"]
    one_a = next(r for r in words if r["Bucket"] == "1" and r["System"] == a_name)
    assert (one_a["Matched"], one_a["Hypothesis words"]) == (22, 22)
    assert one_a["Word recall (%)"] == pytest.approx(100 * 22 / 28)
