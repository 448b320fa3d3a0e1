"""Every format's facts are in one table, and what users read from it is pinned."""

from __future__ import annotations

from bleu_gui.io.file_format import (
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
