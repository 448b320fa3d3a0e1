# ruff: noqa: E501
"""`bleu-gui score --all-pairs [--holm]`: bleu-gui's matrix, checked against sacreBLEU.

Every pair's p-value must be the one sacreBLEU's command line prints when either
system of the pair is the baseline; the systems' scores, means and intervals are
sacreBLEU's baseline rows. The layouts are ours: the words and the JSON keys are
pinned here. So are the words that replace a star for systems that cannot be told
apart (sacreBLEU stars a copy of the baseline), in the all-pairs table and in
sacreBLEU's own table; sacreBLEU's JSON stays sacreBLEU's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bleu_gui.cli import main
from bleu_gui.core.significance import holm
from tests.cli.test_cli_significance import ours, sacrebleu_cli
from tests.core.wmt21_excerpt import HAPPYPOET, ONLINE_W, REF_A, REF_B

FILES = {
    "ref.txt": REF_A,
    "w.txt": ONLINE_W,
    "h.txt": HAPPYPOET,
    "b.txt": REF_B,
    "copy.txt": ONLINE_W,
}
SYSTEMS = ["w.txt", "h.txt", "b.txt"]


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test files in the current folder, and no seed in the environment."""
    for name, lines in FILES.items():
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    return tmp_path


def sacrebleu_rows(here: Path, systems: list[str], flags: list[str]) -> list[Any]:
    rows: list[Any] = json.loads(
        sacrebleu_cli(here, ["ref.txt", "-i", *systems, *flags, "-f", "json"])
    )
    return [row["BLEU"] for row in rows]


@pytest.mark.parametrize(
    "flags",
    [["-pbs", "-pbsn", "60"], ["-par", "-parn", "96"], ["-pbs", "-pbsn", "50", "-lc"]],
)
def test_json_pairs_are_sacrebleus(
    here: Path, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    mine = json.loads(
        ours(["ref.txt", "-i", *SYSTEMS, *flags, "--all-pairs", "--holm"], capsys)
    )
    assert list(mine) == [
        "name",
        "test",
        "samples",
        "seed",
        "correction",
        "signature",
        "note",
        "systems",
        "pairs",
    ]
    test = "bs" if "-pbs" in flags else "ar"
    samples = int(flags[2])
    assert mine["name"] == "BLEU"
    assert (mine["test"], mine["samples"], mine["seed"]) == (test, samples, 12345)
    assert mine["correction"] == "holm"
    case = "lc" if "-lc" in flags else "mixed"
    assert mine["signature"] == (
        f"nrefs:1|{test}:{samples}|seed:12345|case:{case}|eff:no|tok:13a|"
        "smooth:exp|version:2.6.0"
    )
    assert mine["note"] == (
        "bleu-gui's all-pairs test (not a sacreBLEU output): every pair on the same "
        "resamples; each p-value is sacreBLEU's for that pair"
    )
    # each system as sacreBLEU's baseline: its row, and its pairs' p-values
    for index, name in enumerate(SYSTEMS):
        order = [name, *(s for s in SYSTEMS if s != name)]
        theirs = sacrebleu_rows(here, order, flags)
        row = mine["systems"][index]
        assert row == {
            "system": name,
            "score": theirs[0]["score"],
            "mean": theirs[0]["mean"],
            "ci": theirs[0]["ci"],
        }
        for other, their_row in zip(order[1:], theirs[1:], strict=True):
            (pair,) = [
                p for p in mine["pairs"] if {p["first"], p["second"]} == {name, other}
            ]
            assert pair["p_value"] == their_row["p_value"]
    assert [(p["first"], p["second"]) for p in mine["pairs"]] == [
        ("w.txt", "h.txt"),
        ("w.txt", "b.txt"),
        ("h.txt", "b.txt"),
    ]
    scores = {row["system"]: row["score"] for row in mine["systems"]}
    raw = [p["p_value"] for p in mine["pairs"]]
    for pair, adjusted in zip(mine["pairs"], holm(raw), strict=True):
        assert list(pair) == [
            "first",
            "second",
            "delta",
            "p_value",
            "holm_p_value",
            "identical",
        ]
        assert pair["delta"] == scores[pair["second"]] - scores[pair["first"]]
        assert pair["holm_p_value"] == adjusted
        assert pair["identical"] is None


def test_json_without_holm(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = json.loads(
        ours(["ref.txt", "-i", *SYSTEMS, "-par", "-parn", "32", "--all-pairs"], capsys)
    )
    assert mine["correction"] is None
    assert {p["holm_p_value"] for p in mine["pairs"]} == {None}
    assert {(r["mean"], r["ci"]) for r in mine["systems"]} == {(None, None)}


def test_text_matrix_pinned(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The table and the words users read; its numbers are sacreBLEU's (above)."""
    text = ours(
        [
            *("ref.txt", "-i", "w.txt", "h.txt", "b.txt", "-pbs", "-pbsn", "50"),
            *("--all-pairs", "-f", "text"),
        ],
        capsys,
    )
    theirs = sacrebleu_rows(here, ["w.txt", "h.txt"], ["-pbs", "-pbsn", "50"])
    assert f"(p = {theirs[1]['p_value']:.4f})" == "(p = 0.1765)"
    assert text.splitlines() == [
        "╒══════════╤═════════════════════╤══════════════╤══════════════╤══════════════╕",
        "│   System │  BLEU (μ ± 95% CI)  │      1       │      2       │      3       │",
        "╞══════════╪═════════════════════╪══════════════╪══════════════╪══════════════╡",
        "│ 1: w.txt │  30.9 (31.0 ± 7.2)  │      —       │     +4.3     │     +2.6     │",
        "│          │                     │              │ (p = 0.1765) │ (p = 0.2157) │",
        "├──────────┼─────────────────────┼──────────────┼──────────────┼──────────────┤",
        "│ 2: h.txt │  26.6 (26.3 ± 6.7)  │     -4.3     │      —       │     -1.7     │",
        "│          │                     │ (p = 0.1765) │              │ (p = 0.2549) │",
        "├──────────┼─────────────────────┼──────────────┼──────────────┼──────────────┤",
        "│ 3: b.txt │  28.3 (27.6 ± 8.1)  │     -2.6     │     +1.7     │      —       │",
        "│          │                     │ (p = 0.2157) │ (p = 0.2549) │              │",
        "╘══════════╧═════════════════════╧══════════════╧══════════════╧══════════════╛",
        "",
        "---------------------------------------------------------------------",
        "All pairs: paired bootstrap resampling test with 50 resampling trials",
        "---------------------------------------------------------------------",
        " - bleu-gui's addition to sacreBLEU: every pair of systems is tested on the "
        "same",
        "   resamples. Each p-value is the one sacreBLEU's paired test gives with "
        "either system",
        "   of the pair as the baseline.",
        "",
        " - Each cell: BLEU of the row's system minus BLEU of the column's system, "
        "and the",
        "   p-value of that difference.",
        "",
        ' - p-values of 0.05 or less are marked with "*" (not corrected for testing '
        "3 pairs: see",
        "   --holm).",
        "",
        "-----------------",
        "Metric signatures",
        "-----------------",
        " - BLEU       nrefs:1|bs:50|seed:12345|case:mixed|eff:no|tok:13a|smooth:exp|"
        "version:2.6.0",
    ]


def test_text_with_holm_and_identical_output(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ours(
        [
            *("ref.txt", "-i", "w.txt", "h.txt", "copy.txt", "-par", "-parn", "64"),
            *("--all-pairs", "--holm", "-f", "text", "-w", "2"),
        ],
        capsys,
    ).splitlines()
    # w.txt against its copy: Δ 0, shown without a sign.
    assert lines[3:7] == [
        "│    1: w.txt │ 30.91  │         —         │       +4.31       │       0.00        │",
        "│             │        │                   │ (Holm p = 1.0000) │ (Holm p = 0.0462) │",
        "│             │        │                   │                   │ identical output  │",
        "├─────────────┼────────┼───────────────────┼───────────────────┼───────────────────┤",
    ]
    legend = "\n".join(lines[lines.index("") + 1 :])
    assert (
        " - p-values are corrected by Holm's step-down method for the 3 pairs tested; "
        'those of\n   0.05 or less are marked with "*".'
    ) in legend
    assert (
        " - \"identical output\" (bleu-gui's note): one system's output is the "
        "other's, line for\n"
        "   line. The test has nothing to compare; its p-value, the smallest "
        "possible, does not\n"
        "   mean that they differ (sacreBLEU stars it).\n"
    ) in legend


def test_identical_statistics_are_said(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A word neither the system nor the reference has, replaced by another: other
    lines, the same statistics."""
    lines = list(ONLINE_W)
    lines[0] = lines[0].replace("flash", "Qqqq", 1)
    assert lines != ONLINE_W
    (here / "other.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    argv = ["ref.txt", "-i", "w.txt", "h.txt", "other.txt", "-pbs", "-pbsn", "20"]
    mine = json.loads(ours([*argv, "--all-pairs"], capsys))
    assert [p["identical"] for p in mine["pairs"]] == [
        None,
        "identical statistics",
        None,
    ]
    text = ours([*argv, "--all-pairs", "-f", "text"], capsys)
    assert (
        " - \"identical statistics\" (bleu-gui's note): one system's lines differ "
        "from the other's,\n"
        "   but every segment has the same length, closest reference length and "
        "n-gram counts, so\n"
        "   BLEU cannot tell them apart. The test has nothing to compare; its "
        "p-value, the\n"
        "   smallest possible, does not mean that they differ (sacreBLEU stars it).\n"
    ) in text


@pytest.mark.parametrize(
    ("test", "cell"),
    [
        (
            "-pbs",
            [
                "│        copy.txt │  30.9 (30.2 ± 9.7)  │",
                "│                 │    (p = 0.0476)     │",
                "│                 │  identical output   │",
            ],
        ),
        (
            "-par",
            [
                "│        copy.txt │       30.9       │",
                "│                 │   (p = 0.0303)   │",
                "│                 │ identical output │",
            ],
        ),
    ],
)
def test_a_copy_of_the_baseline_in_sacrebleus_table(
    here: Path, test: str, cell: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """sacreBLEU's JSON is kept; its table gets words instead of the star (sacreBLEU
    prints `(p = 0.0476)*` and `(p = 0.0303)*` here), and a note under its legend;
    everything else is sacreBLEU's."""
    argv = ["ref.txt", "-i", "w.txt", "h.txt", "copy.txt", test, "-pbsn", "20"]
    argv += ["-parn", "32"]
    assert json.loads(ours(argv, capsys)) == json.loads(sacrebleu_cli(here, argv))
    theirs = sacrebleu_cli(here, [*argv, "-f", "text"]).splitlines()
    mine = ours([*argv, "-f", "text"], capsys).splitlines()
    assert cell[1].split("│")[2].strip() + "*" in theirs[9]
    assert mine[8:11] == cell
    note = [
        " - \"identical output\" (bleu-gui's note): the system's output is the "
        "baseline's, line for",
        "   line. The test has nothing to compare; its p-value, the smallest "
        "possible, does not",
        "   mean that they differ (sacreBLEU stars it).",
        "",
    ]
    legend, signatures = theirs.index(""), theirs.index("Metric signatures") - 1
    assert mine[mine.index("") :] == [
        *theirs[legend:signatures],
        *note,
        *theirs[signatures:],
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["-i", "w.txt", "h.txt", "--all-pairs"],
            "--all-pairs needs the test to run on every pair: --paired-bs or "
            "--paired-ar",
        ),
        (
            ["-i", "w.txt", "h.txt", "-pbs", "--holm"],
            "--holm corrects the p-values of --all-pairs: add it",
        ),
        (
            ["-i", "w.txt", "-pbs", "--all-pairs"],
            "-pbs/--paired-bs needs two or more systems after -i (the first is the "
            "baseline)",
        ),
    ],
)
def test_refusals(
    here: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["ref.txt", *argv]) == 1
    assert capsys.readouterr() == ("", f"bleu-gui: error: {message}\n")
