"""The Buckets tab: buckets of a pair, a click that filters, edges typed, words.

A pair made by hand in the real window: every cell of the table against sacreBLEU
run on the bucket's own lines (`corpus_bleu`, and `PairedTest` with the tab's
seed), the word table against counts made by hand. Events are ordered by
signals and by what the window shows, never by time.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.significance import PairedTest as SacrePairedTest

from bleu_gui.core.buckets import Bucket
from bleu_gui.models.bucket_views import NO_SYSTEM, BucketView
from bleu_gui.models.session import FileSet
from bleu_gui.models.workspace_change import Moved
from bleu_gui.views.buckets_panel import BUCKETS_TAB, BucketsPanel, short_label
from bleu_gui.views.filter_chip import REMOVE_BUCKET
from bleu_gui.views.main_window import MainWindow

TIMEOUT = 60_000

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

# Reference lengths (13a tokens): 3, 12, 2, 11 -> "< 10": 0, 2; "10–19": 1, 3.
REF = [
    "the cat sat",
    "one two three four five six seven eight nine ten eleven twelve",
    "hello world",
    "a b c d e f g h i j k",
]
HYP_A = [
    "the cat sat",
    "one two three four five six seven eight nine ten",
    "hello there",
    "a b c d e f g h x y z",
]
HYP_B = [
    "the dog sat",
    "one two three four five six seven eight nine ten eleven twelve",
    "hello world",
    "a b c d e f g h i j",
]


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def show_tab(qtbot: QtBot, window: MainWindow) -> BucketsPanel:
    tabs = window.tabs
    index = next(i for i in range(tabs.count()) if tabs.tabText(i) == BUCKETS_TAB)
    tabs.setCurrentIndex(index)
    qtbot.waitUntil(window.buckets.isVisible)
    return window.buckets


def open_pair(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> BucketsPanel:
    """The pair (a, b) opened and scored with the tab on screen; never made early."""
    panel = show_tab(qtbot, window)
    ref = write(tmp_path / "ref.txt", REF)
    a = write(tmp_path / "a.txt", HYP_A)
    b = write(tmp_path / "b.txt", HYP_B)
    session = window.session
    # After each system scored (the panel's slot ran first): while the session
    # still reads or scores, the buckets are not being made.
    made_while_busy: list[bool] = []
    session.workspace_changed.connect(
        lambda _old, _new, change: (
            made_while_busy.append(session.is_busy and panel.busy)
            if change.any(Moved.SCORED)
            else None
        )
    )
    session.open_files(FileSet(b, (ref,), None, systems=(a, b)))
    shown_when(qtbot, panel)
    assert made_while_busy
    assert not any(made_while_busy)
    return panel


def shown_when(qtbot: QtBot, panel: BucketsPanel) -> None:
    qtbot.waitUntil(
        lambda: (
            len(panel.content.names) == 2
            and (panel.content.table is not None or panel.content.words is not None)
            and not panel.busy
        ),
        timeout=TIMEOUT,
    )


def table_texts(panel: BucketsPanel) -> list[list[str]]:
    table = panel.table
    return [
        [
            "" if (item := table.item(row, column)) is None else item.text()
            for column in range(table.columnCount())
        ]
        for row in range(table.rowCount())
    ]


def headers(panel: BucketsPanel) -> list[str]:
    table = panel.table
    return [
        "" if (item := table.horizontalHeaderItem(column)) is None else item.text()
        for column in range(table.columnCount())
    ]


def shown_rows(window: MainWindow) -> list[int]:
    return sorted(int(row) for row in window.browser.model.rows)


def pick(lines: Sequence[str], rows: list[int]) -> list[str]:
    return [lines[row] for row in rows]


def test_without_a_system_the_tab_says_so(qtbot: QtBot, window: MainWindow) -> None:
    panel = show_tab(qtbot, window)
    qtbot.waitUntil(lambda: panel.status.text() == NO_SYSTEM, timeout=TIMEOUT)
    assert NO_SYSTEM == "No system: open a test set and a system to see its buckets."
    assert panel.table.isHidden()
    assert panel.chart.isHidden()


def test_a_pairs_buckets_are_sacrebleus_on_their_lines(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    panel = open_pair(qtbot, window, tmp_path)
    name_a, name_b = panel.content.names
    assert panel.status.text() == f"A: {name_a} · B: {name_b}"
    assert headers(panel) == ["Bucket", "Sentences", "A", "B", "Δ", "p"]
    table = panel.content.table
    assert table is not None
    monkeypatch.setenv("SACREBLEU_SEED", str(table.seed))
    expected = []
    members = {"< 10": [0, 2], "10–19": [1, 3]}
    for label in ("< 10", "10–19", "20–29", "30–39", "40–49", "50–59", "≥ 60"):
        rows = members.get(label, [])
        if not rows:
            expected.append([label, "0", "–", "–", "–", "–"])
            continue
        refs = [pick(REF, rows)]
        a = sacrebleu.corpus_bleu(pick(HYP_A, rows), refs).score
        b = sacrebleu.corpus_bleu(pick(HYP_B, rows), refs).score
        tester = SacrePairedTest(
            [("a", pick(HYP_A, rows)), ("b", pick(HYP_B, rows))],
            {"BLEU": BLEU()},
            references=refs,
            test_type="bs",
            n_samples=1000,
        )
        _, scores = tester()
        other = scores["BLEU"][1]
        assert not isinstance(other, str)
        bleus = [f"{a:.2f}", f"{b:.2f}", f"{b - a:.2f}"]
        expected.append([label, f"{len(rows)}", *bleus, f"{other.p_value:.4f}"])
    assert table_texts(panel) == expected
    # Error bars where a bucket was tested, none where it is empty.
    assert [(k, b) for k, b, _, _ in panel.chart.error_bars()] == [
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
    ]
    assert panel.note.text().startswith(
        f"BLEU: the corpus BLEU of the bucket's sentences. Buckets by {name_a}. "
        "Δ, p and the intervals are sacreBLEU's paired bootstrap run on each "
        "bucket's sentences only (a subset test,"
    )


def test_a_bucket_clicked_filters_the_table_and_a_second_click_clears_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    panel = open_pair(qtbot, window, tmp_path)
    bar_set = panel.chart.bar_sets()[0]
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        bar_set.clicked.emit(1)
    assert shown_rows(window) == [1, 3]
    chip = window.filter_bar.bucket_row
    assert chip.label.text() == "Only sentences with a reference length of 10–19"
    assert not chip.isHidden()
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        bar_set.clicked.emit(1)
    assert shown_rows(window) == [0, 1, 2, 3]
    assert chip.isHidden()
    # A table row clicked, then the chip's ×.
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        panel.table.cellClicked.emit(0, 1)
    assert shown_rows(window) == [0, 2]
    assert chip.remove_button.accessibleName() == REMOVE_BUCKET
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        qtbot.mouseClick(chip.remove_button, Qt.MouseButton.LeftButton)
    assert shown_rows(window) == [0, 1, 2, 3]


def test_edges_typed_make_new_buckets_and_drop_the_filter(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    panel = open_pair(qtbot, window, tmp_path)
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        panel.choose_bucket(0)
    dropped: list[str] = []
    panel.dropped.connect(dropped.append)
    old = panel.content
    panel.edges_box.setText("3, 12")
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        panel.edges_box.editingFinished.emit()
    qtbot.waitUntil(lambda: panel.content is not old and not panel.busy)
    # lengths 3, 12, 2, 11
    assert [row[:2] for row in table_texts(panel)] == [
        ["< 3", "1"],
        ["3–11", "2"],
        ["≥ 12", "1"],
    ]
    assert dropped == [
        "The bucket filter (sentences with a reference length of < 10) was "
        "removed: the buckets were made anew."
    ]
    assert shown_rows(window) == [0, 1, 2, 3]
    panel.edges_box.setText("5, 2")
    panel.edges_box.editingFinished.emit()
    assert panel.problem.text() == (
        "Edges not applied: ref-length: bucket edges must increase."
    )
    panel.edges_box.setText("a, 2")
    panel.edges_box.editingFinished.emit()
    assert panel.problem.text() == (
        "Edges not applied: the edges must be numbers separated by commas."
    )
    assert not panel.problem.isHidden()


def test_the_words_view_counts_as_by_hand(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    panel = open_pair(qtbot, window, tmp_path)
    old = panel.content
    panel.view_box.setCurrentIndex(list(BucketView).index(BucketView.WORDS))
    qtbot.waitUntil(lambda: panel.content is not old, timeout=TIMEOUT)
    shown_when(qtbot, panel)
    assert headers(panel) == ["Frequency", "System", "Words", "P", "R", "F"]
    rows = table_texts(panel)
    # Every reference word occurs once. A: 3 + 10 + 2 + 11 = 26 words, "there",
    # "x", "y", "z" in no reference; matched 3 + 10 + 1 + 8 = 22 of 28.
    # B: 3 + 12 + 2 + 10 = 27 words, "dog" in none; matched 2 + 12 + 2 + 10 = 26.
    assert rows[0] == ["0", "A", "4", "0.00", "–", "–"]
    assert rows[1] == ["", "B", "1", "0.00", "–", "–"]
    assert rows[2] == ["1", "A", "22", "100.00", "78.57", "88.00"]
    assert rows[3] == ["", "B", "26", "100.00", "92.86", "96.30"]
    assert all(row[2] == "0" for row in rows[4:])


def test_the_chart_names_buckets_by_their_lower_edge() -> None:
    inf = float("inf")
    assert short_label(Bucket("< 10", -inf, 10)) == "<10"
    assert short_label(Bucket("10–19", 10, 20)) == "10"
    assert short_label(Bucket("−5–−3", -5, -2)) == "−5"
    assert short_label(Bucket("≥ 1000", 1000, inf)) == "≥1k"
