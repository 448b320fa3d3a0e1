"""Exported CSV and TSV files read as a user's program reads them: Python's csv module.

An exported CSV or TSV file starts with a byte-order mark (Excel needs it to read
UTF-8), then lines that say what the table is (its title and signature, one cell
each), an empty line, the header and the rows (`io.table_export`'s module
docstring). `read_delimited` checks that layout and returns its parts, so that the
tests can pin each header cell word for word.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class Delimited:
    """A delimited export's parts.

    Attributes:
        about: the lines before the empty line (title, then signature lines).
        header: the header's cells.
        rows: the rows' cells.
    """

    about: list[str]
    header: list[str]
    rows: list[list[str]]


def read_delimited(path: Path, delimiter: str = ",") -> Delimited:
    """The parts of the CSV (or, with `delimiter` a tab, TSV) file at `path`.

    Fails unless the file starts with the byte-order mark.
    """
    data = path.read_bytes()
    assert data.startswith(BOM), f"{path.name} has no byte-order mark"
    return parse_delimited(data[len(BOM) :].decode("utf-8"), delimiter)


def parse_delimited(text: str, delimiter: str = ",") -> Delimited:
    """The parts of a delimited export's text (after its byte-order mark)."""
    lines = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    blank = lines.index([])
    about = lines[:blank]
    assert all(len(line) == 1 for line in about), about
    return Delimited([line[0] for line in about], lines[blank + 1], lines[blank + 2 :])
