"""Where `score --paired-bs` spends its fixed costs: workers, bytes, CPU, memory.

Issue 28's paired row (`speed_table.py --rows paired-19k`) gives the ratios against
sacreBLEU; this bench says where our own time and memory go, in quantities that a
busy machine changes little:

* in this process (`score` run through `bleu_gui.__main__.main`, first, its output
  checked against the separate runs'): the worker processes started, the jobs sent
  to them and the bytes of each job and result as pickled, the command's CPU time
  here before the test and in all, its worker processes' CPU time (resource tracker
  included), and this process's resident memory before the test;
* in a separate process, as a user runs it: the wall time, and each process's peak
  resident memory and the whole tree's (sampled every 20 ms, as `bench_cli.run`).

The inputs are `speed_table.py`'s paired row: WMT21 ref.A against its four systems
and ref.B, joined to `--segments` distinct segments (`bench_score.distinct_lines`).

Run: `python bench/bench_paired_costs.py [--segments 19008] [--runs 5]
[--data ../shared/data]`.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import os
import pickle
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from bench_cli import CHILD_ENV, LARGE_SAMPLE_SECONDS
from speed_table import DEFAULT_DATA, WMT, WMT_SYSTEMS, RealLines, sized, write

NAMES = ("ref.A.txt", *WMT_SYSTEMS, "sys.happypoet.txt", "ref.B.txt")
MIB = 1 << 20


def build(data: Path, segments: int, folder: Path) -> list[str]:
    """The command's arguments after `score`: REF -i S1..S5 --paired-bs -f json."""
    real = RealLines(data)
    ref, *systems = (
        str(
            write(
                folder, f"paired.{k}.txt", sized(real.lines(f"{WMT}/{name}"), segments)
            )
        )
        for k, name in enumerate(NAMES)
    )
    return [ref, "-i", *systems, "--paired-bs", "-f", "json"]


def rss_mib(pid: int | str = "self") -> float:
    """A process's resident memory now (MiB); 0 if it is gone (or a zombie)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    kib = next(
        (
            int(line.split()[1])
            for line in status.splitlines()
            if line.startswith("VmRSS:")
        ),
        0,
    )
    return kib / 1024


def children(pid: int) -> list[int]:
    """Every descendant of `pid` now."""
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{current}/task").iterdir():
                kids = [int(k) for k in (task / "children").read_text().split()]
                found += kids
                stack += kids
    return found


def counted(argv: list[str]) -> tuple[dict[str, float], str]:
    """Run `score` here, counting workers, jobs and bytes; (counters, output)."""
    import bleu_gui.core.parallel as parallel
    import bleu_gui.core.significance as significance
    from bleu_gui.__main__ import main

    counts: dict[str, float] = collections.defaultdict(float)
    pool_class = parallel.WorkerPool
    start_pool, submit, result = (
        pool_class.__init__,
        pool_class.submit,
        pool_class.result,
    )
    names: dict[int, str] = {}

    def counting_init(
        self: parallel.WorkerPool, processes: int, **options: Any
    ) -> None:
        counts["worker processes started"] += processes
        start_pool(self, processes, **options)

    def counting_submit(
        self: parallel.WorkerPool, function: Callable[[Any], Any], job: Any
    ) -> Any:
        name = function.__name__
        counts[f"jobs {name}"] += 1
        counts[f"MB to workers, {name}"] += len(pickle.dumps((function, job), -1)) / 1e6
        pending: Future[Any] = submit(self, function, job)
        names[id(pending)] = name
        return pending

    def counting_result(self: parallel.WorkerPool, pending: Future[Any]) -> Any:
        value = result(self, pending)
        counts[f"MB from workers, {names[id(pending)]}"] += (
            len(pickle.dumps(value, -1)) / 1e6
        )
        return value

    bootstrap = significance._bootstrap_scores
    cpu_start = time.process_time()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)

    def noted_bootstrap(*args: Any, **kwargs: Any) -> Any:
        counts["main CPU s before the test"] = time.process_time() - cpu_start
        counts["main RSS MiB before the test"] = rss_mib()
        return (yield from bootstrap(*args, **kwargs))

    pool_class.__init__ = counting_init  # type: ignore[method-assign]
    pool_class.submit = counting_submit  # type: ignore[method-assign]
    pool_class.result = counting_result  # type: ignore[method-assign]
    significance._bootstrap_scores = noted_bootstrap
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        main(["score", *argv])
    counts["main CPU s in all"] = time.process_time() - cpu_start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    counts["workers' CPU s (all children)"] = (
        usage.ru_utime + usage.ru_stime - before.ru_utime - before.ru_stime
    )
    return dict(counts), output.getvalue()


def sampled(argv: list[str]) -> tuple[float, float, dict[str, float], str]:
    """Run `score` as a user does: (wall, tree peak MiB, peak per process, output)."""
    command = [sys.executable, "-m", "bleu_gui", "score", *argv]
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, env=CHILD_ENV)
        tree_peak = 0.0
        peaks: dict[str, float] = {}
        while process.poll() is None:
            pids = [process.pid, *children(process.pid)]
            sizes = {pid: rss_mib(pid) for pid in pids}
            tree_peak = max(tree_peak, sum(sizes.values()))
            for pid, size in sizes.items():
                label = "bleu-gui" if pid == process.pid else f"child {pid}"
                peaks[label] = max(peaks.get(label, 0.0), size)
            time.sleep(LARGE_SAMPLE_SECONDS)
        wall = time.perf_counter() - start
        out.seek(0)
        return wall, tree_peak, peaks, out.read().decode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=19_008)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    options = parser.parse_args()
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as `bleu-gui score` sets it
    with tempfile.TemporaryDirectory() as folder:
        argv = build(options.data, options.segments, Path(folder))
        counts, output = counted(argv)
        runs = [sampled(argv) for _ in range(options.runs)]
    if any(run[3] != output for run in runs):
        raise SystemExit("bench_paired_costs: the runs' outputs differ")
    print(f"{options.segments:,} segments x 5 systems, `score --paired-bs -f json`")
    for name, value in sorted(counts.items()):
        print(f"  {name}: {value:,.2f}")
    walls = [run[0] for run in runs]
    each = ", ".join(f"{wall:.2f}" for wall in walls)
    print(f"  wall s: {each}; median {statistics.median(walls):.2f}")
    print(f"  tree peak MiB: median {statistics.median(run[1] for run in runs):.0f}")
    for label, peak in runs[-1][2].items():
        print(f"    {label}: {peak:.0f} MiB")
    print(f"  load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
