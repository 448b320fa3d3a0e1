"""A worker process that dies fails the work in one line; none outlives its owner.

The out-of-memory killer ends a worker with SIGKILL. A `multiprocessing.Pool` then
replaces the worker silently and the lost chunk never arrives: the caller waited for
ever, and the GUI's load never ended. These tests kill workers for real.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from bleu_gui.core.parallel import WorkerDiedError, WorkerPool, map_ordered

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="SIGKILL and getppid are POSIX"
)


def _die(_: object) -> None:
    """A job whose worker is killed as the out-of-memory killer would."""
    os.kill(os.getpid(), signal.SIGKILL)


def _pid(_: object) -> int:
    return os.getpid()


def test_a_killed_worker_fails_the_waiting_caller_and_breaks_the_pool() -> None:
    with WorkerPool(2) as pool:
        assert pool.result(pool.submit(_pid, 0)) != os.getpid()
        with pytest.raises(WorkerDiedError, match=r"^a worker process died \("):
            list(map_ordered(_die, range(3), pool))
        assert pool.broken
        with pytest.raises(WorkerDiedError):
            pool.result(pool.submit(_pid, 0))


def test_a_new_pool_works_after_a_death() -> None:
    with WorkerPool(1) as pool, pytest.raises(WorkerDiedError):
        pool.result(pool.submit(_die, 0))
    with WorkerPool(1) as fresh:
        assert fresh.result(fresh.submit(_pid, 0)) != os.getpid()


_ORPHANING_OWNER = """
import os, sys
from tests.core.test_worker_death import _pid
from bleu_gui.core.parallel import WorkerPool
pool = WorkerPool(2)
pids = {pool.result(pool.submit(_pid, i)) for i in range(8)}
print(" ".join(map(str, sorted(pids))), flush=True)
sys.stdin.read()  # wait to be killed
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie still answers; its parent is gone, so init reaps it soon.
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_workers_end_when_their_owner_is_killed() -> None:
    with subprocess.Popen(
        [sys.executable, "-c", _ORPHANING_OWNER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # the killed owner's resource tracker complains
        text=True,
        cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))),
    ) as owner:
        assert owner.stdout is not None
        workers = [int(pid) for pid in owner.stdout.readline().split()]
        assert workers
        assert all(_alive(pid) for pid in workers)
        owner.kill()  # as the system kills a frozen application: no clean-up runs
        owner.wait()  # not communicate(): live orphans would hold its pipes open
    deadline = time.monotonic() + 60  # a bound for a failing test, not a timing check
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)]
