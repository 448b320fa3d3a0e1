"""File › Save hypothesis as…: the shown system, with its edits, to a file named.

The dialog is replaced by a function returning the chosen name; the edits are the
session's own (`Session.set_edits`). The file is read back by the readers; the
status bar's words and the error line are pinned.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from bleu_gui.cli import demo_paths
from bleu_gui.core.edits import count_edits
from bleu_gui.io.readers import read_segments
from bleu_gui.models.session import FileSet
from bleu_gui.models.workspace import System
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.save_hypothesis import SaveHypothesisAction

TIMEOUT = 60_000

# The offscreen platform says this of the first window a process shows.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def open_demo(qtbot: QtBot, window: MainWindow) -> System:
    """The demo's UEdin system, shown and scored."""
    _, refs, _, _ = demo_paths()
    shown = refs[0].parent / "sys.UEdin.txt"
    session = window.session
    session.open_files(FileSet(shown, tuple(refs), None))

    def scored() -> bool:
        system = session.workspace.shown_system
        return system is not None and system.scores is not None and not session.is_busy

    qtbot.waitUntil(scored, timeout=TIMEOUT)
    system = session.workspace.shown_system
    assert system is not None
    return system


def choose(monkeypatch: pytest.MonkeyPatch, name: str, asked: list[str]) -> None:
    def dialog(
        _parent: QWidget, title: str, suggested: str, _filters: str
    ) -> tuple[str, str]:
        asked.extend([title, Path(suggested).name])
        return name, ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)


def installed(window: MainWindow) -> SaveHypothesisAction:
    """The window's File › Save hypothesis as…, right before Export."""
    entry = window.save_hypothesis
    texts = [a.text().replace("&", "") for a in window.file_menu.actions()]
    assert texts.index("Save hypothesis as…") + 1 == texts.index("Export")
    return entry


def test_the_shown_system_is_saved_with_its_edits_and_said_so(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entry = installed(window)
    assert not entry.action.isEnabled()
    system = open_demo(qtbot, window)
    assert entry.action.isEnabled()
    assert system.tokenized is not None
    assert system.stats is not None
    texts = {0: "An edited first line.", 5: "", 499: "The last one, edited."}
    window.session.set_edits(
        system.id,
        count_edits(
            texts,
            system.tokenized.references,
            window.session.config,
            system.stats.max_order,
        ),
    )
    target = tmp_path / "edited.txt"
    asked: list[str] = []
    choose(monkeypatch, str(target), asked)
    with qtbot.waitSignal(entry.saved) as saved:
        entry.action.trigger()
    assert asked == ["Save sys.UEdin.txt with its edits as", "sys.UEdin.edited.txt"]
    assert saved.args == ["Saved 500 lines (3 edited) to edited.txt"]
    assert window.status_text.text() == "Saved 500 lines (3 edited) to edited.txt"
    lines = read_segments(target).lines
    expected = list(system.hypothesis.lines)
    for row, text in texts.items():
        expected[row] = text
    assert list(lines) == expected


def test_the_systems_own_file_is_refused_in_one_line(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    entry = installed(window)
    system = open_demo(qtbot, window)
    before = system.path.read_bytes()
    choose(monkeypatch, str(system.path), [])
    with qtbot.waitSignal(entry.failed) as failed:
        entry.action.trigger()
    message = (
        f"{system.path}: this is the system's own file: the edits are never "
        "written over it; save under another name"
    )
    assert failed.args == [message]
    assert window.banner.text() == f"⚠ {message}"
    assert system.path.read_bytes() == before


def test_a_cancelled_dialog_writes_nothing(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entry = installed(window)
    open_demo(qtbot, window)
    said: list[str] = []
    entry.saved.connect(said.append)
    entry.failed.connect(said.append)
    choose(monkeypatch, "", [])
    entry.action.trigger()
    assert said == []
    assert list(tmp_path.glob("*.txt")) == []
