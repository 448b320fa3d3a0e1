"""The HTML report's buckets section: where each system wins, by kind of bucket.

Per kind (`core.buckets.BucketKind`): a table (per bucket: its sentences, every
system's corpus BLEU of them and, against the first system, Δ and the subset
paired bootstrap's p) and a bar chart of the BLEU per bucket, rendered from
`Report.buckets`; nothing is computed here. Apart from `report_html` so that
the page's module keeps to the page; the escaping rule and the system colours
are the page's, passed in, as `report_bands` takes them. Then word accuracy by
frequency (`Report.words`, `core.word_buckets`): per frequency bucket, the
reference words and each system's words, precision, recall and F-measure, with
the matching rule in the words every view prints.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from bleu_gui.core.buckets import SUBSET_TEST_NOTE, BucketTable
from bleu_gui.core.word_buckets import MATCHING_RULE, WordTable
from bleu_gui.io.report_svg import Series, bar_chart

__all__ = ["BUCKETS_NOTE", "WORDS_HEADING", "bucket_section"]

WORDS_HEADING = "Word accuracy by frequency"

BUCKETS_NOTE = (
    "Sentences bucketed by the first system's values (the same sentences for "
    "every system); BLEU: the corpus BLEU of the bucket's sentences (– for none)."
)


def _number(value: float, digits: int = 2) -> str:
    return "–" if math.isnan(value) else f"{value:.{digits}f}"


def bucket_section(
    names: Sequence[str],
    tables: Sequence[BucketTable],
    colours: Sequence[str],
    escape: Callable[[str], str],
    words: WordTable | None = None,
) -> str:
    """The section: heading, then per kind a table, its notes and its chart.

    '' without tables or words (`--by` chose none). `names`: the systems in
    the report's order; `colours`: the page's system colours, used in turn;
    `words`: the word-accuracy table, last.
    """
    if not tables and words is None:
        return ""
    parts = ["<h2>Buckets</h2>"]
    if tables:
        parts.append(f'<p class="muted">{escape(BUCKETS_NOTE)}</p>')
    for table in tables:
        parts.append(_kind(names, table, colours, escape))
    if words is not None:
        parts.append(_words(names, words, escape))
    return "".join(parts)


def _words(names: Sequence[str], words: WordTable, escape: Callable[[str], str]) -> str:
    """The word-accuracy table: P, R and F in %, as the Buckets tab shows them."""
    head = ["Frequency", "Reference words"]
    for name in names:
        head += [f"{name} words", "P", "R", "F"]
    lines = ["<tr>" + "".join(f"<th>{escape(cell)}</th>" for cell in head) + "</tr>"]
    for row in words.rows:
        cells = [row.bucket.label, f"{row.systems[0].reference:,}"]
        for counts in row.systems:
            cells.append(f"{counts.hypothesis:,}")
            scores = (counts.precision, counts.recall, counts.f_measure)
            cells += [_number(100 * value) for value in scores]
        lines.append(
            "<tr>"
            + f"<td>{escape(cells[0])}</td>"
            + "".join(f'<td class="num">{escape(cell)}</td>' for cell in cells[1:])
            + "</tr>"
        )
    note = f"P, R, F in %. {words.frequency}. {MATCHING_RULE}"
    return (
        f"<h3>{escape(WORDS_HEADING)}</h3>"
        f'<div class="wide"><table>{"".join(lines)}</table></div>'
        f'<p class="muted">{escape(note)}</p>'
    )


def _kind(
    names: Sequence[str],
    table: BucketTable,
    colours: Sequence[str],
    escape: Callable[[str], str],
) -> str:
    tested = table.samples > 0
    head = ["Bucket", "Sentences", *names]
    for name in names[1:]:
        head += [f"Δ {name}", *(["p"] if tested else [])]
    lines = ["<tr>" + "".join(f"<th>{escape(cell)}</th>" for cell in head) + "</tr>"]
    for row in table.rows:
        cells = [f"<td>{escape(row.bucket.label)}</td>"]
        cells.append(f'<td class="num">{row.sentences:,}</td>')
        cells += [f'<td class="num">{_number(bleu)}</td>' for bleu in row.bleu]
        for k in range(1, len(names)):
            cells.append(f'<td class="num">{_number(row.delta(k))}</td>')
            if tested:
                p = (
                    "–"
                    if row.test is None
                    else f"{row.test.systems[k - 1].p_value:.4f}"
                )
                cells.append(f'<td class="num">{p}</td>')
        lines.append("<tr>" + "".join(cells) + "</tr>")
    if tested:
        note = f"{SUBSET_TEST_NOTE} {table.samples:,} resamples, seed {table.seed}."
    elif len(names) > 1:
        note = f"No paired test: {table.untested}."
    else:
        note = ""
    if table.unbucketed:
        note += f" {table.unbucketed:,} sentences unscorable, in no bucket."
    series = [
        Series(
            name,
            colours[k % len(colours)],
            tuple(
                0.0 if math.isnan(row.bleu[k]) else row.bleu[k] for row in table.rows
            ),
        )
        for k, name in enumerate(names)
    ]
    top = max((value for one in series for value in one.values), default=0.0)
    chart = bar_chart(
        f"BLEU by {table.kind.heading[0].lower()}{table.kind.heading[1:]}",
        [row.bucket.label for row in table.rows],
        series,
        top=max(top, 1.0),
        escape=escape,
        digits=1,
    )
    paragraph = f'<p class="muted">{escape(note.strip())}</p>' if note else ""
    return (
        f"<h3>{escape(table.kind.heading)}</h3>"
        f'<div class="wide"><table>{"".join(lines)}</table></div>'
        f'{paragraph}<div class="charts">{chart}</div>'
    )
