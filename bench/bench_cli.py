"""Benchmark: `bleu-gui score` against `sacrebleu`, as a user runs them, at three sizes.

For each size (default 500, 2,000 and 100,000 segments, two references, built by
`bench_score.build_corpus`), runs `python -m sacrebleu REF REF -i HYP -w 15` and
`python -m bleu_gui score REF REF -i HYP -w 15` as separate processes, several times,
interleaved (sacreBLEU first in odd repetitions, bleu-gui first in even ones, so that
neither always runs on a machine warmed or loaded by the other), and reports per tool
the median wall time and the median peak memory, and the ratios bleu-gui / sacreBLEU.
Every run's JSON is checked: both tools must print the same score, verbose score and
signature.

Peak memory is of the whole process tree, so bleu-gui's worker processes count:
the largest sum of the resident memory (VmRSS) of the process and all its
descendants, sampled from /proc every 5 ms (20 ms from 20,000 segments on, so that
the sampling takes little of the two tools' CPU), or the root process's own peak from
wait4's ru_maxrss if that is larger (a sample can miss a short peak; ru_maxrss
cannot, but it covers the root process alone, not its children).

The machine may be shared: take medians of five runs or more for the small sizes
(`--runs`), where start-up dominates and a single run is noise. At a small size each
tool runs once untimed first, with bytecode caching on (`PYTHONDONTWRITEBYTECODE` is
dropped from the children's environment), so that both start as they do once
installed: from cached bytecode, not compiling their sources at every start.

`--files REF HYP` measures real files instead, as users run them: one reference,
both files cut to each size (their first N lines; repeated whole to reach a size
beyond their length), e.g. WMT21's `ref.A.txt` and a system's output at 500 lines.

Run: `python bench/bench_cli.py [--sizes 500 2000 100000] [--runs 7] [--large-runs 3]
[--corpus distinct|repeated | --files REF HYP]`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_score import build_corpus, tree_rss

SAMPLE_SECONDS = 0.005
LARGE_SAMPLE_SECONDS = 0.02
LARGE = 20_000
"""From this many segments on, a size is run `--large-runs` times (each run is long)."""


@dataclass(frozen=True)
class Run:
    """One process's wall time (s), whole-tree peak memory (MiB) and output."""

    wall: float
    peak_mib: float
    output: str


CHILD_ENV = {
    name: value
    for name, value in os.environ.items()
    if name != "PYTHONDONTWRITEBYTECODE"
}


def run(
    command: list[str],
    interval: float = SAMPLE_SECONDS,
    env: Mapping[str, str] | None = None,
) -> Run:
    """Run `command` to its end, sampling its process tree's memory.

    `env`: variables set for this command on top of `CHILD_ENV`.
    """
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(
            command, stdout=out, stderr=err, env={**CHILD_ENV, **(env or {})}
        )
        tree_peak = 0
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            tree_peak = max(tree_peak, tree_rss(process.pid))
            time.sleep(interval)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode:
            err.seek(0)
            raise SystemExit(f"{' '.join(command)} failed: {err.read().decode()}")
        out.seek(0)
        peak_kib = max(tree_peak, usage.ru_maxrss)
        return Run(wall, peak_kib / 1024, out.read().decode())


def same_score(sacre: str, ours: str) -> bool:
    """Whether both JSON outputs give the same score, verbose score and signature."""
    theirs, mine = json.loads(sacre), json.loads(ours)
    keys = ("score", "verbose_score", "signature")
    return all(theirs[key] == mine[key] for key in keys)


def cut_files(
    ref: Path, hyp: Path, segments: int, folder: Path
) -> tuple[Path, list[Path]]:
    """`ref` and `hyp` cut (or repeated) to `segments` lines, written to `folder`."""
    written = []
    for path in (hyp, ref):
        lines = path.read_text(encoding="utf-8").splitlines()
        out = [lines[i % len(lines)] for i in range(segments)]
        target = folder / f"{segments}.{path.name}"
        target.write_text("".join(f"{line}\n" for line in out), encoding="utf-8")
        written.append(target)
    return written[0], written[1:]


@dataclass(frozen=True)
class Comparison:
    """Medians of interleaved runs of sacreBLEU's command and ours, and every run."""

    sacre: list[Run]
    ours: list[Run]

    @staticmethod
    def median_wall(runs: list[Run]) -> float:
        return statistics.median(r.wall for r in runs)

    @staticmethod
    def median_peak(runs: list[Run]) -> float:
        return statistics.median(r.peak_mib for r in runs)

    @property
    def sacre_wall(self) -> float:
        return self.median_wall(self.sacre)

    @property
    def our_wall(self) -> float:
        return self.median_wall(self.ours)

    @property
    def sacre_peak(self) -> float:
        return self.median_peak(self.sacre)

    @property
    def our_peak(self) -> float:
        return self.median_peak(self.ours)


def interleaved(
    sacre: list[str],
    ours: list[str],
    runs: int,
    *,
    warm: bool,
    interval: float,
    check: Callable[[Run, Run], str | None],
    our_env: Mapping[str, str] | None = None,
) -> Comparison:
    """Run both commands `runs` times, in turn, sacreBLEU first in odd repetitions.

    `warm`: run each once untimed first (bytecode and disk caches filled), as an
    installed tool starts. `check(sacre_run, our_run)` says what differs between a
    repetition's two outputs (None: nothing); a difference ends the bench.
    """
    commands = {"sacreBLEU": (sacre, None), "bleu-gui": (ours, our_env)}
    if warm:
        for command, env in commands.values():
            run(command, env=env)
    results: dict[str, list[Run]] = {name: [] for name in commands}
    for repetition in range(runs):
        order = list(commands) if repetition % 2 == 0 else list(commands)[::-1]
        for name in order:
            command, env = commands[name]
            results[name].append(run(command, interval, env))
        problem = check(results["sacreBLEU"][-1], results["bleu-gui"][-1])
        if problem is not None:
            raise SystemExit(problem)
    return Comparison(results["sacreBLEU"], results["bleu-gui"])


def check_same_score(sacre: Run, ours: Run) -> str | None:
    """`interleaved`'s check for two JSON scores (`same_score`)."""
    if same_score(sacre.output, ours.output):
        return None
    return f"scores differ:\n{sacre.output}\n{ours.output}"


def bench_size(
    label: str, hyp: Path, refs: list[Path], runs: int, segments: int
) -> Comparison:
    files = [*(str(ref) for ref in refs), "-i", str(hyp), "-w", "15"]
    comparison = interleaved(
        [sys.executable, "-m", "sacrebleu", *files],
        [sys.executable, "-m", "bleu_gui", "score", *files],
        runs,
        warm=segments < LARGE,
        interval=SAMPLE_SECONDS if segments < LARGE else LARGE_SAMPLE_SECONDS,
        check=check_same_score,
    )
    nrefs = f"{len(refs)} reference{'s' if len(refs) > 1 else ''}"
    print(f"\n== {label}: {segments:,} segments, {nrefs}, {runs} runs each ==")
    for name, done in (("sacreBLEU", comparison.sacre), ("bleu-gui", comparison.ours)):
        wall, peak = Comparison.median_wall(done), Comparison.median_peak(done)
        walls = " ".join(f"{r.wall:.3f}" for r in done)
        print(f"{name:10}: median {wall:7.3f} s  {peak:7.1f} MiB   (runs: {walls} s)")
    print(
        f"ratio     : time {comparison.our_wall / comparison.sacre_wall:.3f}, memory "
        f"{comparison.our_peak / comparison.sacre_peak:.3f}; same score in every "
        "run: yes"
    )
    return comparison


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[500, 2_000, 100_000], metavar="N"
    )
    parser.add_argument("--runs", type=int, default=7, help="runs of a small size")
    parser.add_argument(
        "--large-runs",
        type=int,
        default=3,
        help=f"runs of a size of {LARGE:,} segments or more",
    )
    parser.add_argument(
        "--corpus",
        choices=["distinct", "repeated", "both"],
        default="both",
        help="distinct: no segment repeats; repeated: the 500 demo segments over "
        "and over (at 500 segments: the demo files themselves)",
    )
    parser.add_argument(
        "--files",
        nargs=2,
        type=Path,
        metavar=("REF", "HYP"),
        help="real files instead of a built corpus: one reference and one system, "
        "cut to each size (repeated beyond their length)",
    )
    options = parser.parse_args()
    kinds = ["distinct", "repeated"] if options.corpus == "both" else [options.corpus]
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        for segments in options.sizes:
            runs = options.large_runs if segments >= LARGE else options.runs
            if options.files is not None:
                ref, hyp = options.files
                cut = cut_files(ref, hyp, segments, Path(folder))
                bench_size(f"{ref.name} / {hyp.name}", *cut, runs, segments)
                continue
            for kind in kinds:
                hyp, refs = build_corpus(kind, segments, Path(folder))
                bench_size(kind, hyp, refs, runs, segments)


if __name__ == "__main__":
    main()
