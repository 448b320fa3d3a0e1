"""Benchmark: bleu-gui's scorer against sacreBLEU's command line on a large corpus.

Builds a 100,000-segment, 2-reference corpus from the bundled demo data (WMT21 de-en),
then, in the same run:

1. times `python -m sacrebleu REF REF -i HYP` and `python -m bleu_gui score REF REF -i
   HYP` as separate processes (wall time, peak resident memory from wait4), and
   checks that both print the same score to 15 decimals and the same lengths;
2. in-process: times counting the statistics, the corpus score, re-scoring the cached
   statistics after a smoothing change, and scoring every sentence.

Two corpora: `repeated` (the 500 demo segments repeated: what "build one by
repetition" gives, but every line is a cache hit for a tokenizer cache) and `distinct`
(segment i joined with a shifted partner, so that no two segments are equal and no
cache can help). Run: `python bench/bench_score.py [--segments N] [--corpus KIND]`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bleu_gui.cli import demo_paths
from bleu_gui.core import (
    BleuConfig,
    Smoothing,
    corpus_stats,
    score_corpus,
    score_sentences,
)
from bleu_gui.io import read_corpus


def build_corpus(
    kind: str, segments: int, folder: Path, hypothesis: Path | None = None
) -> tuple[Path, list[Path]]:
    """Write a hypothesis and two references of `segments` lines; return their paths.

    `hypothesis`: the demo system to build from (default: the demo's candidate).
    """
    _, refs, hyp, _ = demo_paths()
    sources = [hypothesis or hyp, *refs]
    texts = [path.read_text(encoding="utf-8").split("\n")[:-1] for path in sources]
    size = len(texts[0])
    written = []
    for path, lines in zip(sources, texts, strict=True):
        if kind == "repeated":
            out = [lines[i % size] for i in range(segments)]
        else:
            out = distinct_lines(lines, segments)
        target = folder / f"{kind}.{path.name}"
        target.write_text("\n".join(out) + "\n", encoding="utf-8")
        written.append(target)
    return written[0], written[1:]


def distinct_lines(lines: list[str], segments: int) -> list[str]:
    """`segments` lines, line i of `lines` joined with a partner shifted by i // n.

    With n lines, the first n × n are all different (no tokenizer cache helps), and
    the same rule applied to a system and its references keeps them aligned.
    """
    size = len(lines)
    return [
        lines[i % size] + " " + lines[(i % size + 1 + i // size) % size]
        for i in range(segments)
    ]


def tree_rss(pid: int) -> int:
    """Resident memory (KiB) of a process and all its descendants, now.

    A child that has not yet replaced its program (forked, not yet exec'd: its
    command line is still its parent's) is left out. A worker process is started
    that way, and for those few milliseconds its resident memory is its parent's
    pages, shared, not memory of its own: counted, a 1 GB window that started the
    significance process read as a tree of 2.1 GB.
    """
    total, stack = 0, [(pid, b"")]
    while stack:
        current, parent_command = stack.pop()
        try:
            command = Path(f"/proc/{current}/cmdline").read_bytes()
            if command == parent_command:
                continue
            status = Path(f"/proc/{current}/status").read_text()
            total += next(
                int(line.split()[1])
                for line in status.splitlines()
                if line.startswith("VmRSS:")
            )
            for task in Path(f"/proc/{current}/task").iterdir():
                children = (task / "children").read_text().split()
                stack.extend((int(child), command) for child in children)
        except (OSError, StopIteration, ValueError):
            continue
    return total


def run(command: list[str]) -> tuple[float, int, str]:
    """Run a command; return (wall seconds, peak RSS in MiB, stdout).

    The peak is the larger of the process's own peak (from wait4) and the largest sum
    over its process tree sampled every 20 ms, so tokenizer worker processes count.
    """
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(command, stdout=out, stderr=err)
        tree_peak = 0
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            tree_peak = max(tree_peak, tree_rss(process.pid))
            time.sleep(0.02)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode:
            err.seek(0)
            raise SystemExit(f"{command[2]} failed: {err.read().decode()}")
        out.seek(0)
        return wall, max(tree_peak, usage.ru_maxrss) // 1024, out.read().decode()


def bench_corpus(kind: str, segments: int, folder: Path) -> None:
    hyp, refs = build_corpus(kind, segments, folder)
    names = [str(ref) for ref in refs]
    sacre = run([sys.executable, "-m", "sacrebleu", *names, "-i", str(hyp), "-w", "15"])
    ours = run(
        [sys.executable, "-m", "bleu_gui", "score", *names, "-i", str(hyp), "-w", "15"]
    )
    sacre_json, ours_json = json.loads(sacre[2]), json.loads(ours[2])
    same = (
        sacre_json["score"] == ours_json["score"]
        and sacre_json["verbose_score"] == ours_json["verbose_score"]
        and sacre_json["signature"] == ours_json["signature"]
    )
    print(f"\n== {kind}: {segments:,} segments, 2 references ==")
    print(
        f"sacreBLEU : {sacre[0]:6.2f} s  {sacre[1]:5d} MiB  BLEU {sacre_json['score']}"
    )
    print(f"bleu-gui  : {ours[0]:6.2f} s  {ours[1]:5d} MiB  BLEU {ours_json['score']}")
    print(
        f"ratio     : time {ours[0] / sacre[0]:.3f} (target <= 0.333), "
        f"memory {ours[1] / sacre[1]:.3f} (target <= 0.25); identical output: {same}"
    )
    if not same:
        raise SystemExit(f"scores differ:\n{sacre[2]}\n{ours[2]}")

    corpus = read_corpus(hyp, refs)
    references = [ref.lines for ref in corpus.references]
    config = BleuConfig()
    start = time.perf_counter()
    stats = corpus_stats(corpus.hypothesis.lines, references, config)
    counted = time.perf_counter()
    score_corpus(stats, config)
    scored = time.perf_counter()
    rescored_with = BleuConfig(smoothing=Smoothing.FLOOR, effective_order=True)
    score_corpus(stats, rescored_with)
    rescored = time.perf_counter()
    score_sentences(stats, config)
    sentences = time.perf_counter()
    print(
        f"in-process: tokenize+count {counted - start:.2f} s, corpus score "
        f"{(scored - counted) * 1000:.1f} ms, re-score after a smoothing change "
        f"{(rescored - scored) * 1000:.1f} ms, all {len(stats):,} sentence scores "
        f"{sentences - rescored:.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=100_000)
    parser.add_argument(
        "--corpus", choices=["repeated", "distinct", "both"], default="both"
    )
    options = parser.parse_args()
    kinds = ["repeated", "distinct"] if options.corpus == "both" else [options.corpus]
    with tempfile.TemporaryDirectory() as folder:
        for kind in kinds:
            bench_corpus(kind, options.segments, Path(folder))


if __name__ == "__main__":
    main()
