"""The words of the two-system detail view: tooltips and count captions.

What `views.pair_detail` says about the n-grams under the mouse when two systems
translate one sentence: each covering n-gram's two-system status, how often each
system has it and how often each gets it counted, the clipping limit and the
references that licensed it. Wording, not layout, so it lives apart from the view,
as `views.ngram_tooltips` does for one system (whose helpers it reuses).

The counts are read off the pair explanation (`core.pair_ngrams`), never
recomputed: how often a system has an n-gram is its occurrences' `hyp_count`, and
how often it is counted is the number of its occurrences classified as matched
(by both or by that system only), exact within the explained tokens.
"""

from __future__ import annotations

import html

from PySide6.QtGui import QPalette

from bleu_gui.core.pair_ngrams import PairOccurrence, PairOrder, PairStatus, Side
from bleu_gui.views.highlight_runs import covering, shown_gram
from bleu_gui.views.ngram_tooltips import join, tooltip_html
from bleu_gui.views.palette import (
    muted_text_color,
    pair_legend_items,
    pair_status_format,
    pair_status_label,
    swatch_html,
)

__all__ = ["MATCHED_STATUSES", "pair_counts_caption", "pair_tooltip", "system_counts"]

# The statuses of an occurrence that counts in its own system.
MATCHED_STATUSES = frozenset({PairStatus.BOTH, PairStatus.ONLY_A, PairStatus.ONLY_B})


def system_counts(
    order: PairOrder, side: Side, gram: tuple[str, ...]
) -> tuple[int, int]:
    """How often `side`'s hypothesis has `gram`, and how many of those count."""
    found = [item for item in order.occurrences(side) if item.occurrence.gram == gram]
    if not found:
        return 0, 0
    matched = sum(1 for item in found if item.status in MATCHED_STATUSES)
    return found[0].occurrence.hyp_count, matched


def pair_counts_caption(
    order: PairOrder,
    side: Side,
    palette: QPalette,
    plain: bool = False,
) -> str:
    """`side`'s status counts for `order`, labelled as in the legend ("only B").

    Rich text (unless `plain`) whose items each stay on one line, with the line
    breaking between them.
    """
    other = PairStatus.ONLY_B if side is Side.A else PairStatus.ONLY_A
    labels = {item.key: item.label for item in pair_legend_items(palette)}
    parts = []
    for status in PairStatus:
        if status is other:
            continue
        count = order.count(side, status)
        label = labels[status.value]
        if plain:
            parts.append(f"{count} {label}")
        else:
            chip = swatch_html(
                pair_status_format(status, palette), str(count), decorate=False
            )
            parts.append(f"{chip}&nbsp;{html.escape(label)}")
    if plain:
        return f"{order.order}-grams: " + ", ".join(parts)
    # A non-breaking hyphen: rich text breaks lines after "-" even in nowrap spans.
    parts[0] = f"{order.order}&#8209;grams: {parts[0]}"
    return " &nbsp;".join(
        f'<span style="white-space:nowrap">{part}</span>' for part in parts
    )


def pair_tooltip(
    order: PairOrder,
    side: Side,
    tokens: tuple[int, int],
    where: str,
    names: tuple[str, str],
    palette: QPalette,
) -> str:
    """Every n-gram of `order` covering `tokens` of `side`, with both counts."""
    mine = order.occurrences(side)
    under = {id(found) for found in covering([i.occurrence for i in mine], tokens)}
    covered = [item for item in mine if id(item.occurrence) in under]
    if not covered:
        return ""
    noun = f"{order.order}-gram" + ("s" if len(covered) > 1 else "")
    muted = muted_text_color(palette).name()
    name = names[0] if side is Side.A else names[1]
    rows = [
        f'<span style="color:{muted}">{noun} of {html.escape(name)} covering '
        f"{html.escape(where)}</span>"
    ]
    rows.extend(_row(order, item, names, palette) for item in covered)
    return tooltip_html(rows)


def _row(
    order: PairOrder, item: PairOccurrence, names: tuple[str, str], palette: QPalette
) -> str:
    occurrence = item.occurrence
    label = html.escape(pair_status_label(item.status, names))
    chip = swatch_html(pair_status_format(item.status, palette), label)
    gram = html.escape(shown_gram(occurrence.gram))
    lines = [f"<b>{gram}</b>&nbsp;&nbsp;{chip}"]
    for side, name in zip(Side, names, strict=True):
        has, counted = system_counts(order, side, occurrence.gram)
        lines.append(
            f"{html.escape(name)}: occurs {has}×, counted {counted}×"
            if has
            else f"{html.escape(name)}: does not have it"
        )
    if occurrence.max_ref_count:
        holders = [
            str(k + 1)
            for k, count in enumerate(occurrence.ref_counts)
            if count == occurrence.max_ref_count
        ]
        noun = "reference" if len(holders) == 1 else "references"
        lines.append(
            f"at most {occurrence.max_ref_count}× in one reference "
            f"({noun} {join(holders)})"
        )
    else:
        lines.append("in no reference")
    rank = f"occurrence {occurrence.occurrence} of {occurrence.hyp_count}"
    if item.status in MATCHED_STATUSES:
        licensed = [str(k + 1) for k in occurrence.licensed_by]
        noun = "reference" if len(licensed) == 1 else "references"
        lines.append(f"{rank}: counted, licensed by {noun} {join(licensed)}")
    elif item.status is PairStatus.CLIPPED:
        lines.append(f"{rank}: beyond the {occurrence.max_ref_count} allowed, clipped")
    else:
        lines.append(f"{rank}: not counted")
    return "<br>".join(lines)
