"""How far a workbook (a zip archive) may expand before openpyxl reads it.

An XLSX file is a zip archive of XML parts, and openpyxl unzips a part whole
(the shared strings) or a row at a time (a sheet): a 1 MB file holding one 1 GB
cell took 3 GB of memory and ended in `MemoryError`. `check_expansion` reads the
sizes every part declares in the archive's central directory and refuses, in one
line naming the part, a workbook past these bounds:

* `MAX_EXPANDED_BYTES` (1 GiB) in all, unzipped: a test set of a hundred
  thousand rows is tens of megabytes of XML;
* a part over `RATIO_FROM_BYTES` (4 MiB) unzipped that expands more than
  `MAX_RATIO` (100) times: sheet XML compresses 5 to 20 times, a zip bomb a
  thousand times.

The declared sizes are not trusted alone: Python's `zipfile` never unzips more of
a part than its declared size (it stops there, and the part's checksum then fails,
which the reader reports as a damaged workbook), so a part that lies about its
size is cut short, not read whole. What is left is the text of one cell, bounded
by `MAX_CELL_CHARACTERS` in `io.spreadsheet`.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from bleu_gui.io.errors import FormatError

__all__ = [
    "MAX_EXPANDED_BYTES",
    "MAX_RATIO",
    "RATIO_FROM_BYTES",
    "check_expansion",
]

MAX_EXPANDED_BYTES = 1 << 30
"""The most a workbook may hold unzipped, all parts together (1 GiB)."""

MAX_RATIO = 100
"""How many times a large part may expand when unzipped."""

RATIO_FROM_BYTES = 4 << 20
"""The unzipped size (4 MiB) from which `MAX_RATIO` applies: a small part may
compress very well (a sheet of one repeated style) and harm nobody."""


def check_expansion(path: Path, archive: zipfile.ZipFile) -> None:
    """Refuse `archive` if it would expand past the bounds (see the module docstring).

    Raises:
        FormatError: Naming the part (or the whole file) and its sizes.
    """
    total = 0
    for info in archive.infolist():
        total += info.file_size
        ratio = info.file_size / max(info.compress_size, 1)
        if info.file_size > RATIO_FROM_BYTES and ratio > MAX_RATIO:
            raise FormatError(
                path,
                f"expands {ratio:,.0f} times when unzipped "
                f"({_size(info.compress_size)} to {_size(info.file_size)}), as a "
                f"zip bomb does; bleu-gui reads no part over "
                f"{_size(RATIO_FROM_BYTES)} that expands more than {MAX_RATIO} "
                "times",
                where=f"part {info.filename!r}",
            )
    if total > MAX_EXPANDED_BYTES:
        raise FormatError(
            path,
            f"holds {_size(total)} unzipped, more than the "
            f"{_size(MAX_EXPANDED_BYTES)} bleu-gui reads from a workbook",
        )


def _size(count: int) -> str:
    """A byte count for people: '812 bytes', '200 KiB', '1.5 GiB'."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if count >= 1 << shift:
            return f"{count / (1 << shift):.3g} {unit}"
    return f"{count} bytes"
