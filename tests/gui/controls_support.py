"""Shared by the controls tests: a small real corpus, a window on it, and waits.

The window keeps its settings in a temporary INI file, never in the user's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import sacrebleu
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QWidget
from pytestqt.qtbot import QtBot

from bleu_gui.models.session import FileSet, Session
from bleu_gui.views.main_window import MainWindow
from tests.gui.demo_sets import scored, write_lines

TIMEOUT = 20_000

# WMT21 news de-en (newstest2021): happypoet's output and both references.
HYPS = [
    "Biker reacts at lightning speed and prevents worse",
    "Motorist overlooks biker",
    "Biker suffers leg injury",
    "The biker tried to avoid the car, but still grazed it at the rear of the vehicle.",
]
REF_A = [
    "Biker reacts lightning fast and prevents worse.",
    "A female car driver overlooks a biker",
    "Biker suffers leg injuries",
    "The biker still attempted to evade the car, however, brushed against the car "
    "at the rear end.",
]
REF_B = [
    "Biker reacts lighting-fast and prevents the worst",
    "Car driver doesn’t see biker",
    "Biker suffers leg injury",
    "The biker tried to evade the car, but still hit the rear of the vehicle.",
]
REFS = [REF_A, REF_B]


@dataclass(frozen=True)
class Files:
    hyp: Path
    ref_a: Path
    ref_b: Path

    def fileset(self) -> FileSet:
        return FileSet(self.hyp, (self.ref_a, self.ref_b))


@pytest.fixture
def files(tmp_path: Path) -> Files:
    return Files(
        write_lines(tmp_path / "hyp.txt", HYPS),
        write_lines(tmp_path / "refA.txt", REF_A),
        write_lines(tmp_path / "refB.txt", REF_B),
    )


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot: QtBot, settings: QSettings) -> Iterator[MainWindow]:
    session = Session(processes=1)
    main = MainWindow(session, settings)
    qtbot.addWidget(main)
    yield main
    session.shutdown()


@pytest.fixture
def loaded(qtbot: QtBot, window: MainWindow, files: Files) -> MainWindow:
    with scored(qtbot, window):
        window.session.open_files(files.fileset())
    return window


def settle(qtbot: QtBot, window: MainWindow) -> None:
    """Wait for the scores a request started, if it started any."""
    session = window.session
    if session.is_busy:
        with qtbot.waitSignal(
            session.busy_changed,
            check_params_cb=lambda busy: not busy,
            timeout=TIMEOUT,
        ):
            pass
    qtbot.waitUntil(lambda: not window.sentence_pending, timeout=TIMEOUT)


def focus(qtbot: QtBot, window: MainWindow, widget: QWidget) -> None:
    """Show the window, activate it and give `widget` the focus, as a click does."""
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    widget.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.waitUntil(widget.hasFocus, timeout=TIMEOUT)


def start_typing(qtbot: QtBot, window: MainWindow, box: QAbstractSpinBox) -> None:
    """Focus `box` and select its text (Ctrl+A), as a user about to type anew."""
    focus(qtbot, window, box.lineEdit())
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)


def sacrebleu_sentences(**options: object) -> list[float]:
    """sacreBLEU's sentence scores of the corpus above."""
    return [
        sacrebleu.sentence_bleu(hyp, [ref[i] for ref in REFS], **options).score  # type: ignore[arg-type]
        for i, hyp in enumerate(HYPS)
    ]
