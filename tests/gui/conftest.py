"""GUI test set-up: each test must end with Qt's thread pool idle."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QThreadPool

from bleu_gui.app import set_process_policy


@pytest.fixture(autouse=True, scope="session")
def _process_policy() -> None:
    """The window's tests run under the application's process-wide settings."""
    set_process_policy()


@pytest.fixture(autouse=True)
def _idle_thread_pool(qapp: object) -> Iterator[None]:
    yield
    assert QThreadPool.globalInstance().waitForDone(10_000), "a worker is still running"
