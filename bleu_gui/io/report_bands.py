"""The HTML report's post-editing section: each system's sentences by fuzzy-match band.

A table (per band: sentences, words, corpus BLEU, for every system side by side)
and a bar chart of the sentences per band, rendered from `core.band_table`'s values
(`Report.bands`); nothing is computed here. Apart from `report_html` so that the
page's module keeps to the page; the escaping rule and the system colours are the
page's, passed in, as `report_svg` takes them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from bleu_gui.core.band_table import BandTable
from bleu_gui.core.bands import BANDS
from bleu_gui.io.report_svg import Series, bar_chart

__all__ = ["BAND_CHART_TITLE", "BAND_NOTE", "band_section"]

BAND_CHART_TITLE = "Sentences per fuzzy-match band"

BAND_NOTE = (
    "Bands as CAT tools count fuzzy matches: 100 − the character edit rate "
    "(Levenshtein distance over the reference's characters, on the raw text) "
    "against the closest reference. Words: the closest references' words, split "
    "at white space. BLEU: the corpus BLEU of the band's sentences (– for none)."
)


def band_section(
    names: Sequence[str],
    tables: Sequence[BandTable],
    colours: Sequence[str],
    escape: Callable[[str], str],
) -> str:
    """The section: heading, table, note and chart; '' without tables.

    `names`, `tables`: the systems in the report's order; `colours`: the page's
    system colours, used in turn.
    """
    if not tables:
        return ""
    head = "<tr><th rowspan=2>Band</th>" + "".join(
        f"<th colspan=3>{escape(name)}</th>" for name in names
    )
    head += "</tr><tr>" + "<th>Sentences</th><th>Words</th><th>BLEU</th>" * len(tables)
    lines = [head + "</tr>"]
    for index, band in enumerate(BANDS):
        cells = [f"<td>{escape(band.label)}</td>"]
        for table in tables:
            row = table.rows[index]
            bleu = "–" if math.isnan(row.bleu) else f"{row.bleu:.2f}"
            cells += [
                f'<td class="num">{row.count:,}</td>',
                f'<td class="num">{row.words:,}</td>',
                f'<td class="num">{bleu}</td>',
            ]
        lines.append("<tr>" + "".join(cells) + "</tr>")
    notes = [BAND_NOTE]
    for name, table in zip(names, tables, strict=True):
        if table.uncounted:
            noun = "sentence" if table.uncounted == 1 else "sentences"
            notes.append(
                f"{name}: {table.uncounted:,} {noun} too long to count, in no band."
            )
    series = [
        Series(
            name,
            colours[k % len(colours)],
            tuple(float(row.count) for row in table.rows),
        )
        for k, (name, table) in enumerate(zip(names, tables, strict=True))
    ]
    top = max((value for one in series for value in one.values), default=0.0)
    chart = bar_chart(
        BAND_CHART_TITLE,
        [band.label for band in BANDS],
        series,
        top=max(top, 1.0),
        escape=escape,
        digits=0,
    )
    paragraphs = "".join(f'<p class="muted">{escape(note)}</p>' for note in notes)
    return (
        "<h2>Post-editing effort</h2>"
        f'<div class="wide"><table>{"".join(lines)}</table></div>'
        f'{paragraphs}<div class="charts">{chart}</div>'
    )
