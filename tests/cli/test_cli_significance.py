"""`bleu-gui score` with sacreBLEU's significance flags, against sacreBLEU's own CLI.

Both command lines run on the same files (real WMT21 output from
`tests/core/wmt21_excerpt.py`); JSON is compared parsed and whole, text line by
line. Few resamples keep the tests fast; the numbers still come from the same
random streams, so any difference in a digit fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bleu_gui.cli import main
from tests.core.wmt21_excerpt import HAPPYPOET, ONLINE_W, REF_A, REF_B

FILES = {"ref.txt": REF_A, "w.txt": ONLINE_W, "h.txt": HAPPYPOET, "b.txt": REF_B}
SYSTEMS = ["w.txt", "h.txt", "b.txt"]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test files in the current folder, and no seed in the environment."""
    for name, lines in FILES.items():
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    return tmp_path


def sacrebleu_cli(folder: Path, argv: Sequence[str], seed: str | None = None) -> str:
    """sacreBLEU's standard output for `argv`, run in `folder`."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("SACREBLEU")
    }
    if seed is not None:
        env["SACREBLEU_SEED"] = seed
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    )
    return done.stdout


def ours(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Our standard output for `argv`, which must succeed silently."""
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    return out


PAIRED_RUNS = [
    pytest.param(["-pbs", "-pbsn", "50"], id="bootstrap"),
    pytest.param(["--paired-bs", "--paired-bs-n", "40", "-w", "3"], id="bs-width"),
    pytest.param(["-par", "-parn", "50"], id="randomization"),
    pytest.param(["--paired-ar", "--paired-ar-n", "64", "-lc"], id="ar-lowercase"),
]


@pytest.mark.parametrize("flags", PAIRED_RUNS)
def test_paired_json_is_sacrebleus(
    folder: Path, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ref.txt", "-i", *SYSTEMS, *flags, "-f", "json"]
    theirs = json.loads(sacrebleu_cli(folder, argv))
    mine = json.loads(ours(argv, capsys))
    assert mine == theirs
    assert mine[0]["system"] == "Baseline: w.txt"
    assert [list(row["BLEU"]) for row in mine] == [
        ["score", "p_value", "mean", "ci"]
    ] * 3


@pytest.mark.parametrize("flags", PAIRED_RUNS)
def test_paired_text_is_sacrebleus(
    folder: Path, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ref.txt", "-i", *SYSTEMS, *flags, "-f", "text"]
    theirs = sacrebleu_cli(folder, argv).splitlines()
    mine = ours(argv, capsys).splitlines()
    assert mine == theirs


def test_paired_text_pins_the_table(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The words and layout users read (checked against sacreBLEU 2.6.0 above)."""
    lines = ours(
        ["ref.txt", "-i", "w.txt", "h.txt", "-pbs", "-pbsn", "50", "-f", "text"],
        capsys,
    ).splitlines()
    assert lines[:9] == [
        "╒═════════════════╤═════════════════════╕",
        "│          System │  BLEU (μ ± 95% CI)  │",
        "╞═════════════════╪═════════════════════╡",
        "│ Baseline: w.txt │  30.9 (31.0 ± 7.2)  │",
        "├─────────────────┼─────────────────────┤",
        "│           h.txt │  26.6 (26.3 ± 6.7)  │",
        "│                 │    (p = 0.1765)     │",
        "╘═════════════════╧═════════════════════╛",
        "",
    ]
    assert lines[-1] == (
        " - BLEU       nrefs:1|bs:50|seed:12345|case:mixed|eff:no|tok:13a|"
        "smooth:exp|version:2.6.0"
    )


@pytest.mark.parametrize("test", ["-pbs", "-par"])
def test_seed_from_the_environment_and_from_seed(
    folder: Path,
    test: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    argv = ["ref.txt", "-i", *SYSTEMS, test, "-pbsn", "30", "-parn", "32"]
    theirs = sacrebleu_cli(folder, [*argv, "-f", "text"], seed="7").splitlines()
    assert ours([*argv, "--seed", "7", "-f", "text"], capsys).splitlines() == theirs
    monkeypatch.setenv("SACREBLEU_SEED", "7")
    assert ours([*argv, "-f", "text"], capsys).splitlines() == theirs
    assert "|seed:7|" in theirs[-1]
    # --seed wins over the environment
    default = sacrebleu_cli(folder, [*argv, "-f", "text"])
    assert ours([*argv, "--seed", "12345", "-f", "text"], capsys).splitlines() == (
        default.splitlines()
    )


@pytest.mark.parametrize("value", ["none", "None", "NONE"])
def test_seed_none_is_unseeded(
    folder: Path,
    value: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    argv = ["ref.txt", "-i", "w.txt", "-ci", "-cin", "20"]
    theirs = json.loads(sacrebleu_cli(folder, argv, seed=value))
    monkeypatch.setenv("SACREBLEU_SEED", value)
    mine = json.loads(ours(argv, capsys))
    assert mine["seed"] == theirs["seed"] == "none"
    assert mine["signature"] == theirs["signature"]
    text = ours(
        ["ref.txt", "-i", *SYSTEMS, "-par", "-parn", "10", "-f", "text"], capsys
    )
    assert text.splitlines()[-1].startswith(" - BLEU       nrefs:1|ar:10|seed:none|")


def test_baseline_given_again_is_skipped(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ref.txt", "-i", "w.txt", "h.txt", "w.txt", "-pbs", "-pbsn", "20"]
    theirs = json.loads(sacrebleu_cli(folder, argv))
    capsys.readouterr()
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == theirs
    assert err == "bleu-gui: warning: ignoring 'w.txt': it is also the baseline\n"


def test_paired_jobs_is_accepted(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ref.txt", "-i", *SYSTEMS, "-pbs", "-pbsn", "20"]
    theirs = json.loads(sacrebleu_cli(folder, argv))
    assert json.loads(ours([*argv, "--paired-jobs", "0"], capsys)) == theirs
    assert json.loads(ours([*argv, "-j", "2"], capsys)) == theirs


@pytest.mark.parametrize(
    "flags",
    [["-ci", "-cin", "50"], ["--confidence", "--confidence-n", "30", "-w", "4"]],
)
def test_confidence_is_sacrebleus(
    folder: Path, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ref.txt", "-i", "h.txt", *flags]
    text = [*argv, "-f", "text"]
    assert ours(text, capsys) == sacrebleu_cli(folder, text)
    theirs: dict[str, Any] = json.loads(sacrebleu_cli(folder, argv))
    mine: dict[str, Any] = json.loads(ours(argv, capsys))
    # sacreBLEU's keys, in its order and with its values; then our additions
    assert list(mine)[: len(theirs)] == list(theirs)
    assert {key: mine[key] for key in theirs} == theirs
    assert list(mine)[len(theirs) :] == [
        "precisions",
        "bp",
        "ratio",
        "sys_len",
        "ref_len",
        "counts",
        "totals",
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["-i", "w.txt", "h.txt", "-pbs", "-par"],
            "--paired-bs and --paired-ar: choose one of the two tests",
        ),
        (
            ["-i", "w.txt", "-pbs"],
            "-pbs/--paired-bs needs two or more systems after -i (the first is the "
            "baseline)",
        ),
        (
            ["-i", "w.txt", "h.txt", "-ci"],
            "-ci/--confidence is for one system; compare several with --paired-bs "
            "or --paired-ar",
        ),
        (
            ["-i", "w.txt", "h.txt", "-ci", "-par"],
            "-ci/--confidence and -par/--paired-ar: a paired test already gives the "
            "baseline's confidence interval (with --paired-bs)",
        ),
        (
            ["-i", "w.txt", "-ci", "-sl"],
            "-ci/--confidence cannot be used with -sl/--sentence-level",
        ),
        (
            ["-i", "w.txt", "h.txt", "-par", "--compat", "nltk"],
            "-par/--paired-ar is available in the sacrebleu mode only, not with "
            "--compat nltk",
        ),
        (
            ["-i", "w.txt", "-ci", "-cin", "1"],
            "-cin/--confidence-n must be 2 or more, not 1",
        ),
        (
            ["-i", "w.txt", "h.txt", "-pbs", "-pbsn", "0"],
            "-pbsn/--paired-bs-n must be 1 or more, not 0",
        ),
        (
            ["-i", "w.txt", "h.txt", "-par", "-parn", "-3"],
            "-parn/--paired-ar-n must be 1 or more, not -3",
        ),
        (
            ["-i", "w.txt", "-ci", "--seed", "abc"],
            "--seed: 'abc' is neither an integer nor 'none'",
        ),
        (
            ["-i", "w.txt", "-ci", "--seed", "-1"],
            "--seed: the seed cannot be negative, not -1",
        ),
        (
            ["-i", "w.txt", "h.txt", "h.txt", "-pbs"],
            "-i: 'h.txt' is given twice",
        ),
        (
            ["-i", "w.txt", "w.txt", "-pbs"],
            "-pbs/--paired-bs needs a system besides the baseline 'w.txt'",
        ),
    ],
)
def test_options_that_do_not_fit_give_one_line(
    folder: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["ref.txt", *argv]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines()[-1] == f"bleu-gui: error: {message}"
    assert len([line for line in err.splitlines() if "error" in line]) == 1


def test_bad_seed_in_the_environment(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU_SEED", "twelve")
    capsys.readouterr()
    assert main(["ref.txt", "-i", "w.txt", "h.txt", "-par", "-parn", "5"]) == 1
    assert capsys.readouterr() == (
        "",
        "bleu-gui: error: SACREBLEU_SEED: 'twelve' is neither an integer nor 'none'\n",
    )


def test_without_significance_flags_the_seed_is_not_read(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plain score ignores SACREBLEU_SEED, as sacreBLEU does."""
    monkeypatch.setenv("SACREBLEU_SEED", "twelve")
    out = ours(["ref.txt", "-i", "w.txt", "-f", "text"], capsys)
    assert out.startswith("BLEU|nrefs:1|case:mixed|")


def test_confidence_of_a_zero_score_is_left_out_as_sacrebleu_does(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """sacreBLEU prints no interval when the bootstrap mean is 0."""
    (folder / "zero.txt").write_text("xyzzy\n" * len(REF_A), encoding="utf-8")
    argv = ["ref.txt", "-i", "zero.txt", "-ci", "-cin", "20"]
    text = [*argv, "-f", "text"]
    assert ours(text, capsys) == sacrebleu_cli(folder, text)
    theirs: dict[str, Any] = json.loads(sacrebleu_cli(folder, argv))
    mine: dict[str, Any] = json.loads(ours(argv, capsys))
    assert "confidence" not in theirs
    assert {key: mine[key] for key in theirs} == theirs


def test_large_files_have_their_workers_started_before_they_are_read(
    folder: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Files large enough for worker processes start them first, then are read.

    The processes take a few tenths of a second to start, which the reading
    hides. The limits are lowered so that the test files count as large; the JSON
    is sacreBLEU's still (the statistics come from the workers), and no worker
    process is left behind.
    """
    import multiprocessing

    from bleu_gui import cli
    from bleu_gui.core import row_counts, scoring
    from bleu_gui.core.parallel import WorkerPool

    monkeypatch.setattr(row_counts, "PARALLEL_MIN_LINES", 10)  # the files' size
    monkeypatch.setattr(scoring, "_PARALLEL_MIN_LINES", 10)  # their lines
    monkeypatch.setattr(scoring, "CHUNK", 8)
    monkeypatch.setattr(scoring, "_MIN_JOB_SEGMENTS", 1)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # a 1-CPU machine too
    events: list[str] = []
    in_workers = scoring.iter_count_in_workers

    def counting(*args: Any, **kwargs: Any) -> Any:
        events.append("counted in the workers")
        return in_workers(*args, **kwargs)

    monkeypatch.setattr(scoring, "iter_count_in_workers", counting)

    class Started(WorkerPool):
        def __init__(self, processes: int) -> None:
            events.append("workers started")
            super().__init__(processes)

    read = cli._read

    def reading(*args: Any, **kwargs: Any) -> Any:
        events.append("files read")
        return read(*args, **kwargs)

    monkeypatch.setattr(cli, "WorkerPool", Started)
    monkeypatch.setattr(cli, "_read", reading)
    before = set(multiprocessing.active_children())
    argv = ["ref.txt", "-i", *SYSTEMS, "-pbs", "-pbsn", "50", "-f", "json"]
    mine = json.loads(ours(argv, capsys))
    assert mine == json.loads(sacrebleu_cli(folder, argv))
    assert events == ["workers started", "files read", "counted in the workers"]
    assert not set(multiprocessing.active_children()) - before
