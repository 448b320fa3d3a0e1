"""Each role its own encoding: `--hyp-encoding`, `--ref-encoding`, `-e` for the rest.

A latin-1 system scored against UTF-8 references used to be advised `-e latin-1`,
which decodes the references as latin-1 too: every accented letter of theirs became
two characters and the score dropped without a word. The error now names the
option of the file's role, and that option scores the correctly decoded text:
sacreBLEU's number on the same strings.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
import sacrebleu

from bleu_gui.cli import main

REFS = [
    "Die Bürger müssen ihre Häuser über den Winter heizen.",
    "Das Gespräch über die Größe des Gebäudes dauerte lange.",
    "Wir öffnen die Tür für alle, die früh kommen.",
    "Der Bürgermeister lehnte die Erhöhung der Gebühren ab.",
    "Im Süden des Landes ist es wärmer als im Norden.",
    "Die Schüler lösten die Aufgabe ohne große Mühe.",
]
HYPS = [
    "Die Bürger müssen ihre Häuser im Winter heizen.",
    "Das Gespräch über die Größe des Gebäudes war lang.",
    "Wir öffnen die Tür für alle, die früh ankommen.",
    "Der Bürgermeister hat die Erhöhung der Gebühren abgelehnt.",
    "Im Süden des Landes ist es wärmer als im Norden.",
    "Die Schüler lösten die Aufgabe ohne viel Mühe.",
]
WIDTH = 10


def _write(path: Path, lines: list[str], encoding: str) -> Path:
    path.write_bytes("".join(f"{line}\n" for line in lines).encode(encoding))
    return path


def _score(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _record(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    status, out, err = _score([*argv, "-w", str(WIDTH)], capsys)
    assert (status, err) == (0, "")
    record: dict[str, Any] = json.loads(out)
    return record


def _sacrebleu(hyps: list[str], refs: list[str]) -> float:
    score = sacrebleu.corpus_bleu(hyps, [refs]).score
    return float(f"{score:.{WIDTH}f}")


@pytest.fixture
def latin_hyp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with UTF-8 references and a latin-1 hypothesis, as the current one."""
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "ref.txt", REFS, "utf-8")
    return _write(tmp_path / "hyp.latin1.txt", HYPS, "latin-1")


def test_a_latin1_hypothesis_is_advised_the_hypotheses_option(
    latin_hyp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _score(["ref.txt", "-i", "hyp.latin1.txt"], capsys)
    assert (status, out) == (1, "")
    assert err == (
        "bleu-gui: error: hyp.latin1.txt, line 1: bytes that are not valid UTF-8 "
        "(0xfc at column 6); is the file in another encoding? (choose the "
        "hypotheses' encoding with --hyp-encoding)\n"
    )


def test_the_advised_option_scores_sacrebleus_number_on_the_decoded_text(
    latin_hyp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record(
        ["ref.txt", "-i", "hyp.latin1.txt", "--hyp-encoding", "latin-1"], capsys
    )
    assert record["score"] == _sacrebleu(HYPS, REFS)
    assert record["score"] == 69.9915715842


def test_e_decodes_the_references_too_and_scores_lower(
    latin_hyp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # What the old advice led to: UTF-8 references read as latin-1 ("Bürger").
    record = _record(["ref.txt", "-i", "hyp.latin1.txt", "-e", "latin-1"], capsys)
    misread = [line.encode("utf-8").decode("latin-1") for line in REFS]
    assert misread[0].startswith("Die BÃ¼rger")
    assert record["score"] == _sacrebleu(HYPS, misread)
    assert record["score"] < _sacrebleu(HYPS, REFS) - 50


def test_latin1_references_are_advised_the_references_option(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "ref.A.txt", REFS, "utf-8")
    _write(tmp_path / "ref.B.txt", REFS[::-1], "latin-1")
    _write(tmp_path / "hyp.txt", HYPS, "utf-8")
    status, out, err = _score(["ref.A.txt", "ref.B.txt", "-i", "hyp.txt"], capsys)
    assert (status, out) == (1, "")
    assert err == (
        "bleu-gui: error: ref.B.txt, line 1: bytes that are not valid UTF-8 (0xfc "
        "at column 8); is the file in another encoding? (choose the references' "
        "encoding with --ref-encoding)\n"
    )
    # Both references latin-1 then, and a UTF-8 system: -e utf-8 is the default.
    _write(tmp_path / "ref.A.txt", REFS, "latin-1")
    record = _record(
        ["ref.A.txt", "ref.B.txt", "-i", "hyp.txt", "--ref-encoding", "latin-1"],
        capsys,
    )
    expected = sacrebleu.corpus_bleu(HYPS, [REFS, REFS[::-1]]).score
    assert record["score"] == float(f"{expected:.{WIDTH}f}")


def test_e_is_the_default_of_a_role_without_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "ref.txt", REFS, "cp1252")
    _write(tmp_path / "hyp.txt", HYPS, "utf-8")
    argv = ["ref.txt", "-i", "hyp.txt", "-e", "cp1252", "--hyp-encoding", "utf-8"]
    assert _record(argv, capsys)["score"] == _sacrebleu(HYPS, REFS)


def test_standard_input_is_a_hypothesis(
    latin_hyp: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def pipe() -> None:
        stream = io.TextIOWrapper(io.BytesIO(latin_hyp.read_bytes()))
        monkeypatch.setattr(sys, "stdin", stream)

    pipe()
    status, _, err = _score(["ref.txt", "-i", "-"], capsys)
    assert status == 1
    assert err.startswith("bleu-gui: error: <stdin>, line 1: bytes that are not ")
    assert err.endswith("(choose the hypotheses' encoding with --hyp-encoding)\n")
    pipe()
    record = _record(["ref.txt", "-i", "-", "--hyp-encoding", "latin1"], capsys)
    assert record["score"] == _sacrebleu(HYPS, REFS)


def test_a_file_that_is_hypothesis_and_reference_is_advised_e(
    latin_hyp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _score(["hyp.latin1.txt", "-i", "hyp.latin1.txt"], capsys)
    assert status == 1
    assert err.endswith("another encoding? (choose it with -e/--encoding)\n")


@pytest.mark.parametrize("option", ["-e", "--hyp-encoding", "--ref-encoding"])
def test_an_unknown_encoding_names_its_option(
    option: str, latin_hyp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = "-e/--encoding" if option == "-e" else option
    status, out, err = _score(
        ["ref.txt", "-i", "hyp.latin1.txt", option, "latin-9x"], capsys
    )
    assert (status, out) == (1, "")
    assert err == (
        f"bleu-gui: error: {shown}: unknown encoding 'latin-9x'; use a Python codec "
        "name such as utf-8, utf-16, latin-1 or cp1252\n"
    )


def test_an_unused_e_is_still_checked(
    latin_hyp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ref.txt", "-i", "hyp.latin1.txt", "--hyp-encoding", "latin-1"]
    status, _, err = _score([*argv, "--ref-encoding", "utf-8", "-e", "base64"], capsys)
    assert status == 1
    assert err == (
        "bleu-gui: error: -e/--encoding: not a text encoding: 'base64'; use a Python "
        "codec name such as utf-8, utf-16, latin-1 or cp1252\n"
    )


@pytest.mark.parametrize("mark", ["utf-16", "utf-16-be", "utf-32"])
def test_a_utf16_or_utf32_byte_order_mark_decides_whatever_the_option(
    mark: str, latin_hyp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Saved as "Unicode" by a Windows tool: the mark, then two or four bytes a letter.
    data = "".join(f"{line}\n" for line in HYPS).encode(mark)
    if mark == "utf-16-be":
        data = b"\xfe\xff" + data
    Path("hyp.wide.txt").write_bytes(data)
    family = mark.removesuffix("-be").upper()
    for option in ([], ["--hyp-encoding", "latin-1"]):
        status, out, err = _score(
            ["ref.txt", "-i", "hyp.wide.txt", "-w", str(WIDTH), *option], capsys
        )
        chosen = option[-1] if option else "utf-8"
        assert (status, err) == (
            0,
            f"bleu-gui: warning: hyp.wide.txt: read as {family}, as its byte-order "
            f"mark says, not as {chosen}\n",
        )
        assert json.loads(out)["score"] == _sacrebleu(HYPS, REFS)


def test_help_documents_the_role_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert (
        "--hyp-encoding ENC encoding of the hypothesis files and of standard input "
        "(default: -e's); e.g. a latin-1 system against UTF-8 references"
    ) in text
    assert "--ref-encoding ENC encoding of the reference files (default: -e's)" in text
    assert (
        "-e ENC, --encoding ENC encoding of every input file (default: utf-8); a "
        "UTF-16 or UTF-32 byte-order mark overrides it"
    ) in text
