"""`bleu-gui report --margin`: the margin beside the paired test, checked by sacreBLEU.

The page's margin cell names the lines it swaps (its title); swapped into
happypoet's file, sacreBLEU's own `--paired-bs` against Facebook-AI must find the
difference lost there and still significant one line earlier.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from bleu_gui.__main__ import main
from tests.cli.test_cli_significance import sacrebleu_cli

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
A, B, C = "sys.Facebook-AI.txt", "sys.happypoet.txt", "sys.UEdin.txt"
DEFINITION = (
    "The margin of a significant difference: the fewest sentences whose output, "
    "taken from the baseline A into B, make the paired bootstrap (sacreBLEU&#x27;s, "
    "same seed and resamples) no longer significant at 0.05 in the same direction."
)


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ["ref.A.txt", A, B, C]:
        shutil.copyfile(DEMO / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    return tmp_path


def sacrebleu_p(here: Path, lines: list[int]) -> float:
    a = (here / A).read_text(encoding="utf-8").splitlines()
    b = (here / B).read_text(encoding="utf-8").splitlines()
    for line in lines:
        b[line - 1] = a[line - 1]
    (here / "swapped.txt").write_text("\n".join(b) + "\n", encoding="utf-8")
    rows: list[Any] = json.loads(
        sacrebleu_cli(here, ["ref.A.txt", "-i", A, "swapped.txt", "--paired-bs"])
    )
    p: float = rows[1]["BLEU"]["p_value"]
    return p


def test_report_shows_the_margin_sacrebleu_confirms(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["report", "ref.A.txt", "-i", A, B, C, "--margin", "-o", "page.html"])
    assert status == 0
    page = (here / "page.html").read_text(encoding="utf-8")
    assert "<th>p-value</th><th>margin</th>" in page
    found = re.search(
        r'<td class="num" title="lines swapped, in order: ([0-9, ]+)">'
        r"(\d+) sentences \(p = (0\.\d{4}) after swapping them\)</td>",
        page,
    )
    assert found is not None
    lines = [int(x) for x in found.group(1).split(", ")]
    assert len(lines) == int(found.group(2))
    at = sacrebleu_p(here, lines)
    assert at > 0.05
    assert f"{at:.4f}" == found.group(3)
    assert sacrebleu_p(here, lines[:-1]) <= 0.05
    assert (
        '<td class="num">none (the difference is not significant at 0.05; p = ' in page
    )
    assert DEFINITION in page
    assert html.unescape(DEFINITION) not in page  # escaped once, as every text


def test_margin_needs_the_bootstrap(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    argv = ["report", "ref.A.txt", "-i", A, B, "--margin", "--test", "ar"]
    assert main([*argv, "-o", "page.html"]) == 1
    _, err = capsys.readouterr()
    assert err == (
        "bleu-gui: error: --margin is defined by the paired bootstrap: "
        "leave --test bs\n"
    )
