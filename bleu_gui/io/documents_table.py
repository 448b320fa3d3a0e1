"""The documents table as exported, copied and printed: one row per document.

The window's Documents dock shows it (`models.documents_model`), File › Export ›
Documents table writes it, Ctrl+C in the dock copies its selected rows, and
`bleu-gui score --documents` prints it: all from `documents_table`, so that the
four say the same. Its numbers are `core.documents.document_scores` (each
document's corpus BLEU, sacreBLEU's `corpus_bleu` of its lines), never computed
here. Each cell's text is `score_text`'s, the dock's. No Qt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from bleu_gui.core.documents import Documents, document_deltas
from bleu_gui.core.number_text import MINUS, fixed
from bleu_gui.core.number_text import signed as signed_text
from bleu_gui.io.sentence_export import DOCUMENT_HEADER, delta_header, system_header
from bleu_gui.io.table_export import CellType, Table, TableColumn, Value

__all__ = ["DOCUMENT_HEADER", "SEGMENTS_HEADER", "documents_table", "score_text"]

SEGMENTS_HEADER = "Segments"


def score_text(value: float, *, signed: bool) -> str:
    """A document's BLEU (or Δ, `signed`) as the dock shows it: 2 decimals.

    A Δ has its sign, minus signs are real minus signs, and a document the mode
    cannot score (NaN) is "—".
    """
    if math.isnan(value):
        return "—"
    return (signed_text if signed else fixed)(value, 2, minus=MINUS)


def documents_table(
    documents: Documents,
    names: Sequence[str],
    scores: Sequence[npt.NDArray[np.float64]],
    *,
    pair: tuple[int, int] | None = None,
    rows: Sequence[int] | None = None,
    title: str,
    signature: Sequence[str] = (),
    warnings: Sequence[str] = (),
) -> Table:
    """Documents `rows` (positions; None: all, in order) with every system's BLEU.

    Columns: the id, the number of segments, with a `pair` (A, B positions in
    `names`) the Δ = B − A (where the dock shows it, right after the counts),
    then each system's BLEU, headed with its name (`system_header`).

    Raises:
        ValueError: `scores` and `names` differ in number.
    """
    if len(scores) != len(names):
        raise ValueError(f"{len(scores)} systems' scores for {len(names)} names")
    numbers: list[tuple[TableColumn, npt.NDArray[np.float64], bool]] = []
    if pair is not None:
        a, b = pair
        column = TableColumn(
            delta_header(names[a], names[b]),
            CellType.NUMBER,
            number_format="+0.00;-0.00;+0.00",
        )
        numbers.append((column, document_deltas(scores[a], scores[b]), True))
    for name, system_scores in zip(names, scores, strict=True):
        column = TableColumn(
            system_header("BLEU", name), CellType.NUMBER, number_format="0.00"
        )
        numbers.append((column, system_scores, False))
    columns = (
        TableColumn(DOCUMENT_HEADER, CellType.TEXT),
        TableColumn(SEGMENTS_HEADER, CellType.INTEGER, number_format="0"),
        *(column for column, _, _ in numbers),
    )
    sizes = documents.sizes
    values: list[tuple[Value, ...]] = []
    texts: list[tuple[str, ...]] = []
    for document in range(len(documents)) if rows is None else rows:
        size = int(sizes[document])
        row_values: list[Value] = [documents.ids[document], size]
        row_texts = [documents.ids[document], str(size)]
        for _, array, signed in numbers:
            value = float(array[document])
            row_values.append(None if math.isnan(value) else value)
            row_texts.append(score_text(value, signed=signed))
        values.append(tuple(row_values))
        texts.append(tuple(row_texts))
    return Table(title, columns, values, texts, tuple(signature), tuple(warnings))
