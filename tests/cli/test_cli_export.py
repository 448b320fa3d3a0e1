"""`bleu-gui score … --export FILE`: the sentence table, by the file's extension.

Every number is checked against sacreBLEU's own sentence scores of the demo
systems; the files are written by the window's writers (`io.table_export`).
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

import pytest
from openpyxl import load_workbook
from sacrebleu.metrics.bleu import BLEU

from bleu_gui.cli import main
from tests.core.demo_systems import DEMO, references, system
from tests.export_files import read_delimited
from tests.oracles import levenshtein, signed_cell

REFS = [str(DEMO / "ref.A.txt"), str(DEMO / "ref.B.txt")]
BASELINE, OTHER = "UEdin", "happypoet"


@cache
def sentence_scores(name: str) -> tuple[float, ...]:
    """sacreBLEU's sentence BLEU of each demo segment of `name` (as sentence_bleu)."""
    metric = BLEU(effective_order=True)
    refs = references()
    return tuple(
        metric.sentence_score(hyp, [r[i] for r in refs]).score
        for i, hyp in enumerate(system(name))
    )


def path(name: str) -> str:
    return str(DEMO / f"sys.{name}.txt")


def score(*args: str) -> int:
    return main([*REFS, *args])


def test_one_system_as_json_is_sacrebleus_sentence_scores_unrounded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "uedin.json"
    assert score("-i", path(BASELINE), "--export", str(target), "-b") == 0
    assert capsys.readouterr().out == "50.9\n"  # the usual output is unchanged
    document = json.loads(target.read_text(encoding="utf-8"))
    headers = [c["header"] for c in document["columns"]]
    assert headers == [
        "#", "BLEU", "Hyp len", "Ref len", "BP", "p1", "p2", "p3", "p4",
        "Word edits %", "Char edits %", "Band", "Closest ref", "Hypothesis"
    ]  # fmt: skip
    rows = document["rows"]
    assert [row[1] for row in rows] == list(sentence_scores(BASELINE))
    assert [row[-1] for row in rows] == list(system(BASELINE))
    # The effort against the closest reference, counted here by the recurrence.
    for row in rows[:25]:
        hyp = system(BASELINE)[row[0] - 1]
        refs = [stream[row[0] - 1] for stream in references()]
        chars = [levenshtein(hyp, ref) / len(ref) for ref in refs]
        closest = refs[chars.index(min(chars))]
        words = levenshtein(hyp.split(), closest.split()) / len(closest.split())
        assert row[9] == pytest.approx(100 * words)
        assert row[10] == pytest.approx(100 * min(chars))
        match = 100 - 100 * min(chars)
        assert row[11] == next(low for low in (100, 95, 85, 75, 50, 0) if match >= low)
        assert row[12] == chars.index(min(chars)) + 1  # which reference, from 1
    # Both references are the closest somewhere in the demo.
    assert {row[12] for row in rows} == {1, 2}
    assert document["signature"] == [
        "Sentence BLEU: nrefs:2|case:mixed|eff:yes|tok:13a|smooth:exp|version:2.6.0"
    ]


def test_several_systems_as_csv_have_each_systems_columns(tmp_path: Path) -> None:
    target = tmp_path / "two.csv"
    assert score("-i", path(BASELINE), path(OTHER), "--export", str(target)) == 0
    read = read_delimited(target)
    header = read.header
    base, other = path(BASELINE), path(OTHER)
    assert read.about == [
        f"Sentences of {base}, {other}",
        "Sentence BLEU: nrefs:2|case:mixed|eff:yes|tok:13a|smooth:exp|version:2.6.0",
    ]
    assert header == [
        "#",
        *(f"{h}: {base}" for h in ("BLEU", "Hyp len", "Ref len", "BP")),
        *(f"p{n}: {base}" for n in range(1, 5)),
        *(
            f"{h}: {base}"
            for h in ("Word edits %", "Char edits %", "Band", "Closest ref")
        ),
        f"Hypothesis: {base}",
        f"BLEU: {other}",
        f"Δ − {base}: {other}",
        *(f"{h}: {other}" for h in ("Hyp len", "Ref len", "BP")),
        *(f"p{n}: {other}" for n in range(1, 5)),
        *(
            f"{h}: {other}"
            for h in ("Word edits %", "Char edits %", "Band", "Closest ref")
        ),
        f"Hypothesis: {other}",
    ]
    bands = {row[header.index(f"Band: {other}")] for row in read.rows}
    assert bands <= {"100 %", "95–99 %", "85–94 %", "75–84 %", "50–74 %", "< 50 %"}
    assert len(bands) >= 3
    a = header.index(f"BLEU: {base}")
    b = header.index(f"BLEU: {other}")
    delta = header.index(f"Δ − {base}: {other}")
    assert len(read.rows) == 500
    first, second = sentence_scores(BASELINE), sentence_scores(OTHER)
    for k, row in enumerate(read.rows):
        assert row[0] == str(k + 1)
        assert row[a] == f"{first[k]:.1f}"
        assert row[b] == f"{second[k]:.1f}"
        difference = second[k] - first[k]
        assert row[delta] == signed_cell(difference, 1)
        assert row[header.index(f"Hypothesis: {other}")] == system(OTHER)[k]


def test_one_system_as_tsv_says_what_it_is(tmp_path: Path) -> None:
    target = tmp_path / "uedin.tsv"
    assert score("-i", path(BASELINE), "--export", str(target), "-q") == 0
    read = read_delimited(target, "\t")  # with the byte-order mark Excel needs
    assert read.about == [
        f"Sentences of {path(BASELINE)}",
        "Sentence BLEU: nrefs:2|case:mixed|eff:yes|tok:13a|smooth:exp|version:2.6.0",
    ]
    assert read.header == [
        "#", "BLEU", "Hyp len", "Ref len", "BP", "p1", "p2", "p3", "p4",
        "Word edits %", "Char edits %", "Band", "Closest ref", "Hypothesis"
    ]  # fmt: skip
    assert [row[1] for row in read.rows] == [
        f"{x:.1f}" for x in sentence_scores(BASELINE)
    ]
    # Segment 10, "Biker suffers leg injury", as reference B has it (A has
    # "injuries"): the closest reference, nothing to do.
    assert read.rows[9][9:] == [
        "0.0",
        "0.0",
        "100 %",
        "2",  # reference B
        "Biker suffers leg injury",
    ]


def test_the_workbook_holds_numbers(tmp_path: Path) -> None:
    target = tmp_path / "uedin.xlsx"
    assert score("-i", path(BASELINE), "--export", str(target), "-q") == 0
    sheet = load_workbook(target)["Table"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:2] == ("#", "BLEU")
    assert [row[1] for row in rows[1:]] == [
        pytest.approx(x, rel=1e-15) for x in sentence_scores(BASELINE)
    ]
    assert sheet["B2"].number_format == "0.0"


def test_an_unknown_extension_is_one_line_and_nothing_is_scored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "scores.doc"
    assert score("-i", path(BASELINE), "--export", str(target)) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"bleu-gui: error: {target}: cannot tell the export format from the "
        "extension '.doc': use one of .csv, .tsv, .tab, .json, .xlsx, .md, "
        ".markdown, .tex\n"
    )
    assert not target.exists()


def test_a_failed_write_leaves_nothing_and_says_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    target = blocker / "out.csv"
    assert score("-i", path(BASELINE), "--export", str(target)) == 1
    assert capsys.readouterr().err == (
        f"bleu-gui: error: {target}: cannot write the file: not a directory\n"
    )
    assert os.listdir(tmp_path) == ["file"]
