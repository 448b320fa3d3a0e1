"""`bleu-gui report`: the file it writes, its p-values, its errors."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
import sacrebleu

from bleu_gui.cli import main, report_main
from bleu_gui.io.report_html import escaped
from tests.export_files import read_delimited
from tests.io.report_page import ReportPage

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
LINES = 60


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """The demo's first lines: two references, three systems."""
    out = {}
    for name in ("ref.A", "ref.B", "sys.happypoet", "sys.UEdin", "sys.Online-W"):
        lines = (DEMO / f"{name}.txt").read_text(encoding="utf-8").splitlines()
        path = tmp_path / f"{name}.txt"
        path.write_text("\n".join(lines[:LINES]) + "\n", encoding="utf-8")
        out[name] = path
    return out


def _systems(files: dict[str, Path]) -> list[str]:
    return [str(files[k]) for k in ("sys.happypoet", "sys.UEdin", "sys.Online-W")]


def test_the_p_values_are_the_paired_tests_as_score_prints_them(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refs = [str(files["ref.A"]), str(files["ref.B"])]
    systems = _systems(files)
    out = tmp_path / "report.html"
    assert report_main([*refs, "-i", *systems, "-o", str(out), "--samples", "200"]) == 0
    assert capsys.readouterr().err == f"bleu-gui: wrote {out}\n"
    status = main([*refs, "-i", *systems, "--paired-bs", "--paired-bs-n", "200"])
    assert status == 0
    printed = json.loads(capsys.readouterr().out)
    table = ReportPage(out.read_text(encoding="utf-8")).table_with("System")
    assert [row[0] for row in table[1:]] == [f"{systems[0]} (baseline)", *systems[1:]]
    for record, row in zip(printed, table[1:], strict=True):
        cells = dict(zip(table[0], row, strict=True))
        bleu = record["BLEU"]
        assert cells["BLEU"] == f"{bleu['score']:.2f}"
        assert cells["μ ± 95% CI"] == f"{bleu['mean']:.2f} ± {bleu['ci']:.2f}"
        p = bleu["p_value"]
        expected = "–" if p is None else f"{p:.4f}" + ("*" if p <= 0.05 else "")
        assert cells["p-value"] == expected


def test_approximate_randomization_is_the_one_score_runs(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refs = [str(files["ref.A"])]
    systems = _systems(files)[:2]
    out = tmp_path / "report.html"
    argv = [*refs, "-i", *systems]
    assert report_main([*argv, "-o", str(out), "--test", "ar", "--samples", "300"]) == 0
    capsys.readouterr()
    assert main([*argv, "--paired-ar", "--paired-ar-n", "300"]) == 0
    p = json.loads(capsys.readouterr().out)[1]["BLEU"]["p_value"]
    table = ReportPage(out.read_text(encoding="utf-8")).table_with("System")
    assert table[0][:3] == ["System", "BLEU", "p-value"]
    assert table[2][2] == f"{p:.4f}" + ("*" if p <= 0.05 else "")


def test_one_system_has_no_test_and_shows_its_costliest_sentences(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.html"
    argv = [str(files["ref.A"]), "-i", str(files["sys.happypoet"]), "-o", str(out)]
    assert report_main([*argv, "--top", "3"]) == 0
    page = ReportPage(out.read_text(encoding="utf-8"))
    assert "p-value" not in page.table_with("System")[0]
    assert len(page.headings) == 3
    assert all(" · cost " in heading for heading in page.headings)


def test_an_error_is_one_line_and_writes_nothing(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.html"
    missing = tmp_path / "nope.txt"
    argv = [str(files["ref.A"]), "-i", str(missing), "-o", str(out)]
    assert report_main(argv) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("bleu-gui: error: ")
    assert "nope.txt" in err
    assert not out.exists()


def test_an_unwritable_target_is_one_line_and_leaves_nothing(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "report.html"
    target.mkdir()
    argv = [str(files["ref.A"]), "-i", str(files["sys.UEdin"]), "-o", str(target)]
    assert report_main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("bleu-gui: error: ")
    assert "report.html" in err
    assert err.count("\n") == 1
    assert [p.name for p in folder.iterdir()] == ["report.html"]


def test_a_compatibility_mode_reports_without_a_test(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.html"
    argv = [str(files["ref.A"]), "-i", *_systems(files)[:2], "-o", str(out)]
    assert report_main([*argv, "--compat", "nltk", "--top", "0"]) == 0
    text = out.read_text(encoding="utf-8")
    page = ReportPage(text)
    assert "p-value" not in page.table_with("System")[0]
    assert page.headings == []
    assert (
        "No paired test: sacreBLEU's paired tests run in the sacrebleu mode only."
        in text
    )
    assert "No sentence to show." in text


def test_a_copy_of_the_baseline_reads_the_same_in_report_cli_and_export(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An identical copy: the smallest p-value, which is no evidence of a difference.

    sacreBLEU's bootstrap p-value is (count + 1) / (n + 1); a copy never differs, so
    with 200 resamples it is 1/201 = 0.0050, which sacreBLEU stars. Every place
    bleu-gui shows it says "identical output" instead of the star.
    """
    copy = tmp_path / "copy.txt"
    copy.write_bytes(files["sys.happypoet"].read_bytes())
    systems = [str(files["sys.happypoet"]), str(copy), str(files["sys.UEdin"])]
    argv = [str(files["ref.A"]), "-i", *systems]
    expected = f"{1 / 201:.4f}, identical output"
    out = tmp_path / "report.html"
    assert report_main([*argv, "-o", str(out), "--samples", "200"]) == 0
    page = ReportPage(out.read_text(encoding="utf-8"))
    table = page.table_with("System")
    cells = dict(zip(table[0], table[2], strict=True))
    assert cells["p-value"] == expected
    note = (
        "\"identical output\" (bleu-gui's note): the system's output is the "
        "baseline's, line for line. The test has nothing to compare; its p-value, "
        "the smallest possible, does not mean that they differ (sacreBLEU stars it)."
    )
    assert f'<p class="muted">{escaped(note)}</p>' in out.read_text(encoding="utf-8")
    capsys.readouterr()

    paired = [*argv, "--paired-bs", "--paired-bs-n", "200"]
    assert main([*paired, "-f", "json"]) == 0
    assert json.loads(capsys.readouterr().out)[1]["BLEU"]["p_value"] == 1 / 201
    assert main([*paired, "-f", "text"]) == 0
    text = capsys.readouterr().out
    assert f"(p = {1 / 201:.4f})*" not in text
    cell = [line.split("│")[2].strip() for line in text.splitlines() if "│" in line]
    at = cell.index(f"(p = {1 / 201:.4f})")
    assert cell[at + 1] == "identical output"
    assert " ".join(note.split()) in " ".join(text.replace(" - ", " ").split())

    export = tmp_path / "systems.csv"
    assert main([*paired, "--export-systems", str(export)]) == 0
    exported = read_delimited(export)
    assert dict(zip(exported.header, exported.rows[1], strict=True))["p"] == expected


def _sentence_tables(page: ReportPage) -> list[list[list[str]]]:
    """The tables of the sentences shown, in the order of their headings."""
    tables = page.tables[3:]  # after the corpus's, the systems' and the bands'
    assert len(tables) == len(page.headings)
    return tables


def test_src_shows_each_sentences_source_and_the_references_are_named(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (DEMO / "src.txt").read_text(encoding="utf-8").splitlines()[:LINES]
    src = tmp_path / "src.txt"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    refs = [str(files["ref.A"]), str(files["ref.B"])]
    out = tmp_path / "report.html"
    argv = [*refs, "-i", *_systems(files)[:2], "--src", str(src), "-o", str(out)]
    assert report_main([*argv, "--top", "3", "--samples", "50"]) == 0
    page = ReportPage(out.read_text(encoding="utf-8"))
    summary = dict(row for row in page.tables[0] if len(row) == 2)
    assert summary["Reference 1"] == refs[0]
    assert summary["Reference 2"] == refs[1]
    assert summary["Source"] == str(src)
    ref_lines = [Path(ref).read_text(encoding="utf-8").splitlines() for ref in refs]
    for heading, table in zip(page.headings, _sentence_tables(page), strict=True):
        index = int(heading.split()[1]) - 1
        assert table[0] == ["Source", lines[index]]
        assert [row for row in table if row[0].startswith("Reference")] == [
            [f"Reference 1 ({refs[0]})", ref_lines[0][index]],
            [f"Reference 2 ({refs[1]})", ref_lines[1][index]],
        ]


def test_without_src_the_report_says_so_and_shows_no_source_row(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.html"
    argv = [str(files["ref.A"]), "-i", str(files["sys.UEdin"]), "-o", str(out)]
    assert report_main([*argv, "--top", "2"]) == 0
    page = ReportPage(out.read_text(encoding="utf-8"))
    summary = dict(row for row in page.tables[0] if len(row) == 2)
    assert summary["Source"] == "not given"
    assert summary["Reference 1"] == str(files["ref.A"])
    for table in _sentence_tables(page):
        assert all(row[0] != "Source" for row in table)
        assert [row[0] for row in table if row[0].startswith("Ref")] == [
            f"Reference 1 ({files['ref.A']})"
        ]


def test_a_src_of_another_length_is_one_line_naming_it(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "short.src.txt"
    src.write_text("one line\n", encoding="utf-8")
    out = tmp_path / "report.html"
    argv = [str(files["ref.A"]), "-i", str(files["sys.UEdin"]), "--src", str(src)]
    assert report_main([*argv, "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("bleu-gui: error: ")
    assert str(src) in err
    assert not out.exists()


def test_the_band_table_counts_each_band_of_each_system(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # By hand, against one reference (line 2: 39 characters; line 3: "yes").
    # A: identical (100 %); 3 edits of 39 (92 %: 85–94 %); "no", 3 of 3 (< 50 %).
    # B: identical twice (100 %); "yes.", 1 of 3 (67 %: 50–74 %).
    ref = ["the cat sat on the mat", "a b c d e f g h i j k l m n o p q r s t", "yes"]
    a = ["the cat sat on the mat", "a b c d e f g h i j k l m n o p q x y z", "no"]
    b = ["the cat sat on the mat", "a b c d e f g h i j k l m n o p q r s t", "yes."]
    paths = []
    for name, lines in (("ref", ref), ("A", a), ("B", b)):
        path = tmp_path / f"{name}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(str(path))
    out = tmp_path / "report.html"
    assert report_main([paths[0], "-i", *paths[1:], "-o", str(out)]) == 0
    capsys.readouterr()
    page = out.read_text(encoding="utf-8")
    table = ReportPage(page).table_with("Band")

    def bleu(hyps: list[str], rows: list[int]) -> str:
        lines = [hyps[k] for k in rows]
        return f"{sacrebleu.corpus_bleu(lines, [[ref[k] for k in rows]]).score:.2f}"

    assert table[0] == ["Band", paths[1], paths[2]]
    assert table[1] == ["Sentences", "Words", "BLEU"] * 2
    assert table[2:] == [
        ["100 %", "1", "6", bleu(a, [0]), "2", "26", bleu(b, [0, 1])],
        ["95–99 %", "0", "0", "–", "0", "0", "–"],
        ["85–94 %", "1", "20", bleu(a, [1]), "0", "0", "–"],
        ["75–84 %", "0", "0", "–", "0", "0", "–"],
        ["50–74 %", "0", "0", "–", "1", "1", bleu(b, [2])],
        ["< 50 %", "1", "1", bleu(a, [2]), "0", "0", "–"],
    ]
    assert "<title>Sentences per fuzzy-match band</title>" in page
    assert (
        "Bands as CAT tools count fuzzy matches: 100 − the character edit rate "
        "(Levenshtein distance over the reference's characters, on the raw text) "
        "against the closest reference."
    ) in html.unescape(page)
