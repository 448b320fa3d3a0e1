"""A file whose opening blocks never freezes the window, and Cancel always works.

Reading ran on the GUI thread: a named pipe with no writer (or a file on a hung
network mount) blocked `open()` there for ever, with no way to cancel. Now the bytes
are read on a thread of their own while the window keeps turning.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from bleu_gui.models.session import FileSet
from bleu_gui.views.main_window import MainWindow
from tests.gui.demo_sets import TIMEOUT, DemoSet, demo, loaded, window

__all__ = ["demo", "loaded", "window"]  # fixtures

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="named pipes: POSIX")


def test_a_pipe_with_no_writer_leaves_the_window_turning_and_cancel_works(
    qtbot: QtBot, loaded: MainWindow, tmp_path: Path
) -> None:
    session = loaded.session
    files = session.files
    pipe = tmp_path / "candidate.fifo"
    os.mkfifo(pipe)

    ticks: list[int] = []
    heartbeat = QTimer()
    heartbeat.setInterval(10)
    heartbeat.timeout.connect(lambda: ticks.append(1))
    heartbeat.start()
    try:
        session.set_hypothesis(pipe)
        qtbot.waitUntil(lambda: session.is_busy, timeout=TIMEOUT)
        start = len(ticks)
        # The event loop keeps turning while open() waits for a writer.
        qtbot.waitUntil(lambda: len(ticks) >= start + 20, timeout=TIMEOUT)
        assert session.is_busy
        # After a moment the progress says what the window waits for.
        waiting = (
            f"waiting for {pipe} (a named pipe nobody writes to, or a slow drive?); "
            "Cancel stops"
        )
        with qtbot.waitSignal(
            session.progress_changed,
            check_params_cb=lambda _done, _total, what: what == waiting,
            timeout=TIMEOUT,
        ):
            pass
        assert loaded.status_text.text() == f"W{waiting[1:]}…"
        with qtbot.waitSignal(
            session.busy_changed, check_params_cb=lambda busy: not busy
        ):
            session.cancel()
        assert session.files == files
    finally:
        heartbeat.stop()
        # Let the abandoned open() return: a writer comes and goes.
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))


def test_a_huge_binary_file_is_refused_by_its_first_bytes(
    qtbot: QtBot, loaded: MainWindow, demo: DemoSet, tmp_path: Path
) -> None:
    session = loaded.session
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as file:
        file.truncate(1_500_000_000)  # sparse: 1.5 GB of NUL bytes, nothing written
    with qtbot.waitSignal(session.error_occurred, timeout=TIMEOUT) as error:
        session.open_files(FileSet(huge, demo.refs))
    assert error.args == [
        f"{huge}, line 1: looks like a binary file (contains a NUL byte)"
    ]
    assert session.files is not None
    assert session.files.hypothesis == demo.candidate
