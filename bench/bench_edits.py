"""Benchmark: what-if edits on a 100,000-segment corpus, timed per keystroke.

Builds the demo's candidate and a second system against the 2 references to
`--segments` lines (`bench_score.build_corpus`, `distinct` corpus by default),
tokenizes and counts them as the session does (`iter_prepare`, tokens kept), sums
the corpus once (`EditedSystem.of`), then simulates typing: `--keystrokes`
keystrokes spread over rows across the corpus (the last one included), each a
character added to or removed from the line, each timed as the whole of
`core.edits.edit_line` (tokenize and count that line, move the sums, sentence BLEU,
corpus BLEU, Δ to the other system, the row's cost). Also times taking the other
system's sentence, an undo (the previous overlay scored again), a revert, and the
one-off costs: summing the corpus, applying the overlay to the statistics (what a
paired test with the edits starts from). The result of the last keystroke is checked
against a fresh count of the edited corpus. Target: under 50 ms per keystroke.

Run: `python bench/bench_edits.py [--segments N] [--keystrokes N] [--corpus KIND]
[--tokenizer NAME] [--processes N]`.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).parent))
from bench_score import build_corpus

from bleu_gui.cli import demo_paths
from bleu_gui.core import BleuConfig, score_corpus
from bleu_gui.core.edits import (
    EditedSystem,
    WhatIf,
    apply_edits,
    edit_line,
    edited_hypotheses,
    revert_line,
    take_line,
    what_if,
)
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.scoring import corpus_stats, iter_prepare
from bleu_gui.core.steps import drain

_T = TypeVar("_T")


class Collections:
    """The garbage collector's runs while recording: how many, and the longest (ms)."""

    def __init__(self) -> None:
        self.durations: list[float] = []
        self._start = 0.0
        self.recording = False

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        del info
        if phase == "start":
            self._start = time.perf_counter()
        elif self.recording:
            self.durations.append((time.perf_counter() - self._start) * 1000)


def _lines(path: Path) -> list[str]:
    """A file's lines, as the benchmark wrote them (one per segment)."""
    return path.read_text(encoding="utf-8").split("\n")[:-1]


def timed(work: Callable[[], _T]) -> tuple[float, _T]:
    """Milliseconds `work` took, and its result."""
    start = time.perf_counter()
    result = work()
    return (time.perf_counter() - start) * 1000, result


def report(label: str, times: list[float]) -> None:
    print(
        f"  {label:<34} n={len(times):4d}  median {statistics.median(times):7.2f} ms"
        f"  worst {max(times):7.2f} ms",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--segments", type=int, default=100_000)
    parser.add_argument("--keystrokes", type=int, default=400)
    parser.add_argument(
        "--corpus", choices=("repeated", "distinct"), default="distinct"
    )
    parser.add_argument("--tokenizer", default="13a")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    config = BleuConfig(tokenizer=args.tokenizer)
    _, _, candidate, others = demo_paths()

    with tempfile.TemporaryDirectory() as folder:
        hyp_path, ref_paths = build_corpus(
            args.corpus, args.segments, Path(folder), candidate
        )
        other_path, _ = build_corpus(
            args.corpus, args.segments, Path(folder), others[0]
        )
        hyps, other_hyps = _lines(hyp_path), _lines(other_path)
        refs: list[list[str | None]] = [list(_lines(path)) for path in ref_paths]

    print(
        f"{args.segments} segments, 2 references, {args.corpus} corpus, "
        f"tokenizer {args.tokenizer}",
        flush=True,
    )
    start = time.perf_counter()
    with WorkerPool(args.processes) as pool:
        tokenized, stats = drain(
            iter_prepare(hyps, refs, config, max_order=6, pool=pool)
        )
        other_tokens, other_stats = drain(
            iter_prepare(other_hyps, refs, config, max_order=6, pool=pool)
        )
    print(f"  prepared both systems in {time.perf_counter() - start:.1f} s", flush=True)
    other = score_corpus(other_stats, config).score
    references = tokenized.references

    collections = Collections()
    gc.callbacks.append(collections)
    collections.recording = True
    sum_ms, system = timed(lambda: EditedSystem.of(stats))
    size = len(stats)
    rows = [size * k // 20 for k in range(20)] + [size - 1]
    per_row = max(1, args.keystrokes // len(rows))
    keystrokes: list[float] = []
    uncollected: list[float] = []  # the keystrokes no garbage collection fell in
    undo: list[float] = []
    result: WhatIf | None = None
    for n, row in enumerate(rows):
        # type the other system's line over this one, then delete a few characters
        target = other_hyps[row] + " (checked)"
        typed = [target[:end] for end in range(1, min(per_row, len(target)) + 1)]
        typed += [typed[-1][:-k] for k in range(1, 4) if len(typed[-1]) > k]
        previous = system
        for text in typed:
            before = len(collections.durations)
            ms, typed_in = timed(
                partial(edit_line, system, row, text, references, config, other=other)
            )
            keystrokes.append(ms)
            if len(collections.durations) == before:
                uncollected.append(ms)
            previous, system = system, typed_in.system
        ms, _ = timed(partial(what_if, previous, row, config, other=other))
        undo.append(ms)
        if n % 3 == 2:
            ms, reverted = timed(partial(revert_line, system, row, config, other=other))
            system = reverted.system

    take: list[float] = []
    for row in rows:
        ms, taken = timed(
            partial(
                take_line,
                system,
                row,
                other_stats,
                other_hyps[row],
                other_tokens.hypotheses[row],
                config,
                other=other,
            )
        )
        take.append(ms)
        system, result = taken.system, taken
    assert result is not None
    apply_ms, applied = timed(lambda: apply_edits(stats, system.edits))
    collections.recording = False

    shown = getattr(result.corpus, "score", result.corpus)
    print(f"  {len(system.edits)} rows edited at the end, corpus BLEU {shown}")
    report("keystroke (edit_line, all numbers)", keystrokes)
    report("  those without a collection", uncollected)
    report("undo (previous overlay, scored)", undo)
    report("take the other system's sentence", take)
    print(f"  sum the corpus once (EditedSystem.of)   {sum_ms:7.2f} ms")
    print(f"  apply the overlay to the statistics     {apply_ms:7.2f} ms")
    longest = max(collections.durations, default=0.0)
    print(
        f"  garbage collections meanwhile: {len(collections.durations)}, "
        f"the longest {longest:.2f} ms (the window runs them on a timer instead)"
    )
    target_met = max(keystrokes) < 50
    print(f"  target < 50 ms per keystroke: {'met' if target_met else 'MISSED'}")

    # The last state against a fresh count of the edited corpus.
    edited = edited_hypotheses(hyps, system.edits)
    fresh = corpus_stats(edited, refs, config, max_order=6, processes=args.processes)
    assert system.summed == fresh.summed(), "edited sums differ from a fresh count"
    assert score_corpus(applied, config) == score_corpus(fresh, config)
    print("  checked: sums and corpus BLEU equal a fresh count of the edited corpus")


if __name__ == "__main__":
    main()
