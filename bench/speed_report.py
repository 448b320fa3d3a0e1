"""The speed table's words: its Markdown, whether each target is met, its history.

Kept apart from `speed_table.py`, which runs the tools, so that what the table says
for given numbers is tested without running anything (`tests/bench/`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

HISTORY_HEADING = "## Speed table history"
COLUMNS = (
    "run",
    "ours",
    "sacreBLEU",
    "ratio (wall)",
    "ratio (tree memory)",
    "target",
    "met?",
)


@dataclass(frozen=True)
class Limit:
    """One figure of a target: `measured` must stay under `most`."""

    name: str
    measured: float
    most: float
    inclusive: bool = True
    """True: `measured` ≤ `most` meets it; False: only `measured` < `most` does."""

    @property
    def met(self) -> bool:
        if self.inclusive:
            return self.measured <= self.most
        return self.measured < self.most


@dataclass(frozen=True)
class Result:
    """One row of the table, as measured."""

    run: str
    ours: str
    sacre: str
    wall_ratio: float | None
    memory_ratio: float | None
    target: str
    limits: tuple[Limit, ...]
    """Empty: the row reports figures and has no target."""


def met_cell(result: Result, quick: bool) -> str:
    """ "yes", "**no**: wall" (the figures missed), or "—" without a target."""
    if quick:
        return "— (quick)"
    if not result.limits:
        return "—"
    missed = [limit.name for limit in result.limits if not limit.met]
    return "yes" if not missed else f"**no**: {', '.join(missed)}"


def _ratio(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def markdown_table(results: list[Result], quick: bool) -> str:
    """The results as a Markdown table, one row each, in `COLUMNS`' order."""
    lines = [
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
    ]
    for result in results:
        cells = (
            result.run,
            result.ours,
            result.sacre,
            _ratio(result.wall_ratio),
            _ratio(result.memory_ratio),
            result.target,
            met_cell(result, quick),
        )
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def history_entry(when: str, commit: str, machine: str, table: str) -> str:
    """One run's entry under the history heading: a dated title, the machine, the
    table."""
    return f"### {when}, commit {commit}\n\n{machine}\n\n{table}"


def append_history(path: Path, entry: str) -> None:
    """Add `entry` at the end of `path`'s "Speed table history" section.

    The section is created at the end of the file if there is none; entries go
    oldest first, so the newest is read last, just before the next `## ` heading.
    """
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if HISTORY_HEADING not in text.splitlines():
        before = text.rstrip("\n") + "\n\n" if text.strip() else ""
        path.write_text(f"{before}{HISTORY_HEADING}\n\n{entry}", encoding="utf-8")
        return
    start = text.index(f"{HISTORY_HEADING}\n") + len(HISTORY_HEADING)
    following = re.search(r"^## ", text[start:], flags=re.MULTILINE)
    end = start + following.start() if following else len(text)
    before, after = text[:end].rstrip("\n"), text[end:]
    path.write_text(
        f"{before}\n\n{entry}" + (f"\n{after}" if after else ""), encoding="utf-8"
    )
