"""Which format a file is in, told from its name (and an XML file's root element).

Apart from `io.formats`, which reads every format, so that `bleu-gui score` of text
files tells them from the rest without importing the XML and spreadsheet readers
(`tests/cli/test_cli_startup.py`). The sets of formats that the command line and the
window decide by, and every format's facts (`FORMATS`), are here too.
"""

from __future__ import annotations

import codecs
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType

from bleu_gui.io.readers import StrPath
from bleu_gui.io.xml_files import read_xml_root_name, starts_as_xml

__all__ = [
    "ALIGNED_FORMATS",
    "ENCODING_FORMATS",
    "FORMATS",
    "TEST_SET_FORMATS",
    "Format",
    "FormatSpec",
    "detect_format",
    "file_filters",
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


@dataclass(frozen=True, slots=True)
class FormatSpec:
    """What bleu-gui knows of one format, and where its reader is.

    The one table a new format is described in: detection, the file pickers, the
    dialogs' words, the sets the command line and the window decide by, and
    `io.formats.read_bundle` all read it. A new format is a member of `Format`,
    a row here and its reader's module: two files.

    Attributes:
        label: the format's name in the dialogs ("WMT XML").
        suffixes: the name endings that say the format (lower case, ``.gz``
            removed); text needs none (it is what a name says otherwise), nor do
            the ``.xml`` formats, told apart by `xml_root`.
        xml_root: the root element that says the format, for a name ending in
            ``.xml``.
        patterns: the name patterns the file pickers offer for it.
        group: the file pickers' filter that lists it.
        test_set: one file holds a whole test set (references and systems, and
            the source, in columns that take roles); the others are one text of
            one role (an XLIFF or TMX file: its target).
        user_encoding: decoded with the encoding the user chooses; the others say
            their own (an XML file in its declaration or byte-order mark, a
            workbook inside itself), so an encoding offered would change nothing.
        by_unit: its texts are aligned with the others by unit id, not by line
            (a bilingual file of a translation tool: XLIFF, TMX).
        reader: its reader, "module:function", taking (file, encoding,
            `FormatOptions`) and returning the file's `Bundle`. Named, not
            imported: the module is imported when a file of the format is first
            read, so that a score of text files imports no XML or spreadsheet
            reader.
    """

    label: str
    suffixes: tuple[str, ...]
    xml_root: str | None
    patterns: tuple[str, ...]
    group: str
    test_set: bool
    user_encoding: bool
    reader: str
    by_unit: bool = False


_TEXTS = "Text files, one segment a line"
_WMT = "WMT test sets"
_SHEETS = "Spreadsheets"
_BILINGUAL = "XLIFF and TMX"

FORMATS: Mapping[Format, FormatSpec] = MappingProxyType(
    {
        Format.TEXT: FormatSpec(
            "text",
            (),
            None,
            ("*.txt", "*.gz"),
            _TEXTS,
            False,
            True,
            "bleu_gui.io.formats:read_text_bundle",
        ),
        Format.WMT_XML: FormatSpec(
            "WMT XML",
            (),
            "dataset",
            ("*.xml",),
            _WMT,
            True,
            False,
            "bleu_gui.io.wmt_xml:read_wmt_xml",
        ),
        Format.WMT_SGML: FormatSpec(
            "WMT SGML",
            (".sgm", ".sgml"),
            None,
            ("*.sgm", "*.sgml"),
            _WMT,
            False,
            True,
            "bleu_gui.io.wmt_sgml:read_wmt_sgml",
        ),
        Format.TSV: FormatSpec(
            "TSV spreadsheet",
            (".tsv",),
            None,
            ("*.tsv",),
            _SHEETS,
            True,
            True,
            "bleu_gui.io.spreadsheet:read_tsv",
        ),
        Format.CSV: FormatSpec(
            "CSV spreadsheet",
            (".csv",),
            None,
            ("*.csv",),
            _SHEETS,
            True,
            True,
            "bleu_gui.io.spreadsheet:read_csv",
        ),
        Format.XLSX: FormatSpec(
            "Excel workbook",
            (".xlsx",),
            None,
            ("*.xlsx",),
            _SHEETS,
            True,
            False,
            "bleu_gui.io.spreadsheet:read_xlsx",
        ),
        Format.XLIFF: FormatSpec(
            "XLIFF",
            (".xlf", ".xliff", ".sdlxliff"),
            "xliff",
            ("*.xlf", "*.xliff", "*.sdlxliff"),
            _BILINGUAL,
            False,
            False,
            "bleu_gui.io.bilingual:read_xliff",
            by_unit=True,
        ),
        Format.TMX: FormatSpec(
            "TMX",
            (".tmx",),
            "tmx",
            ("*.tmx",),
            _BILINGUAL,
            False,
            False,
            "bleu_gui.io.bilingual:read_tmx",
            by_unit=True,
        ),
    }
)
"""Every format's facts, in the order the pickers list them."""

TEST_SET_FORMATS = frozenset(f for f, spec in FORMATS.items() if spec.test_set)
"""The formats whose one file holds a whole test set (`FormatSpec.test_set`). The
command line and the window both decide by this set."""

ALIGNED_FORMATS = frozenset(f for f, spec in FORMATS.items() if spec.by_unit)
"""The formats whose texts are aligned by unit id (`FormatSpec.by_unit`)."""

ENCODING_FORMATS = frozenset(f for f, spec in FORMATS.items() if spec.user_encoding)
"""The formats decoded with the encoding the user chooses (`user_encoding`)."""

# Name endings, and the .xml files' root elements, that say a format.
_SUFFIXES: dict[str, Format] = {
    suffix: format_ for format_, spec in FORMATS.items() for suffix in spec.suffixes
}
_XML_ROOTS: dict[str, Format] = {
    spec.xml_root: format_
    for format_, spec in FORMATS.items()
    if spec.xml_root is not None
}


def file_filters() -> str:
    """The file pickers' name filters: every format, each group, then all files.

    In Qt's form ("Name (*.a *.b);;Other (*.c)"), as plain text.
    """
    every = [pattern for spec in FORMATS.values() for pattern in spec.patterns]
    groups: dict[str, list[str]] = {}
    for spec in FORMATS.values():
        groups.setdefault(spec.group, []).extend(spec.patterns)
    filters = [f"Texts and test sets ({' '.join(every)})"]
    filters += [f"{group} ({' '.join(patterns)})" for group, patterns in groups.items()]
    filters.append("All files (*)")
    return ";;".join(filters)


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
