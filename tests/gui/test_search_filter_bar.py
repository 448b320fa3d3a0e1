"""The filter bar's score fields, typed at a human pace, and the histogram's top bar.

Keys are real key events, one at a time; after each key the test waits for the
commit that the pause in typing makes (a signal, never a sleep).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDoubleSpinBox
from pytestqt.qtbot import QtBot

from bleu_gui.models.sentence_filter import SentenceFilter
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.main_window import MainWindow
from tests.gui.controls_support import start_typing

TIMEOUT = 20_000
# WMT21 news de-en (newstest2021); the last hypothesis is its reference word for word.
HYPS = [
    "Biker reacts at lightning speed and prevents worse",
    "Motorist overlooks biker",
    "The biker tried to avoid the car, but still grazed it at the rear of the vehicle.",
    "Biker suffers leg injury",
]
REFS = [
    "Biker reacts lightning fast and prevents worse.",
    "A female car driver overlooks a biker",
    "The biker tried to evade the car, but still hit the rear of the vehicle.",
    "Biker suffers leg injury",
]
SACREBLEU = [
    sacrebleu.sentence_bleu(h, [r]).score for h, r in zip(HYPS, REFS, strict=True)
]

# Showing a main window offscreen: the plugin says it cannot pass size hints on.
pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    hyp.write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    ref.write_text("\n".join(REFS) + "\n", encoding="utf-8")
    session = Session(processes=1)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(session, settings)
    qtbot.addWidget(main)
    with qtbot.waitSignal(
        session.workspace_changed,
        check_params_cb=moves(Moved.SHOWN_SCORES),
        timeout=TIMEOUT,
    ):
        session.open_files(FileSet(hyp, (ref,), None))
    yield main
    session.shutdown()


def type_slowly(
    qtbot: QtBot, window: MainWindow, spin: QDoubleSpinBox, text: str
) -> list[SentenceFilter]:
    """Type `text` a key at a time; after each key, wait for the pause's commit."""
    committed: list[SentenceFilter] = []
    for key in text:
        with qtbot.waitSignal(
            window.filter_bar.filter_requested, timeout=TIMEOUT
        ) as request:
            qtbot.keyClicks(spin.lineEdit(), key)
            assert spin.hasFocus()
        committed.append(request.args[0])
        assert spin.hasFocus()
    return committed


def shown(window: MainWindow) -> list[int]:
    return sorted(int(row) for row in window.browser.model.rows)


def test_a_maximum_typed_slowly_commits_each_pause_and_keeps_every_key(
    qtbot: QtBot, window: MainWindow
) -> None:
    box = window.filter_bar.max_score
    start_typing(qtbot, window, box)
    committed = type_slowly(qtbot, window, box, "50")
    assert [spec.max_score for spec in committed] == [5.0, 50.0]
    assert box.text() == "50"  # never rewritten under the cursor
    assert window.browser.filter.max_score == 50.0
    assert shown(window) == [i for i, s in enumerate(SACREBLEU) if s <= 50.0]
    # Enter takes the number for good; the filter stays the one typed.
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert box.value() == 50.0
    assert window.browser.filter.max_score == 50.0


def test_a_key_alone_does_not_filter_enter_does(
    qtbot: QtBot, window: MainWindow
) -> None:
    box = window.filter_bar.min_score
    requests: list[SentenceFilter] = []
    window.filter_bar.filter_requested.connect(requests.append)
    start_typing(qtbot, window, box)
    qtbot.keyClicks(box.lineEdit(), "4")
    assert requests == []  # the key started the pause, no filter yet
    with qtbot.waitSignal(window.filter_bar.filter_requested) as request:
        qtbot.keyClicks(box.lineEdit(), "0")
        qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert request.args[0].min_score == 40.0
    assert [spec.min_score for spec in requests] == [40.0]  # once, not per key


def test_leaving_a_score_field_commits_it(qtbot: QtBot, window: MainWindow) -> None:
    box = window.filter_bar.max_score
    start_typing(qtbot, window, box)
    with qtbot.waitSignal(window.filter_bar.filter_requested) as request:
        qtbot.keyClicks(box.lineEdit(), "30")
        window.filter_bar.search.setFocus(Qt.FocusReason.TabFocusReason)
    assert request.args[0].max_score == 30.0


def test_a_histogram_click_never_rewrites_the_field_being_typed_in(
    qtbot: QtBot, window: MainWindow
) -> None:
    box = window.filter_bar.max_score
    start_typing(qtbot, window, box)
    qtbot.keyClicks(box.lineEdit(), "7")
    with qtbot.waitSignal(window.filter_bar.filter_requested) as request:
        window.histogram.range_clicked.emit(95.0, 100.0)
    assert box.text() == "7"
    assert window.filter_bar.min_score.value() == 95.0
    assert (request.args[0].min_score, request.args[0].max_score) == (95.0, 7.0)


def test_the_95_to_100_bar_shows_the_perfect_sentence(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert SACREBLEU[3] == 100.00000000000004  # sacreBLEU's perfect sentence
    assert [i for i, s in enumerate(SACREBLEU) if s >= 95.0] == [3]
    edges = window.histogram.bin_edges()
    assert (edges[-2], edges[-1]) == (95.0, 100.0)
    with qtbot.waitSignal(window.browser.shown_changed, timeout=TIMEOUT) as report:
        window.histogram.range_clicked.emit(edges[-2], edges[-1])
    assert shown(window) == [3]
    assert report.args[:2] == [1, 4]


def test_a_running_search_does_not_widen_the_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    bar, browser = window.filter_bar, window.browser
    window.show()
    qtbot.waitExposed(window)
    narrowest = window.minimumSizeHint().width()
    browser.regex_search.budget = 600.0  # only the button can end it
    bar.regex.setChecked(True)
    with qtbot.waitSignal(browser.regex_search.began, timeout=TIMEOUT):
        bar.search.setText("(.+)+!")  # no '!' in the texts: `re` never ends
    qtbot.waitUntil(bar.stop.isVisible)
    assert window.minimumSizeHint().width() == narrowest
    # Stop sits beside "Searching…" on the row under the search, not on it.
    assert bar.stop.parentWidget() is bar.problem_row
    qtbot.mouseClick(bar.stop, Qt.MouseButton.LeftButton)
    assert not bar.problem_row.isHidden()  # "search stopped" stays said
    assert bar.stop.isHidden()


def test_the_bar_shows_a_running_search_and_its_stop_button_stops_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    bar, browser = window.filter_bar, window.browser
    browser.regex_search.budget = 600.0  # only the button can end it
    bar.regex.setChecked(True)
    with qtbot.waitSignal(browser.regex_search.began, timeout=TIMEOUT):
        bar.search.setText("(.+)+!")  # no '!' in the texts: `re` never ends
    assert bar.problem.text() == "Searching…"
    assert not bar.stop.isHidden()
    qtbot.mouseClick(bar.stop, Qt.MouseButton.LeftButton)
    assert bar.problem.text() == "search stopped"
    assert bar.stop.isHidden()
    assert not browser.searching
    assert shown(window) == [0, 1, 2, 3]
