"""Worker threads step aside while the GUI thread is inside a long event-loop turn.

Every call from Qt into Python on the GUI thread (a widget's overridden method
during a paint, an item model's `data()`, an event filter) takes the GIL first.
While a `Worker` thread runs Python (the session's token table, a sum), each of
those takes waits for the worker to hand the GIL over, and a turn of a few hundred
such calls, 50 ms on its own, became a block of 150-200 ms (docs/design.md,
"ten systems"). Python gives no thread priority over the GIL, so the workers give
way instead: while any worker runs, a timer on the GUI thread beats every few
milliseconds; a worker about to take its next step sleeps (without the GIL) while
the beat is late, that is while the GUI thread is busy in a turn. A new worker also
waits for the first beat after its start: the turn that started it (a result shown,
every view refreshed and painted) ends first.

Only a late beat pauses a worker, never a stopped one: a beat later than
`_STALLED` means the GUI thread is not painting but waiting (a test blocked on a
thread, a debugger), and then the workers go on, so nothing waits for ever.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, QTimer

__all__ = ["Pace", "install_pace", "pace"]

_BEAT_MS = 5
_LATE = 0.008  # seconds without a beat: the GUI thread is in a long turn
_STALLED = 1.0  # seconds without a beat: the GUI thread waits; do not wait with it
_NAP = 0.001


class Pace:
    """The GUI thread's heartbeat, read by worker threads (plain Python: no Qt).

    `clock` and `sleep` are `time.monotonic` and `time.sleep`, replaceable in
    tests so that a test needs no timing of its own.

    Attributes:
        last: `clock()` of the last beat.
        beating: whether the GUI thread's timer runs (some worker is running).
    """

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._clock = clock
        self._sleep = sleep
        self.last = clock()
        self.beating = False
        self._users = 0
        self._lock = threading.Lock()

    def now(self) -> float:
        """The pace's clock now (a worker's start is measured with it)."""
        return self._clock()

    def beat(self) -> None:
        """The GUI thread is between two turns now."""
        self.last = self._clock()

    def hold(self) -> None:
        """A worker started: keep beating until it ends."""
        with self._lock:
            self._users += 1

    def release(self) -> None:
        """A worker ended (on any thread): the beat stops once none runs."""
        with self._lock:
            self._users -= 1

    @property
    def idle(self) -> bool:
        """Whether no worker holds the beat."""
        with self._lock:
            return self._users <= 0

    def give_way(self, go_on: Callable[[], bool], started: float) -> None:
        """Sleep while the GUI thread is in a long turn and `go_on()` is False.

        Called by a worker thread between two steps of its job; `started` is the
        `clock()` of the worker's start: until a beat after it, the turn
        that started the worker still runs.
        """
        while self.beating and not go_on():
            now, last = self._clock(), self.last
            beaten = last >= started  # the turn that started the worker has ended
            waited = now - (last if beaten else started)
            if waited >= _STALLED or (beaten and waited <= _LATE):
                return
            self._sleep(_NAP)


class _Heartbeat(QObject):
    """The timer that beats `Pace` on the GUI thread while a worker runs."""

    def __init__(self, app: QCoreApplication, pace: Pace) -> None:
        super().__init__(app)
        self.pace = pace
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(_BEAT_MS)
        self._timer.timeout.connect(self._beat)

    def start(self) -> None:
        if not self._timer.isActive():
            self.pace.beat()
            self.pace.beating = True
            self._timer.start()

    def _beat(self) -> None:
        if self.pace.idle:
            self.pace.beating = False
            self._timer.stop()
        else:
            self.pace.beat()


def install_pace(app: QCoreApplication) -> None:
    """Let workers started on `app`'s thread give way to its turns (once)."""
    if (
        app.findChild(_Heartbeat, options=Qt.FindChildOption.FindDirectChildrenOnly)
        is None
    ):
        _Heartbeat(app, Pace())


def pace() -> Pace | None:
    """Start the beat for a worker starting now; its `Pace`, or None.

    None when no heartbeat was installed or when called off the GUI thread (the
    timer can only be started there): that worker does not give way.
    """
    app = QCoreApplication.instance()
    if app is None or QThread.currentThread() is not app.thread():
        return None
    # A direct child of the application: not a search through every object.
    heartbeat = app.findChild(
        _Heartbeat, options=Qt.FindChildOption.FindDirectChildrenOnly
    )
    if heartbeat is None:
        return None
    heartbeat.pace.hold()
    heartbeat.start()
    return heartbeat.pace
