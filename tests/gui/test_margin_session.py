"""A saved session keeps the Systems dock's margin; it comes back only where it holds.

The demo's four systems (Facebook-AI the baseline, happypoet shown) are tested
and their margin found in one window, the session saved, then opened in another
window: the margin is shown there without a search, in the same words. A session
whose shown system is another (the pair changed) opens without it, and a session
file from before margins were saved opens as it did. The margin found is checked
by sacreBLEU's paired bootstrap on the swapped lines, never by the code under test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from bleu_gui.core.margin import Margin
from bleu_gui.views.main_window import MainWindow
from tests.gui.test_compare_systems_dock import _TIMEOUT_MS, run_test
from tests.gui.test_compare_systems_dock import four as four  # the fixture
from tests.gui.test_margin_dock import swapped_p
from tests.gui.test_sessions import make, open_session
from tests.gui.test_sessions import windows as windows  # the fixture

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def saved(qtbot: QtBot, four: MainWindow, tmp_path: Path) -> tuple[Path, Margin]:
    """A session of the four systems with happypoet's margin found."""
    compare, margin = four.compare_systems, four.compare_systems.margin
    run_test(qtbot, compare)
    qtbot.waitUntil(lambda: margin.pair is not None, timeout=_TIMEOUT_MS)
    with qtbot.waitSignal(margin.job.busy_changed, timeout=_TIMEOUT_MS):
        compare.margin_bar.find_button.click()
    qtbot.waitUntil(lambda: margin.result is not None, timeout=_TIMEOUT_MS)
    found = margin.result
    assert isinstance(found, Margin)
    path = tmp_path / "study.bleu-session"
    assert four.session_actions.save_to(path)
    return path, found


def test_the_margin_comes_back_with_the_session(
    qtbot: QtBot,
    saved: tuple[Path, Margin],
    windows: list[MainWindow],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path, found = saved
    stored = json.loads(path.read_text(encoding="utf-8"))["margin"]
    assert stored["sentences"] == list(found.rows)  # 0-based, in swap order
    assert (stored["baseline"], stored["shown"]) == (0, 3)
    second = make(qtbot, windows, tmp_path / "second.ini")
    open_session(qtbot, second, path)
    margin, bar = second.compare_systems.margin, second.compare_systems.margin_bar
    assert margin.result == found
    assert not margin.running  # shown, not searched again
    at = swapped_p(monkeypatch, found.rows)
    assert bar.label.text() == (
        f"margin: {found.count} sentences (p = {at:.4f} after swapping them)"
    )
    assert bar.isVisibleTo(second)
    assert bar.show_button.isVisibleTo(second)
    assert not bar.find_button.isEnabled()  # found: nothing to search


def test_another_pair_opens_without_the_margin(
    qtbot: QtBot, saved: tuple[Path, Margin], windows: list[MainWindow], tmp_path: Path
) -> None:
    path, _found = saved
    value = json.loads(path.read_text(encoding="utf-8"))
    value["systems"]["shown"] = 2  # UEdin shown: the margin is happypoet's
    path.write_text(json.dumps(value), encoding="utf-8")
    second = make(qtbot, windows, tmp_path / "second.ini")
    open_session(qtbot, second, path)
    assert second.compare_systems.margin.result is None
    assert second.compare_systems.margin_bar.isHidden()


def test_a_session_from_before_margins_opens_without_one(
    qtbot: QtBot, saved: tuple[Path, Margin], windows: list[MainWindow], tmp_path: Path
) -> None:
    path, _found = saved
    value = json.loads(path.read_text(encoding="utf-8"))
    del value["margin"]
    path.write_text(json.dumps(value), encoding="utf-8")
    second = make(qtbot, windows, tmp_path / "second.ini")
    open_session(qtbot, second, path)
    assert second.session.files is not None
    assert second.compare_systems.margin.result is None
    assert second.status_text.text() != ""  # opened, not refused
