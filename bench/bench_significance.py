"""Benchmark: paired significance tests, bleu-gui against sacreBLEU's command line.

Builds about 100,000 segments and five systems from the bundled demo data (WMT21
de-en: its four systems and its second reference as the fifth, scored against the
first reference), by repetition: a test's cost depends on segments × systems ×
samples, not on the text. Then, in the same run:

1. `python -m sacrebleu REF -i S1..S5 --paired-bs -f json` and the same with
   `python -m bleu_gui score`, as separate processes: wall time and peak resident
   memory of the whole process tree (children included), their ratios, and whether
   the two JSON outputs are identical; the same with `--paired-ar`;
2. in a process of its own, ten systems of 105,000 segments (the five, and the five
   with every segment moved to the next reference line): the statistics, then
   bleu-gui's paired bootstrap and approximate randomization of nine systems against
   the first, and both all-pairs tests, with the process's peak memory.

sacreBLEU's randomization materialises every trial (about 11 GB for two systems of
105,000 segments): run this on a machine with the memory free, and not often.
Run: `python bench/bench_significance.py [--segments N] [--skip-sacrebleu]
[--tests bs,ar] [--ar-n N]`.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_score import run  # the process-tree measurement

from bleu_gui.cli import demo_paths

TEN_SYSTEMS_SEGMENTS = 105_000


def demo_texts() -> tuple[list[str], list[list[str]]]:
    """The demo's first reference; five systems: its four, its second reference."""
    _, refs, hyp, others = demo_paths()

    def lines(path: Path) -> list[str]:
        return path.read_text(encoding="utf-8").split("\n")[:-1]

    return lines(refs[0]), [lines(p) for p in [hyp, *others, refs[1]]]


def repeat(lines: list[str], segments: int, shift: int = 0) -> list[str]:
    """`segments` lines cycling through `lines`, starting `shift` lines in."""
    return [lines[(i + shift) % len(lines)] for i in range(segments)]


def write_corpus(segments: int, folder: Path) -> tuple[str, list[str]]:
    reference, systems = demo_texts()
    ref_path = folder / "ref.txt"
    ref_path.write_text("\n".join(repeat(reference, segments)) + "\n", "utf-8")
    names = []
    for index, lines in enumerate(systems, start=1):
        path = folder / f"S{index}.txt"
        path.write_text("\n".join(repeat(lines, segments)) + "\n", "utf-8")
        names.append(path.name)
    return ref_path.name, names


def compare_clis(segments: int, tests: list[str], ar_n: int | None) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        ref, systems = write_corpus(segments, folder)
        print(f"\n== {segments:,} segments, {len(systems)} systems, 1 reference ==")
        for test in tests:
            flags = ["--paired-bs"] if test == "bs" else ["--paired-ar"]
            if test == "ar" and ar_n is not None:
                flags += ["--paired-ar-n", str(ar_n)]
            argv = [ref, "-i", *systems, *flags, "-f", "json"]
            ours = _in(folder, [sys.executable, "-m", "bleu_gui", "score", *argv])
            sacre = _in(folder, [sys.executable, "-m", "sacrebleu", *argv])
            same = json.loads(sacre[2]) == json.loads(ours[2])
            print(
                f"{' '.join(flags)}: sacreBLEU {sacre[0]:.1f} s, {sacre[1]} MiB; "
                f"bleu-gui {ours[0]:.1f} s, {ours[1]} MiB; time ratio "
                f"{ours[0] / sacre[0]:.3f}, memory ratio {ours[1] / sacre[1]:.3f}; "
                f"identical JSON: {same}"
            )
            if not same:
                raise SystemExit("the JSON outputs differ")


def _in(folder: Path, command: list[str]) -> tuple[float, int, str]:
    """`run(command)` with `folder` as the working directory (names as typed)."""
    here = os.getcwd()
    os.chdir(folder)
    try:
        return run(command)
    finally:
        os.chdir(here)


def ten_systems(segments: int, ar_n: int | None) -> None:
    """Ten systems in this process: times and peak memory (prints one JSON line)."""
    from bleu_gui.core import BleuConfig, corpus_stats
    from bleu_gui.core.significance import PairedTest, all_pairs, paired_test

    reference, systems = demo_texts()
    refs = [repeat(reference, segments)]
    texts = [repeat(lines, segments, shift) for shift in (0, 1) for lines in systems]
    config = BleuConfig()
    start = time.perf_counter()
    stats = [corpus_stats(hyps, refs, config) for hyps in texts]
    del texts, refs
    report: dict[str, float] = {"statistics_s": time.perf_counter() - start}
    report["after_statistics_mib"] = _peak_mib()
    for test in PairedTest:
        samples = ar_n if test is PairedTest.RANDOMIZATION else None
        start = time.perf_counter()
        paired_test(stats[0], stats[1:], config, test, samples=samples)
        report[f"paired_{test.value}_s"] = time.perf_counter() - start
    for test in PairedTest:
        samples = ar_n if test is PairedTest.RANDOMIZATION else None
        start = time.perf_counter()
        all_pairs(stats, config, test, samples=samples)
        report[f"all_pairs_{test.value}_s"] = time.perf_counter() - start
    report["peak_mib"] = _peak_mib()
    print(json.dumps(report))


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=100_000)
    parser.add_argument("--ten-segments", type=int, default=TEN_SYSTEMS_SEGMENTS)
    parser.add_argument("--tests", default="bs,ar")
    parser.add_argument("--ar-n", type=int, default=None, help="trials for -par")
    parser.add_argument("--skip-sacrebleu", action="store_true")
    parser.add_argument("--skip-ten", action="store_true")
    parser.add_argument("--ten-only", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.ten_only:
        ten_systems(options.ten_segments, options.ar_n)
        return
    if not options.skip_sacrebleu:
        compare_clis(options.segments, options.tests.split(","), options.ar_n)
    if not options.skip_ten:
        command = [sys.executable, __file__, "--ten-only"]
        command += ["--ten-segments", str(options.ten_segments)]
        if options.ar_n is not None:
            command += ["--ar-n", str(options.ar_n)]
        wall, peak, out = run(command)
        report = json.loads(out)
        print(
            f"\n== ten systems × {options.ten_segments:,} segments, in one process =="
        )
        print(
            f"statistics {report['statistics_s']:.1f} s "
            f"({report['after_statistics_mib']:.0f} MiB); paired bootstrap, 9 against "
            f"the first: {report['paired_bs_s']:.1f} s; paired randomization: "
            f"{report['paired_ar_s']:.1f} s; all pairs (45): bootstrap "
            f"{report['all_pairs_bs_s']:.1f} s, randomization "
            f"{report['all_pairs_ar_s']:.1f} s; peak memory {peak} MiB (whole "
            f"process tree), {wall:.1f} s in all"
        )


if __name__ == "__main__":
    main()
