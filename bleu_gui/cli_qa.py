"""`bleu-gui qa`: the QA checks of every system, as a list a pipeline can act on.

It reads its files as `bleu-gui score` does (references, `-i` systems, a test-set
file, XLIFF and TMX matched by unit id), with the source from `--src`, a test-set
file's source column or the XLIFF/TMX files' own, and runs `core.qa` on each
system. It prints one line per issue (`-f text`) or one JSON object (`-f json`,
`JSON_SCHEMA_VERSION`), and exits with `EXIT_ISSUES_FOUND` when any system has
an issue, 0 when none has, 1 for an error a user can cause (one line on stderr).
A check that cannot run is said on stderr, not silently passed.

Its own module, imported only by `bleu_gui.__main__` when asked for: `bleu-gui
score` never imports the checks (`tests/cli/test_cli_startup.py`).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from bleu_gui.cli_config import add_file_encoding_option
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
from bleu_gui.cli_run import emit, run_command
from bleu_gui.core import ConfigError
from bleu_gui.core.qa import QaIssue, QaResult, qa_of
from bleu_gui.core.qa_checks import ALL_CHECKS, CHECKS, CheckKind
from bleu_gui.exit_status import EXIT_ISSUES_FOUND, PROG, say
from bleu_gui.io import Corpus, InputError
from bleu_gui.io.bundle import Units
from bleu_gui.strict_parser import StrictParser

__all__ = ["JSON_SCHEMA_VERSION", "qa_main"]

JSON_SCHEMA_VERSION = 1
"""The version of `-f json`'s schema (docs/design.md, "QA checks")."""

_NAMES = [spec.kind.value for spec in CHECKS]


def qa_main(argv: Sequence[str] | None = None) -> int:
    """`bleu-gui qa REF… -i SYS…`: list the QA issues; returns the exit status."""
    return run_command(_qa_command, argv)


def _build_parser() -> argparse.ArgumentParser:
    checks = "; ".join(f"{spec.kind.value}: {spec.description}" for spec in CHECKS)
    parser = StrictParser(
        prog=f"{PROG} qa",
        description="List concrete problems in each system's translations, as "
        "Xbench and CAT tools' QA do, one line per issue (system:line: check: "
        "message [span]). Exit status 0 when there is none, "
        f"{EXIT_ISSUES_FOUND} when there are, 1 on an error. The checks: "
        f"{checks}.",
    )
    parser.add_argument(
        "refs",
        nargs="+",
        metavar="REF",
        help="reference files (text, WMT SGML, XLIFF, TMX), or one test-set file "
        "(WMT XML, TSV, CSV, XLSX), read as 'score' reads them",
    )
    parser.add_argument(
        "-i",
        "--input",
        nargs="+",
        default=None,
        metavar="SYS",
        help="system output files to check (a test-set file's own systems without)",
    )
    parser.add_argument(
        "--src",
        default=None,
        metavar="SRC",
        help="the source file, one line per segment; XLIFF, TMX and test-set "
        "files hold their own. Without a source only the empty and spaces checks "
        "run",
    )
    parser.add_argument(
        "--checks",
        nargs="+",
        choices=_NAMES,
        default=None,
        metavar="CHECK",
        help=f"the checks to run (default: all): {', '.join(_NAMES)}",
    )
    parser.add_argument(
        "--skip",
        nargs="+",
        choices=_NAMES,
        default=(),
        metavar="CHECK",
        help="checks not to run",
    )
    parser.add_argument(
        "-f",
        "--format",
        choices=["text", "json"],
        default="text",
        help="output format (default: %(default)s)",
    )
    add_file_encoding_option(parser)
    add_test_set_options(parser)
    add_encoding_options(parser)
    parser.add_argument(
        "--drop-bom",
        action="store_true",
        help="drop a byte-order mark at the start of a file, as `score --drop-bom`",
    )
    add_bilingual_options(
        parser,
        languages_help="the source and target languages (en, de-CH): how their "
        "numbers are written (1.5 in English is 1,5 in German); without them "
        "numbers are compared by their digits alone. TMX files: also the two "
        "languages to read",
    )
    return parser


def _qa_command(args: list[str]) -> int:
    options = _build_parser().parse_args(args)
    warnings = Warnings()
    try:
        enabled = _enabled(options)
        encodings = role_encodings(options)
        test_set_file = given_test_set_file(options)
        found: tuple[str, str] | None = None
        if test_set_file is not None:
            if options.src is not None:
                raise ConfigError(
                    "--src: a test-set file holds its source; choose it with "
                    "--source-column"
                )
            selection = read_test_set_file(test_set_file, options, encodings, warnings)
            names = [name for name, _ in selection.systems]
            systems = selected_systems(selection, names)
            units = selection.units
        else:
            if not options.input:
                raise ConfigError("give the system outputs to check after -i")
            names = list(dict.fromkeys(options.input))
            check_references_once(options.refs)
            systems, units, found = read_systems(
                options,
                names,
                encodings,
                piped=None,
                warnings=warnings,
                source=options.src,
                bilingual_source=True,
            )
        # Typed, else as the XLIFF or TMX files name them, else not known.
        languages = options.languages or found or (None, None)
        results = [_checked(corpus, enabled, languages) for corpus in systems]
    except (InputError, ConfigError, ValueError) as error:
        warnings.flush()
        say(f"{PROG}: error: {error_line(error, options)}")
        return 1
    for result in results:
        for kind, reason in result.not_run.items():
            warnings.add(f"{kind.value}: not checked: {reason}")
        for notice in result.notices:
            warnings.add(notice)
    warnings.flush()
    if options.format == "json":
        text = _json(names, results, enabled, units)
    else:
        text = "".join(
            _text(name, result) for name, result in zip(names, results, strict=True)
        )
    status = emit(text)
    if status:
        return status
    return EXIT_ISSUES_FOUND if any(result.total for result in results) else 0


def _enabled(options: argparse.Namespace) -> frozenset[CheckKind]:
    """The checks `--checks` and `--skip` leave on.

    Raises:
        ConfigError: none is left.
    """
    chosen = (
        ALL_CHECKS
        if options.checks is None
        else frozenset(CheckKind(name) for name in options.checks)
    )
    enabled = chosen - {CheckKind(name) for name in options.skip}
    if not enabled:
        raise ConfigError("--checks and --skip leave no check to run")
    return enabled


def _checked(
    corpus: Corpus, enabled: frozenset[CheckKind], languages: Sequence[str | None]
) -> QaResult:
    """One system's QA result, against its source if the corpus has one."""
    hypothesis, source = corpus.hypothesis, corpus.source
    return qa_of(
        hypothesis.lines,
        None if source is None else source.lines,
        source_tags=None if source is None else source.tags,
        hypothesis_tags=hypothesis.tags,
        source_language=languages[0],
        target_language=languages[1],
        enabled=enabled,
    )


def _span(issue: QaIssue) -> str:
    """Where an issue is, as the text output writes it: "[4-9]", "[source 3-3]"."""
    span = issue.span
    where = "source " if span.in_source else ""
    return f"[{where}{span.start}-{span.end}]"


def _text(name: str, result: QaResult) -> str:
    """One system's issues, a line each, then its summary line."""
    lines = [
        f"{name}:{issue.row + 1}: {issue.kind.value}: {issue.message} {_span(issue)}"
        for issue in result.issues()
    ]
    segments = _count(result.rows, "segment")
    if not result.total:
        lines.append(f"{name}: no issues in {segments}")
    else:
        counts = ", ".join(
            f"{kind.value} {count}" for kind, count in result.counts.items() if count
        )
        issues = _count(result.total, "issue")
        lines.append(
            f"{name}: {issues} in {len(result.by_row):,} of {segments} ({counts})"
        )
    return "".join(f"{line}\n" for line in lines)


def _count(number: int, noun: str) -> str:
    """A count and its noun: "1 issue", "2,000 issues"."""
    return f"{number:,} {noun}" if number == 1 else f"{number:,} {noun}s"


def _json(
    names: Sequence[str],
    results: Sequence[QaResult],
    enabled: frozenset[CheckKind],
    units: Units | None,
) -> str:
    """Every system's issues as one JSON object (the schema: docs/design.md)."""
    systems = []
    for name, result in zip(names, results, strict=True):
        issues = []
        for issue in result.issues():
            entry: dict[str, object] = {"line": issue.row + 1}
            if units is not None:
                entry[units.key] = units.names[issue.row]
            entry |= {
                "check": issue.kind.value,
                "message": issue.message,
                "span": {
                    "in": "source" if issue.span.in_source else "hypothesis",
                    "start": issue.span.start,
                    "end": issue.span.end,
                },
            }
            issues.append(entry)
        systems.append(
            {
                "system": name,
                "segments": result.rows,
                "issues": issues,
                "counts": {kind.value: n for kind, n in result.counts.items()},
                "not_run": {kind.value: why for kind, why in result.not_run.items()},
                "notices": list(result.notices),
            }
        )
    data = {
        "version": JSON_SCHEMA_VERSION,
        "checks": [spec.kind.value for spec in CHECKS if spec.kind in enabled],
        "issues": sum(result.total for result in results),
        "systems": systems,
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
