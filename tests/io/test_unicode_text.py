"""Excel's "Unicode Text" (.txt, UTF-16, tab-separated) is a spreadsheet.

The rule (`io.file_format.is_unicode_text_table`): a .txt file that starts with a
UTF-16 byte-order mark and whose first line holds a tab. A UTF-8 .txt file is one
segment a line, tabs or not, as sacreBLEU reads it.
"""

from __future__ import annotations

import codecs
from pathlib import Path

from bleu_gui.io.bundle import Format, Role
from bleu_gui.io.formats import detect_format, read_bundle
from bleu_gui.io.readers import read_segments
from tests.unicode_text import write_unicode_text

ROWS = [
    ["Segment ID", "Source (en-US)", "MT", "Target (de-DE)"],
    ["1", "Open the file.", "Öffne die Datei.", "Öffnen Sie die Datei."],
    ["2", "Click OK.", "Klicken Sie OK.", "Klicken Sie auf OK."],
]


def test_excels_unicode_text_is_read_as_a_spreadsheet(tmp_path: Path) -> None:
    path = write_unicode_text(tmp_path / "job.txt", ROWS)
    assert path.read_bytes()[:2] == codecs.BOM_UTF16_LE
    assert b"\r\x00\n\x00" in path.read_bytes()
    assert detect_format(path) is Format.TSV
    bundle = read_bundle(path)
    assert bundle.format is Format.TSV
    assert [c.key for c in bundle.columns] == ROWS[0]
    assert [c.role for c in bundle.columns] == [
        Role.UNIT,
        Role.SOURCE,
        Role.SYSTEM,
        Role.REFERENCE,
    ]
    assert bundle.column("MT").segments.lines == ("Öffne die Datei.", "Klicken Sie OK.")
    assert bundle.column("Target (de-DE)").segments.lines == (
        "Öffnen Sie die Datei.",
        "Klicken Sie auf OK.",
    )


def test_a_big_endian_export_is_one_too(tmp_path: Path) -> None:
    path = tmp_path / "job.txt"
    text = "".join("\t".join(row) + "\r\n" for row in ROWS)
    path.write_bytes(codecs.BOM_UTF16_BE + text.encode("utf-16-be"))
    assert detect_format(path) is Format.TSV
    assert read_bundle(path).column("MT").segments.lines[1] == "Klicken Sie OK."


def test_a_utf8_text_file_with_tabs_stays_one_segment_a_line(tmp_path: Path) -> None:
    path = tmp_path / "hyp.txt"
    path.write_text("a\tb c\nd\te\n", encoding="utf-8")
    assert detect_format(path) is Format.TEXT
    assert read_segments(path).lines == ("a\tb c", "d\te")


def test_a_utf16_text_file_without_a_tab_stays_text(tmp_path: Path) -> None:
    path = tmp_path / "ref.txt"
    path.write_bytes(("\ufeffOne line.\r\nTwo\tcells?\r\n").encode("utf-16-le"))
    assert detect_format(path) is Format.TEXT


def test_a_missing_txt_file_is_text_for_its_reader_to_refuse(tmp_path: Path) -> None:
    assert detect_format(tmp_path / "gone.txt") is Format.TEXT
