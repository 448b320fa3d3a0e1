"""`bleu-gui score --compat tf-nmt -tok split-space` gives tensorflow/nmt's test value.

tensorflow/nmt's `evaluation_utils_test.testEvaluate` expects 22.5855084573 for the
files in tests/data/tf_nmt/ (see the README there), the references' BPE marks
removed after stripping each line. bleu-gui reads the references as given, so the
test removes the marks first, as a user would with sed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bleu_gui.cli import main
from tests.cli.test_cli import run

DATA = Path(__file__).parent.parent / "data" / "tf_nmt"
TF_NMT_TEST_VALUE = 22.5855084573


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    """(de-BPE'd references, hypotheses) of tensorflow/nmt's test."""
    lines = (DATA / "deen_ref_bpe").read_text(encoding="utf-8").split("\n")[:-1]
    ref = tmp_path / "deen_ref"
    ref.write_text(
        "".join(line.strip().replace("@@ ", "") + "\n" for line in lines),
        encoding="utf-8",
    )
    return str(ref), str(DATA / "deen_output")


def test_score_only_gives_the_repositorys_test_value(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    ref, hyp = files
    argv = [ref, "-i", hyp, "--compat", "tf-nmt", "-tok", "split-space", "-b"]
    status, out, err = run([*argv, "-w", "12"], capsys)
    assert (status, err) == (0, "")
    assert out == "22.585508457350\n"
    assert abs(float(out) - TF_NMT_TEST_VALUE) < 1e-10


def test_the_json_names_the_tokenizer_in_the_signature(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    ref, hyp = files
    status, out, err = run(
        [ref, "-i", hyp, "--compat", "tf-nmt", "-tok", "split-space", "-w", "10"],
        capsys,
    )
    assert (status, err) == (0, "")
    result = json.loads(out)
    assert result["signature"].startswith(
        "compat:tf-nmt|nrefs:1|case:mixed|tok:split-space|smooth:none|version:"
    )
    assert result["tok"] == "split-space"
    assert (result["sys_len"], result["ref_len"]) == (63214, 64807)


def test_split_space_outside_tf_nmt_mode_is_one_clear_line(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    ref, hyp = files
    status, out, err = run([ref, "-i", hyp, "-tok", "split-space"], capsys)
    assert (status, out) == (1, "")
    assert (
        err == "bleu-gui: error: tokenizer 'split-space' exists only in tf-nmt mode\n"
    )


def test_the_help_says_what_split_space_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "2000")  # argparse wraps to the terminal's width
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    assert (
        "tokenizer (default: 13a in sacrebleu, tf-nmt; none in nltk, multi-bleu); "
        "split-space (tf-nmt mode only): tensorflow/nmt's file reading: strip, then "
        "split on each single space; an empty line is one empty token."
    ) in " ".join(capsys.readouterr().out.split())
