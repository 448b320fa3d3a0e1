"""GUI test set-up: each test must end with Qt's thread pool idle, and the app's
log (`bleu_gui.logs`, in the cache folder) goes to the test's temporary folder.

`window` is the main window most window tests want; a module that needs another
defines its own `window`, which takes precedence."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QThreadPool
from pytestqt.qtbot import QtBot

from bleu_gui.app import set_process_policy
from bleu_gui.models.session import Session
from bleu_gui.views.main_window import MainWindow


@pytest.fixture(autouse=True, scope="session")
def _process_policy(qapp: QCoreApplication) -> None:
    """The window's tests run under the application's process-wide settings."""
    set_process_policy(qapp)


@pytest.fixture(autouse=True)
def _idle_thread_pool(qapp: object) -> Iterator[None]:
    yield
    assert QThreadPool.globalInstance().waitForDone(10_000), "a worker is still running"


@pytest.fixture(autouse=True)
def _cache_in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's cache folder (its log) in `tmp_path`, for this process and children."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """A shown 1280×720 window, one worker process; its background parts end with it."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(Session(processes=1), settings)
    qtbot.addWidget(main)
    main.resize(1280, 720)
    main.show()
    yield main
    main.documents.shutdown()
    main.compare_systems.shutdown()
    main.compare.shutdown()
    main.explainer.shutdown()
    main.session.shutdown()
