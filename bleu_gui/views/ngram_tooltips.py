"""The rich text that describes n-grams: hover tooltips and count captions.

What the sentence detail view (`views.sentence_detail`) says about the n-grams under
the mouse (counts, rank, clipping, licensing references, pairings) and about an
order's status counts, as Qt rich text. Kept apart from the view because it is
wording, not layout: each function takes an explanation and a palette and returns a
string, so the phrasing can be read, changed and tested in one place.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtGui import QPalette

from bleu_gui.core.explain import (
    NgramOccurrence,
    NgramStatus,
    OrderExplanation,
    RefNgramOccurrence,
)
from bleu_gui.views.highlight_runs import covering, shown_gram
from bleu_gui.views.palette import muted_text_color, status_format, swatch_html

__all__ = [
    "counts_caption",
    "hypothesis_tooltip",
    "join",
    "reference_row",
    "tooltip_html",
]


def tooltip_html(rows: Sequence[str]) -> str:
    """Rows of a rich-text tooltip, ruled apart, each line unwrapped."""
    body = "<hr>".join(rows)
    return f'<qt><div style="white-space:nowrap">{body}</div></qt>'


def join(names: Sequence[str]) -> str:
    """Names joined as prose: a; a and b; a, b and c."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _references_short(numbers: Sequence[int]) -> str:
    """Reference numbers (1-based) as a short label: ref 2; refs 1, 3."""
    label = "ref" if len(numbers) == 1 else "refs"
    return f"{label} {', '.join(str(n) for n in numbers)}"


def _gram(gram: Sequence[str]) -> str:
    return html.escape(shown_gram(gram))


def counts_caption(
    order: OrderExplanation, palette: QPalette, plain: bool = False
) -> str:
    """The order's status counts, with colour chips unless `plain`."""
    parts = []
    for status in NgramStatus:
        count = order.count(status)
        if plain:
            parts.append(f"{count} {status.value}")
        else:
            chip = swatch_html(
                status_format(status, palette), str(count), decorate=False
            )
            parts.append(f"{chip}&nbsp;{status.value}")
    if plain:
        return f"{order.order}-grams: " + ", ".join(parts)
    # A non-breaking hyphen: rich text breaks lines after "-" even in nowrap spans.
    return f"{order.order}&#8209;grams: " + "&nbsp;&nbsp;".join(parts)


def hypothesis_tooltip(
    order: OrderExplanation, tokens: tuple[int, int], where: str, palette: QPalette
) -> str:
    """Every n-gram of `order` covering `tokens`, with its counts and its fate."""
    covered = covering(order.hypothesis, tokens)
    if not covered:
        return ""
    noun = f"{order.order}-gram" + ("s" if len(covered) > 1 else "")
    muted = muted_text_color(palette).name()
    rows = [f'<span style="color:{muted}">{noun} covering {html.escape(where)}</span>']
    rows.extend(_hypothesis_row(item, palette) for item in covered)
    return tooltip_html(rows)


def _hypothesis_row(item: NgramOccurrence, palette: QPalette) -> str:
    chip = swatch_html(status_format(item.status, palette), item.status.value)
    lines = [f"<b>{_gram(item.gram)}</b>&nbsp;&nbsp;{chip}"]
    if item.max_ref_count:
        holders = [
            k + 1
            for k, count in enumerate(item.ref_counts)
            if count == item.max_ref_count
        ]
        lines.append(
            f"occurs {item.hyp_count}× in the hypothesis, at most "
            f"{item.max_ref_count}× in one reference ({_references_short(holders)})"
        )
    else:
        lines.append(f"occurs {item.hyp_count}× in the hypothesis, in no reference")
    rank = f"occurrence {item.occurrence} of {item.hyp_count}"
    if item.status is NgramStatus.MATCHED:
        licensed = [f"{k + 1}" for k in item.licensed_by]
        noun = "reference" if len(licensed) == 1 else "references"
        lines.append(f"{rank}: counted, licensed by {noun} {join(licensed)}")
    elif item.status is NgramStatus.CLIPPED:
        lines.append(
            f"{rank}: beyond the {item.max_ref_count} that a single reference "
            "allows, so not counted (clipped)"
        )
    else:
        lines.append(f"{rank}: not counted")
    return "<br>".join(lines)


def reference_row(
    order: OrderExplanation, item: RefNgramOccurrence, palette: QPalette
) -> str:
    """A tooltip row for reference n-gram `item`: its order, rank and pairing."""
    hyp_count = next(
        (found.hyp_count for found in order.hypothesis if found.gram == item.gram), 0
    )
    lines = [
        f"<b>{_gram(item.gram)}</b>&nbsp;&nbsp;"
        f'<span style="color:{muted_text_color(palette).name()}">'
        f"{order.order}-gram, occurrence {item.occurrence} in this reference</span>"
    ]
    if item.matched:
        lines.append(
            f"paired with occurrence {item.occurrence} in the hypothesis, which counted"
        )
    elif hyp_count:
        lines.append(f"not used: the hypothesis has it only {hyp_count}×")
    else:
        lines.append("not used: the hypothesis does not have it")
    return "<br>".join(lines)
