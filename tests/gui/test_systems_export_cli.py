"""`bleu-gui score --export-systems`: the window's systems table, from the command line.

The command line and File › Export › Systems table build their rows with the same
code (`io.systems_table`); here the two files are compared cell by cell, and the
command line's cells against sacreBLEU's own paired bootstrap.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from bleu_gui.cli import main
from bleu_gui.core import BleuConfig
from bleu_gui.core.significance import PairedTest
from bleu_gui.io.table_export import ExportFormat, write_table
from bleu_gui.models.export_rows import systems_table
from bleu_gui.models.systems_model import SystemEntry, SystemsModel
from tests.core.demo_systems import DEMO, SYSTEM_NAMES
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
    with path.open(encoding="utf-8", newline="") as file:
        return list(csv.reader(file))


@pytest.mark.usefixtures("in_demo")
def test_the_command_lines_file_is_the_windows_cell_for_cell(
    qtbot: QtBot, model: SystemsModel, tmp_path: Path
) -> None:
    with qtbot.waitSignal(model.job.finished, timeout=TIMEOUT):
        model.run(PairedTest.BOOTSTRAP, 1000)
    for suffix, export_format in (
        ("csv", ExportFormat.CSV),
        ("md", ExportFormat.MARKDOWN),
        ("tex", ExportFormat.LATEX),
    ):
        window = tmp_path / f"window.{suffix}"
        write_table(window, systems_table(model, export_format))
        cli = run_cli(tmp_path, f"cli.{suffix}", "--paired-bs")
        assert cli.read_text(encoding="utf-8") == window.read_text(encoding="utf-8")


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
    assert lines[0] == "| System | BLEU | Δ |"
    assert lines[2] == f"| {FILES[0]} | {sacrebleu_score(0):.2f} | baseline |"
    assert lines[-1] == f"BLEU: {SIGNATURE}  "


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
            ["-i", *FILES[:2], "--export-systems", "systems.xlsx"],
            "bleu-gui: error: systems.xlsx: the systems table is written as .csv, "
            ".md, .markdown, .tex, not .xlsx\n",
        ),
    ],
)
def test_a_table_that_cannot_be_is_refused_before_any_work(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ref.A.txt", *args]) == 1
    assert capsys.readouterr().err == message
    assert not Path("one.csv").exists()
    assert not Path("systems.xlsx").exists()
