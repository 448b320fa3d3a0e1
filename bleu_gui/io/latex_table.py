"""sacreBLEU's table layouts as plain text: LaTeX booktabs and the box-drawn grid.

sacreBLEU prints its tables through tabulate (`latex_booktabs`, `fancy_grid`);
we lay them out the same way, without tabulate. One place for both the command
line's paired-test tables (`cli_significance`) and the exported tables
(`table_export`), so a table exported from the window reads like `-f latex`.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["align_cell", "column_widths", "escape_latex", "latex_booktabs"]


def latex_booktabs(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A LaTeX booktabs table, laid out as sacreBLEU's (tabulate's latex_booktabs).

    Columns are aligned on the plain text (the first flush right, the others
    centred), and then LaTeX's special characters are escaped (so an escaped cell
    is wider than its column).
    """
    widths = column_widths(header, [[[cell] for cell in row] for row in rows])

    def line(cells: Sequence[str]) -> str:
        parts = [
            " " + escape_latex(align_cell(col, cell, widths[col])) + " "
            for col, cell in enumerate(cells)
        ]
        return ("&".join(parts) + "\\\\").rstrip()

    columns = "r" + "c" * (len(header) - 1)
    return "\n".join(
        [
            f"\\begin{{tabular}}{{{columns}}}",
            "\\toprule",
            line(header),
            "\\midrule",
            *(line(row) for row in rows),
            "\\bottomrule",
            "\\end{tabular}",
        ]
    )


def column_widths(
    header: Sequence[str], rows: Sequence[Sequence[Sequence[str]]]
) -> list[int]:
    """Each column's width: its longest line, or its header plus two.

    `rows`: each row's cells, each cell as its lines.
    """
    return [
        max(len(header[col]) + 2, *(len(part) for row in rows for part in row[col]))
        for col in range(len(header))
    ]


def align_cell(column: int, text: str, width: int) -> str:
    """The first column flush right, the others centred (extra space on the right)."""
    return f"{text:>{width}}" if column == 0 else f"{text:^{width}}"


# The characters tabulate escapes in LaTeX cells, and how.
_LATEX_ESCAPES = str.maketrans(
    {
        "&": r"\&",
        "%": r"\%",
        "$": r"\$",
        "#": r"\#",
        "_": r"\_",
        "^": r"\^{}",
        "{": r"\{",
        "}": r"\}",
        "~": r"\textasciitilde{}",
        "\\": r"\textbackslash{}",
        "<": r"\ensuremath{<}",
        ">": r"\ensuremath{>}",
    }
)


def escape_latex(text: str) -> str:
    """`text` with LaTeX's special characters escaped as tabulate escapes them."""
    return text.translate(_LATEX_ESCAPES)
