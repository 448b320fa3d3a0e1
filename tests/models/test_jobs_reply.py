"""JobRunner with a `ReplyJob`: work of a process or a future, superseded by key.

The "process" here is the test itself: it feeds each job the replies by hand, so
every event happens in the order the test writes, and nothing waits.
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from bleu_gui.models.jobs import JobRunner, ReplyJob


class Process:
    """What a job's owner would tell a process: the requests begun and stopped."""

    def __init__(self) -> None:
        self.log: list[str] = []

    def job(self, name: str) -> ReplyJob:
        return ReplyJob(
            lambda: self.log.append(f"begin {name}"),
            lambda: self.log.append(f"stop {name}"),
        )


class Caller:
    """The runner's callbacks and signals, as one ordered list of events."""

    def __init__(self, runner: JobRunner) -> None:
        self.events: list[str] = []
        runner.busy_changed.connect(lambda busy: self.events.append(f"busy {busy}"))
        runner.progress_changed.connect(
            lambda done, total, what: self.events.append(f"{what} {done}/{total}")
        )

    def start(
        self, runner: JobRunner, job: ReplyJob, name: str, *, first: bool = False
    ) -> None:
        runner.start(
            "key",
            job,
            lambda result: self.events.append(f"{name} finished {result}"),
            on_failed=lambda message: self.events.append(f"{name} failed {message}"),
            on_cancelled=lambda: self.events.append(f"{name} cancelled"),
            report_first=first,
        )


def test_a_superseded_reply_jobs_late_replies_reach_no_caller(qtbot: QtBot) -> None:
    runner, process = JobRunner(), Process()
    caller = Caller(runner)
    old, new = process.job("old"), process.job("new")
    caller.start(runner, old, "old")
    old.progress(1, 4, "old")
    caller.start(runner, new, "new")
    # The old job's replies arrive after the new request: nobody hears of them.
    old.progress(2, 4, "old")
    old.finish("stale")
    old.fail("stale")
    new.progress(1, 2, "new")
    new.finish("fresh")
    assert process.log == ["begin old", "stop old", "begin new"]
    assert caller.events == [
        "busy True",
        "old 1/4",
        "new 1/2",
        "new finished fresh",
        "busy False",
    ]


def test_a_reply_job_reports_one_end_and_cancel_at_once(qtbot: QtBot) -> None:
    runner, process = JobRunner(), Process()
    caller = Caller(runner)
    job = process.job("a")
    caller.start(runner, job, "a")
    runner.cancel("key")
    assert not runner.is_busy  # at once: the process drops it when it can
    job.finish("late")  # a reply already on its way
    job.fail("late")
    assert caller.events == ["busy True", "busy False", "a cancelled"]
    assert process.log == ["begin a", "stop a"]
    assert job.ended


def test_report_first_puts_the_end_before_not_busy(qtbot: QtBot) -> None:
    runner, process = JobRunner(), Process()
    caller = Caller(runner)
    failing, cancelled = process.job("failing"), process.job("cancelled")
    caller.start(runner, failing, "failing", first=True)
    failing.fail("no")
    caller.start(runner, cancelled, "cancelled", first=True)
    runner.cancel("key")
    assert caller.events == [
        "busy True",
        "failing failed no",
        "busy False",
        "busy True",
        "cancelled cancelled",
        "busy False",
    ]


def test_a_follow_up_started_on_a_failure_reported_first_keeps_busy(
    qtbot: QtBot,
) -> None:
    runner, process = JobRunner(), Process()
    caller = Caller(runner)
    first, again = process.job("first"), process.job("again")
    runner.start(
        "key",
        first,
        lambda _: None,
        on_failed=lambda _: caller.start(runner, again, "again", first=True),
        report_first=True,
    )
    first.fail("died")
    assert runner.is_running("key")
    again.finish(7)
    assert caller.events == ["busy True", "again finished 7", "busy False"]
