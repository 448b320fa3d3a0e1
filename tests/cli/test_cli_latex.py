"""`bleu-gui score -f latex`: sacreBLEU 2.6.0's LaTeX output, byte for byte.

Both command lines run on the same files, some named with every character LaTeX
needs escaped (sacreBLEU escapes them as tabulate's `latex_booktabs` does, after
aligning the columns on the plain text), and their standard outputs are compared
whole.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bleu_gui.cli import main
from tests.cli.test_cli_significance import ours, sacrebleu_cli
from tests.core.wmt21_excerpt import HAPPYPOET, ONLINE_W, REF_A, REF_B

ODD = "x_1&2 50%$#^{y}~z\\w<v>.txt"
FILES = {
    "ref.txt": REF_A,
    "w.txt": ONLINE_W,
    "h.txt": HAPPYPOET,
    ODD: REF_B,
    "copy.txt": ONLINE_W,
}


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test files in the current folder, and no seed in the environment."""
    for name, lines in FILES.items():
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    return tmp_path


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["-i", "w.txt", "h.txt", ODD, "-pbs", "-pbsn", "40"], id="bs"),
        pytest.param(
            ["-i", ODD, "w.txt", "-pbs", "-pbsn", "30", "-w", "3"], id="bs-odd-base"
        ),
        pytest.param(["-i", "w.txt", "h.txt", ODD, "-par", "-parn", "64"], id="ar"),
        pytest.param(
            ["-i", "h.txt", ODD, "-par", "-parn", "32", "-w", "0", "-lc"], id="ar-w0"
        ),
    ],
)
def test_paired_latex_is_sacrebleus(
    here: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    full = ["ref.txt", *argv, "-f", "latex"]
    theirs = sacrebleu_cli(here, full)
    assert theirs.startswith("\\begin{tabular}{rc}\n\\toprule\n")
    assert ours(full, capsys) == theirs


def test_latex_table_pinned(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What users paste into a paper (checked against sacreBLEU above)."""
    lines = ours(
        ["ref.txt", "-i", "w.txt", ODD, "-pbs", "-pbsn", "40", "-f", "latex"], capsys
    ).splitlines()
    assert lines[:8] == [
        "\\begin{tabular}{rc}",
        "\\toprule",
        "                     System &       BLEU (μ ± 95\\% CI)        \\\\",
        "\\midrule",
        "            Baseline: w.txt &       30.9 (30.8 ± 6.8)        \\\\",
        " x\\_1\\&2 50\\%\\$\\#\\^{}\\{y\\}\\textasciitilde{}z\\textbackslash{}w"
        "\\ensuremath{<}v\\ensuremath{>}.txt & 28.3 (27.3 ± 6.1) (p = 0.2195) \\\\",
        "\\bottomrule",
        "\\end{tabular}",
    ]
    assert lines[8] == ""
    assert lines[9].startswith("------")


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["-i", "h.txt"], id="one-system"),
        pytest.param(["-i", "h.txt", "-ci", "-cin", "20", "-w", "2"], id="confidence"),
    ],
)
def test_one_system_prints_the_text_line_as_sacrebleu(
    here: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    full = ["ref.txt", *argv, "-f", "latex"]
    theirs = sacrebleu_cli(here, full)
    assert theirs.startswith("BLEU|nrefs:1|")
    assert ours(full, capsys) == theirs


def test_a_copy_of_the_baseline_is_said_in_words(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """sacreBLEU prints `(p = 0.0476)*` for the copy; we print the words, and the
    note under the legend, as in the text table."""
    argv = ["ref.txt", "-i", "w.txt", "copy.txt", "-pbs", "-pbsn", "20", "-f", "latex"]
    theirs = sacrebleu_cli(here, argv).splitlines()
    mine = ours(argv, capsys).splitlines()
    assert theirs[5] == ("        copy.txt & 30.9 (30.2 ± 9.7) (p = 0.0476)* \\\\")
    assert mine[5] == (
        "        copy.txt & 30.9 (30.2 ± 9.7) (p = 0.0476) identical output \\\\"
    )
    assert mine[
        mine.index("Metric signatures") - 5 : mine.index("Metric signatures")
    ] == [
        " - \"identical output\" (bleu-gui's note): the system's output is the "
        "baseline's, line for",
        "   line. The test has nothing to compare; its p-value, the smallest "
        "possible, does not",
        "   mean that they differ (sacreBLEU stars it).",
        "",
        "-----------------",
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["-i", "w.txt", "h.txt", "-pbs", "--all-pairs", "-f", "latex"],
            "-f latex prints sacreBLEU's table of a paired test; --all-pairs prints "
            "text or json",
        ),
    ],
)
def test_latex_refusals(
    here: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["ref.txt", *argv]) == 1
    assert capsys.readouterr() == ("", f"bleu-gui: error: {message}\n")
