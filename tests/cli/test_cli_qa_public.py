"""`bleu-gui qa`'s tags check on a real file (Okapi's RB-12-Test02.xlf).

The sample (tests/io/data/public, origin in its README) is read as the reference;
a copy of it with one `<x id="1"/>` taken out of unit 6's target, made here and
never written over the sample, is the system. Expected lines written by hand:
"Text with a footnote" is 20 characters, unit 6 is the 6th of the 7 segments.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bleu_gui.cli_qa import qa_main
from bleu_gui.exit_status import EXIT_ISSUES_FOUND

SAMPLE = Path(__file__).parents[1] / "io" / "data" / "public" / "RB-12-Test02.xlf"
UNIT_6 = b'<target xml:lang="fr">Text with a footnote<x id="1"/> and more text</target>'


def test_a_tag_removed_from_a_real_file_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = SAMPLE.read_bytes()
    assert data.count(UNIT_6) == 1
    monkeypatch.chdir(tmp_path)
    Path("mt.xlf").write_bytes(
        data.replace(UNIT_6, UNIT_6.replace(b'<x id="1"/>', b""))
    )
    status = qa_main([str(SAMPLE), "-i", "mt.xlf", "--checks", "tags"])
    out = capsys.readouterr().out
    assert status == EXIT_ISSUES_FOUND
    assert out == (
        'mt.xlf:6: tags: tag <x id="1"> of the source is missing [source 20-20]\n'
        "mt.xlf: 1 issue in 1 of 7 segments (tags 1)\n"
    )


def test_the_unchanged_real_file_has_no_tag_issue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("mt.xlf").write_bytes(SAMPLE.read_bytes())
    status = qa_main([str(SAMPLE), "-i", "mt.xlf", "--checks", "tags"])
    assert status == 0
    assert capsys.readouterr().out == "mt.xlf: no issues in 7 segments\n"


def test_a_target_starting_with_a_code_is_not_flagged_for_a_leading_space(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """withReorderedCodes.xlf unit 1's target starts with <ph id="3"/>.

    It was read " text", which the spaces check reported ("starts with a space").
    """
    sample = SAMPLE.with_name("withReorderedCodes.xlf")
    monkeypatch.chdir(tmp_path)
    Path("mt.xlf").write_bytes(sample.read_bytes())
    status = qa_main([str(sample), "-i", "mt.xlf", "--checks", "spaces"])
    assert status == 0
    assert capsys.readouterr().out == "mt.xlf: no issues in 9 segments\n"
