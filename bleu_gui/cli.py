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
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, NamedTuple, TextIO

from bleu_gui.cli_inputs import (
    CHOOSE_LANGUAGES,
    add_bilingual_options,
    bilingual_options,
    is_bilingual,
    read_aligned,
)
from bleu_gui.cli_significance import (
    add_significance_options,
    ascii_json,
    check_significance_options,
    render_scores,
    run_paired,
    seed_from_options,
    system_names,
    test_signature,
)
from bleu_gui.core import (
    BleuConfig,
    BleuScore,
    Compat,
    ConfigError,
)
from bleu_gui.core.compat.multi_bleu import format_line
from bleu_gui.core.config import (
    CAPABILITIES,
    NLTK_DEFAULT_ALPHA,
    NLTK_DEFAULT_K,
    TOKENIZER_HELP,
    Capabilities,
    Option,
    Smoothing,
)
from bleu_gui.core.counts import Counts
from bleu_gui.core.parallel import WorkerPool
from bleu_gui.core.result import Unscorable
from bleu_gui.core.row_counts import distinct_lines_likely
from bleu_gui.core.score_counts import iter_sentence_scores, score_corpus
from bleu_gui.core.signature import signatures
from bleu_gui.core.significance_names import PairedTest
from bleu_gui.core.system_counts import counts_of_systems
from bleu_gui.core.tokenize import TOKENIZER_NAMES
from bleu_gui.exit_status import (
    EXIT_BROKEN_PIPE,
    PROG,
    ended_by,
    say,
)
from bleu_gui.io import (
    STDIN,
    Corpus,
    DecodingError,
    InputError,
    Segments,
    TestSet,
    UndecodableFileError,
    UnknownEncodingError,
    check_encoding,
    check_piped_hypothesis,
    check_roles,
    corpus_notices,
    read_segments,
    read_stdin,
)
from bleu_gui.io.errors import FormatError, LanguagesNotChosenError, display_name
from bleu_gui.io.file_format import TEST_SET_FORMATS, Format, detect_format
from bleu_gui.io.notices import file_notices
from bleu_gui.strict_parser import StrictParser

if TYPE_CHECKING:
    from bleu_gui.core.significance import ConfidenceResult, Identity, SystemResult
    from bleu_gui.core.stats import CorpusStats
    from bleu_gui.io.bundle import Bundle, Role, Selection, Units
    from bleu_gui.io.format_options import FormatOptions
    from bleu_gui.io.systems_table import TestRun
    from bleu_gui.io.table_export import Table

# What only some commands use is imported where they use it: a plain score of one
# system imports neither the significance tests, nor the exports' writers, nor the
# readers of formats other than text (`tests/cli/test_cli_startup.py`).

__all__ = ["demo_paths", "main", "report_main"]

_PROG = PROG

MAX_WIDTH = 20
"""The most decimals `-w` prints (a float has 17 significant digits at most)."""

STDIN_NAME = "-"
"""The hypothesis file name that stands for standard input (`-i -`)."""

METRIC = "bleu"
"""The one metric `-m/--metrics` accepts (sacreBLEU also has chrf and ter)."""

# The option that sets each `BleuConfig` field, to name it in an error.
_OPTION_OF_FIELD = {
    "max_order": "--max-ngram-order",
    "weights": "--weights",
    "smooth_value": "-sv/--smooth-value",
    "nltk_k": "--nltk-k",
    "nltk_alpha": "--nltk-alpha",
}


class _Terminated(BaseException):
    """Raised in the main thread by SIGTERM, so that `with` blocks stop the workers."""


def main(argv: Sequence[str] | None = None) -> int:
    """`bleu-gui score …`: score files; returns the exit status.

    An interrupt (Ctrl-C) or SIGTERM unwinds the run, which stops the worker
    processes on the way out, and returns 130 or 143 with one line on stderr.
    """
    return _run(_score_command, argv)


@contextlib.contextmanager
def _signals_raise() -> Iterator[None]:
    """While inside, SIGTERM raises `_Terminated`, SIGINT KeyboardInterrupt.

    In the main thread only. (`bleu_gui.__main__` ends the process at once on
    either while the modules are imported; a run unwinds instead, stopping
    its worker processes.)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: FrameType | None) -> None:
        raise _Terminated

    previous = signal.signal(signal.SIGTERM, terminate)
    interrupt = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGINT, interrupt)


def _escape_unencodable_output() -> None:
    r"""Print what the terminal's encoding cannot show as escapes, not a traceback.

    A file name with bytes that are not UTF-8 reaches Python as lone surrogates;
    printed on a strict UTF-8 stream it would raise UnicodeEncodeError. Escaped as
    ``\udcff`` it stays one readable line, and a valid JSON string escape.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def _emit(text: str) -> int:
    """Write the scores to stdout; the exit status (0, or why they were not written).

    A reader that went away (`| head -1`) ends the run quietly, as SIGPIPE would;
    a closed or full stdout is an error. After a failed write, stdout is pointed at
    the null device, so that the interpreter's last flush does not fail again.
    """
    stream = sys.stdout
    if stream is None:  # started with stdout closed (`>&-`)
        say(f"{_PROG}: error: cannot write the scores: standard output is closed")
        return 1
    try:
        for start in range(0, len(text), _WRITE_CHARS):
            stream.write(text[start : start + _WRITE_CHARS])
        stream.flush()
    except BrokenPipeError:
        _silence(stream)
        return EXIT_BROKEN_PIPE
    except OSError as error:
        _silence(stream)
        reason = (
            "standard output is closed"
            if error.errno == errno.EBADF
            else error.strerror or str(error)
        )
        say(f"{_PROG}: error: cannot write the scores to standard output: {reason}")
        return 1
    return 0


# Characters per write. One write of many megabytes to a pipe whose reader has left
# can come back short and without an error (CPython 3.11 returned 65,536 of 60 MB
# written, silently): pieces that fit the buffer make the broken pipe an error.
_WRITE_CHARS = 2048


def _silence(stream: TextIO) -> None:
    """Send what is left in `stream`'s buffer, and all later output, to /dev/null."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)


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


def add_scoring_options(parser: argparse.ArgumentParser) -> None:
    """The options that choose which BLEU (shared by `score` and the GUI)."""
    parser.add_argument(
        "-e",
        "--encoding",
        default="utf-8",
        metavar="ENC",
        help="encoding of every input file (default: %(default)s); a UTF-16 or "
        "UTF-32 byte-order mark overrides it",
    )
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
        help="tokenizer (default: "
        + _by_mode(lambda caps: caps.default_tokenizer)
        + ")"
        + "".join(
            f"; {name} ({compat.value} mode only): "
            + TOKENIZER_HELP[name].removeprefix(f"{name}: ")
            for compat, caps in CAPABILITIES.items()
            for name in caps.own_tokenizers
        ),
    )
    parser.add_argument(
        "-lc", "--lowercase", action="store_true", help="lowercase first"
    )
    smoothings = sorted(
        {s.value for caps in CAPABILITIES.values() for s in caps.smoothings}
    )
    parser.add_argument(
        "-s",
        "--smooth-method",
        choices=smoothings,
        default=None,
        help="smoothing: "
        + "; ".join(
            f"{'/'.join(method.value for method in caps.smoothings)} in "
            f"{compat.value} (default {caps.default_smoothing.value})"
            for compat, caps in CAPABILITIES.items()
        ),
    )
    parser.add_argument(
        "-sv",
        "--smooth-value",
        type=float,
        default=None,
        help="the value of "
        + "; ".join(
            f"{method.value} ({compat.value}, default {value:g})"
            for compat, caps in CAPABILITIES.items()
            for method, value in caps.smooth_values.items()
        ),
    )
    orders = CAPABILITIES[Compat.SACREBLEU].max_order_range
    fixed = "".join(
        f"; {compat.value}: always {caps.max_order_range.minimum:g}"
        for compat, caps in CAPABILITIES.items()
        if caps.max_order_range.minimum == caps.max_order_range.maximum
    )
    parser.add_argument(
        "--max-ngram-order",
        type=int,
        default=CAPABILITIES[Compat.SACREBLEU].default_max_order,
        metavar="N",
        help=f"highest n-gram order, {orders.minimum:g} to {orders.maximum:g} "
        f"(default: %(default)s{fixed})",
    )
    parser.add_argument(
        "--weights",
        nargs="+",
        type=float,
        default=None,
        metavar="W",
        help="n-gram weights (nltk mode); their number sets the maximum order",
    )
    parser.add_argument(
        "--nltk-alpha",
        type=_number,
        default=NLTK_DEFAULT_ALPHA,
        help="nltk method6's alpha (default: %(default)s)",
    )
    parser.add_argument(
        "--nltk-k",
        type=_number,
        default=NLTK_DEFAULT_K,
        help="nltk method4's and method7's k (default: %(default)s)",
    )
    parser.add_argument(
        "--effective-order",
        action="store_true",
        default=None,
        help="turn on "
        + "; ".join(
            f"{caps.effective_order_name} ({compat.value}: "
            f"{caps.effective_order_default_text} by default)"
            for compat, caps in CAPABILITIES.items()
            if caps.has(Option.EFFECTIVE_ORDER)
        ),
    )


def _by_mode(value: Callable[[Capabilities], str]) -> str:
    """`value` of each mode, modes with the same value named together."""
    modes: dict[str, list[str]] = {}
    for compat, caps in CAPABILITIES.items():
        modes.setdefault(value(caps), []).append(compat.value)
    return "; ".join(f"{text} in {', '.join(names)}" for text, names in modes.items())


def config_from_options(options: argparse.Namespace) -> BleuConfig:
    """The `BleuConfig` the scoring options describe.

    Raises:
        ConfigError: for options the chosen mode does not have, or a value out of
            bounds (the message then starts with the option's name).
    """
    try:
        return BleuConfig(
            compat=Compat(options.compat),
            tokenizer=options.tokenize,
            lowercase=options.lowercase,
            smoothing=None
            if options.smooth_method is None
            else Smoothing(options.smooth_method),
            smooth_value=options.smooth_value,
            max_order=len(options.weights)
            if options.weights
            else options.max_ngram_order,
            weights=tuple(options.weights) if options.weights else None,
            effective_order=options.effective_order,
            nltk_alpha=options.nltk_alpha,
            nltk_k=options.nltk_k,
        )
    except ConfigError as error:
        field = error.field or ""
        if field == "max_order" and options.weights:
            field = "weights"  # their number is the order
        option = _OPTION_OF_FIELD.get(field)
        if option is None:
            raise
        raise ConfigError(f"{option}: {error}", field=error.field) from None


def _build_parser() -> argparse.ArgumentParser:
    parser = StrictParser(
        prog=f"{_PROG} score",
        description="Score hypothesis files against references, as sacreBLEU does. "
        "A test-set file that holds references and systems together (WMT XML, a "
        "spreadsheet) is given as the only REF: without -i every system in it is "
        "scored against every reference in it, with -i your own outputs are "
        "(see 'test-set files' below).",
    )
    parser.add_argument(
        "refs",
        nargs="+",
        metavar="REF",
        help="reference files (text, WMT SGML .sgm, XLIFF, TMX), or one test-set "
        "file (WMT XML, TSV, CSV, XLSX)",
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
    add_significance_options(parser)
    _add_test_set_options(parser)
    _add_encoding_options(parser)
    parser.add_argument(
        "--drop-bom",
        action="store_true",
        help="drop a byte-order mark at the start of a file (sacreBLEU keeps it "
        "glued to the first word); the signature then ends in bom:dropped",
    )
    add_bilingual_options(parser)
    parser.add_argument(
        "--export",
        type=Path,
        metavar="FILE",
        help="also write the sentence table (every segment, every system's sentence "
        "BLEU, Δ to the first system, lengths, BP, precisions and hypothesis) to "
        "FILE, as the window's File > Export does; the format by the extension: "
        ".csv, .tsv, .json (unrounded), .xlsx, .md, .tex",
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


def _add_test_set_options(parser: argparse.ArgumentParser) -> None:
    """The options of a test-set file given alone (`_TEST_SET_OPTIONS`)."""
    group = parser.add_argument_group(
        "test-set files",
        f"'{_PROG} score TESTSET.xml' (WMT XML, WMT21 and later) scores every "
        "system in the file, in file order (the first is the baseline of a "
        "paired test), against every reference in it; systems are "
        "named by their system attribute, references by their translator. "
        f"'{_PROG} score TESTSET.xml -i mine.txt' scores your own output "
        "against the file's references instead (one line per segment the file "
        "keeps, in its order; add --systems to score some of the file's systems "
        "before it). A spreadsheet (TSV, CSV, XLSX) with a header row is a "
        "test-set file too, its columns chosen by header: --refs ref "
        "--systems mt. A column is chosen by its key: a translator (A, B), a "
        "system's name, 'source', a spreadsheet header; an unknown key is an "
        "error that lists the keys. WMT SGML files (.sgm) hold one text each: "
        "give them as REF and after -i.",
    )
    group.add_argument(
        "--refs",
        dest="ref_keys",
        nargs="+",
        metavar="KEY",
        help="the references to score against (default: every reference)",
    )
    group.add_argument(
        "--systems",
        dest="system_keys",
        nargs="+",
        metavar="KEY",
        help="the systems to score, the first the baseline (default: every system; "
        "with -i none, the -i files coming after those chosen here)",
    )
    group.add_argument(
        "--source-column",
        metavar="KEY",
        help="the source column (default: the one the file marks as the source)",
    )
    group.add_argument(
        "--doc-column",
        metavar="KEY",
        help="the column of document ids, for files that keep them in a column",
    )
    group.add_argument(
        "--unit-column",
        metavar="KEY",
        help="the column of unit ids: each segment's name in -sl output and "
        "--export instead of its row (default: a column headed id, unit, unit id, "
        "segment id)",
    )
    group.add_argument(
        "--sheet",
        metavar="NAME",
        help="XLSX: the worksheet to read (default: the first)",
    )
    group.add_argument(
        "--include-testsuites",
        action="store_true",
        help="WMT XML: keep test-suite documents (sacreBLEU leaves them out)",
    )
    group.add_argument(
        "--keep-unreferenced",
        action="store_true",
        help="WMT XML: keep segments that no reference translates, scored against "
        "empty references (sacreBLEU leaves them out, and so does bleu-gui by "
        "default, so that the numbers are sacreBLEU's)",
    )


# The options above, by destination, as the user types them.
_TEST_SET_OPTIONS = {
    "ref_keys": "--refs",
    "system_keys": "--systems",
    "source_column": "--source-column",
    "doc_column": "--doc-column",
    "unit_column": "--unit-column",
    "sheet": "--sheet",
    "include_testsuites": "--include-testsuites",
    "keep_unreferenced": "--keep-unreferenced",
}


def _number(text: str) -> int | float:
    """An int if `text` is one, else a float: NLTK computes differently with each."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def _score_command(args: list[str]) -> int:
    options = _build_parser().parse_args(args)
    warnings = _Warnings(quiet=options.quiet)
    pool: WorkerPool | None = None
    try:
        encodings = _encodings(options)
        test_set_file = _test_set_file(options)
        piped = test_set_file is None and _piped_input(options)
        _check_metrics(options.metrics)
        config = config_from_options(options)
        if not 0 <= options.width <= MAX_WIDTH:
            raise ConfigError(
                f"-w/--width must be from 0 to {MAX_WIDTH}, not {options.width}"
            )
        # Read before the flags are checked against the number of systems: a
        # tab in it is the reason there are not several (sacreBLEU's columns).
        stdin = _piped_hypothesis(options, encodings) if piped else None
        selection = None
        own_outputs = options.input is not None  # -i with a test-set file
        if test_set_file is not None:
            selection = _read_test_set_file(test_set_file, options, encodings, warnings)
            options.input = [name for name, _ in selection.systems]
        test = check_significance_options(options, config)
        _check_documents(options, selection, test)
        seed = seed_from_options(options, used=test is not None or options.confidence)
        names = system_names(options, test, warnings.add_info)
        if options.score_only and options.sentence_level and len(names) > 1:
            raise ConfigError(
                "-b/--score-only with -sl/--sentence-level prints one system's "
                "scores; give one file after -i, or leave out -b"
            )
        if selection is None:
            _check_references_once(options.refs)
            pool = _early_pool(options, piped=stdin is not None)
            systems, units = _read(
                options, names, encodings, piped=stdin, warnings=warnings
            )
        else:
            systems, units = _selected(selection, names), selection.units
        _check_order_reachable(config, systems)
        if options.export is not None:
            from bleu_gui.io.table_export import format_of

            format_of(options.export)  # an unknown extension before any work
        if options.export_systems is not None:
            _check_systems_export(options.export_systems, names)
        every = _stats(systems, config, warnings, pool)
        if pool is not None:  # done with: their memory back before the test runs
            pool.close()
        documents = None if selection is None else selection.documents
        if options.export is not None:
            _export_sentences(
                options.export,
                systems,
                every,
                names,
                config,
                warnings.lines,
                documents,
                units,
            )
        sig = _corpus_signature(config, systems[0])
        if options.documents:
            assert documents is not None  # _check_documents
            if options.export_systems is not None:
                _export_systems(
                    options.export_systems, every, names, config, sig, warnings.lines
                )
            warnings.flush()
            table = _documents(documents, every, names, config, sig, warnings.lines)
            from bleu_gui.io.table_export import to_json, to_tsv

            return _emit(to_tsv(table) if options.format == "text" else to_json(table))
        if test is not None:
            texts = [corpus.hypothesis.lines for corpus in systems]
            output, result, samples = run_paired(
                _arrays(every), texts, names, config, test, seed, sig, options
            )
            if options.export_systems is not None:
                from bleu_gui.io.systems_table import TestRun, paired_rows

                run = TestRun(test, samples, seed, len(texts[0]))
                tested = paired_rows(result, 0, 0)
                _export_systems(
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
            return _emit(output)
        if options.export_systems is not None:
            _export_systems(
                options.export_systems, every, names, config, sig, warnings.lines
            )
        named = len(names) > 1 or (selection is not None and not own_outputs)
        outputs = [
            _score_system(
                corpus, stats, name if named else None, config, options, seed, units
            )
            for corpus, stats, name in zip(systems, every, names, strict=True)
        ]
    except (InputError, ConfigError, ValueError) as error:
        warnings.flush()
        say(f"{_PROG}: error: {_error_line(error, options)}")
        return 1
    finally:
        if pool is not None:
            pool.close()  # a second close does nothing
    warnings.flush()
    if options.sentence_level:
        return _emit("".join(f"{line}\n" for lines in outputs for line in lines))
    results = [lines[0] for lines in outputs]
    if options.score_only and len(results) > 1:
        sig = _corpus_signature(config, systems[0])
        return _emit(render_scores(names, results, sig, options))
    if options.format != "json":
        return _emit("".join(f"{line}\n" for line in results))
    if len(results) == 1:
        return _emit(f"{results[0]}\n")
    return _emit("[\n" + ",\n".join(results) + "\n]\n")


def _check_documents(
    options: argparse.Namespace, selection: Selection | None, test: object
) -> None:
    """Refuse `-d/--documents` without document ids, or with what it replaces.

    Raises:
        ConfigError: naming what is missing or what does not go with it.
    """
    if not options.documents:
        return
    for given, flag in (
        (options.sentence_level, "-sl/--sentence-level"),
        (options.score_only, "-b/--score-only"),
        (test is not None or options.confidence, "a significance test"),
        (options.format == "latex", "-f latex"),
    ):
        if given:
            raise ConfigError(
                f"-d/--documents prints a table of documents; it cannot be used "
                f"with {flag}"
            )
    if selection is None or selection.documents is None:
        file = None if selection is None else selection.test_set.file
        where = "" if file is None else f" ({display_name(file)} has none)"
        raise ConfigError(
            f"-d/--documents needs document ids{where}: give a test-set file that "
            "has them (WMT XML or SGML, or a spreadsheet with --doc-column)"
        )


def _documents(
    ids: Sequence[str],
    every: Sequence[Counts],
    names: Sequence[str],
    config: BleuConfig,
    sig: str,
    warnings: Sequence[str],
) -> Table:
    """`-d/--documents`' table: every system's BLEU per document, Δ to the first.

    `warnings`: those said on stderr about the files, which the table carries.
    """
    # Imported here: `-d` only; plain `score` starts without them.
    from bleu_gui.core.documents import Documents, document_scores
    from bleu_gui.io.documents_table import documents_table

    documents = Documents.of(ids)
    scores = [document_scores(stats, documents, config) for stats in _arrays(every)]
    pair = (0, len(names) - 1) if len(names) == 2 else None
    title = f"Documents: {len(documents):,} of {len(documents):,}"
    return documents_table(
        documents,
        names,
        scores,
        pair=pair,
        title=title,
        signature=[f"BLEU: {sig}"],
        warnings=warnings,
    )


def _export_sentences(
    path: Path,
    systems: Sequence[Corpus],
    every: Sequence[Counts],
    names: Sequence[str],
    config: BleuConfig,
    warnings: Sequence[str],
    documents: Sequence[str] | None = None,
    units: Units | None = None,
) -> None:
    """Write `--export`'s sentence table: the window's writers, whole or not at all.

    `warnings`: those said on stderr about the files, which the table carries.
    `documents`, `units`: each segment's document id and unit, if the test set
    has them (a column each).

    Raises:
        InputError: the file cannot be written (nothing is left of it then).
    """
    from bleu_gui.core.scoring import score_sentences
    from bleu_gui.io.sentence_export import SystemSentences, sentences_table
    from bleu_gui.io.table_export import write_table

    sig = _sentence_signature(config, systems[0])
    table = sentences_table(
        [
            SystemSentences(
                name,
                score_sentences(stats, config),
                stats.hyp_len,
                corpus.hypothesis.lines,
            )
            for corpus, stats, name in zip(systems, _arrays(every), names, strict=True)
        ],
        title=f"Sentences of {', '.join(names)}",
        signature=[f"Sentence BLEU: {sig}"],
        warnings=warnings,
        documents=documents,
        units=units,
    )
    write_table(path, table)


def _check_systems_export(path: Path, names: Sequence[str]) -> None:
    """Refuse `--export-systems` before any work: a format or a count that cannot be.

    Raises:
        InputError: the extension is not one of the systems table's formats.
        ConfigError: fewer than two systems.
    """
    from bleu_gui.io.systems_table import SYSTEMS_FORMATS
    from bleu_gui.io.table_export import format_of

    format_of(path, SYSTEMS_FORMATS)
    if len(names) < 2:
        raise ConfigError(
            "--export-systems compares systems: give two or more after -i"
        )


def _export_systems(
    path: Path,
    every: Sequence[Counts],
    names: Sequence[str],
    config: BleuConfig,
    sig: str,
    warnings: Sequence[str],
    run: TestRun | None = None,
    tested: Mapping[int, tuple[SystemResult, Identity | None]] | None = None,
) -> None:
    """Write `--export-systems`' table: the window's rows, against the first system.

    `warnings`: those said on stderr about the files, which the table carries.

    Raises:
        InputError: the file cannot be written (nothing is left of it then).
    """
    from bleu_gui.io.systems_table import SYSTEMS_FORMATS, system_rows, systems_table
    from bleu_gui.io.table_export import format_of, write_table

    rows = system_rows(
        names,
        _arrays(every),
        [stats.summed() for stats in every],
        config,
        0,
        sig,
        run=run,
        tested=tested,
        tested_signature=sig,
    )
    table = systems_table(rows, warnings=warnings)
    write_table(path, table, format_of(path, SYSTEMS_FORMATS))


class _Warnings:
    """Warning lines in order, each once (several systems share their references).

    `add_info` takes what sacreBLEU logs as information rather than as a warning,
    which `-q` leaves out (sacreBLEU's `-q` keeps warnings and errors).
    """

    def __init__(self, *, quiet: bool = False) -> None:
        self._lines: dict[str, None] = {}
        self._quiet = quiet

    def add(self, line: str) -> None:
        self._lines.setdefault(line, None)

    def add_info(self, line: str) -> None:
        if not self._quiet:
            self.add(line)

    @property
    def lines(self) -> tuple[str, ...]:
        """The lines so far: what the report and the exports carry."""
        return tuple(self._lines)

    def flush(self) -> None:
        for line in self._lines:
            say(f"{_PROG}: warning: {line}")
        self._lines.clear()


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


def _check_references_once(refs: Sequence[str]) -> None:
    """Refuse a reference file given twice, as the window does, in the same words.

    sacreBLEU would score it as one more reference and print `nrefs:2`: a
    two-reference score of one reference, ready to be pasted into a paper. A
    hypothesis named twice is not refused: as in sacreBLEU, it is scored as often
    as it is named (standard input read once), each record naming it.

    Raises:
        RepeatedFileError: naming the file and the reference it already is.
    """
    check_roles([], [Path(ref) for ref in refs])


def _error_line(error: Exception, options: argparse.Namespace) -> str:
    """The one line of an error, with how to fix it where the flag is ours."""
    line = _one_line(error)
    if isinstance(error, DecodingError | UndecodableFileError):
        return f"{line} ({_encoding_advice(error, options)})"
    if isinstance(error, LanguagesNotChosenError):
        return f"{line} {CHOOSE_LANGUAGES}"
    return line


# --------------------------------------------------------------------------------------
# Encodings: one for every file (-e), or one for the hypotheses and one for the
# references, so that a latin-1 system is scored against UTF-8 references.


@dataclass(frozen=True, slots=True)
class _Encodings:
    """The encoding each role's files are decoded with (before a byte-order mark's)."""

    hypotheses: str
    references: str


# The options that set one role's encoding.
_HYP_ENCODING = "--hyp-encoding"
_REF_ENCODING = "--ref-encoding"


def _add_encoding_options(parser: argparse.ArgumentParser) -> None:
    """`--hyp-encoding` and `--ref-encoding`: a role's encoding, over `-e`'s."""
    parser.add_argument(
        _HYP_ENCODING,
        default=None,
        metavar="ENC",
        help="encoding of the hypothesis files and of standard input (default: "
        "-e's); e.g. a latin-1 system against UTF-8 references",
    )
    parser.add_argument(
        _REF_ENCODING,
        default=None,
        metavar="ENC",
        help="encoding of the reference files (default: -e's)",
    )


def _encodings(options: argparse.Namespace) -> _Encodings:
    """Each role's encoding, every name checked before any file is read.

    Raises:
        ConfigError: a name that is not a text codec, after the option that gave it.
    """
    given = (
        ("-e/--encoding", options.encoding),
        (_HYP_ENCODING, options.hyp_encoding),
        (_REF_ENCODING, options.ref_encoding),
    )
    for option, name in given:
        if name is None:
            continue
        try:
            check_encoding(name)
        except UnknownEncodingError as error:
            raise ConfigError(f"{option}: {_one_line(error)}") from None
    return _Encodings(
        hypotheses=options.hyp_encoding or options.encoding,
        references=options.ref_encoding or options.encoding,
    )


def _encoding_advice(error: InputError, options: argparse.Namespace) -> str:
    """How to choose the encoding of the file `error` is about, for its role only.

    `-e` would decode the other role's files with it too: a latin-1 hypothesis
    scored with `-e latin-1` against UTF-8 references reads their accented
    letters as two characters each, and scores lower without a word.
    """
    path = error.path
    hypotheses = {Path(name) for name in options.input or ()} | {STDIN}
    references = {Path(ref) for ref in options.refs}
    if path in hypotheses and path not in references:
        return f"choose the hypotheses' encoding with {_HYP_ENCODING}"
    if path in references and path not in hypotheses:
        return f"choose the references' encoding with {_REF_ENCODING}"
    return "choose it with -e/--encoding"


def _check_order_reachable(config: BleuConfig, systems: Sequence[Corpus]) -> None:
    """Refuse an order that no segment of some system can reach.

    No tokenizer makes more tokens than a segment has characters, so no n-gram is
    longer than the longest segment. (Counting sizes its arrays by the order.)
    The systems share their references, whose longest segment is found once.
    The mode's default order is never refused: the user did not choose it, and a
    corpus of short segments (all under four characters) is scored as sacreBLEU
    scores it (0.0), not refused over an option never given.
    """
    if config.order <= config.capabilities.default_max_order:
        return
    in_references = _longest(systems[0].references)
    for corpus in systems:
        longest = max(in_references, _longest([corpus.hypothesis]))
        if config.order > longest:
            option = "--weights" if config.weights else "--max-ngram-order"
            raise ConfigError(
                f"{option}: no segment has an n-gram of order {config.order} (the "
                f"longest segment has {longest} characters)",
                field="max_order",
            )


def _longest(files: Sequence[Segments]) -> int:
    """The length in characters of the longest segment of `files`."""
    return max((len(line) for file in files for line in file.lines), default=0)


def _piped_input(options: argparse.Namespace) -> bool:
    """Whether the hypothesis comes from standard input without `-i`, as piped.

    Without `-i`, standard input is the hypothesis, as in sacreBLEU, unless it is
    a terminal (nobody is typing a test set's translations).

    Raises:
        ConfigError: no `-i`, and standard input is a terminal.
    """
    if options.input is not None:
        return False
    stdin = sys.stdin
    if stdin is not None and _is_terminal(stdin):
        raise ConfigError(
            "no hypothesis: name its files with -i/--input, or pipe it to "
            "standard input"
        )
    options.input = [STDIN_NAME]
    return True


def _piped_hypothesis(options: argparse.Namespace, encodings: _Encodings) -> Segments:
    """Standard input piped without `-i`, refused where sacreBLEU reads it otherwise.

    Raises:
        InputError: it cannot be read, or holds a tab or a lone carriage return.
    """
    segments = read_stdin(encodings.hypotheses, drop_bom=options.drop_bom)
    check_piped_hypothesis(segments, how_to_read_as_file="-i -")
    return segments


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (OSError, ValueError):  # closed
        return False


def _read(
    options: argparse.Namespace,
    names: Sequence[str],
    encodings: _Encodings,
    *,
    piped: Segments | None,
    warnings: _Warnings,
    source: str | None = None,
) -> tuple[list[Corpus], Units | None]:
    """Each system's files: the references (and source) read once, then each output.

    Returns the systems' corpora, and each segment's unit when the files have
    them (XLIFF and TMX: the ids of the units matched).

    The first system is read before the references, so that the first error
    found is the one it was before the references were shared. A file named
    twice is read once; `STDIN_NAME` is `piped` (standard input given without
    `-i`, already read and checked) or else reads standard input. A file in a format
    that holds one text (WMT SGML) is read in that format. XLIFF and TMX files are
    read by `cli_inputs`: their targets, units matched by id (`warnings` is told
    which units are left out). `source`: the source file (`--src`), read in `-e`'s
    encoding, one line per segment.

    Raises:
        ConfigError: `source` with XLIFF or TMX files, which hold their source.
    """
    if is_bilingual(options.refs, names):
        if source is not None:
            raise ConfigError(
                "--src: XLIFF and TMX files hold their source; leave out --src"
            )
        return read_aligned(
            options.refs,
            names,
            options=bilingual_options(options),
            notify=warnings.add,
        )
    read: dict[str, Segments] = {}

    def hypothesis(name: str) -> Segments:
        if name in read:
            return read[name]
        if name == STDIN_NAME:
            segments = (
                piped
                if piped is not None
                else read_stdin(encodings.hypotheses, drop_bom=options.drop_bom)
            )
        else:
            segments = _read_one(Path(name), encodings.hypotheses, options, warnings)
        read[name] = segments
        return segments

    hypothesis(names[0])
    test_set = TestSet(
        tuple(
            _read_one(Path(ref), encodings.references, options, warnings)
            for ref in options.refs
        ),
        None
        if source is None
        else _read_one(Path(source), options.encoding, options, warnings),
    )
    return [test_set.corpus(hypothesis(name)) for name in names], None


def _read_one(
    path: Path, encoding: str, options: argparse.Namespace, warnings: _Warnings
) -> Segments:
    """The segments of one file given as a reference or a system, in `encoding`.

    A text file is read as sacreBLEU reads it; a file of another format must hold
    one text (a WMT SGML set), whose notices go to `warnings`.

    Raises:
        InputError: the file cannot be read, or holds several texts.
    """
    format_ = detect_format(path)
    if format_ is Format.TEXT:
        return read_segments(path, encoding, drop_bom=options.drop_bom)
    from bleu_gui.io.formats import read_bundle

    bundle = read_bundle(
        path, format_, encoding=encoding, options=_format_options(options)
    )
    if len(bundle.columns) != 1:
        raise FormatError(
            path,
            f"a {format_.value} file holds several texts ({_keys(bundle)}); give "
            f"it alone, as '{_PROG} score {path}', without -i",
        )
    for notice in bundle.notices:
        warnings.add(notice)
    return bundle.columns[0].segments


def _format_options(options: argparse.Namespace) -> FormatOptions:
    """What the readers of test-set files take from the command line."""
    from bleu_gui.io.format_options import FormatOptions

    return FormatOptions(
        include_testsuites=options.include_testsuites,
        keep_unreferenced=options.keep_unreferenced,
        sheet=options.sheet,
        drop_bom=options.drop_bom,
    )


def _test_set_file(options: argparse.Namespace) -> Path | None:
    """The test-set file given as the only REF, if one is.

    It is told by its format, not its name. Without -i, any format but text
    (its systems are scored; a single-text format such as WMT SGML is refused
    when it is read, as holding no system). With -i, a format that holds a whole
    test set (WMT XML, a spreadsheet: `TEST_SET_FORMATS`): its references score
    the -i files.

    Raises:
        ConfigError: a test-set option (`_TEST_SET_OPTIONS`) without such a file.
    """
    alone = len(options.refs) == 1
    path = Path(options.refs[0])
    format_ = detect_format(path) if alone else Format.TEXT
    if alone and options.input is None and format_ is not Format.TEXT:
        return path
    if alone and format_ in TEST_SET_FORMATS:
        return path
    given = [flag for dest, flag in _TEST_SET_OPTIONS.items() if getattr(options, dest)]
    if given and alone:
        kind = "a text file" if format_ is Format.TEXT else f"a {format_} file"
        raise ConfigError(
            f"{given[0]}: {display_name(path)} is {kind}, not a test-set file "
            "(WMT XML, a spreadsheet) to choose in"
        )
    if given:
        raise ConfigError(
            f"{given[0]} chooses in a test-set file (WMT XML, a spreadsheet); give "
            "that file as the only REF"
        )
    return None


def _read_test_set_file(
    path: Path,
    options: argparse.Namespace,
    encodings: _Encodings,
    warnings: _Warnings,
) -> Selection:
    """Read a test-set file and choose its references, systems, source, documents.

    By default every column the file marks as a reference is a reference and every
    one it marks as a system a system (a column chosen for the other role left
    out), and the source is the one it marks as the source. With -i, the systems
    are the -i files (after those chosen with --systems, if any): a researcher's
    own output scored against the file's references (`_with_own_outputs`). The
    file holds the references, so it is decoded with the references' encoding.

    Raises:
        InputError: the file cannot be read, a key names no column, no
            reference or system is chosen or marked, or an -i file does not
            have one line per segment the file keeps.
    """
    from bleu_gui.io.bundle import Role, Roles, select
    from bleu_gui.io.formats import read_bundle

    bundle = read_bundle(
        path, encoding=encodings.references, options=_format_options(options)
    )
    for flag, keys in (
        ("--refs", options.ref_keys),
        ("--systems", options.system_keys),
        ("--source-column", [options.source_column]),
        ("--doc-column", [options.doc_column]),
        ("--unit-column", [options.unit_column]),
    ):
        for key in keys or ():
            if key is not None and key not in {c.key for c in bundle.columns}:
                raise FormatError(
                    path,
                    f"{flag}: no column has the key {key!r} (the keys: "
                    f"{_keys(bundle)})",
                )
    own = tuple(options.input or ())
    systems = tuple(options.system_keys or ())
    references = tuple(options.ref_keys or ())
    if not references:
        references = _marked(bundle, Role.REFERENCE, leaving=systems)
    if not systems and not own:
        systems = _marked(bundle, Role.SYSTEM, leaving=references)
    for keys, role, flag in (
        (references, "reference", "--refs"),
        (systems or own, "system", "--systems"),
    ):
        if not keys:
            raise FormatError(
                path,
                f"holds no column marked as a {role}; choose with {flag} KEY ... "
                f"(the keys: {_keys(bundle)})",
            )
    taken = {*references, *systems}
    source = options.source_column or next(
        iter(_marked(bundle, Role.SOURCE, leaving=taken)), None
    )
    documents = options.doc_column or next(
        iter(_marked(bundle, Role.DOCUMENT, leaving=(*taken, source))), None
    )
    units = options.unit_column or next(
        iter(_marked(bundle, Role.UNIT, leaving=(*taken, source, documents))), None
    )
    roles = Roles(references, systems, source, documents, units)
    selection = select(bundle, roles, systems_elsewhere=bool(own))
    for notice in selection.notices:  # once the choice holds: else one error line
        warnings.add(notice)
    if own:
        selection = _with_own_outputs(selection, own, options, encodings, warnings)
    return selection


def _with_own_outputs(
    selection: Selection,
    names: Sequence[str],
    options: argparse.Namespace,
    encodings: _Encodings,
    warnings: _Warnings,
) -> Selection:
    """`selection` with the -i files as more systems, after the file's own.

    Each -i file must have one line per segment the test-set file keeps, in the
    file's order: for WMT XML, the segments sacreBLEU keeps (test-suite
    documents and segments no reference translates are left out unless asked
    for, as the warnings say), i.e. the lines of ``sacrebleu --echo src``.

    Raises:
        InputError: an -i file cannot be read, or has another number of lines.
    """
    read: dict[str, Segments] = {}
    for name in names:
        if name in read:
            continue
        if name == STDIN_NAME:
            segments = read_stdin(encodings.hypotheses, drop_bom=options.drop_bom)
        else:
            segments = _read_one(Path(name), encodings.hypotheses, options, warnings)
        selection.test_set.corpus(segments)  # one line per kept segment
        read[name] = segments
    return replace(selection, systems=(*selection.systems, *read.items()))


def _marked(
    bundle: Bundle, role: Role, *, leaving: Collection[str | None]
) -> tuple[str, ...]:
    """The keys of the columns `bundle` marks with `role`, but those in `leaving`."""
    return tuple(c.key for c in bundle.of_role(role) if c.key not in leaving)


def _keys(bundle: Bundle) -> str:
    """A bundle's column keys, for a message."""
    return ", ".join(repr(column.key) for column in bundle.columns)


def _selected(selection: Selection, names: Sequence[str]) -> list[Corpus]:
    """The chosen systems of a test-set file, aligned with its references."""
    segments = dict(selection.systems)
    return [selection.test_set.corpus(segments[name]) for name in names]


def _early_pool(options: argparse.Namespace, *, piped: bool) -> WorkerPool | None:
    """Worker processes started before the files are read, if they are large.

    They take a few tenths of a second to start (a Python each, importing the
    scorer), which the reading of large files hides; `_stats` uses them if the
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


def _stats(
    systems: Sequence[Corpus],
    config: BleuConfig,
    warnings: _Warnings,
    pool: WorkerPool | None = None,
) -> list[Counts]:
    """Every system's counts, references tokenized once; warnings to `warnings`.

    A small test set is counted in plain Python (`core.row_counts`): a plain
    score of it never imports numpy; whatever needs arrays asks `_arrays`.

    A kept byte-order mark's warning comes with its cost (per system: a warning
    about a shared reference that says the same for every system is said once).
    The language hint is about the references, which every system shares: it is
    looked for with the first system only (0.09 s a system on WMT lines).
    """
    references = [ref.lines for ref in systems[0].references]
    every = counts_of_systems(
        [corpus.hypothesis.lines for corpus in systems],
        references,
        config,
        processes=os.cpu_count() or 1,
        pool=pool,
    )
    for index, (corpus, stats) in enumerate(zip(systems, every, strict=True)):
        notices = (
            corpus_notices(
                corpus,
                config,
                stats,
                how_to_drop="--drop-bom",
                how_to_tokenize="use -tok {}",
            )
            if index == 0
            else file_notices(corpus, config, stats, how_to_drop="--drop-bom")
        )
        for line in notices:
            warnings.add(line)
    return every


def _arrays(every: Sequence[Counts]) -> list[CorpusStats]:
    """The counts as numpy arrays, for the tests, the exports and the documents."""
    return [counts.arrays() for counts in every]


def _corpus_signature(config: BleuConfig, corpus: Corpus) -> str:
    return signatures(
        config, len(corpus.references), dropped_bom=corpus.dropped_bom
    ).corpus


def _sentence_signature(config: BleuConfig, corpus: Corpus) -> str:
    return signatures(
        config, len(corpus.references), dropped_bom=corpus.dropped_bom
    ).sentence


def _score_system(
    corpus: Corpus,
    stats: Counts,
    system: str | None,
    config: BleuConfig,
    options: argparse.Namespace,
    seed: int | None,
    units: Units | None = None,
) -> list[str]:
    """The output lines of one system: one corpus line, or one line per segment.

    `system`: the name printed with its scores (the path as the user gave it, or
    its name in a test-set file), or None to print none (one file, as sacreBLEU).
    `units`: each segment's unit, when the test set has them (XLIFF, TMX, a
    spreadsheet): each segment's line names it (`_with_unit`).
    """
    if not options.sentence_level:
        sig = _corpus_signature(config, corpus)
        interval = None
        if options.confidence:
            from bleu_gui.core.significance import confidence

            samples = options.confidence_n
            interval = confidence(stats.arrays(), config, samples=samples, seed=seed)
            sig = test_signature(sig, "bs", samples, seed)
        result = score_corpus(stats, config)
        return [_render(result, sig, options, system, None, interval)]
    sig = _sentence_signature(config, corpus)
    lines = []
    for index, scored in enumerate(iter_sentence_scores(stats, config), start=1):
        unit = None if units is None else _Unit.of(units, index - 1)
        if isinstance(scored, Unscorable):
            line = _render_unscorable(scored, system, index, options, unit)
        else:
            line = _render(scored, sig, options, system, index, unit=unit)
        lines.append(line)
    return lines


class _Unit(NamedTuple):
    """A segment's unit as `-sl` prints it: its JSON key and name, its words."""

    key: str  # "unit", "row"
    name: str  # "u9", "9"
    place: str  # "unit u9", "row 9"

    @staticmethod
    def of(units: Units, index: int) -> _Unit:
        """Segment `index`'s (0-based) unit."""
        return _Unit(units.key, units.names[index], units.place(index))


def _with_unit(line: str, unit: _Unit | None) -> str:
    r"""A text line of `-sl` (or `-b -sl`) with its unit as a leading field.

    The unit in words ("unit u9", "row 9": what the warnings and the window
    call it), a tab, then the line as it is without units (sacreBLEU's own), so
    that ``cut -f1`` gives the units and ``cut -f2-`` sacreBLEU's lines. A tab
    or line break in an id (an XML id may hold one as a character reference)
    is written ``\t``, ``\n`` or ``\r``: one field, one line.
    """
    if unit is None:
        return line
    place = unit.place
    place = place.replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
    return f"{place}\t{line}"


def _render_unscorable(
    result: Unscorable,
    system: str | None,
    segment: int,
    options: argparse.Namespace,
    unit: _Unit | None = None,
) -> str:
    """A segment the emulated library cannot score: say why, in the same format.

    With `-b`, `nan`: one number a line, like every other segment's. `unit`:
    the segment's unit, if the test set has them (as `_render`'s).
    """
    if options.score_only:
        return _with_unit("nan", unit)
    if options.format != "json":
        prefix = f"{system}: " if system else ""
        return _with_unit(
            f"{prefix}BLEU cannot be computed for segment {segment}: {result.reason}",
            unit,
        )
    record: dict[str, Any] = {} if system is None else {"system": system}
    record["segment"] = segment
    if unit is not None:
        record[unit.key] = unit.name
    record |= {"name": "BLEU", "error": result.reason}
    return json.dumps(record, ensure_ascii=ascii_json())


def _render(
    result: BleuScore,
    sig: str,
    options: argparse.Namespace,
    system: str | None,
    segment: int | None,
    interval: ConfidenceResult | None = None,
    *,
    unit: _Unit | None = None,
) -> str:
    """One score as printed: a text line, `-b`'s number, or a JSON object.

    `unit`: the segment's unit, when the test set has them: a leading field of
    a text line (`_with_unit`), a "unit" (or "row") key after "segment" in JSON.
    """
    width = options.width
    precisions = "/".join(f"{p:.1f}" for p in result.precisions)
    verbose = (
        f"{precisions} (BP = {result.bp:.3f} ratio = {result.ratio:.3f} "
        f"hyp_len = {result.sys_len:d} ref_len = {result.ref_len:d})"
    )
    mean_and_ci: tuple[str, str] | None = None
    if interval is not None and interval.mean > 0:  # sacreBLEU hides a zero mean
        mean_and_ci = (f"{interval.mean:.{width}f}", f"{interval.ci:.{width}f}")
    around = "" if mean_and_ci is None else "μ = {} ± {}".format(*mean_and_ci)
    if options.score_only:  # sacreBLEU's `-b`, in any format
        score = f"{result.score:.{width}f}" + (f" ({around})" if around else "")
        return _with_unit(score, unit)
    if options.format != "json":
        shown = f"({around}) {verbose}" if around else verbose
        line = f"BLEU|{sig} = {result.score:.{width}f} {shown}"
        if result.compat is Compat.MULTI_BLEU:
            line += f"  [multi-bleu.perl: {format_line(result)}]"
        elif result.compat is not Compat.SACREBLEU:
            line += f"  [native {result.native_score!r}]"
        # One line per segment, in order, exactly as sacreBLEU prints them.
        return _with_unit(f"{system}: {line}" if system else line, unit)
    record: dict[str, Any] = {}
    if system is not None:
        record["system"] = system
    if segment is not None:
        record["segment"] = segment
    if unit is not None:
        record[unit.key] = unit.name
    record |= {
        "name": "BLEU",
        "score": float(f"{result.score:.{width}f}"),
        "signature": sig,
    }
    if mean_and_ci is not None:  # where and how sacreBLEU prints them
        record |= {
            "confidence_mean": float(mean_and_ci[0]),
            "confidence_var": float(mean_and_ci[1]),
            "confidence": around,
        }
    record["verbose_score"] = verbose
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
    return json.dumps(record, indent=indent, ensure_ascii=ascii_json())


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split("\n"))


# --------------------------------------------------------------------------------------
# `bleu-gui report`: the HTML report (`io.report_html`), from the same files and
# scoring options as `score`.

_TESTS = {"bs": PairedTest.BOOTSTRAP, "ar": PairedTest.RANDOMIZATION}


def report_main(argv: Sequence[str] | None = None) -> int:
    """`bleu-gui report REF… -i SYS… -o FILE.html`: write the HTML report.

    Returns the exit status: 0, or 1 with one line on stderr for an error a user
    can cause (nothing is written then), 130 on an interrupt.
    """
    return _run(_report_command, argv)


def _run(command: Callable[[list[str]], int], argv: Sequence[str] | None) -> int:
    """Run a subcommand on `argv` (the process's, after the subcommand, if None).

    An interrupt (Ctrl-C) or SIGTERM unwinds the run, which stops the worker
    processes on the way out, and returns 130 or 143 with one line on stderr.
    """
    args = list(sys.argv[2:] if argv is None else argv)
    _escape_unencodable_output()
    try:
        with _signals_raise():
            return command(args)
    except KeyboardInterrupt:
        return ended_by(signal.SIGINT)
    except _Terminated:
        return ended_by(signal.SIGTERM)


def _build_report_parser() -> argparse.ArgumentParser:
    # Imported here: ~20 ms that `bleu-gui score` does not need.
    from bleu_gui.core.report import DEFAULT_TOP

    parser = StrictParser(
        prog=f"{_PROG} report",
        description="Write one self-contained HTML file (no script, nothing "
        "loaded from the network): corpus scores with their signatures, the paired "
        "test of every system against the first, precision and brevity-penalty "
        "charts, and the sentences that matter most, their n-grams painted by "
        "order and explained in words.",
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
        help="the paired test of several systems against the first (sacrebleu mode): "
        "bs, paired bootstrap resampling; ar, approximate randomization "
        "(default: %(default)s)",
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
    add_scoring_options(parser)
    _add_test_set_options(parser)
    _add_encoding_options(parser)
    parser.add_argument(
        "--drop-bom",
        action="store_true",
        help="drop a byte-order mark at the start of a file, as `score --drop-bom`",
    )
    add_bilingual_options(parser)
    return parser


def _report_command(args: list[str]) -> int:
    from bleu_gui.core.report import ReportRequest, ReportSystem, build_report
    from bleu_gui.io.report_html import write_report

    options = _build_report_parser().parse_args(args)
    warnings = _Warnings()
    try:
        encodings = _encodings(options)
        config = config_from_options(options)
        if options.top < 0:
            raise ConfigError(f"--top must be 0 or more, not {options.top}")
        if options.samples is not None and options.samples < 1:
            raise ConfigError(f"--samples must be 1 or more, not {options.samples}")
        test_set_file = _test_set_file(options)
        selection = None
        if test_set_file is not None:
            selection = _read_test_set_file(test_set_file, options, encodings, warnings)
            options.input = [name for name, _ in selection.systems]
        if not options.input:
            raise ConfigError("give the system outputs after -i (the first: baseline)")
        names = list(dict.fromkeys(options.input))
        if selection is None:
            _check_references_once(options.refs)
            systems, _ = _read(
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
            systems = _selected(selection, names)
        _check_order_reachable(config, systems)
        every = _stats(systems, config, warnings)
        seed = seed_from_options(options, used=len(names) > 1)
        first = systems[0]
        test = _TESTS[options.test] if config.capabilities.significance else None
        request = ReportRequest(
            references=tuple(ref.lines for ref in first.references),
            reference_names=tuple(display_name(ref.path) for ref in first.references),
            source=first.source_lines,
            source_name=None
            if first.source is None
            else display_name(first.source.path),
            systems=tuple(
                ReportSystem(name, corpus.hypothesis.lines, stats)
                for name, corpus, stats in zip(
                    names, systems, _arrays(every), strict=True
                )
            ),
            config=config,
            signature=_corpus_signature(config, systems[0]),
            top=options.top,
            test=test,
            samples=options.samples,
            seed=seed,
            warnings=warnings.lines,
        )
        write_report(Path(options.output), build_report(request))
    except (InputError, ConfigError, ValueError) as error:
        warnings.flush()
        say(f"{_PROG}: error: {_error_line(error, options)}")
        return 1
    warnings.flush()
    say(f"{_PROG}: wrote {options.output}")
    return 0
