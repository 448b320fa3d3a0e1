"""Spreadsheets read into bundles: columns, roles, row ids, cells, one-line errors."""

from __future__ import annotations

import codecs
import datetime
from pathlib import Path

import pytest
from openpyxl import Workbook
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.io.bundle import Format, Role, Roles, select
from bleu_gui.io.column_roles import role_of
from bleu_gui.io.errors import FormatError, MissingFileError
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import detect_format, read_bundle

DATA = Path(__file__).parent / "data" / "formats"


def _columns(path: Path) -> dict[str, tuple[str, ...]]:
    bundle = read_bundle(path)
    return {column.key: column.segments.lines for column in bundle.columns}


def test_a_tsv_file_is_one_column_per_header_with_roles_from_the_headers() -> None:
    bundle = read_bundle(DATA / "sheet-three-rows.tsv")
    assert bundle.format is Format.TSV
    assert [(c.key, c.label, c.role) for c in bundle.columns] == [
        ("src", "column 'src'", Role.SOURCE),
        ("ref", "column 'ref'", Role.REFERENCE),
        ("hyp", "column 'hyp'", Role.SYSTEM),
        ("notes", "column 'notes'", None),
    ]
    assert bundle.column("hyp").segments.lines == (
        "Die Katze sass auf der Matte.",
        "Es regnet.",
        "Gute Nacht !",
    )
    assert bundle.segment_ids == ("row 2", "row 3", "row 4")
    assert bundle.documents is None


def test_an_empty_cell_is_an_empty_segment_and_a_notice_says_so() -> None:
    bundle = read_bundle(DATA / "sheet-three-rows.tsv")
    assert bundle.column("notes").segments.lines == ("umlaut", "", "spacing")
    assert bundle.notices == (
        f"{DATA / 'sheet-three-rows.tsv'}, column 'notes': 1 empty cell (row 3), "
        "read as empty segments",
    )


def test_a_csv_file_keeps_quoted_commas_quotes_and_line_breaks_in_one_cell() -> None:
    columns = _columns(DATA / "sheet-documents.csv")
    assert columns == {
        "docid": ("news-1", "news-1", "news-2"),
        "source": (
            "Prices rose, and wages fell.",
            'He said "no".',
            "First line\nsecond line",
        ),
        "reference": (
            "Die Preise stiegen, und die Löhne fielen.",
            "Er sagte „nein“.",
            "Erste Zeile und zweite Zeile",
        ),
        "system-A": (
            "Die Preise stiegen, und die Löhne sanken.",
            'Er sagte "nein".',
            "Erste Zeile\nzweite Zeile",
        ),
        "system-B": ("Preise stiegen, Löhne fielen.", "Er sagte nein.", ""),
    }


def test_a_cell_with_a_line_break_is_one_segment_and_a_notice_names_it() -> None:
    path = DATA / "sheet-documents.csv"
    notices = read_bundle(path).notices
    assert notices[0] == (
        f"{path}, column 'source': 1 cell with a line break (row 4), each kept as "
        "one segment (a text file would be split there)"
    )


def test_a_csv_document_column_gives_the_selection_its_document_ids() -> None:
    bundle = read_bundle(DATA / "sheet-documents.csv")
    assert [c.role for c in bundle.columns] == [
        Role.DOCUMENT,
        Role.SOURCE,
        Role.REFERENCE,
        Role.SYSTEM,
        Role.SYSTEM,
    ]
    chosen = select(
        bundle, Roles(("reference",), ("system-A",), "source", documents="docid")
    )
    assert chosen.documents == ("news-1", "news-1", "news-2")


def test_a_spreadsheet_column_scores_as_sacrebleu_scores_the_same_strings() -> None:
    bundle = read_bundle(DATA / "sheet-documents.csv")
    chosen = select(bundle, Roles(("reference",), ("system-A",)))
    assert chosen.systems[0][1].lines == (
        "Die Preise stiegen, und die Löhne sanken.",
        'Er sagte "nein".',
        "Erste Zeile\nzweite Zeile",
    )
    expected = BLEU().corpus_score(
        [
            "Die Preise stiegen, und die Löhne sanken.",
            'Er sagte "nein".',
            "Erste Zeile\nzweite Zeile",
        ],
        [
            [
                "Die Preise stiegen, und die Löhne fielen.",
                "Er sagte „nein“.",
                "Erste Zeile und zweite Zeile",
            ]
        ],
    )
    actual = BLEU().corpus_score(
        list(chosen.systems[0][1].lines),
        [list(chosen.test_set.references[0].lines)],
    )
    assert actual.score == expected.score


@pytest.mark.parametrize(
    ("header", "role"),
    [
        ("src", Role.SOURCE),
        ("Source", Role.SOURCE),
        ("ref", Role.REFERENCE),
        ("REF2", Role.REFERENCE),
        ("reference_A", Role.REFERENCE),
        ("doc", Role.DOCUMENT),
        ("DocID", Role.DOCUMENT),
        ("document", Role.DOCUMENT),
        ("hyp", Role.SYSTEM),
        ("hypothesis", Role.SYSTEM),
        ("MT", Role.SYSTEM),
        ("sys1", Role.SYSTEM),
        ("system-B", Role.SYSTEM),
        ("output", Role.SYSTEM),
        ("notes", None),
        ("sources", None),
        ("comment", None),
    ],
)
def test_a_header_suggests_a_role_whatever_its_case(
    header: str, role: Role | None
) -> None:
    assert role_of(header) is role


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "broken-ragged.tsv",
            "row 3: has 2 cells but the header row has 3",
        ),
        (
            "broken-duplicate-header.csv",
            "column 3: has the header 'hyp', as column 2 has: every column needs "
            "its own name",
        ),
        (
            "broken-empty-header.csv",
            "column 2: has no header: every column needs a name",
        ),
    ],
)
def test_a_broken_table_is_refused_in_one_line_naming_the_place(
    name: str, message: str
) -> None:
    with pytest.raises(FormatError) as caught:
        read_bundle(DATA / name)
    assert str(caught.value) == f"{DATA / name}, {message}"


def test_a_header_without_rows_and_an_empty_file_are_refused(tmp_path: Path) -> None:
    header_only = tmp_path / "header.tsv"
    header_only.write_text("src\tref\n\n", encoding="utf-8")
    empty = tmp_path / "empty.csv"
    empty.write_bytes(b"")
    with pytest.raises(FormatError) as caught:
        read_bundle(header_only)
    assert str(caught.value) == f"{header_only}: has a header row but no rows under it"
    with pytest.raises(FormatError) as caught:
        read_bundle(empty)
    assert str(caught.value) == (
        f"{empty}: is empty: the first row must name the columns"
    )


def test_an_unclosed_quote_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "quote.csv"
    path.write_text('src,hyp\na,"b\nc,d\n', encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == (
        f"{path}, line 2: is not valid CSV (unexpected end of data in the row that "
        "starts here)"
    )


def test_utf16_by_its_mark_and_a_utf8_mark_left_out_of_the_header(
    tmp_path: Path,
) -> None:
    utf16 = tmp_path / "unicode.tsv"
    utf16.write_bytes(
        codecs.BOM_UTF16_LE + "ref\thyp\nÄpfel\tÄpfel\n".encode("utf-16-le")
    )
    utf8 = tmp_path / "excel.csv"
    utf8.write_bytes(codecs.BOM_UTF8 + "ref,hyp\nÄpfel,Birnen\r\n".encode())
    assert _columns(utf16) == {"ref": ("Äpfel",), "hyp": ("Äpfel",)}
    assert _columns(utf8) == {"ref": ("Äpfel",), "hyp": ("Birnen",)}


def test_the_chosen_encoding_decodes_a_csv_file(tmp_path: Path) -> None:
    path = tmp_path / "latin.csv"
    path.write_bytes("ref,hyp\ngrün,grün\n".encode("latin-1"))
    bundle = read_bundle(path, encoding="latin-1")
    assert bundle.column("ref").segments.lines == ("grün",)
    assert bundle.column("ref").segments.encoding == "latin-1"


def test_a_missing_spreadsheet_is_the_usual_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(MissingFileError) as caught:
        read_bundle(tmp_path / "gone.xlsx")
    assert str(caught.value) == f"{tmp_path / 'gone.xlsx'}: no such file"


def test_spreadsheets_are_told_by_their_names() -> None:
    assert detect_format("set.TSV") is Format.TSV
    assert detect_format("set.csv") is Format.CSV
    assert detect_format("scores.xlsx") is Format.XLSX


@pytest.fixture
def workbook(tmp_path: Path) -> Path:
    """A workbook of two sheets: text, numbers, a date, a boolean, an empty cell."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Notes"
    sheet.append(["just", "notes"])
    sheet.append(["a", "b"])
    scores = book.create_sheet("Test set")
    scores.append(["Source", "Ref", "MT"])
    scores.append(
        ["Order 3 units.", "Bestellen Sie 3 Einheiten.", "Bestellen 3 Stück."]
    )
    scores.append([3, 3.0, 0.1 + 0.2])
    scores.append([datetime.datetime(2024, 5, 1), True, None])
    scores.append([datetime.datetime(2024, 5, 1, 9, 30), False, "Line\nbreak"])
    path = tmp_path / "test-set.xlsx"
    book.save(path)
    return path


def test_an_xlsx_sheet_is_read_by_name_with_cells_as_plain_text(
    workbook: Path,
) -> None:
    bundle = read_bundle(workbook, options=FormatOptions(sheet="Test set"))
    assert bundle.format is Format.XLSX
    assert [(c.key, c.role) for c in bundle.columns] == [
        ("Source", Role.SOURCE),
        ("Ref", Role.REFERENCE),
        ("MT", Role.SYSTEM),
    ]
    assert {c.key: c.segments.lines for c in bundle.columns} == {
        "Source": ("Order 3 units.", "3", "2024-05-01", "2024-05-01 09:30:00"),
        "Ref": ("Bestellen Sie 3 Einheiten.", "3", "TRUE", "FALSE"),
        "MT": ("Bestellen 3 Stück.", "0.3", "", "Line\nbreak"),
    }
    assert bundle.segment_ids == ("row 2", "row 3", "row 4", "row 5")


def test_an_xlsx_file_is_read_from_its_first_sheet_by_default(workbook: Path) -> None:
    assert _columns(workbook) == {"just": ("a",), "notes": ("b",)}


def test_an_unknown_sheet_is_refused_with_the_sheets_there_are(workbook: Path) -> None:
    with pytest.raises(FormatError) as caught:
        read_bundle(workbook, options=FormatOptions(sheet="Sheet1"))
    assert str(caught.value) == (
        f"{workbook}: has no sheet 'Sheet1' (it has 'Notes', 'Test set')"
    )


def test_a_file_named_xlsx_that_is_not_a_workbook_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "fake.xlsx"
    path.write_text("src,hyp\n", encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == (
        f"{path}: is not an Excel workbook (.xlsx) or is damaged "
        "(File is not a zip file)"
    )


def test_xlsx_rows_of_any_length_and_a_blank_row_are_read_whole(
    tmp_path: Path,
) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["A1"], sheet["B1"], sheet["C1"] = "src", "ref", "hyp"
    sheet["A2"] = "only a source"
    sheet["A4"], sheet["B4"], sheet["C4"] = "s", "r", "h"
    sheet["E6"] = None  # a cell written empty, past the last header
    path = tmp_path / "gaps.xlsx"
    book.save(path)
    bundle = read_bundle(path)
    assert {c.key: c.segments.lines for c in bundle.columns} == {
        "src": ("only a source", "", "s"),
        "ref": ("", "", "r"),
        "hyp": ("", "", "h"),
    }
    assert bundle.segment_ids == ("row 2", "row 3", "row 4")


def test_an_xlsx_cell_past_the_last_header_is_a_ragged_row(tmp_path: Path) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["src", "hyp"])
    sheet.append(["a", "b", "stray"])
    path = tmp_path / "stray.xlsx"
    book.save(path)
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == f"{path}, row 2: has 3 cells but the header row has 2"
