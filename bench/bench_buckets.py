"""Benchmark: the Buckets view's numbers at 100,000 segments × 2 systems.

Two systems of the bundled demo (WMT21 de-en, Facebook-AI the baseline and UEdin),
each line joined with a shifted partner so that every one of the `--segments`
segments differs (`bench_score.distinct_lines`), against both references. Times,
each once on this machine (say whether it was busy when quoting them): the
statistics of both systems, each kind of sentence bucket with its subset paired
bootstrap (1,000 resamples), the tokens the word table needs, and the word table
(word accuracy by frequency in the references).

Run: `python bench/bench_buckets.py [--segments N]`.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bleu_gui.core import BleuConfig, corpus_stats
from bleu_gui.core.buckets import BucketKind, bucket_table
from bleu_gui.core.tokenize import tokenizer_for
from bleu_gui.core.word_buckets import word_table

sys.path.insert(0, str(Path(__file__).parent))
from bench_score import distinct_lines

DEMO = Path(__file__).resolve().parents[1] / "resources" / "demo"


def lines(name: str) -> list[str]:
    return (DEMO / name).read_text(encoding="utf-8").split("\n")[:-1]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--segments", type=int, default=100_000)
    options = parser.parse_args(argv)
    n = options.segments
    config = BleuConfig()
    refs = [distinct_lines(lines(f"ref.{k}.txt"), n) for k in ("A", "B")]
    hyps = [distinct_lines(lines(f"sys.{s}.txt"), n) for s in ("Facebook-AI", "UEdin")]
    print(f"{n:,} segments x 2 systems (Facebook-AI vs UEdin), 2 references")
    started = time.perf_counter()
    stats = [corpus_stats(hyp, refs, config) for hyp in hyps]
    print(f"statistics of both:            {time.perf_counter() - started:7.2f} s")
    for kind in BucketKind:
        started = time.perf_counter()
        table = bucket_table(kind, stats, config)
        spent = time.perf_counter() - started
        print(
            f"sentence buckets, {kind.value:<18} {spent:7.2f} s "
            f"({len(table.rows)} rows, with the subset bootstrap)"
        )
    tokenizer = tokenizer_for(config)
    started = time.perf_counter()
    table_refs = [tokenizer.tokenize_all(ref) for ref in refs]
    table_hyps = [tokenizer.tokenize_all(hyp) for hyp in hyps]
    print(f"tokens for the word table:     {time.perf_counter() - started:7.2f} s")
    started = time.perf_counter()
    words = word_table(table_refs, table_hyps)
    spent = time.perf_counter() - started
    print(f"word table:                    {spent:7.2f} s ({len(words.rows)} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
