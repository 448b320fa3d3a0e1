"""`bleu-gui score TESTSET.xml`: every system of a WMT XML file, against its references.

The numbers are checked against sacreBLEU's `corpus_bleu` on the segments sacreBLEU's
own reader (`WMTXMLDataset._unwrap_wmt21_or_later`) extracts from the same file, and
a paired test against the same command on text files holding those segments. WMT
SGML files (one text each) are read where text files are.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import sacrebleu
from sacrebleu.dataset.fake_sgml import FakeSGMLDataset
from sacrebleu.dataset.wmt_xml import WMTXMLDataset

from bleu_gui.cli import main

DATA = Path(__file__).resolve().parents[1] / "io" / "data" / "formats"
XML = DATA / "wmt21.de-en.xml"
SYSTEMS = ["Facebook-AI", "Online-W", "UEdin", "happypoet"]
NOTICES = (
    f"bleu-gui: warning: {XML}: 1 test-suite document (2 segments) left out, as "
    "sacreBLEU leaves them out\n"
    f"bleu-gui: warning: {XML}: 1 segment without a reference (document "
    "'pnp.mamming', segment 3) left out, as sacreBLEU leaves them out\n"
    f"bleu-gui: warning: {XML}: reference B lacks 4 segments that another "
    "reference has (document 'tz.aidenbach', segments 1, 2, 3, 4); there it is an "
    "empty reference, as in sacreBLEU\n"
)


def _fields(path: Path = XML) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = WMTXMLDataset._unwrap_wmt21_or_later(str(path))
    return fields


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
    """Our record (printed with -w 20) is sacreBLEU's BLEU of the same segments."""
    expected = sacrebleu.corpus_bleu(hypotheses, references)
    assert record["score"] == expected.score
    assert record["counts"] == expected.counts
    assert record["totals"] == expected.totals
    assert (record["sys_len"], record["ref_len"]) == (
        expected.sys_len,
        expected.ref_len,
    )
    assert record["nrefs"] == str(len(references))


def test_every_system_against_every_reference_is_sacrebleus(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, err = _run([str(XML), "-w", "20"], capsys)
    assert err == NOTICES
    fields = _fields()
    records = _records(out)
    assert [record["system"] for record in records] == SYSTEMS
    for record in records:
        references = [fields["ref:A"], fields["ref:B"]]
        _assert_sacrebleus(record, fields[record["system"]], references)


def test_refs_and_systems_choose_by_key_in_the_order_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, _ = _run(
        [str(XML), "--refs", "B", "--systems", "UEdin", "A", "-w", "20"], capsys
    )
    fields = _fields()
    records = _records(out)
    assert [record["system"] for record in records] == ["UEdin", "reference A"]
    _assert_sacrebleus(records[0], fields["UEdin"], [fields["ref:B"]])
    _assert_sacrebleus(records[1], fields["ref:A"], [fields["ref:B"]])


def test_one_system_is_still_named(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = _run([str(XML), "--systems", "happypoet", "-f", "text", "-q"], capsys)
    assert out.startswith("happypoet: BLEU|nrefs:2|case:mixed|eff:no|tok:13a|")


def test_kept_unreferenced_segments_score_against_empty_references(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out, err = _run([str(XML), "--keep-unreferenced", "-w", "20"], capsys)
    assert "kept and scored against empty references" in err
    # sacreBLEU's reading of the file in which reference A translates the segment,
    # with that reference then emptied: the segment, against empty references.
    filled = tmp_path / "filled.xml"
    filled.write_text(
        XML.read_text("utf-8").replace('<seg id="3"></seg>', '<seg id="3">x</seg>'),
        "utf-8",
    )
    fields = _fields(filled)
    index = fields["ref:A"].index("x")
    fields["ref:A"][index] = ""
    assert fields["ref:B"][index] == ""
    for record in _records(out):
        references = [fields["ref:A"], fields["ref:B"]]
        _assert_sacrebleus(record, fields[record["system"]], references)


def test_a_paired_test_takes_the_first_system_as_baseline(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fields = _fields()
    monkeypatch.chdir(tmp_path)
    for field in ["ref:A", "ref:B", *SYSTEMS]:
        name = field.replace(":", ".")
        Path(name).write_text("".join(f"{line}\n" for line in fields[field]))
    order = [*SYSTEMS[1:], SYSTEMS[0]]
    flags = ["-par", "-parn", "200", "-f", "text", "-q", "--seed", "7"]
    from_xml, _ = _run([str(XML), "--systems", *order, *flags], capsys)
    from_text, _ = _run(["ref.A", "ref.B", "-i", *order, *flags], capsys)
    assert from_xml == from_text
    assert "Baseline: Online-W" in from_xml


def test_test_suites_are_kept_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    flags = ["--include-testsuites", "--keep-unreferenced", "-sl", "-b"]
    out, _ = _run([str(XML), "--systems", "UEdin", *flags], capsys)
    assert len(out.splitlines()) == 17


def test_an_unknown_key_lists_the_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert _fail([str(XML), "--refs", "A", "C"], capsys) == (
        f"bleu-gui: error: {XML}: --refs: no column has the key 'C' (the keys: "
        "'source', 'A', 'B', 'Facebook-AI', 'Online-W', 'UEdin', 'happypoet')\n"
    )
    assert _fail([str(XML), "--systems", "Online-B"], capsys).startswith(
        f"bleu-gui: error: {XML}: --systems: no column has the key 'Online-B' "
    )


def test_a_column_in_two_roles_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert _fail([str(XML), "--refs", "A", "--systems", "UEdin", "A"], capsys) == (
        f"bleu-gui: error: {XML}: reference A is chosen as a reference and as a "
        "system: a column can play one role only\n"
    )


def test_test_set_options_need_a_test_set_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = tmp_path / "ref.txt"
    text.write_text("a b c\n")
    assert _fail([str(text), "--refs", "A"], capsys) == (
        f"bleu-gui: error: --refs: {text} is a text file, not a test-set file (WMT "
        "XML, a spreadsheet) to choose in\n"
    )
    assert _fail([str(XML), str(text), "-i", str(text), "--refs", "A"], capsys) == (
        "bleu-gui: error: --refs chooses in a test-set file (WMT XML, a "
        "spreadsheet); give that file as the only REF\n"
    )


def test_a_broken_test_set_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "set.xml"
    text = XML.read_text("utf-8")
    broken.write_text(text[: text.index("Car driver doesn’t see biker")], "utf-8")
    assert _fail([str(broken)], capsys) == (
        f"bleu-gui: error: {broken}, line 25: not well-formed XML: premature end of "
        "data in tag seg line 25 (column 23)\n"
    )


def _sacrebleu_sgml(path: Path, tmp_path: Path) -> list[str]:
    out = tmp_path / f"{path.name}.txt"
    FakeSGMLDataset("wmt-test", langpairs={})._convert_format(str(path), str(out))
    return out.read_text("utf-8").split("\n")[:-1]


def test_sgml_files_are_read_as_references_and_systems(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    reference = DATA / "wmt21.de-en.ref.A.sgm"
    system = DATA / "wmt21.de-en.sys.Facebook-AI.sgm"
    out, err = _run([str(reference), "-i", str(system), "-w", "20"], capsys)
    assert err == ""
    hypotheses = _sacrebleu_sgml(system, tmp_path)
    _assert_sacrebleus(
        _records(out)[0], hypotheses, [_sacrebleu_sgml(reference, tmp_path)]
    )


def test_an_sgml_file_alone_has_no_system(capsys: pytest.CaptureFixture[str]) -> None:
    reference = DATA / "wmt21.de-en.ref.A.sgm"
    assert _fail([str(reference)], capsys) == (
        f"bleu-gui: error: {reference}: holds no column marked as a system; choose "
        "with --systems KEY ... (the keys: 'A')\n"
    )


def test_help_documents_test_set_files(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for flag in (
        "--refs KEY [KEY ...]",
        "--systems KEY [KEY ...]",
        "--source-column KEY",
        "--doc-column KEY",
        "--include-testsuites",
        "--keep-unreferenced",
    ):
        assert flag in out
    assert "score TESTSET.xml" in " ".join(out.split())
