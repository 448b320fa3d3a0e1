"""The window's tables as exported tables (`io.table_export.Table`), from the models.

The sentence table is exported as shown: the rows the filter kept, in the order
they are sorted, the columns the column chooser shows; its values and texts are
the model's own (`SentenceTableModel.row_export`), never a widget's, so that a
CSV shows exactly what the cells do. With a pair of systems the pair's columns
(A, B, Δ, swap) come with it, and every column is headed with its system's name
(`_pair_header`), as the command line's are. With what-if edits of the
shown system (issue 15) the hypothesis column holds the edited texts and an
"Edited" column ("yes" or empty, `io.sentence_export.edited_cell`) comes last;
the numbers are the model's, which shows the scores with the edits.

The systems table is exported with the columns it fills: an empty test column
(no test has run) is left out, and the test's description, which is the same on
every row, goes under the table with the signature instead of into every row.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt

from bleu_gui.core.edits import Edits
from bleu_gui.io.cell_text import Shown
from bleu_gui.io.sentence_columns import COLUMN_SPECS, LATER_KINDS
from bleu_gui.io.sentence_export import (
    CHANGES_HEADER,
    DOCUMENT_HEADER,
    delta_header,
    edited_cell,
    system_header,
)
from bleu_gui.io.systems_table import systems_table as systems_rows_table
from bleu_gui.io.table_export import CellType, Table, TableColumn, Value
from bleu_gui.models.sentence_table import (
    ColumnKey,
    ColumnKind,
    SentenceTableModel,
)
from bleu_gui.models.systems_model import SystemsModel

if TYPE_CHECKING:  # its library loads when changes are exported
    from bleu_gui.core.changes import TextChanges

__all__ = [
    "NOT_SCORED",
    "EditMarks",
    "edit_marks",
    "sentence_table",
    "sentence_table_steps",
    "systems_table",
]

ROWS_STEP = 200  # rows collected per step of `sentence_table_steps`
# With track changes (XLSX), a row costs about 0.35 ms more (`core.changes`):
# 200 of them would hold the GUI thread for 70 ms in one slice.
CHANGES_ROWS_STEP = 20
NOT_SCORED = "the sentences are still being scored: export them once the scores show"


def sentence_table(
    model: SentenceTableModel,
    shown: Sequence[ColumnKey],
    *,
    title: str,
    signature: Sequence[str] = (),
    table_rows: Sequence[int] | None = None,
    edits: Edits | None = None,
    marks: Sequence[EditMarks] = (),
    warnings: Sequence[str] = (),
    documents: Sequence[str] | None = None,
) -> Table:
    """`sentence_table_steps` at once: for a few rows (a copy of the selection)."""
    steps = sentence_table_steps(
        model,
        shown,
        title=title,
        signature=signature,
        table_rows=table_rows,
        edits=edits,
        marks=marks,
        warnings=warnings,
        documents=documents,
    )
    while True:
        try:
            next(steps)
        except StopIteration as end:
            table: Table = end.value
            return table


def sentence_table_steps(
    model: SentenceTableModel,
    shown: Sequence[ColumnKey],
    *,
    title: str,
    signature: Sequence[str] = (),
    table_rows: Sequence[int] | None = None,
    edits: Edits | None = None,
    marks: Sequence[EditMarks] = (),
    warnings: Sequence[str] = (),
    documents: Sequence[str] | None = None,
    changes: Callable[[int], TextChanges | None] | None = None,
) -> Generator[tuple[int, int, str], None, Table]:
    """The sentence table's rows (all shown, or `table_rows`) and `shown` columns.

    Yields (rows done, rows, label) every `ROWS_STEP` rows: formatting 100,000
    rows takes seconds, which the window spends in slices (`SliceWorker`); the
    caller must stop the steps if the model changes meanwhile. Returns the table.
    `shown`: the columns to export, left to right (the view's `shown_columns`).
    The text column holds each hypothesis whole (a cell shows 2,000 characters).
    `edits`: the shown system's what-if edits: the text column shows them.
    `marks`: an "Edited" column for each system whose scores the table shows
    (`edit_marks`), added last; none when no system has edits. `warnings`: those
    about the shown systems' files (`io.notices`), carried under the signature.
    `documents`: each segment's document id (in corpus order), when the test set
    has them: a "Document" column after the segment number and the unit (first
    without them). `changes`: a corpus row's track changes into its closest
    reference (None: not counted yet, an empty cell), for the XLSX export's
    "Changes" column, added last (`io.sentence_export.CHANGES_HEADER`).

    Raises:
        ValueError: the scores are still being computed (`NOT_SCORED`).
    """
    positions = [model.column_of(key) for key in shown]
    keys = [key for key, at in zip(shown, positions, strict=True) if at is not None]
    columns = [at for at in positions if at is not None]
    rows = range(model.rowCount()) if table_rows is None else table_rows
    total = len(rows)
    values: list[tuple[Value, ...]] = []
    texts: list[tuple[str, ...]] = []
    is_text = [key.kind is ColumnKind.HYPOTHESIS for key in keys]
    later = [key.kind in LATER_KINDS for key in keys]  # counted after the scores
    # Where the document id goes: after the segment number and the unit, if shown
    # (the command line's order: "#", "Unit", "Document").
    at = 0
    for kind in (ColumnKind.NUMBER, ColumnKind.UNIT):
        if at < len(keys) and keys[at].kind is kind:
            at += 1
    tracked: list[TextChanges | None] = []
    if changes is not None:
        from bleu_gui.core.changes import markup
    edited = edits.texts() if edits else {}
    marked = [(header, system_edits.texts()) for header, system_edits in marks]
    if not any(lines for _, lines in marked):
        marked = []
    step = ROWS_STEP if changes is None else CHANGES_ROWS_STEP
    for done, row in enumerate(rows):
        if done % step == 0:
            yield done, total, "Collecting the sentences"
        raw, cells = model.row_export(row)
        corpus_row = model.corpus_row(row)
        line = edited.get(corpus_row)
        picked = tuple(
            line if text and line is not None else _value(raw[column])
            for text, column in zip(is_text, columns, strict=True)
        )
        if any(
            value is _PENDING and not counting
            for value, counting in zip(picked, later, strict=True)
        ):
            raise ValueError(NOT_SCORED)
        # An effort or QA still being counted is exported empty, not waited for.
        picked = tuple(None if value is _PENDING else value for value in picked)
        shown_texts = tuple(
            str(value) if text else ("" if value is None and count else cells[column])
            for text, count, column, value in zip(
                is_text, later, columns, picked, strict=True
            )
        )
        cells_marked = tuple(edited_cell(corpus_row in lines) for _, lines in marked)
        picked, shown_texts = (*picked, *cells_marked), (*shown_texts, *cells_marked)
        if changes is not None:
            row_changes = changes(corpus_row)
            tracked.append(row_changes)
            text = "" if row_changes is None else markup(row_changes)
            picked, shown_texts = (*picked, text), (*shown_texts, text)
        if documents is not None:
            document = documents[corpus_row]
            picked = (*picked[:at], document, *picked[at:])
            shown_texts = (*shown_texts[:at], document, *shown_texts[at:])
        values.append(picked)
        texts.append(shown_texts)
    table_columns = tuple(
        _sentence_column(model, key, column)
        for key, column in zip(keys, columns, strict=True)
    )
    if documents is not None:
        document_column = TableColumn(DOCUMENT_HEADER, CellType.TEXT)
        table_columns = (*table_columns[:at], document_column, *table_columns[at:])
    table_columns += tuple(TableColumn(header, CellType.TEXT) for header, _ in marked)
    rich: dict[int, Sequence[TextChanges | None]] = {}
    if changes is not None:
        names = model.pair_names
        header = CHANGES_HEADER
        if names is not None:
            header = system_header(header, names[1])
        rich[len(table_columns)] = tracked
        table_columns += (TableColumn(header, CellType.TEXT),)
    return Table(
        title,
        table_columns,
        values,
        texts,
        tuple(signature),
        tuple(warnings),
        rich,
    )


_PENDING: Any = object()  # a score still being computed

EditMarks = tuple[str, Edits]
"""An "Edited" column: its header, and the edits of the system it marks."""


def edit_marks(
    shown: Edits, pair: tuple[tuple[str, Edits], tuple[str, Edits]] | None = None
) -> tuple[EditMarks, ...]:
    """The "Edited" columns of a sentence table whose scores are of these systems.

    One system: "Edited", its edits. A pair of systems (`pair`: A's and B's
    names and edits): a column for each, "Edited: <name>", so that a row whose
    A was edited (Take B's sentence) is marked too, not only B's. None of them
    when no system has edits (`sentence_table_steps` leaves them out).
    """
    if pair is None:
        return (("Edited", shown),)
    return tuple((system_header("Edited", name), edits) for name, edits in pair)


def _value(raw: Any) -> Value:
    """A raw cell value as exported: NaN (no value) as None."""
    if raw is None:
        return _PENDING  # type: ignore[no-any-return]
    if isinstance(raw, float) and math.isnan(raw):
        return None
    if isinstance(raw, float | int | str):
        return raw
    return str(raw)


def _sentence_column(
    model: SentenceTableModel, key: ColumnKey, column: int
) -> TableColumn:
    spec = COLUMN_SPECS[key.kind]
    shown = spec.shown
    if spec.text:
        cell_type, number_format = CellType.TEXT, "General"
    elif shown is None:  # the cost column: its own unit, shown as Excel likes
        cell_type, number_format = CellType.NUMBER, "General"
    else:
        integer = shown is Shown.INTEGER
        cell_type = CellType.INTEGER if integer else CellType.NUMBER
        number_format = shown.number_format
    header = str(model.headerData(column, Qt.Orientation.Horizontal))
    name = "Cost (BLEU points)" if key.kind is ColumnKind.COST else header
    names = model.pair_names if model.pair is not None else None
    if names is not None and key.kind is not ColumnKind.NUMBER:
        header, name = (_pair_header(key.kind, text, *names) for text in (header, name))
    return TableColumn(header, cell_type, "" if name == header else name, number_format)


def _pair_header(kind: ColumnKind, header: str, a: str, b: str) -> str:
    """A column's exported header with a pair shown: named for its system.

    The window heads A's and B's columns with letters (the pair bar names
    them); a file read without the window needs the names (`system_header`,
    the command line's rule). Every column but A's is B's, the shown system.
    """
    match kind:
        case ColumnKind.A_BLEU:
            return system_header("BLEU", a)
        case ColumnKind.B_BLEU:
            return system_header("BLEU", b)
        case ColumnKind.DELTA:
            return delta_header(a, b)
        case ColumnKind.SWAP:
            return system_header(f"Swap into {a}", b)
        case _:
            return system_header(header, b)


def systems_table(model: SystemsModel, warnings: Sequence[str] = ()) -> Table:
    """The systems table as shown (`io.systems_table.systems_table` of its rows).

    `warnings`: those about the systems' files (`io.notices`).
    """
    stale = model.stale_reason() if model.result is not None else None
    return systems_rows_table(model.rows_shown(), stale=stale, warnings=warnings)
