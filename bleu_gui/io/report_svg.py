"""The HTML report's charts, as inline SVG text: no library, no script, no network.

A report must open offline in any browser, years later; an SVG element written into
the page needs nothing but the page. Every label that came from a file (a system's
name) is escaped here, as every text of the report is (`report_html.escaped`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bleu_gui.core.histogram import delta_bins, delta_counts
from bleu_gui.core.number_text import signed as signed_text

__all__ = ["Series", "bar_chart", "delta_histogram"]

_WIDTH = 560
_HEIGHT = 240
_LEFT = 48
_RIGHT = 12
_TOP = 28
_BOTTOM = 44


@dataclass(frozen=True, slots=True)
class Series:
    """One system's bars: its name, its colour, one value per category."""

    name: str
    colour: str
    values: tuple[float, ...]


def _frame(
    title: str,
    height: int,
    ticks: Sequence[float],
    scale: float,
    escape: Callable[[str], str],
) -> list[str]:
    """A chart's start: its `svg` element, its title, a grid line and label per tick.

    `scale`: pixels per unit of the y axis, whose zero is the plot's bottom.
    """
    plot_h = _HEIGHT - _TOP - _BOTTOM
    out = [
        f'<svg role="img" width="{_WIDTH}" '
        f'height="{height}" viewBox="0 0 {_WIDTH} {height}" class="chart">',
        f"<title>{escape(title)}</title>",
        f'<text x="{_LEFT}" y="16" class="chart-title">{escape(title)}</text>',
    ]
    for tick in ticks:
        y = _TOP + plot_h - tick * scale
        out.append(
            f'<line x1="{_LEFT}" x2="{_WIDTH - _RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
            'class="grid"/>'
            f'<text x="{_LEFT - 6}" y="{y + 4:.1f}" class="tick" '
            f'text-anchor="end">{_number(tick)}</text>'
        )
    return out


def _ticks(top: float) -> list[float]:
    """Round tick values from 0 to `top` (four or five of them)."""
    if top <= 0:
        return [0.0]
    raw = top / 4
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    count = int(top / step + 1e-9)
    return [i * step for i in range(count + 1)]


def _number(value: float) -> str:
    return f"{value:g}"


def bar_chart(
    title: str,
    categories: Sequence[str],
    series: Sequence[Series],
    *,
    top: float,
    escape: Callable[[str], str],
    digits: int = 1,
) -> str:
    """Grouped bars: one group per category, one bar per series, values printed.

    Args:
        title: the chart's heading (also its accessible name).
        categories: the groups, left to right.
        series: the bars of each group, in this order, with a legend below.
        top: the value at the top of the axis.
        escape: how a text becomes markup (the report's one escaping rule).
        digits: decimals of the value printed over each bar.
    """
    plot_w = _WIDTH - _LEFT - _RIGHT
    plot_h = _HEIGHT - _TOP - _BOTTOM
    # Three names a row when they are short, else one a row: they must not overlap.
    per_row = 3 if max((len(one.name) for one in series), default=0) <= 24 else 1
    legend_rows = math.ceil(len(series) / per_row)
    height = _HEIGHT + 18 * legend_rows
    scale = plot_h / top if top > 0 else 0.0
    out = _frame(title, height, _ticks(top), scale, escape)
    group_w = plot_w / max(len(categories), 1)
    bar_w = min(36.0, (group_w - 12) / max(len(series), 1))
    for c, category in enumerate(categories):
        left = _LEFT + c * group_w + (group_w - bar_w * len(series)) / 2
        for s, one in enumerate(series):
            value = one.values[c]
            shown = 0.0 if math.isnan(value) else min(value, top)
            h = shown * scale
            x = left + s * bar_w
            y = _TOP + plot_h - h
            label = "–" if math.isnan(value) else f"{value:.{digits}f}"
            out.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w - 2:.1f}" '
                f'height="{h:.1f}" fill="{one.colour}">'
                f"<title>{escape(one.name)}: {escape(category)} = {label}</title>"
                "</rect>"
            )
            if len(series) <= 4:
                out.append(
                    f'<text x="{x + (bar_w - 2) / 2:.1f}" y="{y - 3:.1f}" '
                    f'class="value" text-anchor="middle">{label}</text>'
                )
        out.append(
            f'<text x="{_LEFT + (c + 0.5) * group_w:.1f}" '
            f'y="{_TOP + plot_h + 16}" class="tick" text-anchor="middle">'
            f"{escape(category)}</text>"
        )
    for s, one in enumerate(series):
        x = _LEFT + (s % per_row) * (plot_w / per_row)
        y = _HEIGHT - 14 + 18 * (s // per_row)
        name = one.name if len(one.name) <= 80 else one.name[:79] + "…"
        out.append(
            f'<rect x="{x:.1f}" y="{y - 10}" width="12" height="12" '
            f'fill="{one.colour}"/>'
            f'<text x="{x + 16:.1f}" y="{y}" class="legend">{escape(name)}</text>'
        )
    out.append("</svg>")
    return "".join(out)


def delta_histogram(
    title: str,
    deltas: Sequence[float],
    *,
    names: tuple[str, str],
    axis: str,
    escape: Callable[[str], str],
) -> str:
    """The histogram of sentence Δ (B − A), binned as the window bins it.

    The bins are `core.histogram.delta_bins`': 5 points wide, 0 an edge, so that
    a bar is wholly "B worse" (left, the baseline's colour) or wholly "B better"
    (right, B's colour). The ties (Δ exactly 0) are a grey bar of their own
    between the two halves, labelled "ties"; NaN Δs are left out.

    Args:
        title: the chart's heading (also its accessible name).
        deltas: one Δ per sentence, B's sentence BLEU minus A's.
        names: (A, B), named in each bar's tooltip.
        axis: the words under the axis.
        escape: how a text becomes markup (the report's one escaping rule).
    """
    bins = delta_bins(deltas)
    ties = delta_counts(deltas).equal
    half = len(bins.counts) // 2  # the bins left of 0: delta_bins is symmetric
    a, b = (escape(name) for name in names)
    bars: list[tuple[int, str, str]] = []
    for i, count in enumerate(bins.counts):
        low, high = bins.edges[i], bins.edges[i + 1]
        worse = i < half
        if i == half:
            bars.append((ties, "tie", f"Δ = 0 (ties): {_sentences(ties)}, {a} = {b}"))
        side = f"{b} worse" if worse else f"{b} better"
        words = f"{_signed(low)} to {_signed(high)}: {_sentences(count)}, {side}"
        bars.append((count, "loss" if worse else "gain", words))
    plot_w = _WIDTH - _LEFT - _RIGHT
    plot_h = _HEIGHT - _TOP - _BOTTOM
    peak = max([count for count, _, _ in bars] + [1])
    ticks = _ticks(peak)
    scale = plot_h / max(ticks[-1], float(peak))
    out = _frame(title, _HEIGHT, ticks, scale, escape)
    bar_w = plot_w / len(bars)
    for i, (count, kind, words) in enumerate(bars):
        h = count * scale
        x = _LEFT + i * bar_w
        out.append(
            f'<rect x="{x:.1f}" y="{_TOP + plot_h - h:.1f}" width="{bar_w - 1:.1f}" '
            f'height="{h:.1f}" class="{kind}"><title>{words}</title></rect>'
        )
    span = bins.edges[-1]
    tie_x = _LEFT + (half + 0.5) * bar_w
    # The end labels lean inwards, so that neither is cut by the chart's edge.
    for x, anchor, label in (
        (_LEFT, "start", _signed(-span)),
        (tie_x, "middle", "ties"),
        (_LEFT + plot_w, "end", _signed(span)),
    ):
        out.append(
            f'<text x="{x:.1f}" y="{_TOP + plot_h + 16}" class="tick" '
            f'text-anchor="{anchor}">{label}</text>'
        )
    out.append(
        f'<text x="{_LEFT + plot_w / 2:.1f}" y="{_HEIGHT - 8}" class="legend" '
        f'text-anchor="middle">{escape(axis)}</text></svg>'
    )
    return "".join(out)


def _signed(value: float) -> str:
    """A bin edge: "+5.0", "-10.0", and 0 as "0.0" (neither gain nor loss)."""
    return signed_text(value, 1)


def _sentences(count: int) -> str:
    return f"{count:,} sentence{'' if count == 1 else 's'}"
