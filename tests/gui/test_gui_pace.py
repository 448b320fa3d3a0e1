"""Worker threads give way to the GUI thread's long turns (`bleu_gui.gui_pace`).

`Pace` is driven by a fake clock whose only way forward is the worker's sleep, so
the rules are checked without any timing; one test runs a real `Worker` and orders
its steps by what the GUI thread does (a turn that has not ended, then the event
loop).
"""

from __future__ import annotations

import threading

import pytest
from pytestqt.qtbot import QtBot

from bleu_gui.gui_pace import Pace, pace
from bleu_gui.workers import Job, Worker


class _FakeTime:
    """A clock that moves only when the worker sleeps; a beat may come at a time."""

    def __init__(self, start: float) -> None:
        self.now = start
        self.slept = 0
        self.beats: dict[int, float] = {}  # after so many naps, the GUI beats
        self.pace = Pace(clock=lambda: self.now, sleep=self.sleep)

    def sleep(self, seconds: float) -> None:
        self.slept += 1
        self.now += seconds
        if self.slept in self.beats:
            self.pace.last = self.beats[self.slept]


def _never() -> bool:
    return False


def test_a_worker_goes_on_while_the_gui_thread_beats() -> None:
    time = _FakeTime(100.0)
    time.pace.beating = True
    time.pace.last = 100.0 - 0.005  # a beat 5 ms ago, after the worker's start
    time.pace.give_way(_never, started=99.0)
    assert time.slept == 0


def test_a_worker_waits_while_the_gui_thread_is_in_a_long_turn() -> None:
    time = _FakeTime(100.0)
    time.pace.beating = True
    time.pace.last = 100.0 - 0.05  # the GUI thread has been busy for 50 ms
    time.beats[30] = 100.03  # it returns to its event loop after 30 naps
    time.pace.give_way(_never, started=99.0)
    assert time.slept == 30


def test_a_new_worker_waits_for_the_end_of_the_turn_that_started_it() -> None:
    time = _FakeTime(100.0)
    time.pace.beating = True
    time.pace.last = 99.999  # beaten 1 ms ago, but before the worker started
    time.beats[7] = 100.007
    time.pace.give_way(_never, started=100.0)
    assert time.slept == 7


@pytest.mark.parametrize("started", [99.0, 100.0])
def test_a_stalled_gui_thread_is_not_waited_for_longer_than_a_second(
    started: float,
) -> None:
    """A GUI thread that waits (a test, a debugger) does not stop the workers."""
    time = _FakeTime(100.0)
    time.pace.beating = True
    time.pace.last = 99.5 if started < 99.5 else 99.9
    time.pace.give_way(_never, started=started)
    reference = time.pace.last if time.pace.last >= started else started
    assert time.now - reference == pytest.approx(1.0, abs=0.0011)


def test_a_cancelled_or_awaited_worker_never_waits() -> None:
    time = _FakeTime(100.0)
    time.pace.beating = True
    time.pace.last = 99.9
    time.pace.give_way(lambda: True, started=99.0)
    assert time.slept == 0


def test_no_beat_no_waiting() -> None:
    """Without the GUI thread's timer (no worker held it) nobody waits."""
    time = _FakeTime(100.0)
    time.pace.last = 50.0
    time.pace.give_way(_never, started=99.0)
    assert time.slept == 0


def test_the_beat_runs_while_a_worker_holds_it(qtbot: QtBot) -> None:
    """Started on the GUI thread a worker's pace beats; it stops after the last."""
    held = pace()
    assert held is not None
    assert held.beating
    before = held.last
    qtbot.waitUntil(lambda: held.last > before)
    held.release()
    qtbot.waitUntil(lambda: not held.beating)


def test_off_the_gui_thread_a_worker_is_not_paced() -> None:
    found: list[Pace | None] = [Pace()]
    thread = threading.Thread(target=lambda: found.__setitem__(0, pace()))
    thread.start()
    thread.join()
    assert found == [None]


def test_a_worker_starts_after_the_turn_that_started_it(qtbot: QtBot) -> None:
    """Its first step waits until the GUI thread is back in its event loop."""
    stepped = threading.Event()

    def job() -> Job:
        stepped.set()
        yield 0, 1, "step"
        return "done"

    worker = Worker(job)
    with qtbot.waitSignal(worker.signals.finished) as finished:
        worker.start()
        # Still in the turn that started it: the worker waits for a beat (up to
        # a second), so no step can have run yet, however fast the machine.
        assert not stepped.wait(0.2)
    assert finished.args == ["done"]
    assert stepped.is_set()
