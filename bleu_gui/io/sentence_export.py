"""The sentence table of one or several systems, from the core's scores: `Table`.

The command line's `--export` writes it (`table_export.write_table`, the window's
writers). Every row is a segment, in corpus order; each system has its columns:
sentence BLEU, Δ to the first system (the baseline; several systems only), the
hypothesis and reference lengths, the brevity penalty, the precisions and the
hypothesis. The cells' texts read as the window's cells (`io.cell_text`); the values are
unrounded.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bleu_gui.core.result import SentenceScores
from bleu_gui.io.cell_text import Shown
from bleu_gui.io.table_export import CellType, Table, TableColumn, Value

__all__ = ["SystemSentences", "sentences_table"]


@dataclass(frozen=True, slots=True)
class SystemSentences:
    """One system's sentences as the table takes them.

    Attributes:
        name: how the columns name it.
        scores: its sentence scores (NaN where a compatibility mode cannot score).
        hyp_len: its hypotheses' lengths in tokens.
        texts: its hypotheses.
    """

    name: str
    scores: SentenceScores
    hyp_len: npt.NDArray[np.int64]
    texts: Sequence[str]


@dataclass(frozen=True, slots=True)
class _Spec:
    """A number column: its header and how its numbers read."""

    header: str
    shown: Shown


def sentences_table(
    systems: Sequence[SystemSentences], *, title: str, signature: Sequence[str] = ()
) -> Table:
    """Every segment with every system's columns (the first system the baseline).

    Raises:
        ValueError: no system, or systems of different numbers of segments.
    """
    if not systems:
        raise ValueError("no system to export")
    size = len(systems[0].texts)
    if any(len(s.texts) != size or s.scores.score.size != size for s in systems):
        raise ValueError("the systems have different numbers of segments")
    several = len(systems) > 1
    columns: list[TableColumn] = [TableColumn("#", CellType.INTEGER, "", "0")]
    number_columns: list[tuple[_Spec, npt.NDArray[np.float64]]] = []
    text_columns: list[Sequence[str]] = []
    layout: list[tuple[str, int]] = []  # ("n", index) a number, ("t", index) a text
    baseline = systems[0].scores.score
    for position, system in enumerate(systems):
        scores = system.scores
        ref_len = np.where(np.isnan(scores.score), np.nan, scores.ref_len)
        parts: list[tuple[_Spec, npt.NDArray[np.float64]]] = [
            (_Spec("BLEU", Shown.SCORE), scores.score)
        ]
        if several and position:
            delta = _Spec(f"Δ − {systems[0].name}", Shown.DELTA)
            parts.append((delta, scores.score - baseline))
        parts += [
            (_Spec("Hyp len", Shown.INTEGER), system.hyp_len.astype(np.float64)),
            (_Spec("Ref len", Shown.INTEGER), ref_len.astype(np.float64)),
            (_Spec("BP", Shown.BP), scores.bp),
        ]
        parts += [
            (_Spec(f"p{order}", Shown.SCORE), scores.precisions[:, order - 1])
            for order in range(1, scores.precisions.shape[1] + 1)
        ]
        for spec, array in parts:
            header = f"{spec.header}: {system.name}" if several else spec.header
            integer = spec.shown is Shown.INTEGER
            kind = CellType.INTEGER if integer else CellType.NUMBER
            columns.append(TableColumn(header, kind, "", spec.shown.number_format))
            layout.append(("n", len(number_columns)))
            number_columns.append((spec, array))
        header = f"Hypothesis: {system.name}" if several else "Hypothesis"
        columns.append(TableColumn(header, CellType.TEXT))
        layout.append(("t", len(text_columns)))
        text_columns.append(system.texts)
    lists = [array.tolist() for _, array in number_columns]
    values_rows: list[tuple[Value, ...]] = []
    text_rows: list[tuple[str, ...]] = []
    for row in range(size):
        values: list[Value] = [row + 1]
        texts: list[str] = [str(row + 1)]
        for part, index in layout:
            if part == "t":
                text = text_columns[index][row]
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
    return Table(title, tuple(columns), values_rows, text_rows, tuple(signature))
