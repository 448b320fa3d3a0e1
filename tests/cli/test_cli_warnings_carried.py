"""The warnings said on stderr go with the numbers: into the report and the exports.

A Chinese test set scored with 13a, or a file that starts with a byte-order mark,
gets a number that is sacreBLEU's but misleading; the warning that says so is
printed on stderr, and a report or export file read later must carry it too,
word for word, beside its numbers.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sacrebleu
from openpyxl import load_workbook

from bleu_gui.cli import main, report_main
from tests.core.cjk_lines import ZH_HYP, ZH_REF
from tests.io.report_page import ReportPage

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"

HINT = (
    "ref.zh.txt: looks like Chinese text, which tokenizer 13a leaves unsplit "
    "(22.1 characters a token), so BLEU counts whole sentences; use -tok zh "
    "(sacreBLEU's tokenizer for Chinese)"
)
# A second Chinese system: the reference with its last two sentences of ZH_HYP.
ZH_HYP2 = [*ZH_REF[:6], *ZH_HYP[6:]]


def _write(path: Path, lines: list[str], *, mark: bool = False) -> Path:
    text = "".join(f"{line}\n" for line in lines).encode("utf-8")
    path.write_bytes((b"\xef\xbb\xbf" if mark else b"") + text)
    return path


@pytest.fixture
def chinese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "ref.zh.txt", ZH_REF)
    _write(tmp_path / "hyp.zh.txt", ZH_HYP)
    _write(tmp_path / "hyp2.zh.txt", ZH_HYP2)
    return tmp_path


def test_the_report_of_a_chinese_set_scored_with_13a_carries_the_hint(
    chinese: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ref.zh.txt", "-i", "hyp.zh.txt", "hyp2.zh.txt", "-o", "report.html"]
    assert report_main([*argv, "--samples", "100"]) == 0
    assert capsys.readouterr().err == (
        f"bleu-gui: warning: {HINT}\nbleu-gui: wrote report.html\n"
    )
    page = ReportPage((chinese / "report.html").read_text(encoding="utf-8"))
    assert page.warnings == [f"Warning: {HINT}"]
    table = page.table_with("System")
    for row, hyps in zip(table[1:], (ZH_HYP, ZH_HYP2), strict=True):
        assert row[1] == f"{sacrebleu.corpus_bleu(hyps, [ZH_REF]).score:.2f}"


def test_the_report_with_the_right_tokenizer_has_no_warning(
    chinese: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ref.zh.txt", "-i", "hyp.zh.txt", "-o", "report.html", "-tok", "zh"]
    assert report_main(argv) == 0
    text = (chinese / "report.html").read_text(encoding="utf-8")
    assert ReportPage(text).warnings == []
    assert 'class="warnings"' not in text


def test_the_report_says_what_a_byte_order_mark_costs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hyps = (DEMO / "sys.UEdin.txt").read_text(encoding="utf-8").splitlines()[:30]
    refs = (DEMO / "ref.A.txt").read_text(encoding="utf-8").splitlines()[:30]
    hyp = _write(tmp_path / "bom.txt", hyps, mark=True)
    ref = _write(tmp_path / "ref.txt", refs)
    out = tmp_path / "report.html"
    assert report_main([str(ref), "-i", str(hyp), "-o", str(out)]) == 0
    with_mark = sacrebleu.corpus_bleu(["\ufeff" + hyps[0], *hyps[1:]], [refs]).score
    without = sacrebleu.corpus_bleu(hyps, [refs]).score
    assert with_mark < without
    warning = (
        f"{hyp}: starts with a byte-order mark (U+FEFF), kept as sacreBLEU keeps "
        "it: the first token of line 1 carries it and matches nothing; corpus "
        f"BLEU is {with_mark:.4f} with it, {without:.4f} with it dropped "
        f"({without - with_mark:+.4f}); --drop-bom drops it"
    )
    assert capsys.readouterr().err == (
        f"bleu-gui: warning: {warning}\nbleu-gui: wrote {out}\n"
    )
    page = ReportPage(out.read_text(encoding="utf-8"))
    assert page.warnings == [f"Warning: {warning}"]
    assert page.table_with("System")[1][1] == f"{with_mark:.2f}"


def test_the_sentence_exports_carry_the_hint(
    chinese: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ref.zh.txt", "-i", "hyp.zh.txt"]
    assert main([*argv, "--export", "sentences.json"]) == 0
    document = json.loads((chinese / "sentences.json").read_text(encoding="utf-8"))
    assert document["warnings"] == [HINT]
    assert main([*argv, "--export", "sentences.xlsx"]) == 0
    book = load_workbook(chinese / "sentences.xlsx", read_only=True)
    notes = [row[0] for row in book["Signature"].iter_rows(values_only=True)]
    assert notes[-1] == f"Warning: {HINT}"
    capsys.readouterr()


def test_the_systems_exports_carry_the_hint(
    chinese: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ref.zh.txt", "-i", "hyp.zh.txt", "hyp2.zh.txt"]
    assert main([*argv, "--export-systems", "systems.md"]) == 0
    lines = (chinese / "systems.md").read_text(encoding="utf-8").splitlines()
    assert lines[-1] == f"    Warning: {HINT}"
    assert main([*argv, "--export-systems", "systems.tex"]) == 0
    lines = (chinese / "systems.tex").read_text(encoding="utf-8").splitlines()
    assert lines[-1] == f"% Warning: {HINT}"
    capsys.readouterr()


def test_without_a_warning_the_json_export_has_an_empty_list(
    chinese: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ref.zh.txt", "-i", "hyp.zh.txt", "-tok", "zh"]
    assert main([*argv, "--export", "sentences.json"]) == 0
    document = json.loads((chinese / "sentences.json").read_text(encoding="utf-8"))
    assert document["warnings"] == []
    capsys.readouterr()
