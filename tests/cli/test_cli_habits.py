"""sacreBLEU's command-line habits: `-b`, `-q`, `-m`, and a quiet broken pipe.

Our output is compared with sacreBLEU's CLI, run as a subprocess in the same folder
on the same files (real WMT21 output, `tests/core/wmt21_excerpt.py`); the lines where
we differ on purpose (a refused metric, `-b -sl` with several systems) are pinned word
for word.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from bleu_gui.cli import main
from tests.core.wmt21_excerpt import HAPPYPOET, ONLINE_W, REF_A, REF_B

FILES = {"ref.A.txt": REF_A, "ref.B.txt": REF_B, "h.txt": HAPPYPOET, "w.txt": ONLINE_W}
TIMEOUT = 120


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test files in the current folder, and no sacreBLEU variables set."""
    for name, lines in FILES.items():
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for name in list(os.environ):
        if name.startswith("SACREBLEU"):
            monkeypatch.delenv(name)
    return tmp_path


def sacrebleu_cli(folder: Path, argv: Sequence[str]) -> tuple[str, str]:
    """sacreBLEU's standard output and error for `argv`, run in `folder`."""
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv],
        cwd=folder,
        env={**os.environ, "NO_COLOR": "1"},
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
        timeout=TIMEOUT,
    )
    return done.stdout, done.stderr


def ours(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """Our standard output and error for `argv`, which must succeed."""
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert status == 0, err
    return out, err


SCORE_ONLY = [
    pytest.param(["ref.A.txt", "ref.B.txt", "-i", "h.txt", "-b"], id="json"),
    pytest.param(
        ["ref.A.txt", "ref.B.txt", "-i", "h.txt", "--score-only", "-f", "text"],
        id="text",
    ),
    pytest.param(["ref.A.txt", "-i", "w.txt", "-b", "-w", "4"], id="width"),
    pytest.param(["ref.A.txt", "-i", "w.txt", "-b", "-w", "0", "-lc"], id="width-0"),
    pytest.param(["ref.A.txt", "ref.B.txt", "-i", "h.txt", "w.txt", "-b"], id="two"),
    pytest.param(
        ["ref.A.txt", "-i", "h.txt", "w.txt", "-b", "-f", "text", "-w", "3"],
        id="two-text",
    ),
    pytest.param(["ref.A.txt", "-i", "h.txt", "-b", "-sl"], id="sentences"),
    pytest.param(
        ["ref.A.txt", "ref.B.txt", "-i", "w.txt", "-b", "-sl", "-f", "text", "-w", "3"],
        id="sentences-text",
    ),
    pytest.param(["ref.A.txt", "-i", "h.txt", "-b", "-ci", "-cin", "20"], id="ci"),
    pytest.param(
        [
            "ref.A.txt",
            "-i",
            "w.txt",
            "-b",
            "-ci",
            "-cin",
            "20",
            "-f",
            "text",
            "-w",
            "2",
        ],
        id="ci-text",
    ),
    pytest.param(
        ["ref.A.txt", "-i", "h.txt", "w.txt", "-b", "-pbs", "-pbsn", "20", "-q"],
        id="paired",
    ),
    pytest.param(["ref.A.txt", "-i", "h.txt", "-m", "bleu", "-b"], id="metric-bleu"),
    pytest.param(["ref.A.txt", "-i", "h.txt", "--metrics", "bleu", "-b"], id="metrics"),
]


@pytest.mark.parametrize("argv", SCORE_ONLY)
def test_score_only_prints_what_sacrebleu_prints(
    argv: list[str], folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    theirs, _ = sacrebleu_cli(folder, argv)
    mine, err = ours(argv, capsys)
    assert mine == theirs
    assert err == ""


def test_score_only_pins_one_score(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `sacrebleu ref.A.txt -i h.txt -b -w 3` printed 26.601 on these files.
    assert ours(["ref.A.txt", "-i", "h.txt", "-b", "-w", "3"], capsys) == (
        "26.601\n",
        "",
    )


def test_metric_bleu_changes_nothing(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = ours(["ref.A.txt", "-i", "h.txt"], capsys)
    assert ours(["ref.A.txt", "-i", "h.txt", "-m", "bleu"], capsys) == plain
    assert ours(["ref.A.txt", "-i", "h.txt", "-m", "bleu", "bleu"], capsys) == plain


@pytest.mark.parametrize(
    ("metrics", "line"),
    [
        (
            ["chrf"],
            "bleu-gui: error: -m/--metrics: bleu-gui computes bleu only, not chrf\n",
        ),
        (
            ["bleu", "chrf", "ter"],
            "bleu-gui: error: -m/--metrics: bleu-gui computes bleu only, not "
            "chrf, ter\n",
        ),
        (
            ["BLEU"],
            "bleu-gui: error: -m/--metrics: bleu-gui computes bleu only, not BLEU\n",
        ),
    ],
)
def test_another_metric_is_refused_in_one_line(
    metrics: list[str], line: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["ref.A.txt", "-i", "h.txt", "-m", *metrics]) == 1
    assert capsys.readouterr() == ("", line)


def test_score_only_sentences_of_several_systems_is_refused(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["ref.A.txt", "-i", "h.txt", "w.txt", "-b", "-sl"]) == 1
    assert capsys.readouterr() == (
        "",
        "bleu-gui: error: -b/--score-only with -sl/--sentence-level prints one "
        "system's scores; give one file after -i, or leave out -b\n",
    )


def test_score_only_sentences_say_nan_where_the_library_cannot_score(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # NLTK's method6 fails on a sentence without trigram matches (our text output
    # says so per segment); -b keeps one number a line.
    argv = ["ref.A.txt", "-i", "h.txt", "--compat", "nltk", "-s", "method6", "-sl"]
    text = ours([*argv, "-f", "text", "-w", "4"], capsys)[0].splitlines()
    scores = ours([*argv, "-b", "-w", "4"], capsys)[0].splitlines()
    assert len(scores) == len(text) == len(HAPPYPOET)
    unscorable = [line.startswith("BLEU cannot be computed") for line in text]
    assert any(unscorable)
    assert not all(unscorable)
    for line, score, cannot in zip(text, scores, unscorable, strict=True):
        if cannot:
            assert score == "nan"
        else:
            assert line.split(" = ")[1].split(" ")[0] == score


def test_quiet_drops_what_sacrebleu_logs_as_information(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # sacreBLEU logs "Ignoring 'h.txt' as it was also given as the baseline." at
    # INFO level, which -q hides; both print the same table.
    argv = ["ref.A.txt", "-i", "h.txt", "w.txt", "h.txt", "-pbs", "-pbsn", "20"]
    loud = ours(argv, capsys)
    quiet = ours([*argv, "-q"], capsys)
    theirs, their_err = sacrebleu_cli(folder, [*argv, "-q"])
    assert loud[1] == "bleu-gui: warning: ignoring 'h.txt': it is also the baseline\n"
    assert quiet == (theirs, "")
    assert their_err == ""
    assert loud[0] == quiet[0]


def test_quiet_keeps_warnings_as_sacrebleu_does(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # sacreBLEU's -q still prints its warnings (and errors); ours too.
    hyp = folder / "bom.txt"
    hyp.write_text("\ufeff" + "\n".join(HAPPYPOET) + "\n", encoding="utf-8")
    loud = ours(["ref.A.txt", "-i", "bom.txt", "-b"], capsys)
    quiet = ours(["ref.A.txt", "-i", "bom.txt", "-b", "-q"], capsys)
    assert quiet == loud
    assert quiet[1].startswith(
        "bleu-gui: warning: bom.txt: starts with a byte-order mark (U+FEFF)"
    )
    assert quiet[1].count("\n") == 1


def test_quiet_keeps_errors(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["ref.A.txt", "-i", "missing.txt", "-q"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("bleu-gui: error: missing.txt")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    "output",
    [["-b", "-sl"], ["-b", "-sl", "-f", "text"], ["-sl"], ["-sl", "-f", "text"]],
    ids=["b-sl", "b-sl-text", "sl", "sl-text"],
)
def test_reader_closing_early_is_quiet(output: list[str], tmp_path: Path) -> None:
    # 30,000 segments print more than a pipe holds (64 KiB) even with -b, so the
    # reader leaves while we still write; few distinct lines keep it quick.
    segments = 30_000
    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    ref.write_text("".join(f"{REF_A[i % 5]}\n" for i in range(segments)), "utf-8")
    hyp.write_text("".join(f"{HAPPYPOET[i % 5]}\n" for i in range(segments)), "utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "bleu_gui", "score", str(ref), "-i", str(hyp), *output],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    assert process.stderr is not None
    with process.stdout, process.stderr:
        try:
            head = process.stdout.readline()  # as `| head -1`: one line, then leave
            process.stdout.close()
            err = process.stderr.read()
            process.wait(timeout=TIMEOUT)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    assert head.endswith(b"\n")
    assert err.decode() == ""
    assert (
        process.returncode == 141
    )  # 128 + SIGPIPE, as a shell reports `head`'s writer


@pytest.mark.parametrize(
    "words",
    [
        "-b, --score-only print only the score, with -w's decimals, as sacreBLEU "
        "does: with -ci also its interval, with -sl one score a line, for several "
        "systems sacreBLEU's table of scores. Ours only: nan for a segment that a "
        "compatibility mode cannot score; -b -sl takes one system",
        "-q, --quiet leave out informational messages; as with sacreBLEU's -q, "
        "warnings about the input and errors are still printed",
        "-m METRIC [METRIC ...], --metrics METRIC [METRIC ...] accepted for "
        "sacreBLEU's command lines: bleu is the only metric (sacreBLEU's chrf and "
        "ter are refused)",
    ],
)
def test_the_help_says_where_we_differ(
    words: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "2000")  # argparse wraps to the terminal's width
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    assert words in re.sub(r"\s+", " ", capsys.readouterr().out)


@pytest.mark.parametrize(
    ("given", "unknown"),
    [
        # Once `-t wmt21` was taken for -tok ("invalid choice: 'wmt21'"); -t is
        # sacreBLEU's test set now (tests/cli/test_cli_named_sets.py).
        pytest.param(["-pb"], "-pb", id="prefix-of-pbs"),
        pytest.param(["--smooth", "floor"], "--smooth floor", id="long-prefix"),
    ],
)
def test_no_option_stands_for_another_it_begins(
    given: list[str],
    unknown: str,
    folder: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    capsys.readouterr()
    with pytest.raises(SystemExit) as ended:
        main(["ref.A.txt", "-i", "h.txt", *given])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == (
        f"bleu-gui score: error: unrecognized arguments: {unknown}"
    )


def test_options_are_still_read_whole_and_joined(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An exact name (`-lc`), and a one-letter option with its value (`-ih.txt`)."""
    capsys.readouterr()
    assert main(["ref.A.txt", "-ih.txt", "-lc", "-b"]) == 0
    joined = capsys.readouterr().out
    assert main(["ref.A.txt", "-i", "h.txt", "--lowercase", "-b"]) == 0
    assert capsys.readouterr().out == joined
