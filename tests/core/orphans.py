"""Processes that must not outlive their owner: run an owner, kill it, watch.

Shared by the worker-pool and search-process tests: both start an owner script in a
new Python process, read the pids it prints, kill it as the system kills a frozen
application (SIGKILL, so no clean-up runs) and check that its children end too.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(__file__)))


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie does not count)."""
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


@contextmanager
def killed_owner(script: str) -> Iterator[str]:
    """Run `script` and give the first line it prints; kill it when the block ends."""
    with subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # the killed owner's resource tracker complains
        text=True,
        cwd=REPOSITORY,
    ) as owner:
        assert owner.stdout is not None
        yield owner.stdout.readline()
        owner.kill()  # as the system kills a frozen application: no clean-up runs
        owner.wait()  # not communicate(): live orphans would hold its pipes open


def still_alive(pids: list[int]) -> list[int]:
    """The `pids` still alive once all have ended or a minute has passed."""
    deadline = time.monotonic() + 60  # a bound for a failing test, not a timing check
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return [pid for pid in pids if alive(pid)]
