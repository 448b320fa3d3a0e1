"""Which format a file is in, told from its name (and an XML file's root element).

Apart from `io.formats`, which reads every format, so that `bleu-gui score` of text
files tells them from the rest without importing the XML and spreadsheet readers
(`tests/cli/test_cli_startup.py`). The sets of formats that the command line and the
window decide by are here too.
"""

from __future__ import annotations

import codecs
from enum import StrEnum
from pathlib import Path

from bleu_gui.io.readers import StrPath
from bleu_gui.io.xml_files import read_xml_root_name, starts_as_xml

__all__ = [
    "ENCODING_FORMATS",
    "TEST_SET_FORMATS",
    "Format",
    "detect_format",
    "is_unicode_text_table",
]


class Format(StrEnum):
    """The kinds of file bleu-gui reads. The value is what users type and read."""

    TEXT = "text"
    WMT_XML = "wmt-xml"
    WMT_SGML = "wmt-sgml"
    TSV = "tsv"
    CSV = "csv"
    XLSX = "xlsx"
    XLIFF = "xliff"
    TMX = "tmx"


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
