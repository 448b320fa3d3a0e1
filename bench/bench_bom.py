"""Benchmark: what a byte-order mark's cost takes on a large corpus.

When a file starts with a UTF-8 byte-order mark, `score` says what keeping it costs
("corpus BLEU is X with it, Y without", `io.bom_cost.bom_costs`). Only line 1 changes
when the mark is dropped, so the cost should take about as long whatever the size of
the corpus. This builds a distinct corpus (`bench_score.build_corpus`), prepends a
mark to the hypothesis and the first reference, reads and counts it once, then
times `bom_costs` alone (median of `--runs`).

Run: `python bench/bench_bom.py [--segments N] [--runs R]`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_score import build_corpus

from bleu_gui.core import BleuConfig, corpus_stats
from bleu_gui.io import bom_costs, read_corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=15)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        hyp, refs = build_corpus("distinct", options.segments, Path(folder))
        for path in (hyp, refs[0]):
            path.write_text("\ufeff" + path.read_text(encoding="utf-8"), "utf-8")
        corpus = read_corpus(hyp, refs)
        config = BleuConfig()
        stats = corpus_stats(corpus.hypothesis.lines, corpus.reference_lines, config)
        times = []
        for _ in range(options.runs):
            start = time.perf_counter()
            costs = bom_costs(corpus, config, stats)
            times.append(time.perf_counter() - start)
    for cost in costs:
        with_, without = cost.with_mark, cost.without_mark
        print(f"{cost.path.name}: {with_:.4f} with, {without:.4f} without")
    print(
        f"bom_costs on {options.segments:,} segments, 2 marks: median "
        f"{statistics.median(times) * 1000:.2f} ms of {options.runs} runs "
        f"(min {min(times) * 1000:.2f} ms)"
    )


if __name__ == "__main__":
    main()
