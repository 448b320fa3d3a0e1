"""Internal errors keep their traceback: one line for the user, the rest in the log.

A bug inside a background job ends as the one-line banner and as a log record with
the traceback; an exception in a slot reaches the log through `sys.excepthook` and
the window carries on. The log file lives in the test's temporary folder (see
tests/gui/conftest.py), never in the user's cache.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from pytestqt.qtbot import QtBot

import bleu_gui.core.analysis as analysis
from bleu_gui.core import BleuConfig, CorpusStats
from bleu_gui.logs import LOG_FILE_NAME, install_logging, log_folder
from bleu_gui.models.session import FileSet, Session
from bleu_gui.models.workspace_change import Moved, moves
from bleu_gui.views.main_window import MainWindow
from bleu_gui.views.sentence_detail import HYPOTHESIS
from bleu_gui.workers import Job, Worker

TIMEOUT = 60_000

HYPS = [
    "Biker reacts at lightning speed and prevents worse",
    "Motorist overlooks biker",
]
REFS = [
    "Biker reacts lightning fast and prevents worse.",
    "A car driver overlooks a biker",
]


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def files(tmp_path: Path) -> FileSet:
    return FileSet(
        write_lines(tmp_path / "hyp.txt", HYPS),
        (write_lines(tmp_path / "ref.txt", REFS),),
    )


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(Session(processes=1), settings)
    qtbot.addWidget(main)
    yield main
    main.session.shutdown()


@pytest.fixture
def installed(tmp_path: Path) -> Iterator[Path]:
    """`install_logging` into tmp_path/logs, undone after the test."""
    folder = tmp_path / "logs"
    uninstall = install_logging(folder)
    yield folder / LOG_FILE_NAME
    uninstall()


def broken_gains(
    stats: CorpusStats, config: BleuConfig, pool: object = None
) -> Iterator[int]:
    """A core step with a bug in it: ranks nothing, raises mid-job."""
    del stats, config, pool
    yield 0
    raise IndexError("index 7 is out of bounds for axis 1 with size 4")


def test_a_bug_in_a_job_is_one_line_for_the_user_and_a_traceback_in_the_log(
    qtbot: QtBot,
    window: MainWindow,
    files: FileSet,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(analysis, "iter_perfect_gains", broken_gains)
    with (
        caplog.at_level(logging.INFO, logger="bleu_gui"),
        qtbot.waitSignal(window.session.error_occurred, timeout=TIMEOUT) as error,
    ):
        window.session.open_files(files)
    message = (
        "internal error (IndexError): index 7 is out of bounds for axis 1 with size 4"
    )
    assert error.args == [message]
    assert window.banner.text() == f"⚠ {message}"
    assert "\n" not in window.banner.text()
    [record] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert record.name == "bleu_gui.workers"
    assert record.exc_info is not None
    assert record.exc_info[0] is IndexError
    assert "in broken_gains" in caplog.text  # the traceback, down to the raising line
    assert 'raise IndexError("index 7 is out of bounds' in caplog.text


def test_a_users_error_is_one_line_and_no_traceback(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    missing = FileSet(tmp_path / "missing.txt", (tmp_path / "ref.txt",))
    with (
        caplog.at_level(logging.INFO, logger="bleu_gui"),
        qtbot.waitSignal(window.session.error_occurred, timeout=TIMEOUT) as error,
    ):
        window.session.open_files(missing)
    assert "missing.txt" in error.args[0]
    assert "\n" not in error.args[0]
    assert all(record.exc_info is None for record in caplog.records)
    assert all(record.levelno < logging.WARNING for record in caplog.records)


def test_the_log_file_gets_the_jobs_traceback(
    qtbot: QtBot,
    window: MainWindow,
    files: FileSet,
    installed: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(analysis, "iter_perfect_gains", broken_gains)
    with qtbot.waitSignal(window.session.error_occurred, timeout=TIMEOUT):
        window.session.open_files(files)
    text = installed.read_text(encoding="utf-8")
    assert "ERROR bleu_gui.workers" in text
    assert "internal error in a background job" in text
    assert "Traceback (most recent call last):" in text
    assert "IndexError: index 7 is out of bounds for axis 1 with size 4" in text


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_a_slot_is_logged_and_the_window_carries_on(
    qtbot: QtBot,
    window: MainWindow,
    files: FileSet,
    installed: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    with qtbot.waitSignals(
        [window.session.workspace_changed, window.session.busy_changed],
        check_params_cbs=[moves(Moved.SHOWN_SCORES), lambda busy: not busy],
        timeout=TIMEOUT,
    ):
        window.session.open_files(files)
    qtbot.waitUntil(lambda: not window.sentence_pending, timeout=TIMEOUT)
    assert sys.excepthook is not sys.__excepthook__

    explain = window.session.explain

    def broken_explain(row: int, corpus: object = None) -> object:
        raise KeyError(f"no explanation for {row}")

    monkeypatch.setattr(window.session, "explain", broken_explain)
    with caplog.at_level(logging.ERROR, logger="bleu_gui"):
        window.table.select_corpus_row(1)  # explained in a slot, a turn later
        qtbot.waitUntil(lambda: not window.sentence_pending, timeout=TIMEOUT)
    [record] = caplog.records
    assert record.exc_info is not None
    assert record.exc_info[0] is KeyError
    assert "in broken_explain" in caplog.text
    text = installed.read_text(encoding="utf-8")
    assert "unexpected error (the application continues)" in text
    assert "KeyError: 'no explanation for 1'" in text

    # The window is alive: the next sentence is explained and shown.
    monkeypatch.setattr(window.session, "explain", explain)
    with qtbot.waitSignal(window.sentence_shown, timeout=TIMEOUT) as shown:
        window.table.select_corpus_row(0)
    assert shown.args == [0]
    assert window.detail.displayed_text(HYPOTHESIS) == HYPS[0]


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_a_timer_callback_is_logged(
    qtbot: QtBot, installed: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fired: list[bool] = []

    def tick() -> None:
        fired.append(True)
        raise RuntimeError("a slot broke")

    with caplog.at_level(logging.ERROR, logger="bleu_gui"):
        QTimer.singleShot(0, tick)
        qtbot.waitUntil(lambda: bool(fired), timeout=TIMEOUT)
        qtbot.wait(10)  # the event loop goes on after the exception
    assert [r.exc_info[0] for r in caplog.records if r.exc_info] == [RuntimeError]
    assert "RuntimeError: a slot broke" in installed.read_text(encoding="utf-8")


def test_an_exception_ending_a_thread_is_logged(
    installed: Path, caplog: pytest.LogCaptureFixture
) -> None:
    def run() -> None:
        raise OSError("the disk went away")

    with caplog.at_level(logging.ERROR, logger="bleu_gui"):
        thread = threading.Thread(target=run, name="writer")
        thread.start()
        thread.join()
    [record] = caplog.records
    assert record.getMessage() == "unexpected error in writer"
    assert "OSError: the disk went away" in installed.read_text(encoding="utf-8")


def test_uninstall_restores_the_hooks_and_handlers(tmp_path: Path) -> None:
    hooks = sys.excepthook, threading.excepthook
    handlers = list(logging.getLogger("bleu_gui").handlers)
    uninstall = install_logging(tmp_path / "logs")
    assert sys.excepthook is not hooks[0]
    uninstall()
    assert (sys.excepthook, threading.excepthook) == hooks
    assert logging.getLogger("bleu_gui").handlers == handlers


def test_the_log_lives_in_the_cache_folder(tmp_path: Path) -> None:
    # tests/gui/conftest.py points XDG_CACHE_HOME at tmp_path/cache.
    assert log_folder().is_relative_to(tmp_path / "cache")
    uninstall = install_logging()
    try:
        logging.getLogger("bleu_gui.test").error("written to the cache folder")
    finally:
        uninstall()
    text = (log_folder() / LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "ERROR bleu_gui.test" in text
    assert "written to the cache folder" in text


def test_an_unwritable_folder_leaves_stderr_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    uninstall = install_logging(blocker / "logs")
    try:
        logging.getLogger("bleu_gui.test").error("still reported")
    finally:
        uninstall()
    err = capsys.readouterr().err
    assert "cannot write the log in" in err
    assert "still reported" in err


APP_WITH_A_BUG = """
import sys
import bleu_gui.core.analysis as analysis

def broken_gains(stats, config, pool=None):
    yield 0
    raise IndexError("index 7 is out of bounds for axis 1 with size 4")

analysis.iter_perfect_gains = broken_gains
from bleu_gui.app import main
sys.exit(main(sys.argv[1:]))
"""


def test_the_app_logs_a_jobs_bug_to_stderr_and_the_cache_folder(
    tmp_path: Path, files: FileSet
) -> None:
    shot = tmp_path / "never.png"
    argv = [str(files.references[0]), "-i", str(files.hypothesis)]
    result = subprocess.run(
        [sys.executable, "-c", APP_WITH_A_BUG, *argv, "--screenshot", str(shot)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        cwd=tmp_path,
        timeout=120,
    )
    assert result.returncode == 1
    line = (
        "internal error (IndexError): index 7 is out of bounds for axis 1 with size 4"
    )
    assert f"bleu-gui: error: {line}\n" in result.stderr
    assert "Traceback (most recent call last):" in result.stderr
    assert "in broken_gains" in result.stderr
    [log] = (tmp_path / "cache").rglob(LOG_FILE_NAME)  # XDG_CACHE_HOME (conftest)
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last):" in text
    assert f"request failed: {line}" in text


def test_a_value_error_in_a_job_is_one_line_and_its_traceback_is_kept(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    """The emulated library's refusal, or a bug that raised ValueError: both kept."""

    def job() -> Job:
        yield 0, 1, "scoring"
        raise ValueError("tf-nmt divides by zero:\n  no hypothesis n-grams")

    worker = Worker(job)
    with (
        caplog.at_level(logging.INFO, logger="bleu_gui"),
        qtbot.waitSignal(worker.signals.failed, timeout=TIMEOUT) as failed,
    ):
        worker.start()
    assert worker.wait(10)
    assert failed.args == ["tf-nmt divides by zero: no hypothesis n-grams"]
    [record] = caplog.records
    assert record.levelno == logging.INFO
    assert record.exc_info is not None
    assert record.exc_info[0] is ValueError
    assert "in job" in caplog.text
