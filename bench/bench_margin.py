"""Benchmark: the margin of a significant difference at 100,000 segments × 2 systems.

Two systems of the bundled demo (WMT21 de-en, Facebook-AI as the baseline A and
UEdin as B by default), repeated to `--segments` lines against the first
reference: at 500 lines their difference is not significant, at 100,000 the same
per-sentence differences are, by far, so the margin is a large count and the
search runs its full doubling and halving. Prints the time of the statistics, of
the swap effects, of one paired bootstrap, and of the margin's search (its count
and the number of paired tests it ran), each measured once on this machine (say
whether it was busy when quoting them).

Run: `python bench/bench_margin.py [--segments N] [--a NAME] [--b NAME]`.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bleu_gui.core import BleuConfig, corpus_stats
from bleu_gui.core.delta import swap_effects
from bleu_gui.core.margin import Margin, margin
from bleu_gui.core.significance import PairedTest, paired_test

DEMO = Path(__file__).resolve().parents[1] / "resources" / "demo"


def lines(name: str) -> list[str]:
    return (DEMO / name).read_text(encoding="utf-8").split("\n")[:-1]


def repeat(text: list[str], segments: int) -> list[str]:
    """`segments` lines cycling through `text`."""
    return [text[i % len(text)] for i in range(segments)]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--segments", type=int, default=100_000)
    parser.add_argument("--a", default="Facebook-AI")
    parser.add_argument("--b", default="UEdin")
    options = parser.parse_args(argv)
    n = options.segments
    config = BleuConfig()
    refs = [repeat(lines("ref.A.txt"), n)]
    started = time.perf_counter()
    stats_a = corpus_stats(repeat(lines(f"sys.{options.a}.txt"), n), refs, config)
    stats_b = corpus_stats(repeat(lines(f"sys.{options.b}.txt"), n), refs, config)
    counted = time.perf_counter()
    effects = swap_effects(stats_a, stats_b, config)
    swapped = time.perf_counter()
    one = paired_test(stats_a, [stats_b], config, PairedTest.BOOTSTRAP)
    tested = time.perf_counter()
    found = margin(stats_a, stats_b, config, effects=effects)
    searched = time.perf_counter()
    print(f"{n:,} segments x 2 systems ({options.a} vs {options.b}), 1 reference")
    print(f"statistics of both:       {counted - started:7.2f} s")
    print(f"swap effects:             {swapped - counted:7.2f} s")
    p = one.systems[0].p_value
    print(f"one paired bootstrap:     {tested - swapped:7.2f} s (p = {p:.4f})")
    print(f"margin (effects given):   {searched - tested:7.2f} s")
    if isinstance(found, Margin):
        print(
            f"  margin: {found.count} sentences, {found.tests} paired tests, "
            f"p {found.p_one_fewer:.4f} at {found.count - 1}, {found.p_at:.4f} at "
            f"{found.count}"
        )
    else:
        print(f"  no margin: {found.reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
