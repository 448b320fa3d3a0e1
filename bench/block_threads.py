"""Which threads ran during each long event-loop block: `bench_gui.py --threads`.

A block is either the GUI thread's own work or its waiting: for the GIL, which
another thread of the process holds, or for a core, which another process holds.
Python cannot see that from inside (a thread that samples the others needs the
GIL too), so a process of its own reads every thread's CPU time of the whole
process tree from `/proc/<pid>/task/<tid>/sched` (`se.sum_exec_runtime`, in
milliseconds) every 10 ms, and the bench notes, at each tick of its block meter,
the GUI thread's own CPU time and its voluntary and involuntary switches
(`getrusage(RUSAGE_THREAD)`). `report` joins the two: per block of
`threshold_ms` or more, the GUI thread's CPU and switches, and the threads that
ran most meanwhile.

Linux only. The sampling process is counted in the tree's memory and takes a
little CPU of its own: for finding where a block goes, not for the speed table.

Run alone, this module is that sampling process: `block_threads.py PID FILE`.
"""

from __future__ import annotations

import bisect
import os
import resource
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

_SAMPLE_SECONDS = 0.01


@dataclass(frozen=True)
class Block:
    """One long gap between two ticks of the block meter, and the GUI thread in it."""

    end: float  # time.time() at the tick that ended it
    gap_ms: int
    cpu_ms: float  # the GUI thread's user + system time in the gap
    voluntary: int  # switches while waiting (the GIL, a lock, I/O)
    involuntary: int  # switches when preempted (another thread wanted the core)
    where: str


class BlockThreads:
    """Notes the GUI thread's usage at each tick; samples every thread meanwhile."""

    def __init__(self, output: Path, threshold_ms: int = 50) -> None:
        self.threshold_ms = threshold_ms
        self.blocks: list[Block] = []
        self._output = output
        self._last = resource.getrusage(resource.RUSAGE_THREAD)
        self._process = subprocess.Popen(
            [sys.executable, __file__, str(os.getpid()), str(output)]
        )

    def tick(self, gap_ms: int, where: str) -> None:
        """Called by the meter on the GUI thread at each tick, with the gap before."""
        now = resource.getrusage(resource.RUSAGE_THREAD)
        last, self._last = self._last, now
        if gap_ms < self.threshold_ms:
            return
        cpu = now.ru_utime - last.ru_utime + now.ru_stime - last.ru_stime
        self.blocks.append(
            Block(
                time.time(),
                gap_ms,
                cpu * 1000,
                now.ru_nvcsw - last.ru_nvcsw,
                now.ru_nivcsw - last.ru_nivcsw,
                where,
            )
        )

    def stop(self) -> None:
        self._process.terminate()
        self._process.wait()

    def report(self, top: int = 6) -> None:
        """Print each block with the threads that used the most CPU in it."""
        samples = _read_samples(self._output)
        for block in self.blocks:
            print(
                f"block {block.gap_ms} ms {block.where}: GUI thread CPU "
                f"{block.cpu_ms:.0f} ms, {block.voluntary} waits, "
                f"{block.involuntary} preemptions"
            )
            start = block.end - block.gap_ms / 1000
            used = sorted(
                (
                    (_used(series, start, block.end), key)
                    for key, series in samples.items()
                ),
                reverse=True,
            )
            for ms, (pid, tid, name) in used[:top]:
                if ms >= 1:
                    print(f"    {ms:6.1f} ms  process {pid}, thread {tid} ({name})")


_Key = tuple[int, int, str]


def _read_samples(path: Path) -> dict[_Key, tuple[list[float], list[float]]]:
    """Per thread: the sampling times and its CPU time (ms) at each."""
    series: dict[_Key, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    for line in path.read_text().splitlines():
        fields = line.split(" ")
        if len(fields) != 5 or not line.endswith(tuple("0123456789")):
            continue  # the line the sampler is writing now
        at, pid, tid, name, ms = fields
        times, cpu = series[(int(pid), int(tid), name)]
        times.append(float(at))
        cpu.append(float(ms))
    return series


def _used(series: tuple[list[float], list[float]], start: float, end: float) -> float:
    """The CPU time (ms) a thread used between two moments, from its samples."""
    times, cpu = series
    first = bisect.bisect_left(times, start)
    last = bisect.bisect_right(times, end) - 1
    return cpu[last] - cpu[first] if first < last else 0.0


def _tree(pid: int) -> list[int]:
    """A process and its descendants."""
    found = [pid]
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            children = Path(f"/proc/{pid}/task/{task}/children").read_text().split()
            for child in children:
                found += _tree(int(child))
    except OSError:
        pass
    return found


def _sample(root: int, output: Path) -> None:
    """Write every thread's CPU time in the tree of `root` until `root` ends."""
    mine = os.getpid()
    with output.open("w") as out:
        while Path(f"/proc/{root}").exists():
            now = time.time()
            for pid in _tree(root):
                if pid == mine:
                    continue
                try:
                    tasks = os.listdir(f"/proc/{pid}/task")
                except OSError:
                    continue
                for tid in tasks:
                    try:
                        base = f"/proc/{pid}/task/{tid}"
                        name = Path(f"{base}/comm").read_text().strip()
                        sched = Path(f"{base}/sched").read_text()
                    except OSError:
                        continue
                    for line in sched.splitlines():
                        if line.startswith("se.sum_exec_runtime"):
                            ms = float(line.split(":")[1])
                            label = name.replace(" ", "_") or "-"
                            out.write(f"{now:.4f} {pid} {tid} {label} {ms:.3f}\n")
                            break
            out.flush()
            time.sleep(_SAMPLE_SECONDS)


if __name__ == "__main__":
    _sample(int(sys.argv[1]), Path(sys.argv[2]))
