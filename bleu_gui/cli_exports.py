"""`-d/--documents`' table, and the files `--export` and `--export-systems` write.

The window's tables, made and written by the command line with the window's own
builders and writers: what `bleu-gui score` adds beyond sacreBLEU's output. Their
modules are imported only when asked for, so that a plain score starts without
them (`tests/cli/test_cli_startup.py`).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bleu_gui.cli_counts import as_arrays
from bleu_gui.cli_render import score_system
from bleu_gui.core import BleuConfig, ConfigError
from bleu_gui.core.counts import Counts
from bleu_gui.io import Corpus
from bleu_gui.io.errors import display_name

if TYPE_CHECKING:
    from bleu_gui.core.significance import Identity, SystemResult
    from bleu_gui.io.bundle import Selection, Units
    from bleu_gui.io.systems_table import TestRun
    from bleu_gui.io.table_export import Table

__all__ = [
    "check_documents",
    "check_systems_export",
    "export_sentences",
    "export_systems",
    "scores_by_document",
]


def check_documents(
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


def scores_by_document(
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
    scores = [document_scores(stats, documents, config) for stats in as_arrays(every)]
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


def export_sentences(
    path: Path,
    systems: Sequence[Corpus],
    every: Sequence[Counts],
    names: Sequence[str],
    config: BleuConfig,
    warnings: Sequence[str],
    documents: Sequence[str] | None = None,
    units: Units | None = None,
    languages: Sequence[str] | None = None,
) -> None:
    """Write `--export`'s sentence table: the window's writers, whole or not at all.

    Each system's columns include its post-editing effort (edit rates and band
    against the closest reference, `core.effort`), as the window's table does;
    an XLSX file also its track changes into that reference (rich text). With a
    source (`--src`, a test-set file's, XLIFF and TMX files' own) its QA issues
    (`core.qa`, every check; `languages`: the source and target languages, for
    the numbers), as `bleu-gui qa` finds them.

    `warnings`: those said on stderr about the files, which the table carries.
    `documents`, `units`: each segment's document id and unit, if the test set
    has them (a column each).

    Raises:
        InputError: the file cannot be written (nothing is left of it then).
    """
    from bleu_gui.core.changes import closest_changes
    from bleu_gui.core.effort import effort_of
    from bleu_gui.core.qa import qa_of
    from bleu_gui.io.sentence_export import SystemSentences, sentences_table
    from bleu_gui.io.table_export import ExportFormat, format_of, write_table

    rich = format_of(path) is ExportFormat.XLSX
    sentences = []
    signature = ""
    for corpus, stats, name in zip(systems, as_arrays(every), names, strict=True):
        scored = score_system(corpus, stats, config, sentences=True)
        assert scored.sentences is not None  # asked for
        signature = signature or scored.signatures.sentence  # the first system's
        hypotheses = corpus.hypothesis.lines
        references = [reference.lines for reference in corpus.references]
        effort = effort_of(hypotheses, references)
        changes = (
            list(closest_changes(hypotheses, references, effort.closest.tolist()))
            if rich
            else None
        )
        sentences.append(
            SystemSentences(
                name,
                scored.sentences,
                stats.hyp_len,
                hypotheses,
                effort=effort,
                changes=changes,
                qa=None
                if (source := corpus.source) is None
                else qa_of(
                    hypotheses,
                    source.lines,
                    source_tags=source.tags,
                    hypothesis_tags=corpus.hypothesis.tags,
                    source_language=(languages or (None, None))[0],
                    target_language=(languages or (None, None))[1],
                ),
            )
        )
    table = sentences_table(
        sentences,
        title=f"Sentences of {', '.join(names)}",
        signature=[f"Sentence BLEU: {signature}"],
        warnings=warnings,
        documents=documents,
        units=units,
    )
    write_table(path, table)


def check_systems_export(path: Path, names: Sequence[str]) -> None:
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


def export_systems(
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
        as_arrays(every),
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
