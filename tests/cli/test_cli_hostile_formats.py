"""`bleu-gui score` on hostile XML and spreadsheet files: one line, nothing read.

Each case was a traceback (or gigabytes of memory) before: XML entities in XLIFF
and TMX files, a workbook whose sheet does not parse, a workbook that is a zip
bomb. The real command runs in a subprocess under the memory limit of
`test_cli_hostile`, and must end in one line on stderr with status 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.io.xml_files import ENTITIES_REFUSED
from tests.cli.test_cli_hostile import bleu_gui, one_error_line
from tests.io.hostile_workbooks import SHEET, one_huge_cell, rewrite, small_workbook
from tests.io.hostile_xml import BILLION_LAUGHS, TEMPLATES, write_xml

SECRET = "TOP-SECRET-7f3a"


@pytest.mark.parametrize("format_", list(TEMPLATES))
def test_an_entity_naming_a_local_file_is_one_line_and_the_file_unread(
    tmp_path: Path, format_: str
) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, "utf-8")
    final = write_xml(tmp_path, format_, "", "world", stem="final")
    doctype = f'<!DOCTYPE x [<!ENTITY x SYSTEM "{secret.as_uri()}">]>'
    mt = write_xml(tmp_path, format_, doctype, "&x;", stem="mt")
    result = bleu_gui([str(final), "-i", str(mt)])
    assert one_error_line(result) == (
        f"bleu-gui: error: {mt}, line 2: {ENTITIES_REFUSED}"
    )
    assert SECRET.encode() not in result.stdout + result.stderr


@pytest.mark.parametrize("format_", list(TEMPLATES))
def test_an_internal_entity_is_one_line(tmp_path: Path, format_: str) -> None:
    final = write_xml(tmp_path, format_, '<!DOCTYPE x [<!ENTITY x "t">]>', "&x;")
    mt = write_xml(tmp_path, format_, "", "world", stem="mt")
    result = bleu_gui([str(final), "-i", str(mt)])
    assert one_error_line(result) == (
        f"bleu-gui: error: {final}, line 2: {ENTITIES_REFUSED}"
    )


@pytest.mark.parametrize("format_", list(TEMPLATES))
def test_billion_laughs_is_one_line_within_the_memory_limit(
    tmp_path: Path, format_: str
) -> None:
    final = write_xml(tmp_path, format_, "", "world", stem="final")
    mt = write_xml(tmp_path, format_, BILLION_LAUGHS, "&lol9;", stem="mt")
    result = bleu_gui([str(final), "-i", str(mt)])
    assert one_error_line(result) == (
        f"bleu-gui: error: {mt}, line 2: {ENTITIES_REFUSED}"
    )


@pytest.fixture
def workbook(tmp_path: Path) -> Path:
    return small_workbook(tmp_path / "good.xlsx")


def test_a_sheet_whose_xml_does_not_parse_is_one_line(
    tmp_path: Path, workbook: Path
) -> None:
    def cut(xml: bytes) -> bytes:
        return xml.replace(b"</sheetData>", b"<row></sheetData>")

    path = rewrite(workbook, tmp_path / "damaged.xlsx", SHEET, cut)
    line = one_error_line(bleu_gui([str(path), "--refs", "ref", "--systems", "hyp"]))
    assert line.startswith(
        f"bleu-gui: error: {path}, sheet 'Sheet': is damaged: "
        "xl/worksheets/sheet1.xml cannot be read (mismatched tag: line 1, column "
    )


def test_a_zip_bomb_is_one_line(tmp_path: Path, workbook: Path) -> None:
    path = one_huge_cell(workbook, tmp_path / "bomb.xlsx", 200)
    line = one_error_line(bleu_gui([str(path), "--refs", "ref", "--systems", "hyp"]))
    assert line == (
        f"bleu-gui: error: {path}, part 'xl/worksheets/sheet1.xml': expands 1,026 "
        "times when unzipped (200 KiB to 200 MiB), as a zip bomb does; bleu-gui "
        "reads no part over 4 MiB that expands more than 100 times"
    )


def test_a_cell_longer_than_excel_holds_is_one_line(
    tmp_path: Path, workbook: Path
) -> None:
    path = one_huge_cell(workbook, tmp_path / "long.xlsx", 1)
    line = one_error_line(bleu_gui([str(path), "--refs", "ref", "--systems", "hyp"]))
    assert line == (
        f"bleu-gui: error: {path}, sheet 'Sheet', cell A2: holds 1,048,576 "
        "characters, more than a workbook cell holds (32,767, Excel's limit)"
    )


def test_an_empty_xml_file_is_one_line_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "set.xml"
    path.write_bytes(b"")
    assert one_error_line(bleu_gui([str(path)])) == (
        f"bleu-gui: error: {path}: is empty: an XML file holds at least its root "
        "element"
    )


def test_an_xliff_pair_named_xml_with_a_long_comment_first_is_scored(
    tmp_path: Path,
) -> None:
    comment = "<!-- " + "padding " * 10_000 + "-->"
    paths = []
    for stem, text in (("final", "the cat sat on the mat"), ("mt", "the cat sat")):
        written = write_xml(
            tmp_path, "XLIFF 1.2", comment, text, stem=stem, source="the cat sat on"
        )
        paths.append(written.rename(written.with_suffix(".xml")))
    result = bleu_gui([str(paths[0]), "-i", str(paths[1]), "-b"])
    assert result.returncode == 0, result.stderr
    expected = BLEU().corpus_score(
        ["Hallo the cat sat"], [["Hallo the cat sat on the mat"]]
    )
    assert float(result.stdout) == pytest.approx(round(expected.score, 1))


def test_a_formula_without_a_cached_value_is_named_in_the_warning(
    tmp_path: Path,
) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["ref", None, "hyp"])
    sheet.append(["the cat sat", None, "=A2"])
    sheet.append(["a dog ran", None, "a dog runs"])
    path = tmp_path / "formulas.xlsx"
    book.save(path)
    result = bleu_gui([str(path), "--refs", "ref", "--systems", "hyp", "-b"])
    assert result.returncode == 0, result.stderr
    assert result.stderr.decode() == (
        f"bleu-gui: warning: {path}, column 'hyp': 1 formula without a cached value "
        "(cell C2), read as empty segments; save the file in Excel or LibreOffice "
        "first\n"
    )
    expected = BLEU().corpus_score(["", "a dog runs"], [["the cat sat", "a dog ran"]])
    assert float(result.stdout) == pytest.approx(round(expected.score, 1))
