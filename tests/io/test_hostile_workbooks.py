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
