"""Damaged workbooks and zip bombs: one line naming the part or the cell, little memory.

A sheet whose XML does not parse was a `ParseError` traceback (only opening the
workbook was guarded); a 2 MB workbook took 2 GB of memory, a 1 MB one holding a
1 GB cell ended in `MemoryError`. The bombs here are small (a 200 MiB cell in
200 KiB) and written a mebibyte at a time; reading them must stay within a few
mebibytes of Python memory (`tracemalloc`).
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook

from bleu_gui.io import zip_bounds
from bleu_gui.io.errors import FormatError
from bleu_gui.io.formats import read_bundle
from bleu_gui.io.spreadsheet import MAX_CELL_CHARACTERS
from tests.io.hostile_workbooks import (
    SHEET,
    lie_about_size,
    one_huge_cell,
    rewrite,
    small_workbook,
)

MIB = 1 << 20


def _refusal(path: Path) -> str:
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    return str(caught.value)


def _peak(read: Callable[[], object]) -> int:
    """The most Python memory `read` held at once, in bytes."""
    tracemalloc.start()
    try:
        read()
    except FormatError:
        pass
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak


@pytest.fixture
def workbook(tmp_path: Path) -> Path:
    return small_workbook(tmp_path / "good.xlsx")


def test_a_sheet_whose_xml_does_not_parse_is_one_line(
    tmp_path: Path, workbook: Path
) -> None:
    def cut(xml: bytes) -> bytes:
        return xml.replace(b"</sheetData>", b"<row></sheetData>")

    path = rewrite(workbook, tmp_path / "damaged.xlsx", SHEET, cut)
    message = _refusal(path)
    assert message.startswith(
        f"{path}, sheet 'Sheet': is damaged: xl/worksheets/sheet1.xml cannot be "
        "read (mismatched tag: line 1, column "
    )
    assert message.endswith(")")
    assert "\n" not in message


def test_a_sheet_cut_short_is_one_line(tmp_path: Path, workbook: Path) -> None:
    path = rewrite(workbook, tmp_path / "cut.xlsx", SHEET, lambda xml: xml[:-200])
    assert _refusal(path).startswith(
        f"{path}, sheet 'Sheet': is damaged: xl/worksheets/sheet1.xml cannot be "
        "read (unclosed token: line 1, column "
    )


def test_a_cell_expanding_to_200_mib_is_refused_before_it_is_unzipped(
    tmp_path: Path, workbook: Path
) -> None:
    path = one_huge_cell(workbook, tmp_path / "bomb.xlsx", 200)
    assert path.stat().st_size < MIB
    assert _refusal(path) == (
        f"{path}, part 'xl/worksheets/sheet1.xml': expands 1,026 times when "
        "unzipped (200 KiB to 200 MiB), as a zip bomb does; bleu-gui reads no part "
        "over 4 MiB that expands more than 100 times"
    )
    assert _peak(lambda: read_bundle(path)) < 8 * MIB


def test_a_part_that_says_it_is_small_is_unzipped_no_further_than_it_says(
    tmp_path: Path, workbook: Path
) -> None:
    path = one_huge_cell(workbook, tmp_path / "liar.xlsx", 200)
    lie_about_size(path, SHEET, 5_000)
    assert _refusal(path) == (
        f"{path}: is not an Excel workbook (.xlsx) or is damaged (Bad CRC-32 for "
        "file 'xl/worksheets/sheet1.xml')"
    )
    assert _peak(lambda: read_bundle(path)) < 8 * MIB


def test_a_cell_longer_than_excel_holds_is_refused_naming_it(
    tmp_path: Path, workbook: Path
) -> None:
    path = one_huge_cell(workbook, tmp_path / "long.xlsx", 1)
    assert _refusal(path) == (
        f"{path}, sheet 'Sheet', cell A2: holds 1,048,576 characters, more than a "
        "workbook cell holds (32,767, Excel's limit)"
    )


def test_a_workbook_larger_than_the_bound_unzipped_is_refused(
    tmp_path: Path, workbook: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(zip_bounds, "MAX_EXPANDED_BYTES", 1 * MIB)
    path = one_huge_cell(workbook, tmp_path / "large.xlsx", 2)
    assert _refusal(path) == (
        f"{path}: holds 2.02 MiB unzipped, more than the 1 MiB bleu-gui reads from a "
        "workbook"
    )


def test_the_bounds_are_those_the_readme_states() -> None:
    assert zip_bounds.MAX_EXPANDED_BYTES == 1 << 30
    assert (zip_bounds.MAX_RATIO, zip_bounds.RATIO_FROM_BYTES) == (100, 4 * MIB)
    assert MAX_CELL_CHARACTERS == 32_767
    readme = (Path(__file__).parents[2] / "README.md").read_text("utf-8")
    assert (
        "1 GiB in all unzipped, no part over 4 MiB that expands more than 100 "
        "times, no cell over 32,767 characters" in " ".join(readme.split())
    )


def test_a_formula_without_a_cached_value_is_named_as_such(tmp_path: Path) -> None:
    """openpyxl saves formulas without values, as a script writing a workbook does."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["ref", "hyp"])
    sheet.append(["the cat sat", "=A2"])
    sheet.append(["a dog ran", None])
    sheet.append(["it rained", "=UPPER(A4)"])
    path = tmp_path / "formulas.xlsx"
    book.save(path)
    bundle = read_bundle(path)
    assert bundle.column("hyp").segments.lines == ("", "", "")
    assert bundle.column("hyp").notices == (
        f"{path}, column 'hyp': 2 formulas without a cached value (cells B2, B4), "
        "read as empty segments; save the file in Excel or LibreOffice first",
        f"{path}, column 'hyp': 1 empty cell (row 3), read as empty segments",
    )


def test_a_blank_column_between_others_is_left_out(tmp_path: Path) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["ref", None, "hyp", "notes"])
    sheet.append(["the cat sat", None, "the cat sat down", None])
    sheet.append(["a dog ran", None, "a dog runs", None])
    path = tmp_path / "gap.xlsx"
    book.save(path)
    bundle = read_bundle(path)
    assert [column.key for column in bundle.columns] == ["ref", "hyp", "notes"]
    assert bundle.column("hyp").segments.lines == ("the cat sat down", "a dog runs")
    assert bundle.column("hyp").notices == ()


def test_a_blank_csv_column_is_left_out_too(tmp_path: Path) -> None:
    path = tmp_path / "gap.csv"
    path.write_text("ref,,hyp\nthe cat sat,,the cat sat down\n", "utf-8")
    assert [column.key for column in read_bundle(path).columns] == ["ref", "hyp"]


def test_a_column_without_a_header_but_with_cells_is_still_refused(
    tmp_path: Path,
) -> None:
    path = tmp_path / "unnamed.csv"
    path.write_text("ref,,,hyp\nthe cat sat,,stray,the cat sat down\n", "utf-8")
    assert _refusal(path) == (
        f"{path}, column 3: has no header: every column needs a name"
    )
