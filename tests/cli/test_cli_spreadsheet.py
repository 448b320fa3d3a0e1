"""`bleu-gui score sheet.tsv --refs ref --systems hyp`: spreadsheets, command line.

Each test writes its table from strings written out here, and checks the scores
against sacreBLEU's `corpus_bleu` on the same strings: TSV, CSV with a document
column (quoted commas, doubled quotes), XLSX written with openpyxl (a number cell
read as the text "3"), and a latin-1 TSV decoded with --ref-encoding. Errors are
one line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import sacrebleu
from openpyxl import Workbook, load_workbook

from bleu_gui.cli import main

SOURCE = ["Der Hund bellt laut.", "Es regnet, sagt er.", "Guten Morgen!"]
REF = ["The dog barks loudly.", 'It is raining, he says "again".', "Good morning!"]
REF2 = ["The dog is barking loudly.", "He says it rains.", "Morning!"]
MT = ["The dog barks loud.", 'It rains, he says "again".', "Good morning !"]
MT2 = ["Dog barks.", "It is raining, he says.", "Good morning!"]
DOCS = ["news-1", "news-1", "chat-7"]


def _run(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert status == 0, err
    return out, err


def _fail(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert (status, out) == (1, "")
    assert err.count("\n") == 1
    return err


def _records(out: str) -> list[dict[str, Any]]:
    loaded = json.loads(out)
    records: list[dict[str, Any]] = loaded if isinstance(loaded, list) else [loaded]
    return records


def _assert_sacrebleus(
    record: dict[str, Any], hypotheses: list[str], references: list[list[str]]
) -> None:
    expected = sacrebleu.corpus_bleu(hypotheses, references)
    assert record["score"] == expected.score
    assert (record["counts"], record["totals"]) == (expected.counts, expected.totals)
    assert (record["sys_len"], record["ref_len"]) == (
        expected.sys_len,
        expected.ref_len,
    )
    assert record["nrefs"] == str(len(references))


def _tsv(path: Path, columns: dict[str, list[str]], encoding: str = "utf-8") -> Path:
    rows = ["\t".join(columns)]
    rows += ["\t".join(row) for row in zip(*columns.values(), strict=True)]
    path.write_bytes("".join(f"{row}\n" for row in rows).encode(encoding))
    return path


def _csv_cell(text: str) -> str:
    if any(mark in text for mark in ',"\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def _csv(path: Path, columns: dict[str, list[str]]) -> Path:
    rows = [",".join(map(_csv_cell, columns))]
    rows += [
        ",".join(map(_csv_cell, row)) for row in zip(*columns.values(), strict=True)
    ]
    path.write_text("".join(f"{row}\r\n" for row in rows), encoding="utf-8")
    return path


@pytest.fixture
def tsv(tmp_path: Path) -> Path:
    """Headers that suggest no role: the user chooses every one."""
    columns = {"de": SOURCE, "final": REF, "engine-a": MT, "engine-b": MT2}
    return _tsv(tmp_path / "post-edits.tsv", columns)


@pytest.fixture
def xlsx(tmp_path: Path) -> Path:
    """A workbook as Excel writes one: a second sheet, a number in a cell."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "scores"
    sheet.append(["doc", "src", "ref", "hyp"])
    for row in zip(DOCS, SOURCE, REF, MT, strict=True):
        sheet.append(list(row))
    sheet.append(["chat-7", "Zimmer 3", "Room 3", 3])  # a number: read as "3"
    book.create_sheet("notes").append(["nothing", "here"])
    path = tmp_path / "job.xlsx"
    book.save(path)
    return path


def test_a_tsv_with_its_columns_chosen_is_sacrebleus(
    capsys: pytest.CaptureFixture[str], tsv: Path
) -> None:
    argv = [str(tsv), "--refs", "final", "--systems", "engine-a", "engine-b"]
    out, err = _run([*argv, "--source-column", "de", "-w", "20"], capsys)
    assert err == ""
    records = _records(out)
    assert [record["system"] for record in records] == [
        "column 'engine-a'",
        "column 'engine-b'",
    ]
    _assert_sacrebleus(records[0], MT, [REF])
    _assert_sacrebleus(records[1], MT2, [REF])


def test_a_tsv_line_per_system_in_text(
    capsys: pytest.CaptureFixture[str], tsv: Path
) -> None:
    out, _ = _run([str(tsv), "--refs", "final", "--systems", "engine-a"], capsys)
    expected = sacrebleu.corpus_bleu(MT, [REF])
    [record] = _records(out)
    assert record["score"] == round(expected.score, 1)
    out, _ = _run(
        [str(tsv), "--refs", "final", "--systems", "engine-a", "-f", "text"], capsys
    )
    assert out.startswith("column 'engine-a': BLEU|nrefs:1|case:mixed|eff:no|")
    assert f"= {expected.score:.1f} " in out


def test_a_csv_with_a_document_column_and_two_references(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    columns = {
        "docid": DOCS,
        "source": SOURCE,
        "ref-a": REF,
        "ref-b": REF2,
        "mt": MT,
        "mt2": MT2,
    }
    path = _csv(tmp_path / "set.csv", columns)
    argv = [str(path), "--refs", "ref-a", "ref-b", "--systems", "mt2", "mt"]
    out, err = _run([*argv, "--doc-column", "docid", "-w", "20"], capsys)
    assert err == ""
    records = _records(out)
    assert [record["system"] for record in records] == ["column 'mt2'", "column 'mt'"]
    _assert_sacrebleus(records[0], MT2, [REF, REF2])
    _assert_sacrebleus(records[1], MT, [REF, REF2])


def test_headers_that_name_their_roles_need_no_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """docid, source, ref…, mt/hyp…: every role said by its header."""
    columns = {"docid": DOCS, "source": SOURCE, "ref": REF, "hyp1": MT, "mt": MT2}
    path = _csv(tmp_path / "set.csv", columns)
    out, err = _run([str(path), "-w", "20"], capsys)
    assert err == ""
    records = _records(out)
    assert [record["system"] for record in records] == ["column 'hyp1'", "column 'mt'"]
    _assert_sacrebleus(records[0], MT, [REF])
    _assert_sacrebleus(records[1], MT2, [REF])


def test_an_xlsx_workbook_reads_its_first_sheet(
    capsys: pytest.CaptureFixture[str], xlsx: Path
) -> None:
    out, err = _run(
        [str(xlsx), "--refs", "ref", "--systems", "hyp", "-w", "20"], capsys
    )
    assert err == ""
    _assert_sacrebleus(_records(out)[0], [*MT, "3"], [[*REF, "Room 3"]])


def test_sheet_chooses_the_worksheet(
    capsys: pytest.CaptureFixture[str], xlsx: Path
) -> None:
    book = load_workbook(xlsx)
    sheet = book.create_sheet("second pass")
    sheet.append(["ref", "hyp"])
    for row in zip(REF2, MT2, strict=True):
        sheet.append(list(row))
    book.save(xlsx)
    argv = [str(xlsx), "--sheet", "second pass", "-w", "20"]
    out, _ = _run(argv, capsys)
    _assert_sacrebleus(_records(out)[0], MT2, [REF2])
    assert _fail([str(xlsx), "--sheet", "third"], capsys) == (
        f"bleu-gui: error: {xlsx}: has no sheet 'third' (it has 'scores', 'notes', "
        "'second pass')\n"
    )


def test_a_workbook_whose_first_sheet_is_a_cover_names_the_others(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = Workbook()
    cover = book.active
    assert cover is not None
    cover.title = "cover"
    cover.append(["Post-editing job 17"])
    scores = book.create_sheet("scores")
    scores.append(["ref", "hyp"])
    scores.append(["Room 3", "Room three"])
    path = tmp_path / "job.xlsx"
    book.save(path)
    assert _fail([str(path)], capsys) == (
        f"bleu-gui: error: {path}, sheet 'cover': has a header row but no rows "
        "under it (other sheets: 'scores')\n"
    )
    out, _ = _run([str(path), "--sheet", "scores", "-w", "20"], capsys)
    _assert_sacrebleus(_records(out)[0], ["Room three"], [["Room 3"]])


def test_a_latin1_tsv_is_decoded_with_the_references_encoding(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The advice for undecodable bytes names --ref-encoding: it must work."""
    columns = {"src": ["Käse für alle."], "ref": ["Cheese für all."], "mt": ["Käse!"]}
    path = _tsv(tmp_path / "latin1.tsv", columns, encoding="latin-1")
    assert _fail([str(path)], capsys) == (
        f"bleu-gui: error: {path}, line 2: bytes that are not valid UTF-8 (0xe4 at "
        "column 2); is the file in another encoding? (choose the references' "
        "encoding with --ref-encoding)\n"
    )
    out, _ = _run([str(path), "--ref-encoding", "latin-1", "-w", "20"], capsys)
    _assert_sacrebleus(_records(out)[0], ["Käse!"], [["Cheese für all."]])


def test_an_unknown_column_is_one_line_listing_the_headers(
    capsys: pytest.CaptureFixture[str], tsv: Path
) -> None:
    assert _fail([str(tsv), "--refs", "ref", "--systems", "engine-a"], capsys) == (
        f"bleu-gui: error: {tsv}: --refs: no column has the key 'ref' (the keys: "
        "'de', 'final', 'engine-a', 'engine-b')\n"
    )
    argv = [str(tsv), "--refs", "final", "--systems", "engine-a", "--doc-column", "d"]
    assert _fail(argv, capsys) == (
        f"bleu-gui: error: {tsv}: --doc-column: no column has the key 'd' (the "
        "keys: 'de', 'final', 'engine-a', 'engine-b')\n"
    )


def test_a_column_in_two_roles_is_one_line(
    capsys: pytest.CaptureFixture[str], tsv: Path
) -> None:
    argv = [str(tsv), "--refs", "final", "--systems", "engine-a", "final"]
    assert _fail(argv, capsys) == (
        f"bleu-gui: error: {tsv}: column 'final' is chosen as a reference and as a "
        "system: a column can play one role only\n"
    )
    argv = [str(tsv), "--refs", "final", "--systems", "engine-a"]
    assert _fail([*argv, "--source-column", "engine-a"], capsys) == (
        f"bleu-gui: error: {tsv}: column 'engine-a' is chosen as a system and as "
        "the source: a column can play one role only\n"
    )


def test_headers_that_say_no_role_ask_for_one(
    capsys: pytest.CaptureFixture[str], tsv: Path
) -> None:
    assert _fail([str(tsv)], capsys) == (
        f"bleu-gui: error: {tsv}: holds no column marked as a reference; choose "
        "with --refs KEY ... (the keys: 'de', 'final', 'engine-a', 'engine-b')\n"
    )
    assert _fail([str(tsv), "--refs", "final"], capsys) == (
        f"bleu-gui: error: {tsv}: holds no column marked as a system; choose "
        "with --systems KEY ... (the keys: 'de', 'final', 'engine-a', 'engine-b')\n"
    )


def test_only_the_chosen_columns_are_warned_about(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An empty cell in a column left out is no matter; in a system it is."""
    columns = {
        "src": SOURCE,
        "ref": REF,
        "mt": ["", *MT[1:]],
        "notes": ["umlaut", "", ""],
    }
    path = _tsv(tmp_path / "notes.tsv", columns)
    out, err = _run([str(path), "--refs", "ref", "--systems", "mt", "-w", "20"], capsys)
    assert err == (
        f"bleu-gui: warning: {path}, column 'mt': 1 empty cell (row 2), read as "
        "empty segments\n"
    )
    _assert_sacrebleus(_records(out)[0], ["", *MT[1:]], [REF])
