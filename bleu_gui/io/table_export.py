"""A table as it is exported, and its writers: CSV, TSV, JSON, XLSX, Markdown, LaTeX.

One code path for the window and the command line: both build a `Table` (the
window from its models, the command line from the core's results) and hand it to
`write_table`, which picks the writer by the file's extension and writes the file
whole or not at all (`safe_write`).

A table carries each cell twice: its value, unrounded (a float, an int, a str, or
None for "no value", such as the BLEU of an unscorable sentence), and its text as
the window shows it. The formats read by people show the text (CSV, TSV, Markdown,
LaTeX: a CSV opened next to the window shows the same numbers); those read by
programs the value (JSON: every digit; XLSX: numbers as numbers, with a number
format that displays them as the window does, so a spreadsheet sorts and sums the
real values).

No text is ever run as a formula by a spreadsheet: XLSX stores every text as a
string cell; CSV and TSV put a single quote before a text cell that starts with
"=", "+", "-", "@", a tab or a carriage return (OWASP's advice against CSV
injection), but never before a number's cell, so "-0.35" stays a number.

Every file says what it is: the title and the signature lines (the systems, the
options, sacreBLEU's signature, then the warnings) go where the format has room for
them. CSV and TSV start with them, one line each, then an empty line, then the
header: on top, where a person opening the file sees them, and where a program that
takes the first line for the header fails at once rather than reading them as rows
at the end. CSV and
TSV are written in UTF-8 with a byte-order mark: Excel reads a file without one in
the system's code page and garbles "Δ", "„" and every non-Latin hypothesis.

JSON schema (`"format": "bleu-gui table"`, `"version": 1`)::

    {"format": "bleu-gui table", "version": 1,
     "title": "...", "signature": ["BLEU: nrefs:2|...", ...],
     "warnings": ["ref.zh: looks like Chinese text, ...", ...],
     "columns": [{"name": "BLEU", "header": "BLEU", "type": "number"}, ...],
     "rows": [[1, 34.56789..., ...], ...]}

`columns[k].name` names the values of column k (with their unit where the shown
header uses another scale, as the Cost column does); `type` is "integer",
"number" or "text"; a missing value is null. `warnings` holds the warnings about
the files the numbers come from (a kept byte-order mark, a language the tokenizer
leaves unsplit: `io.notices`), as the window and the command line said them; an
empty list without any.
"""

from __future__ import annotations

import io
import json
import math
import re
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import IO, TYPE_CHECKING

from bleu_gui.io.control_marks import with_marks
from bleu_gui.io.errors import InputError
from bleu_gui.io.latex_table import latex_booktabs
from bleu_gui.io.safe_write import write_bytes, write_text

if TYPE_CHECKING:
    from bleu_gui.core.changes import TextChanges

__all__ = [
    "DELIMITED_ENCODING",
    "JSON_FORMAT",
    "CellType",
    "ExportFormat",
    "Table",
    "TableColumn",
    "Value",
    "format_of",
    "rows_as_tsv",
    "to_csv",
    "to_json",
    "to_latex",
    "to_markdown",
    "to_tsv",
    "write_table",
    "xlsx_bytes",
    "xlsx_steps",
]

Value = float | int | str | None
JSON_FORMAT = "bleu-gui table"


class CellType(Enum):
    """What a column's values are (JSON's `type`, XLSX's cell type)."""

    INTEGER = "integer"
    NUMBER = "number"
    TEXT = "text"


class ExportFormat(Enum):
    """A file format a table is written in, by its extensions (the first: default)."""

    CSV = ("CSV", (".csv",))
    TSV = ("TSV", (".tsv", ".tab"))
    JSON = ("JSON", (".json",))
    XLSX = ("Excel workbook", (".xlsx",))
    MARKDOWN = ("Markdown", (".md", ".markdown"))
    LATEX = ("LaTeX", (".tex",))

    def __init__(self, label: str, extensions: tuple[str, ...]) -> None:
        self.label = label
        self.extensions = extensions

    @property
    def name_filter(self) -> str:
        """The filter a file dialog lists it by: "CSV (*.csv)"."""
        patterns = " ".join(f"*{extension}" for extension in self.extensions)
        return f"{self.label} ({patterns})"


@dataclass(frozen=True, slots=True)
class TableColumn:
    """One column: its header as shown, what its values are, how XLSX shows them.

    Attributes:
        header: the header as the window shows it ("Cost ×10⁻³").
        type: what its values are.
        name: the values' name where `header` describes a rescaled text
            ("Cost (BLEU points)"); "" for the header itself.
        number_format: Excel's number format that displays a value as the
            window does ("0.0", "+0.0;-0.0;0"); "General" for anything else.
    """

    header: str
    type: CellType = CellType.NUMBER
    name: str = ""
    number_format: str = "General"

    @property
    def value_name(self) -> str:
        """The name of the column's unrounded values."""
        return self.name or self.header


@dataclass(frozen=True, slots=True)
class Table:
    """A table to export: columns, each row's values and texts, and its signature.

    Attributes:
        title: what the table is ("Sentences of UEdin, 132 of 500 shown").
        columns: the columns, left to right.
        values: each row's unrounded values, one per column.
        texts: each row's cells as the window shows them, one per column.
        signature: lines that say what the numbers are (sacreBLEU's signature,
            the systems compared); written where the format has room for them.
        warnings: the warnings that qualify the numbers (`io.notices`), one line
            each; written after the signature, each as "Warning: …", where the
            format has room (not in CSV and TSV, which hold the table only).
        changes: per column index, each row's track changes, written by XLSX
            as the cell's rich text (`io.changes_cells`) in place of its value
            (None: the cell's value, as in other columns); a column only XLSX
            exports have.
    """

    title: str
    columns: tuple[TableColumn, ...]
    values: Sequence[tuple[Value, ...]]
    texts: Sequence[tuple[str, ...]]
    signature: tuple[str, ...] = field(default=())
    warnings: tuple[str, ...] = field(default=())
    changes: Mapping[int, Sequence[TextChanges | None]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.values) != len(self.texts):
            raise ValueError(
                f"{len(self.values)} rows of values, {len(self.texts)} of texts"
            )
        width = len(self.columns)
        for row in (*self.values[:1], *self.texts[:1]):
            if len(row) != width:
                raise ValueError(f"a row of {len(row)} cells, {width} columns")

    @property
    def headers(self) -> tuple[str, ...]:
        """The headers as shown."""
        return tuple(column.header for column in self.columns)

    @property
    def notes(self) -> tuple[str, ...]:
        """The lines under the table: the signature, then "Warning: " each warning."""
        return self.signature + tuple(f"Warning: {line}" for line in self.warnings)


def format_of(
    path: Path, formats: Sequence[ExportFormat] = tuple(ExportFormat)
) -> ExportFormat:
    """The format a file is written in, by its extension, among `formats`.

    One rule and one message for every export (the command line's and the
    window's): a refusal lists the extensions that are accepted.

    Raises:
        InputError: the extension is none of `formats`'.
    """
    suffix = path.suffix.lower()
    for export_format in formats:
        if suffix in export_format.extensions:
            return export_format
    known = ", ".join(e for f in formats for e in f.extensions)
    raise InputError(
        f"cannot tell the export format from the extension "
        f"{suffix or '(none)'!r}: use one of {known}",
        path=path,
    )


def write_table(
    path: Path, table: Table, export_format: ExportFormat | None = None
) -> ExportFormat:
    """Write `table` to `path` whole or not at all; return the format written.

    `export_format` None: by `path`'s extension (`format_of`).

    Raises:
        InputError: an unknown extension, or the file cannot be written
            (`WriteError`); nothing is left behind then.
    """
    chosen = export_format or format_of(path)
    if chosen is ExportFormat.XLSX:
        # Made in memory, then written: openpyxl, failing to write a file (a
        # full disk), leaves its archive and sheets open, and Python prints a
        # page of "Exception ignored" tracebacks under the one-line error.
        write_bytes(path, xlsx_bytes(table))
    elif chosen in (ExportFormat.CSV, ExportFormat.TSV):
        write_text(path, _TEXT_WRITERS[chosen](table), DELIMITED_ENCODING)
    else:
        write_text(path, _TEXT_WRITERS[chosen](table))
    return chosen


# --- text formats --------------------------------------------------------------------


def rows_as_tsv(table: Table) -> str:
    """The rows of `table` as shown, with a header, tab-separated: for a clipboard.

    Tabs and line breaks inside a cell become spaces, so that a spreadsheet
    pasted into keeps one row per line without quoting rules; a text that a
    spreadsheet would run as a formula starts with a single quote, as in a CSV
    file (`_inert`): pasted, it would run as surely as opened.
    """

    def cell_text(cell: str, number: bool) -> str:
        flat = " ".join(cell.split()) if _breaks(cell) else cell
        return flat if number else _inert(flat)

    def line(cells: Sequence[str], values: Sequence[Value] | None = None) -> str:
        numbers = [False] * len(cells) if values is None else map(_is_number, values)
        return "\t".join(map(cell_text, cells, numbers))

    rows = (
        line(texts, values)
        for values, texts in zip(table.values, table.texts, strict=True)
    )
    return "\n".join([line(table.headers), *rows]) + "\n"


def _breaks(cell: str) -> bool:
    return "\t" in cell or "\n" in cell or "\r" in cell


DELIMITED_ENCODING = "utf-8-sig"
"""CSV's and TSV's encoding: UTF-8 with a byte-order mark, which Excel needs."""


def _delimited(table: Table, delimiter: str) -> str:
    rows: list[Sequence[str]] = [[_inert(line)] for line in (table.title, *table.notes)]
    rows += [[], [_inert(header) for header in table.headers]]
    rows += (
        [
            cell if _is_number(value) else _inert(cell)
            for value, cell in zip(values, texts, strict=True)
        ]
        for values, texts in zip(table.values, table.texts, strict=True)
    )
    return "".join(_delimited_line(row, delimiter) for row in rows)


def _delimited_line(cells: Sequence[str], delimiter: str) -> str:
    r"""One line of CSV (or TSV): RFC 4180's quoting, lines ending in ``\n``.

    Written here rather than by the csv module, whose writer leaves a cell with
    a lone carriage return unquoted when lines end in ``\n``: every reader, the
    csv module's own included, then splits the row in two there.
    """
    if len(cells) == 1 and not cells[0]:
        return '""\n'  # a line of one empty cell, unlike the empty line
    return delimiter.join(_quoted(cell, delimiter) for cell in cells) + "\n"


def _quoted(cell: str, delimiter: str) -> str:
    """`cell` in double quotes if it holds the delimiter, a quote or a line break."""
    if delimiter in cell or any(char in cell for char in '"\n\r'):
        return '"' + cell.replace('"', '""') + '"'
    return cell


# What a spreadsheet takes a cell that starts with for a formula (OWASP's list
# for CSV injection: "=", "+", "-", "@", a tab, a carriage return).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _inert(text: str) -> str:
    """`text` as a CSV or TSV cell that a spreadsheet shows and never runs.

    Excel, LibreOffice and Google Sheets run a cell such as
    `=HYPERLINK("http://x","click")` or `=cmd|' /C calc'!A0` as a formula; a
    hypothesis, a system's name or a file name can be one. A text that starts
    as a formula does gets a single quote in front (OWASP's advice), which a
    spreadsheet shows as it is. A number's cell is never passed here
    (`_is_number`): "-0.35" stays a number.
    """
    return "'" + text if text.startswith(_FORMULA_START) else text


def _is_number(value: Value) -> bool:
    """Whether a cell holds a number, so that its text is the number's reading.

    The texts of numbers are made by formatting them ("-0.35", "+7.95",
    "0.0010*"), never taken from a file, so they cannot carry a formula.
    """
    return isinstance(value, int | float) and not isinstance(value, bool)


def to_csv(table: Table) -> str:
    """The title, signature and warnings, an empty line, the header and the cells.

    Comma-separated, RFC 4180 quoting; each line above the header is one cell. A
    text that a spreadsheet would run as a formula starts with a single quote
    (`_inert`); numbers are written as they are.
    """
    return _delimited(table, ",")


def to_tsv(table: Table) -> str:
    """`to_csv`'s lines, tab-separated (quoted where needed)."""
    return _delimited(table, "\t")


def to_json(table: Table) -> str:
    """The table's values, unrounded, in the schema the module describes."""
    document = {
        "format": JSON_FORMAT,
        "version": 1,
        "title": table.title,
        "signature": list(table.signature),
        "warnings": list(table.warnings),
        "columns": [
            {"name": c.value_name, "header": c.header, "type": c.type.value}
            for c in table.columns
        ],
        "rows": [[_json_value(value) for value in row] for row in table.values],
    }
    return json.dumps(document, ensure_ascii=False, indent=1, allow_nan=False) + "\n"


def _json_value(value: Value) -> Value:
    """NaN and infinities (no JSON numbers) as null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def to_markdown(table: Table) -> str:
    """A GitHub-flavoured Markdown table of the cells as shown, then its notes.

    Number columns are right-aligned. Every cell renders as its literal text
    (`_markdown_text`): a hypothesis holding `<script>` or `**` is shown, not
    obeyed; a line break is shown as its mark ⟨U+000A⟩. The notes (signature,
    warnings) follow as an indented code block, which a renderer shows as it is,
    so they need no backslashes: a signature copied from the file or the page is
    sacreBLEU's (a control character in one is shown as its mark too).
    """

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(_markdown_text(cell) for cell in cells) + " |"

    rule = [
        "---" if column.type is CellType.TEXT else "--:" for column in table.columns
    ]
    lines = [line(table.headers), "|" + "|".join(rule) + "|"]
    lines += [line(row) for row in table.texts]
    if table.notes:
        lines.append("")
        lines += [f"    {with_marks(text)}" for text in table.notes]
    return "\n".join(lines) + "\n"


# Markdown's inline syntax, written as itself: HTML's three characters as
# entities (a renderer that lets raw HTML through would otherwise run a
# `<script>`, or close a page's `</textarea>`), the rest with a backslash
# (emphasis, code, links, strikethrough, GitHub's math, a table's cell border).
_MARKDOWN_LITERAL = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
    | {char: "\\" + char for char in "\\`*_[]|~$"}
)


def _markdown_text(text: str) -> str:
    """`text` written so that a CommonMark or GitHub renderer shows it as it is.

    A line break, which would end the table's row, and the other characters
    that act on text rather than show (a bidirectional override) are written as
    their marks, ⟨U+000A⟩ (`io.control_marks`), as the HTML report shows them.
    """
    return with_marks(text).translate(_MARKDOWN_LITERAL)


def to_latex(table: Table) -> str:
    """The booktabs layout of sacreBLEU's `-f latex`, then the notes.

    The signature and warning lines follow as LaTeX comments, so that the file can be
    input as it is.
    """
    body = latex_booktabs(table.headers, table.texts)
    notes = "".join(f"% {line}\n" for line in table.notes)
    return body + "\n" + notes


_TEXT_WRITERS: dict[ExportFormat, Callable[[Table], str]] = {
    ExportFormat.CSV: to_csv,
    ExportFormat.TSV: to_tsv,
    ExportFormat.JSON: to_json,
    ExportFormat.MARKDOWN: to_markdown,
    ExportFormat.LATEX: to_latex,
}


# --- XLSX ----------------------------------------------------------------------------

# Excel's limit of characters in a cell: a longer text is cut there, with a mark.
_XLSX_CELL_LIMIT = 32_767
XLSX_STEP = 100  # rows written per step of `xlsx_steps`
_CUT = " …"


def xlsx_bytes(table: Table) -> bytes:
    """The workbook `write_table` writes for XLSX, as bytes."""
    buffer = io.BytesIO()
    _write_xlsx(buffer, table)
    return buffer.getvalue()


def _write_xlsx(file: IO[bytes], table: Table) -> None:
    steps = xlsx_steps(table, file)
    while True:
        try:
            next(steps)
        except StopIteration as end:
            save: Callable[[], None] = end.value
            break
    save()


def xlsx_steps(
    table: Table, file: IO[bytes]
) -> Generator[tuple[int, int, str], None, Callable[[], None]]:
    """Lay out the workbook of `table`, yielding (rows done, rows, label).

    Returns the call that writes the workbook to `file` (compressing it: a second
    for 100,000 rows, mostly in zlib, which lets other threads run). A step per
    `XLSX_STEP` rows, so that the window can lay out a large table in slices
    between which it stays responsive (100,000 rows take seconds).

    The table is on the first sheet from A1 (a header row, frozen, with
    filters), so that any reader takes it as it is; each number is a number,
    displayed by its column's number format; the header names the values (with
    their unit: "Cost (BLEU points)"). The printed page's header and the
    "Signature" sheet name the signature. openpyxl's write-only mode streams the
    rows out.
    """
    from openpyxl import Workbook  # imported when needed: it is slow to load
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    from bleu_gui.io.changes_cells import rich_text

    book = Workbook(write_only=True)
    sheet = book.create_sheet("Table")
    sheet.freeze_panes = "A2"
    total = len(table.values)
    if total:
        last = get_column_letter(len(table.columns))
        sheet.auto_filter.ref = f"A1:{last}{total + 1}"
    if table.signature:
        sheet.oddHeader.center.text = _xlsx_text(table.signature[0])[:200]
    bold = Font(bold=True)
    header_cells = []
    for column in table.columns:
        cell = WriteOnlyCell(sheet, value=_xlsx_text(column.value_name))
        cell.data_type = "s"  # a system's name may start with "="
        cell.font = bold
        header_cells.append(cell)
    sheet.append(header_cells)
    formats = [
        None
        if column.type is CellType.TEXT or column.number_format == "General"
        else column.number_format
        for column in table.columns
    ]
    label = "Writing the workbook"
    changes = table.changes
    for done, row in enumerate(table.values):
        if done % XLSX_STEP == 0:
            yield done, total, label
        cells: list[object] = []
        for index, (value, number_format) in enumerate(zip(row, formats, strict=True)):
            tracked = changes[index][done] if index in changes else None
            if tracked is not None:
                styled = rich_text(tracked, _xlsx_text)
                cells.append(WriteOnlyCell(sheet, value=styled))
            elif isinstance(value, str):
                cells.append(_text_cell(sheet, value))
            elif value is None or (isinstance(value, float) and math.isnan(value)):
                cells.append(None)
            elif number_format is None:
                cells.append(value)
            else:
                cell = WriteOnlyCell(sheet, value=value)
                cell.number_format = number_format
                cells.append(cell)
        sheet.append(cells)
    about = book.create_sheet("Signature")
    for line in (table.title, *table.notes):
        about.append([_text_cell(about, line)])
    yield total, total, label
    return lambda: book.save(file)


def _text_cell(sheet: object, text: str) -> object:
    """A cell holding `text` as text, even where it starts with "=".

    openpyxl takes a string starting with "=" for a formula: a hypothesis such as
    "=== Chapter 2 ===" would be a broken formula in Excel, and
    `=HYPERLINK("http://x","click")` a live link. A string cell ("s") is never
    run, whatever it starts with, so the workbook keeps the text exactly (no
    quote in front, as CSV needs).
    """
    cleaned = _xlsx_text(text)
    if not cleaned.startswith("="):
        return cleaned
    from openpyxl.cell import WriteOnlyCell

    cell = WriteOnlyCell(sheet, value=cleaned)
    cell.data_type = "s"
    return cell


# The control characters XML 1.0 forbids, which openpyxl refuses.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _xlsx_text(text: str) -> str:
    """`text` as a cell may hold it: no control characters, at most Excel's limit.

    The control characters XML 1.0 forbids occur in crawled MT data; they become
    U+FFFD, the replacement character.
    """
    cleaned = _CONTROL.sub("\ufffd", text)
    if len(cleaned) > _XLSX_CELL_LIMIT:
        return cleaned[: _XLSX_CELL_LIMIT - len(_CUT)] + _CUT
    return cleaned
