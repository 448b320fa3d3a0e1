"""Benchmark: the HTML report's word-accuracy table, tokens made or given.

Two systems of the bundled demo against both references, repeated to
`--segments` lines, each line made distinct by a numbered word at its end (a
test set repeats few lines: repeated ones would be tokenized once and hide the
cost). Builds the report (`core.report.build_report`, no paired test, one
sentence shown) without the word table, then with it three ways: tokenizing
every distinct line in this process, in worker processes (`--processes`, as
`bleu-gui report` does on large files), and with the tokens given (the
window's, made when it scored). The word table's cost is the difference from
the first. Runs interleaved `--repeats` times (the best and the worst
printed): say whether the machine was busy when quoting them.

Run: `python bench/bench_report_words.py [--segments N] [--processes N]
[--repeats N]`.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

from bleu_gui.core import BleuConfig, corpus_stats_of_systems
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.report import ReportRequest, ReportSystem, build_report
from bleu_gui.core.tokenize import tokenizer_for

DEMO = Path(__file__).resolve().parents[1] / "resources" / "demo"


def lines(name: str, segments: int) -> list[str]:
    """`segments` distinct lines cycling through the demo file `name`."""
    text = (DEMO / name).read_text(encoding="utf-8").split("\n")[:-1]
    return [f"{text[i % len(text)]} n{i}" for i in range(segments)]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--segments", type=int, default=20_000)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    options = parser.parse_args(argv)
    n = options.segments
    config = BleuConfig()
    refs = [lines("ref.A.txt", n), lines("ref.B.txt", n)]
    names = ("sys.Facebook-AI.txt", "sys.UEdin.txt")
    hyps = [lines(name, n) for name in names]
    every = corpus_stats_of_systems(hyps, refs, config, processes=options.processes)
    request = ReportRequest(
        references=tuple(refs),
        systems=tuple(
            ReportSystem(name, hyp, stats)
            for name, hyp, stats in zip(names, hyps, every, strict=True)
        ),
        config=config,
        signature="",
        top=1,
    )
    tokenizer = tokenizer_for(config)
    given = replace(
        request,
        systems=tuple(
            replace(system, tokens=tokenizer.tokenize_all(system.lines))
            for system in request.systems
        ),
        reference_tokens=tuple(tokenizer.tokenize_all(ref) for ref in refs),
    )
    cases = {
        "without the word table": (replace(request, words=False), False),
        "tokenized here": (request, False),
        f"tokenized in {options.processes} worker processes": (request, True),
        "tokens given (the window's)": (given, False),
    }
    times: dict[str, list[float]] = {name: [] for name in cases}
    with WorkerPool(options.processes) as pool:
        for _ in range(options.repeats):  # interleaved: the load changes
            for name, (asked, workers) in cases.items():
                started = time.perf_counter()
                build_report(asked, pool=pool if workers else None)
                times[name].append(time.perf_counter() - started)
    print(
        f"{n:,} distinct segments x 2 systems x 2 references, no paired test; "
        f"the report built, best and worst of {options.repeats}:"
    )
    for name, took in times.items():
        print(f"  {name:34} {min(took):6.2f} s  {max(took):6.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
