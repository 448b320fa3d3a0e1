"""Issue 28's speed table: every row measured side by side with sacreBLEU, one command.

Runs each row as a user runs the tools (separate processes, bytecode cached) with
the measuring code of the other benches (`bench_cli.interleaved`: interleaved runs,
whole-process-tree peak memory, the same output checked in every repetition;
`bench_gui.py --systems`: the window's longest event-loop block), then prints the
table as Markdown with the machine it ran on. The targets are ratios ours /
sacreBLEU, because absolute times differ from machine to machine.

The inputs are real lines, from `../shared/data` beside the checkout (`--data`):
WMT21 de-en (1,000 lines: `ref.A.txt`, `ref.B.txt` and four systems) and TED sk-en
of compare-mt (2,445 lines: `ref.A.txt`, `sys.sys1.txt`). Sizes within the real
lines are their first N lines (WMT21, then TED); larger sizes join line i to a
partner line shifted by i // n (`bench_score.distinct_lines`), so no two segments
are equal and no tokenizer cache helps, as in a real large corpus. Each row prints
how its files were built.

`--quick` runs every row at a tiny size, once: a check that the harness works, not
a measurement (its table says so and `--append-history` refuses it). The full table
takes about 26 minutes on a quiet 2-core machine and ~19 GB of free memory (sacreBLEU's
1M-segment run took 18 GB and 10 minutes on 2026-11-27).

Run: `python bench/speed_table.py [--rows NAME ...] [--runs 7] [--large-runs 1]
[--quick] [--append-history docs/design.md]`.
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
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from bench_cli import (
    LARGE,
    LARGE_SAMPLE_SECONDS,
    Comparison,
    Run,
    bench_size,
    interleaved,
    run,
)
from bench_score import distinct_lines
from speed_report import (
    Limit,
    Result,
    append_history,
    history_entry,
    markdown_table,
)

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "data"
WMT = "wmt21.de-en"
TED = "compare-mt-ted.sk-en"
WMT_SYSTEMS = ("sys.UEdin.txt", "sys.Facebook-AI.txt", "sys.Online-W.txt")
NEEDED = [
    *(f"{WMT}/{name}" for name in ("ref.A.txt", "ref.B.txt", *WMT_SYSTEMS)),
    f"{WMT}/sys.happypoet.txt",
    f"{TED}/ref.A.txt",
    f"{TED}/sys.sys1.txt",
]
GB = 1e9


@dataclass(frozen=True)
class Setting:
    """What the options ask of every row."""

    folder: Path
    runs: int
    large_runs: int
    inputs: list[str]
    """What each row measured on, as `describe` said it (printed with the table)."""


class RealLines:
    """The shared data's lines, read once."""

    def __init__(self, data: Path) -> None:
        missing = [name for name in NEEDED if not (data / name).is_file()]
        if missing:
            raise SystemExit(
                f"speed_table: the real data is missing: {data / missing[0]} "
                "(the bench reads ../shared/data beside the checkout; give --data DIR)"
            )
        self.data = data

    def lines(self, name: str) -> list[str]:
        return (self.data / name).read_text(encoding="utf-8").splitlines()

    def one_reference(self) -> tuple[list[str], list[str]]:
        """(hypothesis, reference): WMT21's UEdin and ref.A, then TED's sys1, ref.A."""
        hyp = self.lines(f"{WMT}/sys.UEdin.txt") + self.lines(f"{TED}/sys.sys1.txt")
        ref = self.lines(f"{WMT}/ref.A.txt") + self.lines(f"{TED}/ref.A.txt")
        return hyp, ref


def sized(lines: list[str], segments: int) -> list[str]:
    """The first `segments` lines, or distinct joined ones beyond the real lines."""
    if segments <= len(lines):
        return lines[:segments]
    return distinct_lines(lines, segments)


def how_sized(available: int, segments: int) -> str:
    if segments <= available:
        return f"the first {segments:,} of {available:,} real lines"
    return (
        f"{segments:,} segments, each two of {available:,} real lines joined "
        "(bench_score.distinct_lines: all different)"
    )


def write(folder: Path, name: str, lines: list[str]) -> Path:
    path = folder / name
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def note(text: str) -> None:
    print(text, flush=True)


def describe(setting: Setting, inputs: str) -> None:
    """Say now, and under the table, which files a row built and how."""
    setting.inputs.append(inputs)
    note(f"inputs: {inputs}")


def mib(value: float) -> str:
    return f"{value:,.0f} MiB"


def cells(comparison: Comparison) -> tuple[str, str, float, float]:
    """(ours, sacreBLEU, wall ratio, memory ratio) of a comparison's medians."""
    runs = len(comparison.ours)
    suffix = f", median of {runs}" if runs > 1 else ""
    ours = f"{comparison.our_wall:.2f} s, {mib(comparison.our_peak)}{suffix}"
    sacre = f"{comparison.sacre_wall:.2f} s, {mib(comparison.sacre_peak)}{suffix}"
    return (
        ours,
        sacre,
        comparison.our_wall / comparison.sacre_wall,
        comparison.our_peak / comparison.sacre_peak,
    )


def ratio_result(
    label: str, comparison: Comparison, wall_most: float | None, tree_most: float | None
) -> Result:
    """A row whose targets are ratios ours / sacreBLEU (None: no target)."""
    ours, sacre, wall, memory = cells(comparison)
    limits = []
    if wall_most is not None:
        limits.append(Limit("wall", wall, wall_most))
    if tree_most is not None:
        limits.append(Limit("tree memory", memory, tree_most))
    target = ", ".join(
        f"{name} ≤ {most:.2f}×"
        for name, most in (("wall", wall_most), ("tree", tree_most))
        if most is not None
    )
    return Result(label, ours, sacre, wall, memory, target or "report", tuple(limits))


def score_row(
    segments: int, references: int, wall_most: float, tree_most: float | None
) -> Callable[[Setting, RealLines], Result]:
    """`score REF.. -i HYP -w 15` against sacreBLEU's (`bench_cli.bench_size`)."""

    def measure(setting: Setting, real: RealLines) -> Result:
        if references == 1:
            hyp, ref = real.one_reference()
            columns = [hyp, ref]
            origin = "WMT21 sys.UEdin + TED sys.sys1, refs WMT21 ref.A + TED ref.A"
        else:
            columns = [
                real.lines(f"{WMT}/{name}")
                for name in ("sys.UEdin.txt", "ref.A.txt", "ref.B.txt")
            ]
            origin = "WMT21 sys.UEdin, refs ref.A and ref.B"
        describe(setting, f"{origin}; {how_sized(len(columns[0]), segments)}")
        hyp_path, *refs = (
            write(setting.folder, f"score.{index}.txt", sized(lines, segments))
            for index, lines in enumerate(columns)
        )
        runs = setting.runs if segments < LARGE else setting.large_runs
        label = f"{hyp_path.name} ({origin})"
        comparison = bench_size(label, hyp_path, refs, runs, segments)
        nrefs = "1 reference" if references == 1 else f"{references} references"
        return ratio_result(
            f"`score`, {segments:,} segments × {nrefs}",
            comparison,
            wall_most,
            tree_most,
        )

    return measure


def same_json(sacre: Run, ours: Run) -> str | None:
    """`interleaved`'s check for the paired tests: identical JSON."""
    if json.loads(sacre.output) == json.loads(ours.output):
        return None
    return f"the paired tests' JSON differs:\n{sacre.output}\n{ours.output}"


def paired_row(
    segments: int, wall_most: float | None, tree_most: float | None
) -> Callable[[Setting, RealLines], Result]:
    """`--paired-bs` on five systems: WMT21's four and ref.B, against ref.A."""

    def measure(setting: Setting, real: RealLines) -> Result:
        names = (*WMT_SYSTEMS, "sys.happypoet.txt", "ref.B.txt")
        columns = [real.lines(f"{WMT}/{name}") for name in ("ref.A.txt", *names)]
        describe(
            setting,
            "WMT21 ref.A; systems UEdin, Facebook-AI, Online-W, happypoet "
            f"and ref.B; {how_sized(len(columns[0]), segments)}",
        )
        ref, *systems = (
            str(write(setting.folder, f"paired.{index}.txt", sized(lines, segments)))
            for index, lines in enumerate(columns)
        )
        argv = [ref, "-i", *systems, "--paired-bs", "-f", "json"]
        runs = setting.large_runs
        comparison = interleaved(
            [sys.executable, "-m", "sacrebleu", *argv],
            [sys.executable, "-m", "bleu_gui", "score", *argv],
            runs,
            warm=False,
            interval=LARGE_SAMPLE_SECONDS,
            check=same_json,
        )
        return ratio_result(
            f"`score --paired-bs`, {segments:,} segments × 5 systems",
            comparison,
            wall_most,
            tree_most,
        )

    return measure


def screenshot_made(shot: Path) -> str | None:
    """`interleaved`'s check for the window: it saved its screenshot (removed, so
    that the next run must save its own)."""
    if not shot.is_file():
        return f"the window saved no screenshot at {shot}"
    shot.unlink()
    return None


def window_row(distinct: int, copies: int) -> Callable[[Setting, RealLines], Result]:
    """The window opens, scores and draws; sacreBLEU `-b` scores the same files.

    Then `score -b` on the same files (not timed) must print sacreBLEU's score: the
    window shows the score of the scorer that `score` runs.
    """

    def measure(setting: Setting, real: RealLines) -> Result:
        hyp_lines, ref_lines = real.one_reference()
        segments = distinct * copies
        describe(
            setting,
            f"{copies} copies of {how_sized(len(hyp_lines), distinct)}; "
            "WMT21 sys.UEdin + TED sys.sys1, ref WMT21 ref.A + TED ref.A",
        )
        hyp = write(
            setting.folder, "window.hyp.txt", sized(hyp_lines, distinct) * copies
        )
        ref = write(
            setting.folder, "window.ref.txt", sized(ref_lines, distinct) * copies
        )
        shot = setting.folder / "shot.png"
        select = min(900_000, segments * 6 // 7)
        files = [str(ref), "-i", str(hyp)]
        comparison = interleaved(
            [sys.executable, "-m", "sacrebleu", *files, "-b", "-w", "15"],
            [
                sys.executable,
                "-m",
                "bleu_gui",
                *files,
                "--select",
                str(select),
                "--screenshot",
                str(shot),
            ],
            setting.large_runs,
            warm=False,
            interval=LARGE_SAMPLE_SECONDS,
            check=lambda _sacre, _ours: screenshot_made(shot),
            our_env={"QT_QPA_PLATFORM": "offscreen"},
        )
        score = run(
            [sys.executable, "-m", "bleu_gui", "score", *files, "-b", "-w", "15"]
        )
        theirs = comparison.sacre[-1].output.strip()
        if score.output.strip() != theirs:
            raise SystemExit(
                f"scores differ: sacreBLEU -b {theirs}, bleu-gui score -b "
                f"{score.output.strip()}"
            )
        return ratio_result(
            f"window, {segments:,} segments, open + score + draw "
            "(against `sacrebleu -b`)",
            comparison,
            0.15,
            0.08,
        )

    return measure


def systems_window_row(
    systems: int, segments: int
) -> Callable[[Setting, RealLines], Result]:
    """`bench_gui.py --systems` in a process of its own: longest block, tree peak."""

    def measure(setting: Setting, _real: RealLines) -> Result:
        describe(
            setting,
            f"bench_gui.mixed_systems: {systems} systems of the bundled demo "
            f"(WMT21 de-en, 500 lines), {segments:,} distinct joined segments, 2 refs",
        )
        command = [
            sys.executable,
            str(Path(__file__).parent / "bench_gui.py"),
            "--systems",
            str(systems),
            "--segments",
            str(segments),
            "--json",
        ]
        env = {"QT_QPA_PLATFORM": "offscreen"}
        reports = []
        for _ in range(setting.large_runs):
            done = run(command, LARGE_SAMPLE_SECONDS, env)
            note(done.output)
            reports.append(json.loads(done.output.strip().splitlines()[-1]))
        block, tree, ours = window_cell(reports)
        return Result(
            f"window, {systems} systems × {segments:,} segments",
            ours,
            "—",
            None,
            None,
            "block < 60 ms, tree < 1.5 GB",
            (
                Limit("block", block, 60, inclusive=False),
                Limit("tree", tree * 2**20, 1.5 * GB, inclusive=False),
            ),
        )

    return measure


def window_cell(reports: list[dict[str, Any]]) -> tuple[float, float, str]:
    """The median longest block (ms) and tree (MiB) of `reports`, and the cell's words.

    With several runs each run's block is listed and the place named is the
    longest run's: the median beside that place alone read as if the window had
    blocked there for the median's milliseconds.
    """
    blocks = [report["longest_block_ms"] for report in reports]
    block = statistics.median(blocks)
    tree = statistics.median(report["tree_peak_mib"] for report in reports)
    where = max(reports, key=lambda report: report["longest_block_ms"])["where"]
    if len(reports) > 1:
        each = ", ".join(f"{ms:.0f}" for ms in blocks)
        where = f"runs {each} ms; the longest in {where}"
        runs = f", median of {len(reports)}"
    else:
        runs = ""
    words = (
        f"longest block {block:.0f} ms ({where}), tree {mib(tree)}"
        f" ({tree * 2**20 / GB:.2f} GB){runs}"
    )
    return block, tree, words


Measure = Callable[[Setting, RealLines], Result]
ROWS: dict[str, tuple[Measure, Measure]] = {
    # name: (the row, the row at --quick's size)
    "score-500": (score_row(500, 1, 0.7, None), score_row(50, 1, 0.7, None)),
    "score-2018": (score_row(2_018, 1, 0.6, None), score_row(1_050, 1, 0.6, None)),
    "score-105k": (score_row(105_136, 2, 0.15, 0.15), score_row(1_500, 2, 0.15, 0.15)),
    "paired-19k": (paired_row(19_008, 0.10, 0.20), paired_row(120, 0.10, 0.20)),
    "paired-100k": (paired_row(100_000, None, None), paired_row(1_100, None, None)),
    "window-1m": (window_row(262_883, 4), window_row(1_200, 4)),
    "window-10x100k": (systems_window_row(10, 100_000), systems_window_row(10, 600)),
}


def git(*args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False
    )
    return done.stdout.strip()


def commit() -> str:
    """The checkout's commit, and whether files differ from it."""
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--untracked-files=no")
    return f"{head} (with uncommitted changes)" if dirty else head


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.2f} (5 min: {five:.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rows",
        nargs="+",
        choices=list(ROWS),
        default=list(ROWS),
        metavar="ROW",
        help=f"the rows to run (default: all): {', '.join(ROWS)}",
    )
    parser.add_argument("--runs", type=int, default=7, help="runs of the small rows")
    parser.add_argument(
        "--large-runs",
        type=int,
        default=1,
        help="runs of the rows of 19,008 segments or more (each takes minutes)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="tiny sizes, one run each: checks the harness, measures nothing",
    )
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument(
        "--append-history",
        type=Path,
        metavar="FILE",
        help="append the table, dated, under FILE's 'Speed table history' heading",
    )
    options = parser.parse_args()
    if options.quick and options.append_history is not None:
        parser.error("--quick measures nothing: its table is not history")
    real = RealLines(options.data)
    runs, large_runs = (1, 1) if options.quick else (options.runs, options.large_runs)
    start_load, started = load(), time.strftime("%Y-%m-%d %H:%M %Z")
    note(f"data: {options.data}")
    results = []
    with tempfile.TemporaryDirectory() as folder:
        setting = Setting(Path(folder), runs, large_runs, [])
        for name in options.rows:
            note(f"\n#### {name}")
            results.append(ROWS[name][1 if options.quick else 0](setting, real))
    inputs = f"Inputs (real lines from {options.data}):\n\n" + "".join(
        f"- {name}: {text}\n"
        for name, text in zip(options.rows, setting.inputs, strict=True)
    )
    machine = (
        f"{os.cpu_count()} CPUs; load average {start_load} at the start, {load()} "
        f"at the end; Python {sys.version.split()[0]}; sacreBLEU "
        f"{metadata.version('sacrebleu')}; commit {commit()}; small rows: median of "
        f"{runs} interleaved runs, large rows: {large_runs} run(s)"
    )
    table = markdown_table(results, options.quick)
    print()
    if options.quick:
        print(
            "QUICK RUN: tiny sizes, one run each; a check of the harness, "
            "not a measurement.\n"
        )
    print(machine + "\n")
    print(table)
    print(inputs)
    if options.append_history is not None:
        entry = history_entry(started, commit(), machine, table + "\n" + inputs)
        append_history(options.append_history, entry)
        print(f"appended to {options.append_history}")


if __name__ == "__main__":
    main()
