"""`bleu-gui score REF -i A B --paired-bs --margin`, checked by sacreBLEU's CLI.

The margin's lines are swapped into B's file (A's line in B's place), and
`sacrebleu REF -i A B' --paired-bs` (same seed and resamples, its own process) must
find the difference lost at the margin and still significant one line earlier.
The words and JSON keys users read are pinned.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from bleu_gui.cli import main
from tests.cli.test_cli_significance import ours, sacrebleu_cli

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
REFS = ["ref.A.txt", "ref.B.txt"]
A, B = "sys.Facebook-AI.txt", "sys.happypoet.txt"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The demo's files in the current folder, and no seed in the environment."""
    for name in [*REFS, A, B, "sys.UEdin.txt"]:
        shutil.copyfile(DEMO / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    return tmp_path


def sacrebleu_p(here: Path, refs: list[str], system: str) -> float:
    rows: list[Any] = json.loads(
        sacrebleu_cli(here, [*refs, "-i", A, system, "--paired-bs"])
    )
    p: float = rows[1]["BLEU"]["p_value"]
    return p


def swapped_file(here: Path, lines: list[int], name: str) -> str:
    """B's file with the given 1-based lines taken from A's."""
    a = (here / A).read_text(encoding="utf-8").splitlines()
    b = (here / B).read_text(encoding="utf-8").splitlines()
    for line in lines:
        b[line - 1] = a[line - 1]
    (here / name).write_text("\n".join(b) + "\n", encoding="utf-8")
    return name


@pytest.mark.parametrize("flags", [[], ["-pbsn", "400", "--seed", "7"]])
def test_margin_json_is_confirmed_by_sacrebleus_command_line(
    here: Path, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*REFS, "-i", A, B, "--paired-bs", *flags, "--margin", "-f", "json"]
    records = json.loads(ours(argv, capsys))
    assert "margin" not in records[0]  # the baseline has none
    found = records[1]["margin"]
    sacre_flags = []
    if flags:
        sacre_flags = ["--paired-bs-n", "400"]
    seed = "7" if flags else None
    lines = found["lines"]
    assert len(lines) == found["sentences"] >= 1
    at = swapped_file(here, lines, "at.txt")
    fewer = swapped_file(here, lines[:-1], "fewer.txt")
    rows_at: list[Any] = json.loads(
        sacrebleu_cli(here, [*REFS, "-i", A, at, "--paired-bs", *sacre_flags], seed)
    )
    rows_fewer: list[Any] = json.loads(
        sacrebleu_cli(here, [*REFS, "-i", A, fewer, "--paired-bs", *sacre_flags], seed)
    )
    p_at = rows_at[1]["BLEU"]["p_value"]
    p_fewer = rows_fewer[1]["BLEU"]["p_value"]
    assert p_at > 0.05
    assert p_fewer <= 0.05
    assert (found["p_value_after"], found["p_value_one_fewer"]) == (p_at, p_fewer)
    assert found["p_value"] == records[1]["BLEU"]["p_value"]
    assert found["samples"] == (400 if flags else 1000)
    assert found["seed"] == (7 if flags else 12345)
    assert found["b_better"] is False
    assert set(found) == {
        "sentences",
        "lines",
        "b_better",
        "p_value",
        "p_value_one_fewer",
        "p_value_after",
        "samples",
        "seed",
        "tests",
    }


def test_margin_text_line(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = ours([*REFS, "-i", A, B, "--paired-bs", "--margin", "-f", "text"], capsys)
    records = json.loads(
        ours([*REFS, "-i", A, B, "--paired-bs", "--margin", "-f", "json"], capsys)
    )
    found = records[1]["margin"]
    line = (
        f"margin: {found['sentences']} sentences "
        f"(p = {found['p_value_after']:.4f} after swapping them)"
    )
    assert f"\n\n{line}\n\n" in out


def test_several_systems_each_named_and_a_not_significant_one_says_why(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Against reference A alone, UEdin's difference is not significant.
    argv = [REFS[0], "-i", A, B, "sys.UEdin.txt", "--paired-bs", "--margin"]
    out = ours([*argv, "-f", "text"], capsys)
    p_uedin = sacrebleu_p(here, REFS[:1], "sys.UEdin.txt")
    assert p_uedin > 0.05
    assert (
        f"sys.UEdin.txt: margin: none (the difference is not significant at 0.05; "
        f"p = {p_uedin:.4f})\n" in out
    )
    assert "sys.happypoet.txt: margin: " in out
    records = json.loads(ours([*argv, "-f", "json"], capsys))
    assert records[2]["margin"] == {
        "sentences": None,
        "reason": "the difference is not significant at 0.05",
        "p_value": p_uedin,
    }


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (
            ["--margin"],
            "--margin is defined by the paired bootstrap: add -pbs/--paired-bs",
        ),
        (
            ["--paired-ar", "--margin"],
            "--margin is defined by the paired bootstrap: add -pbs/--paired-bs",
        ),
        (
            ["--paired-bs", "--all-pairs", "--margin"],
            "--margin is against the baseline: leave out --all-pairs",
        ),
        (
            ["--paired-bs", "--margin", "-f", "latex"],
            "--margin prints text or json, not -f latex",
        ),
        (
            ["--paired-bs", "--margin", "--compat", "nltk"],
            "-pbs/--paired-bs is available in the sacrebleu mode only, not with "
            "--compat nltk",
        ),
    ],
)
def test_refused_in_one_line(
    here: Path,
    flags: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    capsys.readouterr()
    assert main([*REFS, "-i", A, B, *flags]) == 1
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"bleu-gui: error: {message}\n")
