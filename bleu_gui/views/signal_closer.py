"""Ctrl-C and SIGTERM close the window, as closing it does.

Qt's event loop runs C++: a Python signal handler runs only when Python code next
runs, and Python's default SIGINT handler then raises KeyboardInterrupt inside
whichever slot that is (a traceback, and the window stayed open). SIGTERM's default
action killed the process on the spot: its worker processes' semaphores were never
released (multiprocessing's resource tracker warned of "leaked semaphore objects")
and nothing was saved.

Here the signal's number is written to a pipe (`signal.set_wakeup_fd`) that a
`QSocketNotifier` watches: the event loop wakes at once, and the window is closed
as a close does (layout saved, worker processes stopped and reaped), then the
application quits. Nobody may be there to answer a question (a logout, a `kill`,
Ctrl-C in the terminal), so a changed session is not asked about.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable
from types import FrameType

from PySide6.QtCore import QObject, QSocketNotifier

__all__ = ["SignalCloser"]

_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class SignalCloser(QObject):
    """Calls `close(number)` in the event loop when SIGINT or SIGTERM arrives.

    Once: a second signal while closing changes nothing. `restore` puts back the
    handlers found (the process's, or a test's).
    """

    def __init__(self, parent: QObject, close: Callable[[int], None]) -> None:
        super().__init__(parent)
        self._close = close
        self.received: int | None = None
        self._read, write = os.pipe()
        os.set_blocking(self._read, False)
        os.set_blocking(write, False)
        self._write = write
        self._previous_fd = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
        self._previous = {number: signal.getsignal(number) for number in _SIGNALS}
        for number in _SIGNALS:
            signal.signal(number, self._noted)
        self._notifier = QSocketNotifier(self._read, QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._on_wakeup)

    def _noted(self, number: int, _frame: FrameType | None) -> None:
        """The Python-level handler: no KeyboardInterrupt; the pipe does the rest."""

    def _on_wakeup(self) -> None:
        with contextlib.suppress(BlockingIOError):
            data = os.read(self._read, 64)
            numbers = [n for n in data if n in _SIGNALS]
            if numbers and self.received is None:
                self.received = numbers[0]
                self._close(numbers[0])

    def restore(self) -> None:
        """Stop watching: the handlers and wake-up descriptor found are put back."""
        self._notifier.setEnabled(False)
        signal.set_wakeup_fd(self._previous_fd)
        for number, handler in self._previous.items():
            if handler is not None:
                signal.signal(number, handler)
        for descriptor in (self._read, self._write):
            with contextlib.suppress(OSError):
                os.close(descriptor)
