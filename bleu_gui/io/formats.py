"""Which format a file is in, and the one entry point that reads any of them.

The command line and the window both call `read_bundle`; each format's reader is a
module of its own, registered in `_READERS`, and takes the same arguments so that a
new format is one line here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bleu_gui.io.bilingual import read_tmx, read_xliff, root_format
from bleu_gui.io.bundle import Bundle, Column, Format
from bleu_gui.io.readers import DEFAULT_ENCODING, StrPath, read_segments
from bleu_gui.io.spreadsheet import read_csv, read_tsv, read_xlsx

__all__ = ["FormatOptions", "Reader", "detect_format", "read_bundle"]


@dataclass(frozen=True, slots=True)
class FormatOptions:
    """Choices a format's reader needs beyond the file and its encoding.

    Attributes:
        include_testsuites: WMT XML: keep test-suite documents (sacreBLEU skips them).
        keep_unreferenced: WMT XML and SGML: keep segments without any reference
            (sacreBLEU drops them, and so does bleu-gui by default, so that the
            numbers match).
        sheet: XLSX: the worksheet to read (the first when None).
        languages: TMX: the source and target language codes to read, or None for
            the only two the file has.
        drop_bom: Text files: drop a byte-order mark at the start.
    """

    include_testsuites: bool = False
    keep_unreferenced: bool = False
    sheet: str | None = None
    languages: tuple[str, str] | None = None
    drop_bom: bool = False


Reader = Callable[[Path, str, FormatOptions], Bundle]
"""A format's reader: (file, encoding, options) to the file's bundle."""


def _read_text(path: Path, encoding: str, options: FormatOptions) -> Bundle:
    """A text file: one column, keyed by the file's name."""
    segments = read_segments(path, encoding, drop_bom=options.drop_bom)
    column = Column(path.name, path.name, None, segments)
    return Bundle(path, Format.TEXT, (column,))


_READERS: dict[Format, Reader] = {
    Format.TEXT: _read_text,
    Format.TSV: read_tsv,
    Format.CSV: read_csv,
    Format.XLSX: read_xlsx,
    Format.XLIFF: read_xliff,
    Format.TMX: read_tmx,
}

# File name endings of each format other than text (lower case, ``.gz`` removed).
_SUFFIXES: dict[str, Format] = {
    ".tsv": Format.TSV,
    ".csv": Format.CSV,
    ".xlsx": Format.XLSX,
    ".xlf": Format.XLIFF,
    ".xliff": Format.XLIFF,
    ".sdlxliff": Format.XLIFF,
    ".tmx": Format.TMX,
}


def detect_format(path: StrPath) -> Format:
    """The format of `path`, from its name (text when the name says nothing else).

    An ``.xml`` file is told by its root element (XLIFF, TMX).
    """
    name = Path(path).name.lower().removesuffix(".gz")
    for suffix, format_ in _SUFFIXES.items():
        if name.endswith(suffix):
            return format_
    if name.endswith(".xml"):
        return _xml_format(Path(path))
    return Format.TEXT


def _xml_format(path: Path) -> Format:
    """An ``.xml`` file's format, by its first bytes (text if nothing says more)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(2048)
    except OSError:
        return Format.TEXT  # the text reader says what is wrong with the file
    return root_format(head) or Format.TEXT


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
