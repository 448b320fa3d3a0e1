"""The random-action test's own tools do not cry wolf.

Three ways `test_random_actions` failed with nothing wrong in the window: its
sacreBLEU check ignored the shown system's kept edits, its wait until idle could
wait on a load that never ends, and its typing never let the event loop run (a
long text looked like a freeze). Each is pinned here, on the real window.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QFileDialog, QLineEdit, QMessageBox
from pytestqt.qtbot import QtBot

from bleu_gui.core import BleuScore
from bleu_gui.views.main_window import MainWindow
from tests.core.demo_systems import references, system
from tests.gui import random_actions
from tests.gui.random_actions import Corpora, Monkey, type_text
from tests.gui.test_random_actions import expected_corpus_score
from tests.gui.test_what_if_window import ROW, TYPED, kept, open_demo, type_edit

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

TIMEOUT = 60_000


def test_the_sacrebleu_check_scores_the_kept_edits(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Before: sacreBLEU scored the file as read, the window the edited text."""
    open_demo(qtbot, window, "Online-W")
    qtbot.keyClick(window, Qt.Key.Key_F2)
    type_edit(qtbot, window, TYPED)
    kept(qtbot, window)
    session = window.session
    with qtbot.waitSignal(
        session.busy_changed, check_params_cb=lambda busy: not busy, timeout=TIMEOUT
    ):
        window.reload_action.trigger()  # as the test's end does
    edited = list(system("Online-W"))
    edited[ROW] = TYPED
    sacre = sacrebleu.corpus_bleu(edited, list(references())).score
    assert expected_corpus_score(session) == sacre
    scores = session.scores
    assert scores is not None
    assert isinstance(scores.corpus, BleuScore)
    assert scores.corpus.score == sacre


def test_waiting_until_idle_gives_up_on_a_pipe_added_as_a_system(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pipe added as a system, then a candidate refused: a wait for ever before."""
    corpora = Corpora.build(tmp_path / "corpora")
    monkey = Monkey(qtbot, corpora, tmp_path / "settings.ini", seed=1)
    monkey.patch_dialogs(monkeypatch.setattr)
    # (raising=False: the check that this test failed before, without it)
    monkeypatch.setattr(random_actions, "PATIENCE_MS", 2_000, raising=False)
    window = monkey.window
    session = window.session
    with qtbot.waitSignal(
        session.busy_changed, check_params_cb=lambda busy: not busy, timeout=TIMEOUT
    ):
        session.open_files(corpora.sets[1])
    pipe = next(path for path in corpora.bad if path.suffix == ".fifo")
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(pipe), "")
    )
    window.file_actions.add_system_action.trigger()
    other = corpora.sets[2].hypothesis  # another size: refused
    monkeypatch.setattr(
        QFileDialog,
        "getOpenFileName",
        lambda *_a, **_k: (str(other), ""),
    )
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda *_a, **_k: QMessageBox.StandardButton.No,
    )
    window.open_action.trigger()
    note = monkey.wait_until_idle()
    assert not session.is_busy
    assert note == "still busy after 2000 ms: cancelled"
    for opened in monkey.windows:
        opened.session.shutdown()


def test_typing_lets_the_event_loop_run_between_keys(qtbot: QtBot) -> None:
    """A timer due before the typing fires before its last key, as for a person."""
    line = QLineEdit()
    qtbot.addWidget(line)
    seen: list[str] = []
    line.textChanged.connect(seen.append)
    QTimer.singleShot(0, lambda: seen.append("timer"))
    type_text(qtbot, line, "abc")
    assert "timer" in seen
    assert seen.index("timer") < seen.index("abc")
