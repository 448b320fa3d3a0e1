"""`bleu-gui qa`: the issue list, its exit status, its JSON, and bad input.

Every expected line is written out by hand from the small files below (offsets
counted on the text as a translator reads it, tags taken out).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bleu_gui.__main__ import main as bleu_gui_main
from bleu_gui.cli_qa import qa_main
from bleu_gui.exit_status import EXIT_ISSUES_FOUND

XLIFF = """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file original="guide.docx" source-language="en" target-language="de"
        datatype="plaintext">
    <body>
      <trans-unit id="t1">
        <source>Press <g id="1">Start</g> within 1.5 seconds.</source>
        <target>Drücken Sie <g id="1">Start</g> innerhalb von 1,5 Sekunden.</target>
      </trans-unit>
      <trans-unit id="t2">
        <source>Line one<x id="2"/>line two</source>
        <target>Zeile eins Zeile zwei</target>
      </trans-unit>
      <trans-unit id="t3">
        <source>Remove 2 filters.</source>
        <target>Entfernen Sie 3 Filter.</target>
      </trans-unit>
      <trans-unit id="t4">
        <source>Descale now!</source>
        <target>Descale now!</target>
      </trans-unit>
    </body>
  </file>
</xliff>
"""

XLIFF_ISSUES = (
    'mt.xlf:2: tags: tag <x id="2"> of the source is missing [source 8-8]\n'
    "mt.xlf:3: numbers: number 2 of the source is 3 here [14-15]\n"
    "mt.xlf:4: untranslated: the translation is the source, unchanged [0-12]\n"
    "mt.xlf: 3 issues in 3 of 4 segments (untranslated 1, numbers 1, tags 1)\n"
)


@pytest.fixture
def job(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with an XLIFF job (final and MT) and a text system with its source."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "final.xlf").write_text(XLIFF, encoding="utf-8")
    (tmp_path / "mt.xlf").write_text(XLIFF, encoding="utf-8")
    (tmp_path / "src.txt").write_text(
        "Press 1.5 Start.\nHello\nGo.\nThere 4?\n", encoding="utf-8"
    )
    (tmp_path / "mt.txt").write_text(
        "Drücken Sie 1,5  Start.\nHello\n\n Da 3\n", encoding="utf-8"
    )
    (tmp_path / "good.txt").write_text(
        "Drücken Sie 1,5 Start.\nHallo\nGeh.\nDa 4?\n", encoding="utf-8"
    )
    (tmp_path / "ref.txt").write_text("a\nb\nc\nd\n", encoding="utf-8")
    return tmp_path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    status = qa_main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_text_files_with_a_source_and_languages(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(
        ["ref.txt", "-i", "mt.txt", "--src", "src.txt", "--languages", "en", "de"],
        capsys,
    )
    assert status == EXIT_ISSUES_FOUND == 3
    assert out == (
        "mt.txt:1: spaces: two spaces in a row [15-17]\n"
        "mt.txt:2: untranslated: the translation is the source, unchanged [0-5]\n"
        "mt.txt:3: empty: the translation is empty [source 0-3]\n"
        "mt.txt:4: numbers: number 4 of the source is 3 here [4-5]\n"
        "mt.txt:4: punctuation: ends without the source's '?' [source 7-8]\n"
        "mt.txt:4: spaces: starts with a space [0-1]\n"
        "mt.txt: 6 issues in 4 of 4 segments (empty 1, untranslated 1, numbers 1, "
        "punctuation 1, spaces 2)\n"
    )
    # Text files have no tags: the check says why it did not run.
    assert err == (
        "bleu-gui: warning: tags: not checked: needs inline tags, which only "
        "XLIFF and TMX files keep\n"
    )


def test_no_issue_exits_0_and_says_so(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(
        ["ref.txt", "-i", "good.txt", "--src", "src.txt", "--languages", "en", "de"],
        capsys,
    )
    assert status == 0
    assert out == "good.txt: no issues in 4 segments\n"


def test_several_systems_each_with_its_summary(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(
        ["ref.txt", "-i", "good.txt", "mt.txt", "--src", "src.txt", "--checks",
         "empty"],
        capsys,
    )  # fmt: skip
    assert status == EXIT_ISSUES_FOUND
    assert out == (
        "good.txt: no issues in 4 segments\n"
        "mt.txt:3: empty: the translation is empty [source 0-3]\n"
        "mt.txt: 1 issue in 1 of 4 segments (empty 1)\n"
    )


def test_without_a_source_the_checks_that_need_one_say_so(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["ref.txt", "-i", "mt.txt", "--skip", "spaces"], capsys)
    assert status == EXIT_ISSUES_FOUND
    assert out == (
        "mt.txt:3: empty: the translation is empty [0-0]\n"
        "mt.txt: 1 issue in 1 of 4 segments (empty 1)\n"
    )
    assert err == "".join(
        f"bleu-gui: warning: {check}: not checked: needs the source, and none was "
        "given\n"
        for check in ("untranslated", "numbers", "tags", "punctuation", "inconsistent")
    )


def test_xliff_tags_numbers_and_untranslated(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(
        ["final.xlf", "-i", "mt.xlf", "--languages", "en", "de"], capsys
    )
    assert status == EXIT_ISSUES_FOUND
    assert out == XLIFF_ISSUES
    assert err == ""


def test_an_xliff_headers_languages_read_the_numbers(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The header says en → de: "1.5" in English is "1,5" in German, and a
    German "1.500" is fifteen hundred, not one and a half."""
    status, out, err = run(["final.xlf", "-i", "mt.xlf"], capsys)
    assert status == EXIT_ISSUES_FOUND
    assert out == XLIFF_ISSUES  # 1.5 and 1,5: the same number in en and de
    assert err == ""  # the languages are known: no warning
    changed = XLIFF.replace(
        "innerhalb von 1,5 Sekunden", "innerhalb von 1.500 Sekunden"
    )
    (job / "changed.xlf").write_text(changed, encoding="utf-8")
    status, out, err = run(["final.xlf", "-i", "changed.xlf"], capsys)
    # "Drücken Sie Start innerhalb von " (the <g> dropped) is 32 characters.
    assert out.splitlines()[0] == (
        "changed.xlf:1: numbers: number 1.5 of the source is 1.500 here [32-37]"
    )
    assert err == ""


def test_without_languages_numbers_compare_by_digits_and_a_warning_says_so(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["ref.txt", "-i", "good.txt", "--src", "src.txt"], capsys)
    assert status == 0  # 1.5 and 1,5: the same digits
    assert out == "good.txt: no issues in 4 segments\n"
    assert err == (
        "bleu-gui: warning: tags: not checked: needs inline tags, which only "
        "XLIFF and TMX files keep\n"
        "bleu-gui: warning: numbers are compared by their digits alone (1,5 and "
        "1.5 count as the same): the source and target languages are not known\n"
    )


def test_json_schema(job: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        ["final.xlf", "-i", "mt.xlf", "--languages", "en", "de", "-f", "json",
         "--skip", "inconsistent"],
        capsys,
    )  # fmt: skip
    assert status == EXIT_ISSUES_FOUND
    assert json.loads(out) == {
        "version": 1,
        "checks": ["empty", "untranslated", "numbers", "tags", "punctuation", "spaces"],
        "issues": 3,
        "systems": [
            {
                "system": "mt.xlf",
                "segments": 4,
                "issues": [
                    {
                        "line": 2,
                        "unit": "t2",
                        "check": "tags",
                        "message": 'tag <x id="2"> of the source is missing',
                        "span": {"in": "source", "start": 8, "end": 8},
                    },
                    {
                        "line": 3,
                        "unit": "t3",
                        "check": "numbers",
                        "message": "number 2 of the source is 3 here",
                        "span": {"in": "hypothesis", "start": 14, "end": 15},
                    },
                    {
                        "line": 4,
                        "unit": "t4",
                        "check": "untranslated",
                        "message": "the translation is the source, unchanged",
                        "span": {"in": "hypothesis", "start": 0, "end": 12},
                    },
                ],
                "counts": {
                    "empty": 0,
                    "untranslated": 1,
                    "numbers": 1,
                    "tags": 1,
                    "punctuation": 0,
                    "spaces": 0,
                },
                "not_run": {},
                "notices": [],
            }
        ],
    }


def test_the_subcommand_is_dispatched(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    status = bleu_gui_main(
        ["qa", "final.xlf", "-i", "mt.xlf", "--languages", "en", "de"]
    )
    assert status == EXIT_ISSUES_FOUND
    assert capsys.readouterr().out == XLIFF_ISSUES


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["ref.txt", "-i", "missing.txt"],
            "bleu-gui: error: missing.txt: no such file\n",
        ),
        (
            ["ref.txt", "-i", "mt.txt", "--checks", "empty", "--skip", "empty"],
            "bleu-gui: error: --checks and --skip leave no check to run\n",
        ),
        (
            ["ref.txt"],
            "bleu-gui: error: give the system outputs to check after -i\n",
        ),
        (
            ["final.xlf", "-i", "mt.xlf", "--src", "src.txt"],
            "bleu-gui: error: --src: XLIFF and TMX files hold their source; leave "
            "out --src\n",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_1(
    job: Path, capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    status, out, err = run(argv, capsys)
    assert status == 1
    assert out == ""
    assert err == line


def test_a_source_of_another_length_names_both_files(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (job / "short.txt").write_text("one\n", encoding="utf-8")
    status, out, err = run(["ref.txt", "-i", "mt.txt", "--src", "short.txt"], capsys)
    assert status == 1
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("bleu-gui: error: short.txt")


def test_an_unknown_check_is_refused_by_the_parser(
    job: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        qa_main(["ref.txt", "-i", "mt.txt", "--checks", "grammar"])
    assert exit_info.value.code == 2
    assert "invalid choice: 'grammar'" in capsys.readouterr().err
