"""`bleu-gui score TESTSET.xml -d`: per-document BLEU, and document ids in --export.

The WMT XML file's documents are sacreBLEU's own reading of it (its `docid` field,
`WMTXMLDataset._unwrap_wmt21_or_later`), and every number is sacreBLEU's
`corpus_bleu` of one document's lines.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
import sacrebleu
from sacrebleu.dataset.wmt_xml import WMTXMLDataset

from bleu_gui.cli import main
from tests.core.demo_systems import DEMO
from tests.export_files import parse_delimited, read_delimited

XML = (
    Path(__file__).resolve().parents[1] / "io" / "data" / "formats" / "wmt21.de-en.xml"
)
SYSTEMS = ["Facebook-AI", "Online-W", "UEdin", "happypoet"]
DOCUMENTS = ["merkur.biker", "pnp.mamming", "tz.aidenbach", "sz.flick"]
SIGNATURE = "BLEU: nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"


def fields() -> dict[str, list[str]]:
    read: dict[str, list[str]] = WMTXMLDataset._unwrap_wmt21_or_later(str(XML))
    return read


def sacre_document(system: str, document: str) -> float:
    """sacreBLEU's corpus BLEU of `system`'s lines of `document`."""
    read = fields()
    rows = [k for k, doc in enumerate(read["docid"]) if doc == document]
    hypotheses = [read[system][k] for k in rows]
    references = [[read[ref][k] for k in rows] for ref in ("ref:A", "ref:B")]
    return float(sacrebleu.corpus_bleu(hypotheses, references).score)


def run(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main([*argv, "-q"]) == 0
    return capsys.readouterr().out


def test_text_is_one_line_per_document_with_sacrebleus_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    read = parse_delimited(run([str(XML), "-d", "-f", "text"], capsys), "\t")
    assert read.about == ["Documents: 4 of 4", SIGNATURE]
    assert read.header == [
        "Document",
        "Segments",
        "BLEU: Facebook-AI",
        "BLEU: Online-W",
        "BLEU: UEdin",
        "BLEU: happypoet",
    ]
    ids = fields()["docid"]
    assert [row[:2] for row in read.rows] == [
        [document, str(ids.count(document))] for document in DOCUMENTS
    ]
    for row in read.rows:
        assert row[2:] == [f"{sacre_document(s, row[0]):.2f}" for s in SYSTEMS]


def test_json_of_two_systems_is_unrounded_with_the_delta(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = run([str(XML), "--documents", "--systems", "UEdin", "happypoet"], capsys)
    document = json.loads(out)
    assert [c["header"] for c in document["columns"]] == [
        "Document",
        "Segments",
        "Δ − UEdin: happypoet",
        "BLEU: UEdin",
        "BLEU: happypoet",
    ]
    assert document["signature"] == [SIGNATURE]
    for doc, _size, delta, a, b in document["rows"]:
        assert a == sacre_document("UEdin", doc)
        assert b == sacre_document("happypoet", doc)
        assert delta == b - a
    assert [row[0] for row in document["rows"]] == DOCUMENTS


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            [str(DEMO / "ref.A.txt"), "-i", str(DEMO / "sys.UEdin.txt"), "-d"],
            "-d/--documents needs document ids: give a test-set file that has them "
            "(WMT XML or SGML, or a spreadsheet with --doc-column)",
        ),
        (
            [str(XML), "-d", "-sl"],
            "-d/--documents prints a table of documents; it cannot be used with "
            "-sl/--sentence-level",
        ),
        (
            [str(XML), "-d", "-pbs"],
            "-d/--documents prints a table of documents; it cannot be used with a "
            "significance test",
        ),
    ],
)
def test_what_cannot_be_is_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main([*argv, "-q"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    # After the test set's warnings (segments left out), if any.
    assert err.splitlines()[-1] == f"bleu-gui: error: {message}"


def test_the_sentence_export_has_each_segments_document(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "sentences.csv"
    run([str(XML), "--systems", "UEdin", "--export", str(target)], capsys)
    read = read_delimited(target)
    assert read.header[:3] == ["#", "Document", "BLEU"]
    assert [row[1] for row in read.rows] == fields()["docid"]
    assert [row[-1] for row in read.rows] == fields()["UEdin"]
