"""The one entry point that reads a file in any format.

The command line and the window both call `read_bundle`; each format's reader is a
module of its own, named in its row of `io.file_format.FORMATS` and imported when a
file of that format is first read, so that a new format is a row there and its
module, and a score of text files imports no XML or spreadsheet reader.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

from bleu_gui.io.bundle import Bundle, Column, Format
from bleu_gui.io.file_format import (
    ENCODING_FORMATS,
    FORMATS,
    TEST_SET_FORMATS,
    detect_format,
    is_unicode_text_table,
)
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.readers import DEFAULT_ENCODING, StrPath, read_segments

__all__ = [
    "ENCODING_FORMATS",
    "TEST_SET_FORMATS",
    "Reader",
    "detect_format",
    "is_unicode_text_table",
    "read_bundle",
    "read_text_bundle",
]


Reader = Callable[[Path, str, FormatOptions], Bundle]
"""A format's reader: (file, encoding, options) to the file's bundle."""


def read_text_bundle(path: Path, encoding: str, options: FormatOptions) -> Bundle:
    """A text file: one column, keyed by the file's name."""
    segments = read_segments(path, encoding, drop_bom=options.drop_bom)
    column = Column(path.name, path.name, None, segments)
    return Bundle(path, Format.TEXT, (column,))


class _Readers(dict[Format, Reader]):
    """Each format's reader, imported from the module its row names when first asked."""

    def __missing__(self, format_: Format) -> Reader:
        module, name = FORMATS[format_].reader.split(":")
        reader: Reader = getattr(importlib.import_module(module), name)
        self[format_] = reader
        return reader


_READERS = _Readers()


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
