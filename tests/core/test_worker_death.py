"""A worker process that dies fails the work in one line; none outlives its owner.

The out-of-memory killer ends a worker with SIGKILL. A `multiprocessing.Pool` then
replaces the worker silently and the lost chunk never arrives: the caller waited for
ever, and the GUI's load never ended. These tests kill workers for real.
"""

from __future__ import annotations

import os
import signal
import sys

import pytest

from bleu_gui.core.parallel import WorkerDiedError, WorkerPool, map_ordered
from tests.core.orphans import alive, killed_owner, still_alive

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


def test_workers_end_when_their_owner_is_killed() -> None:
    with killed_owner(_ORPHANING_OWNER) as printed:
        workers = [int(pid) for pid in printed.split()]
        assert workers
        assert all(alive(pid) for pid in workers)
    assert not still_alive(workers)
