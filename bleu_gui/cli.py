"""The command line: `bleu-gui score REF… -i HYP…`, shaped after sacreBLEU's.

sacreBLEU's users should feel at home: the same flags (`-tok`, `-lc`, `-s`, `-sv`,
`-sl`, `-w`, `-f`, `-e`), JSON by default with sacreBLEU's keys, the same text line.
What we add is in the JSON: unrounded precisions, counts and totals, and, in a
compatibility mode, `native_score`, the value exactly as that library returns it.
sacreBLEU's `-b`, `-q` and `-m bleu` mean what they mean there; where we differ on
purpose, the option's help says so.

Errors a user can cause print one line on stderr and exit with status 1; nothing
prints a traceback. The same holds for a hostile environment: a standard output that
is closed or full (status 1) or closed early by its reader (`| head`: status 141, as
a process killed by SIGPIPE, and silent), an interrupt or SIGTERM (the worker
processes are stopped; status 130 or 143), file names that the terminal's encoding
cannot show (escaped, never an encoding error).

This module holds the score command itself: its parser and the order of its steps.
What it shares with `bleu-gui report`, or what is a concern of its own, is beside
it: `cli_config` (the scoring options), `cli_files` (reading the files),
`cli_counts` (counting them), `cli_render` (the score lines), `cli_exports` (`-d`
and the exported tables), `cli_run` (signals and standard output), `cli_report`
(`bleu-gui report`), `cli_significance` and `cli_inputs`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Sequence
from pathlib import Path

from bleu_gui.cli_config import add_scoring_options, config_from_options
from bleu_gui.cli_counts import as_arrays, check_order_reachable, count_systems
from bleu_gui.cli_exports import (
    check_documents,
    check_systems_export,
    export_sentences,
    export_systems,
    scores_by_document,
)
from bleu_gui.cli_files import (
    STDIN_NAME,
    Warnings,
    add_encoding_options,
    add_test_set_options,
    check_references_once,
    error_line,
    given_test_set_file,
    piped_hypothesis,
    piped_input,
    read_systems,
    read_test_set_file,
    role_encodings,
    selected_systems,
)
from bleu_gui.cli_inputs import add_bilingual_options, is_bilingual
from bleu_gui.cli_named_sets import (
    add_named_set_options,
    check_named_set_options,
    echo,
    language_default_tokenizer,
    read_named_set,
)
from bleu_gui.cli_pasted import (
    add_pasted_options,
    check_pasted_options,
    tokenized_warnings,
)
from bleu_gui.cli_render import score_system, system_lines
from bleu_gui.cli_report import report_main
from bleu_gui.cli_run import emit, run_command
from bleu_gui.cli_significance import (
    add_significance_options,
    check_significance_options,
    render_scores,
    run_paired,
    seed_from_options,
    system_names,
)
from bleu_gui.core import ConfigError
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.row_counts import distinct_lines_likely
from bleu_gui.exit_status import PROG, say
from bleu_gui.io import InputError
from bleu_gui.strict_parser import StrictParser

# What only some commands use is imported where they use it: a plain score of one
# system imports neither the significance tests, nor the exports' writers, nor the
# readers of formats other than text (`tests/cli/test_cli_startup.py`).

__all__ = [
    "add_scoring_options",
    "config_from_options",
    "demo_paths",
    "main",
    "report_main",
]

MAX_WIDTH = 20
"""The most decimals `-w` prints (a float has 17 significant digits at most)."""

METRIC = "bleu"
"""The one metric `-m/--metrics` accepts (sacreBLEU also has chrf and ter)."""

# The score command reads its systems through this name, which a test wraps to see
# the files read after the worker processes have started (`_early_pool`).
_read = read_systems


def main(argv: Sequence[str] | None = None) -> int:
    """`bleu-gui score …`: score files; returns the exit status.

    An interrupt (Ctrl-C) or SIGTERM unwinds the run, which stops the worker
    processes on the way out, and returns 130 or 143 with one line on stderr.
    """
    return run_command(_score_command, argv)


def demo_paths() -> tuple[Path, list[Path], Path, list[Path]]:
    """The bundled demo corpus: (source, references, hypothesis, other systems).

    The demo's candidate is happypoet, the weakest of the four systems: it has the
    most to explain.
    """
    from importlib import resources  # ~10 ms to import: not for a plain score

    root = Path(str(resources.files("bleu_gui.resources"))) / "demo"
    hypothesis = root / "sys.happypoet.txt"
    others = sorted(path for path in root.glob("sys.*.txt") if path != hypothesis)
    return root / "src.txt", sorted(root.glob("ref.*.txt")), hypothesis, others


def _build_parser() -> argparse.ArgumentParser:
    parser = StrictParser(
        prog=f"{PROG} score",
        description="Score hypothesis files against references, as sacreBLEU does. "
        "A test-set file that holds references and systems together (WMT XML, a "
        "spreadsheet) is given as the only REF: without -i every system in it is "
        "scored against every reference in it, with -i your own outputs are "
        "(see 'test-set files' below).",
    )
    parser.add_argument(
        "refs",
        nargs="*",
        metavar="REF",
        help="reference files (text, WMT SGML .sgm, XLIFF, TMX), or one test-set "
        "file (WMT XML, TSV, CSV, XLSX); or none, with -t (sacreBLEU's test sets)",
    )
    parser.add_argument(
        "-i",
        "--input",
        nargs="+",
        default=None,
        metavar="HYP",
        help=f"hypothesis files; {STDIN_NAME} reads standard input (without -i, "
        "standard input is read when it is not a terminal)",
    )
    add_scoring_options(parser)
    parser.add_argument(
        "-sl", "--sentence-level", action="store_true", help="one score per segment"
    )
    parser.add_argument(
        "-d",
        "--documents",
        action="store_true",
        help="one line per document instead of the corpus scores: its id, its "
        "segments, every system's BLEU of its segments (sacreBLEU's corpus BLEU of "
        "those lines) and, for two systems, the second's Δ to the first, as the "
        "window's Documents dock shows; "
        "needs a test-set file with document ids (WMT XML or SGML, a spreadsheet's "
        "--doc-column); -f text: tab-separated, after what the table is; -f json: "
        "unrounded (the schema of --export's JSON)",
    )
    parser.add_argument(
        "-w",
        "--width",
        type=int,
        default=1,
        help=f"decimals of the score, 0 to {MAX_WIDTH} (default: %(default)s)",
    )
    parser.add_argument(
        "-f",
        "--format",
        choices=["json", "text", "latex"],
        default="json",
        help="output format (default: %(default)s); latex: sacreBLEU's table of a "
        "paired test (one system: the text line, as sacreBLEU prints it)",
    )
    parser.add_argument(
        "-b",
        "--score-only",
        action="store_true",
        help="print only the score, with -w's decimals, as sacreBLEU does: with -ci "
        "also its interval, with -sl one score a line, for several systems "
        "sacreBLEU's table of scores. Ours only: nan for a segment that a "
        "compatibility mode cannot score; -b -sl takes one system",
    )
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="leave out informational messages; as with sacreBLEU's -q, warnings "
        "about the input and errors are still printed",
    )
    parser.add_argument(
        "-m",
        "--metrics",
        nargs="+",
        default=[METRIC],
        metavar="METRIC",
        help=f"accepted for sacreBLEU's command lines: {METRIC} is the only metric "
        "(sacreBLEU's chrf and ter are refused)",
    )
    add_pasted_options(parser)
    add_significance_options(parser)
    add_named_set_options(parser)
    add_test_set_options(parser)
    add_encoding_options(parser)
    parser.add_argument(
        "--drop-bom",
        action="store_true",
        help="drop a byte-order mark at the start of a file (sacreBLEU keeps it "
        "glued to the first word); the signature then ends in bom:dropped",
    )
    add_bilingual_options(parser)
    parser.add_argument(
        "--src",
        default=None,
        metavar="SRC",
        help="the source file, one line per segment, for --export's QA columns "
        "(XLIFF, TMX and test-set files hold their own); no score reads it",
    )
    parser.add_argument(
        "--export",
        type=Path,
        metavar="FILE",
        help="also write the sentence table (every segment, every system's sentence "
        "BLEU, Δ to the first system, lengths, BP, precisions, edit rates and band, "
        "with a source its QA issues, and hypothesis) to FILE, as the window's "
        "File > Export does; the format by the extension: .csv, .tsv, .json "
        "(unrounded), .xlsx, .md, .tex",
    )
    parser.add_argument(
        "--export-systems",
        type=Path,
        metavar="FILE",
        help="also write the systems table (each system's BLEU and Δ to the first, "
        "with --paired-bs/--paired-ar the test's p-value, mean ± 95%% CI, test and "
        "signature, and why the Δ) to FILE, as the window's File > Export > "
        "Systems table does; the format by the extension: .csv, .tsv, .json "
        "(unrounded), .xlsx, .md, .tex",
    )
    return parser


def _score_command(args: list[str]) -> int:
    parser = _build_parser()
    options = parser.parse_args(args)
    if options.test_set is None and not options.refs:
        parser.error("the following arguments are required: REF")
    warnings = Warnings(quiet=options.quiet)
    pool: WorkerPool | None = None
    try:
        encodings = role_encodings(options)
        check_named_set_options(options)
        if options.echo is not None:
            return emit(echo(options))
        named_set = options.test_set is not None
        test_set_file = None if named_set else given_test_set_file(options)
        check_pasted_options(options, test_set_file=test_set_file is not None)
        piped = test_set_file is None and piped_input(options)
        _check_metrics(options.metrics)
        language_default_tokenizer(options)
        config = config_from_options(options)
        if not 0 <= options.width <= MAX_WIDTH:
            raise ConfigError(
                f"-w/--width must be from 0 to {MAX_WIDTH}, not {options.width}"
            )
        # Read before the flags are checked against the number of systems: a
        # tab in it is the reason there are not several (sacreBLEU's columns).
        stdin = piped_hypothesis(options, encodings) if piped else None
        selection = None
        own_outputs = options.input is not None  # -i with a test-set file
        if (named_set or test_set_file is not None) and options.src is not None:
            held = "a sacreBLEU test set" if named_set else "a test-set file"
            raise ConfigError(
                f"--src: {held} holds its source"
                + ("" if named_set else "; choose it with --source-column")
            )
        if named_set:
            selection = read_named_set(options, encodings, warnings, piped=stdin)
        elif test_set_file is not None:
            selection = read_test_set_file(test_set_file, options, encodings, warnings)
        if selection is not None:
            options.input = [name for name, _ in selection.systems]
        test = check_significance_options(options, config)
        check_documents(options, selection, test)
        seed = seed_from_options(options, used=test is not None or options.confidence)
        names = system_names(options, test, warnings.add_info)
        if options.score_only and options.sentence_level and len(names) > 1:
            raise ConfigError(
                "-b/--score-only with -sl/--sentence-level prints one system's "
                "scores; give one file after -i, or leave out -b"
            )
        if selection is None:
            check_references_once(options.refs)
            pool = _early_pool(options, piped=stdin is not None)
            systems, units, found = _read(
                options,
                names,
                encodings,
                piped=stdin,
                warnings=warnings,
                source=options.src,
                bilingual_source=options.export is not None,
            )
        else:
            systems, units = selected_systems(selection, names), selection.units
            found = None
        check_order_reachable(config, systems)
        tokenized_warnings(systems, options, warnings.add)
        if options.export is not None:
            from bleu_gui.io.table_export import format_of

            format_of(options.export)  # an unknown extension before any work
        if options.export_systems is not None:
            check_systems_export(options.export_systems, names)
        every = count_systems(systems, config, warnings, pool)
        if pool is not None:  # done with: their memory back before the test runs
            pool.close()
        documents = None if selection is None else selection.documents
        if options.export is not None:
            export_sentences(
                options.export,
                systems,
                every,
                names,
                config,
                warnings.lines,
                documents,
                units,
                options.languages or found,
            )
        first = score_system(systems[0], every[0], config)
        sig = first.signatures.corpus  # the run's: its systems share the first's
        if options.documents:
            assert documents is not None  # check_documents
            if options.export_systems is not None:
                export_systems(
                    options.export_systems, every, names, config, sig, warnings.lines
                )
            warnings.flush()
            table = scores_by_document(
                documents, every, names, config, sig, warnings.lines
            )
            from bleu_gui.io.table_export import to_json, to_tsv

            return emit(to_tsv(table) if options.format == "text" else to_json(table))
        if test is not None:
            texts = [corpus.hypothesis.lines for corpus in systems]
            output, result, samples = run_paired(
                as_arrays(every), texts, names, config, test, seed, sig, options
            )
            if options.export_systems is not None:
                from bleu_gui.io.systems_table import TestRun, paired_rows

                run = TestRun(test, samples, seed, len(texts[0]))
                tested = paired_rows(result, 0, 0)
                export_systems(
                    options.export_systems,
                    every,
                    names,
                    config,
                    sig,
                    warnings.lines,
                    run,
                    tested,
                )
            warnings.flush()
            return emit(output)
        if options.export_systems is not None:
            export_systems(
                options.export_systems, every, names, config, sig, warnings.lines
            )
        named = len(names) > 1 or (selection is not None and not own_outputs)
        sacrebleus = test_set_file is None and not is_bilingual(options.refs, names)
        if len(names) > 1 and not options.sentence_level and sacrebleus:
            # What sacreBLEU prints for these files, -b or not: its table. The
            # systems of a test-set file or of XLIFF/TMX files, which sacreBLEU
            # does not read, keep our records.
            options.score_only = True
        scored = [first] + [
            score_system(corpus, stats, config)
            for corpus, stats in zip(systems[1:], every[1:], strict=True)
        ]
        outputs = [
            system_lines(one, name if named else None, options, seed, units)
            for one, name in zip(scored, names, strict=True)
        ]
    except (InputError, ConfigError, ValueError) as error:
        warnings.flush()
        say(f"{PROG}: error: {error_line(error, options)}")
        return 1
    finally:
        if pool is not None:
            pool.close()  # a second close does nothing
    warnings.flush()
    if options.sentence_level:
        return emit("".join(f"{line}\n" for lines in outputs for line in lines))
    results = [lines[0] for lines in outputs]
    if options.score_only and len(results) > 1:
        return emit(render_scores(names, results, sig, options))
    if options.format != "json":
        return emit("".join(f"{line}\n" for line in results))
    if len(results) == 1:
        return emit(f"{results[0]}\n")
    return emit("[\n" + ",\n".join(results) + "\n]\n")


def _check_metrics(metrics: Sequence[str]) -> None:
    """Accept `-m bleu` (sacreBLEU's default); refuse chrf, ter or any other name.

    Raises:
        ConfigError: naming the metrics refused and the one we compute.
    """
    others = [name for name in dict.fromkeys(metrics) if name != METRIC]
    if others:
        raise ConfigError(
            f"-m/--metrics: bleu-gui computes {METRIC} only, not " + ", ".join(others)
        )


def _early_pool(options: argparse.Namespace, *, piped: bool) -> WorkerPool | None:
    """Worker processes started before the files are read, if they are large.

    They take a few tenths of a second to start (a Python each, importing the
    scorer), which the reading of large files hides; `count_systems` uses them if the
    lines turn out to be enough, and the caller closes them.
    """
    processes = os.cpu_count() or 1
    if piped or processes < 2:
        return None
    total = 0
    for name in (*options.refs, *(options.input or ())):
        with contextlib.suppress(OSError, ValueError):
            total += os.stat(name).st_size
    return WorkerPool(processes) if distinct_lines_likely(total) else None
