"""Which format a file is in, and the one entry point that reads any of them.

The command line and the window both call `read_bundle`; each format's reader is a
module of its own, registered in `_READERS`, and takes the same arguments so that a
new format is one line here.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from bleu_gui.io.bilingual import read_tmx, read_xliff
from bleu_gui.io.bundle import Bundle, Column, Format
from bleu_gui.io.readers import DEFAULT_ENCODING, StrPath, read_segments
from bleu_gui.io.spreadsheet import read_csv, read_tsv, read_xlsx
from bleu_gui.io.wmt_sgml import read_wmt_sgml
from bleu_gui.io.wmt_xml import read_wmt_xml
from bleu_gui.io.xliff_states import XliffStates
from bleu_gui.io.xml_files import read_xml_root_name, starts_as_xml

__all__ = [
    "ENCODING_FORMATS",
    "TEST_SET_FORMATS",
    "FormatOptions",
    "Reader",
    "detect_format",
    "is_unicode_text_table",
    "read_bundle",
]


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
        xliff_states: XLIFF: count only the units whose target is a finished
            translation (the default), or all units with a target.
    """

    include_testsuites: bool = False
    keep_unreferenced: bool = False
    sheet: str | None = None
    languages: tuple[str, str] | None = None
    drop_bom: bool = False
    xliff_states: XliffStates = XliffStates.FINAL

    def for_systems(self) -> FormatOptions:
        """These options for reading a system's file: every XLIFF unit counts.

        Workflow states say whether a *reference* is a finished translation; a
        system's target is a machine pre-translation, unfinished by nature
        (``needs-review-translation``), and an empty one is an empty output, which
        BLEU must see.
        """
        return replace(self, xliff_states=XliffStates.ALL)

    def to_json(self) -> dict[str, object]:
        """The options a test-set file is read with, as JSON values.

        Not `drop_bom`: the window's setting, stored with the other settings.
        """
        return {
            "include_testsuites": self.include_testsuites,
            "keep_unreferenced": self.keep_unreferenced,
            "sheet": self.sheet,
            "languages": list(self.languages) if self.languages else None,
            "xliff_states": self.xliff_states.value,
        }


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

# File name endings of each format other than text (lower case, ``.gz`` removed).
_SUFFIXES: dict[str, Format] = {
    ".sgm": Format.WMT_SGML,
    ".sgml": Format.WMT_SGML,
    ".tsv": Format.TSV,
    ".csv": Format.CSV,
    ".xlsx": Format.XLSX,
    ".xlf": Format.XLIFF,
    ".xliff": Format.XLIFF,
    ".sdlxliff": Format.XLIFF,
    ".tmx": Format.TMX,
}

TEST_SET_FORMATS = frozenset({Format.WMT_XML, Format.TSV, Format.CSV, Format.XLSX})
"""The formats whose one file holds a whole test set: the references and systems
(and the source) in columns that take roles. A text, WMT SGML, XLIFF or TMX file
is one text of one role (an XLIFF or TMX file: its target). The command line and
the window both decide by this set."""

ENCODING_FORMATS = frozenset({Format.TEXT, Format.WMT_SGML, Format.TSV, Format.CSV})
"""The formats decoded with the encoding the user chooses. The others say their own:
an XML file in its declaration (or byte-order mark), a workbook inside itself; an
encoding offered for them would change nothing."""

# XML formats told apart by their root element's name (for names ending in .xml).
_XML_ROOTS: dict[str, Format] = {
    "dataset": Format.WMT_XML,
    "xliff": Format.XLIFF,
    "tmx": Format.TMX,
}


def detect_format(path: StrPath) -> Format:
    """The format of `path`, from its name (text when the name says nothing else).

    A ``.txt`` file that is Excel's "Unicode Text" (`is_unicode_text_table`) is a
    TSV spreadsheet.

    A name ending in ``.xml`` says only that the file is XML: its root element's
    name says which format (`_XML_ROOTS`). A file that starts as XML (or is
    empty) with another root, or none, goes to the WMT XML reader, which refuses
    it naming its root (or saying it is empty); only a ``.xml`` file that is not
    XML at all is text.
    """
    name = Path(path).name.lower().removesuffix(".gz")
    if name.endswith(".xml"):
        root = read_xml_root_name(Path(path))
        if root in _XML_ROOTS:
            return _XML_ROOTS[root]
        if root is not None or starts_as_xml(Path(path)):
            # Another root, none found, an empty file: the WMT XML reader says
            # which, naming the file; read as plain text, its markup would be
            # scored.
            return Format.WMT_XML
    for suffix, format_ in _SUFFIXES.items():
        if name.endswith(suffix):
            return format_
    if name.endswith(".txt") and is_unicode_text_table(Path(path)):
        return Format.TSV
    return Format.TEXT


# How much of a .txt file is looked at for Excel's "Unicode Text" (its first line).
_UNICODE_TEXT_PEEK = 64 * 1024


def is_unicode_text_table(path: Path) -> bool:
    """Whether `path` is Excel's "Unicode Text" export: a table, not lines of text.

    Excel saves a sheet as "Unicode Text (*.txt)" in UTF-16 (little-endian) with
    its byte-order mark, cells separated by tabs, rows by CRLF, the first row the
    headers. The rule: the file starts with a UTF-16 byte-order mark (either
    order) and its first line holds a tab. A UTF-8 (or other) .txt file is one
    segment a line, tabs or not, as sacreBLEU reads it; so is a UTF-16 file whose
    first line has no tab. A file that cannot be read is not one (its reader
    says why).
    """
    try:
        with open(path, "rb") as handle:
            start = handle.read(_UNICODE_TEXT_PEEK)
    except OSError:
        return False
    if start[:2] not in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return False
    text = start[: len(start) // 2 * 2].decode("utf-16", errors="replace")
    return "\t" in text.split("\n", 1)[0]


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
