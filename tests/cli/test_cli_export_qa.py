"""`bleu-gui score … --export FILE`: the QA columns, when a source is given.

A text corpus with `--src` and an XLIFF job (its own source and tags) are scored
with an export; each segment's count and issues are compared with hand counts
(`tests.qa_corpus`, and the XLIFF job's as `tests/cli/test_cli_qa.py` counts
them). Without a source there are no QA columns; the usual output is unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bleu_gui.cli import main
from tests.cli.test_cli_qa import XLIFF
from tests.qa_corpus import EXPECTED, HYPOTHESES, REFERENCES, SOURCE_LINES, write


def exported(target: Path) -> tuple[list[str], list[list[object]]]:
    document = json.loads(target.read_text(encoding="utf-8"))
    return [column["header"] for column in document["columns"]], document["rows"]


def test_with_src_each_segment_has_its_count_and_its_issues(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hyp = write(tmp_path / "hyp.txt", HYPOTHESES)
    ref = write(tmp_path / "ref.txt", REFERENCES)
    src = write(tmp_path / "src.txt", SOURCE_LINES)
    target = tmp_path / "out.json"
    assert (
        main(
            [str(ref), "-i", str(hyp), "--src", str(src), "--export", str(target), "-b"]
        )
        == 0
    )
    plain = capsys.readouterr().out
    headers, rows = exported(target)
    assert headers[-5:] == ["Band", "Closest ref", "QA", "QA issues", "Hypothesis"]
    qa, issues = headers.index("QA"), headers.index("QA issues")
    assert [row[qa] for row in rows] == [1, 1, 1, 1, 2, 1, 0]
    by_row: dict[int, list[str]] = {}
    for sentence, check, message in EXPECTED:
        by_row.setdefault(int(sentence) - 1, []).append(f"{check}: {message}")
    assert [row[issues] for row in rows] == [
        "; ".join(by_row.get(row, [])) for row in range(len(HYPOTHESES))
    ]
    # No source: no QA columns, and the score printed is the same.
    assert main([str(ref), "-i", str(hyp), "--export", str(target), "-b"]) == 0
    assert capsys.readouterr().out == plain
    headers, _ = exported(target)
    assert "QA" not in headers
    assert "QA issues" not in headers


def test_an_xliff_job_exports_its_own_sources_issues_tags_included(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "final.xlf").write_text(XLIFF, encoding="utf-8")
    (tmp_path / "mt.xlf").write_text(XLIFF, encoding="utf-8")
    assert main(["final.xlf", "-i", "mt.xlf", "--export", "out.json", "-b"]) == 0
    headers, rows = exported(tmp_path / "out.json")
    qa, issues = headers.index("QA"), headers.index("QA issues")
    assert [(row[qa], row[issues]) for row in rows] == [
        (0, ""),
        (1, 'Tags: tag <x id="2"> of the source is missing'),
        (1, "Numbers: number 2 of the source is 3 here"),
        (1, "Untranslated: the translation is the source, unchanged"),
    ]
    assert capsys.readouterr().err == ""  # the source kept says nothing new


def test_src_with_xliff_files_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "final.xlf").write_text(XLIFF, encoding="utf-8")
    (tmp_path / "mt.xlf").write_text(XLIFF, encoding="utf-8")
    write(tmp_path / "src.txt", ["a", "b", "c", "d"])
    assert main(["final.xlf", "-i", "mt.xlf", "--src", "src.txt"]) == 1
    assert capsys.readouterr().err == (
        "bleu-gui: error: --src: XLIFF and TMX files hold their source; leave out "
        "--src\n"
    )
