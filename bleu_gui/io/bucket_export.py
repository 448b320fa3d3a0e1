"""The Buckets export: sentence buckets and word buckets, as one table to write.

`bleu-gui buckets --export FILE` and the Buckets tab's Export… both build this
table from the same results the views show (`core.buckets.BucketTable`,
`core.word_buckets.WordTable`) and write it with the project's table writers
(`io.table_export.write_table`: CSV, TSV, JSON, XLSX, Markdown, LaTeX). Nothing
is computed here.

One row per bucket and system, the kinds one after the other (the sentence views,
then word frequency), so that one sheet holds both tables and a spreadsheet can
filter by its first column. A column a kind has not (Δ for a word bucket, P for a
sentence bucket) is empty. What the numbers are goes into the signature lines the
formats print on top (or in JSON's "signature"): the subset test with its
resamples and seed, the matching rule, and which frequencies the words were
bucketed by: the same words the window and the report print.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bleu_gui.core.buckets import (
    SUBSET_TEST_NOTE,
    WORD_FREQUENCY,
    BucketRow,
    BucketTable,
)
from bleu_gui.core.word_buckets import MATCHING_RULE, WordTable
from bleu_gui.io.table_export import CellType, Table, TableColumn, Value

__all__ = ["BUCKET_COLUMNS", "bucket_export_table", "bucket_notes"]

_TEXT = CellType.TEXT
_INT = CellType.INTEGER
BUCKET_COLUMNS = (
    TableColumn("Kind", _TEXT),
    TableColumn("Bucket", _TEXT),
    TableColumn("From", name="From (included)"),
    TableColumn("To", name="To (excluded)"),
    TableColumn("Sentences", _INT),
    TableColumn("System", _TEXT),
    TableColumn("BLEU", number_format="0.00"),
    TableColumn("Δ", name="Δ BLEU against the baseline", number_format="0.00"),
    TableColumn("p", name="p-value (subset test)", number_format="0.0000"),
    TableColumn("μ", name="Bootstrap mean BLEU", number_format="0.00"),
    TableColumn("± 95%", name="Bootstrap 95% half-width", number_format="0.00"),
    TableColumn("Matched", _INT),
    TableColumn("Words", _INT, name="Hypothesis words"),
    TableColumn("Ref words", _INT, name="Reference words"),
    TableColumn("P (%)", name="Word precision (%)", number_format="0.00"),
    TableColumn("R (%)", name="Word recall (%)", number_format="0.00"),
    TableColumn("F (%)", name="Word F-measure (%)", number_format="0.00"),
)
"""The export's columns (a kind's rows leave the others' empty)."""

_Row = tuple[tuple[Value, ...], tuple[str, ...]]


def bucket_notes(
    names: Sequence[str], tables: Sequence[BucketTable], words: WordTable | None
) -> tuple[str, ...]:
    """The lines that say what the numbers are, as the window's notes say them."""
    notes = [
        f"Sentences bucketed by {names[0]}'s values (the same sentences for every "
        "system); BLEU: the corpus BLEU of the bucket's sentences."
    ]
    tested = next((table for table in tables if table.samples), None)
    if tested is not None:
        notes.append(
            f"{SUBSET_TEST_NOTE} {tested.samples:,} resamples, seed {tested.seed}."
        )
    elif tables and len(names) > 1:
        notes.append(f"No paired test: {tables[0].untested}.")
    if words is not None:
        notes.append(f"Word buckets: {words.frequency}. {MATCHING_RULE}")
    return tuple(notes)


def bucket_export_table(
    names: Sequence[str],
    tables: Sequence[BucketTable],
    words: WordTable | None,
    *,
    title: str,
    signature: Sequence[str] = (),
    warnings: Sequence[str] = (),
) -> Table:
    """The sentence buckets of `tables` and the word buckets of `words` as one table.

    `names`: the systems, the baseline first, in the results' order; `signature`:
    lines put before the notes (the files, sacreBLEU's signature).
    """
    rows: list[_Row] = []
    for table in tables:
        for row in table.rows:
            rows += _sentence_rows(names, table, row)
    if words is not None:
        for word_row in words.rows:
            bucket = word_row.bucket
            for name, counts in zip(names, word_row.systems, strict=True):
                scores = (counts.precision, counts.recall, counts.f_measure)
                rows.append(
                    _row(
                        WORD_FREQUENCY,
                        bucket.label,
                        _bound(bucket.low),
                        _bound(bucket.high),
                        None,
                        name,
                        (None,) * 5,
                        (counts.matched, counts.hypothesis, counts.reference),
                        tuple(_percent(value) for value in scores),
                    )
                )
    return Table(
        title,
        BUCKET_COLUMNS,
        [values for values, _ in rows],
        [texts for _, texts in rows],
        (*signature, *bucket_notes(names, tables, words)),
        tuple(warnings),
    )


def _sentence_rows(
    names: Sequence[str], table: BucketTable, row: BucketRow
) -> list[_Row]:
    bucket, test = row.bucket, row.test
    results = None if test is None else (test.baseline, *test.systems)
    out = []
    for k, name in enumerate(names):
        result = None if results is None else results[k]
        delta = None if k == 0 else _finite(row.delta(k))
        p = None if result is None or k == 0 else result.p_value
        mean = None if result is None else result.mean
        ci = None if result is None else result.ci
        out.append(
            _row(
                table.kind.value,
                bucket.label,
                _bound(bucket.low),
                _bound(bucket.high),
                row.sentences,
                name,
                (_finite(row.bleu[k]), delta, p, mean, ci),
                (None, None, None),
                (None, None, None),
            )
        )
    return out


def _row(
    kind: str,
    label: str,
    low: float | None,
    high: float | None,
    sentences: int | None,
    system: str,
    scores: tuple[float | None, ...],
    counts: tuple[int | None, ...],
    percents: tuple[float | None, ...],
) -> _Row:
    """One row's values and texts (numbers with the window's two decimals)."""
    values: tuple[Value, ...] = (
        kind,
        label,
        low,
        high,
        sentences,
        system,
        *scores,
        *counts,
        *percents,
    )
    digits = (2, 2, 4, 2, 2)
    texts = (
        kind,
        label,
        _plain(low),
        _plain(high),
        "" if sentences is None else str(sentences),
        system,
        *(_text(value, d) for value, d in zip(scores, digits, strict=True)),
        *("" if count is None else str(count) for count in counts),
        *(_text(value, 2) for value in percents),
    )
    return values, texts


def _finite(value: float) -> float | None:
    return None if math.isnan(value) else value


def _bound(value: float) -> float | None:
    """A bucket's edge; None for the open end (±∞)."""
    return None if math.isinf(value) else value


def _percent(value: float) -> float | None:
    return None if math.isnan(value) else 100 * value


def _plain(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def _text(value: float | None, digits: int) -> str:
    return "" if value is None else f"{value:.{digits}f}"
