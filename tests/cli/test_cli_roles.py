"""A reference file given twice is refused on the command line as in the window.

sacreBLEU scores the same file given twice as two references (`nrefs:2`): a
two-reference score of one reference. The window refuses such a set of files; the
command line now refuses it with the same line (`io.roles_check`), however the path
is spelled. A hypothesis named twice is still scored as often as it is named, as in
sacreBLEU (each record names it).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bleu_gui.cli import main
from bleu_gui.models.session import FileSet

REFS = ["The cat sat on the mat.", "It rained all day in Paris."]
HYPS = ["The cat sat on a mat.", "It rained all day long in Paris."]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name, lines in (("ref.txt", REFS), ("hyp.txt", HYPS)):
        (tmp_path / name).write_text("".join(f"{x}\n" for x in lines), "utf-8")
    (tmp_path / "sub").mkdir()
    return tmp_path


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    status = main(argv)
    captured = capsys.readouterr()
    assert (status, captured.out) == (1, "")
    return captured.err


@pytest.mark.parametrize(
    ("refs", "line"),
    [
        (["ref.txt", "ref.txt"], "ref.txt is already reference 1"),
        (["ref.txt", "./ref.txt"], "ref.txt is already reference 1"),
        (["ref.txt", "sub/../ref.txt"], "sub/../ref.txt is already reference 1"),
    ],
)
def test_a_reference_given_twice_is_refused_in_the_windows_words(
    refs: list[str], line: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _error([*refs, "-i", "hyp.txt"], capsys)
    expected = f"{line}: a file can be only one reference"
    assert err == f"bleu-gui: error: {expected}\n"
    window = FileSet(Path("hyp.txt"), tuple(Path(ref) for ref in refs))
    assert window.repeated_file() == expected


def test_a_link_to_a_reference_is_the_same_file(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "link.txt").symlink_to(folder / "ref.txt")
    err = _error(["ref.txt", "hyp.txt", "link.txt", "-i", "hyp.txt"], capsys)
    assert err == (
        "bleu-gui: error: link.txt is already reference 1: a file can be only one "
        "reference\n"
    )


def test_the_refusal_comes_before_reading(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Neither file exists: the role error is the one said (no file is read).
    err = _error(["gone.txt", "gone.txt", "-i", "hyp.txt"], capsys)
    assert err == (
        "bleu-gui: error: gone.txt is already reference 1: a file can be only one "
        "reference\n"
    )


def test_a_hypothesis_named_twice_is_scored_twice_as_by_sacrebleu(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ref.txt", "-i", "hyp.txt", "./hyp.txt"]) == 0
    captured = capsys.readouterr()
    records = json.loads(captured.out)
    assert [record["system"] for record in records] == ["hyp.txt", "./hyp.txt"]
    assert records[0]["BLEU"] == records[1]["BLEU"]
    assert captured.err == ""
