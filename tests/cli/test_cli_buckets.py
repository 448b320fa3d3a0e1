"""`bleu-gui buckets`: its tables, its JSON and its errors.

Sentence memberships are written out by hand from the small files below; every
BLEU is sacreBLEU's `corpus_bleu` of the bucket's lines; the word counts are
counted by hand.
"""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import openpyxl
import pytest
import sacrebleu

from bleu_gui.__main__ import main as bleu_gui_main
from bleu_gui.cli_buckets import buckets_main

# Reference lengths in 13a tokens: 3, 3, 12, 4.
REF = (
    "the cat sat\n"
    "a dog ran\n"
    "one two three four five six seven eight nine ten eleven twelve\n"
    "it is raining .\n"
)
SYS_A = (
    "the cat sat\n"
    "a dog\n"
    "one two three four five six seven eight nine ten eleven\n"
    "it rains .\n"
)
SYS_B = (
    "the cat sat down\n"
    "a dog ran\n"
    "one two three four five six seven eight nine ten eleven twelve\n"
    "it is raining\n"
)


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name, text in (("ref.txt", REF), ("a.txt", SYS_A), ("b.txt", SYS_B)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _lines(text: str, rows: list[int]) -> list[str]:
    lines = text.splitlines()
    return [lines[row] for row in rows]


def test_json_buckets_are_sacrebleus_bleu_of_their_lines(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = bleu_gui_main(
        [
            "buckets",
            "ref.txt",
            "-i",
            "a.txt",
            "b.txt",
            "--by",
            "ref-length",
            "--edges",
            "ref-length=4,10",
            "--samples",
            "50",
            "-f",
            "json",
        ]
    )
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    (table,) = data["tables"]
    assert table["kind"] == "ref-length"
    assert table["edges"] == [4, 10]
    assert [b["label"] for b in table["buckets"]] == ["< 4", "4–9", "≥ 10"]
    # lengths 3, 3 | 4 | 12
    members = {"< 4": [0, 1], "4–9": [3], "≥ 10": [2]}
    for bucket in table["buckets"]:
        rows = members[bucket["label"]]
        assert bucket["sentences"] == len(rows)
        refs = [_lines(REF, rows)]
        a, b = bucket["systems"]
        assert a["bleu"] == sacrebleu.corpus_bleu(_lines(SYS_A, rows), refs).score
        assert b["bleu"] == sacrebleu.corpus_bleu(_lines(SYS_B, rows), refs).score
        assert b["delta"] == b["bleu"] - a["bleu"]
        assert 0 < b["p_value"] <= 1
    assert table["samples"] == 50
    assert table["seed"] == 12345
    assert "words" not in data


def test_text_words_table_counted_by_hand(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = buckets_main(
        ["ref.txt", "-i", "a.txt", "--by", "words", "--edges", "word-frequency=1,2"]
    )
    assert status == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Word accuracy by frequency"
    assert lines[1].split() == [
        "frequency",
        "ref",
        "words",
        "a.txt",
        "words",
        "P",
        "R",
        "F",
    ]
    # Every reference word occurs once. A's words: 3 + 2 + 11 + 3 = 19, of which
    # "rains" is in no reference; matched: 3 + 2 + 11 + 2 = 18 of 22 reference words.
    assert lines[2].split() == ["0", "0", "1", "0.0000", "—", "—"]
    assert lines[3].split() == ["1", "22", "18", "1.0000", "0.8182", "0.9000"]
    assert lines[4].split() == ["≥", "2", "0", "0", "—", "—", "—"]
    assert lines[5].startswith("Frequencies in the test set's references. Per ")


def test_text_table_with_one_system_says_there_is_no_test(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = buckets_main(
        ["ref.txt", "-i", "a.txt", "b.txt", "--by", "length-diff", "--samples", "0"]
    )
    assert status == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "Length difference, hypothesis − reference (tokens), bucketed by a.txt"
    )
    assert out[1].split() == ["bucket", "sentences", "a.txt", "b.txt", "Δ", "b.txt"]
    # A's differences: 0, -1, -1, -1
    assert out[5].split()[:2] == ["−2–−1", "3"]
    assert out[6].split()[:2] == ["0", "1"]
    assert out[-1] == "No paired test: no resamples asked for."


@pytest.mark.parametrize(
    ("edges", "message"),
    [
        (
            "foo=1",
            "--edges foo=1: the kind must be one of ref-length, length-diff, "
            "baseline-bleu, word-frequency",
        ),
        (
            "ref-length=a",
            "--edges ref-length=a: the edges must be numbers separated by commas",
        ),
        ("ref-length=3,2", "--edges: ref-length: bucket edges must increase"),
        ("ref-length", "--edges ref-length: write KIND=E1,E2,…"),
    ],
)
def test_bad_edges_are_one_line(
    files: Path, capsys: pytest.CaptureFixture[str], edges: str, message: str
) -> None:
    status = buckets_main(["ref.txt", "-i", "a.txt", "--edges", edges])
    assert status == 1
    assert capsys.readouterr().err == f"bleu-gui: error: {message}\n"


# A training corpus counted by hand (13a tokens: "dog." is "dog ."):
#   the 2, cat 1, it 3, dog 1, . 1: 8 words.
CORPUS = "the the cat\nit it it\ndog.\n"


def test_freq_corpus_buckets_words_by_the_corpus_counted_by_hand(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (files / "train.txt").write_text(CORPUS, encoding="utf-8")
    args = ["ref.txt", "-i", "a.txt", "--by", "words"]
    args += ["--edges", "word-frequency=1,2", "--freq-corpus", "train.txt"]
    assert buckets_main([*args, "-f", "json"]) == 0
    words = json.loads(capsys.readouterr().out)["words"]
    assert words["frequency"] == "Frequencies in train.txt (8 words)"
    cells = {
        bucket["label"]: (
            bucket["systems"][0]["matched"],
            bucket["systems"][0]["hypothesis_words"],
            bucket["systems"][0]["reference_words"],
        )
        for bucket in words["buckets"]
    }
    # Frequency 0 (not in the corpus): reference sat, a, ran, one…twelve, is,
    # raining = 17; A's sat, a, one…eleven, rains = 14, all but rains matched.
    # Frequency 1: cat, dog, "." once each on both sides. ≥ 2: the, it.
    assert cells == {"0": (13, 14, 17), "1": (3, 3, 3), "≥ 2": (2, 2, 2)}
    zero = words["buckets"][0]["systems"][0]
    assert zero["precision"] == 13 / 14
    assert zero["recall"] == 13 / 17
    assert zero["f_measure"] == pytest.approx(26 / 31)
    assert buckets_main(args) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[2].split() == ["0", "17", "14", "0.9286", "0.7647", "0.8387"]
    assert text[5].startswith("Frequencies in train.txt (8 words). Per sentence")


def test_freq_corpus_problems_are_one_line(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = buckets_main(["ref.txt", "-i", "a.txt", "--freq-corpus", "none.txt"])
    assert status == 1
    err = capsys.readouterr().err
    assert err.startswith("bleu-gui: error: none.txt: ")
    assert err.count("\n") == 1
    args = ["ref.txt", "-i", "a.txt", "--by", "ref-length", "--freq-corpus", "x"]
    assert buckets_main(args) == 1
    assert capsys.readouterr().err == (
        "bleu-gui: error: --freq-corpus counts words: add words to --by, or leave "
        "--by out\n"
    )


MEMBERS = {"< 4": [0, 1], "4–9": [3], "≥ 10": [2]}  # reference lengths 3, 3 | 4 | 12


def _export(name: str) -> list[str]:
    return [
        "ref.txt",
        "-i",
        "a.txt",
        "b.txt",
        "--by",
        "ref-length",
        "words",
        "--edges",
        "ref-length=4,10",
        "--edges",
        "word-frequency=1,2",
        "--samples",
        "50",
        "--export",
        name,
    ]


def _bleu(system: str, rows: list[int]) -> float:
    return sacrebleu.corpus_bleu(_lines(system, rows), [_lines(REF, rows)]).score


def test_json_export_holds_both_tables_with_sacrebleus_numbers(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert buckets_main([*_export("out.json"), "-f", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    data = json.loads((files / "out.json").read_text(encoding="utf-8"))
    names = [column["name"] for column in data["columns"]]
    rows = [dict(zip(names, row, strict=True)) for row in data["rows"]]
    sentence = [row for row in rows if row["Kind"] == "ref-length"]
    assert [(row["Bucket"], row["System"]) for row in sentence] == [
        (label, system) for label in MEMBERS for system in ("a.txt", "b.txt")
    ]
    for row in sentence:
        members = MEMBERS[row["Bucket"]]
        text = SYS_A if row["System"] == "a.txt" else SYS_B
        assert row["BLEU"] == _bleu(text, members)
        assert row["Sentences"] == len(members)
    by_bucket = {(r["Bucket"], r["System"]): r for r in sentence}
    for label, members in MEMBERS.items():
        b = by_bucket[label, "b.txt"]
        assert b["Δ BLEU against the baseline"] == (
            _bleu(SYS_B, members) - _bleu(SYS_A, members)
        )
        assert by_bucket[label, "a.txt"]["Δ BLEU against the baseline"] is None
    # The export's test numbers are the printed ones (one computation).
    for bucket in printed["tables"][0]["buckets"]:
        b = bucket["systems"][1]
        row = by_bucket[bucket["label"], "b.txt"]
        assert row["p-value (subset test)"] == b["p_value"]
        assert row["Bootstrap mean BLEU"] == b["mean"]
        assert row["Bootstrap 95% half-width"] == b["ci"]
    words = {
        (r["Bucket"], r["System"]): r for r in rows if r["Kind"] == "word-frequency"
    }
    # Every reference word occurs once (test_text_words_table_counted_by_hand).
    a1 = words["1", "a.txt"]
    assert (a1["Matched"], a1["Hypothesis words"], a1["Reference words"]) == (
        18,
        18,
        22,
    )
    assert a1["Word recall (%)"] == pytest.approx(100 * 18 / 22)
    notes = " ".join(data["signature"])
    assert "sacreBLEU's paired bootstrap run on each bucket's sentences only" in notes
    assert "50 resamples, seed 12345" in notes
    assert "min(hypothesis count, reference count)" in notes
    assert "Frequencies in the test set's references" in notes


def test_csv_and_xlsx_exports_show_the_windows_numbers(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert buckets_main(_export("out.csv")) == 0
    assert buckets_main(_export("out.xlsx")) == 0
    capsys.readouterr()
    lines = (files / "out.csv").read_text(encoding="utf-8-sig").splitlines()
    blank = lines.index("")
    assert "a subset test" in " ".join(lines[:blank])
    rows = list(csv.DictReader(lines[blank + 1 :]))
    first = rows[0]
    assert (first["Kind"], first["Bucket"], first["System"]) == (
        "ref-length",
        "< 4",
        "a.txt",
    )
    assert first["BLEU"] == f"{_bleu(SYS_A, [0, 1]):.2f}"
    assert first["Δ"] == ""
    b = rows[1]
    assert b["Δ"] == f"{_bleu(SYS_B, [0, 1]) - _bleu(SYS_A, [0, 1]):.2f}"
    sheet = openpyxl.load_workbook(files / "out.xlsx").active
    assert sheet is not None
    cells = [[cell.value for cell in row] for row in sheet.iter_rows()]
    header = next(k for k, row in enumerate(cells) if row[:2] == ["Kind", "Bucket"])
    values = cells[header + 5]  # "≥ 10", a.txt: a number, every digit
    assert values[:3] == ["ref-length", "≥ 10", 10]
    bleu = values[6]
    assert isinstance(bleu, float)
    assert math.isclose(bleu, _bleu(SYS_A, [2]), rel_tol=0, abs_tol=1e-12)
    assert bleu > 0


def test_an_unknown_export_extension_is_refused_before_any_work(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert buckets_main(["ref.txt", "-i", "a.txt", "--export", "out.doc"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("bleu-gui: error: out.doc: cannot tell the export format")
    assert not (files / "out.doc").exists()
