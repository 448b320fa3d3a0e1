"""The command line: `bleu-gui score REF… -i HYP…`, shaped after sacreBLEU's.

sacreBLEU's users should feel at home: the same flags (`-tok`, `-lc`, `-s`, `-sv`,
`-sl`, `-w`, `-f`, `-e`), JSON by default with sacreBLEU's keys, the same text line.
What we add is in the JSON: unrounded precisions, counts and totals, and, in a
compatibility mode, `native_score`, the value exactly as that library returns it.

Errors a user can cause print one line on stderr and exit with status 1; nothing
prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from bleu_gui.core import (
    BleuConfig,
    BleuScore,
    Compat,
    ConfigError,
    corpus_stats,
    iter_sentence_scores,
    score_corpus,
    signature,
    tokenizer_for,
)
from bleu_gui.core.compat.multi_bleu import format_line
from bleu_gui.core.config import SMOOTHINGS, Smoothing
from bleu_gui.core.result import Unscorable
from bleu_gui.core.tokenize import TOKENIZER_NAMES
from bleu_gui.io import Corpus, DecodingError, InputError, read_corpus

__all__ = ["demo_paths", "main"]

_PROG = "bleu-gui"


def main(argv: Sequence[str] | None = None) -> int:
    """`bleu-gui score …`: score files; returns the exit status."""
    return _score_command(list(sys.argv[2:] if argv is None else argv))


def demo_paths() -> tuple[Path, list[Path], Path, list[Path]]:
    """The bundled demo corpus: (source, references, hypothesis, other systems).

    The demo's candidate is happypoet, the weakest of the four systems: it has the
    most to explain.
    """
    root = Path(str(resources.files("bleu_gui.resources"))) / "demo"
    hypothesis = root / "sys.happypoet.txt"
    others = sorted(path for path in root.glob("sys.*.txt") if path != hypothesis)
    return root / "src.txt", sorted(root.glob("ref.*.txt")), hypothesis, others


def add_scoring_options(parser: argparse.ArgumentParser) -> None:
    """The options that choose which BLEU (shared by `score` and the GUI)."""
    parser.add_argument("-e", "--encoding", default="utf-8", help="input encoding")
    parser.add_argument(
        "--compat",
        choices=[c.value for c in Compat],
        default=Compat.SACREBLEU.value,
        help="whose numbers to reproduce (default: %(default)s)",
    )
    parser.add_argument(
        "-tok",
        "--tokenize",
        choices=TOKENIZER_NAMES,
        default=None,
        help="tokenizer (default: 13a; none in nltk and multi-bleu modes)",
    )
    parser.add_argument(
        "-lc", "--lowercase", action="store_true", help="lowercase first"
    )
    smoothings = sorted({s.value for group in SMOOTHINGS.values() for s in group})
    parser.add_argument(
        "-s",
        "--smooth-method",
        choices=smoothings,
        default=None,
        help="smoothing: none/floor/add-k/exp (sacrebleu), method0-7 (nltk), "
        "none/add-one (tf-nmt)",
    )
    parser.add_argument(
        "-sv",
        "--smooth-value",
        type=float,
        default=None,
        help="k of floor / add-k; epsilon of nltk's method1",
    )
    parser.add_argument("--max-ngram-order", type=int, default=4, metavar="N")
    parser.add_argument(
        "--weights",
        nargs="+",
        type=float,
        default=None,
        metavar="W",
        help="n-gram weights (nltk mode); their number sets the maximum order",
    )
    parser.add_argument(
        "--nltk-alpha", type=_number, default=5, help="nltk method6 alpha"
    )
    parser.add_argument("--nltk-k", type=_number, default=5, help="nltk method4/7 k")
    parser.add_argument(
        "--effective-order",
        action="store_true",
        default=None,
        help="sacreBLEU effective order (nltk: auto_reweigh); on by default with -sl",
    )


def config_from_options(options: argparse.Namespace) -> BleuConfig:
    """The `BleuConfig` the scoring options describe.

    Raises:
        ConfigError: for options the chosen mode does not have.
    """
    return BleuConfig(
        compat=Compat(options.compat),
        tokenizer=options.tokenize,
        lowercase=options.lowercase,
        smoothing=None
        if options.smooth_method is None
        else Smoothing(options.smooth_method),
        smooth_value=options.smooth_value,
        max_order=len(options.weights) if options.weights else options.max_ngram_order,
        weights=tuple(options.weights) if options.weights else None,
        effective_order=options.effective_order,
        nltk_alpha=options.nltk_alpha,
        nltk_k=options.nltk_k,
    )


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"{_PROG} score",
        description="Score hypothesis files against references, as sacreBLEU does.",
    )
    parser.add_argument("refs", nargs="+", metavar="REF", help="reference files")
    parser.add_argument(
        "-i",
        "--input",
        nargs="+",
        required=True,
        metavar="HYP",
        help="hypothesis files",
    )
    add_scoring_options(parser)
    parser.add_argument(
        "-sl", "--sentence-level", action="store_true", help="one score per segment"
    )
    parser.add_argument(
        "-w", "--width", type=int, default=1, help="decimals of the score"
    )
    parser.add_argument("-f", "--format", choices=["json", "text"], default="json")
    return parser


def _number(text: str) -> int | float:
    """An int if `text` is one, else a float: NLTK computes differently with each."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def _score_command(args: list[str]) -> int:
    options = _build_parser().parse_args(args)
    try:
        config = config_from_options(options)
        if options.width < 0:
            raise ConfigError(f"-w/--width must be >= 0, not {options.width}")
        systems = _read(options)
        for corpus in systems:
            for warning in corpus.warnings:
                print(f"{_PROG}: warning: {warning}", file=sys.stderr)
        outputs = [
            _score_system(corpus, name, config, options)
            for corpus, name in zip(systems, options.input, strict=True)
        ]
    except (InputError, ConfigError, ValueError) as error:
        hint = (
            " (choose it with -e/--encoding)"
            if isinstance(error, DecodingError)
            else ""
        )
        print(f"{_PROG}: error: {_one_line(error)}{hint}", file=sys.stderr)
        return 1
    if options.sentence_level:
        for lines in outputs:
            sys.stdout.write("".join(f"{line}\n" for line in lines))
        return 0
    results = [lines[0] for lines in outputs]
    if options.format == "text":
        sys.stdout.write("".join(f"{line}\n" for line in results))
    elif len(results) == 1:
        print(results[0])
    else:
        print("[\n" + ",\n".join(results) + "\n]")
    return 0


def _read(options: argparse.Namespace) -> list[Corpus]:
    return [
        read_corpus(
            Path(hyp), [Path(ref) for ref in options.refs], encoding=options.encoding
        )
        for hyp in options.input
    ]


def _score_system(
    corpus: Corpus, name: str, config: BleuConfig, options: argparse.Namespace
) -> list[str]:
    """The output lines of one system: one corpus line, or one line per segment."""
    references = [ref.lines for ref in corpus.references]
    stats = corpus_stats(
        corpus.hypothesis.lines, references, config, processes=os.cpu_count() or 1
    )
    tokenizer = tokenizer_for(config)
    num_refs = len(references)
    system = name if len(options.input) > 1 else None  # the path as the user gave it
    if not options.sentence_level:
        sig = signature(config, num_refs, tokenizer.signature)
        return [_render(score_corpus(stats, config), sig, options, system, None)]
    sig = signature(config, num_refs, tokenizer.signature, sentence=True)
    return [
        _render_unscorable(result, system, index, options)
        if isinstance(result, Unscorable)
        else _render(result, sig, options, system, index)
        for index, result in enumerate(iter_sentence_scores(stats, config), start=1)
    ]


def _render_unscorable(
    result: Unscorable, system: str | None, segment: int, options: argparse.Namespace
) -> str:
    """A segment the emulated library cannot score: say why, in the same format."""
    if options.format == "text":
        prefix = f"{system}: " if system else ""
        return f"{prefix}BLEU cannot be computed for segment {segment}: {result.reason}"
    record: dict[str, Any] = {} if system is None else {"system": system}
    record |= {"segment": segment, "name": "BLEU", "error": result.reason}
    return json.dumps(record, ensure_ascii=False)


def _render(
    result: BleuScore,
    sig: str,
    options: argparse.Namespace,
    system: str | None,
    segment: int | None,
) -> str:
    width = options.width
    precisions = "/".join(f"{p:.1f}" for p in result.precisions)
    verbose = (
        f"{precisions} (BP = {result.bp:.3f} ratio = {result.ratio:.3f} "
        f"hyp_len = {result.sys_len:d} ref_len = {result.ref_len:d})"
    )
    if options.format == "text":
        line = f"BLEU|{sig} = {result.score:.{width}f} {verbose}"
        if result.compat is Compat.MULTI_BLEU:
            line += f"  [multi-bleu.perl: {format_line(result)}]"
        elif result.compat is not Compat.SACREBLEU:
            line += f"  [native {result.native_score!r}]"
        # One line per segment, in order, exactly as sacreBLEU prints them.
        return f"{system}: {line}" if system else line
    record: dict[str, Any] = {}
    if system is not None:
        record["system"] = system
    if segment is not None:
        record["segment"] = segment
    record |= {
        "name": "BLEU",
        "score": float(f"{result.score:.{width}f}"),
        "signature": sig,
        "verbose_score": verbose,
    }
    for pair in sig.split("|"):
        key, _, value = pair.partition(":")
        record[key] = value
    record |= {
        "precisions": list(result.precisions),
        "bp": result.bp,
        "ratio": result.ratio,
        "sys_len": result.sys_len,
        "ref_len": result.ref_len,
        "counts": list(result.counts),
        "totals": list(result.totals),
    }
    if result.compat is not Compat.SACREBLEU:
        record["native_score"] = result.native_score
    if result.note:
        record["note"] = result.note
    indent = None if segment is not None else 1
    return json.dumps(record, indent=indent, ensure_ascii=False)


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split("\n"))
