"""`bleu-gui buckets`: where a system wins, bucket by bucket (`core.buckets`).

It reads its files and scoring options as `bleu-gui report` does (the first
system is the baseline) and prints, per kind of bucket, each bucket's sentences
and every system's corpus BLEU of them, with the subset paired bootstrap against
the baseline; then word precision, recall and F-measure by reference frequency
(`core.word_buckets`). `-f text` is for reading, `-f json` (`JSON_SCHEMA_VERSION`)
for a pipeline; `--export FILE` writes both tables with the window's table
writers (`io.bucket_export`), and `--freq-corpus FILE` buckets words by their
frequency in a training corpus (`io.frequency_corpus`). Its own module, imported
by `bleu_gui.__main__` only when asked for: `bleu-gui score` never pays for it
(`tests/cli/test_cli_startup.py`).
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence
from pathlib import Path

from bleu_gui.cli_bucket_options import add_bucket_options, bucket_options
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
from bleu_gui.cli_run import emit, run_command
from bleu_gui.cli_significance import seed_from_options
from bleu_gui.core import BleuConfig, ConfigError
from bleu_gui.core.buckets import (
    SUBSET_TEST_NOTE,
    BucketEdges,
    BucketRow,
    BucketTable,
    iter_bucket_table,
)
from bleu_gui.core.steps import drain
from bleu_gui.core.tokenize import Tokenizer, tokenizer_for
from bleu_gui.core.word_buckets import (
    MATCHING_RULE,
    WordFrequency,
    WordTable,
    word_table,
)
from bleu_gui.exit_status import PROG, say
from bleu_gui.io import Corpus, InputError
from bleu_gui.io.bucket_export import bucket_export_table
from bleu_gui.io.frequency_corpus import read_frequency
from bleu_gui.io.table_export import format_of, write_table
from bleu_gui.strict_parser import StrictParser

__all__ = ["JSON_SCHEMA_VERSION", "buckets_main"]

JSON_SCHEMA_VERSION = 1
"""The version of `-f json`'s schema (docs/design.md, "Buckets")."""


def buckets_main(argv: Sequence[str] | None = None) -> int:
    """`bleu-gui buckets REF… -i SYS…`: print the bucket tables; the exit status."""
    return run_command(_buckets_command, argv)


def _build_parser() -> argparse.ArgumentParser:
    parser = StrictParser(
        prog=f"{PROG} buckets",
        description="Where does a system win? Split the sentences into buckets "
        "(by reference length, by hypothesis − reference length, by the baseline's "
        "sentence BLEU: the first system's values, so every system has the same "
        "sentences in a bucket) and print each bucket's sentences and every "
        "system's corpus BLEU of them, with Δ, p and intervals from sacreBLEU's "
        "paired bootstrap run on the bucket's sentences only (a subset test); then "
        "word precision, recall and F-measure by how often a word occurs in the "
        "references.",
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
    add_bucket_options(parser)
    parser.add_argument(
        "--samples",
        type=int,
        default=1000,
        metavar="N",
        help="bootstrap resamples of each bucket's test, 0 for none "
        "(default: %(default)s)",
    )
    parser.add_argument(
        "--seed",
        default=None,
        metavar="SEED",
        help="the random seed, an integer or 'none' (overrides SACREBLEU_SEED)",
    )
    parser.add_argument(
        "--export",
        type=Path,
        default=None,
        metavar="FILE",
        help="also write the tables to FILE (.csv, .tsv, .json, .xlsx, .md, .tex: "
        "by its extension), one row per bucket and system",
    )
    parser.add_argument(
        "-f",
        "--format",
        choices=["text", "json"],
        default="text",
        help="output format (default: %(default)s)",
    )
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


def _buckets_command(args: list[str]) -> int:
    options = _build_parser().parse_args(args)
    warnings = Warnings()
    try:
        encodings = role_encodings(options)
        config = config_from_options(options)
        chosen = bucket_options(options)
        edges = chosen.edges
        if options.samples < 0:
            raise ConfigError(f"--samples must be 0 or more, not {options.samples}")
        if options.export is not None:
            format_of(options.export)  # a wrong extension before any work
        test_set_file = given_test_set_file(options)
        selection = None
        if test_set_file is not None:
            selection = read_test_set_file(test_set_file, options, encodings, warnings)
            options.input = [name for name, _ in selection.systems]
        if not options.input:
            raise ConfigError("give the system outputs after -i (the first: baseline)")
        names = list(dict.fromkeys(options.input))
        if selection is None:
            check_references_once(options.refs)
            systems, _, _ = read_systems(
                options, names, encodings, piped=None, warnings=warnings
            )
        else:
            systems = selected_systems(selection, names)
        check_order_reachable(config, systems)
        stats = as_arrays(count_systems(systems, config, warnings))
        seed = seed_from_options(options, used=len(names) > 1 and options.samples > 0)
        tables = [
            drain(
                iter_bucket_table(
                    kind, stats, config, edges, samples=options.samples, seed=seed
                )
            )
            for kind in chosen.kinds
        ]
        frequency = None
        if chosen.freq_corpus is not None:
            frequency = read_frequency(chosen.freq_corpus, config, options.encoding)
        words = _words(systems, config, edges, frequency) if chosen.words else None
        if options.export is not None:
            first = score_system(systems[0], stats[0], config)
            table = bucket_export_table(
                names,
                tables,
                words,
                title=f"Buckets of {', '.join(names)} (baseline {names[0]})",
                signature=[f"BLEU: {first.signatures.corpus}"],
                warnings=warnings.lines,
            )
            write_table(options.export, table)
    except (InputError, ConfigError, ValueError) as error:
        warnings.flush()
        say(f"{PROG}: error: {error_line(error, options)}")
        return 1
    warnings.flush()
    if options.format == "json":
        text = _json(names, tables, words, edges)
    else:
        text = "\n".join(
            [*(_text_table(names, table) for table in tables)]
            + ([] if words is None else [_text_words(names, words)])
        )
    return emit(text)


def _words(
    systems: Sequence[Corpus],
    config: BleuConfig,
    edges: BucketEdges,
    frequency: WordFrequency | None,
) -> WordTable:
    """The word-frequency table, on the scoring tokenizer's tokens."""
    tokenizer = tokenizer_for(config)
    references = [
        _tokenized(tokenizer, reference.lines) for reference in systems[0].references
    ]
    hypotheses = [tokenizer.tokenize_all(corpus.hypothesis.lines) for corpus in systems]
    return word_table(references, hypotheses, edges, frequency)


def _tokenized(tokenizer: Tokenizer, lines: Sequence[str | None]) -> list[str | None]:
    """A reference stream's tokens, `None` kept where a segment lacks it."""
    return [None if line is None else tokenizer(line) for line in lines]


def _number(value: float | None, decimals: int = 2) -> str:
    """A cell's number; "—" for none (NaN, or no bootstrap mean)."""
    if value is None or math.isnan(value):
        return "—"
    return f"{value:.{decimals}f}"


def _columns(rows: Sequence[Sequence[str]]) -> str:
    """Rows of cells in columns (first left, the rest right), two spaces apart."""
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.ljust(width) if k == 0 else cell.rjust(width)
            for k, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "".join(f"{line}\n" for line in lines)


def _text_table(names: Sequence[str], table: BucketTable) -> str:
    """One kind's table: a bucket a line, BLEU per system, Δ, p and μ ± ci."""
    header = ["bucket", "sentences", *names]
    tested = table.samples > 0
    for name in names[1:]:
        header += [f"Δ {name}"] + (["p"] if tested else [])
    if tested:
        header += [f"μ ± 95% {name}" for name in names]
    rows = [header]
    for row in table.rows:
        rows.append(_text_row(row, len(names), tested))
    head = f"{table.kind.heading}, bucketed by {names[0]}"
    notes = []
    if tested:
        notes.append(
            f"{SUBSET_TEST_NOTE} {table.samples} resamples, seed {table.seed}."
        )
    elif len(names) > 1:
        notes.append(f"No paired test: {table.untested}.")
    if table.unbucketed:
        notes.append(
            f"{table.unbucketed:,} sentences whose baseline BLEU cannot be scored "
            "are in no bucket."
        )
    return f"{head}\n{_columns(rows)}" + "".join(f"{note}\n" for note in notes)


def _text_row(row: BucketRow, systems: int, tested: bool) -> list[str]:
    cells = [row.bucket.label, f"{row.sentences:,}"]
    cells += [_number(score) for score in row.bleu]
    test = row.test
    for k in range(1, systems):
        cells.append(_number(row.delta(k)))
        if tested:
            cells.append("—" if test is None else f"{test.systems[k - 1].p_value:.4f}")
    if tested and test is None:
        cells += ["—"] * systems
    elif tested and test is not None:
        results = [test.baseline, *test.systems]
        cells += [f"{_number(r.mean)} ± {_number(r.ci)}" for r in results]
    return cells


def _text_words(names: Sequence[str], words: WordTable) -> str:
    """The word-frequency table: reference words, then P, R and F per system."""
    header = ["frequency", "ref words"]
    for name in names:
        header += [f"{name} words", "P", "R", "F"]
    rows = [header]
    for row in words.rows:
        cells = [row.bucket.label, f"{row.systems[0].reference:,}"]
        for counts in row.systems:
            cells += [
                f"{counts.hypothesis:,}",
                _number(counts.precision, 4),
                _number(counts.recall, 4),
                _number(counts.f_measure, 4),
            ]
        rows.append(cells)
    head = "Word accuracy by frequency"
    return f"{head}\n{_columns(rows)}{words.frequency}. {MATCHING_RULE}\n"


def _finite(value: float) -> float | None:
    """A number for JSON: NaN becomes null (JSON has no NaN)."""
    return None if math.isnan(value) else value


def _bound(value: float) -> float | None:
    """A bucket's edge for JSON: ±∞ becomes null."""
    return None if math.isinf(value) else value


def _json(
    names: Sequence[str],
    tables: Sequence[BucketTable],
    words: WordTable | None,
    edges: BucketEdges,
) -> str:
    """Every table as one JSON object (the schema: docs/design.md, "Buckets")."""
    data: dict[str, object] = {
        "version": JSON_SCHEMA_VERSION,
        "systems": list(names),
        "baseline": names[0],
        "subset_test": SUBSET_TEST_NOTE,
        "tables": [_json_table(names, table, edges) for table in tables],
    }
    if words is not None:
        data["words"] = {
            "rule": MATCHING_RULE,
            "frequency": words.frequency,
            "edges": list(edges.word_frequency),
            "buckets": [
                {
                    "label": row.bucket.label,
                    "low": _bound(row.bucket.low),
                    "high": _bound(row.bucket.high),
                    "systems": [
                        {
                            "system": name,
                            "matched": counts.matched,
                            "hypothesis_words": counts.hypothesis,
                            "reference_words": counts.reference,
                            "precision": _finite(counts.precision),
                            "recall": _finite(counts.recall),
                            "f_measure": _finite(counts.f_measure),
                        }
                        for name, counts in zip(names, row.systems, strict=True)
                    ],
                }
                for row in words.rows
            ],
        }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _json_table(
    names: Sequence[str], table: BucketTable, edges: BucketEdges
) -> dict[str, object]:
    buckets = []
    for row in table.rows:
        results = [] if row.test is None else [row.test.baseline, *row.test.systems]
        systems: list[dict[str, object]] = []
        for k, name in enumerate(names):
            entry: dict[str, object] = {"system": name, "bleu": _finite(row.bleu[k])}
            if k:
                entry["delta"] = _finite(row.delta(k))
            if results:
                entry["mean"] = results[k].mean
                entry["ci"] = results[k].ci
                if k:
                    entry["p_value"] = results[k].p_value
            systems.append(entry)
        buckets.append(
            {
                "label": row.bucket.label,
                "low": _bound(row.bucket.low),
                "high": _bound(row.bucket.high),
                "sentences": row.sentences,
                "systems": systems,
            }
        )
    return {
        "kind": table.kind.value,
        "heading": table.kind.heading,
        "edges": list(edges.of(table.kind)),
        "unbucketed": table.unbucketed,
        "samples": table.samples,
        "seed": table.seed,
        "untested": table.untested,
        "buckets": buckets,
    }
