"""`bleu-gui score TESTSET.xml -i mine.txt`: my output against the file's references.

A researcher's most common wish with a WMT XML test set: score the output of their
own system (one line per segment the file keeps, as sacreBLEU keeps them) against
the references in the file, alone or beside the file's systems. The numbers are
sacreBLEU's `corpus_bleu` on the segments sacreBLEU's own reader extracts from the
same file; "mine.txt" is written from those segments (UEdin's output, as if it
were mine).
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import sacrebleu
from sacrebleu.dataset.wmt_xml import WMTXMLDataset

from bleu_gui.cli import main

DATA = Path(__file__).resolve().parents[1] / "io" / "data" / "formats"
XML = DATA / "wmt21.de-en.xml"
LEFT_OUT = (
    f"bleu-gui: warning: {XML}: 1 test-suite document (2 segments) left out, as "
    "sacreBLEU leaves them out\n"
    f"bleu-gui: warning: {XML}: 1 segment without a reference (document "
    "'pnp.mamming', segment 3) left out, as sacreBLEU leaves them out\n"
)
PARTIAL_B = (
    f"bleu-gui: warning: {XML}: reference B lacks 4 segments that another "
    "reference has (document 'tz.aidenbach', segments 1, 2, 3, 4); there it is an "
    "empty reference, as in sacreBLEU\n"
)


def _fields() -> dict[str, list[str]]:
    fields: dict[str, list[str]] = WMTXMLDataset._unwrap_wmt21_or_later(str(XML))
    return fields


def _mine(tmp_path: Path, lines: Sequence[str]) -> Path:
    path = tmp_path / "mine.txt"
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def _run(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert status == 0, err
    return out, err


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


def test_my_output_scores_against_every_reference_of_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fields = _fields()
    mine = _mine(tmp_path, fields["UEdin"])
    out, err = _run([str(XML), "-i", str(mine), "-w", "20"], capsys)
    [record] = _records(out)
    assert "system" not in record  # one file after -i: unnamed, as with text files
    _assert_sacrebleus(record, fields["UEdin"], [fields["ref:A"], fields["ref:B"]])
    assert err == LEFT_OUT + PARTIAL_B


def test_refs_choose_the_references(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fields = _fields()
    mine = _mine(tmp_path, fields["UEdin"])
    out, err = _run([str(XML), "--refs", "B", "-i", str(mine), "-w", "20"], capsys)
    _assert_sacrebleus(_records(out)[0], fields["UEdin"], [fields["ref:B"]])
    assert err == LEFT_OUT + PARTIAL_B
    # Reference B's gaps are no matter when B is not a reference.
    out, err = _run([str(XML), "--refs", "A", "-i", str(mine), "-w", "20"], capsys)
    _assert_sacrebleus(_records(out)[0], fields["UEdin"], [fields["ref:A"]])
    assert err == LEFT_OUT


def test_my_output_beside_the_files_systems_the_first_the_baseline(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fields = _fields()
    mine = _mine(tmp_path, fields["happypoet"])
    argv = [str(XML), "--systems", "Facebook-AI", "-i", str(mine), "-w", "20"]
    out, _ = _run(argv, capsys)
    records = _records(out)
    assert [record["system"] for record in records] == ["Facebook-AI", str(mine)]
    references = [fields["ref:A"], fields["ref:B"]]
    _assert_sacrebleus(records[0], fields["Facebook-AI"], references)
    _assert_sacrebleus(records[1], fields["happypoet"], references)
    # A paired test takes the file's system as the baseline.
    out, _ = _run([*argv, "--paired-bs", "-f", "text", "-q"], capsys)
    assert "Baseline: Facebook-AI" in out
    assert str(mine) in out


def test_my_output_may_be_piped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fields = _fields()
    text = "".join(f"{line}\n" for line in fields["Online-W"])
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    out, _ = _run([str(XML), "-i", "-", "-w", "20", "--refs", "A"], capsys)
    _assert_sacrebleus(_records(out)[0], fields["Online-W"], [fields["ref:A"]])


def test_an_output_of_the_wrong_length_says_what_is_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Translated the whole source (test suite included): 17 lines, 14 are kept."""
    mine = _mine(tmp_path, [f"line {k}" for k in range(17)])
    capsys.readouterr()
    assert main([str(XML), "-i", str(mine)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == LEFT_OUT + PARTIAL_B + (
        f"bleu-gui: error: {mine} has 17 lines, but {XML} keeps 14 segments to "
        "score: a system's output needs one line per segment kept, in the file's "
        "order\n"
    )


def test_keeping_what_sacrebleu_leaves_out_takes_every_segment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """With both options every segment of the file is kept: 17 lines fit."""
    mine = _mine(tmp_path, [f"line {k}" for k in range(17)])
    flags = ["--include-testsuites", "--keep-unreferenced", "-sl", "-b"]
    out, _ = _run([str(XML), "-i", str(mine), *flags], capsys)
    assert len(out.splitlines()) == 17


def test_a_spreadsheet_takes_my_output_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sheet = tmp_path / "post-edits.tsv"
    sheet.write_text(
        "src\tref\tmt\n"
        "Der Hund bellt.\tThe dog barks.\tThe dog is barking.\n"
        "Es regnet heute.\tIt is raining today.\tToday it rains.\n",
        encoding="utf-8",
    )
    mine = _mine(tmp_path, ["The dog barks loudly.", "It is raining today."])
    out, err = _run([str(sheet), "-i", str(mine), "-w", "20"], capsys)
    assert err == ""
    _assert_sacrebleus(
        _records(out)[0],
        ["The dog barks loudly.", "It is raining today."],
        [["The dog barks.", "It is raining today."]],
    )


def test_options_that_choose_need_the_test_set_file_as_the_only_ref(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sgml = DATA / "wmt21.de-en.ref.A.sgm"
    mine = _mine(tmp_path, ["a"])
    capsys.readouterr()
    assert main([str(sgml), "-i", str(mine), "--refs", "A"]) == 1
    assert capsys.readouterr().err == (
        f"bleu-gui: error: --refs: {sgml} is a wmt-sgml file, not a test-set file "
        "(WMT XML, a spreadsheet) to choose in\n"
    )
