"""`bleu-gui score --export-systems`: the window's systems table, from the command line.

The command line and File › Export › Systems table build their rows with the same
code (`io.systems_table`); here the two files are compared cell by cell, and the
command line's cells against sacreBLEU's own paired bootstrap.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook
from pytestqt.qtbot import QtBot

from bleu_gui.cli import main
from bleu_gui.core import BleuConfig
from bleu_gui.core.significance import PairedTest
from bleu_gui.io.systems_table import SYSTEMS_FORMATS
from bleu_gui.io.table_export import ExportFormat, write_table
from bleu_gui.models.export_rows import systems_table
from bleu_gui.models.systems_model import SystemEntry, SystemsModel
from tests.core.demo_systems import DEMO, SYSTEM_NAMES
from tests.export_files import read_delimited
from tests.gui.systems_support import (
    SIGNATURE,
    demo_stats,
    demo_texts,
    sacrebleu_rows,
    sacrebleu_score,
)

FILES = [f"sys.{name}.txt" for name in SYSTEM_NAMES]
TIMEOUT = 120_000


def run_cli(tmp_path: Path, name: str, *options: str) -> Path:
    target = tmp_path / name
    export = ["--export-systems", str(target)]
    code = main(["ref.A.txt", "ref.B.txt", "-i", *FILES, *options, *export])
    assert code == 0
    return target


@pytest.fixture
def in_demo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in the demo's folder: the command line names systems as typed."""
    monkeypatch.chdir(DEMO)


@pytest.fixture
def model(qtbot: QtBot) -> Iterator[SystemsModel]:
    model = SystemsModel()
    entries = [
        SystemEntry(name, stats, texts)
        for name, stats, texts in zip(FILES, demo_stats(), demo_texts(), strict=True)
    ]
    model.set_systems(entries, BleuConfig(), SIGNATURE)
    yield model
    model.cancel()


def csv_rows(path: Path) -> list[list[str]]:
    """The header and the rows of an exported CSV file (`read_delimited`)."""
    read = read_delimited(path)
    return [read.header, *read.rows]


@pytest.mark.usefixtures("in_demo")
def test_the_command_lines_file_is_the_windows_cell_for_cell(
    qtbot: QtBot, model: SystemsModel, tmp_path: Path
) -> None:
    with qtbot.waitSignal(model.job.finished, timeout=TIMEOUT):
        model.run(PairedTest.BOOTSTRAP, 1000)
    assert tuple(ExportFormat) == SYSTEMS_FORMATS  # every format --export writes
    for export_format in SYSTEMS_FORMATS:
        suffix = export_format.extensions[0]
        window = tmp_path / f"window{suffix}"
        write_table(window, systems_table(model), export_format)
        cli = run_cli(tmp_path, f"cli{suffix}", "--paired-bs")
        assert file_cells(cli) == file_cells(window)


def file_cells(path: Path) -> object:
    """What a file holds: its text, or a workbook's cells sheet by sheet."""
    if path.suffix != ".xlsx":
        return path.read_text(encoding="utf-8")
    book = load_workbook(path)
    return {
        sheet.title: list(sheet.iter_rows(values_only=True))
        for sheet in book.worksheets
    }


HEADERS = ["System", "BLEU", "Δ", "p", "μ ± 95% CI", "Why Δ"]


@pytest.mark.usefixtures("in_demo")
def test_every_format_has_the_same_columns_and_why(tmp_path: Path) -> None:
    """CSV, TSV, JSON, XLSX, Markdown and LaTeX: the same six columns, "Why Δ" too."""
    why = run_cli(tmp_path, "systems.csv", "--paired-bs")
    expected_why = [row[5] for row in csv_rows(why)[1:]]
    assert expected_why[0] == ""
    assert all(w.startswith(f"{FILES[k + 1]} ") for k, w in enumerate(expected_why[1:]))

    tsv = run_cli(tmp_path, "systems.tsv", "--paired-bs")
    read = read_delimited(tsv, "\t")
    assert read.about == [
        "Systems against the baseline",
        "Test: bootstrap ×1000, seed 12345",
        "BLEU: nrefs:2|bs:1000|seed:12345|case:mixed|eff:no|tok:13a|smooth:exp|"
        "version:2.6.0",
    ]
    assert read.header == HEADERS
    assert [row[5] for row in read.rows] == expected_why

    document = json.loads(
        run_cli(tmp_path, "systems.json", "--paired-bs").read_text(encoding="utf-8")
    )
    assert [column["header"] for column in document["columns"]] == HEADERS
    assert [row[0] for row in document["rows"]] == FILES
    assert [row[1] for row in document["rows"]] == [
        pytest.approx(sacrebleu_score(k), abs=1e-12) for k in range(4)
    ]
    assert [row[5] for row in document["rows"]] == expected_why

    sheet = load_workbook(run_cli(tmp_path, "systems.xlsx", "--paired-bs"))["Table"]
    cells = list(sheet.iter_rows(values_only=True))
    assert list(cells[0]) == HEADERS
    assert [row[5] or "" for row in cells[1:]] == expected_why

    markdown = run_cli(tmp_path, "systems.md", "--paired-bs").read_text(
        encoding="utf-8"
    )
    assert markdown.splitlines()[0] == "| " + " | ".join(HEADERS) + " |"
    latex = run_cli(tmp_path, "systems.tex", "--paired-bs").read_text(encoding="utf-8")
    header = latex.splitlines()[2].removesuffix("\\\\")
    assert [cell.strip() for cell in header.split(" & ")] == [
        h.replace("%", "\\%") for h in HEADERS
    ]


@pytest.mark.usefixtures("in_demo")
def test_the_cells_are_sacrebleus_paired_bootstrap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = csv_rows(run_cli(tmp_path, "systems.csv", "--paired-bs"))
    assert rows[0] == ["System", "BLEU", "Δ", "p", "μ ± 95% CI", "Why Δ"]
    expected = sacrebleu_rows(monkeypatch, [0, 1, 2, 3], PairedTest.BOOTSTRAP, 1000)
    base = sacrebleu_score(0)
    for k, (row, sacre) in enumerate(zip(rows[1:], expected, strict=True)):
        name, bleu, delta, p, mean_ci, why = row
        assert name == FILES[k]
        assert bleu == f"{sacrebleu_score(k):.2f}"
        assert mean_ci == f"{sacre.mean:.2f} ± {sacre.ci:.2f}"
        if k == 0:
            assert (delta, p, why) == ("baseline", "—", "")
        else:
            assert sacre.p_value is not None
            star = "*" if sacre.p_value <= 0.05 else ""
            assert delta == f"{sacrebleu_score(k) - base:+.2f}"
            assert p == f"{sacre.p_value:.4f}{star}"
            assert why.startswith(f"{FILES[k]} loses ")


@pytest.mark.usefixtures("in_demo")
def test_without_a_test_the_table_holds_scores_and_deltas(tmp_path: Path) -> None:
    text = run_cli(tmp_path, "systems.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == "| System | BLEU | Δ | Why Δ |"
    assert lines[2] == f"| {FILES[0]} | {sacrebleu_score(0):.2f} | baseline |  |"
    assert lines[-1] == f"    BLEU: {SIGNATURE}"


@pytest.mark.usefixtures("in_demo")
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["-i", FILES[0], "--export-systems", "one.csv"],
            "bleu-gui: error: --export-systems compares systems: give two or more "
            "after -i\n",
        ),
        (
            ["-i", *FILES[:2], "--export-systems", "systems.txt"],
            "bleu-gui: error: systems.txt: cannot tell the export format from the "
            "extension '.txt': use one of .csv, .tsv, .tab, .json, .xlsx, .md, "
            ".markdown, .tex\n",
        ),
    ],
)
def test_a_table_that_cannot_be_is_refused_before_any_work(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ref.A.txt", *args]) == 1
    assert capsys.readouterr().err == message
    assert not Path("one.csv").exists()
    assert not Path("systems.txt").exists()
