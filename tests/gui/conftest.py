"""GUI test set-up: each test must end with Qt's thread pool idle, and the app's
log (`bleu_gui.logs`, in the cache folder) goes to the test's temporary folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QThreadPool

from bleu_gui.app import set_process_policy


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
