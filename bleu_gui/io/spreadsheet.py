"""Spreadsheets (TSV, CSV, XLSX) with a header row, as bundles of one column each.

People keep test sets in spreadsheets: a column for the source, one per reference,
one per system, sometimes a document id. The first row names the columns; each
later row is one segment. Each header becomes a `Column` keyed by the header text
("hyp"), labelled "column 'hyp'"; a header that names a role gets it
(`io.column_roles`: "Source (en-US)", "Target", "MT", "Segment ID", ...), any other
is left for the user to choose. Each segment's place is its row as a
spreadsheet program numbers it ("row 2" is the first segment; the header is row 1):
the bundle's `Units`, which the window's table and every export show, so that a
notice's "row 9" is the row the table calls 9.

What a cell becomes, and why:

* Text is kept as written, trailing whitespace stripped (as sacreBLEU strips each line
  of a text file). An empty cell is an empty segment, and the bundle's notices say how
  many each column has, so that a column with gaps is noticed before it is scored.
* A cell may hold a line break (quoted in TSV/CSV, Alt+Enter in Excel). It stays one
  segment, line break included: the row is the segment. (sacreBLEU, given the same
  column as a text file, would split it there and shift every later segment.) A
  notice names the first such cell.
* XLSX numbers, dates and booleans are not formatted as the cell's number format
  would show them (that needs Excel's formatting engine); they are read as plain
  text: a whole number without ".0" ("3"), another number with up to 15
  significant digits, as Excel's General format ("0.3", "1e+16"), a date as ISO
  8601 ("2024-05-01", with the time when it is not midnight), a boolean as TRUE or
  FALSE. Formulas give their last computed value; a formula without one (the file
  was written by a script and never opened in a spreadsheet program) reads as an
  empty cell, and a notice names it as such, cell by cell ("B7").
* A column with neither a header nor anything under it (a blank column between
  others) is left out; only the columns chosen for a role are warned about.
* TSV and CSV are read with Python's `csv` module as Excel writes them: cells holding
  the delimiter, a quote or a line break are in double quotes, quotes doubled. The
  file's encoding is the one chosen, unless the file starts with a UTF-16
  byte-order mark (Excel's "Unicode text"), which wins; a UTF-8 mark (Excel's "CSV
  UTF-8") is dropped from the first header.

Broken tables are refused with one line naming the file and the row or column: a row
with another number of cells than the header, an empty or repeated header, an XLSX
sheet that does not exist (the message lists those that do), a sheet whose XML does
not parse (naming its part), a cell longer than `MAX_CELL_CHARACTERS`, and a
workbook that would expand past the bounds of `io.zip_bounds` (a zip bomb), checked
before anything is unzipped. In a workbook of several
sheets the message names the sheet, and the others when the first was read unasked.
"""

from __future__ import annotations

import codecs
import csv
import datetime
import io
import zipfile
import zlib
from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from bleu_gui.io.bom import BOM
from bleu_gui.io.bundle import ROW, Bundle, Column, Format, Units
from bleu_gui.io.column_roles import role_of
from bleu_gui.io.errors import FormatError, display_name
from bleu_gui.io.file_bytes import read_bytes
from bleu_gui.io.readers import DEFAULT_ENCODING, Segments, _decode, read_raw
from bleu_gui.io.zip_bounds import check_expansion

if TYPE_CHECKING:
    from bleu_gui.io.format_options import FormatOptions

__all__ = ["read_csv", "read_tsv", "read_xlsx"]

# How many rows a notice names before it says "and N more".
_SHOWN = 3

MAX_CELL_CHARACTERS = 32_767
"""The longest workbook cell read: Excel's own limit. A longer cell was not written
by a spreadsheet program (see `io.zip_bounds` for the bounds before reading)."""


def read_tsv(path: Path, encoding: str, options: FormatOptions) -> Bundle:
    """Read a tab-separated file with a header row (see the module docstring)."""
    return _read_delimited(path, encoding, Format.TSV, csv.excel_tab)


def read_csv(path: Path, encoding: str, options: FormatOptions) -> Bundle:
    """Read a comma-separated file with a header row (see the module docstring)."""
    return _read_delimited(path, encoding, Format.CSV, csv.excel)


def _read_delimited(
    path: Path, encoding: str, format_: Format, dialect: type[csv.Dialect]
) -> Bundle:
    """Read TSV or CSV: decode, split into rows, then build the bundle."""
    encoding = _encoding_by_bom(path, encoding)
    text = _decode(path, read_raw(path, encoding), encoding).removeprefix(BOM)
    reader = csv.reader(io.StringIO(text, newline=""), dialect, strict=True)
    rows: list[list[str]] = []
    start = 1  # the line the next row starts on: a quoted cell may span lines
    try:
        for row in reader:
            rows.append(row)
            start = reader.line_num + 1
    except csv.Error as error:
        raise FormatError(
            path,
            f"is not valid {format_.upper()} ({error} in the row that starts here)",
            line=start,
        ) from None
    return _bundle(path, format_, encoding, rows)


def _encoding_by_bom(path: Path, encoding: str) -> str:
    """UTF-16 when the file starts with its byte-order mark, else `encoding`."""
    try:
        with open(path, "rb") as handle:
            start = handle.read(2)
    except OSError:
        return encoding  # `read_raw` says what is wrong, in its words
    if start in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return "utf-16"
    return encoding


def read_xlsx(path: Path, encoding: str, options: FormatOptions) -> Bundle:
    """Read one worksheet of an Excel workbook (the first, or `options.sheet`).

    `encoding` is not used: a workbook says its own.
    """
    data = read_bytes(path)
    names, name, values = _read_sheet(path, data, options.sheet, data_only=True)
    rows = _sheet_texts(path, name, values)
    empty = {
        (number, column)
        for number, row in enumerate(values, start=1)
        for column, value in enumerate(row)
        if value is None
    }
    try:
        uncached = _uncached_formulas(path, data, name, empty)
        bundle = _bundle(path, Format.XLSX, DEFAULT_ENCODING, _trim(rows), uncached)
        return replace(bundle, sheets=tuple(names))
    except FormatError as error:
        if len(names) == 1:
            raise
        # A workbook of several sheets: say which was read, and, when it was
        # only the first (a cover page, say), which others there are.
        place = f"sheet {name!r}" + (f", {error.where}" if error.where else "")
        others = ", ".join(repr(sheet) for sheet in names if sheet != name)
        hint = f" (other sheets: {others})" if options.sheet is None else ""
        raise FormatError(path, f"{error.detail}{hint}", where=place) from None


def _read_sheet(
    path: Path, data: bytes, chosen: str | None, *, data_only: bool
) -> tuple[list[str], str, list[tuple[object, ...]]]:
    """The workbook's sheet names, the name of the sheet read, and its cell values.

    `data_only`: each formula's saved value (None when it has none), else the
    formulas themselves. The archive's expansion is checked first (`io.zip_bounds`).
    """
    from openpyxl import load_workbook  # imported when needed: it is slow to load
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            check_expansion(path, archive)
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=data_only)
    except (InvalidFileException, *_DAMAGED) as error:
        raise FormatError(
            path,
            f"is not an Excel workbook (.xlsx) or is damaged ({_reason(error)})",
        ) from None
    try:
        names = list(book.sheetnames)
        name = names[0] if chosen is None else chosen
        if name not in names:
            listed = ", ".join(repr(sheet) for sheet in names)
            raise FormatError(path, f"has no sheet {name!r} (it has {listed})")
        sheet = book[name]
        # The size a workbook declares may be wrong (some programs write A1:A1):
        # read every row there is instead.
        sheet.reset_dimensions()
        try:
            return names, name, list(sheet.iter_rows(values_only=True))
        except _DAMAGED as error:
            part = str(getattr(sheet, "_worksheet_path", "") or "its XML")
            raise FormatError(
                path,
                f"is damaged: {part.lstrip('/')} cannot be read ({_reason(error)})",
                where=f"sheet {name!r}",
            ) from None
    finally:
        book.close()


def _sheet_texts(
    path: Path, name: str, values: Iterable[tuple[object, ...]]
) -> list[list[str]]:
    """The sheet's rows as text, each cell no longer than `MAX_CELL_CHARACTERS`."""
    rows: list[list[str]] = []
    for number, row in enumerate(values, start=1):
        cells = [_cell_text(value) for value in row]
        for column, cell in enumerate(cells):
            if len(cell) > MAX_CELL_CHARACTERS:
                raise FormatError(
                    path,
                    f"holds {len(cell):,} characters, more than a workbook cell "
                    f"holds ({MAX_CELL_CHARACTERS:,}, Excel's limit)",
                    where=f"sheet {name!r}, cell {_cell_name(number, column)}",
                )
        rows.append(cells)
    return rows


def _uncached_formulas(
    path: Path, data: bytes, name: str, empty: set[tuple[int, int]]
) -> set[tuple[int, int]]:
    """Which of the `empty` cells (row number, column index) are formulas.

    A formula's value is what the program that saved the file computed; a file
    written by a script (openpyxl, pandas) and never opened in a spreadsheet
    program has none, and its cell reads as empty. Only a workbook with empty
    cells is read a second time, for its formulas.
    """
    from openpyxl.worksheet.formula import ArrayFormula, DataTableFormula

    if not empty:
        return set()
    _, _, formulas = _read_sheet(path, data, name, data_only=False)
    return {
        (number, column)
        for number, row in enumerate(formulas, start=1)
        for column, value in enumerate(row)
        if (number, column) in empty
        and (
            isinstance(value, ArrayFormula | DataTableFormula)
            or (isinstance(value, str) and value.startswith("="))
        )
    }


def _cell_name(number: int, column: int) -> str:
    """A cell's name as a spreadsheet program shows it ("B7").

    From its row number and its column's index (from 0).
    """
    from openpyxl.utils.cell import get_column_letter

    return f"{get_column_letter(column + 1)}{number}"


# What reading a damaged workbook raises: the zip archive's errors, the XML
# parser's (ElementTree's `ParseError` is a `SyntaxError`; defusedxml's refusals
# are `ValueError`s), openpyxl's `KeyError` for a part the archive lacks.
_DAMAGED = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    KeyError,
    ValueError,
    SyntaxError,
)


def _reason(error: BaseException) -> str:
    """What `error` says, or its type's name when it says nothing."""
    return str(error).strip() or type(error).__name__


def _cell_text(value: object) -> str:
    """A workbook cell's value as text (see the module docstring)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return f"{value:.15g}"
    if isinstance(value, datetime.datetime):
        if value.time() == datetime.time():
            return value.date().isoformat()
        return value.isoformat(sep=" ")
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return str(value)


def _trim(rows: list[list[str]]) -> list[list[str]]:
    """Workbook rows made as wide as the header, where nothing is past it.

    A workbook row ends at its last cell that was ever written (a cell may be
    written empty, with formatting only): a shorter row has empty cells at its
    end, and cells past the last header matter only if something is in them.
    """
    if not rows:
        return rows
    width = len(rows[0])
    while width and not rows[0][width - 1].strip():
        width -= 1
    return [
        row if any(row[width:]) else [*row[:width], *[""] * (width - len(row))]
        for row in rows
    ]


def _bundle(
    path: Path,
    format_: Format,
    encoding: str,
    rows: list[list[str]],
    uncached: Collection[tuple[int, int]] = (),
) -> Bundle:
    """The bundle of a table's rows: the first is the header, each other a segment.

    A column with neither a header nor anything under it is left out: a spreadsheet
    program shows it as a blank column between others, and nobody can choose it.
    `uncached`: the (row number, column index) of workbook formulas that have no
    value saved, read as empty cells but named as what they are.
    """
    while rows and not any(cell.strip() for cell in rows[-1]):
        rows.pop()  # blank lines or rows at the end
    if not rows:
        raise FormatError(path, "is empty: the first row must name the columns")
    headers = [cell.strip() for cell in rows[0]]
    body = rows[1:]
    blank = {
        index
        for index, header in enumerate(headers)
        if not header and not any(index < len(row) and row[index] for row in body)
    }
    _check_headers(path, headers, blank)
    if not body:
        raise FormatError(path, "has a header row but no rows under it")
    for number, row in enumerate(body, start=2):
        if len(row) != len(headers) and not (len(headers) == 1 and not row):
            raise FormatError(
                path,
                f"has {_cells(len(row))} but the header row has {len(headers)}",
                where=f"row {number}",
            )
    cells = [[cell.rstrip() for cell in row] or [""] for row in body]
    columns: list[Column] = []
    notices: list[str] = []
    for index, header in enumerate(headers):
        if index in blank:
            continue
        lines = tuple(row[index] for row in cells)
        label = f"column {header!r}"
        segments = Segments(path, lines, encoding)
        formulas = sorted(number for number, column in uncached if column == index)
        own = tuple(_column_notices(path, label, lines, index, formulas))
        columns.append(Column(header, label, role_of(header), segments, own))
        notices.extend(own)
    rows_shown = Units(ROW, tuple(str(number) for number in range(2, len(cells) + 2)))
    ids = tuple(rows_shown.place(index) for index in range(len(cells)))
    return Bundle(
        path, format_, tuple(columns), ids, None, tuple(notices), units=rows_shown
    )


def _check_headers(
    path: Path, headers: Sequence[str], blank: Collection[int] = ()
) -> None:
    """Refuse an empty header, or one that names two columns.

    `blank`: the indices (from 0) of the columns left out, not checked.
    """
    seen: dict[str, int] = {}
    for number, header in enumerate(headers, start=1):
        if number - 1 in blank:
            continue
        if not header:
            raise FormatError(
                path,
                "has no header: every column needs a name",
                where=f"column {number}",
            )
        if header in seen:
            raise FormatError(
                path,
                f"has the header {header!r}, as column {seen[header]} has: every "
                "column needs its own name",
                where=f"column {number}",
            )
        seen[header] = number


def _column_notices(
    path: Path,
    label: str,
    lines: Sequence[str],
    index: int,
    formulas: Sequence[int] = (),
) -> list[str]:
    """The notices about one column (the `index`-th, from 0).

    Its formulas without a saved value (`formulas`: their row numbers), its other
    empty cells, its cells with line breaks.
    """
    name = display_name(path)
    notices = []
    if formulas:
        places = ", ".join(_cell_name(number, index) for number in formulas[:_SHOWN])
        if len(formulas) > _SHOWN:
            places += f" and {len(formulas) - _SHOWN} more"
        notices.append(
            f"{name}, {label}: {_cells(len(formulas), 'formula')} without a cached "
            f"value ({'cell' if len(formulas) == 1 else 'cells'} {places}), read as "
            "empty segments; save the file in Excel or LibreOffice first"
        )
    uncached = set(formulas)
    empty = [
        number
        for number, line in enumerate(lines, start=2)
        if not line and number not in uncached
    ]
    if empty:
        notices.append(
            f"{name}, {label}: {_cells(len(empty), 'empty cell')} "
            f"({_rows(empty)}), read as empty segments"
        )
    broken = [number for number, line in enumerate(lines, start=2) if "\n" in line]
    if broken:
        notices.append(
            f"{name}, {label}: {_cells(len(broken), 'cell')} with a line break "
            f"({_rows(broken)}), each kept as one segment (a text file would be "
            "split there)"
        )
    return notices


def _cells(count: int, what: str = "cell") -> str:
    """'1 cell', '3 cells'."""
    return f"{count} {what}" if count == 1 else f"{count} {what}s"


def _rows(numbers: Iterable[int]) -> str:
    """'row 4', 'rows 4, 9, 12 and 3 more'."""
    shown = list(numbers)
    if len(shown) == 1:
        return f"row {shown[0]}"
    text = "rows " + ", ".join(str(number) for number in shown[:_SHOWN])
    if len(shown) > _SHOWN:
        text += f" and {len(shown) - _SHOWN} more"
    return text
