"""Every format's facts are in one table, and what users read from it is pinned."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

from bleu_gui.io import formats
from bleu_gui.io.file_format import (
    ALIGNED_FORMATS,
    ENCODING_FORMATS,
    FORMATS,
    TEST_SET_FORMATS,
    Format,
    file_filters,
)


def test_every_format_has_its_facts() -> None:
    assert list(FORMATS) == list(Format)


def test_the_file_pickers_offer_every_format_in_its_group() -> None:
    assert file_filters() == ";;".join(
        (
            "Texts and test sets (*.txt *.gz *.xml *.sgm *.sgml *.tsv *.csv *.xlsx "
            "*.xlf *.xliff *.sdlxliff *.tmx)",
            "Text files, one segment a line (*.txt *.gz)",
            "WMT test sets (*.xml *.sgm *.sgml)",
            "Spreadsheets (*.tsv *.csv *.xlsx)",
            "XLIFF and TMX (*.xlf *.xliff *.sdlxliff *.tmx)",
            "All files (*)",
        )
    )


def test_the_sets_the_window_and_command_line_decide_by() -> None:
    assert {Format.WMT_XML, Format.TSV, Format.CSV, Format.XLSX} == TEST_SET_FORMATS
    assert {Format.TEXT, Format.WMT_SGML, Format.TSV, Format.CSV} == ENCODING_FORMATS
    assert {Format.XLIFF, Format.TMX} == ALIGNED_FORMATS


def test_the_dialogs_name_each_format() -> None:
    assert {format_: spec.label for format_, spec in FORMATS.items()} == {
        Format.TEXT: "text",
        Format.WMT_XML: "WMT XML",
        Format.WMT_SGML: "WMT SGML",
        Format.TSV: "TSV spreadsheet",
        Format.CSV: "CSV spreadsheet",
        Format.XLSX: "Excel workbook",
        Format.XLIFF: "XLIFF",
        Format.TMX: "TMX",
    }


def test_each_format_names_the_reader_that_reads_it() -> None:
    # Named in the table, imported when a file of the format is first read.
    assert {format_: spec.reader for format_, spec in FORMATS.items()} == {
        Format.TEXT: "bleu_gui.io.formats:read_text_bundle",
        Format.WMT_XML: "bleu_gui.io.wmt_xml:read_wmt_xml",
        Format.WMT_SGML: "bleu_gui.io.wmt_sgml:read_wmt_sgml",
        Format.TSV: "bleu_gui.io.spreadsheet:read_tsv",
        Format.CSV: "bleu_gui.io.spreadsheet:read_csv",
        Format.XLSX: "bleu_gui.io.spreadsheet:read_xlsx",
        Format.XLIFF: "bleu_gui.io.bilingual:read_xliff",
        Format.TMX: "bleu_gui.io.bilingual:read_tmx",
    }
    for format_ in Format:
        module, name = FORMATS[format_].reader.split(":")
        assert formats._READERS[format_] is getattr(
            importlib.import_module(module), name
        )


_TEXT_ONLY = """
import json, sys
from pathlib import Path
from bleu_gui.io.formats import read_bundle
path = Path(sys.argv[1])
path.write_text("one\\ntwo\\n", encoding="utf-8")
bundle = read_bundle(path)
readers = ("wmt_xml", "wmt_sgml", "spreadsheet", "bilingual")
print(json.dumps([len(bundle.columns[0].segments.lines),
                  [m for m in readers if f"bleu_gui.io.{m}" in sys.modules]]))
"""


def test_reading_a_text_file_imports_no_other_reader(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _TEXT_ONLY, str(tmp_path / "hyp.txt")],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert json.loads(done.stdout.splitlines()[-1]) == [2, []]
