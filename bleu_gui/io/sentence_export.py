"""The sentence table of one or several systems, from the core's scores: `Table`.

The command line's `--export` writes it (`table_export.write_table`, the window's
writers). Every row is a segment, in corpus order; each system has its columns:
sentence BLEU, Δ to the first system (the baseline; several systems only), the
hypothesis and reference lengths, the brevity penalty, the precisions and the
hypothesis. The cells' texts read as the window's cells (`io.cell_text`); the values are
unrounded.

With what-if edits (issue 15) a system's hypothesis column holds the edited texts,
its numbers are those of the edited statistics (`SystemSentences.of`), and when any
system has edits each system gets an "Edited" column after its hypothesis: "yes"
on an edited row, empty elsewhere, so that a reader of the file knows which rows
are not the system's output.

An XLSX export also shows each system's track changes into its closest reference
(a "Changes" column after its hypothesis, `SystemSentences.changes`), as rich
text: only a spreadsheet can show them as a translator reads them, and the other
formats keep the numbers a program reads.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bleu_gui.core.changes import markup
from bleu_gui.core.config import BleuConfig
from bleu_gui.core.edits import Edits, apply_edits, edited_hypotheses
from bleu_gui.core.result import SentenceScores
from bleu_gui.core.scoring import score_sentences
from bleu_gui.core.stats import CorpusStats
from bleu_gui.io.bundle import Units
from bleu_gui.io.cell_text import Shown
from bleu_gui.io.sentence_columns import (
    COLUMN_SPECS,
    ColumnKey,
    ColumnKind,
    column_words,
)
from bleu_gui.io.table_export import CellType, Table, TableColumn, Value

if TYPE_CHECKING:  # counted by the caller; its library is not an export's
    from bleu_gui.core.changes import TextChanges
    from bleu_gui.core.effort import Effort
    from bleu_gui.core.qa import QaResult

__all__ = [
    "CHANGES_HEADER",
    "DOCUMENT_HEADER",
    "EDITED",
    "SystemSentences",
    "delta_header",
    "edited_cell",
    "sentences_table",
    "system_header",
]

CHANGES_HEADER = "Changes into the closest reference"
"""The header of a system's track changes (XLSX exports)."""

DOCUMENT_HEADER = "Document"
"""The header of a segment's document id (sentence exports, the documents table)."""

EDITED = "yes"
"""The "Edited" column's text on an edited row (empty elsewhere)."""


def edited_cell(edited: bool) -> str:
    """The "Edited" column's cell: `EDITED` or empty (one rule for every export)."""
    return EDITED if edited else ""


def system_header(header: str, system: str) -> str:
    """The header of a column of `system`'s, where a table holds several systems'.

    One rule for every export (the command line's and the window's, any format):
    "BLEU: Online-W", so that a file read without the window says whose numbers
    each column holds (the window's letters A and B do not).
    """
    return f"{header}: {system}"


def delta_header(baseline: str, system: str) -> str:
    """The header of `system`'s sentence BLEU minus `baseline`'s."""
    return system_header(f"Δ − {baseline}", system)


@dataclass(frozen=True, slots=True)
class SystemSentences:
    """One system's sentences as the table takes them.

    Attributes:
        name: how the columns name it.
        scores: its sentence scores (NaN where a compatibility mode cannot score).
        hyp_len: its hypotheses' lengths in tokens.
        texts: its hypotheses (edited where it has edits).
        edited: the rows (0-based) whose hypothesis is a what-if edit.
        effort: its post-editing effort (`core.effort`), for the effort columns;
            None: none are exported.
        changes: each row's track changes from its hypothesis into the closest
            reference (`core.changes.closest_changes`), for the "Changes"
            column; None: no such column.
        qa: its QA issues (`core.qa`), for the QA columns (the count, and the
            issues' text, `io.qa_text`); None: none are exported (no source).
    """

    name: str
    scores: SentenceScores
    hyp_len: npt.NDArray[np.int64]
    texts: Sequence[str]
    edited: frozenset[int] = field(default=frozenset())
    effort: Effort | None = None
    changes: Sequence[TextChanges] | None = None
    qa: QaResult | None = None

    @classmethod
    def of(
        cls,
        name: str,
        stats: CorpusStats,
        texts: Sequence[str],
        config: BleuConfig,
        edits: Edits | None = None,
    ) -> SystemSentences:
        """A system's sentences as read, or with `edits`: texts, numbers and marks.

        The one place an export sees a system through its edits: the texts are
        `edited_hypotheses`, the numbers come from `apply_edits`'s statistics.
        """
        edits = edits or Edits()
        edited = apply_edits(stats, edits)
        return cls(
            name,
            score_sentences(edited, config),
            edited.hyp_len,
            edited_hypotheses(texts, edits),
            frozenset(line.row for line in edits),
        )


@dataclass(frozen=True, slots=True)
class _Spec:
    """A number column: its header and how its numbers read."""

    header: str
    shown: Shown

    @classmethod
    def of(cls, kind: ColumnKind, order: int = 0) -> _Spec:
        """The window's column of `kind` (`COLUMN_SPECS`): its header, its reading."""
        shown = COLUMN_SPECS[kind].shown
        assert shown is not None, f"{kind} is not a column of numbers"
        return cls(column_words(ColumnKey(kind, order))[0], shown)


def sentences_table(
    systems: Sequence[SystemSentences],
    *,
    title: str,
    signature: Sequence[str] = (),
    warnings: Sequence[str] = (),
    documents: Sequence[str] | None = None,
    units: Units | None = None,
) -> Table:
    """Every segment with every system's columns (the first system the baseline).

    `warnings`: the warnings about the systems' files (`io.notices`), which the
    table carries under its signature. `units`: each segment's unit, when the
    test set has them (XLIFF, TMX, a spreadsheet): a "Unit" (or "Row") column
    after the segment number. `documents`: each segment's document id, when the
    test set has them (WMT XML and SGML): a "Document" column after those.

    Raises:
        ValueError: no system, systems of different numbers of segments, or
            document ids or units of another number.
    """
    if not systems:
        raise ValueError("no system to export")
    size = len(systems[0].texts)
    if any(len(s.texts) != size or s.scores.score.size != size for s in systems):
        raise ValueError("the systems have different numbers of segments")
    if documents is not None and len(documents) != size:
        raise ValueError(f"{len(documents)} document ids for {size} segments")
    if units is not None and len(units.names) != size:
        raise ValueError(f"{len(units.names)} units for {size} segments")
    several = len(systems) > 1
    marked = any(system.edited for system in systems)
    columns: list[TableColumn] = [TableColumn("#", CellType.INTEGER, "", "0")]
    if units is not None:
        columns.append(TableColumn(units.header, CellType.TEXT))
    if documents is not None:
        columns.append(TableColumn(DOCUMENT_HEADER, CellType.TEXT))
    number_columns: list[tuple[_Spec, npt.NDArray[np.float64]]] = []
    text_columns: list[Sequence[str]] = []
    edited_columns: list[frozenset[int]] = []
    qa_columns: list[QaResult] = []
    changes_columns: dict[int, Sequence[TextChanges | None]] = {}
    # ("n", index) a number, ("t", index) a text, ("e", index) an "Edited" mark,
    # ("c", column) track changes, ("q", index) a system's QA issues in words
    layout: list[tuple[str, int]] = []
    baseline = systems[0].scores.score
    for position, system in enumerate(systems):
        scores = system.scores
        ref_len = np.where(np.isnan(scores.score), np.nan, scores.ref_len)
        parts: list[tuple[_Spec, npt.NDArray[np.float64]]] = [
            (_Spec.of(ColumnKind.BLEU), scores.score)
        ]
        if several and position:
            shown = _Spec.of(ColumnKind.DELTA).shown
            delta = _Spec(delta_header(systems[0].name, system.name), shown)
            parts.append((delta, scores.score - baseline))
        parts += [
            (_Spec.of(ColumnKind.HYP_LEN), system.hyp_len.astype(np.float64)),
            (_Spec.of(ColumnKind.REF_LEN), ref_len.astype(np.float64)),
            (_Spec.of(ColumnKind.BP), scores.bp),
        ]
        parts += [
            (_Spec.of(ColumnKind.PRECISION, order), scores.precisions[:, order - 1])
            for order in range(1, scores.precisions.shape[1] + 1)
        ]
        effort = system.effort
        if effort is not None:
            parts += [
                (_Spec.of(ColumnKind.WORD_EDITS), effort.word_rate()),
                (_Spec.of(ColumnKind.CHAR_EDITS), effort.char_rate()),
                (_Spec.of(ColumnKind.BAND), effort.band_lows()),
                (_Spec.of(ColumnKind.CLOSEST_REF), effort.reference_numbers()),
            ]
        qa = system.qa
        if qa is not None:
            counts = np.zeros(size, dtype=np.float64)
            for row, found in qa.by_row.items():
                counts[row] = len(found)
            parts.append((_Spec.of(ColumnKind.QA), counts))
        for spec, array in parts:
            header = spec.header
            if several and spec.shown is not Shown.DELTA:
                header = system_header(header, system.name)
            integer = spec.shown is Shown.INTEGER
            kind = CellType.INTEGER if integer else CellType.NUMBER
            columns.append(TableColumn(header, kind, "", spec.shown.number_format))
            layout.append(("n", len(number_columns)))
            number_columns.append((spec, array))
        if qa is not None:
            issues = column_words(ColumnKey(ColumnKind.QA_ISSUES))[0]
            header = system_header(issues, system.name) if several else issues
            columns.append(TableColumn(header, CellType.TEXT))
            layout.append(("q", len(qa_columns)))
            qa_columns.append(qa)
        text = column_words(ColumnKey(ColumnKind.HYPOTHESIS))[0]
        header = system_header(text, system.name) if several else text
        columns.append(TableColumn(header, CellType.TEXT))
        layout.append(("t", len(text_columns)))
        text_columns.append(system.texts)
        if marked:
            columns.append(
                TableColumn(
                    system_header("Edited", system.name) if several else "Edited",
                    CellType.TEXT,
                )
            )
            layout.append(("e", len(edited_columns)))
            edited_columns.append(system.edited)
        if system.changes is not None:
            if len(system.changes) != size:
                raise ValueError(f"{len(system.changes)} changes for {size} segments")
            header = CHANGES_HEADER
            columns.append(
                TableColumn(
                    system_header(header, system.name) if several else header,
                    CellType.TEXT,
                )
            )
            layout.append(("c", len(columns) - 1))
            changes_columns[len(columns) - 1] = system.changes
    lists = [array.tolist() for _, array in number_columns]
    if qa_columns:  # the checks' words load only for a table that has them
        from bleu_gui.io.qa_text import issues_text
    values_rows: list[tuple[Value, ...]] = []
    text_rows: list[tuple[str, ...]] = []
    for row in range(size):
        values: list[Value] = [row + 1]
        texts: list[str] = [str(row + 1)]
        if units is not None:
            values.append(units.names[row])
            texts.append(units.names[row])
        if documents is not None:
            values.append(documents[row])
            texts.append(documents[row])
        for part, index in layout:
            if part == "q":
                text = issues_text(qa_columns[index].row_issues(row))
                values.append(text)
                texts.append(text)
                continue
            if part == "c":
                tracked = changes_columns[index][row]
                text = "" if tracked is None else markup(tracked)
                values.append(text)
                texts.append(text)
                continue
            if part in ("t", "e"):
                text = (
                    text_columns[index][row]
                    if part == "t"
                    else edited_cell(row in edited_columns[index])
                )
                values.append(text)
                texts.append(text)
                continue
            spec = number_columns[index][0]
            value = lists[index][row]
            texts.append(spec.shown.text(value))
            if math.isnan(value):
                values.append(None)
            else:
                values.append(int(value) if spec.shown is Shown.INTEGER else value)
        values_rows.append(tuple(values))
        text_rows.append(tuple(texts))
    return Table(
        title,
        tuple(columns),
        values_rows,
        text_rows,
        tuple(signature),
        tuple(warnings),
        changes_columns,
    )
