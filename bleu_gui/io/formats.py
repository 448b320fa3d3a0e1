"""The one entry point that reads a file in any format.

The command line and the window both call `read_bundle`; each format's reader is a
module of its own, registered in `_READERS`, and takes the same arguments so that a
new format is one line here. Which format a file is in is `io.file_format`'s (named
here too), apart so that a score of text files tells them from the others without
importing every reader.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bleu_gui.io.bilingual import read_tmx, read_xliff
from bleu_gui.io.bundle import Bundle, Column, Format
from bleu_gui.io.file_format import (
    ENCODING_FORMATS,
    TEST_SET_FORMATS,
    detect_format,
    is_unicode_text_table,
)
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.readers import DEFAULT_ENCODING, StrPath, read_segments
from bleu_gui.io.spreadsheet import read_csv, read_tsv, read_xlsx
from bleu_gui.io.wmt_sgml import read_wmt_sgml
from bleu_gui.io.wmt_xml import read_wmt_xml

__all__ = [
    "ENCODING_FORMATS",
    "TEST_SET_FORMATS",
    "Reader",
    "detect_format",
    "is_unicode_text_table",
    "read_bundle",
]


Reader = Callable[[Path, str, FormatOptions], Bundle]
"""A format's reader: (file, encoding, options) to the file's bundle."""


def _read_text(path: Path, encoding: str, options: FormatOptions) -> Bundle:
    """A text file: one column, keyed by the file's name."""
    segments = read_segments(path, encoding, drop_bom=options.drop_bom)
    column = Column(path.name, path.name, None, segments)
    return Bundle(path, Format.TEXT, (column,))


_READERS: dict[Format, Reader] = {
    Format.TEXT: _read_text,
    Format.WMT_XML: read_wmt_xml,
    Format.WMT_SGML: read_wmt_sgml,
    Format.TSV: read_tsv,
    Format.CSV: read_csv,
    Format.XLSX: read_xlsx,
    Format.XLIFF: read_xliff,
    Format.TMX: read_tmx,
}


def read_bundle(
    path: StrPath,
    format_: Format | None = None,
    *,
    encoding: str = DEFAULT_ENCODING,
    options: FormatOptions | None = None,
) -> Bundle:
    """Read `path` in `format_` (detected from its name when None).

    Raises:
        InputError: Any error of reading the file (a `FormatError` for a file that
            breaks its format), naming the file and the place.
    """
    file = Path(path)
    chosen = detect_format(file) if format_ is None else format_
    return _READERS[chosen](file, encoding, options or FormatOptions())
