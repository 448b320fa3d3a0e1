"""One self-contained HTML file that says what the scores are and why.

What a user sends a colleague or keeps with an experiment: the corpus scores with
their signatures, the paired test of every system against the first (the
baseline), the precision and brevity-penalty charts, for two or more systems the
histogram of sentence Δ (second system minus the baseline), and the N sentences
that matter most. What they are is `core.report`'s (`build_report`); this module
only renders it. Each sentence is painted order by
order as the window paints it (`core.highlight_runs` over `core.explain` /
`core.pair_ngrams`), with the core's explanation in words. The warnings about the
files that the command line or the window gave (`io.notices`: a kept byte-order
mark, a language the tokenizer leaves unsplit) stand right above the scores.

The file holds its styles and its charts (inline SVG, `report_svg`); it has no
script and loads nothing. Every text from a file goes through `escaped`: markup
characters become entities, and bidirectional controls (which would reorder the
text around them: a hypothesis could make "p = 0.9" read "p = 0.01") and other
invisible controls are shown as visible marks ⟨U+202E⟩, never obeyed.

A system seen through its what-if edits (issue 15, `ReportSystem.with_edits`) is
reported with its edited texts and statistics; the page then says so under its
title ("3 sentences edited (what-if); scores include the edits") and marks each
edited sentence shown, so that nobody reads an edit as the system's output.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from pathlib import Path

from bleu_gui.core.config import SIGNIFICANCE_MODE
from bleu_gui.core.explain import (
    SentenceExplanation,
    TokenizedSegment,
)
from bleu_gui.core.highlight_runs import (
    EMPTY_TOKEN_NOTE,
    PAIR_RANKING,
    STATUS_RANKING,
    display,
    painted_runs,
)
from bleu_gui.core.margin import Margin, NoMargin
from bleu_gui.core.number_text import fixed, signed
from bleu_gui.core.pair_ngrams import PairExplanation, Side
from bleu_gui.core.report import (
    Report,
    ReportRequest,
    ReportSystem,
    TopRow,
)
from bleu_gui.core.signature import test_signature
from bleu_gui.core.significance import (
    Identity,
    PairedTest,
)
from bleu_gui.io.control_marks import control_mark, is_control
from bleu_gui.io.margin_text import MARGIN_DEFINITION, margin_text
from bleu_gui.io.report_bands import band_section
from bleu_gui.io.report_buckets import bucket_section
from bleu_gui.io.report_qa import qa_section
from bleu_gui.io.report_svg import Series, bar_chart, delta_histogram
from bleu_gui.io.safe_write import write_text
from bleu_gui.io.significance_text import identity_note, p_value_text

__all__ = [
    "NO_TEST",
    "edits_note",
    "escaped",
    "render_report",
    "write_report",
]

NO_TEST = (
    f"No paired test: {SIGNIFICANCE_MODE.name}'s paired tests run in the "
    f"{SIGNIFICANCE_MODE.compat.value} mode only."
)

# The window's light colours (views/palette.py); the report is printed on white.
_SYSTEM_COLOURS = (
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#79706e",
)  # fmt: skip


def escaped(text: str) -> str:
    """`text` as markup that shows it as text: entities, visible controls.

    A control character (C0 but tab, C1, bidirectional, zero-width:
    `io.control_marks`) is shown as ⟨U+XXXX⟩ in a marked span: the report shows
    what the file holds, and such a character cannot act on the text around it.
    """
    out: list[str] = []
    plain: list[str] = []
    for char in text:
        if is_control(char):
            out.append(html.escape("".join(plain), quote=True))
            plain = []
            out.append(f'<span class="ctl">{control_mark(char)}</span>')
        else:
            plain.append(char)
    out.append(html.escape("".join(plain), quote=True))
    return "".join(out)


def write_report(path: Path, report: Report) -> None:
    """Write the page to `path`, whole or not at all (`io.safe_write`).

    Raises:
        WriteError: the file cannot be written; nothing is left of it.
    """
    write_text(path, render_report(report))


_STYLE = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b1f23;
 background:#fff;margin:0 auto;max-width:1180px;padding:16px 28px}
h1{font-size:24px;margin:8px 0 4px}h2{font-size:19px;margin:28px 0 8px;
 border-bottom:1px solid #d0d7de;padding-bottom:4px}h3{font-size:16px;margin:18px 0 6px}
table{border-collapse:collapse;margin:6px 0}th,td{border:1px solid #d0d7de;
 padding:4px 8px;text-align:left;vertical-align:top}th{background:#f3f5f7}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
code,.sig{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:13px;
 overflow-wrap:anywhere}.muted{color:#57606a}.charts{display:flex;flex-wrap:wrap;gap:12px}
.chart{border:1px solid #d0d7de;background:#fff}
.chart-title{font-weight:600;font-size:13px}
.grid{stroke:#e4e8ec}.tick,.value,.legend{font-size:11px;fill:#1b1f23}
.gain{fill:#6caef0}.loss{fill:#a3b374}.tie{fill:#b8bec6}
.sentence{border:1px solid #d0d7de;border-radius:6px;padding:8px 12px;margin:12px 0}
.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:2px 0}
.orders td{padding:3px 8px}.orders th{width:7em;font-weight:500}
mark{color:#1b1f23;border-radius:2px;padding:0 1px}
.s-matched,.p-matched-by-both{background:#bfe6ea}
.s-clipped,.p-clipped{background:#ffe88c;text-decoration:line-through}
.s-unmatched,.p-unmatched{background:#ec9fb0}
.p-matched-only-by-A{background:#a3b374;text-decoration:underline dashed}
.p-matched-only-by-B{background:#6caef0;text-decoration:underline wavy}
.ctl{color:#b31d28;background:#fff0f0;border:1px dotted #b31d28;font-size:85%}
.legend-chip{display:inline-block;margin-right:12px}
.warnings{background:#fff0f0;border:1px solid #cf222e;border-radius:6px;
 padding:6px 12px 6px 28px;margin:6px 0}.warning-word{color:#b31d28;font-weight:600}
.edited-note{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;
 padding:6px 12px}.edited{color:#9a6700;font-weight:600}
.wide{overflow-x:auto}
"""


def _css_class(prefix: str, label: str) -> str:
    return prefix + label.replace(" ", "-")


def _painted(
    segment: TokenizedSegment,
    pieces: list[tuple[int, int, str]],
    ranking: Sequence[str],
    prefix: str,
) -> str:
    """A text with its n-gram runs marked, as the window paints it.

    A text with an empty token (shown as ∅) says what that is on hover, as the
    window's note does.
    """
    shown = display(segment, show_tokens=False)
    runs = painted_runs(shown.token_spans, pieces, ranking)
    out = []
    position = 0
    for start, end, label in runs:
        out.append(escaped(shown.text[position:start]))
        out.append(
            f'<mark class="{_css_class(prefix, label)}" title="{html.escape(label)}">'
            f"{escaped(shown.text[start:end])}</mark>"
        )
        position = end
    out.append(escaped(shown.text[position:]))
    if shown.empty_tokens:
        return f'<span title="{html.escape(EMPTY_TOKEN_NOTE)}">{"".join(out)}</span>'
    return "".join(out)


def _f(value: float, digits: int = 2) -> str:
    return "–" if math.isnan(value) else f"{value:.{digits}f}"


def edits_note(systems: Sequence[ReportSystem]) -> str:
    """The page's words on the edits: "" without any.

    "3 sentences edited (what-if); scores include the edits", naming the system
    when more than one is reported.
    """
    edited = [system for system in systems if system.edited]
    if not edited:
        return ""
    count = sum(len(system.edited) for system in edited)
    words = f"{count:,} sentence{'' if count == 1 else 's'} edited (what-if)"
    if len(systems) > 1:
        words += " in " + ", ".join(system.name for system in edited)
    return f"{words}; scores include the edits"


def _edits_banner(report: Report) -> str:
    note = edits_note(report.request.systems)
    return f'<p class="edited-note">{escaped(note)}</p>' if note else ""


_EDITED_MARK = ' · <span class="edited">edited (what-if)</span>'


def _summary(report: Report) -> str:
    request = report.request
    first = request.systems[0].stats
    rows = [
        ("Segments", str(len(request.systems[0].lines))),
        ("References", str(len(request.references))),
        *(
            (f"Reference {k + 1}", name)
            for k, name in enumerate(request.reference_names)
        ),
        ("Source", request.source_name or "not given"),
        ("Systems", str(len(request.systems))),
        ("Mode", request.config.compat.value),
    ]
    if first.hyp_len.size == 0:
        rows.append(("Note", "the test set is empty"))
    cells = "".join(f"<tr><th>{k}</th><td>{escaped(v)}</td></tr>" for k, v in rows)
    sig = request.signature
    if report.paired is not None:
        samples = report.paired.samples
        sig_test = test_signature(
            sig, report.paired.test.value, samples, report.paired.seed
        )
        cells += (
            f'<tr><th>Signature</th><td class="sig">{escaped(sig)}</td></tr>'
            f'<tr><th>Test signature</th><td class="sig">{escaped(sig_test)}</td></tr>'
        )
    else:
        cells += f'<tr><th>Signature</th><td class="sig">{escaped(sig)}</td></tr>'
    return f"<h2>Corpus</h2><table>{cells}</table>"


def _systems_table(report: Report) -> str:
    """Per system: BLEU, precisions, BP, ratio, lengths; the paired test's columns."""
    paired = report.paired
    head = ["System", "BLEU"]
    if paired is not None and paired.test is PairedTest.BOOTSTRAP:
        head.append("μ ± 95% CI")
    if paired is not None:
        head.append("p-value")
    margins = report.margins
    if margins:
        head.append("margin")
    orders = len(report.scores[0].terms)
    head += [f"p{n}" for n in range(1, orders + 1)] + [
        "BP",
        "ratio",
        "hyp_len",
        "ref_len",
    ]
    lines = ["<tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"]
    results = None if paired is None else [paired.baseline, *paired.systems]
    identities = (None,) if paired is None else (None, *paired.identical)
    for k, (system, score) in enumerate(
        zip(report.request.systems, report.scores, strict=True)
    ):
        name = escaped(system.name) + (
            ' <span class="muted">(baseline)</span>'
            if k == 0 and len(report.scores) > 1
            else ""
        )
        cells = [name, f'<td class="num">{score.score:.2f}</td>']
        cells[0] = f"<td>{cells[0]}</td>"
        if results is not None and paired is not None:
            row = results[k]
            if paired.test is PairedTest.BOOTSTRAP:
                around = (
                    "–"
                    if row.mean is None or row.ci is None
                    else f"{row.mean:.2f} ± {row.ci:.2f}"
                )
                cells.append(f'<td class="num">{around}</td>')
            if row.p_value is None:
                cells.append('<td class="num">–</td>')
            else:
                said = p_value_text(row.p_value, identities[k])
                cells.append(f'<td class="num">{escaped(said)}</td>')
        if margins:
            cells.append(_margin_cell(None if k == 0 else margins[k - 1]))
        cells += [f'<td class="num">{p:.2f}</td>' for p in score.precisions]
        cells += [
            f'<td class="num">{score.bp:.3f}</td>',
            f'<td class="num">{score.ratio:.3f}</td>',
            f'<td class="num">{score.sys_len}</td>',
            f'<td class="num">{score.ref_len}</td>',
        ]
        lines.append("<tr>" + "".join(cells) + "</tr>")
    note = ""
    if paired is None and len(report.scores) > 1:
        note = f'<p class="muted">{NO_TEST}</p>'
    if paired is not None:
        kind = (
            "paired bootstrap resampling"
            if paired.test is PairedTest.BOOTSTRAP
            else "paired approximate randomization"
        )
        unit = "resamples" if paired.test is PairedTest.BOOTSTRAP else "trials"
        note = (
            f'<p class="muted">p-values: {kind} against the baseline, '
            f"{paired.samples} {unit}"
            f", seed {paired.seed}; * marks p ≤ 0.05 (as sacreBLEU).</p>"
        )
        note += "".join(
            f'<p class="muted">'
            f"{escaped(identity_note(same, 'the system', 'the baseline'))}</p>"
            for same in Identity
            if same in paired.identical
        )
        if margins:
            note += f'<p class="muted">{escaped(MARGIN_DEFINITION)}</p>'
    return (
        f"<h2>Systems</h2>{_warnings(report.request.warnings)}"
        f"<table>{''.join(lines)}</table>{note}"
    )


def _margin_cell(found: Margin | NoMargin | None) -> str:
    """A margin beside its p-value: its words, its rows on hover; – for the baseline."""
    if found is None:
        return '<td class="num">–</td>'
    text = margin_text(found).removeprefix("margin: ")
    if not isinstance(found, Margin):
        return f'<td class="num">{escaped(text)}</td>'
    lines = ", ".join(str(row + 1) for row in found.rows)
    title = escaped(f"lines swapped, in order: {lines}")
    return f'<td class="num" title="{title}">{escaped(text)}</td>'


def _warnings(lines: Sequence[str]) -> str:
    """The warnings, each "Warning: …", in a box the scores cannot be read past."""
    if not lines:
        return ""
    items = "".join(
        f'<li><span class="warning-word">Warning:</span> {escaped(line)}</li>'
        for line in lines
    )
    return f'<ul class="warnings">{items}</ul>'


def _charts(report: Report) -> str:
    systems = report.request.systems
    orders = len(report.scores[0].terms)
    series = [
        Series(
            system.name,
            _SYSTEM_COLOURS[k % len(_SYSTEM_COLOURS)],
            tuple(score.precisions),
        )
        for k, (system, score) in enumerate(zip(systems, report.scores, strict=True))
    ]
    precision = bar_chart(
        "n-gram precision (%)",
        [f"{n}-gram" for n in range(1, orders + 1)],
        series,
        top=100.0,
        escape=escaped,
    )
    bp_series = [
        Series(one.name, one.colour, (score.bp,))
        for one, score in zip(series, report.scores, strict=True)
    ]
    bp = bar_chart(
        "Brevity penalty", ["BP"], bp_series, top=1.0, escape=escaped, digits=3
    )
    out = f'<h2>Charts</h2><div class="charts">{precision}{bp}'
    if report.deltas is not None:
        a, b = systems[0].name, systems[1].name
        out += delta_histogram(
            "Sentence BLEU Δ (second system − baseline)",
            [float(v) for v in report.deltas],
            names=(a, b),
            axis=f"sentence BLEU of {b} − {a}",
            escape=escaped,
        )
    return out + "</div>"


def _text_row(heading: str, markup: str) -> str:
    return f'<tr><th>{heading}</th><td><div class="text">{markup}</div></td></tr>'


def _source_row(request: ReportRequest, index: int) -> str:
    """The sentence's source line, first in its table; "" without a source."""
    if request.source is None:
        return ""
    return _text_row("Source", escaped(request.source[index]))


def _reference_rows(
    request: ReportRequest, references: Sequence[TokenizedSegment | None]
) -> str:
    """The sentence's references, each headed with its number and name."""
    return "".join(
        _text_row(escaped(request.reference_heading(k)), escaped(ref.text))
        for k, ref in enumerate(references)
        if ref is not None
    )


def _single(
    request: ReportRequest,
    row: TopRow,
    explanation: SentenceExplanation,
    edited: bool,
) -> str:
    """One sentence of one system: its n-grams per order, its references, why."""
    hyp = explanation.hypothesis
    orders = "".join(
        _text_row(
            f"{order.order}-grams",
            _painted(
                hyp,
                [(i.start, i.end, i.status.value) for i in order.hypothesis],
                STATUS_RANKING,
                "s-",
            ),
        )
        for order in explanation.orders
    )
    heading = (
        f"Segment {row.index + 1} · cost {fixed(row.value, 2)} BLEU · "
        f"sentence BLEU {escaped(explanation.score_text)}"
        + (_EDITED_MARK if edited else "")
    )
    words = f"{escaped(explanation.brevity)} {escaped(explanation.mean)}"
    return (
        f'<div class="sentence"><h3>{heading}</h3>'
        f'<table class="orders">{_source_row(request, row.index)}{orders}'
        f"{_reference_rows(request, explanation.references)}</table>"
        f"<p>{escaped(explanation.diagnosis)}</p>"
        f'<p class="muted">{words}</p></div>'
    )


def _pair(
    request: ReportRequest,
    row: TopRow,
    pair: PairExplanation,
    names: tuple[str, str],
    edited: tuple[bool, bool],
) -> str:
    """One sentence of two systems: each one's n-grams per order, the references."""
    parts = []
    sides = (
        (Side.A, names[0], pair.a, edited[0]),
        (Side.B, names[1], pair.b, edited[1]),
    )
    for side, name, single, is_edited in sides:
        lines = "".join(
            _text_row(
                f"{order.order}-grams",
                _painted(
                    single.hypothesis,
                    [
                        (i.occurrence.start, i.occurrence.end, i.status.value)
                        for i in order.occurrences(side)
                    ],
                    PAIR_RANKING,
                    "p-",
                ),
            )
            for order in pair.orders
        )
        parts.append(
            f'<tr><th colspan="2">{escaped(name)} ({side.value}) · sentence BLEU '
            f"{escaped(single.score_text)}{_EDITED_MARK if is_edited else ''}"
            f"</th></tr>{lines}"
        )
    return (
        f'<div class="sentence"><h3>Segment {row.index + 1} · '
        f"Δ {signed(row.value, 2)} "
        f"sentence BLEU</h3>"
        f'<table class="orders">{_source_row(request, row.index)}{"".join(parts)}'
        f"{_reference_rows(request, pair.a.references)}</table>"
        f"<p>{escaped(pair.delta.diagnosis)}</p></div>"
    )


def _legend(pair: bool, names: tuple[str, str]) -> str:
    if pair:
        items = [
            ("p-matched-only-by-A", f"matched only by {names[0]} (A)"),
            ("p-matched-only-by-B", f"matched only by {names[1]} (B)"),
            ("p-matched-by-both", "matched by both"),
            ("p-clipped", "clipped"),
            ("p-unmatched", "unmatched"),
        ]
    else:
        items = [
            ("s-matched", "matched"),
            ("s-clipped", "clipped"),
            ("s-unmatched", "unmatched"),
        ]
    return (
        "<p>"
        + "".join(
            f'<span class="legend-chip"><mark class="{css}">{escaped(words)}'
            "</mark></span>"
            for css, words in items
        )
        + "</p>"
    )


def _sentences(report: Report) -> str:
    systems = report.request.systems
    if len(systems) == 1:
        heading = f"The {len(report.rows)} sentences of highest cost"
        intro = (
            "Cost: how much corpus BLEU would rise were the sentence perfect (the "
            "reference whose length the brevity penalty uses, word for word)."
        )
        names = (systems[0].name, systems[0].name)
    else:
        names = (systems[0].name, systems[1].name)
        heading = f"The {len(report.rows)} sentences of largest |Δ|"
        intro = (
            f"Δ: sentence BLEU of {escaped(names[1])} minus that of "
            f"{escaped(names[0])} (the baseline)."
        )
    body = []
    for row in report.rows:
        if isinstance(row.explanation, PairExplanation):
            edited = (row.index in systems[0].edited, row.index in systems[1].edited)
            body.append(_pair(report.request, row, row.explanation, names, edited))
        else:
            edited_one = row.index in systems[0].edited
            body.append(_single(report.request, row, row.explanation, edited_one))
    if not body:
        body.append('<p class="muted">No sentence to show.</p>')
    return (
        f'<h2>{heading}</h2><p class="muted">{intro}</p>'
        + _legend(len(systems) > 1, names)
        + "".join(body)
    )


def render_report(report: Report) -> str:
    """The page: summary, systems, charts, effort, buckets, QA, sentences; no JS."""
    title = escaped(report.request.title)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; img-src data:\">"
        f"<title>{title}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{title}</h1>"
        + _edits_banner(report)
        + _summary(report)
        + _systems_table(report)
        + _charts(report)
        + band_section(
            [system.name for system in report.request.systems],
            report.bands,
            _SYSTEM_COLOURS,
            escaped,
        )
        + bucket_section(
            [system.name for system in report.request.systems],
            report.buckets,
            _SYSTEM_COLOURS,
            escaped,
            report.words,
        )
        + qa_section(
            [system.name for system in report.request.systems],
            report.qa,
            escaped,
            has_source=report.request.source is not None,
        )
        + _sentences(report)
        + '<p class="muted">Made by bleu-gui.</p></body></html>\n'
    )
