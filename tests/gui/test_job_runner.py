"""JobRunner: jobs under keys, superseded per key, busy and progress aggregated.

Every job here is a small step generator that reports one progress and then waits
for a gate the test opens, so which job is where is decided by the test, and
events are ordered by Qt signals, never by sleeps. The jobs run on a pool of their
own: Qt's global pool has as many threads as the machine has cores (two on CI),
fewer than the jobs a test keeps waiting at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal
from pytestqt.qtbot import QtBot

from bleu_gui.models.jobs import JobRunner
from bleu_gui.workers import Job, SliceWorker, Worker

_WAIT_MS = 10_000
# A gate the test forgets to open still lets its job end (then the test fails).
_GATE_SECONDS = 20.0


class Gate:
    """A job's barrier: the job reports `progress`, then waits until `open()`."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.progress = (1, 2, f"working on {name}")
        self._opened = threading.Event()
        self.waiting = threading.Event()  # the job reached the gate
        self.closed = threading.Event()  # the job's generator was closed (cancel)

    def open(self) -> None:
        """Let the job go on: it finishes, or sees that it was cancelled."""
        self._opened.set()

    def job(self) -> Job:
        """Progress, wait for the gate, then the result: the gate's name."""
        try:
            yield self.progress
            self.waiting.set()
            if not self._opened.wait(_GATE_SECONDS):
                raise TimeoutError(f"gate {self.name} was never opened")
            return self.name
        finally:
            self.closed.set()

    def polling_job(self) -> Job:
        """Like `job`, but a step every few ms while it waits: it sees a cancel.

        Its progress is reported again at times; no test counts those reports.
        """
        try:
            yield self.progress
            while not self._opened.wait(0.005):
                yield self.progress
            return self.name
        finally:
            self.closed.set()


class Recorder(QObject):
    """The runner's callbacks and signals, as one ordered list of events.

    `happened` is emitted after each event is noted: tests wait for it.
    """

    happened = Signal(str)

    def __init__(self, runner: JobRunner) -> None:
        super().__init__()
        self.events: list[str] = []
        runner.busy_changed.connect(lambda busy: self.note(f"busy {busy}"))
        runner.progress_changed.connect(
            lambda done, total, what: self.note(f"progress {done}/{total} {what}")
        )

    def note(self, event: str) -> None:
        """Note `event` and announce it."""
        self.events.append(event)
        self.happened.emit(event)

    def finished(self, name: str) -> Callable[[Any], None]:
        """An `on_finished` noting the result of job `name`."""
        return lambda result: self.note(f"finished {name}: {result}")

    def failed(self, name: str) -> Callable[[str], None]:
        """An `on_failed` noting the message of job `name`."""
        return lambda message: self.note(f"failed {name}: {message}")

    def cancelled(self, name: str) -> Callable[[], None]:
        """An `on_cancelled` noting the cancel of job `name`."""
        return lambda: self.note(f"cancelled {name}")

    def start(
        self,
        runner: JobRunner,
        key: str,
        gate: Gate,
        *,
        after_ms: int | None = None,
    ) -> None:
        """Start `gate`'s job under `key`, every callback noted under its name."""
        runner.start(
            key,
            Worker(gate.job),
            self.finished(gate.name),
            on_failed=self.failed(gate.name),
            on_cancelled=self.cancelled(gate.name),
            after_ms=after_ms,
        )


def _is(expected: str) -> Callable[[str], bool]:
    return lambda event: event == expected


@pytest.fixture
def gates() -> Iterator[Callable[[str], Gate]]:
    """Makes gates; each is opened when the test ends, so no job stays blocked."""
    made: list[Gate] = []

    def make(name: str) -> Gate:
        gate = Gate(name)
        made.append(gate)
        return gate

    yield make
    for gate in made:
        gate.open()


@pytest.fixture
def runner(qtbot: QtBot) -> Iterator[JobRunner]:
    """A runner on a pool of its own, stopped and awaited when the test ends."""
    pool = QThreadPool()
    pool.setMaxThreadCount(8)
    jobs = JobRunner(pool=pool)
    yield jobs
    jobs.shutdown(_WAIT_MS / 1000)
    assert pool.waitForDone(_WAIT_MS), "a job is still running"


def _start_and_wait_progress(
    qtbot: QtBot, recorder: Recorder, runner: JobRunner, key: str, gate: Gate
) -> None:
    """Start `gate`'s job under `key`; wait until its progress is shown and it waits.

    Waiting on the thread's event blocks this thread for as long as the job takes
    to reach the gate, which needs nothing from this one.
    """
    done, total, what = gate.progress
    with qtbot.waitSignal(
        recorder.happened,
        timeout=_WAIT_MS,
        check_params_cb=_is(f"progress {done}/{total} {what}"),
    ):
        recorder.start(runner, key, gate)
    assert gate.waiting.wait(_GATE_SECONDS)


def _worker(runner: JobRunner, key: str) -> Worker | SliceWorker:
    worker = runner.worker(key)
    assert isinstance(worker, Worker | SliceWorker)
    return worker


def _open_and_wait_for_the_end(
    qtbot: QtBot, worker: Worker | SliceWorker, gate: Gate
) -> None:
    """Open `gate`, and wait until the runner has had `worker`'s report of its end.

    Not by waiting for the report itself: a slot of a test outside Qt's objects
    may be called on the worker's thread. Qt deletes the worker's signals on the
    GUI thread once every slot of the end signal ran, the runner's among them.
    """
    with qtbot.waitSignal(worker.signals.destroyed, timeout=_WAIT_MS):
        gate.open()
        assert worker.wait(_GATE_SECONDS)


def test_a_new_job_under_another_key_never_cancels_a_running_one(
    qtbot: QtBot, runner: JobRunner, gates: Callable[[str], Gate]
) -> None:
    recorder = Recorder(runner)
    a, b1, b2 = gates("A"), gates("B1"), gates("B2")
    _start_and_wait_progress(qtbot, recorder, runner, "score:A", a)
    scoring_a = _worker(runner, "score:A")
    _start_and_wait_progress(qtbot, recorder, runner, "score:B", b1)
    superseded = _worker(runner, "score:B")
    _start_and_wait_progress(qtbot, recorder, runner, "score:B", b2)

    assert not scoring_a.is_cancelled
    assert superseded.is_cancelled
    assert runner.is_running("score:A")
    assert runner.is_running("score:B")
    _open_and_wait_for_the_end(qtbot, superseded, b1)
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("finished A: A")
    ):
        a.open()
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("busy False")
    ):
        b2.open()
    results = [event for event in recorder.events if not event.startswith("progress")]
    assert results == ["busy True", "finished A: A", "finished B2: B2", "busy False"]


def test_a_new_job_under_the_same_key_supersedes_and_its_result_is_dropped(
    qtbot: QtBot, runner: JobRunner, gates: Callable[[str], Gate]
) -> None:
    """The superseded job finishes its step, but reports nothing to the caller."""
    recorder = Recorder(runner)
    first, second = gates("first"), gates("second")
    _start_and_wait_progress(qtbot, recorder, runner, "load", first)
    superseded = _worker(runner, "load")
    _start_and_wait_progress(qtbot, recorder, runner, "load", second)
    assert superseded.is_cancelled
    assert _worker(runner, "load") is not superseded

    _open_and_wait_for_the_end(qtbot, superseded, first)
    assert first.closed.is_set()
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("busy False")
    ):
        second.open()
    assert recorder.events == [
        "busy True",
        "progress 1/2 working on first",
        "progress 1/2 working on second",
        "finished second: second",
        "busy False",
    ]
    assert not runner.is_running("load")


def test_a_job_that_finished_before_it_was_superseded_is_dropped_too(
    qtbot: QtBot, runner: JobRunner
) -> None:
    """Its `finished` is already queued when the newer job starts: still dropped."""
    recorder = Recorder(runner)

    def returning(value: str) -> Callable[[], Job]:
        def job() -> Job:
            yield from ()  # a job with no step
            return value

        return job

    runner.start("load", Worker(returning("old")), recorder.finished("old"))
    worker = _worker(runner, "load")
    assert isinstance(worker, Worker)
    assert worker.wait(_WAIT_MS / 1000)  # ended; its report waits in the queue
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("busy False")
    ):
        runner.start("load", Worker(returning("new")), recorder.finished("new"))
    assert recorder.events == ["busy True", "finished new: new", "busy False"]


def test_busy_is_announced_once_on_and_once_off_across_overlapping_jobs(
    qtbot: QtBot, runner: JobRunner, gates: Callable[[str], Gate]
) -> None:
    recorder = Recorder(runner)
    a, b, c = gates("A"), gates("B"), gates("C")
    _start_and_wait_progress(qtbot, recorder, runner, "score:A", a)
    _start_and_wait_progress(qtbot, recorder, runner, "score:B", b)
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("finished A: A")
    ):
        a.open()
    assert runner.is_busy
    _start_and_wait_progress(qtbot, recorder, runner, "score:C", c)
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("finished B: B")
    ):
        b.open()
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("busy False")
    ):
        c.open()
    busy = [event for event in recorder.events if event.startswith("busy")]
    assert busy == ["busy True", "busy False"]
    assert recorder.events[-1] == "busy False"
    assert not runner.is_busy


def test_progress_follows_the_newest_running_job_then_falls_back(
    qtbot: QtBot, runner: JobRunner, gates: Callable[[str], Gate]
) -> None:
    """When the newest job ends, the bar shows the older job's latest progress."""
    recorder = Recorder(runner)
    a, b = gates("A"), gates("B")
    _start_and_wait_progress(qtbot, recorder, runner, "score:A", a)
    _start_and_wait_progress(qtbot, recorder, runner, "score:B", b)
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("finished B: B")
    ):
        b.open()
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("busy False")
    ):
        a.open()
    assert recorder.events == [
        "busy True",
        "progress 1/2 working on A",
        "progress 1/2 working on B",
        "finished B: B",
        "progress 1/2 working on A",
        "finished A: A",
        "busy False",
    ]


def test_an_older_job_ending_leaves_the_newest_jobs_progress_shown(
    qtbot: QtBot, runner: JobRunner, gates: Callable[[str], Gate]
) -> None:
    recorder = Recorder(runner)
    a, b = gates("A"), gates("B")
    _start_and_wait_progress(qtbot, recorder, runner, "score:A", a)
    _start_and_wait_progress(qtbot, recorder, runner, "score:B", b)
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("finished A: A")
    ):
        a.open()
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("busy False")
    ):
        b.open()
    assert recorder.events == [
        "busy True",
        "progress 1/2 working on A",
        "progress 1/2 working on B",
        "finished A: A",
        "finished B: B",
        "busy False",
    ]


def test_cancel_stops_only_its_key_and_cancel_all_stops_every_job(
    qtbot: QtBot, runner: JobRunner, gates: Callable[[str], Gate]
) -> None:
    recorder = Recorder(runner)
    a, b, c = gates("A"), gates("B"), gates("C")
    for key, gate in (("score:A", a), ("score:B", b), ("score:C", c)):
        _start_and_wait_progress(qtbot, recorder, runner, key, gate)
    scoring = {key: _worker(runner, key) for key in ("score:A", "score:B", "score:C")}

    runner.cancel("score:A")
    assert [key for key, w in scoring.items() if w.is_cancelled] == ["score:A"]
    assert runner.is_running("score:A")  # until its worker says it stopped
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("cancelled A")
    ):
        a.open()
    assert not runner.is_running("score:A")
    assert runner.is_running("score:B")

    runner.cancel_all()
    assert all(worker.is_cancelled for worker in scoring.values())
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("busy False")
    ):
        b.open()
        c.open()
    ends = [e for e in recorder.events if not e.startswith(("progress", "busy"))]
    assert ends[0] == "cancelled A"
    assert sorted(ends[1:]) == ["cancelled B", "cancelled C"]
    assert recorder.events[-2] == "busy False"  # then the last job's callback


def test_a_failing_jobs_message_is_delivered_once_after_not_busy(
    qtbot: QtBot, runner: JobRunner
) -> None:
    recorder = Recorder(runner)

    def broken() -> Job:
        yield 0, 1, "reading"
        raise ValueError("weights must add up\nto one")

    with qtbot.waitSignal(
        recorder.happened,
        timeout=_WAIT_MS,
        check_params_cb=_is("failed broken: weights must add up to one"),
    ):
        runner.start(
            "score:A",
            Worker(broken),
            recorder.finished("broken"),
            on_failed=recorder.failed("broken"),
            on_cancelled=recorder.cancelled("broken"),
        )
    assert recorder.events == [
        "busy True",
        "progress 0/1 reading",
        "busy False",
        "failed broken: weights must add up to one",
    ]


def test_a_result_the_caller_refuses_ends_as_a_failure_once(
    qtbot: QtBot, runner: JobRunner
) -> None:
    """`fail` from `on_finished`: not busy, the message, then the caller's words."""
    recorder = Recorder(runner)

    def refused() -> Job:
        yield from ()  # a job with no step
        return "does not fit"

    def on_finished(result: Any) -> None:
        runner.fail("load", f"refused: {result}")
        recorder.note("candidate refused")

    with qtbot.waitSignal(
        recorder.happened,
        timeout=_WAIT_MS,
        check_params_cb=_is("candidate refused"),
    ):
        runner.start(
            "load", Worker(refused), on_finished, on_failed=recorder.failed("refused")
        )
    assert recorder.events == [
        "busy True",
        "busy False",
        "failed refused: refused: does not fit",
        "candidate refused",
    ]
    assert not runner.is_busy


def test_a_follow_up_started_on_finishing_keeps_the_runner_busy(
    qtbot: QtBot, runner: JobRunner, gates: Callable[[str], Gate]
) -> None:
    """Reading, then scoring under the same key: one busy span, both results."""
    recorder = Recorder(runner)
    reading, scoring = gates("reading"), gates("scoring")

    def on_read(result: Any) -> None:
        recorder.note(f"finished reading: {result}")
        recorder.start(runner, "load", scoring)

    reading.open()
    scoring.open()
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("busy False")
    ):
        runner.start("load", SliceWorker(reading.job), on_read)
    assert [e for e in recorder.events if not e.startswith("progress")] == [
        "busy True",
        "finished reading: reading",
        "finished scoring: scoring",
        "busy False",
    ]


def test_a_delayed_job_is_running_and_can_be_cancelled_before_it_starts(
    qtbot: QtBot, runner: JobRunner, gates: Callable[[str], Gate]
) -> None:
    recorder = Recorder(runner)
    gate = gates("late")
    gate.open()
    recorder.start(runner, "score:A", gate, after_ms=0)
    assert runner.is_running("score:A")
    assert recorder.events == ["busy True"]
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("busy False")
    ):
        runner.cancel("score:A")
    assert recorder.events == ["busy True", "busy False", "cancelled late"]


def test_discard_all_forgets_jobs_at_once_and_the_new_state_comes_first(
    qtbot: QtBot, runner: JobRunner, gates: Callable[[str], Gate]
) -> None:
    recorder = Recorder(runner)
    a, b = gates("A"), gates("B")
    _start_and_wait_progress(qtbot, recorder, runner, "score:A", a)
    _start_and_wait_progress(qtbot, recorder, runner, "score:B", b)
    workers = [_worker(runner, "score:A"), _worker(runner, "score:B")]

    def closed() -> None:
        recorder.note(f"closed, busy {runner.is_busy}")

    runner.discard_all(then=closed)
    assert recorder.events[-2:] == ["closed, busy False", "busy False"]
    assert all(worker.is_cancelled for worker in workers)
    for worker, gate in zip(workers, (a, b), strict=True):
        _open_and_wait_for_the_end(qtbot, worker, gate)
    assert not any(e.startswith(("cancelled", "finished")) for e in recorder.events)


def test_shutdown_waits_for_the_jobs_to_stop(
    qtbot: QtBot, runner: JobRunner, gates: Callable[[str], Gate]
) -> None:
    recorder = Recorder(runner)
    a, b = gates("A"), gates("B")
    for key, gate in (("score:A", a), ("score:B", b)):
        with qtbot.waitSignal(
            recorder.happened,
            timeout=_WAIT_MS,
            check_params_cb=_is(f"progress 1/2 working on {gate.name}"),
        ):
            runner.start(key, Worker(gate.polling_job), recorder.finished(gate.name))
    assert runner.shutdown(_WAIT_MS / 1000)
    assert a.closed.is_set()
    assert b.closed.is_set()
    with qtbot.waitSignal(
        recorder.happened, timeout=_WAIT_MS, check_params_cb=_is("busy False")
    ):
        pass  # their `cancelled` reports come at the next turns
    assert not any(e.startswith("finished") for e in recorder.events)


@pytest.mark.parametrize("end", ["finished", "cancelled"])
def test_a_report_after_the_runner_was_deleted_reaches_nobody(
    qtbot: QtBot, gates: Callable[[str], Gate], end: str
) -> None:
    """A worker that ends after its runner was deleted must not call into it.

    The window deletes a session (and its runner) while a job may still run; the
    job's end then arrives at a runner whose C++ half is gone. Before, a lambda
    holding the runner took the report and emitted `busy_changed` on the deleted
    object ("Signal source has been deleted"), an exception in the event loop.
    """
    pool = QThreadPool()
    pool.setMaxThreadCount(2)
    runner = JobRunner(pool=pool)
    recorder = Recorder(runner)
    gate = gates("A")
    _start_and_wait_progress(qtbot, recorder, runner, "score:A", gate)
    worker = _worker(runner, "score:A")
    if end == "cancelled":
        worker.cancel()
    with qtbot.waitSignal(runner.destroyed, timeout=_WAIT_MS):
        runner.deleteLater()
    del runner
    _open_and_wait_for_the_end(qtbot, worker, gate)
    assert pool.waitForDone(_WAIT_MS), "the job is still running"
    assert recorder.events == ["busy True", "progress 1/2 working on A"]


def test_a_delayed_job_of_a_deleted_runner_never_starts(
    qtbot: QtBot, gates: Callable[[str], Gate]
) -> None:
    """A session closed before its scoring's delay ends starts no worker after it.

    Before, the delay's timer had no context: it fired for a runner already
    deleted and started the job on a pool the session had let go of.
    """
    pool = QThreadPool()
    runner = JobRunner(pool=pool)
    gate = gates("A")
    worker = Worker(gate.job)
    runner.start("score:A", worker, lambda _result: None, after_ms=50)
    with qtbot.waitSignal(runner.destroyed, timeout=_WAIT_MS):
        runner.deleteLater()
    del runner
    # Qt fires timers in the order they fall due: this one comes after the job's.
    with qtbot.waitCallback(timeout=_WAIT_MS) as later:
        QTimer.singleShot(100, later)
    assert not gate.waiting.is_set()
    assert pool.activeThreadCount() == 0
    worker.cancel()


def test_a_workers_signals_are_not_deleted_while_its_thread_still_emits(
    qtbot: QtBot,
) -> None:
    """The end's emission on the pool thread has returned before the deletion runs.

    A slot connected directly (it runs inside the emission, on the pool thread)
    holds the emission open while the GUI thread handles every event posted so
    far, deferred deletions included. Before, the end signal itself was connected
    to `deleteLater`: the GUI thread deleted the signals object while the pool
    thread was still going through its connections (a freed connection list, and
    a segmentation fault later, seen under load).
    """
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QEvent, Qt

    connected = threading.Event()

    def job() -> Job:
        connected.wait(10)  # until the slot below is connected
        yield from ()  # no progress to report
        return "done"

    worker = Worker(job)
    inside, resume = threading.Event(), threading.Event()
    alive_inside: list[bool] = []

    def during_the_emission(_: object) -> None:  # on the pool thread
        inside.set()
        resume.wait(10)
        alive_inside.append(shiboken6.isValid(worker.signals))

    worker.start()
    worker.signals.finished.connect(
        during_the_emission, Qt.ConnectionType.DirectConnection
    )
    connected.set()
    qtbot.waitUntil(inside.is_set, timeout=10_000)
    QCoreApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    resume.set()
    assert worker.wait(10)
    assert alive_inside == [True]
    qtbot.waitUntil(lambda: not shiboken6.isValid(worker.signals), timeout=10_000)
