"""The Effort tab: sentences by band, a click that filters, and a pair's "less work".

The demo's happypoet in the real window: every cell of the per-band table against
an independent computation (rapidfuzz's own distance on the raw texts, the
closest reference chosen with fractions, sacreBLEU's `corpus_bleu` on the band's
lines). A click on a bar filters the sentence table to exactly that band's
sentences, a second click or the chip's × shows all again. A pair made by hand
checks A and B side by side and the sentences where B needs less work. Events are
ordered by signals and by what the window shows, never by time.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from rapidfuzz.distance import Levenshtein

from bleu_gui.models.effort_bands import NO_SYSTEM
from bleu_gui.models.session import FileSet
from bleu_gui.models.workspace import SystemId
from bleu_gui.models.workspace_change import Change, Moved, moves
from bleu_gui.views.band_chart import short_band_labels
from bleu_gui.views.effort_panel import EFFORT_TAB, EffortPanel
from bleu_gui.views.filter_bar import REMOVE_EFFORT
from bleu_gui.views.main_window import MainWindow
from tests.core.demo_systems import references, system
from tests.gui.test_what_if_window import kept, open_demo, type_edit

TIMEOUT = 60_000
NAME = "happypoet"
LABELS = ("100 %", "95–99 %", "85–94 %", "75–84 %", "50–74 %", "< 50 %")

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def closest_band(hypothesis: str, refs: list[str]) -> tuple[int, int]:
    """(band index, closest reference's words), counted here with fractions."""
    rates = [
        Fraction(Levenshtein.distance(hypothesis, ref), max(len(ref), 1))
        for ref in refs
    ]
    best = rates.index(min(rates))
    rate = rates[best]
    words = len(refs[best].split())
    if rate == 0:
        return 0, words
    match = 100 - 100 * rate
    for index, low in enumerate((95, 85, 75, 50), start=1):
        if match >= low:
            return index, words
    return 5, words


def show_tab(qtbot: QtBot, window: MainWindow) -> EffortPanel:
    """Bring the Effort tab to the front."""
    tabs = window.tabs
    index = next(i for i in range(tabs.count()) if tabs.tabText(i) == EFFORT_TAB)
    tabs.setCurrentIndex(index)
    qtbot.waitUntil(window.effort.isVisible)
    return window.effort


def shown_when(qtbot: QtBot, panel: EffortPanel, systems: int) -> None:
    qtbot.waitUntil(
        lambda: len(panel.bands.systems) == systems and not panel.busy,
        timeout=TIMEOUT,
    )


def table_texts(panel: EffortPanel) -> list[list[str]]:
    table = panel.table
    rows = []
    for row in range(table.rowCount()):
        cells = []
        for column in range(table.columnCount()):
            item = table.item(row, column)
            cells.append("" if item is None else item.text())
        rows.append(cells)
    return rows


def headers(panel: EffortPanel) -> list[str]:
    table = panel.table
    texts = []
    for column in range(table.columnCount()):
        item = table.horizontalHeaderItem(column)
        texts.append("" if item is None else item.text())
    return texts


def shown_rows(window: MainWindow) -> list[int]:
    return sorted(int(row) for row in window.browser.model.rows)


def test_without_a_system_the_tab_says_so(qtbot: QtBot, window: MainWindow) -> None:
    panel = show_tab(qtbot, window)
    qtbot.waitUntil(lambda: panel.status.text() == NO_SYSTEM, timeout=TIMEOUT)
    assert NO_SYSTEM == (
        "No system: open a test set and a system to see its post-editing effort."
    )
    assert panel.table.isHidden()
    assert panel.chart.isHidden()


def test_each_band_is_counted_as_by_hand_and_scored_as_sacrebleu(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = show_tab(qtbot, window)
    open_demo(qtbot, window, NAME)
    shown_when(qtbot, panel, 1)
    hyps, refs = system(NAME), references()
    bands = [
        closest_band(hyp, [ref[row] for ref in refs]) for row, hyp in enumerate(hyps)
    ]
    assert headers(panel) == ["Band", "Sentences", "Words", "BLEU"]
    expected = []
    for index, label in enumerate(LABELS):
        rows = [row for row, (band, _) in enumerate(bands) if band == index]
        words = sum(bands[row][1] for row in rows)
        bleu = sacrebleu.corpus_bleu(
            [hyps[row] for row in rows], [[ref[row] for row in rows] for ref in refs]
        ).score
        expected.append([label, f"{len(rows):,}", f"{words:,}", f"{bleu:.2f}"])
    assert table_texts(panel) == expected
    name = panel.bands.systems[0].name
    assert panel.status.text() == f"{name} against the closest references"
    assert panel.less_work.isHidden()  # one system: no pair to compare
    # Another system scored changes nothing shown: the bands are not summed
    # again (ten systems scored would sum them ten times).
    now = window.session.workspace
    window.session.workspace_changed.emit(now, now, Change.scoring(SystemId(999)))
    assert not panel.busy
    window.session.workspace_changed.emit(now, now, Change.of(Moved.CONFIG))
    assert not panel.busy


def test_the_chart_names_the_bands_by_their_lower_edge() -> None:
    assert short_band_labels() == ["100", "95+", "85+", "75+", "50+", "<50"]


def test_a_band_clicked_filters_the_table_and_a_second_click_clears_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = show_tab(qtbot, window)
    open_demo(qtbot, window, NAME)
    shown_when(qtbot, panel, 1)
    hyps, refs = system(NAME), references()
    band = 2  # 85–94 %
    expected = [
        row
        for row, hyp in enumerate(hyps)
        if closest_band(hyp, [ref[row] for ref in refs])[0] == band
    ]
    bar_set = panel.chart.bar_sets()[0]
    assert [int(bar_set.at(k)) for k in range(6)][band] == len(expected)
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        bar_set.clicked.emit(band)
    assert shown_rows(window) == expected
    bar = window.filter_bar
    name = panel.bands.systems[0].name
    assert bar.effort_row.label.text() == f"Only sentences in band 85–94 % of {name}"
    assert not bar.effort_row.isHidden()
    assert panel.chart.selected() == (0, band)
    # Clicked again: every sentence again, nothing drawn chosen.
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        bar_set.clicked.emit(band)
    assert len(shown_rows(window)) == len(hyps)
    assert bar.effort is None
    assert bar.effort_row.isHidden()
    assert panel.chart.selected() is None
    # A table row clicked, then the chip's ×.
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        panel.table.cellClicked.emit(band, 2)
    assert shown_rows(window) == expected
    remove = bar.effort_row.remove_button
    assert remove.accessibleName() == REMOVE_EFFORT
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    assert len(shown_rows(window)) == len(hyps)
    assert panel.chart.selected() is None


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# By hand, one reference. Character edits, A then B:
# 0: 0 / 0        (both 100 %)
# 1: 3 of 20 / 0  (A 85 %: 85–94; B 100 %)       B less work
# 2: 0 / 1 of 20  (A 100 %; B 95 %: 95–99)
# 3: 2 of 4 / 1 of 4 (A 50 %: 50–74; B 75 %: 75–84)  B less work
# 4: 3 of 3 / 3 of 3 (both 0 %: < 50)
REF = ["the cat sat", "abcdefghijklmnopqrst", "abcdefghijklmnopqrst", "abcd", "yes"]
HYP_A = ["the cat sat", "abcdefghijklmnopqxyz", "abcdefghijklmnopqrst", "abxx", "no"]
HYP_B = ["the cat sat", "abcdefghijklmnopqrst", "abcdefghijklmnopqrsx", "abcx", "non"]


def test_a_pair_side_by_side_and_where_b_needs_less_work(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    panel = show_tab(qtbot, window)
    ref = write(tmp_path / "ref.txt", REF)
    a = write(tmp_path / "a.txt", HYP_A)
    b = write(tmp_path / "b.txt", HYP_B)
    window.session.open_files(FileSet(b, (ref,), None, systems=(a, b)))
    shown_when(qtbot, panel, 2)
    name_a, name_b = (one.name for one in panel.bands.systems)
    assert panel.status.text() == f"A: {name_a} · B: {name_b}"
    assert headers(panel) == ["Band", "System", "Sentences", "Words", "BLEU"]

    def bleu(hyps: list[str], rows: list[int]) -> str:
        lines = [hyps[row] for row in rows]
        return f"{sacrebleu.corpus_bleu(lines, [[REF[r] for r in rows]]).score:.2f}"

    assert table_texts(panel) == [
        ["100 %", "A", "2", "4", bleu(HYP_A, [0, 2])],
        ["", "B", "2", "4", bleu(HYP_B, [0, 1])],
        ["95–99 %", "A", "0", "0", "–"],
        ["", "B", "1", "1", bleu(HYP_B, [2])],
        ["85–94 %", "A", "1", "1", bleu(HYP_A, [1])],
        ["", "B", "0", "0", "–"],
        ["75–84 %", "A", "0", "0", "–"],
        ["", "B", "1", "1", bleu(HYP_B, [3])],
        ["50–74 %", "A", "1", "1", bleu(HYP_A, [3])],
        ["", "B", "0", "0", "–"],
        ["< 50 %", "A", "1", "1", bleu(HYP_A, [4])],
        ["", "B", "1", "1", bleu(HYP_B, [4])],
    ]
    button = panel.less_work
    assert not button.isHidden()
    assert button.text() == f"{name_b} needs less work: 2 sentences"
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert shown_rows(window) == [1, 3]
    assert button.isChecked()
    label = window.filter_bar.effort_row.label.text()
    assert label == f"Only sentences where {name_b} needs less work than {name_a}"
    # B's text edited: its effort is counted anew, and the filter made of the
    # old count is dropped, saying why.
    dropped: list[str] = []
    panel.dropped.connect(dropped.append)
    assert window.select_sentence(2)  # shown by the filter
    qtbot.keyClick(window, Qt.Key.Key_F2)
    type_edit(qtbot, window, "abcdefghijklmnopqrsz")
    with qtbot.waitSignal(
        window.session.workspace_changed,
        check_params_cb=moves(Moved.EFFORT),
        timeout=TIMEOUT,
    ):
        kept(qtbot, window)
    qtbot.waitUntil(lambda: window.filter_bar.effort is None, timeout=TIMEOUT)
    assert dropped == [
        f"The effort filter (sentences where {name_b} needs less work than "
        f"{name_a}) was removed: the effort was counted anew."
    ]
    assert not button.isChecked()
