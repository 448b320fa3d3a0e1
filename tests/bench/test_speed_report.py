"""The speed table's words for fixed numbers (`bench/speed_report.py`).

The bench itself runs sacreBLEU and the window on real files for an hour; what it
prints for given figures, whether a target is met and where its history goes are
checked here without running anything.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from speed_report import Limit, Result, append_history, markdown_table
from speed_table import window_cell

RESULTS = [
    Result(
        "`score`, 500 segments × 1 reference",
        "0.25 s, 36 MiB, median of 7",
        "0.40 s, 36 MiB, median of 7",
        0.625,
        1.0,
        "wall ≤ 0.70×",
        (Limit("wall", 0.625, 0.7),),
    ),
    Result(
        "`score --paired-bs`, 19,008 segments × 5 systems",
        "9.00 s, 300 MiB",
        "45.00 s, 1,200 MiB",
        0.2,
        0.25,
        "wall ≤ 0.10×, tree ≤ 0.20×",
        (Limit("wall", 0.2, 0.1), Limit("tree memory", 0.25, 0.2)),
    ),
    Result(
        "`score --paired-bs`, 100,000 segments × 5 systems",
        "30.00 s, 900 MiB",
        "300.00 s, 6,000 MiB",
        0.1,
        0.15,
        "report",
        (),
    ),
    Result(
        "window, 10 systems × 100,000 segments",
        "longest block 60 ms (opening), tree 1,400 MiB (1.47 GB)",
        "—",
        None,
        None,
        "block < 60 ms, tree < 1.5 GB",
        (
            Limit("block", 60, 60, inclusive=False),
            Limit("tree", 1.468e9, 1.5e9, inclusive=False),
        ),
    ),
]


def test_the_table_is_markdown_with_each_target_met_or_named() -> None:
    assert markdown_table(RESULTS, quick=False) == (
        "| run | ours | sacreBLEU | ratio (wall) | ratio (tree memory) | target "
        "| met? |\n"
        "|---|---|---|---|---|---|---|\n"
        "| `score`, 500 segments × 1 reference | 0.25 s, 36 MiB, median of 7 "
        "| 0.40 s, 36 MiB, median of 7 | 0.625 | 1.000 | wall ≤ 0.70× | yes |\n"
        "| `score --paired-bs`, 19,008 segments × 5 systems | 9.00 s, 300 MiB "
        "| 45.00 s, 1,200 MiB | 0.200 | 0.250 | wall ≤ 0.10×, tree ≤ 0.20× "
        "| **no**: wall, tree memory |\n"
        "| `score --paired-bs`, 100,000 segments × 5 systems | 30.00 s, 900 MiB "
        "| 300.00 s, 6,000 MiB | 0.100 | 0.150 | report | — |\n"
        "| window, 10 systems × 100,000 segments | longest block 60 ms (opening), "
        "tree 1,400 MiB (1.47 GB) | — | — | — | block < 60 ms, tree < 1.5 GB "
        "| **no**: block |\n"
    )


def test_a_quick_run_claims_no_target() -> None:
    table = markdown_table(RESULTS, quick=True)
    met = [line.rsplit("|", 2)[1].strip() for line in table.splitlines()[2:]]
    assert met == ["— (quick)"] * 4


def test_history_goes_at_the_end_of_its_section_oldest_first(tmp_path: Path) -> None:
    design = tmp_path / "design.md"
    design.write_text(
        "# Notes\n\n## Speed table history\n\n### first\n\n## Later section\n\ntext\n",
        encoding="utf-8",
    )
    append_history(design, "### second\n")
    assert design.read_text(encoding="utf-8") == (
        "# Notes\n\n## Speed table history\n\n### first\n\n### second\n\n"
        "## Later section\n\ntext\n"
    )


def test_history_section_is_made_at_the_end_when_missing(tmp_path: Path) -> None:
    design = tmp_path / "design.md"
    design.write_text("# Notes\n\ntext\n", encoding="utf-8")
    append_history(design, "### first\n")
    assert design.read_text(encoding="utf-8") == (
        "# Notes\n\ntext\n\n## Speed table history\n\n### first\n"
    )


def test_the_window_cell_lists_each_run_and_names_the_longest_place() -> None:
    reports = [
        {
            "longest_block_ms": 51,
            "where": "opening, at 0.05 s, starting",
            "tree_peak_mib": 1321.7,
        },
        {
            "longest_block_ms": 105,
            "where": "shown only, at 0.37 s, comparing systems",
            "tree_peak_mib": 1316.5,
        },
        {
            "longest_block_ms": 43,
            "where": "shown only, at 0.34 s, comparing systems",
            "tree_peak_mib": 1316.9,
        },
    ]
    block, tree, words = window_cell(reports)
    assert (block, tree) == (51, 1316.9)
    assert words == (
        "longest block 51 ms (runs 51, 105, 43 ms; the longest in shown only, "
        "at 0.37 s, comparing systems), tree 1,317 MiB (1.38 GB), median of 3"
    )


def test_one_window_run_names_its_place_alone() -> None:
    report = {"longest_block_ms": 60, "where": "opening", "tree_peak_mib": 1400.0}
    assert window_cell([report])[2] == (
        "longest block 60 ms (opening), tree 1,400 MiB (1.47 GB)"
    )
