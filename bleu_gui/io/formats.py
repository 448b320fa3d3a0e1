"""The one entry point that reads a file in any format.

The command line and the window both call `read_bundle`; each format's reader is a
module of its own, registered in `_READERS`, and takes the same arguments so that a
new format is one line here. Which format a file is in is `io.file_format`'s (named
here too), apart so that a score of text files tells them from the others without
importing every reader.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from bleu_gui.io.bilingual import read_tmx, read_xliff
from bleu_gui.io.bundle import Bundle, Column, Format
from bleu_gui.io.file_format import (
    ENCODING_FORMATS,
    TEST_SET_FORMATS,
    detect_format,
    is_unicode_text_table,
)
from bleu_gui.io.readers import DEFAULT_ENCODING, StrPath, read_segments
from bleu_gui.io.spreadsheet import read_csv, read_tsv, read_xlsx
from bleu_gui.io.wmt_sgml import read_wmt_sgml
from bleu_gui.io.wmt_xml import read_wmt_xml
from bleu_gui.io.xliff_states import XliffStates

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
