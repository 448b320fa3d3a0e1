"""The HTML report's charts, as inline SVG text: no library, no script, no network.

A report must open offline in any browser, years later; an SVG element written into
the page needs nothing but the page. Every label that came from a file (a system's
name) is escaped here, as every text of the report is (`report_html.escaped`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Series", "bar_chart", "histogram"]

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


def histogram(
    title: str,
    values: Sequence[float],
    *,
    bins: int,
    axis: str,
    escape: Callable[[str], str],
) -> str:
    """A histogram of `values` (NaN left out) in `bins` equal bins centred on 0.

    The bins span -m..m, m the largest |value| (at least 1), so that 0 is a bin
    edge and gains and losses sit on either side of it.
    """
    finite = [v for v in values if not math.isnan(v)]
    extent = max([abs(v) for v in finite] + [1.0])
    width = 2 * extent / bins
    counts = [0] * bins
    for value in finite:
        counts[min(int((value + extent) / width), bins - 1)] += 1
    plot_w = _WIDTH - _LEFT - _RIGHT
    plot_h = _HEIGHT - _TOP - _BOTTOM
    peak = max([*counts, 1])
    ticks = _ticks(peak)
    top = max(ticks[-1], float(peak))
    scale = plot_h / top
    out = _frame(title, _HEIGHT, ticks, scale, escape)
    bar_w = plot_w / bins
    for i, count in enumerate(counts):
        low = -extent + i * width
        h = count * scale
        x = _LEFT + i * bar_w
        kind = "loss" if low + width <= 0 else "gain"
        out.append(
            f'<rect x="{x:.1f}" y="{_TOP + plot_h - h:.1f}" width="{bar_w - 1:.1f}" '
            f'height="{h:.1f}" class="{kind}"><title>{low:.1f} to '
            f"{low + width:.1f}: {count} sentences</title></rect>"
        )
    # The end labels lean inwards, so that neither is cut by the chart's edge.
    for value, anchor in ((-extent, "start"), (0.0, "middle"), (extent, "end")):
        x = _LEFT + (value + extent) / (2 * extent) * plot_w
        out.append(
            f'<text x="{x:.1f}" y="{_TOP + plot_h + 16}" class="tick" '
            f'text-anchor="{anchor}">{value:+.1f}</text>'
        )
    out.append(
        f'<text x="{_LEFT + plot_w / 2:.1f}" y="{_HEIGHT - 8}" class="legend" '
        f'text-anchor="middle">{escape(axis)}</text></svg>'
    )
    return "".join(out)
