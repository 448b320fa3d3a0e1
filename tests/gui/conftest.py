"""GUI test set-up: each test must end with Qt's thread pool idle."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QThreadPool


@pytest.fixture(autouse=True)
def _idle_thread_pool(qapp: object) -> Iterator[None]:
    yield
    assert QThreadPool.globalInstance().waitForDone(10_000), "a worker is still running"
