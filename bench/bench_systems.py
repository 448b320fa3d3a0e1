"""Benchmark: four systems against one test set, prepared together or one by one.

Builds the demo's 4 systems and 2 references to `--segments` lines (100,000 by
default) with `bench_score.build_corpus` (`repeated` and `distinct` corpora), then:

1. reading: `read_corpus` per system (the references read again for each) against
   `read_test_set` once and `read_system` per system;
2. tokenizing and counting: `corpus_stats` per system (a token table and, with
   `--processes` > 1, a pool of worker processes for each, as the command line did)
   against `corpus_stats_of_systems` (one table, one pool), with the number of lines
   each way sends to the tokenizer (a table holds each line it tokenized once);
   the statistics must be equal;
3. the command line, `bleu-gui score REF REF -i S1 S2 S3 S4 -w 15`, as a process
   (wall time, peak memory of its process tree); with `--baseline DIR`, the same
   command run from another checkout (e.g. main before this change), whose output
   must be the same.

Run: `python bench/bench_systems.py [--segments N] [--corpus KIND] [--processes N]
[--baseline DIR]`.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from bench_score import build_corpus, run

from bleu_gui.cli import demo_paths
from bleu_gui.core import BleuConfig, CorpusStats, TokenTable, corpus_stats
from bleu_gui.core.scoring import corpus_stats_of_systems
from bleu_gui.io import read_corpus, read_system, read_test_set

_T = TypeVar("_T")


def cpu_seconds() -> float:
    """CPU time so far of this process and of its children that have ended.

    The machine may be shared: wall time then varies with the neighbours' load, CPU
    time much less. Worker pools end within each call, so their time counts here.
    """
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return sum(
        (usage.ru_utime + usage.ru_stime for usage in (own, children)), start=0.0
    )


def timed(label: str, work: Callable[[], _T]) -> tuple[float, float, _T]:
    """Run `work`; print and return its wall and CPU seconds, and its result."""
    cpu, start = cpu_seconds(), time.perf_counter()
    result = work()
    wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu
    print(f"  {label:<44} {wall:7.2f} s wall {cpu:7.2f} s CPU", flush=True)
    return wall, cpu, result


def build_systems(
    kind: str, segments: int, folder: Path
) -> tuple[list[Path], list[Path]]:
    """The 4 demo systems and the 2 references, `segments` lines each."""
    _, _, candidate, others = demo_paths()
    systems: list[Path] = []
    refs: list[Path] = []
    for system in [candidate, *others]:
        hyp, refs = build_corpus(kind, segments, folder, system)
        systems.append(hyp)
    return systems, refs


def same_stats(a: CorpusStats, b: CorpusStats) -> bool:
    return all(
        np.array_equal(getattr(a, name), getattr(b, name))
        for name in ("hyp_len", "ref_lens", "matches", "totals")
    )


def bench_corpus(
    kind: str, segments: int, folder: Path, processes: int, baseline: Path | None
) -> None:
    systems, refs = build_systems(kind, segments, folder)
    print(
        f"\n== {kind}: {len(systems)} systems x {segments:,} segments, "
        f"{len(refs)} references, {processes} process(es) ==",
        flush=True,
    )
    print("reading:")
    _, read_apart, corpora = timed(
        "read_corpus per system", lambda: [read_corpus(hyp, refs) for hyp in systems]
    )

    def read_together() -> list[object]:
        test_set = read_test_set(refs)
        return [read_system(test_set, hyp) for hyp in systems]

    _, read_shared, _ = timed(
        "read_test_set once, read_system per system", read_together
    )

    config = BleuConfig()
    hypotheses = [corpus.hypothesis.lines for corpus in corpora]
    references = [ref.lines for ref in corpora[0].references]
    print("tokenizing and counting:")
    apart_wall, apart_cpu, apart = timed(
        "corpus_stats per system",
        lambda: [
            corpus_stats(hyp, references, config, processes=processes)
            for hyp in hypotheses
        ],
    )
    table = TokenTable.for_config(config)
    together_wall, together_cpu, together = timed(
        "corpus_stats_of_systems",
        lambda: corpus_stats_of_systems(
            hypotheses, references, config, processes=processes, table=table
        ),
    )
    if not all(map(same_stats, apart, together)):
        raise SystemExit("the statistics differ")
    # What each way sends to the tokenizer: each distinct line of its corpus once.
    apart_calls = sum(len(set(hyp).union(*references)) for hyp in hypotheses)
    together_calls = len(table)
    if together_calls != len(set().union(*hypotheses, *references)):
        raise SystemExit("the shared table did not tokenize each line once")
    print(
        f"  together / one by one: tokenizer calls {together_calls:,} / "
        f"{apart_calls:,} ({together_calls / apart_calls:.2f}), CPU "
        f"{together_cpu / apart_cpu:.2f}, wall {together_wall / apart_wall:.2f}; "
        f"reading CPU {read_shared / read_apart:.2f}"
    )

    print("command line (`score REF REF -i S1 S2 S3 S4 -w 15`):")
    argv = [
        "-m",
        "bleu_gui",
        "score",
        *map(str, refs),
        "-i",
        *map(str, systems),
        "-w",
        "15",
    ]
    here = Path(__file__).resolve().parents[1]
    checkouts = [("this checkout", here)]
    if baseline is not None:
        checkouts.append((f"baseline {baseline}", baseline))
    outputs = []
    for label, root in checkouts:
        # `python -m` imports from the current folder first, whatever PYTHONPATH
        # says: run in the checkout to time (the corpus paths are absolute).
        os.environ["PYTHONPATH"] = str(root)
        os.chdir(root)
        cpu = cpu_seconds()
        wall, peak, out = run([sys.executable, *argv])
        cpu = cpu_seconds() - cpu
        outputs.append(out)
        print(f"  {label:<44} {wall:7.2f} s wall {cpu:7.2f} s CPU {peak:5d} MiB")
    if len(set(outputs)) != 1:
        raise SystemExit("the command lines' outputs differ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=100_000)
    parser.add_argument(
        "--corpus", choices=["repeated", "distinct", "both"], default="both"
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes, as the command line uses (default: %(default)s)",
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="another checkout whose command line to time on the same files",
    )
    options = parser.parse_args()
    kinds = ["repeated", "distinct"] if options.corpus == "both" else [options.corpus]
    with tempfile.TemporaryDirectory() as folder:
        for kind in kinds:
            bench_corpus(
                kind,
                options.segments,
                Path(folder),
                options.processes,
                options.baseline,
            )


if __name__ == "__main__":
    main()
