"""`bleu-gui report`: the HTML report (`io.report_html`), from `score`'s inputs.

It takes the same files and scoring options as `score`, and shares with it only how
files are read, counted and signed: a command of its own; and `bleu-gui buckets`'
bucket options (`cli_bucket_options`: `--by`, `--edges`, `--freq-corpus`). The
report's modules are imported when it runs, so that `cli` can name `report_main`
without `bleu-gui score` paying for them. Large files are counted in worker
processes, and the tokens counted are kept for the word table (`TokenTable`):
no line is tokenized twice.
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bleu_gui.cli_config import add_scoring_options, config_from_options
from bleu_gui.cli_counts import as_arrays, check_order_reachable, count_systems
from bleu_gui.cli_files import (
    Warnings,
    add_encoding_options,
    add_test_set_options,
    check_references_once,
    error_line,
    given_test_set_file,
    read_systems,
    read_test_set_file,
    role_encodings,
    selected_systems,
)
from bleu_gui.cli_inputs import add_bilingual_options
from bleu_gui.cli_render import score_system
from bleu_gui.cli_run import run_command
from bleu_gui.cli_significance import seed_from_options
from bleu_gui.core import ConfigError
from bleu_gui.core.config import SIGNIFICANCE_MODE
from bleu_gui.core.significance_names import PairedTest
from bleu_gui.exit_status import PROG, say
from bleu_gui.io import InputError
from bleu_gui.io.errors import display_name
from bleu_gui.strict_parser import StrictParser

if TYPE_CHECKING:
    from bleu_gui.core.parallel import WorkerPool

__all__ = ["report_main"]


_TESTS = {"bs": PairedTest.BOOTSTRAP, "ar": PairedTest.RANDOMIZATION}


def report_main(argv: Sequence[str] | None = None) -> int:
    """`bleu-gui report REF… -i SYS… -o FILE.html`: write the HTML report.

    Returns the exit status: 0, or 1 with one line on stderr for an error a user
    can cause (nothing is written then), 130 on an interrupt.
    """
    return run_command(_report_command, argv)


def _build_report_parser() -> argparse.ArgumentParser:
    # Imported here: ~20 ms that `bleu-gui score` does not need.
    from bleu_gui.cli_bucket_options import add_bucket_options
    from bleu_gui.core.report import DEFAULT_TOP

    parser = StrictParser(
        prog=f"{PROG} report",
        description="Write one self-contained HTML file (no script, nothing "
        "loaded from the network): corpus scores with their signatures, the paired "
        "test of every system against the first, precision and brevity-penalty "
        "charts, each system's sentences, words and BLEU per post-editing band, "
        "the sentences that matter most, their n-grams painted by order and "
        "explained in words, and the buckets of `bleu-gui buckets`.",
    )
    parser.add_argument(
        "refs", nargs="+", metavar="REF", help="reference files, or one test-set file"
    )
    parser.add_argument(
        "-i",
        "--input",
        nargs="+",
        default=None,
        metavar="SYS",
        help="system output files; the first is the baseline",
    )
    parser.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="the HTML file to write"
    )
    parser.add_argument(
        "--top",
        type=int,
        default=DEFAULT_TOP,
        metavar="N",
        help="sentences to show: of highest cost (one system) or of largest |Δ| "
        "sentence BLEU between the first two systems (default: %(default)s)",
    )
    parser.add_argument(
        "--test",
        choices=sorted(_TESTS),
        default="bs",
        help="the paired test of several systems against the first "
        f"({SIGNIFICANCE_MODE.compat.value} mode): "
        "bs, paired bootstrap resampling; ar, approximate randomization "
        "(default: %(default)s)",
    )
    parser.add_argument(
        "--margin",
        action="store_true",
        help="with --test bs: each compared system's margin beside its p-value, "
        "the fewest sentences whose swap to the baseline's output make the "
        "difference not significant at 0.05",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=None,
        metavar="N",
        help="resamples (bs) or trials (ar); default sacreBLEU's, 1000 / 10000",
    )
    parser.add_argument(
        "--seed",
        default=None,
        metavar="SEED",
        help="the random seed, an integer or 'none' (overrides SACREBLEU_SEED)",
    )
    parser.add_argument(
        "--src",
        default=None,
        metavar="SRC",
        help="the source file, one line per segment (as for the window): shown "
        "with each sentence",
    )
    add_bucket_options(parser)
    add_scoring_options(parser)
    add_test_set_options(parser)
    add_encoding_options(parser)
    parser.add_argument(
        "--drop-bom",
        action="store_true",
        help="drop a byte-order mark at the start of a file, as `score --drop-bom`",
    )
    add_bilingual_options(parser)
    return parser


def _languages(given: Sequence[str] | None) -> tuple[str | None, str | None]:
    """`--languages SRC TGT` as the QA checks take it (how numbers are written)."""
    if not given:
        return None, None
    return given[0], given[1]


def _workers(segments: int) -> WorkerPool | None:
    """Worker processes for this many segments (all texts), if they pay."""
    from bleu_gui.core.parallel import WorkerPool
    from bleu_gui.core.row_counts import PARALLEL_MIN_LINES

    processes = os.cpu_count() or 1
    if processes < 2 or segments < PARALLEL_MIN_LINES:
        return None
    return WorkerPool(processes)


def _report_command(args: list[str]) -> int:
    from bleu_gui.cli_bucket_options import bucket_options
    from bleu_gui.core.report import ReportRequest, ReportSystem, build_report
    from bleu_gui.core.token_table import TokenTable
    from bleu_gui.io.frequency_corpus import read_frequency
    from bleu_gui.io.report_html import write_report

    options = _build_report_parser().parse_args(args)
    warnings = Warnings()
    with contextlib.ExitStack() as stack:
        try:
            encodings = role_encodings(options)
            config = config_from_options(options)
            buckets = bucket_options(options)
            if options.top < 0:
                raise ConfigError(f"--top must be 0 or more, not {options.top}")
            if options.samples is not None and options.samples < 1:
                raise ConfigError(f"--samples must be 1 or more, not {options.samples}")
            test_set_file = given_test_set_file(options)
            selection = None
            if test_set_file is not None:
                selection = read_test_set_file(
                    test_set_file, options, encodings, warnings
                )
                options.input = [name for name, _ in selection.systems]
            if not options.input:
                raise ConfigError(
                    "give the system outputs after -i (the first: baseline)"
                )
            names = list(dict.fromkeys(options.input))
            if selection is None:
                check_references_once(options.refs)
                systems, _, _ = read_systems(
                    options,
                    names,
                    encodings,
                    piped=None,  # `report` reads its systems from files after -i
                    warnings=warnings,
                    source=options.src,
                )
            elif options.src is not None:
                raise ConfigError(
                    "--src: a test-set file holds its source; choose it with "
                    "--source-column"
                )
            else:
                systems = selected_systems(selection, names)
            check_order_reachable(config, systems)
            frequency = None
            if buckets.freq_corpus is not None:
                frequency = read_frequency(
                    buckets.freq_corpus, config, options.encoding
                )
            segments = len(systems[0].hypothesis.lines)
            segments *= len(systems) + len(systems[0].references)
            workers = _workers(segments)
            if workers is not None:
                stack.enter_context(workers)  # closed once the report is written
            # The word table's tokens, kept as they are counted: made once.
            table = TokenTable.for_config(config) if buckets.words else None
            every = count_systems(systems, config, warnings, workers, table)
            seed = seed_from_options(options, used=len(names) > 1)
            first = systems[0]
            test = _TESTS[options.test] if config.capabilities.significance else None
            if options.margin and options.test != "bs":
                raise ConfigError(
                    "--margin is defined by the paired bootstrap: leave --test bs"
                )
            request = ReportRequest(
                references=tuple(ref.lines for ref in first.references),
                reference_names=tuple(
                    display_name(ref.path) for ref in first.references
                ),
                source=first.source_lines,
                source_name=None
                if first.source is None
                else display_name(first.source.path),
                source_tags=None if first.source is None else first.source.tags,
                languages=_languages(options.languages),
                systems=tuple(
                    ReportSystem(
                        name,
                        corpus.hypothesis.lines,
                        stats,
                        tags=corpus.hypothesis.tags,
                        tokens=None
                        if table is None
                        else table.lookup(corpus.hypothesis.lines),
                    )
                    for name, corpus, stats in zip(
                        names, systems, as_arrays(every), strict=True
                    )
                ),
                config=config,
                signature=score_system(systems[0], every[0], config).signatures.corpus,
                top=options.top,
                test=test,
                samples=options.samples,
                seed=seed,
                warnings=warnings.lines,
                margin=options.margin,
                edges=buckets.edges,
                bucket_kinds=buckets.kinds,
                words=buckets.words,
                frequency=frequency,
                reference_tokens=None
                if table is None
                else tuple(table.lookup(ref.lines) for ref in first.references),
            )
            write_report(Path(options.output), build_report(request, pool=workers))
        except (InputError, ConfigError, ValueError) as error:
            warnings.flush()
            say(f"{PROG}: error: {error_line(error, options)}")
            return 1
    warnings.flush()
    say(f"{PROG}: wrote {options.output}")
    return 0
