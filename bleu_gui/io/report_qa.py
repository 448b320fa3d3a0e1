"""The HTML report's QA section: each system's issues, counted per check and listed.

Rendered from `core.qa`'s results (`Report.qa`); nothing is checked here. A table
counts each check's issues per system (a check that could not run says why in
its cell, never a silent zero), then each system's issues are listed by
sentence, as `bleu-gui qa` prints them, up to `LISTED` per system: a page of
100,000 issues helps no reader, and the command line lists them all. Without a
source the section says the checks need one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bleu_gui.core.qa import QaResult
from bleu_gui.core.qa_checks import CHECKS

__all__ = ["LISTED", "NO_SOURCE_NOTE", "qa_section"]

LISTED = 200
"""Issues listed per system; the rest are counted."""

NO_SOURCE_NOTE = (
    "The QA checks compare each translation with its source: give the source "
    "(--src, or a test set that holds it) to run them."
)


def qa_section(
    names: Sequence[str],
    results: Sequence[QaResult],
    escape: Callable[[str], str],
    *,
    has_source: bool,
) -> str:
    """The section: heading, counts per check and system, each system's issues.

    `names`, `results`: the systems in the report's order (no results without
    a source: the section says why, in one paragraph).
    """
    heading = "<h2>QA checks</h2>"
    if not has_source or not results:
        return f'{heading}<p class="muted">{escape(NO_SOURCE_NOTE)}</p>'
    head = "<tr><th>Check</th>" + "".join(f"<th>{escape(n)}</th>" for n in names)
    lines = [head + "</tr>"]
    for spec in CHECKS:
        cells = [f'<td title="{escape(spec.description)}">{escape(spec.title)}</td>']
        for result in results:
            if spec.kind in result.counts:
                cells.append(f'<td class="num">{result.counts[spec.kind]:,}</td>')
            elif spec.kind in result.not_run:
                cells.append(
                    f'<td class="muted">{escape(result.not_run[spec.kind])}</td>'
                )
            else:
                cells.append('<td class="muted">off</td>')
        lines.append("<tr>" + "".join(cells) + "</tr>")
    totals = "".join(f'<td class="num"><b>{r.total:,}</b></td>' for r in results)
    lines.append(f"<tr><td><b>All</b></td>{totals}</tr>")
    parts = [heading, f'<div class="wide"><table>{"".join(lines)}</table></div>']
    notices = dict.fromkeys(notice for result in results for notice in result.notices)
    parts += [f'<p class="muted">{escape(notice)}</p>' for notice in notices]
    titles = {spec.kind: spec.title for spec in CHECKS}
    for name, result in zip(names, results, strict=True):
        issues = result.issues()
        if not issues:
            parts.append(f"<h3>{escape(name)}: no issues</h3>")
            continue
        noun = "issue" if len(issues) == 1 else "issues"
        parts.append(f"<h3>{escape(name)}: {len(issues):,} {noun}</h3>")
        items = [
            f"<li>Sentence {issue.row + 1}: {escape(titles[issue.kind])}: "
            f"{escape(issue.message)}</li>"
            for issue in issues[:LISTED]
        ]
        parts.append(f"<ul>{''.join(items)}</ul>")
        if len(issues) > LISTED:
            rest = len(issues) - LISTED
            parts.append(
                f'<p class="muted">… and {rest:,} more; '
                "<code>bleu-gui qa</code> lists them all.</p>"
            )
    return "".join(parts)
