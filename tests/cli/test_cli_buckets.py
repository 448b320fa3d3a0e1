"""`bleu-gui buckets`: its tables, its JSON and its errors.

Sentence memberships are written out by hand from the small files below; every
BLEU is sacreBLEU's `corpus_bleu` of the bucket's lines; the word counts are
counted by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

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
    assert lines[0] == "Word accuracy by frequency in the references"
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
    assert lines[5].startswith("Word frequency: occurrences in the test set's")


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
