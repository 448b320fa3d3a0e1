"""Shared test set-up: Qt runs offscreen everywhere, so CI needs no display."""

import functools
import os
from collections.abc import Callable
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import settings
from pytestqt.qtbot import QtBot

# CI must be reproducible: there, property tests run a fixed (derandomized) set of
# examples; locally they explore new random examples on every run.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# How long a wait for a signal or a state may take before the test fails, where a
# test names no bound: pytest-qt's 5 s is too short on a busy 2-core machine (CI),
# where layouts and scoring that take 0.5 s idle took over 5 s. Only a failing
# test waits this long: a wait ends as soon as its signal or state comes.
_WAIT_BOUND_MS = 60_000


def _bounded_by_default(wait: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(wait)
    def waited(self: QtBot, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("timeout", _WAIT_BOUND_MS)
        return wait(self, *args, **kwargs)

    return waited


_WAITS = ("waitUntil", "waitSignal", "waitSignals", "waitCallback", "waitExposed")
for _wait in (*_WAITS, "waitActive"):
    setattr(QtBot, _wait, _bounded_by_default(getattr(QtBot, _wait)))
