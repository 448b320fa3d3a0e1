"""`-sl` and `--export` name each segment's unit when the test set has units.

`steps-final.xlf` and `steps-mt.xlf` are one job of ten trans-units, ids 1 to 10;
the MT file's unit 5 has no target, so it is left out and unit 9 is the eighth
segment scored. A translator looks for "unit 9" in the CAT tool, not for "#8".
The lines after the unit field are checked against sacreBLEU's own `-sl` output
on the same targets written as text files.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from bleu_gui.cli import main
from tests.export_files import read_delimited

DATA = Path(__file__).resolve().parents[1] / "io" / "data" / "formats"
FINAL = str(DATA / "steps-final.xlf")
MT = str(DATA / "steps-mt.xlf")
LEFT_OUT = f"bleu-gui: warning: {MT}: 1 unit has no <target> (unit '5'); left out\n"
SIGNATURE = "BLEU|nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|version:2.6.0"

# The targets of the units both files have (all but unit 5), in the file's order.
FINAL_TARGETS = [
    "Öffnen Sie den Deckel.",
    "Setzen Sie den Filter ein.",
    "Geben Sie gemahlenen Kaffee hinzu.",
    "Schließen Sie den Deckel.",
    "Stellen Sie eine Tasse unter den Auslauf.",
    "Drücken Sie die Starttaste.",
    "Warten Sie, bis die Leuchte grün wird.",
    "Nehmen Sie die Tasse vorsichtig heraus.",
    "Genießen Sie Ihren Kaffee.",
]
MT_TARGETS = [
    "Öffnen Sie den Deckel.",
    "Legen Sie den Filter ein.",
    "Fügen Sie gemahlenen Kaffee hinzu.",
    "Schließen Sie den Deckel.",
    "Stellen Sie eine Tasse unter die Düse.",
    "Drücken Sie den Startknopf.",
    "Warten Sie, bis das Licht grün wird.",
    "Entfernen Sie die Tasse vorsichtig.",
    "Genießen Sie Ihren Kaffee.",
]


def run(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """Standard output and error of a run that must succeed."""
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert status == 0, err
    return out, err


def sacrebleu_sentences(
    tmp_path: Path, refs: Sequence[str], hyps: Sequence[str]
) -> list[str]:
    """sacreBLEU's own `-sl` lines for `hyps` against `refs`, as text files."""
    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    ref.write_text("".join(f"{line}\n" for line in refs), encoding="utf-8")
    hyp.write_text("".join(f"{line}\n" for line in hyps), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", str(ref), "-i", str(hyp), "-sl"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
        timeout=120,
    )
    return done.stdout.splitlines()


def test_sentence_lines_start_with_the_unit_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, err = run([FINAL, "-i", MT, "-sl", "-f", "text"], capsys)
    assert err == LEFT_OUT
    lines = out.splitlines()
    assert [line.split("\t")[0] for line in lines] == [
        "unit 1",
        "unit 2",
        "unit 3",
        "unit 4",
        "unit 6",
        "unit 7",
        "unit 8",
        "unit 9",
        "unit 10",
    ]
    assert lines[7] == (
        f"unit 9\t{SIGNATURE} = 45.5 83.3/60.0/50.0/33.3 "
        "(BP = 0.846 ratio = 0.857 hyp_len = 6 ref_len = 7)"
    )
    # After the unit field: sacreBLEU's own lines, byte for byte.
    assert [line.split("\t", 1)[1] for line in lines] == sacrebleu_sentences(
        tmp_path, FINAL_TARGETS, MT_TARGETS
    )


def test_score_only_lines_start_with_the_unit_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, _ = run([FINAL, "-i", MT, "-sl", "-b"], capsys)
    assert out.splitlines()[6:] == ["unit 8\t43.2", "unit 9\t45.5", "unit 10\t100.0"]


def test_json_sentence_records_name_the_unit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, _ = run([FINAL, "-i", MT, "-sl"], capsys)
    records = [json.loads(line) for line in out.splitlines()]
    assert list(records[7])[:3] == ["segment", "unit", "name"]
    assert (records[7]["segment"], records[7]["unit"]) == (8, "9")
    assert records[7]["score"] == 45.5


def test_the_sentence_export_has_each_segments_unit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "sentences.csv"
    run([FINAL, "-i", MT, "--export", str(target)], capsys)
    read = read_delimited(target)
    assert read.header[:3] == ["#", "Unit", "BLEU"]
    assert read.rows[7][:2] == ["8", "9"]
    assert read.rows[7][-1] == "Entfernen Sie die Tasse vorsichtig."


def test_a_spreadsheets_rows_are_named_as_its_warnings_name_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "sheet.tsv"
    rows = [f"Satz {n} ist hier.\tSentence {n} is here." for n in range(2, 12)]
    rows[7] = "Satz 9 ist hier.\t"  # row 9: the header is row 1
    sheet.write_text("ref\thyp\n" + "\n".join(rows) + "\n", encoding="utf-8")
    out, err = run([str(sheet), "-sl", "-b"], capsys)
    assert err == (
        f"bleu-gui: warning: {sheet}, column 'hyp': 1 empty cell (row 9), read as "
        "empty segments\n"
    )
    assert out.splitlines()[7] == "row 9\t0.0"
    target = tmp_path / "sentences.csv"
    run([str(sheet), "--export", str(target)], capsys)
    read = read_delimited(target)
    assert read.header[:2] == ["#", "Row"]
    assert read.rows[7][:2] == ["8", "9"]
    assert read.rows[7][-1] == ""


def test_a_spreadsheets_id_column_names_its_segments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "sheet.tsv"
    sheet.write_text(
        "ID\tref\thyp\tkey\nseg-7\tEs regnet.\tEs regnet.\tA\n"
        "seg-9\tGute Nacht!\tGute Nacht\tB\n",
        encoding="utf-8",
    )
    out, _ = run([str(sheet), "-sl", "-b"], capsys)  # "ID" names the role
    # sacreBLEU's sentence_bleu: 100.0 and 60.65.
    assert out.splitlines() == ["unit seg-7\t100.0", "unit seg-9\t60.7"]
    out, _ = run([str(sheet), "--unit-column", "key", "-sl", "-b"], capsys)
    assert out.splitlines() == ["unit A\t100.0", "unit B\t60.7"]
    target = tmp_path / "sentences.csv"
    run([str(sheet), "--export", str(target)], capsys)
    read = read_delimited(target)
    assert read.header[:2] == ["#", "Unit"]
    assert [row[:2] for row in read.rows] == [["1", "seg-7"], ["2", "seg-9"]]
