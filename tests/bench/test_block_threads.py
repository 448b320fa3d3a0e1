"""The bench's view of who ran during a block (`bench/block_threads.py`).

A real sampling process against a busy child: the child's CPU time over a moment
is found, and a thread that slept is not; the report names the block's figures.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from block_threads import Block, BlockThreads, _read_samples, _used

from tests.bench.children import piped_python

# Waits for a line, is busy for 0.6 s of CPU, says "done", waits for its stdin to end.
_BUSY = """
import sys, time
sys.stdin.readline()
end = time.process_time() + 0.6
while time.process_time() < end:
    pass
print("done", flush=True)
sys.stdin.read()
"""


def test_used_is_the_difference_of_the_samples_around_a_moment() -> None:
    series = ([1.0, 2.0, 3.0, 4.0], [10.0, 15.0, 40.0, 41.0])
    assert _used(series, 1.5, 3.5) == 25.0  # from the sample at 2.0 to that at 3.0
    assert _used(series, 0.0, 5.0) == 31.0
    assert _used(series, 3.2, 3.8) == 0.0  # no two samples inside


@pytest.mark.skipif(not Path("/proc/self/sched").exists(), reason="Linux /proc")
def test_a_busy_child_is_seen_and_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    threads = BlockThreads(tmp_path / "threads.txt", threshold_ms=50)
    samples = tmp_path / "threads.txt"
    with piped_python(_BUSY) as child:
        assert child.stdout is not None
        assert child.stdin is not None
        # Busy only once the sampler has seen it, and done once it has seen it after.
        _wait_until(lambda: _sampled(samples, child.pid, after=0.0))
        start = time.time()
        child.stdin.write("start\n")
        child.stdin.flush()
        assert child.stdout.readline().strip() == "done"
        end = time.time()
        _wait_until(lambda: _sampled(samples, child.pid, after=end))
        child.stdin.close()
    threads.stop()
    busy = [
        _used(series, 0.0, float("inf"))
        for (pid, _, _), series in _read_samples(samples).items()
        if pid == child.pid
    ]
    assert max(busy) >= 550  # 600 ms of CPU between two of its samples
    threads.blocks.append(Block(end, int((end - start) * 1000), 1.0, 2, 3, "here"))
    threads.report()
    out = capsys.readouterr().out
    assert "GUI thread CPU 1 ms, 2 waits, 3 preemptions" in out
    assert f"process {child.pid}" in out


def _sampled(path: Path, pid: int, *, after: float) -> bool:
    """Whether the sampler has written a sample of `pid` later than `after`."""
    return (
        any(
            key[0] == pid and max(times) > after
            for key, (times, _) in _read_samples(path).items()
        )
        if path.exists()
        else False
    )


def _wait_until(condition: Callable[[], bool]) -> None:
    """Wait for a state of the sampler's file (a minute at most: then fail)."""
    deadline = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < deadline, "the sampler wrote nothing in a minute"
        time.sleep(0.02)


def test_a_short_gap_is_not_a_block(tmp_path: Path) -> None:
    threads = BlockThreads(tmp_path / "threads.txt", threshold_ms=50)
    try:
        threads.tick(10, "at 1.00 s, reading files")
        threads.tick(80, "at 2.00 s, scoring")
    finally:
        threads.stop()
    assert [(block.gap_ms, block.where) for block in threads.blocks] == [
        (80, "at 2.00 s, scoring")
    ]
